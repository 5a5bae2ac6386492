import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { connectAndMigrate } from '../src/database/data-source';
import { MIGRATIONS } from '../src/database/migrations';
import { OrganizationEntity } from '../src/modules/organization/organization.entity';
import { startApi, type TestApi } from './support/harness';

/**
 * A database written by the console before the move to TypeORM 1 (TypeORM 0.3, both migrations
 * applied, demo data seeded), as pg_dump --inserts printed it. The current API must start on it,
 * keep its data, and find its entities and the schema in agreement.
 */
const FIXTURE = join(__dirname, 'fixtures', 'database-0.3-main.sql');

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Tables, columns, constraints and indexes of a database, one sorted line each. Casts and
 * parentheses are left out: a restored dump spells the same check expression with other casts.
 */
async function schemaOf(url: string): Promise<string[]> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ line: string }>(`
      SELECT format('column %s.%s %s %s %s', table_name, column_name, data_type, is_nullable, coalesce(column_default, '')) AS line
        FROM information_schema.columns WHERE table_schema = 'public'
      UNION ALL
      SELECT format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      UNION ALL
      SELECT format('index %s', indexdef) FROM pg_indexes WHERE schemaname = 'public'`);
    return rows.map((row) => row.line.replace(/::[a-z ]+(\[\])?/g, '').replace(/[()]/g, '')).sort();
  });
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

describe('upgrade from a database of the previous release', () => {
  const serverUrl = process.env.DATABASE_URL ?? '';
  const suffix = randomBytes(4).toString('hex');
  const upgraded = `console_upgraded_${suffix}`;
  const fresh = `console_fresh_${suffix}`;
  let api: TestApi;

  beforeAll(async () => {
    await withClient(serverUrl, async (c) => {
      await c.query(`CREATE DATABASE ${upgraded}`);
      await c.query(`CREATE DATABASE ${fresh}`);
    });
    await withClient(databaseUrl(upgraded), (c) => c.query(readFileSync(FIXTURE, 'utf8')));
    api = await startApi({ DATABASE_URL: databaseUrl(upgraded), DATABASE_POOL_MAX: '2' });
    await (await connectAndMigrate(databaseUrl(fresh), 1)).destroy();
  });

  afterAll(async () => {
    await api?.close();
    await withClient(serverUrl, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${upgraded} WITH (FORCE)`);
      await c.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
    });
  });

  it('starts on it and records every migration exactly once', async () => {
    expect((await fetch(`${api.baseUrl}/readyz`)).status).toBe(200);
    const applied = await withClient(databaseUrl(upgraded), (c) => c.query<{ name: string }>('SELECT name FROM migrations ORDER BY id'));
    expect(applied.rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
  });

  it('keeps the data written before the upgrade', async () => {
    const rows = await withClient(databaseUrl(upgraded), (c) =>
      c.query<{ name: string; projects: string }>(
        'SELECT o.name, count(p.id)::text AS projects FROM organizations o JOIN projects p ON p.organization_id = o.id GROUP BY o.name',
      ),
    );
    expect(rows.rows).toEqual([{ name: 'デモ組織', projects: '2' }]);
  });

  it('ends with the same schema as a database created by the current migrations', async () => {
    const [upgradedSchema, freshSchema] = await Promise.all([schemaOf(databaseUrl(upgraded)), schemaOf(databaseUrl(fresh))]);
    expect(freshSchema.length).toBeGreaterThan(50);
    expect(upgradedSchema).toEqual(freshSchema);
  });

  it('reads the old rows through the current entities', async () => {
    const organizations = await api.app.get(DataSource).getRepository(OrganizationEntity).find();
    expect(organizations.map((organization) => organization.name)).toEqual(['デモ組織']);
    expect(organizations[0]?.createdAt).toBeInstanceOf(Date);
  });
});
