import { enableCompileCache } from 'node:module';

/*
 * The first module of the API's entry (main.ts), so that every module after it is compiled with
 * Node's on-disk compile cache: from NODE_COMPILE_CACHE, which the image sets to the cache written
 * at its build (prepare-compile-cache.ts, apps/api/Dockerfile) and only reads at run time (its root
 * filesystem is read-only), else from the temporary directory, where the first start writes it.
 * NODE_COMPILE_CACHE_DISABLE turns it off here too (Node's own check covers NODE_COMPILE_CACHE only).
 */
if (!process.env.NODE_COMPILE_CACHE_DISABLE) enableCompileCache();
