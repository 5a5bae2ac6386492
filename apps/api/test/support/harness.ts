import { isErrorCode, PRODUCT_ERROR_NAME } from '@console/domain';
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

/** An error body of the product: its name, a code of the catalogue and a message. */
export function isErrorBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { name, errorCode, message } = body as Record<string, unknown>;
  return name === PRODUCT_ERROR_NAME && isErrorCode(errorCode) && typeof message === 'string';
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** The authorization header of the ID token (none without one). */
export function bearer(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** POSTs JSON to the API like the web does, with the bearer token when given; a text answer (a CSV export) or an archive is handed back as text. */
export async function call<T = unknown>(
  api: TestApi,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<CallResult<T>> {
  const response = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...bearer(token), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  const isText = type.startsWith('text/') || type === 'application/zip';
  return { status: response.status, body: (text && !isText ? JSON.parse(text) : text || undefined) as T, headers: response.headers };
}

/** POSTs the body as it is, not encoded as JSON (malformed JSON, another content type), with the bearer token when given. */
export function postRaw(api: TestApi, path: string, contentType: string, body: string | Uint8Array, token?: string): Promise<Response> {
  return fetch(`${api.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': contentType, ...bearer(token) }, body });
}

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

/** POSTs to the Auth Emulator's Identity Toolkit as the web's Firebase SDK does (asking for a fresh ID token); `what` names the step in the error. */
async function identityToolkit<T>(method: string, body: Record<string, unknown>, what: string): Promise<T> {
  const response = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const result = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`${what} failed: ${result.error?.message ?? JSON.stringify(result)}`);
  return result;
}

/** Signs a new user up in the Auth Emulator (as the web's Firebase SDK would) and returns its ID token. */
export async function signUpUser(email = `user-${randomBytes(5).toString('hex')}@example.com`, password = 'password-123'): Promise<TestUser> {
  const body = await identityToolkit<{ localId: string; idToken: string }>('signUp', { email, password }, 'sign-up');
  return { uid: body.localId, email: email.toLowerCase(), password, idToken: body.idToken };
}

/** Signs an existing user in and returns a fresh ID token. */
export async function signInUser(email: string, password: string): Promise<string> {
  return (await identityToolkit<{ idToken: string }>('signInWithPassword', { email, password }, 'sign-in')).idToken;
}

/** Changes the user's email in the Auth Emulator as the web's Firebase SDK does, and returns the new ID token. */
export async function changeUserEmail(idToken: string, email: string): Promise<string> {
  return (await identityToolkit<{ idToken: string }>('update', { idToken, email }, 'email change')).idToken;
}

/**
 * Changes the user's password as the console's password reset does: a reset e-mail, whose code
 * (read from the Auth Emulator) confirms the new password with the identity provider.
 */
export async function resetPassword(email: string, newPassword: string): Promise<void> {
  await identityToolkit('sendOobCode', { requestType: 'PASSWORD_RESET', email }, 'reset e-mail');
  const response = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${process.env.FIREBASE_PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] };
  const code = oobCodes.findLast((c) => c.email === email && c.requestType === 'PASSWORD_RESET');
  if (!code) throw new Error(`no password reset code for ${email}`);
  await identityToolkit('resetPassword', { oobCode: code.oobCode, newPassword }, 'password reset');
}
