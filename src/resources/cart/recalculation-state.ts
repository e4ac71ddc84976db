/**
 * What one run of `recalculate` (./recalculate.ts) carries from step to step: read once when it
 * starts, or filled in by the step that computes it, so no later step reads it again. One object per
 * run, with every field present from the start (a fixed shape for this hot path).
 */
import type { CartPredicateScope, ReferenceLookup } from '../../pricing/cart-predicate.js';
import type { DiscountOutcome, Portion } from '../../pricing/cart-discounts.js';
import type { ZoneLike } from '../../pricing/cart-shipping.js';
import type { PriceGroup } from '../../pricing/cart-taxes.js';
import type { FieldResolver } from '../../pricing/discount-predicate.js';
import { withCentAmount } from '../../pricing/money.js';
import type { ResourceContext } from '../../engine/define.js';
import type { DiscountCode } from '../discount-codes.js';
import type { CartDiscount } from '../cart-discounts.js';
import type { TaxCategory } from '../tax-categories.js';
import type { Cart, CustomLineItem, DiscountCodeState, LineItem, ShippingInfo } from './model.js';
import { lineItemFields, predicateScope, referenceLookup } from './predicate-scope.js';
import { millisOf } from '../../util/time.js';
import type { ProjectSettings } from '../project.js';

/** A discount code of the cart with its cart discounts, and why it does not apply (no state: it may). */
export interface CodeCandidate {
  code: DiscountCode;
  discounts: CartDiscount[];
  state?: DiscountCodeState;
}

export interface Recalculation {
  readonly cart: Cart;
  readonly ctx: ResourceContext;
  readonly currency: string;
  /** A hard-frozen cart keeps its shipping and discounts as they are; only its totals and taxes are summed again. */
  readonly frozenHard: boolean;
  /** `ctx.now` in milliseconds. */
  readonly now: number;
  /** The project's settings (empty while none are stored: each reader has its default). */
  readonly settings: Partial<ProjectSettings>;
  readonly lookup: ReferenceLookup;
  /** Line and custom line items together, for the steps that treat them alike (the lists themselves do not change here). */
  readonly items: ReadonlyArray<LineItem | CustomLineItem>;
  /** What an ExternalAmount cart's taxes depend on: the item totals before (see `setItemTaxes`). */
  readonly previousItemTotals: ReadonlyMap<string, number> | undefined;
  readonly previousCartTotal: number;

  /** Tax categories read so far, by id (absent ones included). */
  taxCategories: Map<string, TaxCategory | undefined> | undefined;
  zones: ZoneLike[] | undefined;
  /** What predicates read of each line item: only made when a predicate or a discount asks. */
  lineFields: FieldResolver[] | undefined;
  scope: CartPredicateScope | undefined;

  /** The items' total before cart discounts (set by the prices step). */
  cartValue: number;
  /** The cart's shipping infos, one per shipping (set by the shipping step). */
  shippings: readonly ShippingInfo[];
  /** The cart's discount codes as the discount step found them. */
  codeCandidates: CodeCandidate[];
  discountOutcome: DiscountOutcome | undefined;
  /** Each (custom) line item's prices after cart discounts, what its taxes are computed on. */
  lineGroups: PriceGroup[][];
  customGroups: PriceGroup[][];
  /** The cart discounts on the total price, and what they take off it. */
  totalPortions: readonly Portion[];
  totalDiscount: number;
  /** Items and shipping after their own discounts, before the discounts on the total price. */
  beforeTotalDiscount: number;
}

const noShippings: readonly ShippingInfo[] = [];
const noPortions: readonly Portion[] = [];

export const money = (currency: string, cents: number) => withCentAmount({ currencyCode: currency }, cents);

export function startRecalculation(cart: Cart, ctx: ResourceContext): Recalculation {
  const items: ReadonlyArray<LineItem | CustomLineItem> =
    cart.customLineItems.length === 0 ? cart.lineItems : [...cart.lineItems, ...cart.customLineItems];
  return {
    cart,
    ctx,
    currency: cart.totalPrice.currencyCode,
    frozenHard: cart.cartState === 'Frozen' && cart.freezeStrategy === 'HardFreeze',
    now: millisOf(ctx.now),
    settings: ctx.get('project', 'settings') ?? {},
    lookup: referenceLookup(ctx),
    items,
    previousItemTotals:
      cart.taxMode === 'ExternalAmount'
        ? new Map<string, number>(items.map((item) => [item.id, item.totalPrice?.centAmount ?? -1]))
        : undefined,
    previousCartTotal: cart.totalPrice.centAmount,
    taxCategories: undefined,
    zones: undefined,
    lineFields: undefined,
    scope: undefined,
    cartValue: 0,
    shippings: noShippings,
    codeCandidates: [],
    discountOutcome: undefined,
    lineGroups: [],
    customGroups: [],
    totalPortions: noPortions,
    totalDiscount: 0,
    beforeTotalDiscount: 0,
  };
}

export function lineItemFieldsOf(run: Recalculation): FieldResolver[] {
  if (run.lineFields) return run.lineFields;
  const fields: FieldResolver[] = [];
  for (const item of run.cart.lineItems) fields.push(lineItemFields(item, run.ctx, run.lookup));
  return (run.lineFields = fields);
}

/** The cart as predicates see it; made on first use, once the totals before cart discounts are set. */
export function predicateScopeOf(run: Recalculation): CartPredicateScope {
  return (run.scope ??= predicateScope(run.cart, run.ctx, { lineItemFields: lineItemFieldsOf(run) }));
}

export function zonesOf(run: Recalculation): ZoneLike[] {
  return (run.zones ??= [...run.ctx.scan('zone')]);
}

export function taxCategoryOf(run: Recalculation, id: string | undefined): TaxCategory | undefined {
  if (id === undefined) return undefined;
  run.taxCategories ??= new Map();
  if (!run.taxCategories.has(id)) run.taxCategories.set(id, run.ctx.get('tax-category', id));
  return run.taxCategories.get(id);
}
