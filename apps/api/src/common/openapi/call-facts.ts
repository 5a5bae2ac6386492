import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { PARAMTYPES_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { getMetadataStorage } from '../validation/class-validator';
import { ACCESS_KEY, type AccessLevel } from '../auth/access.decorator';
import { READ_CALL_KEY } from '../http/read-call';
import { declaredWriteFailure } from '../http/write-failure';
import { IS_DOMAIN_ID } from '../http/validators';
import { declaredErrorsOf, type CallFacts } from './error-answers';

type Class = abstract new (...args: never[]) => unknown;

/** Whether a request class (or a class it nests) validates ids with @IsDomainId. */
function checksIds(type: unknown, seen = new Set<unknown>()): boolean {
  if (typeof type !== 'function' || seen.has(type)) return false;
  seen.add(type);
  const validations = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
  if (validations.some((v) => v.name === IS_DOMAIN_ID)) return true;
  const prototype = (type as Class).prototype as object;
  return validations.some((v) => checksIds(Reflect.getMetadata('design:type', prototype, v.propertyName), seen));
}

/** The class of the handler's @Body() parameter, if any. */
function bodyTypeOf(controller: Class, name: string): unknown {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number }>;
  const body = Object.entries(args).find(([key]) => key.split(':')[0] === String(RouteParamtypes.BODY))?.[1];
  const types = (Reflect.getMetadata(PARAMTYPES_METADATA, controller.prototype as object, name) ?? []) as unknown[];
  return body === undefined ? undefined : types[body.index];
}

/** The facts of every controller handler, by operation id (the method name, see openApiDocument). */
export function callFactsByOperationId(app: INestApplicationContext): Map<string, CallFacts> {
  const facts = new Map<string, CallFacts>();
  const scanner = new MetadataScanner();
  // The modules' controllers as registered: their instances do not exist in preview mode (src/openapi.ts).
  const wrappers = [...app.get(ModulesContainer).values()].flatMap((module) => [...module.controllers.values()]);
  for (const wrapper of wrappers) {
    const controller = wrapper.metatype as Class | null;
    if (!controller) continue;
    const prototype = controller.prototype as Record<string, object>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      if (handler === undefined || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
      const access = (Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, controller)) as AccessLevel | undefined;
      if (access === undefined) throw new Error(`${controller.name}.${name} declares no @Access`);
      facts.set(name, {
        access,
        readCall: Reflect.getMetadata(READ_CALL_KEY, handler) === true,
        writeFailure: declaredWriteFailure(handler),
        checksIds: checksIds(bodyTypeOf(controller, name)),
        declared: declaredErrorsOf(handler),
      });
    }
  }
  return facts;
}
