import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The domains of organizations and their verification (docs/product-rules.md#verified-domains): a
 * name once per organization, verified by one organization at most (the partial unique index).
 */
export class OrganizationDomains1795633036738 implements MigrationInterface {
  name = 'OrganizationDomains1795633036738';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE organization_domains (
      id varchar(12) PRIMARY KEY,
      organization_id varchar(8) NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      domain varchar(253) NOT NULL CHECK (domain = lower(domain)),
      display_domain varchar(253) NOT NULL,
      verification_token varchar(64) NOT NULL,
      state varchar(16) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'verified', 'failed')),
      last_checked_at timestamptz,
      last_error varchar(32),
      consecutive_failures integer NOT NULL DEFAULT 0,
      verified_at timestamptz,
      verified_by varchar(16) CHECK (verified_by IN ('dns', 'systemAdmin')),
      verified_by_id varchar(10),
      created_by_id varchar(10) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_by_id varchar(10) NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT organization_domains_organization_domain_key UNIQUE (organization_id, domain)
    )`);
    await q.query(`CREATE UNIQUE INDEX organization_domains_verified_domain_key ON organization_domains (domain) WHERE state = 'verified'`);
    await q.query(`CREATE INDEX organization_domains_recheck_idx ON organization_domains (last_checked_at) WHERE state = 'verified'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS organization_domains`);
  }
}
