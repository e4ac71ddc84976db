/**
 * Product projections: the read-only view of products with either their current or their staged
 * data (`staged=true|false`, default false: only published products, their current data). Query
 * (`where`, `sort`, paging, `expand` over the projection shape), get by id and by key; price
 * selection, product discounts and availability as on products.
 *
 * `GET /product-projections/search` and `/suggest` belong to the search module: their routes must
 * come before `:id` in `routes` (a bare `:id` would otherwise match the literal segment).
 */
import * as z from 'zod';
import { errors } from '../http/errors.js';
import { ok, type ApiCall } from '../http/context.js';
import { namesAnyField, parseQueryParams, runQuery } from '../query/index.js';
import type { CustomRoute, Engine, ResourceContext, ScopePolicy } from '../engine/define.js';
import { defineResource } from '../engine/define.js';
import type { Product } from './product/model.js';
import {
  CatalogRead,
  isProjected,
  PRESENTED_VARIANT_FIELDS,
  presentProjection,
  productProjection,
  type ProductProjection,
  stagedParam,
} from './product/present.js';
import { productProjectionInStoreScope } from './product/in-store.js';
import { queryOptionsFor } from '../engine/queries.js';
import { projectionSearchRoutes } from './product/search/routes.js';
import { variantAttributesRoutes } from './variant/projections.js';

export {
  productProjection,
  isProjected,
  presentProjection,
  CatalogRead,
  type ProductProjection,
  stagedParam,
} from './product/present.js';
import { withFields } from '../util/json.js';

/** Every projection the endpoints show for `staged`, built lazily (shallow objects over the stored data). */
export function* projections(ctx: ResourceContext, staged: boolean): Iterable<{ product: Product; projection: ProductProjection }> {
  for (const document of ctx.scan('product')) {
    const product = document as Product;
    if (isProjected(product, staged)) yield { product, projection: productProjection(product, staged) };
  }
}

function withoutExpand(query: URLSearchParams): URLSearchParams {
  if (!query.has('expand')) return query;
  const copy = new URLSearchParams(query);
  copy.delete('expand');
  return copy;
}

function queryProjections(call: ApiCall, engine: Engine) {
  const staged = stagedParam(call.query);
  const read = CatalogRead.fromQuery(call.ctx, call.query);
  const query = parseQueryParams(withoutExpand(call.query));
  // A `where` or `sort` on what a read computes (`discounted`, `price`, `availability`) matches the
  // presented projections; otherwise only the page is presented.
  const presentFirst = namesAnyField(query, PRESENTED_VARIANT_FIELDS);
  const owners = new WeakMap<ProductProjection, Product>();
  const all: ProductProjection[] = [];
  for (const { product, projection } of projections(call.ctx, staged)) {
    const candidate = presentFirst ? presentProjection(product, projection, read) : projection;
    owners.set(candidate, product);
    all.push(candidate);
  }
  const page = runQuery(all, query, queryOptionsFor(engine.queryOptions, engine.definition('product')));
  const expand = call.query.getAll('expand');
  return withFields(page, {
    results: page.results.map((projection) =>
      engine.expand(call.ctx.project, presentFirst ? projection : presentProjection(owners.get(projection)!, projection, read), expand),
    ),
  });
}

function getProjection(call: ApiCall, engine: Engine, locator: { id: string } | { key: string }) {
  const staged = stagedParam(call.query);
  const read = CatalogRead.fromQuery(call.ctx, call.query);
  const product = ('id' in locator ? call.ctx.get('product', locator.id) : call.ctx.getByKey('product', locator.key)) as
    | Product
    | undefined;
  if (!product || !isProjected(product, staged)) throw errors.resourceNotFound(locator);
  const projection = presentProjection(product, productProjection(product, staged), read);
  return engine.expand(call.ctx.project, projection, call.query.getAll('expand'));
}

/** The routes of `/product-projections`; search routes are inserted before the `:id` route. */
export const productProjectionRoutes: CustomRoute[] = [
  { method: 'GET', path: '', handle: (call, engine) => ok(queryProjections(call, engine)) },
  ...projectionSearchRoutes,
  ...variantAttributesRoutes,
  { method: 'GET', path: 'key=:key', handle: (call, engine) => ok(getProjection(call, engine, { key: call.params.key! })) },
  { method: 'GET', path: ':id', handle: (call, engine) => ok(getProjection(call, engine, { id: call.params.id! })) },
];

export const productProjections = defineResource<never, never>({
  typeId: 'product-projection',
  path: 'product-projections',
  scope: productProjectionInStoreScope(variantAttributesRoutes) as ScopePolicy<never>,
  draft: z.never(),
  create() {
    throw errors.invalidOperation('Product projections are read-only: create a product instead.');
  },
  actions: {},
  without: ['create', 'update', 'delete'],
  routes: productProjectionRoutes,
});
