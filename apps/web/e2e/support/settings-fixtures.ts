/**
 * Fixtures of the settings and system-admin tests, made through the real stack: a fresh
 * organization and project (created by the root system administrator) and accounts that join
 * them by accepting a real invitation.
 */
import { setDnsAnswer } from '../../../../tools/dns-test-records.cjs';
import { api, createIdentity, rootIdToken, seedAccount, type SeededAccount } from './stack';

interface Role {
  id: string;
  key: string;
  name: string;
}

export interface Fixture {
  organization: { id: string; name: string; roles: Role[] };
  project: { id: string; name: string; roles: Role[] };
}

let serial = 0;
/** A short suffix that keeps names unique within one run. */
export function uniqueSuffix(): string {
  serial += 1;
  return `${Date.now().toString(36).slice(-5)}${serial}`;
}

/** A new organization with one project, created by the root system administrator over HTTP. */
export async function createOrganizationWithProject(organizationName: string, projectName: string): Promise<Fixture> {
  const token = await rootIdToken();
  const organization = await api<Fixture['organization']>('/system-admin/organization/create', token, { name: organizationName, profileImageSrc: null });
  const project = await api<Fixture['project']>('/system-admin/project/create', token, { organizationId: organization.id, name: projectName });
  return { organization, project };
}

function roleId(roles: Role[], key: string): string {
  const role = roles.find((r) => r.key === key);
  if (!role) throw new Error(`role ${key} not found in ${JSON.stringify(roles)}`);
  return role.id;
}

/**
 * A new account (its address on `domain` when given) that belongs to the fixture's organization
 * (role `organizationRoleKey`) and project (role `projectRoleKey`; null: the organization only):
 * root invites it and it accepts the invitation.
 */
export async function seedMember(
  fixture: Fixture,
  organizationRoleKey: string,
  projectRoleKey: string | null,
  prefix = 'member',
  domain?: string,
): Promise<SeededAccount> {
  const account = domain === undefined ? await seedAccount(prefix) : await seedAccountOnDomain(domain, prefix);
  const token = await rootIdToken();
  const entries = await api<{ invitation: { id: string } | null }[]>('/organization/inviteMembers', token, {
    organizationId: fixture.organization.id,
    emails: [account.email],
    props: {
      roleId: roleId(fixture.organization.roles, organizationRoleKey),
      projects: projectRoleKey === null ? [] : [{ projectId: fixture.project.id, roleId: roleId(fixture.project.roles, projectRoleKey) }],
    },
  });
  const invitationId = entries[0]?.invitation?.id;
  if (!invitationId) throw new Error(`no invitation for ${account.email}: ${JSON.stringify(entries)}`);
  await api('/invitation/accept', account.idToken, { invitationId });
  return account;
}

/** A domain of the fixture's organization, added by its admin and verified over the loopback DNS server; its id. */
export async function verifiedDomain(fixture: Fixture, admin: SeededAccount, name: string): Promise<string> {
  const added = await api<{ id: string; recordName: string; recordValue: string }>('/organization/domain/add', admin.idToken, {
    organizationId: fixture.organization.id,
    domain: name,
  });
  setDnsAnswer(added.recordName, { txt: [added.recordValue] });
  const checked = await api<{ state: string }>('/organization/domain/verify', admin.idToken, { organizationId: fixture.organization.id, domainId: added.id });
  if (checked.state !== 'verified') throw new Error(`${name} not verified`);
  return added.id;
}

/** An account whose address is on the given mail domain (e.g. the company domain). */
export async function seedAccountOnDomain(domain: string, prefix = 'staff', password = 'password-123'): Promise<SeededAccount> {
  const email = `${prefix}-${uniqueSuffix()}@${domain}`;
  const idToken = await createIdentity(email, password);
  const account = await api<{ id: string }>('/account/create', idToken);
  return { id: account.id, email, password, idToken };
}

/** Polls an input until its value equals `expected` (data may still be loading after a reload). */
export async function waitForInputValue(input: { inputValue: () => Promise<string> }, expected: string, timeoutMs = 15_000): Promise<string> {
  const started = Date.now();
  let value = await input.inputValue();
  while (value !== expected && Date.now() - started < timeoutMs) {
    await new Promise((r) => setTimeout(r, 200));
    value = await input.inputValue();
  }
  return value;
}
