import { eventCatalogue } from '@console/domain';
import { randomUUID } from 'node:crypto';
import { TransactionHost } from '@nestjs-cls/transactional';
import { DataSource } from 'typeorm';
import { CHANGE_EVENT_RETENTION_CRON, CHANGE_EVENT_RETENTION_JOB, ChangeEventRetentionJob } from '../src/modules/change-event/change-event-retention.job';
import { JobQueue } from '../src/modules/queue/job-queue';
import {
  addOrganizationMember,
  createCaller,
  createOrganization,
  createSystemAdmin,
  type Caller,
  type ErrorBodyShape,
  type OrganizationFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';
import { waitFor } from './support/wait';

const KEY_HEADER = 'x-console-subsystem-key';

interface EventBody {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, string | null>;
}
interface EventPage {
  items: EventBody[];
  nextCursor: string | null;
}
interface EndpointBody {
  id: string;
  credentialId: string;
  credentialName: string;
  product: string;
  url: string;
  eventTypes: string[];
  enabled: boolean;
  deliveries: { pending: number; succeeded: number; failed: number };
}

describe('change events', () => {
  let api: TestApi;
  let db: DataSource;
  let sysAdmin: Caller;
  let orgAdmin: Caller;
  let organizationId: string;
  let organization: OrganizationFixture;
  /** The secret of a credential holding events:receive, and one without it. */
  let eventsKey: string;
  let membershipsKey: string;
  let eventsCredentialId: string;
  let membershipsCredentialId: string;

  async function credential(scopes: string[]): Promise<{ id: string; secret: string }> {
    const created = await call<{ credential: { id: string }; secret: string }>(
      api,
      '/systemAdmin/serviceCredential/create',
      { name: `イベント ${scopes.join(' ')}`, product: 'knowledge', scopes },
      sysAdmin.token,
    );
    expect(created.status).toBe(200);
    return { id: created.body.credential.id, secret: created.body.secret };
  }

  const pull = (body: Record<string, unknown>, key = eventsKey) => call<EventPage>(api, '/service/events/list', body, undefined, { [KEY_HEADER]: key });

  /** Every event after the cursor (all pages), and the last cursor. */
  async function pullAll(after: string | null, types?: string[]): Promise<{ events: EventBody[]; cursor: string | null }> {
    const events: EventBody[] = [];
    let cursor = after;
    for (;;) {
      const page = await pull({ ...(cursor === null ? {} : { after: cursor }), limit: 50, ...(types ? { types } : {}) });
      expect(page.status).toBe(200);
      events.push(...page.body.items);
      if (page.body.items.length === 0) return { events, cursor: page.body.nextCursor };
      cursor = page.body.nextCursor;
    }
  }

  /** A project created through the API (so that its creation is audited, and makes its event). */
  async function newProject(name: string): Promise<{ id: string }> {
    const created = await call<{ id: string }>(api, '/system-admin/project/create', { organizationId, name }, sysAdmin.token, {
      'idempotency-key': randomUUID(),
    });
    expect(created.status).toBe(200);
    return created.body;
  }

  const rename = (projectId: string, name: string, headers: Record<string, string> = {}) =>
    call<ErrorBodyShape>(api, '/project/update', { projectId, updateProps: { name } }, orgAdmin.token, headers);

  async function eventsOfProject(projectId: string): Promise<{ type: string; data: Record<string, string | null> }[]> {
    return db.query(`SELECT type, data FROM change_events WHERE data->>'projectId' = $1 ORDER BY txid, seq`, [projectId]);
  }

  beforeAll(async () => {
    api = await startApi({ WEBHOOK_WORKER_ENABLED: 'false' });
    db = api.app.get(DataSource);
    sysAdmin = await createSystemAdmin(api);
    orgAdmin = await createCaller(api);
    organization = await createOrganization(api, 'イベント組織');
    organizationId = organization.organization.id;
    await addOrganizationMember(api, orgAdmin.id, organization, 'admin');
    const events = await credential(['events:receive']);
    const memberships = await credential(['memberships:read']);
    [eventsKey, eventsCredentialId, membershipsKey, membershipsCredentialId] = [events.secret, events.id, memberships.secret, memberships.id];
  });
  afterAll(async () => {
    await api.close();
  });

  describe('written with the change, in its transaction', () => {
    it('a change has its event, with the data of its type', async () => {
      const project = await newProject('元の名前');
      expect((await rename(project.id, '新しい名前')).status).toBe(200);
      const events = await eventsOfProject(project.id);
      expect(events).toEqual([
        { type: 'project.created', data: { organizationId, projectId: project.id, name: '元の名前' } },
        { type: 'project.renamed', data: { organizationId, projectId: project.id, name: '新しい名前', previousName: '元の名前' } },
      ]);
    });

    describe('when the audit event cannot be written, neither the change nor its event is', () => {
      const REFUSED = 'refuse-audit-event';
      beforeAll(async () => {
        await db.query(`CREATE FUNCTION change_event_test_refuse_audit() RETURNS trigger AS $$
          BEGIN IF NEW.request_id = '${REFUSED}' THEN RAISE EXCEPTION 'audit refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
        await db.query(
          `CREATE TRIGGER change_event_test_refuse_audit BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION change_event_test_refuse_audit()`,
        );
      });
      afterAll(async () => {
        await db.query(`DROP TRIGGER IF EXISTS change_event_test_refuse_audit ON audit_events`);
        await db.query(`DROP FUNCTION IF EXISTS change_event_test_refuse_audit()`);
      });

      it('a rolled back change leaves no event', async () => {
        const project = await newProject('そのまま');
        expect((await rename(project.id, '変わらない', { 'x-request-id': REFUSED })).status).toBe(500);
        const [row] = await db.query<{ name: string }[]>(`SELECT name FROM projects WHERE id = $1`, [project.id]);
        expect(row?.name).toBe('そのまま');
        expect((await eventsOfProject(project.id)).map((e) => e.type)).toEqual(['project.created']);
      });
    });

    describe('when the event cannot be written, the change is rolled back', () => {
      beforeAll(async () => {
        await db.query(`CREATE FUNCTION change_event_test_refuse() RETURNS trigger AS $$
          BEGIN IF NEW.data->>'name' = 'イベントなし' THEN RAISE EXCEPTION 'event refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
        await db.query(`CREATE TRIGGER change_event_test_refuse BEFORE INSERT ON change_events FOR EACH ROW EXECUTE FUNCTION change_event_test_refuse()`);
      });
      afterAll(async () => {
        await db.query(`DROP TRIGGER IF EXISTS change_event_test_refuse ON change_events`);
        await db.query(`DROP FUNCTION IF EXISTS change_event_test_refuse()`);
      });

      it('never a change without its event', async () => {
        const project = await newProject('元のまま');
        expect((await rename(project.id, 'イベントなし')).status).toBe(500);
        const [row] = await db.query<{ name: string }[]>(`SELECT name FROM projects WHERE id = $1`, [project.id]);
        expect(row?.name).toBe('元のまま');
        const [audit] = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'project.update' AND target_id = $1`, [
          project.id,
        ]);
        expect(audit?.n).toBe(0);
      });
    });

    it('a removed member makes membership.removed, and each subscribed endpoint gets a delivery with its queue job', async () => {
      const endpoint = await call<{ endpoint: EndpointBody }>(
        api,
        '/systemAdmin/webhook/createEndpoint',
        { credentialId: eventsCredentialId, url: 'https://knowledge.example.jp/hooks', eventTypes: ['membership.removed'] },
        sysAdmin.token,
      );
      expect(endpoint.status).toBe(200);
      const member = await createCaller(api);
      await addOrganizationMember(api, member.id, organization, 'member');
      const removed = await call(api, '/organization/removeMember', { organizationId, accountId: member.id }, orgAdmin.token);
      expect(removed.status).toBe(200);
      const [event] = await db.query<{ id: string; data: Record<string, unknown> }[]>(
        `SELECT id, data FROM change_events WHERE type = 'membership.removed' AND data->>'accountId' = $1`,
        [member.id],
      );
      expect(event?.data).toEqual({ organizationId, projectId: null, accountId: member.id });
      // The endpoints of this file's credential (other files' endpoints share the database).
      const deliveries = await db.query<{ endpoint_id: string; status: string; state: string }[]>(
        `SELECT d.endpoint_id, d.status, j.state FROM webhook_deliveries d JOIN pgboss.job j ON j.id = d.job_id
           JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.event_id = $1 AND e.credential_id = $2`,
        [event!.id, eventsCredentialId],
      );
      expect(deliveries).toEqual([{ endpoint_id: endpoint.body.endpoint.id, status: 'pending', state: 'created' }]);
      await call(api, '/systemAdmin/webhook/deleteEndpoint', { endpointId: endpoint.body.endpoint.id }, sysAdmin.token);
    });
  });

  describe('webhook endpoints (system administrators)', () => {
    it('are created for a credential holding events:receive, with a secret shown once, and every change is audited', async () => {
      const refused = await call<ErrorBodyShape>(
        api,
        '/systemAdmin/webhook/createEndpoint',
        { credentialId: membershipsCredentialId, url: 'https://knowledge.example.jp/hooks', eventTypes: [] },
        sysAdmin.token,
      );
      expect([refused.status, refused.body.errorCode]).toEqual([409, 'SERVICE_CREDENTIAL_SCOPE_MISSING']);
      const badUrl = await call<ErrorBodyShape>(
        api,
        '/systemAdmin/webhook/createEndpoint',
        { credentialId: eventsCredentialId, url: 'ftp://knowledge.example.jp/hooks', eventTypes: [] },
        sysAdmin.token,
      );
      expect([badUrl.status, badUrl.body.errorCode]).toEqual([400, 'VALIDATION_FAILED']);

      const created = await call<{ endpoint: EndpointBody; secret: string }>(
        api,
        '/systemAdmin/webhook/createEndpoint',
        { credentialId: eventsCredentialId, url: 'https://knowledge.example.jp/hooks', eventTypes: ['plan.changed'] },
        sysAdmin.token,
      );
      expect(created.status).toBe(200);
      expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(created.body.endpoint).toMatchObject({
        credentialId: eventsCredentialId,
        product: 'knowledge',
        url: 'https://knowledge.example.jp/hooks',
        eventTypes: ['plan.changed'],
        enabled: true,
        deliveries: { pending: 0, succeeded: 0, failed: 0 },
      });
      const endpointId = created.body.endpoint.id;
      // Sealed at rest (AES-256-GCM under the key of SECRET_SEALING_KEYS, here the local one): neither the secret nor its key in the row.
      const [stored] = await db.query<{ secret: string }[]>(`SELECT secret FROM webhook_endpoints WHERE id = $1`, [endpointId]);
      expect(stored?.secret).toMatch(/^v1\.local\./);
      expect(stored?.secret).not.toContain(created.body.secret.slice(6));

      const updated = await call<{ endpoint: EndpointBody }>(
        api,
        '/systemAdmin/webhook/updateEndpoint',
        { endpointId, eventTypes: [], enabled: false },
        sysAdmin.token,
      );
      expect(updated.body.endpoint).toMatchObject({ eventTypes: [], enabled: false });
      const rotated = await call<{ secret: string }>(api, '/systemAdmin/webhook/rotateEndpointSecret', { endpointId }, sysAdmin.token);
      expect(rotated.body.secret).toMatch(/^whsec_/);
      expect(rotated.body.secret).not.toBe(created.body.secret);
      const [restored] = await db.query<{ secret: string }[]>(`SELECT secret FROM webhook_endpoints WHERE id = $1`, [endpointId]);
      expect(restored?.secret).toMatch(/^v1\.local\./);
      expect(restored?.secret).not.toBe(stored?.secret);
      const listed = await call<{ items: EndpointBody[] }>(api, '/systemAdmin/webhook/listEndpoints', {}, sysAdmin.token);
      expect(listed.body.items.find((e) => e.id === endpointId)).toMatchObject({ enabled: false, credentialName: 'イベント events:receive' });
      expect(JSON.stringify(listed.body)).not.toContain(rotated.body.secret);
      expect((await call(api, '/systemAdmin/webhook/deleteEndpoint', { endpointId }, sysAdmin.token)).status).toBe(200);
      const missing = await call<ErrorBodyShape>(api, '/systemAdmin/webhook/deleteEndpoint', { endpointId }, sysAdmin.token);
      expect(missing.body.errorCode).toBe('NOT_FOUND');

      const audited = await db.query<{ action: string }[]>(`SELECT action FROM audit_events WHERE target_id = $1 ORDER BY occurred_at`, [endpointId]);
      expect(audited.map((a) => a.action)).toEqual([
        'webhookEndpoint.create',
        'webhookEndpoint.update',
        'webhookEndpoint.rotateSecret',
        'webhookEndpoint.delete',
      ]);
      const [secretInLog] = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM audit_events WHERE changes::text LIKE '%whsec_%'`);
      expect(secretInLog?.n).toBe(0);
    });

    it('are https where the production setting holds (WEBHOOK_REQUIRE_HTTPS, always on in eva and prod): an http URL is refused with a clear message', async () => {
      const production = await startApi({ WEBHOOK_WORKER_ENABLED: 'false', WEBHOOK_REQUIRE_HTTPS: 'true' });
      try {
        const create = (url: string) =>
          call<ErrorBodyShape & { endpoint: EndpointBody }>(
            production,
            '/systemAdmin/webhook/createEndpoint',
            { credentialId: eventsCredentialId, url, eventTypes: [] },
            sysAdmin.token,
          );
        const refused = await create('http://knowledge.example.jp/hooks');
        expect([refused.status, refused.body.errorCode, refused.body.message]).toEqual([
          400,
          'VALIDATION_FAILED',
          'url must be an https URL: webhook endpoints are https outside dev and test',
        ]);
        const created = await create('https://knowledge.example.jp/hooks');
        expect(created.status).toBe(200);
        const endpointId = created.body.endpoint.id;
        const update = (url: string) => call<ErrorBodyShape>(production, '/systemAdmin/webhook/updateEndpoint', { endpointId, url }, sysAdmin.token);
        expect((await update('http://knowledge.example.jp/other')).body.errorCode).toBe('VALIDATION_FAILED');
        expect((await update('https://knowledge.example.jp/other')).status).toBe(200);
        const [row] = await db.query<{ url: string }[]>(`SELECT url FROM webhook_endpoints WHERE id = $1`, [endpointId]);
        expect(row?.url).toBe('https://knowledge.example.jp/other');
        // In test (the default there), http is accepted: local receivers.
        expect((await call(api, '/systemAdmin/webhook/updateEndpoint', { endpointId, url: 'http://127.0.0.1:9/hooks' }, sysAdmin.token)).status).toBe(200);
        expect((await call(production, '/systemAdmin/webhook/deleteEndpoint', { endpointId }, sysAdmin.token)).status).toBe(200);
      } finally {
        await production.close();
      }
    });

    it('the catalogue gives every event type with the JSON Schema of its envelope', async () => {
      const catalogue = await call<{ items: { type: string; description: string; schema: Record<string, unknown> }[] }>(
        api,
        '/systemAdmin/webhook/eventCatalogue',
        {},
        sysAdmin.token,
      );
      expect(catalogue.status).toBe(200);
      expect(catalogue.body.items.map((i) => i.type)).toContain('membership.removed');
      expect(catalogue.body.items).toEqual(eventCatalogue());
    });
  });

  describe('the pull API', () => {
    it('needs a credential holding events:receive', async () => {
      expect((await pull({}, membershipsKey)).status).toBe(403);
      expect((await pull({ limit: 501 })).status).toBe(400);
      expect((await pull({ after: 'not-a-cursor' })).status).toBe(400);
    });

    it('lists the events after a cursor in commit order, by page, of the types asked', async () => {
      const { cursor: start } = await pullAll(null);
      expect(start).not.toBeNull();
      const project = await newProject('プル 0');
      for (let i = 1; i <= 3; i++) expect((await rename(project.id, `プル ${i}`)).status).toBe(200);
      const { events, cursor } = await pullAll(start);
      const ours = events.filter((e) => e.data.projectId === project.id);
      expect(ours.map((e) => [e.type, e.data.name])).toEqual([
        ['project.created', 'プル 0'],
        ['project.renamed', 'プル 1'],
        ['project.renamed', 'プル 2'],
        ['project.renamed', 'プル 3'],
      ]);
      for (const event of ours) {
        expect(event.id).toMatch(/^evt_[0-9A-Za-z]{16}$/);
        expect(Number.isNaN(Date.parse(event.timestamp))).toBe(false);
      }
      // Nothing new: the same cursor comes back, to ask again later.
      const again = await pull({ after: cursor });
      expect(again.body).toEqual({ items: [], nextCursor: cursor });
      // One page of 2, then the rest; only the renames when asked.
      const first = await pull({ after: start, limit: 2 });
      expect(first.body.items).toHaveLength(2);
      const renames = await pullAll(start, ['project.renamed']);
      expect(renames.events.every((e) => e.type === 'project.renamed')).toBe(true);
      expect(renames.events.filter((e) => e.data.projectId === project.id)).toHaveLength(3);
    });

    it('holds an event back while a transaction that started writing before it is still open, so that a cursor never passes an event committed late', async () => {
      const { cursor: start } = await pullAll(null);
      const project = await newProject('遅いコミット前');
      const slow = db.createQueryRunner();
      await slow.connect();
      try {
        await slow.startTransaction();
        // The slow transaction takes its id (as a change does at its first write) before the rename below.
        await slow.query(`SELECT pg_current_xact_id()`);
        expect((await rename(project.id, '遅いコミット後')).status).toBe(200);
        const during = await pullAll(start);
        expect(during.events.filter((e) => e.data.projectId === project.id && e.type === 'project.renamed')).toEqual([]);
        await slow.commitTransaction();
      } finally {
        await slow.release();
      }
      const after = await pullAll(start);
      expect(after.events.filter((e) => e.data.projectId === project.id).map((e) => e.type)).toEqual(['project.created', 'project.renamed']);
    });
  });

  describe('instance roles (API_ROLE)', () => {
    it('a serving instance runs no job whatever WEBHOOK_WORKER_ENABLED says; a worker instance delivers', async () => {
      const endpoint = await call<{ endpoint: EndpointBody }>(
        api,
        '/systemAdmin/webhook/createEndpoint',
        { credentialId: eventsCredentialId, url: 'http://127.0.0.1:9/roles', eventTypes: ['project.renamed'] },
        sysAdmin.token,
      );
      const endpointId = endpoint.body.endpoint.id;
      const attempts = async () =>
        (await db.query<{ attempts: number }[]>(`SELECT attempts FROM webhook_deliveries WHERE endpoint_id = $1`, [endpointId])).map((d) => d.attempts);
      const serving = await startApi({ API_ROLE: 'serve', WEBHOOK_WORKER_ENABLED: 'true', WEBHOOK_POLL_INTERVAL_MS: '500' });
      try {
        const project = await newProject('役割');
        expect((await call(serving, '/project/update', { projectId: project.id, updateProps: { name: '役割 2' } }, orgAdmin.token)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 3000));
        expect(await attempts()).toEqual([0]);
        const worker = await startApi({ API_ROLE: 'worker', WEBHOOK_POLL_INTERVAL_MS: '500' });
        try {
          await waitFor(async () => (await attempts())[0] === 1);
        } finally {
          await worker.close();
        }
      } finally {
        await serving.close();
        await call(api, '/systemAdmin/webhook/deleteEndpoint', { endpointId }, sysAdmin.token);
      }
    });
  });

  describe('retention (CHANGE_EVENT_RETENTION_DAYS, 30 by default)', () => {
    const scheduleOf = (of: TestApi) =>
      of.app.get(DataSource).query<{ cron: string }[]>(`SELECT cron FROM pgboss.schedule WHERE name = $1`, [CHANGE_EVENT_RETENTION_JOB]);

    it('deletes the events older than the period with their deliveries, delivered or failed, hourly on the job queue, and keeps the rest', async () => {
      expect(await scheduleOf(api)).toEqual([{ cron: CHANGE_EVENT_RETENTION_CRON }]);
      const endpoint = await call<{ endpoint: EndpointBody }>(
        api,
        '/systemAdmin/webhook/createEndpoint',
        { credentialId: eventsCredentialId, url: 'https://knowledge.example.jp/retention', eventTypes: ['project.renamed'] },
        sysAdmin.token,
      );
      const endpointId = endpoint.body.endpoint.id;
      const project = await newProject('保存期間');
      for (const name of ['古い 1', '古い 2', '期間内', '新しい']) expect((await rename(project.id, name)).status).toBe(200);
      const renames = await db.query<{ id: string; name: string }[]>(
        `SELECT id, data->>'name' AS name FROM change_events WHERE type = 'project.renamed' AND data->>'projectId' = $1`,
        [project.id],
      );
      const idOf = (name: string) => renames.find((r) => r.name === name)?.id ?? '';
      const age = (name: string, days: number) =>
        db.query(`UPDATE change_events SET occurred_at = now() - make_interval(days => $2) WHERE id = $1`, [idOf(name), days]);
      await age('古い 1', 31);
      await age('古い 2', 45);
      await age('期間内', 29);
      await db.query(`UPDATE webhook_deliveries SET status = 'succeeded' WHERE event_id = $1`, [idOf('古い 1')]);
      await db.query(`UPDATE webhook_deliveries SET status = 'failed' WHERE event_id = $1`, [idOf('古い 2')]);

      expect(await api.app.get(ChangeEventRetentionJob, { strict: false }).runOnce()).toBeGreaterThanOrEqual(2);
      const kept = await db.query<{ name: string }[]>(
        `SELECT data->>'name' AS name FROM change_events WHERE type = 'project.renamed' AND data->>'projectId' = $1 ORDER BY seq`,
        [project.id],
      );
      expect(kept.map((k) => k.name)).toEqual(['期間内', '新しい']);
      const deliveries = await db.query<{ event_id: string }[]>(`SELECT event_id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at`, [
        endpointId,
      ]);
      expect(deliveries.map((d) => d.event_id)).toEqual([idOf('期間内'), idOf('新しい')]);

      // A run queued as the schedule queues it does the same.
      await age('期間内', 40);
      await api.app.get(TransactionHost).withTransaction(() => api.app.get(JobQueue).add(CHANGE_EVENT_RETENTION_JOB, {}));
      await waitFor(async () => (await db.query<unknown[]>(`SELECT 1 FROM change_events WHERE id = $1`, [idOf('期間内')])).length === 0);
      expect(await db.query(`SELECT 1 FROM change_events WHERE id = $1`, [idOf('新しい')])).toHaveLength(1);
      await call(api, '/systemAdmin/webhook/deleteEndpoint', { endpointId }, sysAdmin.token);
    });

    it('deletes nothing, and removes the schedule, when CHANGE_EVENT_RETENTION_DAYS is 0', async () => {
      const project = await newProject('永久保存');
      expect((await rename(project.id, 'ずっと')).status).toBe(200);
      await db.query(`UPDATE change_events SET occurred_at = now() - interval '4000 days' WHERE data->>'projectId' = $1`, [project.id]);
      const keeper = await startApi({ WEBHOOK_WORKER_ENABLED: 'false', CHANGE_EVENT_RETENTION_DAYS: '0' });
      try {
        expect(await scheduleOf(keeper)).toEqual([]);
        expect(await keeper.app.get(ChangeEventRetentionJob, { strict: false }).runOnce()).toBe(0);
        expect(await eventsOfProject(project.id)).toHaveLength(2);
      } finally {
        await keeper.close();
        await db.query(`DELETE FROM change_events WHERE data->>'projectId' = $1`, [project.id]);
      }
    });
  });
});
