import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;

/**
 * Fastify's own schema compilers (Ajv for validation, fast-json-stringify for serialization),
 * loaded when a route first declares a JSON schema instead of when the server is built, which
 * loads them whether a route needs them or not. No route of the API declares one: class-validator
 * checks the calls' bodies. Loading the two (Ajv's 85 files among them) was about 45 ms, a
 * twentieth of the time to /readyz. They are the very packages Fastify would load itself, found
 * from Fastify's directory.
 */
export function lazySchemaCompilers(): CompilersFactory {
  const fromFastify = createRequire(createRequire(__filename).resolve('fastify'));
  return {
    buildValidator: onFirstCall(() => (fromFastify('@fastify/ajv-compiler') as () => ValidatorFactory)()),
    buildSerializer: onFirstCall(() => (fromFastify('@fastify/fast-json-stringify-compiler') as () => SerializerFactory)()),
  };
}

/** A function that gets the function it stands for from `load` when first called. */
function onFirstCall<F extends (...args: never[]) => unknown>(load: () => F): F {
  let loaded: F | undefined;
  return ((...args: Parameters<F>) => (loaded ??= load())(...args)) as F;
}
