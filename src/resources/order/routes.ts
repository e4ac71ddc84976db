/**
 * The orders' routes beyond the generic shape, and the route builders the caller-scoped endpoints
 * reuse with their own access (src/resources/order/scoped-routes.ts, the as-associate routes of
 * approval-flows.ts): an order from a cart, the import, the search, `order-number=` lookups.
 */
import { errors } from '../../http/errors.js';
import { created, ok, type ApiCall, type Reply } from '../../http/context.js';
import { searchOrders } from './search.js';
import { searchActive } from '../project.js';
import type { Cart } from '../cart/model.js';
import type { CustomRoute, Engine, Locator, ResourceContext } from '../../engine/define.js';
import { validate } from '../../engine/validation.js';
import { type MyOrderFromCartDraft, OrderFromCartDraft, type Order } from './model.js';
import { takeInventory } from './parts.js';
import { cartOfDraft, placeOrder } from './place.js';

type FindCart = (call: ApiCall, engine: Engine, locator: Locator) => Cart | undefined;

/**
 * `POST` of an OrderFromCartDraft (`/me/orders`: a MyOrderFromCartDraft, `{id, version}`), with the
 * cart found by `find` (the project's carts, or the scope's: a cart it cannot reach is not found).
 */
export function orderFromCartRoute(
  find: FindCart,
  draftSchema: typeof OrderFromCartDraft | typeof MyOrderFromCartDraft = OrderFromCartDraft,
): CustomRoute {
  return {
    method: 'POST',
    path: '',
    handle: (call, engine) => {
      const draft: OrderFromCartDraft = validate(draftSchema, call.json());
      const cart = cartOfDraft(draft, (locator) => find(call, engine, locator));
      return created(call.expand(placeOrder(engine, call.ctx, cart, draft)));
    },
  };
}

/** Any cart of the project. */
export const projectCart: FindCart = (call, _repository, locator) =>
  'id' in locator ? call.ctx.get('cart', locator.id) : call.ctx.getByKey('cart', locator.key);

/** How `order-number=` routes reach an order: the project's way, or a scope's. */
export interface OrderNumberAccess {
  get(call: ApiCall, engine: Engine, orderNumber: string): Order;
  update(call: ApiCall, engine: Engine, orderNumber: string): Order;
  remove(call: ApiCall, engine: Engine, orderNumber: string, version: number): Order;
}

/**
 * `/order-number={orderNumber}`: GET, POST (update actions) and DELETE (`?version=`), through the
 * given access (the project's, or a scope's).
 */
export function orderNumberRoutes(access: OrderNumberAccess): CustomRoute[] {
  const path = 'order-number=:orderNumber';
  const orderNumber = (call: ApiCall) => call.params.orderNumber!;
  return [
    { method: 'GET', path, handle: (call, engine) => ok(call.expand(access.get(call, engine, orderNumber(call)))) },
    {
      method: 'POST',
      path,
      handle: (call, engine) => ok(call.expand(access.update(call, engine, orderNumber(call)))),
    },
    {
      method: 'DELETE',
      path,
      handle: (call, engine) => ok(call.expand(access.remove(call, engine, orderNumber(call), call.version()))),
    },
  ];
}

const orderDefinition = (engine: Engine) => engine.definition('order');

/** `order-number=` over every order of the project. */
export const projectOrders: OrderNumberAccess = {
  get: (call, engine, orderNumber) => engine.get(orderDefinition(engine), call.ctx.project, { key: orderNumber }),
  update: (call, engine, orderNumber) => engine.update(orderDefinition(engine), { key: orderNumber }, call.json(), call.ctx),
  remove: (call, engine, orderNumber, version) => engine.remove(orderDefinition(engine), { key: orderNumber }, version, call.ctx),
};

/** An order from an OrderImportDraft, with the stock its line items take; its message is `OrderImported` (also the Import API's order imports). */
export function importOrder(engine: Engine, draft: unknown, ctx: ResourceContext): Order {
  return engine.transaction(() => {
    const made = engine.create(orderDefinition(engine), draft, ctx, 'imported');
    takeInventory(engine, made.lineItems, made.inventoryMode, ctx);
    return made;
  });
}

/** `POST /orders/import`: an OrderImportDraft (`importOrder`). */
export const orderImportRoute: CustomRoute = {
  method: 'POST',
  path: 'import',
  handle: (call, engine) => created(call.expand(importOrder(engine, call.json(), call.ctx))),
};

function search(call: ApiCall): Reply {
  // HEAD /orders/search: the index exists (200). GET is the platform's GET /orders/{ID}, and no order has the ID 'search'.
  if (call.method === 'GET') throw errors.resourceNotFound({ id: 'search' });
  if (!searchActive(call.ctx, 'orders')) throw errors.searchInactive('Order Search');
  if (call.method === 'HEAD') return ok(undefined);
  return ok(searchOrders(call.ctx.scan('order'), call.json(), call.ctx));
}

/** `POST /orders/search` (./search.ts); `HEAD` for whether the index exists. */
export const orderSearchRoutes: CustomRoute[] = [
  { method: 'POST', path: 'search', handle: search },
  { method: 'GET', path: 'search', handle: search },
];
