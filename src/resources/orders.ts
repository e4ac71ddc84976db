/**
 * Orders: placed from a cart (`POST /orders`), imported (`POST /orders/import`), found by order
 * number (`/orders/order-number={orderNumber}`: GET, POST update, DELETE), searched
 * (`POST /orders/search`, src/search/order-search.ts), changed by every platform update action
 * (./order/actions.ts).
 *
 * Placing an order from a cart, as the platform does it, in one transaction:
 * 1. the cart (by `cart: {id | key}`, or the deprecated `id`) must exist (400
 *    ReferencedResourceNotFound — also when the endpoint's scope cannot reach it: another
 *    customer's cart under /me, another store's in a store) and have the draft's `version` (409
 *    ConcurrentModification);
 * 2. a cart that is already Ordered is refused (400 InvalidOperation), as is one without a shipping
 *    address ("regardless of the TaxMode");
 * 3. `orderableCart` recalculates a copy and makes the platform's checks (discount codes that no
 *    longer apply, shipping method predicates, missing tax rates, external tax rates, cart state);
 * 4. stock is taken for line items in inventory mode TrackOnly / ReserveOnOrder (400 OutOfStock);
 * 5. the order is the copy's fields (`snapshotCart`) plus the draft's order number, purchase order
 *    number, states, State and custom fields (merged with the cart's: the type must be the same);
 * 6. the cart is stored with `cartState: Ordered` (a new version).
 *
 * The order number is the resource's lookup key (`keyOf`): unique in the project (400
 * DuplicateField `orderNumber`), set once. Orders have no `key`, so there are no `key=` routes.
 */
import { z } from 'zod';
import { errors } from '../http/errors.js';
import { created, ok, type ApiCall, type Reply } from '../context.js';
import { searchOrders } from '../search/order-search.js';
import type { Cart } from './cart/model.js';
import { markCartOrdered, orderableCart } from './cart/ordering.js';
import { customFields } from './common.js';
import { defineResource, type CustomRoute, type ResourceContext, type ResourceDefinition, type Locator, type Engine } from './define.js';
import { assertOrderNumberFree, orderActions } from './order/actions.js';
import { importedOrder } from './order/import.js';
import { MyOrderFromCartDraft, OrderFromCartDraft, OrderImportDraft, type Order } from './order/model.js';
import { orderErrors, takeInventory } from './order/parts.js';
import { validate } from './validation.js';

export type { Order } from './order/model.js';
export { OrderFromCartDraft, OrderImportDraft, MyOrderFromCartDraft } from './order/model.js';

const ANY = z.unknown();

/** Cart fields an order does not take: the cart's bookkeeping (`snapshotCart` leaves out the same) and `totalLineItemQuantity` (not an Order field). */
const CART_ONLY = new Set([
  'id',
  'version',
  'createdAt',
  'lastModifiedAt',
  'createdBy',
  'lastModifiedBy',
  'key',
  'cartState',
  'freezeStrategy',
  'lock',
  'deleteDaysAfterLastModification',
  'totalLineItemQuantity',
]);

/**
 * The order's fields of a cart copy `orderableCart` made: what `snapshotCart` answers, without
 * cloning the copy a second time (it is fresh and nobody else holds it). orders.spec.ts checks the two agree.
 */
export function orderFieldsOf(copy: Cart): Order {
  const order: Record<string, unknown> = {};
  for (const field in copy) if (!CART_ONLY.has(field) && copy[field] !== undefined) order[field] = copy[field];
  order.cart = { typeId: 'cart', id: copy.id };
  return order as Order;
}

/** What placing an order takes besides the cart: the OrderFromCartDraft fields (all optional but the version). */
type PlaceOptions = Omit<OrderFromCartDraft, 'id' | 'cart'>;

/**
 * Places an order from `cart` (steps 1–6 of the module comment but the lookup) and answers it. The
 * caller found the cart, within whatever scope applies.
 */
export function placeOrder(repository: Engine, ctx: ResourceContext, cart: Cart, options: PlaceOptions): Order {
  if (cart.version !== options.version) throw errors.concurrentModification(cart.id, options.version, cart.version);
  if (cart.cartState === 'Ordered') throw orderErrors.alreadyOrdered(cart.id);
  if (!cart.shippingAddress) throw orderErrors.noShippingAddress(cart.id);
  const copy = orderableCart(cart, ctx);
  if (options.orderNumber !== undefined) assertOrderNumberFree(options.orderNumber, ctx);
  const order = orderFieldsOf(copy);
  if (options.orderNumber !== undefined) order.orderNumber = options.orderNumber;
  if (options.purchaseOrderNumber !== undefined) order.purchaseOrderNumber = options.purchaseOrderNumber;
  order.orderState = options.orderState ?? 'Open';
  if (options.paymentState !== undefined) order.paymentState = options.paymentState;
  if (options.shipmentState !== undefined) order.shipmentState = options.shipmentState;
  if (options.state) {
    const state = ctx.reference('state', options.state);
    const stored = ctx.get('state', state.id)!;
    if (stored.type !== 'OrderState') {
      throw orderErrors.invalidOperation(
        `The state '${(stored.key as string | undefined) ?? state.id}' is of type '${String(stored.type)}', not 'OrderState'.`,
      );
    }
    order.state = state;
  }
  if (options.custom) {
    const given = customFields(options.custom, ctx)!;
    if (order.custom && order.custom.type.id !== given.type.id) {
      throw orderErrors.invalidOperation(
        `The custom type of the order must be the type of the cart's custom fields ('${order.custom.type.id}').`,
      );
    }
    order.custom = { type: given.type, fields: { ...(order.custom?.fields ?? {}), ...given.fields } };
  }
  order.syncInfo = [];
  order.returnInfo = [];
  const definition = { ...orders, draft: ANY, create: () => order } as unknown as ResourceDefinition;
  return repository.transaction(() => {
    takeInventory(repository, order.lineItems, order.inventoryMode, ctx);
    const made = repository.create(definition, undefined, ctx) as Order;
    markCartOrdered(repository, cart, ctx);
    return made;
  });
}

/** The cart an OrderFromCartDraft names (400 ReferencedResourceNotFound when `find` does not reach it). */
export function cartOfDraft(draft: Pick<OrderFromCartDraft, 'id' | 'cart'>, find: (locator: Locator) => Cart | undefined): Cart {
  const locator: Locator | undefined =
    draft.cart?.id !== undefined
      ? { id: draft.cart.id }
      : draft.cart?.key !== undefined
        ? { key: draft.cart.key }
        : draft.id !== undefined
          ? { id: draft.id }
          : undefined;
  if (!locator) throw errors.invalidInput("The cart to order is required: 'cart' ({typeId: 'cart', id}).");
  const cart = find(locator);
  if (!cart) throw errors.referencedResourceNotFound('cart', locator);
  return cart;
}

/**
 * `POST` of an OrderFromCartDraft, with the cart found by `find` (the project's carts, or the
 * scope's: a cart it cannot reach is not found).
 */
export function orderFromCartRoute(find: (call: ApiCall, repository: Engine, locator: Locator) => Cart | undefined): CustomRoute {
  return {
    method: 'POST',
    path: '',
    handle: (call, repository) => {
      const draft = validate(OrderFromCartDraft, call.json());
      const cart = cartOfDraft(draft, (locator) => find(call, repository, locator));
      return created(call.expand(placeOrder(repository, call.ctx, cart, draft)));
    },
  };
}

/** `POST /me/orders`: a MyOrderFromCartDraft (`{id, version}`) of the caller's cart. */
export function myOrderFromCartRoute(find: (call: ApiCall, repository: Engine, locator: Locator) => Cart | undefined): CustomRoute {
  return {
    method: 'POST',
    path: '',
    handle: (call, repository) => {
      const draft = validate(MyOrderFromCartDraft, call.json());
      const cart = cartOfDraft({ id: draft.id }, (locator) => find(call, repository, locator));
      return created(call.expand(placeOrder(repository, call.ctx, cart, { version: draft.version })));
    },
  };
}

/**
 * `/order-number={orderNumber}`: GET, POST (update actions) and DELETE (`?version=`), through the
 * given access (the project's, or a scope's).
 */
export function orderNumberRoutes(access: {
  get(call: ApiCall, repository: Engine, orderNumber: string): Order;
  update(call: ApiCall, repository: Engine, orderNumber: string): Order;
  remove(call: ApiCall, repository: Engine, orderNumber: string, version: number): Order;
}): CustomRoute[] {
  const path = 'order-number=:orderNumber';
  const orderNumber = (call: ApiCall) => call.params.orderNumber!;
  return [
    { method: 'GET', path, handle: (call, repository) => ok(call.expand(access.get(call, repository, orderNumber(call)))) },
    {
      method: 'POST',
      path,
      handle: (call, repository) => ok(call.expand(access.update(call, repository, orderNumber(call)))),
    },
    {
      method: 'DELETE',
      path,
      handle: (call, repository) => ok(call.expand(access.remove(call, repository, orderNumber(call), call.version()))),
    },
  ];
}

function search(call: ApiCall, repository: Engine): Reply {
  // HEAD /orders/search: the index exists (200); GET is not served.
  if (call.method === 'GET') throw errors.methodNotAllowed('GET', `/${call.ctx.project}/orders/search`);
  if (call.method === 'HEAD') return ok(undefined);
  return ok(searchOrders(repository.storage.scan(call.ctx.project, 'order') as Iterable<Order>, call.json(), call.ctx));
}

export const orders: ResourceDefinition<OrderImportDraft, Order> = defineResource<OrderImportDraft, Order>({
  typeId: 'order',
  path: 'orders',
  // The generic create (and `mock.create('order', ...)` / seeding) takes an OrderImportDraft; `POST /orders` places an order from a cart.
  draft: OrderImportDraft,
  create: (draft, ctx) => importedOrder(draft, ctx),
  actions: orderActions,
  keyOf: (order) => order.orderNumber,
  without: ['byKey'],
  routes: [
    orderFromCartRoute(
      (call, _repository, locator) =>
        ('id' in locator ? call.ctx.get('cart', locator.id) : call.ctx.getByKey('cart', locator.key)) as Cart | undefined,
    ),
    {
      method: 'POST',
      path: 'import',
      handle: (call, repository) => {
        const order = repository.transaction(() => {
          const made = repository.create(orders as unknown as ResourceDefinition, call.json(), call.ctx) as Order;
          takeInventory(repository, made.lineItems, made.inventoryMode, call.ctx);
          return made;
        });
        return created(call.expand(order));
      },
    },
    { method: 'POST', path: 'search', handle: (call, repository) => search(call, repository) },
    { method: 'GET', path: 'search', handle: (call, repository) => search(call, repository) },
    ...orderNumberRoutes({
      get: (call, repository, orderNumber) =>
        repository.get(orders as unknown as ResourceDefinition, call.ctx.project, { key: orderNumber }) as Order,
      update: (call, repository, orderNumber) =>
        repository.update(orders as unknown as ResourceDefinition, { key: orderNumber }, call.json(), call.ctx) as Order,
      remove: (call, repository, orderNumber, version) =>
        repository.remove(orders as unknown as ResourceDefinition, { key: orderNumber }, version, call.ctx) as Order,
    }),
  ],
});
