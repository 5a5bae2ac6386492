import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Service credentials of sibling products (docs/integration.md#credentials-and-scopes): a
 * credential per product with its scopes, and its secrets, stored only as scrypt hashes; at most
 * two of a credential's secrets are active (rotation), which the service enforces under the
 * credential's row lock.
 */
export class ServiceCredentials1795641000000 implements MigrationInterface {
  name = 'ServiceCredentials1795641000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE service_credentials (
      id varchar(12) PRIMARY KEY,
      name varchar(100) NOT NULL,
      product varchar(32) NOT NULL,
      scopes jsonb NOT NULL,
      revoked_at timestamptz,
      revoked_by_id varchar(10),
      created_by_id varchar(10) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_by_id varchar(10) NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE service_credential_secrets (
      id varchar(12) PRIMARY KEY,
      credential_id varchar(12) NOT NULL REFERENCES service_credentials(id) ON DELETE CASCADE,
      hash varchar(200) NOT NULL,
      revoked_at timestamptz,
      revoked_by_id varchar(10),
      last_used_at timestamptz,
      last_used_ip varchar(45),
      created_by_id varchar(10) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX service_credential_secrets_credential_idx ON service_credential_secrets (credential_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS service_credential_secrets`);
    await q.query(`DROP TABLE IF EXISTS service_credentials`);
  }
}
