import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '@console/domain';
import { TransactionHost } from '@nestjs-cls/transactional';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { encodeCursor } from '../src/common/http/paging-sql';
import { READ_CALL_KEY } from '../src/common/http/read-call';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { AUDIT_CSV_COLUMNS } from '../src/modules/audit/audit-csv';
import { auditPageQuery, type AuditEventFilter } from '../src/modules/audit/audit-event.sql';
import { AUDIT_RETENTION_CRON, AUDIT_RETENTION_JOB, AuditRetentionJob } from '../src/modules/audit/audit-retention.job';
import { JobQueue } from '../src/modules/queue/job-queue';
import {
  AUTHORIZATION_TABLE,
  startWorld,
  tinyPngImage,
  tokenOf,
  uploadedFile,
  type CallerKind,
  type MatrixRequest,
  type World,
} from './support/authorization-table';
import {
  addOrganizationMember,
  createCaller,
  createOrganization,
  createProject,
  createSystemAdmin,
  createVerifiedCaller,
  insertAccounts,
  insertJoinableDomain,
  insertMemberships,
  uniqueEmail,
  upload,
  verifyEmail,
  type Caller,
  type ErrorBodyShape,
  type InviteEntryBody,
  type OrganizationFixture,
} from './support/fixtures';
import { copyStatementWaits } from './support/copy-statements';
import { bearer, call, enrollPhoneFactor, startApi, type CallResult, type TestApi } from './support/harness';
import { waitFor } from './support/wait';
import { discoverRoutes } from './support/routes';

interface AuditEventBody {
  id: string;
  occurredAt: string;
  actor: { accountId: string; name: string | null; email: string; isSystemAdmin: boolean } | null;
  action: AuditAction;
  targetType: string;
  targetId: string;
  organizationId: string | null;
  projectId: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

interface AuditPageBody {
  items: AuditEventBody[];
  nextCursor: string | null;
}

interface StoredEvent {
  id: string;
  action: AuditAction;
  target_type: string;
  target_id: string;
  organization_id: string | null;
  project_id: string | null;
}

/**
 * The action one successful call of each write route records: every POST not marked @ReadCall().
 * A new write route fails the discovery test until it records its event and is listed here.
 */
const EXPECTED_ACTION: Readonly<Record<string, AuditAction>> = {
  'POST /account/assignOrganizationRole': 'membership.assignOrganizationRole',
  'POST /account/assignProjectRole': 'membership.assignProjectRole',
  'POST /account/create': 'account.create',
  'POST /account/delete': 'account.delete',
  'POST /account/secondFactor/enrolled': 'account.enrollSecondFactor',
  'POST /account/secondFactor/removed': 'account.removeSecondFactor',
  'POST /account/joinByDomain': 'organization.autoJoin',
  'POST /account/update': 'account.update',
  'POST /account/updateEmail': 'account.updateEmail',
  'POST /account/uploadProfileImage': 'account.uploadProfileImage',
  'POST /invitation/accept': 'invitation.accept',
  'POST /invitation/cancel': 'invitation.cancel',
  'POST /organization/delete': 'organization.delete',
  'POST /joinRequest/create': 'joinRequest.create',
  'POST /organization/domain/add': 'domain.add',
  'POST /organization/domain/remove': 'domain.remove',
  'POST /organization/domain/setJoinPolicy': 'domain.setJoinPolicy',
  'POST /organization/domain/verify': 'domain.check',
  'POST /organization/export': 'organization.export',
  'POST /organization/importMembers': 'invitation.create',
  'POST /organization/inviteMembers': 'invitation.create',
  'POST /organization/joinRequest/approve': 'joinRequest.approve',
  'POST /organization/joinRequest/decline': 'joinRequest.decline',
  'POST /organization/removeMember': 'membership.removeFromOrganization',
  'POST /organization/resendInvitation': 'invitation.resend',
  'POST /organization/update': 'organization.update',
  'POST /organization/updateSecurity': 'organization.updateSecurity',
  'POST /organization/uploadProfileImage': 'organization.uploadProfileImage',
  'POST /project/removeMember': 'membership.removeFromProject',
  'POST /project/update': 'project.update',
  'POST /session/login': 'session.login',
  'POST /session/logout': 'session.logout',
  'POST /session/revoke': 'session.revoke',
  'POST /session/revokeOthers': 'session.revokeOthers',
  'POST /system-admin/organization/create': 'organization.create',
  'POST /system-admin/project/create': 'project.create',
  'POST /systemAdmin/account/updateIsSystemAdmin': 'systemAdmin.revoke',
  'POST /systemAdmin/domain/verify': 'domain.verifyManually',
  'POST /organization/sso/save': 'ssoConnection.update',
  'POST /organization/sso/remove': 'ssoConnection.delete',
  'POST /systemAdmin/sso/disable': 'ssoConnection.disable',
  'POST /systemAdmin/email/requeue': 'email.requeue',
  'POST /systemAdmin/organization/restore': 'organization.restore',
  'POST /systemAdmin/organizationKarteMapping/upsert': 'karteMapping.upsertOrganization',
  'POST /systemAdmin/projectKarteMapping/upsert': 'karteMapping.upsertProject',
  'POST /systemAdmin/serviceCredential/create': 'serviceCredential.create',
  'POST /systemAdmin/serviceCredential/revoke': 'serviceCredential.revoke',
  'POST /systemAdmin/serviceCredential/revokeSecret': 'serviceCredential.revokeSecret',
  'POST /systemAdmin/serviceCredential/rotate': 'serviceCredential.rotate',
  'POST /systemAdmin/webhook/createEndpoint': 'webhookEndpoint.create',
  'POST /systemAdmin/webhook/deleteEndpoint': 'webhookEndpoint.delete',
  'POST /systemAdmin/webhook/replayDelivery': 'webhookDelivery.replay',
  'POST /systemAdmin/webhook/replayFailed': 'webhookDelivery.replay',
  'POST /systemAdmin/webhook/rotateEndpointSecret': 'webhookEndpoint.rotateSecret',
  'POST /systemAdmin/webhook/updateEndpoint': 'webhookEndpoint.update',
};

/**
 * Write routes that change nothing the console keeps, so record no event: the announcement of a
 * password change only tells every instance about a revocation the identity provider already made.
 */
const WRITES_WITHOUT_EVENT: readonly string[] = ['POST /auth/sso/exchange', 'POST /session/passwordChanged'];

/** Who makes the successful call: the system administrator unless told (account creation needs a user without an account). */
const CALLER_FOR: Readonly<Record<string, CallerKind>> = {
  'POST /account/create': 'noAccount',
  'POST /invitation/accept': 'organizationMember',
};

const ISO_MICROSECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UTF8_BOM_BYTES = [0xef, 0xbb, 0xbf];

/** A failed e-mail in the outbox (as the delivery worker leaves one it gave up on); its id. */
async function failedEmail(api: TestApi): Promise<string> {
  const id = randomUUID();
  await api.app.get(DataSource).query(
    `INSERT INTO email_outbox (id, kind, reference_id, to_email, subject, text_body, html_body, status, attempts, last_error)
     VALUES ($1, 'test', NULL, $2, 'subject', 'text', '<p>html</p>', 'failed', 8, 'mailbox full')`,
    [id, uniqueEmail('failed')],
  );
  return id;
}

/** The requests of the discovery test that the authorization table's rows do not give a single event for. */
/** A webhook delivery given up as failed (as the delivery worker leaves one), of a fresh endpoint; their ids. */
async function failedWebhookDelivery(world: World): Promise<{ endpointId: string; deliveryId: string }> {
  const token = world.callers.systemAdmin.token;
  const credential = await call<{ credential: { id: string } }>(
    world.api,
    '/systemAdmin/serviceCredential/create',
    { name: 'audit webhooks', product: 'knowledge', scopes: ['events:receive'] },
    token,
  );
  const endpoint = await call<{ endpoint: { id: string } }>(
    world.api,
    '/systemAdmin/webhook/createEndpoint',
    { credentialId: credential.body.credential.id, url: 'https://knowledge.example.jp/hooks', eventTypes: ['organization.purged'] },
    token,
  );
  const [eventId, deliveryId] = [`evt_${randomBytes(8).toString('hex')}`, randomBytes(8).toString('hex')];
  const db = world.api.app.get(DataSource);
  await db.query(`INSERT INTO change_events (id, type, data) VALUES ($1, 'organization.purged', '{"organizationId": "o1P2q3R4"}')`, [eventId]);
  await db.query(
    `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempts, job_id, last_error) VALUES ($1, $2, $3, 'failed', 20, $4, 'HTTP 503')`,
    [deliveryId, eventId, endpoint.body.endpoint.id, randomUUID()],
  );
  return { endpointId: endpoint.body.endpoint.id, deliveryId };
}

const CUSTOM_REQUEST: Readonly<Record<string, (world: World) => Promise<MatrixRequest>>> = {
  // The table's rows replay an unknown delivery, or an endpoint without failed ones: a failed delivery.
  'POST /systemAdmin/webhook/replayDelivery': async (w) => ({ json: { deliveryId: (await failedWebhookDelivery(w)).deliveryId } }),
  'POST /systemAdmin/webhook/replayFailed': async (w) => ({ json: { endpointId: (await failedWebhookDelivery(w)).endpointId } }),
  // A fresh sign-in (the session cookie is only issued for one).
  'POST /session/login': async (w) => ({ token: (await createCaller(w.api)).token }),
  // The table's row requeues an unknown id, which changes nothing.
  'POST /systemAdmin/email/requeue': async (w) => ({ json: { ids: [await failedEmail(w.api)] } }),
  // The table's row confirms with a wrong name, which deletes nothing: a fresh organization, confirmed with its name.
  'POST /organization/delete': async (w) => {
    const { organization } = await createOrganization(w.api);
    return { json: { organizationId: organization.id, confirmName: organization.name } };
  },
  // A factor enrolled with the identity provider (the table's row names none).
  'POST /account/secondFactor/enrolled': async (w) => {
    const caller = await verifyEmail(w.api, await createCaller(w.api));
    return { token: caller.token, json: { factorId: await enrollPhoneFactor(caller.token, '+819011112222') } };
  },
  // A fresh account without memberships or invitations deletes itself (the table's row is refused for a wrong confirmation).
  // A fresh person with a verified address on a verified domain of organization B: joining it automatically, asking to join it.
  'POST /account/joinByDomain': async (w) => {
    const { domain } = await insertJoinableDomain(w.api, w.organizationB, 'automatic');
    return { token: (await createVerifiedCaller(w.api, domain)).token };
  },
  'POST /joinRequest/create': async (w) => {
    const { domain } = await insertJoinableDomain(w.api, w.organizationB, 'request');
    return { token: (await createVerifiedCaller(w.api, domain)).token, json: { organizationId: w.organizationB.organization.id } };
  },
  'POST /account/delete': async (w) => {
    const caller = await createCaller(w.api);
    return { token: caller.token, json: { confirmation: caller.user.email } };
  },
};

/** The refusal of the table's row of a write whose custom request is the successful call. */
const REFUSED_TABLE_ROWS: Readonly<Record<string, string>> = {
  'POST /account/delete': 'DELETION_NOT_CONFIRMED',
  'POST /account/secondFactor/enrolled': 'SECOND_FACTOR_NOT_FOUND',
  'POST /organization/delete': 'ORGANIZATION_DELETION_NOT_CONFIRMED',
  'POST /joinRequest/create': 'JOIN_NOT_AVAILABLE',
  'POST /systemAdmin/webhook/replayDelivery': 'NOT_FOUND',
};

function rowOf(endpoint: string): (typeof AUTHORIZATION_TABLE)[number] {
  const row = AUTHORIZATION_TABLE.find((r) => r.endpoint === endpoint);
  if (!row) throw new Error(`no authorization row for ${endpoint}`);
  return row;
}

async function send(
  world: World,
  endpoint: string,
  kind: CallerKind,
  request: MatrixRequest,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const path = endpoint.split(' ')[1] ?? '';
  const token = request.token ?? tokenOf(world, kind);
  if (request.multipart) return upload(world.api, path, token, uploadedFile(request.multipart), request.multipart.fields);
  return call(world.api, path, request.json, token, headers);
}

/** A minimal RFC 4180 reader: quoted cells, doubled quotes, CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += c;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The data rows of an export read as text (fetch's text() has already dropped the BOM). */
function csvDataRows(text: string): string[][] {
  return parseCsv(text.replace(/^\uFEFF/, '')).slice(1);
}

function postJson(api: TestApi, path: string, body: unknown, token: string): Promise<Response> {
  return fetch(`${api.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(token) }, body: JSON.stringify(body) });
}

describe('audit log', () => {
  let world: World;
  let api: TestApi;
  let db: DataSource;

  /** The database's clock now, to the microsecond: events recorded later are the call's. */
  async function watermark(): Promise<string> {
    const [row] = await db.query<{ t: string }[]>(`SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t`);
    return row!.t;
  }

  async function eventsSince(mark: string): Promise<StoredEvent[]> {
    return db.query<StoredEvent[]>(
      `SELECT id, action, target_type, target_id, organization_id, project_id FROM audit_events WHERE occurred_at > $1::timestamptz ORDER BY occurred_at, id`,
      [mark],
    );
  }

  /** Every event of a listing, page after page. */
  async function listAll(path: string, body: Record<string, unknown>, token: string, limit = 100): Promise<AuditEventBody[]> {
    const items: AuditEventBody[] = [];
    let cursor = typeof body.cursor === 'string' ? body.cursor : undefined;
    for (;;) {
      const page = await call<AuditPageBody>(api, path, { ...body, limit, cursor }, token);
      expect(page.status).toBe(200);
      items.push(...page.body.items);
      if (page.body.nextCursor === null) return items;
      cursor = page.body.nextCursor;
    }
  }

  /** The newest event of the listing matching `filter`, as the organization's admin sees it. */
  async function newestOfOrganization(organizationId: string, token: string, filter: Record<string, unknown>): Promise<AuditEventBody> {
    const page = await call<AuditPageBody>(api, '/organization/listAuditEvents', { organizationId, ...filter, limit: 1 }, token);
    expect(page.status).toBe(200);
    const [item] = page.body.items;
    if (!item) throw new Error(`no event for ${JSON.stringify(filter)}`);
    return item;
  }

  async function organizationWithAdmin(): Promise<{ organization: OrganizationFixture; admin: Caller }> {
    const [organization, admin] = await Promise.all([createOrganization(api), createCaller(api)]);
    await addOrganizationMember(api, admin.id, organization, 'admin');
    return { organization, admin };
  }

  beforeAll(async () => {
    world = await startWorld();
    api = world.api;
    db = api.app.get(DataSource);
  });

  afterAll(async () => {
    await world?.api.close();
  });

  describe('every write records exactly one event, in its transaction', () => {
    it('knows the action of every write route the application serves', () => {
      const writes = discoverRoutes(api, (handler) => Reflect.getMetadata(READ_CALL_KEY, handler) !== true).filter((route) => route.startsWith('POST '));
      expect(writes).toEqual([...Object.keys(EXPECTED_ACTION), ...WRITES_WITHOUT_EVENT].sort());
    });

    it('covers every audit action (granting system administration in "recorded fields" below, the periodic domain re-check in organization-domains.test.ts, the purge in organization-deletion.test.ts, an SSO connection\'s creation in sso.test.ts)', () => {
      expect(new Set([...Object.values(EXPECTED_ACTION), 'systemAdmin.grant', 'domain.recheck', 'organization.purge', 'ssoConnection.create'])).toEqual(
        new Set(AUDIT_ACTIONS),
      );
    });

    it.each(Object.entries(EXPECTED_ACTION))('%s records %s', async (endpoint, action) => {
      const kind = CALLER_FOR[endpoint] ?? 'systemAdmin';
      const custom = CUSTOM_REQUEST[endpoint];
      const row = rowOf(endpoint);
      // The table's rows of the deletions, of a factor's enrolment and of a join request are refused (nothing of the world is deleted, no caller has a factor or may ask to join); their custom requests succeed.
      expect(row.expected[kind]).toBe(REFUSED_TABLE_ROWS[endpoint] ?? 'ok');
      const request = custom ? await custom(world) : await row.request(world, kind);
      const mark = await watermark();
      const response = await send(world, endpoint, kind, request);
      expect({ status: response.status, body: response.status === 200 ? 'ok' : response.body }).toEqual({ status: 200, body: 'ok' });
      expect((await eventsSince(mark)).map((e) => e.action)).toEqual([action]);
    });

    it('records one event per address an invitation is sent to, and the cancellation of the invitation it replaces', async () => {
      const { organizationA, callers } = world;
      const [first, second] = [uniqueEmail('invited'), uniqueEmail('invited')];
      const invite = (emails: string[]) =>
        call<InviteEntryBody[]>(
          api,
          '/organization/inviteMembers',
          { organizationId: organizationA.organization.id, emails, props: { roleId: organizationA.memberRole.id, projects: [] } },
          callers.organizationAdmin.token,
        );
      let mark = await watermark();
      const invited = await invite([first, second]);
      expect(invited.status).toBe(200);
      const ids = invited.body.map((entry) => entry.invitation?.id);
      expect((await eventsSince(mark)).map((e) => [e.action, e.target_id, e.organization_id])).toEqual(
        ids.map((id) => ['invitation.create', id, organizationA.organization.id]),
      );
      // Older than the window in which a second invitation counts as the same one.
      await db.query(`UPDATE invitations SET created_at = created_at - interval '1 minute' WHERE id = $1`, [ids[0]]);
      mark = await watermark();
      const again = await invite([first]);
      expect((await eventsSince(mark)).map((e) => [e.action, e.target_id])).toEqual([
        ['invitation.cancel', ids[0]],
        ['invitation.create', again.body[0]?.invitation?.id],
      ]);
    });

    it('records a project role assignment per project an invitation adds to an existing member', async () => {
      const { organizationA, project1, project2, callers } = world;
      const [member] = await insertAccounts(api, 1);
      await insertMemberships(api, [member!], organizationA, project1);
      const mark = await watermark();
      const invited = await call(
        api,
        '/organization/inviteMembers',
        {
          organizationId: organizationA.organization.id,
          emails: [member!.email],
          props: {
            roleId: organizationA.memberRole.id,
            projects: [
              { projectId: project1.project.id, roleId: project1.adminRole.id },
              { projectId: project2.project.id, roleId: project2.memberRole.id },
            ],
          },
        },
        callers.organizationAdmin.token,
      );
      expect(invited.status).toBe(200);
      // P1 is kept as it is; P2 is added.
      expect((await eventsSince(mark)).map((e) => [e.action, e.target_type, e.target_id, e.project_id])).toEqual([
        ['membership.assignProjectRole', 'membership', member!.id, project2.project.id],
      ]);
    });

    it('records, besides the change, the cancellation of each invitation a demoted or removed member can no longer send', async () => {
      const { organizationA, callers } = world;
      const sender = await createCaller(api);
      await addOrganizationMember(api, sender.id, organizationA, 'admin');
      const sent = await call<InviteEntryBody[]>(
        api,
        '/organization/inviteMembers',
        {
          organizationId: organizationA.organization.id,
          emails: [uniqueEmail('invited'), uniqueEmail('invited')],
          props: { roleId: organizationA.adminRole.id, projects: [] },
        },
        sender.token,
      );
      const ids = sent.body.map((entry) => entry.invitation?.id ?? '').sort();
      let mark = await watermark();
      const demoted = await call(
        api,
        '/account/assignOrganizationRole',
        { accountId: sender.id, props: { organizationId: organizationA.organization.id, roleId: organizationA.memberRole.id } },
        callers.organizationAdmin.token,
      );
      expect(demoted.status).toBe(200);
      const events = await eventsSince(mark);
      expect(events.filter((e) => e.action !== 'invitation.cancel').map((e) => [e.action, e.target_id])).toEqual([
        ['membership.assignOrganizationRole', sender.id],
      ]);
      expect(
        events
          .filter((e) => e.action === 'invitation.cancel')
          .map((e) => [e.target_id, e.organization_id])
          .sort(),
      ).toEqual(ids.map((id) => [id, organizationA.organization.id]));
      // Removing it now cancels nothing more: it sent nothing it could still send.
      mark = await watermark();
      expect(
        (
          await call(
            api,
            '/organization/removeMember',
            { organizationId: organizationA.organization.id, accountId: sender.id },
            callers.organizationAdmin.token,
          )
        ).status,
      ).toBe(200);
      expect((await eventsSince(mark)).map((e) => e.action)).toEqual(['membership.removeFromOrganization']);
    });
  });

  describe('recorded fields', () => {
    it('records a plan change with the old and new plan, with the request id, client IP and user agent', async () => {
      const { organizationA, callers } = world;
      const project = await createProject(api, organizationA.organization.id, '変更前');
      const requestId = `audit-${randomBytes(6).toString('hex')}`;
      const userAgent = 'AuditTest/1.0 (+"quoted", comma)';
      const updated = await call(
        api,
        '/project/update',
        { projectId: project.project.id, updateProps: { name: '変更後', productSettings: { knowledge: { plan: 'enterprise' } } } },
        callers.systemAdmin.token,
        // No proxy is trusted (TRUSTED_PROXIES unset): an address the client writes into X-Forwarded-For is not recorded.
        { 'x-request-id': requestId, 'user-agent': userAgent, 'x-forwarded-for': '203.0.113.7' },
      );
      expect(updated.status).toBe(200);
      const event = await newestOfOrganization(organizationA.organization.id, callers.organizationAdmin.token, { targetId: project.project.id });
      const { id, occurredAt, actor, ...rest } = event;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(occurredAt).toMatch(ISO_MICROSECONDS);
      expect(actor).toMatchObject({ accountId: callers.systemAdmin.id, email: callers.systemAdmin.user.email, isSystemAdmin: true });
      expect(rest).toEqual({
        action: 'project.update',
        targetType: 'project',
        targetId: project.project.id,
        organizationId: organizationA.organization.id,
        projectId: project.project.id,
        changes: { name: { before: '変更前', after: '変更後' }, 'productSettings.knowledge.plan': { before: 'none', after: 'enterprise' } },
        requestId,
        ip: '127.0.0.1',
        userAgent,
      });
      expect(Date.now() - Date.parse(event.occurredAt)).toBeLessThan(60_000);
    });

    it('records an organization role change with the role before and after, by an organization admin', async () => {
      const { organizationA, callers } = world;
      const [member] = await insertAccounts(api, 1);
      await insertMemberships(api, [member!], organizationA);
      const assigned = await call(
        api,
        '/account/assignOrganizationRole',
        { accountId: member!.id, props: { organizationId: organizationA.organization.id, roleId: organizationA.adminRole.id } },
        callers.organizationAdmin.token,
      );
      expect(assigned.status).toBe(200);
      const event = await newestOfOrganization(organizationA.organization.id, callers.organizationAdmin.token, { targetId: member!.id });
      expect(event).toMatchObject({
        actor: { accountId: callers.organizationAdmin.id, email: callers.organizationAdmin.user.email, isSystemAdmin: false },
        action: 'membership.assignOrganizationRole',
        targetType: 'membership',
        organizationId: organizationA.organization.id,
        projectId: null,
        changes: { roleId: { before: organizationA.memberRole.id, after: organizationA.adminRole.id } },
        ip: '127.0.0.1',
      });
      expect(event.requestId).toMatch(/\S/);
    });

    it('records a new project role with no role before', async () => {
      const { organizationA, project2, callers } = world;
      const [member] = await insertAccounts(api, 1);
      await insertMemberships(api, [member!], organizationA);
      const assigned = await call(
        api,
        '/account/assignProjectRole',
        { accountId: member!.id, organizationId: organizationA.organization.id, props: { projectId: project2.project.id, roleId: project2.adminRole.id } },
        callers.organizationAdmin.token,
      );
      expect(assigned.status).toBe(200);
      const event = await newestOfOrganization(organizationA.organization.id, callers.organizationAdmin.token, {
        targetId: member!.id,
        projectId: project2.project.id,
      });
      expect(event).toMatchObject({ action: 'membership.assignProjectRole', changes: { roleId: { before: null, after: project2.adminRole.id } } });
    });

    it('records granting system administration outside any organization', async () => {
      const staff = await verifyEmail(api, await createCaller(api, uniqueEmail('staff', api.config.companyMailDomain)));
      const granted = await call(
        api,
        '/systemAdmin/account/updateIsSystemAdmin',
        { email: staff.user.email, isSystemAdmin: true },
        world.callers.systemAdmin.token,
      );
      expect(granted.status).toBe(200);
      const page = await call<AuditPageBody>(
        api,
        '/systemAdmin/auditEvent/list',
        { targetId: staff.id, action: 'systemAdmin.grant' },
        world.callers.systemAdmin.token,
      );
      expect(page.body.items).toEqual([
        expect.objectContaining({ targetType: 'account', organizationId: null, projectId: null, changes: { isSystemAdmin: { before: false, after: true } } }),
      ]);
    });

    it('records neither the session cookie nor the token of a sign-in, and image uploads by URL only', async () => {
      const caller = await createCaller(api);
      const login = await fetch(`${api.baseUrl}/session/login`, { method: 'POST', headers: bearer(caller.token) });
      expect(login.status).toBe(200);
      const cookie = /=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
      expect(cookie.length).toBeGreaterThan(20);
      const uploaded = await upload<{ url: string }>(api, '/account/uploadProfileImage', caller.token, { data: await tinyPngImage(), type: 'image/png' });
      expect(uploaded.status).toBe(200);
      const page = await call<AuditPageBody>(api, '/systemAdmin/auditEvent/list', { actorAccountId: caller.id }, world.callers.systemAdmin.token);
      expect(page.body.items.map((e) => e.action)).toEqual(['account.uploadProfileImage', 'session.login', 'account.create']);
      const [image, session] = page.body.items;
      expect(image?.changes).toEqual({ uploadedImageUrl: { before: null, after: uploaded.body.url } });
      expect(session).toMatchObject({ targetType: 'session', targetId: caller.id, actor: { accountId: caller.id, isSystemAdmin: false } });
      const recorded = JSON.stringify(page.body.items);
      expect(recorded).not.toContain(cookie);
      expect(recorded).not.toContain(caller.token);
    });
  });

  describe('a refused or failed write records nothing', () => {
    it('records nothing when the caller may not write', async () => {
      const { organizationA, callers } = world;
      const alone = await organizationWithAdmin();
      const mark = await watermark();
      const refused = await call<ErrorBodyShape>(
        api,
        '/organization/update',
        { organizationId: organizationA.organization.id, updateProps: { name: 'x' } },
        callers.organizationMember.token,
      );
      expect(refused.status).toBe(403);
      const invalid = await call<ErrorBodyShape>(
        api,
        '/organization/update',
        { organizationId: organizationA.organization.id, updateProps: { name: '' } },
        callers.organizationAdmin.token,
      );
      expect(invalid.status).toBe(400);
      const lastAdmin = await call<ErrorBodyShape>(
        api,
        '/account/assignOrganizationRole',
        { accountId: alone.admin.id, props: { organizationId: alone.organization.organization.id, roleId: alone.organization.memberRole.id } },
        callers.systemAdmin.token,
      );
      expect(lastAdmin.body).toMatchObject({ errorCode: 'LAST_ADMIN' });
      expect(await eventsSince(mark)).toEqual([]);
    });

    describe('when recording the event fails, the change is rolled back with it', () => {
      const REFUSED = 'refuse-audit';

      beforeAll(async () => {
        await db.query(`CREATE FUNCTION audit_test_refuse() RETURNS trigger AS $$
          BEGIN IF NEW.request_id = '${REFUSED}' THEN RAISE EXCEPTION 'audit refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
        await db.query(`CREATE TRIGGER audit_test_refuse BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_test_refuse()`);
      });

      afterAll(async () => {
        await db.query(`DROP TRIGGER IF EXISTS audit_test_refuse ON audit_events`);
        await db.query(`DROP FUNCTION IF EXISTS audit_test_refuse()`);
      });

      it('keeps the project as it was', async () => {
        const project = await createProject(api, world.organizationA.organization.id, '元の名前');
        const failed = await call<ErrorBodyShape>(
          api,
          '/project/update',
          { projectId: project.project.id, updateProps: { name: '新しい名前' } },
          world.callers.organizationAdmin.token,
          { 'x-request-id': REFUSED },
        );
        expect(failed.status).toBe(500);
        expect(Object.keys(failed.body).sort()).toEqual(['errorCode', 'message', 'name']);
        expect(failed.body.name).toBe('ConsoleError');
        const [row] = await db.query<{ name: string }[]>(`SELECT name FROM projects WHERE id = $1`, [project.project.id]);
        expect(row?.name).toBe('元の名前');
      });

      it('keeps the role, and sends no invitation and no e-mail', async () => {
        const { organizationA, callers } = world;
        const [member] = await insertAccounts(api, 1);
        await insertMemberships(api, [member!], organizationA);
        const assign = await call(
          api,
          '/account/assignOrganizationRole',
          { accountId: member!.id, props: { organizationId: organizationA.organization.id, roleId: organizationA.adminRole.id } },
          callers.organizationAdmin.token,
          { 'x-request-id': REFUSED },
        );
        expect(assign.status).toBe(500);
        const [membership] = await db.query<{ role_id: string }[]>(`SELECT role_id FROM organization_memberships WHERE account_id = $1`, [member!.id]);
        expect(membership?.role_id).toBe(organizationA.memberRole.id);

        const email = uniqueEmail('not-invited');
        const invite = await call<InviteEntryBody[]>(
          api,
          '/organization/inviteMembers',
          { organizationId: organizationA.organization.id, emails: [email], props: { roleId: organizationA.memberRole.id, projects: [] } },
          callers.organizationAdmin.token,
          { 'x-request-id': REFUSED },
        );
        // One address failing fails its own entry only.
        expect(invite.body).toEqual([{ email, invitation: null, account: null, errorCode: 'FAILED_TO_INVITE' }]);
        expect(await db.query(`SELECT id FROM invitations WHERE email = $1`, [email])).toEqual([]);
        expect(await db.query(`SELECT id FROM email_outbox WHERE to_email = $1`, [email])).toEqual([]);
      });
    });
  });

  describe('who sees which events', () => {
    it.each<[CallerKind, number]>([
      ['organizationAdmin', 200],
      ['systemAdmin', 200],
      ['organizationMember', 403],
      ['projectAdmin', 403],
      ['projectMember', 403],
      ['otherOrganizationAdmin', 403],
      ['outsider', 403],
      ['anonymous', 401],
    ])("organization A's events: %s → %d (listing and export)", async (kind, status) => {
      const body = { organizationId: world.organizationA.organization.id };
      const token = tokenOf(world, kind);
      const listed = await call<AuditPageBody | ErrorBodyShape>(api, '/organization/listAuditEvents', body, token);
      const exported = await fetch(`${api.baseUrl}/organization/exportAuditEvents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(token) },
        body: JSON.stringify(body),
      });
      expect([listed.status, exported.status]).toEqual([status, status]);
      if (status !== 200) {
        expect(listed.body).toMatchObject({ name: 'ConsoleError', errorCode: status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN' });
        expect(await exported.json()).toEqual(listed.body);
      } else {
        await exported.arrayBuffer();
      }
    });

    it('answers a system administrator NOT_FOUND for an unknown organization', async () => {
      const unknown = await call<ErrorBodyShape>(api, '/organization/listAuditEvents', { organizationId: 'Zz9Zz9Zz' }, world.callers.systemAdmin.token);
      expect(unknown.status).toBe(404);
    });

    it('lets only system administrators list and export every event', async () => {
      for (const kind of ['organizationAdmin', 'otherOrganizationAdmin', 'outsider'] as const) {
        expect((await call(api, '/systemAdmin/auditEvent/list', {}, tokenOf(world, kind))).status).toBe(403);
        expect((await postJson(api, '/systemAdmin/auditEvent/export', {}, world.callers[kind].token)).status).toBe(403);
      }
    });

    it("never shows an organization's admin another organization's events", async () => {
      const { organizationA, organizationB, callers } = world;
      const ofA = await listAll('/organization/listAuditEvents', { organizationId: organizationA.organization.id }, callers.organizationAdmin.token);
      expect(ofA.length).toBeGreaterThan(10);
      expect(new Set(ofA.map((e) => e.organizationId))).toEqual(new Set([organizationA.organization.id]));
      // B's admin, even naming A's project or A's targets in the filters, sees B's events only.
      const ofB = await listAll('/organization/listAuditEvents', { organizationId: organizationB.organization.id }, callers.otherOrganizationAdmin.token);
      expect(ofB.length).toBeGreaterThan(0);
      expect(new Set(ofB.map((e) => e.organizationId))).toEqual(new Set([organizationB.organization.id]));
      const aIds = new Set(ofA.map((e) => e.id));
      expect(ofB.filter((e) => aIds.has(e.id))).toEqual([]);
      const foreignFilter = await call<AuditPageBody>(
        api,
        '/organization/listAuditEvents',
        { organizationId: organizationB.organization.id, projectId: world.project1.project.id },
        callers.otherOrganizationAdmin.token,
      );
      expect(foreignFilter.body).toEqual({ items: [], nextCursor: null });
      const exported = await call<string>(
        api,
        '/organization/exportAuditEvents',
        { organizationId: organizationB.organization.id },
        callers.otherOrganizationAdmin.token,
      );
      const rows = csvDataRows(exported.body);
      const organizationColumn = AUDIT_CSV_COLUMNS.indexOf('organizationId');
      expect(rows.length).toBe(ofB.length);
      expect(new Set(rows.map((r) => r[organizationColumn]))).toEqual(new Set([organizationB.organization.id]));
    });

    it('shows a system administrator the events of every organization and those outside organizations', async () => {
      const { organizationA, organizationB, callers } = world;
      const newest = await call<AuditPageBody>(api, '/systemAdmin/auditEvent/list', { limit: 100 }, callers.systemAdmin.token);
      expect(newest.body.items.some((e) => e.organizationId === null)).toBe(true);
      const ofA = await listAll('/organization/listAuditEvents', { organizationId: organizationA.organization.id }, callers.organizationAdmin.token);
      expect(await listAll('/systemAdmin/auditEvent/list', { organizationId: organizationA.organization.id }, callers.systemAdmin.token)).toEqual(ofA);
      const ofB = await listAll('/systemAdmin/auditEvent/list', { organizationId: organizationB.organization.id }, callers.systemAdmin.token);
      expect(new Set(ofB.map((e) => e.organizationId))).toEqual(new Set([organizationB.organization.id]));
    });
  });

  describe('filters and keyset pagination', () => {
    let organization: OrganizationFixture;
    let admin: Caller;
    let actors: [string, string];
    let projectId: string;
    const base = new Date(Date.now() - 86_400_000);

    /** The ids of the organization's events matching the filter, as the database orders them. */
    async function expectedIds(where = 'TRUE', values: unknown[] = []): Promise<string[]> {
      const rows = await db.query<{ id: string }[]>(`SELECT id FROM audit_events WHERE organization_id = $1 AND ${where} ORDER BY occurred_at DESC, id DESC`, [
        organization.organization.id,
        ...values,
      ]);
      return rows.map((r) => r.id);
    }

    beforeAll(async () => {
      ({ organization, admin } = await organizationWithAdmin());
      const [first, second] = await insertAccounts(api, 2);
      actors = [first!.id, second!.id];
      projectId = (await createProject(api, organization.organization.id)).project.id;
      // 120 events, three at a time sharing their time to the microsecond: the keyset's tie-break on id is exercised.
      await db.query(
        `INSERT INTO audit_events (occurred_at, actor_account_id, actor_is_system_admin, action, target_type, target_id, organization_id, project_id, changes)
         SELECT $1::timestamptz - (i / 3) * interval '1 second',
                CASE WHEN i % 2 = 0 THEN $2 ELSE $3 END, false,
                (ARRAY['organization.update', 'project.update', 'membership.assignOrganizationRole', 'invitation.create'])[i % 4 + 1],
                (ARRAY['organization', 'project', 'membership', 'invitation'])[i % 4 + 1],
                'target-' || (i % 5), $4, CASE WHEN i % 4 = 1 THEN $5 END,
                jsonb_build_object('n', jsonb_build_object('before', i, 'after', i + 1))
           FROM generate_series(0, 119) AS i`,
        [base.toISOString(), actors[0], actors[1], organization.organization.id, projectId],
      );
    });

    it('pages through every event once, newest first, whatever the page size', async () => {
      const all = await expectedIds();
      expect(all).toHaveLength(120);
      for (const limit of [1, 7, 50, 100]) {
        const listed = await listAll('/organization/listAuditEvents', { organizationId: organization.organization.id }, admin.token, limit);
        expect(listed.map((e) => e.id)).toEqual(all);
      }
    });

    it('answers 50 events when no limit is given, and tells the last page by a null cursor', async () => {
      const first = await call<AuditPageBody>(api, '/organization/listAuditEvents', { organizationId: organization.organization.id }, admin.token);
      expect(first.body.items).toHaveLength(50);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const exact = await call<AuditPageBody>(
        api,
        '/organization/listAuditEvents',
        { organizationId: organization.organization.id, limit: 100, cursor: first.body.nextCursor },
        admin.token,
      );
      expect(exact.body.items).toHaveLength(70);
      expect(exact.body.nextCursor).toBeNull();
    });

    it('neither repeats nor skips events when new ones are recorded between pages', async () => {
      const before = await expectedIds();
      const first = await call<AuditPageBody>(api, '/organization/listAuditEvents', { organizationId: organization.organization.id, limit: 40 }, admin.token);
      await db.query(`INSERT INTO audit_events (action, target_type, target_id, organization_id) VALUES ('organization.update', 'organization', $1, $1)`, [
        organization.organization.id,
      ]);
      const rest = await listAll(
        '/organization/listAuditEvents',
        { organizationId: organization.organization.id, cursor: first.body.nextCursor },
        admin.token,
        40,
      );
      expect([...first.body.items, ...rest].map((e) => e.id)).toEqual(before);
      await db.query(`DELETE FROM audit_events WHERE organization_id = $1 AND target_id = $1`, [organization.organization.id]);
    });

    it.each<[string, (ctx: { actors: [string, string]; projectId: string; base: Date }) => [Record<string, unknown>, string, unknown[]]]>([
      ['action', () => [{ action: 'project.update' }, `action = $2`, ['project.update']]],
      ['targetType', () => [{ targetType: 'membership' }, `target_type = $2`, ['membership']]],
      ['targetId', () => [{ targetId: 'target-3' }, `target_id = $2`, ['target-3']]],
      ['actorAccountId', (c) => [{ actorAccountId: c.actors[1] }, `actor_account_id = $2`, [c.actors[1]]]],
      ['projectId', (c) => [{ projectId: c.projectId }, `project_id = $2`, [c.projectId]]],
      [
        'from and to',
        (c) => {
          const from = new Date(c.base.getTime() - 30_000).toISOString();
          const to = new Date(c.base.getTime() - 10_000).toISOString();
          return [{ from, to }, `occurred_at >= $2 AND occurred_at < $3`, [from, to]];
        },
      ],
      [
        'several at once',
        (c) => [
          { action: 'organization.update', actorAccountId: c.actors[0], targetId: 'target-0' },
          `action = $2 AND actor_account_id = $3 AND target_id = $4`,
          ['organization.update', c.actors[0], 'target-0'],
        ],
      ],
    ])('filters by %s', async (_name, build) => {
      const [filter, where, values] = build({ actors, projectId, base });
      const expected = await expectedIds(where, values);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(120);
      const listed = await listAll('/organization/listAuditEvents', { organizationId: organization.organization.id, ...filter }, admin.token, 9);
      expect(listed.map((e) => e.id)).toEqual(expected);
      const bySystemAdmin = await listAll(
        '/systemAdmin/auditEvent/list',
        { organizationId: organization.organization.id, ...filter },
        world.callers.systemAdmin.token,
        9,
      );
      expect(bySystemAdmin.map((e) => e.id)).toEqual(expected);
    });

    it('names the acting account', async () => {
      const [newest] = (
        await call<AuditPageBody>(
          api,
          '/organization/listAuditEvents',
          { organizationId: organization.organization.id, actorAccountId: actors[0], limit: 1 },
          admin.token,
        )
      ).body.items;
      const [account] = await db.query<{ email: string }[]>(`SELECT email FROM accounts WHERE id = $1`, [actors[0]]);
      expect(newest?.actor).toEqual({ accountId: actors[0], name: `member ${actors[0]}`, email: account?.email, isSystemAdmin: false, deleted: false });
    });

    it.each([
      [{ limit: 0 }, 'VALIDATION_FAILED'],
      [{ limit: 101 }, 'VALIDATION_FAILED'],
      [{ limit: 2.5 }, 'VALIDATION_FAILED'],
      [{ cursor: 'not-a-cursor' }, 'VALIDATION_FAILED'],
      [{ cursor: Buffer.from(JSON.stringify(['2020-01-01T00:00:00Z', 'x'])).toString('base64url') }, 'VALIDATION_FAILED'],
      [{ action: 'account.remove' }, 'VALIDATION_FAILED'],
      [{ targetType: 'role' }, 'VALIDATION_FAILED'],
      [{ from: 'yesterday' }, 'VALIDATION_FAILED'],
      [{ actorAccountId: 'short' }, 'INVALID_ID'],
      [{ unknown: true }, 'VALIDATION_FAILED'],
    ])('refuses %j with %s', async (extra, errorCode) => {
      const refused = await call<ErrorBodyShape>(api, '/organization/listAuditEvents', { organizationId: organization.organization.id, ...extra }, admin.token);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ name: 'ConsoleError', errorCode });
      expect(refused.body.message.length).toBeGreaterThan(0);
    });
  });

  describe('CSV export', () => {
    const COUNT = 10_050;
    const TRICKY_TARGETS = ['=1+2', '+SUM(1,2)', '-1+1', '@cmd', 'a,b', 'say "hi"', 'line1\nline2'];
    let organization: OrganizationFixture;
    let admin: Caller;

    beforeAll(async () => {
      ({ organization, admin } = await organizationWithAdmin());
      // About 2 kB each (20 MB in all): far more than the sockets between server and client hold.
      await db.query(
        `INSERT INTO audit_events (occurred_at, actor_account_id, action, target_type, target_id, organization_id, changes, request_id, ip, user_agent)
         SELECT now() - interval '1 hour' - i * interval '1 millisecond', $2, 'organization.update', 'organization', $1, $1,
                jsonb_build_object('name', jsonb_build_object('before', 'n' || i, 'after', repeat('x', 2000))), 'req-' || i, '192.0.2.1', 'Bulk/1.0'
           FROM generate_series(1, $3::int) AS i`,
        [organization.organization.id, admin.id, COUNT],
      );
      await db.query(
        `INSERT INTO audit_events (occurred_at, actor_account_id, action, target_type, target_id, organization_id, changes, user_agent)
         SELECT now() - interval '1 minute' + n * interval '1 millisecond', $2, 'invitation.cancel', 'invitation', t, $1, '{}'::jsonb, '=HYPERLINK("http://x","y")'
           FROM unnest($3::text[]) WITH ORDINALITY AS u(t, n)`,
        [organization.organization.id, admin.id, TRICKY_TARGETS],
      );
    });

    it('streams every event with BOM and header, CSV-escaped and with formulas defused, as fast as the client reads', async () => {
      const response = await postJson(api, '/organization/exportAuditEvents', { organizationId: organization.organization.id }, admin.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="audit-events.csv"');
      expect(response.headers.get('content-length')).toBeNull();
      const reader: ReadableStreamDefaultReader<Uint8Array> = response.body!.getReader();
      const chunks: Uint8Array[] = [];
      const first = await reader.read();
      if (first.value) chunks.push(first.value);
      // The client holds on to the first bytes: Postgres waits to write the rest until the API reads it.
      expect(await copyStatementWaits(db, (waits) => waits.includes('ClientWrite'))).toEqual(['ClientWrite']);
      for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
      expect(await copyStatementWaits(db)).toEqual([]);
      const bytes = Buffer.concat(chunks);
      expect([...bytes.subarray(0, 3)]).toEqual(UTF8_BOM_BYTES);
      const text = bytes.subarray(3).toString('utf8');
      const [header, ...rows] = parseCsv(text);
      expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
      expect(rows).toHaveLength(COUNT + TRICKY_TARGETS.length);
      const column = (name: (typeof AUDIT_CSV_COLUMNS)[number]) => AUDIT_CSV_COLUMNS.indexOf(name);
      expect(new Set(rows.map((r) => r[column('id')])).size).toBe(rows.length);
      expect(rows.every((r) => r.length === AUDIT_CSV_COLUMNS.length)).toBe(true);
      // Newest first: the tricky ones, the last inserted on top.
      expect(rows.slice(0, TRICKY_TARGETS.length).map((r) => r[column('targetId')])).toEqual([
        'line1\nline2',
        'say "hi"',
        'a,b',
        "'@cmd",
        "'-1+1",
        "'+SUM(1,2)",
        "'=1+2",
      ]);
      expect(text).toContain('"say ""hi"""');
      // Every record ends in CRLF; a line break inside a quoted value is kept as it is.
      expect(text.match(/\r\n/g)).toHaveLength(rows.length + 1);
      expect(text).toContain('"line1\nline2"');
      expect(rows[0]?.[column('userAgent')]).toBe(`'=HYPERLINK("http://x","y")`);
      expect(rows[0]?.[column('actionLabel')]).toBe(AUDIT_ACTION_LABELS['invitation.cancel']);
      expect(rows[0]?.[column('actorEmail')]).toBe(admin.user.email);
      expect(rows[0]?.[column('occurredAt')]).toMatch(ISO_MICROSECONDS);
      const bulk = rows[TRICKY_TARGETS.length]!;
      expect(JSON.parse(bulk[column('changes')] ?? '')).toEqual({ name: { before: 'n1', after: 'x'.repeat(2000) } });
      expect([bulk[column('requestId')], bulk[column('ip')], bulk[column('organizationId')], bulk[column('actorIsSystemAdmin')]]).toEqual([
        'req-1',
        '192.0.2.1',
        organization.organization.id,
        'false',
      ]);
    });

    it('exports what the listing shows, with the same filters', async () => {
      const filter = { organizationId: organization.organization.id, action: 'invitation.cancel' };
      const listed = await listAll('/organization/listAuditEvents', filter, admin.token);
      const exported = await call<string>(api, '/organization/exportAuditEvents', filter, admin.token);
      const rows = csvDataRows(exported.body);
      expect(rows.map((r) => r[0])).toEqual(listed.map((e) => e.id));
      const bySystemAdmin = await call<string>(api, '/systemAdmin/auditEvent/export', filter, world.callers.systemAdmin.token);
      expect(bySystemAdmin.body).toBe(exported.body);
    });

    it('exports only the header when nothing matches', async () => {
      const exported = await call<string>(
        api,
        '/organization/exportAuditEvents',
        { organizationId: organization.organization.id, action: 'session.login' },
        admin.token,
      );
      expect(exported.body.replace(/^\uFEFF/, '')).toBe(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`);
    });
  });

  describe('retention', () => {
    async function insertAged(organizationId: string, days: number, count: number): Promise<void> {
      await db.query(
        `INSERT INTO audit_events (occurred_at, action, target_type, target_id, organization_id)
         SELECT now() - make_interval(days => $2) - i * interval '1 second', 'organization.update', 'organization', $1, $1 FROM generate_series(1, $3::int) AS i`,
        [organizationId, days, count],
      );
    }

    async function countOf(organizationId: string): Promise<number> {
      const [row] = await db.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM audit_events WHERE organization_id = $1`, [organizationId]);
      return row!.count;
    }

    it('reads AUDIT_RETENTION_DAYS: 365 by default, 0 keeps events for ever', () => {
      const env = {
        APP_ENV: 'test',
        DATABASE_URL: 'postgres://x@127.0.0.1/x',
        FIREBASE_PROJECT_ID: 'demo-x',
        COMPANY_MAIL_DOMAIN: 'console.example.jp',
        ROOT_ACCOUNT_EMAIL: 'root@console.example.jp',
      };
      expect(loadConfig(env).auditRetentionDays).toBe(365);
      expect(loadConfig({ ...env, AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
      expect(loadConfig({ ...env, AUDIT_RETENTION_DAYS: '0' }).auditRetentionDays).toBe(0);
      for (const bad of ['-1', 'a year', '1.5']) {
        expect(() => loadConfig({ ...env, AUDIT_RETENTION_DAYS: bad })).toThrow(ConfigError);
        expect(() => loadConfig({ ...env, AUDIT_RETENTION_DAYS: bad })).toThrow('AUDIT_RETENTION_DAYS must be an integer from 0');
      }
    });

    it('deletes the events older than the retention period and keeps the others', async () => {
      const organizationId = (await createOrganization(api)).organization.id;
      await insertAged(organizationId, 400, 5);
      await insertAged(organizationId, 364, 3);
      const deleted = await api.app.get(AuditRetentionJob, { strict: false }).runOnce();
      expect(deleted).toBeGreaterThanOrEqual(5);
      expect(await countOf(organizationId)).toBe(3);
    });

    it('deletes in batches, with several runs at once sharing the work without errors', async () => {
      const organizationId = (await createOrganization(api)).organization.id;
      await insertAged(organizationId, 366, 2500);
      const job = api.app.get(AuditRetentionJob, { strict: false });
      const runs = await Promise.all([job.runOnce(), job.runOnce(), job.runOnce()]);
      expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2500);
      expect(await countOf(organizationId)).toBe(0);
    });

    const scheduleOf = (api: TestApi) =>
      api.app.get(DataSource).query<{ cron: string }[]>(`SELECT cron FROM pgboss.schedule WHERE name = $1`, [AUDIT_RETENTION_JOB]);

    it('runs hourly on the job queue, where a queued run deletes what is due', async () => {
      expect(await scheduleOf(api)).toEqual([{ cron: AUDIT_RETENTION_CRON }]);
      const organizationId = (await createOrganization(api)).organization.id;
      await insertAged(organizationId, 400, 3);
      await api.app.get(TransactionHost).withTransaction(() => api.app.get(JobQueue).add(AUDIT_RETENTION_JOB, {}));
      await waitFor(async () => (await countOf(organizationId)) === 0);
    });

    it('deletes nothing, and removes the schedule, when AUDIT_RETENTION_DAYS is 0', async () => {
      const organizationId = (await createOrganization(api)).organization.id;
      await insertAged(organizationId, 4000, 2);
      const keeper = await startApi({ AUDIT_RETENTION_DAYS: '0' });
      try {
        expect(await scheduleOf(keeper)).toEqual([]);
        expect(await keeper.app.get(AuditRetentionJob, { strict: false }).runOnce()).toBe(0);
        expect(await countOf(organizationId)).toBe(2);
      } finally {
        await keeper.close();
        await db.query(`DELETE FROM audit_events WHERE organization_id = $1`, [organizationId]);
      }
    });
  });
});

/**
 * The figures asked for: the newest 50 of 100,000 events, and a deep page, for an organization
 * and for the system administrators, in a database of their own. The statements must read the
 * indexes in order (no sort of the events, no sequential scan).
 */
describe('listing 100,000 events', () => {
  const serverUrl = process.env.DATABASE_URL ?? '';
  const name = `console_audit_bench_${randomBytes(4).toString('hex')}`;
  let benchApi: TestApi;
  let admin: Caller;
  let systemAdmin: Caller;
  let organizationId: string;
  let smallOrganizationId: string;
  const TOTAL = 100_000;
  const OF_ORGANIZATION = 59_400;
  const OF_SMALL_ORGANIZATION = 1_000;

  function databaseUrl(): string {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async function withServer(sql: string): Promise<void> {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  /** Median of five timed calls, in ms (after one warm-up call). */
  async function timed(path: string, body: Record<string, unknown>, token: string): Promise<{ ms: number; page: CallResult<AuditPageBody> }> {
    let page = await call<AuditPageBody>(benchApi, path, body, token);
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      page = await call<AuditPageBody>(benchApi, path, body, token);
      times.push(performance.now() - started);
    }
    expect(page.status).toBe(200);
    return { ms: times.sort((a, b) => a - b)[2] ?? Number.NaN, page };
  }

  /** The cursor after the `offset`-th newest event of the filter. */
  async function cursorAt(offset: number, organization: string | null): Promise<string> {
    const [row] = await benchApi.app
      .get(DataSource)
      .query<{ id: string; t: string }[]>(
        `SELECT id, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t FROM audit_events WHERE $1::text IS NULL OR organization_id = $1 ORDER BY occurred_at DESC, id DESC OFFSET $2 LIMIT 1`,
        [organization, offset - 1],
      );
    return encodeCursor([row!.t, row!.id]);
  }

  /** The plan's nodes, flattened: EXPLAIN (ANALYZE, FORMAT JSON) of the repository's own statement. */
  async function planOf(
    filter: AuditEventFilter,
    cursor: string | null,
  ): Promise<{ nodes: { type: string; index?: string; relation?: string }[]; ms: number }> {
    const after = cursor === null ? null : (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string]);
    const { sql, values } = auditPageQuery(filter, after, 51);
    const [result] = await benchApi.app
      .get(DataSource)
      .query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }[]>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, values);
    const root = result!['QUERY PLAN'][0];
    const nodes: { type: string; index?: string; relation?: string }[] = [];
    const walk = (node: PlanNode): void => {
      nodes.push({ type: node['Node Type'], index: node['Index Name'], relation: node['Relation Name'] });
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(root.Plan);
    return { nodes, ms: root['Execution Time'] };
  }

  interface PlanNode {
    'Node Type': string;
    'Index Name'?: string;
    'Relation Name'?: string;
    Plans?: PlanNode[];
  }

  beforeAll(async () => {
    await withServer(`CREATE DATABASE ${name}`);
    benchApi = await startApi({ DATABASE_URL: databaseUrl(), DATABASE_POOL_MAX: '4' });
    const [organization, small] = await Promise.all([createOrganization(benchApi), createOrganization(benchApi)]);
    organizationId = organization.organization.id;
    smallOrganizationId = small.organization.id;
    [admin, systemAdmin] = await Promise.all([createCaller(benchApi), createSystemAdmin(benchApi)]);
    await addOrganizationMember(benchApi, admin.id, organization, 'admin');
    const others = Array.from({ length: 9 }, (_, i) => `other${String(i).padStart(3, '0')}`);
    // Over a year: 59.4% in the organization, 1% in the small one, the rest spread over nine others and none.
    await benchApi.app.get(DataSource).query(
      `INSERT INTO audit_events (occurred_at, actor_account_id, actor_is_system_admin, action, target_type, target_id, organization_id, changes, request_id, ip, user_agent)
       SELECT now() - i * interval '5 minutes', CASE WHEN i % 3 = 0 THEN $2 ELSE $3 END, i % 3 = 0,
              'organization.update', 'organization', 'target-' || (i % 100),
              CASE WHEN i % 100 = 99 THEN $6 WHEN i % 10 < 6 THEN $1 WHEN i % 10 = 9 THEN NULL ELSE ($4::text[])[i % 9 + 1] END,
              jsonb_build_object('name', jsonb_build_object('before', 'a' || i, 'after', 'b' || i)), 'req-' || i, '192.0.2.1', 'Bench/1.0'
         FROM generate_series(1, $5::int) AS i`,
      [organizationId, systemAdmin.id, admin.id, others, TOTAL, smallOrganizationId],
    );
    await benchApi.app.get(DataSource).query(`ANALYZE audit_events`);
  });

  afterAll(async () => {
    await benchApi?.close();
    await withServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('lists the newest 50 and a deep page from the indexes, in milliseconds', async () => {
    const [{ count }] = await benchApi.app.get(DataSource).query<[{ count: number }]>(`SELECT count(*)::int AS count FROM audit_events`);
    expect(count).toBeGreaterThanOrEqual(TOTAL);
    const organizationDeep = await cursorAt(50_000, organizationId);
    const systemDeep = await cursorAt(90_000, null);
    const smallDeep = await cursorAt(900, smallOrganizationId);
    const cases = [
      {
        what: `organization, newest 50 (of ${OF_ORGANIZATION})`,
        path: '/organization/listAuditEvents',
        token: admin.token,
        body: { organizationId },
        filter: { organizationId },
        cursor: null,
      },
      {
        what: 'organization, page after the 50,000th',
        path: '/organization/listAuditEvents',
        token: admin.token,
        body: { organizationId, cursor: organizationDeep },
        filter: { organizationId },
        cursor: organizationDeep,
      },
      {
        what: `small organization, newest 50 (of ${OF_SMALL_ORGANIZATION})`,
        path: '/organization/listAuditEvents',
        token: systemAdmin.token,
        body: { organizationId: smallOrganizationId },
        filter: { organizationId: smallOrganizationId },
        cursor: null,
      },
      {
        what: 'small organization, page after the 900th',
        path: '/organization/listAuditEvents',
        token: systemAdmin.token,
        body: { organizationId: smallOrganizationId, cursor: smallDeep },
        filter: { organizationId: smallOrganizationId },
        cursor: smallDeep,
      },
      { what: `system admin, newest 50 (of ${count})`, path: '/systemAdmin/auditEvent/list', token: systemAdmin.token, body: {}, filter: {}, cursor: null },
      {
        what: 'system admin, page after the 90,000th',
        path: '/systemAdmin/auditEvent/list',
        token: systemAdmin.token,
        body: { cursor: systemDeep },
        filter: {},
        cursor: systemDeep,
      },
    ];
    const lines: string[] = [];
    for (const c of cases) {
      const { ms, page } = await timed(c.path, c.body, c.token);
      expect(page.body.items).toHaveLength(50);
      const plan = await planOf(c.filter, c.cursor);
      const scans = plan.nodes.filter((n) => n.relation === 'audit_events');
      expect(scans.map((n) => n.type)).toEqual(['Index Scan']);
      expect(['audit_events_organization_idx', 'audit_events_occurred_at_idx']).toContain(scans[0]?.index);
      expect(plan.nodes.some((n) => n.type === 'Sort' || (n.type === 'Seq Scan' && n.relation === 'audit_events'))).toBe(false);
      expect(ms).toBeLessThan(1000);
      lines.push(
        `${c.what.padEnd(44)} HTTP median ${ms.toFixed(1).padStart(6)} ms | SQL ${plan.ms.toFixed(2).padStart(6)} ms | ${plan.nodes.map((n) => (n.index ? `${n.type} using ${n.index}` : n.type)).join(' > ')}`,
      );
    }
    process.stdout.write(`\nAudit listing, ${count} events:\n${lines.join('\n')}\n`);
  });
});
