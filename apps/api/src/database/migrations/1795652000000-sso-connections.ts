import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single sign-on (docs/product-rules.md#single-sign-on): an organization's connection to its
 * identity provider (one per organization; OIDC or SAML), whether the organization requires it, and
 * the single-use sign-in attempts through it (state, nonce and PKCE verifier kept here, never in
 * the browser; then the single-use code that hands the custom token to the web).
 */
export class SsoConnections1795652000000 implements MigrationInterface {
  name = 'SsoConnections1795652000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE sso_connections (
      id varchar(12) PRIMARY KEY,
      organization_id varchar(8) NOT NULL UNIQUE REFERENCES organizations(id) ON DELETE CASCADE,
      type varchar(8) NOT NULL CHECK (type IN ('oidc', 'saml')),
      enabled boolean NOT NULL DEFAULT true,
      required boolean NOT NULL DEFAULT false,
      oidc_issuer varchar(2048),
      oidc_client_id varchar(512),
      oidc_client_secret varchar(1024),
      saml_entity_id varchar(2048),
      saml_sso_url varchar(2048),
      saml_certificate text,
      disabled_by_system_admin_id varchar(10),
      created_by_id varchar(10) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_by_id varchar(10) NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT sso_connections_oidc_fields CHECK (type <> 'oidc' OR (oidc_issuer IS NOT NULL AND oidc_client_id IS NOT NULL AND oidc_client_secret IS NOT NULL)),
      CONSTRAINT sso_connections_saml_fields CHECK (type <> 'saml' OR (saml_entity_id IS NOT NULL AND saml_sso_url IS NOT NULL AND saml_certificate IS NOT NULL))
    )`);
    await q.query(`CREATE TABLE sso_attempts (
      state_hash varchar(64) PRIMARY KEY,
      connection_id varchar(12) NOT NULL REFERENCES sso_connections(id) ON DELETE CASCADE,
      nonce varchar(64) NOT NULL,
      code_verifier varchar(128) NOT NULL,
      expires_at timestamptz NOT NULL,
      completed_at timestamptz,
      handoff_hash varchar(64) UNIQUE,
      handoff_uid varchar(128),
      handoff_expires_at timestamptz,
      handed_off_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX sso_attempts_expires_at_idx ON sso_attempts (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS sso_attempts`);
    await q.query(`DROP TABLE IF EXISTS sso_connections`);
  }
}
