/**
 * What orders need from carts: the checks the platform makes when a cart is ordered, an
 * up-to-date copy to take the order from, the fields an order copies, and marking the cart
 * `Ordered` (through the engine, so it gets a new version in the same transaction as the order).
 */
import { jsonClone } from '../../util/json.js';
import type { ResourceContext, Engine } from '../../engine/define.js';
import { PlatformError } from '../../http/errors.js';
import { cartErrors } from './errors.js';
import type { Cart } from './model.js';
import { recalculate } from './recalculate.js';

/**
 * A recalculated copy of `cart` that may be ordered; throws the platform's errors otherwise:
 * - the cart is not Active or Frozen: InvalidOperation;
 * - a discount code whose state is not MatchesCart (or ApplicationStoppedByGroupBestDeal): 400 DiscountCodeNonApplicable;
 * - a shipping method whose predicate no longer matches: 400 ShippingMethodDoesNotMatchCart;
 * - tax mode Platform with a shipping address and an item without tax rate: 400 MissingTaxRateForCountry;
 * - tax mode External with an item (or the shipping) without external tax rate: InvalidOperation.
 * Prices, discounts and taxes are recomputed first, as the platform does (a frozen cart keeps its prices).
 */
export function orderableCart(cart: Cart, ctx: ResourceContext): Cart {
  if (cart.cartState !== 'Active' && cart.cartState !== 'Frozen') throw cartErrors.cartNotActive(cart.cartState);
  const copy = jsonClone(cart);
  recalculate(copy, ctx);
  for (const info of copy.discountCodes) {
    if (info.state === 'MatchesCart' || info.state === 'ApplicationStoppedByGroupBestDeal') continue;
    const code = ctx.get('discount-code', info.discountCode.id);
    throw cartErrors.discountCodeNonApplicable(code ?? { id: info.discountCode.id, code: '' }, { reason: info.state });
  }
  const shippings =
    copy.shippingMode === 'Single' ? (copy.shippingInfo ? [copy.shippingInfo] : []) : copy.shipping.map((s) => s.shippingInfo);
  if (shippings.some((info) => info.shippingMethodState === 'DoesNotMatchCart')) {
    throw new PlatformError(400, [{ code: 'ShippingMethodDoesNotMatchCart', message: 'The predicate does not match the cart.' }]);
  }
  if (copy.taxMode === 'Platform' && copy.shippingAddress) {
    for (const item of copy.lineItems) {
      if (item.taxRate) continue;
      const category = ctx.get('product', item.productId)?.taxCategory;
      if (!category) throw cartErrors.invalidOperation(`The product '${item.productId}' of line item '${item.id}' has no tax category.`);
      throw missingTaxRate(category.id, copy);
    }
    for (const item of copy.customLineItems) {
      if (item.taxRate) continue;
      if (!item.taxCategory) throw cartErrors.invalidOperation(`The custom line item '${item.id}' has no tax category.`);
      throw missingTaxRate(item.taxCategory.id, copy);
    }
  }
  if (copy.taxMode === 'External') {
    const untaxed = [...copy.lineItems, ...copy.customLineItems, ...shippings].some((item) => !item.taxRate);
    if (untaxed)
      throw cartErrors.invalidOperation(
        'A cart with the tax mode External can only be ordered when every (custom) line item and the shipping have an external tax rate.',
      );
  }
  return copy;
}

function missingTaxRate(taxCategoryId: string, cart: Cart): PlatformError {
  const address = cart.shippingAddress!;
  return new PlatformError(400, [
    {
      code: 'MissingTaxRateForCountry',
      message: `Tax category '${taxCategoryId}' is missing a tax rate for country '${address.country}'${address.state ? ` and state '${address.state}'` : ''}.`,
      taxCategoryId,
      country: address.country,
      ...(address.state ? { state: address.state } : {}),
    },
  ]);
}

/** Stores the cart with `cartState: Ordered` (a new version); call it inside the order's transaction. */
export function markCartOrdered(engine: Engine, cart: Cart, ctx: ResourceContext): Cart {
  return engine.apply(engine.definition('cart'), cart, [{ name: 'markOrdered', payload: {} }], ctx);
}

/** The fields of a cart an order copies (deep copies; no id, version, audit fields, key, state or lock). */
export function snapshotCart(cart: Cart): Record<string, unknown> {
  const {
    id,
    version: _version,
    createdAt: _createdAt,
    lastModifiedAt: _lastModifiedAt,
    createdBy: _createdBy,
    lastModifiedBy: _lastModifiedBy,
    key: _key,
    cartState: _cartState,
    freezeStrategy: _freezeStrategy,
    lock: _lock,
    deleteDaysAfterLastModification: _days,
    ...rest
  } = jsonClone(cart);
  return { ...rest, cart: { typeId: 'cart', id } };
}
