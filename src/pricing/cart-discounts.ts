/**
 * Applying cart discounts to a cart. Pure: the caller lists the discounts that may apply (active,
 * valid now, of the cart's store, and either not requiring a code or brought by one of the cart's
 * codes) and describes the cart's items; this decides what each discount takes off.
 *
 * Rules:
 * - Discounts apply in `sortOrder`, highest first. Each applies when its cart predicate matches
 *   the cart as it was before any cart discount (line items at their selected, product-discounted
 *   prices). A discount with `StopAfterThisDiscount` that took something off ends the sequence.
 * - Line items / custom line items (`target.predicate` over each item): per unit, relative
 *   `round(price × permyriad / 10000)` (the cart's `priceRoundingMode`), absolute `min(money,
 *   price)`, fixed `price − money` when the money is lower than the current price. An absolute
 *   value with `ProportionateDistribution` / `EvenDistribution` spreads the amount over the
 *   matching units instead (by price share / evenly; remainders one cent at a time, first units
 *   first). A value without money in the cart's currency does not apply. Line items with
 *   `ExternalTotal` price mode and custom line items with `External` price mode are not discounted.
 * - Multi-buy: matching units are pooled; every `triggerQuantity` units give `discountedQuantity`
 *   discounted ones (at most `maxOccurrence` times), the cheapest or most expensive
 *   (`selectionMode`) being discounted.
 * - Shipping: the shipping price, like one unit.
 * - Total price: relative or absolute off the current total (items + shipping after the
 *   discounts before it); reported in `discountOnTotalPrice`.
 * - Not modelled: pattern targets and gift line items (they never apply).
 */
import type { FieldResolver } from './discount-predicate.js';
import { compileCartPredicate, compileItemPredicate, type CartPredicateScope } from './cart-predicate.js';
import { permyriadOf, type RoundingMode } from './cart-rounding.js';
import type { Money } from './money.js';

export type CartDiscountValueLike =
  | { type: 'relative'; permyriad: number; applicationMode?: string }
  | { type: 'absolute'; money: Money[]; applicationMode?: string }
  | { type: 'fixed'; money: Money[]; applicationMode?: string }
  | { type: 'giftLineItem'; [field: string]: unknown };

export type CartDiscountTargetLike =
  | { type: 'lineItems'; predicate: string }
  | { type: 'customLineItems'; predicate: string }
  | { type: 'shipping' }
  | { type: 'totalPrice' }
  | {
      type: 'multiBuyLineItems' | 'multiBuyCustomLineItems';
      predicate: string;
      triggerQuantity: number;
      discountedQuantity: number;
      maxOccurrence?: number;
      selectionMode: 'Cheapest' | 'MostExpensive';
    }
  | { type: 'pattern'; [field: string]: unknown };

export interface ApplicableDiscount {
  /** The reference the discount is reported under (`cart-discount` or `direct-discount`). */
  ref: { typeId: string; id: string };
  value: CartDiscountValueLike;
  /** Absent: always matches (direct discounts). */
  cartPredicate?: string;
  target?: CartDiscountTargetLike;
  stackingMode: 'Stacking' | 'StopAfterThisDiscount';
}

export interface DiscountInputItem {
  fields: FieldResolver;
  quantity: number;
  /** The unit price cart discounts start from (cents). */
  unitPrice: number;
  /** False for price modes that cart discounts skip. */
  eligible: boolean;
}

export interface DiscountInput {
  currency: string;
  mode: RoundingMode;
  lineItems: readonly DiscountInputItem[];
  customLineItems: readonly DiscountInputItem[];
  /** Shipping prices (cents), one per shipping (Single mode: at most one). */
  shipping: readonly number[];
  scope: CartPredicateScope;
}

export interface Portion {
  discount: { typeId: string; id: string };
  amount: number;
}

/** Units of one item sharing a price and the same discounts. */
export interface UnitGroup {
  quantity: number;
  price: number;
  portions: Portion[];
}

export type DiscountFate = 'applied' | 'noEffect' | 'predicateMismatch' | 'stopped';

export interface DiscountOutcome {
  lineItems: UnitGroup[][];
  customLineItems: UnitGroup[][];
  shipping: UnitGroup[][];
  /** Discounts on the total price, in order, with the cents each took off. */
  total: Portion[];
  fates: Map<string, DiscountFate>;
}

const moneyIn = (money: readonly Money[], currency: string) => money.find((m) => m.currencyCode === currency)?.centAmount;

/** What one unit priced `price` loses to an individually applied value; undefined when the value has no money in the currency. */
function unitOff(value: CartDiscountValueLike, price: number, currency: string, mode: RoundingMode): number | undefined {
  switch (value.type) {
    case 'relative':
      return Math.min(price, permyriadOf(price, value.permyriad, mode));
    case 'absolute': {
      const amount = moneyIn(value.money, currency);
      return amount === undefined ? undefined : Math.min(price, amount);
    }
    case 'fixed': {
      const amount = moneyIn(value.money, currency);
      return amount === undefined ? undefined : Math.max(0, price - amount);
    }
    default:
      return undefined;
  }
}

/** Takes `off` cents from `count` units of a group (splitting it when only some units are concerned). */
function discountUnits(groups: UnitGroup[], index: number, count: number, off: number, ref: Portion['discount']): void {
  if (off <= 0 || count <= 0) return;
  const group = groups[index]!;
  if (count < group.quantity) {
    groups.splice(index + 1, 0, { quantity: group.quantity - count, price: group.price, portions: [...group.portions] });
    group.quantity = count;
  }
  group.price -= off;
  group.portions = [...group.portions, { discount: ref, amount: off }];
}

const groupsTotal = (groups: readonly UnitGroup[]) => groups.reduce((sum, g) => sum + g.price * g.quantity, 0);

function applyIndividually(
  items: UnitGroup[][],
  matches: boolean[],
  discount: ApplicableDiscount,
  currency: string,
  mode: RoundingMode,
): boolean {
  let applied = false;
  items.forEach((groups, itemIndex) => {
    if (!matches[itemIndex]) return;
    for (let i = 0; i < groups.length; i++) {
      const group = groups[i]!;
      const off = unitOff(discount.value, group.price, currency, mode) ?? 0;
      if (off > 0) {
        discountUnits(groups, i, group.quantity, off, discount.ref);
        applied = true;
      }
    }
  });
  return applied;
}

const floorShare = (amount: number, part: number, whole: number) => Number((BigInt(amount) * BigInt(part)) / BigInt(whole));

/** An absolute amount spread over the matching units (by price share, or evenly). */
function applyDistributed(items: UnitGroup[][], matches: boolean[], amount: number, even: boolean, ref: Portion['discount']): boolean {
  const entries: Array<{ item: number; group: UnitGroup; share: number }> = [];
  items.forEach((groups, item) => {
    if (matches[item]) for (const group of groups) if (group.price > 0) entries.push({ item, group, share: 0 });
  });
  const unitCount = entries.reduce((sum, e) => sum + e.group.quantity, 0);
  const base = entries.reduce((sum, e) => sum + e.group.price * e.group.quantity, 0);
  const total = Math.min(amount, base);
  if (total <= 0 || unitCount === 0) return false;
  // Rounded-down shares (never more than the group is worth); the cents left go one by one to the first groups with room.
  let remainder = total;
  for (const entry of entries) {
    const worth = entry.group.price * entry.group.quantity;
    const share = even ? floorShare(total, entry.group.quantity, unitCount) : floorShare(total, worth, base);
    entry.share = Math.min(worth, share);
    remainder -= entry.share;
  }
  while (remainder > 0) {
    let progressed = false;
    for (const entry of entries) {
      if (remainder <= 0) break;
      if (entry.share < entry.group.price * entry.group.quantity) {
        entry.share++;
        remainder--;
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  for (const entry of entries) {
    const groups = items[entry.item]!;
    const index = groups.indexOf(entry.group);
    const perUnit = Math.floor(entry.share / entry.group.quantity);
    const extra = entry.share - perUnit * entry.group.quantity;
    if (extra > 0) {
      const rest = entry.group.quantity - extra;
      discountUnits(groups, index, extra, perUnit + 1, ref);
      if (rest > 0) discountUnits(groups, index + 1, rest, perUnit, ref);
    } else {
      discountUnits(groups, index, entry.group.quantity, perUnit, ref);
    }
  }
  return true;
}

function applyMultiBuy(
  items: UnitGroup[][],
  matches: boolean[],
  discount: ApplicableDiscount,
  target: Extract<CartDiscountTargetLike, { triggerQuantity: number }>,
  currency: string,
  mode: RoundingMode,
): boolean {
  const pool: Array<{ item: number; group: UnitGroup }> = [];
  items.forEach((groups, item) => {
    if (matches[item]) for (const group of groups) pool.push({ item, group });
  });
  const unitCount = pool.reduce((sum, u) => sum + u.group.quantity, 0);
  let occurrences = Math.floor(unitCount / target.triggerQuantity);
  if (target.maxOccurrence !== undefined) occurrences = Math.min(occurrences, target.maxOccurrence);
  let toDiscount = Math.min(unitCount, occurrences * target.discountedQuantity);
  if (toDiscount <= 0) return false;
  pool.sort((a, b) => (target.selectionMode === 'Cheapest' ? a.group.price - b.group.price : b.group.price - a.group.price));
  let applied = false;
  for (const entry of pool) {
    if (toDiscount <= 0) break;
    const count = Math.min(entry.group.quantity, toDiscount);
    toDiscount -= count;
    const off = unitOff(discount.value, entry.group.price, currency, mode) ?? 0;
    if (off > 0) {
      const groups = items[entry.item]!;
      discountUnits(groups, groups.indexOf(entry.group), count, off, discount.ref);
      applied = true;
    }
  }
  return applied;
}

/** Applies the discounts (already sorted, highest `sortOrder` first) to the cart described by `input`. */
export function applyCartDiscounts(discounts: readonly ApplicableDiscount[], input: DiscountInput): DiscountOutcome {
  const groupsOf = (item: DiscountInputItem): UnitGroup[] =>
    item.quantity > 0 ? [{ quantity: item.quantity, price: item.unitPrice, portions: [] }] : [];
  const outcome: DiscountOutcome = {
    lineItems: input.lineItems.map(groupsOf),
    customLineItems: input.customLineItems.map(groupsOf),
    shipping: input.shipping.map((price) => [{ quantity: 1, price, portions: [] }]),
    total: [],
    fates: new Map(),
  };
  const { currency, mode } = input;
  let stopped = false;
  for (const discount of discounts) {
    const key = discount.ref.id;
    if (stopped) {
      const matched = discount.cartPredicate === undefined || compileCartPredicate(discount.cartPredicate)(input.scope);
      outcome.fates.set(key, matched ? 'stopped' : 'predicateMismatch');
      continue;
    }
    if (discount.cartPredicate !== undefined && !compileCartPredicate(discount.cartPredicate)(input.scope)) {
      outcome.fates.set(key, 'predicateMismatch');
      continue;
    }
    const applied = applyOne(discount, input, outcome, currency, mode);
    outcome.fates.set(key, applied ? 'applied' : 'noEffect');
    if (applied && discount.stackingMode === 'StopAfterThisDiscount') stopped = true;
  }
  return outcome;
}

function itemMatches(items: readonly DiscountInputItem[], predicate: string): boolean[] {
  const test = compileItemPredicate(predicate);
  return items.map((item) => item.eligible && item.quantity > 0 && test(item.fields));
}

function applyOne(
  discount: ApplicableDiscount,
  input: DiscountInput,
  outcome: DiscountOutcome,
  currency: string,
  mode: RoundingMode,
): boolean {
  const target = discount.target;
  if (!target || discount.value.type === 'giftLineItem') return false;
  switch (target.type) {
    case 'lineItems':
    case 'customLineItems': {
      const items = target.type === 'lineItems' ? outcome.lineItems : outcome.customLineItems;
      const matches = itemMatches(target.type === 'lineItems' ? input.lineItems : input.customLineItems, target.predicate);
      const value = discount.value;
      if (
        value.type === 'absolute' &&
        (value.applicationMode === 'ProportionateDistribution' || value.applicationMode === 'EvenDistribution')
      ) {
        const amount = moneyIn(value.money, currency);
        return amount !== undefined && applyDistributed(items, matches, amount, value.applicationMode === 'EvenDistribution', discount.ref);
      }
      return applyIndividually(items, matches, discount, currency, mode);
    }
    case 'multiBuyLineItems':
    case 'multiBuyCustomLineItems': {
      const lineItems = target.type === 'multiBuyLineItems';
      const matches = itemMatches(lineItems ? input.lineItems : input.customLineItems, target.predicate);
      return applyMultiBuy(lineItems ? outcome.lineItems : outcome.customLineItems, matches, discount, target, currency, mode);
    }
    case 'shipping':
      return applyIndividually(
        outcome.shipping,
        outcome.shipping.map(() => true),
        discount,
        currency,
        mode,
      );
    case 'totalPrice': {
      const current =
        outcome.lineItems.reduce((sum, groups) => sum + groupsTotal(groups), 0) +
        outcome.customLineItems.reduce((sum, groups) => sum + groupsTotal(groups), 0) +
        outcome.shipping.reduce((sum, groups) => sum + groupsTotal(groups), 0) -
        outcome.total.reduce((sum, portion) => sum + portion.amount, 0);
      let off: number | undefined;
      if (discount.value.type === 'relative') off = permyriadOf(current, discount.value.permyriad, mode);
      else if (discount.value.type === 'absolute') {
        const amount = moneyIn(discount.value.money, currency);
        off = amount === undefined ? undefined : Math.min(amount, current);
      }
      if (off === undefined || off <= 0) return false;
      outcome.total.push({ discount: discount.ref, amount: off });
      return true;
    }
    default:
      return false;
  }
}

export { groupsTotal };
