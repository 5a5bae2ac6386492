import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * OIDC client secrets sealed with AES-256-GCM (SECRET_SEALING_KEYS, common/crypto/secret-cipher.ts):
 * a sealed secret of the longest allowed (1,024 characters) takes about 1,450.
 */
export class SealedSsoClientSecrets1795656000000 implements MigrationInterface {
  name = 'SealedSsoClientSecrets1795656000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sso_connections ALTER COLUMN oidc_client_secret TYPE varchar(1500)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sso_connections ALTER COLUMN oidc_client_secret TYPE varchar(1024)`);
  }
}
