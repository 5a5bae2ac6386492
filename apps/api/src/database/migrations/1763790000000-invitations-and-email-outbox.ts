import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Invitations to an organization and the transactional outbox of e-mails. */
export class InvitationsAndEmailOutbox1763790000000 implements MigrationInterface {
  name = 'InvitationsAndEmailOutbox1763790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE invitations (
      id varchar(21) PRIMARY KEY CHECK (id ~ '^[0-9A-Za-z]{21}$'),
      organization_id varchar(8) NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      email varchar(320) NOT NULL CHECK (email = lower(email)),
      role_id varchar(10) NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
      projects jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(projects) = 'array'),
      can_be_super_admin boolean NOT NULL DEFAULT false,
      expired_in integer NOT NULL CHECK (expired_in > 0),
      accepted_at timestamptz,
      accepted_by_id varchar(10) REFERENCES accounts(id) ON DELETE SET NULL,
      cancelled_at timestamptz,
      cancelled_by_id varchar(10) REFERENCES accounts(id) ON DELETE SET NULL,
      created_by_id varchar(10) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (accepted_at IS NULL OR cancelled_at IS NULL))`);
    await q.query(`CREATE INDEX invitations_organization_id_idx ON invitations (organization_id, created_at)`);
    await q.query(`CREATE INDEX invitations_email_idx ON invitations (email)`);
    await q.query(`CREATE INDEX invitations_projects_idx ON invitations USING gin (projects jsonb_path_ops)`);
    await q.query(`CREATE TABLE email_outbox (
      id uuid PRIMARY KEY,
      kind varchar(50) NOT NULL,
      reference_id varchar(64),
      to_email varchar(320) NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text NOT NULL,
      status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      locked_by varchar(100),
      last_error text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status IN ('pending', 'sending')`);
    await q.query(`CREATE INDEX email_outbox_reference_idx ON email_outbox (kind, reference_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS email_outbox`);
    await q.query(`DROP TABLE IF EXISTS invitations`);
  }
}
