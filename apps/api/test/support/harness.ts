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

/**
 * Signs a new user up in the Auth Emulator (as the web's Firebase SDK would) and returns an ID token
 * of a sign-in after it. The emulator stamps a sign-up's auth_time with the moment its request began
 * and the user's validSince (whole seconds) a moment later: when a second boundary falls between,
 * the API rightly refuses the sign-up's own token as issued before validSince.
 */
export async function signUpUser(email = `user-${randomBytes(5).toString('hex')}@example.com`, password = 'password-123'): Promise<TestUser> {
  const body = await identityToolkit<{ localId: string }>('signUp', { email, password }, 'sign-up');
  return { uid: body.localId, email: email.toLowerCase(), password, idToken: await signInUser(email, password) };
}

/** Signs an existing user in and returns a fresh ID token. */
export async function signInUser(email: string, password: string): Promise<string> {
  return (await identityToolkit<{ idToken: string }>('signInWithPassword', { email, password }, 'sign-in')).idToken;
}

/** Signs in with a custom token (as the web's signInWithCustomToken does) and returns the ID token. */
export async function signInWithCustomToken(token: string): Promise<string> {
  return (await identityToolkit<{ idToken: string }>('signInWithCustomToken', { token }, 'custom-token sign-in')).idToken;
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

/** POSTs to the Auth Emulator's multi-factor Identity Toolkit (v2) as the web's Firebase SDK does. */
async function identityToolkitMfa<T>(method: string, body: Record<string, unknown>, what: string): Promise<T> {
  const response = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v2/accounts/${method}?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const result = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`${what} failed: ${result.error?.message ?? JSON.stringify(result)}`);
  return result;
}

/** The SMS code the Auth Emulator "sent" for a verification session (its verificationCodes endpoint). */
async function smsCode(sessionInfo: string): Promise<string> {
  const response = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${process.env.FIREBASE_PROJECT_ID}/verificationCodes`);
  const { verificationCodes } = (await response.json()) as { verificationCodes: { sessionInfo: string; code: string }[] };
  const found = verificationCodes.find((c) => c.sessionInfo === sessionInfo);
  if (!found) throw new Error('no SMS code for the verification session');
  return found.code;
}

/** Enrols an SMS second factor for the user (mfaEnrollment:start and :finalize, the code read from the emulator); the factor's id. */
export async function enrollPhoneFactor(idToken: string, phoneNumber: string): Promise<string> {
  const started = await identityToolkitMfa<{ phoneSessionInfo: { sessionInfo: string } }>(
    'mfaEnrollment:start',
    { idToken, phoneEnrollmentInfo: { phoneNumber } },
    'second-factor enrolment',
  );
  const sessionInfo = started.phoneSessionInfo.sessionInfo;
  const finalized = await identityToolkitMfa<{ idToken: string }>(
    'mfaEnrollment:finalize',
    { idToken, phoneVerificationInfo: { sessionInfo, code: await smsCode(sessionInfo) } },
    'second-factor enrolment',
  );
  const lookup = await identityToolkit<{ users: { mfaInfo?: { mfaEnrollmentId: string; phoneInfo?: string }[] }[] }>(
    'lookup',
    { idToken: finalized.idToken },
    'lookup',
  );
  const factor = lookup.users[0]?.mfaInfo?.find((info) => info.phoneInfo === phoneNumber);
  if (!factor) throw new Error('the enrolled factor is not listed');
  return factor.mfaEnrollmentId;
}

/** Signs a user with an SMS second factor in (password, then mfaSignIn:start and :finalize with the emulator's code): an ID token with firebase.sign_in_second_factor. */
export async function signInWithSecondFactor(email: string, password: string): Promise<string> {
  const first = await identityToolkit<{ mfaPendingCredential?: string; mfaInfo?: { mfaEnrollmentId: string }[] }>(
    'signInWithPassword',
    { email, password },
    'sign-in',
  );
  const enrollment = first.mfaInfo?.[0];
  if (!first.mfaPendingCredential || !enrollment) throw new Error('the sign-in asked for no second factor');
  const started = await identityToolkitMfa<{ phoneResponseInfo: { sessionInfo: string } }>(
    'mfaSignIn:start',
    { mfaPendingCredential: first.mfaPendingCredential, mfaEnrollmentId: enrollment.mfaEnrollmentId, phoneSignInInfo: {} },
    'second-factor sign-in',
  );
  const sessionInfo = started.phoneResponseInfo.sessionInfo;
  const finalized = await identityToolkitMfa<{ idToken: string }>(
    'mfaSignIn:finalize',
    { mfaPendingCredential: first.mfaPendingCredential, phoneVerificationInfo: { sessionInfo, code: await smsCode(sessionInfo) } },
    'second-factor sign-in',
  );
  return finalized.idToken;
}
