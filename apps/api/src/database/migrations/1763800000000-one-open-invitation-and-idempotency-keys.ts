import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * At most one open (neither accepted nor cancelled) invitation per organization and address,
 * and the stored responses of calls made with an Idempotency-Key.
 */
export class OneOpenInvitationAndIdempotencyKeys1763800000000 implements MigrationInterface {
  name = 'OneOpenInvitationAndIdempotencyKeys1763800000000';

  async up(q: QueryRunner): Promise<void> {
    // Concurrent invitations may have left several open invitations of one address: the newest stays open.
    await q.query(`UPDATE invitations SET cancelled_at = now()
      WHERE accepted_at IS NULL AND cancelled_at IS NULL AND id IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY organization_id, lower(email) ORDER BY created_at DESC, id DESC) AS n
          FROM invitations WHERE accepted_at IS NULL AND cancelled_at IS NULL) ranked
        WHERE n > 1)`);
    await q.query(
      `CREATE UNIQUE INDEX invitations_one_open_idx ON invitations (organization_id, lower(email)) WHERE accepted_at IS NULL AND cancelled_at IS NULL`,
    );
    await q.query(`CREATE TABLE idempotency_keys (
      scope varchar(140) NOT NULL,
      path varchar(200) NOT NULL,
      key varchar(255) NOT NULL,
      request_hash char(64) NOT NULL,
      response_body jsonb,
      completed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (scope, path, key))`);
    await q.query(`CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS idempotency_keys`);
    await q.query(`DROP INDEX IF EXISTS invitations_one_open_idx`);
  }
}
