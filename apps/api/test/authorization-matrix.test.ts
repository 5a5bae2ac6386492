import { ERROR_HTTP_STATUS, generateId, PRODUCT_ERROR_NAME } from '@console/domain';
import {
  AUTHORIZATION_TABLE,
  CALLER_KINDS,
  startWorld,
  tinyPngImage,
  tokenOf,
  uploadedFile,
  type CallerKind,
  type MatrixRequest,
  type MatrixRow,
  type World,
} from './support/authorization-table';
import { uniqueEmail, upload, type ErrorBodyShape, type InviteEntryBody } from './support/fixtures';
import { bearer, call } from './support/harness';
import { discoverRoutes, servedRoutes } from './support/routes';

function rowTitle(row: MatrixRow): string {
  return row.variant === undefined ? row.endpoint : `${row.endpoint} (${row.variant})`;
}

async function send(world: World, row: MatrixRow, kind: CallerKind, request: MatrixRequest): Promise<{ status: number; body: unknown }> {
  const [method, endpoint] = row.endpoint.split(' ') as [string, string];
  const path = request.path ?? endpoint;
  const token = request.token ?? tokenOf(world, kind);
  if (request.multipart) return upload(world.api, path, token, uploadedFile(request.multipart), request.multipart.fields);
  if (request.form) {
    const response = await fetch(`${world.api.baseUrl}${path}`, {
      method,
      headers: bearer(token),
      body: new URLSearchParams(request.form),
      redirect: 'manual',
    });
    return { status: response.status, body: await response.arrayBuffer() };
  }
  if (method === 'GET') {
    // A browser navigation's redirect is the answer (not followed).
    const response = await fetch(`${world.api.baseUrl}${path}`, { headers: bearer(token), redirect: 'manual' });
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, body: type.includes('json') ? await response.json() : await response.arrayBuffer() };
  }
  return call(world.api, path, request.json, token);
}

describe('authorization matrix', () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld();
  });

  afterAll(async () => {
    await world.api.close();
  });

  it('has a row for every endpoint the application serves, several only when each names what its request asks for', () => {
    const routes = servedRoutes(world.api);
    // Read from the server's routing tree: the controllers' routes are among them.
    expect(discoverRoutes(world.api).filter((r) => !routes.includes(r))).toEqual([]);
    const rows = AUTHORIZATION_TABLE.map((r) => r.endpoint);
    const titles = AUTHORIZATION_TABLE.map(rowTitle);
    expect(new Set(titles).size).toBe(titles.length);
    const unnamed = AUTHORIZATION_TABLE.filter((r) => r.variant === undefined && rows.filter((e) => e === r.endpoint).length > 1);
    expect(unnamed.map((r) => r.endpoint)).toEqual([]);
    expect(routes.filter((r) => !rows.includes(r))).toEqual([]);
    expect(rows.filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('has an expectation for every kind of caller in every row', () => {
    for (const row of AUTHORIZATION_TABLE) expect(Object.keys(row.expected).sort()).toEqual([...CALLER_KINDS].sort());
  });

  describe.each(AUTHORIZATION_TABLE.map((row) => [rowTitle(row), row] as const))('%s', (_title, row) => {
    it.each(CALLER_KINDS.map((kind) => [kind, row.expected[kind]] as const))('%s → %s', async (kind, outcome) => {
      const request = await row.request(world, kind);
      const response = await send(world, row, kind, request);
      if (outcome === 'ok') {
        expect({ status: response.status, body: response.status === 200 ? 'ok' : response.body }).toEqual({ status: 200, body: 'ok' });
      } else if (outcome === 'redirect') {
        expect(response.status).toBe(request.form ? 303 : 302);
      } else {
        expect(response.status).toBe(ERROR_HTTP_STATUS[outcome]);
        expect(response.body).toMatchObject({ name: PRODUCT_ERROR_NAME, errorCode: outcome });
      }
    });
  });

  describe('no existence leaks', () => {
    const unknown = { organizationId: generateId('organization'), projectId: generateId('project'), invitationId: generateId('invitation') };
    /** Ids of organization A, its project P1 and an invitation to it, as an outsider must not tell from unknown ids. */
    let existing: typeof unknown;

    beforeAll(async () => {
      const invited = await call<InviteEntryBody[]>(
        world.api,
        '/organization/inviteMembers',
        {
          organizationId: world.organizationA.organization.id,
          emails: [uniqueEmail('someone')],
          props: { roleId: world.organizationA.memberRole.id, projects: [] },
        },
        world.callers.systemAdmin.token,
      );
      const invitationId = invited.body[0]?.invitation?.id;
      if (!invitationId) throw new Error('no invitation');
      existing = { organizationId: world.organizationA.organization.id, projectId: world.project1.project.id, invitationId };
    });

    type Ids = typeof unknown;
    const scopedCalls: { scope: 'organization' | 'project' | 'invitation'; path: string; body: (w: World, ids: Ids) => unknown }[] = [
      { scope: 'organization', path: '/organization/get', body: (_w, { organizationId }) => ({ organizationId }) },
      { scope: 'organization', path: '/organization/listMembers', body: (_w, { organizationId }) => ({ organizationId }) },
      { scope: 'organization', path: '/organization/update', body: (_w, { organizationId }) => ({ organizationId, updateProps: { name: 'x' } }) },
      {
        scope: 'organization',
        path: '/organization/removeMember',
        body: (w, { organizationId }) => ({ organizationId, accountId: w.callers.organizationMember.id }),
      },
      { scope: 'organization', path: '/organization/domain/list', body: (_w, { organizationId }) => ({ organizationId }) },
      { scope: 'organization', path: '/organization/listAuditEvents', body: (_w, { organizationId }) => ({ organizationId }) },
      { scope: 'organization', path: '/organization/exportAuditEvents', body: (_w, { organizationId }) => ({ organizationId }) },
      { scope: 'organization', path: '/organization/exportMembers', body: (_w, { organizationId }) => ({ organizationId }) },
      { scope: 'organization', path: '/organization/export', body: (_w, { organizationId }) => ({ organizationId }) },
      {
        scope: 'organization',
        path: '/account/assignOrganizationRole',
        body: (w, { organizationId }) => ({ accountId: w.callers.organizationMember.id, props: { organizationId, roleId: w.organizationA.memberRole.id } }),
      },
      {
        scope: 'organization',
        path: '/account/assignProjectRole',
        body: (w, { organizationId, projectId }) => ({
          accountId: w.callers.projectMember.id,
          organizationId,
          props: { projectId, roleId: w.project1.memberRole.id },
        }),
      },
      { scope: 'organization', path: '/invitation/listInOrganization', body: (_w, { organizationId }) => ({ organizationId }) },
      {
        scope: 'organization',
        path: '/organization/inviteMembers',
        body: (w, { organizationId, projectId }) => ({
          organizationId,
          emails: [uniqueEmail('leak')],
          props: { roleId: w.organizationA.memberRole.id, projects: [{ projectId, roleId: w.project1.memberRole.id }] },
        }),
      },
      { scope: 'project', path: '/project/get', body: (_w, { projectId }) => ({ projectId }) },
      { scope: 'project', path: '/project/listMembers', body: (_w, { projectId }) => ({ projectId }) },
      { scope: 'project', path: '/project/update', body: (_w, { projectId }) => ({ projectId, updateProps: { name: 'x' } }) },
      { scope: 'project', path: '/project/removeMember', body: (w, { projectId }) => ({ projectId, accountId: w.callers.projectMember.id }) },
      { scope: 'project', path: '/invitation/listInProject', body: (_w, { projectId }) => ({ projectId }) },
      { scope: 'invitation', path: '/invitation/getByIdWithOrganization', body: (_w, { invitationId }) => ({ invitationId }) },
      { scope: 'invitation', path: '/invitation/accept', body: (_w, { invitationId }) => ({ invitationId }) },
      { scope: 'invitation', path: '/invitation/cancel', body: (_w, { invitationId }) => ({ invitationId }) },
      { scope: 'invitation', path: '/organization/resendInvitation', body: (_w, { invitationId }) => ({ invitationId }) },
    ];

    describe.each(['outsider', 'otherOrganizationAdmin'] as const)('to an outsider (%s)', (kind) => {
      it.each(scopedCalls.map((c) => [`${c.path} (${c.scope})`, c] as const))('%s answers alike for an existing and an unknown id', async (_title, c) => {
        const token = world.callers[kind].token;
        const forExisting = await call<ErrorBodyShape>(world.api, c.path, c.body(world, existing), token);
        const forUnknown = await call<ErrorBodyShape>(world.api, c.path, c.body(world, unknown), token);
        expect(forExisting).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
        expect(forUnknown).toMatchObject({ status: forExisting.status, body: forExisting.body });
      });
    });

    it('answers an outsider uploading an organization image FORBIDDEN alike for existing and unknown ids', async () => {
      const image = { data: await tinyPngImage() };
      const token = world.callers.outsider.token;
      const forExisting = await upload(world.api, '/organization/uploadProfileImage', token, image, { organizationId: existing.organizationId });
      const forUnknown = await upload(world.api, '/organization/uploadProfileImage', token, image, { organizationId: unknown.organizationId });
      expect(forExisting.status).toBe(403);
      expect(forUnknown).toEqual(forExisting);
    });

    it('answers a system administrator the not-found of the scope for unknown ids', async () => {
      const token = world.callers.systemAdmin.token;
      for (const c of scopedCalls) {
        const result = await call<ErrorBodyShape>(world.api, c.path, c.body(world, unknown), token);
        const notFound = c.scope === 'invitation' ? 'INVITATION_NOT_FOUND' : 'NOT_FOUND';
        expect({ path: c.path, status: result.status, errorCode: result.body.errorCode }).toEqual({ path: c.path, status: 404, errorCode: notFound });
      }
    });
  });

  it('lets a project admin manage only the project it administers', async () => {
    const token = world.callers.projectAdmin.token;
    const other = await call<ErrorBodyShape>(
      world.api,
      '/project/update',
      { projectId: world.project2.project.id, updateProps: { name: 'P2 renamed' } },
      token,
    );
    expect(other.status).toBe(403);
    // Viewing another project of the organization is allowed: any member of the owning organization may view it.
    expect((await call(world.api, '/project/get', { projectId: world.project2.project.id }, token)).status).toBe(200);
  });
});
