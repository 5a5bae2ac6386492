import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const frameworks = ['@nestjs/*', 'typeorm', 'react', 'react-dom', 'react/*', 'firebase', 'firebase/*', 'firebase-admin', 'firebase-admin/*', 'pg', '@mantine/*', '@tanstack/*', 'react-router', 'node:*'];

export default defineConfig(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/.data/**', 'apps/web/src/lib/api-schema.d.ts', '**/*.cjs', '**/*.mjs', '**/jest.config.*', '**/vite.config.*'] },
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
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: frameworks, message: 'packages/domain stays pure: no framework or I/O imports.' }] }],
    },
  },
);
