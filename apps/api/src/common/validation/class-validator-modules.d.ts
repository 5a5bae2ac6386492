// The modules of class-validator (and class-transformer's metadata storage) that class-validator.ts
// and mapped-types.ts import one by one: the packages ship their code (cjs/) and their types
// (types/) in separate trees, so each is typed here as the same export of the package's types.
// class-validator-modules.test.ts checks that each one exports the very object of the index.
declare module 'class-validator/cjs/decorator/array/ArrayMaxSize' {
  export { ArrayMaxSize } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/array/ArrayMinSize' {
  export { ArrayMinSize } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/array/ArrayUnique' {
  export { ArrayUnique } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/common/IsDefined' {
  export { IsDefined } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/common/IsIn' {
  export { IsIn } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/common/IsOptional' {
  export { IsOptional } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/common/ValidateIf' {
  export { ValidateIf } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/common/ValidateNested' {
  export { ValidateNested } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/number/Max' {
  export { Max } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/number/Min' {
  export { Min } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/string/IsISO8601' {
  export { IsISO8601 } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/string/IsUrl' {
  export { IsUrl } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/string/IsUUID' {
  export { IsUUID } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/string/Matches' {
  export { Matches } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/string/MaxLength' {
  export { MaxLength } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/string/MinLength' {
  export { MinLength } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/typechecker/IsArray' {
  export { IsArray } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/typechecker/IsBoolean' {
  export { IsBoolean } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/typechecker/IsInt' {
  export { IsInt } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/typechecker/IsObject' {
  export { IsObject } from 'class-validator';
}
declare module 'class-validator/cjs/decorator/typechecker/IsString' {
  export { IsString } from 'class-validator';
}
declare module 'class-validator/cjs/register-decorator' {
  export { registerDecorator } from 'class-validator';
}
declare module 'class-validator/cjs/metadata/MetadataStorage' {
  export { getMetadataStorage } from 'class-validator';
}
declare module 'class-validator/cjs/validation/Validator' {
  export { Validator } from 'class-validator';
}
declare module 'class-validator/cjs/container' {
  export { getFromContainer } from 'class-validator';
}
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
