import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { readEnv, shouldUseAuthEmulator, type RawEnv, type RuntimeConfig } from '@/config/read-env';

const BUILD: RawEnv = {
  VITE_APP_ENV: 'test',
  VITE_FIREBASE_API_KEY: 'build-key',
  VITE_FIREBASE_PROJECT_ID: 'build-project',
  VITE_FIREBASE_APP_ID: 'build-app',
  VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
  VITE_API_BASE_URL: '/build-api',
};

describe('runtime config over build values over defaults', () => {
  it('takes each runtime value over the build value, and the build value where the runtime has none', () => {
    const env = readEnv(BUILD, { appEnv: 'eva', firebase: { apiKey: 'runtime-key', storageBucket: 'runtime-bucket' }, apiBaseUrl: 'https://api.example.jp/' });
    expect(env).toEqual({
      appEnv: 'eva',
      firebase: {
        apiKey: 'runtime-key',
        authDomain: 'build-project.firebaseapp.com',
        projectId: 'build-project',
        storageBucket: 'runtime-bucket',
        messagingSenderId: undefined,
        appId: 'build-app',
      },
      authEmulatorUrl: 'http://127.0.0.1:9099',
      apiBaseUrl: 'https://api.example.jp',
      apiTimeoutMs: 10_000,
    });
  });

  it('takes the API timeout from the runtime config over the build, and ignores one that is not a whole number of milliseconds above zero', () => {
    expect(readEnv({ VITE_API_TIMEOUT_MS: '5000' }, { apiTimeoutMs: '1000' }).apiTimeoutMs).toBe(1000);
    expect(readEnv({ VITE_API_TIMEOUT_MS: '5000' }).apiTimeoutMs).toBe(5000);
    for (const bad of ['0', '-1', '1.5', '10s', ' ', 'abc']) expect(readEnv({}, { apiTimeoutMs: bad }).apiTimeoutMs).toBe(10_000);
  });

  it('derives the auth domain from the runtime project id', () => {
    expect(readEnv(BUILD, { firebase: { projectId: 'console-eva' } }).firebase.authDomain).toBe('console-eva.firebaseapp.com');
  });

  it('falls back to the defaults when neither has a value', () => {
    expect(readEnv({}, {})).toEqual(readEnv({}));
    expect(readEnv({}, {})).toEqual({
      appEnv: 'prod',
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-console.firebaseapp.com',
        projectId: 'demo-console',
        storageBucket: undefined,
        messagingSenderId: undefined,
        appId: undefined,
      },
      authEmulatorUrl: undefined,
      apiBaseUrl: '/api',
      apiTimeoutMs: 10_000,
    });
  });

  it('ignores empty, blank and non-string runtime values', () => {
    const hostile = JSON.parse(
      '{"appEnv":"  ","firebase":{"apiKey":"","projectId":42,"appId":null},"apiBaseUrl":["/x"],"authEmulatorUrl":{}}',
    ) as RuntimeConfig;
    expect(readEnv(BUILD, hostile)).toEqual(readEnv(BUILD));
    expect(readEnv(BUILD, JSON.parse('{"firebase":"not an object"}') as RuntimeConfig)).toEqual(readEnv(BUILD));
  });

  it('turns an unknown environment name into prod, from the runtime config as from the build', () => {
    expect(readEnv(BUILD, { appEnv: 'staging' }).appEnv).toBe('prod');
    expect(readEnv({ VITE_APP_ENV: 'PROD ' }).appEnv).toBe('prod');
    expect(readEnv({ VITE_APP_ENV: 'dev' }, { appEnv: 'Dev' }).appEnv).toBe('prod');
  });

  it('never uses the auth emulator of a built app in prod, wherever its URL came from', () => {
    expect(shouldUseAuthEmulator(readEnv(BUILD, {}), false)).toBe(true);
    expect(shouldUseAuthEmulator(readEnv(BUILD, { appEnv: 'prod' }), false)).toBe(false);
    expect(shouldUseAuthEmulator(readEnv(BUILD, { appEnv: 'unknown' }), false)).toBe(false);
    expect(shouldUseAuthEmulator(readEnv({}, { authEmulatorUrl: 'http://127.0.0.1:9099' }), false)).toBe(false);
    expect(shouldUseAuthEmulator(readEnv({ VITE_APP_ENV: 'prod' }, { appEnv: 'prod', authEmulatorUrl: 'http://127.0.0.1:9099' }), false)).toBe(false);
    expect(shouldUseAuthEmulator(readEnv({}, { appEnv: 'eva', authEmulatorUrl: 'http://127.0.0.1:9099' }), false)).toBe(true);
  });
});

describe('write-runtime-config.sh', () => {
  const SCRIPT = join(__dirname, '..', '..', 'nginx', 'write-runtime-config.sh');
  const VARIABLES = [
    'CONSOLE_ENV',
    'FIREBASE_API_KEY',
    'FIREBASE_AUTH_DOMAIN',
    'FIREBASE_PROJECT_ID',
    'FIREBASE_STORAGE_BUCKET',
    'FIREBASE_MESSAGING_SENDER_ID',
    'FIREBASE_APP_ID',
    'AUTH_EMULATOR_URL',
    'API_BASE_URL',
    'API_TIMEOUT_MS',
  ];
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'console-runtime-config-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the script with `sh` (dash on Debian) and only the given variables of its own. */
  function write(variables: Record<string, string>) {
    const output = join(dir, 'runtime-config.js');
    rmSync(output, { force: true });
    const env: NodeJS.ProcessEnv = { ...process.env, ...variables };
    for (const name of VARIABLES) if (!(name in variables)) delete env[name];
    const run = spawnSync('sh', [SCRIPT, output], { env, encoding: 'utf8' });
    return { status: run.status, stderr: run.stderr, text: existsSync(output) ? readFileSync(output, 'utf8') : undefined };
  }

  /** The object the written file assigns, as a browser would run it (JSON round trip: plain data of this realm). */
  function evaluate(text: string): unknown {
    const sandbox = { window: {} as Record<string, unknown> };
    runInNewContext(text, sandbox);
    return JSON.parse(JSON.stringify(sandbox.window.__CONSOLE_CONFIG__)) as unknown;
  }

  it('writes an empty object when no variable is set (or only empty ones)', () => {
    const { status, text } = write({ FIREBASE_APP_ID: '' });
    expect(status).toBe(0);
    expect(text).toBe('window.__CONSOLE_CONFIG__ = {};\n');
  });

  it('writes hostile values exactly, without letting any end the string or the script', () => {
    const values = {
      CONSOLE_ENV: 'test',
      FIREBASE_API_KEY: 'a"b\'c\\"d\\\\',
      FIREBASE_AUTH_DOMAIN: '</script><script>alert(1)</script><!--',
      FIREBASE_PROJECT_ID: 'line1\nline2\r\n\ttab\u0001\u001f\u007f end',
      FIREBASE_STORAGE_BUCKET: 'コンソール 😀 é \u2028 \u2029 ✓',
      FIREBASE_MESSAGING_SENDER_ID: '${HOME} $(id) `id` %s %%',
      FIREBASE_APP_ID: '\\u0041\\n"};alert(1);//',
      AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
      API_BASE_URL: ' /api ',
      API_TIMEOUT_MS: '1000',
    };
    const { status, stderr, text } = write(values);
    expect(stderr).not.toContain('refusing');
    expect(status).toBe(0);
    expect(evaluate(text ?? '')).toEqual({
      appEnv: values.CONSOLE_ENV,
      firebase: {
        apiKey: values.FIREBASE_API_KEY,
        authDomain: values.FIREBASE_AUTH_DOMAIN,
        projectId: values.FIREBASE_PROJECT_ID,
        storageBucket: values.FIREBASE_STORAGE_BUCKET,
        messagingSenderId: values.FIREBASE_MESSAGING_SENDER_ID,
        appId: values.FIREBASE_APP_ID,
      },
      authEmulatorUrl: values.AUTH_EMULATOR_URL,
      apiBaseUrl: values.API_BASE_URL,
      apiTimeoutMs: values.API_TIMEOUT_MS,
    });
    const unsafe = [...(text ?? '')].filter((ch) => {
      const code = ch.charCodeAt(0);
      return ch === '<' || ch === '>' || (code < 0x20 && ch !== '\n') || code === 0x7f || ch === '\u2028' || ch === '\u2029';
    });
    expect(unsafe).toEqual([]);
  });

  it('leaves out unset variables and the firebase object when none of its variables is set', () => {
    const { text } = write({ CONSOLE_ENV: 'prod', API_BASE_URL: '/api' });
    expect(evaluate(text ?? '')).toEqual({ appEnv: 'prod', apiBaseUrl: '/api' });
  });

  it('refuses the auth emulator in prod and when the environment is unset', () => {
    const environments: Record<string, string>[] = [{ CONSOLE_ENV: 'prod' }, {}, { CONSOLE_ENV: '' }];
    for (const variables of environments) {
      const { status, stderr, text } = write({ ...variables, AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' });
      expect(status).not.toBe(0);
      expect(stderr).toContain('refusing AUTH_EMULATOR_URL');
      expect(text).toBeUndefined();
    }
  });

  it('refuses an unknown environment name', () => {
    const { status, stderr } = write({ CONSOLE_ENV: 'staging' });
    expect(status).not.toBe(0);
    expect(stderr).toContain('CONSOLE_ENV must be dev, test, eva or prod');
  });
});
