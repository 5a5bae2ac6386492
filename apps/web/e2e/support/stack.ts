/** Seeding through the real stack: the Auth Emulator's REST API and the console API over HTTP. */
export const stack = {
  get origin(): string {
    return required('E2E_WEB_ORIGIN');
  },
  get apiUrl(): string {
    return required('E2E_API_URL');
  },
  get emulatorHost(): string {
    return required('E2E_EMULATOR_HOST');
  },
  get projectId(): string {
    return required('E2E_FIREBASE_PROJECT_ID');
  },
  root: {
    get email(): string {
      return required('E2E_ROOT_EMAIL');
    },
    get password(): string {
      return required('E2E_ROOT_PASSWORD');
    },
  },
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the e2e global setup did not run`);
  return value;
}

/** A URL of the web app: appUrl('/login') → http://localhost:PORT/auth/login */
export function appUrl(path: string): string {
  return `${stack.origin}/auth${path}`;
}

let counter = 0;
/** A fresh, unique email address for one test. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

async function emulatorPost<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`http://${stack.emulatorHost}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`emulator ${path} failed: ${JSON.stringify(json)}`);
  return json;
}

/**
 * Creates an identity in the Auth Emulator and returns an ID token of a sign-in after it (the
 * sign-up's own token may predate the user's validSince: see apps/api/test/support/harness.ts signUpUser).
 */
export async function createIdentity(email: string, password: string): Promise<string> {
  await emulatorPost('accounts:signUp', { email, password, returnSecureToken: true });
  return signInIdentity(email, password);
}

export async function signInIdentity(email: string, password: string): Promise<string> {
  const result = await emulatorPost<{ idToken: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  return result.idToken;
}

/** POST to the console API with a bearer token; throws with the body on a non-OK answer. */
export async function api<T>(path: string, idToken: string, body?: unknown): Promise<T> {
  const res = await fetch(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json', origin: stack.origin },
    body: JSON.stringify(body ?? {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`API ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export interface SeededAccount {
  id: string;
  email: string;
  password: string;
  idToken: string;
}

/** A user with an identity and a console account (as if they had signed up). */
export async function seedAccount(prefix = 'user', password = 'password-123'): Promise<SeededAccount> {
  const email = uniqueEmail(prefix);
  const idToken = await createIdentity(email, password);
  const account = await api<{ id: string }>('/account/create', idToken);
  return { id: account.id, email, password, idToken };
}

/** The out-of-band codes (password reset, …) the emulator has issued for an address, newest last. */
export async function oobCodesFor(email: string, requestType = 'PASSWORD_RESET'): Promise<string[]> {
  const res = await fetch(`http://${stack.emulatorHost}/emulator/v1/projects/${stack.projectId}/oobCodes`);
  const json = (await res.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
  return json.oobCodes.filter((c) => c.email.toLowerCase() === email.toLowerCase() && c.requestType === requestType).map((c) => c.oobCode);
}

/** Follows the link of the newest verification e-mail sent to the address: applies the emulator's code from it. */
export async function applyEmailVerification(email: string): Promise<void> {
  const code = (await oobCodesFor(email, 'VERIFY_EMAIL')).at(-1);
  if (!code) throw new Error(`no verification code for ${email}`);
  await emulatorPost('accounts:update', { oobCode: code });
}

/** Verifies the address as its owner would: asks for the verification e-mail and applies the emulator's code from it. */
export async function verifyEmailAddress(email: string, password: string): Promise<void> {
  await emulatorPost('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: await signInIdentity(email, password) });
  await applyEmailVerification(email);
}

export async function rootIdToken(): Promise<string> {
  return signInIdentity(stack.root.email, stack.root.password);
}

export interface SeededOrganization {
  id: string;
  name: string;
  roles: { id: string; key: string }[];
  projects: { id: string; name: string; roles: { id: string; key: string }[] }[];
}

/**
 * A fresh organization of this test run, created by the root system administrator over HTTP, with
 * the given projects; `knowledge: true` puts the knowledge product on the enterprise plan.
 * Other suites change the shared demo data, so tests that depend on products use their own.
 */
export async function seedOrganization(name: string, projects: { name: string; knowledge?: boolean }[]): Promise<SeededOrganization> {
  const token = await rootIdToken();
  const organization = await api<{ id: string; name: string; roles: { id: string; key: string }[] }>('/system-admin/organization/create', token, { name });
  const created: SeededOrganization['projects'] = [];
  for (const project of projects) {
    const p = await api<{ id: string; name: string; roles: { id: string; key: string }[] }>('/system-admin/project/create', token, {
      organizationId: organization.id,
      name: project.name,
    });
    if (project.knowledge) {
      await api('/project/update', token, { projectId: p.id, updateProps: { productSettings: { knowledge: { plan: 'enterprise' } } } });
    }
    created.push({ id: p.id, name: p.name, roles: p.roles });
  }
  return { id: organization.id, name: organization.name, roles: organization.roles, projects: created };
}

/** A short random suffix for names that must be unique in the run. */
export function suffix(): string {
  return Math.random().toString(36).slice(2, 8);
}
