/**
 * The order update actions on shipping: its custom fields and estimated delivery, the deliveries and
 * their parcels.
 *
 * Delivery and parcel items must name line items or custom line items of the order; quantities are
 * not checked against the ordered ones (the platform does not either).
 */
import * as z from 'zod';
import {
  applyCustomField,
  applyCustomType,
  type CustomFields,
  type CustomMessages,
  emitsCustomField,
  emitsCustomType,
  SetCustomField,
  SetCustomType,
  setField,
  storedAddress,
} from '../../engine/common-actions.js';
import { action, emits, type UpdateAction } from '../../engine/define.js';
import { BaseAddress, CustomFieldsDraft } from '../../engine/draft-fields.js';
import type { Shipping, ShippingInfo } from '../cart/model.js';
import { Optional } from '../cart/schemas.js';
import { DeliveryItemDraft, type Order, ParcelDraft, ParcelMeasurementsDraft, TrackingDataDraft } from './model.js';
import { deliveryItems, findDelivery, findParcel, newDelivery, newParcel, orderErrors } from './parts.js';

const DeliveryLocator = z.object({ deliveryId: z.string().optional(), deliveryKey: z.string().optional() });
const ParcelLocator = z.object({ parcelId: z.string().optional(), parcelKey: z.string().optional() });

type CustomFieldsHolder = { custom?: CustomFields };

function deliveryAddress(order: Order, locator: z.infer<typeof DeliveryLocator>): CustomFieldsHolder {
  const delivery = findDelivery(order, locator);
  if (!delivery.address) throw orderErrors.invalidOperation(`The delivery '${delivery.id}' has no address.`);
  return delivery.address;
}

function findShipping(order: Order, key: string): Shipping {
  const found = order.shipping.find((s) => s.shippingKey === key);
  if (!found) throw orderErrors.invalidOperation(`The order has no shipping with the key '${key}'.`);
  return found;
}

/** The shipping info a delivery goes to: the order's (Single) or that of `shippingKey` (Multiple, required). */
function shippingInfoFor(order: Order, shippingKey: string | undefined): ShippingInfo {
  if (order.shippingMode === 'Multiple') {
    if (shippingKey === undefined)
      throw orderErrors.invalidOperation('A shippingKey is required for an order with the shipping mode Multiple.');
    return findShipping(order, shippingKey).shippingInfo;
  }
  if (!order.shippingInfo)
    throw orderErrors.invalidOperation('A delivery can only be added to an order with shipping info (a shipping method).');
  return order.shippingInfo;
}

/** The key of the shipping a delivery belongs to (Multiple shipping mode), as delivery messages name it. */
function shippingKeyOf(order: Order, delivery: object): string | undefined {
  return order.shipping.find((s) => s.shippingInfo.deliveries.includes(delivery as never))?.shippingKey;
}

/** The ids parcel messages name the parcel by, and its delivery's shipping key. */
function parcelIds(order: Order, locator: z.infer<typeof ParcelLocator>) {
  const { delivery, parcel } = findParcel(order, locator);
  return { deliveryId: delivery.id, parcelId: parcel.id, shippingKey: shippingKeyOf(order, delivery) };
}

/** A delivery action with its message: the delivery's new `field`, the `oldField` value it replaced, its ids. */
function emitsDeliveryField<A extends UpdateAction<Order>>(declared: A, type: string, field: 'address' | 'items', oldField: string): A {
  return emits(
    declared,
    type,
    (order: Order, a, old: unknown) => {
      const delivery = findDelivery(order, a);
      return { deliveryId: delivery.id, [field]: delivery[field], [oldField]: old, shippingKey: shippingKeyOf(order, delivery) };
    },
    (order: Order, a) => findDelivery(order, a)[field],
  );
}

const deliveryCustom: CustomMessages<Order> = {
  prefix: 'Delivery',
  naming: 'previous',
  holder: (order, a) => findDelivery(order, a),
  part: (order, a) => ({ deliveryId: findDelivery(order, a).id }),
};

export const shippingActions: Record<string, UpdateAction<Order>> = {
  setShippingCustomType: action(
    () => SetCustomType.extend({ shippingKey: z.string().optional() }),
    (order: Order, a, ctx) => {
      const target = a.shippingKey !== undefined ? findShipping(order, a.shippingKey) : order;
      const holder: CustomFieldsHolder = target.shippingCustomFields ? { custom: target.shippingCustomFields } : {};
      applyCustomType(holder, a, ctx);
      setField(target, 'shippingCustomFields', holder.custom);
    },
  ),
  setShippingCustomField: action(
    () => SetCustomField.extend({ shippingKey: z.string().optional() }),
    (order: Order, a) => {
      const target = a.shippingKey !== undefined ? findShipping(order, a.shippingKey) : order;
      const holder: CustomFieldsHolder = target.shippingCustomFields ? { custom: target.shippingCustomFields } : {};
      applyCustomField(holder, a);
    },
  ),
  setEstimatedDelivery: emits(
    action(
      () => z.object({ shippingKey: z.string().optional(), estimatedDelivery: z.unknown().optional() }),
      (order: Order, a) => {
        if (order.shippingMode === 'Single' && a.shippingKey !== undefined) {
          throw orderErrors.invalidOperation('A shippingKey cannot be given for an order with the shipping mode Single.');
        }
        const info = order.shippingMode === 'Multiple' ? shippingInfoFor(order, a.shippingKey) : order.shippingInfo;
        if (!info) throw orderErrors.invalidOperation('The order has no shipping info.');
        setField(info, 'estimatedDelivery', a.estimatedDelivery);
      },
    ),
    'OrderEstimatedDeliverySet',
    (_order: Order, a) => ({ estimatedDelivery: a.estimatedDelivery, shippingKey: a.shippingKey }),
  ),

  // Deliveries and parcels -------------------------------------------------------------------------
  addDelivery: emits(
    action(
      () =>
        z.object({
          deliveryKey: z.string().optional(),
          shippingKey: z.string().optional(),
          items: z.array(DeliveryItemDraft).optional(),
          address: BaseAddress.optional(),
          parcels: z.array(ParcelDraft).optional(),
          custom: CustomFieldsDraft.optional(),
        }),
      (order: Order, a, ctx) => {
        const info = shippingInfoFor(order, a.shippingKey);
        const { deliveryKey, shippingKey: _shippingKey, ...rest } = a;
        const delivery = newDelivery(order, { ...rest, ...(deliveryKey !== undefined ? { key: deliveryKey } : {}) }, ctx);
        info.deliveries.push(delivery);
      },
    ),
    'DeliveryAdded',
    (order: Order, a) => ({ delivery: shippingInfoFor(order, a.shippingKey).deliveries.at(-1), shippingKey: a.shippingKey }),
  ),
  removeDelivery: emits(
    action(DeliveryLocator, (order: Order, a) => {
      const delivery = findDelivery(order, a);
      for (const info of [order.shippingInfo, ...order.shipping.map((s) => s.shippingInfo)]) {
        if (info) info.deliveries = info.deliveries.filter((d) => d !== delivery);
      }
    }),
    'DeliveryRemoved',
    (_order: Order, _a, removed: Record<string, unknown>) => removed,
    (order: Order, a) => ({ delivery: findDelivery(order, a), shippingKey: shippingKeyOf(order, findDelivery(order, a)) }),
  ),
  setDeliveryAddress: emitsDeliveryField(
    action(
      () => DeliveryLocator.extend({ address: Optional(BaseAddress) }),
      (order: Order, a, ctx) => {
        setField(findDelivery(order, a), 'address', a.address ? storedAddress(a.address, ctx) : undefined);
      },
    ),
    'DeliveryAddressSet',
    'address',
    'oldAddress',
  ),
  setDeliveryItems: emitsDeliveryField(
    action(
      () => DeliveryLocator.extend({ items: z.array(DeliveryItemDraft) }),
      (order: Order, a) => {
        findDelivery(order, a).items = deliveryItems(order, a.items);
      },
    ),
    'DeliveryItemsUpdated',
    'items',
    'oldItems',
  ),
  setDeliveryCustomType: emitsCustomType(
    action(
      () => DeliveryLocator.extend(SetCustomType.shape),
      (order: Order, a, ctx) => applyCustomType(findDelivery(order, a), a, ctx),
    ),
    deliveryCustom,
  ),
  setDeliveryCustomField: emitsCustomField(
    action(
      () => DeliveryLocator.extend(SetCustomField.shape),
      (order: Order, a) => applyCustomField(findDelivery(order, a), a),
    ),
    deliveryCustom,
  ),
  setDeliveryAddressCustomType: action(
    () => DeliveryLocator.extend(SetCustomType.shape),
    (order: Order, a, ctx) => applyCustomType(deliveryAddress(order, a), a, ctx),
  ),
  setDeliveryAddressCustomField: action(
    () => DeliveryLocator.extend(SetCustomField.shape),
    (order: Order, a) => applyCustomField(deliveryAddress(order, a), a),
  ),
  addParcelToDelivery: emits(
    action(
      () =>
        DeliveryLocator.extend({
          parcelKey: z.string().optional(),
          measurements: ParcelMeasurementsDraft.optional(),
          trackingData: TrackingDataDraft.optional(),
          items: z.array(DeliveryItemDraft).optional(),
          custom: CustomFieldsDraft.optional(),
        }),
      (order: Order, a, ctx) => {
        const delivery = findDelivery(order, a);
        const { parcelKey, deliveryId: _id, deliveryKey: _key, ...rest } = a;
        delivery.parcels.push(newParcel(order, { ...rest, ...(parcelKey !== undefined ? { key: parcelKey } : {}) }, ctx));
      },
    ),
    'ParcelAddedToDelivery',
    (order: Order, a) => {
      const delivery = findDelivery(order, a);
      return { delivery, parcel: delivery.parcels.at(-1), shippingKey: shippingKeyOf(order, delivery) };
    },
  ),
  removeParcelFromDelivery: emits(
    action(ParcelLocator, (order: Order, a) => {
      const { delivery, parcel } = findParcel(order, a);
      delivery.parcels = delivery.parcels.filter((p) => p !== parcel);
    }),
    'ParcelRemovedFromDelivery',
    (order: Order, _a, found: ReturnType<typeof findParcel>) => ({
      deliveryId: found.delivery.id,
      parcel: found.parcel,
      shippingKey: shippingKeyOf(order, found.delivery),
    }),
    (order: Order, a) => findParcel(order, a),
  ),
  setParcelMeasurements: emits(
    action(
      () => ParcelLocator.extend({ measurements: Optional(ParcelMeasurementsDraft) }),
      (order: Order, a) => {
        setField(findParcel(order, a).parcel, 'measurements', a.measurements ? { ...a.measurements } : undefined);
      },
    ),
    'ParcelMeasurementsUpdated',
    (order: Order, a) => ({ ...parcelIds(order, a), measurements: findParcel(order, a).parcel.measurements }),
  ),
  setParcelTrackingData: emits(
    action(
      () => ParcelLocator.extend({ trackingData: Optional(TrackingDataDraft) }),
      (order: Order, a) => {
        setField(findParcel(order, a).parcel, 'trackingData', a.trackingData ? { ...a.trackingData } : undefined);
      },
    ),
    'ParcelTrackingDataUpdated',
    (order: Order, a) => ({ ...parcelIds(order, a), trackingData: findParcel(order, a).parcel.trackingData }),
  ),
  setParcelItems: emits(
    action(
      () => ParcelLocator.extend({ items: z.array(DeliveryItemDraft) }),
      (order: Order, a) => {
        findParcel(order, a).parcel.items = deliveryItems(order, a.items);
      },
    ),
    'ParcelItemsUpdated',
    (order: Order, a, oldItems: unknown) => ({ ...parcelIds(order, a), items: findParcel(order, a).parcel.items, oldItems }),
    (order: Order, a) => findParcel(order, a).parcel.items,
  ),
  setParcelCustomType: action(
    () => ParcelLocator.extend(SetCustomType.shape),
    (order: Order, a, ctx) => applyCustomType(findParcel(order, a).parcel, a, ctx),
  ),
  setParcelCustomField: action(
    () => ParcelLocator.extend(SetCustomField.shape),
    (order: Order, a) => applyCustomField(findParcel(order, a).parcel, a),
  ),
};
