import { ADMIN_ROLE_KEY, verificationRecordName, type AuditAction } from '@console/domain';
import { randomBytes } from 'node:crypto';
import { loadConfig, ConfigError } from '../src/config/app-config';
import { DomainRecheckJob } from '../src/modules/organization-domain/domain-recheck.job';
import { setDnsAnswer } from '../../../tools/dns-test-records.cjs';
import {
  addOrganizationMember,
  createCaller,
  createOrganization,
  createSystemAdmin,
  type Caller,
  type ErrorBodyShape,
  type OrganizationFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

interface DomainBody {
  id: string;
  organizationId: string;
  domain: string;
  displayDomain: string;
  state: 'pending' | 'verified' | 'failed';
  recordName: string;
  recordValue: string;
  lastCheckedAt: string | null;
  lastError: string | null;
  consecutiveFailures: number;
  verifiedAt: string | null;
  verifiedBy: 'dns' | 'systemAdmin' | null;
  verifiedById: string | null;
}

interface AuditPageBody {
  items: { action: AuditAction; targetId: string; actor: { accountId: string } | null; changes: Record<string, { before: unknown; after: unknown }> }[];
}

/** A domain name no other test uses. */
const uniqueDomain = (prefix = 'corp'): string => `${prefix}-${randomBytes(4).toString('hex')}.example.jp`;

describe('verified domains (docs/product-rules.md#verified-domains)', () => {
  let api: TestApi;
  let organization: OrganizationFixture;
  let other: OrganizationFixture;
  let admin: Caller;
  let otherAdmin: Caller;
  let member: Caller;
  let systemAdmin: Caller;

  beforeAll(async () => {
    api = await startApi();
    [organization, other] = await Promise.all([createOrganization(api), createOrganization(api)]);
    [admin, otherAdmin, member, systemAdmin] = await Promise.all([createCaller(api), createCaller(api), createCaller(api), createSystemAdmin(api)]);
    await Promise.all([
      addOrganizationMember(api, admin.id, organization, ADMIN_ROLE_KEY),
      addOrganizationMember(api, member.id, organization),
      addOrganizationMember(api, otherAdmin.id, other, ADMIN_ROLE_KEY),
    ]);
  });

  afterAll(async () => {
    await api.close();
  });

  const add = (domain: string, caller = admin, organizationId = organization.organization.id) =>
    call<DomainBody & ErrorBodyShape>(api, '/organization/domain/add', { organizationId, domain }, caller.token);
  const verify = (domain: DomainBody, caller = admin) =>
    call<DomainBody & ErrorBodyShape>(api, '/organization/domain/verify', { organizationId: domain.organizationId, domainId: domain.id }, caller.token);
  const publish = (domain: DomainBody, value = domain.recordValue) => setDnsAnswer(domain.recordName, { txt: [value] });
  const added = async (name: string, caller = admin, organizationId = organization.organization.id): Promise<DomainBody> => {
    const answer = await add(name, caller, organizationId);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const eventsOf = async (targetId: string, organizationId = organization.organization.id) => {
    const page = await call<AuditPageBody>(api, '/organization/listAuditEvents', { organizationId, limit: 100 }, systemAdmin.token);
    return page.body.items.filter((e) => e.targetId === targetId).reverse();
  };

  it('adds a pending domain with the TXT record to publish, and lists it to members', async () => {
    const name = uniqueDomain();
    const domain = await added(`  ${name.toUpperCase()}. `);
    expect(domain).toMatchObject({ domain: name, displayDomain: name, state: 'pending', lastError: null, verifiedAt: null });
    expect(domain.recordName).toBe(verificationRecordName(name));
    expect(domain.recordValue).toMatch(/^console-verification=[A-Za-z0-9_-]{22}$/);
    const listed = await call<DomainBody[]>(api, '/organization/domain/list', { organizationId: organization.organization.id }, member.token);
    expect(listed.body.map((d) => d.id)).toContain(domain.id);
    expect((await eventsOf(domain.id)).map((e) => [e.action, e.actor?.accountId, e.changes.domain?.after])).toEqual([['domain.add', admin.id, name]]);
  });

  it('verifies a domain once its TXT record is published', async () => {
    const domain = await added(uniqueDomain());
    publish(domain);
    const checked = await verify(domain);
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ state: 'verified', lastError: null, verifiedBy: 'dns', consecutiveFailures: 0 });
    expect(checked.body.verifiedAt).not.toBeNull();
    expect(checked.body.lastCheckedAt).not.toBeNull();
    const events = await eventsOf(domain.id);
    expect(events.map((e) => [e.action, e.changes.state])).toEqual([
      ['domain.add', { before: null, after: 'pending' }],
      ['domain.check', { before: 'pending', after: 'verified' }],
    ]);
  });

  it('also finds the value among several TXT records, split into strings', async () => {
    const domain = await added(uniqueDomain());
    const [head, tail] = [domain.recordValue.slice(0, 10), domain.recordValue.slice(10)];
    setDnsAnswer(domain.recordName, { txt: ['v=spf1 -all', `${head}${tail}`] });
    expect((await verify(domain)).body.state).toBe('verified');
  });

  it.each([
    ['WRONG_TOKEN', (d: DomainBody) => publish(d, 'console-verification=someone-else')],
    ['NO_TXT_RECORD', (d: DomainBody) => setDnsAnswer(d.recordName, { txt: [] })],
    ['NXDOMAIN', (d: DomainBody) => setDnsAnswer(d.recordName, undefined)],
    ['SERVFAIL', (d: DomainBody) => setDnsAnswer(d.recordName, { rcode: 'SERVFAIL' })],
    ['TIMEOUT', (d: DomainBody) => setDnsAnswer(d.recordName, { silent: true })],
  ])('fails a check with %s, and verifies on a re-check once the record is right', async (failure, arrange) => {
    const domain = await added(uniqueDomain());
    arrange(domain);
    const checked = await verify(domain);
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ state: 'failed', lastError: failure, consecutiveFailures: 1, verifiedAt: null });
    publish(domain);
    expect((await verify(domain)).body).toMatchObject({ state: 'verified', lastError: null, consecutiveFailures: 0 });
  });

  it('refuses a domain verified by another organization with 409, and lets both hold it pending', async () => {
    const name = uniqueDomain();
    const theirs = await added(name, otherAdmin, other.organization.id);
    const ours = await added(name);
    publish(theirs);
    publish(ours, theirs.recordValue);
    expect((await verify(theirs, otherAdmin)).body.state).toBe('verified');
    // Both tokens published: ours would verify, but the domain is the other organization's.
    setDnsAnswer(ours.recordName, { txt: [theirs.recordValue, ours.recordValue] });
    const refused = await verify(ours);
    expect(refused).toMatchObject({ status: 409, body: { errorCode: 'DOMAIN_ALREADY_VERIFIED', message: 'このドメインは別の組織で確認済みです' } });
    const again = await add(name, admin, organization.organization.id);
    expect(again).toMatchObject({ status: 409, body: { errorCode: 'DOMAIN_ALREADY_ADDED' } });
    const third = await createOrganization(api);
    const thirdAdmin = await createCaller(api);
    await addOrganizationMember(api, thirdAdmin.id, third, ADMIN_ROLE_KEY);
    expect(await add(name, thirdAdmin, third.organization.id)).toMatchObject({ status: 409, body: { errorCode: 'DOMAIN_ALREADY_VERIFIED' } });
  });

  it.each(['gmail.com', 'yahoo.co.jp', 'docomo.ne.jp', 'i.softbank.jp', 'GMAIL.com.'])('refuses the public webmail domain %s', async (name) => {
    expect(await add(name)).toMatchObject({ status: 400, body: { errorCode: 'PUBLIC_WEBMAIL_DOMAIN' } });
  });

  it.each(['', 'localhost', '192.0.2.1', '[2001:db8::1]', 'a..jp', 'exa mple.jp', 'https://example.jp/', `${'a'.repeat(64)}.jp`])(
    'refuses %j as no domain name',
    async (name) => {
      expect(await add(name)).toMatchObject({ status: 400, body: { errorCode: 'INVALID_DOMAIN' } });
    },
  );

  it('stores an internationalised domain in punycode and shows it in Unicode', async () => {
    const label = `例え${randomBytes(2).toString('hex')}`;
    const domain = await added(`${label}.jp`);
    expect(domain.domain).toMatch(/^xn--[a-z0-9-]+\.jp$/);
    expect(domain.displayDomain).toBe(`${label}.jp`);
    expect(domain.recordName).toBe(`_console-verification.${domain.domain}`);
    expect((await add(`${label}.jp`)).body.errorCode).toBe('DOMAIN_ALREADY_ADDED');
  });

  it('normalises 例え.jp to xn--r8jz45g.jp', async () => {
    const lone = await createOrganization(api);
    const loneAdmin = await createCaller(api);
    await addOrganizationMember(api, loneAdmin.id, lone, ADMIN_ROLE_KEY);
    const domain = await added('例え.jp', loneAdmin, lone.organization.id);
    expect(domain).toMatchObject({ domain: 'xn--r8jz45g.jp', displayDomain: '例え.jp' });
  });

  it('lets members list but not add, check or remove', async () => {
    const domain = await added(uniqueDomain());
    expect(await add(uniqueDomain(), member)).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
    expect(await verify(domain, member)).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
    expect(await verify(domain, otherAdmin)).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
  });

  it('answers NOT_FOUND for a domain of another organization', async () => {
    const theirs = await added(uniqueDomain(), otherAdmin, other.organization.id);
    const asOurs = { organizationId: organization.organization.id, domainId: theirs.id };
    expect(await call(api, '/organization/domain/verify', asOurs, admin.token)).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND' } });
    expect(await call(api, '/organization/domain/remove', asOurs, admin.token)).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND' } });
  });

  it('removes a domain, audit-logged', async () => {
    const domain = await added(uniqueDomain());
    expect((await call(api, '/organization/domain/remove', { organizationId: domain.organizationId, domainId: domain.id }, admin.token)).status).toBe(200);
    const listed = await call<DomainBody[]>(api, '/organization/domain/list', { organizationId: organization.organization.id }, admin.token);
    expect(listed.body.map((d) => d.id)).not.toContain(domain.id);
    expect((await eventsOf(domain.id)).map((e) => e.action)).toEqual(['domain.add', 'domain.remove']);
  });

  it('lets a system administrator see every domain and verify one by hand', async () => {
    const domain = await added(uniqueDomain(), otherAdmin, other.organization.id);
    const all = await call<(DomainBody & { organizationName: string })[]>(api, '/systemAdmin/domain/listAll', {}, systemAdmin.token);
    expect(all.body.find((d) => d.id === domain.id)).toMatchObject({ organizationName: other.organization.name, state: 'pending' });
    const verified = await call<DomainBody>(api, '/systemAdmin/domain/verify', { domainId: domain.id }, systemAdmin.token);
    expect(verified.body).toMatchObject({ state: 'verified', verifiedBy: 'systemAdmin', verifiedById: systemAdmin.id });
    const events = await eventsOf(domain.id, other.organization.id);
    expect(events.map((e) => [e.action, e.actor?.accountId])).toEqual([
      ['domain.add', otherAdmin.id],
      ['domain.verifyManually', systemAdmin.id],
    ]);
    expect(await call(api, '/systemAdmin/domain/verify', { domainId: domain.id }, admin.token)).toMatchObject({ status: 403 });
  });

  it('re-checks verified domains periodically and fails one whose record is gone after two failed checks in a row', async () => {
    const job = api.app.get(DomainRecheckJob);
    const gone = await added(uniqueDomain());
    const kept = await added(uniqueDomain());
    publish(gone);
    publish(kept);
    expect((await verify(gone)).body.state).toBe('verified');
    expect((await verify(kept)).body.state).toBe('verified');
    setDnsAnswer(gone.recordName, undefined);

    // Not due yet: checked a moment ago.
    const stateOf = async (id: string) =>
      (await call<DomainBody[]>(api, '/organization/domain/list', { organizationId: organization.organization.id }, admin.token)).body.find((d) => d.id === id);
    await job.runOnce();
    expect(await stateOf(gone.id)).toMatchObject({ state: 'verified', consecutiveFailures: 0 });

    const day = 24 * 60 * 60_000;
    expect(await job.runOnce(new Date(Date.now() + day + 60_000))).toBeGreaterThanOrEqual(2);
    expect(await stateOf(gone.id)).toMatchObject({ state: 'verified', lastError: 'NXDOMAIN', consecutiveFailures: 1 });
    expect(await stateOf(kept.id)).toMatchObject({ state: 'verified', lastError: null, consecutiveFailures: 0 });

    await job.runOnce(new Date(Date.now() + 2 * day + 60_000));
    expect(await stateOf(gone.id)).toMatchObject({ state: 'failed', lastError: 'NXDOMAIN', consecutiveFailures: 2 });
    expect(await stateOf(kept.id)).toMatchObject({ state: 'verified' });
    const events = await eventsOf(gone.id);
    expect(events.map((e) => [e.action, e.actor, e.changes.state])).toEqual([
      ['domain.add', expect.anything(), { before: null, after: 'pending' }],
      ['domain.check', expect.anything(), { before: 'pending', after: 'verified' }],
      ['domain.recheck', null, { before: 'verified', after: 'failed' }],
    ]);
    // A failed domain is no longer re-checked; the organization checks it again by hand.
    await job.runOnce(new Date(Date.now() + 3 * day + 60_000));
    expect(await stateOf(gone.id)).toMatchObject({ state: 'failed', consecutiveFailures: 2 });
    expect(await eventsOf(gone.id)).toHaveLength(3);
  });

  it('reads the resolver settings and refuses a server that is no IP address', () => {
    expect(loadConfig({ ...process.env, DNS_RESOLVER_SERVERS: '192.0.2.53, [2001:db8::53]:5353, 127.0.0.1:53' }).domains.resolverServers).toEqual([
      '192.0.2.53',
      '[2001:db8::53]:5353',
      '127.0.0.1:53',
    ]);
    expect(loadConfig({ ...process.env, DNS_RESOLVER_SERVERS: '' }).domains.resolverServers).toEqual([]);
    expect(() => loadConfig({ ...process.env, DNS_RESOLVER_SERVERS: 'dns.example.jp' })).toThrow(ConfigError);
  });
});
