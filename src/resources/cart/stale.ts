/**
 * Carts whose derived fields (prices, totals, taxes, shipping, discount states) are stale: an update
 * action changed what they are derived from, and `recalculate` has not run since. The cart's update
 * actions only change inputs; the definition's `afterActions` recalculates once, after the last
 * action of the request. An action that reads a derived field calls `recalculateIfStale` first, so
 * it reads what it would have read had every earlier action of the request been sent on its own.
 *
 * The mark is kept beside the cart object (the engine's working copy of one request, or a cart being
 * built), never in it, so it is neither stored nor answered and goes when the object goes.
 */
import type { ResourceContext } from '../../engine/define.js';
import type { Cart } from './model.js';
import { recalculate } from './recalculate.js';

/** Stale carts, each with whether its recalculation refreshes the line items' product data too. */
const stale = new WeakMap<Cart, boolean>();

/** After an action changed the cart; `refreshProductData` as the `recalculate` action's `updateProductData` asks. */
export function markStale(cart: Cart, refreshProductData = false): void {
  stale.set(cart, stale.get(cart) === true || refreshProductData);
}

/** Recalculates the cart if an action changed it since it was last recalculated (or read from storage). */
export function recalculateIfStale(cart: Cart, ctx: ResourceContext): void {
  const refreshProductData = stale.get(cart);
  if (refreshProductData === undefined) return;
  stale.delete(cart);
  recalculate(cart, ctx, { updateProductData: refreshProductData });
}
