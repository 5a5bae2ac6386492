import { ERROR_MESSAGES, PRODUCT_ERROR_NAME, isValidId } from '@console/domain';
import { FirebaseAuthService } from '../src/common/auth/firebase-auth.service';
import type { AccountBody } from './support/fixtures';
import { call, postRaw, signInUser, signUpUser, startApi, type TestApi } from './support/harness';

describe('account create and get', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers null before sign-up completes and the account after /account/create', async () => {
    const user = await signUpUser();
    const before = await call<AccountBody | null>(api, '/account/get', undefined, user.idToken);
    expect(before.status).toBe(200);
    expect(before.body).toBeNull();

    const created = await call<AccountBody>(api, '/account/create', undefined, user.idToken);
    expect(created.status).toBe(200);
    expect(isValidId('account', created.body.id)).toBe(true);
    expect(created.body).toMatchObject({ idaasId: user.uid, email: user.email, name: null, isSystemAdmin: false, memberships: [] });
    expect(new Date(created.body.createdAt).toISOString()).toBe(created.body.createdAt);

    const after = await call<AccountBody>(api, '/account/get', undefined, user.idToken);
    expect(after.body).toEqual(created.body);
  });

  it('is idempotent for the same Firebase user, also under concurrent calls', async () => {
    const user = await signUpUser();
    const results = await Promise.all(Array.from({ length: 8 }, () => call<AccountBody>(api, '/account/create', undefined, user.idToken)));
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
  });

  it('takes the email from the verified token, lower-cased', async () => {
    const user = await signUpUser(`Mixed.Case-${Date.now()}@Example.COM`);
    const created = await call<AccountBody>(api, '/account/create', undefined, user.idToken);
    expect(created.body.email).toBe(user.email.toLowerCase());
  });

  it('links the bootstrapped root account to the Firebase user with the root email', async () => {
    const user = await signUpUser(api.config.rootAccountEmail);
    // The root account's rights need a verified address (an unverified one: test/security-revocation.test.ts).
    await api.app.get(FirebaseAuthService).auth.updateUser(user.uid, { emailVerified: true });
    const created = await call<AccountBody>(api, '/account/create', undefined, await signInUser(user.email, user.password));
    expect(created.body).toMatchObject({ id: 'root000000', isSystemAdmin: true, idaasId: user.uid });
  });

  it('refuses a missing or forged token with the error body', async () => {
    const anonymous = await call(api, '/account/get');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ name: PRODUCT_ERROR_NAME, errorCode: 'UNAUTHENTICATED', message: ERROR_MESSAGES.UNAUTHENTICATED });
    const forged = await call(api, '/account/get', undefined, 'not-a-token');
    expect(forged.status).toBe(401);
  });

  it('verifies a token with the identity provider once and then serves it from the cache', async () => {
    const user = await signUpUser();
    const firebase = api.app.get(FirebaseAuthService);
    const before = firebase.verifications;
    for (let i = 0; i < 5; i += 1) await call(api, '/account/get', undefined, user.idToken);
    expect(firebase.verifications - before).toBe(1);
  });

  it('answers an unknown path and malformed JSON with a 4xx error body, never a 500', async () => {
    const unknown = await call(api, '/account/nope', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ name: PRODUCT_ERROR_NAME, errorCode: 'NOT_FOUND' });
    const response = await postRaw(api, '/account/get', 'application/json', '{"broken');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ name: PRODUCT_ERROR_NAME, errorCode: 'VALIDATION_FAILED' });
  });
});

describe('health', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('reports liveness and database readiness', async () => {
    expect(await (await fetch(`${api.baseUrl}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${api.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
  });
});
