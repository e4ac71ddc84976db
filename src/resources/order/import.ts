/**
 * `POST /orders/import`: an order from an OrderImportDraft, a snapshot taken elsewhere. Nothing is
 * priced: line items keep the price given, `totalPrice` and `taxedPrice` are the draft's. A line
 * item with a tax rate gets its taxed price from it (rounded with the draft's tax rounding mode).
 * References (customer, customer group, channels, store, state, payments, tax categories, shipping
 * method) must exist (400 ReferencedResourceNotFound); a product is looked up by `productId` or
 * the variant's SKU and, when found, gives the line item its product type and key.
 */
import { canonicalDateTime } from '../../util/time.js';
import { uuid } from '../../util/ids.js';
import type * as z from 'zod';
import { errors } from '../../http/errors.js';
import { namedPortion, taxedItemPrice, taxedPriceFrom } from '../../pricing/cart-taxes.js';
import { typedMoney, withCentAmount, type MoneyDraft } from '../../pricing/money.js';
import { customFields, storedAddress } from '../../engine/common-actions.js';
import type { BaseFields, ResourceContext } from '../../engine/define.js';
import { shippingDetails } from '../cart/line-items.js';
import type { CustomLineItem, ItemTaxRate, LineItem, ShippingInfo, TaxedPrice } from '../cart/model.js';
import { initialItemState } from '../cart/line-items.js';
import type { Product } from '../product/model.js';
import { shippingRateFromDraft } from '../shipping-methods.js';
import type { CustomLineItemImportDraft, LineItemImportDraft, Order, OrderImportDraft, ImportedPriceDraft, TaxRateDraft } from './model.js';
import { asCart, assertOrderNumberFree, itemStates, newDelivery, orderErrors } from './parts.js';
import { businessUnitOf } from '../cart/build.js';

const cents = (money: z.infer<typeof MoneyDraft>) => {
  const typed = typedMoney(money);
  return withCentAmount(typed, typed.centAmount);
};

function taxRate(draft: z.infer<typeof TaxRateDraft>): ItemTaxRate {
  const subRates = draft.subRates ?? [];
  const rate: ItemTaxRate = {
    name: draft.name,
    amount: draft.amount ?? subRates.reduce((sum, s) => sum + s.amount, 0),
    includedInPrice: draft.includedInPrice,
    country: draft.country,
    subRates: subRates.map((s) => ({ ...s })),
  };
  if (draft.id !== undefined) rate.id = draft.id;
  if (draft.key !== undefined) rate.key = draft.key;
  if (draft.state !== undefined) rate.state = draft.state;
  return rate;
}

function price(draft: z.infer<typeof ImportedPriceDraft>, ctx: ResourceContext) {
  const stored: Record<string, unknown> = { id: uuid(), value: typedMoney(draft.value) };
  if (draft.key !== undefined) stored.key = draft.key;
  if (draft.country !== undefined) stored.country = draft.country;
  if (draft.customerGroup) stored.customerGroup = ctx.reference('customer-group', draft.customerGroup);
  if (draft.channel) stored.channel = ctx.reference('channel', draft.channel);
  if (draft.validFrom !== undefined) stored.validFrom = draft.validFrom;
  if (draft.validUntil !== undefined) stored.validUntil = draft.validUntil;
  if (draft.discounted !== undefined) stored.discounted = draft.discounted;
  if (draft.tiers) stored.tiers = draft.tiers.map((tier) => ({ minimumQuantity: tier.minimumQuantity, value: typedMoney(tier.value) }));
  const custom = customFields(draft.custom, ctx);
  if (custom) stored.custom = custom;
  return stored;
}

function itemStatesOf(drafts: Parameters<typeof itemStates>[0] | undefined, quantity: number, what: string, ctx: ResourceContext) {
  return drafts && drafts.length > 0 ? itemStates(drafts, quantity, what, ctx) : [{ quantity, state: initialItemState(ctx) }];
}

function lineItem(draft: z.infer<typeof LineItemImportDraft>, order: Order, ctx: ResourceContext): LineItem {
  let product: Product | undefined;
  if (draft.productId !== undefined) {
    product = ctx.get('product', draft.productId);
    if (!product) throw errors.referencedResourceNotFound('product', { id: draft.productId });
  } else if (draft.variant.sku !== undefined) {
    product = ctx.findUnique('product', 'sku', draft.variant.sku);
  }
  const item = { id: uuid() } as LineItem;
  if (draft.key !== undefined) item.key = draft.key;
  if (product) {
    item.productId = product.id;
    if (product.key !== undefined) item.productKey = product.key as string;
    item.productType = product.productType as LineItem['productType'];
  } else if (draft.productId !== undefined) {
    item.productId = draft.productId;
  }
  item.name = draft.name;
  const variant: Record<string, unknown> = { id: draft.variant.id ?? 1 };
  if (draft.variant.sku !== undefined) variant.sku = draft.variant.sku;
  variant.prices = (draft.variant.prices ?? []).map((p) => price(p, ctx));
  variant.images = draft.variant.images ?? [];
  variant.attributes = draft.variant.attributes ?? [];
  variant.assets = [];
  item.variant = variant as unknown as LineItem['variant'];
  item.price = price(draft.price, ctx) as unknown as LineItem['price'];
  item.quantity = draft.quantity;
  const unit = typedMoney(draft.price.value).centAmount;
  item.totalPrice = withCentAmount({ currencyCode: order.totalPrice.currencyCode }, unit * draft.quantity);
  item.discountedPricePerQuantity = [];
  item.taxedPricePortions = [];
  item.state = itemStatesOf(draft.state, draft.quantity, 'line item', ctx);
  if (draft.taxRate) {
    item.taxRate = taxRate(draft.taxRate);
    item.taxedPrice = taxedItemPrice(
      order.totalPrice.currencyCode,
      [{ unit, quantity: draft.quantity }],
      item.taxRate,
      order.taxRoundingMode,
    ) as TaxedPrice;
  }
  item.perMethodTaxRate = [];
  if (draft.supplyChannel) item.supplyChannel = ctx.reference('channel', draft.supplyChannel);
  if (draft.distributionChannel) item.distributionChannel = ctx.reference('channel', draft.distributionChannel);
  item.priceMode = 'Platform';
  item.lineItemMode = 'Standard';
  if (draft.inventoryMode !== undefined) item.inventoryMode = draft.inventoryMode;
  const details = shippingDetails(draft.shippingDetails, asCart(order), draft.quantity);
  if (details) item.shippingDetails = details;
  const custom = customFields(draft.custom, ctx);
  if (custom) item.custom = custom;
  item.addedAt = ctx.now;
  item.lastModifiedAt = ctx.now;
  return item;
}

function customLineItem(draft: z.infer<typeof CustomLineItemImportDraft>, order: Order, ctx: ResourceContext): CustomLineItem {
  const money = typedMoney(draft.money);
  const item = { id: uuid() } as CustomLineItem;
  if (draft.key !== undefined) item.key = draft.key;
  item.name = draft.name;
  item.money = money;
  item.totalPrice = withCentAmount(money, money.centAmount * draft.quantity);
  item.taxedPricePortions = [];
  item.slug = draft.slug;
  item.quantity = draft.quantity;
  item.state = itemStatesOf(draft.state, draft.quantity, 'custom line item', ctx);
  if (draft.taxCategory) item.taxCategory = ctx.reference('tax-category', draft.taxCategory);
  if (draft.taxRate) {
    item.taxRate = taxRate(draft.taxRate);
    item.taxedPrice = taxedItemPrice(
      money.currencyCode,
      [{ unit: money.centAmount, quantity: draft.quantity }],
      item.taxRate,
      order.taxRoundingMode,
    ) as TaxedPrice;
  }
  item.perMethodTaxRate = [];
  item.discountedPricePerQuantity = [];
  const custom = customFields(draft.custom, ctx);
  if (custom) item.custom = custom;
  const details = shippingDetails(draft.shippingDetails, asCart(order), draft.quantity);
  if (details) item.shippingDetails = details;
  item.priceMode = draft.priceMode ?? 'Standard';
  return item;
}

function shippingInfo(draft: NonNullable<OrderImportDraft['shippingInfo']>, order: Order, ctx: ResourceContext): ShippingInfo {
  const info: ShippingInfo = {
    shippingMethodName: draft.shippingMethodName,
    price: cents(draft.price),
    shippingRate: shippingRateFromDraft(draft.shippingRate) as ShippingInfo['shippingRate'],
    deliveries: [],
    shippingMethodState: draft.shippingMethodState ?? 'MatchesCart',
  };
  if (draft.taxRate) {
    info.taxRate = taxRate(draft.taxRate);
    info.taxedPrice = taxedItemPrice(
      info.price.currencyCode,
      [{ unit: info.price.centAmount, quantity: 1 }],
      info.taxRate,
      order.taxRoundingMode,
    ) as TaxedPrice;
  }
  if (draft.taxCategory) info.taxCategory = ctx.reference('tax-category', draft.taxCategory);
  if (draft.shippingMethod) info.shippingMethod = ctx.reference('shipping-method', draft.shippingMethod);
  if (draft.discountedPrice)
    info.discountedPrice = {
      value: cents(draft.discountedPrice.value),
      includedDiscounts: draft.discountedPrice.includedDiscounts as never[],
    };
  // Deliveries name the order's items, which exist by now.
  const holder = { ...order, shippingMode: 'Single', shippingInfo: info } as Order;
  for (const delivery of draft.deliveries ?? []) info.deliveries.push(newDelivery(holder, delivery, ctx));
  return info;
}

/** The stored fields of an imported order. */
export function importedOrder(draft: OrderImportDraft, ctx: ResourceContext): Omit<Order, BaseFields> {
  if ((draft.lineItems ?? []).length === 0 && (draft.customLineItems ?? []).length === 0) {
    throw orderErrors.invalidOperation('An imported order needs at least one line item or custom line item.');
  }
  if (draft.orderNumber !== undefined) assertOrderNumberFree(draft.orderNumber, ctx);
  const order = {} as Order;
  if (draft.orderNumber !== undefined) order.orderNumber = draft.orderNumber;
  if (draft.purchaseOrderNumber !== undefined) order.purchaseOrderNumber = draft.purchaseOrderNumber;
  if (draft.customerId !== undefined) {
    const customer = ctx.get('customer', draft.customerId);
    if (!customer) throw errors.referencedResourceNotFound('customer', { id: draft.customerId });
    order.customerId = draft.customerId;
    if (customer.customerGroup) order.customerGroup = customer.customerGroup as Order['customerGroup'] & object;
  }
  if (draft.customerEmail !== undefined) order.customerEmail = draft.customerEmail;
  if (draft.customerGroup) order.customerGroup = ctx.reference('customer-group', draft.customerGroup);
  if (draft.businessUnit) order.businessUnit = businessUnitOf(draft.businessUnit, ctx);
  if (draft.store) {
    const store = draft.store.key !== undefined ? ctx.getByKey('store', draft.store.key) : ctx.get('store', draft.store.id ?? '');
    if (!store)
      throw errors.referencedResourceNotFound(
        'store',
        draft.store.key !== undefined ? { key: draft.store.key } : { id: draft.store.id ?? '' },
      );
    const countries = ((store.countries as Array<{ code: string }> | undefined) ?? []).map((c) => c.code);
    if (draft.country !== undefined && countries.length > 0 && !countries.includes(draft.country))
      throw orderErrors.countryNotConfiguredInStore(countries, draft.country);
    order.store = { typeId: 'store', key: store.key as string };
  }
  order.totalPrice = cents(draft.totalPrice);
  order.taxMode = 'Platform';
  order.priceRoundingMode = draft.priceRoundingMode ?? 'HalfEven';
  order.taxRoundingMode = draft.taxRoundingMode ?? 'HalfEven';
  order.taxCalculationMode = draft.taxCalculationMode ?? 'LineItemLevel';
  order.inventoryMode = draft.inventoryMode ?? 'None';
  if (draft.billingAddress) order.billingAddress = storedAddress(draft.billingAddress, ctx);
  if (draft.shippingAddress) order.shippingAddress = storedAddress(draft.shippingAddress, ctx);
  order.itemShippingAddresses = [];
  for (const address of draft.itemShippingAddresses ?? []) {
    if (address.key === undefined) throw orderErrors.invalidOperation('An item shipping address needs a key.');
    if (order.itemShippingAddresses.some((a) => a.key === address.key))
      throw errors.duplicateField('itemShippingAddresses.key', address.key);
    order.itemShippingAddresses.push(storedAddress(address, ctx));
  }
  order.lineItems = [];
  order.customLineItems = [];
  for (const line of draft.lineItems ?? []) order.lineItems.push(lineItem(line, order, ctx));
  for (const line of draft.customLineItems ?? []) order.customLineItems.push(customLineItem(line, order, ctx));
  if (draft.taxedPrice) {
    const currency = order.totalPrice.currencyCode;
    const net = typedMoney(draft.taxedPrice.totalNet).centAmount;
    const gross = typedMoney(draft.taxedPrice.totalGross).centAmount;
    order.taxedPrice = taxedPriceFrom(
      currency,
      net,
      gross,
      draft.taxedPrice.taxPortions.map((p) => namedPortion(p.name, p.rate, typedMoney(p.amount).centAmount)),
    ) as TaxedPrice;
  }
  order.shippingMode = 'Single';
  order.shipping = [];
  if (draft.shippingInfo) order.shippingInfo = shippingInfo(draft.shippingInfo, order, ctx);
  order.discountCodes = [];
  order.directDiscounts = [];
  order.refusedGifts = [];
  if (draft.paymentInfo) order.paymentInfo = { payments: draft.paymentInfo.payments.map((p) => ctx.reference('payment', p)) };
  if (draft.country !== undefined) order.country = draft.country;
  order.origin = draft.origin ?? 'Customer';
  order.orderState = draft.orderState ?? 'Open';
  if (draft.paymentState !== undefined) order.paymentState = draft.paymentState;
  if (draft.shipmentState !== undefined) order.shipmentState = draft.shipmentState;
  if (draft.state) order.state = ctx.reference('state', draft.state);
  order.syncInfo = [];
  order.returnInfo = [];
  if (draft.completedAt !== undefined) order.completedAt = canonicalDateTime(draft.completedAt);
  const custom = customFields(draft.custom, ctx);
  if (custom) order.custom = custom;
  return order;
}
