import { ADMIN_ROLE_KEY, generateId, isValidId, type IdKind } from '@console/domain';
import type { OpenAPIObject } from '@nestjs/swagger';
import fc from 'fast-check';
import { openApiDocument } from '../src/app';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganization,
  createProject,
  createSystemAdmin,
  uniqueEmail,
  type InviteEntryBody,
} from './support/fixtures';
import { bearer, call, isErrorBody, startApi, type TestApi } from './support/harness';
import { discoverRoutes } from './support/routes';

/**
 * Random and hostile bodies on every POST route that route discovery finds, anonymously and as two
 * signed-up users with accounts (an organization and project administrator, a system
 * administrator): every answer is a 4xx with the product's error body (a 2xx when the body happens
 * to be valid), never a 5xx. The listings also get crafted paging cursors. Seeded:
 * HOSTILE_INPUT_SEED=<seed> replays another run.
 */
const SEED = Number(process.env.HOSTILE_INPUT_SEED ?? 20_260_611);
/** Bodies per route and caller: 3 callers × every POST route × 40 (12,000 requests with 100 routes). */
const BODIES_PER_ROUTE_AND_CALLER = 40;
/** Where the API stops nesting; the generator nests deeper. */
const DEEPER_THAN_ALLOWED = 33;
/** The API's JSON body limit (MAX_JSON_BODY_BYTES, 1 MiB), passed by the oversized bodies. */
const OVER_THE_BODY_LIMIT = 1024 * 1024 + 1;

type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
};

interface Route {
  path: string;
  /** The route takes multipart/form-data (an upload): it gets no JSON bodies. */
  multipart: boolean;
  /** The JSON request body's schema, when the route documents one. */
  schema: Schema | undefined;
}

interface HostileRequest {
  kind: string;
  /** The body holds text no field takes: the answer must be a 4xx, whatever else the body holds. */
  refused?: boolean;
  /** Sent as the Content-Type header; none when undefined. */
  contentType: string | undefined;
  /** Raw bytes, so that fetch adds no Content-Type of its own; undefined sends no body. */
  payload: Uint8Array | undefined;
}

const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\u000b', '\f', '\r', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];
/** Lone surrogates (JSON.stringify writes them as \ud800 escapes) and noncharacters. */
const MALFORMED_CHARACTERS = ['\ud800', '\udbff', '\udc00', '\udfff', '\ufffe', '\uffff', '\ufdd0', '\ufdef', '\u{1fffe}', '\u{10ffff}'];
const ID_KINDS: readonly IdKind[] = ['account', 'organization', 'project', 'role', 'invitation'];
const PROTOTYPE_POLLUTION = [
  '{"__proto__":{"isSystemAdmin":true}}',
  '{"constructor":{"prototype":{"isSystemAdmin":true}}}',
  '{"organizationId":"aaaaaaaa","__proto__":[]}',
  '{"updateProps":{"__proto__":{"name":"x"}}}',
  '{"props":{"constructor":{"prototype":{"roleId":"x"}}}}',
  '[{"__proto__":{"a":1}}]',
];
const OTHER_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'image/png',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'multipart/mixed; boundary=x',
  'application/vnd.api+json',
  'application/json-patch+json',
  '*/*',
  '',
];
const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json;;',
];

/** Routes a browser posts a form to (a SAML identity provider's answer): a body they take is refused with a redirect, not an error body. */
const BROWSER_FORM_POSTS: readonly string[] = ['/auth/sso/callback'];

const encoder = new TextEncoder();
const bytes = (text: string): Uint8Array => encoder.encode(text);
const pad = (n: number, width: number): string => String(n).padStart(width, '0');
/** A cursor as the API writes one: the base64url of the JSON array of the key's values. */
const cursorOf = (key: unknown): string => Buffer.from(JSON.stringify(key)).toString('base64url');

function resolve(schema: Schema, document: OpenAPIObject): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return (document.components?.schemas?.[name] ?? {}) as Schema;
}

function routeOf(endpoint: string, document: OpenAPIObject): Route {
  const path = endpoint.slice('POST '.length);
  const content = (document.paths[path]?.post?.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
  const json = content['application/json']?.schema;
  return { path, multipart: 'multipart/form-data' in content, schema: json ? resolve(json, document) : undefined };
}

/**
 * Paging cursors of the listings' shapes ((time, id), (name, id), (name, id, name, id)) and of no
 * shape, holding times near the edges of what exists (year 0, 30 February, 24:00, month 13) and
 * texts with foreign characters, and other spellings of a cursor (padded, spaced out).
 */
function cursorArbitrary(knownIds: readonly string[], text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const edgeTime = fc.constantFrom(
    '0000-01-01T00:00:00.000000Z',
    '0000-12-31T23:59:59.999999Z',
    '2026-02-29T00:00:00.000000Z',
    '2026-02-30T00:00:00.000000Z',
    '2026-04-31T12:00:00.000000Z',
    '2026-01-01T24:00:00.000000Z',
    '2026-13-01T00:00:00.000000Z',
    '2026-01-01T23:59:60.000000Z',
    '9999-12-31T23:59:59.999999Z',
  );
  const anyTime = fc
    .tuple(
      fc.oneof(fc.constantFrom(0, 1, 1969, 2026, 9999), fc.integer({ min: 0, max: 9999 })),
      fc.constantFrom(0, 1, 2, 4, 12, 13),
      fc.constantFrom(0, 1, 28, 29, 30, 31, 32),
      fc.constantFrom(0, 23, 24, 25),
      fc.constantFrom(0, 59, 60),
      fc.integer({ min: 0, max: 999_999 }),
    )
    .map(([year, month, day, hour, second, micro]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:00:${pad(second, 2)}.${pad(micro, 6)}Z`);
  const time = fc.oneof(edgeTime, anyTime);
  const idOf = (kind: IdKind): fc.Arbitrary<string> => {
    const known = knownIds.filter((id) => isValidId(kind, id));
    return fc.oneof(
      fc.constant(null).map(() => generateId(kind)),
      ...(known.length > 0 ? [fc.constantFrom(...known)] : []),
    );
  };
  const key = fc.oneof(
    fc.tuple(time, idOf('account')),
    fc.tuple(time, idOf('invitation')),
    fc.tuple(time, fc.uuid()),
    fc.tuple(text, idOf('organization')),
    fc.tuple(text, idOf('organization'), text, idOf('project')),
    fc.array(fc.oneof(time, idOf('account'), text, fc.jsonValue({ maxDepth: 1 })), { maxLength: 5 }),
  );
  return fc.oneof(
    { weight: 8, arbitrary: key.map(cursorOf) },
    { weight: 1, arbitrary: key.map((k) => `${cursorOf(k)}=`) },
    { weight: 1, arbitrary: key.map((k) => Buffer.from(JSON.stringify(k, null, 1)).toString('base64url')) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  );
}

/** Arbitraries over the ids, names and addresses of the run's data, so that random bodies also reach the services. */
function valueArbitraries(knownIds: readonly string[]) {
  const known = fc.constantFrom(...knownIds);
  const freshId = fc.constantFrom(...ID_KINDS).map((kind) => generateId(kind));
  /** Text holding the character, between a value of the run's data or random text and random text. */
  const holding = (character: fc.Arbitrary<string>): fc.Arbitrary<string> =>
    fc.tuple(fc.oneof(known, fc.string({ maxLength: 12 })), character, fc.string({ maxLength: 12 })).map(([before, c, after]) => `${before}${c}${after}`);
  /** Text holding a lone surrogate or a noncharacter. */
  const malformed = holding(fc.constantFrom(...MALFORMED_CHARACTERS));
  /** Text holding a character no field takes: a control character, a lone surrogate or a noncharacter. */
  const foreign = fc.oneof(holding(fc.oneof(fc.constant('\u0000'), fc.constantFrom(...CONTROL_CHARACTERS))), malformed);
  const huge = fc.tuple(fc.integer({ min: 10_000, max: 300_000 }), fc.constantFrom('x', '界', '😀', '\u0000')).map(([n, c]) => c.repeat(n));
  const anyString = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
  const email = fc.oneof(
    fc.emailAddress(),
    fc.constant(uniqueEmail('hostile')),
    fc.string({ maxLength: 20 }).map((s) => `${s}@example.com`),
  );
  const wrongType = fc.oneof(fc.constant(null), fc.integer(), fc.double(), fc.boolean(), fc.constant({}), fc.constant([]), fc.jsonValue({ maxDepth: 2 }));
  const string = fc.oneof(
    { weight: 4, arbitrary: known },
    { weight: 2, arbitrary: freshId },
    { weight: 3, arbitrary: anyString },
    { weight: 2, arbitrary: foreign },
    { weight: 2, arbitrary: email },
    { weight: 1, arbitrary: fc.webUrl() },
  );
  const hostile = fc.oneof({ weight: 5, arbitrary: foreign }, { weight: 4, arbitrary: wrongType }, { weight: 1, arbitrary: huge });
  const cursor = cursorArbitrary(knownIds, fc.oneof(fc.string({ maxLength: 20 }), foreign));
  return { string, hostile, foreign, malformed, cursor };
}

type Values = ReturnType<typeof valueArbitraries>;

/**
 * A body the route could accept: ids of the run's data of the right length, URLs, addresses,
 * names, numbers in range; and a crafted cursor for a listing's cursor.
 */
function plausible(schema: Schema, document: OpenAPIObject, knownIds: readonly string[], values: Values, name = ''): fc.Arbitrary<unknown> {
  const own = resolve(schema, document);
  if (own.properties) {
    return fc.record(Object.fromEntries(Object.entries(own.properties).map(([key, property]) => [key, plausible(property, document, knownIds, values, key)])));
  }
  if (typeof own.additionalProperties === 'object')
    return fc.dictionary(fc.constant('knowledge'), plausible(own.additionalProperties, document, knownIds, values), { maxKeys: 1 });
  if (own.type === 'array' && own.items) return fc.array(plausible(own.items, document, knownIds, values, name), { minLength: 1, maxLength: 3 });
  if (own.enum) return fc.constantFrom(...own.enum);
  if (own.type === 'boolean') return fc.boolean();
  if (own.type === 'integer') return fc.integer({ min: own.minimum ?? 0, max: own.maximum ?? 1000 });
  if (name === 'cursor') return values.cursor;
  const ids = knownIds.filter((id) => id.length === own.minLength && own.minLength === own.maxLength);
  if (ids.length > 0) return fc.constantFrom(...ids);
  if (name.endsWith('Src')) return fc.webUrl();
  if (name.startsWith('email')) return fc.emailAddress();
  return fc.string({ minLength: 1, maxLength: 30 });
}

/** The body with the leaf number `n` (counted modulo the leaves, the body itself when it has none) replaced by `value`. */
function replaceLeaf(body: unknown, n: number, value: unknown): unknown {
  const leaves: { parent: Record<string, unknown>; key: string }[] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, child] of Object.entries(node)) {
      if (typeof child === 'object' && child !== null) visit(child);
      else leaves.push({ parent: node as Record<string, unknown>, key });
    }
  };
  const copy = structuredClone(body);
  visit(copy);
  const leaf = leaves[n % Math.max(leaves.length, 1)];
  if (!leaf) return value;
  leaf.parent[leaf.key] = value;
  return copy;
}

/** Values shaped like the schema, any part of which may be replaced by a hostile value. */
function shaped(schema: Schema, document: OpenAPIObject, values: Values, depth = 0): fc.Arbitrary<unknown> {
  const own = resolve(schema, document);
  let arbitrary: fc.Arbitrary<unknown>;
  if (own.properties) {
    const model = Object.fromEntries(Object.entries(own.properties).map(([key, property]) => [key, shaped(property, document, values, depth + 1)]));
    arbitrary = fc.record(model, { requiredKeys: [] });
    if (depth === 0) {
      const extra = fc.oneof(
        { weight: 4, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), values.foreign), values.hostile, { minKeys: 1, maxKeys: 2 }) },
      );
      arbitrary = fc.tuple(arbitrary, extra).map(([body, more]) => ({ ...more, ...(body as object) }));
    }
  } else if (typeof own.additionalProperties === 'object') {
    arbitrary = fc.dictionary(
      fc.oneof(fc.constantFrom('knowledge', 'unknown'), values.foreign),
      shaped(own.additionalProperties, document, values, depth + 1),
      { maxKeys: 3 },
    );
  } else if (own.type === 'array' && own.items) {
    arbitrary = fc.array(shaped(own.items, document, values, depth + 1), { maxLength: 4 });
  } else if (own.enum) {
    arbitrary = fc.constantFrom(...own.enum);
  } else if (own.type === 'boolean') {
    arbitrary = fc.boolean();
  } else {
    arbitrary = values.string;
  }
  return fc.oneof({ weight: 3, arbitrary }, { weight: 2, arbitrary: values.hostile });
}

function jsonBody(kind: string, text: fc.Arbitrary<string>): fc.Arbitrary<HostileRequest> {
  return fc.tuple(fc.constantFrom(...JSON_CONTENT_TYPES), text).map(([contentType, body]) => ({ kind, contentType, payload: bytes(body) }));
}

/** Nesting deeper than the API allows, alone or inside a field, closed or not. */
const deepNesting = fc
  .record({
    depth: fc.oneof(fc.integer({ min: DEEPER_THAN_ALLOWED, max: 200 }), fc.integer({ min: 200, max: 150_000 })),
    open: fc.constantFrom('[', '{"a":', '[{"b":'),
    closed: fc.boolean(),
    inField: fc.constantFrom('', 'organizationId', 'updateProps', 'emails'),
  })
  .map(({ depth, open, closed, inField }) => {
    const close = [...open]
      .filter((c) => c === '[' || c === '{')
      .map((c) => (c === '[' ? ']' : '}'))
      .reverse()
      .join('');
    const nested = `${open.repeat(depth)}1${closed ? close.repeat(depth) : ''}`;
    return inField ? `{"${inField}":${nested}}` : nested;
  });

/** Within the body limit but wide: a field holding a long array, or an object with many properties. */
const wide = fc
  .record({
    count: fc.oneof(fc.integer({ min: 100, max: 2_500 }), fc.integer({ min: 2_500, max: 100_000 })),
    field: fc.constantFrom('emails', 'ids', 'updateProps', 'name'),
    asObject: fc.boolean(),
  })
  .map(({ count, field, asObject }) => {
    const items = Array.from({ length: count }, (_, i) => (asObject ? `"k${i}":1` : '"a"'));
    return `{"${field}":${asObject ? `{${items.join(',')}}` : `[${items.join(',')}]`}}`;
  });

/** Every kind of hostile request for a route. */
function hostileRequests(route: Route, document: OpenAPIObject, values: Values, knownIds: readonly string[]): fc.Arbitrary<HostileRequest> {
  const objects = route.schema ? shaped(route.schema, document, values) : fc.dictionary(fc.string({ maxLength: 10 }), values.hostile, { maxKeys: 3 });
  const valid = route.schema ? plausible(route.schema, document, knownIds, values) : fc.constant({});
  const oneHostileField = fc.tuple(valid, fc.nat(), values.hostile).map(([body, n, value]) => replaceLeaf(body, n, value));
  const oneMalformedField = fc.tuple(valid, fc.nat(), values.malformed).map(([body, n, value]) => replaceLeaf(body, n, value));
  const urlEncoded = fc
    .dictionary(fc.constantFrom(...Object.keys(route.schema?.properties ?? { name: {} }), 'x'), fc.oneof(values.string, values.foreign).map(String), {
      maxKeys: 3,
    })
    .map((fields) => new URLSearchParams(fields).toString());
  const otherTypes = fc
    .tuple(
      fc.oneof(fc.constantFrom(...OTHER_CONTENT_TYPES), fc.string({ maxLength: 30 })),
      fc.oneof(
        fc.string({ maxLength: 200 }),
        urlEncoded,
        objects.map((o) => JSON.stringify(o) ?? ''),
      ),
    )
    .map(([contentType, body]): HostileRequest => ({ kind: 'other content type', contentType, payload: bytes(body) }));
  const noBody = fc.constantFrom<HostileRequest>(
    { kind: 'no body', contentType: undefined, payload: undefined },
    { kind: 'empty body', contentType: undefined, payload: new Uint8Array() },
  );
  if (route.multipart) return fc.oneof(otherTypes, noBody);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: jsonBody(
        'plausible',
        valid.map((o) => JSON.stringify(o)),
      ),
    },
    {
      weight: 12,
      arbitrary: jsonBody(
        'one hostile field',
        oneHostileField.map((o) => JSON.stringify(o) ?? 'null'),
      ),
    },
    {
      weight: 6,
      arbitrary: jsonBody(
        'one malformed text',
        oneMalformedField.map((o) => JSON.stringify(o)),
      ).map((request) => ({ ...request, refused: true })),
    },
    // The listings: plausible bodies, so with a crafted cursor (and a limit).
    ...('cursor' in (route.schema?.properties ?? {})
      ? [
          {
            weight: 12,
            arbitrary: jsonBody(
              'crafted cursor',
              valid.map((o) => JSON.stringify(o)),
            ),
          },
        ]
      : []),
    {
      weight: 6,
      arbitrary: jsonBody(
        'shaped',
        objects.map((o) => JSON.stringify(o) ?? 'null'),
      ),
    },
    {
      weight: 3,
      arbitrary: jsonBody(
        'random JSON',
        fc.jsonValue().map((v) => JSON.stringify(v)),
      ),
    },
    { weight: 3, arbitrary: jsonBody('deep nesting', deepNesting) },
    { weight: 1, arbitrary: jsonBody('wide', wide) },
    {
      weight: 2,
      arbitrary: jsonBody(
        'array instead of object',
        fc.array(objects, { maxLength: 3 }).map((a) => JSON.stringify(a)),
      ),
    },
    { weight: 2, arbitrary: jsonBody('prototype pollution', fc.constantFrom(...PROTOTYPE_POLLUTION)) },
    {
      weight: 3,
      arbitrary: jsonBody(
        'not JSON',
        fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{', '{"a":1', "{'a':1}", 'NaN', '[1,]', '\u0000', '{"a":"\\u00"}', '{"a":"\\ud800"}')),
      ),
    },
    {
      weight: 1,
      arbitrary: jsonBody(
        'oversized',
        fc.integer({ min: OVER_THE_BODY_LIMIT, max: OVER_THE_BODY_LIMIT + 100_000 }).map((n) => JSON.stringify({ name: 'x'.repeat(n) })),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 64 }).map((payload): HostileRequest => ({
        kind: 'invalid UTF-8',
        contentType: 'application/json',
        payload: Uint8Array.from([0x7b, 0x22, 0xff, 0xfe, ...payload]),
      })),
    },
    { weight: 3, arbitrary: otherTypes },
    { weight: 1, arbitrary: noBody },
  );
}

function preview(request: HostileRequest): string {
  if (!request.payload) return '(no body)';
  const text = new TextDecoder().decode(request.payload);
  return `${JSON.stringify(text.slice(0, 160))}${text.length > 160 ? `… (${text.length} characters)` : ''}`;
}

describe('hostile input', () => {
  let api: TestApi;
  const tokens: Record<string, string | undefined> = { anonymous: undefined };
  let knownIds: string[] = [];

  beforeAll(async () => {
    api = await startApi();
    const [member, systemAdmin, organization, otherOrganization] = await Promise.all([
      createCaller(api),
      createSystemAdmin(api),
      createOrganization(api),
      createOrganization(api),
    ]);
    const project = await createProject(api, organization.organization.id);
    await addOrganizationMember(api, member.id, organization, ADMIN_ROLE_KEY);
    await addProjectMember(api, member.id, project, ADMIN_ROLE_KEY);
    const invited = await call<InviteEntryBody[]>(
      api,
      '/organization/inviteMembers',
      { organizationId: organization.organization.id, emails: [uniqueEmail('invitee')], props: { roleId: organization.memberRole.id, projects: [] } },
      member.token,
    );
    const invitationId = invited.body[0]?.invitation?.id;
    if (!invitationId) throw new Error(`no invitation: ${JSON.stringify(invited.body)}`);
    tokens.member = member.token;
    tokens.systemAdmin = systemAdmin.token;
    knownIds = [
      member.id,
      systemAdmin.id,
      organization.organization.id,
      organization.adminRole.id,
      organization.memberRole.id,
      otherOrganization.organization.id,
      otherOrganization.memberRole.id,
      project.project.id,
      project.adminRole.id,
      project.memberRole.id,
      invitationId,
      member.user.email,
    ];
  });

  afterAll(async () => {
    await api.close();
  });

  it('answers random and hostile bodies on every POST route with a 4xx error body, never a 5xx', async () => {
    const document = await openApiDocument(api.app);
    const routes = discoverRoutes(api)
      .filter((endpoint) => endpoint.startsWith('POST '))
      .map((endpoint) => routeOf(endpoint, document));
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => r.multipart).map((r) => r.path)).toEqual(
      expect.arrayContaining(['/account/uploadProfileImage', '/organization/uploadProfileImage']),
    );
    const values = valueArbitraries(knownIds);
    let requests = 0;
    const serverErrors: string[] = [];
    const otherFailures: string[] = [];
    for (const [index, route] of routes.entries()) {
      const cases = fc.sample(fc.tuple(fc.constantFrom(...Object.keys(tokens)), hostileRequests(route, document, values, knownIds)), {
        seed: SEED + index,
        numRuns: BODIES_PER_ROUTE_AND_CALLER * Object.keys(tokens).length,
      });
      for (const [caller, request] of cases) {
        const response = await fetch(`${api.baseUrl}${route.path}`, {
          method: 'POST',
          headers: { ...(request.contentType === undefined ? {} : { 'content-type': request.contentType }), ...bearer(tokens[caller]) },
          body: request.payload,
          redirect: 'manual',
        });
        requests += 1;
        const text = await response.text();
        const body: unknown = (() => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            return text;
          }
        })();
        const where = `${route.path} as ${caller}, ${request.kind} (${JSON.stringify(request.contentType)}) ${preview(request)} → ${response.status} ${text.slice(0, 200)}`;
        if (response.status >= 500) serverErrors.push(where);
        else if (BROWSER_FORM_POSTS.includes(route.path) && response.status < 400) {
          // A browser's form post that passed the body checks: refused by sending the browser to the completion page with the error code.
          if (response.status !== 303 || !/\/sso#error=SSO_[A-Z_]+$/.test(response.headers.get('location') ?? '')) otherFailures.push(where);
        } else if (response.status >= 400 ? !isErrorBody(body) : request.refused === true || response.status < 200 || response.status >= 300)
          otherFailures.push(where);
      }
    }
    process.stdout.write(`hostile input: ${requests} requests over ${routes.length} routes, ${serverErrors.length} 5xx (seed ${SEED})\n`);
    expect({ serverErrors: serverErrors.slice(0, 20), otherFailures: otherFailures.slice(0, 20) }).toEqual({ serverErrors: [], otherFailures: [] });
  }, 300_000);
});
