// @ts-check
// The console runs on the Node.js release named in .node-version. `pnpm install` runs this
// (postinstall): on a machine whose Node is older, it brings that release from the npm
// registry (the node-<platform>-<arch> package, which holds the official binary) into
// node_modules/.node-runtime and links it as node_modules/.bin/node, which pnpm puts first on
// the PATH of every script (dev, test, build, lint, the API, Jest, Vite, the emulator). On a
// machine that already has a new enough Node nothing is downloaded and no link is made.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const wanted = readFileSync(join(ROOT, '.node-version'), 'utf8').trim();
const wantedMajor = Number(wanted.split('.')[0]);
const currentMajor = Number(process.versions.node.split('.')[0]);
const binDir = join(ROOT, 'node_modules', '.bin');
const link = join(binDir, 'node');
const runtimeDir = join(ROOT, 'node_modules', '.node-runtime', wanted);
const runtimeBinary = join(runtimeDir, 'bin', 'node');

function removeLink() {
  try {
    if (lstatSync(link).isSymbolicLink()) unlinkSync(link);
  } catch {
    // no link
  }
}

/** The registry package that carries the official binary for this platform (as the `node` package names it). */
function packageName() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${process.arch}`;
}

function download() {
  const work = mkdtempSync(join(tmpdir(), 'node-runtime-'));
  try {
    const spec = `${packageName()}@${wanted}`;
    process.stdout.write(`Node ${process.version} is older than ${wantedMajor}: fetching ${spec} from the npm registry…\n`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['pack', spec, '--pack-destination', work, '--silent'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${spec} produced no tarball`);
    rmSync(runtimeDir, { recursive: true, force: true });
    mkdirSync(runtimeDir, { recursive: true });
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', runtimeDir, '--strip-components=1'], { stdio: 'inherit' });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// Under pnpm this script itself may already run on the linked runtime (node_modules/.bin is first on PATH).
const onOwnRuntime = realpathSync(process.execPath).startsWith(join(ROOT, 'node_modules', '.node-runtime'));
if (currentMajor >= wantedMajor && !onOwnRuntime) {
  removeLink();
} else {
  if (!existsSync(runtimeBinary)) download();
  const version = execFileSync(runtimeBinary, ['--version'], { encoding: 'utf8' }).trim();
  mkdirSync(binDir, { recursive: true });
  removeLink();
  symlinkSync(relative(binDir, runtimeBinary), link);
  process.stdout.write(`Scripts run on Node ${version} (node_modules/.bin/node).\n`);
}
