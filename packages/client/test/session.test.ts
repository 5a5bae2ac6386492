import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createConsoleClient, SERVICE_SECRET_HEADER } from '../src/client';
import { readCookie, SessionHelper } from '../src/session';

const SECRET = 'csk_s1E2c3R4e5T6_secret';
const session = {
  account: { id: 'a1B2c3D4e5', email: 'taro@example.jp', name: '山田 太郎' },
  memberships: [{ organizationId: 'o1P2q3R4', projects: [{ projectId: 'p1Q2r3S4' }] }],
  project: null,
};

/** The console's /session/introspect as a sibling product meets it: a cookie per answer. */
let server: Server;
let baseUrl: string;
const received: { secret: string | undefined; body: unknown }[] = [];

async function readBody(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return JSON.parse(text);
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({ secret: request.headers[SERVICE_SECRET_HEADER.toLowerCase()] as string | undefined, body });
      const { sessionCookie, projectId } = body as { sessionCookie: string; projectId?: string };
      const answer = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (request.url !== '/api/session/introspect') answer(404, { name: 'ProductError', errorCode: 'NOT_FOUND', message: '' });
      else if (sessionCookie === 'broken') answer(500, { name: 'ProductError', errorCode: 'INTERNAL', message: '' });
      else if (sessionCookie === 'orphan') answer(404, { name: 'ProductError', errorCode: 'ACCOUNT_NOT_FOUND', message: '' });
      else if (sessionCookie !== 'valid') answer(401, { name: 'ProductError', errorCode: 'UNAUTHENTICATED', message: '' });
      else if (projectId === 'hidden00') answer(404, { name: 'ProductError', errorCode: 'NOT_FOUND', message: '' });
      else answer(200, projectId ? { ...session, project: { id: projectId } } : session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (received.length = 0));

describe('readCookie', () => {
  it('reads a cookie among others, decoded', () => {
    expect(readCookie('a=1; console_session=x%2By; b=2', 'console_session')).toBe('x+y');
    expect(readCookie('console_session_dev=1', 'console_session')).toBeUndefined();
    expect(readCookie('console_session=%E0%A4%A', 'console_session')).toBe('%E0%A4%A');
    expect(readCookie(undefined, 'console_session')).toBeUndefined();
  });
});

describe('SessionHelper', () => {
  it('introspects the cookie with the service secret and reuses the answer for a short while', async () => {
    let clock = 0;
    const helper = new SessionHelper({ client: createConsoleClient({ baseUrl, secret: SECRET }), cacheMs: 5000, now: () => clock });
    const outcome = await helper.introspect('theme=dark; console_session=valid');
    expect(outcome).toEqual({ status: 'signedIn', session });
    expect(received).toEqual([{ secret: SECRET, body: { sessionCookie: 'valid' } }]);
    clock = 4999;
    expect(await helper.introspect('console_session=valid')).toEqual(outcome);
    expect(received).toHaveLength(1);
    clock = 5000;
    await helper.introspect('console_session=valid');
    expect(received).toHaveLength(2);
    expect(await helper.introspect('console_session=valid', 'p1Q2r3S4')).toEqual({ status: 'signedIn', session: { ...session, project: { id: 'p1Q2r3S4' } } });
    expect(received[2]!.body).toEqual({ sessionCookie: 'valid', projectId: 'p1Q2r3S4' });
  });

  it('tells a request without a session, with a refused one, a project not visible, and a console that cannot answer', async () => {
    const helper = new SessionHelper({ client: createConsoleClient({ baseUrl, secret: SECRET }), cookieName: 'console_session_dev' });
    expect(await helper.introspect('console_session=valid')).toEqual({ status: 'noCookie' });
    expect(await helper.introspect(undefined)).toEqual({ status: 'noCookie' });
    expect(received).toEqual([]);
    expect(await helper.introspect('console_session_dev=expired')).toEqual({ status: 'signedOut' });
    expect(await helper.introspect('console_session_dev=orphan', 'p1Q2r3S4')).toEqual({ status: 'signedOut' });
    expect(await helper.introspect('console_session_dev=valid', 'hidden00')).toEqual({ status: 'projectNotVisible' });
    expect(await helper.introspect('console_session_dev=broken')).toEqual({ status: 'unavailable', httpStatus: 500 });
    // Not cached: the console is asked again.
    await helper.introspect('console_session_dev=broken');
    expect(received.filter((r) => (r.body as { sessionCookie: string }).sessionCookie === 'broken')).toHaveLength(2);
    const unreachable = new SessionHelper({ client: createConsoleClient({ baseUrl: 'http://127.0.0.1:9/api', secret: SECRET }) });
    expect(await unreachable.introspect('console_session=valid')).toEqual({ status: 'unavailable', httpStatus: 0 });
  });
});
