import { generateId, PRESET_ORGANIZATION_ROLES, PRESET_PROJECT_ROLES, ROOT_ACCOUNT_ID } from '@console/domain';
import { DataSource, type Logger, type QueryRunner } from 'typeorm';
import { ORGANIZATION_ACCESS_SQL, PROJECT_ACCESS_SQL } from '../src/modules/membership/membership.sql';
import { OrganizationMembershipEntity } from '../src/modules/membership/organization-membership.entity';
import { OrganizationEntity } from '../src/modules/organization/organization.entity';
import { ProjectEntity } from '../src/modules/project/project.entity';
import { RoleEntity } from '../src/modules/role/role.entity';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganization,
  createProject,
  createSystemAdmin,
  insertAccounts,
  insertMemberships,
  uniqueEmail,
  type Caller,
  type InviteEntryBody,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

/**
 * The sign-in's bookkeeping (SignInSessions): the user's revoked sign-ins, read at most once per
 * REVOCATION_CHECK_INTERVAL_MS, and the sign-in's last-seen time, written at most once a minute.
 * Each falls on whichever call comes when its interval has passed, whatever the data's size.
 */
const SIGN_IN_BOOKKEEPING = [/FROM "sessions" .*NOT\(.*"revoked_at" IS NULL\)/s, /^UPDATE "sessions" SET "last_seen_at"/];

/** Counts the SQL statements the API sends (through TypeORM's logger hook, which sees every query), but the sign-in's bookkeeping. */
class CountingLogger implements Logger {
  statements: string[] = [];
  /** The sign-in's bookkeeping seen since the API started. */
  bookkeeping: string[] = [];
  logQuery(query: string, _parameters?: unknown[], _runner?: QueryRunner): void {
    if (/email_outbox/i.test(query)) return;
    if (SIGN_IN_BOOKKEEPING.some((pattern) => pattern.test(query))) this.bookkeeping.push(query);
    else this.statements.push(query);
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

interface DataSet {
  caller: Caller;
  organizationId: string;
  memberRoleId: string;
  projectId: string;
}

const audit = { createdById: ROOT_ACCOUNT_ID, updatedById: ROOT_ACCOUNT_ID };

function presetRoles(organizationId: string, projectId: string | null): RoleEntity[] {
  const presets = projectId === null ? PRESET_ORGANIZATION_ROLES : PRESET_PROJECT_ROLES;
  return presets.map((p) =>
    Object.assign(new RoleEntity(), {
      id: generateId('role'),
      organizationId,
      projectId,
      key: p.key,
      name: p.name,
      description: p.description,
      isPreset: true,
      ...audit,
    }),
  );
}

/** `count` projects of the organization with their preset roles, in bulk. */
async function insertProjects(api: TestApi, organizationId: string, count: number): Promise<void> {
  const projects = Array.from({ length: count }, (_, i) =>
    Object.assign(new ProjectEntity(), { id: generateId('project'), organizationId, name: `P${i}`, productSettings: {}, ...audit }),
  );
  const m = api.app.get(DataSource).manager;
  await m.getRepository(ProjectEntity).insert(projects);
  await m.getRepository(RoleEntity).insert(projects.flatMap((p) => presetRoles(organizationId, p.id)));
}

/** `count` organizations with their preset roles, each with the account as a member, in bulk. */
async function insertOrganizationsOf(api: TestApi, accountId: string, count: number): Promise<void> {
  const organizations = Array.from({ length: count }, (_, i) =>
    Object.assign(new OrganizationEntity(), { id: generateId('organization'), name: `O${i}`, profileImageSrc: null, ...audit }),
  );
  const roles = organizations.map((o) => presetRoles(o.id, null));
  const m = api.app.get(DataSource).manager;
  await m.getRepository(OrganizationEntity).insert(organizations);
  await m.getRepository(RoleEntity).insert(roles.flat());
  await m
    .getRepository(OrganizationMembershipEntity)
    .insert(
      organizations.map((o, i) =>
        Object.assign(new OrganizationMembershipEntity(), { accountId, organizationId: o.id, roleId: roles[i]?.find((r) => r.key === 'member')?.id, ...audit }),
      ),
    );
}

/**
 * A caller who is admin of an organization with `size` members and `size` projects, admin of the
 * first project which also has `size` members, and member of `size` organizations in all.
 */
async function buildDataSet(api: TestApi, size: number): Promise<DataSet> {
  const caller = await createCaller(api);
  const organization = await createOrganization(api);
  const project = await createProject(api, organization.organization.id);
  await addOrganizationMember(api, caller.id, organization, 'admin');
  await addProjectMember(api, caller.id, project, 'admin');
  const members = await insertAccounts(api, size);
  await insertMemberships(api, members, organization, project);
  await insertProjects(api, organization.organization.id, size - 1);
  await insertOrganizationsOf(api, caller.id, size - 1);
  return { caller, organizationId: organization.organization.id, memberRoleId: organization.memberRole.id, projectId: project.project.id };
}

describe('query budget of list and get calls', () => {
  let api: TestApi;
  let logger: CountingLogger;
  let systemAdmin: Caller;

  beforeAll(async () => {
    // A serving instance (API_ROLE=serve) runs no job: no periodic job's or worker's statements (the
    // hourly retention and purge jobs, the domain re-checks, the deliveries) are taken for a call's.
    api = await startApi({ API_ROLE: 'serve', MAIL_WORKER_ENABLED: 'false' });
    logger = new CountingLogger();
    Object.defineProperty(api.app.get(DataSource), 'logger', { value: logger, configurable: true, writable: true });
    systemAdmin = await createSystemAdmin(api);
  });

  afterAll(async () => {
    await api.close();
  });

  /** The sign-in's statement: the operator's account (by its Firebase uid). */
  const SIGN_IN: unknown = expect.stringMatching(/FROM "?accounts"? .*idaas_id/s);

  /** The statements of one call answering `status` (the caller's token is already verified, so no identity-provider round trip interferes). */
  async function statementsOfCall(path: string, body: unknown, token: string, status = 200): Promise<string[]> {
    await call(api, '/account/get', undefined, token);
    logger.statements = [];
    const response = await call(api, path, body, token);
    expect({ path, status: response.status }).toEqual({ path, status });
    return logger.statements;
  }

  async function statementsOf(path: string, body: unknown, token: string): Promise<number> {
    return (await statementsOfCall(path, body, token)).length;
  }

  async function measure(data: DataSet): Promise<Record<string, number>> {
    const token = data.caller.token;
    const admin = systemAdmin.token;
    return {
      'account/get': await statementsOf('/account/get', undefined, token),
      'organization/listOfAccount': await statementsOf('/organization/listOfAccount', undefined, token),
      'organization/get': await statementsOf('/organization/get', { organizationId: data.organizationId }, token),
      'organization/listMembers': await statementsOf('/organization/listMembers', { organizationId: data.organizationId }, token),
      'project/listInAccount': await statementsOf('/project/listInAccount', undefined, token),
      'project/get': await statementsOf('/project/get', { projectId: data.projectId }, token),
      'project/listMembers': await statementsOf('/project/listMembers', { projectId: data.projectId }, token),
      'systemAdmin/account/list': await statementsOf('/systemAdmin/account/list', undefined, admin),
      'system-admin/organization/listAll': await statementsOf('/system-admin/organization/listAll', undefined, admin),
      'system-admin/project/listAll': await statementsOf('/system-admin/project/listAll', undefined, admin),
      'organization/listOfAccount (system admin)': await statementsOf('/organization/listOfAccount', undefined, admin),
      'project/listInAccount (system admin)': await statementsOf('/project/listInAccount', undefined, admin),
      'project/listInAccount (page, query)': await statementsOf('/project/listInAccount', { limit: 50, query: 'P' }, token),
      'organization/listOfAccount (page, query)': await statementsOf('/organization/listOfAccount', { limit: 50, query: 'O' }, token),
      'organization/listOfAccount (system admin, page)': await statementsOf('/organization/listOfAccount', { limit: 50 }, admin),
      'organization/listMembers (page)': await statementsOf('/organization/listMembers', { organizationId: data.organizationId, limit: 50 }, token),
      'project/listMembers (page, query)': await statementsOf('/project/listMembers', { projectId: data.projectId, limit: 50, query: 'member' }, token),
      'invitation/listInOrganization (page)': await statementsOf('/invitation/listInOrganization', { organizationId: data.organizationId, limit: 50 }, token),
      'systemAdmin/account/list (page, query)': await statementsOf('/systemAdmin/account/list', { limit: 50, query: 'member' }, admin),
      'system-admin/project/listAll (page)': await statementsOf('/system-admin/project/listAll', { limit: 50 }, admin),
      'systemAdmin/projectKarteMapping/get': await statementsOf('/systemAdmin/projectKarteMapping/get', { projectId: data.projectId }, admin),
      'systemAdmin/organizationKarteMapping/get': await statementsOf(
        '/systemAdmin/organizationKarteMapping/get',
        { organizationId: data.organizationId },
        admin,
      ),
    };
  }

  it('runs the same, small number of statements for 1 and for 200 members, projects and organizations', async () => {
    const one = await measure(await buildDataSet(api, 1));
    const many = await measure(await buildDataSet(api, 200));
    if (process.env.QUERY_BUDGET_REPORT) process.stdout.write(`${JSON.stringify({ one, many }, null, 2)}\n`);
    // What is left out of the counts is the bookkeeping that the callers' first calls did.
    for (const pattern of SIGN_IN_BOOKKEEPING)
      expect({ pattern: String(pattern), seen: logger.bookkeeping.some((q) => pattern.test(q)) }).toEqual({ pattern: String(pattern), seen: true });
    expect(many).toEqual(one);
    // Auth (1) + access check (1) + rows (1) + related rows (≤ 2) at most.
    for (const [path, count] of Object.entries(many)) expect({ path, count: Math.min(count, 5) }).toEqual({ path, count });
  });

  it('reads a page of organizations or of projects (with their organizations’ names) in one statement after the sign-in', async () => {
    const data = await buildDataSet(api, 3);
    const page: unknown = expect.stringMatching(/^SELECT .*FROM (projects p JOIN )?organizations o /s);
    // A search of every organization plans its page both ways first (Keyset.pageQuery, searchInOrder): an EXPLAIN, not a read.
    const planned: unknown = expect.stringMatching(/^EXPLAIN \(FORMAT JSON\) \(SELECT .*FROM organizations o /s);
    for (const [path, token, statements] of [
      ['/organization/listOfAccount', data.caller.token, [SIGN_IN, page]],
      ['/organization/listOfAccount', systemAdmin.token, [SIGN_IN, planned, page]],
      ['/project/listInAccount', data.caller.token, [SIGN_IN, page]],
      ['/system-admin/project/listAll', systemAdmin.token, [SIGN_IN, page]],
    ] as const) {
      expect({ path, statements: await statementsOfCall(path, { limit: 2, query: 'O' }, token) }).toEqual({ path, statements });
    }
  });

  describe('one statement per access question', () => {
    let data: DataSet;
    let outsider: Caller;
    let invitationId: string;

    beforeAll(async () => {
      [data, outsider] = await Promise.all([buildDataSet(api, 1), createCaller(api)]);
      const invited = await call<InviteEntryBody[]>(
        api,
        '/organization/inviteMembers',
        { organizationId: data.organizationId, emails: [uniqueEmail('budget')], props: { roleId: data.memberRoleId, projects: [] } },
        data.caller.token,
      );
      const id = invited.body[0]?.invitation?.id;
      if (!id) throw new Error('no invitation');
      invitationId = id;
    });

    const questions: [string, string, (d: DataSet) => unknown][] = [
      ['/organization/get', ORGANIZATION_ACCESS_SQL, (d) => ({ organizationId: d.organizationId })],
      ['/organization/listMembers', ORGANIZATION_ACCESS_SQL, (d) => ({ organizationId: d.organizationId })],
      ['/invitation/listInOrganization', ORGANIZATION_ACCESS_SQL, (d) => ({ organizationId: d.organizationId })],
      ['/project/get', PROJECT_ACCESS_SQL, (d) => ({ projectId: d.projectId })],
      ['/project/listMembers', PROJECT_ACCESS_SQL, (d) => ({ projectId: d.projectId })],
      ['/invitation/listInProject', PROJECT_ACCESS_SQL, (d) => ({ projectId: d.projectId })],
    ];

    it.each(questions)('%s asks once, for a member and for an outsider (sign-in, then the access question)', async (path, sql, body) => {
      const asMember = await statementsOfCall(path, body(data), data.caller.token);
      expect(asMember.filter((statement) => statement === sql)).toHaveLength(1);
      expect(await statementsOfCall(path, body(data), outsider.token, 403)).toEqual([SIGN_IN, sql]);
    });

    it('asks once about an invitation, in its organization (sign-in, the invitation, then the access question)', async () => {
      expect(await statementsOfCall('/invitation/getByIdWithOrganization', { invitationId }, outsider.token, 403)).toEqual([
        SIGN_IN,
        expect.stringContaining('"invitations"'),
        ORGANIZATION_ACCESS_SQL,
      ]);
    });
  });
});
