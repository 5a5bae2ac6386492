import { ERROR_MESSAGES, PRODUCT_ERROR_NAME, type ErrorCode } from '@console/domain';
import { DataSource } from 'typeorm';
import {
  addOrganizationMember,
  createCaller,
  createOrganization,
  createProject,
  createSystemAdmin,
  type Caller,
  type OrganizationFixture,
  type ProjectFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

/**
 * The generic write failures (docs/product-rules.md#errors): a write that fails for a reason nobody foresaw (here the real
 * database refuses the statement from a trigger) answers 500 with the call's own failure code and
 * message, never the anonymous INTERNAL and never details.
 */
describe('generic write failures', () => {
  let api: TestApi;
  let admin: Caller;
  let systemAdmin: Caller;
  let organization: OrganizationFixture;
  let project: ProjectFixture;

  beforeAll(async () => {
    api = await startApi();
    [admin, systemAdmin, organization] = await Promise.all([createCaller(api), createSystemAdmin(api), createOrganization(api)]);
    project = await createProject(api, organization.organization.id);
    await addOrganizationMember(api, admin.id, organization, 'admin');
  });

  afterAll(async () => {
    await api.close();
  });

  /** Makes the database refuse `operation` on `table` while `run` calls the API, then lets it be. */
  async function whileRefusing<T>(table: string, operation: 'INSERT' | 'UPDATE', run: () => Promise<T>): Promise<T> {
    const db = api.app.get(DataSource);
    await db.query(`CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await db.query(`CREATE TRIGGER refuse_write BEFORE ${operation} ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_write()`);
    try {
      return await run();
    } finally {
      await db.query(`DROP TRIGGER refuse_write ON ${table}`);
      await db.query('DROP FUNCTION refuse_write()');
    }
  }

  function expectFailure(response: { status: number; body: unknown }, errorCode: ErrorCode): void {
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ name: PRODUCT_ERROR_NAME, errorCode, message: ERROR_MESSAGES[errorCode] });
  }

  it('answers FAILED_TO_UPDATE_ORGANIZATION when updating an organization fails unexpectedly', async () => {
    const response = await whileRefusing('organizations', 'UPDATE', () =>
      call(api, '/organization/update', { organizationId: organization.organization.id, updateProps: { name: '新しい名前' } }, admin.token),
    );
    expectFailure(response, 'FAILED_TO_UPDATE_ORGANIZATION');
  });

  it('answers FAILED_TO_UPDATE_PROJECT when updating a project fails unexpectedly', async () => {
    const response = await whileRefusing('projects', 'UPDATE', () =>
      call(api, '/project/update', { projectId: project.project.id, updateProps: { name: '新しい名前' } }, admin.token),
    );
    expectFailure(response, 'FAILED_TO_UPDATE_PROJECT');
  });

  it('answers FAILED_TO_CREATE_ORGANIZATION and FAILED_TO_CREATE_PROJECT when creating fails unexpectedly', async () => {
    expectFailure(
      await whileRefusing('organizations', 'INSERT', () => call(api, '/system-admin/organization/create', { name: '作れない組織' }, systemAdmin.token)),
      'FAILED_TO_CREATE_ORGANIZATION',
    );
    expectFailure(
      await whileRefusing('projects', 'INSERT', () =>
        call(api, '/system-admin/project/create', { organizationId: organization.organization.id, name: '作れないプロジェクト' }, systemAdmin.token),
      ),
      'FAILED_TO_CREATE_PROJECT',
    );
  });

  it('keeps the domain answers: a refused write that is a rule still answers its own code', async () => {
    const response = await whileRefusing('organizations', 'UPDATE', () =>
      call(api, '/organization/update', { organizationId: organization.organization.id, updateProps: { name: '' } }, admin.token),
    );
    expect(response.status).toBe(400);
  });

  it('leaves nothing behind: the same write succeeds once the database accepts it again', async () => {
    const response = await call<{ name: string }>(
      api,
      '/organization/update',
      { organizationId: organization.organization.id, updateProps: { name: '受け付けられた名前' } },
      admin.token,
    );
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('受け付けられた名前');
  });
});
