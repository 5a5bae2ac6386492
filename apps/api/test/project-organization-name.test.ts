import { ROOT_ACCOUNT_ID } from '@console/domain';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import { createOrganization, createProject, createSystemAdmin, type Caller } from './support/fixtures';
import { lockWaiters } from './support/lock-waits';
import { call, startApi, type TestApi } from './support/harness';

/**
 * The name of a project's organization that the database keeps on the project (the first column of
 * the project listings' order, 1795670000000-project-organization-name.ts): written with the
 * project, rewritten with the organization's name, never out of step, concurrent writes included.
 */
describe("a project's copy of its organization's name", () => {
  let api: TestApi;
  let db: DataSource;
  let systemAdmin: Caller;
  const clients: pg.Client[] = [];

  /** A connection of its own, for a transaction the test holds open. */
  async function connection(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    clients.push(client);
    return client;
  }

  async function copiesOf(organizationId: string): Promise<string[]> {
    const rows = await db.query<{ organization_name: string }[]>(`SELECT organization_name FROM projects WHERE organization_id = $1 ORDER BY id`, [
      organizationId,
    ]);
    return rows.map((row) => row.organization_name);
  }

  /** Until a backend of the database waits for a lock (at most 15 s). */
  async function untilOneWaits(): Promise<void> {
    const observer = await connection();
    const deadline = Date.now() + 15_000;
    while ((await lockWaiters(observer)).length === 0) {
      if (Date.now() > deadline) throw new Error('no statement waited for the lock');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const newProjectSql = `INSERT INTO projects (id, organization_id, name, created_by_id, updated_by_id) VALUES ($1, $2, 'テスト', '${ROOT_ACCOUNT_ID}', '${ROOT_ACCOUNT_ID}')`;
  const projectId = (): string => `t${randomBytes(4).toString('hex').slice(0, 7)}`;

  beforeAll(async () => {
    api = await startApi();
    db = api.app.get(DataSource);
    systemAdmin = await createSystemAdmin(api);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await api.close();
  });

  it('is written as a project is created and rewritten as its organization is renamed, which moves its projects in the listing', async () => {
    const tag = randomBytes(3).toString('hex');
    const { organization } = await createOrganization(api, `あ組織 ${tag}`);
    const { organization: later } = await createOrganization(api, `い組織 ${tag}`);
    const first = await createProject(api, organization.id, 'ひとつめ');
    await createProject(api, later.id, 'ふたつめ');
    expect(await copiesOf(organization.id)).toEqual([`あ組織 ${tag}`]);
    expect(first.project.organizationName).toBe(`あ組織 ${tag}`);
    const listed = async () => {
      const page = await call<{ items: { organizationName: string; name: string }[] }>(
        api,
        '/system-admin/project/listAll',
        { limit: 50, query: tag },
        systemAdmin.token,
      );
      return page.body.items.map((item) => `${item.organizationName} / ${item.name}`);
    };
    expect(await listed()).toEqual([`あ組織 ${tag} / ひとつめ`, `い組織 ${tag} / ふたつめ`]);
    const renamed = await call(api, '/organization/update', { organizationId: organization.id, updateProps: { name: `う組織 ${tag}` } }, systemAdmin.token);
    expect(renamed.status).toBe(200);
    expect(await copiesOf(organization.id)).toEqual([`う組織 ${tag}`]);
    expect(await listed()).toEqual([`い組織 ${tag} / ふたつめ`, `う組織 ${tag} / ひとつめ`]);
  });

  it('cannot be written otherwise: a write of it, or a move of the project, takes the organization’s name', async () => {
    const { organization } = await createOrganization(api, `本来の名前 ${randomBytes(3).toString('hex')}`);
    const { organization: other } = await createOrganization(api, `移動先 ${randomBytes(3).toString('hex')}`);
    // A project without roles (its preset roles would hold it to its organization).
    const id = projectId();
    await db.query(newProjectSql, [id, organization.id]);
    await db.query(`UPDATE projects SET organization_name = 'ちがう名前' WHERE id = $1`, [id]);
    expect(await copiesOf(organization.id)).toEqual([organization.name]);
    await db.query(`UPDATE projects SET organization_id = $2 WHERE id = $1`, [id, other.id]);
    expect(await copiesOf(other.id)).toEqual([other.name]);
  });

  it('a project created while its organization is being renamed waits for the rename and takes the new name', async () => {
    const { organization } = await createOrganization(api, `改名前 ${randomBytes(3).toString('hex')}`);
    const renaming = await connection();
    await renaming.query('BEGIN');
    await renaming.query(`UPDATE organizations SET name = $2 WHERE id = $1`, [organization.id, `改名後 ${organization.id}`]);
    const inserting = await connection();
    const inserted = inserting.query(newProjectSql, [projectId(), organization.id]);
    await untilOneWaits();
    await renaming.query('COMMIT');
    await inserted;
    expect(await copiesOf(organization.id)).toEqual([`改名後 ${organization.id}`]);
  });

  it('a rename while a project is being created waits for it and rewrites that project too', async () => {
    const { organization } = await createOrganization(api, `作成中 ${randomBytes(3).toString('hex')}`);
    const inserting = await connection();
    await inserting.query('BEGIN');
    await inserting.query(newProjectSql, [projectId(), organization.id]);
    const renaming = await connection();
    const renamed = renaming.query(`UPDATE organizations SET name = $2 WHERE id = $1`, [organization.id, `作成後 ${organization.id}`]);
    await untilOneWaits();
    await inserting.query('COMMIT');
    await renamed;
    expect(await copiesOf(organization.id)).toEqual([`作成後 ${organization.id}`]);
  });

  it('a project of no organization is refused by the foreign key, as before', async () => {
    const refused: unknown = await db.query(newProjectSql, [projectId(), 'nosuchog']).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(QueryFailedError);
    expect((refused as QueryFailedError).driverError).toMatchObject({ code: '23503', constraint: 'projects_organization_id_fkey' });
  });
});
