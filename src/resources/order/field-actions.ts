/**
 * The order update actions on the order's own fields: order and purchase order numbers, customer,
 * locale, store, business unit, sync info, payments and custom fields.
 */
import { canonicalDateTime } from '../../util/time.js';
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { customFieldActionsWithMessages, emitsField, setField } from '../../engine/common-actions.js';
import { action, emits, type UpdateAction } from '../../engine/define.js';
import { DateTime, LanguageTag, resourceIdentifier } from '../../engine/draft-fields.js';
import { businessUnitOf } from '../cart/build.js';
import { Optional } from '../cart/schemas.js';
import type { Order } from './model.js';
import { assertOrderNumberFree, orderErrors } from './parts.js';

const customerOf = (id: string | undefined) => (id === undefined ? undefined : { typeId: 'customer', id });

export const fieldActions: Record<string, UpdateAction<Order>> = {
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
      const roles = ctx.get('channel', channel.id)!.roles ?? [];
      if (!roles.includes('OrderExport') && !roles.includes('OrderImport')) {
        throw errors.invalidInput(`The channel '${channel.id}' needs the role OrderExport or OrderImport to be used for sync info.`);
      }
      const entry: Order['syncInfo'][number] = {
        channel,
        syncedAt: a.syncedAt !== undefined ? canonicalDateTime(a.syncedAt) : ctx.now,
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
  ...customFieldActionsWithMessages('Order', 'previous'),
};
