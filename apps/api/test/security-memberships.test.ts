import { ERROR_MESSAGES, PRODUCT_ERROR_NAME } from '@console/domain';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganizationWithProjects,
  createSystemAdmin,
  uniqueEmail,
  type AccountBody,
  type Caller,
  type InvitationBody,
  type InviteEntryBody,
  type MembershipBody,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, changeUserEmail, startApi, type CallResult, type TestApi } from './support/harness';
import { lockWaiters } from './support/lock-waits';

/**
 * Security of the membership writes: nobody changes their own roles (not by inviting their own
 * address, not by accepting an invitation they sent), and an organization never loses its last
 * admin (not even to two admins demoting each other at the same time).
 */
describe('membership security', () => {
  let api: TestApi;
  let systemAdmin: Caller;

  const OWN_ROLE_REFUSED = { name: PRODUCT_ERROR_NAME, errorCode: 'CANNOT_CHANGE_OWN_ROLE', message: ERROR_MESSAGES.CANNOT_CHANGE_OWN_ROLE };
  const LAST_ADMIN_REFUSED = { name: PRODUCT_ERROR_NAME, errorCode: 'LAST_ADMIN', message: '組織には少なくとも1人の管理者が必要です' };

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    systemAdmin = await createSystemAdmin(api);
  });

  afterAll(async () => {
    await api.close();
  });

  function invite(
    token: string,
    org: OrganizationWithProjectsFixture,
    emails: string[],
    props: { roleId: string; projects: { projectId: string; roleId: string }[] },
  ): Promise<CallResult<InviteEntryBody[]>> {
    return call<InviteEntryBody[]>(api, '/organization/inviteMembers', { organizationId: org.organization.id, emails, props }, token);
  }

  async function membershipIn(caller: Caller, org: OrganizationWithProjectsFixture): Promise<MembershipBody | undefined> {
    const account = await call<AccountBody>(api, '/account/get', undefined, caller.token);
    return account.body.memberships.find((m) => m.organizationId === org.organization.id);
  }

  async function openInvitationEmails(org: OrganizationWithProjectsFixture): Promise<string[]> {
    const list = await call<InvitationBody[]>(api, '/invitation/listInOrganization', { organizationId: org.organization.id }, systemAdmin.token);
    return list.body.map((i) => i.email);
  }

  async function adminIds(org: OrganizationWithProjectsFixture): Promise<string[]> {
    const rows = await api.app
      .get(DataSource)
      .query<{ account_id: string }[]>(`SELECT account_id FROM organization_memberships WHERE organization_id = $1 AND role_id = $2 ORDER BY account_id`, [
        org.organization.id,
        org.adminRole.id,
      ]);
    return rows.map((r) => r.account_id);
  }

  describe('nobody changes their own role through an invitation', () => {
    let org: OrganizationWithProjectsFixture;
    let admin: Caller;
    let member: Caller;

    beforeAll(async () => {
      org = await createOrganizationWithProjects(api, 'セキュリティ招待組織');
      [admin, member] = await Promise.all([createCaller(api), createCaller(api)]);
      await addOrganizationMember(api, admin.id, org, 'admin');
      await addProjectMember(api, admin.id, org.projects[0]!, 'member');
      await addOrganizationMember(api, member.id, org, 'member');
    });

    it('refuses an organization admin inviting their own address with an admin project role, and grants nothing', async () => {
      const [p0, p1] = org.projects;
      const before = await membershipIn(admin, org);
      const result = await invite(admin.token, org, [admin.user.email.toUpperCase()], {
        roleId: org.adminRole.id,
        projects: [
          { projectId: p0!.project.id, roleId: p0!.adminRole.id },
          { projectId: p1!.project.id, roleId: p1!.adminRole.id },
        ],
      });
      expect(result).toMatchObject({ status: 403, body: OWN_ROLE_REFUSED });
      expect(await membershipIn(admin, org)).toEqual(before);
      expect(before?.projects).toEqual([{ projectId: p0!.project.id, roleId: p0!.memberRole.id }]);
      expect(await openInvitationEmails(org)).not.toContain(admin.user.email);
    });

    it('refuses the whole call when the own address is among others: nobody is invited', async () => {
      const other = uniqueEmail('bystander');
      const result = await invite(admin.token, org, [other, admin.user.email], { roleId: org.memberRole.id, projects: [] });
      expect(result).toMatchObject({ status: 403, body: OWN_ROLE_REFUSED });
      expect(await openInvitationEmails(org)).not.toContain(other);
    });

    it('refuses a system administrator inviting their own address with the organization admin role', async () => {
      const result = await invite(systemAdmin.token, org, [systemAdmin.user.email], {
        roleId: org.adminRole.id,
        projects: [{ projectId: org.projects[0]!.project.id, roleId: org.projects[0]!.adminRole.id }],
      });
      expect(result).toMatchObject({ status: 403, body: OWN_ROLE_REFUSED });
      expect(await membershipIn(systemAdmin, org)).toBeUndefined();
      expect(await openInvitationEmails(org)).not.toContain(systemAdmin.user.email);
    });

    it('refuses accepting an invitation one sent, even after taking the invited address', async () => {
      const inviter = await createSystemAdmin(api);
      const address = uniqueEmail('taken', api.config.companyMailDomain).toLowerCase();
      const sent = await invite(inviter.token, org, [address], {
        roleId: org.adminRole.id,
        projects: [{ projectId: org.projects[1]!.project.id, roleId: org.projects[1]!.adminRole.id }],
      });
      const invitation = sent.body[0]?.invitation;
      expect(invitation).toMatchObject({ email: address, createdById: inviter.id, status: 'pending' });

      const token = await changeUserEmail(inviter.token, address);
      expect(await call(api, '/account/updateEmail', undefined, token)).toMatchObject({ status: 200, body: { email: address } });
      const accepted = await call(api, '/invitation/accept', { invitationId: invitation!.id }, token);
      expect(accepted).toMatchObject({ status: 403, body: OWN_ROLE_REFUSED });
      const account = await call<AccountBody>(api, '/account/get', undefined, token);
      expect(account.body.memberships).toEqual([]);
      expect(await openInvitationEmails(org)).toContain(address);
    });

    it('accepting never changes a membership the account already has', async () => {
      const invitee = await createCaller(api, uniqueEmail('already'));
      const sent = await invite(admin.token, org, [invitee.user.email], {
        roleId: org.adminRole.id,
        projects: [{ projectId: org.projects[0]!.project.id, roleId: org.projects[0]!.adminRole.id }],
      });
      await addOrganizationMember(api, invitee.id, org, 'member');
      const accepted = await call(api, '/invitation/accept', { invitationId: sent.body[0]!.invitation!.id }, invitee.token);
      expect(accepted).toMatchObject({ status: 409, body: { errorCode: 'ALREADY_ORGANIZATION_MEMBER' } });
      expect(await membershipIn(invitee, org)).toEqual({ organizationId: org.organization.id, roleId: org.memberRole.id, projects: [] });
    });

    it('still invites others: a new address accepts the invited roles, an existing member gets the missing projects', async () => {
      const [p0, p1] = org.projects;
      const invitee = await createCaller(api, uniqueEmail('welcome'));
      const props = { roleId: org.adminRole.id, projects: [{ projectId: p1!.project.id, roleId: p1!.adminRole.id }] };
      const sent = await invite(admin.token, org, [invitee.user.email, member.user.email], props);
      expect(sent.status).toBe(200);
      const [forInvitee, forMember] = sent.body;
      expect(forInvitee?.invitation).toMatchObject({ email: invitee.user.email, createdById: admin.id });
      expect(forMember?.account?.memberships).toEqual([
        { organizationId: org.organization.id, roleId: org.memberRole.id, projects: [{ projectId: p1!.project.id, roleId: p1!.adminRole.id }] },
      ]);

      const accepted = await call<AccountBody>(api, '/invitation/accept', { invitationId: forInvitee!.invitation!.id }, invitee.token);
      expect(accepted.status).toBe(200);
      expect(accepted.body.memberships).toEqual([
        { organizationId: org.organization.id, roleId: org.adminRole.id, projects: [{ projectId: p1!.project.id, roleId: p1!.adminRole.id }] },
      ]);
      // The admin's own roles are what they were.
      expect(await membershipIn(admin, org)).toEqual({
        organizationId: org.organization.id,
        roleId: org.adminRole.id,
        projects: [{ projectId: p0!.project.id, roleId: p0!.memberRole.id }],
      });
    });
  });

  describe('the last admin of an organization', () => {
    const demote = (operator: Caller, accountId: string, org: OrganizationWithProjectsFixture) =>
      call<AccountBody>(
        api,
        '/account/assignOrganizationRole',
        { accountId, props: { organizationId: org.organization.id, roleId: org.memberRole.id } },
        operator.token,
      );
    const remove = (operator: Caller, accountId: string, org: OrganizationWithProjectsFixture) =>
      call<AccountBody>(api, '/organization/removeMember', { organizationId: org.organization.id, accountId }, operator.token);

    /** An organization whose admins are `adminCount` new accounts, with one more account as a member. */
    async function organizationWithAdmins(adminCount: number): Promise<{ org: OrganizationWithProjectsFixture; admins: Caller[]; member: Caller }> {
      const org = await createOrganizationWithProjects(api, '管理者テスト組織', 0);
      const callers = await Promise.all(Array.from({ length: adminCount + 1 }, () => createCaller(api)));
      const admins = callers.slice(0, adminCount);
      const member = callers[adminCount]!;
      for (const admin of admins) await addOrganizationMember(api, admin.id, org, 'admin');
      await addOrganizationMember(api, member.id, org, 'member');
      return { org, admins, member };
    }

    it('is neither removed nor demoted: 409 LAST_ADMIN with the error body, and nothing changes', async () => {
      const { org, admins, member } = await organizationWithAdmins(1);
      const only = admins[0]!;
      const removed = await remove(systemAdmin, only.id, org);
      expect(removed.status).toBe(409);
      expect(removed.body).toEqual(LAST_ADMIN_REFUSED);
      const demoted = await demote(systemAdmin, only.id, org);
      expect(demoted.status).toBe(409);
      expect(demoted.body).toEqual(LAST_ADMIN_REFUSED);
      expect(await adminIds(org)).toEqual([only.id]);

      // Other members still come and go, and the admin role can be given again.
      expect((await demote(only, member.id, org)).status).toBe(200);
      expect(
        (
          await call(
            api,
            '/account/assignOrganizationRole',
            { accountId: only.id, props: { organizationId: org.organization.id, roleId: org.adminRole.id } },
            systemAdmin.token,
          )
        ).status,
      ).toBe(200);
      expect((await remove(systemAdmin, member.id, org)).status).toBe(200);
      expect(await adminIds(org)).toEqual([only.id]);
    });

    it('can go once another admin exists: promoting, demoting and removing admins still work', async () => {
      const { org, admins, member } = await organizationWithAdmins(2);
      const [first, second] = admins as [Caller, Caller];
      expect((await demote(first, second.id, org)).status).toBe(200);
      expect(await demote(systemAdmin, first.id, org)).toMatchObject({ status: 409, body: LAST_ADMIN_REFUSED });
      const promoted = await call<AccountBody>(
        api,
        '/account/assignOrganizationRole',
        { accountId: member.id, props: { organizationId: org.organization.id, roleId: org.adminRole.id } },
        first.token,
      );
      expect(promoted.body.memberships).toEqual([{ organizationId: org.organization.id, roleId: org.adminRole.id, projects: [] }]);
      expect((await remove(member, first.id, org)).status).toBe(200);
      expect(await adminIds(org)).toEqual([member.id]);
    });

    it('has no admins to lose in an organization without any: members can still be removed', async () => {
      const { org, member } = await organizationWithAdmins(0);
      expect((await remove(systemAdmin, member.id, org)).status).toBe(200);
    });

    /**
     * Holds row locks on every membership of the organization (a separate connection) while both
     * calls are sent, until both wait for a lock (the first for them, the other for the
     * organization's lock the first one holds); then lets them run.
     */
    async function race(org: OrganizationWithProjectsFixture, calls: (() => Promise<CallResult<unknown>>)[]): Promise<CallResult<unknown>[]> {
      const blocker = new Client({ connectionString: process.env.DATABASE_URL });
      await blocker.connect();
      try {
        await blocker.query('BEGIN');
        await blocker.query('SELECT 1 FROM organization_memberships WHERE organization_id = $1 FOR UPDATE', [org.organization.id]);
        const pending = calls.map((send) => send());
        const deadline = Date.now() + 15_000;
        for (;;) {
          if ((await lockWaiters(blocker)).length >= calls.length) break;
          if (Date.now() > deadline) throw new Error('the calls never waited for the locked memberships');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await blocker.query('COMMIT');
        return await Promise.all(pending);
      } finally {
        await blocker.end();
      }
    }

    it.each([
      ['demote each other', 'demote'],
      ['one demotes while the other removes', 'remove'],
    ] as const)(
      'survives its two last admins acting at the same time (%s): one call succeeds, the other is refused, as it is no longer an admin when its turn comes',
      async (_name, second) => {
        const { org, admins } = await organizationWithAdmins(2);
        const [a, b] = admins as [Caller, Caller];
        const results = await race(org, [() => demote(a, b.id, org), () => (second === 'demote' ? demote(b, a.id, org) : remove(b, a.id, org))]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
        expect(results.find((r) => r.status === 403)?.body).toMatchObject({ name: PRODUCT_ERROR_NAME, errorCode: 'FORBIDDEN' });
        expect(await adminIds(org)).toHaveLength(1);
      },
    );

    it('survives a system administrator demoting one of its two last admins while removing the other: one call succeeds, the other answers LAST_ADMIN', async () => {
      const { org, admins } = await organizationWithAdmins(2);
      const [a, b] = admins as [Caller, Caller];
      const results = await race(org, [() => demote(systemAdmin, a.id, org), () => remove(systemAdmin, b.id, org)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)?.body).toEqual(LAST_ADMIN_REFUSED);
      expect(await adminIds(org)).toHaveLength(1);
    });
  });
});
