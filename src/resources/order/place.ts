/**
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
 */
import { errors } from '../../http/errors.js';
import type { Cart } from '../cart/model.js';
import { markCartOrdered, orderableCart } from '../cart/ordering.js';
import { customFields } from '../../engine/common-actions.js';
import { BASE_FIELDS, type Engine, type Locator, type Reference, type ResourceContext } from '../../engine/define.js';
import type { ResourceIdentifier } from '../../engine/draft-fields.js';
import type { Order, OrderFromCartDraft } from './model.js';
import { assertOrderNumberFree, orderErrors, takeInventory } from './parts.js';
import { compactCopyWhere } from '../../util/json.js';

/** Cart fields an order does not take: the cart's bookkeeping (`snapshotCart` leaves out the same) and `totalLineItemQuantity` (not an Order field). */
const CART_ONLY = new Set<string>([
  ...BASE_FIELDS,
  'key',
  'cartState',
  'freezeStrategy',
  'lock',
  'deleteDaysAfterLastModification',
  'totalLineItemQuantity',
]);

const takenByOrder = (field: string, value: unknown) => value !== undefined && !CART_ONLY.has(field);

/**
 * The order's fields of a cart copy `orderableCart` made: what `snapshotCart` answers, without
 * cloning the copy a second time (it is fresh and nobody else holds it). orders.spec.ts checks the two agree.
 */
export function orderFieldsOf(copy: Cart): Order {
  const order = compactCopyWhere(copy, takenByOrder) as Record<string, unknown>;
  order.cart = { typeId: 'cart', id: copy.id };
  return order as Order;
}

/** The State a draft gives the order: it must be an OrderState (400 InvalidOperation otherwise). */
export function orderStateReference(identifier: ResourceIdentifier, ctx: ResourceContext): Reference {
  const state = ctx.reference('state', identifier);
  const stored = ctx.get('state', state.id)!;
  if (stored.type !== 'OrderState') {
    throw orderErrors.invalidOperation(
      `The state '${(stored.key as string | undefined) ?? state.id}' is of type '${String(stored.type)}', not 'OrderState'.`,
    );
  }
  return state;
}

/** What placing an order takes besides the cart: the OrderFromCartDraft fields (all optional but the version). */
type PlaceOptions = Omit<OrderFromCartDraft, 'id' | 'cart'>;

/**
 * Places an order from `cart` (steps 1–6 of the module comment but the lookup) and answers it. The
 * caller found the cart, within whatever scope applies.
 */
export function placeOrder(engine: Engine, ctx: ResourceContext, cart: Cart, options: PlaceOptions): Order {
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
  if (options.state) order.state = orderStateReference(options.state, ctx);
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
  return engine.transaction(() => {
    takeInventory(engine, order.lineItems, order.inventoryMode, ctx);
    const placed = engine.insert(engine.definition('order'), order, ctx);
    markCartOrdered(engine, cart, ctx);
    return placed;
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
