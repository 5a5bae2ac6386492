import { DataSource } from 'typeorm';
import { spawnApi, type ApiProcess } from './support/api-process';
import { createSystemAdmin, type Caller } from './support/fixtures';
import { emitProjectRenames } from './support/change-events';
import { call, startApi, type TestApi } from './support/harness';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * Webhook deliveries across a kill -9 and with two workers: the API (built dist, child processes)
 * delivers change events to a receiver of this test. An instance killed (SIGKILL) while deliveries
 * are on their way loses none, and only those (at most one per worker) may arrive twice, under the
 * same webhook-id; two instances never deliver one event twice.
 */

/** Events written in one transaction. */
const EVENTS = 40;
/** The receiver answers each request after this long. */
const ANSWER_DELAY_MS = 150;
/** The first worker is killed as the receiver gets this request (before answering it: that delivery is in flight). */
const KILL_AT = 12;
/** Deliveries per instance (WEBHOOK_CONCURRENCY, the default), each recorded right after its post: at most this many are in flight when the instance dies. */
const WORKERS_PER_PROCESS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhook delivery across a kill -9, and with two instances', () => {
  let api: TestApi;
  let db: DataSource;
  let sysAdmin: Caller;
  let credentialId: string;
  const receiver = new WebhookReceiver();
  const children: ApiProcess[] = [];

  beforeAll(async () => {
    api = await startApi({ WEBHOOK_WORKER_ENABLED: 'false', WEBHOOK_RETRY_BASE_SECONDS: '1', WEBHOOK_TIMEOUT_MS: '1000' });
    db = api.app.get(DataSource);
    await db.query(`UPDATE pgboss.job SET state = 'cancelled' WHERE name = 'webhook' AND state IN ('created', 'retry', 'active')`);
    await db.query(`UPDATE webhook_endpoints SET enabled = false`);
    sysAdmin = await createSystemAdmin(api);
    const credential = await call<{ credential: { id: string } }>(
      api,
      '/systemAdmin/serviceCredential/create',
      { name: 'クラッシュテスト', product: 'knowledge', scopes: ['events:receive'] },
      sysAdmin.token,
    );
    credentialId = credential.body.credential.id;
    await receiver.start();
  });
  afterAll(async () => {
    for (const child of children) await child.stop();
    await receiver.close();
    await api.close();
  });

  async function worker(): Promise<ApiProcess> {
    const child = await spawnApi({
      WEBHOOK_WORKER_ENABLED: 'true',
      MAIL_WORKER_ENABLED: 'false',
      WEBHOOK_POLL_INTERVAL_MS: '500',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_RETRY_BASE_SECONDS: '1',
      WEBHOOK_CONCURRENCY: String(WORKERS_PER_PROCESS),
      QUEUE_SUPERVISE_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
    });
    children.push(child);
    return child;
  }

  async function endpoint(path: string): Promise<string> {
    const created = await call<{ endpoint: { id: string } }>(
      api,
      '/systemAdmin/webhook/createEndpoint',
      { credentialId, url: `${receiver.url}${path}`, eventTypes: ['project.renamed'] },
      sysAdmin.token,
    );
    expect(created.status).toBe(200);
    return created.body.endpoint.id;
  }

  async function allSucceeded(endpointId: string, count: number): Promise<boolean> {
    const [row] = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'succeeded'`, [
      endpointId,
    ]);
    return row?.n === count;
  }

  async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await sleep(100);
    }
  }

  /** Requests per event id of a path. */
  function perEvent(path: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const request of receiver.to(path)) counts.set(request.eventId, (counts.get(request.eventId) ?? 0) + 1);
    return counts;
  }

  it('loses no delivery, and posts again only those in flight at the kill (at most one per worker), under the same webhook-id', async () => {
    const endpointId = await endpoint('/crash');
    receiver.answer = () => ({ status: 200, delayMs: ANSWER_DELAY_MS });
    const first = await worker();
    let killedAt = 0;
    const inFlightAtKill: string[] = [];
    receiver.onReceive = (request) => {
      if (request.path === '/crash' && request.seq >= KILL_AT && killedAt === 0) {
        first.kill();
        killedAt = Date.now();
        // Posted and not yet answered (the receiver answers after ANSWER_DELAY_MS): in flight.
        inFlightAtKill.push(
          ...receiver
            .to('/crash')
            .filter((r) => r.at > killedAt - ANSWER_DELAY_MS - 50)
            .map((r) => r.eventId),
        );
      }
    };
    const eventIds = await emitProjectRenames(api, EVENTS);
    expect(eventIds).toHaveLength(EVENTS);
    await waitUntil(() => Promise.resolve(killedAt > 0), 20_000);
    await first.stop();
    const deliveredBeforeKill = perEvent('/crash').size;

    await worker();
    await waitUntil(() => allSucceeded(endpointId, EVENTS), 60_000);
    await sleep(500);
    const counts = perEvent('/crash');
    const duplicated = [...counts.entries()].filter(([, n]) => n > 1).map(([id]) => id);
    const lost = eventIds.filter((id) => !counts.has(id));
    console.log(
      `webhook crash test: ${EVENTS} events, receiver answers after ${ANSWER_DELAY_MS} ms, instance killed (SIGKILL) at request ${KILL_AT} with ${deliveredBeforeKill} distinct events received; ` +
        `after a second instance: lost ${lost.length}, duplicated ${duplicated.length} (${duplicated.join(', ') || 'none'}; in flight at the kill: ${inFlightAtKill.join(', ')}), ` +
        `all delivered ${((Math.max(...receiver.to('/crash').map((r) => r.at)) - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
    expect(lost).toEqual([]);
    expect(duplicated.length).toBeLessThanOrEqual(WORKERS_PER_PROCESS);
    for (const id of duplicated) expect(inFlightAtKill).toContain(id);
    receiver.onReceive = () => undefined;
    await call(api, '/systemAdmin/webhook/updateEndpoint', { endpointId, enabled: false }, sysAdmin.token);
  }, 120_000);

  it('two instances never deliver one event twice', async () => {
    for (const child of children.splice(0)) await child.stop();
    const endpointId = await endpoint('/two-workers');
    receiver.answer = () => ({ status: 200, delayMs: 20 });
    await Promise.all([worker(), worker()]);
    const eventIds = await emitProjectRenames(api, 60);
    await waitUntil(() => allSucceeded(endpointId, eventIds.length), 60_000);
    await sleep(1000);
    const counts = perEvent('/two-workers');
    expect([...counts.keys()].sort()).toEqual([...eventIds].sort());
    expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
    // Both took part: the deliveries overlapped in time more than one worker at a time could.
    const requests = receiver.to('/two-workers').sort((a, b) => a.at - b.at);
    const overlapping = requests.filter((r, i) => i > 0 && r.at - requests[i - 1]!.at < 20).length;
    expect(overlapping).toBeGreaterThan(0);
  }, 120_000);
});
