import { RESOURCE_PERMISSIONS } from '../business-unit/permissions.js';
import { scopeFields } from '../../engine/scoped-access.js';
import { associateOrderFromCartRoute, associateOrderNumberRoutes } from '../approval-flows.js';
import type { ScopePolicy } from '../../engine/define.js';
import { scopedOrderFromQuoteRoute } from './from-quote.js';
import type { Order } from './model.js';
import { inStoreOrderRoutes, myOrderRoutes } from './scoped-routes.js';

/** Orders: read-only under /me (created from a cart by the orders module's own route). */
export const orderScope: ScopePolicy<Order> = {
  mounts: {
    me: { without: ['create', 'update', 'delete', 'byKey'], routes: [...myOrderRoutes, scopedOrderFromQuoteRoute()] },
    'store-me': { without: ['create', 'update', 'delete', 'byKey'], routes: myOrderRoutes },
    store: { routes: [...inStoreOrderRoutes, scopedOrderFromQuoteRoute()] },
    // Created from a cart or a quote of the unit (with the order's approval flow), found by order number.
    'associate-unit': { routes: [associateOrderFromCartRoute(), scopedOrderFromQuoteRoute(), ...associateOrderNumberRoutes()] },
  },
  owner: (order) => ({ customerId: order.customerId, anonymousId: order.anonymousId }),
  inStore: scopeFields.inStore,
  businessUnit: scopeFields.businessUnit,
  permissions: { view: RESOURCE_PERMISSIONS.order.view, update: RESOURCE_PERMISSIONS.order.update },
};
