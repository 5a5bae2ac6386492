// Starts what the API tests need: a throwaway Postgres database and the Firebase Auth Emulator.
import { startAuthEmulator, startTestDatabase } from '../../../../tools/stack.mjs';

export default async function globalSetup() {
  const [database, emulator] = await Promise.all([startTestDatabase(), startAuthEmulator({ projectId: 'demo-console-test' })]);
  globalThis.__consoleStack = { database, emulator };
  process.env.APP_ENV = 'test';
  process.env.DATABASE_URL = database.url;
  process.env.DATABASE_POOL_MAX = database.embedded ? '1' : '10';
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  process.env.FIREBASE_PROJECT_ID = emulator.projectId;
  process.env.COMPANY_MAIL_DOMAIN = 'console.example.jp';
  process.env.ROOT_ACCOUNT_EMAIL = 'root@console.example.jp';
  process.env.APP_ORIGIN = 'http://localhost:5173';
  process.env.DATA_DIR = `/tmp/console-api-test-${process.pid}`;
  process.env.LOG_LEVEL = 'silent';
  // Tests call much faster than people: the rate limits stay out of their way (test/rate-limit.test.ts sets its own).
  process.env.RATE_LIMIT_IP_PER_MINUTE = '1000000';
  process.env.RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE = '1000000';
  process.env.INVITATIONS_PER_ORGANIZATION_PER_DAY = '10000000';
}
