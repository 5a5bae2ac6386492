import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether an organization requires its members to sign in with a second factor (docs/product-rules.md#multi-factor-authentication). */
export class OrganizationMfaRequirement1795640000000 implements MigrationInterface {
  name = 'OrganizationMfaRequirement1795640000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE organizations ADD COLUMN mfa_required boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE organizations DROP COLUMN IF EXISTS mfa_required`);
  }
}
