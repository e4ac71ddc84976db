import { createRequire } from 'node:module';

const requireFromPackage = createRequire(import.meta.url);

/**
 * A part of the package's bundle that is an entry of its own (scripts/bundle.mjs), required through
 * the package's imports (`#bundle/<path>`, wherever the chunk asking for it is): the mock serves
 * synchronously, and Node 20.19 and later `require` an ES module synchronously. The CLI's one-file
 * build replaces this module by a table of its parts, each in that file.
 */
export function requirePart<T>(path: string): T {
  return requireFromPackage(`#bundle/${path}`) as T;
}
