/**
 * Every update action of the platform's Order API (RAML types/order/updates). None of them
 * recalculates prices, taxes or discounts: an order keeps the figures it was placed with (as on the
 * platform, where only Order Edits change them).
 *
 * Decisions where the specification leaves it open:
 * - `changeOrderState`, `changePaymentState`, `changeShipmentState` accept any value of their enum;
 *   the workflow rules live in `transitionState` (States with transitions) only.
 * - `transitionLineItemState` / `transitionCustomLineItemState` (unless the target is the same
 *   state): `quantity` must be available in `fromState`, `toState` must be a LineItemState, and when
 *   `fromState` lists transitions, `toState` must be one of them (400 InvalidOperation otherwise).
 * - Delivery and parcel items must name line items or custom line items of the order; quantities are
 *   not checked against the ordered ones (the platform does not either).
 * - A return item's quantity, over all returns of the order, cannot exceed the item's quantity.
 */
import { z } from 'zod';
import { errors } from '../../http/errors.js';
import {
  applyCustomField,
  applyCustomType,
  type CustomMessages,
  customFieldActionsWithMessages,
  emitsCustomField,
  emitsCustomType,
  emitsField,
  emitsStateTransition,
  SetCustomField,
  SetCustomType,
  setField,
  storedAddress,
  type CustomFields,
} from '../../engine/common-actions.js';
import { action, emits, type ResourceContext, type UpdateAction } from '../../engine/define.js';
import { stateTransition } from '../payments.js';
import { findCustomLineItem, findLineItem, shippingDetails } from '../cart/line-items.js';
import type { Cart, ItemState, Shipping, ShippingInfo } from '../cart/model.js';
import { ItemShippingDetailsDraft } from '../cart/schemas.js';
import {
  BaseAddress,
  CustomFieldsDraft,
  type ResourceIdentifier,
  resourceIdentifier,
  DateTime,
  LanguageTag,
} from '../../engine/validation.js';
import {
  DeliveryItemDraft,
  ItemStateDraft,
  OrderState,
  ParcelDraft,
  ParcelMeasurementsDraft,
  PaymentState,
  ReturnInfoDraft,
  ReturnItemDraft,
  ReturnPaymentState,
  ReturnShipmentState,
  ShipmentState,
  TrackingDataDraft,
  type Order,
} from './model.js';
import {
  deliveryItems,
  findDelivery,
  findParcel,
  findReturnItem,
  itemStates,
  newDelivery,
  newParcel,
  newReturnInfo,
  orderErrors,
  stateIdOf,
} from './parts.js';
import { businessUnitOf } from '../cart/build.js';
import { itemShippingAddress, removeItemShippingAddress, updateItemShippingAddress } from '../cart/addresses.js';

const Optional = <S extends z.ZodType>(schema: S) => schema.optional().nullable();
const LineItemLocator = z.object({ lineItemId: z.string().optional(), lineItemKey: z.string().optional() });
const CustomLineItemLocator = z.object({ customLineItemId: z.string().optional(), customLineItemKey: z.string().optional() });
const DeliveryLocator = z.object({ deliveryId: z.string().optional(), deliveryKey: z.string().optional() });
const ParcelLocator = z.object({ parcelId: z.string().optional(), parcelKey: z.string().optional() });
const ReturnItemLocator = z.object({ returnItemId: z.string().optional(), returnItemKey: z.string().optional() });

type Addressed = { custom?: CustomFields };

/** The order as the cart helpers see it (they read `lineItems`, `customLineItems`, `itemShippingAddresses`). */
const asCart = (order: Order) => order as unknown as Cart;

function addressOf(order: Order, field: 'shippingAddress' | 'billingAddress'): Addressed {
  const address = order[field];
  if (!address) throw orderErrors.invalidOperation(`The order has no ${field === 'shippingAddress' ? 'shipping' : 'billing'} address.`);
  return address as Addressed;
}

function deliveryAddress(order: Order, locator: z.infer<typeof DeliveryLocator>): Addressed {
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

/**
 * Moves `quantity` of an item from one state to another, with the workflow's rules (see the module
 * comment); the entries of one state are merged, empty ones dropped.
 */
function transitionItemState(
  states: ItemState[],
  a: { quantity: number; fromState: ResourceIdentifier; toState: ResourceIdentifier },
  what: string,
  ctx: ResourceContext,
): ItemState[] {
  const fromId = stateIdOf(a.fromState, ctx);
  const to = ctx.reference('state', a.toState);
  const target = ctx.get('state', to.id)!;
  const name = (target.key as string | undefined) ?? to.id;
  if (target.type !== 'LineItemState')
    throw orderErrors.invalidOperation(`The state '${name}' is of type '${String(target.type)}', not 'LineItemState'.`);
  if (fromId === to.id) return states;
  const from = ctx.get('state', fromId);
  const allowed = from?.transitions as Array<{ id: string }> | undefined;
  if (allowed && !allowed.some((t) => t.id === to.id)) {
    throw orderErrors.invalidOperation(
      `A transition from state '${(from!.key as string | undefined) ?? fromId}' to state '${name}' is not allowed.`,
    );
  }
  const next = states.map((entry) => ({ quantity: entry.quantity, state: { ...entry.state } }));
  const source = next.find((entry) => entry.state.id === fromId);
  if (!source || source.quantity < a.quantity) {
    throw orderErrors.invalidOperation(
      `The ${what} has ${source?.quantity ?? 0} in the state '${fromId}', fewer than the ${a.quantity} to transition.`,
    );
  }
  source.quantity -= a.quantity;
  const existing = next.find((entry) => entry.state.id === to.id);
  if (existing) existing.quantity += a.quantity;
  else next.push({ quantity: a.quantity, state: to });
  return next.filter((entry) => entry.quantity > 0);
}

/** The payload of a line item's or a custom line item's state transition message. */
function itemTransition(
  item: { id: string; key?: string | undefined },
  kind: 'lineItem' | 'customLineItem',
  a: z.infer<typeof ItemTransition>,
  ctx: ResourceContext,
) {
  return {
    [`${kind}Id`]: item.id,
    ...(item.key !== undefined ? { [`${kind}Key`]: item.key } : {}),
    transitionDate: a.actualTransitionDate ?? ctx.now,
    quantity: a.quantity,
    fromState: ctx.reference('state', a.fromState),
    toState: ctx.reference('state', a.toState),
  };
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

const customerOf = (id: string | undefined) => (id === undefined ? undefined : { typeId: 'customer', id });

const deliveryCustom: CustomMessages<Order> = {
  prefix: 'Delivery',
  naming: 'previous',
  holder: (order, a) => findDelivery(order, a),
  part: (order, a) => ({ deliveryId: findDelivery(order, a).id }),
};

const ItemTransition = z.object({
  quantity: z.number().int().min(1),
  fromState: resourceIdentifier('state'),
  toState: resourceIdentifier('state'),
  actualTransitionDate: DateTime.optional(),
});

/** Checks an order number is free for `order` (400 DuplicateField orderNumber). */
export function assertOrderNumberFree(orderNumber: string, ctx: ResourceContext, orderId?: string): void {
  const holder = ctx.getByKey('order', orderNumber);
  if (holder && holder.id !== orderId) throw orderErrors.duplicateOrderNumber(orderNumber);
}

export const orderActions: Record<string, UpdateAction<Order>> = {
  // States -----------------------------------------------------------------------------------------
  changeOrderState: emits(
    action(
      () => z.object({ orderState: OrderState }),
      (order: Order, a) => void (order.orderState = a.orderState),
    ),
    'OrderStateChanged',
    (order: Order, _a, oldOrderState: string) => ({ orderState: order.orderState, oldOrderState }),
    (order: Order) => order.orderState,
  ),
  changePaymentState: emits(
    action(
      () => z.object({ paymentState: Optional(PaymentState) }),
      (order: Order, a) => setField(order, 'paymentState', a.paymentState),
    ),
    'OrderPaymentStateChanged',
    (order: Order, _a, oldPaymentState?: string) => ({ paymentState: order.paymentState, oldPaymentState }),
    (order: Order) => order.paymentState,
  ),
  changeShipmentState: emits(
    action(
      () => z.object({ shipmentState: Optional(ShipmentState) }),
      (order: Order, a) => setField(order, 'shipmentState', a.shipmentState),
    ),
    'OrderShipmentStateChanged',
    (order: Order, _a, oldShipmentState?: string) => ({ shipmentState: order.shipmentState, oldShipmentState }),
    (order: Order) => order.shipmentState,
  ),
  transitionState: emitsStateTransition(
    action(
      () => z.object({ state: resourceIdentifier('state'), force: z.boolean().optional() }),
      (order: Order, a, ctx) => {
        order.state = stateTransition(order.state, a, 'OrderState', ctx);
      },
    ),
    'OrderStateTransition',
  ),
  transitionLineItemState: emits(
    action(
      () => LineItemLocator.extend(ItemTransition.shape),
      (order: Order, a, ctx) => {
        const item = findLineItem(asCart(order), a);
        item.state = transitionItemState(item.state, a, 'line item', ctx);
      },
    ),
    'LineItemStateTransition',
    (order: Order, a, _old, ctx) => itemTransition(findLineItem(asCart(order), a), 'lineItem', a, ctx),
  ),
  transitionCustomLineItemState: emits(
    action(
      () => CustomLineItemLocator.extend(ItemTransition.shape),
      (order: Order, a, ctx) => {
        const item = findCustomLineItem(asCart(order), a);
        item.state = transitionItemState(item.state, a, 'custom line item', ctx);
      },
    ),
    'CustomLineItemStateTransition',
    (order: Order, a, _old, ctx) => itemTransition(findCustomLineItem(asCart(order), a), 'customLineItem', a, ctx),
  ),
  importLineItemState: action(
    () => LineItemLocator.extend({ state: z.array(ItemStateDraft) }),
    (order: Order, a, ctx) => {
      const item = findLineItem(asCart(order), a);
      item.state = itemStates(a.state, item.quantity, 'line item', ctx);
    },
  ),
  importCustomLineItemState: action(
    () => CustomLineItemLocator.extend({ state: z.array(ItemStateDraft) }),
    (order: Order, a, ctx) => {
      const item = findCustomLineItem(asCart(order), a);
      item.state = itemStates(a.state, item.quantity, 'custom line item', ctx);
    },
  ),

  // Order fields -----------------------------------------------------------------------------------
  setOrderNumber: action(
    () => z.object({ orderNumber: Optional(z.string().min(1)) }),
    (order: Order, a, ctx) => {
      const next = a.orderNumber ?? undefined;
      if (next === order.orderNumber) return;
      if (order.orderNumber !== undefined) throw orderErrors.invalidOperation('The order number is already set and cannot be changed.');
      assertOrderNumberFree(next!, ctx, order.id);
      order.orderNumber = next!;
    },
  ),
  setPurchaseOrderNumber: emitsField(
    action(
      () => z.object({ purchaseOrderNumber: Optional(z.string()) }),
      (order: Order, a) => setField(order, 'purchaseOrderNumber', a.purchaseOrderNumber),
    ),
    'OrderPurchaseOrderNumberSet',
    'purchaseOrderNumber',
    'oldPurchaseOrderNumber',
  ),
  setCustomerEmail: emits(
    action(
      () => z.object({ email: Optional(z.string()) }),
      (order: Order, a) => setField(order, 'customerEmail', a.email),
    ),
    'OrderCustomerEmailSet',
    (order: Order, _a, oldEmail?: string) => ({ email: order.customerEmail, oldEmail }),
    (order: Order) => order.customerEmail,
  ),
  setCustomerId: emits(
    action(
      () => z.object({ customerId: Optional(z.string()) }),
      (order: Order, a, ctx) => {
        if (!a.customerId) return void delete order.customerId;
        const customer = ctx.get('customer', a.customerId);
        if (!customer) throw errors.referencedResourceNotFound('customer', { id: a.customerId });
        order.customerId = a.customerId;
        if (customer.customerGroup) order.customerGroup = customer.customerGroup as Order['customerGroup'] & object;
      },
    ),
    'OrderCustomerSet',
    (order: Order, _a, old: Pick<Order, 'customerId' | 'customerGroup'>) => ({
      customer: customerOf(order.customerId),
      customerGroup: order.customerGroup,
      oldCustomer: customerOf(old.customerId),
      oldCustomerGroup: old.customerGroup,
    }),
    (order: Order) => ({ customerId: order.customerId, customerGroup: order.customerGroup }),
  ),
  setLocale: action(
    () => z.object({ locale: Optional(LanguageTag) }),
    (order: Order, a) => setField(order, 'locale', a.locale),
  ),
  setStore: emitsField(
    action(
      () => z.object({ store: Optional(resourceIdentifier('store')) }),
      (order: Order, a, ctx) => {
        const next = a.store ? (ctx.keyReference('store', a.store) as { typeId: 'store'; key: string }) : undefined;
        if (next?.key === order.store?.key) {
          throw orderErrors.invalidOperation(
            next ? `The order is already assigned to the store '${next.key}'.` : 'The order is not assigned to a store.',
          );
        }
        setField(order, 'store', next);
      },
    ),
    'OrderStoreSet',
    'store',
  ),
  setBusinessUnit: emitsField(
    action(
      () => z.object({ businessUnit: Optional(resourceIdentifier('business-unit')) }),
      (order: Order, a, ctx) => {
        if (!a.businessUnit) return void delete order.businessUnit;
        order.businessUnit = businessUnitOf(a.businessUnit, ctx);
      },
    ),
    'OrderBusinessUnitSet',
    'businessUnit',
    'oldbusinessUnit',
  ),
  updateSyncInfo: action(
    () => z.object({ channel: resourceIdentifier('channel'), externalId: z.string().optional(), syncedAt: DateTime.optional() }),
    (order: Order, a, ctx) => {
      const channel = ctx.reference('channel', a.channel);
      const roles = (ctx.get('channel', channel.id)!.roles as string[] | undefined) ?? [];
      if (!roles.includes('OrderExport') && !roles.includes('OrderImport')) {
        throw errors.invalidInput(`The channel '${channel.id}' needs the role OrderExport or OrderImport to be used for sync info.`);
      }
      const entry: Order['syncInfo'][number] = {
        channel,
        syncedAt: a.syncedAt !== undefined ? new Date(Date.parse(a.syncedAt)).toISOString() : ctx.now,
      };
      if (a.externalId !== undefined) entry.externalId = a.externalId;
      order.syncInfo.push(entry);
    },
  ),
  addPayment: emits(
    action(
      () => z.object({ payment: resourceIdentifier('payment') }),
      (order: Order, a, ctx) => {
        const reference = ctx.reference('payment', a.payment);
        order.paymentInfo ??= { payments: [] };
        if (!order.paymentInfo.payments.some((p) => p.id === reference.id)) order.paymentInfo.payments.push(reference);
      },
    ),
    'OrderPaymentAdded',
    (_order: Order, a, _old, ctx) => ({ paymentRef: ctx.reference('payment', a.payment) }),
  ),
  removePayment: emits(
    action(
      () => z.object({ payment: resourceIdentifier('payment') }),
      (order: Order, a, ctx) => {
        const id = a.payment.id ?? ctx.reference('payment', a.payment).id;
        if (!order.paymentInfo?.payments.some((p) => p.id === id))
          throw orderErrors.invalidOperation(`The order has no payment with ID '${id}'.`);
        order.paymentInfo.payments = order.paymentInfo.payments.filter((p) => p.id !== id);
        if (order.paymentInfo.payments.length === 0) delete order.paymentInfo;
      },
    ),
    'OrderPaymentRemoved',
    (order: Order, a, _old, ctx) => ({
      paymentRef: ctx.reference('payment', a.payment),
      removedPaymentInfo: order.paymentInfo === undefined,
    }),
  ),
  ...(customFieldActionsWithMessages('Order', 'previous') as unknown as Record<string, UpdateAction<Order>>),

  // Addresses --------------------------------------------------------------------------------------
  setShippingAddress: emits(
    action(
      () => z.object({ address: Optional(BaseAddress) }),
      (order: Order, a, ctx) => setField(order, 'shippingAddress', a.address ? storedAddress(a.address, ctx) : undefined),
    ),
    'OrderShippingAddressSet',
    (order: Order, _a, oldAddress: unknown) => ({ address: order.shippingAddress, oldAddress }),
    (order: Order) => order.shippingAddress,
  ),
  setBillingAddress: emits(
    action(
      () => z.object({ address: Optional(BaseAddress) }),
      (order: Order, a, ctx) => setField(order, 'billingAddress', a.address ? storedAddress(a.address, ctx) : undefined),
    ),
    'OrderBillingAddressSet',
    (order: Order, _a, oldAddress: unknown) => ({ address: order.billingAddress, oldAddress }),
    (order: Order) => order.billingAddress,
  ),
  setShippingAddressCustomType: action(SetCustomType, (order: Order, a, ctx) =>
    applyCustomType(addressOf(order, 'shippingAddress'), a, ctx),
  ),
  setShippingAddressCustomField: action(SetCustomField, (order: Order, a) => applyCustomField(addressOf(order, 'shippingAddress'), a)),
  setBillingAddressCustomType: action(SetCustomType, (order: Order, a, ctx) => applyCustomType(addressOf(order, 'billingAddress'), a, ctx)),
  setBillingAddressCustomField: action(SetCustomField, (order: Order, a) => applyCustomField(addressOf(order, 'billingAddress'), a)),
  addItemShippingAddress: action(
    () => z.object({ address: BaseAddress }),
    (order: Order, a, ctx) => {
      const key = a.address.key;
      if (key === undefined) throw orderErrors.invalidOperation('An item shipping address needs a key.');
      if (order.itemShippingAddresses.some((address) => address.key === key)) {
        throw errors.duplicateField(
          'itemShippingAddresses.key',
          key,
          `An item shipping address with the key '${key}' already exists in the order.`,
        );
      }
      order.itemShippingAddresses.push(storedAddress(a.address, ctx));
    },
  ),
  removeItemShippingAddress: action(
    () => z.object({ addressKey: z.string() }),
    (order: Order, a) => removeItemShippingAddress(order, a.addressKey, 'order'),
  ),
  updateItemShippingAddress: action(
    () => z.object({ address: BaseAddress }),
    (order: Order, a, ctx) => updateItemShippingAddress(order, a.address, ctx, 'order'),
  ),
  setItemShippingAddressCustomType: action(
    () => SetCustomType.extend({ addressKey: z.string() }),
    (order: Order, a, ctx) => applyCustomType(itemShippingAddress(order, a.addressKey, 'order'), a, ctx),
  ),
  setItemShippingAddressCustomField: action(
    () => SetCustomField.extend({ addressKey: z.string() }),
    (order: Order, a) => applyCustomField(itemShippingAddress(order, a.addressKey, 'order'), a),
  ),

  // Line items -------------------------------------------------------------------------------------
  setLineItemCustomType: action(
    () => LineItemLocator.extend(SetCustomType.shape),
    (order: Order, a, ctx) => applyCustomType(findLineItem(asCart(order), a), a, ctx),
  ),
  setLineItemCustomField: action(
    () => LineItemLocator.extend(SetCustomField.shape),
    (order: Order, a) => applyCustomField(findLineItem(asCart(order), a), a),
  ),
  setLineItemShippingDetails: action(
    () => LineItemLocator.extend({ shippingDetails: Optional(ItemShippingDetailsDraft) }),
    (order: Order, a) => {
      const item = findLineItem(asCart(order), a);
      setField(item, 'shippingDetails', shippingDetails(a.shippingDetails, asCart(order), item.quantity));
    },
  ),
  setCustomLineItemCustomType: action(
    () => CustomLineItemLocator.extend(SetCustomType.shape),
    (order: Order, a, ctx) => applyCustomType(findCustomLineItem(asCart(order), a), a, ctx),
  ),
  setCustomLineItemCustomField: action(
    () => CustomLineItemLocator.extend(SetCustomField.shape),
    (order: Order, a) => applyCustomField(findCustomLineItem(asCart(order), a), a),
  ),
  setCustomLineItemShippingDetails: action(
    () => CustomLineItemLocator.extend({ shippingDetails: Optional(ItemShippingDetailsDraft) }),
    (order: Order, a) => {
      const item = findCustomLineItem(asCart(order), a);
      setField(item, 'shippingDetails', shippingDetails(a.shippingDetails, asCart(order), item.quantity));
    },
  ),

  // Shipping ---------------------------------------------------------------------------------------
  setShippingCustomType: action(
    () => SetCustomType.extend({ shippingKey: z.string().optional() }),
    (order: Order, a, ctx) => {
      const target = a.shippingKey !== undefined ? findShipping(order, a.shippingKey) : order;
      const holder: Addressed = target.shippingCustomFields ? { custom: target.shippingCustomFields } : {};
      applyCustomType(holder, a, ctx);
      setField(target, 'shippingCustomFields', holder.custom);
    },
  ),
  setShippingCustomField: action(
    () => SetCustomField.extend({ shippingKey: z.string().optional() }),
    (order: Order, a) => {
      const target = a.shippingKey !== undefined ? findShipping(order, a.shippingKey) : order;
      const holder: Addressed = target.shippingCustomFields ? { custom: target.shippingCustomFields } : {};
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

  // Returns ----------------------------------------------------------------------------------------
  addReturnInfo: emits(
    action(
      () =>
        z.object({
          items: z.array(ReturnItemDraft).min(1),
          returnTrackingId: z.string().optional(),
          returnDate: ReturnInfoDraft.shape.returnDate,
        }),
      (order: Order, a, ctx) => {
        order.returnInfo.push(newReturnInfo(order, a, ctx));
      },
    ),
    'ReturnInfoAdded',
    (order: Order) => ({ returnInfo: order.returnInfo.at(-1) }),
  ),
  setReturnInfo: emits(
    action(
      () => z.object({ items: Optional(z.array(ReturnInfoDraft)) }),
      (order: Order, a, ctx) => {
        order.returnInfo = [];
        for (const draft of a.items ?? []) order.returnInfo.push(newReturnInfo(order, draft, ctx));
      },
    ),
    'ReturnInfoSet',
    (order: Order) => ({ returnInfo: order.returnInfo }),
  ),
  setReturnShipmentState: emits(
    action(
      () => ReturnItemLocator.extend({ shipmentState: ReturnShipmentState }),
      (order: Order, a, ctx) => {
        const item = findReturnItem(order, a);
        if (item.shipmentState === a.shipmentState) return;
        item.shipmentState = a.shipmentState;
        item.lastModifiedAt = ctx.now;
      },
    ),
    'OrderReturnShipmentStateChanged',
    (order: Order, a) => ({ returnItemId: findReturnItem(order, a).id, returnShipmentState: a.shipmentState }),
  ),
  setReturnPaymentState: action(
    () => ReturnItemLocator.extend({ paymentState: ReturnPaymentState }),
    (order: Order, a, ctx) => {
      const item = findReturnItem(order, a);
      if (item.paymentState === a.paymentState) return;
      item.paymentState = a.paymentState;
      item.lastModifiedAt = ctx.now;
    },
  ),
  setReturnItemCustomType: action(
    () => ReturnItemLocator.extend(SetCustomType.shape),
    (order: Order, a, ctx) => applyCustomType(findReturnItem(order, a), a, ctx),
  ),
  setReturnItemCustomField: action(
    () => ReturnItemLocator.extend(SetCustomField.shape),
    (order: Order, a) => applyCustomField(findReturnItem(order, a), a),
  ),
};
