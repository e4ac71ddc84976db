/**
 * The search routes of `/product-projections` and `/products`, declared by their resource modules.
 * Each calls the search itself (index.ts and what it imports) through `productSearch()`, which loads
 * it on the first search: most suites that read products never search them.
 */
import { parseFormBody } from '../../../http/body.js';
import { ok } from '../../../http/context.js';
import type { CustomRoute } from '../../../engine/define.js';
import { errors } from '../../../http/errors.js';
import { searchActive } from '../../project.js';
import { productSearch } from '../search-module.js';
import { mergedParams } from './params.js';

/** The route, refused while the project has switched Product Projection Search off. */
const projectionIndexed =
  (handle: CustomRoute['handle']): CustomRoute['handle'] =>
  (call, engine) => {
    if (!searchActive(call.ctx, 'products')) throw errors.searchDeactivated();
    return handle(call, engine);
  };

export const projectionSearchRoutes: CustomRoute[] = [
  {
    method: 'GET',
    path: 'search',
    handle: projectionIndexed((call, engine) => ok(productSearch().searchProductProjections(call, engine, call.query))),
  },
  {
    method: 'POST',
    path: 'search',
    handle: projectionIndexed((call, engine) =>
      ok(productSearch().searchProductProjections(call, engine, mergedParams(call.query, parseFormBody(call.rawBody)))),
    ),
  },
  { method: 'GET', path: 'suggest', handle: projectionIndexed((call, engine) => ok(productSearch().suggest(call, engine))) },
];

export const productSearchRoutes: CustomRoute[] = [
  {
    method: 'POST',
    path: 'search',
    handle: (call, engine) => {
      if (!searchActive(call.ctx, 'productsSearch')) throw errors.searchInactive('Product Search');
      return ok(productSearch().searchProducts(call, engine));
    },
  },
];
