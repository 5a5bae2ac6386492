import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { MIGRATIONS } from '../src/database/migrations';
import { startApi, type TestApi } from './support/harness';

const run = promisify(execFile);
const MIGRATE = join(__dirname, '..', 'dist', 'migrate.js');

async function query<T extends object>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** `pnpm db:migrate` (dist/migrate.js): the separate migration step of production. */
describe('db:migrate', () => {
  const serverUrl = process.env.DATABASE_URL ?? '';
  const name = `console_migrate_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let api: TestApi | undefined;

  beforeAll(() => query(serverUrl, `CREATE DATABASE ${name}`));
  afterAll(async () => {
    await api?.close();
    await query(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('applies every migration to an empty database, and again nothing', async () => {
    const env = { PATH: process.env.PATH ?? '', DATABASE_URL: url.toString() };
    const first = await run(process.execPath, [MIGRATE], { env });
    expect(first.stdout).toContain(`${MIGRATIONS.length} migrations applied`);
    const second = await run(process.execPath, [MIGRATE], { env });
    expect(second.stdout).toContain(`${MIGRATIONS.length} migrations applied`);
    const rows = await query<{ name: string }>(url.toString(), 'SELECT name FROM migrations ORDER BY id');
    expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
  });

  it('is refused without DATABASE_URL, naming it', async () => {
    const failure: unknown = await run(process.execPath, [MIGRATE], { env: { PATH: process.env.PATH ?? '' } }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain('Missing environment variable DATABASE_URL');
  });

  it('lets an instance started with MIGRATE_ON_START=false serve the migrated database', async () => {
    api = await startApi({ DATABASE_URL: url.toString(), DATABASE_POOL_MAX: '2', MIGRATE_ON_START: 'false' });
    expect((await fetch(`${api.baseUrl}/readyz`)).status).toBe(200);
    const rows = await query<{ count: string }>(url.toString(), 'SELECT count(*)::text AS count FROM migrations');
    expect(rows).toEqual([{ count: String(MIGRATIONS.length) }]);
  });
});
