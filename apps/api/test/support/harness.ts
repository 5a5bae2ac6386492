import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { createApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config/app-config';

export interface TestApi {
  app: NestFastifyApplication;
  config: AppConfig;
  baseUrl: string;
  close(): Promise<void>;
}

/** Starts the API on a free loopback port against the run's database and Auth Emulator. */
export async function startApi(overrides: Record<string, string> = {}): Promise<TestApi> {
  const config = loadConfig({ ...process.env, ...overrides });
  const app = await createApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, config, baseUrl: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** POSTs JSON to the API like the web does, with the bearer token when given. */
export async function call<T = unknown>(api: TestApi, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<CallResult<T>> {
  const response = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

function emulatorUrl(path: string): string {
  return `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`;
}

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

/** Signs a new user up in the Auth Emulator (as the web's Firebase SDK would) and returns its ID token. */
export async function signUpUser(email = `user-${randomBytes(5).toString('hex')}@example.com`, password = 'password-123'): Promise<TestUser> {
  const response = await fetch(emulatorUrl('accounts:signUp'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId: string; idToken: string; error?: { message: string } };
  if (!response.ok) throw new Error(`sign-up failed: ${body.error?.message}`);
  return { uid: body.localId, email: email.toLowerCase(), password, idToken: body.idToken };
}

/** Signs an existing user in and returns a fresh ID token. */
export async function signInUser(email: string, password: string): Promise<string> {
  const response = await fetch(emulatorUrl('accounts:signInWithPassword'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken: string; error?: { message: string } };
  if (!response.ok) throw new Error(`sign-in failed: ${body.error?.message}`);
  return body.idToken;
}
