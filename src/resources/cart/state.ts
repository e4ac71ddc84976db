/**
 * A cart's states and which update actions each refuses: an Ordered or Merged cart takes none but
 * a few bookkeeping actions; a Frozen cart refuses those that change what its items cost (and,
 * frozen with HardFreeze, its shipping). The actions that change the state (freeze, unfreeze,
 * lock, unlock) are here too.
 */
import { z } from 'zod';
import { action, type UpdateAction } from '../define.js';
import { cartErrors } from './errors.js';
import type { Cart } from './model.js';
import { recalculate } from './recalculate.js';

/** Actions that change what (custom) line items cost: refused on a frozen cart. */
const PRICE_CHANGING = new Set([
  'addLineItem',
  'changeLineItemQuantity',
  'removeLineItem',
  'setLineItemDistributionChannel',
  'setLineItemSupplyChannel',
  'addCustomLineItem',
  'changeCustomLineItemQuantity',
  'removeCustomLineItem',
  'changeTaxMode',
  'setLineItemPrice',
  'setLineItemTotalPrice',
]);
/** Refused on a cart frozen with HardFreeze in addition. */
const HARD_FROZEN = new Set(['setShippingMethod', 'setCustomShippingMethod']);
/** Allowed whatever the cart's state (they change nothing that is computed). */
const ALWAYS = new Set(['setCustomField', 'setCustomType', 'setKey', 'setDeleteDaysAfterLastModification', 'unlockCart', 'lockCart']);

export const stateActions: Record<string, UpdateAction<Cart>> = {
  freezeCart: action(z.object({ strategy: z.enum(['SoftFreeze', 'HardFreeze']).optional() }), (cart: Cart, a) => {
    cart.cartState = 'Frozen';
    cart.freezeStrategy = a.strategy ?? 'SoftFreeze';
  }),
  unfreezeCart: action(z.object({}), (cart: Cart) => {
    if (cart.cartState !== 'Frozen') return;
    cart.cartState = 'Active';
    delete cart.freezeStrategy;
  }),
  lockCart: action(z.object({}), (cart: Cart, _a, ctx) => {
    if (cart.lock) throw cartErrors.invalidOperation('The cart is already locked.');
    cart.lock = { createdAt: ctx.now, clientId: ctx.author.clientId ?? '' };
  }),
  unlockCart: action(z.object({}), (cart: Cart) => {
    delete cart.lock;
  }),
};

/** Every action checks the cart's state first and ends with `recalculate`. */
export function withRecalculation(actions: Record<string, UpdateAction<Cart>>): Record<string, UpdateAction<Cart>> {
  const wrapped: Record<string, UpdateAction<Cart>> = {};
  for (const [name, declared] of Object.entries(actions)) {
    wrapped[name] = {
      schema: declared.schema,
      apply(cart, payload, ctx) {
        if (!ALWAYS.has(name)) {
          if (cart.cartState === 'Ordered' || cart.cartState === 'Merged') throw cartErrors.cartNotActive(cart.cartState);
          if (
            cart.cartState === 'Frozen' &&
            (PRICE_CHANGING.has(name) || (cart.freezeStrategy === 'HardFreeze' && HARD_FROZEN.has(name)))
          ) {
            throw cartErrors.frozen(name);
          }
        }
        declared.apply(cart, payload, ctx);
        recalculate(
          cart,
          ctx,
          name === 'recalculate' ? { updateProductData: (payload as { updateProductData?: boolean }).updateProductData === true } : {},
        );
      },
    };
  }
  return wrapped;
}
