import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source';
import { driverPool } from '../src/database/driver-pool';
import { ENTITIES } from '../src/database/entities';
import { isUniqueViolation } from '../src/database/query-errors';
import { allColumns, execute, integer, readRows, record, text } from '../src/database/typed-sql';
import { AccountEntity } from '../src/modules/account/account.entity';
import { createCaller, createOrganizationWithProjects } from './support/fixtures';
import { startApi, type TestApi } from './support/harness';
import { waitFor } from './support/wait';

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

  describe('how a statement is sent', () => {
    const backend = { text: 'SELECT pg_backend_pid() AS pid' };
    const decodeBackend = record({ pid: integer });

    beforeAll(async () => {
      await db.query('CREATE TABLE typed_sql_probe (id integer PRIMARY KEY, label text NOT NULL)');
    });

    afterAll(async () => {
      await db.query('DROP TABLE typed_sql_probe');
    });

    it('outside a transaction: straight to the pool, without a TypeORM query runner', async () => {
      // The statements TypeORM's query runners send (the API's own calls and jobs send theirs meanwhile).
      const probeRunner = db.createQueryRunner();
      const runnerType = Object.getPrototypeOf(probeRunner) as { query(text: string): Promise<unknown> };
      await probeRunner.release();
      const runnerQueries = jest.spyOn(runnerType, 'query');
      try {
        await execute(db.manager, { text: 'INSERT INTO typed_sql_probe (id, label) VALUES ($1, $2)', values: [1, 'one'] });
        const fromManager = await readRows(db.manager, { text: 'SELECT label FROM typed_sql_probe WHERE id = $1', values: [1] }, record({ label: text }));
        const fromSource = await readRows(db, { text: 'SELECT label FROM typed_sql_probe WHERE id = $1', values: [1] }, record({ label: text }));
        expect([fromManager, fromSource]).toEqual([[{ label: 'one' }], [{ label: 'one' }]]);
        expect(runnerQueries.mock.calls.filter(([sent]) => sent.includes('typed_sql_probe'))).toEqual([]);
      } finally {
        runnerQueries.mockRestore();
      }
    });

    it("within a transaction: on the transaction's connection, seeing its uncommitted rows", async () => {
      const seen = await db.transaction(async (manager: EntityManager) => {
        const [own] = await readRows(manager, backend, decodeBackend);
        const [{ pid }] = await manager.query<[{ pid: number }]>('SELECT pg_backend_pid() AS pid');
        await execute(manager, { text: 'INSERT INTO typed_sql_probe (id, label) VALUES ($1, $2)', values: [2, 'two'] });
        const rows = await readRows(manager, { text: 'SELECT label FROM typed_sql_probe WHERE id = $1', values: [2] }, record({ label: text }));
        return { same: own?.pid === pid, rows };
      });
      expect(seen).toEqual({ same: true, rows: [{ label: 'two' }] });
    });

    it('answers the rows of an UPDATE … RETURNING, either way', async () => {
      const update = (label: string) => ({ text: 'UPDATE typed_sql_probe SET label = $1 WHERE id = 1 RETURNING label', values: [label] });
      const decode = record({ label: text });
      expect(await readRows(db.manager, update('uno'), decode)).toEqual([{ label: 'uno' }]);
      expect(await db.transaction((manager: EntityManager) => readRows(manager, update('eins'), decode))).toEqual([{ label: 'eins' }]);
    });

    describe('prepared on the connections of a pool that prepares statements (DATABASE_PREPARED_STATEMENTS)', () => {
      /** A statement listing the prepared statements of its connection that hold `marker`, as it does itself. */
      const selfSeeing = (marker: string) => ({
        text: `SELECT /* ${marker} */ name FROM pg_prepared_statements WHERE statement LIKE $1`,
        values: [`%${marker}%`],
      });
      const decodePrepared = record({ name: text });

      it('outside a transaction: under one name on every connection, parsed once per connection', async () => {
        const statement = selfSeeing('prepared-probe');
        const runs = [];
        for (let i = 0; i < 3; i += 1) runs.push(await readRows(db, statement, decodePrepared));
        const names = new Set(runs.flat().map((row) => row.name));
        expect(names.size).toBe(1);
        expect([...names][0]).toMatch(/^console_\d+$/);
        for (const rows of runs) expect(rows).toHaveLength(1);
      });

      it('not a statement planned for each call (a search), nor within a transaction', async () => {
        expect(await readRows(db, { ...selfSeeing('planned-per-call'), planPerCall: true }, decodePrepared)).toEqual([]);
        expect(await db.transaction((manager: EntityManager) => readRows(manager, selfSeeing('in-transaction'), decodePrepared))).toEqual([]);
      });

      it('runs a statement again, unprepared, when a migration changed what its prepared plan reads', async () => {
        // One connection, so that the statement is prepared on the connection the next call meets.
        const pooled = await new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? '', 1, true)).initialize();
        const removed: unknown[] = [];
        driverPool(pooled)!.on('remove', (client) => removed.push(client));
        try {
          await pooled.query('CREATE TABLE typed_sql_plan_probe (id integer PRIMARY KEY, label varchar(10) NOT NULL)');
          await pooled.query(`INSERT INTO typed_sql_plan_probe (id, label) VALUES (1, 'one')`);
          const read = { text: 'SELECT label FROM typed_sql_plan_probe WHERE id = $1', values: [1] };
          expect(await readRows(pooled, read, record({ label: text }))).toEqual([{ label: 'one' }]);
          // As a migration widening a column does while an instance of the previous release runs.
          await pooled.query('ALTER TABLE typed_sql_plan_probe ALTER COLUMN label TYPE varchar(20)');
          expect(await readRows(pooled, read, record({ label: text }))).toEqual([{ label: 'one' }]);
          // The connection holding the stale plan was dropped (the pool says so once it has ended); the next one prepares it anew.
          await waitFor(() => Promise.resolve(removed.length > 0), 5_000);
          expect(removed).toHaveLength(1);
          expect(await readRows(pooled, read, record({ label: text }))).toEqual([{ label: 'one' }]);
        } finally {
          await pooled.query('DROP TABLE IF EXISTS typed_sql_plan_probe');
          await pooled.destroy();
        }
      });

      it('not on a pool told not to (behind a transaction pooler that keeps no prepared statements)', async () => {
        const unprepared = await new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? '', 1)).initialize();
        try {
          expect(await readRows(unprepared, selfSeeing('unprepared-pool'), decodePrepared)).toEqual([]);
        } finally {
          await unprepared.destroy();
        }
      });
    });

    describe('a statement with an alternative (Statement.alternative)', () => {
      /** Names itself and reads the value ($1) it is sent; the planner puts it at about `rows` rows (generate_series of constant arguments). */
      const reading = (which: string, rows: number) => ({
        text: `SELECT '${which}' AS which, $1::int AS value FROM generate_series(1, ${rows}) g WHERE g = 1`,
        values: [7],
      });
      const decodeWhich = record({ which: text, value: integer });
      const withAlternative = (ownRows: number, alternativeRows: number, costFactor: number) => ({
        ...reading('own', ownRows),
        alternative: { statement: reading('alternative', alternativeRows), costFactor },
      });
      const cases: { alternative: [number, number, number]; runs: string }[] = [
        { alternative: [100_000, 1_000, 1], runs: 'alternative' },
        { alternative: [1_000, 100_000, 1], runs: 'own' },
        { alternative: [1_000, 1_500, 2], runs: 'alternative' },
        { alternative: [1_000, 3_000, 2], runs: 'own' },
      ];

      it('runs the alternative, with the same values, where the planner puts it at no more than the factor times the statement, outside a transaction and within one', async () => {
        for (const { alternative, runs } of cases) {
          const statement = withAlternative(...alternative);
          expect(await readRows(db, statement, decodeWhich)).toEqual([{ which: runs, value: 7 }]);
          expect(await db.transaction((manager: EntityManager) => readRows(manager, statement, decodeWhich))).toEqual([{ which: runs, value: 7 }]);
        }
      });
    });

    it("fails with TypeORM's QueryFailedError carrying the SQLSTATE, either way, and keeps the connection", async () => {
      const duplicate = { text: 'INSERT INTO typed_sql_probe (id, label) VALUES (1, $1)', values: ['again'] };
      // A refused statement gives its connection back to the pool (with an error the pool would drop it).
      const pool = driverPool(db)!;
      const releases: (Error | undefined)[] = [];
      const onRelease = (error: Error | undefined): void => {
        releases.push(error);
      };
      pool.on('release', onRelease);
      const outside = await execute(db.manager, duplicate).catch((error: unknown) => error);
      pool.off('release', onRelease);
      // Given back without an error (the API's own calls may give theirs back meanwhile).
      expect({ released: releases.length > 0, withError: releases.filter((error) => error !== undefined) }).toEqual({ released: true, withError: [] });
      const within = await db.transaction((manager: EntityManager) => execute(manager, duplicate)).catch((error: unknown) => error);
      for (const error of [outside, within]) {
        expect(error).toBeInstanceOf(QueryFailedError);
        expect(isUniqueViolation(error)).toBe(true);
      }
    });
  });
});
