import { ERROR_HTTP_STATUS, generateId, PRODUCT_ERROR_NAME } from '@console/domain';
import { AUTHORIZATION_TABLE, CALLER_KINDS, startWorld, tinyPngImage, tokenOf, type CallerKind, type MatrixRequest, type MatrixRow, type World } from './support/authorization-table';
import { upload, type ErrorBodyShape } from './support/fixtures';
import { bearer, call } from './support/harness';
import { discoverRoutes } from './support/routes';

async function send(world: World, row: MatrixRow, kind: CallerKind, request: MatrixRequest): Promise<{ status: number; body: unknown }> {
  const [method, endpoint] = row.endpoint.split(' ') as [string, string];
  const path = request.path ?? endpoint;
  const token = request.token ?? tokenOf(world, kind);
  if (request.multipart) return upload(world.api, path, token, { data: request.multipart.image, type: 'image/png', name: 'a.png' }, request.multipart.fields);
  if (method === 'GET') {
    const response = await fetch(`${world.api.baseUrl}${path}`, { headers: bearer(token) });
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

  it('has exactly one row for every endpoint the application serves', () => {
    const routes = discoverRoutes(world.api);
    const rows = AUTHORIZATION_TABLE.map((r) => r.endpoint);
    expect(new Set(rows).size).toBe(rows.length);
    expect(routes.filter((r) => !rows.includes(r))).toEqual([]);
    expect(rows.filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('has an expectation for every kind of caller in every row', () => {
    for (const row of AUTHORIZATION_TABLE) expect(Object.keys(row.expected).sort()).toEqual([...CALLER_KINDS].sort());
  });

  describe.each(AUTHORIZATION_TABLE.map((row) => [row.endpoint, row] as const))('%s', (_endpoint, row) => {
    it.each(CALLER_KINDS.map((kind) => [kind, row.expected[kind]] as const))('%s → %s', async (kind, outcome) => {
      const response = await send(world, row, kind, await row.request(world, kind));
      if (outcome === 'ok') {
        expect({ status: response.status, body: response.status === 200 ? 'ok' : response.body }).toEqual({ status: 200, body: 'ok' });
      } else {
        expect(response.status).toBe(ERROR_HTTP_STATUS[outcome]);
        expect(response.body).toMatchObject({ name: PRODUCT_ERROR_NAME, errorCode: outcome });
      }
    });
  });

  describe('no existence leaks', () => {
    const unknownOrganization = generateId('organization');
    const unknownProject = generateId('project');
    const idCalls: { path: string; body: (w: World, organizationId: string, projectId: string) => unknown }[] = [
      { path: '/organization/get', body: (_w, organizationId) => ({ organizationId }) },
      { path: '/organization/listMembers', body: (_w, organizationId) => ({ organizationId }) },
      { path: '/organization/update', body: (_w, organizationId) => ({ organizationId, updateProps: { name: 'x' } }) },
      { path: '/organization/removeMember', body: (w, organizationId) => ({ organizationId, accountId: w.callers.organizationMember.id }) },
      { path: '/organization/listAuditEvents', body: (_w, organizationId) => ({ organizationId }) },
      { path: '/organization/exportAuditEvents', body: (_w, organizationId) => ({ organizationId }) },
      { path: '/account/assignOrganizationRole', body: (w, organizationId) => ({ accountId: w.callers.organizationMember.id, props: { organizationId, roleId: w.organizationA.memberRole.id } }) },
      { path: '/project/get', body: (_w, _o, projectId) => ({ projectId }) },
      { path: '/project/listMembers', body: (_w, _o, projectId) => ({ projectId }) },
      { path: '/project/update', body: (_w, _o, projectId) => ({ projectId, updateProps: { name: 'x' } }) },
      { path: '/project/removeMember', body: (w, _o, projectId) => ({ projectId, accountId: w.callers.projectMember.id }) },
      {
        path: '/account/assignProjectRole',
        body: (w, organizationId, projectId) => ({ accountId: w.callers.projectMember.id, organizationId, props: { projectId, roleId: w.project1.memberRole.id } }),
      },
    ];

    it.each(idCalls.map((c) => [c.path, c] as const))('%s answers an outsider FORBIDDEN alike for existing and unknown ids', async (_path, c) => {
      const token = world.callers.otherOrganizationAdmin.token;
      const existing = await call<ErrorBodyShape>(world.api, c.path, c.body(world, world.organizationA.organization.id, world.project1.project.id), token);
      const unknown = await call<ErrorBodyShape>(world.api, c.path, c.body(world, unknownOrganization, unknownProject), token);
      expect(existing.status).toBe(403);
      expect(unknown).toMatchObject({ status: existing.status, body: existing.body });
    });

    it('answers an outsider uploading an organization image FORBIDDEN alike for existing and unknown ids', async () => {
      const image = { data: await tinyPngImage() };
      const token = world.callers.outsider.token;
      const existing = await upload(world.api, '/organization/uploadProfileImage', token, image, { organizationId: world.organizationA.organization.id });
      const unknown = await upload(world.api, '/organization/uploadProfileImage', token, image, { organizationId: unknownOrganization });
      expect(existing.status).toBe(403);
      expect(unknown).toEqual(existing);
    });

    it('answers a system administrator NOT_FOUND for unknown ids', async () => {
      const token = world.callers.systemAdmin.token;
      expect((await call(world.api, '/organization/get', { organizationId: unknownOrganization }, token)).status).toBe(404);
      expect((await call(world.api, '/project/get', { projectId: unknownProject }, token)).status).toBe(404);
    });
  });

  it('lets a project admin manage only the project it administers', async () => {
    const token = world.callers.projectAdmin.token;
    const other = await call<ErrorBodyShape>(world.api, '/project/update', { projectId: world.project2.project.id, updateProps: { name: 'P2 renamed' } }, token);
    expect(other.status).toBe(403);
    // Viewing another project of the organization is allowed: any member of the owning organization may view it.
    expect((await call(world.api, '/project/get', { projectId: world.project2.project.id }, token)).status).toBe(200);
  });
});
