import type { INestApplicationContext } from '@nestjs/common';
import type { OpenAPIObject, OperationObject, ReferenceObject, ResponseObject, SchemaObject, SecurityRequirementObject } from '@nestjs/swagger';
import { DEPLOYMENTS, ENVIRONMENTS } from '@console/config';
import { ERROR_MESSAGES, ERROR_MESSAGES_EN, ErrorCodes, PRODUCT_ERROR_NAME, type ErrorCode } from '@console/domain';
import type { AccessLevel } from '../auth/access.decorator';
import { SUBSYSTEM_KEY_HEADER } from '../auth/auth.guard';
import { callFactsByOperationId } from './call-facts';
import { errorCodesOf } from './error-answers';
import { exampleOf, NO_EXAMPLE } from './examples';

type Schema = SchemaObject | ReferenceObject;

export const ERROR_BODY_SCHEMA = 'ErrorBody';
const ERROR_CODE_SCHEMA = 'ErrorCode';

/** How callers authenticate (common/auth/auth.guard.ts). */
const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "The user's Firebase ID token." },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: DEPLOYMENTS.prod.sessionCookieName,
    description: `The session cookie shared with sibling products (${ENVIRONMENTS.map((e) => DEPLOYMENTS[e].sessionCookieName).join(', ')} by environment); alone, only from a trusted origin (docs/integration.md).`,
  },
  subsystemKey: {
    type: 'apiKey',
    in: 'header',
    name: SUBSYSTEM_KEY_HEADER,
    description:
      "The calling sibling product's service credential secret (csk_…; docs/integration.md), or in development and tests its environment key (SUBSYSTEM_KEYS).",
  },
} as const;

/** Who may call, per access level; public calls state that they need nothing. */
const SECURITY: Readonly<Record<AccessLevel, SecurityRequirementObject[]>> = {
  public: [],
  service: [{ subsystemKey: [] }],
  firebaseUser: [{ bearer: [] }, { sessionCookie: [] }],
  account: [{ bearer: [] }, { sessionCookie: [] }],
  systemAdmin: [{ bearer: [] }, { sessionCookie: [] }],
};

const RETRY_AFTER = { description: 'Seconds after which the call may be retried.', schema: { type: 'integer' } } as const;

function errorBodySchema(): SchemaObject {
  return {
    type: 'object',
    description: 'The body of every non-OK answer (docs/integration.md#errors): match on errorCode, not on the message.',
    required: ['name', 'errorCode', 'message'],
    properties: {
      name: { type: 'string', enum: [PRODUCT_ERROR_NAME] },
      errorCode: { $ref: `#/components/schemas/${ERROR_CODE_SCHEMA}` },
      message: { type: 'string', description: 'In the language of Accept-Language (Japanese by default).' },
    },
  };
}

/** The answer of one status: the error body, its codes as an enum, an example per code. */
function errorAnswer(status: number, codes: readonly ErrorCode[]): ResponseObject {
  return {
    description: codes.map((code) => `${code}: ${ERROR_MESSAGES_EN[code]}`).join('; '),
    ...(status === 429 || status === 503 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
    content: {
      'application/json': {
        schema: {
          allOf: [{ $ref: `#/components/schemas/${ERROR_BODY_SCHEMA}` }, { type: 'object', properties: { errorCode: { type: 'string', enum: [...codes] } } }],
        },
        examples: Object.fromEntries(
          codes.map((code) => [
            code,
            { summary: ERROR_MESSAGES_EN[code], value: { name: PRODUCT_ERROR_NAME, errorCode: code, message: ERROR_MESSAGES[code] } },
          ]),
        ),
      },
    },
  };
}

/**
 * Makes a schema valid for OpenAPI 3.0 and the linter: a lone `allOf: [x]` becomes `x`; `nullable`
 * gets its `type` (that of the schema referred to, or on the first branch of a `oneOf`/`anyOf`).
 */
function tidySchema(schema: Schema, schemas: Record<string, Schema>): Schema {
  if ('$ref' in schema) return schema;
  const tidied: SchemaObject = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === 'properties') return [key, Object.fromEntries(Object.entries(value as Record<string, Schema>).map(([k, v]) => [k, tidySchema(v, schemas)]))];
      if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) return [key, tidySchema(value as Schema, schemas)];
      if (key === 'allOf' || key === 'oneOf' || key === 'anyOf') return [key, (value as Schema[]).map((v) => tidySchema(v, schemas))];
      return [key, value];
    }),
  );
  const keys = Object.keys(tidied);
  if (keys.length === 1 && tidied.allOf?.length === 1) return tidied.allOf[0] as Schema;
  if (tidied.nullable === true && tidied.type === undefined) {
    const single = tidied.allOf?.length === 1 ? tidied.allOf[0] : undefined;
    if (single !== undefined && '$ref' in single) {
      const target = schemas[single.$ref.replace('#/components/schemas/', '')];
      const type = target !== undefined && !('$ref' in target) ? (target.type ?? 'object') : 'object';
      return { ...tidied, type };
    }
    const branches = tidied.oneOf ?? tidied.anyOf;
    const first = branches?.[0];
    if (branches !== undefined && first !== undefined && !('$ref' in first)) {
      const { nullable: _nullable, ...rest } = tidied;
      const key = tidied.oneOf !== undefined ? 'oneOf' : 'anyOf';
      return { ...rest, [key]: [{ ...first, nullable: true }, ...branches.slice(1)] };
    }
    throw new Error(`nullable schema without a type: ${JSON.stringify(schema)}`);
  }
  return tidied;
}

function setExample(content: Record<string, { schema?: Schema; example?: unknown; examples?: unknown }> | undefined, schemas: Record<string, Schema>): void {
  const json = content?.['application/json'];
  if (json?.schema === undefined || json.example !== undefined || json.examples !== undefined) return;
  const example = exampleOf(json.schema, schemas);
  if (example !== NO_EXAMPLE) json.example = example;
}

function operationsOf(document: OpenAPIObject): OperationObject[] {
  return Object.values(document.paths).flatMap((item) =>
    (['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const).flatMap((method) => (item[method] ? [item[method]] : [])),
  );
}

/**
 * What the controllers' decorators leave out of the document (docs/integration.md#openapi): the
 * servers, the security of each call from its access level, its error answers from the error
 * catalogue and what it does, examples from the DTOs' and schemas tidied for OpenAPI 3.0.
 */
export function completeOpenApiDocument(document: OpenAPIObject, app: INestApplicationContext): OpenAPIObject {
  const calls = callFactsByOperationId(app);
  const components = document.components ?? {};
  const schemas: Record<string, Schema> = {
    ...Object.fromEntries(Object.entries(components.schemas ?? {}).map(([name, schema]) => [name, schema])),
    [ERROR_CODE_SCHEMA]: { type: 'string', enum: Object.values(ErrorCodes), description: 'The error catalogue (docs/product-rules.md#errors).' },
    [ERROR_BODY_SCHEMA]: errorBodySchema(),
  };
  for (const [name, schema] of Object.entries(schemas)) schemas[name] = tidySchema(schema, schemas);
  // The hosted environments (dev serves the API on the developer's machine).
  const hosts = ENVIRONMENTS.filter((environment) => environment !== 'dev').flatMap((environment) => {
    const { api, internalApi } = DEPLOYMENTS[environment].hosts.auth;
    return [...new Set([api, internalApi])].map((url) => ({
      url,
      description: url === api ? environment : `${environment}, from sibling products' back ends`,
    }));
  });
  const completed: OpenAPIObject = { ...document, servers: hosts, components: { ...components, schemas, securitySchemes: SECURITY_SCHEMES } };
  for (const operation of operationsOf(completed)) {
    const id = operation.operationId ?? '';
    const call = calls.get(id);
    if (call === undefined) throw new Error(`operation ${id} has no controller handler of that name`);
    operation.security = SECURITY[call.access];
    for (const [status, codes] of errorCodesOf(call)) operation.responses[String(status)] = errorAnswer(status, codes);
    const body = operation.requestBody;
    if (body !== undefined && !('$ref' in body)) {
      for (const media of Object.values(body.content)) if (media.schema !== undefined) media.schema = tidySchema(media.schema, schemas);
      setExample(body.content, schemas);
    }
    for (const response of Object.values(operation.responses) as (ResponseObject | ReferenceObject)[]) {
      if ('$ref' in response) continue;
      for (const media of Object.values(response.content ?? {})) if (media.schema !== undefined) media.schema = tidySchema(media.schema, schemas);
      setExample(response.content, schemas);
    }
  }
  return completed;
}
