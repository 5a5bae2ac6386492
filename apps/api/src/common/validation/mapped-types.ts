import 'reflect-metadata';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from './class-validator';

/*
 * The mapped types of the DTOs (PickType, OmitType, IntersectionType): classes made of properties
 * of others, with their validation (class-validator), transformation (class-transformer) and
 * initial values, as @nestjs/mapped-types makes them. That package loads class-validator through its
 * index (class-validator.ts says why the API does not); mapped-types.test.ts checks that these
 * classes validate, transform and initialize as its own.
 */

type Class<T = object> = new () => T;
type Inherited = (property: string) => boolean;

/** The properties' validation rules of `source`, now also of `target` (with its design type, which ValidateNested reads). */
function inheritValidation(source: Class, target: Class, inherited: Inherited): void {
  const storage = getMetadataStorage();
  const from = source.prototype as object;
  const to = target.prototype as object;
  for (const rule of storage.getTargetValidationMetadatas(source, '', false, false)) {
    if (!inherited(rule.propertyName)) continue;
    const type: unknown = Reflect.getMetadata('design:type', from, rule.propertyName);
    if (type) Reflect.defineMetadata('design:type', type, to, rule.propertyName);
    storage.addValidationMetadata({ ...rule, target });
  }
}

/** class-transformer's kinds of property metadata (its storage's maps by class). */
const TRANSFORMATIONS = ['_excludeMetadatas', '_exposeMetadatas', '_transformMetadatas', '_typeMetadatas'] as const;
type TransformationMaps = Record<(typeof TRANSFORMATIONS)[number], Map<unknown, Map<string, unknown>>>;

/**
 * The transformation metadata of `source` and its ancestors, now also of `target`. With `stack`,
 * a list (several @Transform of a property) adds to the one `target` has, else the first one taken stays.
 */
function inheritTransformation(source: Class, target: Class, inherited: Inherited, stack: boolean): void {
  const storage = defaultMetadataStorage as unknown as TransformationMaps;
  for (const kind of TRANSFORMATIONS) {
    const byClass = storage[kind];
    for (let ancestor: unknown = source; typeof ancestor === 'function' && ancestor !== Object; ancestor = Object.getPrototypeOf(ancestor)) {
      const entries = byClass.get(ancestor);
      if (!entries) continue;
      const taken = [...entries]
        .filter(([property]) => inherited(property))
        .map(([property, meta]): [string, unknown] => [
          property,
          Array.isArray(meta) ? meta.map((item: object) => ({ ...item, target })) : { ...(meta as object), target },
        ]);
      const existing = byClass.get(target);
      if (!existing) {
        byClass.set(target, new Map(taken));
        continue;
      }
      const merged = new Map(existing);
      for (const [property, meta] of taken) {
        const present = merged.get(property);
        if (present === undefined || !stack) merged.set(property, meta);
        else if (Array.isArray(present)) present.push(...(Array.isArray(meta) ? (meta as unknown[]) : [meta]));
      }
      byClass.set(target, merged);
    }
  }
}

/** Gives `instance` the initial values of `source`'s properties that it inherits and does not have yet. */
function inheritInitializers(instance: Record<string, unknown>, source: Class, inherited: Inherited): void {
  const initial = new source() as Record<string, unknown>;
  for (const property of Object.getOwnPropertyNames(initial)) {
    if (initial[property] !== undefined && instance[property] === undefined && inherited(property)) instance[property] = initial[property];
  }
}

/**
 * A class named `name` of the `inherited` properties of `sources`, in their order: their initial
 * values, validation rules and transformation metadata (`stack`: see inheritTransformation).
 */
function composed(name: string, sources: readonly Class[], inherited: Inherited, stack: boolean): Class {
  class Composed {
    constructor() {
      for (const source of sources) inheritInitializers(this as Record<string, unknown>, source, inherited);
    }
  }
  for (const source of sources) {
    inheritValidation(source, Composed, inherited);
    inheritTransformation(source, Composed, inherited, stack);
  }
  Object.defineProperty(Composed, 'name', { value: name });
  return Composed;
}

/** A class of the listed properties of `source`. */
export function PickType<T, K extends keyof T>(source: Class<T>, keys: readonly K[]): Class<Pick<T, K>> {
  return composed('PickClassType', [source as Class], (property) => keys.includes(property as K), true) as Class<Pick<T, K>>;
}

/** A class of the properties of `source` but the listed ones. */
export function OmitType<T, K extends keyof T>(source: Class<T>, keys: readonly K[]): Class<Omit<T, K>> {
  return composed('OmitClassType', [source as Class], (property) => !keys.includes(property as K), true) as Class<Omit<T, K>>;
}

type Intersection<T extends Class[]> = T extends [Class<infer A>, ...infer Rest extends Class[]] ? A & Intersection<Rest> : unknown;

/** A class of every property of the given classes, named Intersection followed by their names. */
export function IntersectionType<T extends Class[]>(...sources: T): Class<Intersection<T>> {
  const name = `Intersection${sources.map((source) => source.name).join('')}`;
  return composed(name, sources, () => true, false) as Class<Intersection<T>>;
}
