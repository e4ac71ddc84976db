/**
 * `recalculate(cart, ctx)`: recomputes everything a cart derives from its inputs, as the platform
 * does after every update: once per update request, after its last action (./stale.ts); also when
 * a cart is built, replicated or merged, and before an order copies it.
 *
 * Order of work (each step documented where it happens):
 *  1. line item prices: the catalog's price selection (cart currency, country, customer group,
 *     the line's distribution channel; product discounts included), tiers by quantity; external
 *     prices kept. No price: 400 MatchingPriceNotFound. A frozen cart keeps its prices.
 *  2. tax rates (tax mode Platform): the rate of the item's tax category for the shipping
 *     address's country and state (state-less rate only with the project's
 *     `countryTaxRateFallbackEnabled`, or when the address has no state).
 *  3. shipping: the method's rate for the shipping address and currency, tiers, freeAbove
 *     (src/pricing/cart-shipping.ts), on the cart value before cart discounts.
 *  4. cart discounts and discount codes (src/pricing/cart-discounts.ts), predicates evaluated on
 *     the cart before cart discounts.
 *  5. totals and taxes (src/pricing/cart-taxes.ts): per item, then the cart; a discount on the
 *     total price reduces the taxed prices by the same share.
 */
import { CatalogRead, priceCandidates, type StandalonePriceLike, standaloneAsPrice } from '../product/present.js';
import { selectPrice, type PriceSelection } from '../../pricing/price-selection.js';
import {
  applyCartDiscounts,
  groupsTotal,
  type ApplicableDiscount,
  type DiscountInputItem,
  type UnitGroup,
} from '../../pricing/cart-discounts.js';
import { compileCartPredicate } from '../../pricing/cart-predicate.js';
import { preciseTotal, type RoundingMode } from '../../pricing/cart-rounding.js';
import { rateCost, rateFor, zonesContaining, type RateInputType, type ZoneLike } from '../../pricing/cart-shipping.js';
import { reduceTaxedPrice, sumTaxedPrices, taxedItemPrice, type PriceGroup } from '../../pricing/cart-taxes.js';
import { currencyFractionDigits, withCentAmount, type CentPrecisionMoney, type TypedMoney } from '../../pricing/money.js';
import { isCartDiscountEffective, type CartDiscount } from '../cart-discounts.js';
import type { Address } from '../../engine/common-actions.js';
import type { ResourceContext } from '../../engine/define.js';
import type { DiscountCode } from '../discount-codes.js';
import { allVariants, type Price, type Product, type Variant } from '../product/model.js';
import type { ShippingMethod } from '../shipping-methods.js';
import type { TaxCategory } from '../tax-categories.js';
import { cartErrors } from './errors.js';
import { productData } from './line-items.js';
import type {
  Cart,
  CustomLineItem,
  DiscountCodeState,
  DiscountedPricePerQuantity,
  ItemTaxRate,
  LineItem,
  ShippingInfo,
  ShippingRateInput,
  TaxedPrice,
} from './model.js';
import { customLineItemFields, lineItemFields, predicateScope, referenceLookup } from './predicate-scope.js';
import { copyWithout, withFields } from '../../util/json.js';
import { millisOf } from '../../util/time.js';

export interface RecalculateOptions {
  /** Refresh the line items' product data (name, slug, variant, product type) too. */
  updateProductData?: boolean;
}

interface ProjectSettings {
  carts?: { countryTaxRateFallbackEnabled?: boolean };
  shippingRateInputType?: RateInputType;
}

const money = (currency: string, cents: number) => withCentAmount({ currencyCode: currency }, cents);

function settingsOf(ctx: ResourceContext): ProjectSettings {
  return (ctx.get('project', 'settings') as ProjectSettings | undefined) ?? {};
}

// 1. Line item prices -------------------------------------------------------------------------------

/** The tier of a price that applies to a quantity (the highest minimumQuantity not above it). */
function withTier(price: Price, quantity: number): Price {
  if (!price.tiers || price.tiers.length === 0) return price;
  let best: { minimumQuantity: number; value: TypedMoney } | undefined;
  for (const tier of price.tiers)
    if (tier.minimumQuantity <= quantity && (!best || tier.minimumQuantity > best.minimumQuantity)) best = tier;
  return best ? { ...price, value: best.value } : price;
}

function selectionFor(cart: Cart, item: LineItem, now: string): PriceSelection {
  const selection: PriceSelection = { currency: cart.totalPrice.currencyCode, now };
  if (cart.country !== undefined) selection.country = cart.country;
  if (cart.customerGroup) selection.customerGroup = cart.customerGroup.id;
  if (item.distributionChannel) selection.channel = item.distributionChannel.id;
  return selection;
}

function repriceLineItem(cart: Cart, item: LineItem, ctx: ResourceContext, read: CatalogRead, options: RecalculateOptions): void {
  const product = ctx.get('product', item.productId) as Product | undefined;
  if (product) {
    const data = product.masterData.current;
    item.productSlug = data.slug;
    if (options.updateProductData) {
      const variant = allVariants(data).find((v) => v.id === item.variant.id);
      if (variant) productData(item, product, variant);
    }
  }
  if (item.priceMode !== 'Platform' || cart.cartState === 'Frozen') return;
  if (!product) return; // A deleted product: the line keeps the price it had.
  const data = product.masterData.current;
  const variant = allVariants(data).find((v) => v.id === item.variant.id) ?? (item.variant as Variant);
  const selection = selectionFor(cart, item, ctx.now);
  const chosen = selectPrice(
    priceCandidates(product.priceMode, variant, (sku) => read.standalonePrices(sku)),
    selection,
  );
  let price: Price | undefined;
  if (chosen) {
    price = product.priceMode === 'Standalone' ? standaloneAsPrice(chosen as StandalonePriceLike) : { ...(chosen as Price) };
    const discounted = read.discountedFor(product, data, variant, chosen);
    if (discounted) price.discounted = discounted;
    else delete price.discounted;
  }
  if (!price) {
    throw cartErrors.matchingPriceNotFound({
      productId: product.id,
      variantId: variant.id,
      ...(variant.sku !== undefined ? { sku: variant.sku } : {}),
      currency: selection.currency,
      ...(selection.country !== undefined ? { country: selection.country } : {}),
      ...(cart.customerGroup ? { customerGroup: cart.customerGroup as { typeId: 'customer-group'; id: string } } : {}),
      ...(item.distributionChannel ? { channel: item.distributionChannel as { typeId: 'channel'; id: string } } : {}),
    });
  }
  item.price = withTier(price, item.quantity);
}

/** The unit price cart discounts start from: the product-discounted value, else the value (cents). */
function unitCents(item: LineItem): number {
  return (item.price.discounted?.value ?? item.price.value).centAmount;
}

/** The total of an undiscounted line: high-precision prices are multiplied precisely, then rounded. */
function undiscountedTotal(value: TypedMoney, quantity: number, mode: RoundingMode): number {
  if (value.type === 'highPrecision')
    return preciseTotal(value.preciseAmount, value.fractionDigits, quantity, currencyFractionDigits(value.currencyCode), mode);
  return value.centAmount * quantity;
}

/** The price groups of an undiscounted item: its unit price × quantity (a high-precision price: its rounded total as one group). */
function plainGroups(value: TypedMoney, quantity: number, total: number): PriceGroup[] {
  return value.type === 'highPrecision' ? [{ unit: total, quantity: 1 }] : [{ unit: value.centAmount, quantity }];
}

function lineEffectiveValue(item: LineItem): TypedMoney {
  return item.price.discounted?.value ?? item.price.value;
}

// 2. Tax rates ----------------------------------------------------------------------------------------

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

function setTaxRate(item: { taxRate?: ItemTaxRate }, rate: ItemTaxRate | undefined): void {
  if (rate) item.taxRate = rate;
  else delete item.taxRate;
}

// 3. Shipping ------------------------------------------------------------------------------------------

function stripMatching<T extends { isMatching?: boolean; tiers?: Array<{ isMatching?: boolean }> }>(rate: T): T {
  const copy = copyWithout(rate, 'isMatching') as T;
  copy.tiers = (rate.tiers ?? []).map((tier) => copyWithout(tier, 'isMatching'));
  return copy;
}

/** Recomputes one shipping info for an address; `undefined` when the method no longer ships there. */
function recomputeShipping(
  info: ShippingInfo,
  address: Address | undefined,
  input: ShippingRateInput | undefined,
  cart: Cart,
  cartValue: number,
  ctx: ResourceContext,
  zones: () => ZoneLike[],
  settings: ProjectSettings,
  frozenHard: boolean,
): ShippingInfo | undefined {
  if (frozenHard) return info;
  const currency = cart.totalPrice.currencyCode;
  let rate = stripMatching(info.shippingRate);
  if (info.shippingMethod) {
    const method = ctx.get('shipping-method', info.shippingMethod.id) as ShippingMethod | undefined;
    if (!method || !address) return undefined;
    const found = rateFor(method, zonesContaining(address, zones()), currency);
    if (!found) return undefined;
    rate = stripMatching(found);
    info.shippingMethodName = method.name;
    info.taxCategory = method.taxCategory;
  }
  const cost = rateCost(rate, cartValue, settings.shippingRateInputType, input);
  info.price = cost.price;
  info.shippingRate = withFields(cost.rate, { tiers: cost.rate.tiers }) as ShippingInfo['shippingRate'];
  return info;
}

function methodState(
  info: ShippingInfo,
  ctx: ResourceContext,
  scope: () => ReturnType<typeof predicateScope>,
): ShippingInfo['shippingMethodState'] {
  if (!info.shippingMethod) return 'MatchesCart';
  const method = ctx.get('shipping-method', info.shippingMethod.id) as ShippingMethod | undefined;
  if (!method?.predicate) return 'MatchesCart';
  return compileCartPredicate(method.predicate)(scope()) ? 'MatchesCart' : 'DoesNotMatchCart';
}

// 4. Discounts -----------------------------------------------------------------------------------------

interface CodeCandidate {
  code: DiscountCode;
  discounts: CartDiscount[];
  state?: DiscountCodeState;
}

function storeMatches(discount: { stores: Array<{ key: string }> }, cart: Cart): boolean {
  return discount.stores.length === 0 || (cart.store !== undefined && discount.stores.some((s) => s.key === cart.store!.key));
}

/** Whether a discount code (or cart discount) is valid at `now` (ms): within its validFrom and validUntil. */
export function isValidAt(item: { validFrom?: string; validUntil?: string }, now: number): boolean {
  if (item.validFrom !== undefined && Date.parse(item.validFrom) > now) return false;
  if (item.validUntil !== undefined && Date.parse(item.validUntil) <= now) return false;
  return true;
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

// 5. Totals --------------------------------------------------------------------------------------------

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

/** Recomputes every derived field of `cart` in place. */
export function recalculate(cart: Cart, ctx: ResourceContext, options: RecalculateOptions = {}): void {
  if (cart.cartState === 'Ordered' || cart.cartState === 'Merged') return;
  const frozenHard = cart.cartState === 'Frozen' && cart.freezeStrategy === 'HardFreeze';
  const currency = cart.totalPrice.currencyCode;
  const settings = settingsOf(ctx);
  const now = millisOf(ctx.now);
  const read = new CatalogRead(ctx, undefined);
  const lookup = referenceLookup(ctx);
  // Line and custom line items together, for the steps that treat them alike (the lists themselves do not change here).
  const items: Array<LineItem | CustomLineItem> =
    cart.customLineItems.length === 0 ? cart.lineItems : [...cart.lineItems, ...cart.customLineItems];
  // What an ExternalAmount cart's taxes depend on: the totals before (see "Item taxes").
  const previousTotals =
    cart.taxMode === 'ExternalAmount'
      ? new Map<string, number>(items.map((item) => [item.id, item.totalPrice?.centAmount ?? -1]))
      : undefined;
  const previousCartTotal = cart.totalPrice.centAmount;

  // 1. Prices, undiscounted totals.
  for (const item of cart.lineItems) {
    repriceLineItem(cart, item, ctx, read, options);
    if (item.state.length === 1) item.state[0]!.quantity = item.quantity;
    if (item.priceMode !== 'ExternalTotal')
      item.totalPrice = money(currency, undiscountedTotal(lineEffectiveValue(item), item.quantity, cart.priceRoundingMode));
  }
  for (const item of cart.customLineItems) {
    if (item.state.length === 1) item.state[0]!.quantity = item.quantity;
    item.totalPrice = money(currency, undiscountedTotal(item.money, item.quantity, cart.priceRoundingMode));
  }
  for (const item of items) {
    if (item.shippingDetails)
      item.shippingDetails.valid = item.shippingDetails.targets.reduce((sum, t) => sum + t.quantity, 0) === item.quantity;
  }
  if (cart.lineItems.length > 0) cart.totalLineItemQuantity = cart.lineItems.reduce((sum, item) => sum + item.quantity, 0);
  else delete cart.totalLineItemQuantity;

  // 2. Tax rates.
  const taxes = cart.taxMode !== 'Disabled';
  const address = cart.shippingAddress;
  const fallback = settings.carts?.countryTaxRateFallbackEnabled === true;
  const categories = new Map<string, TaxCategory | undefined>();
  const category = (id: string | undefined) => {
    if (id === undefined) return undefined;
    if (!categories.has(id)) categories.set(id, ctx.get('tax-category', id) as TaxCategory | undefined);
    return categories.get(id);
  };
  const platformRate = (categoryId: string | undefined, at: Address | undefined) => rateOf(category(categoryId), at, fallback);
  if (cart.taxMode === 'Platform') {
    for (const item of cart.lineItems)
      setTaxRate(item, platformRate((ctx.get('product', item.productId) as Product | undefined)?.taxCategory?.id, address));
    for (const item of cart.customLineItems) setTaxRate(item, platformRate(item.taxCategory?.id, address));
  } else if (!taxes) {
    for (const item of items) {
      delete item.taxRate;
      delete item.taxedPrice;
    }
  }

  // 3. Shipping, on the cart value before cart discounts.
  const cartValue = items.reduce((sum, item) => sum + item.totalPrice.centAmount, 0);
  let zoneList: ZoneLike[] | undefined;
  const zones = () => (zoneList ??= [...ctx.scan('zone')] as unknown as ZoneLike[]);
  if (cart.shippingMode === 'Single' && cart.shippingInfo) {
    const info = recomputeShipping(cart.shippingInfo, address, cart.shippingRateInput, cart, cartValue, ctx, zones, settings, frozenHard);
    if (info) cart.shippingInfo = info;
    else delete cart.shippingInfo;
  }
  if (cart.shippingMode === 'Multiple') {
    cart.shipping = cart.shipping.filter((entry) => {
      const info = recomputeShipping(
        entry.shippingInfo,
        entry.shippingAddress,
        entry.shippingRateInput,
        cart,
        cartValue,
        ctx,
        zones,
        settings,
        frozenHard,
      );
      if (info) entry.shippingInfo = info;
      return info !== undefined;
    });
  }
  const shippings: ShippingInfo[] =
    cart.shippingMode === 'Single' ? (cart.shippingInfo ? [cart.shippingInfo] : []) : cart.shipping.map((s) => s.shippingInfo);
  const shippingAddresses: Array<Address | undefined> =
    cart.shippingMode === 'Single' ? [address] : cart.shipping.map((s) => s.shippingAddress);
  if (cart.taxMode === 'Platform') {
    shippings.forEach((info, i) => {
      setTaxRate(info, info.taxCategory ? platformRate(info.taxCategory.id, shippingAddresses[i]) : undefined);
    });
  } else if (!taxes) {
    for (const info of shippings) {
      delete info.taxRate;
      delete info.taxedPrice;
    }
  }

  // Undiscounted totals and taxes, for predicates.
  cart.totalPrice = money(currency, cartValue + shippings.reduce((sum, info) => sum + info.price.centAmount, 0));
  const taxedOf = (groups: PriceGroup[], rate: ItemTaxRate | undefined) =>
    rate ? (taxedItemPrice(currency, groups, rate, cart.taxRoundingMode, cart.taxCalculationMode) as TaxedPrice) : undefined;
  if (cart.taxMode === 'Platform' || cart.taxMode === 'External') {
    for (const item of cart.lineItems) {
      const taxed = taxedOf(
        item.priceMode === 'ExternalTotal'
          ? [{ unit: item.totalPrice.centAmount, quantity: 1 }]
          : plainGroups(lineEffectiveValue(item), item.quantity, item.totalPrice.centAmount),
        item.taxRate,
      );
      if (taxed) item.taxedPrice = taxed;
      else delete item.taxedPrice;
    }
    for (const item of cart.customLineItems) {
      const taxed = taxedOf(plainGroups(item.money, item.quantity, item.totalPrice.centAmount), item.taxRate);
      if (taxed) item.taxedPrice = taxed;
      else delete item.taxedPrice;
    }
  }
  // What predicates read of each line item: only made when a predicate or a discount asks.
  let lineFieldsCache: ReturnType<typeof lineItemFields>[] | undefined;
  const lineFields = () => (lineFieldsCache ??= cart.lineItems.map((item) => lineItemFields(item, ctx, lookup)));
  let scopeCache: ReturnType<typeof predicateScope> | undefined;
  const scope = () => (scopeCache ??= predicateScope(cart, ctx, { lineItemFields: lineFields() }));
  for (const info of shippings) info.shippingMethodState = methodState(info, ctx, scope);

  // 4. Discounts.
  const codeCandidates: CodeCandidate[] = [];
  let discounts: ApplicableDiscount[] = [];
  if (frozenHard) {
    // A hard-frozen cart keeps its discounts as they are.
    discounts = [];
  } else if (cart.directDiscounts.length > 0) {
    discounts = cart.directDiscounts.map((d) => ({
      ref: { typeId: 'direct-discount', id: d.id },
      value: d.value as ApplicableDiscount['value'],
      ...(d.target ? { target: d.target as ApplicableDiscount['target'] } : {}),
      stackingMode: 'Stacking' as const,
    }));
  } else {
    const chosen = new Map<string, CartDiscount>();
    for (const document of ctx.scan('cart-discount')) {
      const discount = document as CartDiscount;
      if (!discount.requiresDiscountCode && isCartDiscountEffective(discount, now) && storeMatches(discount, cart))
        chosen.set(discount.id, discount);
    }
    for (const info of cart.discountCodes) {
      const code = ctx.get('discount-code', info.discountCode.id) as DiscountCode | undefined;
      if (!code) continue;
      const linked = code.cartDiscounts
        .map((ref) => ctx.get('cart-discount', ref.id) as CartDiscount | undefined)
        .filter((d): d is CartDiscount => d !== undefined);
      const candidate: CodeCandidate = { code, discounts: linked };
      codeCandidates.push(candidate);
      if (!code.isActive || !linked.some((d) => d.isActive)) candidate.state = 'NotActive';
      else if (!isValidAt(code, now) || !linked.some((d) => d.isActive && isValidAt(d, now))) candidate.state = 'NotValid';
      else if (code.cartPredicate !== undefined && !compileCartPredicate(code.cartPredicate)(scope())) candidate.state = 'DoesNotMatchCart';
      else if (maxApplicationsReached(code, cart, ctx)) candidate.state = 'MaxApplicationReached';
      if (candidate.state) continue;
      for (const discount of linked)
        if (isCartDiscountEffective(discount, now) && storeMatches(discount, cart)) chosen.set(discount.id, discount);
    }
    discounts = [...chosen.values()].sort(bySortOrder).map(asApplicable);
  }
  const discountItem = (item: LineItem, index: number): DiscountInputItem => ({
    fields: lineFields()[index]!,
    quantity: item.quantity,
    unitPrice: unitCents(item),
    eligible: item.priceMode !== 'ExternalTotal',
  });
  const customItem = (item: CustomLineItem): DiscountInputItem => ({
    fields: customLineItemFields(item, lookup),
    quantity: item.quantity,
    unitPrice: item.money.centAmount,
    eligible: item.priceMode !== 'External',
  });
  const outcome =
    discounts.length === 0
      ? undefined
      : applyCartDiscounts(discounts, {
          currency,
          mode: cart.priceRoundingMode,
          lineItems: cart.lineItems.map(discountItem),
          customLineItems: cart.customLineItems.map(customItem),
          shipping: shippings.map((info) => info.price.centAmount),
          scope: scope(),
        });

  // 5. Totals and taxes.
  const lineGroups: PriceGroup[][] = [];
  cart.lineItems.forEach((item, index) => {
    if (frozenHard) {
      lineGroups.push(groupsFromStored(item.discountedPricePerQuantity, unitCents(item), item.quantity));
      return;
    }
    const groups = outcome?.lineItems[index];
    item.discountedPricePerQuantity = groups ? perQuantity(groups, currency) : [];
    if (item.priceMode === 'ExternalTotal') {
      lineGroups.push([{ unit: item.totalPrice.centAmount, quantity: 1 }]);
      return;
    }
    if (groups && item.discountedPricePerQuantity.length > 0) item.totalPrice = money(currency, groupsTotal(groups));
    lineGroups.push(groups ? priceGroups(groups) : plainGroups(lineEffectiveValue(item), item.quantity, item.totalPrice.centAmount));
  });
  const customGroups: PriceGroup[][] = [];
  cart.customLineItems.forEach((item, index) => {
    if (frozenHard) {
      customGroups.push(groupsFromStored(item.discountedPricePerQuantity, item.money.centAmount, item.quantity));
      return;
    }
    const groups = outcome?.customLineItems[index];
    item.discountedPricePerQuantity = groups ? perQuantity(groups, currency) : [];
    if (groups && item.discountedPricePerQuantity.length > 0) item.totalPrice = money(currency, groupsTotal(groups));
    customGroups.push(groups ? priceGroups(groups) : plainGroups(item.money, item.quantity, item.totalPrice.centAmount));
  });
  shippings.forEach((info, index) => {
    if (frozenHard) return;
    const groups = outcome?.shipping[index];
    const discounted = groups ? perQuantity(groups, currency)[0] : undefined;
    if (discounted) info.discountedPrice = discounted.discountedPrice;
    else delete info.discountedPrice;
  });

  const itemsTotal = items.reduce((sum, item) => sum + item.totalPrice.centAmount, 0);
  const shippingTotal = shippings.reduce(
    (sum, info) => sum + (info.discountedPrice ? info.discountedPrice.value.centAmount : info.price.centAmount),
    0,
  );
  const beforeTotalDiscount = itemsTotal + shippingTotal;
  const totalPortions = frozenHard
    ? (cart.discountOnTotalPrice?.includedDiscounts ?? []).map((p) => ({ discount: p.discount, amount: p.discountedAmount.centAmount }))
    : (outcome?.total ?? []);
  const totalDiscount = totalPortions.reduce((sum, p) => sum + p.amount, 0);
  cart.totalPrice = money(currency, beforeTotalDiscount - totalDiscount);

  // Item taxes.
  if (cart.taxMode === 'Platform' || cart.taxMode === 'External') {
    cart.lineItems.forEach((item, i) => {
      const taxed = taxedOf(lineGroups[i]!, item.taxRate);
      if (taxed) item.taxedPrice = taxed;
      else delete item.taxedPrice;
    });
    cart.customLineItems.forEach((item, i) => {
      const taxed = taxedOf(customGroups[i]!, item.taxRate);
      if (taxed) item.taxedPrice = taxed;
      else delete item.taxedPrice;
    });
    for (const info of shippings) {
      const taxed = taxedOf(
        [{ unit: info.discountedPrice ? info.discountedPrice.value.centAmount : info.price.centAmount, quantity: 1 }],
        info.taxRate,
      );
      if (taxed) info.taxedPrice = taxed;
      else delete info.taxedPrice;
    }
  } else if (cart.taxMode === 'ExternalAmount') {
    for (const item of items) {
      if (previousTotals?.get(item.id) !== item.totalPrice.centAmount) {
        delete item.taxedPrice;
        delete item.taxRate;
      }
    }
  }

  // Cart taxes.
  delete cart.discountOnTotalPrice;
  if (totalPortions.length > 0) {
    cart.discountOnTotalPrice = {
      discountedAmount: money(currency, totalDiscount),
      includedDiscounts: totalPortions.map((p) => ({
        discount: { typeId: p.discount.typeId, id: p.discount.id },
        discountedAmount: money(currency, p.amount),
      })),
    };
  }
  if (cart.taxMode === 'Platform' || cart.taxMode === 'External') {
    const priced: Array<{ taxedPrice?: TaxedPrice }> = [...items, ...shippings];
    const complete = (cart.shippingMode === 'Multiple' || address !== undefined) && priced.every((item) => item.taxedPrice !== undefined);
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
    if (cart.totalPrice.centAmount !== previousCartTotal) delete cart.taxedPrice;
  } else {
    delete cart.taxedPrice;
    delete cart.taxedShippingPrice;
  }

  // Discount code states.
  if (!frozenHard) {
    for (const info of cart.discountCodes) {
      const candidate = codeCandidates.find((c) => c.code.id === info.discountCode.id);
      if (!candidate) continue;
      info.state = candidate.state ?? codeState(candidate, outcome?.fates);
    }
  }
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

function codeState(candidate: CodeCandidate, fates: Map<string, string> | undefined): DiscountCodeState {
  const of = candidate.discounts.map((d) => fates?.get(d.id));
  if (of.some((fate) => fate === 'applied' || fate === 'noEffect')) return 'MatchesCart';
  if (of.some((fate) => fate === 'stopped')) return 'ApplicationStoppedByPreviousDiscount';
  return 'DoesNotMatchCart';
}

function groupsFromStored(stored: DiscountedPricePerQuantity[], unit: number, quantity: number): PriceGroup[] {
  const groups = stored.map((entry) => ({ unit: entry.discountedPrice.value.centAmount, quantity: entry.quantity }));
  const discounted = groups.reduce((sum, g) => sum + g.quantity, 0);
  if (discounted < quantity) groups.push({ unit, quantity: quantity - discounted });
  return groups;
}

/** The figures of a cart an order copies (see `snapshotCart` for the whole copy). */
export function cartTotals(cart: Cart): {
  totalPrice: CentPrecisionMoney;
  taxedPrice?: TaxedPrice;
  taxedShippingPrice?: TaxedPrice;
  discountOnTotalPrice?: Cart['discountOnTotalPrice'];
} {
  return {
    totalPrice: cart.totalPrice,
    ...(cart.taxedPrice ? { taxedPrice: cart.taxedPrice } : {}),
    ...(cart.taxedShippingPrice ? { taxedShippingPrice: cart.taxedShippingPrice } : {}),
    ...(cart.discountOnTotalPrice ? { discountOnTotalPrice: cart.discountOnTotalPrice } : {}),
  };
}
