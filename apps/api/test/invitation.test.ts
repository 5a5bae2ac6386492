import { INVITATION_LIFETIME_SECONDS, inviteOutcome, isInviteEntryFailed, isValidId } from '@console/domain';
import { DataSource } from 'typeorm';
import { EmailOutboxRepository } from '../src/modules/mail/email-outbox.repository';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganizationWithProjects,
  uniqueEmail,
  type AccountBody,
  type Caller,
  type InvitationBody,
  type InviteEntryBody,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, type TestApi, startApi } from './support/harness';

describe('invitations', () => {
  let api: TestApi;
  let org: OrganizationWithProjectsFixture;
  let other: OrganizationWithProjectsFixture;
  let admin: Caller;
  let member: Caller;
  let outsider: Caller;

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    org = await createOrganizationWithProjects(api, '招待テスト組織');
    other = await createOrganizationWithProjects(api, '別の組織', 1);
    admin = await createCaller(api);
    member = await createCaller(api);
    outsider = await createCaller(api);
    await addOrganizationMember(api, admin.id, org, 'admin');
    await addOrganizationMember(api, member.id, org, 'member');
    await addProjectMember(api, member.id, org.projects[0]!, 'member');
  });
  afterAll(async () => {
    await api.close();
  });

  function invite(
    token: string,
    emails: string[],
    props: { roleId: string; projects: { projectId: string; roleId: string }[] } = {
      roleId: org.memberRole.id,
      projects: [{ projectId: org.projects[0]!.project.id, roleId: org.projects[0]!.memberRole.id }],
    },
    organizationId = org.organization.id,
  ) {
    return call<InviteEntryBody[]>(api, '/organization/inviteMembers', { organizationId, emails, props }, token);
  }

  /** Runs `body` while the table refuses (raises on) inserting a row whose `column` is `value`. */
  async function refusingInserts(table: string, column: string, value: string, body: () => Promise<void>): Promise<void> {
    const dataSource = api.app.get(DataSource);
    await dataSource.query(`CREATE OR REPLACE FUNCTION refuse_test_insert() RETURNS trigger AS $$
      BEGIN IF NEW.${column} = '${value}' THEN RAISE EXCEPTION '${table} insert refused for the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await dataSource.query(`CREATE TRIGGER refuse_test_insert BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_test_insert()`);
    try {
      await body();
    } finally {
      await dataSource.query(`DROP TRIGGER refuse_test_insert ON ${table}`);
      await dataSource.query(`DROP FUNCTION refuse_test_insert()`);
    }
  }

  async function inviteOne(email: string): Promise<InvitationBody> {
    const result = await invite(admin.token, [email]);
    expect(result.status).toBe(200);
    const invitation = result.body[0]?.invitation;
    if (!invitation) throw new Error('no invitation');
    return invitation;
  }

  it('invites new addresses, deduplicates case-insensitively and fails only the bad address', async () => {
    const fresh = uniqueEmail();
    const result = await invite(admin.token, [fresh, fresh.toUpperCase(), 'not-an-email', ` ${fresh} `]);
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(2);
    const [ok, bad] = result.body;
    expect(bad).toEqual({ email: 'not-an-email', invitation: null, account: null, errorCode: 'INVALID_EMAIL' });
    expect(ok!.account).toBeNull();
    const invitation = ok!.invitation!;
    expect(isValidId('invitation', invitation.id)).toBe(true);
    expect(invitation).toMatchObject({
      expiredIn: INVITATION_LIFETIME_SECONDS,
      email: fresh,
      canBeSuperAdmin: false,
      status: 'pending',
      createdById: admin.id,
      membership: {
        organizationId: org.organization.id,
        roleId: org.memberRole.id,
        projects: [{ projectId: org.projects[0]!.project.id, roleId: org.projects[0]!.memberRole.id }],
      },
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
    expect(row.subject).toContain(org.organization.name);
    expect(row.textBody).toContain(`http://localhost:5173/auth/invitations/${invitation.id}?page=sign-up`);
    expect(row.textBody).toContain(admin.user.email);
    expect(row.textBody).toMatch(/招待の有効期限: \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}（日本時間）/);
    expect(row.htmlBody).toContain(`/auth/invitations/${invitation.id}?page=sign-up`);
  });

  it('writes the invitation exactly when its e-mail is queued: a failing outbox insert rolls the invitation back', async () => {
    const dataSource = api.app.get(DataSource);
    const doomed = uniqueEmail('outbox-refused');
    const fine = uniqueEmail();
    await refusingInserts('email_outbox', 'to_email', doomed, async () => {
      const result = await invite(admin.token, [doomed, fine]);
      expect(result.status).toBe(200);
      expect(result.body[0]).toEqual({ email: doomed, invitation: null, account: null, errorCode: 'FAILED_TO_INVITE' });
      expect(result.body[1]!.invitation).not.toBeNull();
    });
    const counts = await dataSource.query<{ email: string; mails: number }[]>(
      `SELECT i.email, count(o.id)::int AS mails FROM invitations i LEFT JOIN email_outbox o ON o.reference_id = i.id AND o.kind = 'invitation' WHERE i.email IN ($1, $2) GROUP BY i.email`,
      [doomed, fine],
    );
    expect(counts).toEqual([{ email: fine, mails: 1 }]);
    // And every invitation of the organization has exactly one e-mail.
    const orphans = await dataSource.query<unknown[]>(
      `SELECT i.id FROM invitations i WHERE i.organization_id = $1 AND (SELECT count(*) FROM email_outbox o WHERE o.reference_id = i.id) <> 1`,
      [org.organization.id],
    );
    expect(orphans).toEqual([]);
  });

  it('reports each address that fails with its error code, next to the addresses invited', async () => {
    const refused = uniqueEmail('invitation-refused');
    const fine = uniqueEmail();
    await refusingInserts('invitations', 'email', refused, async () => {
      const result = await invite(admin.token, [fine, refused, 'not-an-email']);
      expect(result.status).toBe(200);
      expect(result.body.map((entry) => [entry.email, entry.errorCode])).toEqual([
        [fine, null],
        [refused, 'FAILED_TO_INVITE'],
        ['not-an-email', 'INVALID_EMAIL'],
      ]);
      expect(result.body.map(isInviteEntryFailed)).toEqual([false, true, true]);
      expect(inviteOutcome(result.body)).toBe('partialFailure');
    });
  });

  it('gives an existing member the missing projects directly and keeps the ones it has', async () => {
    const [p0, p1] = org.projects;
    const result = await invite(admin.token, [member.user.email.toUpperCase()], {
      roleId: org.adminRole.id,
      projects: [
        { projectId: p0!.project.id, roleId: p0!.adminRole.id },
        { projectId: p1!.project.id, roleId: p1!.adminRole.id },
      ],
    });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(1);
    const entry = result.body[0]!;
    expect(entry.invitation).toBeNull();
    expect(entry.account?.id).toBe(member.id);
    const membership = entry.account!.memberships.find((m) => m.organizationId === org.organization.id)!;
    expect(membership.roleId).toBe(org.memberRole.id);
    expect(membership.projects).toEqual([
      { projectId: p0!.project.id, roleId: p0!.memberRole.id },
      { projectId: p1!.project.id, roleId: p1!.adminRole.id },
    ]);
  });

  it('lets only organization admins and system admins invite', async () => {
    expect((await invite(member.token, [uniqueEmail()])).status).toBe(403);
    const refused = await invite(outsider.token, [uniqueEmail()]);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect((await invite(admin.token, [uniqueEmail()], undefined, other.organization.id)).status).toBe(403);
    expect(
      (
        await call(api, '/organization/inviteMembers', {
          organizationId: org.organization.id,
          emails: [uniqueEmail()],
          props: { roleId: org.memberRole.id, projects: [] },
        })
      ).status,
    ).toBe(401);
  });

  describe('by a project admin (docs/product-rules.md#permissions)', () => {
    let projectAdmin: Caller;

    beforeAll(async () => {
      projectAdmin = await createCaller(api);
      await addOrganizationMember(api, projectAdmin.id, org, 'member');
      await addProjectMember(api, projectAdmin.id, org.projects[0]!, 'admin');
    });

    const intoOwnProject = () => ({ roleId: org.memberRole.id, projects: [{ projectId: org.projects[0]!.project.id, roleId: org.projects[0]!.adminRole.id }] });

    it('invites into its project as organization member, and the invitee gets exactly that', async () => {
      const invitee = await createCaller(api, uniqueEmail('by-project-admin'));
      const sent = await invite(projectAdmin.token, [invitee.user.email], intoOwnProject());
      expect(sent.status).toBe(200);
      expect(sent.body[0]?.invitation).toMatchObject({
        email: invitee.user.email,
        createdById: projectAdmin.id,
        status: 'pending',
        membership: { organizationId: org.organization.id, ...intoOwnProject() },
      });
      const accepted = await call<AccountBody>(api, '/invitation/accept', { invitationId: sent.body[0]!.invitation!.id }, invitee.token);
      expect(accepted.status).toBe(200);
      expect(accepted.body.memberships).toEqual([{ organizationId: org.organization.id, ...intoOwnProject() }]);
    });

    it('gives a member of the organization its project directly', async () => {
      const colleague = await createCaller(api);
      await addOrganizationMember(api, colleague.id, org, 'member');
      const sent = await invite(projectAdmin.token, [colleague.user.email], intoOwnProject());
      expect(sent.status).toBe(200);
      expect(sent.body[0]).toMatchObject({
        invitation: null,
        account: { id: colleague.id, memberships: [{ organizationId: org.organization.id, ...intoOwnProject() }] },
      });
    });

    it('invites into no other project, with no other organization role, and never itself', async () => {
      const [own, sibling] = org.projects;
      const refusals: [string, Parameters<typeof invite>[2]][] = [
        ['another project', { roleId: org.memberRole.id, projects: [{ projectId: sibling!.project.id, roleId: sibling!.memberRole.id }] }],
        [
          'its project and another',
          {
            roleId: org.memberRole.id,
            projects: [
              { projectId: own!.project.id, roleId: own!.memberRole.id },
              { projectId: sibling!.project.id, roleId: sibling!.memberRole.id },
            ],
          },
        ],
        ['the organization admin role', { roleId: org.adminRole.id, projects: [{ projectId: own!.project.id, roleId: own!.memberRole.id }] }],
        ['the organization only', { roleId: org.memberRole.id, projects: [] }],
      ];
      for (const [what, props] of refusals) {
        const result = await invite(projectAdmin.token, [uniqueEmail('refused')], props);
        expect({ what, status: result.status, body: result.body }).toMatchObject({ what, status: 403, body: { errorCode: 'FORBIDDEN' } });
      }
      expect(await invite(projectAdmin.token, [projectAdmin.user.email], intoOwnProject())).toMatchObject({
        status: 403,
        body: { errorCode: 'CANNOT_CHANGE_OWN_ROLE' },
      });
      const open = await call<InvitationBody[]>(api, '/invitation/listInOrganization', { organizationId: org.organization.id }, admin.token);
      expect(open.body.filter((i) => i.email.startsWith('refused-') || i.email === projectAdmin.user.email)).toEqual([]);
    });

    it('is refused in another organization', async () => {
      const result = await invite(
        projectAdmin.token,
        [uniqueEmail()],
        { roleId: other.memberRole.id, projects: [{ projectId: other.projects[0]!.project.id, roleId: other.projects[0]!.memberRole.id }] },
        other.organization.id,
      );
      expect(result).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
    });
  });

  it("refuses a role or project outside the organization with the domain's errors", async () => {
    const roleElsewhere = await invite(admin.token, [uniqueEmail()], { roleId: other.memberRole.id, projects: [] });
    expect(roleElsewhere.status).toBe(404);
    expect(roleElsewhere.body).toMatchObject({ errorCode: 'ROLE_NOT_FOUND', message: 'Role not found' });
    const projectElsewhere = await invite(admin.token, [uniqueEmail()], {
      roleId: org.memberRole.id,
      projects: [{ projectId: other.projects[0]!.project.id, roleId: other.projects[0]!.memberRole.id }],
    });
    expect(projectElsewhere.body).toMatchObject({ errorCode: 'PROJECT_NOT_IN_ORGANIZATION' });
    const projectRoleElsewhere = await invite(admin.token, [uniqueEmail()], {
      roleId: org.memberRole.id,
      projects: [{ projectId: org.projects[0]!.project.id, roleId: org.projects[1]!.memberRole.id }],
    });
    expect(projectRoleElsewhere.body).toMatchObject({ errorCode: 'ROLE_NOT_FOUND' });
    const invalid = await invite(admin.token, [uniqueEmail()], { roleId: 'short', projects: [] });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ errorCode: 'INVALID_ID' });
    const empty = await invite(admin.token, []);
    expect(empty.body).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
  });

  it('lists open invitations to members of the organization and by project', async () => {
    const email = uniqueEmail();
    const invitation = await inviteOne(email);
    const byMember = await call<InvitationBody[]>(api, '/invitation/listInOrganization', { organizationId: org.organization.id }, member.token);
    expect(byMember.status).toBe(200);
    expect(byMember.body.map((i) => i.id)).toContain(invitation.id);
    expect((await call(api, '/invitation/listInOrganization', { organizationId: org.organization.id }, outsider.token)).status).toBe(403);

    const inProject = await call<InvitationBody[]>(api, '/invitation/listInProject', { projectId: org.projects[0]!.project.id }, member.token);
    expect(inProject.body.map((i) => i.id)).toContain(invitation.id);
    const otherProject = await call<InvitationBody[]>(api, '/invitation/listInProject', { projectId: org.projects[1]!.project.id }, member.token);
    expect(otherProject.status).toBe(200);
    expect(otherProject.body.map((i) => i.id)).not.toContain(invitation.id);
    expect((await call(api, '/invitation/listInProject', { projectId: org.projects[0]!.project.id }, outsider.token)).status).toBe(403);
  });

  it('lets only the invitee read the invitation with its organization', async () => {
    const invitee = await createCaller(api, uniqueEmail('reader'));
    const invitation = await inviteOne(invitee.user.email);
    const read = await call<{ invitation: InvitationBody; organization: { id: string; name: string } }>(
      api,
      '/invitation/getByIdWithOrganization',
      { invitationId: invitation.id },
      invitee.token,
    );
    expect(read.status).toBe(200);
    expect(read.body.invitation.id).toBe(invitation.id);
    expect(read.body.organization).toMatchObject({ id: org.organization.id, name: org.organization.name });
    expect((await call(api, '/invitation/getByIdWithOrganization', { invitationId: invitation.id }, admin.token)).status).toBe(403);
    // Someone else's invitation and an unknown one look the same.
    const foreign = await call(api, '/invitation/getByIdWithOrganization', { invitationId: invitation.id }, outsider.token);
    expect(foreign).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
    const unknown = await call(api, '/invitation/getByIdWithOrganization', { invitationId: 'a'.repeat(21) }, invitee.token);
    expect(unknown).toMatchObject({ status: foreign.status, body: foreign.body });
  });

  it('accepts for the invited account only, once, and adds the invited membership', async () => {
    const invitee = await createCaller(api, uniqueEmail('accept'));
    const invitation = await inviteOne(invitee.user.email);
    const mismatch = await call(api, '/invitation/accept', { invitationId: invitation.id }, member.token);
    expect(mismatch.status).toBe(403);
    expect(mismatch.body).toMatchObject({ errorCode: 'EMAIL_MISMATCH' });
    // Outside the organization, another's invitation is refused as an unknown one is.
    const foreign = await call(api, '/invitation/accept', { invitationId: invitation.id }, outsider.token);
    expect(foreign).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
    expect(await call(api, '/invitation/accept', { invitationId: 'b'.repeat(21) }, outsider.token)).toMatchObject({
      status: foreign.status,
      body: foreign.body,
    });

    const accepted = await call<AccountBody>(api, '/invitation/accept', { invitationId: invitation.id }, invitee.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.memberships).toEqual([
      {
        organizationId: org.organization.id,
        roleId: org.memberRole.id,
        projects: [{ projectId: org.projects[0]!.project.id, roleId: org.projects[0]!.memberRole.id }],
      },
    ]);

    const again = await call(api, '/invitation/accept', { invitationId: invitation.id }, invitee.token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'INVITATION_INVALID', message: '招待が無効です' });
    const list = await call<InvitationBody[]>(api, '/invitation/listInOrganization', { organizationId: org.organization.id }, admin.token);
    expect(list.body.map((i) => i.id)).not.toContain(invitation.id);
  });

  it('refuses an account that already belongs to the organization', async () => {
    const invitee = await createCaller(api, uniqueEmail('already'));
    const invitation = await inviteOne(invitee.user.email);
    await addOrganizationMember(api, invitee.id, org, 'member');
    const result = await call(api, '/invitation/accept', { invitationId: invitation.id }, invitee.token);
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ errorCode: 'ALREADY_ORGANIZATION_MEMBER' });
  });

  it('gives exactly one membership when one invitation is accepted concurrently', async () => {
    const invitee = await createCaller(api, uniqueEmail('race'));
    const invitation = await inviteOne(invitee.user.email);
    const results = await Promise.all(Array.from({ length: 6 }, () => call(api, '/invitation/accept', { invitationId: invitation.id }, invitee.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const rows = await api.app
      .get(DataSource)
      .query<{ n: number }[]>(`SELECT count(*)::int AS n FROM organization_memberships WHERE account_id = $1`, [invitee.id]);
    expect(rows[0]!.n).toBe(1);
  });

  it('treats an invitation past its lifetime as expired and refuses to accept it', async () => {
    const invitee = await createCaller(api, uniqueEmail('late'));
    const invitation = await inviteOne(invitee.user.email);
    await api.app.get(DataSource).query(`UPDATE invitations SET created_at = now() - interval '8 days' WHERE id = $1`, [invitation.id]);
    const list = await call<InvitationBody[]>(api, '/invitation/listInOrganization', { organizationId: org.organization.id }, admin.token);
    expect(list.body.find((i) => i.id === invitation.id)?.status).toBe('expired');
    const result = await call(api, '/invitation/accept', { invitationId: invitation.id }, invitee.token);
    expect(result.body).toMatchObject({ errorCode: 'INVITATION_INVALID' });
  });

  it('lets a member of the organization or the invitee cancel, nobody else', async () => {
    const invitee = await createCaller(api, uniqueEmail('cancel'));
    const first = await inviteOne(invitee.user.email);
    expect((await call(api, '/invitation/cancel', { invitationId: first.id }, outsider.token)).status).toBe(403);
    const byMember = await call<InvitationBody>(api, '/invitation/cancel', { invitationId: first.id }, member.token);
    expect(byMember.status).toBe(200);
    expect(byMember.body.status).toBe('cancelled');
    expect((await call(api, '/invitation/cancel', { invitationId: first.id }, member.token)).body).toMatchObject({ errorCode: 'INVITATION_INVALID' });
    expect((await call(api, '/invitation/accept', { invitationId: first.id }, invitee.token)).body).toMatchObject({ errorCode: 'INVITATION_INVALID' });

    const second = await inviteOne(invitee.user.email);
    const byInvitee = await call<InvitationBody>(api, '/invitation/cancel', { invitationId: second.id }, invitee.token);
    expect(byInvitee.body.status).toBe('cancelled');
  });

  it('replaces an open invitation of the same address when inviting it again later', async () => {
    const email = uniqueEmail('again');
    const first = await inviteOne(email);
    await api.app.get(DataSource).query(`UPDATE invitations SET created_at = now() - interval '1 minute' WHERE id = $1`, [first.id]);
    const second = await inviteOne(email);
    const list = await call<InvitationBody[]>(api, '/invitation/listInOrganization', { organizationId: org.organization.id }, admin.token);
    const ids = list.body.map((i) => i.id);
    expect(ids).toContain(second.id);
    expect(ids).not.toContain(first.id);
  });
});
