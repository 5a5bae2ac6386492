import { ERROR_MESSAGES, PRODUCT_ERROR_NAME } from '@console/domain';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { FirebaseAuthService } from '../src/common/auth/firebase-auth.service';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganizationWithProjects,
  upload,
  uniqueEmail,
  type AccountBody,
  type Caller,
  type InviteEntryBody,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, signUpUser, startApi, type TestApi } from './support/harness';
import { tinyPngImage } from './support/authorization-table';

interface AuditActorBody {
  accountId: string;
  name: string | null;
  email: string;
  deleted: boolean;
}
interface AuditPageBody {
  items: { action: string; actor: AuditActorBody | null; organizationId: string | null }[];
}
interface ExportBody {
  limit: number;
  truncated: { invitationsSent: boolean; invitationsReceived: boolean; auditEvents: boolean };
  profile: { id: string; email: string; name: string | null };
  memberships: {
    organizationId: string;
    organizationName: string;
    role: { key: string };
    projects: { projectId: string; projectName: string; role: { key: string } }[];
  }[];
  invitationsSent: { id: string; email: string; status: string }[];
  invitationsReceived: { id: string; email: string; status: string }[];
  auditEvents: { action: string; actor: AuditActorBody | null }[];
}

/** Deleting one's own account and downloading one's data (docs/product-rules.md#account-deletion, #account-data-export). */
describe('account deletion and data export', () => {
  let api: TestApi;
  let db: DataSource;
  let org: OrganizationWithProjectsFixture;
  /** An admin who stays one. */
  let owner: Caller;

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    db = api.app.get(DataSource);
    org = await createOrganizationWithProjects(api, `削除テスト組織 ${randomBytes(3).toString('hex')}`, 1);
    owner = await createCaller(api);
    await addOrganizationMember(api, owner.id, org, 'admin');
  });

  afterAll(async () => {
    await api.close();
  });

  async function invite(sender: Caller, email: string): Promise<string> {
    const sent = await call<InviteEntryBody[]>(
      api,
      '/organization/inviteMembers',
      { organizationId: org.organization.id, emails: [email], props: { roleId: org.memberRole.id, projects: [] } },
      sender.token,
    );
    const id = sent.body[0]?.invitation?.id;
    if (!id) throw new Error(`not invited: ${JSON.stringify(sent.body)}`);
    return id;
  }

  async function invitationStatus(id: string): Promise<string> {
    const [row] = await db.query<{ status: string }[]>(
      `SELECT CASE WHEN accepted_at IS NOT NULL THEN 'accepted' WHEN cancelled_at IS NOT NULL THEN 'cancelled' ELSE 'open' END AS status FROM invitations WHERE id = $1`,
      [id],
    );
    return row!.status;
  }

  it('refuses a confirmation that is not the account address', async () => {
    const person = await createCaller(api);
    const refused = await call(api, '/account/delete', { confirmation: 'someone-else@example.com' }, person.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ name: PRODUCT_ERROR_NAME, errorCode: 'DELETION_NOT_CONFIRMED', message: ERROR_MESSAGES.DELETION_NOT_CONFIRMED });
    expect((await call<AccountBody | null>(api, '/account/get', undefined, person.token)).body?.id).toBe(person.id);
  });

  it('removes memberships, open invitations, the image and the identity-provider user; keeps the audit events with the actor shown as deleted', async () => {
    const person = await createCaller(api);
    await addOrganizationMember(api, person.id, org, 'admin');
    await addProjectMember(api, person.id, org.projects[0]!, 'admin');
    const uploaded = await upload<{ url: string }>(api, '/account/uploadProfileImage', person.token, { data: await tinyPngImage(), type: 'image/png' });
    expect(uploaded.status).toBe(200);
    expect((await call(api, '/account/update', { name: '削除される人', profileImageSrc: uploaded.body.url }, person.token)).status).toBe(200);
    expect((await fetch(`${api.baseUrl}${new URL(uploaded.body.url).pathname}`)).status).toBe(200);
    const sentByPerson = await invite(person, uniqueEmail('invitee'));
    const toPerson = await invite(owner, uniqueEmail('second-address'));
    // An open invitation to the person's own address, to another organization.
    const other = await createOrganizationWithProjects(api, `別の組織 ${randomBytes(3).toString('hex')}`, 0);
    await addOrganizationMember(api, owner.id, other, 'admin');
    const addressed = await call<InviteEntryBody[]>(
      api,
      '/organization/inviteMembers',
      { organizationId: other.organization.id, emails: [person.user.email], props: { roleId: other.memberRole.id, projects: [] } },
      owner.token,
    );
    const addressedId = addressed.body[0]!.invitation!.id;

    const deleted = await call<{ id: string; deletedAt: string }>(
      api,
      '/account/delete',
      { confirmation: ` ${person.user.email.toUpperCase()} ` },
      person.token,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(person.id);
    expect(String(deleted.headers.get('set-cookie'))).toContain('Max-Age=0');

    const [row] = await db.query<{ email: string; name: string | null; idaas_id: string | null; profile_image_src: string | null; deleted_at: Date | null }[]>(
      'SELECT email, name, idaas_id, profile_image_src, deleted_at FROM accounts WHERE id = $1',
      [person.id],
    );
    expect(row).toMatchObject({ email: '', name: null, idaas_id: null, profile_image_src: null });
    expect(row!.deleted_at).toBeInstanceOf(Date);
    const [memberships] = await db.query<{ count: number }[]>(
      'SELECT (SELECT count(*) FROM organization_memberships WHERE account_id = $1) + (SELECT count(*) FROM project_memberships WHERE account_id = $1) AS count',
      [person.id],
    );
    expect(Number(memberships!.count)).toBe(0);
    expect(await invitationStatus(sentByPerson)).toBe('cancelled');
    expect(await invitationStatus(addressedId)).toBe('cancelled');
    // An invitation to someone else, sent by another admin, stays.
    expect(await invitationStatus(toPerson)).toBe('open');
    const fileName = uploaded.body.url.slice(uploaded.body.url.lastIndexOf('/files/') + '/files/'.length);
    expect((await fetch(`${api.baseUrl}/files/${fileName}`)).status).toBe(404);
    await expect(api.app.get(FirebaseAuthService).auth.getUser(person.user.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    // The deleted account's token is refused.
    expect((await call(api, '/account/get', undefined, person.token)).status).toBe(401);

    const listed = await call<AuditPageBody>(
      api,
      '/organization/listAuditEvents',
      { organizationId: org.organization.id, actorAccountId: person.id },
      owner.token,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((e) => e.action)).toEqual(
      expect.arrayContaining(['membership.removeFromOrganization', 'invitation.cancel', 'invitation.create']),
    );
    for (const event of listed.body.items) expect(event.actor).toEqual({ accountId: person.id, name: null, email: '', isSystemAdmin: false, deleted: true });
    const csv = await fetch(`${api.baseUrl}/organization/exportAuditEvents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ organizationId: org.organization.id, actorAccountId: person.id }),
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]!.split(',');
    expect(lines.length).toBe(listed.body.items.length + 1);
    for (const line of lines.slice(1)) expect(line.split(',')[header.indexOf('actorDeleted')]).toBe('true');
    const [deletion] = await db.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM audit_events WHERE action = 'account.delete' AND target_id = $1 AND actor_account_id = $1`,
      [person.id],
    );
    expect(deletion!.count).toBe(1);
  });

  it("lets the deleted address sign up again as a new account, which holds none of the deleted account's invitations", async () => {
    const person = await createCaller(api);
    const accepted = await invite(owner, person.user.email);
    expect((await call(api, '/invitation/accept', { invitationId: accepted }, person.token)).status).toBe(200);
    const elsewhere = await createOrganizationWithProjects(api, `招待元の組織 ${randomBytes(3).toString('hex')}`, 0);
    await addOrganizationMember(api, owner.id, elsewhere, 'admin');
    const open = await call<InviteEntryBody[]>(
      api,
      '/organization/inviteMembers',
      { organizationId: elsewhere.organization.id, emails: [person.user.email], props: { roleId: elsewhere.memberRole.id, projects: [] } },
      owner.token,
    );
    const cancelledByDeletion = open.body[0]!.invitation!.id;
    expect((await call(api, '/account/delete', { confirmation: person.user.email }, person.token)).status).toBe(200);
    expect(await invitationStatus(cancelledByDeletion)).toBe('cancelled');
    const again = await signUpUser(person.user.email);
    expect(again.uid).not.toBe(person.user.uid);
    const created = await call<AccountBody>(api, '/account/create', undefined, again.idToken);
    expect(created.status).toBe(200);
    expect(created.body.id).not.toBe(person.id);
    expect(created.body).toMatchObject({ email: person.user.email, memberships: [], isSystemAdmin: false });

    const exported = await call<ExportBody>(api, '/account/exportData', undefined, again.idToken);
    expect(exported.body.invitationsReceived).toEqual([]);
    const fresh = await invite(owner, person.user.email);
    const later = await call<ExportBody>(api, '/account/exportData', undefined, again.idToken);
    expect(later.body.invitationsReceived.map((i) => ({ id: i.id, status: i.status }))).toEqual([{ id: fresh, status: 'pending' }]);
  });

  it('refuses the last admin of an organization, naming it, and deletes once the administration is handed over', async () => {
    const sole = await createOrganizationWithProjects(api, `最後の管理者の組織 ${randomBytes(3).toString('hex')}`, 0);
    const admin = await createCaller(api);
    const colleague = await createCaller(api);
    await addOrganizationMember(api, admin.id, sole, 'admin');
    await addOrganizationMember(api, colleague.id, sole, 'member');

    const check = await call<{ lastAdminOf: { id: string; name: string }[] }>(api, '/account/deletionCheck', undefined, admin.token);
    expect(check.body.lastAdminOf).toEqual([{ id: sole.organization.id, name: sole.organization.name }]);
    const refused = await call<{ errorCode: string; message: string }>(api, '/account/delete', { confirmation: admin.user.email }, admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('LAST_ADMIN_OF_ORGANIZATION');
    expect(refused.body.message).toBe(`${ERROR_MESSAGES.LAST_ADMIN_OF_ORGANIZATION}: ${sole.organization.name}`);
    expect((await call(api, '/account/get', undefined, admin.token)).status).toBe(200);

    const handedOver = await call(
      api,
      '/account/assignOrganizationRole',
      { accountId: colleague.id, props: { organizationId: sole.organization.id, roleId: sole.adminRole.id } },
      admin.token,
    );
    expect(handedOver.status).toBe(200);
    expect((await call<{ lastAdminOf: unknown[] }>(api, '/account/deletionCheck', undefined, admin.token)).body.lastAdminOf).toEqual([]);
    expect((await call(api, '/account/delete', { confirmation: admin.user.email }, admin.token)).status).toBe(200);
  });

  it("answers the account's own data as JSON", async () => {
    const person = await createCaller(api);
    await addOrganizationMember(api, person.id, org, 'admin');
    await addProjectMember(api, person.id, org.projects[0]!, 'member');
    await call(api, '/account/update', { name: 'データの持ち主' }, person.token);
    const inviteeEmail = uniqueEmail('exported');
    const sent = await invite(person, inviteeEmail);

    const exported = await call<ExportBody>(api, '/account/exportData', undefined, person.token);
    expect(exported.status).toBe(200);
    expect(exported.body.profile).toMatchObject({ id: person.id, email: person.user.email, name: 'データの持ち主' });
    expect(exported.body.memberships).toEqual([
      {
        organizationId: org.organization.id,
        organizationName: org.organization.name,
        role: { id: org.adminRole.id, key: 'admin', name: org.adminRole.name },
        projects: [
          {
            projectId: org.projects[0]!.project.id,
            projectName: org.projects[0]!.project.name,
            role: { id: org.projects[0]!.memberRole.id, key: 'member', name: org.projects[0]!.memberRole.name },
          },
        ],
      },
    ]);
    expect(exported.body.invitationsSent.map((i) => ({ id: i.id, email: i.email, status: i.status }))).toEqual([
      { id: sent, email: inviteeEmail, status: 'pending' },
    ]);
    expect(exported.body.invitationsReceived).toEqual([]);
    expect(exported.body.auditEvents.map((e) => e.action)).toEqual(['invitation.create', 'account.update', 'account.create']);
    expect(exported.body.auditEvents.every((e) => e.actor?.accountId === person.id)).toBe(true);
    expect(exported.body.limit).toBe(1000);
    expect(exported.body.truncated).toEqual({ invitationsSent: false, invitationsReceived: false, auditEvents: false });

    const invitedAddress = await createCaller(api);
    const toThem = await invite(owner, invitedAddress.user.email);
    const theirs = await call<ExportBody>(api, '/account/exportData', undefined, invitedAddress.token);
    expect(theirs.body.invitationsReceived.map((i) => ({ id: i.id, status: i.status }))).toEqual([{ id: toThem, status: 'pending' }]);
    expect(theirs.body.memberships).toEqual([]);
  });
});
