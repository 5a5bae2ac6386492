import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deleted account (docs/product-rules.md#account-deletion) keeps its row, so that its audit
 * events keep their actor: deleted_at is set and its name, address, image and Firebase uid are
 * cleared (the address '' rather than null, the column staying NOT NULL). The address is unique
 * among the accounts not deleted only, so that it can sign up again as a new account.
 */
export class AccountDeletion1795632959586 implements MigrationInterface {
  name = 'AccountDeletion1795632959586';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts ADD COLUMN deleted_at timestamptz`);
    await q.query(
      `ALTER TABLE accounts ADD CONSTRAINT accounts_deleted_check CHECK (deleted_at IS NULL OR (email = '' AND name IS NULL AND idaas_id IS NULL AND profile_image_src IS NULL AND NOT is_system_admin))`,
    );
    await q.query(`ALTER TABLE accounts DROP CONSTRAINT accounts_email_key`);
    await q.query(`CREATE UNIQUE INDEX accounts_email_key ON accounts (email) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX accounts_email_key`);
    await q.query(`ALTER TABLE accounts ADD CONSTRAINT accounts_email_key UNIQUE (email)`);
    await q.query(`ALTER TABLE accounts DROP CONSTRAINT accounts_deleted_check`);
    await q.query(`ALTER TABLE accounts DROP COLUMN deleted_at`);
  }
}
