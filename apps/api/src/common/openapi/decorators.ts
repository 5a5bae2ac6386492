import type * as Swagger from '@nestjs/swagger';
import { IntersectionType as intersectionOf, OmitType as omitOf, PickType as pickOf } from '../validation/mapped-types';

/**
 * The OpenAPI decorators and mapped types of @nestjs/swagger, for the controllers and DTOs, which
 * import them from here: @nestjs/swagger itself is loaded only when the document is built
 * (openApiDocument: the dev server's /openapi.json, `pnpm openapi`, the tests), not at every start
 * of the API (loading it took about a tenth of the time until /readyz).
 *
 * Each decorator records where it was applied and with what; applyOpenApiDecorators() loads
 * @nestjs/swagger and applies the real decorators in the order the classes were defined, so that
 * the metadata is what the decorators would have written at definition. The mapped types build
 * their classes at once (common/validation/mapped-types.ts: the same validation and transformation
 * metadata as @nestjs/swagger's, which builds on @nestjs/mapped-types) and receive the OpenAPI
 * properties of their base classes when the decorators are applied.
 */
type SwaggerModule = typeof Swagger;

type DecoratorName =
  | 'ApiBearerAuth'
  | 'ApiBody'
  | 'ApiConsumes'
  | 'ApiExcludeController'
  | 'ApiExcludeEndpoint'
  | 'ApiExtraModels'
  | 'ApiHeader'
  | 'ApiOkResponse'
  | 'ApiOperation'
  | 'ApiProduces'
  | 'ApiProperty'
  | 'ApiPropertyOptional'
  | 'ApiResponse'
  | 'ApiTags';

type MappedTypeName = 'IntersectionType' | 'OmitType' | 'PickType';

type Step =
  | { kind: 'decorate'; name: DecoratorName; args: unknown[]; target: object; key: string | symbol | undefined; descriptor: PropertyDescriptor | undefined }
  | { kind: 'map'; name: MappedTypeName; args: unknown[]; mapped: { prototype: object } };

/** The steps recorded until @nestjs/swagger is loaded; from then on each is taken at once. */
const steps: Step[] = [];
let loaded: SwaggerModule | undefined;

function record(step: Step): void {
  if (loaded) take(step, loaded);
  else steps.push(step);
}

function deferred<N extends DecoratorName>(name: N): SwaggerModule[N] {
  const factory =
    (...args: unknown[]) =>
    (target: object, key?: string | symbol, descriptor?: PropertyDescriptor): void =>
      record({ kind: 'decorate', name, args, target, key, descriptor });
  return factory;
}

function mappedType<N extends MappedTypeName>(name: N, build: (...args: never[]) => { prototype: object }): SwaggerModule[N] {
  const factory = (...args: unknown[]) => {
    const mapped = (build as (...args: unknown[]) => { prototype: object })(...args);
    record({ kind: 'map', name, args, mapped });
    return mapped;
  };
  return factory as unknown as SwaggerModule[N];
}

export const ApiBearerAuth = deferred('ApiBearerAuth');
export const ApiBody = deferred('ApiBody');
export const ApiConsumes = deferred('ApiConsumes');
export const ApiExcludeController = deferred('ApiExcludeController');
export const ApiExcludeEndpoint = deferred('ApiExcludeEndpoint');
export const ApiExtraModels = deferred('ApiExtraModels');
export const ApiHeader = deferred('ApiHeader');
export const ApiOkResponse = deferred('ApiOkResponse');
export const ApiOperation = deferred('ApiOperation');
export const ApiProduces = deferred('ApiProduces');
export const ApiProperty = deferred('ApiProperty');
export const ApiPropertyOptional = deferred('ApiPropertyOptional');
export const ApiResponse = deferred('ApiResponse');
export const ApiTags = deferred('ApiTags');

export const IntersectionType = mappedType('IntersectionType', intersectionOf);
export const OmitType = mappedType('OmitType', omitOf);
export const PickType = mappedType('PickType', pickOf);

/** The reference to a model's schema, as @nestjs/swagger writes it. */
export function getSchemaPath(model: string | { name: string }): string {
  return `#/components/schemas/${typeof model === 'string' ? model : model.name}`;
}

/** @nestjs/swagger's metadata of a model's properties (its constants module is not exported). */
const MODEL_PROPERTIES_ARRAY = 'swagger/apiModelPropertiesArray';
const MODEL_PROPERTIES = 'swagger/apiModelProperties';

function take(step: Step, swagger: SwaggerModule): void {
  if (step.kind === 'decorate') {
    const factory = swagger[step.name] as (...args: unknown[]) => (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => void;
    factory(...step.args)(step.target, step.key, step.descriptor);
    return;
  }
  // @nestjs/swagger's own mapped type of the same classes: its properties are the ones to copy.
  const reference = (swagger[step.name] as (...args: unknown[]) => { prototype: object })(...step.args);
  const keys = (Reflect.getMetadata(MODEL_PROPERTIES_ARRAY, reference.prototype) ?? []) as string[];
  for (const key of keys.map((entry) => entry.slice(1))) {
    swagger.ApiProperty(Reflect.getMetadata(MODEL_PROPERTIES, reference.prototype, key) as Swagger.ApiPropertyOptions)(step.mapped.prototype, key);
  }
}

/**
 * Loads @nestjs/swagger and applies the decorators recorded so far in their order (once; a class
 * defined later is decorated at once): then the classes carry the metadata that
 * SwaggerModule.createDocument reads. Answers the module.
 */
export async function applyOpenApiDecorators(): Promise<SwaggerModule> {
  const swagger = loaded ?? (await import('@nestjs/swagger'));
  if (!loaded) {
    loaded = swagger;
    for (const step of steps.splice(0)) take(step, swagger);
  }
  return swagger;
}
