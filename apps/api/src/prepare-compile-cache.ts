import { flushCompileCache, getCompileCacheDir } from 'node:module';
import { writeModuleResolutions } from './compile-cache-recording';
// The modules the API loads before it is ready: the ones main.ts uses before the application (pg's
// among them: TypeORM requires it only as the application starts), then the application's (app.ts).
import './config/app-config';
import './common/logging/startup-logger';
import './common/observability/telemetry';
import './database/wait-for-database';
import './modules/health/lifecycle';
import './modules/health/stop-accepting';
import './app';

/*
 * Writes Node's compile cache of the modules the API loads as it starts, and the record of their
 * resolutions (module-resolutions.ts), for NODE_COMPILE_CACHE (at the image's build:
 * apps/api/Dockerfile; `pnpm bench` measures the cold start with both). Both are valid for the same
 * Node, the same files at the same paths and (the compile cache) the same user.
 */
flushCompileCache();
const directory = getCompileCacheDir();
if (directory === undefined) {
  process.stderr.write('No compile cache written: NODE_COMPILE_CACHE_DISABLE is set, or the directory cannot be created\n');
  process.exitCode = 1;
} else {
  // The API reads the record only from NODE_COMPILE_CACHE (compile-cache.ts).
  const resolutions = process.env.NODE_COMPILE_CACHE ? writeModuleResolutions(process.env.NODE_COMPILE_CACHE) : 0;
  process.stdout.write(`Compile cache written to ${directory}; ${resolutions} module resolutions recorded\n`);
}
