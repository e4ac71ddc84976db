/**
 * Orders: placed from a cart (`POST /orders`, ./place.ts) or from a quote (`POST /orders/quotes`,
 * ./from-quote.ts), imported (`POST /orders/import`, ./import.ts), found by order number
 * (`/orders/order-number={orderNumber}`: GET, POST update, DELETE), searched (`POST /orders/search`,
 * ./search.ts), changed by every update action of the platform's Order API (RAML
 * types/order/updates). None of them recalculates prices, taxes or discounts: an order keeps the
 * figures it was placed with (as on the platform, where only Order Edits change them).
 *
 * The update actions, by topic:
 *   state-actions.ts       order, payment and shipment states, workflow state, (custom) line item states
 *   field-actions.ts       order number, customer, locale, store, business unit, sync info, payments, custom fields
 *   address-actions.ts     shipping, billing and item shipping addresses
 *   line-item-actions.ts   (custom) line items' custom fields and shipping details
 *   shipping-actions.ts    shipping custom fields, estimated delivery, deliveries and parcels
 *   return-actions.ts      returns
 * What they build and find (deliveries, parcels, return items, item states) is in ./parts.ts.
 *
 * The order number is the resource's lookup key (`keyOf`): unique in the project (400
 * DuplicateField `orderNumber`), set once. Orders have no `key`, so there are no `key=` routes.
 */
import { defineResource, type SdkTypes } from '../../engine/define.js';
import { addressActions } from './address-actions.js';
import { orderEditActions } from './edit-applied.js';
import { fieldActions } from './field-actions.js';
import { lineItemActions } from './line-item-actions.js';
import { returnActions } from './return-actions.js';
import { shippingActions } from './shipping-actions.js';
import { stateActions } from './state-actions.js';
import { orderFromQuoteRoute } from './from-quote.js';
import { importedOrder } from './import.js';
import { OrderImportDraft, type Order } from './model.js';
import { orderFromCartRoute, orderImportRoute, orderNumberRoutes, orderSearchRoutes, projectCart, projectOrders } from './routes.js';
import { orderScope } from './order-scope.js';
import type { Order as SdkOrder, OrderImportDraft as SdkOrderImportDraft } from '@commercetools/platform-sdk';

export const orders = defineResource<OrderImportDraft, Order, SdkTypes<SdkOrderImportDraft, SdkOrder>>({
  typeId: 'order',
  path: 'orders',
  scope: orderScope,
  // The generic create (and `mock.data.create('order', ...)` / seeding) takes an OrderImportDraft; `POST /orders` places an order from a cart.
  draft: OrderImportDraft,
  create: (draft, ctx) => importedOrder(draft, ctx),
  actions: {
    ...stateActions,
    ...fieldActions,
    ...addressActions,
    ...lineItemActions,
    ...shippingActions,
    ...returnActions,
  },
  internalActions: orderEditActions,
  messages: {
    created: { type: 'OrderCreated', payload: (order) => ({ order }) },
    imported: { type: 'OrderImported', payload: (order) => ({ order }) },
    // An order a recurring order placed when it fell due (resources/recurring-orders.ts), instead of OrderCreated.
    recurring: {
      type: 'OrderCreatedFromRecurringOrder',
      payload: (order, ctx) => {
        const [recurring] = ctx.grouped('recurring-order', 'cart', order.cart!.id);
        return { order, ...(recurring ? { recurringOrderRef: { typeId: 'recurring-order', id: recurring.id } } : {}) };
      },
    },
    deleted: { type: 'OrderDeleted', payload: (order) => ({ order }) },
  },
  keyOf: (order) => order.orderNumber,
  without: ['byKey'],
  routes: [
    orderFromQuoteRoute,
    orderFromCartRoute(projectCart),
    orderImportRoute,
    ...orderSearchRoutes,
    ...orderNumberRoutes(projectOrders),
  ],
});

declare module '../../http/context.js' {
  interface StoredTypes {
    order: Order;
  }
}
