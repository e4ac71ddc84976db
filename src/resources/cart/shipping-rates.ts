/**
 * The shipping steps of `recalculate` (./recalculate.ts): each shipping's rate and price for its
 * address and the cart's currency (tiers, freeAbove: src/pricing/cart-shipping.ts), on the cart value
 * before cart discounts, and whether its method's predicate still matches the cart. Choosing a
 * shipping method and the shipping actions are in ./shipping.ts.
 */
import { compileCartPredicate } from '../../pricing/cart-predicate.js';
import { rateCost, rateFor, zonesContaining } from '../../pricing/cart-shipping.js';
import type { Address } from '../../engine/common-actions.js';
import type { ShippingInfo, ShippingRateInput } from './model.js';
import { predicateScopeOf, type Recalculation, zonesOf } from './recalculation-state.js';
import { copyWithout, withFields } from '../../util/json.js';

function stripMatching<T extends { isMatching?: boolean; tiers?: Array<{ isMatching?: boolean }> }>(rate: T): T {
  const copy = copyWithout(rate, 'isMatching') as T;
  copy.tiers = (rate.tiers ?? []).map((tier) => copyWithout(tier, 'isMatching'));
  return copy;
}

/** Recomputes one shipping info for an address; `undefined` when the method no longer ships there. */
function recomputeShipping(
  run: Recalculation,
  info: ShippingInfo,
  address: Address | undefined,
  input: ShippingRateInput | undefined,
): ShippingInfo | undefined {
  if (run.frozenHard) return info;
  let rate = stripMatching(info.shippingRate);
  if (info.shippingMethod) {
    const method = run.ctx.get('shipping-method', info.shippingMethod.id);
    if (!method || !address) return undefined;
    const found = rateFor(method, zonesContaining(address, zonesOf(run)), run.currency);
    if (!found) return undefined;
    rate = stripMatching(found);
    info.shippingMethodName = method.name;
    info.taxCategory = method.taxCategory;
  }
  const cost = rateCost(rate, run.cartValue, run.settings.shippingRateInputType, input);
  info.price = cost.price;
  info.shippingRate = withFields(cost.rate, { tiers: cost.rate.tiers }) as ShippingInfo['shippingRate'];
  return info;
}

/** Every shipping's price again; a shipping whose method no longer ships to its address goes. */
export function repriceShipping(run: Recalculation): void {
  const { cart } = run;
  if (cart.shippingMode === 'Single') {
    if (cart.shippingInfo) {
      const info = recomputeShipping(run, cart.shippingInfo, cart.shippingAddress, cart.shippingRateInput);
      if (info) cart.shippingInfo = info;
      else delete cart.shippingInfo;
    }
    run.shippings = cart.shippingInfo ? [cart.shippingInfo] : [];
    return;
  }
  if (cart.shippingMode === 'Multiple') {
    cart.shipping = cart.shipping.filter((entry) => {
      const info = recomputeShipping(run, entry.shippingInfo, entry.shippingAddress, entry.shippingRateInput);
      if (info) entry.shippingInfo = info;
      return info !== undefined;
    });
  }
  run.shippings = cart.shipping.map((s) => s.shippingInfo);
}

function methodState(run: Recalculation, info: ShippingInfo): ShippingInfo['shippingMethodState'] {
  if (!info.shippingMethod) return 'MatchesCart';
  const method = run.ctx.get('shipping-method', info.shippingMethod.id);
  if (!method?.predicate) return 'MatchesCart';
  return compileCartPredicate(method.predicate)(predicateScopeOf(run)) ? 'MatchesCart' : 'DoesNotMatchCart';
}

/** Whether each shipping method's predicate matches the cart before cart discounts. */
export function setShippingMethodStates(run: Recalculation): void {
  for (const info of run.shippings) info.shippingMethodState = methodState(run, info);
}
