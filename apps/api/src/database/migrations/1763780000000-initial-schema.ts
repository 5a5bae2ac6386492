import type { MigrationInterface, QueryRunner } from 'typeorm';

const audit = `
  created_by_id varchar(10) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by_id varchar(10) NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()`;

/** Accounts, organizations, projects, roles, memberships and KARTE mappings. */
export class InitialSchema1763780000000 implements MigrationInterface {
  name = 'InitialSchema1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE accounts (
      id varchar(10) PRIMARY KEY,
      idaas_id varchar(128) UNIQUE,
      name varchar(100),
      email varchar(320) NOT NULL UNIQUE CHECK (email = lower(email)),
      profile_image_src text,
      is_system_admin boolean NOT NULL DEFAULT false,${audit})`);
    await q.query(`CREATE TABLE organizations (
      id varchar(8) PRIMARY KEY,
      name varchar(100) NOT NULL,
      profile_image_src text,${audit})`);
    await q.query(`CREATE TABLE projects (
      id varchar(8) PRIMARY KEY,
      organization_id varchar(8) NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name varchar(100) NOT NULL,
      product_settings jsonb NOT NULL DEFAULT '{}'::jsonb,${audit},
      UNIQUE (organization_id, id))`);
    await q.query(`CREATE INDEX projects_organization_id_idx ON projects (organization_id, name)`);
    await q.query(`CREATE TABLE roles (
      id varchar(10) PRIMARY KEY,
      organization_id varchar(8) NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      project_id varchar(8),
      key varchar(50) NOT NULL,
      name varchar(100) NOT NULL,
      description text NOT NULL DEFAULT '',
      is_preset boolean NOT NULL DEFAULT false,${audit},
      FOREIGN KEY (organization_id, project_id) REFERENCES projects (organization_id, id) ON DELETE CASCADE)`);
    await q.query(`CREATE UNIQUE INDEX roles_organization_key_idx ON roles (organization_id, key) WHERE project_id IS NULL`);
    await q.query(`CREATE UNIQUE INDEX roles_project_key_idx ON roles (project_id, key) WHERE project_id IS NOT NULL`);
    await q.query(`CREATE INDEX roles_project_id_idx ON roles (project_id)`);
    await q.query(`CREATE TABLE organization_memberships (
      account_id varchar(10) NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      organization_id varchar(8) NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      role_id varchar(10) NOT NULL REFERENCES roles(id),${audit},
      PRIMARY KEY (account_id, organization_id))`);
    await q.query(`CREATE INDEX organization_memberships_organization_id_idx ON organization_memberships (organization_id)`);
    await q.query(`CREATE TABLE project_memberships (
      account_id varchar(10) NOT NULL,
      project_id varchar(8) NOT NULL,
      organization_id varchar(8) NOT NULL,
      role_id varchar(10) NOT NULL REFERENCES roles(id),${audit},
      PRIMARY KEY (account_id, project_id),
      FOREIGN KEY (organization_id, project_id) REFERENCES projects (organization_id, id) ON DELETE CASCADE,
      FOREIGN KEY (account_id, organization_id) REFERENCES organization_memberships (account_id, organization_id) ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX project_memberships_project_id_idx ON project_memberships (project_id)`);
    await q.query(`CREATE INDEX project_memberships_account_org_idx ON project_memberships (account_id, organization_id)`);
    await q.query(`CREATE TABLE organization_karte_mappings (
      rt_organization_id varchar(8) PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      karte_organization_id varchar(24) NOT NULL CHECK (karte_organization_id ~ '^[0-9A-Za-z]{24}$'),${audit})`);
    await q.query(`CREATE TABLE project_karte_mappings (
      rt_project_id varchar(8) PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
      karte_project_id varchar(24) NOT NULL CHECK (karte_project_id ~ '^[0-9A-Za-z]{24}$'),
      karte_api_key text,${audit})`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'project_karte_mappings',
      'organization_karte_mappings',
      'project_memberships',
      'organization_memberships',
      'roles',
      'projects',
      'organizations',
      'accounts',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
