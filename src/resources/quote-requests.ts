/**
 * Quote requests: a Buyer's request for an offer, taken from one of their carts (the first step of
 * the quote flow: quote request → staged quote → quote → order, see staged-quotes.ts and quotes.ts).
 *
 * Creating one (`{cart, cartVersion, key?, comment?, custom?, state?, purchaseOrderNumber?}`) copies
 * the cart's offer as it stands (line items, custom line items, totals, taxes, addresses, shipping,
 * direct discounts, customer, customer group, store, business unit) and refuses, as the platform
 * does:
 * - a `cartVersion` that is not the cart's: 409 ConcurrentModification;
 * - a cart that is not Active (or Frozen), an anonymous cart (no customer), a cart with discount
 *   codes, a cart with the shipping mode Multiple, a cart without a shipping address: 400 InvalidOperation.
 * The quote request is independent of the cart afterwards: later changes of the cart do not reach it.
 *
 * States (`quoteRequestState`): Submitted (initial) → Accepted | Rejected | Cancelled | Closed;
 * Accepted → Closed | Rejected | Cancelled; Closed, Rejected and Cancelled are final (a change out
 * of them is 400 InvalidOperation; setting the current state again changes nothing). A staged quote
 * may be created from a Submitted or Accepted request only (staged-quotes.ts).
 *
 * Caller-scoped: `/me/quote-requests` (MyQuoteRequestDraft `{cartId, cartVersion, comment?}` from the
 * caller's own cart; MyQuoteRequestUpdateAction `cancelQuoteRequest`, from Submitted only) — for a
 * cart of a business unit the caller needs `CreateMyQuoteRequestsFromMyCarts` there; in-store and
 * as-associate through the definition's `scope` policy.
 */
import * as z from 'zod';
import { errors } from '../http/errors.js';
import { created, ok, type ApiCall } from '../http/context.js';
import type { StoredDocument } from '../storage/backend.js';
import { jsonClone } from '../util/json.js';
import { type Permission, RESOURCE_PERMISSIONS } from './business-unit/permissions.js';
import { scopedAccess, scopeFields } from '../engine/scoped-access.js';
import type { Cart, CustomLineItem, LineItem, ShippingInfo, TaxedPrice } from './cart/model.js';
import {
  customFieldActions,
  customFields,
  type Address,
  type CustomFields,
  emitsField,
  emitsStateTransition,
} from '../engine/common-actions.js';
import {
  action,
  emits,
  defineResource,
  type CustomRoute,
  type Reference,
  type ResourceContext,
  type UpdateAction,
  type Locator,
  type Engine,
  type ScopePolicy,
  lifecycleMessages,
  type SdkTypes,
} from '../engine/define.js';
import { stateTransition } from './payments.js';
import { validate } from '../engine/validation.js';
import { CustomFieldsDraft, Key, type ResourceIdentifier, resourceIdentifier } from '../engine/draft-fields.js';
import type { QuoteRequest as SdkQuoteRequest, QuoteRequestDraft as SdkQuoteRequestDraft } from '@commercetools/platform-sdk';

export type KeyRef<T extends string> = { typeId: T; key: string };

/** The offer a quote request, a staged quote's cart and a quote carry (the cart fields the platform copies along the flow). */
export interface Offer {
  customerGroup?: Reference;
  store?: KeyRef<'store'>;
  lineItems: LineItem[];
  customLineItems: CustomLineItem[];
  totalPrice: Cart['totalPrice'];
  taxedPrice?: TaxedPrice;
  shippingAddress?: Address;
  billingAddress?: Address;
  inventoryMode?: Cart['inventoryMode'];
  taxMode: Cart['taxMode'];
  priceRoundingMode: Cart['priceRoundingMode'];
  taxRoundingMode: Cart['taxRoundingMode'];
  taxCalculationMode: Cart['taxCalculationMode'];
  country?: string;
  shippingInfo?: ShippingInfo;
  paymentInfo?: { payments: Reference[] };
  shippingRateInput?: Cart['shippingRateInput'];
  itemShippingAddresses?: Address[];
  directDiscounts?: Cart['directDiscounts'];
  businessUnit?: KeyRef<'business-unit'>;
}

const OFFER_FIELDS = [
  'customerGroup',
  'store',
  'lineItems',
  'customLineItems',
  'totalPrice',
  'taxedPrice',
  'shippingAddress',
  'billingAddress',
  'inventoryMode',
  'taxMode',
  'priceRoundingMode',
  'taxRoundingMode',
  'taxCalculationMode',
  'country',
  'shippingInfo',
  'paymentInfo',
  'shippingRateInput',
  'itemShippingAddresses',
  'directDiscounts',
  'businessUnit',
] as const satisfies ReadonlyArray<keyof Offer>;

/** Deep copies of the offer fields `source` has (a cart, a quote request, a quote). */
export function offerOf(source: Partial<Offer>): Offer {
  const offer: Record<string, unknown> = {};
  for (const field of OFFER_FIELDS) if (source[field] !== undefined) offer[field] = jsonClone(source[field]);
  return offer as unknown as Offer;
}

export type QuoteRequestState = 'Submitted' | 'Accepted' | 'Closed' | 'Rejected' | 'Cancelled';

export interface QuoteRequest extends StoredDocument, Offer {
  key?: string;
  quoteRequestState: QuoteRequestState;
  comment?: string;
  customer: { typeId: 'customer'; id: string };
  custom?: CustomFields;
  state?: Reference;
  purchaseOrderNumber?: string;
  cart?: { typeId: 'cart'; id: string };
}

export const QuoteRequestDraft = z.object({
  cart: resourceIdentifier('cart'),
  cartVersion: z.number().int().min(1),
  key: Key.optional(),
  comment: z.string().optional(),
  custom: CustomFieldsDraft.optional(),
  state: resourceIdentifier('state').optional(),
  purchaseOrderNumber: z.string().optional(),
});
export type QuoteRequestDraft = z.infer<typeof QuoteRequestDraft>;

// Errors and shared checks -----------------------------------------------------------------------

export const quoteErrors = {
  invalidOperation: (message: string) => errors.invalidOperation(message),
  /** A state change the flow does not allow. */
  transition: (kind: string, from: string, to: string) =>
    errors.invalidOperation(`The ${kind} cannot change its state from '${from}' to '${to}'.`),
};

/** The version the draft names must be the referenced resource's current one. */
export function assertVersion(resource: StoredDocument, version: number): void {
  if (resource.version !== version) throw errors.concurrentModification(resource.id, version, resource.version);
}

/** A state change along `transitions` (the same state again is a no-op; anything else not listed is InvalidOperation). */
export function changeState<S extends string>(kind: string, transitions: Record<S, readonly S[]>, from: S, to: S): S {
  if (from === to) return to;
  if (!transitions[from].includes(to)) throw quoteErrors.transition(kind, from, to);
  return to;
}

/** Custom fields of a draft merged over those of the resource it is made from (the platform's rule for staged quotes and quotes). */
export function mergedCustom(
  draft: z.infer<typeof CustomFieldsDraft> | undefined,
  from: CustomFields | undefined,
  ctx: ResourceContext,
): CustomFields | undefined {
  if (!draft) return from ? jsonClone(from) : undefined;
  const own = customFields(draft, ctx)!;
  return { type: own.type, fields: { ...(from?.fields ?? {}), ...own.fields } };
}

/** The stored reference of a draft's `state` (a State of the project). */
export function stateReference(identifier: ResourceIdentifier | undefined, ctx: ResourceContext): Reference | undefined {
  return identifier ? ctx.reference('state', identifier) : undefined;
}

/** `{typeId: 'customer', id}` for a customer identifier that exists. */
export function customerReference(identifier: ResourceIdentifier, ctx: ResourceContext): { typeId: 'customer'; id: string } {
  return ctx.reference('customer', identifier) as { typeId: 'customer'; id: string };
}

/**
 * The update actions every resource of the quote flow has: a State transition (of `stateType`, with
 * its `<resource>StateTransition` message) and custom fields.
 */
export function flowActions<R extends { state?: Reference; custom?: CustomFields }>(
  stateType: string,
  resourceName: string,
): Record<string, UpdateAction<R>> {
  return {
    transitionState: emitsStateTransition(
      action(
        () => z.object({ state: resourceIdentifier('state'), force: z.boolean().optional() }),
        (resource: R, a, ctx) => {
          resource.state = stateTransition(resource.state, a, stateType, ctx);
        },
      ),
      `${resourceName}StateTransition`,
    ),
    ...customFieldActions,
  };
}

/** `changeCustomer` of a quote request or a quote: a customer that exists; `messageType` names the customer it replaced. */
export function changeCustomer(messageType: 'QuoteRequestCustomerChanged' | 'QuoteCustomerChanged') {
  return emits(
    action(
      () => z.object({ customer: resourceIdentifier('customer') }),
      (resource: { customer?: Reference }, a, ctx) => {
        resource.customer = customerReference(a.customer, ctx);
      },
    ),
    messageType,
    (resource: { customer?: Reference }, _a, previousCustomer: Reference | undefined) => ({
      customer: resource.customer,
      previousCustomer,
    }),
    (resource: { customer?: Reference }) => resource.customer,
  );
}

// Creating ---------------------------------------------------------------------------------------

/** The checks the platform makes on the cart a quote is requested for. */
function requestableCart(cart: Cart, version: number): void {
  assertVersion(cart, version);
  if (cart.cartState !== 'Active' && cart.cartState !== 'Frozen') {
    throw quoteErrors.invalidOperation(
      `A quote request can only be created from an active cart; the cart '${cart.id}' is ${cart.cartState}.`,
    );
  }
  if (cart.customerId === undefined)
    throw quoteErrors.invalidOperation('A quote request cannot be created from an anonymous cart: the cart has no customer.');
  if (cart.discountCodes.length > 0)
    throw quoteErrors.invalidOperation('A quote request cannot be created from a cart with discount codes.');
  if (cart.shippingMode === 'Multiple')
    throw quoteErrors.invalidOperation("A quote request cannot be created from a cart with the shipping mode 'Multiple'.");
  if (!cart.shippingAddress)
    throw quoteErrors.invalidOperation('The cart needs a shipping address before a quote can be requested for it.');
}

function buildQuoteRequest(
  draft: QuoteRequestDraft,
  ctx: ResourceContext,
): Omit<QuoteRequest, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'> {
  const cartId = ctx.reference('cart', draft.cart).id;
  const cart = ctx.get('cart', cartId)!;
  requestableCart(cart, draft.cartVersion);
  const request = {
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    quoteRequestState: 'Submitted',
    ...(draft.comment !== undefined ? { comment: draft.comment } : {}),
    customer: { typeId: 'customer', id: cart.customerId! },
    ...offerOf(cart as Partial<Offer>),
    cart: { typeId: 'cart', id: cart.id },
  } as Omit<QuoteRequest, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'>;
  const custom = customFields(draft.custom, ctx);
  if (custom) request.custom = custom;
  const state = stateReference(draft.state, ctx);
  if (state) request.state = state;
  const purchaseOrderNumber = draft.purchaseOrderNumber ?? cart.purchaseOrderNumber;
  if (purchaseOrderNumber !== undefined) request.purchaseOrderNumber = purchaseOrderNumber;
  return request;
}

// Update actions ---------------------------------------------------------------------------------

const QuoteRequestStateSchema = z.enum(['Submitted', 'Accepted', 'Closed', 'Rejected', 'Cancelled']);

export const QUOTE_REQUEST_TRANSITIONS: Record<QuoteRequestState, readonly QuoteRequestState[]> = {
  Submitted: ['Accepted', 'Rejected', 'Cancelled', 'Closed'],
  Accepted: ['Closed', 'Rejected', 'Cancelled'],
  Closed: [],
  Rejected: [],
  Cancelled: [],
};

const actions: Record<string, UpdateAction<QuoteRequest>> = {
  changeQuoteRequestState: emitsField(
    action(
      () => z.object({ quoteRequestState: QuoteRequestStateSchema }),
      (request: QuoteRequest, a) => {
        request.quoteRequestState = changeState('quote request', QUOTE_REQUEST_TRANSITIONS, request.quoteRequestState, a.quoteRequestState);
      },
    ),
    'QuoteRequestStateChanged',
    'quoteRequestState',
    'oldQuoteRequestState',
  ),
  // The customer group stays: "Not updated if Customer is changed after Quote Request creation."
  changeCustomer: changeCustomer('QuoteRequestCustomerChanged'),
  ...flowActions<QuoteRequest>('QuoteRequestState', 'QuoteRequest'),
};

/**
 * MyQuoteRequestUpdateAction: `cancelQuoteRequest`, from Submitted only. Not a QuoteRequestUpdateAction,
 * so internal to the definition and offered by name under /me only.
 */
const myActions: Record<string, UpdateAction<QuoteRequest>> = {
  cancelQuoteRequest: action(
    () => z.object({}),
    (request: QuoteRequest) => {
      if (request.quoteRequestState !== 'Submitted') {
        throw quoteErrors.invalidOperation(
          `Only a quote request in the state 'Submitted' can be cancelled; this one is '${request.quoteRequestState}'.`,
        );
      }
      request.quoteRequestState = 'Cancelled';
    },
  ),
};

/**
 * Quote requests: `customer` (Reference), `businessUnit`, `store`. Customers only under /me, where they
 * are made from the caller's cart (MyQuoteRequestDraft) and only cancelled (MyQuoteRequestUpdateAction).
 */
const quoteRequestScope: ScopePolicy<QuoteRequest> = {
  mounts: {
    me: { customersOnly: true, without: ['create', 'update', 'delete'], routes: myQuoteRequestRoutes() },
    store: {},
    'associate-unit': {},
  },
  owner: (request) => ({ customerId: scopeFields.idOf(request.customer) }),
  inStore: scopeFields.inStore,
  businessUnit: scopeFields.businessUnit,
  permissions: {
    view: RESOURCE_PERMISSIONS['quote-request'].view,
    update: RESOURCE_PERMISSIONS['quote-request'].update,
    create: RESOURCE_PERMISSIONS['quote-request'].create,
  },
};

export const quoteRequests = defineResource<QuoteRequestDraft, QuoteRequest, SdkTypes<SdkQuoteRequestDraft, SdkQuoteRequest>>({
  typeId: 'quote-request',
  messages: lifecycleMessages('QuoteRequest', 'quoteRequest'),
  path: 'quote-requests',
  scope: quoteRequestScope,
  draft: QuoteRequestDraft,
  create: (draft, ctx) => buildQuoteRequest(draft, ctx),
  actions,
  internalActions: myActions,
});

// Caller-scoped routes ---------------------------------------------------------------------------

/**
 * The B2B check of a `/me` call on a resource of a business unit: the caller needs `permission` in
 * that unit (recorded in the decision log like every as-associate decision).
 */
export function requireOwnB2BPermission(
  call: ApiCall,
  engine: Engine,
  unitKey: string | undefined,
  permission: Permission,
  actionName: string,
  resource?: { typeId: string; id: string },
): void {
  const customerId = call.ctx.scope?.caller?.customerId;
  if (unitKey === undefined || customerId === undefined || !call.ctx.scope) return;
  const unit = call.ctx.getByKey('business-unit', unitKey);
  if (!unit) return;
  engine.associateIn(unit, customerId, call.ctx).require(actionName, [permission], resource ? { resource } : {});
}

/**
 * `POST` of a draft that makes the next resource of the quote flow from the one before it (a staged
 * quote from a request, a quote from a staged quote), project-wide or in a store. In a store the new
 * resource must be the store's: otherwise the whole creation is undone.
 */
export function flowCreateRoute<R extends StoredDocument>(
  typeId: string,
  create: (engine: Engine, ctx: ResourceContext, input: unknown, check?: (made: R) => void) => R,
): CustomRoute {
  return {
    method: 'POST',
    path: '',
    handle: (call, engine) => {
      if (!call.ctx.scope) return created(call.expand(create(engine, call.ctx, call.json())));
      const access = scopedAccess<R>(call, typeId, engine);
      const made = create(engine, call.ctx, call.json(), (resource) => {
        if (!access.belongs(resource)) throw errors.invalidOperation(`The ${typeId} cannot be created outside the scope of this endpoint.`);
      });
      return created(access.expanded(made));
    },
  };
}

const MyQuoteRequestDraft = z.object({ cartId: z.string(), cartVersion: z.number().int().min(1), comment: z.string().optional() });

/** The caller's own cart (in the call's store, if any); anyone else's is as if it did not exist. */
function callersCart(call: ApiCall, cartId: string): Cart {
  const cart = call.ctx.get('cart', cartId);
  const caller = call.ctx.scope?.caller;
  const store = call.ctx.scope?.store;
  const mine =
    cart && caller?.customerId !== undefined && cart.customerId === caller.customerId && (store === undefined || cart.store?.key === store);
  if (!mine) throw errors.referencedResourceNotFound('cart', { id: cartId });
  return cart!;
}

const locatorOf = (call: ApiCall): Locator => (call.params.key !== undefined ? { key: call.params.key } : { id: call.params.id! });

/** `/me/quote-requests`: create from the caller's cart (MyQuoteRequestDraft) and cancel (MyQuoteRequestUpdateAction). */
export function myQuoteRequestRoutes(): CustomRoute[] {
  const update = (call: ApiCall, engine: Engine) => {
    const access = scopedAccess<QuoteRequest>(call, 'quote-request', engine);
    return ok(access.expanded(access.update(locatorOf(call), call.json(), { actions: Object.keys(myActions) })));
  };
  return [
    {
      method: 'POST',
      path: '',
      handle: (call, engine) => {
        const draft = validate(MyQuoteRequestDraft, call.json());
        const cart = callersCart(call, draft.cartId);
        requireOwnB2BPermission(call, engine, cart.businessUnit?.key, 'CreateMyQuoteRequestsFromMyCarts', 'create quote-request', {
          typeId: 'cart',
          id: cart.id,
        });
        const access = scopedAccess<QuoteRequest>(call, 'quote-request', engine);
        const body = {
          cart: { typeId: 'cart', id: cart.id },
          cartVersion: draft.cartVersion,
          ...(draft.comment !== undefined ? { comment: draft.comment } : {}),
        };
        return created(access.expanded(access.create(body)));
      },
    },
    { method: 'POST', path: ':id', handle: update },
    { method: 'POST', path: 'key=:key', handle: update },
  ];
}

declare module '../http/context.js' {
  interface StoredTypes {
    'quote-request': QuoteRequest;
  }
}
