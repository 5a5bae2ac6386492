/**
 * src/api-schema.ts must be what openapi-typescript generates from apps/api/openapi.json.
 * When this fails, run `pnpm --filter @console/client generate` and commit the result.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');

it('the generated types are those of apps/api/openapi.json', () => {
  const generated = execFileSync(join(root, 'node_modules', '.bin', 'openapi-typescript'), [join(root, '..', '..', 'apps', 'api', 'openapi.json')], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const committed = readFileSync(join(root, 'src', 'api-schema.ts'), 'utf8');
  expect(committed === generated ? 'up to date' : 'stale: run pnpm --filter @console/client generate').toBe('up to date');
});
