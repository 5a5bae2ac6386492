import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { Client } from 'pg';
import { prepareCompileCache, spawnApi, type ApiProcess } from './support/api-process';
import { addOrganizationMember, createOrganizationWithProjects, uniqueEmail } from './support/fixtures';
import { signUpUser, startApi, type TestApi, type TestUser } from './support/harness';
import { lockWaiters } from './support/lock-waits';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil<T>(what: string, check: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(50);
  }
}

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server standing in for a service the API calls: records every request, answers as `answer` says. */
class StandIn {
  readonly received: Received[] = [];
  private readonly server: Server;

  constructor(answer: (request: Received, response: ServerResponse) => void) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString();
        const request = { url: req.url ?? '', headers: req.headers, body };
        this.received.push(request);
        answer(request, res);
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

interface SentryEvent {
  level?: string;
  environment?: string;
  tags?: Record<string, string>;
  user?: Record<string, unknown>;
  request?: Record<string, unknown>;
  exception?: { values?: { type?: string; value?: string }[] };
  contexts?: { trace?: { trace_id?: string } };
}

/** The events of the Sentry envelopes received (an envelope: a header line, then item header and payload lines). */
function sentryEvents(envelopes: readonly Received[]): SentryEvent[] {
  const events: SentryEvent[] = [];
  for (const envelope of envelopes) {
    const lines = envelope.body.split('\n');
    for (let i = 1; i + 1 < lines.length; i += 2) {
      const item = JSON.parse(lines[i] ?? '{}') as { type?: string };
      if (item.type === 'event') events.push(JSON.parse(lines[i + 1] ?? '{}') as SentryEvent);
    }
  }
  return events;
}

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: number | string };
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
  serviceName: string | undefined;
}

interface OtlpExport {
  resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: Omit<OtlpSpan, 'serviceName'>[] }[] }[];
}

const attribute = (attributes: readonly OtlpAttribute[], key: string): string | undefined => {
  const value = attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
};

const spanStatus = (span: OtlpSpan): string | undefined =>
  attribute(span.attributes, 'http.response.status_code') ?? attribute(span.attributes, 'http.status_code');

/** Every span of the OTLP/HTTP JSON exports received, with the service.name of its resource. */
function otlpSpans(exports: readonly Received[]): OtlpSpan[] {
  return exports.flatMap((e) =>
    (JSON.parse(e.body) as OtlpExport).resourceSpans.flatMap((r) =>
      r.scopeSpans.flatMap((s) => s.spans.map((span) => ({ ...span, serviceName: attribute(r.resource.attributes, 'service.name') }))),
    ),
  );
}

/** The value of a sample of the Prometheus text exposition, undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Map([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) return Number(match[3]);
  }
  return undefined;
}

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  accountId?: string;
  raw: string;
}

const REQUEST_ID_PREFIX = `observability-${randomUUID().slice(0, 8)}`;
const BODY_MARKER = `body-marker-${randomUUID()}`;
const METRICS_TOKEN = `metrics-${randomUUID()}`;

/**
 * The API as it runs in production (dist/main.js as a child process with the compile cache and the
 * module resolutions its image's build writes, real Postgres and Auth Emulator; tracing instruments
 * pg as it is required, also when its file comes from that record) with every observability feature on: the Prometheus endpoint, Sentry and OpenTelemetry
 * pointed at local stand-ins, info logs on stdout, and a mail service that refuses every e-mail,
 * naming its recipient. The calls a console user makes, a few refusals and one unexpected error are
 * sent first; each test then reads what the process exposed, reported, exported and logged.
 */
describe('observability of the API process', () => {
  const sentry = new StandIn((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  const collector = new StandIn((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  // Refuses with a reason phrase that names the recipient, as mail relays do: the delivery error quotes it.
  const mailService = new StandIn((request, response) => {
    const to = (JSON.parse(request.body) as { personalizations?: { to?: { email?: string }[] }[] }).personalizations?.[0]?.to?.[0]?.email ?? 'unknown';
    response.writeHead(400, `Mailbox unavailable: ${to}`).end();
  });
  let cookieName: string;
  const databaseUrl = process.env.DATABASE_URL ?? '';
  let setup: TestApi;
  let api: ApiProcess;
  let compileCache: string;
  let metricsUrl: string;
  let admin: TestUser;
  let adminAccountId: string;
  let sessionCookie: string;
  const invitee = uniqueEmail('invitee');
  /** Request id of each call logged → the account id its log lines must carry (undefined: none is signed in). */
  const calls = new Map<string, string | undefined>();
  let sent = 0;
  let failedCall: { requestId: string; status: number; body: unknown };
  /** Refused calls (401), one sending its X-Request-Id, one sending none: the X-Request-Id each was answered with. */
  let refusedWithId: { requestId: string; answeredRequestId: string | null };
  let refusedWithoutId: string | null;
  /** Calls whose caller hung up before the answer: while the API worked on one, while sending the other's body. */
  let hungUpCalls: string[];

  async function send(
    path: string,
    options: { token?: string; cookie?: string; body?: unknown; method?: string; accountId?: string } = {},
  ): Promise<{ status: number; body: unknown; requestId: string; answeredRequestId: string | null }> {
    const requestId = `${REQUEST_ID_PREFIX}-${sent}`;
    sent += 1;
    // The API's calls are logged (POSTs); GETs (health checks, stored images) are not.
    if (options.method === undefined) calls.set(requestId, options.accountId);
    const response = await fetch(`${api.baseUrl}${path}`, {
      method: options.method ?? 'POST',
      headers: {
        'x-request-id': requestId,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.cookie ? { cookie: `${cookieName}=${options.cookie}`, origin: setup.config.appOrigin } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      requestId,
      answeredRequestId: response.headers.get('x-request-id'),
    };
  }

  /**
   * A query the database cancels (as a statement timeout or an operator's pg_cancel_backend does)
   * is an error the API does not expect: the call answers 500. The project list is held up by an
   * exclusive lock on `projects`, and the query waiting for it is cancelled.
   */
  async function callThatFails(): Promise<{ requestId: string; status: number; body: unknown }> {
    return whileProjectsLocked(async (waitingQuery, db) => {
      const pending = send('/project/listInAccount', { token: admin.idToken, body: { query: BODY_MARKER }, accountId: adminAccountId });
      await db.query('SELECT pg_cancel_backend($1)', [await waitingQuery()]);
      return pending;
    });
  }

  /**
   * Runs `act` while the `projects` table is locked; `waitingQuery` resolves with the process id of
   * the query that waits for the lock, once there is one. The lock is released when `act` is done.
   */
  async function whileProjectsLocked<T>(act: (waitingQuery: () => Promise<number>, db: Client) => Promise<T>): Promise<T> {
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const waitingQuery = async (): Promise<number> => {
      for (let attempt = 0; attempt < 400; attempt += 1) {
        const [pid] = await lockWaiters(db);
        if (pid !== undefined) return pid;
        await sleep(25);
      }
      throw new Error('no query waited for the lock');
    };
    try {
      await db.query('BEGIN');
      await db.query('LOCK TABLE projects IN ACCESS EXCLUSIVE MODE');
      return await act(waitingQuery, db);
    } finally {
      await db.query('ROLLBACK');
      await db.end();
    }
  }

  /** A call whose caller hangs up while the API is still working on it (its query waits for a lock). */
  async function callHungUpWhileAnswered(): Promise<string> {
    const requestId = `${REQUEST_ID_PREFIX}-hung-up`;
    const controller = new AbortController();
    await whileProjectsLocked(async (waitingQuery) => {
      const pending = fetch(`${api.baseUrl}/project/listInAccount`, {
        method: 'POST',
        headers: { 'x-request-id': requestId, authorization: `Bearer ${admin.idToken}` },
        signal: controller.signal,
      }).then(
        () => 'answered',
        (error: unknown) => (error as { name?: string }).name,
      );
      await waitingQuery();
      controller.abort();
      expect(await pending).toBe('AbortError');
      // The lock is held until the API has told the hang-up (or 5 s; the test of the logs checks it).
      await waitUntil('the hang-up to be logged', () => api.lines().some((line) => line.includes(requestId) && line.includes('request aborted')), 5_000).catch(
        () => undefined,
      );
    });
    return requestId;
  }

  /** A call whose caller hangs up before sending the whole body it announced. */
  async function callWithBodyCutShort(): Promise<string> {
    const requestId = `${REQUEST_ID_PREFIX}-cut-short`;
    const { hostname, port } = new URL(api.baseUrl);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.write(
      [
        `POST /account/update HTTP/1.1`,
        `host: ${hostname}:${port}`,
        `x-request-id: ${requestId}`,
        `authorization: Bearer ${admin.idToken}`,
        'content-type: application/json',
        'content-length: 100',
        '',
        '{"name":',
      ].join('\r\n'),
    );
    await sleep(100);
    socket.destroy();
    return requestId;
  }

  beforeAll(async () => {
    const [sentryHost, collectorHost, mailHost] = await Promise.all([sentry.start(), collector.start(), mailService.start()]);
    setup = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    compileCache = prepareCompileCache().directory;
    cookieName = setup.config.deployment.sessionCookieName;
    api = await spawnApi({
      NODE_COMPILE_CACHE: compileCache,
      LOG_LEVEL: 'info',
      METRICS_PORT: '0',
      METRICS_TOKEN,
      SENTRY_DSN: `http://publickey@${sentryHost}/1`,
      SENTRY_ENVIRONMENT: 'observability-test',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://${collectorHost}`,
      OTEL_SERVICE_NAME: 'console-api-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      SENDGRID_API_KEY: 'SG.observability-test',
      SENDGRID_API_URL: `http://${mailHost}`,
      MAIL_POLL_INTERVAL_MS: '100',
      MAIL_RETRY_BASE_MS: '600000',
    });
    metricsUrl = await waitUntil('the metrics line', () =>
      api
        .lines()
        .map((line) => /Prometheus metrics on (http:\/\/[\d.:]+\/metrics)/.exec(line)?.[1])
        .find(Boolean),
    );

    // Sign-up, then the signed-in calls of the console, by bearer token and by session cookie.
    admin = await signUpUser();
    const created = await send('/account/create', { token: admin.idToken });
    expect(created.status).toBe(200);
    adminAccountId = (created.body as { id: string }).id;
    for (let i = 0; i < 2; i += 1) expect((await send('/account/get', { token: admin.idToken })).status).toBe(200);
    const login = await fetch(`${api.baseUrl}/session/login`, { method: 'POST', headers: { authorization: `Bearer ${admin.idToken}` } });
    expect(login.status).toBe(200);
    sessionCookie = new RegExp(`${cookieName}=([^;]+)`).exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect((await send('/account/get', { cookie: sessionCookie })).status).toBe(200);
    // Calls of a signed-in account (an operator): their log lines carry its id.
    expect((await send('/account/update', { token: admin.idToken, body: { name: '観測 太郎' }, accountId: adminAccountId })).status).toBe(200);
    expect((await send('/project/listInAccount', { cookie: sessionCookie, accountId: adminAccountId })).status).toBe(200);

    // An invitation: its e-mail is queued, and the mail service refuses it.
    const org = await createOrganizationWithProjects(setup, '観測テスト組織', 1);
    await addOrganizationMember(setup, adminAccountId, org, 'admin');
    const invited = await send('/organization/inviteMembers', {
      token: admin.idToken,
      body: { organizationId: org.organization.id, emails: [invitee], props: { roleId: org.memberRole.id, projects: [] } },
      accountId: adminAccountId,
    });
    expect(invited.status).toBe(200);

    // Refusals: no token, no such route, no such file, a malformed body.
    const refused = await send('/account/get');
    expect(refused.status).toBe(401);
    refusedWithId = refused;
    const refusedAnonymously = await fetch(`${api.baseUrl}/account/get`, { method: 'POST' });
    expect(refusedAnonymously.status).toBe(401);
    refusedWithoutId = refusedAnonymously.headers.get('x-request-id');
    expect((await send('/no/such/route', { token: admin.idToken })).status).toBe(404);
    expect((await send('/files/not-a-stored-file', { method: 'GET' })).status).toBe(404);
    expect(
      (await send('/organization/inviteMembers', { token: admin.idToken, body: { organizationId: 'x', emails: 'nobody' }, accountId: adminAccountId })).status,
    ).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${api.baseUrl}/healthz`)).status).toBe(200);

    hungUpCalls = [await callHungUpWhileAnswered(), await callWithBodyCutShort()];
    failedCall = await callThatFails();

    await waitUntil('the mail service refusing the invitation', () => mailService.received.some((r) => r.body.includes(invitee)));
    await waitUntil('the error report', () => sentryEvents(sentry.received).length > 0);
    await waitUntil('the spans of the failed call', () =>
      otlpSpans(collector.received).some((s) => attribute(s.attributes, 'http.route') === '/project/listInAccount' && spanStatus(s) === '500'),
    );
    // The log is written in batches, a line at most about 100 ms after it is logged (logger-options.ts).
    await waitUntil('the closing line of every call logged', () =>
      [...calls.keys()].every((requestId) => api.lines().some((line) => line.includes(`"reqId":"${requestId}"`) && line.includes('"msg":"request '))),
    );
  }, 90_000);

  afterAll(async () => {
    await api?.stop();
    await setup?.close();
    await Promise.all([sentry.stop(), collector.stop(), mailService.stop()]);
    if (compileCache) rmSync(compileCache, { recursive: true, force: true });
  });

  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${METRICS_TOKEN}` }): Promise<Response> => fetch(metricsUrl, { headers });

  describe('Prometheus endpoint', () => {
    it('serves /metrics on its own port to the bearer of METRICS_TOKEN only, and not on the API port', async () => {
      expect(new URL(metricsUrl).port).not.toBe(new URL(api.baseUrl).port);
      expect((await scrape({})).status).toBe(401);
      expect((await scrape({ authorization: 'Bearer not-the-token' })).status).toBe(401);
      const ok = await scrape();
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toContain('text/plain');
      expect((await fetch(metricsUrl.replace('/metrics', '/other'), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
      expect((await fetch(`${api.baseUrl}/metrics`)).status).toBe(404);
    });

    it('times every call by route pattern and status, never by the URL as called', async () => {
      const text = await (await scrape()).text();
      const count = (route: string, status: string, method = 'POST') =>
        sample(text, 'http_request_duration_seconds_count', { method, route, status_code: status }) ?? 0;
      expect(count('/account/get', '200')).toBeGreaterThanOrEqual(3);
      expect(count('/account/get', '401')).toBe(2);
      expect(count('/project/listInAccount', '500')).toBe(1);
      expect(count('/files/:name', '404', 'GET')).toBe(1);
      expect(count('unmatched', '404')).toBe(1);
      expect(sample(text, 'http_request_duration_seconds_bucket', { method: 'POST', route: '/account/get', status_code: '200', le: '+Inf' })).toBe(
        count('/account/get', '200'),
      );
      expect(sample(text, 'http_request_duration_seconds_sum', { method: 'POST', route: '/account/get', status_code: '200' })).toBeGreaterThan(0);
      expect(text).not.toContain('not-a-stored-file');
      expect(text).not.toContain('/no/such/route');
    });

    it('counts token-cache hits and misses, e-mails waiting and failed deliveries, and the connection pool', async () => {
      const text = await (await scrape()).text();
      // One miss per token first seen (the ID token, the session cookie), hits for the calls after.
      expect(sample(text, 'console_auth_token_cache_misses_total')).toBeGreaterThanOrEqual(2);
      expect(sample(text, 'console_auth_token_cache_hits_total')).toBeGreaterThanOrEqual(4);
      expect(sample(text, 'console_email_outbox_pending')).toBeGreaterThanOrEqual(1);
      const oldest = sample(text, 'console_email_outbox_oldest_pending_age_seconds') ?? Number.NaN;
      expect(oldest).toBeGreaterThanOrEqual(0);
      expect(oldest).toBeLessThan(3600);
      expect(sample(text, 'console_email_delivery_failures_total', { outcome: 'retried' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'console_email_delivery_failures_total', { outcome: 'given_up' })).toBeGreaterThanOrEqual(0);
      for (const outcome of ['succeeded', 'retried', 'failed'])
        expect(sample(text, 'console_webhook_delivery_attempts_total', { outcome })).toBeGreaterThanOrEqual(0);
      const max = sample(text, 'console_db_pool_connections_max');
      expect(max).toBe(Number(process.env.DATABASE_POOL_MAX ?? 10));
      const inUse = sample(text, 'console_db_pool_connections_in_use') ?? Number.NaN;
      const idle = sample(text, 'console_db_pool_connections_idle') ?? Number.NaN;
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect(idle).toBeGreaterThanOrEqual(1);
      expect(inUse + idle).toBeLessThanOrEqual(max ?? 0);
      expect(sample(text, 'console_db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
    });

    it("includes prom-client's default process metrics", async () => {
      const text = await (await scrape()).text();
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    });
  });

  describe('error reports (Sentry)', () => {
    it('reports the 500 with its request id and the account id, and no 4xx', () => {
      expect(failedCall.status).toBe(500);
      expect(failedCall.body).toEqual({ name: 'ConsoleError', errorCode: 'INTERNAL', message: '予期しないエラーが発生しました' });
      for (const envelope of sentry.received) expect(envelope.url.split('?')[0]).toBe('/api/1/envelope/');
      const events = sentryEvents(sentry.received);
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event?.level).toBe('error');
      expect(event?.environment).toBe('observability-test');
      expect(event?.tags).toMatchObject({ request_id: failedCall.requestId, route: 'POST /project/listInAccount' });
      expect(event?.user).toEqual({ id: adminAccountId });
      expect(event?.exception?.values?.[0]?.value).toMatch(/canceling statement due to user request/);
      expect(event?.request).toBeUndefined();
    });

    it('links the report to the trace of the failed call', () => {
      const [event] = sentryEvents(sentry.received);
      const server = otlpSpans(collector.received).find(
        (s) => s.kind === 2 && attribute(s.attributes, 'http.route') === '/project/listInAccount' && spanStatus(s) === '500',
      );
      expect(server).toBeDefined();
      expect(event?.contexts?.trace?.trace_id).toBe(server?.traceId);
    });

    it('sends neither e-mail addresses, tokens, cookies, authorization headers nor request bodies', () => {
      const everything = sentry.received.map((r) => r.body).join('\n');
      for (const secret of [admin.email, invitee, admin.idToken, sessionCookie, `${cookieName}=`, BODY_MARKER, 'Bearer '])
        expect(everything).not.toContain(secret);
    });
  });

  describe('traces (OpenTelemetry)', () => {
    it('exports a span per call, named after its route, with the Postgres queries within it, as service OTEL_SERVICE_NAME', () => {
      const spans = otlpSpans(collector.received);
      expect(new Set(spans.map((s) => s.serviceName))).toEqual(new Set(['console-api-test']));
      const calls = spans.filter((s) => s.kind === 2 && s.name === 'POST /account/get');
      expect(calls.length).toBeGreaterThanOrEqual(3);
      for (const call of calls) expect(attribute(call.attributes, 'http.route')).toBe('/account/get');
      const queries = spans.filter((s) => attribute(s.attributes, 'db.system.name') === 'postgresql' || attribute(s.attributes, 'db.system') === 'postgresql');
      const traceIds = new Set(calls.map((c) => c.traceId));
      expect(queries.some((q) => traceIds.has(q.traceId))).toBe(true);
      // Calls to the identity provider are spans of the traces of the calls that made them.
      const servedTraceIds = new Set(spans.filter((s) => s.kind === 2).map((s) => s.traceId));
      expect(spans.some((s) => s.kind === 3 && servedTraceIds.has(s.traceId))).toBe(true);
    });

    it('leaves health checks untraced', () => {
      const spans = otlpSpans(collector.received);
      expect(spans.filter((s) => s.kind === 2 && JSON.stringify(s.attributes).includes('/healthz'))).toEqual([]);
    });
  });

  describe('logs', () => {
    const logLines = (): LogLine[] =>
      api
        .lines()
        .filter((line) => line.startsWith('{'))
        .map((line) => ({ ...(JSON.parse(line) as Omit<LogLine, 'raw'>), raw: line }));

    it('writes JSON lines carrying the request id, and the account id once the caller is known', () => {
      const lines = logLines();
      for (const [requestId, accountId] of calls) {
        const ofCall = lines.filter((line) => line.reqId === requestId);
        expect({ requestId, logged: ofCall.length > 0 }).toEqual({ requestId, logged: true });
        if (accountId !== undefined) for (const line of ofCall) expect({ msg: line.msg, accountId: line.accountId }).toEqual({ msg: line.msg, accountId });
      }
      const failed = lines.filter((line) => line.reqId === failedCall.requestId);
      expect(failed.some((line) => line.level === 50 && line.msg === 'Unhandled error')).toBe(true);
      expect(failed.every((line) => line.accountId === adminAccountId)).toBe(true);
    });

    it('answers with X-Request-Id the reqId of the lines of the call: the one the caller sent, else one generated for it', () => {
      const lines = logLines();
      expect(refusedWithId.answeredRequestId).toBe(refusedWithId.requestId);
      expect(refusedWithoutId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      for (const requestId of [refusedWithId.requestId, refusedWithoutId]) {
        expect(lines.filter((line) => line.reqId === requestId).map((line) => line.msg)).toEqual(['request completed']);
      }
    });

    it('closes each call with a line naming its method, path, status and duration', () => {
      const closing = logLines().filter((line) => line.reqId === failedCall.requestId && line.msg === 'request errored');
      expect(closing).toHaveLength(1);
      const line = JSON.parse(closing[0]?.raw ?? '{}') as { responseTime?: unknown };
      expect(line).toMatchObject({ level: 30, req: { method: 'POST', url: '/project/listInAccount' }, res: { statusCode: 500 }, accountId: adminAccountId });
      expect(typeof line.responseTime).toBe('number');
    });

    it('closes a call whose caller hung up before the answer with one line too, without a status', () => {
      const lines = logLines();
      for (const requestId of hungUpCalls) {
        const closing = lines.filter((line) => line.reqId === requestId && /^request /.test(line.msg ?? ''));
        expect({ requestId, closing: closing.map((line) => line.msg) }).toEqual({ requestId, closing: ['request aborted'] });
        const line = JSON.parse(closing[0]?.raw ?? '{}') as { req?: unknown; res?: unknown; responseTime?: unknown };
        expect(line.res).toBeUndefined();
        expect(typeof line.responseTime).toBe('number');
      }
      const [whileAnswered, cutShort] = hungUpCalls.map(
        (requestId) => JSON.parse(lines.find((line) => line.reqId === requestId && line.msg === 'request aborted')?.raw ?? '{}') as Record<string, unknown>,
      );
      expect(whileAnswered).toMatchObject({ req: { method: 'POST', url: '/project/listInAccount' }, accountId: adminAccountId });
      expect(cutShort).toMatchObject({ req: { method: 'POST', url: '/account/update' } });
    });

    it('writes no e-mail address, token or cookie, also where a message quotes one', () => {
      const lines = logLines();
      const refused = lines.filter((line) => line.msg === 'E-mail delivery failed; will retry');
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(refused.some((line) => line.raw.includes('Mailbox unavailable: [email]'))).toBe(true);
      const everything = api.lines().join('\n');
      for (const secret of [admin.email, invitee, setup.config.rootAccountEmail, admin.idToken, sessionCookie, METRICS_TOKEN])
        expect(everything).not.toContain(secret);
      expect(everything).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z]{2,}/);
      expect(everything).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
    });
  });
});
