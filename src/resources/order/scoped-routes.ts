/**
 * The order routes only a caller scope has (mounted by the order's scope policy, order/scope.ts).
 * Each goes through `scopedAccess(call, typeId, engine)`, so what it reaches is what the scope
 * reaches:
 *
 * - `POST /me/orders` (MyOrderFromCartDraft `{id, version}`), `POST /in-store/key=/orders`
 *   (OrderFromCartDraft): the cart must be reachable by the scope (400 ReferencedResourceNotFound
 *   otherwise: another customer's, another store's), then the orders module places the order.
 * - `/in-store/key=/orders/order-number={n}`: GET, POST, DELETE of the store's orders.
 */
import { scopedAccess } from '../../engine/scoped-access.js';
import { findCart } from '../cart/scoped-routes.js';
import type { CustomRoute } from '../../engine/define.js';
import { MyOrderFromCartDraft, type Order } from './model.js';
import { orderFromCartRoute, orderNumberRoutes } from './routes.js';

export const myOrderRoutes: CustomRoute[] = [orderFromCartRoute(findCart, MyOrderFromCartDraft)];

export const inStoreOrderRoutes: CustomRoute[] = [
  orderFromCartRoute(findCart),
  ...orderNumberRoutes({
    get: (call, engine, orderNumber) => scopedAccess<Order>(call, 'order', engine).find({ key: orderNumber }),
    update: (call, engine, orderNumber) => scopedAccess<Order>(call, 'order', engine).update({ key: orderNumber }, call.json()),
    remove: (call, engine, orderNumber, version) => scopedAccess<Order>(call, 'order', engine).remove({ key: orderNumber }, version),
  }),
];
