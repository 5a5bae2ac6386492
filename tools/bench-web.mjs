// @ts-check
// Page speed of the built web (apps/web/dist): serves it on loopback, opens /auth/login in headless
// Chromium five times, each cold (a new browser context: no cache, no storage), reads the page's
// largest contentful paint, and prints every load, their median and the JS the page downloaded.
// Exits non-zero when the median is over budget.
//   node tools/bench-web.mjs [--dist apps/web/dist] [/auth/login]
import { assetTotals, kb, launchChromium, recordAssets, serveBuild, takeDistArgument } from './web-budget-browser.mjs';

const LCP_BUDGET_MS = 1000;
const LOADS = 5;

const args = process.argv.slice(2);
const dist = takeDistArgument(args);
const path = args[0] ?? '/auth/login';

/**
 * Runs in the page: its largest contentful paint so far (ms after navigation start), from the
 * browser's buffered entries (an entry type of browsers, which Node's types do not list).
 */
function largestContentfulPaint() {
  return new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve(entries.at(-1)?.startTime ?? Number.NaN);
    }).observe({ type: /** @type {import('node:perf_hooks').EntryType} */ ('largest-contentful-paint'), buffered: true });
    // Nothing painted at all: no entry would ever come.
    setTimeout(() => resolve(Number.NaN), 5_000);
  });
}

const server = await serveBuild(dist);
const browser = await launchChromium();
/** @type {number[]} */
const paints = [];
let scripts = 0;
try {
  for (let load = 1; load <= LOADS; load += 1) {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const assets = recordAssets(page, server.origin);
    await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
    const paint = Number(await page.evaluate(largestContentfulPaint));
    scripts = assetTotals(await assets()).js;
    await context.close();
    paints.push(paint);
    console.log(`load ${load}: largest contentful paint ${paint.toFixed(0)} ms`);
  }
} finally {
  await browser.close();
  await server.close();
}

const sorted = [...paints].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
console.log(
  `${path}: largest contentful paint, median of ${LOADS} cold loads: ${median.toFixed(0)} ms (budget ${LCP_BUDGET_MS} ms); JS ${kb(scripts)} KB gzip`,
);
if (!(median <= LCP_BUDGET_MS)) {
  console.error(`${path}: largest contentful paint over budget`);
  process.exitCode = 1;
}
