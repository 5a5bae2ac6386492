// @ts-check
// Keeps the code's comments pointing into docs/: fails when a file under apps/, packages/, deploy/ or tools/
// cites a section of a document outside the repository ("spec" followed by a section sign), or
// cites a docs/<file>.md#<anchor> (further anchors of the same file as ", #<anchor>") whose file or
// heading does not exist. Run by `pnpm lint` (`pnpm lint:docs`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['apps', 'packages', 'deploy', 'tools'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '.turbo', '.data', 'test-results']);
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|json|md|sh|conf|template|html|ya?ml)$/;
const OUTSIDE_CITATION = new RegExp(`spec \\u00a7\\s*\\d`, 'i');
const DOCS_REFERENCE = /docs\/([\w.-]+\.md)((?:#[\w-]+)(?:,\s*#[\w-]+)*)/g;

/** @param {string} dir @returns {string[]} */
function files(dir) {
  /** @type {string[]} */
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...files(path));
    } else if (TEXT_FILE.test(entry.name)) {
      found.push(path);
    }
  }
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. @param {string} heading */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside code fences). @param {string} markdown */
function anchorsOf(markdown) {
  const anchors = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1] !== undefined) anchors.add(slug(heading[1]));
  }
  return anchors;
}

/** The problems of one file's text. @param {string} text @param {(file: string) => Set<string> | undefined} docAnchors */
function problemsOf(text, docAnchors) {
  /** @type {string[]} */
  const problems = [];
  text.split('\n').forEach((line, index) => {
    if (OUTSIDE_CITATION.test(line)) problems.push(`${index + 1}: cites a section of a document outside the repository; point at docs/ instead`);
    for (const match of line.matchAll(DOCS_REFERENCE)) {
      const [, file = '', anchorList = ''] = match;
      const anchors = docAnchors(file);
      if (anchors === undefined) {
        problems.push(`${index + 1}: docs/${file} does not exist`);
        continue;
      }
      for (const anchor of anchorList.split(/,\s*/).map((a) => a.replace(/^#/, ''))) {
        if (!anchors.has(anchor)) problems.push(`${index + 1}: docs/${file}#${anchor} names no heading`);
      }
    }
  });
  return problems;
}

/** @type {Map<string, Set<string> | undefined>} */
const cache = new Map();
/** @param {string} file */
function docAnchors(file) {
  if (!cache.has(file)) {
    const path = join(root, 'docs', file);
    cache.set(file, existsSync(path) ? anchorsOf(readFileSync(path, 'utf8')) : undefined);
  }
  return cache.get(file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const self = fileURLToPath(import.meta.url);
  let failures = 0;
  for (const path of SCANNED.flatMap((dir) => files(join(root, dir)))) {
    if (path === self) continue;
    for (const problem of problemsOf(readFileSync(path, 'utf8'), docAnchors)) {
      console.error(`${relative(root, path)}:${problem}`);
      failures += 1;
    }
  }
  if (failures > 0) {
    console.error(`docs references: ${failures} problem(s)`);
    process.exit(1);
  }
  console.log('docs references: every cited docs/ section exists, and no comment cites an outside document');
}
