/**
 * Orders: placed from a cart (`POST /orders`, ./place.ts) or from a quote (`POST /orders/quotes`,
 * ./from-quote.ts), imported (`POST /orders/import`, ./import.ts), found by order number
 * (`/orders/order-number={orderNumber}`: GET, POST update, DELETE), searched (`POST /orders/search`,
 * ./search.ts), changed by every platform update action (./actions.ts).
 *
 * The order number is the resource's lookup key (`keyOf`): unique in the project (400
 * DuplicateField `orderNumber`), set once. Orders have no `key`, so there are no `key=` routes.
 */
import { defineResource } from '../../engine/define.js';
import { orderActions } from './actions.js';
import { orderFromQuoteRoute } from './from-quote.js';
import { importedOrder } from './import.js';
import { OrderImportDraft, type Order } from './model.js';
import { orderFromCartRoute, orderImportRoute, orderNumberRoutes, orderSearchRoutes, projectCart, projectOrders } from './routes.js';
import { orderScope } from './order-scope.js';

export const orders = defineResource<OrderImportDraft, Order>({
  typeId: 'order',
  path: 'orders',
  scope: orderScope,
  // The generic create (and `mock.create('order', ...)` / seeding) takes an OrderImportDraft; `POST /orders` places an order from a cart.
  draft: OrderImportDraft,
  create: (draft, ctx) => importedOrder(draft, ctx),
  actions: orderActions,
  messages: {
    created: { type: 'OrderCreated', payload: (order) => ({ order }) },
    imported: { type: 'OrderImported', payload: (order) => ({ order }) },
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
