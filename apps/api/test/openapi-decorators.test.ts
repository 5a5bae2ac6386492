import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { IsString, validate } from 'class-validator';
import { ApiProperty, applyOpenApiDecorators, PickType } from '../src/common/openapi/decorators';

/** @nestjs/swagger's metadata of a model's properties (what SwaggerModule.createDocument reads). */
const openApiProperties = (model: { prototype: object }): unknown => Reflect.getMetadata('swagger/apiModelPropertiesArray', model.prototype);

describe('the deferred OpenAPI decorators (common/openapi/decorators.ts)', () => {
  it('leave @nestjs/swagger unloaded when the application is loaded, as a start does', () => {
    // The packages of @nestjs the built application resolves as it loads (app.js: every module).
    const hook = `import { registerHooks } from 'node:module';
      const seen = new Set();
      registerHooks({ resolve(specifier, context, next) { if (specifier.startsWith('@nestjs/')) seen.add(specifier.split('/').slice(0, 2).join('/')); return next(specifier, context); } });
      process.on('exit', () => process.stdout.write(JSON.stringify([...seen].sort())));`;
    const output = execFileSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(hook)}`, '-e', "require('./dist/app.js')"], {
      cwd: join(__dirname, '..'),
      encoding: 'utf8',
    });
    const packages = JSON.parse(output) as string[];
    expect(packages).toEqual(expect.arrayContaining(['@nestjs/common', '@nestjs/core']));
    expect(packages).not.toContain('@nestjs/swagger');
    // Its mapped types are the API's own (common/validation/mapped-types.ts).
    expect(packages).not.toContain('@nestjs/mapped-types');
  });

  it('write the metadata when applied, in order; a class defined afterwards at once; mapped types get their properties and validate as before', async () => {
    class Before {
      @ApiProperty({ description: 'kept' })
      @IsString()
      kept!: string;

      @ApiProperty({ description: 'left out' })
      @IsString()
      leftOut!: string;
    }
    class Picked extends PickType(Before, ['kept'] as const) {}
    expect(openApiProperties(Before)).toBeUndefined();
    expect(openApiProperties(Picked)).toBeUndefined();

    await applyOpenApiDecorators();
    expect(openApiProperties(Before)).toEqual([':kept', ':leftOut']);
    expect(openApiProperties(Picked)).toEqual([':kept']);
    expect(Reflect.getMetadata('swagger/apiModelProperties', Picked.prototype, 'kept')).toMatchObject({ description: 'kept', type: String });

    class After {
      @ApiProperty({ description: 'later' })
      later!: string;
    }
    expect(openApiProperties(After)).toEqual([':later']);

    // The mapped type's validation: its own property checked, the one left out not.
    const errors = await validate(plainToInstance(Picked, { kept: 1, leftOut: 2 }));
    expect(errors.map((error) => error.property)).toEqual(['kept']);
  });
});
