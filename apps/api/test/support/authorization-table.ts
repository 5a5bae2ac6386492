import { generateId, type ErrorCode } from '@console/domain';
import { JoinRequestRepository } from '../../src/modules/organization-join/join-request.repository';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganization,
  createProject,
  createSystemAdmin,
  insertAccounts,
  insertJoinableDomain,
  insertMemberships,
  uniqueEmail,
  upload,
  type Caller,
  type InviteEntryBody,
  type OrganizationFixture,
  type ProjectFixture,
} from './fixtures';
import { call, signInUser, signUpUser, startApi, type TestApi } from './harness';

/**
 * THE authorization matrix: one row per endpoint of the API, with the expected outcome for every
 * kind of caller. test/authorization-matrix.test.ts runs every row for every caller and fails when
 * the application serves an endpoint that has no row here (or a row names an endpoint that does not
 * exist). A new endpoint gets its row in this table.
 */

export const CALLER_KINDS = [
  'anonymous',
  'noAccount',
  'outsider',
  'organizationMember',
  'organizationAdmin',
  'projectMember',
  'projectAdmin',
  'otherOrganizationAdmin',
  'systemAdmin',
] as const;

export type CallerKind = (typeof CALLER_KINDS)[number];

/** 'ok' = 200; 'redirect' = 302, or 303 after a form post (a browser navigation); otherwise the error code of the refusal (its status comes from ERROR_HTTP_STATUS). */
export type Outcome = 'ok' | 'redirect' | ErrorCode;

/**
 * The world every row runs in. Organization A has projects P1 and P2; organization B is another
 * customer's. organizationMember: member of A; organizationAdmin: admin of A; projectMember and
 * projectAdmin: members of A with that role in P1; otherOrganizationAdmin: admin of B only;
 * outsider: an account without memberships; noAccount: a Firebase user without an account.
 */
export interface World {
  api: TestApi;
  callers: Record<Exclude<CallerKind, 'anonymous' | 'noAccount'>, Caller>;
  noAccountToken: string;
  organizationA: OrganizationFixture;
  organizationB: OrganizationFixture;
  project1: ProjectFixture;
  project2: ProjectFixture;
  /** Name of a file stored by an upload, for GET /files/:name. */
  storedFileName: string;
}

export interface MatrixRequest {
  /** JSON body (POST); omitted for calls without a body. */
  json?: unknown;
  /** Multipart upload instead of JSON: an image (profileImage) or a member CSV (file). */
  multipart?: { fields: Record<string, string>; image: Buffer } | { fields: Record<string, string>; csv: Buffer };
  /** A form post (application/x-www-form-urlencoded) as a browser sends it, its redirect not followed: an identity provider's answer. */
  form?: Record<string, string>;
  /** The concrete path when the endpoint has parameters. */
  path?: string;
  /** Replaces the caller's token (e.g. a fresh Firebase user per call). */
  token?: string;
}

export interface MatrixRow {
  /** 'METHOD /path' exactly as discovered from the routes. */
  endpoint: string;
  /** What the request of this row asks for, when the endpoint has several rows (rights that depend on the request). */
  variant?: string;
  /** Builds the request; called once per caller, so it can set up fresh targets. */
  request: (world: World, caller: CallerKind) => Promise<MatrixRequest> | MatrixRequest;
  expected: Record<CallerKind, Outcome>;
}

const ACCOUNT_CALLERS: readonly CallerKind[] = [
  'outsider',
  'organizationMember',
  'organizationAdmin',
  'projectMember',
  'projectAdmin',
  'otherOrganizationAdmin',
  'systemAdmin',
];

/** Allowed for the given callers; anonymous → UNAUTHENTICATED, no account → ACCOUNT_NOT_FOUND, everyone else → FORBIDDEN. */
export function allowedFor(...allowed: CallerKind[]): Record<CallerKind, Outcome> {
  const outcome = (kind: CallerKind): Outcome => {
    if (allowed.includes(kind)) return 'ok';
    if (kind === 'anonymous') return 'UNAUTHENTICATED';
    if (kind === 'noAccount') return 'ACCOUNT_NOT_FOUND';
    return 'FORBIDDEN';
  };
  return Object.fromEntries(CALLER_KINDS.map((k) => [k, outcome(k)])) as Record<CallerKind, Outcome>;
}

export const everyone = (): Record<CallerKind, Outcome> => allowedFor(...CALLER_KINDS);
export const everyAccount = (): Record<CallerKind, Outcome> => allowedFor(...ACCOUNT_CALLERS);
export const everyFirebaseUser = (): Record<CallerKind, Outcome> => allowedFor('noAccount', ...ACCOUNT_CALLERS);
export const systemAdminsOnly = (): Record<CallerKind, Outcome> => allowedFor('systemAdmin');
/** The same outcome for every caller. */
const forEveryone = (outcome: Outcome): Record<CallerKind, Outcome> => Object.fromEntries(CALLER_KINDS.map((k) => [k, outcome])) as Record<CallerKind, Outcome>;
const organizationAMembers = (): Record<CallerKind, Outcome> =>
  allowedFor('organizationMember', 'organizationAdmin', 'projectMember', 'projectAdmin', 'systemAdmin');
const organizationAAdmins = (): Record<CallerKind, Outcome> => allowedFor('organizationAdmin', 'systemAdmin');
/** Admins of organization A, and the admin of its project P1. */
const project1Admins = (): Record<CallerKind, Outcome> => allowedFor('organizationAdmin', 'projectAdmin', 'systemAdmin');

let tinyPng: Promise<Buffer> | undefined;
export function tinyPngImage(): Promise<Buffer> {
  tinyPng ??= sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  return tinyPng;
}

/** The file of a row's multipart upload, as `upload` sends it. */
export function uploadedFile(multipart: NonNullable<MatrixRequest['multipart']>): { data: Buffer; type: string; name: string; field?: string } {
  return 'csv' in multipart
    ? { data: multipart.csv, type: 'text/csv', name: 'members.csv', field: 'file' }
    : { data: multipart.image, type: 'image/png', name: 'a.png' };
}

/** A member CSV inviting a new address into organization A as a member. */
function memberCsvOfA(w: World): MatrixRequest {
  return {
    multipart: { fields: { organizationId: w.organizationA.organization.id }, csv: Buffer.from(`email,organizationRole\n${uniqueEmail('csv')},member\n`) },
  };
}

/** Builds the world of the matrix in a running API. */
async function buildWorld(api: TestApi): Promise<World> {
  const [organizationA, organizationB] = await Promise.all([createOrganization(api, '組織A'), createOrganization(api, '組織B')]);
  const [project1, project2] = await Promise.all([
    createProject(api, organizationA.organization.id, 'P1'),
    createProject(api, organizationA.organization.id, 'P2'),
  ]);
  const [outsider, organizationMember, organizationAdmin, projectMember, projectAdmin, otherOrganizationAdmin, systemAdmin, noAccount] = await Promise.all([
    createCaller(api),
    createCaller(api),
    createCaller(api),
    createCaller(api),
    createCaller(api),
    createCaller(api),
    createSystemAdmin(api),
    signUpUser(),
  ]);
  await addOrganizationMember(api, organizationMember.id, organizationA, 'member');
  await addOrganizationMember(api, organizationAdmin.id, organizationA, 'admin');
  await addOrganizationMember(api, projectMember.id, organizationA, 'member');
  await addProjectMember(api, projectMember.id, project1, 'member');
  await addOrganizationMember(api, projectAdmin.id, organizationA, 'member');
  await addProjectMember(api, projectAdmin.id, project1, 'admin');
  await addOrganizationMember(api, otherOrganizationAdmin.id, organizationB, 'admin');
  const stored = await upload<{ url: string }>(api, '/account/uploadProfileImage', systemAdmin.token, { data: await tinyPngImage() });
  const storedFileName = new URL(stored.body.url).pathname.split('/').pop() ?? '';
  return {
    api,
    callers: { outsider, organizationMember, organizationAdmin, projectMember, projectAdmin, otherOrganizationAdmin, systemAdmin },
    noAccountToken: noAccount.idToken,
    organizationA,
    organizationB,
    project1,
    project2,
    storedFileName,
  };
}

/** Starts an API and builds the world in it (closing the API again when the world cannot be built). */
export async function startWorld(): Promise<World> {
  const api = await startApi();
  try {
    return await buildWorld(api);
  } catch (error) {
    await api.close();
    throw error;
  }
}

/** The caller's token in the world (undefined for anonymous). */
export function tokenOf(world: World, kind: CallerKind): string | undefined {
  if (kind === 'anonymous') return undefined;
  if (kind === 'noAccount') return world.noAccountToken;
  return world.callers[kind].token;
}

/** A fresh pending join request to organization A, sent under a verified domain in request mode; returns its id. */
async function freshJoinRequestOfA(world: World): Promise<string> {
  const [[account], domain] = await Promise.all([insertAccounts(world.api, 1), insertJoinableDomain(world.api, world.organizationA, 'request')]);
  if (!account) throw new Error('no account inserted');
  const id = generateId('joinRequest');
  await world.api.app.get(JoinRequestRepository).insert({
    id,
    organizationId: world.organizationA.organization.id,
    domainId: domain.id,
    accountId: account.id,
    email: account.email,
    status: 'pending',
    decidedById: null,
    decidedAt: null,
    createdById: account.id,
  });
  return id;
}

/** A fresh account that is a member of organization A (and of P1 when asked): a target for role changes and removals. */
async function freshMemberOfA(world: World, project?: ProjectFixture): Promise<string> {
  const [account] = await insertAccounts(world.api, 1);
  if (!account) throw new Error('no account inserted');
  await insertMemberships(world.api, [account], world.organizationA, project);
  return account.id;
}

/** A fresh pending domain of organization A, added by the system administrator; returns its id. */
async function freshDomainOfA(world: World): Promise<string> {
  const added = await call<{ id: string }>(
    world.api,
    '/organization/domain/add',
    { organizationId: world.organizationA.organization.id, domain: `matrix-${randomUUID().slice(0, 8)}.example.jp` },
    world.callers.systemAdmin.token,
  );
  if (added.status !== 200) throw new Error(`domain not added: ${JSON.stringify(added.body)}`);
  return added.body.id;
}

/** A fresh organization deleted by the system administrator; returns its id. */
async function freshDeletedOrganization(world: World): Promise<string> {
  const { organization } = await createOrganization(world.api);
  const deleted = await call(
    world.api,
    '/organization/delete',
    { organizationId: organization.id, confirmName: organization.name },
    world.callers.systemAdmin.token,
  );
  if (deleted.status !== 200) throw new Error(`organization not deleted: ${JSON.stringify(deleted.body)}`);
  return organization.id;
}

/** A fresh service credential of the knowledge product (created by the system administrator); its id and its secret's id. */
async function freshServiceCredential(world: World): Promise<{ credentialId: string; secretId: string }> {
  const created = await call<{ credential: { id: string; secrets: { id: string }[] } }>(
    world.api,
    '/systemAdmin/serviceCredential/create',
    { name: `matrix ${randomUUID().slice(0, 8)}`, product: 'knowledge', scopes: ['memberships:read'] },
    world.callers.systemAdmin.token,
  );
  const secretId = created.body.credential.secrets[0]?.id;
  if (created.status !== 200 || secretId === undefined) throw new Error(`service credential not created: ${JSON.stringify(created.body)}`);
  return { credentialId: created.body.credential.id, secretId };
}

/** A fresh webhook endpoint of a fresh credential holding events:receive (created by the system administrator); its id. */
async function freshWebhookEndpoint(world: World): Promise<string> {
  const credential = await call<{ credential: { id: string } }>(
    world.api,
    '/systemAdmin/serviceCredential/create',
    { name: `matrix ${randomUUID().slice(0, 8)}`, product: 'knowledge', scopes: ['events:receive'] },
    world.callers.systemAdmin.token,
  );
  const created = await call<{ endpoint: { id: string } }>(
    world.api,
    '/systemAdmin/webhook/createEndpoint',
    { credentialId: credential.body.credential.id, url: 'http://127.0.0.1:9/hooks', eventTypes: ['organization.renamed'] },
    world.callers.systemAdmin.token,
  );
  if (created.status !== 200) throw new Error(`webhook endpoint not created: ${JSON.stringify(created.body)}`);
  return created.body.endpoint.id;
}

/** Refused to every user credential: only a sibling product's service credential opens it. */
const serviceCredentialsOnly = (): Record<CallerKind, Outcome> =>
  Object.fromEntries(CALLER_KINDS.map((k) => [k, 'UNAUTHENTICATED'])) as Record<CallerKind, Outcome>;

/** An invitation of `email` to the organization, sent by `inviter` (the system administrator unless told); returns its id. */
async function invitationFor(
  world: World,
  organizationId: string,
  roleId: string,
  email: string,
  inviter: Caller = world.callers.systemAdmin,
): Promise<string> {
  const result = await call<InviteEntryBody[]>(
    world.api,
    '/organization/inviteMembers',
    { organizationId, emails: [email], props: { roleId, projects: [] } },
    inviter.token,
  );
  const id = result.body[0]?.invitation?.id;
  if (!id) throw new Error(`could not invite ${email}`);
  return id;
}

/** An invitation of a new address to organization A with these roles. */
function inviteInto(world: World, roleId: string, projects: { projectId: string; roleId: string }[]): MatrixRequest {
  return { json: { organizationId: world.organizationA.organization.id, emails: [uniqueEmail('invitee')], props: { roleId, projects } } };
}

/** The caller's e-mail address (a random one for anonymous and no-account callers). */
/**
 * A session of the caller's besides that of its token (which the later rows still use): a sign-in
 * in a later second, exchanged for a cookie. A random id for callers without an account.
 */
async function laterSessionOf(world: World, kind: CallerKind): Promise<string> {
  if (kind === 'anonymous' || kind === 'noAccount') return randomUUID();
  const { user } = world.callers[kind];
  await new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));
  const token = await signInUser(user.email, user.password);
  await call(world.api, '/session/login', undefined, token);
  const listed = await call<{ items: { id: string; current: boolean }[] }>(world.api, '/session/list', undefined, token);
  const id = listed.body.items.find((session) => session.current)?.id;
  if (id === undefined) throw new Error('no session of the new sign-in');
  return id;
}

/**
 * The SSO connection of organization A (to the loopback OpenID provider of the tests), saved by a
 * system administrator with a fresh verified domain of A; its id.
 */
async function ssoConnectionOfA(world: World): Promise<string> {
  await insertJoinableDomain(world.api, world.organizationA, 'off');
  const saved = await call<{ id: string }>(
    world.api,
    '/organization/sso/save',
    { organizationId: world.organizationA.organization.id, ...SSO_SETTINGS },
    world.callers.systemAdmin.token,
  );
  if (saved.status !== 200) throw new Error(`SSO connection not saved: ${JSON.stringify(saved.body)}`);
  return saved.body.id;
}

/** The OIDC settings of organization A's SSO connection: the loopback OpenID provider of the tests (test/setup/global-setup.mjs). */
const SSO_SETTINGS = {
  type: 'oidc',
  enabled: true,
  required: false,
  oidcIssuer: process.env.TEST_OIDC_ISSUER,
  oidcClientId: 'console-test',
  oidcClientSecret: 'console-test-secret',
};

function emailOf(world: World, kind: CallerKind): string {
  return kind === 'anonymous' || kind === 'noAccount' ? uniqueEmail('nobody') : world.callers[kind].user.email;
}

export const AUTHORIZATION_TABLE: readonly MatrixRow[] = [
  // Infrastructure (public).
  { endpoint: 'GET /healthz', request: () => ({}), expected: everyone() },
  { endpoint: 'GET /readyz', request: () => ({}), expected: everyone() },
  { endpoint: 'GET /files/:name', request: (w) => ({ path: `/files/${w.storedFileName}` }), expected: everyone() },
  // The console's SAML metadata, read by identity providers (public).
  { endpoint: 'GET /auth/sso/saml/metadata', request: () => ({}), expected: everyone() },

  // Account.
  {
    endpoint: 'POST /account/create',
    // A Firebase user without an account creates one, so that caller is a new user on every run.
    request: async (_w, kind) => (kind === 'noAccount' ? { token: (await signUpUser()).idToken } : {}),
    expected: everyFirebaseUser(),
  },
  { endpoint: 'POST /account/get', request: () => ({}), expected: everyFirebaseUser() },
  { endpoint: 'POST /account/update', request: () => ({ json: { name: '表示名' } }), expected: everyAccount() },
  { endpoint: 'POST /account/updateEmail', request: () => ({}), expected: everyAccount() },
  { endpoint: 'POST /account/uploadProfileImage', request: async () => ({ multipart: { fields: {}, image: await tinyPngImage() } }), expected: everyAccount() },
  { endpoint: 'POST /account/deletionCheck', request: () => ({}), expected: everyAccount() },
  {
    endpoint: 'POST /account/delete',
    // A confirmation that is no caller's address: every account passes the access check and is refused there, none is deleted.
    request: () => ({ json: { confirmation: 'not-the-address@example.com' } }),
    expected: { ...everyAccount(), ...Object.fromEntries(ACCOUNT_CALLERS.map((k) => [k, 'DELETION_NOT_CONFIRMED'])) },
  },
  { endpoint: 'POST /account/exportData', request: () => ({}), expected: everyAccount() },
  {
    endpoint: 'POST /account/secondFactor/enrolled',
    // A factor nobody enrolled: every account passes the access check and is refused there.
    request: () => ({ json: { factorId: 'not-an-enrolled-factor' } }),
    expected: { ...everyAccount(), ...Object.fromEntries(ACCOUNT_CALLERS.map((k) => [k, 'SECOND_FACTOR_NOT_FOUND'])) },
  },
  { endpoint: 'POST /account/secondFactor/removed', request: () => ({ json: { factorId: 'not-an-enrolled-factor' } }), expected: everyAccount() },
  {
    endpoint: 'POST /account/assignOrganizationRole',
    request: async (w) => ({
      json: { accountId: await freshMemberOfA(w), props: { organizationId: w.organizationA.organization.id, roleId: w.organizationA.adminRole.id } },
    }),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /account/assignProjectRole',
    request: async (w) => ({
      json: {
        accountId: await freshMemberOfA(w),
        organizationId: w.organizationA.organization.id,
        props: { projectId: w.project1.project.id, roleId: w.project1.memberRole.id },
      },
    }),
    expected: project1Admins(),
  },

  // Organization.
  { endpoint: 'POST /organization/listOfAccount', request: () => ({}), expected: everyAccount() },
  { endpoint: 'POST /organization/get', request: (w) => ({ json: { organizationId: w.organizationA.organization.id } }), expected: organizationAMembers() },
  {
    endpoint: 'POST /organization/listMembers',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id } }),
    expected: organizationAMembers(),
  },
  {
    endpoint: 'POST /organization/update',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id, updateProps: { name: w.organizationA.organization.name } } }),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/updateSecurity',
    // Lifting the requirement (requiring it needs a sign-in with a second factor: test/mfa.test.ts).
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id, mfaRequired: false } }),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/uploadProfileImage',
    request: async (w) => ({ multipart: { fields: { organizationId: w.organizationA.organization.id }, image: await tinyPngImage() } }),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/exportMembers',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id, encoding: 'shift_jis' } }),
    expected: organizationAAdmins(),
  },
  { endpoint: 'POST /organization/previewMemberImport', request: memberCsvOfA, expected: organizationAAdmins() },
  {
    endpoint: 'POST /organization/delete',
    // A confirmation that is not the organization's name: its admins pass the access check and are refused there, nothing is deleted.
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id, confirmName: `${w.organizationA.organization.name}（違う）` } }),
    expected: { ...organizationAAdmins(), organizationAdmin: 'ORGANIZATION_DELETION_NOT_CONFIRMED', systemAdmin: 'ORGANIZATION_DELETION_NOT_CONFIRMED' },
  },
  { endpoint: 'POST /organization/export', request: (w) => ({ json: { organizationId: w.organizationA.organization.id } }), expected: organizationAAdmins() },
  { endpoint: 'POST /organization/importMembers', request: memberCsvOfA, expected: organizationAAdmins() },
  {
    endpoint: 'POST /organization/removeMember',
    request: async (w) => ({ json: { organizationId: w.organizationA.organization.id, accountId: await freshMemberOfA(w) } }),
    expected: organizationAAdmins(),
  },

  // Project.
  {
    endpoint: 'POST /organization/domain/list',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id } }),
    expected: organizationAMembers(),
  },
  {
    endpoint: 'POST /organization/domain/add',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id, domain: `add-${randomUUID().slice(0, 8)}.example.jp` } }),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/domain/verify',
    request: async (w) => ({ json: { organizationId: w.organizationA.organization.id, domainId: await freshDomainOfA(w) } }),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/domain/remove',
    request: async (w) => ({ json: { organizationId: w.organizationA.organization.id, domainId: await freshDomainOfA(w) } }),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/domain/setJoinPolicy',
    request: async (w) => ({
      json: { organizationId: w.organizationA.organization.id, domainId: await freshDomainOfA(w), mode: 'request', roleId: w.organizationA.memberRole.id },
    }),
    expected: organizationAAdmins(),
  },
  { endpoint: 'POST /systemAdmin/domain/listAll', request: () => ({}), expected: systemAdminsOnly() },
  { endpoint: 'POST /systemAdmin/organization/listDeleted', request: () => ({}), expected: systemAdminsOnly() },
  {
    endpoint: 'POST /systemAdmin/organization/restore',
    request: async (w) => ({ json: { organizationId: await freshDeletedOrganization(w) } }),
    expected: systemAdminsOnly(),
  },
  // Joining through verified domains (the world's addresses are on no verified domain, nor verified).
  { endpoint: 'POST /account/joinByDomain', request: () => ({}), expected: everyAccount() },
  {
    endpoint: 'POST /joinRequest/create',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id } }),
    expected: {
      anonymous: 'UNAUTHENTICATED',
      noAccount: 'ACCOUNT_NOT_FOUND',
      outsider: 'JOIN_NOT_AVAILABLE',
      organizationMember: 'ALREADY_ORGANIZATION_MEMBER',
      organizationAdmin: 'ALREADY_ORGANIZATION_MEMBER',
      projectMember: 'ALREADY_ORGANIZATION_MEMBER',
      projectAdmin: 'ALREADY_ORGANIZATION_MEMBER',
      otherOrganizationAdmin: 'JOIN_NOT_AVAILABLE',
      systemAdmin: 'JOIN_NOT_AVAILABLE',
    },
  },
  {
    endpoint: 'POST /organization/joinRequest/list',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id, status: 'pending', limit: 10 } }),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/joinRequest/countPending',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id } }),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/joinRequest/approve',
    request: async (w) => ({ json: { organizationId: w.organizationA.organization.id, joinRequestId: await freshJoinRequestOfA(w) } }),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/joinRequest/decline',
    request: async (w) => ({ json: { organizationId: w.organizationA.organization.id, joinRequestId: await freshJoinRequestOfA(w) } }),
    expected: organizationAAdmins(),
  },
  { endpoint: 'POST /systemAdmin/domain/verify', request: async (w) => ({ json: { domainId: await freshDomainOfA(w) } }), expected: systemAdminsOnly() },

  // Single sign-on: organization A's connection, the system administrators' oversight, and the sign-in (public).
  { endpoint: 'POST /organization/sso/get', request: (w) => ({ json: { organizationId: w.organizationA.organization.id } }), expected: organizationAAdmins() },
  {
    endpoint: 'POST /organization/sso/save',
    request: async (w) => {
      await ssoConnectionOfA(w);
      return { json: { organizationId: w.organizationA.organization.id, ...SSO_SETTINGS } };
    },
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/sso/remove',
    request: async (w) => {
      await ssoConnectionOfA(w);
      return { json: { organizationId: w.organizationA.organization.id } };
    },
    expected: organizationAAdmins(),
  },
  { endpoint: 'POST /systemAdmin/sso/listAll', request: () => ({}), expected: systemAdminsOnly() },
  { endpoint: 'POST /systemAdmin/sso/disable', request: async (w) => ({ json: { connectionId: await ssoConnectionOfA(w) } }), expected: systemAdminsOnly() },
  { endpoint: 'POST /auth/sso/discover', request: (_w, kind) => ({ json: { email: uniqueEmail(kind) } }), expected: everyone() },
  { endpoint: 'POST /auth/sso/exchange', request: () => ({ json: { code: 'no-such-code' } }), expected: forEveryone('SSO_ATTEMPT_INVALID') },
  { endpoint: 'GET /auth/sso/start', request: () => ({ path: '/auth/sso/start?domain=example.jp' }), expected: forEveryone('redirect') },
  { endpoint: 'GET /auth/sso/callback', request: () => ({ path: '/auth/sso/callback?state=unknown&code=unknown' }), expected: forEveryone('redirect') },
  { endpoint: 'POST /auth/sso/callback', request: () => ({ form: { SAMLResponse: 'unknown', RelayState: 'unknown' } }), expected: forEveryone('redirect') },
  { endpoint: 'POST /project/listInAccount', request: () => ({}), expected: everyAccount() },
  { endpoint: 'POST /project/get', request: (w) => ({ json: { projectId: w.project1.project.id } }), expected: organizationAMembers() },
  { endpoint: 'POST /project/listMembers', request: (w) => ({ json: { projectId: w.project1.project.id } }), expected: organizationAMembers() },
  {
    endpoint: 'POST /project/update',
    request: (w) => ({ json: { projectId: w.project1.project.id, updateProps: { name: w.project1.project.name } } }),
    expected: project1Admins(),
  },
  {
    endpoint: 'POST /project/removeMember',
    request: async (w) => ({ json: { projectId: w.project1.project.id, accountId: await freshMemberOfA(w, w.project1) } }),
    expected: project1Admins(),
  },

  // System administration.
  { endpoint: 'POST /systemAdmin/account/list', request: () => ({}), expected: systemAdminsOnly() },
  {
    endpoint: 'POST /systemAdmin/account/updateIsSystemAdmin',
    request: async (w) => {
      const [target] = await insertAccounts(w.api, 1);
      return { json: { email: target?.email, isSystemAdmin: false } };
    },
    expected: systemAdminsOnly(),
  },
  { endpoint: 'POST /system-admin/organization/create', request: () => ({ json: { name: '新しい組織' } }), expected: systemAdminsOnly() },
  { endpoint: 'POST /system-admin/organization/listAll', request: () => ({}), expected: systemAdminsOnly() },
  {
    endpoint: 'POST /system-admin/project/create',
    request: (w) => ({ json: { organizationId: w.organizationB.organization.id, name: '新しいプロジェクト' } }),
    expected: systemAdminsOnly(),
  },
  { endpoint: 'POST /system-admin/project/listAll', request: () => ({}), expected: systemAdminsOnly() },
  { endpoint: 'POST /systemAdmin/email/listFailed', request: () => ({}), expected: systemAdminsOnly() },
  { endpoint: 'POST /systemAdmin/email/requeue', request: () => ({ json: { ids: [randomUUID()] } }), expected: systemAdminsOnly() },
  { endpoint: 'POST /systemAdmin/projectKarteMapping/get', request: (w) => ({ json: { projectId: w.project1.project.id } }), expected: systemAdminsOnly() },
  {
    endpoint: 'POST /systemAdmin/projectKarteMapping/upsert',
    request: (w) => ({ json: { projectId: w.project1.project.id, karteProjectId: 'abcdefghijklmnopqrstuvwx' } }),
    expected: systemAdminsOnly(),
  },
  {
    endpoint: 'POST /systemAdmin/organizationKarteMapping/get',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id } }),
    expected: systemAdminsOnly(),
  },
  {
    endpoint: 'POST /systemAdmin/organizationKarteMapping/upsert',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id, karteOrganizationId: 'ABCDEFGHIJKLMNOPQRSTUVWX' } }),
    expected: systemAdminsOnly(),
  },

  // Invitations: organization admins invite with any roles; a project admin into its own project, as an organization member (docs/product-rules.md#permissions).
  {
    endpoint: 'POST /organization/inviteMembers',
    variant: 'into P1 as organization member',
    request: (w) => inviteInto(w, w.organizationA.memberRole.id, [{ projectId: w.project1.project.id, roleId: w.project1.adminRole.id }]),
    expected: project1Admins(),
  },
  {
    endpoint: 'POST /organization/inviteMembers',
    variant: 'into P2 (another project) as organization member',
    request: (w) => inviteInto(w, w.organizationA.memberRole.id, [{ projectId: w.project2.project.id, roleId: w.project2.memberRole.id }]),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/inviteMembers',
    variant: 'into P1 and P2 as organization member',
    request: (w) =>
      inviteInto(w, w.organizationA.memberRole.id, [
        { projectId: w.project1.project.id, roleId: w.project1.memberRole.id },
        { projectId: w.project2.project.id, roleId: w.project2.memberRole.id },
      ]),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/inviteMembers',
    variant: 'into P1 as organization admin',
    request: (w) => inviteInto(w, w.organizationA.adminRole.id, [{ projectId: w.project1.project.id, roleId: w.project1.memberRole.id }]),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/inviteMembers',
    variant: 'into the organization only',
    request: (w) => inviteInto(w, w.organizationA.memberRole.id, []),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /invitation/listInOrganization',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id } }),
    expected: organizationAMembers(),
  },
  { endpoint: 'POST /invitation/listInProject', request: (w) => ({ json: { projectId: w.project1.project.id } }), expected: organizationAMembers() },
  {
    endpoint: 'POST /invitation/getByIdWithOrganization',
    // An invitation of the outsider to organization B: readable by the invitee (and system administrators) only.
    request: async (w) => ({
      json: { invitationId: await invitationFor(w, w.organizationB.organization.id, w.organizationB.memberRole.id, w.callers.outsider.user.email) },
    }),
    expected: allowedFor('outsider', 'systemAdmin'),
  },
  {
    endpoint: 'POST /invitation/accept',
    // Every caller accepts an invitation of its own address to a fresh organization, sent by someone else (nobody
    // invites themselves): the system administrator, or for the system administrator an admin of that organization.
    request: async (w, kind) => {
      const organization = await createOrganization(w.api);
      let inviter = w.callers.systemAdmin;
      if (kind === 'systemAdmin') {
        inviter = w.callers.organizationAdmin;
        await addOrganizationMember(w.api, inviter.id, organization, 'admin');
      }
      return { json: { invitationId: await invitationFor(w, organization.organization.id, organization.memberRole.id, emailOf(w, kind), inviter) } };
    },
    expected: everyAccount(),
  },
  {
    endpoint: 'POST /invitation/cancel',
    request: async (w) => ({
      json: { invitationId: await invitationFor(w, w.organizationA.organization.id, w.organizationA.memberRole.id, uniqueEmail('cancelled')) },
    }),
    expected: organizationAMembers(),
  },
  {
    // The same rights as cancelling the invitation.
    endpoint: 'POST /organization/resendInvitation',
    request: async (w) => ({
      json: { invitationId: await invitationFor(w, w.organizationA.organization.id, w.organizationA.memberRole.id, uniqueEmail('resent')) },
    }),
    expected: organizationAMembers(),
  },

  // Audit log: an organization's events for its admins, everyone's for system administrators.
  {
    endpoint: 'POST /organization/listAuditEvents',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id } }),
    expected: organizationAAdmins(),
  },
  {
    endpoint: 'POST /organization/exportAuditEvents',
    request: (w) => ({ json: { organizationId: w.organizationA.organization.id } }),
    expected: organizationAAdmins(),
  },
  { endpoint: 'POST /systemAdmin/auditEvent/list', request: () => ({ json: {} }), expected: systemAdminsOnly() },
  { endpoint: 'POST /systemAdmin/auditEvent/export', request: () => ({ json: {} }), expected: systemAdminsOnly() },

  // Session shared with sibling products.
  { endpoint: 'POST /session/login', request: () => ({}), expected: everyFirebaseUser() },
  // Public: announces only a revocation the identity provider made, the same answer for any address.
  { endpoint: 'POST /session/passwordChanged', request: () => ({ json: { email: 'nobody@example.jp' } }), expected: everyone() },
  {
    endpoint: 'POST /session/logout',
    request: async (_w, kind) => (kind === 'anonymous' ? {} : { token: (await signUpUser()).idToken }),
    expected: allowedFor(...CALLER_KINDS.filter((k) => k !== 'anonymous')),
  },
  { endpoint: 'POST /session/list', request: () => ({}), expected: everyAccount() },
  { endpoint: 'POST /session/revoke', request: async (w, kind) => ({ json: { sessionId: await laterSessionOf(w, kind) } }), expected: everyAccount() },
  // Keeps the caller's own session (that of its token).
  { endpoint: 'POST /session/revokeOthers', request: () => ({}), expected: everyAccount() },
  {
    endpoint: 'POST /session/introspect',
    // Only a sibling product's key opens it; no user credential does.
    request: () => ({ json: { sessionCookie: 'not-a-session-cookie' } }),
    expected: serviceCredentialsOnly(),
  },

  // Service credentials of sibling products (system administrators), and the calls made with them.
  { endpoint: 'POST /systemAdmin/serviceCredential/list', request: () => ({}), expected: systemAdminsOnly() },
  {
    endpoint: 'POST /systemAdmin/serviceCredential/create',
    request: () => ({ json: { name: 'matrix', product: 'knowledge', scopes: ['session:introspect'] } }),
    expected: systemAdminsOnly(),
  },
  {
    endpoint: 'POST /systemAdmin/serviceCredential/rotate',
    request: async (w, kind) => ({ json: { credentialId: kind === 'systemAdmin' ? (await freshServiceCredential(w)).credentialId : 'c1R2e3D4e5N6' } }),
    expected: systemAdminsOnly(),
  },
  {
    endpoint: 'POST /systemAdmin/serviceCredential/revokeSecret',
    request: async (w, kind) => ({
      json: kind === 'systemAdmin' ? await freshServiceCredential(w) : { credentialId: 'c1R2e3D4e5N6', secretId: 's1E2c3R4e5T6' },
    }),
    expected: systemAdminsOnly(),
  },
  {
    endpoint: 'POST /systemAdmin/serviceCredential/revoke',
    request: async (w, kind) => ({ json: { credentialId: kind === 'systemAdmin' ? (await freshServiceCredential(w)).credentialId : 'c1R2e3D4e5N6' } }),
    expected: systemAdminsOnly(),
  },
  {
    endpoint: 'POST /service/membership/get',
    request: (w) => ({ json: { projectId: w.project1.project.id, accountId: 'a1B2c3D4e5' } }),
    expected: serviceCredentialsOnly(),
  },
  {
    endpoint: 'POST /service/membership/batch',
    request: (w) => ({ json: { projectId: w.project1.project.id, accountIds: ['a1B2c3D4e5'] } }),
    expected: serviceCredentialsOnly(),
  },
  { endpoint: 'POST /service/project/listMembers', request: (w) => ({ json: { projectId: w.project1.project.id } }), expected: serviceCredentialsOnly() },
  { endpoint: 'POST /service/events/list', request: () => ({ json: {} }), expected: serviceCredentialsOnly() },

  // Webhook endpoints of service credentials and their deliveries (system administrators).
  {
    endpoint: 'POST /systemAdmin/webhook/createEndpoint',
    request: async (w, kind) => ({
      json: {
        credentialId:
          kind === 'systemAdmin'
            ? (
                await call<{ credential: { id: string } }>(
                  w.api,
                  '/systemAdmin/serviceCredential/create',
                  { name: 'matrix', product: 'knowledge', scopes: ['events:receive'] },
                  w.callers.systemAdmin.token,
                )
              ).body.credential.id
            : 'c1R2e3D4e5N6',
        url: 'https://knowledge.example.jp/hooks',
        eventTypes: [],
      },
    }),
    expected: systemAdminsOnly(),
  },
  {
    endpoint: 'POST /systemAdmin/webhook/updateEndpoint',
    request: async (w, kind) => ({ json: { endpointId: kind === 'systemAdmin' ? await freshWebhookEndpoint(w) : 'w1E2b3H4o5K6', enabled: false } }),
    expected: systemAdminsOnly(),
  },
  {
    endpoint: 'POST /systemAdmin/webhook/rotateEndpointSecret',
    request: async (w, kind) => ({ json: { endpointId: kind === 'systemAdmin' ? await freshWebhookEndpoint(w) : 'w1E2b3H4o5K6' } }),
    expected: systemAdminsOnly(),
  },
  {
    endpoint: 'POST /systemAdmin/webhook/deleteEndpoint',
    request: async (w, kind) => ({ json: { endpointId: kind === 'systemAdmin' ? await freshWebhookEndpoint(w) : 'w1E2b3H4o5K6' } }),
    expected: systemAdminsOnly(),
  },
  { endpoint: 'POST /systemAdmin/webhook/listEndpoints', request: () => ({ json: {} }), expected: systemAdminsOnly() },
  {
    endpoint: 'POST /systemAdmin/webhook/listDeliveries',
    request: async (w, kind) => ({ json: { endpointId: kind === 'systemAdmin' ? await freshWebhookEndpoint(w) : 'w1E2b3H4o5K6' } }),
    expected: systemAdminsOnly(),
  },
  {
    endpoint: 'POST /systemAdmin/webhook/replayDelivery',
    // The system administrator gets past the check to the unknown delivery.
    request: () => ({ json: { deliveryId: 'd1E2l3I4v5E6r7Y8' } }),
    expected: { ...systemAdminsOnly(), systemAdmin: 'NOT_FOUND' },
  },
  {
    endpoint: 'POST /systemAdmin/webhook/replayFailed',
    request: async (w, kind) => ({ json: { endpointId: kind === 'systemAdmin' ? await freshWebhookEndpoint(w) : 'w1E2b3H4o5K6' } }),
    expected: systemAdminsOnly(),
  },
  { endpoint: 'POST /systemAdmin/webhook/eventCatalogue', request: () => ({ json: {} }), expected: systemAdminsOnly() },

  // Development only (the local mailbox of invitation e-mails; 404 outside dev and test).
  { endpoint: 'GET /dev/mailbox', request: () => ({}), expected: everyone() },
  { endpoint: 'GET /dev/mailbox.json', request: () => ({}), expected: everyone() },
];
