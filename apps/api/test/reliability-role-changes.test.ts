import { ROOT_ACCOUNT_ID } from '@console/domain';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TransactionRetries } from '../src/database/transaction-retry';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganizationWithProjects,
  createSystemAdmin,
  insertAccounts,
  insertMemberships,
  uniqueEmail,
  type Caller,
  type InviteEntryBody,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, isErrorBody, startApi, type CallResult, type TestApi } from './support/harness';

/** Calls sent at once in a round. */
const CALLS_PER_ROUND = 50;
/** Rounds one after the other, each with fresh members and invitations (STRESS_ROUNDS). */
const ROUNDS = Number(process.env.STRESS_ROUNDS ?? 6);
/** The seed of the calls' mix (STRESS_SEED), printed with the figures so that a run can be repeated. */
const SEED = Number(process.env.STRESS_SEED ?? 20_251_123);

/** A small deterministic PRNG (mulberry32): the same seed gives the same calls. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Kind = 'assignOrganizationRole' | 'assignProjectRole' | 'removeFromOrganization' | 'removeFromProject' | 'accept';

/** How many calls of each kind a round sends (50 in all). */
const MIX: Readonly<Record<Kind, number>> = { assignOrganizationRole: 25, assignProjectRole: 8, removeFromOrganization: 6, removeFromProject: 6, accept: 5 };
/** Invitations sent before a round and left to be cancelled or not: never accepted. */
const PENDING_INVITATIONS = 5;

/** The audit action a successful call of each kind records (besides the cancellations of the invitations its target can no longer send). */
const ACTION: Readonly<Record<Kind, string>> = {
  assignOrganizationRole: 'membership.assignOrganizationRole',
  assignProjectRole: 'membership.assignProjectRole',
  removeFromOrganization: 'membership.removeFromOrganization',
  removeFromProject: 'membership.removeFromProject',
  accept: 'invitation.accept',
};

interface PlannedCall {
  kind: Kind;
  path: string;
  body: unknown;
  token: string;
  requestId: string;
}

interface Answered extends PlannedCall {
  result: CallResult<unknown>;
}

interface InvitationState {
  id: string;
  status: 'accepted' | 'cancelled' | 'open';
  role_key: string;
  projects: { projectId: string; roleId: string }[];
  inviter_role_key: string | null;
  inviter_project_admin_of: string[];
  accepts: number;
  cancels: number;
}

/**
 * Whether the invitation's sender may still send it (docs/product-rules.md#permissions, written out here rather than asked
 * of the API): an organization admin any invitation; a project admin one giving the organization's
 * member role into projects it administers only. (No sender is a system administrator here.)
 */
function senderMaySend(i: InvitationState): boolean {
  if (i.inviter_role_key === 'admin') return true;
  return (
    i.inviter_role_key !== null && i.role_key === 'member' && i.projects.length > 0 && i.projects.every((p) => i.inviter_project_admin_of.includes(p.projectId))
  );
}

describe('concurrent role changes on one organization', () => {
  let api: TestApi;
  let db: DataSource;
  let org: OrganizationWithProjectsFixture;
  let admins: Caller[];
  let projectAdmin: Caller;
  let systemAdmin: Caller;

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    db = api.app.get(DataSource);
    org = await createOrganizationWithProjects(api, '同時変更テスト組織', 2);
    [admins, projectAdmin, systemAdmin] = await Promise.all([
      Promise.all(Array.from({ length: 4 }, () => createCaller(api))),
      createCaller(api),
      createSystemAdmin(api),
    ]);
    for (const admin of admins) await addOrganizationMember(api, admin.id, org, 'admin');
    await addOrganizationMember(api, projectAdmin.id, org, 'member');
    await addProjectMember(api, projectAdmin.id, org.projects[0]!, 'admin');
  });

  afterAll(async () => {
    await api.close();
  });

  /** Gives the operators their roles back (an earlier round may have demoted or removed them): admins of the organization, and the admin of P1. */
  async function restoreOperators(): Promise<void> {
    const p1 = org.projects[0]!;
    await db.query(
      `INSERT INTO organization_memberships (account_id, organization_id, role_id, created_by_id, updated_by_id)
       SELECT a.id, $2, CASE WHEN a.id = $5 THEN $4 ELSE $3 END, $6, $6 FROM unnest($1::varchar[]) AS a(id)
       ON CONFLICT (account_id, organization_id) DO UPDATE SET role_id = EXCLUDED.role_id`,
      [[...admins.map((a) => a.id), projectAdmin.id], org.organization.id, org.adminRole.id, org.memberRole.id, projectAdmin.id, ROOT_ACCOUNT_ID],
    );
    await db.query(
      `INSERT INTO project_memberships (account_id, project_id, organization_id, role_id, created_by_id, updated_by_id) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (account_id, project_id) DO UPDATE SET role_id = EXCLUDED.role_id`,
      [projectAdmin.id, p1.project.id, org.organization.id, p1.adminRole.id, ROOT_ACCOUNT_ID],
    );
  }

  /**
   * One round: 6 fresh members (2 of them admins, all in P1); 10 invitations into P1 sent by the
   * operators (the organization admins, some giving the admin role, and the admin of P1, giving the
   * member role), 5 of them to be accepted during the round; then 50 calls at once, in a seeded
   * random mix: organization role changes (admins demoting and promoting each other and the members),
   * project role assignments, removals from the organization and from projects, and the accepts.
   */
  async function round(index: number, random: () => number): Promise<{ answered: Answered[]; invitationIds: string[]; ms: number }> {
    await restoreOperators();
    const [p1, p2] = [org.projects[0]!, org.projects[1]!];
    const targets = await insertAccounts(api, 6);
    await insertMemberships(api, targets, org, p1);
    await db.query(`UPDATE organization_memberships SET role_id = $1 WHERE organization_id = $2 AND account_id = ANY($3::varchar[])`, [
      org.adminRole.id,
      org.organization.id,
      targets.slice(0, 2).map((t) => t.id),
    ]);
    const invitees = await Promise.all(Array.from({ length: MIX.accept }, () => createCaller(api)));
    const senders = [...admins, projectAdmin];
    const invitationIds: string[] = [];
    for (let i = 0; i < MIX.accept + PENDING_INVITATIONS; i += 1) {
      const sender = senders[i % senders.length]!;
      const roleId = sender === projectAdmin || i % 2 === 1 ? org.memberRole.id : org.adminRole.id;
      const email = invitees[i]?.user.email ?? uniqueEmail('pending');
      const sent = await call<InviteEntryBody[]>(
        api,
        '/organization/inviteMembers',
        { organizationId: org.organization.id, emails: [email], props: { roleId, projects: [{ projectId: p1.project.id, roleId: p1.adminRole.id }] } },
        sender.token,
      );
      const id = sent.body[0]?.invitation?.id;
      if (!id) throw new Error(`invitation not sent: ${JSON.stringify(sent.body)}`);
      invitationIds.push(id);
    }

    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    // The system administrator (never demoted) makes half of the organization admins' calls.
    const orgOperators = [...admins, systemAdmin, systemAdmin, systemAdmin, systemAdmin];
    const people = [...targets.map((t) => t.id), ...admins.map((a) => a.id), projectAdmin.id];
    const calls: PlannedCall[] = [];
    const plan = (kind: Kind, path: string, body: unknown, token: string) =>
      calls.push({ kind, path, body, token, requestId: `stress-${index}-${calls.length}-${randomBytes(3).toString('hex')}` });
    for (let i = 0; i < MIX.assignOrganizationRole; i += 1) {
      const roleId = random() < 0.5 ? org.adminRole.id : org.memberRole.id;
      plan(
        'assignOrganizationRole',
        '/account/assignOrganizationRole',
        { accountId: pick(people), props: { organizationId: org.organization.id, roleId } },
        pick(orgOperators).token,
      );
    }
    for (let i = 0; i < MIX.assignProjectRole; i += 1) {
      const project = pick([p1, p2]);
      const roleId = random() < 0.5 ? project.adminRole.id : project.memberRole.id;
      plan(
        'assignProjectRole',
        '/account/assignProjectRole',
        { accountId: pick(people), organizationId: org.organization.id, props: { projectId: project.project.id, roleId } },
        pick([...orgOperators, projectAdmin]).token,
      );
    }
    for (let i = 0; i < MIX.removeFromOrganization; i += 1) {
      plan('removeFromOrganization', '/organization/removeMember', { organizationId: org.organization.id, accountId: pick(people) }, pick(orgOperators).token);
    }
    for (let i = 0; i < MIX.removeFromProject; i += 1) {
      plan(
        'removeFromProject',
        '/project/removeMember',
        { projectId: pick([p1, p2]).project.id, accountId: pick(people) },
        pick([...orgOperators, projectAdmin]).token,
      );
    }
    for (const [i, invitee] of invitees.entries()) plan('accept', '/invitation/accept', { invitationId: invitationIds[i] }, invitee.token);
    expect(calls).toHaveLength(CALLS_PER_ROUND);
    // Shuffled (Fisher–Yates), then all sent at once.
    for (let i = calls.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [calls[i], calls[j]] = [calls[j]!, calls[i]!];
    }
    const started = performance.now();
    const answered = await Promise.all(calls.map(async (c) => ({ ...c, result: await call(api, c.path, c.body, c.token, { 'x-request-id': c.requestId }) })));
    return { answered, invitationIds, ms: Math.round(performance.now() - started) };
  }

  /** What is wrong with the organization after a round: it keeps an admin, and every membership holds one role, of its organization or project. */
  async function membershipProblems(): Promise<{ admins: number; problems: string[] }> {
    const [state] = await db.query<{ admins: number; foreignOrganizationRoles: number; foreignProjectRoles: number; duplicates: number }[]>(
      `SELECT (SELECT count(*)::int FROM organization_memberships om JOIN roles r ON r.id = om.role_id WHERE om.organization_id = $1 AND r.key = 'admin') AS admins,
              (SELECT count(*)::int FROM organization_memberships om LEFT JOIN roles r ON r.id = om.role_id AND r.organization_id = om.organization_id AND r.project_id IS NULL
                WHERE om.organization_id = $1 AND r.id IS NULL) AS "foreignOrganizationRoles",
              (SELECT count(*)::int FROM project_memberships pm LEFT JOIN roles r ON r.id = pm.role_id AND r.project_id = pm.project_id
                WHERE pm.organization_id = $1 AND r.id IS NULL) AS "foreignProjectRoles",
              (SELECT count(*)::int FROM (SELECT account_id FROM organization_memberships WHERE organization_id = $1 GROUP BY account_id HAVING count(*) > 1) d) AS duplicates`,
      [org.organization.id],
    );
    const problems: string[] = [];
    if (state!.admins < 1) problems.push('no admin left');
    if (state!.foreignOrganizationRoles + state!.foreignProjectRoles + state!.duplicates > 0) problems.push(`memberships: ${JSON.stringify(state)}`);
    return { admins: state!.admins, problems };
  }

  /** A successful call records its one event (and the cancellations of the invitations its target may no longer send); a refused one nothing, but the accept the sender's rights refused, its cancellation. */
  async function auditProblems(answered: readonly Answered[]): Promise<{ cascaded: number; problems: string[] }> {
    const events = await db.query<{ request_id: string; action: string }[]>(
      `SELECT request_id, action FROM audit_events WHERE request_id = ANY($1::varchar[])`,
      [answered.map((c) => c.requestId)],
    );
    const problems: string[] = [];
    let cascaded = 0;
    for (const c of answered) {
      const own = events.filter((e) => e.request_id === c.requestId).map((e) => e.action);
      const main = own.filter((action) => action !== 'invitation.cancel');
      const cancellations = own.length - main.length;
      const refusedForSender = c.kind === 'accept' && (c.result.body as { errorCode?: string } | undefined)?.errorCode === 'INVITER_LACKS_RIGHTS';
      let ok: boolean;
      if (c.result.status === 200) {
        ok = main.length === 1 && main[0] === ACTION[c.kind] && (c.kind !== 'accept' || cancellations === 0);
        if (c.kind !== 'accept') cascaded += cancellations;
      } else {
        ok = main.length === 0 && cancellations === (refusedForSender ? 1 : 0);
      }
      if (!ok) problems.push(`${c.path} ${JSON.stringify(c.body)} → ${c.result.status}: events ${JSON.stringify(own)}`);
      if (c.result.status >= 400 && !isErrorBody(c.result.body)) problems.push(`${c.path} → ${c.result.status} without an error body`);
    }
    return { cascaded, problems };
  }

  /** Every invitation of the round: accepted or cancelled once (with its one event), or still open from a sender who may still send it. */
  async function invitationProblems(invitationIds: readonly string[]): Promise<string[]> {
    const invitations = await db.query<InvitationState[]>(
      `SELECT i.id, CASE WHEN i.accepted_at IS NOT NULL THEN 'accepted' WHEN i.cancelled_at IS NOT NULL THEN 'cancelled' ELSE 'open' END AS status,
              ir.key AS role_key, i.projects, sr.key AS inviter_role_key,
              ARRAY(SELECT pm.project_id FROM project_memberships pm JOIN roles pr ON pr.id = pm.role_id
                     WHERE pm.account_id = i.created_by_id AND pm.organization_id = i.organization_id AND pr.key = 'admin') AS inviter_project_admin_of,
              (SELECT count(*)::int FROM audit_events e WHERE e.target_id = i.id AND e.action = 'invitation.accept') AS accepts,
              (SELECT count(*)::int FROM audit_events e WHERE e.target_id = i.id AND e.action = 'invitation.cancel') AS cancels
         FROM invitations i
         JOIN roles ir ON ir.id = i.role_id
         LEFT JOIN organization_memberships om ON om.account_id = i.created_by_id AND om.organization_id = i.organization_id
         LEFT JOIN roles sr ON sr.id = om.role_id
        WHERE i.id = ANY($1::varchar[])`,
      [invitationIds],
    );
    const problems: string[] = [];
    for (const i of invitations) {
      if (i.accepts !== (i.status === 'accepted' ? 1 : 0) || i.cancels !== (i.status === 'cancelled' ? 1 : 0))
        problems.push(`invitation ${i.id}: events ${JSON.stringify(i)}`);
      if (i.status === 'open' && !senderMaySend(i))
        problems.push(`invitation ${i.id} still open though its sender may no longer send it: ${JSON.stringify(i)}`);
    }
    return problems;
  }

  it(`answers ${CALLS_PER_ROUND} concurrent role changes, removals and assignments without a 5xx, and leaves a valid organization`, async () => {
    const random = prng(SEED);
    const retries = api.app.get(TransactionRetries);
    const retriedBefore = { ...retries.retried };
    const all: Answered[] = [];
    const problems: string[] = [];
    const adminsAfterRounds: number[] = [];
    const roundMs: number[] = [];
    let cascaded = 0;
    for (let index = 0; index < ROUNDS; index += 1) {
      const { answered, invitationIds, ms } = await round(index, random);
      all.push(...answered);
      roundMs.push(ms);
      const memberships = await membershipProblems();
      adminsAfterRounds.push(memberships.admins);
      const audit = await auditProblems(answered);
      cascaded += audit.cascaded;
      problems.push(...[...memberships.problems, ...audit.problems, ...(await invitationProblems(invitationIds))].map((p) => `round ${index}: ${p}`));
    }

    const byStatus = all.reduce<Record<number, number>>((acc, c) => ({ ...acc, [c.result.status]: (acc[c.result.status] ?? 0) + 1 }), {});
    const byCode = all
      .filter((c) => c.result.status !== 200)
      .reduce<Record<string, number>>((acc, c) => {
        const code = `${c.result.status} ${(c.result.body as { errorCode?: string } | undefined)?.errorCode ?? '?'}`;
        return { ...acc, [code]: (acc[code] ?? 0) + 1 };
      }, {});
    const retried = Object.fromEntries(Object.entries(retries.retried).map(([state, n]) => [state, n - (retriedBefore[state] ?? 0)]));
    const serverErrors = all.filter((c) => c.result.status >= 500);
    process.stdout.write(
      `concurrent role changes on one organization (seed ${SEED}): ${ROUNDS} rounds × ${CALLS_PER_ROUND} concurrent calls = ${all.length} calls ` +
        `(per round ${Object.entries(MIX)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')}), answered in ${JSON.stringify(roundMs)} ms; answers by status ${JSON.stringify(byStatus)}; ` +
        `refusals ${JSON.stringify(byCode)}; ${serverErrors.length} × 5xx; transactions run again ${JSON.stringify(retried)}; ` +
        `admins after each round ${JSON.stringify(adminsAfterRounds)}; invitations cancelled by a demotion or removal: ${cascaded}; problems in the final state: ${problems.length}\n`,
    );
    expect(serverErrors.map((c) => `${c.path} ${JSON.stringify(c.body)} → ${c.result.status} ${JSON.stringify(c.result.body)}`)).toEqual([]);
    expect(problems).toEqual([]);
  }, 180_000);
});
