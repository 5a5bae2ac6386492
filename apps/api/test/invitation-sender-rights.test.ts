import { ERROR_MESSAGES } from '@console/domain';
import { randomBytes } from 'node:crypto';
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
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

/**
 * An invitation grants no more than its sender may still grant: demoting or removing a member
 * cancels the pending invitations they sent that they could no longer send (one audit event each,
 * in the request of the change), and accepting asks the sender's rights again, as they are then.
 */
describe('an invitation grants no more than its sender may still grant', () => {
  let api: TestApi;
  let db: DataSource;
  let org: OrganizationWithProjectsFixture;
  /** An admin who stays one: it demotes and removes the others. */
  let owner: Caller;
  let systemAdmin: Caller;

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    db = api.app.get(DataSource);
    org = await createOrganizationWithProjects(api, '送信者の権限テスト組織', 2);
    [owner, systemAdmin] = await Promise.all([createCaller(api), createSystemAdmin(api)]);
    await addOrganizationMember(api, owner.id, org, 'admin');
  });

  afterAll(async () => {
    await api.close();
  });

  const p1 = () => org.projects[0]!;
  const p2 = () => org.projects[1]!;
  const requestId = () => `sender-rights-${randomBytes(6).toString('hex')}`;

  /** An account that is an admin of the organization (and of P1 when asked). */
  async function organizationAdmin(alsoAdminOfP1 = false): Promise<Caller> {
    const caller = await createCaller(api);
    await addOrganizationMember(api, caller.id, org, 'admin');
    if (alsoAdminOfP1) await addProjectMember(api, caller.id, p1(), 'admin');
    return caller;
  }

  /** An organization member who administers P1. */
  async function projectAdminOfP1(): Promise<Caller> {
    const caller = await createCaller(api);
    await addOrganizationMember(api, caller.id, org, 'member');
    await addProjectMember(api, caller.id, p1(), 'admin');
    return caller;
  }

  async function invite(
    sender: Caller,
    props: { roleId: string; projects: { projectId: string; roleId: string }[] },
    email = uniqueEmail('invitee'),
  ): Promise<InvitationBody> {
    const sent = await call<InviteEntryBody[]>(
      api,
      '/organization/inviteMembers',
      { organizationId: org.organization.id, emails: [email], props },
      sender.token,
    );
    expect(sent.status).toBe(200);
    const invitation = sent.body[0]?.invitation;
    if (!invitation) throw new Error(`not invited: ${JSON.stringify(sent.body)}`);
    return invitation;
  }

  const asAdmin = () => ({ roleId: org.adminRole.id, projects: [] });
  const asMemberIntoP1 = () => ({ roleId: org.memberRole.id, projects: [{ projectId: p1().project.id, roleId: p1().adminRole.id }] });

  async function statusOf(invitationId: string): Promise<{ status: string; cancelledById: string | null }> {
    const [row] = await db.query<{ status: string; cancelledById: string | null }[]>(
      `SELECT CASE WHEN accepted_at IS NOT NULL THEN 'accepted' WHEN cancelled_at IS NOT NULL THEN 'cancelled' ELSE 'pending' END AS status, cancelled_by_id AS "cancelledById" FROM invitations WHERE id = $1`,
      [invitationId],
    );
    return row!;
  }

  /** The events of a request: action and target, the membership change first, then the cancellations by invitation id. */
  async function eventsOf(request: string): Promise<[string, string][]> {
    const rows = await db.query<{ action: string; target_id: string }[]>(
      `SELECT action, target_id FROM audit_events WHERE request_id = $1 ORDER BY action LIKE 'invitation.%', target_id`,
      [request],
    );
    return rows.map((r) => [r.action, r.target_id]);
  }

  const byId = <T extends { id: string }>(items: readonly T[]): T[] => [...items].sort((a, b) => (a.id < b.id ? -1 : 1));

  describe('demoting or removing a member cancels the invitations it may no longer send', () => {
    it('an admin demoted to member: its admin invitation is cancelled with the demotion, and can no longer be accepted', async () => {
      const sender = await organizationAdmin();
      const invitee = await createCaller(api, uniqueEmail('invitee'));
      const invitation = await invite(sender, asAdmin(), invitee.user.email);
      const request = requestId();
      const demoted = await call<AccountBody>(
        api,
        '/account/assignOrganizationRole',
        { accountId: sender.id, props: { organizationId: org.organization.id, roleId: org.memberRole.id } },
        owner.token,
        { 'x-request-id': request },
      );
      expect(demoted.status).toBe(200);
      expect(await statusOf(invitation.id)).toEqual({ status: 'cancelled', cancelledById: owner.id });
      expect(await eventsOf(request)).toEqual([
        ['membership.assignOrganizationRole', sender.id],
        ['invitation.cancel', invitation.id],
      ]);
      const accepted = await call(api, '/invitation/accept', { invitationId: invitation.id }, invitee.token);
      expect(accepted).toMatchObject({ status: 409, body: { errorCode: 'INVITATION_INVALID' } });
      const memberships = await db.query<unknown[]>(`SELECT 1 FROM organization_memberships WHERE account_id = $1`, [invitee.id]);
      expect(memberships).toEqual([]);
    });

    it('cancels only what the sender may no longer send: a demoted admin of P1 keeps its invitation into P1 as organization member', async () => {
      const sender = await organizationAdmin(true);
      const [admin, intoP1, intoP2] = [
        await invite(sender, asAdmin()),
        await invite(sender, asMemberIntoP1()),
        await invite(sender, { roleId: org.memberRole.id, projects: [{ projectId: p2().project.id, roleId: p2().memberRole.id }] }),
      ];
      const others = await invite(owner, asAdmin());
      const request = requestId();
      const demoted = await call(
        api,
        '/account/assignOrganizationRole',
        { accountId: sender.id, props: { organizationId: org.organization.id, roleId: org.memberRole.id } },
        owner.token,
        { 'x-request-id': request },
      );
      expect(demoted.status).toBe(200);
      expect((await statusOf(admin.id)).status).toBe('cancelled');
      expect((await statusOf(intoP2.id)).status).toBe('cancelled');
      expect((await statusOf(intoP1.id)).status).toBe('pending');
      expect((await statusOf(others.id)).status).toBe('pending');
      expect(await eventsOf(request)).toEqual([
        ['membership.assignOrganizationRole', sender.id],
        ...byId([admin, intoP2]).map((i) => ['invitation.cancel', i.id]),
      ]);
    });

    it('a project admin demoted in its project: its invitations into that project are cancelled', async () => {
      const sender = await projectAdminOfP1();
      const invitation = await invite(sender, asMemberIntoP1());
      const request = requestId();
      const demoted = await call(
        api,
        '/account/assignProjectRole',
        { accountId: sender.id, organizationId: org.organization.id, props: { projectId: p1().project.id, roleId: p1().memberRole.id } },
        owner.token,
        { 'x-request-id': request },
      );
      expect(demoted.status).toBe(200);
      expect(await eventsOf(request)).toEqual([
        ['membership.assignProjectRole', sender.id],
        ['invitation.cancel', invitation.id],
      ]);
      expect((await statusOf(invitation.id)).status).toBe('cancelled');
    });

    it('a project admin removed from its project, and an admin removed from the organization: all their invitations are cancelled', async () => {
      const projectSender = await projectAdminOfP1();
      const intoP1 = await invite(projectSender, asMemberIntoP1());
      let request = requestId();
      expect(
        (await call(api, '/project/removeMember', { projectId: p1().project.id, accountId: projectSender.id }, owner.token, { 'x-request-id': request }))
          .status,
      ).toBe(200);
      expect(await eventsOf(request)).toEqual([
        ['membership.removeFromProject', projectSender.id],
        ['invitation.cancel', intoP1.id],
      ]);

      const sender = await organizationAdmin(true);
      const sent = [await invite(sender, asAdmin()), await invite(sender, asMemberIntoP1())];
      request = requestId();
      expect(
        (await call(api, '/organization/removeMember', { organizationId: org.organization.id, accountId: sender.id }, owner.token, { 'x-request-id': request }))
          .status,
      ).toBe(200);
      expect(await eventsOf(request)).toEqual([['membership.removeFromOrganization', sender.id], ...byId(sent).map((i) => ['invitation.cancel', i.id])]);
      for (const invitation of sent) expect((await statusOf(invitation.id)).status).toBe('cancelled');
    });

    it('leaves a system administrator’s invitations when it leaves the organization, and expired invitations alone', async () => {
      const admin = await createSystemAdmin(api);
      await addOrganizationMember(api, admin.id, org, 'admin');
      const bySystemAdmin = await invite(admin, asAdmin());
      const sender = await organizationAdmin();
      const expired = await invite(sender, asAdmin());
      await db.query(`UPDATE invitations SET created_at = now() - interval '8 days' WHERE id = $1`, [expired.id]);
      expect((await call(api, '/organization/removeMember', { organizationId: org.organization.id, accountId: admin.id }, owner.token)).status).toBe(200);
      expect((await call(api, '/organization/removeMember', { organizationId: org.organization.id, accountId: sender.id }, owner.token)).status).toBe(200);
      expect((await statusOf(bySystemAdmin.id)).status).toBe('pending');
      expect((await statusOf(expired.id)).status).toBe('pending');
    });
  });

  describe('accepting asks the sender’s rights again, as they are now', () => {
    it('refuses with INVITER_LACKS_RIGHTS and cancels the invitation when the sender lost its rights without a cancellation (system administration revoked)', async () => {
      const admin = await createSystemAdmin(api);
      const invitee = await createCaller(api, uniqueEmail('invitee'));
      const invitation = await invite(admin, asAdmin(), invitee.user.email);
      const revoked = await call(api, '/systemAdmin/account/updateIsSystemAdmin', { email: admin.user.email, isSystemAdmin: false }, systemAdmin.token);
      expect(revoked.status).toBe(200);
      expect((await statusOf(invitation.id)).status).toBe('pending');

      const request = requestId();
      const refused = await call(api, '/invitation/accept', { invitationId: invitation.id }, invitee.token, { 'x-request-id': request });
      expect(refused).toMatchObject({
        status: 409,
        body: { name: 'ConsoleError', errorCode: 'INVITER_LACKS_RIGHTS', message: ERROR_MESSAGES.INVITER_LACKS_RIGHTS },
      });
      // Cancelled: a second attempt finds an invalid invitation.
      expect(await call(api, '/invitation/accept', { invitationId: invitation.id }, invitee.token)).toMatchObject({
        status: 409,
        body: { errorCode: 'INVITATION_INVALID' },
      });
      expect(await statusOf(invitation.id)).toEqual({ status: 'cancelled', cancelledById: invitee.id });
      expect(await eventsOf(request)).toEqual([['invitation.cancel', invitation.id]]);
      expect(await db.query<unknown[]>(`SELECT 1 FROM organization_memberships WHERE account_id = $1`, [invitee.id])).toEqual([]);
    });

    it('refuses an admin invitation whose sender is no longer an admin, and accepts one it may still send', async () => {
      const sender = await organizationAdmin(true);
      const [first, second] = [await createCaller(api, uniqueEmail('invitee')), await createCaller(api, uniqueEmail('invitee'))];
      const asAdminInvitation = await invite(sender, asAdmin(), first.user.email);
      const intoP1 = await invite(sender, asMemberIntoP1(), second.user.email);
      // As a demotion racing the invitation would leave it: the sender's role changed without the cascade.
      await db.query(`UPDATE organization_memberships SET role_id = $1 WHERE account_id = $2 AND organization_id = $3`, [
        org.memberRole.id,
        sender.id,
        org.organization.id,
      ]);
      const refused = await call(api, '/invitation/accept', { invitationId: asAdminInvitation.id }, first.token, { 'accept-language': 'en' });
      expect(refused).toMatchObject({
        status: 409,
        body: { errorCode: 'INVITER_LACKS_RIGHTS', message: 'The person who invited you can no longer grant these roles, so the invitation was cancelled' },
      });
      expect((await statusOf(asAdminInvitation.id)).status).toBe('cancelled');
      // Still an admin of P1: it may invite into P1 as organization member.
      const accepted = await call<AccountBody>(api, '/invitation/accept', { invitationId: intoP1.id }, second.token);
      expect(accepted.status).toBe(200);
      expect(accepted.body.memberships).toEqual([{ organizationId: org.organization.id, ...asMemberIntoP1() }]);
    });

    it('refuses an invitation whose sender’s account is gone', async () => {
      const sender = await organizationAdmin();
      const invitee = await createCaller(api, uniqueEmail('invitee'));
      const invitation = await invite(sender, asAdmin(), invitee.user.email);
      await db.query(`DELETE FROM organization_memberships WHERE account_id = $1`, [sender.id]);
      await db.query(`UPDATE invitations SET created_by_id = 'gone000000' WHERE id = $1`, [invitation.id]);
      expect(await call(api, '/invitation/accept', { invitationId: invitation.id }, invitee.token)).toMatchObject({
        status: 409,
        body: { errorCode: 'INVITER_LACKS_RIGHTS' },
      });
    });
  });
});
