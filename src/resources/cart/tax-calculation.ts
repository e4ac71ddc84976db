/**
 * The taxes steps of `recalculate` (./recalculate.ts): the tax rates a cart with tax mode Platform
 * takes from its tax categories, and the taxed prices of items, shipping and the cart (tax modes
 * Platform and External; src/pricing/cart-taxes.ts). Taxes a cart is given are in ./taxes.ts.
 */
import { reduceTaxedPrice, sumTaxedPrices, taxedItemPrice, type PriceGroup } from '../../pricing/cart-taxes.js';
import type { Address } from '../../engine/common-actions.js';
import type { TaxCategory } from '../tax-categories.js';
import { effectiveUnitPrice } from './line-items.js';
import type { Cart, ItemTaxRate, TaxedPrice } from './model.js';
import { money, taxCategoryOf, type Recalculation } from './recalculation-state.js';
import { plainGroups, shippingCost } from './totals.js';

/** A (custom) line item or a shipping info: what carries a tax rate and a taxed price. */
export type Taxed = { taxRate?: ItemTaxRate; taxedPrice?: TaxedPrice };

/** Tax modes whose taxed prices the cart computes from its tax rates. */
const computesTaxes = (cart: Cart) => cart.taxMode === 'Platform' || cart.taxMode === 'External';

/**
 * The rate of a tax category for an address's country and state; the state-less rate only with the
 * project's `countryTaxRateFallbackEnabled`, or when the address has no state.
 */
function rateOf(category: TaxCategory | undefined, address: Address | undefined, fallback: boolean): ItemTaxRate | undefined {
  if (!category || !address) return undefined;
  const forCountry = category.rates.filter((rate) => rate.country === address.country);
  const state = address.state !== undefined && address.state !== '' ? address.state : undefined;
  let rate = state !== undefined ? forCountry.find((r) => r.state === state) : forCountry.find((r) => r.state === undefined);
  if (!rate && state !== undefined && fallback) rate = forCountry.find((r) => r.state === undefined);
  if (!rate) return undefined;
  const copy: ItemTaxRate = {
    name: rate.name,
    amount: rate.amount,
    includedInPrice: rate.includedInPrice,
    country: rate.country,
    subRates: rate.subRates ?? [],
  };
  if (rate.id !== undefined) copy.id = rate.id;
  if (rate.key !== undefined) copy.key = rate.key;
  if (rate.state !== undefined) copy.state = rate.state;
  return copy;
}

function setPlatformTaxRate(run: Recalculation, target: Taxed, categoryId: string | undefined, address: Address | undefined): void {
  const rate = rateOf(taxCategoryOf(run, categoryId), address, run.settings.carts?.countryTaxRateFallbackEnabled === true);
  if (rate) target.taxRate = rate;
  else delete target.taxRate;
}

export function clearTaxes(target: Taxed): void {
  delete target.taxRate;
  delete target.taxedPrice;
}

/** Tax mode Platform: each item's rate for the shipping address. Tax mode Disabled: no rates, no taxes. */
export function assignItemTaxRates(run: Recalculation): void {
  const { cart, ctx } = run;
  if (cart.taxMode === 'Platform') {
    const address = cart.shippingAddress;
    for (const item of cart.lineItems) setPlatformTaxRate(run, item, ctx.get('product', item.productId)?.taxCategory?.id, address);
    for (const item of cart.customLineItems) setPlatformTaxRate(run, item, item.taxCategory?.id, address);
  } else if (cart.taxMode === 'Disabled') {
    for (const item of run.items) clearTaxes(item);
  }
}

/** As `assignItemTaxRates`, for each shipping at its own address (shipping mode Multiple). */
export function assignShippingTaxRates(run: Recalculation): void {
  const { cart, shippings } = run;
  if (cart.taxMode === 'Platform') {
    for (let index = 0; index < shippings.length; index++) {
      const info = shippings[index]!;
      const address = cart.shippingMode === 'Single' ? cart.shippingAddress : cart.shipping[index]!.shippingAddress;
      setPlatformTaxRate(run, info, info.taxCategory?.id, address);
    }
  } else if (cart.taxMode === 'Disabled') {
    for (const info of shippings) clearTaxes(info);
  }
}

function setTaxedPrice(run: Recalculation, target: Taxed, groups: PriceGroup[]): void {
  const { cart } = run;
  if (target.taxRate)
    target.taxedPrice = taxedItemPrice(run.currency, groups, target.taxRate, cart.taxRoundingMode, cart.taxCalculationMode) as TaxedPrice;
  else delete target.taxedPrice;
}

/** Each item's taxed price before cart discounts, what predicates read (`taxedPrice` of the cart comes later). */
export function setUndiscountedTaxedPrices(run: Recalculation): void {
  const { cart } = run;
  if (!computesTaxes(cart)) return;
  for (const item of cart.lineItems) {
    const groups =
      item.priceMode === 'ExternalTotal'
        ? [{ unit: item.totalPrice.centAmount, quantity: 1 }]
        : plainGroups(effectiveUnitPrice(item), item.quantity, item.totalPrice.centAmount);
    setTaxedPrice(run, item, groups);
  }
  for (const item of cart.customLineItems) setTaxedPrice(run, item, plainGroups(item.money, item.quantity, item.totalPrice.centAmount));
}

/**
 * Each item's and shipping's taxed price after cart discounts. Tax mode ExternalAmount: an external
 * amount is given for an item's total, so it goes when that total changed.
 */
export function setItemTaxes(run: Recalculation): void {
  const { cart } = run;
  if (computesTaxes(cart)) {
    for (let index = 0; index < cart.lineItems.length; index++) setTaxedPrice(run, cart.lineItems[index]!, run.lineGroups[index]!);
    for (let index = 0; index < cart.customLineItems.length; index++)
      setTaxedPrice(run, cart.customLineItems[index]!, run.customGroups[index]!);
    for (const info of run.shippings) setTaxedPrice(run, info, [{ unit: shippingCost(info), quantity: 1 }]);
  } else if (cart.taxMode === 'ExternalAmount') {
    for (const item of run.items) if (run.previousItemTotals?.get(item.id) !== item.totalPrice.centAmount) clearTaxes(item);
  }
}

/**
 * The cart's taxed price and taxed shipping price: the sum of its items' and shipping's, once every
 * one is taxed; a discount on the total price reduces them by the same share as the total.
 * Tax mode ExternalAmount: the given cart tax goes when the total changed.
 */
export function setCartTaxes(run: Recalculation): void {
  const { cart, currency, shippings, totalDiscount, beforeTotalDiscount } = run;
  if (computesTaxes(cart)) {
    const priced: Taxed[] = [...run.items, ...shippings];
    const complete =
      (cart.shippingMode === 'Multiple' || cart.shippingAddress !== undefined) && priced.every((item) => item.taxedPrice !== undefined);
    if (complete) {
      let taxed = sumTaxedPrices(
        currency,
        priced.map((item) => item.taxedPrice!),
      ) as TaxedPrice;
      const shippingTaxed =
        shippings.length > 0 && shippings.every((s) => s.taxedPrice)
          ? (sumTaxedPrices(
              currency,
              shippings.map((s) => s.taxedPrice!),
            ) as TaxedPrice)
          : undefined;
      if (totalDiscount > 0) {
        const reduced = reduceTaxedPrice(taxed, totalDiscount, beforeTotalDiscount, cart.taxRoundingMode) as TaxedPrice;
        cart.discountOnTotalPrice!.discountedNetAmount = money(currency, taxed.totalNet.centAmount - reduced.totalNet.centAmount);
        cart.discountOnTotalPrice!.discountedGrossAmount = money(currency, taxed.totalGross.centAmount - reduced.totalGross.centAmount);
        taxed = reduced;
      }
      cart.taxedPrice = taxed;
      if (shippingTaxed)
        cart.taxedShippingPrice =
          totalDiscount > 0
            ? (reduceTaxedPrice(shippingTaxed, totalDiscount, beforeTotalDiscount, cart.taxRoundingMode) as TaxedPrice)
            : shippingTaxed;
      else delete cart.taxedShippingPrice;
    } else {
      delete cart.taxedPrice;
      delete cart.taxedShippingPrice;
    }
  } else if (cart.taxMode === 'ExternalAmount') {
    delete cart.taxedShippingPrice;
    if (cart.totalPrice.centAmount !== run.previousCartTotal) delete cart.taxedPrice;
  } else {
    delete cart.taxedPrice;
    delete cart.taxedShippingPrice;
  }
}
