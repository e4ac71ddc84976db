/**
 * Building line items and custom line items from drafts; finding them by id or key; the price the
 * catalog gives a line item when the cart is recalculated.
 */
import { canonicalDateTime } from '../../util/time.js';
import { uuid } from '../../util/ids.js';
import { selectPrice, type PriceSelection } from '../../pricing/price-selection.js';
import { typedMoney, withCentAmount, type MoneyDraft, type TypedMoney } from '../../pricing/money.js';
import { customFields } from '../../engine/common-actions.js';
import type { Reference, ResourceContext } from '../../engine/define.js';
import type { ResourceIdentifier } from '../../engine/draft-fields.js';
import { type CatalogRead, priceCandidates, type StandalonePriceLike, standaloneAsPrice } from '../product/present.js';
import { allVariants, type Price, type Product, type Variant } from '../product/model.js';
import { cartErrors } from './errors.js';
import type { Cart, CustomLineItem, ItemShippingDetails, ItemTaxRate, LineItem } from './model.js';
import type { CustomLineItemDraft, ExternalTaxRateDraft, LineItemDraft, ItemShippingDetailsDraft } from './schemas.js';

/** The platform's built-in "Initial" line item state; a State with key `Initial` when the project has one. */
export function initialItemState(ctx: ResourceContext): { typeId: 'state'; id: string } {
  const stored = ctx.getByKey('state', 'Initial');
  return { typeId: 'state', id: stored?.id ?? 'initial' };
}

/** The product and variant a line item draft names (published data only). */
export function resolveVariant(
  ctx: ResourceContext,
  draft: { productId?: string | undefined; variantId?: number | undefined; sku?: string | undefined },
): { product: Product; variant: Variant } {
  if (draft.productId === undefined) {
    if (draft.sku === undefined) throw cartErrors.invalidOperation('A line item needs either productId (and variantId) or sku.');
    const product = ctx.findUnique('product', 'sku', draft.sku);
    const variant = product?.masterData.published ? allVariants(product.masterData.current).find((v) => v.sku === draft.sku) : undefined;
    if (!product || !variant) throw cartErrors.unknownSku(draft.sku);
    return { product, variant };
  }
  const product = ctx.get('product', draft.productId);
  if (!product) throw cartErrors.unknownProduct(draft.productId);
  if (!product.masterData.published) throw cartErrors.unpublishedProduct(draft.productId);
  const data = product.masterData.current;
  const variant =
    draft.variantId !== undefined
      ? allVariants(data).find((v) => v.id === draft.variantId)
      : draft.sku !== undefined
        ? allVariants(data).find((v) => v.sku === draft.sku)
        : data.masterVariant;
  if (!variant) {
    if (draft.variantId === undefined && draft.sku !== undefined) throw cartErrors.unknownSku(draft.sku);
    throw cartErrors.unknownVariant(draft.productId, draft.variantId ?? 1);
  }
  return { product, variant };
}

/** The product data a line item copies (refreshed by `recalculate` with `updateProductData`). */
export function productData(item: LineItem, product: Product, variant: Variant): void {
  const data = product.masterData.current;
  item.productId = product.id;
  if (product.key !== undefined) item.productKey = product.key;
  else delete item.productKey;
  item.name = data.name;
  item.productSlug = data.slug;
  item.productType = product.productType;
  item.variant = variant;
}

/** The tier of a price that applies to a quantity (the highest minimumQuantity not above it). */
function withTier(price: Price, quantity: number): Price {
  if (!price.tiers || price.tiers.length === 0) return price;
  let best: { minimumQuantity: number; value: TypedMoney } | undefined;
  for (const tier of price.tiers)
    if (tier.minimumQuantity <= quantity && (!best || tier.minimumQuantity > best.minimumQuantity)) best = tier;
  return best ? { ...price, value: best.value } : price;
}

function priceSelectionFor(cart: Cart, item: LineItem, now: string): PriceSelection {
  const selection: PriceSelection = { currency: cart.totalPrice.currencyCode, now };
  if (cart.country !== undefined) selection.country = cart.country;
  if (cart.customerGroup) selection.customerGroup = cart.customerGroup.id;
  if (item.distributionChannel) selection.channel = item.distributionChannel.id;
  return selection;
}

/**
 * Gives a line item (price mode Platform) the catalog's price for the cart: the price selection
 * (cart currency, country, customer group, the line's distribution channel; product discounts
 * included), then the tier for its quantity. No price: 400 MatchingPriceNotFound. A frozen cart and
 * a deleted product keep the price the line had. Refreshes the product data too when asked.
 */
export function repriceLineItem(cart: Cart, item: LineItem, ctx: ResourceContext, read: CatalogRead, updateProductData: boolean): void {
  const product = ctx.get('product', item.productId);
  if (product) {
    const data = product.masterData.current;
    item.productSlug = data.slug;
    if (updateProductData) {
      const variant = allVariants(data).find((v) => v.id === item.variant.id);
      if (variant) productData(item, product, variant);
    }
  }
  if (item.priceMode !== 'Platform' || cart.cartState === 'Frozen') return;
  if (!product) return; // A deleted product: the line keeps the price it had.
  const data = product.masterData.current;
  const variant = allVariants(data).find((v) => v.id === item.variant.id) ?? (item.variant as Variant);
  const selection = priceSelectionFor(cart, item, ctx.now);
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

/** The unit price of a line item that cart discounts start from: the product-discounted value, else the value. */
export function effectiveUnitPrice(item: LineItem): TypedMoney {
  return item.price.discounted?.value ?? item.price.value;
}

/** External tax rates are given to carts with the tax mode External only. */
export function assertExternalTaxMode(cart: Cart): void {
  if (cart.taxMode !== 'External')
    throw cartErrors.invalidOperation('An external tax rate can only be set on a cart with the tax mode External.');
}

export function externalTaxRate(draft: ExternalTaxRateDraft): ItemTaxRate {
  const subRates = draft.subRates ?? [];
  const amount = draft.amount ?? Math.round(subRates.reduce((sum, s) => sum + s.amount, 0) * 1e9) / 1e9;
  const rate: ItemTaxRate = { name: draft.name, amount, includedInPrice: draft.includedInPrice ?? false, country: draft.country, subRates };
  if (draft.state !== undefined) rate.state = draft.state;
  return rate;
}

export function shippingDetails(
  draft: ItemShippingDetailsDraft | undefined | null,
  cart: Cart,
  quantity: number,
): ItemShippingDetails | undefined {
  if (!draft) return undefined;
  for (const target of draft.targets) {
    if (!cart.itemShippingAddresses.some((a) => a.key === target.addressKey)) {
      throw cartErrors.invalidOperation(`The cart has no item shipping address with the key '${target.addressKey}'.`);
    }
  }
  const sum = draft.targets.reduce((total, target) => total + target.quantity, 0);
  return { targets: draft.targets.map((t) => ({ ...t })), valid: sum === quantity };
}

/** Money given for an item must be in the cart's currency. */
export function assertCurrency(money: { currencyCode: string }, cart: Cart, field: string): void {
  if (money.currencyCode !== cart.totalPrice.currencyCode)
    throw cartErrors.currencyMismatch(field, money.currencyCode, cart.totalPrice.currencyCode);
}

export function newLineItem(draft: LineItemDraft, cart: Cart, ctx: ResourceContext): LineItem {
  const { product, variant } = resolveVariant(ctx, draft);
  const quantity = draft.quantity ?? 1;
  const item = { id: uuid() } as LineItem;
  if (draft.key !== undefined) item.key = draft.key;
  productData(item, product, variant);
  item.quantity = quantity;
  item.discountedPricePerQuantity = [];
  item.taxedPricePortions = [];
  item.state = [{ quantity, state: initialItemState(ctx) }];
  item.perMethodTaxRate = [];
  if (draft.supplyChannel) item.supplyChannel = ctx.reference('channel', draft.supplyChannel);
  if (draft.distributionChannel) item.distributionChannel = ctx.reference('channel', draft.distributionChannel);
  item.priceMode = 'Platform';
  if (draft.externalTotalPrice) {
    assertCurrency(draft.externalTotalPrice.price, cart, 'externalTotalPrice.price');
    assertCurrency(draft.externalTotalPrice.totalPrice, cart, 'externalTotalPrice.totalPrice');
    item.priceMode = 'ExternalTotal';
    item.price = { id: uuid(), value: typedMoney(draft.externalTotalPrice.price) };
    const total = typedMoney(draft.externalTotalPrice.totalPrice);
    item.totalPrice = withCentAmount(total, total.centAmount);
  } else if (draft.externalPrice) {
    assertCurrency(draft.externalPrice, cart, 'externalPrice');
    item.priceMode = 'ExternalPrice';
    item.price = { id: uuid(), value: typedMoney(draft.externalPrice) };
  }
  item.lineItemMode = 'Standard';
  if (draft.inventoryMode !== undefined && draft.inventoryMode !== cart.inventoryMode) item.inventoryMode = draft.inventoryMode;
  const details = shippingDetails(draft.shippingDetails, cart, quantity);
  if (details) item.shippingDetails = details;
  const custom = customFields(draft.custom, ctx);
  if (custom) item.custom = custom;
  if (draft.externalTaxRate) {
    assertExternalTaxMode(cart);
    item.taxRate = externalTaxRate(draft.externalTaxRate);
  }
  item.addedAt = draft.addedAt !== undefined ? canonicalDateTime(draft.addedAt) : ctx.now;
  item.lastModifiedAt = ctx.now;
  if (draft.recurrenceInfo !== undefined) item.recurrenceInfo = recurrenceInfo(draft.recurrenceInfo, ctx);
  return item;
}

/** Whether two line items are the same offer (adding one to a cart that has the other raises its quantity). */
export function sameOffer(existing: LineItem, added: LineItem): boolean {
  return (
    existing.productId === added.productId &&
    existing.variant.id === added.variant.id &&
    existing.priceMode === 'Platform' &&
    added.priceMode === 'Platform' &&
    existing.lineItemMode === 'Standard' &&
    existing.key === added.key &&
    existing.supplyChannel?.id === added.supplyChannel?.id &&
    existing.distributionChannel?.id === added.distributionChannel?.id &&
    existing.inventoryMode === added.inventoryMode &&
    JSON.stringify(existing.custom ?? null) === JSON.stringify(added.custom ?? null) &&
    existing.shippingDetails === undefined &&
    added.shippingDetails === undefined &&
    JSON.stringify(existing.taxRate ?? null) === JSON.stringify(added.taxRate ?? null)
  );
}

export function newCustomLineItem(draft: CustomLineItemDraft, cart: Cart, ctx: ResourceContext): CustomLineItem {
  assertCurrency(draft.money, cart, 'money');
  const quantity = draft.quantity ?? 1;
  const money = typedMoney(draft.money as MoneyDraft);
  const item = { id: uuid() } as CustomLineItem;
  if (draft.key !== undefined) item.key = draft.key;
  item.name = draft.name;
  item.money = money;
  item.taxedPricePortions = [];
  item.totalPrice = withCentAmount(money, money.centAmount * quantity);
  item.slug = draft.slug;
  item.quantity = quantity;
  item.state = [{ quantity, state: initialItemState(ctx) }];
  if (draft.taxCategory) item.taxCategory = ctx.reference('tax-category', draft.taxCategory);
  item.perMethodTaxRate = [];
  item.discountedPricePerQuantity = [];
  const custom = customFields(draft.custom, ctx);
  if (custom) item.custom = custom;
  const details = shippingDetails(draft.shippingDetails, cart, quantity);
  if (details) item.shippingDetails = details;
  item.priceMode = draft.priceMode ?? 'Standard';
  if (draft.externalTaxRate) {
    assertExternalTaxMode(cart);
    item.taxRate = externalTaxRate(draft.externalTaxRate);
  }
  if (draft.recurrenceInfo !== undefined) item.recurrenceInfo = recurrenceInfo(draft.recurrenceInfo, ctx);
  return item;
}

/** A (custom) line item's recurrence info as stored: its policy a Reference (400 ReferencedResourceNotFound for an unknown one). */
export function recurrenceInfo<I extends { recurrencePolicy: ResourceIdentifier }>(
  draft: I,
  ctx: ResourceContext,
): Omit<I, 'recurrencePolicy'> & { recurrencePolicy: Reference } {
  return { ...draft, recurrencePolicy: ctx.reference('recurrence-policy', draft.recurrencePolicy) };
}

type ItemLocator = { lineItemId?: string | undefined; lineItemKey?: string | undefined };
type CustomItemLocator = { customLineItemId?: string | undefined; customLineItemKey?: string | undefined };

export function findLineItem(cart: Cart, locator: ItemLocator): LineItem {
  const found =
    locator.lineItemId !== undefined
      ? cart.lineItems.find((item) => item.id === locator.lineItemId)
      : locator.lineItemKey !== undefined
        ? cart.lineItems.find((item) => item.key === locator.lineItemKey)
        : undefined;
  if (!found) throw cartErrors.lineItemNotFound(locator);
  return found;
}

export function findCustomLineItem(cart: Cart, locator: CustomItemLocator): CustomLineItem {
  const found =
    locator.customLineItemId !== undefined
      ? cart.customLineItems.find((item) => item.id === locator.customLineItemId)
      : locator.customLineItemKey !== undefined
        ? cart.customLineItems.find((item) => item.key === locator.customLineItemKey)
        : undefined;
  if (!found)
    throw cartErrors.lineItemNotFound({ lineItemId: locator.customLineItemId, lineItemKey: locator.customLineItemKey }, 'custom line item');
  return found;
}

/** Line item keys are unique among the cart's line items, custom line item keys among its custom line items. */
export function assertUniqueItemKeys(cart: Cart): void {
  for (const [items, what] of [
    [cart.lineItems, 'line item'],
    [cart.customLineItems, 'custom line item'],
  ] as const) {
    const seen = new Set<string>();
    for (const item of items) {
      if (item.key === undefined) continue;
      if (seen.has(item.key)) throw cartErrors.invalidOperation(`The key '${item.key}' is already used by another ${what} of the cart.`);
      seen.add(item.key);
    }
  }
}
