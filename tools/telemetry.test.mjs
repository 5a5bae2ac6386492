// @ts-check
// Our own tooling sends no telemetry: every root script that runs turbo runs it with
// TURBO_TELEMETRY_DISABLED=1, so that turbo neither reports usage nor prints its notice, even on a
// machine where it never ran (a fresh HOME). Each script's turbo command is run here as a dry run
// under a fresh HOME, exactly as the script writes it.
//
//   pnpm test:tooling
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './stack.mjs';

/** @type {unknown} */
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const { scripts } = /** @type {{ scripts: Record<string, string> }} */ (manifest);
/** The turbo commands of the root scripts, each with the assignments written before it. */
const turboCommands = Object.entries(scripts).flatMap(([name, script]) =>
  script
    .split('&&')
    .map((command) => command.trim())
    .filter((command) => /(^|\s)turbo\s/.test(command))
    .map((command) => ({ name, command })),
);

/** turbo's notice, printed on its first run when telemetry is not disabled. */
const NOTICE = /collects completely anonymous telemetry/i;

/**
 * Runs `command` as a dry run with `sh` in the repository, with turbo of node_modules/.bin on the
 * PATH and a fresh HOME (where turbo never ran), and answers what it printed and whether turbo
 * recorded a telemetry identity there.
 * @param {string} command
 * @returns {Promise<{ output: string; recorded: boolean }>}
 */
async function dryRun(command) {
  const { TURBO_TELEMETRY_DISABLED: _disabled, DO_NOT_TRACK: _dnt, ...env } = process.env;
  const home = mkdtempSync(join(tmpdir(), 'console-telemetry-home-'));
  const config = join(home, '.config');
  try {
    /** @type {string} */
    const output = await new Promise((resolve, reject) => {
      const options = {
        cwd: ROOT,
        env: { ...env, HOME: home, XDG_CONFIG_HOME: config, PATH: `${join(ROOT, 'node_modules', '.bin')}:${env.PATH ?? ''}` },
        maxBuffer: 16 * 1024 * 1024,
      };
      execFile('sh', ['-c', `${command} --dry-run=json`], options, (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} failed: ${stderr}`, { cause: error }));
        else resolve(stdout + stderr);
      });
    });
    return { output, recorded: existsSync(join(config, 'turborepo', 'telemetry.json')) };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe('turbo telemetry', () => {
  it('is disabled in every root script that runs turbo', async () => {
    assert.ok(turboCommands.length > 0, 'no root script runs turbo');
    for (const { name, command } of turboCommands) {
      const { output, recorded } = await dryRun(command);
      assert.doesNotMatch(output, NOTICE, `pnpm ${name} prints turbo's telemetry notice`);
      assert.equal(recorded, false, `pnpm ${name} has turbo record a telemetry identity`);
    }
  });

  it('would be seen: without the variable, turbo prints its notice under a fresh HOME', async () => {
    const { output, recorded } = await dryRun('turbo run build --filter=@console/config');
    assert.match(output, NOTICE);
    assert.equal(recorded, true);
  });
});
