import { DataSource } from 'typeorm';
import { EmailOutboxRepository } from '../src/modules/mail/email-outbox.repository';
import {
  addOrganizationMember,
  createCaller,
  createOrganizationWithProjects,
  createSystemAdmin,
  uniqueEmail,
  type Caller,
  type ErrorBodyShape,
  type InvitationBody,
  type InviteEntryBody,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

type ListedInvitation = InvitationBody & { emailDeliveryFailed: boolean };

interface FailedEmailBody {
  id: string;
  kind: string;
  referenceId: string | null;
  toEmail: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

describe('failed invitation e-mails: shown in the listings, sent again on request', () => {
  let api: TestApi;
  let org: OrganizationWithProjectsFixture;
  let admin: Caller;
  let systemAdmin: Caller;
  let outbox: EmailOutboxRepository;

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    outbox = api.app.get(EmailOutboxRepository);
    org = await createOrganizationWithProjects(api, '送信失敗テスト組織', 1);
    admin = await createCaller(api);
    await addOrganizationMember(api, admin.id, org, 'admin');
    systemAdmin = await createSystemAdmin(api);
  });
  afterAll(async () => {
    await api.close();
  });

  /** Invites a new address to the organization and its project; returns the invitation id and the id of its e-mail, given up as failed. */
  async function failedInvitation(): Promise<{ invitationId: string; messageId: string; jobId: string; email: string }> {
    const email = uniqueEmail('undeliverable');
    const project = org.projects[0]!;
    const invited = await call<InviteEntryBody[]>(
      api,
      '/organization/inviteMembers',
      {
        organizationId: org.organization.id,
        emails: [email],
        props: { roleId: org.memberRole.id, projects: [{ projectId: project.project.id, roleId: project.memberRole.id }] },
      },
      admin.token,
    );
    expect(invited.status).toBe(200);
    const invitationId = invited.body[0]!.invitation!.id;
    const [message] = await outbox.findByReference('invitation', invitationId);
    await api.app
      .get(DataSource)
      .query(`UPDATE email_outbox SET status = 'failed', attempts = 8, last_error = 'mailbox unavailable' WHERE id = $1`, [message!.id]);
    return { invitationId, messageId: message!.id, jobId: message!.jobId!, email };
  }

  /** A job of the queue (pg-boss's table). */
  async function queueJob(id: string): Promise<{ name: string; state: string; data: unknown; start_after: Date } | undefined> {
    const [job] = await api.app
      .get(DataSource)
      .query<{ name: string; state: string; data: unknown; start_after: Date }[]>(`SELECT name, state, data, start_after FROM pgboss.job WHERE id = $1`, [id]);
    return job;
  }

  async function listed(invitationId: string): Promise<{ inOrganization?: ListedInvitation; inProject?: ListedInvitation }> {
    const inOrganization = await call<ListedInvitation[]>(api, '/invitation/listInOrganization', { organizationId: org.organization.id }, admin.token);
    const inProject = await call<ListedInvitation[]>(api, '/invitation/listInProject', { projectId: org.projects[0]!.project.id }, admin.token);
    return { inOrganization: inOrganization.body.find((i) => i.id === invitationId), inProject: inProject.body.find((i) => i.id === invitationId) };
  }

  it('tells in both invitation listings whose e-mail failed, and resending queues it again and clears the mark', async () => {
    const { invitationId, messageId, jobId: failedJobId } = await failedInvitation();
    // The invitation queued its e-mail with a job, in its transaction.
    expect(await queueJob(failedJobId)).toMatchObject({ name: 'email', data: { messageId } });
    const other = await call<InviteEntryBody[]>(
      api,
      '/organization/inviteMembers',
      { organizationId: org.organization.id, emails: [uniqueEmail('fine')], props: { roleId: org.memberRole.id, projects: [] } },
      admin.token,
    );
    expect((await listed(other.body[0]!.invitation!.id)).inOrganization).toMatchObject({ emailDeliveryFailed: false });
    expect(await listed(invitationId)).toMatchObject({ inOrganization: { emailDeliveryFailed: true }, inProject: { emailDeliveryFailed: true } });

    const resent = await call<ListedInvitation>(api, '/organization/resendInvitation', { invitationId }, admin.token);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: invitationId, status: 'pending', emailDeliveryFailed: false });
    const row = await outbox.findById(messageId);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(row!.jobId).not.toBe(failedJobId);
    // A new job of the queue delivers it, due now.
    expect(await queueJob(row!.jobId!)).toMatchObject({ name: 'email', state: 'created', data: { messageId } });
    expect((await queueJob(row!.jobId!))!.start_after.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await outbox.findByReference('invitation', invitationId)).toHaveLength(1);
    expect(await listed(invitationId)).toMatchObject({ inOrganization: { emailDeliveryFailed: false }, inProject: { emailDeliveryFailed: false } });
  });

  it('refuses to resend the e-mail of a cancelled invitation, or for a caller who may not cancel it', async () => {
    const { invitationId, messageId } = await failedInvitation();
    const outsider = await createCaller(api);
    const refused = await call<ErrorBodyShape>(api, '/organization/resendInvitation', { invitationId }, outsider.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 'FORBIDDEN' });

    expect((await call(api, '/invitation/cancel', { invitationId }, admin.token)).status).toBe(200);
    const invalid = await call<ErrorBodyShape>(api, '/organization/resendInvitation', { invitationId }, admin.token);
    expect(invalid.status).toBe(409);
    expect(invalid.body).toMatchObject({ name: 'ConsoleError', errorCode: 'INVITATION_INVALID' });
    expect(await outbox.findById(messageId)).toMatchObject({ status: 'failed' });
  });

  it('lets system administrators list failed e-mails and queue them again', async () => {
    const { messageId, invitationId, email } = await failedInvitation();
    const list = await call<FailedEmailBody[]>(api, '/systemAdmin/email/listFailed', undefined, systemAdmin.token);
    expect(list.status).toBe(200);
    const failed = list.body.find((m) => m.id === messageId);
    expect(failed).toEqual({
      id: messageId,
      kind: 'invitation',
      referenceId: invitationId,
      toEmail: email,
      subject: `【${org.organization.name}】組織への招待が届いています`,
      attempts: 8,
      lastError: 'mailbox unavailable',
      createdAt: failed?.createdAt,
    });
    expect(Date.parse(failed!.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const requeued = await call<{ requeued: string[] }>(api, '/systemAdmin/email/requeue', { ids: [messageId, messageId.toUpperCase()] }, systemAdmin.token);
    expect(requeued.status).toBe(200);
    expect(requeued.body).toEqual({ requeued: [messageId] });
    const requeuedRow = await outbox.findById(messageId);
    expect(requeuedRow).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(await queueJob(requeuedRow!.jobId!)).toMatchObject({ name: 'email', state: 'created', data: { messageId } });
    const after = await call<FailedEmailBody[]>(api, '/systemAdmin/email/listFailed', undefined, systemAdmin.token);
    expect(after.body.some((m) => m.id === messageId)).toBe(false);

    const badIds = await call<ErrorBodyShape>(api, '/systemAdmin/email/requeue', { ids: ['not-a-uuid'] }, systemAdmin.token);
    expect(badIds.status).toBe(400);
  });
});
