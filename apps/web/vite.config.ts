import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { API_BASE_PATH, APP_BASE_PATH } from '@console/domain';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { monitoringCspSources, readMonitoringEnv } from './src/config/monitoring-env.js';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Same-origin proxies: /api → the API (prefix stripped), /knowledge → the knowledge product. The API
 * is told the browser's address in X-Forwarded-For (xfwd), as the production web server does; the
 * API believes it from this proxy only (TRUSTED_PROXIES, set by tools/dev.mjs).
 */
function proxies(): Record<string, ProxyOptions> {
  const result: Record<string, ProxyOptions> = {};
  const api = process.env.CONSOLE_API_PROXY_TARGET;
  if (api) {
    result[API_BASE_PATH] = { target: api, changeOrigin: false, xfwd: true, rewrite: (path) => path.slice(API_BASE_PATH.length) || '/' };
  }
  const knowledge = process.env.CONSOLE_KNOWLEDGE_PROXY_TARGET;
  if (knowledge) {
    result['/knowledge'] = { target: knowledge, changeOrigin: false };
  }
  return result;
}

/**
 * The sources render-config.sh fills into the production policy's placeholders, each after a space:
 * those of the monitoring services the `VITE_*` variables configure (the values the app falls back
 * to: src/config/monitoring-env.ts) and CSP_CONNECT_SRC.
 */
function policySources(): Record<string, string[]> {
  const monitoring = monitoringCspSources(readMonitoringEnv(process.env));
  const extra = (process.env.CSP_CONNECT_SRC ?? '').split(/\s+/).filter(Boolean);
  return { CSP_SCRIPT_SRC: monitoring.scriptSrc, CSP_CONNECT_SRC: [...monitoring.connectSrc, ...extra], CSP_WORKER_SRC: monitoring.workerSrc };
}

/** The value of a header the production web server adds (apps/web/nginx/console.conf.template), its variables filled in. */
function productionHeader(name: string): string {
  const template = readFileSync(fromRoot('./nginx/console.conf.template'), 'utf8');
  const match = new RegExp(`add_header ${name} (?:"([^"]*)"|(\\S+)) always;`).exec(template);
  const value = match?.[1] ?? match?.[2];
  if (value === undefined) throw new Error(`nginx/console.conf.template adds no ${name} header`);
  const sources = policySources();
  return value.replace(/\$\{(CSP_[A-Z_]+)\}/g, (placeholder, variable: string) => {
    const list = sources[variable];
    if (list === undefined) throw new Error(`nginx/console.conf.template: unknown ${placeholder}`);
    return list.map((source) => ` ${source}`).join('');
  });
}

/** Adds sources to directives of a Content-Security-Policy. */
function extendPolicy(policy: string, additions: Record<string, string[]>): string {
  return policy
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(' ')[0] ?? '';
      const extra = additions[name] ?? [];
      return [directive.trim(), ...extra].join(' ');
    })
    .join('; ');
}

/**
 * The production web server's security headers (same CSP, nosniff, Referrer-Policy; no HSTS: these
 * servers are plain http on a developer's machine or in tests), with what the local servers need
 * besides: the Auth Emulator (VITE_AUTH_EMULATOR_URL) for the Firebase SDK's calls and its sign-in
 * frame, and in the dev server the HMR websocket and React Refresh's inline preamble. The monitoring
 * services' hosts come from the `VITE_*` variables in the server's environment (policySources).
 */
function localHeaders(server: 'dev' | 'preview'): Record<string, string> {
  const emulator = process.env.VITE_AUTH_EMULATOR_URL ? [new URL(process.env.VITE_AUTH_EMULATOR_URL).origin] : [];
  const dev = server === 'dev';
  return {
    'Content-Security-Policy': extendPolicy(productionHeader('Content-Security-Policy'), {
      'script-src': dev ? ["'unsafe-inline'"] : [],
      'connect-src': [...emulator, ...(dev ? ['ws://localhost:*', 'ws://127.0.0.1:*'] : [])],
      'frame-src': emulator,
    }),
    'X-Content-Type-Options': productionHeader('X-Content-Type-Options'),
    'Referrer-Policy': productionHeader('Referrer-Policy'),
  };
}

/**
 * Moves the build's source maps out of the served directory into `<outDir>-sourcemaps/` (dist/ →
 * dist-sourcemaps/), the same paths below it: the maps are `hidden` (no `sourceMappingURL` comment
 * in the scripts), the image copies dist/ only, and error reporting uploads them from there.
 */
function sourceMapsApart(): Plugin {
  return {
    name: 'console:source-maps-apart',
    apply: 'build',
    writeBundle({ dir }, bundle) {
      if (!dir) throw new Error('source-maps-apart: the build has no output directory');
      const maps = `${dir}-sourcemaps`;
      rmSync(maps, { recursive: true, force: true });
      for (const name of Object.keys(bundle).filter((file) => file.endsWith('.map'))) {
        mkdirSync(dirname(join(maps, name)), { recursive: true });
        renameSync(join(dir, name), join(maps, name));
      }
    },
  };
}

/** A selector of Mantine's dark color scheme. */
const DARK_SCHEME = /\[data-mantine-color-scheme=['"]?dark['"]?\]/;

/**
 * Drops Mantine's dark color scheme from the stylesheets: the console shows only the light one
 * (MantineProvider's forceColorScheme), so those rules could never apply. A PostCSS plugin.
 */
function lightSchemeOnly() {
  return {
    postcssPlugin: 'console:light-scheme-only',
    Rule(rule: { selectors: string[]; remove: () => void }) {
      if (!rule.selectors.some((selector) => DARK_SCHEME.test(selector))) return;
      const light = rule.selectors.filter((selector) => !DARK_SCHEME.test(selector));
      if (light.length === 0) rule.remove();
      else rule.selectors = light;
    },
  };
}

export default defineConfig({
  base: `${APP_BASE_PATH}/`,
  plugins: [react(), sourceMapsApart()],
  css: { postcss: { plugins: [lightSchemeOnly()] } },
  resolve: {
    alias: {
      '@console/domain': fromRoot('../../packages/domain/src/index.ts'),
      '@console/config': fromRoot('../../packages/config/src/index.ts'),
      '@': fromRoot('./src'),
    },
  },
  server: { proxy: proxies(), headers: localHeaders('dev') },
  preview: { proxy: proxies(), headers: localHeaders('preview') },
  // CONSOLE_WEB_OUT_DIR lets the e2e run build and preview its own copy without touching dist/.
  // The manifest (.vite/manifest.json) maps every route module to its chunks: tools/web-budget.mjs
  // checks each route's download against its budget from it, and the source maps (sourceMapsApart)
  // tell it the Mantine components of each script.
  build: {
    outDir: process.env.CONSOLE_WEB_OUT_DIR || 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // Everything the entry imports statically is one chunk: every page needs all of it at start, and
    // one file compresses better than the dozens of shared chunks it would otherwise be split into.
    // For the same reason the UI libraries the signed-in pages load besides are one chunk ('ui'),
    // which the public pages must not need (tools/web-budget.mjs: their JS budget): the component
    // of theirs that the entry lacks (the password-reset page's Alert) is a chunk of its own.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'public-ui', test: /node_modules[\\/].*@mantine[\\/]core[\\/]esm[\\/]components[\\/]Alert[\\/]/ },
            {
              name: 'ui',
              test: /node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:@mantine[\\/](?:core|hooks)|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|@babel[\\/]runtime)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
