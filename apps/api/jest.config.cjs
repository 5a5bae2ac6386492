/** API integration tests: real Postgres and the real Firebase Auth Emulator, over HTTP. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        swcrc: false,
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  globalSetup: '<rootDir>/test/setup/global-setup.mjs',
  globalTeardown: '<rootDir>/test/setup/global-teardown.mjs',
  setupFilesAfterEnv: ['<rootDir>/test/setup/delete-webhook-endpoints.ts'],
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/../../tools/jest-summary-reporter.cjs'],
};
