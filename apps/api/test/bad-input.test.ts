import { PRODUCT_ERROR_NAME } from '@console/domain';
import { AUTHORIZATION_TABLE, startWorld, type World } from './support/authorization-table';
import { call, postRaw } from './support/harness';

/**
 * Bad input of every kind, on every JSON call of the authorization table, by the most privileged
 * caller: the answer is a 4xx with the product's error body, never a 500.
 */
/** Calls whose body is not JSON: uploads, and the SAML identity provider's form post (its refusals are redirects, test/hostile-input.property.test.ts). */
const NOT_JSON: readonly string[] = ['POST /account/uploadProfileImage', 'POST /organization/uploadProfileImage', 'POST /auth/sso/callback'];
const JSON_ROWS = AUTHORIZATION_TABLE.filter((row) => row.endpoint.startsWith('POST ') && !NOT_JSON.includes(row.endpoint));

const WRONG_VALUES: readonly unknown[] = [null, 12345, true, { $gt: '' }, ['x'], 'x'.repeat(5000), '', "../' OR 1=1 --"];

function mutations(body: Record<string, unknown>): { label: string; body: unknown }[] {
  const result: { label: string; body: unknown }[] = [
    { label: 'an array body', body: [] },
    { label: 'a string body', body: 'just a string' },
    { label: 'a number body', body: 42 },
    { label: 'an unknown field', body: { ...body, unexpected: 'field' } },
  ];
  for (const [key, value] of Object.entries(body)) {
    const { [key]: _omitted, ...without } = body;
    result.push({ label: `${key} missing`, body: without });
    for (const wrong of WRONG_VALUES) result.push({ label: `${key} = ${JSON.stringify(wrong).slice(0, 20)}`, body: { ...body, [key]: wrong } });
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const nested = value as Record<string, unknown>;
      result.push({ label: `${key} with an unknown field`, body: { ...body, [key]: { ...nested, unexpected: 1 } } });
      for (const inner of Object.keys(nested)) {
        for (const wrong of [null, 123, 'x'.repeat(2000)])
          result.push({ label: `${key}.${inner} = ${JSON.stringify(wrong).slice(0, 20)}`, body: { ...body, [key]: { ...nested, [inner]: wrong } } });
      }
    }
  }
  return result;
}

describe('bad input', () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld();
  });

  afterAll(async () => {
    await world.api.close();
  });

  it.each(JSON_ROWS.map((row) => [row.endpoint, row] as const))('%s answers malformed bodies with a 4xx error body', async (endpoint, row) => {
    const path = endpoint.slice('POST '.length);
    const request = await row.request(world, 'systemAdmin');
    const token = request.token ?? world.callers.systemAdmin.token;
    const valid = request.json;
    const cases =
      typeof valid === 'object' && valid !== null
        ? mutations(valid as Record<string, unknown>)
        : [
            { label: 'an unexpected body', body: { unexpected: 1 } },
            { label: 'an array body', body: [] },
          ];
    const failures: string[] = [];
    for (const c of cases) {
      const response = await call<{ name?: string }>(world.api, path, c.body, token);
      if (response.status >= 500) failures.push(`${c.label}: ${response.status}`);
      else if (response.status >= 400 && response.body?.name !== PRODUCT_ERROR_NAME) failures.push(`${c.label}: ${response.status} without the error body`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a malformed id with INVALID_ID and the spec message', async () => {
    const response = await call(world.api, '/organization/get', { organizationId: 'bad id!' }, world.callers.systemAdmin.token);
    expect(response).toMatchObject({ status: 400, body: { name: PRODUCT_ERROR_NAME, errorCode: 'INVALID_ID', message: 'Invalid id: bad id!' } });
    const tooLong = await call(world.api, '/project/get', { projectId: 'abcdefghi' }, world.callers.systemAdmin.token);
    expect(tooLong).toMatchObject({ status: 400, body: { errorCode: 'INVALID_ID', message: 'Invalid id: abcdefghi' } });
  });

  it('refuses unknown fields and wrong types with VALIDATION_FAILED', async () => {
    const token = world.callers.systemAdmin.token;
    const unknown = await call(world.api, '/organization/get', { organizationId: world.organizationA.organization.id, extra: 1 }, token);
    expect(unknown).toMatchObject({ status: 400, body: { errorCode: 'VALIDATION_FAILED', message: 'property extra should not exist' } });
    const wrongType = await call(world.api, '/organization/update', { organizationId: world.organizationA.organization.id, updateProps: { name: 5 } }, token);
    expect(wrongType).toMatchObject({ status: 400, body: { errorCode: 'VALIDATION_FAILED' } });
    expect((wrongType.body as { message: string }).message).toContain('updateProps.name');
  });

  it('refuses an oversize body with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await call(world.api, '/account/update', { name: 'x'.repeat(2 * 1024 * 1024) }, world.callers.outsider.token);
    expect(response).toMatchObject({ status: 413, body: { name: PRODUCT_ERROR_NAME, errorCode: 'PAYLOAD_TOO_LARGE' } });
  });

  it('refuses malformed JSON with VALIDATION_FAILED', async () => {
    const response = await postRaw(world.api, '/project/get', 'application/json', '{"projectId": ', world.callers.systemAdmin.token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ name: PRODUCT_ERROR_NAME, errorCode: 'VALIDATION_FAILED' });
  });

  it('refuses JSON nested deeper than 32 levels with VALIDATION_FAILED, however deep', async () => {
    const token = world.callers.systemAdmin.token;
    for (const depth of [33, 100_000]) {
      const response = await postRaw(world.api, '/organization/get', 'application/json', `{"organizationId":${'['.repeat(depth)}${']'.repeat(depth)}}`, token);
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: { name: PRODUCT_ERROR_NAME, errorCode: 'VALIDATION_FAILED', message: 'The JSON body must not nest deeper than 32 levels' },
      });
    }
    // Brackets inside strings are text, not nesting.
    const inString = await call(world.api, '/account/update', { name: '['.repeat(40) }, world.callers.outsider.token);
    expect(inString).toMatchObject({ status: 200, body: { name: '['.repeat(40) } });
  });

  it('refuses control characters anywhere in the body with VALIDATION_FAILED naming the field', async () => {
    const token = world.callers.outsider.token;
    for (const control of ['\u0000', '\u0007', '\n', '\t', '\u001f', '\u007f', '\u0085']) {
      const response = await call(world.api, '/account/update', { name: `a${control}b` }, token);
      expect(response).toMatchObject({
        status: 400,
        body: { name: PRODUCT_ERROR_NAME, errorCode: 'VALIDATION_FAILED', message: 'name must not contain control characters' },
      });
    }
    const nested = await call(
      world.api,
      '/organization/update',
      { organizationId: world.organizationA.organization.id, updateProps: { name: 'x\u0000' } },
      world.callers.systemAdmin.token,
    );
    expect(nested).toMatchObject({ status: 400, body: { errorCode: 'VALIDATION_FAILED', message: 'updateProps.name must not contain control characters' } });
    const inArray = await call(
      world.api,
      '/organization/inviteMembers',
      { organizationId: world.organizationA.organization.id, emails: ['a@example.com', 'b\r\n@example.com'], props: {} },
      token,
    );
    expect(inArray).toMatchObject({ status: 400, body: { errorCode: 'VALIDATION_FAILED', message: 'emails.1 must not contain control characters' } });
    const inKey = await call(world.api, '/account/update', { 'na\u0000me': 'x' }, token);
    expect(inKey).toMatchObject({
      status: 400,
      body: { errorCode: 'VALIDATION_FAILED', message: 'Property names must not contain control characters: "na\\u0000me"' },
    });
    const form = await postRaw(world.api, '/account/update', 'application/x-www-form-urlencoded', 'name=a%00b', token);
    expect({ status: form.status, body: await form.json() }).toMatchObject({
      status: 400,
      body: { errorCode: 'VALIDATION_FAILED', message: 'name must not contain control characters' },
    });
  });

  it.each([
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udc00'],
    ['U+FFFE', '\ufffe'],
    ['U+FFFF', '\uffff'],
    ['U+FDD0', '\ufdd0'],
    ['U+10FFFF', '\u{10ffff}'],
  ])('refuses %s in any text field with VALIDATION_FAILED naming the field, before anything is stored', async (_what, bad) => {
    const { systemAdmin, outsider } = world.callers;
    const cases: { path: string; body: object; token: string; field: string }[] = [
      { path: '/account/update', body: { name: `a${bad}b` }, token: outsider.token, field: 'name' },
      {
        path: '/organization/update',
        body: { organizationId: world.organizationA.organization.id, updateProps: { name: `a${bad}b` } },
        token: systemAdmin.token,
        field: 'updateProps.name',
      },
      {
        path: '/project/update',
        body: { projectId: world.project1.project.id, updateProps: { name: `a${bad}b` } },
        token: systemAdmin.token,
        field: 'updateProps.name',
      },
      { path: '/system-admin/organization/create', body: { name: `a${bad}b` }, token: systemAdmin.token, field: 'name' },
      {
        path: '/system-admin/project/create',
        body: { organizationId: world.organizationB.organization.id, name: `a${bad}b` },
        token: systemAdmin.token,
        field: 'name',
      },
      {
        path: '/organization/inviteMembers',
        body: {
          organizationId: world.organizationA.organization.id,
          emails: ['a@example.com', `in${bad}vitee@example.com`],
          props: { roleId: world.organizationA.memberRole.id, projects: [] },
        },
        token: systemAdmin.token,
        field: 'emails.1',
      },
    ];
    for (const { path, body, token, field } of cases) {
      const response = await call(world.api, path, body, token);
      expect({ path, ...response }).toMatchObject({
        path,
        status: 400,
        body: { name: PRODUCT_ERROR_NAME, errorCode: 'VALIDATION_FAILED', message: `${field} must not contain lone surrogates or noncharacters` },
      });
    }
    const inKey = await call(world.api, '/account/update', { [`na${bad}me`]: 'x' }, outsider.token);
    expect(inKey).toMatchObject({
      status: 400,
      body: { errorCode: 'VALIDATION_FAILED', message: `Property names must not contain lone surrogates or noncharacters: ${JSON.stringify(`na${bad}me`)}` },
    });
  });

  it('keeps characters outside the Basic Multilingual Plane (surrogate pairs) and U+FFFD', async () => {
    const name = '😀 𠮷野家 \ufffd';
    expect(await call(world.api, '/account/update', { name }, world.callers.outsider.token)).toMatchObject({ status: 200, body: { name } });
  });

  it('refuses a JSON or form body that is not UTF-8 with VALIDATION_FAILED, rather than reading U+FFFD into it', async () => {
    const token = world.callers.outsider.token;
    const latin1 = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'latin1'));
    for (const [contentType, body] of [
      ['application/json', latin1('{"name":"caf\u00e9"}')],
      ['application/json; charset=utf-8', Uint8Array.from([...Buffer.from('{"name":"a'), 0xed, 0xa0, 0x80, ...Buffer.from('b"}')])],
      ['application/x-www-form-urlencoded', latin1('name=caf\u00e9')],
    ] as const) {
      const response = await postRaw(world.api, '/account/update', contentType, body, token);
      expect({ contentType, status: response.status, body: await response.json() }).toEqual({
        contentType,
        status: 400,
        body: { name: PRODUCT_ERROR_NAME, errorCode: 'VALIDATION_FAILED', message: 'The body must be UTF-8 text' },
      });
    }
  });

  it('refuses a body with more than 2000 array elements and object properties with VALIDATION_FAILED', async () => {
    const keys = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 1]));
    const response = await call(
      world.api,
      '/organization/get',
      { organizationId: world.organizationA.organization.id, extra: keys },
      world.callers.systemAdmin.token,
    );
    expect(response).toMatchObject({
      status: 400,
      body: { errorCode: 'VALIDATION_FAILED', message: 'The body must not hold more than 2000 array elements and object properties' },
    });
  });

  it('refuses a malformed multipart body with VALIDATION_FAILED', async () => {
    const token = world.callers.outsider.token;
    for (const [contentType, body] of [
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\n\r\ncut short'],
    ] as const) {
      const response = await postRaw(world.api, '/account/uploadProfileImage', contentType, body, token);
      expect({ status: response.status, body: await response.json() }).toMatchObject({
        status: 400,
        body: { name: PRODUCT_ERROR_NAME, errorCode: 'VALIDATION_FAILED' },
      });
    }
  });

  it('refuses a body of an unsupported content type with VALIDATION_FAILED, not an image error', async () => {
    const response = await postRaw(world.api, '/organization/get', 'application/xml', '<organizationId>x</organizationId>', world.callers.systemAdmin.token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ name: PRODUCT_ERROR_NAME, errorCode: 'VALIDATION_FAILED' });
  });
});
