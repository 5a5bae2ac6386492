import { ERROR_HTTP_STATUS, isErrorCode, type ErrorCode } from '@console/domain';
import type { OpenAPIObject } from '@nestjs/swagger';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_BODY_SCHEMA } from '../src/common/openapi/document';
import { generateOpenApiDocument, serializeOpenApiDocument } from '../src/openapi';
import { AUTHORIZATION_TABLE } from './support/authorization-table';

interface Media {
  schema?: { allOf?: { $ref?: string }[]; $ref?: string };
  example?: unknown;
  examples?: Record<string, { value: { errorCode: string } }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}

const apiRoot = join(__dirname, '..');

function operationsOf(document: OpenAPIObject): { endpoint: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ endpoint: `${method.toUpperCase()} ${path}`, operation })),
  );
}

/** The error codes an operation documents, from its error answers' examples. */
function documentedCodes(operation: Operation): Map<string, string> {
  const codes = new Map<string, string>();
  for (const [status, response] of Object.entries(operation.responses)) {
    for (const example of Object.values(response.content?.['application/json']?.examples ?? {})) codes.set(example.value.errorCode, status);
  }
  return codes;
}

describe('OpenAPI document', () => {
  let document: OpenAPIObject;
  let operations: { endpoint: string; operation: Operation }[];

  beforeAll(async () => {
    document = await generateOpenApiDocument();
    operations = operationsOf(document);
  });

  it('matches the committed apps/api/openapi.json (regenerate with `pnpm openapi`)', () => {
    const committed = readFileSync(join(apiRoot, 'openapi.json'), 'utf8');
    expect(JSON.parse(committed)).toEqual(JSON.parse(serializeOpenApiDocument(document)));
  });

  it('gives every operation a unique operationId and a documented 200 response', () => {
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((o) => !o.operation.responses['200']).map((o) => o.endpoint)).toEqual([]);
  });

  it('gives every operation a summary (@ApiOperation) and its security: a scheme, or none stated for public calls', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((o) => !o.operation.summary?.trim()).map((o) => o.endpoint)).toEqual([]);
    expect(operations.filter((o) => o.operation.security === undefined).map((o) => o.endpoint)).toEqual([]);
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    const used = operations.flatMap((o) => (o.operation.security ?? []).flatMap((requirement) => Object.keys(requirement)));
    expect([...new Set(used)].filter((scheme) => !schemes.includes(scheme))).toEqual([]);
    const security = Object.fromEntries(operations.map((o) => [o.endpoint, o.operation.security]));
    expect(security['POST /session/passwordChanged']).toEqual([]);
    expect(security['POST /session/introspect']).toEqual([{ subsystemKey: [] }]);
    expect(security['POST /project/get']).toEqual([{ bearer: [] }, { sessionCookie: [] }]);
  });

  it('gives every operation its 4xx and 5xx answers with the error body, each code at its catalogue status', () => {
    const withoutClientErrors = operations.filter((o) => !Object.keys(o.operation.responses).some((status) => status.startsWith('4')));
    expect(withoutClientErrors.map((o) => o.endpoint)).toEqual([]);
    const misplaced: string[] = [];
    for (const { endpoint, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status === '200') continue;
        const media = response.content?.['application/json'];
        if (media?.schema?.allOf?.[0]?.$ref !== `#/components/schemas/${ERROR_BODY_SCHEMA}`) misplaced.push(`${endpoint} ${status}: not the error body`);
        const codes = Object.keys(media?.examples ?? {});
        if (codes.length === 0) misplaced.push(`${endpoint} ${status}: no code`);
        for (const code of codes) if (!isErrorCode(code) || String(ERROR_HTTP_STATUS[code]) !== status) misplaced.push(`${endpoint} ${status}: ${code}`);
      }
      if (!documentedCodes(operation).has('VALIDATION_FAILED')) misplaced.push(`${endpoint}: no VALIDATION_FAILED`);
    }
    expect(misplaced).toEqual([]);
  });

  it('documents every refusal of the authorization matrix among the answers of its operation', () => {
    const byEndpoint = new Map(operations.map((o) => [o.endpoint, documentedCodes(o.operation)]));
    const missing: string[] = [];
    for (const row of AUTHORIZATION_TABLE) {
      const codes = byEndpoint.get(row.endpoint.replace(/:(\w+)/g, '{$1}'));
      if (codes === undefined) continue;
      for (const outcome of Object.values(row.expected)) {
        if (outcome !== 'ok' && outcome !== 'redirect' && !codes.has(outcome)) missing.push(`${row.endpoint}: ${outcome satisfies ErrorCode}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
    // The matrix's calls are the document's (besides the health checks and files, served outside it).
    expect(AUTHORIZATION_TABLE.filter((row) => byEndpoint.has(row.endpoint)).length).toBeGreaterThan(40);
  });

  it('gives every operation an example of its JSON request and answer (from the DTOs: @ApiProperty({ example }))', () => {
    const lacking: string[] = [];
    for (const { endpoint, operation } of operations) {
      const request = operation.requestBody?.content['application/json'];
      const answer = operation.responses['200']?.content?.['application/json'];
      if (request !== undefined && request.example === undefined) lacking.push(`${endpoint} request`);
      if (answer !== undefined && answer.example === undefined) lacking.push(`${endpoint} answer`);
      if (request?.example === undefined && answer?.example === undefined) lacking.push(`${endpoint} (none)`);
    }
    expect(lacking).toEqual([]);
  });

  it("passes Redocly's recommended lint with redocly.yaml (no error, no warning)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, serializeOpenApiDocument(document));
      const output = execFileSync(
        join(apiRoot, 'node_modules', '.bin', 'redocly'),
        ['lint', file, '--config', join(apiRoot, 'redocly.yaml'), '--format', 'json'],
        {
          cwd: apiRoot,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      ).toString();
      const report = JSON.parse(output) as { totals: { errors: number; warnings: number } };
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
