import { ADMIN_ROLE_KEY, decide, ENTITLEMENT_ACTIONS } from '@console/domain';
import { DataSource } from 'typeorm';
import { ServiceCallers } from '../src/common/auth/service-callers';
import { ServiceCredentialStore, type ActiveServiceSecret } from '../src/common/auth/service-credential-store';
import { SessionRevocations } from '../src/common/auth/session-revocations';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { addOrganizationMember, addProjectMember, createCaller, createOrganization, createProject, createSystemAdmin, type Caller } from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

const KNOWLEDGE_KEY = 'knowledge-environment-key-0123';
const HEADER = 'x-console-subsystem-key';

interface SecretBody {
  id: string;
  prefix: string;
  active: boolean;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}
interface CredentialBody {
  id: string;
  name: string;
  product: string;
  scopes: string[];
  state: string;
  secrets: SecretBody[];
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}
interface IssuedBody {
  credential: CredentialBody;
  secret: string;
}
interface EntitlementBody {
  accountId: string;
  organizationRole: { key: string } | null;
  projectRole: { key: string } | null;
  permissions: string[];
  product: string;
  plan: string;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The permissions decide() gives the account with these role keys (what the membership calls must answer). */
function decided(account: { id: string; email: string; isSystemAdmin: boolean }, organizationRoleKey: string | null, projectRoleKey: string | null): string[] {
  return ENTITLEMENT_ACTIONS.filter((action) => decide(action, { operator: account, organizationRoleKey, projectRoleKey }).allowed);
}

describe('service credentials', () => {
  let api: TestApi;
  let replica: TestApi;
  let admin: Caller;

  const overrides = {
    SUBSYSTEM_KEYS: `knowledge:${KNOWLEDGE_KEY}`,
    MAIL_WORKER_ENABLED: 'false',
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '5',
  };

  beforeAll(async () => {
    [api, replica] = await Promise.all([startApi(overrides), startApi(overrides)]);
    admin = await createSystemAdmin(api);
  });

  afterAll(async () => {
    await Promise.all([api?.close(), replica?.close()]);
  });

  async function create(scopes: string[], name = 'ナレッジ'): Promise<IssuedBody> {
    const created = await call<IssuedBody>(api, '/systemAdmin/serviceCredential/create', { name, product: 'knowledge', scopes }, admin.token);
    expect(created.status).toBe(200);
    return created.body;
  }

  /**
   * The status of a membership call with `secret` from `ip` on `on`: 401 when the secret is refused;
   * once accepted 403 without the memberships:read scope, else 404 (the project is unknown).
   */
  async function probe(secret: string, on: TestApi = api, ip = '198.51.100.1'): Promise<number> {
    return (
      await call(on, '/service/membership/get', { projectId: 'p1Q2r3S4', accountId: 'a1B2c3D4e5' }, undefined, { [HEADER]: secret, 'x-forwarded-for': ip })
    ).status;
  }

  /** A service call of `path` with `secret`; a request with an unknown account answers ACCOUNT_NOT_FOUND once the credential is accepted. */
  function serviceCall<T>(path: string, body: unknown, secret: string, on: TestApi = api, ip = '198.51.100.2') {
    return call<T>(on, path, body, undefined, { [HEADER]: secret, 'x-forwarded-for': ip });
  }

  it('creates a credential whose secret is shown once, stored only as a slow hash, and lists it by prefix', async () => {
    const issued = await create(['session:introspect']);
    expect(issued.secret).toMatch(/^csk_[0-9A-Za-z]{12}_[A-Za-z0-9_-]{43}$/);
    expect(issued.credential).toMatchObject({ name: 'ナレッジ', product: 'knowledge', scopes: ['session:introspect'], state: 'active', lastUsedAt: null });
    const [secret] = issued.credential.secrets;
    expect(issued.secret.startsWith(`${secret?.prefix}_`)).toBe(true);
    const [row] = await api.app.get(DataSource).query<{ hash: string }[]>('SELECT hash FROM service_credential_secrets WHERE id = $1', [secret?.id]);
    expect(row?.hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    // The random part (after `csk_<id>_`; it may itself hold underscores).
    expect(row?.hash).not.toContain(issued.secret.slice(`${secret?.prefix}_`.length));
    const listed = await call<CredentialBody[]>(api, '/systemAdmin/serviceCredential/list', undefined, admin.token);
    expect(JSON.stringify(listed.body)).not.toContain(issued.secret);
    expect(listed.body.find((c) => c.id === issued.credential.id)?.secrets.map((s) => s.prefix)).toEqual([secret?.prefix]);
    expect(await probe(issued.secret)).toBe(403);
    expect(await probe(`${issued.secret.slice(0, -1)}${issued.secret.endsWith('A') ? 'B' : 'A'}`)).toBe(401);
  });

  it('rotates with an overlap: old and new secrets both valid until the old one is revoked; at most two active', async () => {
    const first = await create(['memberships:read']);
    expect(await probe(first.secret)).toBe(404);
    const rotated = await call<IssuedBody>(api, '/systemAdmin/serviceCredential/rotate', { credentialId: first.credential.id }, admin.token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.credential.secrets.map((s) => s.active)).toEqual([true, true]);
    expect(await probe(first.secret)).toBe(404);
    expect(await probe(rotated.body.secret)).toBe(404);
    const third = await call<{ errorCode: string }>(api, '/systemAdmin/serviceCredential/rotate', { credentialId: first.credential.id }, admin.token);
    expect(third).toMatchObject({ status: 409, body: { errorCode: 'SERVICE_CREDENTIAL_SECRET_LIMIT' } });

    const oldSecretId = first.credential.secrets[0]?.id;
    const revoked = await call<CredentialBody>(
      api,
      '/systemAdmin/serviceCredential/revokeSecret',
      { credentialId: first.credential.id, secretId: oldSecretId },
      admin.token,
    );
    expect(revoked.body.secrets.map((s) => s.active)).toEqual([false, true]);
    expect(await probe(first.secret)).toBe(401);
    expect(await probe(rotated.body.secret)).toBe(404);
  });

  it('revokes a credential on every instance within 5 seconds', async () => {
    const issued = await create(['memberships:read']);
    // The replica verifies the secret and remembers it (for 30 s without an announcement).
    expect(await probe(issued.secret, replica)).toBe(404);
    const revoked = await call<CredentialBody>(api, '/systemAdmin/serviceCredential/revoke', { credentialId: issued.credential.id }, admin.token);
    expect(revoked.body).toMatchObject({ state: 'revoked', secrets: [{ active: false }] });
    const startedAt = Date.now();
    let refusedAfter: number | undefined;
    while (refusedAfter === undefined && Date.now() - startedAt < 5000) {
      if ((await probe(issued.secret, replica)) === 401) refusedAfter = Date.now() - startedAt;
      else await sleep(50);
    }
    expect(refusedAfter).toBeLessThan(5000);
    expect(await probe(issued.secret, api)).toBe(401);
    const again = await call<{ errorCode: string }>(api, '/systemAdmin/serviceCredential/rotate', { credentialId: issued.credential.id }, admin.token);
    expect(again).toMatchObject({ status: 409, body: { errorCode: 'SERVICE_CREDENTIAL_REVOKED' } });
  });

  it('refuses a revoked secret at once on the instance that revoked it, without waiting for its own announcement', async () => {
    const solo = await startApi(overrides);
    try {
      // This instance no longer hears announcements: only its own revocation can make it forget.
      await solo.app.get(SessionRevocations).onApplicationShutdown();
      const issued = await create(['memberships:read']);
      const rotated = await call<IssuedBody>(solo, '/systemAdmin/serviceCredential/rotate', { credentialId: issued.credential.id }, admin.token);
      expect(await probe(issued.secret, solo)).toBe(404);
      expect(await probe(rotated.body.secret, solo)).toBe(404);
      const secretId = issued.credential.secrets[0]?.id;
      await call(solo, '/systemAdmin/serviceCredential/revokeSecret', { credentialId: issued.credential.id, secretId }, admin.token);
      expect(await probe(issued.secret, solo)).toBe(401);
      expect(await probe(rotated.body.secret, solo)).toBe(404);
      await call(solo, '/systemAdmin/serviceCredential/revoke', { credentialId: issued.credential.id }, admin.token);
      expect(await probe(rotated.body.secret, solo)).toBe(401);
    } finally {
      await solo.close();
    }
  });

  it('does not remember a secret whose verification began before its credential was forgotten', async () => {
    const issued = await create(['memberships:read']);
    const store = api.app.get(ServiceCredentialStore);
    let reads = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The real store, whose first read is held until the credential has been forgotten.
    const gated: ServiceCredentialStore = {
      activeSecret: async (secretId: string): Promise<ActiveServiceSecret | null> => {
        reads++;
        const stored = await store.activeSecret(secretId);
        if (reads === 1) await held;
        return stored;
      },
      markUsed: (secretId: string, ip: string) => store.markUsed(secretId, ip),
    };
    const callers = new ServiceCallers(gated, api.config);
    const racing = callers.authenticate(issued.secret, '198.51.100.3');
    while (reads === 0) await sleep(5);
    callers.forget(issued.credential.id);
    release();
    // The call that raced the revocation is answered as it was read; the next one reads the secret again.
    expect((await racing).credentialId).toBe(issued.credential.id);
    await callers.authenticate(issued.secret, '198.51.100.3');
    expect(reads).toBe(2);
    await callers.authenticate(issued.secret, '198.51.100.3');
    expect(reads).toBe(2);
  });

  it('refuses a call outside the credential scopes with 403', async () => {
    const introspectOnly = await create(['session:introspect']);
    const answer = await serviceCall<{ errorCode: string }>(
      '/service/membership/get',
      { projectId: 'p1Q2r3S4', accountId: 'a1B2c3D4e5' },
      introspectOnly.secret,
    );
    expect(answer).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
    const membershipsOnly = await create(['memberships:read']);
    const introspection = await call<{ errorCode: string }>(api, '/session/introspect', { sessionCookie: 'x' }, undefined, {
      [HEADER]: membershipsOnly.secret,
    });
    expect(introspection).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
    // The environment key is accepted, for the introspection only.
    expect(await probe(KNOWLEDGE_KEY)).toBe(403);
  });

  it('answers wrong keys 401, then 429 per address beyond the failed-authentication limit', async () => {
    const issued = await create(['memberships:read']);
    const forged = `${issued.credential.secrets[0]?.prefix}_${'A'.repeat(43)}`;
    const statuses: number[] = [];
    for (const key of [forged, 'not-a-key', forged, 'csk_unknown', forged]) statuses.push(await probe(key, api, '203.0.113.9'));
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const limited = await call(api, '/session/introspect', { sessionCookie: 'x' }, undefined, { [HEADER]: forged, 'x-forwarded-for': '203.0.113.9' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right secret from that address is refused too until the minute is over; other addresses go on.
    expect(await probe(issued.secret, api, '203.0.113.9')).toBe(429);
    expect(await probe(issued.secret, api, '203.0.113.10')).toBe(404);
  });

  it('records the last use (time and address) at most once a minute', async () => {
    const issued = await create(['memberships:read']);
    expect(await probe(issued.secret, api, '192.0.2.44')).toBe(404);
    expect(await probe(issued.secret, api, '192.0.2.45')).toBe(404);
    const listed = await call<CredentialBody[]>(api, '/systemAdmin/serviceCredential/list', undefined, admin.token);
    const credential = listed.body.find((c) => c.id === issued.credential.id);
    expect(credential?.lastUsedIp).toBe('192.0.2.44');
    expect(credential?.secrets[0]?.lastUsedIp).toBe('192.0.2.44');
    expect(Date.now() - Date.parse(credential?.lastUsedAt ?? '')).toBeLessThan(60_000);
  });

  it('records every change in the audit log, never the secret', async () => {
    const issued = await create(['session:introspect'], '監査');
    const rotated = await call<IssuedBody>(api, '/systemAdmin/serviceCredential/rotate', { credentialId: issued.credential.id }, admin.token);
    const oldSecret = issued.credential.secrets[0]?.id;
    await call(api, '/systemAdmin/serviceCredential/revokeSecret', { credentialId: issued.credential.id, secretId: oldSecret }, admin.token);
    await call(api, '/systemAdmin/serviceCredential/revoke', { credentialId: issued.credential.id }, admin.token);
    const events = await api.app
      .get(DataSource)
      .query<{ action: string; actor_account_id: string; changes: unknown }[]>(
        'SELECT action, actor_account_id, changes FROM audit_events WHERE target_type = $1 AND target_id = $2 ORDER BY occurred_at',
        ['serviceCredential', issued.credential.id],
      );
    expect(events.map((e) => e.action)).toEqual([
      'serviceCredential.create',
      'serviceCredential.rotate',
      'serviceCredential.revokeSecret',
      'serviceCredential.revoke',
    ]);
    expect(events.every((e) => e.actor_account_id === admin.id)).toBe(true);
    const text = JSON.stringify(events);
    expect(text).not.toContain(issued.secret);
    expect(text).not.toContain(rotated.body.secret);
  });

  describe('membership and entitlement calls', () => {
    let secret: string;
    let projectId: string;
    let disabledProjectId: string;
    let orgAdmin: Caller;
    let projectAdmin: Caller;
    let member: Caller;
    let outsider: Caller;

    beforeAll(async () => {
      secret = (await create(['memberships:read'])).secret;
      const organization = await createOrganization(api);
      const project = await createProject(api, organization.organization.id, 'ナレッジあり', { knowledge: { plan: 'enterprise' } });
      const disabled = await createProject(api, organization.organization.id, 'ナレッジなし');
      projectId = project.project.id;
      disabledProjectId = disabled.project.id;
      [orgAdmin, projectAdmin, member, outsider] = await Promise.all([createCaller(api), createCaller(api), createCaller(api), createCaller(api)]);
      await addOrganizationMember(api, orgAdmin.id, organization, ADMIN_ROLE_KEY);
      await addOrganizationMember(api, projectAdmin.id, organization);
      await addProjectMember(api, projectAdmin.id, project, ADMIN_ROLE_KEY);
      await addOrganizationMember(api, member.id, organization);
      await addProjectMember(api, member.id, project);
    });

    const account = (c: Caller) => ({ id: c.id, email: c.account.email, isSystemAdmin: false });

    it('answers an account’s roles, the permissions of decide() and the product’s plan', async () => {
      const answer = await serviceCall<EntitlementBody>('/service/membership/get', { projectId, accountId: projectAdmin.id }, secret);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        accountId: projectAdmin.id,
        organizationRole: { key: 'member' },
        projectRole: { key: 'admin' },
        product: 'knowledge',
        plan: 'enterprise',
      });
      expect(answer.body.permissions).toEqual(decided(account(projectAdmin), 'member', 'admin'));
      expect(answer.body.permissions).toContain('project.update');
      const none = await serviceCall<EntitlementBody>('/service/membership/get', { projectId, accountId: outsider.id }, secret);
      expect(none.body).toMatchObject({ organizationRole: null, projectRole: null, permissions: [] });
      const missing = await serviceCall<{ errorCode: string }>('/service/membership/get', { projectId, accountId: 'zzzzzzzzzz' }, secret);
      expect(missing).toMatchObject({ status: 404, body: { errorCode: 'ACCOUNT_NOT_FOUND' } });
      const both = await serviceCall<{ errorCode: string }>('/service/membership/get', { projectId }, secret);
      expect(both).toMatchObject({ status: 400, body: { errorCode: 'VALIDATION_FAILED' } });
    });

    it('answers NOT_FOUND for a project where the product is not enabled', async () => {
      const answer = await serviceCall<{ errorCode: string }>('/service/membership/get', { projectId: disabledProjectId, accountId: member.id }, secret);
      expect(answer).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND' } });
    });

    it('answers many accounts at once, in the order asked, unknown ones left out', async () => {
      const answer = await serviceCall<EntitlementBody[]>(
        '/service/membership/batch',
        { projectId, accountIds: [member.id, 'zzzzzzzzzz', orgAdmin.id, outsider.id] },
        secret,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.map((e) => [e.accountId, e.organizationRole?.key ?? null, e.projectRole?.key ?? null, e.permissions])).toEqual([
        [member.id, 'member', 'member', decided(account(member), 'member', 'member')],
        [orgAdmin.id, 'admin', null, decided(account(orgAdmin), 'admin', null)],
        [outsider.id, null, null, []],
      ]);
      const tooMany = await serviceCall(
        '/service/membership/batch',
        { projectId, accountIds: Array.from({ length: 101 }, (_, i) => `a${String(i).padStart(9, '0')}`) },
        secret,
      );
      expect(tooMany.status).toBe(400);
    });

    it('lists a project’s members by page with their roles and permissions', async () => {
      const first = await serviceCall<{ items: EntitlementBody[]; nextCursor: string | null }>('/service/project/listMembers', { projectId, limit: 1 }, secret);
      expect(first.status).toBe(200);
      expect(first.body.items.map((e) => e.accountId)).toEqual([projectAdmin.id]);
      const second = await serviceCall<{ items: EntitlementBody[]; nextCursor: string | null }>(
        '/service/project/listMembers',
        { projectId, limit: 1, cursor: first.body.nextCursor },
        secret,
      );
      expect(second.body.items.map((e) => [e.accountId, e.permissions])).toEqual([[member.id, decided(account(member), 'member', 'member')]]);
      expect(second.body.nextCursor).toBeNull();
    });
  });
});

describe('environment keys of sibling products', () => {
  const env = {
    APP_ENV: 'prod',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
    FIREBASE_PROJECT_ID: 'console-prod',
    COMPANY_MAIL_DOMAIN: 'console.example.jp',
    ROOT_ACCOUNT_EMAIL: 'root@console.example.jp',
    SENDGRID_API_KEY: 'SG.key',
    STORAGE_BUCKET: 'console-uploads',
    SECRET_SEALING_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    SUBSYSTEM_KEYS: `knowledge:${KNOWLEDGE_KEY}`,
  };

  it.each(['prod', 'eva'])('are refused when APP_ENV is %s', (environment) => {
    const load = () => loadConfig({ ...env, APP_ENV: environment });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`SUBSYSTEM_KEYS must not be set when APP_ENV is ${environment}`);
  });

  it('are accepted in dev and test, and in production as a bootstrap when told', () => {
    expect(loadConfig({ ...env, APP_ENV: 'test', SENDGRID_API_KEY: undefined }).subsystemKeys).toEqual({ knowledge: KNOWLEDGE_KEY });
    expect(loadConfig({ ...env, SUBSYSTEM_KEYS_BOOTSTRAP: 'true' }).subsystemKeys).toEqual({ knowledge: KNOWLEDGE_KEY });
  });
});
