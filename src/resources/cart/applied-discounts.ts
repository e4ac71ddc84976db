/**
 * The discount steps of `recalculate` (./recalculate.ts): which cart discounts apply (the cart's
 * direct discounts, else the effective discounts without code and those of its usable discount
 * codes), what they take off (src/pricing/cart-discounts.ts, predicates evaluated on the cart before
 * cart discounts), and the state of each discount code after. Adding codes and direct discounts
 * is in ./discounts.ts.
 */
import { applyCartDiscounts, type ApplicableDiscount, type DiscountInputItem } from '../../pricing/cart-discounts.js';
import { compileCartPredicate } from '../../pricing/cart-predicate.js';
import type { ResourceContext } from '../../engine/define.js';
import { isCartDiscountEffective, type CartDiscount } from '../cart-discounts.js';
import type { DiscountCode } from '../discount-codes.js';
import { effectiveUnitPrice } from './line-items.js';
import type { Cart, DiscountCodeState } from './model.js';
import { isValidAt } from '../../util/validity.js';
import { customLineItemFields } from './predicate-scope.js';
import { type CodeCandidate, lineItemFieldsOf, predicateScopeOf, type Recalculation } from './recalculation-state.js';

/** Whether a cart discount may apply to the cart at `now` (ms): effective then, and for the cart's store (one without stores: for every cart). */
export function appliesTo(cart: Cart, discount: CartDiscount, now: number): boolean {
  if (!isCartDiscountEffective(discount, now)) return false;
  return discount.stores.length === 0 || (cart.store !== undefined && discount.stores.some((s) => s.key === cart.store!.key));
}

/** The cart discounts of a code that still exist. */
export function cartDiscountsOf(code: DiscountCode, ctx: ResourceContext): CartDiscount[] {
  return code.cartDiscounts.map((ref) => ctx.get('cart-discount', ref.id)).filter((d): d is CartDiscount => d !== undefined);
}

const bySortOrder = (a: CartDiscount, b: CartDiscount) => Number(b.sortOrder) - Number(a.sortOrder) || (a.sortOrder < b.sortOrder ? 1 : -1);

function asApplicable(discount: CartDiscount): ApplicableDiscount {
  return {
    ref: { typeId: 'cart-discount', id: discount.id },
    value: discount.value as ApplicableDiscount['value'],
    cartPredicate: discount.cartPredicate,
    ...(discount.target ? { target: discount.target as ApplicableDiscount['target'] } : {}),
    stackingMode: discount.stackingMode,
  };
}

/**
 * Whether a code was used as often as it may be: its applications are the orders that carry it
 * (`maxApplications`), those of the cart's customer for `maxApplicationsPerCustomer`.
 */
function maxApplicationsReached(code: DiscountCode, cart: Cart, ctx: ResourceContext): boolean {
  if (code.maxApplications === undefined && (code.maxApplicationsPerCustomer === undefined || cart.customerId === undefined)) return false;
  let total = 0;
  let byCustomer = 0;
  for (const order of ctx.scan('order')) {
    const codes = (order.discountCodes as Array<{ discountCode: { id: string } }> | undefined) ?? [];
    if (!codes.some((info) => info.discountCode.id === code.id)) continue;
    total++;
    if (cart.customerId !== undefined && order.customerId === cart.customerId) byCustomer++;
  }
  if (code.maxApplications !== undefined && total >= code.maxApplications) return true;
  return code.maxApplicationsPerCustomer !== undefined && cart.customerId !== undefined && byCustomer >= code.maxApplicationsPerCustomer;
}

/** The effective cart discounts without code, then those of each usable code; every code is kept with why it is unusable. */
function discountsOfCart(run: Recalculation): ApplicableDiscount[] {
  const { cart, ctx, now } = run;
  const chosen = new Map<string, CartDiscount>();
  for (const document of ctx.scan('cart-discount')) {
    const discount = document as CartDiscount;
    if (!discount.requiresDiscountCode && appliesTo(cart, discount, now)) chosen.set(discount.id, discount);
  }
  for (const info of cart.discountCodes) {
    const code = ctx.get('discount-code', info.discountCode.id);
    if (!code) continue;
    const linked = cartDiscountsOf(code, ctx);
    const candidate: CodeCandidate = { code, discounts: linked };
    run.codeCandidates.push(candidate);
    if (!code.isActive || !linked.some((d) => d.isActive)) candidate.state = 'NotActive';
    else if (!isValidAt(code, now) || !linked.some((d) => d.isActive && isValidAt(d, now))) candidate.state = 'NotValid';
    else if (code.cartPredicate !== undefined && !compileCartPredicate(code.cartPredicate)(predicateScopeOf(run)))
      candidate.state = 'DoesNotMatchCart';
    else if (maxApplicationsReached(code, cart, ctx)) candidate.state = 'MaxApplicationReached';
    if (candidate.state) continue;
    for (const discount of linked) if (appliesTo(cart, discount, now)) chosen.set(discount.id, discount);
  }
  return [...chosen.values()].sort(bySortOrder).map(asApplicable);
}

/** The discounts that apply, best first: a hard-frozen cart keeps its discounts as they are; direct discounts replace all others. */
function applicableDiscounts(run: Recalculation): ApplicableDiscount[] {
  const { cart } = run;
  if (run.frozenHard) return [];
  if (cart.directDiscounts.length > 0) {
    return cart.directDiscounts.map((d) => ({
      ref: { typeId: 'direct-discount', id: d.id },
      value: d.value as ApplicableDiscount['value'],
      ...(d.target ? { target: d.target as ApplicableDiscount['target'] } : {}),
      stackingMode: 'Stacking' as const,
    }));
  }
  return discountsOfCart(run);
}

/** Applies the cart discounts to the items' and shipping's prices before cart discounts. */
export function applyDiscounts(run: Recalculation): void {
  const discounts = applicableDiscounts(run);
  if (discounts.length === 0) return;
  const { cart } = run;
  const lineFields = lineItemFieldsOf(run);
  const lineItems: DiscountInputItem[] = [];
  for (let index = 0; index < cart.lineItems.length; index++) {
    const item = cart.lineItems[index]!;
    lineItems.push({
      fields: lineFields[index]!,
      quantity: item.quantity,
      unitPrice: effectiveUnitPrice(item).centAmount,
      eligible: item.priceMode !== 'ExternalTotal',
    });
  }
  const customLineItems: DiscountInputItem[] = [];
  for (const item of cart.customLineItems) {
    customLineItems.push({
      fields: customLineItemFields(item, run.lookup),
      quantity: item.quantity,
      unitPrice: item.money.centAmount,
      eligible: item.priceMode !== 'External',
    });
  }
  const shipping: number[] = [];
  for (const info of run.shippings) shipping.push(info.price.centAmount);
  run.discountOutcome = applyCartDiscounts(discounts, {
    currency: run.currency,
    mode: cart.priceRoundingMode,
    lineItems,
    customLineItems,
    shipping,
    scope: predicateScopeOf(run),
  });
}

function codeState(candidate: CodeCandidate, fates: Map<string, string> | undefined): DiscountCodeState {
  const of = candidate.discounts.map((d) => fates?.get(d.id));
  if (of.some((fate) => fate === 'applied' || fate === 'noEffect')) return 'MatchesCart';
  if (of.some((fate) => fate === 'stopped')) return 'ApplicationStoppedByPreviousDiscount';
  return 'DoesNotMatchCart';
}

/** Each discount code's state: why it could not apply, else what became of its cart discounts. */
export function setDiscountCodeStates(run: Recalculation): void {
  if (run.frozenHard) return;
  for (const info of run.cart.discountCodes) {
    const candidate = run.codeCandidates.find((c) => c.code.id === info.discountCode.id);
    if (!candidate) continue;
    info.state = candidate.state ?? codeState(candidate, run.discountOutcome?.fates);
  }
}
