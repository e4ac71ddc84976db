/**
 * The totals steps of `recalculate` (./recalculate.ts): each item's total before cart discounts,
 * then what the cart discounts leave of items, shipping and the cart's total price, kept per item
 * as the price groups its taxes are computed on.
 */
import { groupsTotal, type UnitGroup } from '../../pricing/cart-discounts.js';
import { preciseTotal, type RoundingMode } from '../../pricing/cart-rounding.js';
import type { PriceGroup } from '../../pricing/cart-taxes.js';
import { currencyFractionDigits, type TypedMoney } from '../../pricing/money.js';
import { effectiveUnitPrice } from './line-items.js';
import type { DiscountedPricePerQuantity, ShippingInfo } from './model.js';
import { money, type Recalculation } from './recalculation-state.js';

/** The total of an undiscounted line: high-precision prices are multiplied precisely, then rounded. */
export function undiscountedTotal(value: TypedMoney, quantity: number, mode: RoundingMode): number {
  if (value.type === 'highPrecision')
    return preciseTotal(value.preciseAmount, value.fractionDigits, quantity, currencyFractionDigits(value.currencyCode), mode);
  return value.centAmount * quantity;
}

/** The price groups of an undiscounted item: its unit price × quantity (a high-precision price: its rounded total as one group). */
export function plainGroups(value: TypedMoney, quantity: number, total: number): PriceGroup[] {
  return value.type === 'highPrecision' ? [{ unit: total, quantity: 1 }] : [{ unit: value.centAmount, quantity }];
}

function perQuantity(groups: readonly UnitGroup[], currency: string): DiscountedPricePerQuantity[] {
  const out: DiscountedPricePerQuantity[] = [];
  for (const group of groups) {
    if (group.portions.length === 0) continue;
    const portions = group.portions.map((p) => ({
      discount: { typeId: p.discount.typeId, id: p.discount.id },
      discountedAmount: money(currency, p.amount),
    }));
    const same = out.find(
      (entry) =>
        entry.discountedPrice.value.centAmount === group.price &&
        JSON.stringify(entry.discountedPrice.includedDiscounts) === JSON.stringify(portions),
    );
    if (same) same.quantity += group.quantity;
    else out.push({ quantity: group.quantity, discountedPrice: { value: money(currency, group.price), includedDiscounts: portions } });
  }
  return out;
}

const priceGroups = (groups: readonly UnitGroup[]): PriceGroup[] => groups.map((g) => ({ unit: g.price, quantity: g.quantity }));

/** The price groups of an item of a hard-frozen cart: its stored discounted quantities, the rest at the unit price. */
function groupsFromStored(stored: DiscountedPricePerQuantity[], unit: number, quantity: number): PriceGroup[] {
  const groups = stored.map((entry) => ({ unit: entry.discountedPrice.value.centAmount, quantity: entry.quantity }));
  const discounted = groups.reduce((sum, g) => sum + g.quantity, 0);
  if (discounted < quantity) groups.push({ unit, quantity: quantity - discounted });
  return groups;
}

/** The cart's total price before cart discounts (items and shipping), what predicates read. */
export function setUndiscountedCartTotal(run: Recalculation): void {
  let total = run.cartValue;
  for (const info of run.shippings) total += info.price.centAmount;
  run.cart.totalPrice = money(run.currency, total);
}

/** Each line item's discounted quantities and total after cart discounts; an ExternalTotal line keeps its total. */
export function discountLineItems(run: Recalculation): void {
  const { cart, currency, frozenHard, discountOutcome, lineGroups } = run;
  for (let index = 0; index < cart.lineItems.length; index++) {
    const item = cart.lineItems[index]!;
    if (frozenHard) {
      lineGroups.push(groupsFromStored(item.discountedPricePerQuantity, effectiveUnitPrice(item).centAmount, item.quantity));
      continue;
    }
    const groups = discountOutcome?.lineItems[index];
    item.discountedPricePerQuantity = groups ? perQuantity(groups, currency) : [];
    if (item.priceMode === 'ExternalTotal') {
      lineGroups.push([{ unit: item.totalPrice.centAmount, quantity: 1 }]);
      continue;
    }
    if (groups && item.discountedPricePerQuantity.length > 0) item.totalPrice = money(currency, groupsTotal(groups));
    lineGroups.push(groups ? priceGroups(groups) : plainGroups(effectiveUnitPrice(item), item.quantity, item.totalPrice.centAmount));
  }
}

export function discountCustomLineItems(run: Recalculation): void {
  const { cart, currency, frozenHard, discountOutcome, customGroups } = run;
  for (let index = 0; index < cart.customLineItems.length; index++) {
    const item = cart.customLineItems[index]!;
    if (frozenHard) {
      customGroups.push(groupsFromStored(item.discountedPricePerQuantity, item.money.centAmount, item.quantity));
      continue;
    }
    const groups = discountOutcome?.customLineItems[index];
    item.discountedPricePerQuantity = groups ? perQuantity(groups, currency) : [];
    if (groups && item.discountedPricePerQuantity.length > 0) item.totalPrice = money(currency, groupsTotal(groups));
    customGroups.push(groups ? priceGroups(groups) : plainGroups(item.money, item.quantity, item.totalPrice.centAmount));
  }
}

export function discountShipping(run: Recalculation): void {
  if (run.frozenHard) return;
  const { shippings, currency, discountOutcome } = run;
  for (let index = 0; index < shippings.length; index++) {
    const info = shippings[index]!;
    const groups = discountOutcome?.shipping[index];
    const discounted = groups ? perQuantity(groups, currency)[0] : undefined;
    if (discounted) info.discountedPrice = discounted.discountedPrice;
    else delete info.discountedPrice;
  }
}

/** What a shipping costs after its own cart discounts (cents). */
export function shippingCost(info: ShippingInfo): number {
  return info.discountedPrice ? info.discountedPrice.value.centAmount : info.price.centAmount;
}

/** The cart's total price: items and shipping after their discounts, less the discounts on the total price. */
export function setCartTotal(run: Recalculation): void {
  const { cart } = run;
  let beforeTotalDiscount = 0;
  for (const item of run.items) beforeTotalDiscount += item.totalPrice.centAmount;
  for (const info of run.shippings) beforeTotalDiscount += shippingCost(info);
  if (run.frozenHard) {
    run.totalPortions = (cart.discountOnTotalPrice?.includedDiscounts ?? []).map((p) => ({
      discount: p.discount,
      amount: p.discountedAmount.centAmount,
    }));
  } else if (run.discountOutcome) run.totalPortions = run.discountOutcome.total;
  let totalDiscount = 0;
  for (const portion of run.totalPortions) totalDiscount += portion.amount;
  run.beforeTotalDiscount = beforeTotalDiscount;
  run.totalDiscount = totalDiscount;
  cart.totalPrice = money(run.currency, beforeTotalDiscount - totalDiscount);
}

/** The discounts on the total price, as the cart shows them (their share of net and gross is added with the cart's taxes). */
export function setDiscountOnTotalPrice(run: Recalculation): void {
  const { cart, currency } = run;
  delete cart.discountOnTotalPrice;
  if (run.totalPortions.length === 0) return;
  cart.discountOnTotalPrice = {
    discountedAmount: money(currency, run.totalDiscount),
    includedDiscounts: run.totalPortions.map((p) => ({
      discount: { typeId: p.discount.typeId, id: p.discount.id },
      discountedAmount: money(currency, p.amount),
    })),
  };
}
