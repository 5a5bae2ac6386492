import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import rawSql from '../raw-sql.lint.json';

/** The rule the API's ESLint config applies to apps/api/src outside the data layer's own files (eslint.config.mjs), on one file's source. */
function rawQueries(source: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    source,
    [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { 'no-restricted-syntax': ['error', ...rawSql] } }],
    'a.repository.ts',
  );
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.map((m) => source.split('\n')[m.line - 1]?.slice(m.column - 1, m.endColumn === undefined ? undefined : m.endColumn - 1) ?? '');
}

describe('raw SQL outside the typed path (lint)', () => {
  it('fails on a query run by hand, typed or not', () => {
    expect(rawQueries("await this.txHost.tx.query<Row[]>('SELECT id FROM organizations', []);")).toEqual([
      "this.txHost.tx.query<Row[]>('SELECT id FROM organizations', [])",
    ]);
    expect(rawQueries("await dataSource.query('DELETE FROM idempotency_keys');")).toEqual(["dataSource.query('DELETE FROM idempotency_keys')"]);
  });

  it('accepts the typed path and the query builder', () => {
    expect(rawQueries('await readRows(this.txHost.tx, organizationPage(memberId, window), decodeOrganizationRow);')).toEqual([]);
    expect(rawQueries('await this.organizations().createQueryBuilder().update().set({ name }).where({ id }).execute();')).toEqual([]);
  });
});
