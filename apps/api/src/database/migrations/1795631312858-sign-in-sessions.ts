import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sign-ins of each user that the console issued a session cookie for (docs/architecture.md#sessions):
 * one row per sign-in (the Firebase uid and the sign-in time its ID tokens and session cookie
 * carry), listed in the account settings and refused by every instance once revoked.
 */
export class SignInSessions1795631312858 implements MigrationInterface {
  name = 'SignInSessions1795631312858';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        idaas_id varchar(128) NOT NULL,
        auth_time timestamptz NOT NULL,
        sign_in_method varchar(64) NOT NULL,
        user_agent varchar(1000),
        ip varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        CONSTRAINT sessions_sign_in_key UNIQUE (idaas_id, auth_time)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS sessions`);
  }
}
