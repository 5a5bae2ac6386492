// @ts-check
// Debian's nginx running the web image's server configuration (apps/web/nginx/console.conf.template,
// rendered by the image's own render-config.sh) in a private prefix, as an unprivileged test
// process would: no system configuration touched.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, waitFor } from '../stack.mjs';

const NGINX_DIR = join(ROOT, 'apps', 'web', 'nginx');

function nginxBinary() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed: apt-get install -y nginx (.ci/run does it)');
}

/**
 * Starts nginx on `port` serving `webRoot` (holding auth/) and proxying /api to `apiServers`
 * (host:port list); `cspConnectSrc`: further origins the page may call.
 * @param {{ port: number, webRoot: string, apiServers: string[], cspConnectSrc?: string }} options
 */
export async function startNginx({ port, webRoot, apiServers, cspConnectSrc = '' }) {
  const prefix = mkdtempSync(join(tmpdir(), 'console-nginx-'));
  /** Where the error log is kept once nginx has stopped: one file per run, so that a later run does not overwrite a failed one's. */
  const keptErrorLog = join(tmpdir(), `console-topology-nginx-error-${new Date().toISOString().replaceAll(':', '-')}-${process.pid}.log`);
  // The worker processes run as an unprivileged user: they must reach the files.
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, 'logs'));
  const env = {
    ...process.env,
    LISTEN_PORT: String(port),
    WEB_ROOT: webRoot,
    API_UPSTREAM: apiServers.join(' '),
    CSP_CONNECT_SRC: cspConnectSrc,
    HSTS_HEADER: '',
  };
  execFileSync('sh', [join(NGINX_DIR, 'render-config.sh'), join(NGINX_DIR, 'console.conf.template'), join(prefix, 'console.conf')], { env });
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'logs', 'error.log')} warn;`,
      'daemon off;',
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      // Which instance answered each proxied call: the test tells the calls lost on a killed instance.
      "  log_format topology '$status $upstream_addr $upstream_status';",
      `  access_log ${join(prefix, 'logs', 'access.log')} topology;`,
      `  client_body_temp_path ${join(prefix, 'client_body')};`,
      `  proxy_temp_path ${join(prefix, 'proxy')};`,
      `  fastcgi_temp_path ${join(prefix, 'fastcgi')};`,
      `  uwsgi_temp_path ${join(prefix, 'uwsgi')};`,
      `  scgi_temp_path ${join(prefix, 'scgi')};`,
      `  include ${join(prefix, 'console.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const binary = nginxBinary();
  execFileSync(binary, ['-t', '-q', '-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'pipe' });
  const child = spawn(binary, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => {
    output += String(chunk);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
      return (await fetch(`http://127.0.0.1:${port}/auth/`, { signal: AbortSignal.timeout(1000) })).ok;
    },
    'nginx',
    15_000,
  );
  return {
    prefix,
    /**
     * The proxied calls answered 502 after the access log's first `fromLine` lines, by the upstream
     * address nginx last tried for each.
     * @returns {Record<string, number>}
     */
    badGatewaysByUpstream(fromLine = 0) {
      /** @type {Record<string, number>} */
      const counts = {};
      for (const line of readFileSync(join(prefix, 'logs', 'access.log'), 'utf8')
        .split('\n')
        .slice(fromLine)) {
        const [status, upstreams] = line.split(' ');
        if (status !== '502' || !upstreams) continue;
        const last = upstreams.split(', ').at(-1) ?? upstreams;
        counts[last] = (counts[last] ?? 0) + 1;
      }
      return counts;
    },
    /** How many calls the access log holds so far. */
    accessLogLines() {
      return readFileSync(join(prefix, 'logs', 'access.log'), 'utf8').split('\n').length - 1;
    },
    /**
     * The web server's error log so far (warnings and errors: why a call was answered 502), its
     * last 20 lines, without the refused connections to a stopped instance, which nginx sends on
     * to another instance (only counted).
     */
    errorLog() {
      const lines = readFileSync(join(prefix, 'logs', 'error.log'), 'utf8')
        .split('\n')
        .filter(Boolean);
      const refused = (/** @type {string} */ line) => line.includes('connect() failed (111: Connection refused)');
      const others = lines.filter((line) => !refused(line));
      return [
        `${lines.length - others.length} refused connection(s), each sent on to another instance; the whole log is kept at ${keptErrorLog}`,
        ...others.slice(-20),
      ].join('\n');
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await exited;
      }
      // Kept for a look after the run.
      copyFileSync(join(prefix, 'logs', 'error.log'), keptErrorLog);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
