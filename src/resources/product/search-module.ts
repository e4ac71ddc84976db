/**
 * Product search (search/index.ts), as the search routes, seeding and a restore reach it. From the
 * sources it is imported here, ready; the package's bundle replaces this module by
 * search-module-on-use.ts, which requires search's own entry of the bundle on the first search.
 */
import * as search from './search/index.js';

export type ProductSearch = typeof search;

export function productSearch(): ProductSearch {
  return search;
}

/** Search, if it is loaded: what it keeps (the indexes) exists only then. */
export function productSearchIfLoaded(): ProductSearch | undefined {
  return search;
}
