import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deleting an organization (docs/product-rules.md#organization-deletion): a deleted organization
 * keeps its row, marked by deleted_at (and who deleted it), until the purge job removes it with
 * everything it holds; purge_lease_until is set while one instance purges it.
 */
export class OrganizationDeletion1795634000000 implements MigrationInterface {
  name = 'OrganizationDeletion1795634000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE organizations ADD COLUMN deleted_at timestamptz, ADD COLUMN deleted_by_id varchar(10), ADD COLUMN purge_lease_until timestamptz`,
    );
    await q.query(`CREATE INDEX organizations_deleted_at_idx ON organizations (deleted_at, id) WHERE deleted_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS organizations_deleted_at_idx`);
    await q.query(`ALTER TABLE organizations DROP COLUMN purge_lease_until, DROP COLUMN deleted_by_id, DROP COLUMN deleted_at`);
  }
}
