import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Joining through verified domains (docs/product-rules.md#auto-join): each domain's join policy
 * (off by default) and the join requests, one pending request per account and organization.
 */
export class JoinPoliciesAndRequests1795643000000 implements MigrationInterface {
  name = 'JoinPoliciesAndRequests1795643000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE organization_domains
      ADD COLUMN join_mode varchar(16) NOT NULL DEFAULT 'off' CHECK (join_mode IN ('off', 'automatic', 'request')),
      ADD COLUMN join_role_id varchar(10),
      ADD COLUMN join_projects jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN join_policy_set_by_id varchar(10)`);
    await q.query(`CREATE TABLE join_requests (
      id varchar(12) PRIMARY KEY,
      organization_id varchar(8) NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      domain_id varchar(12) REFERENCES organization_domains(id) ON DELETE SET NULL,
      account_id varchar(10) NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      email varchar(320) NOT NULL,
      status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
      decided_by_id varchar(10),
      decided_at timestamptz,
      created_by_id varchar(10) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX join_requests_pending_key ON join_requests (organization_id, account_id) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX join_requests_list_idx ON join_requests (organization_id, status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX join_requests_account_idx ON join_requests (account_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS join_requests`);
    await q.query(
      `ALTER TABLE organization_domains DROP COLUMN join_mode, DROP COLUMN join_role_id, DROP COLUMN join_projects, DROP COLUMN join_policy_set_by_id`,
    );
  }
}
