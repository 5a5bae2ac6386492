import { DataSource } from 'typeorm';
import {
  addOrganizationMember,
  createCaller,
  createOrganizationWithProjects,
  createSystemAdmin,
  insertAccounts,
  uniqueEmail,
  type AccountBody,
  type Caller,
  type ErrorBodyShape,
  type InviteEntryBody,
  type OrganizationBody,
  type OrganizationWithProjectsFixture,
  type ProjectBody,
} from './support/fixtures';
import { call, signUpUser, startApi, type CallResult, type TestApi } from './support/harness';

describe('reliability of invitations and writes', () => {
  let api: TestApi;
  let org: OrganizationWithProjectsFixture;
  let admin: Caller;
  let systemAdmin: Caller;

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    org = await createOrganizationWithProjects(api, '信頼性テスト組織', 1);
    admin = await createCaller(api);
    await addOrganizationMember(api, admin.id, org, 'admin');
    systemAdmin = await createSystemAdmin(api);
  });
  afterAll(async () => {
    await api.close();
  });

  const props = () => ({ roleId: org.memberRole.id, projects: [{ projectId: org.projects[0]!.project.id, roleId: org.projects[0]!.memberRole.id }] });

  function invite(emails: string[], headers: Record<string, string> = {}, token = admin.token): Promise<CallResult<InviteEntryBody[]>> {
    return call<InviteEntryBody[]>(api, '/organization/inviteMembers', { organizationId: org.organization.id, emails, props: props() }, token, headers);
  }

  /** Open invitations of the address to the organization, and invitation e-mails queued for any of its invitations. */
  async function countsFor(email: string): Promise<{ open: number; mails: number }> {
    const [row] = await api.app.get(DataSource).query<{ open: number; mails: number }[]>(
      `SELECT (SELECT count(*)::int FROM invitations WHERE organization_id = $1 AND email = $2 AND accepted_at IS NULL AND cancelled_at IS NULL) AS open,
              (SELECT count(*)::int FROM email_outbox o JOIN invitations i ON o.kind = 'invitation' AND o.reference_id = i.id WHERE i.organization_id = $1 AND i.email = $2) AS mails`,
      [org.organization.id, email],
    );
    return row!;
  }

  describe('one open invitation per address and organization', () => {
    it('gives one open invitation and one e-mail for 10 concurrent invitations of one address', async () => {
      const email = uniqueEmail('concurrent');
      const results = await Promise.all(Array.from({ length: 10 }, () => invite([email])));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      const ids = new Set(results.map((r) => r.body[0]?.invitation?.id));
      const counts = await countsFor(email);
      console.log(
        `10 concurrent invitations of one address: ${counts.open} open invitation(s), ${counts.mails} queued e-mail(s), ${ids.size} distinct invitation id(s) answered`,
      );
      expect(counts).toEqual({ open: 1, mails: 1 });
      expect(ids.size).toBe(1);
      expect([...ids][0]).toEqual(expect.any(String));
    });

    it('gives one invitation for two invitations of one address within the duplicate window', async () => {
      const email = uniqueEmail('double');
      const first = (await invite([email])).body[0]!.invitation!;
      const second = (await invite([email])).body[0]!.invitation!;
      expect(second.id).toBe(first.id);
      expect(await countsFor(email)).toEqual({ open: 1, mails: 1 });
    });

    it('still replaces the open invitation, with a new e-mail, when the address is invited again afterwards', async () => {
      const email = uniqueEmail('again');
      const first = (await invite([email])).body[0]!.invitation!;
      await api.app.get(DataSource).query(`UPDATE invitations SET created_at = now() - interval '1 minute' WHERE id = $1`, [first.id]);
      const second = (await invite([email])).body[0]!.invitation!;
      expect(second.id).not.toBe(first.id);
      const rows = await api.app
        .get(DataSource)
        .query<{ id: string; cancelled: boolean }[]>(
          `SELECT id, cancelled_at IS NOT NULL AS cancelled FROM invitations WHERE id = ANY($1) ORDER BY created_at`,
          [[first.id, second.id]],
        );
      expect(rows).toEqual([
        { id: first.id, cancelled: true },
        { id: second.id, cancelled: false },
      ]);
      expect(await countsFor(email)).toEqual({ open: 1, mails: 2 });
    });

    it('replaces an expired invitation that nobody cancelled', async () => {
      const email = uniqueEmail('expired');
      const first = (await invite([email])).body[0]!.invitation!;
      await api.app.get(DataSource).query(`UPDATE invitations SET created_at = now() - interval '8 days' WHERE id = $1`, [first.id]);
      const second = await invite([email]);
      expect(second.body[0]!.invitation).toMatchObject({ status: 'pending' });
      expect(second.body[0]!.invitation!.id).not.toBe(first.id);
      expect(await countsFor(email)).toEqual({ open: 1, mails: 2 });
    });

    it('refuses a second open invitation of one address at the database', async () => {
      const email = uniqueEmail('index');
      const first = (await invite([email])).body[0]!.invitation!;
      await expect(
        api.app
          .get(DataSource)
          .query(
            `INSERT INTO invitations (id, organization_id, email, role_id, expired_in, created_by_id) SELECT reverse(id), organization_id, email, role_id, expired_in, created_by_id FROM invitations WHERE id = $1`,
            [first.id],
          ),
      ).rejects.toMatchObject({ driverError: { code: '23505', constraint: 'invitations_one_open_idx' } });
    });
  });

  describe('Idempotency-Key', () => {
    it('replays /organization/inviteMembers retried with the same key: same answer, one invitation, one e-mail', async () => {
      const email = uniqueEmail('retry');
      const key = `invite-${email}`;
      const first = await invite([email], { 'Idempotency-Key': key });
      const retry = await invite([email], { 'Idempotency-Key': key });
      expect(first.status).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(retry.status).toBe(first.status);
      expect(retry.body).toEqual(first.body);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      const counts = await countsFor(email);
      console.log(`inviteMembers sent twice with one Idempotency-Key: ${counts.open} open invitation(s), ${counts.mails} queued e-mail(s)`);
      expect(counts).toEqual({ open: 1, mails: 1 });
    });

    it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body, and runs nothing', async () => {
      const email = uniqueEmail('reused');
      const other = uniqueEmail('reused-other');
      const key = `reuse-${email}`;
      expect((await invite([email], { 'Idempotency-Key': key })).status).toBe(200);
      const reused = await invite([other], { 'Idempotency-Key': key });
      expect(reused.status).toBe(422);
      expect(reused.body).toEqual({
        name: 'ConsoleError',
        errorCode: 'IDEMPOTENCY_KEY_REUSED',
        message: 'The Idempotency-Key was already used for a different request',
      });
      expect(await countsFor(other)).toEqual({ open: 0, mails: 0 });
    });

    it('runs concurrent calls with one key once: the others answer 409 CONFLICT or the replay', async () => {
      const email = uniqueEmail('same-key');
      const key = `concurrent-${email}`;
      const results = await Promise.all(Array.from({ length: 6 }, () => invite([email], { 'Idempotency-Key': key })));
      const ok = results.filter((r) => r.status === 200);
      const conflicts = results.filter((r) => r.status === 409);
      expect(ok.length + conflicts.length).toBe(6);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const r of ok) expect(r.body).toEqual(ok[0]!.body);
      for (const r of conflicts)
        expect(r.body).toMatchObject<ErrorBodyShape>({ name: 'ConsoleError', errorCode: 'CONFLICT', message: expect.any(String) as string });
      expect(await countsFor(email)).toEqual({ open: 1, mails: 1 });
      const retry = await invite([email], { 'Idempotency-Key': key });
      expect(retry.body).toEqual(ok[0]!.body);
    });

    it('frees the key of a failed call, so that its corrected retry runs', async () => {
      const email = uniqueEmail('failed');
      const key = `failed-${email}`;
      const failed = await call(
        api,
        '/organization/inviteMembers',
        { organizationId: org.organization.id, emails: [email], props: { roleId: 'bad', projects: [] } },
        admin.token,
        { 'Idempotency-Key': key },
      );
      expect(failed.status).toBe(400);
      const retry = await invite([email], { 'Idempotency-Key': key });
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(await countsFor(email)).toEqual({ open: 1, mails: 1 });
    });

    it('refuses a malformed key', async () => {
      const result = await invite([uniqueEmail('bad-key')], { 'Idempotency-Key': 'x'.repeat(256) });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ name: 'ConsoleError', errorCode: 'VALIDATION_FAILED' });
    });

    it('replays /system-admin/organization/create and /system-admin/project/create retried with the same key, per account', async () => {
      const name = `冪等組織 ${uniqueEmail('org')}`;
      const key = `create-${uniqueEmail('key')}`;
      const createOrganization = (caller: Caller) =>
        call<OrganizationBody>(api, '/system-admin/organization/create', { name }, caller.token, { 'Idempotency-Key': key });
      const first = await createOrganization(systemAdmin);
      const retry = await createOrganization(systemAdmin);
      expect(first.status).toBe(200);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      const countOrganizations = async () =>
        (await api.app.get(DataSource).query<{ n: number }[]>(`SELECT count(*)::int AS n FROM organizations WHERE name = $1`, [name]))[0]!.n;
      expect(await countOrganizations()).toBe(1);
      // Keys are per account: another administrator's call with the same key runs.
      const otherAdmin = await createSystemAdmin(api);
      const byOther = await createOrganization(otherAdmin);
      expect(byOther.status).toBe(200);
      expect(byOther.body.id).not.toBe(first.body.id);
      expect(await countOrganizations()).toBe(2);

      const projectName = `冪等プロジェクト ${key}`;
      const createProject = () =>
        call<ProjectBody>(api, '/system-admin/project/create', { organizationId: first.body.id, name: projectName }, systemAdmin.token, {
          'Idempotency-Key': key,
        });
      const project = await createProject();
      const projectRetry = await createProject();
      expect(project.status).toBe(200);
      expect(projectRetry.body).toEqual(project.body);
      expect((await api.app.get(DataSource).query<{ n: number }[]>(`SELECT count(*)::int AS n FROM projects WHERE name = $1`, [projectName]))[0]!.n).toBe(1);
    });

    it('replays /account/create retried with the same key', async () => {
      const user = await signUpUser(uniqueEmail('signup'));
      const first = await call<AccountBody>(api, '/account/create', undefined, user.idToken, { 'Idempotency-Key': 'signup' });
      const retry = await call<AccountBody>(api, '/account/create', undefined, user.idToken, { 'Idempotency-Key': 'signup' });
      expect(first.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect((await api.app.get(DataSource).query<{ n: number }[]>(`SELECT count(*)::int AS n FROM accounts WHERE email = $1`, [user.email]))[0]!.n).toBe(1);
    });
  });

  describe('races answer 409 or 404, never 500', () => {
    it('removes members while they are given a project role', async () => {
      const rounds = 20;
      const members = await insertAccounts(api, rounds);
      const statuses: number[] = [];
      const failures: CallResult<unknown>[] = [];
      for (const member of members) {
        await addOrganizationMember(api, member.id, org, 'member');
        const results = await Promise.all([
          call(api, '/organization/removeMember', { organizationId: org.organization.id, accountId: member.id }, admin.token),
          call(
            api,
            '/account/assignProjectRole',
            {
              accountId: member.id,
              organizationId: org.organization.id,
              props: { projectId: org.projects[0]!.project.id, roleId: org.projects[0]!.memberRole.id },
            },
            admin.token,
          ),
        ]);
        for (const r of results) {
          statuses.push(r.status);
          if (r.status !== 200) failures.push(r);
        }
      }
      const tally = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
      const codes = failures.reduce<Record<string, number>>((acc, r) => {
        const code = (r.body as { errorCode?: string }).errorCode ?? 'none';
        return { ...acc, [code]: (acc[code] ?? 0) + 1 };
      }, {});
      console.log(
        `remove member ∥ assign project role, ${rounds} rounds: answers by status ${JSON.stringify(tally)}, refusals by code ${JSON.stringify(codes)}`,
      );
      expect(statuses).not.toContain(500);
      for (const r of failures) {
        expect([404, 409]).toContain(r.status);
        expect(r.body).toMatchObject({ name: 'ConsoleError', errorCode: expect.any(String) as string, message: expect.any(String) as string });
      }
    });
  });
});
