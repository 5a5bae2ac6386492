import { ADMIN_ROLE_KEY, type AuditAction } from '@console/domain';
import { setDnsAnswer } from '../../../tools/dns-test-records.cjs';
import { EmailOutboxRepository } from '../src/modules/mail/email-outbox.repository';
import {
  addOrganizationMember,
  createCaller,
  createOrganizationWithProjects,
  createSystemAdmin,
  createVerifiedCaller,
  insertJoinableDomain,
  uniqueDomainName,
  uniqueEmail,
  verifyEmail,
  type AccountBody,
  type Caller,
  type ErrorBodyShape,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

interface DomainBody {
  id: string;
  organizationId: string;
  state: 'pending' | 'verified' | 'failed';
  recordName: string;
  recordValue: string;
  joinPolicy: { mode: 'off' | 'automatic' | 'request'; roleId: string | null; projects: { projectId: string; roleId: string }[] };
}

interface JoinRequestBody {
  id: string;
  organizationId: string;
  organizationName: string;
  accountId: string;
  email: string;
  domain: string | null;
  status: 'pending' | 'approved' | 'declined';
  decidedById: string | null;
}

interface JoinOptionsBody {
  emailVerified: boolean;
  joined: { organizationId: string; organizationName: string; projectIds: string[] }[];
  available: { organizationId: string; organizationName: string; domain: string; mode: string; needsEmailVerification: boolean }[];
  requests: JoinRequestBody[];
}

interface AuditPageBody {
  items: { action: AuditAction; targetId: string; actor: { accountId: string } | null; changes: Record<string, { before: unknown; after: unknown }> }[];
}

describe('auto-join and join requests (docs/product-rules.md#auto-join)', () => {
  let api: TestApi;
  let organization: OrganizationWithProjectsFixture;
  let admin: Caller;
  let member: Caller;
  let systemAdmin: Caller;

  beforeAll(async () => {
    // One failed check fails a verified domain: a domain losing its verification is quick to show.
    api = await startApi({ DOMAIN_RECHECK_FAILURES: '1' });
    organization = await createOrganizationWithProjects(api, '参加テスト組織', 2);
    [admin, member, systemAdmin] = await Promise.all([createCaller(api), createCaller(api), createSystemAdmin(api)]);
    await addOrganizationMember(api, admin.id, organization, ADMIN_ROLE_KEY);
    await addOrganizationMember(api, member.id, organization);
  });

  afterAll(async () => {
    await api.close();
  });

  const organizationId = () => organization.organization.id;
  const joinByDomain = (caller: Caller) => call<JoinOptionsBody & ErrorBodyShape>(api, '/account/joinByDomain', undefined, caller.token);
  const membershipsOf = async (caller: Caller) => (await call<AccountBody>(api, '/account/get', undefined, caller.token)).body.memberships;
  const setPolicy = (domainId: string, policy: Record<string, unknown>, caller = admin) =>
    call<DomainBody & ErrorBodyShape>(api, '/organization/domain/setJoinPolicy', { organizationId: organizationId(), domainId, ...policy }, caller.token);
  const requestJoin = (caller: Caller, id = organizationId()) =>
    call<JoinRequestBody & ErrorBodyShape>(api, '/joinRequest/create', { organizationId: id }, caller.token);
  const decide = (verb: 'approve' | 'decline', joinRequestId: string, caller = admin) =>
    call<JoinRequestBody & ErrorBodyShape>(api, `/organization/joinRequest/${verb}`, { organizationId: organizationId(), joinRequestId }, caller.token);
  const eventsOf = async (targetId: string) => {
    const page = await call<AuditPageBody>(api, '/organization/listAuditEvents', { organizationId: organizationId(), limit: 100 }, systemAdmin.token);
    return page.body.items.filter((e) => e.targetId === targetId).reverse();
  };
  const mails = (kind: string, referenceId: string) => api.app.get(EmailOutboxRepository).findByReference(kind, referenceId);

  /** A domain of the organization verified over DNS (the loopback server), as its admin adds and checks it. */
  async function verifiedDomain(): Promise<DomainBody & { name: string }> {
    const name = uniqueDomainName();
    const added = await call<DomainBody>(api, '/organization/domain/add', { organizationId: organizationId(), domain: name }, admin.token);
    setDnsAnswer(added.body.recordName, { txt: [added.body.recordValue] });
    const verified = await call<DomainBody>(api, '/organization/domain/verify', { organizationId: organizationId(), domainId: added.body.id }, admin.token);
    expect(verified.body.state).toBe('verified');
    return { ...verified.body, name };
  }

  describe('join policies', () => {
    it('are off by default; an admin sets automatic join with an organization role and project roles, audit-logged', async () => {
      const domain = await verifiedDomain();
      expect(domain.joinPolicy).toEqual({ mode: 'off', roleId: null, projects: [] });
      const [project] = organization.projects;
      const policy = { mode: 'automatic', roleId: organization.memberRole.id, projects: [{ projectId: project!.project.id, roleId: project!.memberRole.id }] };
      const set = await setPolicy(domain.id, policy);
      expect(set.status).toBe(200);
      expect(set.body.joinPolicy).toEqual({ mode: 'automatic', roleId: policy.roleId, projects: policy.projects });
      const listed = await call<DomainBody[]>(api, '/organization/domain/list', { organizationId: organizationId() }, member.token);
      expect(listed.body.find((d) => d.id === domain.id)?.joinPolicy.mode).toBe('automatic');
      const all = await call<(DomainBody & { organizationName: string })[]>(api, '/systemAdmin/domain/listAll', undefined, systemAdmin.token);
      expect(all.body.find((d) => d.id === domain.id)?.joinPolicy).toEqual(set.body.joinPolicy);
      expect((await eventsOf(domain.id)).map((e) => [e.action, e.actor?.accountId, e.changes.joinMode])).toContainEqual([
        'domain.setJoinPolicy',
        admin.id,
        { before: 'off', after: 'automatic' },
      ]);
    });

    it('are set by organization admins only, with roles of the organization, and need a role unless off', async () => {
      const domain = await verifiedDomain();
      expect(await setPolicy(domain.id, { mode: 'request', roleId: organization.memberRole.id }, member)).toMatchObject({
        status: 403,
        body: { errorCode: 'FORBIDDEN' },
      });
      expect(await setPolicy(domain.id, { mode: 'request' })).toMatchObject({ status: 400, body: { errorCode: 'VALIDATION_FAILED' } });
      const other = await createOrganizationWithProjects(api, 'よその組織', 1);
      expect(await setPolicy(domain.id, { mode: 'request', roleId: other.memberRole.id })).toMatchObject({
        status: 404,
        body: { errorCode: 'ROLE_NOT_FOUND' },
      });
      expect(
        await setPolicy(domain.id, {
          mode: 'request',
          roleId: organization.memberRole.id,
          projects: [{ projectId: other.projects[0]!.project.id, roleId: other.projects[0]!.memberRole.id }],
        }),
      ).toMatchObject({ status: 404, body: { errorCode: 'PROJECT_NOT_IN_ORGANIZATION' } });
      expect(await setPolicy(domain.id, { mode: 'off', roleId: organization.memberRole.id })).toMatchObject({
        status: 200,
        body: { joinPolicy: { mode: 'off', roleId: null, projects: [] } },
      });
    });
  });

  describe('automatic join', () => {
    it('joins a person signing in with a verified address, with the policy roles, once, audit-logged', async () => {
      const domain = await verifiedDomain();
      const [project] = organization.projects;
      await setPolicy(domain.id, {
        mode: 'automatic',
        roleId: organization.memberRole.id,
        projects: [{ projectId: project!.project.id, roleId: project!.adminRole.id }],
      });
      const person = await createVerifiedCaller(api, domain.name);
      const first = await joinByDomain(person);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        emailVerified: true,
        joined: [{ organizationId: organizationId(), organizationName: organization.organization.name, projectIds: [project!.project.id] }],
        available: [],
      });
      expect(await membershipsOf(person)).toEqual([
        { organizationId: organizationId(), roleId: organization.memberRole.id, projects: [{ projectId: project!.project.id, roleId: project!.adminRole.id }] },
      ]);
      // Idempotent: signing in again joins nothing more.
      expect((await joinByDomain(person)).body.joined).toEqual([]);
      expect((await Promise.all([joinByDomain(person), joinByDomain(person)])).map((r) => r.status)).toEqual([200, 200]);
      const events = await eventsOf(person.id);
      expect(events.map((e) => [e.action, e.actor?.accountId, e.changes.domain])).toEqual([
        ['organization.autoJoin', person.id, { before: null, after: domain.name }],
      ]);
    });

    it('joins nobody whose address is not verified: they are told to verify it first, and join once they have', async () => {
      const domain = await verifiedDomain();
      await setPolicy(domain.id, { mode: 'automatic', roleId: organization.memberRole.id });
      const unverified = await createCaller(api, uniqueEmail('unverified', domain.name));
      const options = await joinByDomain(unverified);
      expect(options.body).toMatchObject({
        emailVerified: false,
        joined: [],
        available: [{ organizationId: organizationId(), mode: 'automatic', needsEmailVerification: true }],
      });
      expect(await membershipsOf(unverified)).toEqual([]);
      expect(await requestJoin(unverified)).toMatchObject({ status: 409, body: { errorCode: 'JOIN_EMAIL_NOT_VERIFIED' } });
      expect((await joinByDomain(await verifyEmail(api, unverified))).body.joined).toHaveLength(1);
    });

    it('never changes an existing membership, nor joins through another domain or one turned off', async () => {
      const domain = await verifiedDomain();
      await setPolicy(domain.id, { mode: 'automatic', roleId: organization.adminRole.id });
      const existing = await createVerifiedCaller(api, domain.name);
      await addOrganizationMember(api, existing.id, organization);
      expect((await joinByDomain(existing)).body.joined).toEqual([]);
      expect((await membershipsOf(existing)).map((m) => m.roleId)).toEqual([organization.memberRole.id]);

      const elsewhere = await createVerifiedCaller(api, `sub.${domain.name}`);
      expect((await joinByDomain(elsewhere)).body).toMatchObject({ joined: [], available: [] });
      await setPolicy(domain.id, { mode: 'off' });
      const late = await createVerifiedCaller(api, domain.name);
      expect((await joinByDomain(late)).body).toMatchObject({ joined: [], available: [] });
    });

    it('stops once the domain is no longer verified', async () => {
      const domain = await verifiedDomain();
      await setPolicy(domain.id, { mode: 'automatic', roleId: organization.memberRole.id });
      setDnsAnswer(domain.recordName, undefined);
      const checked = await call<DomainBody>(api, '/organization/domain/verify', { organizationId: organizationId(), domainId: domain.id }, admin.token);
      expect(checked.body.state).toBe('failed');
      const person = await createVerifiedCaller(api, domain.name);
      expect((await joinByDomain(person)).body).toMatchObject({ joined: [], available: [] });
      expect(await membershipsOf(person)).toEqual([]);
    });

    it('joins nobody when the admin who set the policy may no longer grant its roles', async () => {
      const formerAdmin = await createCaller(api);
      await addOrganizationMember(api, formerAdmin.id, organization, ADMIN_ROLE_KEY);
      const { domain } = await insertJoinableDomain(api, organization, 'automatic', { setById: formerAdmin.id });
      const removed = await call(api, '/organization/removeMember', { organizationId: organizationId(), accountId: formerAdmin.id }, admin.token);
      expect(removed.status).toBe(200);
      const person = await createVerifiedCaller(api, domain);
      expect((await joinByDomain(person)).body.joined).toEqual([]);
      expect(await membershipsOf(person)).toEqual([]);
    });
  });

  describe('join requests', () => {
    let requestDomain: DomainBody & { name: string };

    beforeAll(async () => {
      requestDomain = await verifiedDomain();
      const [, project] = organization.projects;
      await setPolicy(requestDomain.id, {
        mode: 'request',
        roleId: organization.memberRole.id,
        projects: [{ projectId: project!.project.id, roleId: project!.memberRole.id }],
      });
    });

    it('request → admins e-mailed → approve → member with the policy roles, the person e-mailed; audit-logged', async () => {
      const person = await createVerifiedCaller(api, requestDomain.name);
      const options = await joinByDomain(person);
      expect(options.body).toMatchObject({ joined: [], available: [{ organizationId: organizationId(), mode: 'request', needsEmailVerification: false }] });

      const requested = await requestJoin(person);
      expect(requested).toMatchObject({ status: 200, body: { status: 'pending', accountId: person.id, email: person.user.email, domain: requestDomain.name } });
      // Asking again answers the pending request.
      expect((await requestJoin(person)).body.id).toBe(requested.body.id);
      expect((await joinByDomain(person)).body.requests.map((r) => [r.id, r.status])).toEqual([[requested.body.id, 'pending']]);
      const toAdmins = await mails('joinRequest', requested.body.id);
      expect(toAdmins.map((m) => m.toEmail)).toEqual([admin.user.email]);
      expect(toAdmins[0]?.subject).toBe(`【${organization.organization.name}】参加リクエストが届いています`);

      const pending = await call<{ items: JoinRequestBody[]; nextCursor: string | null }>(
        api,
        '/organization/joinRequest/list',
        { organizationId: organizationId(), status: 'pending', limit: 100 },
        admin.token,
      );
      expect(pending.body.items.map((r) => r.id)).toContain(requested.body.id);
      const count = await call<{ count: number }>(api, '/organization/joinRequest/countPending', { organizationId: organizationId() }, admin.token);
      expect(count.body.count).toBe(pending.body.items.length);

      expect(await decide('approve', requested.body.id, member)).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
      const approved = await decide('approve', requested.body.id);
      expect(approved).toMatchObject({ status: 200, body: { status: 'approved', decidedById: admin.id } });
      const [, project] = organization.projects;
      expect(await membershipsOf(person)).toEqual([
        {
          organizationId: organizationId(),
          roleId: organization.memberRole.id,
          projects: [{ projectId: project!.project.id, roleId: project!.memberRole.id }],
        },
      ]);
      expect(await decide('decline', requested.body.id)).toMatchObject({ status: 409, body: { errorCode: 'JOIN_REQUEST_NOT_PENDING' } });
      expect((await mails('joinRequestDecision', requested.body.id)).map((m) => [m.toEmail, m.subject])).toEqual([
        [person.user.email, `【${organization.organization.name}】参加リクエストが承認されました`],
      ]);
      expect((await eventsOf(requested.body.id)).map((e) => [e.action, e.actor?.accountId])).toEqual([
        ['joinRequest.create', person.id],
        ['joinRequest.approve', admin.id],
      ]);
      expect(await requestJoin(person)).toMatchObject({ status: 409, body: { errorCode: 'ALREADY_ORGANIZATION_MEMBER' } });
    });

    it('declines: no membership, the person e-mailed, audit-logged; then they may ask again', async () => {
      const person = await createVerifiedCaller(api, requestDomain.name);
      const requested = await requestJoin(person);
      const declined = await decide('decline', requested.body.id);
      expect(declined).toMatchObject({ status: 200, body: { status: 'declined' } });
      expect(await membershipsOf(person)).toEqual([]);
      expect((await mails('joinRequestDecision', requested.body.id)).map((m) => m.subject)).toEqual([
        `【${organization.organization.name}】参加リクエストが却下されました`,
      ]);
      expect((await eventsOf(requested.body.id)).map((e) => e.action)).toEqual(['joinRequest.create', 'joinRequest.decline']);
      const again = await requestJoin(person);
      expect(again.status).toBe(200);
      expect(again.body.id).not.toBe(requested.body.id);
    });

    it('refuses requests from unverified addresses, other domains and unknown organizations alike', async () => {
      const unverified = await createCaller(api, uniqueEmail('unverified', requestDomain.name));
      expect(await requestJoin(unverified)).toMatchObject({ status: 409, body: { errorCode: 'JOIN_EMAIL_NOT_VERIFIED' } });
      const stranger = await createVerifiedCaller(api, uniqueDomainName('stranger'));
      expect(await requestJoin(stranger)).toMatchObject({ status: 409, body: { errorCode: 'JOIN_NOT_AVAILABLE' } });
      const other = await createOrganizationWithProjects(api, 'よその組織', 0);
      expect(await requestJoin(stranger, 'zzzzzzzz')).toMatchObject({ status: 409, body: { errorCode: 'JOIN_NOT_AVAILABLE' } });
      expect(await requestJoin(stranger, other.organization.id)).toMatchObject({ status: 409, body: { errorCode: 'JOIN_NOT_AVAILABLE' } });
    });

    it('lists requests page by page, newest first, to admins only; another organization’s request is not found', async () => {
      const people = await Promise.all([1, 2, 3].map(() => createVerifiedCaller(api, requestDomain.name)));
      const ids: string[] = [];
      for (const person of people) ids.push((await requestJoin(person)).body.id);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await call<{ items: JoinRequestBody[]; nextCursor: string | null }>(
          api,
          '/organization/joinRequest/list',
          { organizationId: organizationId(), status: 'pending', limit: 2, cursor },
          admin.token,
        );
        expect(page.body.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.body.items.map((r) => r.id));
        cursor = page.body.nextCursor ?? undefined;
      } while (cursor);
      expect(seen.filter((id) => ids.includes(id))).toEqual([...ids].reverse());
      expect(await call(api, '/organization/joinRequest/list', { organizationId: organizationId() }, member.token)).toMatchObject({ status: 403 });

      const other = await createOrganizationWithProjects(api, 'よその組織', 0);
      const otherAdmin = await createCaller(api);
      await addOrganizationMember(api, otherAdmin.id, other, ADMIN_ROLE_KEY);
      const answer = await call<ErrorBodyShape>(
        api,
        '/organization/joinRequest/approve',
        { organizationId: other.organization.id, joinRequestId: ids[0] },
        otherAdmin.token,
      );
      expect(answer).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND' } });
    });

    it('refuses to approve once the policy is turned off', async () => {
      const domain = await verifiedDomain();
      await setPolicy(domain.id, { mode: 'request', roleId: organization.memberRole.id });
      const person = await createVerifiedCaller(api, domain.name);
      const requested = await requestJoin(person);
      await setPolicy(domain.id, { mode: 'off' });
      expect(await decide('approve', requested.body.id)).toMatchObject({ status: 409, body: { errorCode: 'JOIN_NOT_AVAILABLE' } });
      expect(await membershipsOf(person)).toEqual([]);
      expect((await decide('decline', requested.body.id)).body.status).toBe('declined');
    });
  });
});
