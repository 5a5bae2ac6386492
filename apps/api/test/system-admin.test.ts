import { ERROR_MESSAGES, ROOT_ACCOUNT_ID } from '@console/domain';
import {
  createCaller,
  createOrganization,
  createProject,
  createSystemAdmin,
  uniqueEmail,
  verifyEmail,
  type AccountBody,
  type Caller,
  type OrganizationBody,
  type ProjectBody,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

describe('system administration', () => {
  let api: TestApi;
  let systemAdmin: Caller;
  let user: Caller;

  beforeAll(async () => {
    api = await startApi();
    [systemAdmin, user] = await Promise.all([createSystemAdmin(api), createCaller(api)]);
  });

  afterAll(async () => {
    await api.close();
  });

  describe('/systemAdmin/account/list', () => {
    it('returns every account with its memberships, including the bootstrapped root account', async () => {
      const response = await call<AccountBody[]>(api, '/systemAdmin/account/list', undefined, systemAdmin.token);
      expect(response.status).toBe(200);
      expect(response.body.find((a) => a.id === ROOT_ACCOUNT_ID)).toMatchObject({ email: api.config.rootAccountEmail, isSystemAdmin: true });
      // The bare list is capped (UNPAGED_LIST_CAP, oldest first): accounts created by earlier test files may fill it.
      for (const account of [systemAdmin, user]) {
        const found = await call<{ items: AccountBody[] }>(api, '/systemAdmin/account/list', { limit: 10, query: account.account.email }, systemAdmin.token);
        expect(found.body.items.map((a) => a.id)).toContain(account.id);
      }
    });
  });

  describe('/systemAdmin/account/updateIsSystemAdmin', () => {
    it('grants system administration to a company account with a verified address and revokes it', async () => {
      const staff = await verifyEmail(api, await createCaller(api, uniqueEmail('Staff', api.config.companyMailDomain.toUpperCase())));
      const granted = await call<AccountBody>(
        api,
        '/systemAdmin/account/updateIsSystemAdmin',
        { email: staff.user.email.toUpperCase(), isSystemAdmin: true },
        systemAdmin.token,
      );
      expect(granted).toMatchObject({ status: 200, body: { id: staff.id, isSystemAdmin: true } });
      expect((await call(api, '/system-admin/organization/listAll', undefined, staff.token)).status).toBe(200);
      const revoked = await call<AccountBody>(
        api,
        '/systemAdmin/account/updateIsSystemAdmin',
        { email: staff.user.email, isSystemAdmin: false },
        systemAdmin.token,
      );
      expect(revoked.body.isSystemAdmin).toBe(false);
      expect((await call(api, '/system-admin/organization/listAll', undefined, staff.token)).status).toBe(403);
    });

    it('grants only to the company mail domain (revoking is allowed for anyone)', async () => {
      expect(await call(api, '/systemAdmin/account/updateIsSystemAdmin', { email: user.user.email, isSystemAdmin: true }, systemAdmin.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'INTERNAL_ACCOUNTS_ONLY', message: ERROR_MESSAGES.INTERNAL_ACCOUNTS_ONLY },
      });
      expect(await call(api, '/systemAdmin/account/updateIsSystemAdmin', { email: user.user.email, isSystemAdmin: false }, systemAdmin.token)).toMatchObject({
        status: 200,
        body: { isSystemAdmin: false },
      });
    });

    it('never changes one’s own rights', async () => {
      for (const isSystemAdmin of [true, false]) {
        expect(await call(api, '/systemAdmin/account/updateIsSystemAdmin', { email: systemAdmin.user.email, isSystemAdmin }, systemAdmin.token)).toMatchObject({
          status: 403,
          body: { errorCode: 'CANNOT_CHANGE_OWN_SYSTEM_ADMIN' },
        });
      }
    });

    it('answers an unknown email and malformed input', async () => {
      expect(
        await call(
          api,
          '/systemAdmin/account/updateIsSystemAdmin',
          { email: uniqueEmail('nobody', api.config.companyMailDomain), isSystemAdmin: true },
          systemAdmin.token,
        ),
      ).toMatchObject({
        status: 404,
        body: { errorCode: 'ACCOUNT_NOT_FOUND' },
      });
      expect(await call(api, '/systemAdmin/account/updateIsSystemAdmin', { email: 'not an email', isSystemAdmin: true }, systemAdmin.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'VALIDATION_FAILED' },
      });
      expect(await call(api, '/systemAdmin/account/updateIsSystemAdmin', { email: user.user.email, isSystemAdmin: 'yes' }, systemAdmin.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'VALIDATION_FAILED' },
      });
    });
  });

  describe('organizations and projects', () => {
    it('creates an organization with its preset roles and lists it', async () => {
      const created = await call<OrganizationBody & { createdById: string }>(
        api,
        '/system-admin/organization/create',
        { name: ' 新規組織 ', profileImageSrc: 'https://cdn.example.com/logo.webp' },
        systemAdmin.token,
      );
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ name: '新規組織', profileImageSrc: 'https://cdn.example.com/logo.webp', createdById: systemAdmin.id });
      expect(created.body.id).toMatch(/^[0-9A-Za-z]{8}$/);
      expect(created.body.roles.map((r) => r.key)).toEqual(['admin', 'member']);
      const all = await call<OrganizationBody[]>(api, '/system-admin/organization/listAll', undefined, systemAdmin.token);
      expect(all.body.map((o) => o.id)).toContain(created.body.id);
      const withoutImage = await call<OrganizationBody>(api, '/system-admin/organization/create', { name: '画像なし' }, systemAdmin.token);
      expect(withoutImage.body.profileImageSrc).toBeNull();
    });

    it('needs a non-empty organization name', async () => {
      expect(await call(api, '/system-admin/organization/create', { name: '  ' }, systemAdmin.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'NAME_REQUIRED' },
      });
      expect(await call(api, '/system-admin/organization/create', {}, systemAdmin.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'VALIDATION_FAILED' },
      });
    });

    it('creates a project with its preset roles in an organization and lists it', async () => {
      const { organization } = await createOrganization(api);
      const created = await call<ProjectBody>(
        api,
        '/system-admin/project/create',
        { organizationId: organization.id, name: '新規プロジェクト' },
        systemAdmin.token,
      );
      expect(created).toMatchObject({ status: 200, body: { name: '新規プロジェクト', organizationId: organization.id, productSettings: {} } });
      expect(created.body.roles.map((r) => r.key)).toEqual(['admin', 'member']);
      const all = await call<ProjectBody[]>(api, '/system-admin/project/listAll', undefined, systemAdmin.token);
      expect(all.body.map((p) => p.id)).toContain(created.body.id);
    });

    it('refuses a project in an unknown or malformed organization, or without a name', async () => {
      const { organization } = await createOrganization(api);
      expect(await call(api, '/system-admin/project/create', { organizationId: 'zzzzzzzz', name: 'x' }, systemAdmin.token)).toMatchObject({
        status: 404,
        body: { errorCode: 'NOT_FOUND' },
      });
      expect(await call(api, '/system-admin/project/create', { organizationId: 'bad', name: 'x' }, systemAdmin.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'INVALID_ID', message: 'Invalid id: bad' },
      });
      expect(await call(api, '/system-admin/project/create', { organizationId: organization.id, name: '' }, systemAdmin.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'NAME_REQUIRED' },
      });
    });
  });

  describe('KARTE mappings', () => {
    it('gets null, then upserts and replaces a project mapping', async () => {
      const { organization } = await createOrganization(api);
      const { project } = await createProject(api, organization.id);
      const none = await call(api, '/systemAdmin/projectKarteMapping/get', { projectId: project.id }, systemAdmin.token);
      expect(none).toMatchObject({ status: 200, body: null });
      const first = await call<{ createdAt: string }>(
        api,
        '/systemAdmin/projectKarteMapping/upsert',
        { projectId: project.id, karteProjectId: 'a'.repeat(24) },
        systemAdmin.token,
      );
      expect(first).toMatchObject({
        status: 200,
        body: { rtProjectId: project.id, karteProjectId: 'a'.repeat(24), createdById: systemAdmin.id, updatedById: systemAdmin.id },
      });
      const second = await call(api, '/systemAdmin/projectKarteMapping/upsert', { projectId: project.id, karteProjectId: 'B'.repeat(24) }, systemAdmin.token);
      expect(second).toMatchObject({ status: 200, body: { karteProjectId: 'B'.repeat(24), createdAt: first.body.createdAt } });
      expect((await call(api, '/systemAdmin/projectKarteMapping/get', { projectId: project.id }, systemAdmin.token)).body).toEqual(second.body);
      expect(Object.keys(second.body as object)).not.toContain('karteApiKey');
    });

    it('gets null, then upserts and replaces an organization mapping', async () => {
      const { organization } = await createOrganization(api);
      expect((await call(api, '/systemAdmin/organizationKarteMapping/get', { organizationId: organization.id }, systemAdmin.token)).body).toBeNull();
      const first = await call(
        api,
        '/systemAdmin/organizationKarteMapping/upsert',
        { organizationId: organization.id, karteOrganizationId: '0123456789abcdefABCDEF01' },
        systemAdmin.token,
      );
      expect(first).toMatchObject({ status: 200, body: { rtOrganizationId: organization.id, karteOrganizationId: '0123456789abcdefABCDEF01' } });
      await call(
        api,
        '/systemAdmin/organizationKarteMapping/upsert',
        { organizationId: organization.id, karteOrganizationId: 'Z'.repeat(24) },
        systemAdmin.token,
      );
      expect((await call(api, '/systemAdmin/organizationKarteMapping/get', { organizationId: organization.id }, systemAdmin.token)).body).toMatchObject({
        karteOrganizationId: 'Z'.repeat(24),
      });
    });

    it("refuses KARTE ids that are not 24 alphanumeric characters with 'Invalid id: ...', and unknown targets", async () => {
      const { organization } = await createOrganization(api);
      const { project } = await createProject(api, organization.id);
      for (const bad of ['a'.repeat(23), 'a'.repeat(25), `${'a'.repeat(23)}-`]) {
        expect(await call(api, '/systemAdmin/projectKarteMapping/upsert', { projectId: project.id, karteProjectId: bad }, systemAdmin.token)).toMatchObject({
          status: 400,
          body: { errorCode: 'INVALID_ID', message: `Invalid id: ${bad}` },
        });
        expect(
          await call(api, '/systemAdmin/organizationKarteMapping/upsert', { organizationId: organization.id, karteOrganizationId: bad }, systemAdmin.token),
        ).toMatchObject({
          status: 400,
          body: { errorCode: 'INVALID_ID', message: `Invalid id: ${bad}` },
        });
      }
      expect(
        await call(api, '/systemAdmin/projectKarteMapping/upsert', { projectId: 'zzzzzzzz', karteProjectId: 'a'.repeat(24) }, systemAdmin.token),
      ).toMatchObject({ status: 404 });
      expect(
        await call(api, '/systemAdmin/organizationKarteMapping/upsert', { organizationId: 'zzzzzzzz', karteOrganizationId: 'a'.repeat(24) }, systemAdmin.token),
      ).toMatchObject({ status: 404 });
    });
  });
});
