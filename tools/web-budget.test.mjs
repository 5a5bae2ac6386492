// @ts-check
// tools/web-budget.mjs seen failing: on a copy of the web's build (apps/web/dist and its source
// maps in apps/web/dist-sourcemaps, as `pnpm --filter @console/web build` leaves them) with one
// thing wrong — its source maps or its manifest missing, a source map or a reference to one in
// the served directory, a route over budget.
//
//   pnpm test:budgets   (after the web's build; pnpm check:budgets runs both)
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { appendFileSync, copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { ROOT } from './web-budget-browser.mjs';

const BUILD = join(ROOT, 'apps', 'web', 'dist');
const MAPS = `${BUILD}-sourcemaps`;
const TOOL = join(ROOT, 'tools', 'web-budget.mjs');

/** @type {string[]} */
const workDirs = [];
after(() => {
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the build (and of its source maps unless `maps` is false); resolves to its served directory. */
function copyBuild({ maps = true } = {}) {
  if (!existsSync(join(BUILD, '.vite', 'manifest.json')) || !existsSync(MAPS)) throw new Error('no web build: run `pnpm --filter @console/web build` first');
  const work = mkdtempSync(join(tmpdir(), 'console-web-budget-'));
  workDirs.push(work);
  const dist = join(work, 'dist');
  cpSync(BUILD, dist, { recursive: true });
  if (maps) cpSync(MAPS, `${dist}-sourcemaps`, { recursive: true });
  return dist;
}

/** The file of a module in the copy's manifest. */
function chunkOf(/** @type {string} */ dist, /** @type {string} */ module) {
  /** @type {unknown} */
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const chunk = /** @type {Record<string, { file: string }>} */ (manifest)[module];
  if (!chunk) throw new Error(`the build's manifest has no ${module}`);
  return chunk.file;
}

/**
 * Runs the budget check on a build as `pnpm check:budgets` runs it.
 * @param {string} dist
 * @returns {Promise<{ code: number, output: string }>}
 */
function checkBudgets(dist) {
  return new Promise((resolve) => {
    execFile(process.execPath, [TOOL, '--dist', dist], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

describe('pnpm check:budgets', () => {
  it('fails on a build whose source maps are missing', async () => {
    const dist = copyBuild({ maps: false });
    const { code, output } = await checkBudgets(dist);
    assert.notEqual(code, 0);
    assert.match(output, /-sourcemaps holds no source map of assets\/.+\.js/);
  });

  it('fails on a build without its manifest', async () => {
    const dist = copyBuild();
    rmSync(join(dist, '.vite'), { recursive: true });
    const { code, output } = await checkBudgets(dist);
    assert.notEqual(code, 0);
    assert.match(output, /holds no build with a manifest/);
  });

  it('fails when the served directory holds a source map', async () => {
    const dist = copyBuild();
    const script = chunkOf(dist, 'index.html');
    copyFileSync(join(`${dist}-sourcemaps`, `${script}.map`), join(dist, `${script}.map`));
    const { code, output } = await checkBudgets(dist);
    assert.notEqual(code, 0);
    assert.match(output, new RegExp(`serves source maps or references to them: ${script}\\.map`));
  });

  it('fails when a served script names its source map', async () => {
    const dist = copyBuild();
    const script = chunkOf(dist, 'src/routes/private/logout.tsx');
    appendFileSync(join(dist, script), `\n//# sourceMappingURL=${script.split('/').pop()}.map\n`);
    const { code, output } = await checkBudgets(dist);
    assert.notEqual(code, 0);
    assert.match(output, new RegExp(`serves source maps or references to them: ${script}`));
  });

  it('fails when a route is over its budget', async () => {
    const dist = copyBuild();
    // 400 KB that gzip cannot shrink, in the module of /auth/logout only.
    appendFileSync(join(dist, chunkOf(dist, 'src/routes/private/logout.tsx')), `\n/* ${randomBytes(300 * 1024).toString('base64')} */\n`);
    const { code, output } = await checkBudgets(dist);
    assert.notEqual(code, 0);
    assert.match(output, /^\/auth\/logout .*OVER BUDGET$/m);
    assert.doesNotMatch(output, /^\/auth\/login .*OVER BUDGET$/m);
  });
});
