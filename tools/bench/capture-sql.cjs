// @ts-check
// Preloaded into the API by `pnpm bench` (node --require) to learn the SQL each call sends: every
// statement a pg client sends is appended as a JSON line ({ text, values, prepared }: prepared when
// the API sent it as a named statement) to the file named by BENCH_SQL_CAPTURE. The baseline server
// (tools/bench/baseline.mjs) then sends the same statements, prepared as the API prepared them.
const { appendFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');

const file = process.env.BENCH_SQL_CAPTURE;
if (file) {
  // The pg of the API (its own dependency), not the root's.
  const apiRequire = createRequire(path.join(process.cwd(), 'package.json'));
  /** @type {unknown} */
  const loaded = apiRequire('pg');
  const pg = /** @type {{ Client: { prototype: { query: (this: unknown, ...args: unknown[]) => unknown } } }} */ (loaded);
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function capture(/** @type {unknown[]} */ ...args) {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : /** @type {{ text?: string }} */ (config).text;
    const bound = Array.isArray(values) ? values : /** @type {{ values?: unknown[] }} */ (config).values;
    const prepared = typeof config === 'object' && typeof (/** @type {{ name?: unknown }} */ (config).name) === 'string';
    appendFileSync(file, `${JSON.stringify({ text, values: bound ?? [], prepared })}\n`);
    return query.apply(this, args);
  };
}
