import { ADMIN_ROLE_KEY, type AuditAction } from '@console/domain';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { OrganizationDeletionRepository } from '../src/modules/organization-deletion/organization-deletion.repository';
import { PURGE_LEASE_MS } from '../src/modules/organization-deletion/organization-deletion.service';
import { ORGANIZATION_PURGE_JOB, OrganizationPurgeJob } from '../src/modules/organization-deletion/organization-purge.job';
import { tinyPngImage } from './support/authorization-table';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganizationWithProjects,
  createSystemAdmin,
  upload,
  uniqueEmail,
  type Caller,
  type InviteEntryBody,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

const KNOWLEDGE_KEY = 'knowledge-key-for-deletion-tests';
const DAY_MS = 24 * 60 * 60_000;

interface DeletedBody {
  id: string;
  name: string;
  deletedAt: string;
  deletedById: string | null;
  deletedByEmail: string | null;
  purgeAt: string;
  restorable: boolean;
}

interface AuditEventRow {
  action: AuditAction;
  targetId: string;
  actor: string | null;
  changes: Record<string, unknown>;
}

describe('deleting an organization (docs/product-rules.md#organization-deletion)', () => {
  let api: TestApi;
  let db: DataSource;
  let systemAdmin: Caller;

  beforeAll(async () => {
    api = await startApi({ SUBSYSTEM_KEYS: `knowledge:${KNOWLEDGE_KEY}`, MAIL_WORKER_ENABLED: 'false' });
    db = api.app.get(DataSource);
    systemAdmin = await createSystemAdmin(api);
  });

  afterAll(async () => {
    await api.close();
  });

  /** An organization with two projects (knowledge enabled), an admin, and a member of its first project. */
  async function organizationWithPeople(): Promise<{ org: OrganizationWithProjectsFixture; admin: Caller; member: Caller }> {
    const org = await createOrganizationWithProjects(api, `削除テスト ${randomBytes(3).toString('hex')}`, 2, { knowledge: { plan: 'enterprise' } });
    const [admin, member] = await Promise.all([createCaller(api), createCaller(api)]);
    await addOrganizationMember(api, admin.id, org, ADMIN_ROLE_KEY);
    await addOrganizationMember(api, member.id, org);
    await addProjectMember(api, member.id, org.projects[0]!);
    return { org, admin, member };
  }

  function deleteOrganization(org: OrganizationWithProjectsFixture, caller: Caller, confirmName = org.organization.name) {
    return call<DeletedBody>(api, '/organization/delete', { organizationId: org.organization.id, confirmName }, caller.token);
  }

  const restore = (organizationId: string, caller: Caller = systemAdmin) =>
    call<{ id: string; name: string }>(api, '/systemAdmin/organization/restore', { organizationId }, caller.token);

  async function listedDeleted(): Promise<DeletedBody[]> {
    const listed = await call<DeletedBody[]>(api, '/systemAdmin/organization/listDeleted', {}, systemAdmin.token);
    expect(listed.status).toBe(200);
    return listed.body;
  }

  async function sessionCookieOf(caller: Caller): Promise<string> {
    const result = await call(api, '/session/login', undefined, caller.token);
    expect(result.status).toBe(200);
    const name = api.config.deployment.sessionCookieName;
    const match = new RegExp(`(?:^|, )${name}=([^;]*)`).exec(result.headers.get('set-cookie') ?? '');
    if (!match?.[1]) throw new Error('no session cookie');
    return match[1];
  }

  async function introspect(cookie: string, projectId?: string) {
    return call<{ memberships: { organizationId: string }[]; project: unknown }>(api, '/session/introspect', { sessionCookie: cookie, projectId }, undefined, {
      'x-console-subsystem-key': KNOWLEDGE_KEY,
    });
  }

  async function inviteInto(org: OrganizationWithProjectsFixture, email: string): Promise<string> {
    const invited = await call<InviteEntryBody[]>(
      api,
      '/organization/inviteMembers',
      { organizationId: org.organization.id, emails: [email], props: { roleId: org.memberRole.id, projects: [] } },
      systemAdmin.token,
    );
    const id = invited.body[0]?.invitation?.id;
    if (!id) throw new Error(`not invited: ${JSON.stringify(invited.body)}`);
    return id;
  }

  /** The organization's audit events, newest first. */
  async function eventsOf(organizationId: string): Promise<AuditEventRow[]> {
    const rows: { action: AuditAction; target_id: string; actor_account_id: string | null; changes: Record<string, unknown> }[] = await db.query(
      `SELECT action, target_id, actor_account_id, changes FROM audit_events WHERE organization_id = $1 ORDER BY occurred_at DESC, id DESC`,
      [organizationId],
    );
    return rows.map((row) => ({ action: row.action, targetId: row.target_id, actor: row.actor_account_id, changes: row.changes }));
  }

  async function count(table: string, column: string, value: string): Promise<number> {
    const rows: { n: string }[] = await db.query(`SELECT count(*) AS n FROM ${table} WHERE ${column} = $1`, [value]);
    return Number(rows[0]?.n);
  }

  it('is refused to a member, and to an admin who does not type the exact name; nothing changes', async () => {
    const { org, admin, member } = await organizationWithPeople();
    expect((await deleteOrganization(org, member)).body).toMatchObject({ errorCode: 'FORBIDDEN' });
    for (const wrong of [`${org.organization.name} `, org.organization.name.toUpperCase() + '違う', '']) {
      const refused = await deleteOrganization(org, admin, wrong);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errorCode: 'ORGANIZATION_DELETION_NOT_CONFIRMED' });
    }
    expect((await call(api, '/organization/get', { organizationId: org.organization.id }, member.token)).status).toBe(200);
    expect(await eventsOf(org.organization.id)).toEqual([]);
  });

  it('by an organization admin hides the organization at once from its members: listings, chooser, introspection, invitations', async () => {
    const { org, admin, member } = await organizationWithPeople();
    const invitee = await createCaller(api, uniqueEmail('invitee'));
    const invitationId = await inviteInto(org, invitee.user.email);
    const cookie = await sessionCookieOf(member);
    expect((await introspect(cookie, org.projects[0]!.project.id)).status).toBe(200);

    const deleted = await deleteOrganization(org, admin);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: org.organization.id, deletedById: admin.id, deletedByEmail: admin.user.email, restorable: true });
    expect(new Date(deleted.body.purgeAt).getTime() - new Date(deleted.body.deletedAt).getTime()).toBe(30 * DAY_MS);

    const organizationId = org.organization.id;
    const projectId = org.projects[0]!.project.id;
    for (const caller of [member, admin]) {
      const own = await call<{ id: string }[]>(api, '/organization/listOfAccount', {}, caller.token);
      expect(own.body.map((o) => o.id)).not.toContain(organizationId);
      const chooser = await call<{ id: string }[]>(api, '/project/listInAccount', {}, caller.token);
      expect(chooser.body.map((p) => p.id)).not.toContain(projectId);
      // The answer of an organization that does not exist, for reads and writes alike.
      for (const [path, body] of [
        ['/organization/get', { organizationId }],
        ['/organization/listMembers', { organizationId }],
        ['/invitation/listInOrganization', { organizationId }],
        ['/organization/update', { organizationId, updateProps: { name: '新しい名前' } }],
        ['/project/get', { projectId }],
        ['/project/listMembers', { projectId }],
        ['/organization/delete', { organizationId, confirmName: org.organization.name }],
      ] as const) {
        const answer = await call(api, path, body, caller.token);
        expect([path, answer.status, answer.body]).toEqual([path, 403, expect.objectContaining({ errorCode: 'FORBIDDEN' })]);
      }
      const self = await call<{ memberships: { organizationId: string }[] }>(api, '/account/get', undefined, caller.token);
      expect(self.body.memberships.map((m) => m.organizationId)).not.toContain(organizationId);
    }
    // A system administrator sees it neither among the organizations and projects nor by id.
    const all = await call<{ id: string }[]>(api, '/system-admin/organization/listAll', {}, systemAdmin.token);
    expect(all.body.map((o) => o.id)).not.toContain(organizationId);
    const allProjects = await call<{ id: string }[]>(api, '/system-admin/project/listAll', {}, systemAdmin.token);
    expect(allProjects.body.map((p) => p.id)).not.toContain(projectId);
    expect((await call(api, '/organization/get', { organizationId }, systemAdmin.token)).body).toMatchObject({ errorCode: 'NOT_FOUND' });

    // Sibling products: no membership, and the project is unknown.
    const introspected = await introspect(cookie);
    expect(introspected.body.memberships.map((m) => m.organizationId)).not.toContain(organizationId);
    expect((await introspect(cookie, projectId)).status).toBe(403);

    // The invitation can no longer be read nor accepted.
    expect((await call(api, '/invitation/getByIdWithOrganization', { invitationId }, invitee.token)).body).toMatchObject({ errorCode: 'INVITATION_NOT_FOUND' });
    expect((await call(api, '/invitation/accept', { invitationId }, invitee.token)).body).toMatchObject({ errorCode: 'INVITATION_NOT_FOUND' });
    expect(await count('organization_memberships', 'account_id', invitee.id)).toBe(0);

    const events = await eventsOf(organizationId);
    expect(events.map((e) => [e.action, e.actor])).toEqual([
      ['organization.delete', admin.id],
      ['invitation.create', systemAdmin.id],
    ]);
  });

  it('a system administrator deletes, lists, and restores within the period; repeated calls answer clearly', async () => {
    const { org, member } = await organizationWithPeople();
    const organizationId = org.organization.id;
    expect((await restore(organizationId)).body).toMatchObject({ errorCode: 'ORGANIZATION_NOT_DELETED' });
    const deleted = await deleteOrganization(org, systemAdmin);
    expect(deleted.status).toBe(200);
    const again = await deleteOrganization(org, systemAdmin);
    expect([again.status, again.body]).toEqual([409, expect.objectContaining({ errorCode: 'ORGANIZATION_ALREADY_DELETED' })]);

    const listed = (await listedDeleted()).find((o) => o.id === organizationId);
    expect(listed).toMatchObject({ name: org.organization.name, deletedById: systemAdmin.id, deletedByEmail: systemAdmin.user.email, restorable: true });
    expect((await call(api, '/systemAdmin/organization/listDeleted', {}, member.token)).body).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect((await restore(organizationId, member)).body).toMatchObject({ errorCode: 'FORBIDDEN' });

    const restored = await restore(organizationId);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: organizationId, name: org.organization.name });
    // Everything it held is back: the member sees it, its projects and their memberships.
    expect((await call(api, '/organization/get', { organizationId }, member.token)).status).toBe(200);
    const chooser = await call<{ id: string }[]>(api, '/project/listInAccount', {}, member.token);
    expect(chooser.body.map((p) => p.id)).toEqual(expect.arrayContaining(org.projects.map((p) => p.project.id)));
    expect((await listedDeleted()).map((o) => o.id)).not.toContain(organizationId);
    expect((await restore(organizationId)).body).toMatchObject({ errorCode: 'ORGANIZATION_NOT_DELETED' });
    expect((await restore('zzzzzzzz')).body).toMatchObject({ errorCode: 'NOT_FOUND' });

    const events = await eventsOf(organizationId);
    expect(events.map((e) => [e.action, e.actor, e.changes])).toEqual([
      ['organization.restore', systemAdmin.id, { deletedAt: { before: deleted.body.deletedAt, after: null } }],
      ['organization.delete', systemAdmin.id, { deletedAt: { before: null, after: deleted.body.deletedAt } }],
    ]);
  });

  it('a member who deletes their account meanwhile is no member of the organization once it is restored', async () => {
    const { org, admin, member } = await organizationWithPeople();
    expect((await deleteOrganization(org, admin)).status).toBe(200);
    const gone = await call(api, '/account/delete', { confirmation: member.user.email }, member.token);
    expect(gone.status).toBe(200);
    expect((await restore(org.organization.id)).status).toBe(200);
    expect(await count('organization_memberships', 'account_id', member.id)).toBe(0);
    expect((await eventsOf(org.organization.id)).map((e) => [e.action, e.targetId])).toEqual(
      expect.arrayContaining([['membership.removeFromOrganization', member.id]]),
    );
  });

  it('refuses to restore an organization deleted longer ago than the retention period', async () => {
    const { org, admin } = await organizationWithPeople();
    expect((await deleteOrganization(org, admin)).status).toBe(200);
    await db.query(`UPDATE organizations SET deleted_at = now() - interval '30 days 1 minute' WHERE id = $1`, [org.organization.id]);
    expect((await listedDeleted()).find((o) => o.id === org.organization.id)).toMatchObject({ restorable: false });
    const refused = await restore(org.organization.id);
    expect([refused.status, refused.body]).toEqual([409, expect.objectContaining({ errorCode: 'ORGANIZATION_RESTORE_PERIOD_OVER' })]);
  });

  /** A deleted organization holding one of everything the purge removes; what to look for afterwards. */
  async function deletedOrganizationWithEverything() {
    const { org, admin, member } = await organizationWithPeople();
    const organizationId = org.organization.id;
    const projectIds = org.projects.map((p) => p.project.id);
    const image = await upload<{ url: string }>(api, '/organization/uploadProfileImage', admin.token, { data: await tinyPngImage() }, { organizationId });
    expect(image.status).toBe(200);
    expect((await call(api, '/organization/update', { organizationId, updateProps: { profileImageSrc: image.body.url } }, admin.token)).status).toBe(200);
    const karte = () => randomBytes(12).toString('hex');
    expect((await call(api, '/systemAdmin/organizationKarteMapping/upsert', { organizationId, karteOrganizationId: karte() }, systemAdmin.token)).status).toBe(
      200,
    );
    expect((await call(api, '/systemAdmin/projectKarteMapping/upsert', { projectId: projectIds[0], karteProjectId: karte() }, systemAdmin.token)).status).toBe(
      200,
    );
    expect(
      (await call(api, '/organization/domain/add', { organizationId, domain: `purge-${randomBytes(4).toString('hex')}.example.jp` }, admin.token)).status,
    ).toBe(200);
    await inviteInto(org, uniqueEmail('pending'));
    expect((await deleteOrganization(org, admin)).status).toBe(200);
    return { organizationId, projectIds, imageUrl: image.body.url, member };
  }

  async function remaining(organizationId: string, projectIds: string[]): Promise<Record<string, number>> {
    return {
      organization: await count('organizations', 'id', organizationId),
      projects: await count('projects', 'organization_id', organizationId),
      organizationMemberships: await count('organization_memberships', 'organization_id', organizationId),
      projectMemberships: await count('project_memberships', 'organization_id', organizationId),
      invitations: await count('invitations', 'organization_id', organizationId),
      roles: await count('roles', 'organization_id', organizationId),
      domains: await count('organization_domains', 'organization_id', organizationId),
      organizationKarte: await count('organization_karte_mappings', 'rt_organization_id', organizationId),
      projectKarte: await count('project_karte_mappings', 'rt_project_id', projectIds[0]!),
    };
  }

  const NOTHING = {
    organization: 0,
    projects: 0,
    organizationMemberships: 0,
    projectMemberships: 0,
    invitations: 0,
    roles: 0,
    domains: 0,
    organizationKarte: 0,
    projectKarte: 0,
  };

  const fileStatus = async (url: string) => (await fetch(`${api.baseUrl}/files/${new URL(url).pathname.split('/').pop() ?? ''}`)).status;

  it('the purge job removes an organization past the period with everything it held, keeps its audit events and records the purge', async () => {
    // Queued hourly by default (ORGANIZATION_PURGE_SCHEDULE), on the schedule the instance set as it started.
    expect(await db.query(`SELECT cron FROM pgboss.schedule WHERE name = $1`, [ORGANIZATION_PURGE_JOB])).toEqual([{ cron: '0 * * * *' }]);
    const job = api.app.get(OrganizationPurgeJob);
    const { organizationId, projectIds, imageUrl } = await deletedOrganizationWithEverything();
    const before = await remaining(organizationId, projectIds);
    expect(before).toMatchObject({
      organization: 1,
      projects: 2,
      organizationMemberships: 2,
      invitations: 1,
      domains: 1,
      organizationKarte: 1,
      projectKarte: 1,
    });
    expect(await fileStatus(imageUrl)).toBe(200);

    // Within the period nothing is purged.
    await job.runOnce(new Date(Date.now() + 29 * DAY_MS));
    expect(await remaining(organizationId, projectIds)).toEqual(before);

    expect(await job.runOnce(new Date(Date.now() + 30 * DAY_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await remaining(organizationId, projectIds)).toEqual(NOTHING);
    expect(await fileStatus(imageUrl)).toBe(404);
    expect((await listedDeleted()).map((o) => o.id)).not.toContain(organizationId);
    expect((await restore(organizationId)).body).toMatchObject({ errorCode: 'NOT_FOUND' });

    const events = await eventsOf(organizationId);
    expect(events[0]).toMatchObject({ action: 'organization.purge', targetId: organizationId, actor: null });
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['organization.delete', 'invitation.create', 'domain.add', 'organization.update', 'karteMapping.upsertOrganization']),
    );
    // A second run finds nothing more to do.
    expect(await job.runOnce(new Date(Date.now() + 30 * DAY_MS + 60_000))).toBe(0);
  });

  it('a purge interrupted midway is finished by a later run, once its claim has lapsed, and recorded once', async () => {
    const job = api.app.get(OrganizationPurgeJob);
    const repository = api.app.get(OrganizationDeletionRepository);
    const { organizationId, projectIds, member } = await deletedOrganizationWithEverything();
    const before = await remaining(organizationId, projectIds);
    const due = Date.now() + 30 * DAY_MS + 60_000;

    // The instance dies while deleting the projects: the steps before it are committed, the rest is not.
    const crash = jest.spyOn(repository, 'deleteProjects').mockRejectedValueOnce(new Error('terminating connection due to administrator command'));
    try {
      await expect(job.runOnce(new Date(due))).rejects.toThrow('terminating connection');
    } finally {
      crash.mockRestore();
    }
    expect(await remaining(organizationId, projectIds)).toEqual({ ...NOTHING, organization: 1, projects: 2, roles: before.roles, domains: 1 });
    // Still deleted, no longer restorable, and still invisible.
    expect((await restore(organizationId)).body).toMatchObject({ errorCode: 'ORGANIZATION_RESTORE_PERIOD_OVER' });
    expect((await call(api, '/organization/get', { organizationId }, member.token)).status).toBe(403);

    // Another instance running meanwhile leaves it to the claim's holder.
    await job.runOnce(new Date(due + 60_000));
    expect(await count('organizations', 'id', organizationId)).toBe(1);

    // Once the claim has lapsed, the next run finishes it.
    expect(await job.runOnce(new Date(due + PURGE_LEASE_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await remaining(organizationId, projectIds)).toEqual(NOTHING);
    expect((await eventsOf(organizationId)).filter((e) => e.action === 'organization.purge')).toHaveLength(1);
  });

  it('two instances purging at once purge each organization once', async () => {
    const job = api.app.get(OrganizationPurgeJob);
    const { organizationId, projectIds } = await deletedOrganizationWithEverything();
    const now = new Date(Date.now() + 30 * DAY_MS + 60_000);
    await Promise.all([job.runOnce(now), job.runOnce(now), job.runOnce(now)]);
    expect(await remaining(organizationId, projectIds)).toEqual(NOTHING);
    expect((await eventsOf(organizationId)).filter((e) => e.action === 'organization.purge')).toHaveLength(1);
  });

  it('reads ORGANIZATION_RETENTION_DAYS (30 by default) and ORGANIZATION_PURGE_SCHEDULE (hourly by default)', () => {
    const env = {
      APP_ENV: 'test',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
      FIREBASE_PROJECT_ID: 'demo-x',
      COMPANY_MAIL_DOMAIN: 'console.example.jp',
      ROOT_ACCOUNT_EMAIL: 'root@console.example.jp',
    };
    expect(loadConfig(env).organizationPurge).toEqual({ retentionDays: 30, schedule: '0 * * * *' });
    expect(loadConfig({ ...env, ORGANIZATION_RETENTION_DAYS: '7', ORGANIZATION_PURGE_SCHEDULE: ' */5  2-4 * * 1,3 ' }).organizationPurge).toEqual({
      retentionDays: 7,
      schedule: '*/5 2-4 * * 1,3',
    });
    for (const bad of ['0', '-1', '3.5', 'month']) expect(() => loadConfig({ ...env, ORGANIZATION_RETENTION_DAYS: bad })).toThrow(ConfigError);
    for (const bad of ['hourly', '* * * *', '0 * * * * *', '0 * * * MON'])
      expect(() => loadConfig({ ...env, ORGANIZATION_PURGE_SCHEDULE: bad })).toThrow('ORGANIZATION_PURGE_SCHEDULE must be a cron expression of five fields');
  });
});
