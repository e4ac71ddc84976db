/**
 * Product search: product projection search (`/product-projections/search`, GET and form-encoded
 * POST), search term suggestions (`/product-projections/suggest`) and the Product Search API
 * (`POST /products/search`). See docs/search.md.
 *
 * Layout: catalog-index.ts (the per-project index, kept in step with product writes by version),
 * text.ts (tokens, fuzzy distance), text-query.ts (full text over the index), fields.ts (field
 * paths), filter-language.ts (filter and facet expressions), matching.ts (compiled filters),
 * facets.ts, request-scope.ts (per-request price selection, availability, category trees),
 * projection-search.ts, suggest.ts, product-search.ts.
 *
 * The route lists (routes.ts) are declared by the resource modules: `projectionSearchRoutes` before the
 * `:id` routes of `/product-projections`, `productSearchRoutes` before the `:id` routes of `/products`.
 * This module is what they call, loaded on the first search (search-module.ts).
 */
export { searchProductProjections, type ProjectionSearchResponse } from './projection-search.js';
export { searchProducts, type ProductSearchResponse, type ProductSearchResult } from './product-search.js';
export { suggest } from './suggest.js';
export { catalogView, distrustVersions } from './catalog-index.js';
