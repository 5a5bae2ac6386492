import { Controller, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { Access } from '../src/common/auth/access.decorator';
import { AuthModule } from '../src/common/auth/auth.module';
import { RateLimitModule } from '../src/common/rate-limit/rate-limit.module';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { ConfigModule } from '../src/config/config.module';
import { DatabaseModule } from '../src/database/database.module';
import { dataSourceOptions } from '../src/database/data-source';
import { AccountModule } from '../src/modules/account/account.module';
import { SessionStoreModule } from '../src/modules/session/session-store.module';
import { ServiceCredentialStoreModule } from '../src/modules/service-credential/service-credential-store.module';

const validEnv = {
  APP_ENV: 'test',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
  FIREBASE_PROJECT_ID: 'demo-x',
  COMPANY_MAIL_DOMAIN: 'console.example.jp',
  ROOT_ACCOUNT_EMAIL: 'root@console.example.jp',
};

describe('configuration', () => {
  it('reads a valid environment with the deployment of APP_ENV', () => {
    const config = loadConfig(validEnv);
    expect(config.environment).toBe('test');
    expect(config.deployment.sessionCookieName).toBe('console_session_test');
    expect(
      loadConfig({
        ...validEnv,
        APP_ENV: 'prod',
        SENDGRID_API_KEY: 'SG.key',
        STORAGE_BUCKET: 'console-uploads',
        SECRET_SEALING_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
      }).deployment.sessionCookieName,
    ).toBe('console_session');
    expect(config.secureCookies).toBe(true);
    expect(config.databasePoolMax).toBe(10);
    expect(config.databaseDirectUrl).toBe(config.databaseUrl);
    expect(loadConfig({ ...validEnv, DATABASE_DIRECT_URL: 'postgres://db:5432/console' }).databaseDirectUrl).toBe('postgres://db:5432/console');
  });

  it('prepares statements on a direct connection, not behind a pooler unless told to', () => {
    const pooler = { DATABASE_URL: 'postgres://pgbouncer:6432/console', DATABASE_DIRECT_URL: 'postgres://db:5432/console' };
    expect(loadConfig(validEnv).databasePreparedStatements).toBe(true);
    expect(loadConfig({ ...validEnv, ...pooler }).databasePreparedStatements).toBe(false);
    expect(loadConfig({ ...validEnv, ...pooler, DATABASE_PREPARED_STATEMENTS: 'true' }).databasePreparedStatements).toBe(true);
    expect(loadConfig({ ...validEnv, DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ ...validEnv, DATABASE_PREPARED_STATEMENTS: 'sometimes' })).toThrow('DATABASE_PREPARED_STATEMENTS must be true or false');
  });

  it.each([
    [{ APP_ENV: undefined }, 'Missing environment variable APP_ENV'],
    [{ APP_ENV: 'staging' }, 'APP_ENV must be one of dev, test, eva, prod'],
    [{ DATABASE_URL: '' }, 'Missing environment variable DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ DATABASE_DIRECT_URL: 'mysql://x' }, 'DATABASE_DIRECT_URL must be a postgres:// URL'],
    [{ FIREBASE_PROJECT_ID: undefined }, 'Missing environment variable FIREBASE_PROJECT_ID'],
    [{ APP_ENV: 'dev' }, 'Missing environment variable FIREBASE_AUTH_EMULATOR_HOST'],
    [{ COMPANY_MAIL_DOMAIN: 'not a domain' }, 'COMPANY_MAIL_DOMAIN must be a mail domain'],
    [{ ROOT_ACCOUNT_EMAIL: 'root@elsewhere.com' }, 'ROOT_ACCOUNT_EMAIL must be an email address on COMPANY_MAIL_DOMAIN'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX must be an integer from 1 to 100'],
    [{ PORT: 'eighty' }, 'PORT must be an integer'],
    [{ SEED_DEMO_DATA: 'maybe' }, 'SEED_DEMO_DATA must be true or false'],
    [{ APP_ORIGIN: 'not a url' }, 'APP_ORIGIN must be a URL'],
    [{ SUBSYSTEM_KEYS: 'nobody:1234567890abcdef' }, 'SUBSYSTEM_KEYS must be'],
  ])('refuses %j naming the variable', (override, message) => {
    expect(() => loadConfig({ ...validEnv, ...override })).toThrow(ConfigError);
    expect(() => loadConfig({ ...validEnv, ...override })).toThrow(message);
  });

  it('stops the process with a message naming a missing variable', async () => {
    const { code, stderr } = await runMain({ ...validEnv, DATABASE_URL: '' });
    expect(code).toBe(1);
    expect(stderr).toContain('Configuration error: Missing environment variable DATABASE_URL');
  });
});

describe('process lifecycle', () => {
  // A database of its own (migrated as the process starts): on the tests' shared one, its workers
  // could take a job another test left (a webhook delivery to an endpoint long gone), and a
  // graceful stop waits for the jobs running (up to 30 s).
  const server = new URL(process.env.DATABASE_URL ?? '');
  const own = new URL(server);
  own.pathname = `/console_lifecycle_${Date.now()}`;
  const onServer = async (sql: string): Promise<void> => {
    const client = new Client({ connectionString: server.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  beforeAll(() => onServer(`CREATE DATABASE ${own.pathname.slice(1)}`));
  afterAll(() => onServer(`DROP DATABASE IF EXISTS ${own.pathname.slice(1)} WITH (FORCE)`));

  it('shuts down gracefully on SIGTERM', async () => {
    const child = spawnMain({ ...process.env, DATABASE_URL: own.toString(), PORT: '0' });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    await waitUntil(() => output.includes('API listening'), 30_000);
    const started = Date.now();
    child.kill('SIGTERM');
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
    );
    // How it ended, with what it wrote to stderr: a process ended by a signal has no exit code.
    expect({ code, signal, errors: code === 0 ? '' : errors.slice(-2000) }).toEqual({ code: 0, signal: null, errors: '' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('deny by default', () => {
  @Controller('undeclared')
  class UndeclaredController {
    @Post('call')
    call(): string {
      return 'reached';
    }
  }

  @Controller('declared')
  class DeclaredController {
    @Post('call')
    @Access('public')
    call(): string {
      return 'reached';
    }
  }

  it('refuses to start with a handler that declares no access level', async () => {
    const config = loadConfig(process.env);
    @Module({
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(dataSourceOptions(config.databaseUrl, 1)),
        RateLimitModule,
        AuthModule.forRoot({ imports: [AccountModule, SessionStoreModule, ServiceCredentialStoreModule] }),
      ],
      controllers: [DeclaredController, UndeclaredController],
    })
    class BrokenModule {}
    const app = await NestFactory.create(BrokenModule, new FastifyAdapter(), { logger: false, abortOnError: false });
    await expect(app.init()).rejects.toThrow('Route handlers without an @Access declaration: UndeclaredController.call');
    await app.close();
  });
});

/** The built entry point (the test script builds before it runs). */
const MAIN = join(__dirname, '..', 'dist', 'main.js');

function spawnMain(env: NodeJS.ProcessEnv) {
  return spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function runMain(env: Record<string, string | undefined>): Promise<{ code: number | null; stderr: string }> {
  const child = spawnMain({ PATH: process.env.PATH, ...env });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stderr };
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
