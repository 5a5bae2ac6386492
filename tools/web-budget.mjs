// @ts-check
// Measures what a browser downloads for a page of the built web (apps/web/dist): serves the
// build under /auth/ on loopback, opens each page in headless Chromium, and prints the gzip
// size of every script it loaded and their total.
//   node tools/web-budget.mjs [--dist apps/web/dist] [/auth/login ...]
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const distFlag = args.indexOf('--dist');
const dist = resolve(distFlag >= 0 ? String(args.splice(distFlag, 2)[1]) : join(ROOT, 'apps', 'web', 'dist'));
const pages = args.length > 0 ? args : ['/auth/login'];
/** @type {unknown} playwright-core, a dependency of the web app, loaded from there. */
const playwright = createRequire(join(ROOT, 'apps', 'web', 'package.json'))('playwright-core');
const { chromium } = /** @type {typeof import('playwright-core')} */ (playwright);

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** The build under /auth/, index.html for every other path below it; /api answers 503 (no API here). */
/** @returns {Promise<import('node:http').Server>} */
function serve() {
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
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

const server = await serve();
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  for (const path of pages) {
    const page = await browser.newPage();
    /** @type {Map<string, number>} */
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.url().startsWith(origin)) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
    });
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    await page.close();
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    console.log(`${path}: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
    for (const [name, size] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${name}`);
  }
} finally {
  await browser.close();
  server.close();
}
