import { IntersectionType as theirIntersection, OmitType as theirOmit, PickType as theirPick } from '@nestjs/mapped-types';
import { plainToInstance, Transform, Type } from 'class-transformer';
import type { ValidationError } from 'class-validator';
import { IsInt, IsOptional, IsString, MaxLength, ValidateNested, validatorPackage } from '../src/common/validation/class-validator';
import { IntersectionType, OmitType, PickType } from '../src/common/validation/mapped-types';

class Inner {
  @IsString()
  label!: string;
}

class Base {
  @IsString()
  @MaxLength(3)
  name!: string;

  @IsOptional()
  @IsInt()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? Number(value) : value))
  count?: number;

  @ValidateNested()
  @Type(() => Inner)
  inner!: Inner;

  @IsString()
  kind: string = 'plain';
}

class Other {
  @IsInt()
  size!: number;

  tag: string = 'default';
}

type Constructor = new () => object;

const summary = (errors: ValidationError[]): unknown[] =>
  errors.map((error) => ({ property: error.property, constraints: error.constraints, children: summary(error.children ?? []) }));

/** What the validation pipe makes of a body for `type`: the instance class-transformer builds, and class-validator's errors on it. */
async function outcome(type: Constructor, body: object): Promise<unknown> {
  const instance = plainToInstance(type, body);
  return { instance: JSON.parse(JSON.stringify(instance)) as unknown, errors: summary(await validatorPackage.validate(instance)) };
}

const bodies = [
  { name: 'abc', count: '2', inner: { label: 'x' }, size: 1, kind: 'k' },
  { name: 'abcd', count: 'x', inner: { label: 1 }, size: 'no' },
  { name: 'a', inner: 'text', extra: true },
  {},
];

describe('the mapped types (common/validation/mapped-types.ts)', () => {
  it.each([
    ['PickType', () => PickType(Base, ['name', 'inner', 'kind']), () => theirPick(Base, ['name', 'inner', 'kind'])],
    ['OmitType', () => OmitType(Base, ['name']), () => theirOmit(Base, ['name'])],
    ['IntersectionType', () => IntersectionType(PickType(Base, ['count', 'kind']), Other), () => theirIntersection(theirPick(Base, ['count', 'kind']), Other)],
  ] as [string, () => Constructor, () => Constructor][])('%s validates, transforms and initializes as @nestjs/mapped-types', async (_name, ours, theirs) => {
    const Ours = ours();
    const Theirs = theirs();
    expect(Ours.name).toBe(Theirs.name);
    expect({ ...new Ours() }).toEqual({ ...new Theirs() });
    for (const body of bodies) expect(await outcome(Ours, body)).toEqual(await outcome(Theirs, body));
  });

  it('keeps the rules of a class extending one, with its own', async () => {
    class Ours extends PickType(Base, ['name', 'inner'] as const) {
      @IsInt()
      extra!: number;
    }
    class Theirs extends theirPick(Base, ['name', 'inner'] as const) {
      @IsInt()
      extra!: number;
    }
    for (const body of bodies) expect(await outcome(Ours, body)).toEqual(await outcome(Theirs, body));
    expect(await outcome(Ours, { name: 'abcd', inner: { label: 2 }, extra: 'x' })).toEqual({
      instance: { name: 'abcd', inner: { label: 2 }, extra: 'x' },
      errors: [
        { property: 'extra', constraints: { isInt: 'extra must be an integer number' }, children: [] },
        { property: 'name', constraints: { maxLength: 'name must be shorter than or equal to 3 characters' }, children: [] },
        { property: 'inner', constraints: undefined, children: [{ property: 'label', constraints: { isString: 'label must be a string' }, children: [] }] },
      ],
    });
  });
});
