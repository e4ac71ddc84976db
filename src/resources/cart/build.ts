/**
 * A cart from a CartDraft: its fields (rounding modes default to the project's settings), line
 * items, custom line items, shipping methods and discount codes, then priced by one `recalculate`.
 * A draft with a discount code that does not apply to the cart is refused.
 */
import { errors } from '../../http/errors.js';
import { withCentAmount } from '../../pricing/money.js';
import { customFields, storedAddress, type Address } from '../../engine/common-actions.js';
import type { BaseFields, Identifier, ResourceContext } from '../../engine/define.js';
import { addItemAddress } from './addresses.js';
import { addCode, applicableCode } from './discounts.js';
import { cartErrors } from './errors.js';
import { addLineItems } from './line-item-actions.js';
import { assertUniqueItemKeys, newCustomLineItem, newLineItem } from './line-items.js';
import type { Cart, Shipping } from './model.js';
import { recalculate } from './recalculate.js';
import type { CartDraft } from './schemas.js';
import { addShipping, assertMultiple, customShippingInfo, methodFor, rateInput, shippingInfoFor, withExternalRate } from './shipping.js';
import { markStale } from './stale.js';

/** The customer group of a cart's customer (400 ReferencedResourceNotFound for an unknown customer). */
export function customerGroupOf(customerId: string, ctx: ResourceContext): { typeId: string; id: string } | undefined {
  const customer = ctx.get('customer', customerId);
  if (!customer) throw errors.referencedResourceNotFound('customer', { id: customerId });
  return customer.customerGroup as { typeId: string; id: string } | undefined;
}

export function buildCart(draft: CartDraft, ctx: ResourceContext): Omit<Cart, BaseFields> {
  const cart = draftedCart(draft, ctx);
  recalculate(cart, ctx);
  // Creating a cart refuses codes that do not apply to it (any state but MatchesCart).
  for (const info of cart.discountCodes) {
    if (info.state !== 'MatchesCart' && info.state !== 'ApplicationStoppedByGroupBestDeal') {
      const code = ctx.get('discount-code', info.discountCode.id)!;
      throw cartErrors.discountCodeNonApplicable(code, { reason: info.state });
    }
  }
  return cart;
}

/** The business unit a cart names, by key (400 ReferencedResourceNotFound for an unknown one); its key wins over its id. */
export function businessUnitOf(identifier: Identifier, ctx: ResourceContext): { typeId: 'business-unit'; key: string } {
  const unit = identifier.key !== undefined ? ctx.getByKey('business-unit', identifier.key) : ctx.get('business-unit', identifier.id ?? '');
  if (!unit)
    throw errors.referencedResourceNotFound(
      'business-unit',
      identifier.key !== undefined ? { key: identifier.key } : { id: identifier.id ?? '' },
    );
  return { typeId: 'business-unit', key: unit.key as string };
}

/** The cart a draft describes, not yet recalculated: `buildCart` and `replicate` (./replicate.ts) finish it. */
export function draftedCart(draft: CartDraft, ctx: ResourceContext): Cart {
  const settings = ctx.get('project', 'settings')?.carts ?? {};
  const cart = {} as Cart;
  if (draft.key !== undefined) cart.key = draft.key;
  if (draft.customerId !== undefined) {
    cart.customerId = draft.customerId;
    const group = customerGroupOf(draft.customerId, ctx);
    if (group) cart.customerGroup = group;
  }
  if (draft.customerEmail !== undefined) cart.customerEmail = draft.customerEmail;
  if (draft.customerGroup && !cart.customerGroup) cart.customerGroup = ctx.reference('customer-group', draft.customerGroup);
  if (draft.anonymousId !== undefined) cart.anonymousId = draft.anonymousId;
  if (draft.businessUnit) cart.businessUnit = businessUnitOf(draft.businessUnit, ctx);
  if (draft.store) cart.store = ctx.keyReference('store', draft.store) as { typeId: 'store'; key: string };
  cart.lineItems = [];
  cart.customLineItems = [];
  cart.totalPrice = withCentAmount({ currencyCode: draft.currency }, 0);
  cart.taxMode = draft.taxMode ?? 'Platform';
  cart.priceRoundingMode = draft.priceRoundingMode ?? settings.priceRoundingMode ?? 'HalfEven';
  cart.taxRoundingMode = draft.taxRoundingMode ?? settings.taxRoundingMode ?? 'HalfEven';
  cart.taxCalculationMode = draft.taxCalculationMode ?? 'LineItemLevel';
  cart.inventoryMode = draft.inventoryMode ?? 'None';
  cart.cartState = 'Active';
  if (draft.billingAddress) cart.billingAddress = storedAddress(draft.billingAddress, ctx);
  if (draft.shippingAddress) cart.shippingAddress = storedAddress(draft.shippingAddress, ctx);
  cart.shippingMode = draft.shippingMode ?? 'Single';
  cart.shipping = [];
  cart.itemShippingAddresses = [];
  for (const address of draft.itemShippingAddresses ?? []) addItemAddress(cart, storedAddress(address, ctx));
  cart.discountCodes = [];
  cart.directDiscounts = [];
  cart.refusedGifts = [];
  if (draft.country !== undefined) cart.country = draft.country;
  if (draft.locale !== undefined) cart.locale = draft.locale;
  cart.origin = draft.origin ?? 'Customer';
  const custom = customFields(draft.custom, ctx);
  if (custom) cart.custom = custom;
  if (draft.deleteDaysAfterLastModification !== undefined) cart.deleteDaysAfterLastModification = draft.deleteDaysAfterLastModification;
  if (draft.purchaseOrderNumber !== undefined) cart.purchaseOrderNumber = draft.purchaseOrderNumber;
  if (draft.shippingRateInput) cart.shippingRateInput = rateInput(draft.shippingRateInput, ctx);

  for (const line of draft.lineItems ?? []) addLineItems(cart, [newLineItem(line, cart, ctx)], ctx);
  for (const line of draft.customLineItems ?? []) cart.customLineItems.push(newCustomLineItem(line, cart, ctx));
  assertUniqueItemKeys(cart);
  // A shipping method's predicate reads the totals of these items: it recalculates the cart first.
  markStale(cart);

  if (draft.shippingMethod) {
    if (cart.shippingMode !== 'Single')
      throw cartErrors.invalidOperation('A cart with the shipping mode Multiple takes its shipping methods in `shipping`.');
    cart.shippingInfo = withExternalRate(
      shippingInfoFor(cart, methodFor(draft.shippingMethod, ctx), cart.shippingAddress, ctx),
      cart,
      draft.externalTaxRateForShippingMethod,
    );
  }
  for (const shipping of draft.shipping ?? []) {
    assertMultiple(cart);
    const address = storedAddress(shipping.shippingAddress, ctx);
    if (!shipping.shippingMethod) throw errors.invalidOperation('A shipping of the draft needs a shippingMethod.');
    const entry: Shipping = {
      shippingKey: shipping.key,
      shippingInfo: withExternalRate(
        shippingInfoFor(cart, methodFor(shipping.shippingMethod, ctx), address, ctx),
        cart,
        shipping.externalTaxRate,
      ),
      shippingAddress: address,
    };
    addShipping(cart, entry, shipping, ctx);
  }
  for (const shipping of draft.customShipping ?? []) {
    assertMultiple(cart);
    const entry: Shipping = {
      shippingKey: shipping.key,
      shippingInfo: withExternalRate(customShippingInfo(cart, shipping, ctx), cart, shipping.externalTaxRate),
      shippingAddress: shipping.shippingAddress
        ? storedAddress(shipping.shippingAddress, ctx)
        : (cart.shippingAddress ?? ({ country: cart.country ?? 'DE' } as Address)),
    };
    addShipping(cart, entry, shipping, ctx);
  }
  for (const code of draft.discountCodes ?? []) addCode(cart, applicableCode(cart, code, ctx));
  return cart;
}
