/**
 * `recalculate(cart, ctx)`: recomputes everything a cart derives from its inputs, as the platform
 * does after every update: once per update request, after its last action (./stale.ts); also when
 * a cart is built, replicated or merged, and before an order copies it.
 *
 * `recalculate` lists the steps in the order the platform applies them; what each reads and what
 * it leaves for the next travels in one `Recalculation` (./recalculation-state.ts):
 *  1. prices and totals before cart discounts: line item prices (./line-items.ts; a frozen cart
 *     keeps its prices), each item's total, the line item count and the cart value.
 *  2. tax rates (tax mode Platform): each item's tax category's rate for the shipping address
 *     (./tax-calculation.ts).
 *  3. shipping: each shipping's rate and price on the cart value before cart discounts, then its
 *     tax rate (./shipping-rates.ts).
 *  4. what predicates read, before cart discounts: the cart's total, the items' taxed prices; then
 *     the shipping method states.
 *  5. cart discounts and discount codes (./applied-discounts.ts): chosen, then applied to items,
 *     custom line items and shipping, and to the total price (./totals.ts).
 *  6. taxes after discounts: per item and shipping, then the cart; a discount on the total price
 *     reduces the taxed prices by the same share (./tax-calculation.ts).
 *  7. the discount codes' states.
 */
import { CatalogRead } from '../product/present.js';
import type { ResourceContext } from '../../engine/define.js';
import { applyDiscounts, setDiscountCodeStates } from './applied-discounts.js';
import { effectiveUnitPrice, repriceLineItem } from './line-items.js';
import type { Cart, CustomLineItem, LineItem } from './model.js';
import { money, type Recalculation, startRecalculation } from './recalculation-state.js';
import { repriceShipping, setShippingMethodStates } from './shipping-rates.js';
import { assignItemTaxRates, assignShippingTaxRates, setCartTaxes, setItemTaxes, setUndiscountedTaxedPrices } from './tax-calculation.js';
import {
  discountCustomLineItems,
  discountLineItems,
  discountShipping,
  setCartTotal,
  setDiscountOnTotalPrice,
  setUndiscountedCartTotal,
  undiscountedTotal,
} from './totals.js';

export interface RecalculateOptions {
  /** Refresh the line items' product data (name, slug, variant, product type) too. */
  updateProductData?: boolean;
}

/** Recomputes every derived field of `cart` in place. */
export function recalculate(cart: Cart, ctx: ResourceContext, options: RecalculateOptions = {}): void {
  if (cart.cartState === 'Ordered' || cart.cartState === 'Merged') return;
  const run = startRecalculation(cart, ctx);

  // 1. Prices and totals before cart discounts.
  priceLineItems(run, options.updateProductData === true);
  totalCustomLineItems(run);
  checkShippingDetails(run);
  sumItems(run);

  // 2. Tax rates.
  assignItemTaxRates(run);

  // 3. Shipping, on the cart value before cart discounts.
  repriceShipping(run);
  assignShippingTaxRates(run);

  // 4. What predicates read: the cart before cart discounts.
  setUndiscountedCartTotal(run);
  setUndiscountedTaxedPrices(run);
  setShippingMethodStates(run);

  // 5. Cart discounts.
  applyDiscounts(run);
  discountLineItems(run);
  discountCustomLineItems(run);
  discountShipping(run);
  setCartTotal(run);
  setDiscountOnTotalPrice(run);

  // 6. Taxes after discounts.
  setItemTaxes(run);
  setCartTaxes(run);

  // 7. Discount code states.
  setDiscountCodeStates(run);
}

/** An item held in a single state keeps its whole quantity there. */
function syncSingleStateQuantity(item: LineItem | CustomLineItem): void {
  if (item.state.length === 1) item.state[0]!.quantity = item.quantity;
}

/** Each line item's price from the catalog, and its total (an ExternalTotal line keeps the total it was given). */
function priceLineItems(run: Recalculation, updateProductData: boolean): void {
  const { cart, ctx, currency } = run;
  const read = new CatalogRead(ctx, undefined);
  for (const item of cart.lineItems) {
    repriceLineItem(cart, item, ctx, read, updateProductData);
    syncSingleStateQuantity(item);
    if (item.priceMode !== 'ExternalTotal')
      item.totalPrice = money(currency, undiscountedTotal(effectiveUnitPrice(item), item.quantity, cart.priceRoundingMode));
  }
}

function totalCustomLineItems(run: Recalculation): void {
  const { cart, currency } = run;
  for (const item of cart.customLineItems) {
    syncSingleStateQuantity(item);
    item.totalPrice = money(currency, undiscountedTotal(item.money, item.quantity, cart.priceRoundingMode));
  }
}

/** An item's shipping details are valid when their targets share out exactly its quantity. */
function checkShippingDetails(run: Recalculation): void {
  for (const item of run.items) {
    if (item.shippingDetails)
      item.shippingDetails.valid = item.shippingDetails.targets.reduce((sum, t) => sum + t.quantity, 0) === item.quantity;
  }
}

/** The cart's line item quantity, and its value before cart discounts, which shipping rates are priced on. */
function sumItems(run: Recalculation): void {
  const { cart } = run;
  if (cart.lineItems.length > 0) cart.totalLineItemQuantity = cart.lineItems.reduce((sum, item) => sum + item.quantity, 0);
  else delete cart.totalLineItemQuantity;
  let value = 0;
  for (const item of run.items) value += item.totalPrice.centAmount;
  run.cartValue = value;
}
