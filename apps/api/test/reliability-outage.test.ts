import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { toErrorResponse } from '../src/common/errors/error.filter';
import { isConnectionLost } from '../src/database/connection-loss';
import { dataSourceOptions } from '../src/database/data-source';
import { SESSION_REVOCATIONS_APPLICATION_NAME } from '../src/common/auth/session-revocations';
import { JOB_QUEUE_APPLICATION_NAME } from '../src/modules/queue/job-queue';
import { addOrganizationMember, createOrganization, createSystemAdmin, upload } from './support/fixtures';
import { call, signUpUser, startApi, type CallResult, type TestApi, type TestUser } from './support/harness';

const SERVICE_UNAVAILABLE_BODY = {
  name: 'ConsoleError',
  errorCode: 'SERVICE_UNAVAILABLE',
  message: 'サービスが一時的に利用できません。しばらくしてから再度お試しください',
};

function expectServiceUnavailable(result: CallResult): void {
  expect(result.status).toBe(503);
  expect(result.headers.get('retry-after')).toBe('5');
  expect(result.body).toEqual(SERVICE_UNAVAILABLE_BODY);
}

/** The application names of the API's connections outside its pool. */
const OUTSIDE_POOL = [JOB_QUEUE_APPLICATION_NAME, SESSION_REVOCATIONS_APPLICATION_NAME];

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return address.port;
}

/**
 * A TCP proxy in front of Postgres that the test can cut (existing connections dropped, new ones
 * refused), restore, or make stale (existing connections die on their next query, as after a
 * network device forgot them while they sat idle in the pool).
 */
class DatabaseProxy {
  private readonly server: Server;
  private readonly pairs = new Set<[Socket, Socket]>();
  /**
   * The pairs outside the API's pool (the job queue's own pool, the session revocations'
   * listener), told by the application_name of their startup message: they query on their own
   * schedules.
   */
  private readonly outsidePoolPairs = new WeakSet<[Socket, Socket]>();
  /**
   * The pairs whose startup message has come, and so are told apart: a connection accepted but not
   * yet started (the job queue's pool growing, the listener reconnecting) is nobody's yet.
   */
  private readonly startedPairs = new WeakSet<[Socket, Socket]>();
  port = 0;
  /** Connections dropped when they were next used. */
  staleDrops = 0;
  /** Text of a query whose connection is dropped the next time it is sent (once). */
  private dropOnQuery: string | undefined;
  /** The text of each statement by its name, as Parse messages named them ('' the unnamed one). */
  private readonly prepared = new Map<string, string>();

  constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      const drop = (): void => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('data', (chunk: Buffer) => {
        // The first message is the startup message, which has no type byte.
        const started = this.startedPairs.has(pair);
        const statements = started ? this.statementsOf(chunk) : [];
        if (!started && OUTSIDE_POOL.some((name) => chunk.includes(`application_name\0${name}\0`))) this.outsidePoolPairs.add(pair);
        this.startedPairs.add(pair);
        if (this.dropOnQuery !== undefined && statements.some((text) => text.includes(this.dropOnQuery!))) {
          this.dropOnQuery = undefined;
          this.staleDrops += 1;
          drop();
          return;
        }
        upstream.write(chunk);
      });
      upstream.pipe(client);
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
  }

  /**
   * The text of each statement the chunk's messages send: a Parse's own text, and for a Bind that of
   * the named statement it runs (prepared on a connection with a Parse seen earlier, the API naming
   * a text alike on every connection), or of the unnamed one parsed just before it.
   */
  private statementsOf(chunk: Buffer): string[] {
    const texts: string[] = [];
    const cString = (at: number): [string, number] => {
      const end = chunk.indexOf(0, at);
      return [chunk.toString('utf8', at, end), end + 1];
    };
    for (let at = 0; at + 5 <= chunk.length;) {
      const type = String.fromCharCode(chunk[at]!);
      const end = at + 1 + chunk.readInt32BE(at + 1);
      if (end > chunk.length) break;
      if (type === 'P') {
        const [name, next] = cString(at + 5);
        const [text] = cString(next);
        this.prepared.set(name, text);
        texts.push(text);
      } else if (type === 'B') {
        const [, next] = cString(at + 5);
        const [name] = cString(next);
        const text = this.prepared.get(name);
        if (text !== undefined) texts.push(text);
      }
      at = end;
    }
    return texts;
  }

  async start(): Promise<void> {
    this.port = await listen(this.server, this.port);
  }

  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    await closed;
  }

  /** Makes the open connections of the API's pool stale. */
  makeExistingStale(): void {
    for (const pair of this.pairs) {
      if (!this.isPooled(pair)) continue;
      const [client, upstream] = pair;
      client.prependOnceListener('data', () => {
        this.staleDrops += 1;
        client.destroy();
        upstream.destroy();
      });
    }
  }

  /** Drops the connection that next sends a query containing `text`, as if it had died just then. */
  dropConnectionOnQuery(text: string): void {
    this.dropOnQuery = text;
  }

  /**
   * The open connections of the API's pool; not those of the job queue's own pool and of the
   * listener, which reconnect after a cut on their own schedules.
   */
  get connections(): number {
    return [...this.pairs].filter((pair) => this.isPooled(pair)).length;
  }

  private isPooled(pair: [Socket, Socket]): boolean {
    return this.startedPairs.has(pair) && !this.outsidePoolPairs.has(pair);
  }
}

describe('database outage', () => {
  let proxy: DatabaseProxy;
  let api: TestApi;
  let user: TestUser;

  beforeAll(async () => {
    const target = new URL(process.env.DATABASE_URL ?? '');
    proxy = new DatabaseProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.start();
    const viaProxy = new URL(target);
    viaProxy.port = String(proxy.port);
    // One pooled connection, so that a stale connection is the one the next request meets.
    api = await startApi({ DATABASE_URL: viaProxy.toString(), DATABASE_POOL_MAX: '1' });
    user = await signUpUser();
    expect((await call(api, '/account/create', undefined, user.idToken)).status).toBe(200);
  });

  afterAll(async () => {
    await api.close();
    await proxy.cut();
  });

  it('answers 503 with Retry-After and the error body while the database is cut, and 200 again once it is back', async () => {
    expect((await call(api, '/project/listInAccount', undefined, user.idToken)).status).toBe(200);
    await proxy.cut();

    const statuses: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(api, i % 2 === 0 ? '/project/listInAccount' : '/account/update', i % 2 === 0 ? undefined : { name: 'いない' }, user.idToken),
      ),
    );
    for (const result of results) {
      statuses.push(result.status);
      expectServiceUnavailable(result);
    }
    const readyz = await fetch(`${api.baseUrl}/readyz`);
    statuses.push(readyz.status);
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toEqual({ status: 'unavailable' });

    await proxy.start();
    const after = await call<unknown[]>(api, '/project/listInAccount', undefined, user.idToken);
    statuses.push(after.status);
    expect(after.status).toBe(200);
    expect(Array.isArray(after.body)).toBe(true);
    expect((await fetch(`${api.baseUrl}/readyz`)).status).toBe(200);

    const other5xx = statuses.filter((s) => s >= 500 && s !== 503).length;
    process.stdout.write(`database cut: ${statuses.length} requests, ${statuses.filter((s) => s === 503).length} answered 503, ${other5xx} other 5xx\n`);
    expect(other5xx).toBe(0);
  });

  it('retries a read once on a new connection when its pooled connection was dropped while idle', async () => {
    expect((await call(api, '/project/listInAccount', undefined, user.idToken)).status).toBe(200);
    expect(proxy.connections).toBe(1);
    proxy.makeExistingStale();
    const result = await call(api, '/project/listInAccount', undefined, user.idToken);
    expect(proxy.staleDrops).toBe(1);
    expect(result.status).toBe(200);
  });

  it('retries the check of a sign-in on a new connection when its pooled connection was dropped while idle', async () => {
    // A user this instance has not seen: the check of its sign-in is the call's first query.
    const newcomer = await signUpUser();
    expect((await call(api, '/project/listInAccount', undefined, user.idToken)).status).toBe(200);
    expect(proxy.connections).toBe(1);
    const drops = proxy.staleDrops;
    proxy.makeExistingStale();
    const result = await call(api, '/account/create', undefined, newcomer.idToken);
    expect(proxy.staleDrops).toBe(drops + 1);
    expect(result.status).toBe(200);
  });

  it("retries the read of a sibling product's secret on a new connection when its pooled connection was dropped while idle", async () => {
    const admin = await createSystemAdmin(api);
    const issued = await call<{ secret: string }>(
      api,
      '/systemAdmin/serviceCredential/create',
      { name: 'ナレッジ', product: 'knowledge', scopes: ['memberships:read'] },
      admin.token,
    );
    expect(issued.status).toBe(200);
    expect(proxy.connections).toBe(1);
    const drops = proxy.staleDrops;
    proxy.makeExistingStale();
    // Accepted (not 401, not 503): the project is unknown.
    const result = await call(api, '/service/membership/get', { projectId: 'p1Q2r3S4', accountId: 'a1B2c3D4e5' }, undefined, {
      'x-console-subsystem-key': issued.body.secret,
    });
    expect(proxy.staleDrops).toBe(drops + 1);
    expect(result.status).toBe(404);
  });

  it('runs a read call again on a new connection when its connection is lost in the middle of the call (after the sign-in check)', async () => {
    const drops = proxy.staleDrops;
    proxy.dropConnectionOnQuery('FROM organization_memberships om');
    const result = await call<unknown[]>(api, '/project/listInAccount', undefined, user.idToken);
    expect(proxy.staleDrops).toBe(drops + 1);
    expect(result.status).toBe(200);
    expect(Array.isArray(result.body)).toBe(true);
  });

  it('runs a member CSV preview again after its connection is lost, with the file its request uploaded', async () => {
    const account = await call<{ id: string }>(api, '/account/get', undefined, user.idToken);
    const organization = await createOrganization(api);
    await addOrganizationMember(api, account.body.id, organization, 'admin');
    const drops = proxy.staleDrops;
    proxy.dropConnectionOnQuery('FROM organization_memberships om JOIN accounts a');
    const result = await upload<{ rows: { email: string; errorCode: string | null }[] }>(
      api,
      '/organization/previewMemberImport',
      user.idToken,
      { data: Buffer.from('email,organizationRole\nsomeone@example.com,member\n'), type: 'text/csv', name: 'members.csv', field: 'file' },
      { organizationId: organization.organization.id },
    );
    expect(proxy.staleDrops).toBe(drops + 1);
    expect(result.status).toBe(200);
    expect(result.body.rows).toEqual([expect.objectContaining({ email: 'someone@example.com', errorCode: null })]);
  });

  it('does not repeat a write whose connection was lost: it answers 503 and the client decides', async () => {
    const drops = proxy.staleDrops;
    proxy.dropConnectionOnQuery('UPDATE "accounts"');
    expectServiceUnavailable(await call(api, '/account/update', { name: '書き込み' }, user.idToken));
    expect(proxy.staleDrops).toBe(drops + 1);
    expect((await call(api, '/account/get', undefined, user.idToken)).status).toBe(200);
  });
});

describe('errors of a lost database connection', () => {
  const logger = new Logger('test');
  beforeAll(() => {
    Logger.overrideLogger(false);
  });

  it('maps a query whose backend was terminated (57P01) to 503, and a bad query still to 500', async () => {
    const victim = new Client({ connectionString: process.env.DATABASE_URL });
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([victim.connect(), admin.connect()]);
    victim.on('error', () => undefined);
    try {
      const pid = ((await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0] as { pid: number }).pid;
      const running = victim.query('SELECT pg_sleep(10)').then(
        () => undefined,
        (error: unknown) => error,
      );
      await new Promise((r) => setTimeout(r, 100));
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      const terminated = await running;
      expect((terminated as { code?: string }).code).toBe('57P01');
      expect(isConnectionLost(terminated)).toBe(true);
      expect(toErrorResponse(terminated, 'r1', logger)).toEqual({ status: 503, body: SERVICE_UNAVAILABLE_BODY });

      const syntax = await admin.query('SELEC 1').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isConnectionLost(syntax)).toBe(false);
      expect(toErrorResponse(syntax, 'r2', logger).status).toBe(500);
    } finally {
      await admin.end();
      await victim.end().catch(() => undefined);
    }
  });

  it('maps a transaction whose connection dies between two statements to 503 (TypeORM has released its runner)', async () => {
    const dataSource = await new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? '', 2)).initialize();
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const failed = await dataSource
        .transaction(async (m) => {
          const [{ pid }] = await m.query<[{ pid: number }]>('SELECT pg_backend_pid() AS pid');
          await admin.query('SELECT pg_terminate_backend($1)', [pid]);
          await new Promise((r) => setTimeout(r, 200));
          await m.query('SELECT 1');
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failed).toBeInstanceOf(Error);
      expect(isConnectionLost(failed)).toBe(true);
      expect(toErrorResponse(failed, 'r3', logger)).toEqual({ status: 503, body: SERVICE_UNAVAILABLE_BODY });
    } finally {
      await admin.end();
      await dataSource.destroy();
    }
  });
});

describe('identity provider outage', () => {
  /** The built entry point (the test script builds before it runs). */
  const MAIN = join(__dirname, '..', 'dist', 'main.js');
  const TIMEOUT_MS = 1000;
  /** Accepts connections and, depending on the mode, never answers or drops them at once. */
  let mode: 'silent' | 'reset' = 'silent';
  const held = new Set<Socket>();
  const identityProvider = createServer((socket) => {
    if (mode === 'reset') socket.destroy();
    else held.add(socket.on('close', () => held.delete(socket)));
  });
  let api: TestApi;
  let child: ChildProcessWithoutNullStreams;
  let unreachable: TestApi;
  let user: TestUser;
  let cookie: string;

  beforeAll(async () => {
    const idpPort = await listen(identityProvider);
    api = await startApi();
    user = await signUpUser();
    expect((await call(api, '/account/create', undefined, user.idToken)).status).toBe(200);
    const login = await call(api, '/session/login', undefined, user.idToken);
    expect(login.status).toBe(200);
    cookie = /^[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
    expect(cookie).toContain(`${api.config.deployment.sessionCookieName}=`);

    child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        PORT: '0',
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${idpPort}`,
        IDENTITY_TIMEOUT_MS: String(TIMEOUT_MS),
        MAIL_WORKER_ENABLED: 'false',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /API listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
    });
    unreachable = { ...api, baseUrl: `http://127.0.0.1:${port}` };
  });

  afterAll(async () => {
    child.kill('SIGKILL');
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => identityProvider.close(() => resolve()));
    await api.close();
  });

  const withCookie = (): Record<string, string> => ({ cookie, origin: api.config.appOrigin });

  it('answers 503 with Retry-After, not 401, when the identity provider does not answer within IDENTITY_TIMEOUT_MS', async () => {
    expect((await call(api, '/account/get', undefined, undefined, withCookie())).status).toBe(200);
    const started = Date.now();
    const result = await call(unreachable, '/account/get', undefined, undefined, withCookie());
    const elapsed = Date.now() - started;
    expectServiceUnavailable(result);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);
    expectServiceUnavailable(await call(unreachable, '/session/login', undefined, user.idToken));
  });

  it('answers 503 within IDENTITY_TIMEOUT_MS when the identity provider drops the connection', async () => {
    mode = 'reset';
    try {
      const started = Date.now();
      expectServiceUnavailable(await call(unreachable, '/account/get', undefined, undefined, withCookie()));
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
    } finally {
      mode = 'silent';
    }
  });

  it('never answers 500 on logout: 503 while the identity provider is unreachable', async () => {
    expectServiceUnavailable(await call(unreachable, '/session/logout', undefined, user.idToken));
    mode = 'reset';
    try {
      expectServiceUnavailable(await call(unreachable, '/session/logout', undefined, user.idToken));
    } finally {
      mode = 'silent';
    }
  });

  it('still answers 401 to an invalid or expired token', async () => {
    const result = await call(unreachable, '/account/get', undefined, 'not-a-token');
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ name: 'ConsoleError', errorCode: 'UNAUTHENTICATED', message: 'ログインしてください' });
    const expired = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({
        iss: `https://securetoken.google.com/${api.config.firebaseProjectId}`,
        aud: api.config.firebaseProjectId,
        sub: user.uid,
        exp: 1,
        iat: 0,
        auth_time: 0,
        email: user.email,
      }),
    ).toString('base64url')}.`;
    expect((await call(unreachable, '/account/get', undefined, expired)).status).toBe(401);
  });
});
