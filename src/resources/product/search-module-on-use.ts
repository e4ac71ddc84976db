/**
 * What the package's bundle loads in place of search-module.ts (scripts/bundle.mjs swaps them):
 * product search is an entry of the bundle of its own, required on the first search (synchronously:
 * see resources/load-on-use.ts).
 */
import { createRequire } from 'node:module';
import type { ProductSearch } from './search-module.js';

let loaded: ProductSearch | undefined;

export function productSearch(): ProductSearch {
  loaded ??= createRequire(import.meta.url)('#bundle/resources/product/search/index.js') as ProductSearch;
  return loaded;
}

export function productSearchIfLoaded(): ProductSearch | undefined {
  return loaded;
}
