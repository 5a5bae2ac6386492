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
