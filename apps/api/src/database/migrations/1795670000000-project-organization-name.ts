import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Projects whose copy is written per statement of the backfill. */
const BACKFILL_BATCH = 5000;

/**
 * The name of a project's organization, kept on the project by the database, and an index in the
 * order of the project listings (organization name and id, then project name and id). The
 * listings read organizations in name order, each with its projects: a search by a project's name
 * probed the projects of every organization passed (3,178 organizations, 25 ms, in the scale
 * benchmark for a name a tenth of the projects hold) and now walks one index (9,497 projects,
 * 3.6 ms).
 * - On a project: written as it is inserted or moved (and whenever the column itself is written),
 *   from its organization's row, read FOR SHARE: an insert waits for a rename of the organization
 *   under way and reads the new name, and a rename waits for an insert under way and then rewrites
 *   that project too.
 * - On an organization: a rename rewrites its projects' copy in the same statement.
 *
 * Run outside a transaction, so that the instances of the release before keep reading and writing
 * projects while it runs: the column and the triggers come first (each a brief lock), then the
 * existing projects in batches, the NOT NULL through a validated check (no lock held while the
 * table is read) and the index built concurrently. Each step may run again after a failure.
 */
export class ProjectOrganizationName1795670000000 implements MigrationInterface {
  name = 'ProjectOrganizationName1795670000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects ADD COLUMN IF NOT EXISTS organization_name varchar(100)`);
    await q.query(`CREATE OR REPLACE FUNCTION project_organization_name() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT o.name INTO NEW.organization_name FROM organizations o WHERE o.id = NEW.organization_id FOR SHARE;
        IF NOT FOUND THEN
          -- No such organization: the foreign key refuses the row, as it did before.
          NEW.organization_name := '';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`DROP TRIGGER IF EXISTS project_organization_name ON projects`);
    await q.query(`CREATE TRIGGER project_organization_name BEFORE INSERT OR UPDATE OF organization_id, organization_name ON projects
      FOR EACH ROW EXECUTE FUNCTION project_organization_name()`);
    await q.query(`CREATE OR REPLACE FUNCTION organization_name_of_projects() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE projects SET organization_name = NEW.name WHERE organization_id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`DROP TRIGGER IF EXISTS organization_name_of_projects ON organizations`);
    await q.query(`CREATE TRIGGER organization_name_of_projects AFTER UPDATE OF name ON organizations
      FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION organization_name_of_projects()`);
    // The existing projects, by id, a batch per statement (the trigger reads each one's organization
    // FOR SHARE); the batch's last id in the database's order of ids.
    for (let after: string | null = ''; after !== null;) {
      const [batch] = (await q.query(
        `WITH batch AS (SELECT id FROM projects WHERE id > $1 ORDER BY id LIMIT ${BACKFILL_BATCH}),
              written AS (UPDATE projects p SET organization_name = o.name FROM organizations o, batch WHERE p.id = batch.id AND o.id = p.organization_id)
         SELECT max(id) AS last FROM batch`,
        [after],
      )) as [{ last: string | null }];
      after = batch.last;
    }
    await q.query(`ALTER TABLE projects DROP CONSTRAINT IF EXISTS projects_organization_name_written`);
    await q.query(`ALTER TABLE projects ADD CONSTRAINT projects_organization_name_written CHECK (organization_name IS NOT NULL) NOT VALID`);
    await q.query(`ALTER TABLE projects VALIDATE CONSTRAINT projects_organization_name_written`);
    await q.query(`ALTER TABLE projects ALTER COLUMN organization_name SET NOT NULL`);
    await q.query(`ALTER TABLE projects DROP CONSTRAINT projects_organization_name_written`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS projects_listing_idx`);
    await q.query(`CREATE INDEX CONCURRENTLY projects_listing_idx ON projects (organization_name, organization_id, name, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS projects_listing_idx`);
    await q.query(`DROP TRIGGER IF EXISTS organization_name_of_projects ON organizations`);
    await q.query(`DROP FUNCTION IF EXISTS organization_name_of_projects()`);
    await q.query(`DROP TRIGGER IF EXISTS project_organization_name ON projects`);
    await q.query(`DROP FUNCTION IF EXISTS project_organization_name()`);
    await q.query(`ALTER TABLE projects DROP COLUMN IF EXISTS organization_name`);
  }
}
