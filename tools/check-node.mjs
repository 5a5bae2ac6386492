// @ts-check
// Prints the Node.js version a command runs on, and stops with a clear message when it is
// older than the release in .node-version (run `pnpm install`, which brings it).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const wanted = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '.node-version'), 'utf8').trim();
const major = Number(process.versions.node.split('.')[0]);
process.stdout.write(`Node ${process.version}\n`);
if (major < Number(wanted.split('.')[0])) {
  process.stderr.write(`This project runs on Node ${wanted}; run \`pnpm install\`, which brings it into node_modules/.bin.\n`);
  process.exit(1);
}
