import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { TestApi } from './harness';

function paths(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return [typeof value === 'string' ? value : '/'];
}

function join(...parts: string[]): string {
  const joined = parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter((p) => p !== '')
    .join('/');
  return `/${joined}`;
}

/** Methods of the API's routes; HEAD answers with every GET route (Fastify's own). */
const SERVED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Every route the server answers, as 'METHOD /path' (path parameters as ':name'): the controllers'
 * and the routes added to Fastify directly (health checks), read from the server's routing tree as
 * Fastify prints it (one line per path fragment, indented under the fragment it continues, the
 * methods after a fragment that ends a route).
 */
export function servedRoutes(api: TestApi): string[] {
  const fastify = api.app.getHttpAdapter().getInstance();
  const routes = new Set<string>();
  for (const method of SERVED_METHODS) {
    const fragments: string[] = [];
    for (const line of fastify.printRoutes({ method, commonPrefix: false }).split('\n')) {
      const node = /^((?:[│ ] {3})*)[├└]── (.*?)( \(.+\))?$/u.exec(line);
      if (!node) continue;
      const depth = (node[1] ?? '').length / 4;
      fragments.length = depth;
      fragments.push(node[2] ?? '');
      if (node[3] !== undefined) routes.add(`${method} ${fragments.join('')}`);
    }
  }
  return [...routes].sort();
}

/** Every route the application serves (of handlers `where` accepts), as 'METHOD /path' (path parameters as ':name'), from the controllers' metadata. */
export function discoverRoutes(api: TestApi, where: (handler: object) => boolean = () => true): string[] {
  const discovery = api.app.get(DiscoveryService, { strict: false });
  const scanner = new MetadataScanner();
  const routes = new Set<string>();
  for (const wrapper of discovery.getControllers()) {
    const metatype = wrapper.metatype as (new (...args: never[]) => unknown) | null;
    if (!metatype) continue;
    const prefixes = paths(Reflect.getMetadata(PATH_METADATA, metatype));
    const prototype = metatype.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as object;
      const handlerPath: unknown = Reflect.getMetadata(PATH_METADATA, handler);
      if (handlerPath === undefined || !where(handler)) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      for (const prefix of prefixes) for (const path of paths(handlerPath)) routes.add(`${method} ${join(prefix, path)}`);
    }
  }
  return [...routes].sort();
}
