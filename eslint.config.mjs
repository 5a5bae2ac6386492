import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import rawSql from './apps/api/raw-sql.lint.json' with { type: 'json' };
import hardCodedText from './apps/web/hard-coded-text.lint.json' with { type: 'json' };

// Import boundaries (packages/domain stays pure, layers of the API and the web app) are checked
// by dependency-cruiser (.dependency-cruiser.cjs, `pnpm lint:boundaries`), not here.
export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/.data/**',
      'packages/client/src/api-schema.ts',
      '**/*.cjs',
      '**/*.mjs',
      // The scripts of tools/ are linted (and type-checked: tools/tsconfig.json); their rule-set
      // fixtures are deliberately wrong code.
      '!tools/**/*.cjs',
      '!tools/**/*.mjs',
      'tools/boundaries/fixtures/**',
      '**/jest.config.*',
      '**/vite.config.*',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Every user-visible text of the web comes from its catalogues (apps/web/src/locales, through
    // lib/i18n.ts's t()), never a literal in a component: text in JSX, a literal in a prop that shows
    // text, the texts of a toast — a literal with a Latin or Japanese letter in it (the selectors:
    // apps/web/hard-coded-text.lint.json, seen failing in apps/web/test/unit/hard-coded-text.test.ts).
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/locales/**'],
    rules: {
      'no-restricted-syntax': ['error', ...hardCodedText],
    },
  },
  {
    // One typed data path: no `.query(` in the API but database/ (typed-sql.ts runs the raw
    // statements of the modules' <module>.sql.ts, decoded; migrations are raw SQL by nature), the
    // migration runner and the readiness probe (the selector: apps/api/raw-sql.lint.json, seen
    // failing in apps/api/test/raw-sql-lint.test.ts; docs/architecture.md#repositories-and-sql).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/database/**', 'apps/api/src/migrate.ts', 'apps/api/src/modules/health/readiness.repository.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...rawSql],
    },
  },
  {
    // Node scripts in JavaScript with JSDoc types. Node's globals (process, Buffer, fetch, …) come
    // from @types/node in tools/tsconfig.json, and tsc reports any name that is not defined, so
    // no-undef, which would need a list of its own, is off (as typescript-eslint advises).
    files: ['tools/**/*.mjs', 'tools/**/*.cjs'],
    rules: {
      'no-undef': 'off',
      // node:test runs the tests that describe() and it() declare (their promises only settle then).
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'suite', 'test'] }] },
      ],
    },
  },
  {
    // The OpenAPI decorators come from common/openapi/decorators.ts, which loads @nestjs/swagger
    // only when the document is built; class-validator's decorators from common/validation/
    // class-validator.ts, each from its own module, and the mapped types from mapped-types.ts
    // beside it: their packages' indexes are not loaded at start. Types may be imported anywhere.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/common/openapi/decorators.ts', 'apps/api/src/common/validation/class-validator-modules.d.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/swagger',
              allowTypeImports: true,
              message: 'Import the OpenAPI decorators from common/openapi/decorators.ts (@nestjs/swagger is loaded when the document is built).',
            },
            {
              name: 'class-validator',
              allowTypeImports: true,
              message:
                "Import class-validator's decorators from common/validation/class-validator.ts (its index loads every decorator, with validator.js and libphonenumber-js).",
            },
            {
              name: '@nestjs/mapped-types',
              allowTypeImports: true,
              message: 'Import the mapped types from common/openapi/decorators.ts (@nestjs/mapped-types loads the index of class-validator).',
            },
          ],
        },
      ],
    },
  },
  {
    // The manifests' tests run on node:test, which runs what describe() and it() declare.
    files: ['deploy/*/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'suite', 'test'] }] },
      ],
    },
  },
  {
    // CommonJS modules (the Jest reporter) load what they need with require().
    files: ['tools/**/*.cjs'],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
