import { enableCompileCache } from 'node:module';
import { recordModuleResolutions } from './module-resolutions';

/*
 * The first module of prepare-compile-cache.ts: every module after it is compiled into Node's
 * compile cache (as compile-cache.ts does for the API) and its resolution is recorded, to be
 * written beside that cache.
 */
if (!process.env.NODE_COMPILE_CACHE_DISABLE) enableCompileCache();

/** Writes the resolutions recorded since this module loaded into the compile cache's directory; answers how many. */
export const writeModuleResolutions = recordModuleResolutions();
