/**
 * The update actions on a cart's line items and custom line items: adding them (one by one or a
 * shopping list's), quantities, external prices, channels, shipping details, custom fields. Their
 * external tax actions are in ./taxes.ts; building an item from its draft is in ./line-items.ts.
 */
import { uuid } from '../../util/ids.js';
import * as z from 'zod';
import { MoneyDraft, typedMoney, withCentAmount } from '../../pricing/money.js';
import { applyCustomField, applyCustomType, SetCustomField, SetCustomType, setField } from '../../engine/common-actions.js';
import type { ResourceContext } from '../../engine/define.js';
import { LineItemLocator, type ResourceIdentifier, resourceIdentifier } from '../../engine/draft-fields.js';
import { itemShippingAddress } from './addresses.js';
import { cartErrors } from './errors.js';
import {
  assertCurrency,
  assertUniqueItemKeys,
  findCustomLineItem,
  findLineItem,
  newCustomLineItem,
  newLineItem,
  recurrenceInfo,
  sameOffer,
  shippingDetails,
} from './line-items.js';
import type { Cart, ItemShippingDetails, LineItem } from './model.js';
import {
  CustomLineItemDraft,
  CustomLineItemLocator,
  CustomLineItemRecurrenceInfoDraft,
  ExternalLineItemTotalPrice,
  InventoryMode,
  ItemShippingDetailsDraft,
  ItemShippingTarget,
  LineItemDraft,
  LineItemRecurrenceInfoDraft,
  Optional,
} from './schemas.js';
import { recalculateIfStale } from './stale.js';
import { cartAction, type CartAction, changesPrices } from './state.js';

/**
 * Adds line items, each raising the quantity of a line that is the same offer instead where there
 * is one. Being the same offer takes the same tax rate, which recalculation derives, so the cart's
 * lines must have theirs when one of them is the same product variant as an added item.
 */
export function addLineItems(cart: Cart, items: LineItem[], ctx: ResourceContext): void {
  if (items.some((item) => cart.lineItems.some((line) => line.productId === item.productId && line.variant.id === item.variant.id)))
    recalculateIfStale(cart, ctx);
  for (const item of items) {
    const existing = cart.lineItems.find((line) => sameOffer(line, item));
    if (existing) {
      existing.quantity += item.quantity;
      existing.lastModifiedAt = ctx.now;
    } else {
      cart.lineItems.push(item);
    }
  }
  assertUniqueItemKeys(cart);
}

/** The external price (or total price) an action may give a line; null or none: none. */
interface ExternalPrices {
  externalPrice?: z.infer<typeof MoneyDraft> | null | undefined;
  externalTotalPrice?: z.infer<typeof ExternalLineItemTotalPrice> | null | undefined;
}

/** An external price takes over the id of the line's price, which recalculation picks: the line must have its own first. */
function recalculateBeforeExternalPrice(cart: Cart, a: ExternalPrices, ctx: ResourceContext): void {
  if (a.externalPrice || a.externalTotalPrice) recalculateIfStale(cart, ctx);
}

function setExternalPrices(item: LineItem, cart: Cart, a: ExternalPrices): void {
  if (a.externalTotalPrice) {
    assertCurrency(a.externalTotalPrice.price, cart, 'externalTotalPrice.price');
    assertCurrency(a.externalTotalPrice.totalPrice, cart, 'externalTotalPrice.totalPrice');
    item.priceMode = 'ExternalTotal';
    item.price = { id: item.price?.id ?? uuid(), value: typedMoney(a.externalTotalPrice.price) };
    const total = typedMoney(a.externalTotalPrice.totalPrice);
    item.totalPrice = withCentAmount({ currencyCode: cart.totalPrice.currencyCode }, total.centAmount);
  } else if (a.externalPrice) {
    assertCurrency(a.externalPrice, cart, 'externalPrice');
    item.priceMode = 'ExternalPrice';
    item.price = { id: item.price?.id ?? uuid(), value: typedMoney(a.externalPrice) };
  }
}

/** setLineItemPrice, setLineItemTotalPrice: the line's external price, or with none its platform price again. */
function setLinePrice(cart: Cart, a: ExternalPrices & Parameters<typeof findLineItem>[1], ctx: ResourceContext): void {
  recalculateBeforeExternalPrice(cart, a, ctx);
  const item = findLineItem(cart, a);
  if (a.externalPrice || a.externalTotalPrice) setExternalPrices(item, cart, a);
  else item.priceMode = 'Platform';
  item.lastModifiedAt = ctx.now;
}

/** setLineItemDistributionChannel, setLineItemSupplyChannel: the line's channel, or with none, none. */
function setLineChannel(field: 'distributionChannel' | 'supplyChannel'): CartAction {
  return cartAction(
    () => LineItemLocator.extend({ [field]: Optional(resourceIdentifier('channel')) }),
    (cart, a, ctx) => {
      const channel = a[field] as ResourceIdentifier | null | undefined;
      setField(findLineItem(cart, a), field, channel ? ctx.reference('channel', channel) : undefined);
    },
    changesPrices,
  );
}

/** A quantity change: ExternalPrice lines need the price again; ExternalTotal lines fall back to Platform without one. */
function changeQuantity(item: LineItem, cart: Cart, quantity: number, a: ExternalPrices, ctx: ResourceContext): void {
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

export const lineItemActions: Record<string, CartAction> = {
  addLineItem: cartAction(LineItemDraft, (cart, a, ctx) => addLineItems(cart, [newLineItem(a, cart, ctx)], ctx), changesPrices),
  removeLineItem: cartAction(
    () =>
      LineItemLocator.extend({
        quantity: z.number().int().min(1).optional(),
        externalPrice: MoneyDraft.optional(),
        externalTotalPrice: ExternalLineItemTotalPrice.optional(),
        shippingDetailsToRemove: ItemShippingDetailsDraft.optional(),
      }),
    (cart, a, ctx) => {
      recalculateBeforeExternalPrice(cart, a, ctx);
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
    changesPrices,
  ),
  changeLineItemQuantity: cartAction(
    () =>
      LineItemLocator.extend({
        quantity: z.number().int().min(0),
        externalPrice: MoneyDraft.optional(),
        externalTotalPrice: ExternalLineItemTotalPrice.optional(),
      }),
    (cart, a, ctx) => {
      recalculateBeforeExternalPrice(cart, a, ctx);
      const item = findLineItem(cart, a);
      if (a.quantity === 0) {
        cart.lineItems = cart.lineItems.filter((line) => line !== item);
        return;
      }
      changeQuantity(item, cart, a.quantity, a, ctx);
    },
    changesPrices,
  ),
  changeLineItemsOrder: cartAction(
    () => z.object({ lineItemOrder: z.array(z.string()) }),
    (cart, a) => {
      const ids = new Set(a.lineItemOrder);
      if (ids.size !== a.lineItemOrder.length || ids.size !== cart.lineItems.length || cart.lineItems.some((item) => !ids.has(item.id))) {
        throw cartErrors.invalidOperation('The lineItemOrder must name every line item of the cart exactly once.');
      }
      cart.lineItems = a.lineItemOrder.map((id) => cart.lineItems.find((item) => item.id === id)!);
    },
  ),
  setLineItemPrice: cartAction(() => LineItemLocator.extend({ externalPrice: Optional(MoneyDraft) }), setLinePrice, changesPrices),
  setLineItemTotalPrice: cartAction(
    () => LineItemLocator.extend({ externalTotalPrice: Optional(ExternalLineItemTotalPrice) }),
    setLinePrice,
    changesPrices,
  ),
  setLineItemCustomType: cartAction(
    () => LineItemLocator.extend(SetCustomType.shape),
    (cart, a, ctx) => applyCustomType(findLineItem(cart, a), a, ctx),
  ),
  setLineItemCustomField: cartAction(
    () => LineItemLocator.extend(SetCustomField.shape),
    (cart, a) => applyCustomField(findLineItem(cart, a), a),
  ),
  setLineItemDistributionChannel: setLineChannel('distributionChannel'),
  setLineItemSupplyChannel: setLineChannel('supplyChannel'),
  setLineItemInventoryMode: cartAction(
    () => LineItemLocator.extend({ inventoryMode: Optional(InventoryMode) }),
    (cart, a) => {
      const item = findLineItem(cart, a);
      setField(item, 'inventoryMode', a.inventoryMode && a.inventoryMode !== cart.inventoryMode ? a.inventoryMode : undefined);
    },
  ),
  setLineItemShippingDetails: cartAction(
    () => LineItemLocator.extend({ shippingDetails: Optional(ItemShippingDetailsDraft) }),
    (cart, a) => withShippingDetails(findLineItem(cart, a), cart, a.shippingDetails),
  ),
  applyDeltaToLineItemShippingDetailsTargets: cartAction(
    () => LineItemLocator.extend({ targetsDelta: z.array(ItemShippingTarget) }),
    (cart, a) => applyTargetsDelta(findLineItem(cart, a), cart, a.targetsDelta),
  ),
  setLineItemRecurrenceInfo: cartAction(
    () => LineItemLocator.extend({ recurrenceInfo: LineItemRecurrenceInfoDraft.optional() }),
    (cart, a, ctx) => {
      setField(findLineItem(cart, a), 'recurrenceInfo', a.recurrenceInfo && recurrenceInfo(a.recurrenceInfo, ctx));
    },
  ),
  addShoppingList: cartAction(
    () =>
      z.object({
        shoppingList: resourceIdentifier('shopping-list'),
        distributionChannel: resourceIdentifier('channel').optional(),
        supplyChannel: resourceIdentifier('channel').optional(),
      }),
    (cart, a, ctx) => {
      const list = ctx.get('shopping-list', ctx.reference('shopping-list', a.shoppingList).id);
      const items =
        (list?.lineItems as Array<{ productId: string; variantId?: number; variant?: { id: number }; quantity: number }> | undefined) ?? [];
      const lines = items.map((item) =>
        newLineItem(
          {
            productId: item.productId,
            variantId: item.variantId ?? item.variant?.id,
            quantity: item.quantity,
            ...(a.distributionChannel ? { distributionChannel: a.distributionChannel } : {}),
            ...(a.supplyChannel ? { supplyChannel: a.supplyChannel } : {}),
          },
          cart,
          ctx,
        ),
      );
      addLineItems(cart, lines, ctx);
    },
  ),
};

export const customLineItemActions: Record<string, CartAction> = {
  addCustomLineItem: cartAction(
    CustomLineItemDraft,
    (cart, a, ctx) => {
      cart.customLineItems.push(newCustomLineItem(a, cart, ctx));
      assertUniqueItemKeys(cart);
    },
    changesPrices,
  ),
  removeCustomLineItem: cartAction(
    CustomLineItemLocator,
    (cart, a) => {
      const item = findCustomLineItem(cart, a);
      cart.customLineItems = cart.customLineItems.filter((line) => line !== item);
    },
    changesPrices,
  ),
  changeCustomLineItemQuantity: cartAction(
    () => CustomLineItemLocator.extend({ quantity: z.number().int().min(0) }),
    (cart, a) => {
      const item = findCustomLineItem(cart, a);
      if (a.quantity === 0) cart.customLineItems = cart.customLineItems.filter((line) => line !== item);
      else item.quantity = a.quantity;
    },
    changesPrices,
  ),
  changeCustomLineItemMoney: cartAction(
    () => CustomLineItemLocator.extend({ money: MoneyDraft }),
    (cart, a) => {
      const item = findCustomLineItem(cart, a);
      assertCurrency(a.money, cart, 'money');
      item.money = typedMoney(a.money);
    },
  ),
  changeCustomLineItemPriceMode: cartAction(
    () => CustomLineItemLocator.extend({ mode: z.enum(['Standard', 'External']) }),
    (cart, a) => {
      findCustomLineItem(cart, a).priceMode = a.mode;
    },
  ),
  setCustomLineItemCustomType: cartAction(
    () => CustomLineItemLocator.extend(SetCustomType.shape),
    (cart, a, ctx) => applyCustomType(findCustomLineItem(cart, a), a, ctx),
  ),
  setCustomLineItemCustomField: cartAction(
    () => CustomLineItemLocator.extend(SetCustomField.shape),
    (cart, a) => applyCustomField(findCustomLineItem(cart, a), a),
  ),
  setCustomLineItemShippingDetails: cartAction(
    () => CustomLineItemLocator.extend({ shippingDetails: Optional(ItemShippingDetailsDraft) }),
    (cart, a) => withShippingDetails(findCustomLineItem(cart, a), cart, a.shippingDetails),
  ),
  applyDeltaToCustomLineItemShippingDetailsTargets: cartAction(
    () => CustomLineItemLocator.extend({ targetsDelta: z.array(ItemShippingTarget) }),
    (cart, a) => applyTargetsDelta(findCustomLineItem(cart, a), cart, a.targetsDelta),
  ),
  setCustomLineItemRecurrenceInfo: cartAction(
    () => CustomLineItemLocator.extend({ recurrenceInfo: CustomLineItemRecurrenceInfoDraft.optional() }),
    (cart, a, ctx) => {
      setField(findCustomLineItem(cart, a), 'recurrenceInfo', a.recurrenceInfo && recurrenceInfo(a.recurrenceInfo, ctx));
    },
  ),
};
