import { once } from './once.js';
import { requirePart } from './require-part.js';

export { requirePart };

/** `requirePart` on the first call, kept; `ifLoaded` answers without loading it. */
export function partOnUse<T>(path: string): (() => T) & { ifLoaded(): T | undefined } {
  let loaded: T | undefined;
  const get = once(() => (loaded = requirePart<T>(path)));
  return Object.assign(get, { ifLoaded: () => loaded });
}
