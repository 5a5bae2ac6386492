import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes of the paged listings: one per keyset, in its order, so that a page after any cursor
 * is read from the index without sorting; and trigram indexes (pg_trgm) on the names and e-mail
 * addresses the listings search by case-insensitive substring (ILIKE '%…%'), written through at
 * once (fastupdate off: these rows change seldom, and a search never has a pending list to scan).
 */
export class ListPagingIndexes1763830000000 implements MigrationInterface {
  name = 'ListPagingIndexes1763830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX accounts_created_at_idx ON accounts (created_at, id)`);
    await q.query(`CREATE INDEX accounts_name_trgm_idx ON accounts USING gin (name gin_trgm_ops) WITH (fastupdate = off)`);
    await q.query(`CREATE INDEX accounts_email_trgm_idx ON accounts USING gin (email gin_trgm_ops) WITH (fastupdate = off)`);
    await q.query(`CREATE INDEX organizations_name_idx ON organizations (name, id)`);
    await q.query(`CREATE INDEX organizations_name_trgm_idx ON organizations USING gin (name gin_trgm_ops) WITH (fastupdate = off)`);
    await q.query(`DROP INDEX projects_organization_id_idx`);
    await q.query(`CREATE INDEX projects_organization_id_idx ON projects (organization_id, name, id)`);
    await q.query(`CREATE INDEX projects_name_trgm_idx ON projects USING gin (name gin_trgm_ops) WITH (fastupdate = off)`);
    await q.query(`DROP INDEX organization_memberships_organization_id_idx`);
    await q.query(`CREATE INDEX organization_memberships_organization_id_idx ON organization_memberships (organization_id, created_at, account_id)`);
    await q.query(`DROP INDEX project_memberships_project_id_idx`);
    await q.query(`CREATE INDEX project_memberships_project_id_idx ON project_memberships (project_id, created_at, account_id)`);
    await q.query(
      `CREATE INDEX invitations_open_organization_idx ON invitations (organization_id, created_at DESC, id DESC) WHERE accepted_at IS NULL AND cancelled_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS invitations_open_organization_idx`);
    await q.query(`DROP INDEX IF EXISTS project_memberships_project_id_idx`);
    await q.query(`CREATE INDEX project_memberships_project_id_idx ON project_memberships (project_id)`);
    await q.query(`DROP INDEX IF EXISTS organization_memberships_organization_id_idx`);
    await q.query(`CREATE INDEX organization_memberships_organization_id_idx ON organization_memberships (organization_id)`);
    await q.query(`DROP INDEX IF EXISTS projects_name_trgm_idx`);
    await q.query(`DROP INDEX IF EXISTS projects_organization_id_idx`);
    await q.query(`CREATE INDEX projects_organization_id_idx ON projects (organization_id, name)`);
    for (const index of [
      'organizations_name_trgm_idx',
      'organizations_name_idx',
      'accounts_email_trgm_idx',
      'accounts_name_trgm_idx',
      'accounts_created_at_idx',
    ]) {
      await q.query(`DROP INDEX IF EXISTS ${index}`);
    }
  }
}
