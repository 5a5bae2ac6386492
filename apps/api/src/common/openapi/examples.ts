import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';

type Schema = SchemaObject | ReferenceObject;

/** No example can be derived: a required string without `example`, format, enum or fixed length. */
export const NO_EXAMPLE = Symbol('no example');

const EXAMPLE_TIME = '2025-04-01T09:00:00.000Z';
const ID_CHARACTERS = 'AbCdEfGh23JkMnPqRs45TuVwXyZ6789';

/** An id-shaped value of `length` alphanumeric characters ('AbCdEfGh'), for strings of one fixed length. */
function idExample(length: number): string {
  return Array.from({ length }, (_, i) => ID_CHARACTERS[i % ID_CHARACTERS.length]).join('');
}

function stringExample(schema: SchemaObject): unknown {
  if (schema.format === 'date-time') return EXAMPLE_TIME;
  if (schema.format === 'uuid') return '0b6d3c1e-5f2a-4c8e-9a7b-3d1f2e4c5a6b';
  if (schema.format === 'email') return 'user@example.jp';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://app.console.example.jp/';
  if (schema.minLength !== undefined && schema.minLength === schema.maxLength) return idExample(schema.minLength);
  return NO_EXAMPLE;
}

function objectExample(schema: SchemaObject, schemas: Record<string, Schema>, path: ReadonlySet<string>): unknown {
  const example: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = exampleOf(property, schemas, path);
    if (value !== NO_EXAMPLE) example[name] = value;
    else if (schema.required?.includes(name)) return NO_EXAMPLE;
  }
  return example;
}

function byType(schema: SchemaObject, schemas: Record<string, Schema>, path: ReadonlySet<string>): unknown {
  if (schema.type === 'object' || schema.properties !== undefined) return objectExample(schema, schemas, path);
  if (schema.type === 'array') {
    const item = schema.items === undefined ? NO_EXAMPLE : exampleOf(schema.items, schemas, path);
    return item === NO_EXAMPLE ? NO_EXAMPLE : [item];
  }
  if (schema.type === 'string') return stringExample(schema);
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return false;
  return NO_EXAMPLE;
}

function compositionExample(schema: SchemaObject, schemas: Record<string, Schema>, path: ReadonlySet<string>): unknown {
  if (schema.allOf !== undefined) {
    const parts = schema.allOf.map((part) => exampleOf(part, schemas, path));
    if (parts.includes(NO_EXAMPLE)) return NO_EXAMPLE;
    return parts.every((part) => typeof part === 'object' && part !== null) ? Object.assign({}, ...parts) : parts[0];
  }
  const first = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  return first === undefined ? byType(schema, schemas, path) : exampleOf(first, schemas, path);
}

/**
 * An example value of a schema: its own `example` (from the DTO's @ApiProperty), else one built
 * from its properties, enum, format and limits; {@link NO_EXAMPLE} when a required part has none.
 */
export function exampleOf(schema: Schema, schemas: Record<string, Schema>, path: ReadonlySet<string> = new Set()): unknown {
  if ('$ref' in schema) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = schemas[name];
    if (target === undefined || path.has(name)) return NO_EXAMPLE;
    return exampleOf(target, schemas, new Set([...path, name]));
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.enum !== undefined && schema.enum.length > 0) return schema.enum[0];
  const derived = compositionExample(schema, schemas, path);
  return derived === NO_EXAMPLE && schema.nullable === true ? null : derived;
}
