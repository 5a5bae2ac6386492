import { enableCompileCache } from 'node:module';
import { useModuleResolutions } from './module-resolutions';

/*
 * The first module of the API's entry (main.ts), so that every module after it is compiled with
 * Node's on-disk compile cache: from NODE_COMPILE_CACHE, which the image sets to the cache written
 * at its build (prepare-compile-cache.ts, apps/api/Dockerfile) and only reads at run time (its root
 * filesystem is read-only), else from the temporary directory, where the first start writes it.
 * With NODE_COMPILE_CACHE, the modules are also found as that build recorded them there
 * (module-resolutions.ts); never from the temporary directory, which no build wrote.
 * NODE_COMPILE_CACHE_DISABLE turns both off (Node's own check covers NODE_COMPILE_CACHE only).
 */
if (!process.env.NODE_COMPILE_CACHE_DISABLE) {
  enableCompileCache();
  if (process.env.NODE_COMPILE_CACHE) useModuleResolutions(process.env.NODE_COMPILE_CACHE);
}
