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
 * The route lists are declared by the resource modules: `projectionSearchRoutes` before the `:id`
 * routes of `/product-projections`, `productSearchRoutes` before the `:id` routes of `/products`.
 */
import { parseFormBody } from '../../../http/body.js';
import { ok } from '../../../http/context.js';
import type { CustomRoute } from '../../../engine/define.js';
import { errors } from '../../../http/errors.js';
import { searchActive } from '../../project.js';
import { mergedParams } from './params.js';
import { searchProductProjections } from './projection-search.js';
import { searchProducts } from './product-search.js';
import { suggest } from './suggest.js';

export { searchProductProjections, type ProjectionSearchResponse } from './projection-search.js';
export { searchProducts, type ProductSearchResponse, type ProductSearchResult } from './product-search.js';
export { catalogView } from './catalog-index.js';

/** The route, refused while the project has switched Product Projection Search off. */
const projectionIndexed =
  (handle: CustomRoute['handle']): CustomRoute['handle'] =>
  (call, engine) => {
    if (!searchActive(call.ctx, 'products')) throw errors.searchDeactivated();
    return handle(call, engine);
  };

export const projectionSearchRoutes: CustomRoute[] = [
  { method: 'GET', path: 'search', handle: projectionIndexed((call, engine) => ok(searchProductProjections(call, engine, call.query))) },
  {
    method: 'POST',
    path: 'search',
    handle: projectionIndexed((call, engine) =>
      ok(searchProductProjections(call, engine, mergedParams(call.query, parseFormBody(call.rawBody)))),
    ),
  },
  { method: 'GET', path: 'suggest', handle: projectionIndexed((call, engine) => ok(suggest(call, engine))) },
];

export const productSearchRoutes: CustomRoute[] = [
  {
    method: 'POST',
    path: 'search',
    handle: (call, engine) => {
      if (!searchActive(call.ctx, 'productsSearch')) throw errors.searchInactive('Product Search');
      return ok(searchProducts(call, engine));
    },
  },
];
