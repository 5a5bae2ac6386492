import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The language an account chose for the console and its e-mails: Japanese (the default, also of
 * every existing account) or English.
 */
export class AccountLocale1763820000000 implements MigrationInterface {
  name = 'AccountLocale1763820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts ADD COLUMN locale varchar(2) NOT NULL DEFAULT 'ja' CONSTRAINT accounts_locale_check CHECK (locale IN ('ja', 'en'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts DROP COLUMN IF EXISTS locale`);
  }
}
