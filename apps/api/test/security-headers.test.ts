import { connect } from 'node:net';
import { createCaller, type Caller } from './support/fixtures';
import { call, postRaw, startApi, type TestApi } from './support/harness';

/** Headers every answer of the API carries (common/http/security-headers.ts). */
function expectSecurityHeaders(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('origin-agent-cluster')).toBe('?1');
  expect(headers.get('x-dns-prefetch-control')).toBe('off');
  expect(headers.get('x-download-options')).toBe('noopen');
  expect(headers.get('x-permitted-cross-domain-policies')).toBe('none');
  expect(headers.get('x-xss-protection')).toBe('0');
  expect(headers.get('x-powered-by')).toBeNull();
  expect(headers.get('server')).toBeNull();
}

interface RawAnswer {
  statusLine: string;
  headers: Headers;
  body: string;
  bodyBytes: number;
}

/** Sends `request` as it is over a new connection and reads the answer until the API closes the connection (which fails the test after 5 s). */
function exchangeRaw(api: TestApi, request: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(api.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request, 'latin1'));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the API did not close the connection'));
    }, 5000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks);
      const end = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
      const headers = new Headers(lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()] as [string, string]));
      const body = raw.subarray(end + 4);
      resolve({ statusLine, headers, body: body.toString('utf8'), bodyBytes: body.length });
    });
  });
}

describe('security headers', () => {
  let api: TestApi;
  let caller: Caller;

  beforeAll(async () => {
    api = await startApi();
    caller = await createCaller(api);
  });

  afterAll(async () => {
    await api.close();
  });

  it('answers an authenticated call with nosniff, CSP, frame-ancestors and Cache-Control: no-store', async () => {
    const response = await call(api, '/account/get', undefined, caller.token);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
  });

  it('sends the same headers on errors, unknown routes and health checks', async () => {
    const unauthenticated = await call(api, '/account/get');
    expect(unauthenticated.status).toBe(401);
    const malformed = await postRaw(api, '/account/update', 'application/json', '{', caller.token);
    expect(malformed.status).toBe(400);
    const unknown = await call(api, '/no/such/route', {}, caller.token);
    expect(unknown.status).toBe(404);
    const health = await fetch(`${api.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    for (const headers of [unauthenticated.headers, malformed.headers, unknown.headers, health.headers]) {
      expectSecurityHeaders(headers);
      expect(headers.get('cache-control')).toBe('no-store');
    }
  });

  describe('a request the HTTP parser refuses is answered with the error body and the same headers, and its connection closed', () => {
    function expectErrorAnswer(answer: RawAnswer, statusLine: string, body: unknown): void {
      expect(answer.statusLine).toBe(statusLine);
      expect(JSON.parse(answer.body)).toEqual(body);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Number(answer.headers.get('content-length'))).toBe(answer.bodyBytes);
      expect(answer.headers.get('connection')).toBe('close');
      expectSecurityHeaders(answer.headers);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }

    it('a control byte in a header: 400 VALIDATION_FAILED, in Japanese unless the request asks for English', async () => {
      const request = (headers: string) => `POST /account/get HTTP/1.1\r\nHost: localhost\r\n${headers}X-Note: a\x01b\r\nContent-Length: 0\r\n\r\n`;
      expectErrorAnswer(await exchangeRaw(api, request('')), 'HTTP/1.1 400 Bad Request', {
        name: 'ConsoleError',
        errorCode: 'VALIDATION_FAILED',
        message: '入力内容が正しくありません',
      });
      expectErrorAnswer(await exchangeRaw(api, request('Accept-Language: en\r\n')), 'HTTP/1.1 400 Bad Request', {
        name: 'ConsoleError',
        errorCode: 'VALIDATION_FAILED',
        message: 'The input is not valid',
      });
    });

    it('headers beyond the size limit: 413 PAYLOAD_TOO_LARGE', async () => {
      const answer = await exchangeRaw(api, `POST /account/get HTTP/1.1\r\nHost: localhost\r\nX-Note: ${'a'.repeat(20_000)}\r\n\r\n`);
      expectErrorAnswer(answer, 'HTTP/1.1 413 Payload Too Large', {
        name: 'ConsoleError',
        errorCode: 'PAYLOAD_TOO_LARGE',
        message: 'リクエストのサイズが大きすぎます',
      });
    });
  });

  it('sends HSTS outside development only', async () => {
    const response = await fetch(`${api.baseUrl}/healthz`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    const dev = await startApi({ APP_ENV: 'dev' });
    try {
      const devResponse = await fetch(`${dev.baseUrl}/healthz`);
      expect(devResponse.status).toBe(200);
      expect(devResponse.headers.get('strict-transport-security')).toBeNull();
      expectSecurityHeaders(devResponse.headers);
    } finally {
      await dev.close();
    }
  });
});
