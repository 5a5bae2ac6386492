// @ts-check
// Counts, in apps/api/src (migrations excluded: raw SQL by nature), the raw SQL of the API and the
// unchecked casts of query results, and prints both figures (docs/architecture.md#repositories-and-sql):
// - a raw SQL string is a string or template literal holding an SQL keyword in capitals
//   (SELECT, INSERT, UPDATE, DELETE, FROM, WHERE, JOIN, ORDER BY, IS NULL, ILIKE, RETURNING, …);
// - a cast of a query result is a `query<…>(` type argument, an `as …Row` (or `…Row[]`) assertion,
//   an `as unknown as …` or an assertion of a query builder's `.raw`.
// The raw SQL strings are also counted outside the places kept for them: each module's
// <module>.sql.ts, whose column lists come from the entities. `pnpm count:sql` prints the totals;
// `--files` adds the figures per file.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'apps/api/src');

const SQL = /\b(?:SELECT|INSERT|UPDATE|DELETE|FROM|WHERE|JOIN|ORDER BY|IS NULL|IS NOT NULL|ILIKE|RETURNING|COALESCE|ON CONFLICT)\b/;

/** @param {string} dir @returns {string[]} */
function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : files(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The text of a string or template literal (its literal parts); null for any other node. @param {import('typescript').Node} node */
function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return null;
}

/** @param {import('typescript').Node} node */
function isResultCast(node) {
  if (ts.isCallExpression(node)) {
    return ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'query' && (node.typeArguments?.length ?? 0) > 0;
  }
  if (!ts.isAsExpression(node)) return false;
  if (ts.isAsExpression(node.expression) && node.expression.type.kind === ts.SyntaxKind.UnknownKeyword) return true;
  if (ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'raw') return true;
  return /Row\b/.test(node.type.getText());
}

/** @param {string} path @returns {{ sql: number; casts: number }} */
function count(path) {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const figures = { sql: 0, casts: 0 };
  /** @param {import('typescript').Node} node */
  const visit = (node) => {
    const text = literalText(node);
    if (text !== null) {
      if (SQL.test(text)) figures.sql += 1;
      // The literal parts of a template are counted with it; its substitutions are visited.
      if (ts.isTemplateExpression(node)) node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    if (isResultCast(node)) figures.casts += 1;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return figures;
}

const perFile = files(source).map((path) => ({ path: relative(root, path), ...count(path) }));
if (process.argv.includes('--files')) {
  for (const { path, sql, casts } of perFile.filter((f) => f.sql + f.casts > 0))
    console.log(`${String(sql).padStart(4)} ${String(casts).padStart(4)}  ${path}`);
}
const total = (/** @type {'sql' | 'casts'} */ key) => perFile.reduce((sum, f) => sum + f[key], 0);
const outside = perFile.filter((f) => !f.path.endsWith('.sql.ts')).reduce((sum, f) => sum + f.sql, 0);
console.log(`raw SQL strings: ${total('sql')} (outside <module>.sql.ts: ${outside})`);
console.log(`casts of query results: ${total('casts')}`);
