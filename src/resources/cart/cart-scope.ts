import { RESOURCE_PERMISSIONS } from '../business-unit/permissions.js';
import { scopeFields, stampScope } from '../../engine/scoped-access.js';
import { associateReplicateCartRoute } from '../approval-flows.js';
import type { ScopePolicy } from '../../engine/define.js';
import type { Cart } from './model.js';
import { inStoreCartRoutes, myCartRoutes, myInStoreCartRoutes } from './scoped-routes.js';

/** Carts: `customerId` / `anonymousId`, `store`, `businessUnit` (KeyReferences). */
export const cartScope: ScopePolicy<Cart> = {
  mounts: {
    // '/active-cart' is rooted: served at /me/active-cart, not under /me/carts.
    me: { without: ['byKey'], actions: myCartActions(), routes: myCartRoutes },
    'store-me': { without: ['byKey'], actions: myCartActions(), routes: myInStoreCartRoutes },
    store: { routes: inStoreCartRoutes },
    'associate-unit': { routes: [associateReplicateCartRoute()] },
  },
  owner: (cart) => ({ customerId: cart.customerId, anonymousId: cart.anonymousId }),
  inStore: scopeFields.inStore,
  businessUnit: scopeFields.businessUnit,
  stamp: (draft, scope) => stampScope(draft, scope, 'customerId'),
  permissions: RESOURCE_PERMISSIONS.cart,
};

function myCartActions(): readonly string[] {
  return [
    'addDiscountCode',
    'addItemShippingAddress',
    'addLineItem',
    'addPayment',
    'applyDeltaToLineItemShippingDetailsTargets',
    'changeLineItemQuantity',
    'changeLineItemsOrder',
    'changeTaxMode',
    'recalculate',
    'removeDiscountCode',
    'removeItemShippingAddress',
    'removeLineItem',
    'removePayment',
    'setBillingAddress',
    'setBusinessUnit',
    'setCountry',
    'setCustomField',
    'setCustomType',
    'setCustomerEmail',
    'setDeleteDaysAfterLastModification',
    'setLineItemCustomField',
    'setLineItemCustomType',
    'setLineItemDistributionChannel',
    'setLineItemShippingDetails',
    'setLineItemSupplyChannel',
    'setLocale',
    'setShippingAddress',
    'setShippingMethod',
    'updateItemShippingAddress',
  ];
}
