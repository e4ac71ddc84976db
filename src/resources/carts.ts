/**
 * Carts that compute like the platform: line items priced by the catalog's price selection,
 * custom line items, taxes by the shipping address (tax modes Platform, External, ExternalAmount,
 * Disabled), shipping from the shipping method's zone rates, cart discounts and discount codes.
 * Every update action ends with `recalculate` (./cart/recalculate.ts), which derives all of it.
 *
 * Routes beyond the generic shape: `POST /carts/replicate`, `GET /carts/customer-id={id}` (the
 * customer's most recently modified active cart), `POST /carts/customer-id={id}/merge`.
 *
 * For orders: `snapshotCart(cart)` (the fields an order copies), `cartTotals`, `recalculate`.
 */
import { z } from 'zod';
import { v4 as uuid } from 'uuid';
import { errors } from '../http/errors.js';
import { created, ok } from '../context.js';
import { compileCartPredicate } from '../pricing/cart-predicate.js';
import { rateFor, zonesContaining, type ZoneLike } from '../pricing/cart-shipping.js';
import { taxedPriceFrom } from '../pricing/cart-taxes.js';
import { MoneyDraft, typedMoney, withCentAmount } from '../pricing/money.js';
import { jsonClone } from '../util/json.js';
import { cartErrors } from './cart/errors.js';
import {
  assertCurrency,
  assertUniqueItemKeys,
  externalTaxRate,
  findCustomLineItem,
  findLineItem,
  initialItemState,
  newCustomLineItem,
  newLineItem,
  resolveVariant,
  sameOffer,
  shippingDetails,
} from './cart/line-items.js';
import type {
  Cart,
  CustomLineItem,
  DirectDiscount,
  ItemShippingDetails,
  LineItem,
  Shipping,
  ShippingInfo,
  TaxedPrice,
} from './cart/model.js';
import { predicateScope } from './cart/predicate-scope.js';
import { recalculate } from './cart/recalculate.js';
import {
  CartDraft,
  CustomLineItemDraft,
  DirectDiscountDraft,
  ExternalLineItemTotalPrice,
  ExternalTaxAmountDraft,
  ExternalTaxRateDraft,
  InventoryMode,
  ItemShippingDetailsDraft,
  ItemShippingTarget,
  LineItemDraft,
  RoundingMode,
  ShippingRateInputDraft,
  TaxCalculationMode,
  TaxMode,
} from './cart/schemas.js';
import { isCartDiscountEffective, type CartDiscount } from './cart-discounts.js';
import {
  applyCustomField,
  applyCustomType,
  customFieldActions,
  customFields,
  SetCustomField,
  SetCustomType,
  setField,
  storedAddress,
  type Address,
  type CustomFields,
} from './common.js';
import { action, defineResource, type BaseFields, type ResourceContext, type UpdateAction, type Engine } from './define.js';
import { discountCodeByCode, type DiscountCode } from './discount-codes.js';
import { methodServesStore, shippingRateFromDraft, ShippingRateDraft, type ShippingMethod } from './shipping-methods.js';
import { BaseAddress, Country, Key, ResourceIdentifier, validate } from './validation.js';

export type { Cart, LineItem, CustomLineItem, ShippingInfo, TaxedPrice } from './cart/model.js';
export { recalculate, cartTotals } from './cart/recalculate.js';
export { orderableCart, markCartOrdered } from './cart/ordering.js';
export { CartDraft } from './cart/schemas.js';

const money = (currency: string, cents: number) => withCentAmount({ currencyCode: currency }, cents);

// Addresses --------------------------------------------------------------------------------------

function addressOf(cart: Cart, field: 'shippingAddress' | 'billingAddress'): Address & { custom?: CustomFields } {
  const address = cart[field];
  if (!address) throw cartErrors.invalidOperation(`The cart has no ${field === 'shippingAddress' ? 'shipping' : 'billing'} address.`);
  return address as Address & { custom?: CustomFields };
}

function itemShippingAddress(cart: Cart, key: string): Address & { custom?: CustomFields } {
  const address = cart.itemShippingAddresses.find((a) => a.key === key);
  if (!address) throw cartErrors.invalidOperation(`The cart has no item shipping address with the key '${key}'.`);
  return address as Address & { custom?: CustomFields };
}

// Shipping methods -------------------------------------------------------------------------------

function methodFor(identifier: z.infer<typeof ResourceIdentifier>, ctx: ResourceContext): ShippingMethod {
  const reference = ctx.reference('shipping-method', identifier);
  return ctx.get('shipping-method', reference.id) as ShippingMethod;
}

/** The shipping info a shipping method gives the cart at `address`; InvalidOperation when it may not ship there. */
function shippingInfoFor(cart: Cart, method: ShippingMethod, address: Address | undefined, ctx: ResourceContext): ShippingInfo {
  if (!address) throw cartErrors.missingShippingAddress();
  if (!method.active) throw cartErrors.invalidOperation(`The shipping method with ID '${method.id}' is not active.`);
  if (!methodServesStore(method, cart.store?.key)) {
    throw cartErrors.invalidOperation(`The shipping method with ID '${method.id}' is not allowed for the store of the cart.`);
  }
  const zones = [...ctx.scan('zone')] as unknown as ZoneLike[];
  const rate = rateFor(method, zonesContaining(address, zones), cart.totalPrice.currencyCode);
  if (!rate) throw cartErrors.noShippingRate(method.id, cart.id);
  if (method.predicate !== undefined && !compileCartPredicate(method.predicate)(predicateScope(cart, ctx))) {
    throw cartErrors.invalidOperation(`The predicate of the shipping method with ID '${method.id}' does not match the cart.`);
  }
  return {
    shippingMethodName: method.name,
    price: rate.price,
    shippingRate: rate as ShippingInfo['shippingRate'],
    taxCategory: method.taxCategory,
    shippingMethod: { typeId: 'shipping-method', id: method.id },
    deliveries: [],
    shippingMethodState: 'MatchesCart',
  };
}

function customShippingInfo(
  cart: Cart,
  draft: {
    shippingMethodName: string;
    shippingRate: z.infer<typeof ShippingRateDraft>;
    taxCategory?: z.infer<typeof ResourceIdentifier> | undefined;
  },
  ctx: ResourceContext,
): ShippingInfo {
  assertCurrency(draft.shippingRate.price, cart, 'shippingRate.price');
  const rate = shippingRateFromDraft(draft.shippingRate);
  const info: ShippingInfo = {
    shippingMethodName: draft.shippingMethodName,
    price: rate.price,
    shippingRate: rate,
    deliveries: [],
    shippingMethodState: 'MatchesCart',
  };
  if (draft.taxCategory) info.taxCategory = ctx.reference('tax-category', draft.taxCategory);
  return info;
}

function withExternalRate(info: ShippingInfo, cart: Cart, draft: ExternalTaxRateDraft | undefined): ShippingInfo {
  if (draft) {
    if (cart.taxMode !== 'External')
      throw cartErrors.invalidOperation('An external tax rate can only be set on a cart with the tax mode External.');
    info.taxRate = externalTaxRate(draft);
  }
  return info;
}

function assertSingle(cart: Cart): void {
  if (cart.shippingMode !== 'Single') throw cartErrors.invalidOperation('This action needs a cart with the shipping mode Single.');
}

function assertMultiple(cart: Cart): void {
  if (cart.shippingMode !== 'Multiple') throw cartErrors.invalidOperation('This action needs a cart with the shipping mode Multiple.');
}

function findShipping(cart: Cart, key: string): Shipping {
  const found = cart.shipping.find((s) => s.shippingKey === key);
  if (!found) throw cartErrors.invalidOperation(`The cart has no shipping with the key '${key}'.`);
  return found;
}

/** The shipping info an action addresses: the cart's (Single mode) or the shipping with `shippingKey`. */
function shippingInfoOf(cart: Cart, shippingKey: string | undefined): ShippingInfo {
  if (shippingKey !== undefined) return findShipping(cart, shippingKey).shippingInfo;
  if (cart.shippingMode === 'Multiple')
    throw cartErrors.invalidOperation('A shippingKey is required for a cart with the shipping mode Multiple.');
  if (!cart.shippingInfo) throw cartErrors.invalidOperation('The cart has no shipping method.');
  return cart.shippingInfo;
}

function addShipping(cart: Cart, entry: Shipping): void {
  if (cart.shipping.some((s) => s.shippingKey === entry.shippingKey)) {
    throw errors.duplicateField(
      'shippingKey',
      entry.shippingKey,
      `A shipping with the key '${entry.shippingKey}' already exists in the cart.`,
    );
  }
  cart.shipping.push(entry);
}

// Discount codes ---------------------------------------------------------------------------------

function isValidAt(item: { validFrom?: string; validUntil?: string }, now: number): boolean {
  if (item.validFrom !== undefined && Date.parse(item.validFrom) > now) return false;
  if (item.validUntil !== undefined && Date.parse(item.validUntil) <= now) return false;
  return true;
}

/** The code a cart may take (DiscountCodeNonApplicable when it does not exist or cannot apply). */
function applicableCode(cart: Cart, code: string, ctx: ResourceContext): DiscountCode {
  const found = discountCodeByCode(ctx, code);
  if (!found) throw cartErrors.discountCodeNotFound(code);
  const now = Date.parse(ctx.now);
  if (!isValidAt(found, now)) {
    throw cartErrors.discountCodeNonApplicable(found, {
      reason: 'TimeRangeNonApplicable',
      ...(found.validFrom !== undefined ? { validFrom: found.validFrom } : {}),
      ...(found.validUntil !== undefined ? { validUntil: found.validUntil } : {}),
      validityCheckTime: ctx.now,
    });
  }
  const discounts = found.cartDiscounts
    .map((ref) => ctx.get('cart-discount', ref.id) as CartDiscount | undefined)
    .filter((d): d is CartDiscount => d !== undefined);
  const usable = discounts.filter(
    (d) =>
      isCartDiscountEffective(d, now) &&
      (d.stores.length === 0 || (cart.store !== undefined && d.stores.some((s) => s.key === cart.store!.key))),
  );
  if (!found.isActive || usable.length === 0) throw cartErrors.discountCodeNonApplicable(found);
  return found;
}

function addCode(cart: Cart, code: DiscountCode): void {
  if (cart.directDiscounts.length > 0) throw cartErrors.invalidOperation('A cart with direct discounts cannot have discount codes.');
  if (cart.discountCodes.some((info) => info.discountCode.id === code.id)) return;
  if (cart.discountCodes.length >= 10) throw cartErrors.invalidOperation('A cart can have at most 10 discount codes.');
  cart.discountCodes.push({ discountCode: { typeId: 'discount-code', id: code.id }, state: 'MatchesCart' });
}

function directDiscount(draft: z.infer<typeof DirectDiscountDraft>, ctx: ResourceContext): DirectDiscount {
  const value = draft.value;
  let stored: unknown = value;
  if (value.type === 'absolute' || value.type === 'fixed') stored = { ...value, money: value.money.map((m) => typedMoney(m)) };
  if (value.type === 'giftLineItem') {
    stored = { type: 'giftLineItem', product: ctx.reference('product', value.product), variantId: value.variantId };
  }
  return { id: uuid(), value: stored, ...(draft.target ? { target: draft.target } : {}) };
}

// Line items -------------------------------------------------------------------------------------

function addLineItem(cart: Cart, draft: z.infer<typeof LineItemDraft>, ctx: ResourceContext): void {
  const item = newLineItem(draft, cart, ctx);
  const existing = cart.lineItems.find((line) => sameOffer(line, item));
  if (existing) {
    existing.quantity += item.quantity;
    existing.lastModifiedAt = ctx.now;
  } else {
    cart.lineItems.push(item);
  }
  assertUniqueItemKeys(cart);
}

function setExternalPrices(
  item: LineItem,
  cart: Cart,
  a: {
    externalPrice?: z.infer<typeof MoneyDraft> | undefined;
    externalTotalPrice?: z.infer<typeof ExternalLineItemTotalPrice> | undefined;
  },
): void {
  if (a.externalTotalPrice) {
    assertCurrency(a.externalTotalPrice.price, cart, 'externalTotalPrice.price');
    assertCurrency(a.externalTotalPrice.totalPrice, cart, 'externalTotalPrice.totalPrice');
    item.priceMode = 'ExternalTotal';
    item.price = { id: item.price?.id ?? uuid(), value: typedMoney(a.externalTotalPrice.price) };
    const total = typedMoney(a.externalTotalPrice.totalPrice);
    item.totalPrice = money(cart.totalPrice.currencyCode, total.centAmount);
  } else if (a.externalPrice) {
    assertCurrency(a.externalPrice, cart, 'externalPrice');
    item.priceMode = 'ExternalPrice';
    item.price = { id: item.price?.id ?? uuid(), value: typedMoney(a.externalPrice) };
  }
}

/** A quantity change: ExternalPrice lines need the price again; ExternalTotal lines fall back to Platform without one. */
function changeQuantity(
  item: LineItem,
  cart: Cart,
  quantity: number,
  a: {
    externalPrice?: z.infer<typeof MoneyDraft> | undefined;
    externalTotalPrice?: z.infer<typeof ExternalLineItemTotalPrice> | undefined;
  },
  ctx: ResourceContext,
): void {
  if (item.priceMode === 'ExternalPrice' && !a.externalPrice && !a.externalTotalPrice) {
    throw cartErrors.invalidOperation(
      `The line item '${item.id}' has the price mode ExternalPrice: changing its quantity needs the externalPrice.`,
    );
  }
  if (item.priceMode === 'ExternalTotal' && !a.externalTotalPrice) item.priceMode = 'Platform';
  setExternalPrices(item, cart, a);
  item.quantity = quantity;
  item.lastModifiedAt = ctx.now;
}

function withShippingDetails(
  item: { shippingDetails?: ItemShippingDetails; quantity: number },
  cart: Cart,
  draft: z.infer<typeof ItemShippingDetailsDraft> | undefined | null,
): void {
  const details = shippingDetails(draft, cart, item.quantity);
  if (details) item.shippingDetails = details;
  else delete item.shippingDetails;
}

function applyTargetsDelta(
  item: { shippingDetails?: ItemShippingDetails; quantity: number },
  cart: Cart,
  delta: Array<z.infer<typeof ItemShippingTarget>>,
): void {
  const targets = (item.shippingDetails?.targets ?? []).map((t) => ({ ...t }));
  for (const change of delta) {
    itemShippingAddress(cart, change.addressKey);
    const existing = targets.find((t) => t.addressKey === change.addressKey && t.shippingMethodKey === change.shippingMethodKey);
    if (existing) existing.quantity += change.quantity;
    else targets.push({ ...change });
  }
  const kept = targets.filter((t) => t.quantity > 0);
  if (targets.some((t) => t.quantity < 0)) throw cartErrors.invalidOperation('A shipping target quantity cannot become negative.');
  item.shippingDetails = { targets: kept, valid: kept.reduce((sum, t) => sum + t.quantity, 0) === item.quantity };
}

function externalTaxAmount(
  cart: Cart,
  total: number,
  draft: z.infer<typeof ExternalTaxAmountDraft>,
): { taxRate: ReturnType<typeof externalTaxRate>; taxedPrice: TaxedPrice } {
  if (cart.taxMode !== 'ExternalAmount')
    throw cartErrors.invalidOperation('A tax amount can only be set on a cart with the tax mode ExternalAmount.');
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

function assertExternalTaxMode(cart: Cart): void {
  if (cart.taxMode !== 'External')
    throw cartErrors.invalidOperation('An external tax rate can only be set on a cart with the tax mode External.');
}

type TaxedItem = { taxRate?: ReturnType<typeof externalTaxRate>; taxedPrice?: TaxedPrice; totalPrice: { centAmount: number } };

/** Sets (or with none, removes) an item's external tax rate; tax mode External only. */
function setItemTaxRate(cart: Cart, item: TaxedItem, draft: z.infer<typeof ExternalTaxRateDraft> | null | undefined): void {
  assertExternalTaxMode(cart);
  if (draft) item.taxRate = externalTaxRate(draft);
  else delete item.taxRate;
}

/** Sets (or with none, removes) an item's external tax amount; tax mode ExternalAmount only. */
function setItemTaxAmount(cart: Cart, item: TaxedItem, draft: z.infer<typeof ExternalTaxAmountDraft> | null | undefined): void {
  if (!draft) {
    if (cart.taxMode !== 'ExternalAmount')
      throw cartErrors.invalidOperation('A tax amount can only be set on a cart with the tax mode ExternalAmount.');
    delete item.taxRate;
    delete item.taxedPrice;
    return;
  }
  Object.assign(item, externalTaxAmount(cart, item.totalPrice.centAmount, draft));
}

// Creating ---------------------------------------------------------------------------------------

interface ProjectCartSettings {
  carts?: {
    priceRoundingMode?: 'HalfEven' | 'HalfUp' | 'HalfDown';
    taxRoundingMode?: 'HalfEven' | 'HalfUp' | 'HalfDown';
    deleteDaysAfterLastModification?: number;
  };
}

function customerGroupOf(customerId: string, ctx: ResourceContext): { typeId: string; id: string } | undefined {
  const customer = ctx.get('customer', customerId);
  if (!customer) throw errors.referencedResourceNotFound('customer', { id: customerId });
  return customer.customerGroup as { typeId: string; id: string } | undefined;
}

function buildCart(draft: CartDraft, ctx: ResourceContext): Omit<Cart, BaseFields> {
  const settings = ((ctx.get('project', 'settings') as ProjectCartSettings | undefined) ?? {}).carts ?? {};
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
  if (draft.businessUnit) {
    const unit =
      draft.businessUnit.key !== undefined
        ? ctx.getByKey('business-unit', draft.businessUnit.key)
        : ctx.get('business-unit', draft.businessUnit.id ?? '');
    if (!unit)
      throw errors.referencedResourceNotFound(
        'business-unit',
        draft.businessUnit.key !== undefined ? { key: draft.businessUnit.key } : { id: draft.businessUnit.id ?? '' },
      );
    cart.businessUnit = { typeId: 'business-unit', key: unit.key as string };
  }
  if (draft.store) cart.store = ctx.keyReference('store', draft.store) as { typeId: 'store'; key: string };
  cart.lineItems = [];
  cart.customLineItems = [];
  cart.totalPrice = money(draft.currency, 0);
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
  if (draft.shippingRateInput) cart.shippingRateInput = draft.shippingRateInput;

  for (const line of draft.lineItems ?? []) addLineItem(cart, line, ctx);
  for (const line of draft.customLineItems ?? []) cart.customLineItems.push(newCustomLineItem(line, cart, ctx));
  assertUniqueItemKeys(cart);
  recalculate(cart, ctx);

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
    if (shipping.shippingRateInput) entry.shippingRateInput = shipping.shippingRateInput;
    const fields = customFields(shipping.custom, ctx);
    if (fields) entry.shippingCustomFields = fields;
    addShipping(cart, entry);
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
    if (shipping.shippingRateInput) entry.shippingRateInput = shipping.shippingRateInput;
    const fields = customFields(shipping.custom, ctx);
    if (fields) entry.shippingCustomFields = fields;
    addShipping(cart, entry);
  }
  for (const code of draft.discountCodes ?? []) addCode(cart, applicableCode(cart, code, ctx));
  recalculate(cart, ctx);
  // Creating a cart refuses codes that do not apply to it (any state but MatchesCart).
  for (const info of cart.discountCodes) {
    if (info.state !== 'MatchesCart' && info.state !== 'ApplicationStoppedByGroupBestDeal') {
      const code = ctx.get('discount-code', info.discountCode.id) as DiscountCode;
      throw cartErrors.discountCodeNonApplicable(code, { reason: info.state });
    }
  }
  return cart;
}

function addItemAddress(cart: Cart, address: Address): void {
  if (address.key === undefined) throw cartErrors.invalidOperation('An item shipping address needs a key.');
  if (cart.itemShippingAddresses.some((a) => a.key === address.key)) {
    throw errors.duplicateField(
      'itemShippingAddresses.key',
      address.key,
      `An item shipping address with the key '${address.key}' already exists in the cart.`,
    );
  }
  cart.itemShippingAddresses.push(address);
}

// Actions ----------------------------------------------------------------------------------------

const LineItemLocator = z.object({ lineItemId: z.string().optional(), lineItemKey: z.string().optional() });
const CustomLineItemLocator = z.object({ customLineItemId: z.string().optional(), customLineItemKey: z.string().optional() });
const Optional = <S extends z.ZodType>(schema: S) => schema.optional().nullable();

/** The payloads of set(Custom)LineItemTaxRate and set(Custom)LineItemTaxAmount, beside the item locator. */
const ExternalTaxRateChange = z.object({ externalTaxRate: Optional(ExternalTaxRateDraft), shippingKey: z.string().optional() });
const ExternalTaxAmountChange = z.object({ externalTaxAmount: Optional(ExternalTaxAmountDraft), shippingKey: z.string().optional() });

/** Actions that change what (custom) line items cost: refused on a frozen cart. */
const PRICE_CHANGING = new Set([
  'addLineItem',
  'changeLineItemQuantity',
  'removeLineItem',
  'setLineItemDistributionChannel',
  'setLineItemSupplyChannel',
  'addCustomLineItem',
  'changeCustomLineItemQuantity',
  'removeCustomLineItem',
  'changeTaxMode',
  'setLineItemPrice',
  'setLineItemTotalPrice',
]);
/** Refused on a cart frozen with HardFreeze in addition. */
const HARD_FROZEN = new Set(['setShippingMethod', 'setCustomShippingMethod']);
/** Allowed whatever the cart's state (they change nothing that is computed). */
const ALWAYS = new Set(['setCustomField', 'setCustomType', 'setKey', 'setDeleteDaysAfterLastModification', 'unlockCart', 'lockCart']);

const baseActions: Record<string, UpdateAction<Cart>> = {
  // Line items.
  addLineItem: action(LineItemDraft, (cart: Cart, a, ctx) => addLineItem(cart, a, ctx)),
  removeLineItem: action(
    LineItemLocator.extend({
      quantity: z.number().int().min(1).optional(),
      externalPrice: MoneyDraft.optional(),
      externalTotalPrice: ExternalLineItemTotalPrice.optional(),
      shippingDetailsToRemove: ItemShippingDetailsDraft.optional(),
    }),
    (cart: Cart, a, ctx) => {
      const item = findLineItem(cart, a);
      if (a.quantity === undefined || a.quantity >= item.quantity) {
        cart.lineItems = cart.lineItems.filter((line) => line !== item);
        return;
      }
      changeQuantity(item, cart, item.quantity - a.quantity, a, ctx);
      if (a.shippingDetailsToRemove && item.shippingDetails) {
        applyTargetsDelta(
          item,
          cart,
          a.shippingDetailsToRemove.targets.map((t) => ({ ...t, quantity: -t.quantity })),
        );
      }
    },
  ),
  changeLineItemQuantity: action(
    LineItemLocator.extend({
      quantity: z.number().int().min(0),
      externalPrice: MoneyDraft.optional(),
      externalTotalPrice: ExternalLineItemTotalPrice.optional(),
    }),
    (cart: Cart, a, ctx) => {
      const item = findLineItem(cart, a);
      if (a.quantity === 0) {
        cart.lineItems = cart.lineItems.filter((line) => line !== item);
        return;
      }
      changeQuantity(item, cart, a.quantity, a, ctx);
    },
  ),
  changeLineItemsOrder: action(z.object({ lineItemOrder: z.array(z.string()) }), (cart: Cart, a) => {
    const ids = new Set(a.lineItemOrder);
    if (ids.size !== a.lineItemOrder.length || ids.size !== cart.lineItems.length || cart.lineItems.some((item) => !ids.has(item.id))) {
      throw cartErrors.invalidOperation('The lineItemOrder must name every line item of the cart exactly once.');
    }
    cart.lineItems = a.lineItemOrder.map((id) => cart.lineItems.find((item) => item.id === id)!);
  }),
  setLineItemPrice: action(LineItemLocator.extend({ externalPrice: Optional(MoneyDraft) }), (cart: Cart, a, ctx) => {
    const item = findLineItem(cart, a);
    if (a.externalPrice) setExternalPrices(item, cart, { externalPrice: a.externalPrice });
    else item.priceMode = 'Platform';
    item.lastModifiedAt = ctx.now;
  }),
  setLineItemTotalPrice: action(
    LineItemLocator.extend({ externalTotalPrice: Optional(ExternalLineItemTotalPrice) }),
    (cart: Cart, a, ctx) => {
      const item = findLineItem(cart, a);
      if (a.externalTotalPrice) setExternalPrices(item, cart, { externalTotalPrice: a.externalTotalPrice });
      else item.priceMode = 'Platform';
      item.lastModifiedAt = ctx.now;
    },
  ),
  setLineItemTaxRate: action(LineItemLocator.extend(ExternalTaxRateChange.shape), (cart: Cart, a) =>
    setItemTaxRate(cart, findLineItem(cart, a), a.externalTaxRate),
  ),
  setLineItemTaxAmount: action(LineItemLocator.extend(ExternalTaxAmountChange.shape), (cart: Cart, a) =>
    setItemTaxAmount(cart, findLineItem(cart, a), a.externalTaxAmount),
  ),
  setLineItemCustomType: action(LineItemLocator.extend(SetCustomType.shape), (cart: Cart, a, ctx) =>
    applyCustomType(findLineItem(cart, a), a, ctx),
  ),
  setLineItemCustomField: action(LineItemLocator.extend(SetCustomField.shape), (cart: Cart, a) =>
    applyCustomField(findLineItem(cart, a), a),
  ),
  setLineItemDistributionChannel: action(
    LineItemLocator.extend({ distributionChannel: Optional(ResourceIdentifier) }),
    (cart: Cart, a, ctx) => {
      const item = findLineItem(cart, a);
      setField(item, 'distributionChannel', a.distributionChannel ? ctx.reference('channel', a.distributionChannel) : undefined);
    },
  ),
  setLineItemSupplyChannel: action(LineItemLocator.extend({ supplyChannel: Optional(ResourceIdentifier) }), (cart: Cart, a, ctx) => {
    const item = findLineItem(cart, a);
    setField(item, 'supplyChannel', a.supplyChannel ? ctx.reference('channel', a.supplyChannel) : undefined);
  }),
  setLineItemInventoryMode: action(LineItemLocator.extend({ inventoryMode: Optional(InventoryMode) }), (cart: Cart, a) => {
    const item = findLineItem(cart, a);
    setField(item, 'inventoryMode', a.inventoryMode && a.inventoryMode !== cart.inventoryMode ? a.inventoryMode : undefined);
  }),
  setLineItemShippingDetails: action(LineItemLocator.extend({ shippingDetails: Optional(ItemShippingDetailsDraft) }), (cart: Cart, a) =>
    withShippingDetails(findLineItem(cart, a), cart, a.shippingDetails),
  ),
  applyDeltaToLineItemShippingDetailsTargets: action(
    LineItemLocator.extend({ targetsDelta: z.array(ItemShippingTarget) }),
    (cart: Cart, a) => applyTargetsDelta(findLineItem(cart, a), cart, a.targetsDelta),
  ),
  setLineItemRecurrenceInfo: action(LineItemLocator.extend({ recurrenceInfo: z.unknown().optional() }), (cart: Cart, a) => {
    setField(findLineItem(cart, a), 'recurrenceInfo', a.recurrenceInfo);
  }),

  // Custom line items.
  addCustomLineItem: action(CustomLineItemDraft, (cart: Cart, a, ctx) => {
    cart.customLineItems.push(newCustomLineItem(a, cart, ctx));
    assertUniqueItemKeys(cart);
  }),
  removeCustomLineItem: action(CustomLineItemLocator, (cart: Cart, a) => {
    const item = findCustomLineItem(cart, a);
    cart.customLineItems = cart.customLineItems.filter((line) => line !== item);
  }),
  changeCustomLineItemQuantity: action(CustomLineItemLocator.extend({ quantity: z.number().int().min(0) }), (cart: Cart, a) => {
    const item = findCustomLineItem(cart, a);
    if (a.quantity === 0) cart.customLineItems = cart.customLineItems.filter((line) => line !== item);
    else item.quantity = a.quantity;
  }),
  changeCustomLineItemMoney: action(CustomLineItemLocator.extend({ money: MoneyDraft }), (cart: Cart, a) => {
    const item = findCustomLineItem(cart, a);
    assertCurrency(a.money, cart, 'money');
    item.money = typedMoney(a.money);
  }),
  changeCustomLineItemPriceMode: action(CustomLineItemLocator.extend({ mode: z.enum(['Standard', 'External']) }), (cart: Cart, a) => {
    findCustomLineItem(cart, a).priceMode = a.mode;
  }),
  setCustomLineItemCustomType: action(CustomLineItemLocator.extend(SetCustomType.shape), (cart: Cart, a, ctx) =>
    applyCustomType(findCustomLineItem(cart, a), a, ctx),
  ),
  setCustomLineItemCustomField: action(CustomLineItemLocator.extend(SetCustomField.shape), (cart: Cart, a) =>
    applyCustomField(findCustomLineItem(cart, a), a),
  ),
  setCustomLineItemTaxRate: action(CustomLineItemLocator.extend(ExternalTaxRateChange.shape), (cart: Cart, a) =>
    setItemTaxRate(cart, findCustomLineItem(cart, a), a.externalTaxRate),
  ),
  setCustomLineItemTaxAmount: action(CustomLineItemLocator.extend(ExternalTaxAmountChange.shape), (cart: Cart, a) =>
    setItemTaxAmount(cart, findCustomLineItem(cart, a), a.externalTaxAmount),
  ),
  setCustomLineItemShippingDetails: action(
    CustomLineItemLocator.extend({ shippingDetails: Optional(ItemShippingDetailsDraft) }),
    (cart: Cart, a) => withShippingDetails(findCustomLineItem(cart, a), cart, a.shippingDetails),
  ),
  applyDeltaToCustomLineItemShippingDetailsTargets: action(
    CustomLineItemLocator.extend({ targetsDelta: z.array(ItemShippingTarget) }),
    (cart: Cart, a) => applyTargetsDelta(findCustomLineItem(cart, a), cart, a.targetsDelta),
  ),
  setCustomLineItemRecurrenceInfo: action(CustomLineItemLocator.extend({ recurrenceInfo: z.unknown().optional() }), (cart: Cart, a) => {
    setField(findCustomLineItem(cart, a), 'recurrenceInfo', a.recurrenceInfo);
  }),

  // Addresses.
  setShippingAddress: action(z.object({ address: Optional(BaseAddress) }), (cart: Cart, a, ctx) => {
    setField(cart, 'shippingAddress', a.address ? storedAddress(a.address, ctx) : undefined);
  }),
  setBillingAddress: action(z.object({ address: Optional(BaseAddress) }), (cart: Cart, a, ctx) => {
    setField(cart, 'billingAddress', a.address ? storedAddress(a.address, ctx) : undefined);
  }),
  setShippingAddressCustomType: action(SetCustomType, (cart: Cart, a, ctx) => applyCustomType(addressOf(cart, 'shippingAddress'), a, ctx)),
  setShippingAddressCustomField: action(SetCustomField, (cart: Cart, a) => applyCustomField(addressOf(cart, 'shippingAddress'), a)),
  setBillingAddressCustomType: action(SetCustomType, (cart: Cart, a, ctx) => applyCustomType(addressOf(cart, 'billingAddress'), a, ctx)),
  setBillingAddressCustomField: action(SetCustomField, (cart: Cart, a) => applyCustomField(addressOf(cart, 'billingAddress'), a)),
  addItemShippingAddress: action(z.object({ address: BaseAddress }), (cart: Cart, a, ctx) =>
    addItemAddress(cart, storedAddress(a.address, ctx)),
  ),
  removeItemShippingAddress: action(z.object({ addressKey: z.string() }), (cart: Cart, a) => {
    itemShippingAddress(cart, a.addressKey);
    const used = [...cart.lineItems, ...cart.customLineItems].some((item) =>
      item.shippingDetails?.targets.some((t) => t.addressKey === a.addressKey),
    );
    if (used)
      throw cartErrors.invalidOperation(
        `The item shipping address '${a.addressKey}' is used by the shipping details of a (custom) line item.`,
      );
    cart.itemShippingAddresses = cart.itemShippingAddresses.filter((address) => address.key !== a.addressKey);
  }),
  updateItemShippingAddress: action(z.object({ address: BaseAddress }), (cart: Cart, a, ctx) => {
    if (a.address.key === undefined) throw cartErrors.invalidOperation('An item shipping address needs a key.');
    const index = cart.itemShippingAddresses.indexOf(itemShippingAddress(cart, a.address.key));
    cart.itemShippingAddresses[index] = storedAddress(a.address, ctx);
  }),
  setItemShippingAddressCustomType: action(SetCustomType.extend({ addressKey: z.string() }), (cart: Cart, a, ctx) =>
    applyCustomType(itemShippingAddress(cart, a.addressKey), a, ctx),
  ),
  setItemShippingAddressCustomField: action(SetCustomField.extend({ addressKey: z.string() }), (cart: Cart, a) =>
    applyCustomField(itemShippingAddress(cart, a.addressKey), a),
  ),

  // Shipping.
  setShippingMethod: action(
    z.object({
      shippingMethod: Optional(ResourceIdentifier),
      externalTaxRate: Optional(ExternalTaxRateDraft),
      estimatedDelivery: z.unknown().optional(),
    }),
    (cart: Cart, a, ctx) => {
      assertSingle(cart);
      if (!a.shippingMethod) {
        delete cart.shippingInfo;
        return;
      }
      const info = withExternalRate(
        shippingInfoFor(cart, methodFor(a.shippingMethod, ctx), cart.shippingAddress, ctx),
        cart,
        a.externalTaxRate ?? undefined,
      );
      if (a.estimatedDelivery !== undefined && a.estimatedDelivery !== null) info.estimatedDelivery = a.estimatedDelivery;
      cart.shippingInfo = info;
    },
  ),
  setCustomShippingMethod: action(
    z.object({
      shippingMethodName: z.string(),
      shippingRate: ShippingRateDraft,
      taxCategory: ResourceIdentifier.optional(),
      externalTaxRate: ExternalTaxRateDraft.optional(),
      custom: z.object({ type: ResourceIdentifier, fields: z.record(z.string(), z.unknown()).optional() }).optional(),
      estimatedDelivery: z.unknown().optional(),
    }),
    (cart: Cart, a, ctx) => {
      assertSingle(cart);
      const info = withExternalRate(customShippingInfo(cart, a, ctx), cart, a.externalTaxRate);
      if (a.estimatedDelivery !== undefined && a.estimatedDelivery !== null) info.estimatedDelivery = a.estimatedDelivery;
      cart.shippingInfo = info;
      setField(cart, 'shippingCustomFields', customFields(a.custom, ctx));
    },
  ),
  setShippingMethodTaxRate: action(
    z.object({ shippingKey: z.string().optional(), externalTaxRate: Optional(ExternalTaxRateDraft) }),
    (cart: Cart, a) => {
      assertExternalTaxMode(cart);
      const info = shippingInfoOf(cart, a.shippingKey);
      if (a.externalTaxRate) info.taxRate = externalTaxRate(a.externalTaxRate);
      else delete info.taxRate;
    },
  ),
  setShippingMethodTaxAmount: action(
    z.object({ shippingKey: z.string().optional(), externalTaxAmount: Optional(ExternalTaxAmountDraft) }),
    (cart: Cart, a) => {
      const info = shippingInfoOf(cart, a.shippingKey);
      if (!a.externalTaxAmount) {
        if (cart.taxMode !== 'ExternalAmount')
          throw cartErrors.invalidOperation('A tax amount can only be set on a cart with the tax mode ExternalAmount.');
        delete info.taxRate;
        delete info.taxedPrice;
        return;
      }
      Object.assign(info, externalTaxAmount(cart, (info.discountedPrice?.value ?? info.price).centAmount, a.externalTaxAmount));
    },
  ),
  setShippingRateInput: action(z.object({ shippingRateInput: Optional(ShippingRateInputDraft) }), (cart: Cart, a) => {
    setField(cart, 'shippingRateInput', a.shippingRateInput);
  }),
  setShippingCustomType: action(SetCustomType.extend({ shippingKey: z.string().optional() }), (cart: Cart, a, ctx) => {
    const target = a.shippingKey !== undefined ? findShipping(cart, a.shippingKey) : cart;
    const holder = { custom: target.shippingCustomFields } as { custom?: CustomFields };
    applyCustomType(holder, a, ctx);
    setField(target, 'shippingCustomFields', holder.custom);
  }),
  setShippingCustomField: action(SetCustomField.extend({ shippingKey: z.string().optional() }), (cart: Cart, a) => {
    const target = a.shippingKey !== undefined ? findShipping(cart, a.shippingKey) : cart;
    const holder = { custom: target.shippingCustomFields } as { custom?: CustomFields };
    applyCustomField(holder, a);
  }),
  addShippingMethod: action(
    z.object({
      shippingKey: z.string(),
      shippingMethod: ResourceIdentifier,
      shippingAddress: BaseAddress,
      shippingRateInput: ShippingRateInputDraft.optional(),
      externalTaxRate: ExternalTaxRateDraft.optional(),
      deliveries: z.array(z.unknown()).optional(),
      custom: z.object({ type: ResourceIdentifier, fields: z.record(z.string(), z.unknown()).optional() }).optional(),
      estimatedDelivery: z.unknown().optional(),
    }),
    (cart: Cart, a, ctx) => {
      assertMultiple(cart);
      const address = storedAddress(a.shippingAddress, ctx);
      const info = withExternalRate(shippingInfoFor(cart, methodFor(a.shippingMethod, ctx), address, ctx), cart, a.externalTaxRate);
      if (a.estimatedDelivery !== undefined) info.estimatedDelivery = a.estimatedDelivery;
      const entry: Shipping = { shippingKey: a.shippingKey, shippingInfo: info, shippingAddress: address };
      if (a.shippingRateInput) entry.shippingRateInput = a.shippingRateInput;
      const fields = customFields(a.custom, ctx);
      if (fields) entry.shippingCustomFields = fields;
      addShipping(cart, entry);
    },
  ),
  addCustomShippingMethod: action(
    z.object({
      shippingKey: z.string(),
      shippingMethodName: z.string(),
      shippingAddress: BaseAddress,
      shippingRate: ShippingRateDraft,
      shippingRateInput: ShippingRateInputDraft.optional(),
      taxCategory: ResourceIdentifier.optional(),
      externalTaxRate: ExternalTaxRateDraft.optional(),
      deliveries: z.array(z.unknown()).optional(),
      custom: z.object({ type: ResourceIdentifier, fields: z.record(z.string(), z.unknown()).optional() }).optional(),
    }),
    (cart: Cart, a, ctx) => {
      assertMultiple(cart);
      const entry: Shipping = {
        shippingKey: a.shippingKey,
        shippingInfo: withExternalRate(customShippingInfo(cart, a, ctx), cart, a.externalTaxRate),
        shippingAddress: storedAddress(a.shippingAddress, ctx),
      };
      if (a.shippingRateInput) entry.shippingRateInput = a.shippingRateInput;
      const fields = customFields(a.custom, ctx);
      if (fields) entry.shippingCustomFields = fields;
      addShipping(cart, entry);
    },
  ),
  removeShippingMethod: action(z.object({ shippingKey: z.string() }), (cart: Cart, a) => {
    assertMultiple(cart);
    const entry = findShipping(cart, a.shippingKey);
    cart.shipping = cart.shipping.filter((s) => s !== entry);
  }),
  setEstimatedDelivery: action(
    z.object({ shippingKey: z.string().optional(), estimatedDelivery: z.unknown().optional() }),
    (cart: Cart, a) => {
      const info = shippingInfoOf(cart, a.shippingKey);
      setField(info, 'estimatedDelivery', a.estimatedDelivery);
    },
  ),

  // Discounts.
  addDiscountCode: action(z.object({ code: z.string().min(1) }), (cart: Cart, a, ctx) => addCode(cart, applicableCode(cart, a.code, ctx))),
  removeDiscountCode: action(z.object({ discountCode: z.object({ typeId: z.string().optional(), id: z.string() }) }), (cart: Cart, a) => {
    if (!cart.discountCodes.some((info) => info.discountCode.id === a.discountCode.id)) {
      throw cartErrors.invalidOperation(`The cart does not contain the discount code '${a.discountCode.id}'.`);
    }
    cart.discountCodes = cart.discountCodes.filter((info) => info.discountCode.id !== a.discountCode.id);
  }),
  setDirectDiscounts: action(z.object({ discounts: z.array(DirectDiscountDraft) }), (cart: Cart, a, ctx) => {
    if (a.discounts.length > 0 && cart.discountCodes.length > 0)
      throw cartErrors.invalidOperation('A cart with discount codes cannot have direct discounts.');
    cart.directDiscounts = a.discounts.map((draft) => directDiscount(draft, ctx));
  }),

  // Cart fields.
  recalculate: action(z.object({ updateProductData: z.boolean().optional() }), () => undefined),
  setKey: action(z.object({ key: Optional(Key) }), (cart: Cart, a) => setField(cart, 'key', a.key)),
  setCountry: action(z.object({ country: Optional(Country) }), (cart: Cart, a) => setField(cart, 'country', a.country)),
  setLocale: action(z.object({ locale: Optional(z.string()) }), (cart: Cart, a) => setField(cart, 'locale', a.locale)),
  setCustomerId: action(z.object({ customerId: Optional(z.string()) }), (cart: Cart, a, ctx) => {
    if (!a.customerId) {
      delete cart.customerId;
      return;
    }
    const group = customerGroupOf(a.customerId, ctx);
    cart.customerId = a.customerId;
    setField(cart, 'customerGroup', group);
  }),
  setCustomerEmail: action(z.object({ email: Optional(z.string()) }), (cart: Cart, a) => setField(cart, 'customerEmail', a.email)),
  setAnonymousId: action(z.object({ anonymousId: Optional(z.string()) }), (cart: Cart, a) => setField(cart, 'anonymousId', a.anonymousId)),
  setCustomerGroup: action(z.object({ customerGroup: Optional(ResourceIdentifier) }), (cart: Cart, a, ctx) => {
    if (cart.customerId !== undefined) {
      throw cartErrors.invalidOperation(
        "The customer group of a cart with a customer is the customer's; setCustomerGroup is only for carts without customerId.",
      );
    }
    setField(cart, 'customerGroup', a.customerGroup ? ctx.reference('customer-group', a.customerGroup) : undefined);
  }),
  setBusinessUnit: action(z.object({ businessUnit: ResourceIdentifier }), (cart: Cart, a, ctx) => {
    const unit =
      a.businessUnit.key !== undefined
        ? ctx.getByKey('business-unit', a.businessUnit.key)
        : ctx.get('business-unit', a.businessUnit.id ?? '');
    if (!unit)
      throw errors.referencedResourceNotFound(
        'business-unit',
        a.businessUnit.key !== undefined ? { key: a.businessUnit.key } : { id: a.businessUnit.id ?? '' },
      );
    cart.businessUnit = { typeId: 'business-unit', key: unit.key as string };
  }),
  setPurchaseOrderNumber: action(z.object({ purchaseOrderNumber: Optional(z.string()) }), (cart: Cart, a) =>
    setField(cart, 'purchaseOrderNumber', a.purchaseOrderNumber),
  ),
  setDeleteDaysAfterLastModification: action(
    z.object({ deleteDaysAfterLastModification: Optional(z.number().int().min(1).max(365250)) }),
    (cart: Cart, a) => setField(cart, 'deleteDaysAfterLastModification', a.deleteDaysAfterLastModification),
  ),
  setReservationExpirationInMinutes: action(z.object({ reservationExpirationInMinutes: z.number().int().min(1).max(44640) }), () => {
    // Reservations (inventory mode ReserveOnCart) are not modelled: accepted, nothing stored.
  }),
  changeTaxMode: action(z.object({ taxMode: TaxMode }), (cart: Cart, a) => {
    if (cart.taxMode === a.taxMode) return;
    cart.taxMode = a.taxMode;
    for (const item of [
      ...cart.lineItems,
      ...cart.customLineItems,
      ...(cart.shippingInfo ? [cart.shippingInfo] : []),
      ...cart.shipping.map((s) => s.shippingInfo),
    ]) {
      delete item.taxRate;
      delete item.taxedPrice;
    }
    delete cart.taxedPrice;
    delete cart.taxedShippingPrice;
  }),
  changeTaxRoundingMode: action(z.object({ taxRoundingMode: RoundingMode }), (cart: Cart, a) => {
    cart.taxRoundingMode = a.taxRoundingMode;
  }),
  changePriceRoundingMode: action(z.object({ priceRoundingMode: RoundingMode }), (cart: Cart, a) => {
    cart.priceRoundingMode = a.priceRoundingMode;
  }),
  changeTaxCalculationMode: action(z.object({ taxCalculationMode: TaxCalculationMode }), (cart: Cart, a) => {
    cart.taxCalculationMode = a.taxCalculationMode;
  }),
  setCartTotalTax: action(
    z.object({
      externalTotalGross: MoneyDraft,
      externalTaxPortions: z
        .array(z.object({ name: z.string().optional(), rate: z.number().min(0).max(1), amount: MoneyDraft }))
        .optional(),
    }),
    (cart: Cart, a) => {
      if (cart.taxMode !== 'ExternalAmount')
        throw cartErrors.invalidOperation('The cart total tax can only be set on a cart with the tax mode ExternalAmount.');
      assertCurrency(a.externalTotalGross, cart, 'externalTotalGross');
      const portions = (a.externalTaxPortions ?? []).map((p) => {
        assertCurrency(p.amount, cart, 'externalTaxPortions.amount');
        return { ...(p.name !== undefined ? { name: p.name } : {}), rate: p.rate, amount: typedMoney(p.amount).centAmount };
      });
      cart.taxedPrice = taxedPriceFrom(
        cart.totalPrice.currencyCode,
        cart.totalPrice.centAmount,
        typedMoney(a.externalTotalGross).centAmount,
        portions,
      ) as TaxedPrice;
    },
  ),
  freezeCart: action(z.object({ strategy: z.enum(['SoftFreeze', 'HardFreeze']).optional() }), (cart: Cart, a) => {
    cart.cartState = 'Frozen';
    cart.freezeStrategy = a.strategy ?? 'SoftFreeze';
  }),
  unfreezeCart: action(z.object({}), (cart: Cart) => {
    if (cart.cartState !== 'Frozen') return;
    cart.cartState = 'Active';
    delete cart.freezeStrategy;
  }),
  lockCart: action(z.object({}), (cart: Cart, _a, ctx) => {
    if (cart.lock) throw cartErrors.invalidOperation('The cart is already locked.');
    cart.lock = { createdAt: ctx.now, clientId: ctx.author.clientId ?? '' };
  }),
  unlockCart: action(z.object({}), (cart: Cart) => {
    delete cart.lock;
  }),
  addPayment: action(z.object({ payment: ResourceIdentifier }), (cart: Cart, a, ctx) => {
    const reference = ctx.reference('payment', a.payment);
    cart.paymentInfo ??= { payments: [] };
    if (!cart.paymentInfo.payments.some((p) => p.id === reference.id)) cart.paymentInfo.payments.push(reference);
  }),
  removePayment: action(z.object({ payment: ResourceIdentifier }), (cart: Cart, a, ctx) => {
    const id = a.payment.id ?? ctx.reference('payment', a.payment).id;
    if (!cart.paymentInfo) return;
    cart.paymentInfo.payments = cart.paymentInfo.payments.filter((p) => p.id !== id);
    if (cart.paymentInfo.payments.length === 0) delete cart.paymentInfo;
  }),
  addShoppingList: action(
    z.object({
      shoppingList: ResourceIdentifier,
      distributionChannel: ResourceIdentifier.optional(),
      supplyChannel: ResourceIdentifier.optional(),
    }),
    (cart: Cart, a, ctx) => {
      const list = ctx.get('shopping-list', ctx.reference('shopping-list', a.shoppingList).id);
      const items =
        (list?.lineItems as Array<{ productId: string; variantId?: number; variant?: { id: number }; quantity: number }> | undefined) ?? [];
      for (const item of items) {
        addLineItem(
          cart,
          {
            productId: item.productId,
            variantId: item.variantId ?? item.variant?.id,
            quantity: item.quantity,
            ...(a.distributionChannel ? { distributionChannel: a.distributionChannel } : {}),
            ...(a.supplyChannel ? { supplyChannel: a.supplyChannel } : {}),
          },
          ctx,
        );
      }
    },
  ),
  ...(customFieldActions as unknown as Record<string, UpdateAction<Cart>>),
};

/** Every action checks the cart's state first and ends with `recalculate`. */
function withRecalculation(actions: Record<string, UpdateAction<Cart>>): Record<string, UpdateAction<Cart>> {
  const wrapped: Record<string, UpdateAction<Cart>> = {};
  for (const [name, declared] of Object.entries(actions)) {
    wrapped[name] = {
      schema: declared.schema,
      apply(cart, payload, ctx) {
        if (!ALWAYS.has(name)) {
          if (cart.cartState === 'Ordered' || cart.cartState === 'Merged') throw cartErrors.cartNotActive(cart.cartState);
          if (
            cart.cartState === 'Frozen' &&
            (PRICE_CHANGING.has(name) || (cart.freezeStrategy === 'HardFreeze' && HARD_FROZEN.has(name)))
          ) {
            throw cartErrors.frozen(name);
          }
        }
        declared.apply(cart, payload, ctx);
        recalculate(
          cart,
          ctx,
          name === 'recalculate' ? { updateProductData: (payload as { updateProductData?: boolean }).updateProductData === true } : {},
        );
      },
    };
  }
  return wrapped;
}

// Routes -----------------------------------------------------------------------------------------

const ReplicaCartDraft = z.object({
  reference: z.object({ typeId: z.enum(['cart', 'order']), id: z.string() }),
  key: Key.optional(),
});

/** `POST /carts/replicate`: a new active cart with the source's customer, items, addresses and codes, priced anew. */
function replicate(source: Cart, key: string | undefined, ctx: ResourceContext): Omit<Cart, BaseFields> {
  const draft: CartDraft = { currency: source.totalPrice.currencyCode };
  if (key !== undefined) draft.key = key;
  for (const field of [
    'customerId',
    'customerEmail',
    'anonymousId',
    'country',
    'locale',
    'taxMode',
    'taxRoundingMode',
    'priceRoundingMode',
    'taxCalculationMode',
    'inventoryMode',
    'shippingMode',
    'purchaseOrderNumber',
  ] as const) {
    if (source[field] !== undefined) (draft as Record<string, unknown>)[field] = source[field];
  }
  if (source.customerGroup && source.customerId === undefined) draft.customerGroup = { id: source.customerGroup.id };
  if (source.store) draft.store = { key: source.store.key };
  const cart = buildCart(draft, ctx) as Cart;
  if (source.shippingAddress) cart.shippingAddress = jsonClone(source.shippingAddress);
  if (source.billingAddress) cart.billingAddress = jsonClone(source.billingAddress);
  cart.itemShippingAddresses = jsonClone(source.itemShippingAddresses ?? []);
  if (source.custom) cart.custom = jsonClone(source.custom);
  for (const line of source.lineItems) {
    try {
      resolveVariant(ctx, { productId: line.productId, variantId: line.variant.id });
    } catch {
      continue; // "If a Line Item becomes invalid, it is removed from the new Cart."
    }
    const draftLine: z.infer<typeof LineItemDraft> = { productId: line.productId, variantId: line.variant.id, quantity: line.quantity };
    if (line.key !== undefined) draftLine.key = line.key;
    if (line.distributionChannel) draftLine.distributionChannel = { id: line.distributionChannel.id };
    if (line.supplyChannel) draftLine.supplyChannel = { id: line.supplyChannel.id };
    if (line.priceMode === 'ExternalPrice') draftLine.externalPrice = line.price.value as z.infer<typeof MoneyDraft>;
    if (line.priceMode === 'ExternalTotal')
      draftLine.externalTotalPrice = { price: line.price.value as z.infer<typeof MoneyDraft>, totalPrice: line.totalPrice };
    if (line.inventoryMode !== undefined) draftLine.inventoryMode = line.inventoryMode;
    const item = newLineItem(draftLine, cart, ctx);
    if (line.custom) item.custom = jsonClone(line.custom);
    if (line.shippingDetails) item.shippingDetails = jsonClone(line.shippingDetails);
    if (cart.taxMode === 'External' && line.taxRate) item.taxRate = jsonClone(line.taxRate);
    cart.lineItems.push(item);
  }
  for (const line of source.customLineItems) {
    const item = jsonClone(line) as CustomLineItem;
    item.id = uuid();
    item.discountedPricePerQuantity = [];
    delete item.taxedPrice;
    if (cart.taxMode !== 'External') delete item.taxRate;
    item.state = [{ quantity: item.quantity, state: initialItemState(ctx) }];
    cart.customLineItems.push(item);
  }
  recalculate(cart, ctx);
  if (source.shippingInfo?.shippingMethod && cart.shippingAddress) {
    const method = ctx.get('shipping-method', source.shippingInfo.shippingMethod.id) as ShippingMethod | undefined;
    if (method) {
      try {
        cart.shippingInfo = shippingInfoFor(cart, method, cart.shippingAddress, ctx);
      } catch {
        // The method no longer ships there: the replica has none.
      }
    }
  }
  for (const info of source.discountCodes) {
    const code = ctx.get('discount-code', info.discountCode.id) as DiscountCode | undefined;
    if (code) cart.discountCodes.push({ discountCode: { typeId: 'discount-code', id: code.id }, state: 'MatchesCart' });
  }
  recalculate(cart, ctx);
  return cart;
}

/** The customer's most recently modified active cart (origin Customer). */
export function activeCartOf(
  ctx: ResourceContext,
  owner: { customerId?: string; anonymousId?: string },
  storeKey?: string,
): Cart | undefined {
  let best: Cart | undefined;
  for (const document of ctx.scan('cart')) {
    const cart = document as Cart;
    if (cart.cartState !== 'Active' || cart.origin !== 'Customer') continue;
    if (
      owner.customerId !== undefined
        ? cart.customerId !== owner.customerId
        : cart.anonymousId !== owner.anonymousId || cart.customerId !== undefined
    )
      continue;
    if (storeKey !== undefined && cart.store?.key !== storeKey) continue;
    if (!best || String(cart.lastModifiedAt) > String(best.lastModifiedAt)) best = cart;
  }
  return best;
}

const MergeCartDraft = z.object({
  anonymousCart: ResourceIdentifier.optional(),
  mergeMode: z.enum(['MergeWithExistingCustomerCart', 'UseAsNewActiveCustomerCart']).optional(),
  updateProductData: z.boolean().optional(),
  anonymousId: z.string().optional(),
});

export interface MergeRequest {
  customerId: string;
  anonymousCartId?: string;
  anonymousId?: string;
  mergeMode?: 'MergeWithExistingCustomerCart' | 'UseAsNewActiveCustomerCart';
  updateProductData?: boolean;
  storeKey?: string;
}

/**
 * Merges an anonymous cart into the customer's active cart (sign-in and
 * `POST /carts/customer-id={id}/merge`), in one transaction; answers the customer's cart after.
 * - No anonymous cart (or it is not active): the customer's active cart, unchanged (undefined if none).
 * - No customer cart, or `UseAsNewActiveCustomerCart`: the anonymous cart becomes the customer's
 *   (customerId set, anonymousId kept, customer group from the customer).
 * - Otherwise the anonymous cart's line items are added to the customer's cart (a line of the same
 *   product variant, channels and custom fields: the anonymous quantity replaces the customer's),
 *   its custom line items and discount codes are added (codes that do not apply are dropped), and
 *   the anonymous cart becomes `Merged`.
 */
export function mergeAnonymousCart(repository: Engine, ctx: ResourceContext, request: MergeRequest): Cart | undefined {
  return repository.transaction(() => {
    let anonymous: Cart | undefined;
    if (request.anonymousCartId !== undefined) {
      anonymous = ctx.get('cart', request.anonymousCartId) as Cart | undefined;
      if (!anonymous) throw errors.referencedResourceNotFound('cart', { id: request.anonymousCartId });
      if (request.anonymousId !== undefined && anonymous.anonymousId !== request.anonymousId) {
        throw cartErrors.invalidOperation('The anonymousId does not match the anonymousId of the anonymous cart.');
      }
    } else if (request.anonymousId !== undefined) {
      anonymous = activeCartOf(ctx, { anonymousId: request.anonymousId }, request.storeKey);
    }
    const existing = activeCartOf(ctx, { customerId: request.customerId }, request.storeKey);
    if (!anonymous || anonymous.cartState !== 'Active' || anonymous.id === existing?.id) return existing;
    const customerGroup = customerGroupOf(request.customerId, ctx);
    const updateProductData = request.updateProductData ?? false;
    if (!existing || request.mergeMode === 'UseAsNewActiveCustomerCart') {
      const next = jsonClone(anonymous);
      next.customerId = request.customerId;
      if (customerGroup) next.customerGroup = customerGroup;
      recalculate(next, ctx, { updateProductData });
      return replaceCart(repository, anonymous, next, ctx);
    }
    const merged = jsonClone(existing);
    for (const line of anonymous.lineItems) {
      const same = merged.lineItems.find(
        (own) =>
          own.productId === line.productId &&
          own.variant.id === line.variant.id &&
          own.priceMode === line.priceMode &&
          own.supplyChannel?.id === line.supplyChannel?.id &&
          own.distributionChannel?.id === line.distributionChannel?.id &&
          JSON.stringify(own.custom ?? null) === JSON.stringify(line.custom ?? null),
      );
      if (same) same.quantity = line.quantity;
      else merged.lineItems.push({ ...jsonClone(line), id: uuid() });
    }
    for (const line of anonymous.customLineItems) merged.customLineItems.push({ ...jsonClone(line), id: uuid() });
    for (const info of anonymous.discountCodes) {
      if (!merged.discountCodes.some((own) => own.discountCode.id === info.discountCode.id) && merged.discountCodes.length < 10)
        merged.discountCodes.push(jsonClone(info));
    }
    recalculate(merged, ctx, { updateProductData });
    const kept = merged.discountCodes.filter(
      (info) => info.state === 'MatchesCart' || existing.discountCodes.some((own) => own.discountCode.id === info.discountCode.id),
    );
    if (kept.length !== merged.discountCodes.length) {
      merged.discountCodes = kept;
      recalculate(merged, ctx);
    }
    const saved = replaceCart(repository, existing, merged, ctx);
    const done = jsonClone(anonymous);
    done.cartState = 'Merged';
    replaceCart(repository, anonymous, done, ctx);
    return saved;
  });
}

/** Stores `next` as the new version of `current` through the repository (version, audit fields, index checks). */
function replaceCart(repository: Engine, current: Cart, next: Cart, ctx: ResourceContext): Cart {
  return repository.replace(carts, current, jsonClone(next), ctx) as Cart;
}

export const carts = defineResource<CartDraft, Cart>({
  typeId: 'cart',
  path: 'carts',
  draft: CartDraft,
  create: (draft, ctx) => buildCart(draft, ctx),
  actions: withRecalculation(baseActions),
  routes: [
    {
      method: 'POST',
      path: 'replicate',
      handle: (call, repository) => {
        const draft = validate(ReplicaCartDraft, call.json());
        const source = call.ctx.get(draft.reference.typeId, draft.reference.id) as Cart | undefined;
        if (!source) throw errors.referencedResourceNotFound(draft.reference.typeId, { id: draft.reference.id });
        const built = replicate(source, draft.key, call.ctx);
        const definition = { ...carts, draft: z.unknown(), create: () => built } as typeof carts;
        const cart = repository.create(definition as never, {}, call.ctx);
        return created(repository.expand(call.ctx.project, cart, call.query.getAll('expand')));
      },
    },
    {
      method: 'GET',
      path: 'customer-id=:customerId',
      handle: (call, repository) => {
        const cart = activeCartOf(call.ctx, { customerId: call.params.customerId! });
        if (!cart) throw errors.resourceNotFound({ id: call.params.customerId! });
        return ok(repository.expand(call.ctx.project, cart, call.query.getAll('expand')));
      },
    },
    {
      method: 'POST',
      path: 'customer-id=:customerId/merge',
      handle: (call, repository) => {
        const draft = validate(MergeCartDraft, call.json());
        if (!draft.anonymousCart && draft.anonymousId === undefined)
          throw cartErrors.invalidOperation('Either anonymousCart or anonymousId is required.');
        const anonymousCartId = draft.anonymousCart
          ? (draft.anonymousCart.id ?? call.ctx.reference('cart', draft.anonymousCart).id)
          : undefined;
        const cart = mergeAnonymousCart(repository, call.ctx, {
          customerId: call.params.customerId!,
          ...(anonymousCartId !== undefined ? { anonymousCartId } : {}),
          ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
          ...(draft.mergeMode ? { mergeMode: draft.mergeMode } : {}),
          ...(draft.updateProductData !== undefined ? { updateProductData: draft.updateProductData } : {}),
        });
        if (!cart) throw errors.resourceNotFound({ id: call.params.customerId! });
        return ok(repository.expand(call.ctx.project, cart, call.query.getAll('expand')));
      },
    },
  ],
});

// For orders -------------------------------------------------------------------------------------

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
