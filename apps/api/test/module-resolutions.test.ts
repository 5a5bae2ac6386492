import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { post, prepareCompileCache, PREPARE_COMPILE_CACHE, spawnApi, type ApiProcess } from './support/api-process';
import { signUpUser } from './support/harness';

/** The counts of the API's log line about the record (main.ts), if it wrote one. */
function resolutionUse(api: ApiProcess): { hits: number; recorded: number; misses: number } | undefined {
  for (const line of api.lines()) {
    const match = /Module resolutions: (\d+) from the image's record of (\d+), (\d+) made anew/.exec(line);
    if (match) return { hits: Number(match[1]), recorded: Number(match[2]), misses: Number(match[3]) };
  }
  return undefined;
}

/** What the API answers to a signed-in account's calls, a bad call and its probes. */
async function answers(api: ApiProcess, token: string): Promise<unknown[]> {
  const created = await post(api.baseUrl, '/account/create', undefined, token, 10_000);
  const account = await post(api.baseUrl, '/account/get', undefined, token, 10_000);
  const refused = await post(api.baseUrl, '/account/get', undefined, undefined, 10_000);
  const invalid = await post(api.baseUrl, '/organization/listMembers', { organizationId: 'not-an-id' }, token, 10_000);
  const ready = await fetch(`${api.baseUrl}/readyz`);
  return [created.status, account.status, (account.body as { email?: string }).email, refused.status, refused.body, invalid.status, invalid.body, ready.status];
}

/**
 * The image's build records where Node found each module the API loads as it starts, beside the
 * compile cache (prepare-compile-cache.ts); a start with NODE_COMPILE_CACHE takes the files from
 * that record (module-resolutions.ts) and serves as a start without it does.
 */
describe("module resolutions recorded at the image's build", () => {
  let cacheDirectory: string;
  let printed: string;

  beforeAll(() => {
    ({ directory: cacheDirectory, printed } = prepareCompileCache());
  });

  afterAll(() => {
    rmSync(cacheDirectory, { recursive: true, force: true });
  });

  it('are written with the compile cache, and a start finds its modules from them and answers as one without them', async () => {
    const recorded = Number(/(\d+) module resolutions recorded/.exec(printed)?.[1]);
    expect(recorded).toBeGreaterThan(1000);
    const file = join(cacheDirectory, `module-resolutions-${process.version}.json`);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toHaveLength(recorded);

    const withRecord = await spawnApi({ NODE_COMPILE_CACHE: cacheDirectory, LOG_LEVEL: 'info' });
    const without = await spawnApi({ LOG_LEVEL: 'info' });
    try {
      const use = resolutionUse(withRecord);
      expect(use?.recorded).toBe(recorded);
      // Nearly every resolution from the record: those made anew are Node's built-in modules and main.ts's own first imports.
      expect(use?.hits).toBeGreaterThan(recorded * 0.9);
      expect(use?.misses).toBeLessThan((use?.hits ?? 0) / 5);
      expect(resolutionUse(without)).toBeUndefined();

      const [first, second] = [await signUpUser(), await signUpUser()];
      const answered = await answers(withRecord, first.idToken);
      expect(answered[0]).toBe(200);
      expect(answered[2]).toBe(first.email);
      expect(answered.length).toBe(8);
      const expected = await answers(without, second.idToken);
      expect({ ...answered, 2: 'email' }).toEqual({ ...expected, 2: 'email' });
      expect(withRecord.errorLines()).toEqual([]);
    } finally {
      await Promise.all([withRecord.stop(), without.stop()]);
    }
  });

  it('are not written when the compile cache is turned off (NODE_COMPILE_CACHE_DISABLE)', () => {
    const other = mkdtempSync(join(tmpdir(), 'console-no-cache-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_COMPILE_CACHE_DISABLE: '1' };
      delete env.NODE_COMPILE_CACHE;
      expect(() => execFileSync(process.execPath, [PREPARE_COMPILE_CACHE], { env, cwd: other, stdio: 'pipe' })).toThrow(/NODE_COMPILE_CACHE_DISABLE/);
      expect(existsSync(join(other, `module-resolutions-${process.version}.json`))).toBe(false);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
