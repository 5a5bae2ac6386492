import Fastify from 'fastify';
import { createApp } from '../src/app';
import { lazySchemaCompilers } from '../src/common/http/schema-compilers';
import { loadConfig } from '../src/config/app-config';
import { filesLoadedBuildingApp } from './support/loaded-files';

const probeSchema = {
  body: { type: 'object', properties: { name: { type: 'string', maxLength: 3 } }, required: ['name'], additionalProperties: false },
  response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
} as const;

describe("Fastify's schema compilers", () => {
  it('are not loaded as a process builds the application', () => {
    const files = filesLoadedBuildingApp();
    expect(files.filter((file) => file.startsWith('fastify/')).length).toBeGreaterThan(10);
    expect(files.filter((file) => /^(@fastify\/ajv-compiler|@fastify\/fast-json-stringify-compiler|ajv)\//.test(file))).toEqual([]);
  });

  it("are loaded for the application's routes that declare a schema", async () => {
    const app = await createApp(loadConfig(process.env), { logger: false });
    try {
      app
        .getHttpAdapter()
        .getInstance()
        .post('/schema-probe', { schema: probeSchema }, (request) => ({ ...(request.body as object), extra: 'dropped' }));
      await app.init();
      const fastify = app.getHttpAdapter().getInstance();
      const valid = await fastify.inject({ method: 'POST', url: '/schema-probe', payload: { name: 'abc' } });
      expect(valid.statusCode).toBe(200);
      expect(valid.json()).toEqual({ name: 'abc' });
      const invalid = await fastify.inject({ method: 'POST', url: '/schema-probe', payload: { name: 'abcd' } });
      expect(invalid.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('validate and serialize as Fastify does by default', async () => {
    const lazy = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers() } });
    const byDefault = Fastify();
    for (const server of [lazy, byDefault]) server.post('/probe', { schema: probeSchema }, (request) => ({ ...(request.body as object), extra: 'dropped' }));
    try {
      for (const payload of [{ name: 'abc' }, { name: 'abcd' }, { name: 1 }, {}, { name: 'a', other: true }]) {
        const [mine, theirs] = await Promise.all([lazy, byDefault].map((server) => server.inject({ method: 'POST', url: '/probe', payload })));
        expect({ status: mine?.statusCode, body: mine?.body }).toEqual({ status: theirs?.statusCode, body: theirs?.body });
      }
    } finally {
      await Promise.all([lazy.close(), byDefault.close()]);
    }
  });
});
