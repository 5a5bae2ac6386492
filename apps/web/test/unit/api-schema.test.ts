/**
 * src/lib/api-schema.d.ts must be what openapi-typescript generates from apps/api/openapi.json.
 * When this fails, run `pnpm --filter @console/web generate:api` and commit the result.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const webRoot = resolve(__dirname, '..', '..');

describe('generated API schema', () => {
  it('is up to date with apps/api/openapi.json', () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-api-schema-'));
    try {
      const out = join(dir, 'api-schema.d.ts');
      execFileSync(join(webRoot, 'node_modules', '.bin', 'openapi-typescript'), [join(webRoot, '..', 'api', 'openapi.json'), '-o', out], {
        cwd: webRoot,
        stdio: 'pipe',
      });
      const expected = readFileSync(out, 'utf8');
      const committed = readFileSync(join(webRoot, 'src', 'lib', 'api-schema.d.ts'), 'utf8');
      expect(committed === expected ? 'up to date' : 'stale: run pnpm --filter @console/web generate:api').toBe('up to date');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
