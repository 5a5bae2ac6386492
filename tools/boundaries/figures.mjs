// @ts-check
// `pnpm count:boundaries`: figures of the import graph that `pnpm lint:boundaries` cruises
// (dependency-cruiser with .dependency-cruiser.cjs, its JSON report):
// - the circular dependencies (distinct cycles, type-only imports included, as the no-circular
//   rule counts them);
// - the imports from one API module (apps/api/src/modules/<name>/) into another, split into those
//   of its public files (its Nest modules, `*.module.ts`, and the files of the providers they
//   export) and those of its other files (its internals).
// Prints one line per figure, and with --list every cross-module import of an internal file.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ROOT } from '../stack.mjs';

const MODULES = 'apps/api/src/modules/';

/** @typedef {{ resolved: string, circular?: boolean }} Dependency */
/** @typedef {{ source: string, dependencies: Dependency[] }} CruisedModule */
/** @typedef {{ rule: { name: string }, cycle?: { name: string }[] }} Violation */
/** @typedef {{ modules: CruisedModule[], summary: { violations: Violation[] } }} CruiseResult */

/** dependency-cruiser's JSON report of the repository, as `pnpm lint:boundaries` cruises it (it exits non-zero on a violation). */
function cruise() {
  const args = ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'apps', 'packages', 'tools'];
  const bin = join(ROOT, 'tools', 'node_modules', '.bin', 'depcruise');
  let output;
  try {
    output = execFileSync(bin, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    // A violation makes depcruise exit non-zero; its report is on stdout all the same.
    const stdout = /** @type {{ stdout?: unknown }} */ (error).stdout;
    if (typeof stdout !== 'string' || stdout === '') throw error;
    output = stdout;
  }
  /** @type {unknown} */
  const parsed = JSON.parse(output);
  return /** @type {CruiseResult} */ (parsed);
}

/** The name of the API module a file belongs to, if it belongs to one. */
function moduleOf(/** @type {string} */ file) {
  return file.startsWith(MODULES) ? file.slice(MODULES.length).split('/')[0] : undefined;
}

/**
 * The public files of every API module: its `*.module.ts` files and the files of the providers
 * they export (`exports: [...]` of `@Module`, resolved through the file's relative imports).
 */
function publicFiles() {
  /** @type {Set<string>} */
  const files = new Set();
  for (const name of readdirSync(join(ROOT, MODULES))) {
    for (const file of readdirSync(join(ROOT, MODULES, name)).filter((f) => f.endsWith('.module.ts'))) {
      const path = posix.join(MODULES, name, file);
      files.add(path);
      const text = readFileSync(join(ROOT, path), 'utf8');
      const exported = /exports:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '';
      for (const identifier of exported
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const from = new RegExp(`import\\s*\\{[^}]*\\b${identifier}\\b[^}]*\\}\\s*from\\s*'(\\.[^']+)'`).exec(text)?.[1];
        if (from) files.add(`${posix.join(MODULES, name, from)}.ts`);
      }
    }
  }
  return files;
}

/** Distinct cycles of the no-circular violations (a cycle is reported once per module on it). */
function cycles(/** @type {Violation[]} */ violations) {
  /** @type {Set<string>} */
  const distinct = new Set();
  for (const violation of violations) {
    if (violation.rule.name !== 'no-circular' || !violation.cycle) continue;
    const names = violation.cycle.map((step) => step.name);
    const first = names.indexOf([...names].sort()[0] ?? '');
    distinct.add([...names.slice(first), ...names.slice(0, first)].join(' → '));
  }
  return [...distinct];
}

const result = cruise();
const open = publicFiles();
/** @type {string[]} */
const internal = [];
let viaPublic = 0;
for (const cruised of result.modules) {
  const from = moduleOf(cruised.source);
  if (!from) continue;
  for (const dependency of cruised.dependencies) {
    const to = moduleOf(dependency.resolved);
    if (!to || to === from) continue;
    if (open.has(dependency.resolved)) viaPublic += 1;
    else internal.push(`${cruised.source} → ${dependency.resolved}`);
  }
}
const found = cycles(result.summary.violations);
console.log(`circular dependencies: ${found.length}`);
for (const cycle of found) console.log(`  ${cycle}`);
console.log(`imports across API modules: ${viaPublic + internal.length} (${viaPublic} of public files, ${internal.length} of internals)`);
if (process.argv.includes('--list')) for (const line of internal) console.log(`  ${line}`);
