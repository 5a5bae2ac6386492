import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateOpenApiDocument, serializeOpenApiDocument } from '../src/openapi';

type Operation = { operationId?: string; responses?: Record<string, unknown>; requestBody?: unknown };

describe('OpenAPI document', () => {
  it('matches the committed apps/api/openapi.json (regenerate with `pnpm openapi`)', async () => {
    const committed = readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8');
    const generated = serializeOpenApiDocument(await generateOpenApiDocument());
    expect(JSON.parse(committed)).toEqual(JSON.parse(generated));
  });

  it('gives every operation a unique operationId and a documented 200 response', async () => {
    const document = await generateOpenApiDocument();
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
    );
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((o) => !o.operation.responses?.['200']).map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });
});
