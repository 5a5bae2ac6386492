import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { registerHooks, type ResolveHookContext } from 'node:module';
import { join } from 'node:path';

/*
 * Node's module resolution of the modules the API loads as it starts, kept beside Node's compile
 * cache by the image's build (prepare-compile-cache.ts) and read by every start (compile-cache.ts):
 * finding the file of each of some 8,000 `require` and `import` specifiers (the directories
 * searched, package.json exports and realpath) was about a fifth of the time to /readyz. A start
 * takes a specifier's file from the record when the same module asked for it under the same
 * conditions, and resolves it as Node does otherwise. The record holds absolute file URLs: it is
 * valid for the files it was written with (an image's), read only with that Node version.
 */

/** The specifiers a module asked for and the files (with their formats) Node resolved them to. */
type Resolutions = Record<string, { url: string; format?: string | null | undefined }>;

/** How a start used the record: its size, and the resolutions taken from it and made anew. */
export interface ResolutionUse {
  readonly recorded: number;
  hits: number;
  misses: number;
}

let use: ResolutionUse | undefined;

/** The record's file in the compile cache's directory, for this Node version. */
function recordFile(directory: string): string {
  return join(directory, `module-resolutions-${process.version}.json`);
}

/** The key of a resolution; none for one with import attributes (a JSON module's), which is always made anew. */
function keyOf(specifier: string, context: ResolveHookContext): string | undefined {
  // A `require` comes without import attributes (Node's types say otherwise).
  const attributes: Partial<ResolveHookContext>['importAttributes'] = context.importAttributes;
  if (attributes !== undefined && Object.keys(attributes).length > 0) return undefined;
  return `${context.parentURL ?? ''} ${context.conditions.join(',')} ${specifier}`;
}

/** Resolves as the record says from now on, when `directory` holds one written with this Node version. */
export function useModuleResolutions(directory: string): void {
  const file = recordFile(directory);
  if (!existsSync(file)) return;
  const resolutions = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Resolutions));
  const counts: ResolutionUse = { recorded: resolutions.size, hits: 0, misses: 0 };
  use = counts;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const key = keyOf(specifier, context);
      const known = key === undefined ? undefined : resolutions.get(key);
      if (known === undefined) {
        counts.misses += 1;
        return nextResolve(specifier, context);
      }
      counts.hits += 1;
      return { url: known.url, format: known.format, shortCircuit: true };
    },
  });
}

/** How this start used a record of resolutions, if it had one. */
export function moduleResolutionUse(): ResolutionUse | undefined {
  return use;
}

/**
 * Records every resolution to a file from now on; the function returned writes the record into
 * `directory` (the compile cache's) and answers how many it holds.
 */
export function recordModuleResolutions(): (directory: string) => number {
  const recorded: Resolutions = {};
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const key = keyOf(specifier, context);
      if (key !== undefined && resolved.url.startsWith('file:')) recorded[key] = { url: resolved.url, format: resolved.format };
      return resolved;
    },
  });
  return (directory) => {
    writeFileSync(recordFile(directory), JSON.stringify(recorded));
    return Object.keys(recorded).length;
  };
}
