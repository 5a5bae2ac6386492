import { ADMIN_ROLE_KEY, type AuditAction } from '@console/domain';
import { FirebaseAuthService } from '../src/common/auth/firebase-auth.service';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganizationWithProjects,
  createSystemAdmin,
  verifyEmail,
  type Caller,
  type ErrorBodyShape,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, enrollPhoneFactor, signInWithSecondFactor, startApi, type TestApi } from './support/harness';

const KNOWLEDGE_KEY = 'knowledge-key-for-the-mfa-tests-01';

interface OrganizationAnswer {
  id: string;
  mfaRequired: boolean;
}

interface AuditPageBody {
  items: { action: AuditAction; targetId: string; actor: { accountId: string } | null; changes: Record<string, { before: unknown; after: unknown }> }[];
}

/** A caller with a verified address and an SMS second factor, and an ID token of a sign-in with it (`token` stays the one without). */
interface SecondFactorCaller extends Caller {
  factorId: string;
  mfaToken: string;
}

async function withSecondFactor(api: TestApi, caller: Caller, phoneNumber: string): Promise<SecondFactorCaller> {
  const verified = await verifyEmail(api, caller);
  const factorId = await enrollPhoneFactor(verified.token, phoneNumber);
  return { ...verified, factorId, mfaToken: await signInWithSecondFactor(verified.user.email, verified.user.password) };
}

function cookieOf(setCookie: string | null, name: string): string {
  const match = new RegExp(`(?:^|, )${name}=([^;]*)`).exec(setCookie ?? '');
  if (!match?.[1]) throw new Error(`no ${name} cookie`);
  return match[1];
}

describe('multi-factor authentication (docs/product-rules.md#multi-factor-authentication)', () => {
  let api: TestApi;
  let requiring: OrganizationWithProjectsFixture;
  let other: OrganizationWithProjectsFixture;
  let admin: SecondFactorCaller;
  let member: SecondFactorCaller;
  let plainAdmin: Caller;
  let outsider: Caller;
  let systemAdmin: Caller;

  beforeAll(async () => {
    api = await startApi({ SUBSYSTEM_KEYS: `knowledge:${KNOWLEDGE_KEY}`, MAIL_WORKER_ENABLED: 'false' });
    [requiring, other] = await Promise.all([
      createOrganizationWithProjects(api, '二要素必須の組織', 1, { knowledge: { plan: 'enterprise' } }),
      createOrganizationWithProjects(api, '別の組織', 1),
    ]);
    const [adminCaller, memberCaller] = await Promise.all([createCaller(api), createCaller(api)]);
    [admin, member, plainAdmin, outsider, systemAdmin] = await Promise.all([
      withSecondFactor(api, adminCaller, '+819012345678'),
      withSecondFactor(api, memberCaller, '+819087654321'),
      createCaller(api),
      createCaller(api),
      createSystemAdmin(api),
    ]);
    await Promise.all([
      addOrganizationMember(api, admin.id, requiring, ADMIN_ROLE_KEY),
      addOrganizationMember(api, plainAdmin.id, requiring, ADMIN_ROLE_KEY),
      addOrganizationMember(api, member.id, requiring),
      addOrganizationMember(api, member.id, other),
    ]);
    await addProjectMember(api, member.id, requiring.projects[0]!);
  });

  afterAll(async () => {
    await api.close();
  });

  const updateSecurity = (token: string, mfaRequired: boolean, organizationId = requiring.organization.id) =>
    call<OrganizationAnswer & ErrorBodyShape>(api, '/organization/updateSecurity', { organizationId, mfaRequired }, token);
  const getOrganization = (token: string, organizationId = requiring.organization.id) =>
    call<OrganizationAnswer & ErrorBodyShape>(api, '/organization/get', { organizationId }, token);
  const getProject = (token: string, projectId = requiring.projects[0]!.project.id) => call<ErrorBodyShape>(api, '/project/get', { projectId }, token);
  const eventsOf = async (action: AuditAction, organizationId?: string) => {
    const page = await call<AuditPageBody>(
      api,
      '/systemAdmin/auditEvent/list',
      { action, ...(organizationId ? { organizationId } : {}), limit: 100 },
      systemAdmin.token,
    );
    expect(page.status).toBe(200);
    return page.body.items;
  };

  it('an admin signed in without a second factor cannot require one (self-lockout refused); members may not change it', async () => {
    const refused = await updateSecurity(plainAdmin.token, true);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'MFA_SELF_LOCKOUT', message: expect.stringContaining('二要素認証') as unknown });
    expect((await updateSecurity(admin.token, true)).body).toMatchObject({ errorCode: 'MFA_SELF_LOCKOUT' });
    expect((await updateSecurity(member.mfaToken, true)).body).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect((await getOrganization(admin.token)).body.mfaRequired).toBe(false);
  });

  it('an admin signed in with a second factor requires it, audit-logged', async () => {
    const updated = await updateSecurity(admin.mfaToken, true);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: requiring.organization.id, mfaRequired: true });
    const [event] = await eventsOf('organization.updateSecurity', requiring.organization.id);
    expect(event).toMatchObject({
      targetId: requiring.organization.id,
      actor: { accountId: admin.id },
      changes: { mfaRequired: { before: false, after: true } },
    });
  });

  it('answers 403 MFA_REQUIRED to tokens without a second factor on the organization and its projects', async () => {
    for (const token of [member.token, admin.token, plainAdmin.token]) {
      const refused = await getOrganization(token);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ errorCode: 'MFA_REQUIRED' });
    }
    expect((await getProject(member.token)).body).toMatchObject({ errorCode: 'MFA_REQUIRED' });
    const members = await call<ErrorBodyShape>(api, '/organization/listMembers', { organizationId: requiring.organization.id }, member.token);
    expect(members.body).toMatchObject({ errorCode: 'MFA_REQUIRED' });
    const english = await call<ErrorBodyShape>(api, '/organization/get', { organizationId: requiring.organization.id }, member.token, {
      'accept-language': 'en',
    });
    expect(english.body.message).toContain('two-factor authentication');
    // The requirement cannot be lifted without a second factor either.
    expect((await updateSecurity(plainAdmin.token, false)).body).toMatchObject({ errorCode: 'MFA_REQUIRED' });
  });

  it('answers tokens of a sign-in with a second factor as before', async () => {
    expect((await getOrganization(member.mfaToken)).status).toBe(200);
    expect((await getProject(member.mfaToken)).status).toBe(200);
    expect((await getOrganization(admin.mfaToken)).body.mfaRequired).toBe(true);
  });

  it('leaves other organizations alone and tells outsiders nothing', async () => {
    expect((await getOrganization(member.token, other.organization.id)).status).toBe(200);
    expect((await getProject(member.token, other.projects[0]!.project.id)).status).toBe(200);
    const elsewhere = await getOrganization(outsider.token);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toMatchObject({ errorCode: 'FORBIDDEN' });
    // A system administrator acting inside the organization needs a second factor too, but sees the policy in the list of every organization.
    expect((await getOrganization(systemAdmin.token)).body).toMatchObject({ errorCode: 'MFA_REQUIRED' });
    const all = await call<OrganizationAnswer[]>(api, '/system-admin/organization/listAll', {}, systemAdmin.token);
    expect(all.body.find((o) => o.id === requiring.organization.id)?.mfaRequired).toBe(true);
    expect(all.body.find((o) => o.id === other.organization.id)?.mfaRequired).toBe(false);
  });

  it("refuses the session introspection of the organization's projects to a session without a second factor", async () => {
    const cookieName = api.config.deployment.sessionCookieName;
    const introspect = (cookie: string) =>
      call<ErrorBodyShape>(api, '/session/introspect', { sessionCookie: cookie, projectId: requiring.projects[0]!.project.id }, undefined, {
        'x-console-subsystem-key': KNOWLEDGE_KEY,
      });
    const plain = await call(api, '/session/login', undefined, member.token);
    expect(plain.status).toBe(200);
    const refused = await introspect(cookieOf(plain.headers.get('set-cookie'), cookieName));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 'MFA_REQUIRED' });

    const strong = await call(api, '/session/login', undefined, member.mfaToken);
    expect((await introspect(cookieOf(strong.headers.get('set-cookie'), cookieName))).status).toBe(200);
  });

  it('records the sign-in method, provider and second factor of every sign-in', async () => {
    await call(api, '/session/login', undefined, admin.mfaToken);
    await call(api, '/session/login', undefined, plainAdmin.token);
    const logins = await eventsOf('session.login');
    const changesOf = (accountId: string) => logins.find((e) => e.actor?.accountId === accountId)?.changes;
    expect(changesOf(admin.id)).toMatchObject({
      signInMethod: { before: null, after: 'password' },
      signInProvider: { before: null, after: 'password' },
      secondFactor: { before: null, after: 'phone' },
    });
    expect(changesOf(plainAdmin.id)).toMatchObject({ secondFactor: { before: null, after: null } });
  });

  it('records the enrolment and the removal of a second factor once the identity provider confirms them', async () => {
    const enrolled = await call<{ factorId: string; kind: string; maskedPhoneNumber: string } & ErrorBodyShape>(
      api,
      '/account/secondFactor/enrolled',
      { factorId: member.factorId },
      member.mfaToken,
    );
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toEqual({ factorId: member.factorId, kind: 'phone', maskedPhoneNumber: '+81******4321' });
    expect((await call<ErrorBodyShape>(api, '/account/secondFactor/enrolled', { factorId: 'unknown-factor' }, member.mfaToken)).body).toMatchObject({
      errorCode: 'SECOND_FACTOR_NOT_FOUND',
    });
    expect((await call<ErrorBodyShape>(api, '/account/secondFactor/removed', { factorId: member.factorId }, member.mfaToken)).body).toMatchObject({
      errorCode: 'CONFLICT',
    });

    await api.app.get(FirebaseAuthService).auth.updateUser(member.user.uid, { multiFactor: { enrolledFactors: null } });
    expect((await call(api, '/account/secondFactor/removed', { factorId: member.factorId }, member.mfaToken)).status).toBe(200);
    const [enrolment] = await eventsOf('account.enrollSecondFactor');
    const [removal] = await eventsOf('account.removeSecondFactor');
    expect(enrolment).toMatchObject({ targetId: member.id, changes: { secondFactor: { before: null, after: { factorId: member.factorId, kind: 'phone' } } } });
    expect(JSON.stringify(enrolment)).not.toContain('87654321');
    expect(removal).toMatchObject({ targetId: member.id, changes: { secondFactor: { before: { factorId: member.factorId }, after: null } } });
  });

  it('refuses a signed-out sign-in with a second factor through its own checks (the emulator still refreshes its tokens)', async () => {
    const token = await signInWithSecondFactor(admin.user.email, admin.user.password);
    expect((await getOrganization(token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));
    expect((await call(api, '/session/logout', undefined, token)).status).toBe(200);
    const refused = await getOrganization(token);
    expect(refused.status).toBe(401);
  });

  it('lifts the requirement (audit-logged), after which tokens without a second factor are answered again', async () => {
    // The admin's earlier sign-ins were signed out by the test above: their tokens are refused, a new sign-in with the second factor is not.
    expect((await updateSecurity(admin.mfaToken, false)).status).toBe(401);
    const answer = await updateSecurity(await signInWithSecondFactor(admin.user.email, admin.user.password), false);
    expect(answer.status).toBe(200);
    expect(answer.body.mfaRequired).toBe(false);
    expect((await getOrganization(plainAdmin.token)).status).toBe(200);
    const [event] = await eventsOf('organization.updateSecurity', requiring.organization.id);
    expect(event?.changes).toEqual({ mfaRequired: { before: true, after: false } });
  });
});
