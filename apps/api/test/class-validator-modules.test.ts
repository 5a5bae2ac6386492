import 'reflect-metadata';
import { Type } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import * as ClassValidator from 'class-validator';
import * as lean from '../src/common/validation/class-validator';
import { filesLoadedBuildingApp } from './support/loaded-files';

class Nested {
  @lean.IsString()
  label!: string;
}

class Probe {
  @lean.IsString()
  @lean.MaxLength(3)
  name!: string;

  @lean.IsOptional()
  @lean.IsInt()
  @lean.Min(1)
  count?: number;

  @lean.ValidateNested()
  @Type(() => Nested)
  nested!: Nested;
}

const summary = (errors: ClassValidator.ValidationError[]): unknown[] =>
  errors.map((error) => ({ property: error.property, constraints: error.constraints, children: summary(error.children ?? []) }));

describe("class-validator's own modules (common/validation/class-validator.ts)", () => {
  it("export the very functions of the package's index", () => {
    const index = ClassValidator as unknown as Record<string, unknown>;
    const exported = Object.entries(lean).filter(([name]) => name !== 'validatorPackage');
    expect(exported.length).toBeGreaterThan(20);
    for (const [name, value] of exported) {
      expect(typeof value).toBe('function');
      expect({ name, same: value === index[name] }).toEqual({ name, same: true });
    }
  });

  it("validate as the index's validate, on the same metadata", async () => {
    expect(lean.validatorPackage.getMetadataStorage()).toBe(ClassValidator.getMetadataStorage());
    const inputs = [{ name: 'abc', nested: { label: 'x' } }, { name: 'abcd', count: 0, nested: { label: 1 } }, { count: 'two' }, {}];
    for (const input of inputs) {
      const probe = Object.assign(new Probe(), input, input.nested ? { nested: Object.assign(new Nested(), input.nested) } : {});
      const ours = summary(await lean.validatorPackage.validate(probe));
      expect(ours).toEqual(summary(await ClassValidator.validate(probe)));
    }
    expect(summary(await lean.validatorPackage.validate(Object.assign(new Probe(), { name: 'abcd', count: 0, nested: 'text' })))).toEqual([
      { property: 'name', constraints: { maxLength: 'name must be shorter than or equal to 3 characters' }, children: [] },
      { property: 'count', constraints: { min: 'count must not be less than 1' }, children: [] },
      { property: 'nested', constraints: { nestedValidation: 'nested property nested must be either object or array' }, children: [] },
    ]);
  });

  it("read class-transformer's metadata from the storage its decorators write", () => {
    expect(defaultMetadataStorage.findTypeMetadata(Probe, 'nested')?.typeFunction()).toBe(Nested);
  });

  it("are all that a process building the application loads of class-validator: not its index, validator.js's or libphonenumber-js, nor @nestjs/mapped-types", () => {
    const files = filesLoadedBuildingApp();
    expect(files.filter((file) => file.startsWith('class-validator/')).length).toBeGreaterThan(20);
    expect(files.filter((file) => /^(class-validator\/cjs\/index\.js|validator\/index\.js|libphonenumber-js\/|@nestjs\/mapped-types\/)/.test(file))).toEqual(
      [],
    );
  });
});

describe("the storage's answers for a class's metadata, kept until metadata is added (common/validation/class-validator.ts)", () => {
  const storage = lean.getMetadataStorage();
  /** What the storage's own method answers, without what is kept. */
  const computed = (target: object, always = false): unknown =>
    (Object.getPrototypeOf(storage) as typeof storage).getTargetValidationMetadatas.call(storage, target as never, '', always, false, undefined);

  it('are what the storage computes, for every class with validation metadata and its subclasses', () => {
    class Derived extends Probe {}
    const targets = [Derived, ...(storage as unknown as { validationMetadatas: Map<unknown, unknown> }).validationMetadatas.keys()].filter(
      (target): target is object => typeof target === 'function',
    );
    expect(targets.length).toBeGreaterThan(2);
    for (const target of targets) {
      for (const always of [false, true]) {
        const first = storage.getTargetValidationMetadatas(target as never, '', always, false);
        expect(first).toEqual(computed(target, always));
        expect(storage.getTargetValidationMetadatas(target as never, '', always, false)).toBe(first);
      }
    }
  });

  it('take in metadata added later, to the class or to a class it extends', async () => {
    class Base {
      @lean.IsString()
      title!: string;
    }
    class Child extends Base {
      @lean.IsInt()
      rank!: number;
    }
    const properties = (target: object): string[] =>
      storage
        .getTargetValidationMetadatas(target as never, '', false, false)
        .map((metadata) => metadata.propertyName)
        .sort();
    expect(properties(Child)).toEqual(['rank', 'title']);
    lean.MaxLength(3)(Base.prototype, 'code');
    expect(properties(Child)).toEqual(['code', 'rank', 'title']);
    expect(properties(Child)).toEqual((computed(Child) as { propertyName: string }[]).map((metadata) => metadata.propertyName).sort());
    const errors = await lean.validatorPackage.validate(Object.assign(new Child(), { title: 't', rank: 1, code: 'long' }));
    expect(errors.map((error) => error.property)).toEqual(['code']);
  });

  it('are computed for each lookup with groups, as the storage does', () => {
    class Grouped {
      @lean.IsString({ groups: ['a'] })
      first!: string;

      @lean.IsString({ groups: ['b'] })
      second!: string;
    }
    const names = (groups: string[]): string[] =>
      storage.getTargetValidationMetadatas(Grouped, '', false, false, groups).map((metadata) => metadata.propertyName);
    expect(names(['a'])).toEqual(['first']);
    expect(names(['b'])).toEqual(['second']);
  });
});
