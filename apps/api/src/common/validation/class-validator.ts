import type { ValidationError, ValidatorOptions } from 'class-validator';
import { getFromContainer } from 'class-validator/cjs/container';
import { getMetadataStorage } from 'class-validator/cjs/metadata/MetadataStorage';
import { Validator } from 'class-validator/cjs/validation/Validator';

/*
 * The parts of class-validator that the API uses, each from its own module of the package, for
 * the DTOs, the validation pipe and the mapped types to import from here. The package's index
 * loads every decorator it has, and with them validator.js and libphonenumber-js: 322 files
 * (1 MB) where these take 48, and about 6 % of the CPU time of the API's start until /readyz
 * (docs/operations.md#cold-start). A decorator still missing here is added in both lists: its
 * export below and its module in class-validator-modules.d.ts.
 */
export { ArrayMaxSize } from 'class-validator/cjs/decorator/array/ArrayMaxSize';
export { ArrayMinSize } from 'class-validator/cjs/decorator/array/ArrayMinSize';
export { ArrayUnique } from 'class-validator/cjs/decorator/array/ArrayUnique';
export { IsDefined } from 'class-validator/cjs/decorator/common/IsDefined';
export { IsIn } from 'class-validator/cjs/decorator/common/IsIn';
export { IsOptional } from 'class-validator/cjs/decorator/common/IsOptional';
export { ValidateIf } from 'class-validator/cjs/decorator/common/ValidateIf';
export { ValidateNested } from 'class-validator/cjs/decorator/common/ValidateNested';
export { Max } from 'class-validator/cjs/decorator/number/Max';
export { Min } from 'class-validator/cjs/decorator/number/Min';
export { IsISO8601 } from 'class-validator/cjs/decorator/string/IsISO8601';
export { IsUrl } from 'class-validator/cjs/decorator/string/IsUrl';
export { IsUUID } from 'class-validator/cjs/decorator/string/IsUUID';
export { Matches } from 'class-validator/cjs/decorator/string/Matches';
export { MaxLength } from 'class-validator/cjs/decorator/string/MaxLength';
export { MinLength } from 'class-validator/cjs/decorator/string/MinLength';
export { IsArray } from 'class-validator/cjs/decorator/typechecker/IsArray';
export { IsBoolean } from 'class-validator/cjs/decorator/typechecker/IsBoolean';
export { IsInt } from 'class-validator/cjs/decorator/typechecker/IsInt';
export { IsObject } from 'class-validator/cjs/decorator/typechecker/IsObject';
export { IsString } from 'class-validator/cjs/decorator/typechecker/IsString';
export { registerDecorator } from 'class-validator/cjs/register-decorator';
export { getMetadataStorage };
export type { ValidationOptions } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type TargetMetadatas = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;

/**
 * Keeps what class-validator's storage answers for a class's validation metadata until metadata
 * is added. It looks for it on every validation of an object (each call's body, each nested
 * object), and finds inherited metadata by testing the class against every class that has any
 * (hundreds of DTOs): about 15 µs of every call with a body. Only for lookups without groups,
 * which is how the API validates; with groups the storage answers as it does.
 */
function keepTargetMetadatas(storage: MetadataStorage): void {
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let kept = new WeakMap<object, Map<string, TargetMetadatas>>();
  storage.addValidationMetadata = (metadata) => {
    kept = new WeakMap();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (groups !== undefined && groups.length > 0) return lookUp(target, schema, always, strictGroups, groups);
    const key = `${schema}\u0000${always}\u0000${strictGroups}`;
    let ofTarget = kept.get(target);
    if (ofTarget === undefined) kept.set(target, (ofTarget = new Map<string, TargetMetadatas>()));
    let metadatas = ofTarget.get(key);
    if (metadatas === undefined) ofTarget.set(key, (metadatas = lookUp(target, schema, always, strictGroups, groups)));
    return metadatas;
  };
}

keepTargetMetadatas(getMetadataStorage());

/**
 * class-validator as the validation pipe uses it (ValidationPipe's `validatorPackage`): its
 * `validate` of an object, as the index's, and the metadata from which the pipe finds the nested
 * objects a binary value may not take the place of.
 */
export const validatorPackage = {
  validate: (object: object, options?: ValidatorOptions): Promise<ValidationError[]> => getFromContainer(Validator).validate(object, options),
  getMetadataStorage,
};
