import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { apiErrorFromBody, isApiError, isClientError, isTimeoutError } from '@/lib/api-error';
import { fetchWithTimeout } from '@/lib/fetch-with-timeout';
import { queryDefaults, retryDelay, shouldRetry } from '@/lib/query-client';
import { ACCOUNT_GC_TIME_MS, ACCOUNT_STALE_TIME_MS } from '@/features/account/api/get-account';
import { accountKeys } from '@/features/account/keys';

jest.mock('@/lib/api-client', () => ({ apiClient: {}, unwrap: jest.fn() }));

describe('API errors', () => {
  it('turns the product error body into an error with errorCode and message', () => {
    const error = apiErrorFromBody(409, { name: 'ConsoleError', errorCode: 'INVITATION_INVALID', message: '招待が無効です' });
    expect(isApiError(error)).toBe(true);
    expect(error.errorCode).toBe('INVITATION_INVALID');
    expect(error.message).toBe('招待が無効です');
    expect(error.isProductError).toBe(true);
    expect(error.status).toBe(409);
  });

  it('keeps other bodies generic', () => {
    const error = apiErrorFromBody(502, { name: 'OtherError', errorCode: 'X', message: 'y' });
    expect(error.isProductError).toBe(false);
    expect(error.errorCode).toBe('HTTP_502');
    expect(apiErrorFromBody(500, undefined).errorCode).toBe('HTTP_500');
  });

  it('classifies 4xx answers as client errors', () => {
    expect(isClientError(apiErrorFromBody(404, null))).toBe(true);
    expect(isClientError(apiErrorFromBody(503, null))).toBe(false);
    expect(isClientError(new Error('network'))).toBe(false);
  });
});

describe('calls of an API that does not answer', () => {
  let server: Server;
  let url: string;
  const sockets: Socket[] = [];
  /** Answers the requests whose path starts with /answer; accepts every other one and never answers. */
  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.push(socket);
      socket.on('data', (chunk: Buffer) => {
        if (chunk.toString('latin1').startsWith('GET /answer')) socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('fail as timed out once no answer has begun within the time, and are retried like a server error', async () => {
    const started = Date.now();
    const error: unknown = await fetchWithTimeout(200)(new Request(`${url}/hang`)).catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(isClientError(error)).toBe(false);
    expect(shouldRetry(0, error)).toBe(true);
  });

  it('answer as usual when the API answers in time, and keep the caller’s own abort', async () => {
    const response = await fetchWithTimeout(2_000)(new Request(`${url}/answer`));
    expect(await response.text()).toBe('ok');
    const aborted = new AbortController();
    const call = fetchWithTimeout(2_000)(new Request(`${url}/hang`, { signal: aborted.signal }));
    aborted.abort();
    const error: unknown = await call.catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(false);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('query defaults (docs/product-rules.md#limits)', () => {
  it('retries 3 times with a delay doubling from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(shouldRetry(0, new Error('x'))).toBe(true);
    expect(shouldRetry(2, new Error('x'))).toBe(true);
    expect(shouldRetry(3, new Error('x'))).toBe(false);
    expect(shouldRetry(0, apiErrorFromBody(403, null))).toBe(false);
  });

  it('keeps unused data 5 minutes and considers it stale at once', () => {
    expect(queryDefaults.queries?.gcTime).toBe(5 * 60 * 1000);
    expect(queryDefaults.queries?.staleTime).toBe(0);
  });

  it('keeps the account fresh 5 minutes and cached 10 minutes under a per-user key', () => {
    expect(ACCOUNT_STALE_TIME_MS).toBe(5 * 60 * 1000);
    expect(ACCOUNT_GC_TIME_MS).toBe(10 * 60 * 1000);
    expect(accountKeys.current('uid1')).toEqual(['account', 'current', 'uid1']);
  });
});
