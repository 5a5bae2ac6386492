import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The SAML assertions sign-ins were completed with, kept until they expire to refuse a replay (docs/integration.md#saml). */
export class UsedSamlAssertions1795653000000 implements MigrationInterface {
  name = 'UsedSamlAssertions1795653000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE used_saml_assertions (
      connection_id varchar(32) NOT NULL,
      assertion_id varchar(256) NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (connection_id, assertion_id)
    )`);
    await q.query(`CREATE INDEX used_saml_assertions_expiry_idx ON used_saml_assertions (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS used_saml_assertions`);
  }
}
