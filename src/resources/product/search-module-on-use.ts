/**
 * What the package's bundle loads in place of search-module.ts (scripts/bundle.mjs swaps them):
 * product search is an entry of the bundle of its own, required on the first search.
 */
import { partOnUse } from '../../util/bundle-part.js';
import type { ProductSearch } from './search-module.js';

export const productSearch = partOnUse<ProductSearch>('resources/product/search/index.js');
export const productSearchIfLoaded = productSearch.ifLoaded;
