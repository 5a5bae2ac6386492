// Starts what the API tests need: a throwaway Postgres database, the Firebase Auth Emulator, a
// DNS server on loopback answering from a file the tests write (tools/dns-test-records.cjs) and an
// OpenID provider on loopback for single sign-on (tools/oidc-test-provider.mjs).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDnsServer } from '../../../../tools/dns-test-server.mjs';
import { startOidcProvider } from '../../../../tools/oidc-test-provider.mjs';
import { buildApi, startAuthEmulator, startTestDatabase } from '../../../../tools/stack.mjs';

/** The API's public URL in the single sign-on tests (test/sso.test.ts): the callback the OpenID provider redirects to, which the tests follow to the API themselves. */
const SSO_TEST_API_URL = 'http://api.sso.test';

export default async function globalSetup() {
  // Tests start the API as a process, as it runs in production (test/support/api-process.ts).
  buildApi();
  const dnsRecordsFile = join(mkdtempSync(join(tmpdir(), 'console-api-test-dns-')), 'records.json');
  const [database, emulator, dns, oidc] = await Promise.all([
    startTestDatabase(),
    startAuthEmulator({ projectId: 'demo-console-test' }),
    startDnsServer({ file: dnsRecordsFile }),
    startOidcProvider({ clientId: 'console-test', clientSecret: 'console-test-secret', redirectUris: [`${SSO_TEST_API_URL}/auth/sso/callback`] }),
  ]);
  globalThis.__consoleStack = { database, emulator, dns, oidc };
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
  // Domains are verified at the loopback DNS server, quickly given up on when it does not answer.
  process.env.DNS_RESOLVER_SERVERS = dns.server;
  process.env.DNS_TIMEOUT_MS = '500';
  process.env.DNS_TRIES = '1';
  process.env.TEST_DNS_RECORDS_FILE = dnsRecordsFile;
  // Single sign-on against the loopback OpenID provider, over HTTP.
  process.env.SSO_ALLOW_INSECURE_ISSUERS = 'true';
  process.env.TEST_OIDC_ISSUER = oidc.issuer;
  process.env.TEST_SSO_API_URL = SSO_TEST_API_URL;
}
