// @ts-check
// The built web (apps/web/dist) served on loopback and opened in headless Chromium: shared by the
// bundle-size check (web-budget.mjs) and the page-speed measurement (bench-web.mjs).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DIST = join(ROOT, 'apps', 'web', 'dist');

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** Takes `--dist <dir>` out of the arguments; the build directory (absolute), apps/web/dist by default. */
export function takeDistArgument(/** @type {string[]} */ args) {
  const flag = args.indexOf('--dist');
  return resolve(flag >= 0 ? String(args.splice(flag, 2)[1]) : DEFAULT_DIST);
}

/**
 * Serves the build under /auth/ on a free loopback port (index.html for every other path below it,
 * as the production web server does); /api answers 503: no API runs here, so a page sees a visitor
 * who is not signed in. Resolves to the origin and a function that stops the server.
 * @param {string} dist
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export async function serveBuild(dist) {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} holds no build: run \`pnpm --filter @console/web build\` first`);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith('/auth/')) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"name":"ServiceUnavailable","errorCode":"SERVICE_UNAVAILABLE","message":"no API"}');
      return;
    }
    let file = normalize(join(dist, path.slice('/auth/'.length)));
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[/** @type {keyof typeof TYPES} */ (extname(file))] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done(undefined))) };
}

/** Headless Chromium (CHROMIUM_PATH, else /usr/bin/chromium) without the browser's own background traffic. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** @typedef {Map<string, { type: 'script' | 'stylesheet', gzip: number }>} Assets scripts and stylesheets by path, with their gzip size */

/**
 * Records the gzip size of every script and stylesheet of `origin` that the page loads from now on.
 * @param {import('playwright-core').Page} page
 * @param {string} origin
 */
export function recordAssets(page, origin) {
  /** @type {Assets} */
  const assets = new Map();
  /** @type {Promise<void>[]} */
  const pending = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if ((type !== 'script' && type !== 'stylesheet') || !response.url().startsWith(origin)) return;
    pending.push(
      response
        .body()
        .catch(() => Buffer.alloc(0))
        .then((body) => {
          assets.set(new URL(response.url()).pathname, { type, gzip: gzipSync(body).length });
        }),
    );
  });
  /** Everything recorded so far, once every body was read. */
  return async () => {
    await Promise.all(pending);
    return assets;
  };
}

/** JS and CSS (gzip bytes) of recorded assets. */
export function assetTotals(/** @type {Assets} */ assets) {
  let js = 0;
  let css = 0;
  for (const { type, gzip } of assets.values()) {
    if (type === 'script') js += gzip;
    else css += gzip;
  }
  return { js, css };
}

/** Kilobytes with one decimal. */
export function kb(/** @type {number} */ bytes) {
  return (bytes / 1024).toFixed(1);
}
