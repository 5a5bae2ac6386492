import { eventCatalogue } from '@console/domain';
import { createHmac } from 'node:crypto';
import { DataSource } from 'typeorm';
import { retryLimitWithin } from '../src/modules/webhook/webhook-delivery.task';
import { isRefusedAddress } from '../src/modules/webhook/webhook-sender';
import { spawnApi, type ApiProcess } from './support/api-process';
import { createSystemAdmin, type Caller } from './support/fixtures';
import { emitProjectRenames } from './support/change-events';
import { call, startApi, type TestApi } from './support/harness';
import { WebhookReceiver, type ReceivedWebhook } from './support/webhook-receiver';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

/** Three attempts, 1 s then about 2 s apart (the jobs carry the policy of the instance that adds them); 1.5 s per post. */
const POLICY = { WEBHOOK_RETRY_BASE_SECONDS: '1', WEBHOOK_RETRY_SPAN_SECONDS: '4', WEBHOOK_TIMEOUT_MS: '1500' };

interface DeliveryBody {
  id: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  latencyMs: number | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
}

describe('webhook delivery', () => {
  let api: TestApi;
  let db: DataSource;
  let sysAdmin: Caller;
  let credentialId: string;
  let worker: ApiProcess | undefined;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    api = await startApi({ WEBHOOK_WORKER_ENABLED: 'false', ...POLICY });
    db = api.app.get(DataSource);
    // Deliveries that earlier test files queued are not this file's: their jobs are cancelled.
    await db.query(`UPDATE pgboss.job SET state = 'cancelled' WHERE name = 'webhook' AND state IN ('created', 'retry')`);
    await db.query(`UPDATE webhook_endpoints SET enabled = false`);
    sysAdmin = await createSystemAdmin(api);
    const credential = await call<{ credential: { id: string } }>(
      api,
      '/systemAdmin/serviceCredential/create',
      { name: '配信テスト', product: 'knowledge', scopes: ['events:receive'] },
      sysAdmin.token,
    );
    credentialId = credential.body.credential.id;
    await receiver.start();
    worker = await spawnWorker();
  });
  afterAll(async () => {
    await worker?.stop();
    await receiver.close();
    await api.close();
  });

  function spawnWorker(overrides: Record<string, string> = {}): Promise<ApiProcess> {
    return spawnApi({
      WEBHOOK_WORKER_ENABLED: 'true',
      MAIL_WORKER_ENABLED: 'false',
      WEBHOOK_POLL_INTERVAL_MS: '500',
      QUEUE_SUPERVISE_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
      ...POLICY,
      ...overrides,
    });
  }

  /** An endpoint of the credential receiving project.renamed at `url` (the receiver's path unless a full URL); its id and secret. */
  async function endpoint(url: string): Promise<{ id: string; secret: string }> {
    const created = await call<{ endpoint: { id: string }; secret: string }>(
      api,
      '/systemAdmin/webhook/createEndpoint',
      { credentialId, url: url.startsWith('http') ? url : `${receiver.url}${url}`, eventTypes: ['project.renamed'] },
      sysAdmin.token,
    );
    expect(created.status).toBe(200);
    return { id: created.body.endpoint.id, secret: created.body.secret };
  }

  /** Stops the endpoint receiving: it is left out of the next tests' events. */
  async function retire(endpointId: string): Promise<void> {
    expect((await call(api, '/systemAdmin/webhook/updateEndpoint', { endpointId, enabled: false }, sysAdmin.token)).status).toBe(200);
  }

  async function deliveries(endpointId: string, status?: string): Promise<DeliveryBody[]> {
    const listed = await call<{ items: DeliveryBody[] }>(
      api,
      '/systemAdmin/webhook/listDeliveries',
      { endpointId, ...(status ? { status } : {}), limit: 100 },
      sysAdmin.token,
    );
    expect(listed.status).toBe(200);
    return listed.body.items;
  }

  async function deliveryOf(endpointId: string, eventId: string): Promise<DeliveryBody | undefined> {
    return (await deliveries(endpointId)).find((d) => d.eventId === eventId);
  }

  const settled = (endpointId: string, eventIds: string[], status: DeliveryBody['status']) => async () => {
    const all = await deliveries(endpointId);
    return eventIds.every((id) => all.find((d) => d.eventId === id)?.status === status);
  };

  const requestsFor = (eventId: string): ReceivedWebhook[] => receiver.received.filter((r) => r.eventId === eventId);

  it('posts the event signed the Standard Webhooks way, and records the success', async () => {
    const { id, secret } = await endpoint('/signed');
    const [eventId] = await emitProjectRenames(api, 1);
    await waitFor(settled(id, [eventId!], 'succeeded'));
    await retire(id);
    const [request] = requestsFor(eventId!);
    expect(request?.path).toBe('/signed');
    const { headers, body } = request!;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-id']).toBe(eventId);
    const timestamp = String(headers['webhook-timestamp']);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`${eventId}.${timestamp}.${body}`).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
    const envelope = JSON.parse(body) as { id: string; type: string; timestamp: string; data: Record<string, unknown> };
    expect(envelope).toMatchObject({ id: eventId, type: 'project.renamed', data: { organizationId: 'o1P2q3R4', projectId: 'p1Q2r3S4' } });
    expect(Object.keys(envelope).sort()).toEqual(
      Object.keys((eventCatalogue().find((item) => item.type === 'project.renamed')?.schema as { properties: object }).properties).sort(),
    );
    expect(await deliveryOf(id, eventId!)).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect((await deliveryOf(id, eventId!))!.latencyMs).toEqual(expect.any(Number));
  });

  it('retries an answer of 5xx with exponential backoff, then succeeds, under the same webhook-id', async () => {
    const { id } = await endpoint('/flaky');
    receiver.answer = (r) => (r.path === '/flaky' && requestsFor(r.eventId).length <= 2 ? { status: 503, body: 'busy' } : { status: 200 });
    const [eventId] = await emitProjectRenames(api, 1);
    await waitFor(async () => (await deliveryOf(id, eventId!))?.lastError === 'HTTP 503: busy');
    const retrying = await deliveryOf(id, eventId!);
    expect(retrying).toMatchObject({ status: 'pending', lastStatusCode: 503 });
    expect(retrying!.nextAttemptAt).not.toBeNull();
    await waitFor(settled(id, [eventId!], 'succeeded'));
    await retire(id);
    const requests = requestsFor(eventId!);
    expect(requests).toHaveLength(3);
    expect(await deliveryOf(id, eventId!)).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 200, lastError: null });
    // The queue waits retryDelay · 2^n · (1 to 2) between attempts: 1 s, then 2 s at least.
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(requests[2]!.at - requests[1]!.at).toBeGreaterThanOrEqual(1950);
    receiver.answer = () => ({ status: 200 });
  }, 60_000);

  it('gives up as failed after the retries, keeps the delivery, and replays it', async () => {
    const { id } = await endpoint('/down');
    receiver.answer = (r) => (r.path === '/down' ? { status: 500, body: 'x'.repeat(1000) } : { status: 200 });
    const [eventId] = await emitProjectRenames(api, 1);
    await waitFor(settled(id, [eventId!], 'failed'));
    const failed = await deliveryOf(id, eventId!);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 500, nextAttemptAt: null });
    expect(failed!.lastError).toBe(`HTTP 500: ${'x'.repeat(200)}`);
    expect(await deliveries(id, 'failed')).toHaveLength(1);

    receiver.answer = () => ({ status: 200 });
    const replayed = await call<{ delivery: DeliveryBody }>(api, '/systemAdmin/webhook/replayDelivery', { deliveryId: failed!.id }, sysAdmin.token);
    expect(replayed.status).toBe(200);
    expect(replayed.body.delivery).toMatchObject({ id: failed!.id, status: 'pending', attempts: 0, lastError: null });
    await waitFor(settled(id, [eventId!], 'succeeded'));
    expect(requestsFor(eventId!)).toHaveLength(4);
    const again = await call<{ errorCode: string }>(api, '/systemAdmin/webhook/replayDelivery', { deliveryId: failed!.id }, sysAdmin.token);
    expect([again.status, again.body.errorCode]).toEqual([400, 'VALIDATION_FAILED']);
    const [audited] = await db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM audit_events WHERE action = 'webhookDelivery.replay' AND target_id = $1`,
      [failed!.id],
    );
    expect(audited?.n).toBe(1);
    await retire(id);
  }, 60_000);

  it('replays every failed delivery of an endpoint, and pages its deliveries by status', async () => {
    const { id } = await endpoint('/down-all');
    receiver.answer = (r) => (r.path === '/down-all' ? { status: 502 } : { status: 200 });
    const eventIds = await emitProjectRenames(api, 3);
    await waitFor(settled(id, eventIds, 'failed'));
    const first = await call<{ items: DeliveryBody[]; nextCursor: string | null }>(
      api,
      '/systemAdmin/webhook/listDeliveries',
      { endpointId: id, status: 'failed', limit: 2 },
      sysAdmin.token,
    );
    expect(first.body.items).toHaveLength(2);
    const second = await call<{ items: DeliveryBody[]; nextCursor: string | null }>(
      api,
      '/systemAdmin/webhook/listDeliveries',
      { endpointId: id, status: 'failed', limit: 2, cursor: first.body.nextCursor },
      sysAdmin.token,
    );
    expect(second.body).toMatchObject({ nextCursor: null });
    expect([...first.body.items, ...second.body.items].map((d) => d.eventId).sort()).toEqual([...eventIds].sort());
    const listed = await call<{ items: { id: string; deliveries: Record<string, number> }[] }>(api, '/systemAdmin/webhook/listEndpoints', {}, sysAdmin.token);
    expect(listed.body.items.find((e) => e.id === id)?.deliveries).toEqual({ pending: 0, succeeded: 0, failed: 3 });

    receiver.answer = () => ({ status: 200 });
    const replayed = await call<{ replayed: number }>(api, '/systemAdmin/webhook/replayFailed', { endpointId: id }, sysAdmin.token);
    expect(replayed.body).toEqual({ replayed: 3 });
    await waitFor(settled(id, eventIds, 'succeeded'));
    await retire(id);
  }, 60_000);

  it('fails an attempt that gets no answer within the time limit', async () => {
    const { id } = await endpoint('/slow');
    receiver.answer = (r) => (r.path === '/slow' ? 'hang' : { status: 200 });
    const [eventId] = await emitProjectRenames(api, 1);
    await waitFor(async () => (await deliveryOf(id, eventId!))?.lastError === 'no answer within 1.5 s');
    const delivery = await deliveryOf(id, eventId!);
    expect(delivery).toMatchObject({ lastStatusCode: null });
    expect(delivery!.latencyMs).toBeGreaterThanOrEqual(1400);
    expect(delivery!.latencyMs).toBeLessThan(5000);
    await retire(id);
    receiver.answer = () => ({ status: 200 });
  }, 30_000);

  it('does not follow a redirect', async () => {
    const { id } = await endpoint('/moved');
    receiver.answer = (r) => (r.path === '/moved' ? { status: 302, location: `${receiver.url}/elsewhere` } : { status: 200 });
    const [eventId] = await emitProjectRenames(api, 1);
    await waitFor(async () => (await deliveryOf(id, eventId!))?.lastError === 'redirect not followed');
    expect(await deliveryOf(id, eventId!)).toMatchObject({ lastStatusCode: 302 });
    expect(receiver.to('/elsewhere')).toEqual([]);
    await retire(id);
    receiver.answer = () => ({ status: 200 });
  }, 30_000);

  it('reads at most 64 KB of a huge answer', async () => {
    const { id } = await endpoint('/huge');
    receiver.answer = (r) => (r.path === '/huge' ? { status: 200, body: { bytes: 512 * 1024 * 1024 } } : { status: 200 });
    const [eventId] = await emitProjectRenames(api, 1);
    await waitFor(settled(id, [eventId!], 'succeeded'));
    const delivery = await deliveryOf(id, eventId!);
    expect(delivery).toMatchObject({ attempts: 1, lastStatusCode: 200 });
    // Half a gigabyte is not read: the delivery ends as soon as its first 64 KB arrived.
    expect(delivery!.latencyMs).toBeLessThan(1500);
    await retire(id);
    receiver.answer = () => ({ status: 200 });
  }, 30_000);

  it("fails the pending deliveries of a revoked credential's endpoints instead of retrying them", async () => {
    const other = await call<{ credential: { id: string } }>(
      api,
      '/systemAdmin/serviceCredential/create',
      { name: '取り消す', product: 'knowledge', scopes: ['events:receive'] },
      sysAdmin.token,
    );
    const created = await call<{ endpoint: { id: string } }>(
      api,
      '/systemAdmin/webhook/createEndpoint',
      { credentialId: other.body.credential.id, url: `${receiver.url}/revoked`, eventTypes: ['project.renamed'] },
      sysAdmin.token,
    );
    const id = created.body.endpoint.id;
    receiver.answer = (r) => (r.path === '/revoked' ? { status: 503 } : { status: 200 });
    const [eventId] = await emitProjectRenames(api, 1);
    await waitFor(async () => (await deliveryOf(id, eventId!))?.lastStatusCode === 503);
    expect((await call(api, '/systemAdmin/serviceCredential/revoke', { credentialId: other.body.credential.id }, sysAdmin.token)).status).toBe(200);
    await waitFor(settled(id, [eventId!], 'failed'));
    const failed = await deliveryOf(id, eventId!);
    expect(failed).toMatchObject({ attempts: 2, lastError: 'service credential revoked' });
    expect(requestsFor(eventId!).filter((r) => r.path === '/revoked')).toHaveLength(1);
    // An administrator's decision, not a fault: not in the error log.
    expect(worker!.errorLines().filter((line) => line.includes(failed!.id))).toEqual([]);
    receiver.answer = () => ({ status: 200 });
  }, 30_000);

  it('fails the pending deliveries of a disabled endpoint instead of retrying them, without an error logged for each', async () => {
    const { id } = await endpoint('/disabled');
    receiver.answer = (r) => (r.path === '/disabled' ? { status: 503 } : { status: 200 });
    const eventIds = await emitProjectRenames(api, 3);
    await waitFor(async () => (await deliveries(id)).filter((d) => d.lastStatusCode === 503).length === 3);
    await retire(id);
    await waitFor(settled(id, eventIds, 'failed'));
    const failed = await deliveries(id);
    // Each one's last attempt posted nothing: it found the endpoint disabled.
    const posts = (eventId: string) => requestsFor(eventId).filter((r) => r.path === '/disabled').length;
    expect(failed.map((d) => [d.eventId, d.attempts, d.lastError])).toEqual(
      expect.arrayContaining(eventIds.map((eventId) => [eventId, posts(eventId) + 1, 'endpoint disabled'])),
    );
    expect(failed).toHaveLength(3);
    expect(worker!.errorLines().filter((line) => failed.some((d) => line.includes(d.id)))).toEqual([]);
    receiver.answer = () => ({ status: 200 });
  }, 30_000);

  it('tells which addresses are refused outside dev and test', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '224.0.0.1', '255.255.255.255'])
      expect([address, isRefusedAddress(address)]).toEqual([address, true]);
    for (const address of [
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
    ])
      expect([address, isRefusedAddress(address)]).toEqual([address, true]);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', 'not-an-address'])
      expect([address, isRefusedAddress(address)]).toEqual([address, address === 'not-an-address']);
  });

  it('retries for about 3 days by default (30 s doubling to 6 h between attempts)', () => {
    expect(retryLimitWithin(3 * 24 * 3600, 30)).toBe(20);
    expect(retryLimitWithin(4, 1)).toBe(2);
  });

  it('with the protection on, refuses for good an endpoint that is or resolves to a private address, without connecting', async () => {
    await worker?.stop();
    worker = await spawnWorker({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' });
    const port = new URL(receiver.url).port;
    const endpoints = [
      await endpoint(`http://127.0.0.1:${port}/ssrf-literal`),
      await endpoint(`http://localhost:${port}/ssrf-name`),
      await endpoint(`http://[::ffff:127.0.0.1]:${port}/ssrf-mapped`),
    ];
    const [eventId] = await emitProjectRenames(api, 1);
    for (const { id } of endpoints) await waitFor(settled(id, [eventId!], 'failed'));
    for (const { id } of endpoints) {
      const delivery = await deliveryOf(id, eventId!);
      expect(delivery).toMatchObject({ attempts: 1, lastStatusCode: null });
      expect(delivery!.lastError).toMatch(/^refused: .* resolves to .*, a loopback, private, link-local or multicast address$/);
      await retire(id);
    }
    expect(requestsFor(eventId!)).toEqual([]);
  }, 30_000);
});
