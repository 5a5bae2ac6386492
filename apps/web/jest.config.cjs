/**
 * Two projects: `unit` (pure modules, fast) and `e2e` (real Chromium against the real stack,
 * started by e2e/setup/global-setup.mjs). `pnpm test` runs both; `jest --selectProjects unit`
 * runs only the fast ones.
 */
const swc = [
  '@swc/jest',
  {
    swcrc: false,
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@console/domain$': '<rootDir>/../../packages/domain/src/index.ts',
  '^@console/config$': '<rootDir>/../../packages/config/src/index.ts',
  '^@/(.*)$': '<rootDir>/src/$1',
};

module.exports = {
  reporters: ['default', '<rootDir>/../../tools/jest-summary-reporter.cjs'],
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/unit'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.(ts|tsx)$': swc },
      moduleNameMapper,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.e2e.test.ts'],
      transform: { '^.+\\.(ts|tsx)$': swc },
      moduleNameMapper,
      globalSetup: '<rootDir>/e2e/setup/global-setup.mjs',
      globalTeardown: '<rootDir>/e2e/setup/global-teardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/e2e/setup/timeout.ts'],
      slowTestThreshold: 30,
    },
  ],
};
