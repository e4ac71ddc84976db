/**
 * The parts of an order its drafts and update actions build and find: item states,
 * deliveries and their parcels, return items, and the inventory an order takes (inventory modes
 * TrackOnly and ReserveOnOrder).
 */
import { canonicalDateTime } from '../../util/time.js';
import { uuid } from '../../util/ids.js';
import type * as z from 'zod';
import { errors, PlatformError } from '../../http/errors.js';
import { customFields, storedAddress } from '../../engine/common-actions.js';
import type { ResourceContext, Engine } from '../../engine/define.js';
import type { InventoryEntry } from '../inventory.js';
import type { Cart, ItemState, LineItem, ShippingInfo } from '../cart/model.js';
import type { ResourceIdentifier } from '../../engine/draft-fields.js';
import type {
  Delivery,
  DeliveryDraft,
  DeliveryItem,
  ItemStateDraft,
  Order,
  Parcel,
  ParcelDraft,
  ReturnInfo,
  ReturnInfoDraft,
  ReturnItem,
  ReturnItemDraft,
} from './model.js';

export const orderErrors = {
  invalidOperation: (message: string) => errors.invalidOperation(message),
  alreadyOrdered: (cartId: string) =>
    errors.invalidOperation(`The cart with ID '${cartId}' has already been ordered: a cart can be ordered once.`),
  noShippingAddress: (cartId: string) =>
    errors.invalidOperation(`The cart with ID '${cartId}' has no shipping address: an order needs one.`),
  duplicateOrderNumber: (orderNumber: string) =>
    errors.duplicateField('orderNumber', orderNumber, `An order with the order number '${orderNumber}' already exists.`),
  outOfStock: (items: Array<{ id: string; sku: string }>) =>
    new PlatformError(400, [
      {
        code: 'OutOfStock',
        message: `Some line items are out of stock at the time of placing the order: ${items.map((item) => item.sku).join(', ')}.`,
        lineItems: items.map((item) => item.id),
        skus: items.map((item) => item.sku),
      },
    ]),
  countryNotConfiguredInStore: (storeCountries: string[], country: string) =>
    new PlatformError(400, [
      {
        code: 'CountryNotConfiguredInStore',
        message: `The country '${country}' is not configured for the store.`,
        storeCountries,
        country,
      },
    ]),
};

/** Checks an order number is free for `order` (400 DuplicateField orderNumber). */
export function assertOrderNumberFree(orderNumber: string, ctx: ResourceContext, orderId?: string): void {
  const holder = ctx.getByKey('order', orderNumber);
  if (holder && holder.id !== orderId) throw orderErrors.duplicateOrderNumber(orderNumber);
}

/** The order as the cart helpers see it (they read `lineItems`, `customLineItems`, `itemShippingAddresses`). */
export const asCart = (order: Order) => order as unknown as Cart;

/** A state named by a draft: its id; the id-less `Initial` state line items start in when the project has none matches its key. */
export function stateIdOf(identifier: ResourceIdentifier, ctx: ResourceContext): string {
  if (identifier.id !== undefined) return identifier.id;
  const stored = ctx.getByKey('state', identifier.key!);
  if (stored) return stored.id;
  if (identifier.key === 'Initial') return 'initial';
  throw errors.referencedResourceNotFound('state', { key: identifier.key! });
}

export function itemStates(
  drafts: Array<z.infer<typeof ItemStateDraft>>,
  quantity: number,
  what: string,
  ctx: ResourceContext,
): ItemState[] {
  const states: ItemState[] = [];
  for (const draft of drafts) {
    const state = ctx.reference('state', draft.state);
    const same = states.find((entry) => entry.state.id === state.id);
    if (same) same.quantity += draft.quantity;
    else if (draft.quantity > 0) states.push({ quantity: draft.quantity, state });
  }
  const total = states.reduce((sum, entry) => sum + entry.quantity, 0);
  if (total !== quantity) {
    throw orderErrors.invalidOperation(`The quantities of the states (${total}) must add up to the quantity of the ${what} (${quantity}).`);
  }
  return states;
}

// Deliveries and parcels --------------------------------------------------------------------------

/** Every shipping info of the order: the one of shipping mode Single, or each of `shipping`. */
export function shippingInfos(order: Order): ShippingInfo[] {
  return order.shippingMode === 'Multiple' ? order.shipping.map((s) => s.shippingInfo) : order.shippingInfo ? [order.shippingInfo] : [];
}

export function allDeliveries(order: Order): Delivery[] {
  return shippingInfos(order).flatMap((info) => info.deliveries as Delivery[]);
}

type DeliveryLocator = { deliveryId?: string | undefined; deliveryKey?: string | undefined };
type ParcelLocator = { parcelId?: string | undefined; parcelKey?: string | undefined };

export function findDelivery(order: Order, locator: DeliveryLocator): Delivery {
  if (locator.deliveryId === undefined && locator.deliveryKey === undefined)
    throw errors.invalidInput('Either deliveryId or deliveryKey is required.');
  const found = allDeliveries(order).find((d) =>
    locator.deliveryId !== undefined ? d.id === locator.deliveryId : d.key === locator.deliveryKey,
  );
  if (!found) {
    throw orderErrors.invalidOperation(
      locator.deliveryId !== undefined
        ? `The order has no delivery with ID '${locator.deliveryId}'.`
        : `The order has no delivery with key '${locator.deliveryKey}'.`,
    );
  }
  return found;
}

export function findParcel(order: Order, locator: ParcelLocator): { delivery: Delivery; parcel: Parcel } {
  if (locator.parcelId === undefined && locator.parcelKey === undefined)
    throw errors.invalidInput('Either parcelId or parcelKey is required.');
  for (const delivery of allDeliveries(order)) {
    const parcel = delivery.parcels.find((p) => (locator.parcelId !== undefined ? p.id === locator.parcelId : p.key === locator.parcelKey));
    if (parcel) return { delivery, parcel };
  }
  throw orderErrors.invalidOperation(
    locator.parcelId !== undefined
      ? `The order has no parcel with ID '${locator.parcelId}'.`
      : `The order has no parcel with key '${locator.parcelKey}'.`,
  );
}

/** Delivery items name line items or custom line items of the order. */
export function deliveryItems(order: Order, items: DeliveryItem[] | undefined): DeliveryItem[] {
  const list = (items ?? []).map((item) => ({ id: item.id, quantity: item.quantity }));
  for (const item of list) {
    if (!order.lineItems.some((line) => line.id === item.id) && !order.customLineItems.some((line) => line.id === item.id)) {
      throw orderErrors.invalidOperation(`The delivery item '${item.id}' is neither a line item nor a custom line item of the order.`);
    }
  }
  return list;
}

function assertKeyFree(taken: Array<string | undefined>, key: string | undefined, what: string): void {
  if (key !== undefined && taken.includes(key))
    throw errors.duplicateField(`${what}.key`, key, `A ${what} with the key '${key}' already exists in the order.`);
}

export function newParcel(order: Order, draft: z.infer<typeof ParcelDraft>, ctx: ResourceContext): Parcel {
  assertKeyFree(
    allDeliveries(order).flatMap((d) => d.parcels.map((p) => p.key)),
    draft.key,
    'parcel',
  );
  const parcel: Parcel = { id: uuid(), createdAt: ctx.now };
  if (draft.key !== undefined) parcel.key = draft.key;
  if (draft.measurements) parcel.measurements = { ...draft.measurements };
  if (draft.trackingData) parcel.trackingData = { ...draft.trackingData };
  parcel.items = deliveryItems(order, draft.items);
  const fields = customFields(draft.custom, ctx);
  if (fields) parcel.custom = fields;
  return parcel;
}

export function newDelivery(order: Order, draft: z.infer<typeof DeliveryDraft>, ctx: ResourceContext): Delivery {
  assertKeyFree(
    allDeliveries(order).map((d) => d.key),
    draft.key,
    'delivery',
  );
  const delivery: Delivery = { id: uuid(), createdAt: ctx.now, items: deliveryItems(order, draft.items), parcels: [] };
  if (draft.key !== undefined) delivery.key = draft.key;
  if (draft.address) delivery.address = storedAddress(draft.address, ctx);
  const fields = customFields(draft.custom, ctx);
  if (fields) delivery.custom = fields;
  // Parcel keys are unique among the order's parcels and those of this delivery.
  for (const parcel of draft.parcels ?? []) {
    const made = newParcel(order, parcel, ctx);
    assertKeyFree(
      delivery.parcels.map((p) => p.key),
      made.key,
      'parcel',
    );
    delivery.parcels.push(made);
  }
  return delivery;
}

// Returns -----------------------------------------------------------------------------------------

export function allReturnItems(order: Order): ReturnItem[] {
  return order.returnInfo.flatMap((info) => info.items);
}

export function findReturnItem(
  order: Order,
  locator: { returnItemId?: string | undefined; returnItemKey?: string | undefined },
): ReturnItem {
  if (locator.returnItemId === undefined && locator.returnItemKey === undefined)
    throw errors.invalidInput('Either returnItemId or returnItemKey is required.');
  const found = allReturnItems(order).find((item) =>
    locator.returnItemId !== undefined ? item.id === locator.returnItemId : item.key === locator.returnItemKey,
  );
  if (!found) {
    throw orderErrors.invalidOperation(
      locator.returnItemId !== undefined
        ? `The order has no return item with ID '${locator.returnItemId}'.`
        : `The order has no return item with key '${locator.returnItemKey}'.`,
    );
  }
  return found;
}

/**
 * A return info from its draft: each item names exactly one line item or custom line item of the
 * order; items advised for return start NonRefundable, those returned Initial. The quantity returned
 * of an item, over all returns, cannot exceed its quantity.
 */
export function newReturnInfo(order: Order, draft: z.infer<typeof ReturnInfoDraft>, ctx: ResourceContext): ReturnInfo {
  const items = draft.items.map((item) => newReturnItem(order, item, ctx));
  const info: ReturnInfo = { items };
  if (draft.returnTrackingId !== undefined) info.returnTrackingId = draft.returnTrackingId;
  info.returnDate = draft.returnDate !== undefined ? canonicalDateTime(draft.returnDate) : ctx.now;
  const taken = new Set<string>();
  for (const item of [...allReturnItems(order), ...items]) {
    if (item.key === undefined) continue;
    if (taken.has(item.key))
      throw errors.duplicateField(
        'returnInfo.items.key',
        item.key,
        `A return item with the key '${item.key}' already exists in the order.`,
      );
    taken.add(item.key);
  }
  for (const item of items) {
    const target = item.lineItemId ?? item.customLineItemId!;
    const line =
      item.lineItemId !== undefined ? order.lineItems.find((l) => l.id === target) : order.customLineItems.find((l) => l.id === target);
    const returned = [...allReturnItems(order), ...items]
      .filter((r) => (r.lineItemId ?? r.customLineItemId) === target)
      .reduce((sum, r) => sum + r.quantity, 0);
    if (returned > line!.quantity) {
      throw orderErrors.invalidOperation(
        `The quantity returned of the item '${target}' (${returned}) exceeds its quantity in the order (${line!.quantity}).`,
      );
    }
  }
  return info;
}

function newReturnItem(order: Order, draft: z.infer<typeof ReturnItemDraft>, ctx: ResourceContext): ReturnItem {
  if ((draft.lineItemId === undefined) === (draft.customLineItemId === undefined)) {
    throw errors.invalidInput('A return item names either a lineItemId or a customLineItemId.');
  }
  if (draft.lineItemId !== undefined && !order.lineItems.some((line) => line.id === draft.lineItemId)) {
    throw orderErrors.invalidOperation(`The order has no line item with ID '${draft.lineItemId}'.`);
  }
  if (draft.customLineItemId !== undefined && !order.customLineItems.some((line) => line.id === draft.customLineItemId)) {
    throw orderErrors.invalidOperation(`The order has no custom line item with ID '${draft.customLineItemId}'.`);
  }
  const item = {
    type: draft.lineItemId !== undefined ? 'LineItemReturnItem' : 'CustomLineItemReturnItem',
    id: uuid(),
  } as ReturnItem;
  if (draft.key !== undefined) item.key = draft.key;
  item.quantity = draft.quantity;
  if (draft.lineItemId !== undefined) item.lineItemId = draft.lineItemId;
  if (draft.customLineItemId !== undefined) item.customLineItemId = draft.customLineItemId;
  if (draft.comment !== undefined) item.comment = draft.comment;
  item.shipmentState = draft.shipmentState;
  item.paymentState = draft.shipmentState === 'Advised' ? 'NonRefundable' : 'Initial';
  const fields = customFields(draft.custom, ctx);
  if (fields) item.custom = fields;
  item.createdAt = ctx.now;
  item.lastModifiedAt = ctx.now;
  return item;
}

// Inventory ---------------------------------------------------------------------------------------

/**
 * What placing the order does to stock: line items in inventory mode ReserveOnOrder need an
 * inventory entry (of their SKU and supply channel) with enough available quantity (400 OutOfStock
 * naming every short one otherwise); they and TrackOnly items take their quantity off the entry.
 * Runs inside the order's transaction, so a refused order changes no stock.
 */
export function takeInventory(engine: Engine, lines: readonly LineItem[], orderMode: string, ctx: ResourceContext): void {
  if (!engine.serves('inventory-entry')) return;
  const definition = engine.definition('inventory-entry');
  const wanted: Array<{ line: LineItem; entry: InventoryEntry | undefined; reserve: boolean }> = [];
  for (const line of lines) {
    const mode = line.inventoryMode ?? orderMode;
    if (mode !== 'ReserveOnOrder' && mode !== 'TrackOnly') continue;
    const sku = line.variant.sku;
    const entry = sku === undefined ? undefined : entryFor(ctx, sku, line.supplyChannel?.id);
    wanted.push({ line, entry, reserve: mode === 'ReserveOnOrder' });
  }
  if (wanted.length === 0) return;
  // Several lines of one entry count together.
  const needed = new Map<string, number>();
  for (const { line, entry } of wanted) if (entry) needed.set(entry.id, (needed.get(entry.id) ?? 0) + line.quantity);
  const short = wanted.filter(({ entry, reserve }) => reserve && (!entry || entry.availableQuantity < needed.get(entry.id)!));
  if (short.length > 0) throw orderErrors.outOfStock(short.map(({ line }) => ({ id: line.id, sku: line.variant.sku ?? '' })));
  for (const [id, quantity] of needed) {
    const current = ctx.get('inventory-entry', id)!;
    engine.apply(definition, current, [{ name: 'removeQuantity', payload: { quantity } }], ctx);
  }
}

function entryFor(ctx: ResourceContext, sku: string, channelId: string | undefined): InventoryEntry | undefined {
  // The inventory module's unique index of SKU and supply channel.
  return ctx.findUnique('inventory-entry', 'skuAndChannel', `${sku}|${channelId ?? ''}`);
}
