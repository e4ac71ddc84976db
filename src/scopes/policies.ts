/**
 * Which resource types live under the caller-scoped prefixes, and how (one ScopePolicy each).
 * `scopePolicies` is the active list: a type is served under `/me`, `/in-store/key=` and
 * `/as-associate/{id}/in-business-unit/key=` exactly when it has an entry there AND its resource
 * definition is registered (src/resources/index.ts). Everything else under those prefixes is a 404.
 *
 * Plugging in carts, orders, payments, shopping lists, quotes and quote requests: each has a ready
 * policy below (`cartScope`, ...) written against the platform's field names; add it to
 * `scopePolicies` once the resource module exists (one line), plus its own scoped routes in
 * `mounts.<mount>.routes` (me/active-cart, me/orders from a cart, replicate, ...) using
 * `scopedAccess(call, typeId, repository)`.
 */
import { ok, type ApiCall } from '../context.js';
import type { StoredDocument } from '../storage/types.js';
import { customerAccountRoutes } from '../resources/customer/account.js';
import { customerInStore } from '../resources/customer/authentication.js';
import type { Customer } from '../resources/customer/model.js';
import { signUp } from '../resources/customer/sign-in.js';
import { associateResponse, effectiveStores } from '../resources/business-unit/hierarchy.js';
import type { BusinessUnit } from '../resources/business-unit/model.js';
import { RESOURCE_PERMISSIONS } from './associate-permissions.js';
import {
  inStoreCartRoutes,
  inStoreOrderRoutes,
  myCartRoutes,
  myInStoreCartRoutes,
  myOrderRoutes,
  myPaymentRoutes,
  presentMyPayment,
} from '../resources/order/scoped-routes.js';
import {
  associateApprovalFlowRoutes,
  associateOrderFromCartRoute,
  associateOrderNumberRoutes,
  associateReplicateCartRoute,
} from '../resources/approval-flows.js';
import { associateApprovalRuleRoutes } from '../resources/approval-rules.js';
import { myQuoteRequestRoutes } from '../resources/quote-requests.js';
import { scopedOrderFromQuoteRoute } from '../resources/order/from-quote.js';
import { associateQuoteRoutes, myQuoteRoutes, scopedQuoteCreateRoute } from '../resources/quotes.js';
import { scopedStagedQuoteCreateRoute } from '../resources/staged-quotes.js';
import type { ScopePolicy } from '../resources/define.js';
import { scopedAccess, stamps } from './scoped-access.js';
import { productProjectionInStoreScope } from './store-products.js';
import type { Engine } from '../resources/define.js';

type Doc = StoredDocument & Record<string, any>;

const keyOf = (reference: unknown): string | undefined => (reference as { key?: string } | undefined)?.key;
const idOf = (reference: unknown): string | undefined => (reference as { id?: string } | undefined)?.id;

// Active now ---------------------------------------------------------------------------------------

/** `/in-store/key={storeKey}/customers`: customers of the store (and global ones, which every store reaches). */
export const customerScope: ScopePolicy<Customer> = {
  typeId: 'customer',
  mounts: {
    store: {
      routes: [
        // Sign-up in the store: the customers module's rules (stores default to this one, anonymous resources pass over).
        { method: 'POST', path: '', handle: (call, repository) => signUp(call, repository, call.ctx.scope!.store!) },
        ...customerAccountRoutes((call) => call.ctx.scope?.store),
      ],
    },
  },
  inStore: (customer, storeKey) => customerInStore(customer, storeKey),
};

/** `/in-store/key={storeKey}/business-units`: units whose (own or inherited) stores include the store. */
export const businessUnitScope: ScopePolicy<BusinessUnit> = {
  typeId: 'business-unit',
  mounts: {
    store: {
      routes: [associateInStoreRoute(':id'), associateInStoreRoute('key=:key')],
    },
  },
  inStore: (unit, storeKey) => effectiveStores(unit).some((store) => store.key === storeKey),
  stamp(draft, scope) {
    if (scope.store !== undefined && draft.stores === undefined && (draft.unitType === 'Company' || draft.storeMode === 'Explicit')) {
      draft.stores = [stamps.storeKeyReference(scope.store)];
    }
  },
};

function associateInStoreRoute(locator: ':id' | 'key=:key') {
  return {
    method: 'GET' as const,
    path: `${locator}/associates/:associateId`,
    handle: (call: ApiCall, repository: Engine) => {
      const access = scopedAccess<BusinessUnit>(call, 'business-unit', repository);
      const unit = access.find(locator === ':id' ? { id: call.params.id! } : { key: call.params.key! });
      return ok(associateResponse(unit, call.params.associateId!, call.ctx));
    },
  };
}

// Ready for the checkout resources (activate by listing them in `scopePolicies`) ----------------------

const inStoreField = (resource: Doc, storeKey: string) => keyOf(resource.store) === storeKey;
const unitField = (resource: Doc) => keyOf(resource.businessUnit);

/** Carts: `customerId` / `anonymousId`, `store`, `businessUnit` (KeyReferences). */
export const cartScope: ScopePolicy<Doc> = {
  typeId: 'cart',
  mounts: {
    // '/active-cart' is rooted: served at /me/active-cart, not under /me/carts.
    me: { without: ['byKey'], actions: myCartActions(), routes: myCartRoutes },
    'store-me': { without: ['byKey'], actions: myCartActions(), routes: myInStoreCartRoutes },
    store: { routes: inStoreCartRoutes },
    'associate-unit': { routes: [associateReplicateCartRoute()] },
  },
  owner: (cart) => ({ customerId: cart.customerId, anonymousId: cart.anonymousId }),
  inStore: inStoreField,
  businessUnit: unitField,
  stamp(draft, scope) {
    if (scope.caller?.customerId !== undefined) {
      draft.customerId = scope.caller.customerId;
      delete draft.anonymousId;
    } else if (scope.caller?.anonymousId !== undefined) {
      draft.anonymousId = scope.caller.anonymousId;
      delete draft.customerId;
    }
    if (scope.store !== undefined) draft.store = stamps.storeKeyReference(scope.store);
    if (scope.associate?.businessUnitKey !== undefined) {
      draft.businessUnit = stamps.businessUnitKeyReference(scope.associate.businessUnitKey);
      draft.customerId ??= scope.associate.id;
    }
  },
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

/** Orders: read-only under /me (created from a cart by the orders module's own route). */
export const orderScope: ScopePolicy<Doc> = {
  typeId: 'order',
  mounts: {
    me: { without: ['create', 'update', 'delete', 'byKey'], routes: [...myOrderRoutes, scopedOrderFromQuoteRoute()] },
    'store-me': { without: ['create', 'update', 'delete', 'byKey'], routes: myOrderRoutes },
    store: { routes: [...inStoreOrderRoutes, scopedOrderFromQuoteRoute()] },
    // Created from a cart or a quote of the unit (with the order's approval flow), found by order number.
    'associate-unit': { routes: [associateOrderFromCartRoute(), scopedOrderFromQuoteRoute(), ...associateOrderNumberRoutes()] },
  },
  owner: (order) => ({ customerId: order.customerId, anonymousId: order.anonymousId }),
  inStore: inStoreField,
  businessUnit: unitField,
  permissions: { view: RESOURCE_PERMISSIONS.order.view, update: RESOURCE_PERMISSIONS.order.update },
};

/** Shopping lists: `customer` (Reference) / `anonymousId`, `store`, `businessUnit`. */
export const shoppingListScope: ScopePolicy<Doc> = {
  typeId: 'shopping-list',
  mounts: {
    me: { actions: myShoppingListActions() },
    'store-me': { actions: myShoppingListActions() },
    store: {},
    'associate-unit': {},
  },
  owner: (list) => ({ customerId: idOf(list.customer), anonymousId: list.anonymousId }),
  inStore: inStoreField,
  businessUnit: unitField,
  stamp(draft, scope) {
    if (scope.caller?.customerId !== undefined) {
      draft.customer = stamps.customerReference(scope.caller.customerId);
      delete draft.anonymousId;
    } else if (scope.caller?.anonymousId !== undefined) {
      draft.anonymousId = scope.caller.anonymousId;
      delete draft.customer;
    }
    if (scope.store !== undefined) draft.store = stamps.storeKeyReference(scope.store);
    if (scope.associate?.businessUnitKey !== undefined) {
      draft.businessUnit = stamps.businessUnitKeyReference(scope.associate.businessUnitKey);
      draft.customer ??= stamps.customerReference(scope.associate.id);
    }
  },
  permissions: RESOURCE_PERMISSIONS['shopping-list'],
};

function myShoppingListActions(): readonly string[] {
  return [
    'addLineItem',
    'addTextLineItem',
    'changeLineItemQuantity',
    'changeLineItemsOrder',
    'changeName',
    'changeTextLineItemName',
    'changeTextLineItemQuantity',
    'changeTextLineItemsOrder',
    'removeLineItem',
    'removeTextLineItem',
    'setCustomField',
    'setCustomType',
    'setDeleteDaysAfterLastModification',
    'setDescription',
    'setLineItemCustomField',
    'setLineItemCustomType',
    'setTextLineItemCustomField',
    'setTextLineItemCustomType',
    'setTextLineItemDescription',
  ];
}

/** Payments: `customer` (Reference) / `anonymousId`. */
export const paymentScope: ScopePolicy<Doc> = {
  typeId: 'payment',
  mounts: {
    me: {
      without: ['byKey'],
      routes: myPaymentRoutes,
      actions: [
        'addTransaction',
        'changeAmountPlanned',
        'setCustomField',
        'setMethodInfoCustomField',
        'setMethodInfoCustomType',
        'setMethodInfoInterfaceAccount',
        'setMethodInfoInterface',
        'setMethodInfoMethod',
        'setMethodInfoName',
        'setTransactionCustomField',
      ],
    },
  },
  owner: (payment) => ({ customerId: idOf(payment.customer), anonymousId: payment.anonymousId }),
  present: () => presentMyPayment,
  stamp(draft, scope) {
    if (scope.caller?.customerId !== undefined) {
      draft.customer = stamps.customerReference(scope.caller.customerId);
      delete draft.anonymousId;
    } else if (scope.caller?.anonymousId !== undefined) {
      draft.anonymousId = scope.caller.anonymousId;
      delete draft.customer;
    }
  },
};

/**
 * Quote requests: `customer` (Reference), `businessUnit`, `store`. Customers only under /me, where they
 * are made from the caller's cart (MyQuoteRequestDraft) and only cancelled (MyQuoteRequestUpdateAction).
 */
export const quoteRequestScope: ScopePolicy<Doc> = {
  typeId: 'quote-request',
  mounts: {
    me: { customersOnly: true, without: ['create', 'update', 'delete'], routes: myQuoteRequestRoutes() },
    store: {},
    'associate-unit': {},
  },
  owner: (request) => ({ customerId: idOf(request.customer) }),
  inStore: inStoreField,
  businessUnit: unitField,
  permissions: {
    view: RESOURCE_PERMISSIONS['quote-request'].view,
    update: RESOURCE_PERMISSIONS['quote-request'].update,
    create: RESOURCE_PERMISSIONS['quote-request'].create,
  },
};

/** Quotes: read and `changeMyQuoteState` under /me; as an associate, each update action needs its own permission (quotes module's routes). */
export const quoteScope: ScopePolicy<Doc> = {
  typeId: 'quote',
  mounts: {
    me: { customersOnly: true, without: ['create', 'update', 'delete'], routes: myQuoteRoutes() },
    store: { without: ['create'], routes: [scopedQuoteCreateRoute()] },
    'associate-unit': { without: ['create', 'delete', 'update'], routes: associateQuoteRoutes() },
  },
  owner: (quote) => ({ customerId: idOf(quote.customer) }),
  inStore: inStoreField,
  businessUnit: unitField,
  permissions: { view: RESOURCE_PERMISSIONS.quote.view },
};

/** Staged quotes: in a store (the Seller's side of the quote flow has no /me or as-associate endpoint). */
export const stagedQuoteScope: ScopePolicy<Doc> = {
  typeId: 'staged-quote',
  mounts: { store: { without: ['create'], routes: [scopedStagedQuoteCreateRoute()] } },
  inStore: inStoreField,
};

/** Approval rules and flows: only in a business unit, with their own permission rules (approval-rules.ts, approval-flows.ts). */
export const approvalRuleScope: ScopePolicy<Doc> = {
  typeId: 'approval-rule',
  mounts: { 'associate-unit': { routes: associateApprovalRuleRoutes() } },
  businessUnit: unitField,
};

export const approvalFlowScope: ScopePolicy<Doc> = {
  typeId: 'approval-flow',
  mounts: { 'associate-unit': { routes: associateApprovalFlowRoutes() } },
  businessUnit: unitField,
};

/** The active policies (a policy whose type is not registered is skipped). */
export const scopePolicies: ReadonlyArray<ScopePolicy<any>> = [
  customerScope,
  businessUnitScope,
  shoppingListScope,
  cartScope,
  orderScope,
  paymentScope,
  quoteRequestScope,
  quoteScope,
  stagedQuoteScope,
  approvalRuleScope,
  approvalFlowScope,
  productProjectionInStoreScope,
];
