/**
 * Taxes a cart is given rather than computes: external tax rates (tax mode External) and external
 * tax amounts (ExternalAmount) on items and on the whole cart, and the actions that change how the
 * cart taxes (tax mode, tax rounding, tax calculation mode). Shipping's own tax actions are in ./shipping.ts;
 * the taxes a cart computes, in ./tax-calculation.ts.
 */
import * as z from 'zod';
import { namedPortion, taxedPriceFrom } from '../../pricing/cart-taxes.js';
import { MoneyDraft, typedMoney } from '../../pricing/money.js';
import type { ResourceContext } from '../../engine/define.js';
import { LineItemLocator } from '../../engine/draft-fields.js';
import { cartErrors } from './errors.js';
import { assertCurrency, assertExternalTaxMode, externalTaxRate, findCustomLineItem, findLineItem } from './line-items.js';
import type { Cart, TaxedPrice } from './model.js';
import {
  CustomLineItemLocator,
  ExternalTaxAmountDraft,
  ExternalTaxRateDraft,
  Optional,
  RoundingMode,
  TaxCalculationMode,
  TaxMode,
} from './schemas.js';
import { recalculateIfStale } from './stale.js';
import { clearTaxes, type Taxed } from './tax-calculation.js';
import { cartAction, type CartAction, changesPrices } from './state.js';

/** The payloads of set(Custom)LineItemTaxRate and set(Custom)LineItemTaxAmount, beside the item locator. */
const ExternalTaxRateChange = z.object({ externalTaxRate: Optional(ExternalTaxRateDraft), shippingKey: z.string().optional() });
const ExternalTaxAmountChange = z.object({ externalTaxAmount: Optional(ExternalTaxAmountDraft), shippingKey: z.string().optional() });

/** The tax rate and taxed price of an external tax amount given for a net `total` (tax mode ExternalAmount only). */
function externalTaxAmount(
  cart: Cart,
  total: number,
  draft: z.infer<typeof ExternalTaxAmountDraft>,
): { taxRate: ReturnType<typeof externalTaxRate>; taxedPrice: TaxedPrice } {
  assertExternalAmountTaxMode(cart);
  assertCurrency(draft.totalGross, cart, 'externalTaxAmount.totalGross');
  const rate = externalTaxRate(draft.taxRate);
  const gross = typedMoney(draft.totalGross).centAmount;
  const tax = gross - total;
  const parts = rate.subRates.length > 0 ? rate.subRates : [{ name: rate.name, amount: rate.amount }];
  const portions = parts.map((part) => ({
    name: part.name,
    rate: part.amount,
    amount: rate.amount === 0 ? 0 : Math.round((tax * part.amount) / rate.amount),
  }));
  if (portions.length > 0) portions[portions.length - 1]!.amount += tax - portions.reduce((sum, p) => sum + p.amount, 0);
  return { taxRate: rate, taxedPrice: taxedPriceFrom(cart.totalPrice.currencyCode, total, gross, portions) as TaxedPrice };
}

function assertExternalAmountTaxMode(cart: Cart): void {
  if (cart.taxMode !== 'ExternalAmount')
    throw cartErrors.invalidOperation('A tax amount can only be set on a cart with the tax mode ExternalAmount.');
}

/** Sets (or with none, removes) an item's external tax rate; tax mode External only. */
function setItemTaxRate(cart: Cart, item: Taxed, draft: z.infer<typeof ExternalTaxRateDraft> | null | undefined): void {
  assertExternalTaxMode(cart);
  if (draft) item.taxRate = externalTaxRate(draft);
  else delete item.taxRate;
}

/**
 * Sets (or with none, removes) the external tax amount of an item or a shipping, given for its net
 * amount (`net`, read once the cart is recalculated); tax mode ExternalAmount only.
 */
export function setTaxAmount(
  cart: Cart,
  target: Taxed,
  draft: z.infer<typeof ExternalTaxAmountDraft> | null | undefined,
  net: () => number,
  ctx: ResourceContext,
): void {
  if (!draft) {
    assertExternalAmountTaxMode(cart);
    clearTaxes(target);
    return;
  }
  recalculateIfStale(cart, ctx);
  Object.assign(target, externalTaxAmount(cart, net(), draft));
}

/** The external tax amount of a (custom) line item is given for its total price. */
function setItemTaxAmount(
  cart: Cart,
  item: Taxed & { totalPrice: { centAmount: number } },
  draft: z.infer<typeof ExternalTaxAmountDraft> | null | undefined,
  ctx: ResourceContext,
): void {
  setTaxAmount(cart, item, draft, () => item.totalPrice.centAmount, ctx);
}

export const taxActions: Record<string, CartAction> = {
  setLineItemTaxRate: cartAction(
    () => LineItemLocator.extend(ExternalTaxRateChange.shape),
    (cart, a) => setItemTaxRate(cart, findLineItem(cart, a), a.externalTaxRate),
  ),
  setLineItemTaxAmount: cartAction(
    () => LineItemLocator.extend(ExternalTaxAmountChange.shape),
    (cart, a, ctx) => setItemTaxAmount(cart, findLineItem(cart, a), a.externalTaxAmount, ctx),
  ),
  setCustomLineItemTaxRate: cartAction(
    () => CustomLineItemLocator.extend(ExternalTaxRateChange.shape),
    (cart, a) => setItemTaxRate(cart, findCustomLineItem(cart, a), a.externalTaxRate),
  ),
  setCustomLineItemTaxAmount: cartAction(
    () => CustomLineItemLocator.extend(ExternalTaxAmountChange.shape),
    (cart, a, ctx) => setItemTaxAmount(cart, findCustomLineItem(cart, a), a.externalTaxAmount, ctx),
  ),
  changeTaxMode: cartAction(
    () => z.object({ taxMode: TaxMode }),
    (cart, a) => {
      if (cart.taxMode === a.taxMode) return;
      cart.taxMode = a.taxMode;
      for (const item of [
        ...cart.lineItems,
        ...cart.customLineItems,
        ...(cart.shippingInfo ? [cart.shippingInfo] : []),
        ...cart.shipping.map((s) => s.shippingInfo),
      ])
        clearTaxes(item);
      delete cart.taxedPrice;
      delete cart.taxedShippingPrice;
    },
    changesPrices,
  ),
  changeTaxRoundingMode: cartAction(
    () => z.object({ taxRoundingMode: RoundingMode }),
    (cart, a) => {
      cart.taxRoundingMode = a.taxRoundingMode;
    },
  ),
  changeTaxCalculationMode: cartAction(
    () => z.object({ taxCalculationMode: TaxCalculationMode }),
    (cart, a) => {
      cart.taxCalculationMode = a.taxCalculationMode;
    },
  ),
  setCartTotalTax: cartAction(
    () =>
      z.object({
        externalTotalGross: MoneyDraft,
        externalTaxPortions: z
          .array(z.object({ name: z.string().optional(), rate: z.number().min(0).max(1), amount: MoneyDraft }))
          .optional(),
      }),
    (cart, a, ctx) => {
      if (cart.taxMode !== 'ExternalAmount')
        throw cartErrors.invalidOperation('The cart total tax can only be set on a cart with the tax mode ExternalAmount.');
      assertCurrency(a.externalTotalGross, cart, 'externalTotalGross');
      recalculateIfStale(cart, ctx); // the gross is given for the cart's total price
      const portions = (a.externalTaxPortions ?? []).map((p) => {
        assertCurrency(p.amount, cart, 'externalTaxPortions.amount');
        return namedPortion(p.name, p.rate, typedMoney(p.amount).centAmount);
      });
      cart.taxedPrice = taxedPriceFrom(
        cart.totalPrice.currencyCode,
        cart.totalPrice.centAmount,
        typedMoney(a.externalTotalGross).centAmount,
        portions,
      ) as TaxedPrice;
    },
  ),
};
