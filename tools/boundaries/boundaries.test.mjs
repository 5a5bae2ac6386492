// @ts-check
// The import rules of .dependency-cruiser.cjs, each seen failing: fixtures/clean is a small tree
// shaped like the repository (apps/api, apps/web, packages/domain, tools) that breaks no rule;
// every other folder in fixtures/ is named after one rule and holds the file(s) that break it.
// Each case copies the clean tree with one such folder laid over it into a temporary folder and
// cruises it exactly as `pnpm lint:boundaries` cruises the repository.
//
//   pnpm test:boundaries
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import config from '../../.dependency-cruiser.cjs';
import { ROOT } from '../stack.mjs';

const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const FIXTURES = join(ROOT, 'tools', 'boundaries', 'fixtures');
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

const rules = config.forbidden ?? [];
const violationFixtures = readdirSync(FIXTURES).filter((name) => name !== 'clean');

/** @type {string[]} */
const workDirs = [];
after(() => {
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * The files of a fixture folder, as paths from its root (which stands for the repository root).
 * @param {string} fixture
 */
function filesOf(fixture) {
  const root = join(FIXTURES, fixture);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/**
 * Runs depcruise in `cwd` as `pnpm lint:boundaries` runs it in the repository, and returns its
 * JSON report.
 * @param {string} cwd
 * @returns {Promise<string>}
 */
function depcruise(cwd) {
  const args = [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', 'apps', 'packages', 'tools'];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`depcruise failed: ${stderr}`, { cause: error }));
      else resolve(stdout);
    });
  });
}

/**
 * Cruises the clean tree with the fixture `violation` (if any) laid over it and returns the
 * violations found, as `pnpm lint:boundaries` would report them.
 * @param {string} [violation]
 * @returns {Promise<import('dependency-cruiser').IViolation[]>}
 */
async function violationsOf(violation) {
  const dir = mkdtempSync(join(tmpdir(), 'console-boundaries-'));
  workDirs.push(dir);
  cpSync(join(FIXTURES, 'clean'), dir, { recursive: true });
  if (violation) cpSync(join(FIXTURES, violation), dir, { recursive: true });
  /** @type {unknown} */
  const report = JSON.parse(await depcruise(dir));
  return /** @type {import('dependency-cruiser').ICruiseResult} */ (report).summary.violations;
}

describe('import rules (.dependency-cruiser.cjs)', () => {
  it('has one fixture for every rule, named after it, and no fixture without a rule', () => {
    assert.deepEqual([...violationFixtures].sort(), rules.map((rule) => rule.name).sort());
  });

  it('fails pnpm lint on every rule (severity error)', () => {
    assert.deepEqual(
      rules.filter((rule) => rule.severity !== 'error').map((rule) => rule.name),
      [],
    );
  });

  it('finds nothing in the clean tree, where every layer imports only what it may', async () => {
    assert.deepEqual(await violationsOf(), []);
  });

  for (const rule of rules) {
    const name = String(rule.name);
    it(`${name}: reports the fixture's import, and only under this rule`, async () => {
      const added = filesOf(name);
      const violations = await violationsOf(name);
      assert.ok(violations.length > 0, `no violation reported for fixtures/${name}`);
      for (const violation of violations) {
        assert.equal(violation.rule.name, name, `${violation.from} → ${violation.to} is reported under ${violation.rule.name}`);
        assert.ok(added.includes(violation.from), `${violation.from} is not one of the files of fixtures/${name}`);
      }
    });
  }
});
