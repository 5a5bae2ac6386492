import { INVITATION_LIFETIME_SECONDS, isValidId } from '@console/domain';
import { DataSource } from 'typeorm';
import { EmailOutboxRepository } from '../src/modules/mail/email-outbox.repository';
import { InvitationService } from '../src/modules/invitation/invitation.service';
import { call, type TestApi, startApi } from './support/harness';
import { addMember, createAccount, createOrganization, uniqueEmail, type AccountFixture, type OrganizationFixture } from './support/organization-fixtures';

interface Invitation {
  id: string;
  expiredIn: number;
  email: string;
  canBeSuperAdmin: boolean;
  membership: { organizationId: string; roleId: string; projects: { projectId: string; roleId: string }[] };
  status: string;
  createdById: string;
  createdAt: string;
}

interface Account {
  id: string;
  email: string;
  memberships: { organizationId: string; roleId: string; projects: { projectId: string; roleId: string }[] }[];
}

interface Entry {
  email: string;
  invitation: Invitation | null;
  account: Account | null;
}

describe('invitations', () => {
  let api: TestApi;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let admin: AccountFixture;
  let member: AccountFixture;
  let outsider: AccountFixture;

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    org = await createOrganization(api, '招待テスト組織');
    other = await createOrganization(api, '別の組織', 1);
    admin = await createAccount(api);
    member = await createAccount(api);
    outsider = await createAccount(api);
    await addMember(api, admin.accountId, org.id, org.roles.admin);
    await addMember(api, member.accountId, org.id, org.roles.member, [{ projectId: org.projects[0]!.id, roleId: org.projects[0]!.roles.member }]);
  });
  afterAll(async () => {
    await api.close();
  });

  function invite(token: string, emails: string[], props: { roleId: string; projects: { projectId: string; roleId: string }[] } = { roleId: org.roles.member, projects: [{ projectId: org.projects[0]!.id, roleId: org.projects[0]!.roles.member }] }, organizationId = org.id) {
    return call<Entry[]>(api, '/organization/inviteMembers', { organizationId, emails, props }, token);
  }

  async function inviteOne(email: string): Promise<Invitation> {
    const result = await invite(admin.idToken, [email]);
    expect(result.status).toBe(200);
    const invitation = result.body[0]?.invitation;
    if (!invitation) throw new Error('no invitation');
    return invitation;
  }

  it('invites new addresses, deduplicates case-insensitively and fails only the bad address', async () => {
    const fresh = uniqueEmail();
    const result = await invite(admin.idToken, [fresh, fresh.toUpperCase(), 'not-an-email', ` ${fresh} `]);
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(2);
    const [ok, bad] = result.body;
    expect(bad).toEqual({ email: 'not-an-email', invitation: null, account: null });
    expect(ok!.account).toBeNull();
    const invitation = ok!.invitation!;
    expect(isValidId('invitation', invitation.id)).toBe(true);
    expect(invitation).toMatchObject({
      expiredIn: INVITATION_LIFETIME_SECONDS,
      email: fresh,
      canBeSuperAdmin: false,
      status: 'pending',
      createdById: admin.accountId,
      membership: { organizationId: org.id, roleId: org.roles.member, projects: [{ projectId: org.projects[0]!.id, roleId: org.projects[0]!.roles.member }] },
    });
    expect(new Date(invitation.createdAt).toISOString()).toBe(invitation.createdAt);
  });

  it('queues the Japanese invitation e-mail with the invitation URL in the same transaction', async () => {
    const email = uniqueEmail();
    const invitation = await inviteOne(email);
    const rows = await api.app.get(EmailOutboxRepository).findByReference('invitation', invitation.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ toEmail: email, status: 'pending', attempts: 0 });
    expect(row.subject).toContain(org.name);
    expect(row.textBody).toContain(`http://localhost:5173/auth/invitations/${invitation.id}?page=sign-up`);
    expect(row.textBody).toContain(admin.email);
    expect(row.textBody).toMatch(/招待の有効期限: \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}（日本時間）/);
    expect(row.htmlBody).toContain(`/auth/invitations/${invitation.id}?page=sign-up`);
  });

  it('writes the invitation exactly when its e-mail is queued: a failing outbox insert rolls the invitation back', async () => {
    const dataSource = api.app.get(DataSource);
    const doomed = uniqueEmail('outbox-refused');
    const fine = uniqueEmail();
    await dataSource.query(`CREATE OR REPLACE FUNCTION refuse_test_outbox() RETURNS trigger AS $$
      BEGIN IF NEW.to_email = '${doomed}' THEN RAISE EXCEPTION 'outbox refused for the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await dataSource.query(`CREATE TRIGGER refuse_test_outbox BEFORE INSERT ON email_outbox FOR EACH ROW EXECUTE FUNCTION refuse_test_outbox()`);
    try {
      const result = await invite(admin.idToken, [doomed, fine]);
      expect(result.status).toBe(200);
      expect(result.body[0]).toEqual({ email: doomed, invitation: null, account: null });
      expect(result.body[1]!.invitation).not.toBeNull();
    } finally {
      await dataSource.query(`DROP TRIGGER refuse_test_outbox ON email_outbox`);
      await dataSource.query(`DROP FUNCTION refuse_test_outbox()`);
    }
    const counts = await dataSource.query<{ email: string; mails: number }[]>(
      `SELECT i.email, count(o.id)::int AS mails FROM invitations i LEFT JOIN email_outbox o ON o.reference_id = i.id AND o.kind = 'invitation' WHERE i.email IN ($1, $2) GROUP BY i.email`,
      [doomed, fine],
    );
    expect(counts).toEqual([{ email: fine, mails: 1 }]);
    // And every invitation of the organization has exactly one e-mail.
    const orphans = await dataSource.query<unknown[]>(
      `SELECT i.id FROM invitations i WHERE i.organization_id = $1 AND (SELECT count(*) FROM email_outbox o WHERE o.reference_id = i.id) <> 1`,
      [org.id],
    );
    expect(orphans).toEqual([]);
  });

  it('gives an existing member the missing projects directly and keeps the ones it has', async () => {
    const [p0, p1] = org.projects;
    const result = await invite(admin.idToken, [member.email.toUpperCase()], {
      roleId: org.roles.admin,
      projects: [
        { projectId: p0!.id, roleId: p0!.roles.admin },
        { projectId: p1!.id, roleId: p1!.roles.admin },
      ],
    });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(1);
    const entry = result.body[0]!;
    expect(entry.invitation).toBeNull();
    expect(entry.account?.id).toBe(member.accountId);
    const membership = entry.account!.memberships.find((m) => m.organizationId === org.id)!;
    expect(membership.roleId).toBe(org.roles.member);
    expect(membership.projects).toEqual([
      { projectId: p0!.id, roleId: p0!.roles.member },
      { projectId: p1!.id, roleId: p1!.roles.admin },
    ]);
  });

  it('lets only organization admins and system admins invite', async () => {
    expect((await invite(member.idToken, [uniqueEmail()])).status).toBe(403);
    const refused = await invite(outsider.idToken, [uniqueEmail()]);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect((await invite(admin.idToken, [uniqueEmail()], undefined, other.id)).status).toBe(403);
    expect((await call(api, '/organization/inviteMembers', { organizationId: org.id, emails: [uniqueEmail()], props: { roleId: org.roles.member, projects: [] } })).status).toBe(401);
  });

  it("refuses a role or project outside the organization with the domain's errors", async () => {
    const roleElsewhere = await invite(admin.idToken, [uniqueEmail()], { roleId: other.roles.member, projects: [] });
    expect(roleElsewhere.status).toBe(404);
    expect(roleElsewhere.body).toMatchObject({ errorCode: 'ROLE_NOT_FOUND', message: 'Role not found' });
    const projectElsewhere = await invite(admin.idToken, [uniqueEmail()], { roleId: org.roles.member, projects: [{ projectId: other.projects[0]!.id, roleId: other.projects[0]!.roles.member }] });
    expect(projectElsewhere.body).toMatchObject({ errorCode: 'PROJECT_NOT_IN_ORGANIZATION' });
    const projectRoleElsewhere = await invite(admin.idToken, [uniqueEmail()], { roleId: org.roles.member, projects: [{ projectId: org.projects[0]!.id, roleId: org.projects[1]!.roles.member }] });
    expect(projectRoleElsewhere.body).toMatchObject({ errorCode: 'ROLE_NOT_FOUND' });
    const invalid = await invite(admin.idToken, [uniqueEmail()], { roleId: 'short', projects: [] });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ errorCode: 'INVALID_ID' });
    const empty = await invite(admin.idToken, []);
    expect(empty.body).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
  });

  it('lists open invitations to members of the organization and by project', async () => {
    const email = uniqueEmail();
    const invitation = await inviteOne(email);
    const byMember = await call<Invitation[]>(api, '/invitation/listInOrganization', { organizationId: org.id }, member.idToken);
    expect(byMember.status).toBe(200);
    expect(byMember.body.map((i) => i.id)).toContain(invitation.id);
    expect((await call(api, '/invitation/listInOrganization', { organizationId: org.id }, outsider.idToken)).status).toBe(403);

    const inProject = await call<Invitation[]>(api, '/invitation/listInProject', { projectId: org.projects[0]!.id }, member.idToken);
    expect(inProject.body.map((i) => i.id)).toContain(invitation.id);
    const otherProject = await call<Invitation[]>(api, '/invitation/listInProject', { projectId: org.projects[1]!.id }, member.idToken);
    expect(otherProject.status).toBe(200);
    expect(otherProject.body.map((i) => i.id)).not.toContain(invitation.id);
    expect((await call(api, '/invitation/listInProject', { projectId: org.projects[0]!.id }, outsider.idToken)).status).toBe(403);
    const direct = await api.app.get(InvitationService).listPendingForProject(org.projects[0]!.id);
    expect(direct.map((i) => i.id)).toContain(invitation.id);
  });

  it('lets only the invitee read the invitation with its organization', async () => {
    const invitee = await createAccount(api, uniqueEmail('reader'));
    const invitation = await inviteOne(invitee.email);
    const read = await call<{ invitation: Invitation; organization: { id: string; name: string } }>(api, '/invitation/getByIdWithOrganization', { invitationId: invitation.id }, invitee.idToken);
    expect(read.status).toBe(200);
    expect(read.body.invitation.id).toBe(invitation.id);
    expect(read.body.organization).toMatchObject({ id: org.id, name: org.name });
    expect((await call(api, '/invitation/getByIdWithOrganization', { invitationId: invitation.id }, admin.idToken)).status).toBe(403);
    const unknown = await call(api, '/invitation/getByIdWithOrganization', { invitationId: 'a'.repeat(21) }, invitee.idToken);
    expect(unknown.body).toMatchObject({ errorCode: 'INVITATION_NOT_FOUND' });
  });

  it('accepts for the invited account only, once, and adds the invited membership', async () => {
    const invitee = await createAccount(api, uniqueEmail('accept'));
    const invitation = await inviteOne(invitee.email);
    const mismatch = await call(api, '/invitation/accept', { invitationId: invitation.id }, outsider.idToken);
    expect(mismatch.status).toBe(403);
    expect(mismatch.body).toMatchObject({ errorCode: 'EMAIL_MISMATCH' });

    const accepted = await call<Account>(api, '/invitation/accept', { invitationId: invitation.id }, invitee.idToken);
    expect(accepted.status).toBe(200);
    expect(accepted.body.memberships).toEqual([{ organizationId: org.id, roleId: org.roles.member, projects: [{ projectId: org.projects[0]!.id, roleId: org.projects[0]!.roles.member }] }]);

    const again = await call(api, '/invitation/accept', { invitationId: invitation.id }, invitee.idToken);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'INVITATION_INVALID', message: '招待が無効です' });
    const list = await call<Invitation[]>(api, '/invitation/listInOrganization', { organizationId: org.id }, admin.idToken);
    expect(list.body.map((i) => i.id)).not.toContain(invitation.id);
  });

  it('refuses an account that already belongs to the organization', async () => {
    const invitee = await createAccount(api, uniqueEmail('already'));
    const invitation = await inviteOne(invitee.email);
    await addMember(api, invitee.accountId, org.id, org.roles.member);
    const result = await call(api, '/invitation/accept', { invitationId: invitation.id }, invitee.idToken);
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ errorCode: 'ALREADY_ORGANIZATION_MEMBER' });
  });

  it('gives exactly one membership when one invitation is accepted concurrently', async () => {
    const invitee = await createAccount(api, uniqueEmail('race'));
    const invitation = await inviteOne(invitee.email);
    const results = await Promise.all(Array.from({ length: 6 }, () => call(api, '/invitation/accept', { invitationId: invitation.id }, invitee.idToken)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const rows = await api.app.get(DataSource).query<{ n: number }[]>(`SELECT count(*)::int AS n FROM organization_memberships WHERE account_id = $1`, [invitee.accountId]);
    expect(rows[0]!.n).toBe(1);
  });

  it('treats an invitation past its lifetime as expired and refuses to accept it', async () => {
    const invitee = await createAccount(api, uniqueEmail('late'));
    const invitation = await inviteOne(invitee.email);
    await api.app.get(DataSource).query(`UPDATE invitations SET created_at = now() - interval '8 days' WHERE id = $1`, [invitation.id]);
    const list = await call<Invitation[]>(api, '/invitation/listInOrganization', { organizationId: org.id }, admin.idToken);
    expect(list.body.find((i) => i.id === invitation.id)?.status).toBe('expired');
    const result = await call(api, '/invitation/accept', { invitationId: invitation.id }, invitee.idToken);
    expect(result.body).toMatchObject({ errorCode: 'INVITATION_INVALID' });
  });

  it('lets a member of the organization or the invitee cancel, nobody else', async () => {
    const invitee = await createAccount(api, uniqueEmail('cancel'));
    const first = await inviteOne(invitee.email);
    expect((await call(api, '/invitation/cancel', { invitationId: first.id }, outsider.idToken)).status).toBe(403);
    const byMember = await call<Invitation>(api, '/invitation/cancel', { invitationId: first.id }, member.idToken);
    expect(byMember.status).toBe(200);
    expect(byMember.body.status).toBe('cancelled');
    expect((await call(api, '/invitation/cancel', { invitationId: first.id }, member.idToken)).body).toMatchObject({ errorCode: 'INVITATION_INVALID' });
    expect((await call(api, '/invitation/accept', { invitationId: first.id }, invitee.idToken)).body).toMatchObject({ errorCode: 'INVITATION_INVALID' });

    const second = await inviteOne(invitee.email);
    const byInvitee = await call<Invitation>(api, '/invitation/cancel', { invitationId: second.id }, invitee.idToken);
    expect(byInvitee.body.status).toBe('cancelled');
  });

  it('replaces an open invitation of the same address when inviting it again', async () => {
    const email = uniqueEmail('again');
    const first = await inviteOne(email);
    const second = await inviteOne(email);
    const list = await call<Invitation[]>(api, '/invitation/listInOrganization', { organizationId: org.id }, admin.idToken);
    const ids = list.body.map((i) => i.id);
    expect(ids).toContain(second.id);
    expect(ids).not.toContain(first.id);
  });
});
