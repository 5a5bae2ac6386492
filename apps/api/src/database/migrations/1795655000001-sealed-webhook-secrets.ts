import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Endpoint signing secrets sealed with AES-256-GCM (SECRET_SEALING_KEYS): longer than the secrets themselves. */
export class SealedWebhookSecrets1795655000001 implements MigrationInterface {
  name = 'SealedWebhookSecrets1795655000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_endpoints ALTER COLUMN secret TYPE varchar(400)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_endpoints ALTER COLUMN secret TYPE varchar(100)`);
  }
}
