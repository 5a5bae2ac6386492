import Fastify from 'fastify';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createApp } from '../src/app';
import { lazySchemaCompilers } from '../src/common/http/schema-compilers';
import { loadConfig } from '../src/config/app-config';

const probeSchema = {
  body: { type: 'object', properties: { name: { type: 'string', maxLength: 3 } }, required: ['name'], additionalProperties: false },
  response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
} as const;

describe("Fastify's schema compilers", () => {
  it('are not loaded as a process builds the application', () => {
    const dist = join(__dirname, '..', 'dist');
    // The built application in a process of its own: the test's modules are not Node's.
    const script = `
      const { createApp } = require(${JSON.stringify(join(dist, 'app.js'))});
      const { loadConfig } = require(${JSON.stringify(join(dist, 'config', 'app-config.js'))});
      createApp(loadConfig(process.env), { logger: false }).then(async (app) => {
        const files = Object.keys(require.cache);
        await app.close();
        process.stdout.write(JSON.stringify({
          fastify: files.filter((file) => file.includes('/node_modules/fastify/')).length,
          compilers: files.filter((file) => /\\/node_modules\\/(@fastify\\/ajv-compiler|@fastify\\/fast-json-stringify-compiler|ajv)\\//.test(file)),
        }));
      });`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 })) as {
      fastify: number;
      compilers: string[];
    };
    expect(loaded.fastify).toBeGreaterThan(10);
    expect(loaded.compilers).toEqual([]);
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
