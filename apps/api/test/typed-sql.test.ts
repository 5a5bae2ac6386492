import { DataSource } from 'typeorm';
import { ENTITIES } from '../src/database/entities';
import { allColumns, readRows, record } from '../src/database/typed-sql';
import { AccountEntity } from '../src/modules/account/account.entity';
import { createCaller, createOrganizationWithProjects } from './support/fixtures';
import { startApi, type TestApi } from './support/harness';

/**
 * The raw statements' column lists and decoders come from the entities' mappings (database/typed-sql.ts):
 * for every entity they name exactly the columns TypeORM maps, and every row of its table decodes
 * into the entity's properties. The listings that run raw statements decode their rows the same
 * way in their own tests (organization, project, invitation, mail-*), so a column added, renamed or
 * retyped on an entity reaches every statement or fails here or there.
 */
describe('typed raw SQL: column lists and row decoders from the entities', () => {
  let api: TestApi;
  let db: DataSource;

  beforeAll(async () => {
    api = await startApi();
    db = api.app.get(DataSource);
    await createCaller(api);
    await createOrganizationWithProjects(api, '型付きの組織', 1);
  });

  afterAll(async () => {
    await api.close();
  });

  it.each(ENTITIES.map((entity): [string, abstract new () => object] => [entity.name, entity]))(
    '%s: the columns TypeORM maps, decoding every row of the table',
    async (_name, entity) => {
      const metadata = db.getMetadata(entity);
      const columns = allColumns(entity, 't');
      expect(columns.select()).toBe(metadata.columns.map((c) => `t.${c.databaseName} AS "${c.propertyName}"`).join(', '));
      const rows = await readRows(db, { text: `SELECT ${columns.select()} FROM ${metadata.tableName} t LIMIT 100` }, record(columns.fields));
      for (const row of rows) expect(Object.keys(row as object)).toEqual(metadata.columns.map((c) => c.propertyName));
    },
  );

  it('names the field and what it expected when a row does not decode', async () => {
    const account = allColumns(AccountEntity, 'a');
    await expect(
      readRows(db, { text: `SELECT ${account.select().replace('a.email AS', 'length(a.email) AS')} FROM accounts a LIMIT 1` }, record(account.fields)),
    ).rejects.toThrow('row 0.email: expected a string, read number');
  });
});
