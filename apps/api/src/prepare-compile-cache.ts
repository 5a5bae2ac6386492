import { flushCompileCache, getCompileCacheDir } from 'node:module';
import './compile-cache';
// The modules the API loads before it is ready: the application's (app.ts) and the ones main.ts
// uses before it, pg's among them (TypeORM requires it only as the application starts).
import './app';
import './database/wait-for-database';
import './modules/health/stop-accepting';

/*
 * Writes Node's compile cache of the modules the API loads as it starts, for NODE_COMPILE_CACHE
 * (at the image's build: apps/api/Dockerfile; `pnpm bench` measures the cold start with it).
 * The cache is valid for the same Node, the same files at the same paths and the same user.
 */
flushCompileCache();
const directory = getCompileCacheDir();
if (directory === undefined) {
  process.stderr.write('No compile cache written: NODE_COMPILE_CACHE_DISABLE is set, or the directory cannot be created\n');
  process.exitCode = 1;
} else {
  process.stdout.write(`Compile cache written to ${directory}\n`);
}
