/**
 * `/{projectKey}/in-store/key={storeKey}/product-projections/{ID}` and `/key={key}` (GET, HEAD):
 * a product projection as on `/product-projections/{ID}` (`staged`, price selection, `expand`), but
 * only for a product available in the store (per its product selections); anything else is a 404,
 * and so is a store that does not exist.
 *
 * The platform has no in-store collection, search or suggest for product projections (the RAML's
 * in-store `product-projections` lists only `/{ID}` and `/key={key}`; the SDK's builder has no
 * `get()` there): those paths stay unmounted, i.e. 404 like any path a mount does not list.
 *
 * Availability (Store.productSelections in the RAML):
 * - no product selections: every product;
 * - at least one active selection: only the active ones count, and a product is available when one
 *   of them holds it (Individual: assigned; IndividualExclusion: not excluded, or excluded only for
 *   some variants through `variantExclusion`);
 * - only inactive selections: every product when they are all IndividualExclusion, none otherwise.
 *
 * The store's product tailoring applies (../product-tailoring/model.ts): its staged data for
 * `staged=true`, its current data while it is published.
 *
 * Not done: the store's projection (prices of its distribution channels and countries, its
 * languages, inventory of its supply channels) — the mock's global endpoint has no
 * `storeProjection` / `localeProjection` either; price selection uses only the query's
 * `price*` parameters, as given. Variant selections / exclusions do not trim the variants.
 */
import { ok, type ApiCall } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import type { CustomRoute, ResourceContext, ScopePolicy } from '../../engine/define.js';
import type { ProductSelection } from '../product-selections.js';
import type { Store } from '../stores.js';
import type { Product } from './model.js';
import { CatalogRead, isProjected, presentProjection, productProjection, stagedParam } from './present.js';
import { tailoredProjection, tailoringOf } from '../product-tailoring/model.js';

/** Whether one product selection holds the product (IndividualExclusion: unless excluded as a whole). */
function selectionHolds(selection: ProductSelection, productId: string): boolean {
  const assignment = selection.assignments.find((entry) => entry.product.id === productId);
  if (selection.mode === 'IndividualExclusion') return assignment === undefined || assignment.variantExclusion !== undefined;
  return assignment !== undefined;
}

/** Whether the product is in the store's assortment (see the module comment for the rules). */
export function availableInStore(store: Store, productId: string, ctx: ResourceContext): boolean {
  const settings = store.productSelections ?? [];
  if (settings.length === 0) return true;
  const selectionOf = (id: string) => ctx.get('product-selection', id);
  const active = settings.filter((setting) => setting.active);
  if (active.length === 0) return settings.every((setting) => selectionOf(setting.productSelection.id)?.mode === 'IndividualExclusion');
  return active.some((setting) => {
    const selection = selectionOf(setting.productSelection.id);
    return selection !== undefined && selectionHolds(selection, productId);
  });
}

/** The store of `in-store/key={storeKey}`: 404 ResourceNotFound when there is none. */
function storeOf(call: ApiCall): Store {
  const key = call.ctx.scope?.store;
  const store = key ? call.ctx.getByKey('store', key) : undefined;
  if (!store) throw errors.resourceNotFound({ key: key ?? '' });
  return store;
}

function getInStore(call: ApiCall, locator: { id: string } | { key: string }) {
  const store = storeOf(call);
  const staged = stagedParam(call.query);
  const read = CatalogRead.fromQuery(call.ctx, call.query);
  const product = ('id' in locator ? call.ctx.get('product', locator.id) : call.ctx.getByKey('product', locator.key)) as
    | Product
    | undefined;
  if (!product || !isProjected(product, staged) || !availableInStore(store, product.id, call.ctx)) throw errors.resourceNotFound(locator);
  const tailored = tailoredProjection(productProjection(product, staged), tailoringOf(call.ctx, store.key, product.id), staged);
  return call.expand(presentProjection(product, tailored, read));
}

const inStoreProjectionRoutes: CustomRoute[] = [
  { method: 'GET', path: 'key=:key', handle: (call) => ok(getInStore(call, { key: call.params.key! })) },
  { method: 'GET', path: ':id', handle: (call) => ok(getInStore(call, { id: call.params.id! })) },
];

/**
 * In-store product projections: the two routes above and `routes` (the generic list and get are left out;
 * create, update and delete are not served by the type at all). Projections are not stored, so the
 * policy has no `inStore`: the generic access object matches nothing (fails closed).
 */
export function productProjectionInStoreScope(routes: CustomRoute[]): ScopePolicy<Product> {
  return { mounts: { store: { without: ['list', 'get'], routes: [...routes, ...inStoreProjectionRoutes] } } };
}
