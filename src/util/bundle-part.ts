import { createRequire } from 'node:module';
import { once } from './once.js';

const requireFromPackage = createRequire(import.meta.url);

/**
 * A part of the package's bundle that is an entry of its own (scripts/bundle.mjs), required through
 * the package's imports (`#bundle/<path>`, wherever the chunk asking for it is) when first used:
 * the mock serves synchronously, and Node 20.19 and later `require` an ES module synchronously.
 */
export function requirePart<T>(path: string): T {
  return requireFromPackage(`#bundle/${path}`) as T;
}

/** `requirePart` on the first call, kept; `ifLoaded` answers without loading it. */
export function partOnUse<T>(path: string): (() => T) & { ifLoaded(): T | undefined } {
  let loaded: T | undefined;
  const get = once(() => (loaded = requirePart<T>(path)));
  return Object.assign(get, { ifLoaded: () => loaded });
}
