/**
 * Quotes: the legally binding offer made from a staged quote, and orders made from quotes.
 *
 * Creating one (`{stagedQuote, stagedQuoteVersion, stagedQuoteStateToSent?, key?, custom?, state?}`)
 * copies the offer of the staged quote's quotation cart as it stands (line items, totals, taxes,
 * addresses, shipping, direct discounts), its customer, validity and seller comment, and the
 * purchase order number, store and business unit; `quoteState` is Pending. In the same transaction:
 * `stagedQuoteStateToSent` moves the staged quote to Sent, and earlier quotes of the same staged
 * quote that were declined for renegotiation become RenegotiationAddressed (the renegotiation has
 * been answered). Refusals: a `stagedQuoteVersion` that is not the staged quote's (409
 * ConcurrentModification); a Closed staged quote (400 InvalidOperation).
 *
 * States (`quoteState`):
 *   Pending → Accepted | Declined | Withdrawn, and → DeclinedForRenegotiation only through
 *   `requestQuoteRenegotiation`; DeclinedForRenegotiation → RenegotiationAddressed | Withdrawn | Declined;
 *   Accepted, Declined, Withdrawn and RenegotiationAddressed are final. `changeQuoteState` to
 *   DeclinedForRenegotiation is refused (the RAML: only a renegotiation request sets it).
 *
 * Orders from quotes (`POST /orders/quotes`, `/me/orders/quotes`, in-store, as-associate):
 * `{quote: {id|key}, version, quoteStateToAccepted?, orderNumber?, orderState?, paymentState?,
 * shipmentState?, state?}`. The quote must be Pending and not past `validTo` (400 InvalidOperation),
 * `version` must be the quote's (409), and a quote is ordered once. The order takes the quote's
 * offer (the negotiated prices, not the catalog's current ones) with `origin: Quote`, `quote` and
 * `cart` (the quotation cart, which becomes Ordered); `quoteStateToAccepted` accepts the quote in
 * the same transaction. The order document is stored through the orders module's definition (its
 * key and unique indexes, e.g. the order number).
 *
 * Caller-scoped: `/me/quotes` (read; MyQuoteUpdateAction `changeMyQuoteState` to Accepted or Declined
 * from Pending; for a quote of a business unit the caller needs AcceptMyQuotes / DeclineMyQuotes
 * there); as-associate: read with ViewMy/OthersQuotes, and update per action (`associateQuoteRoutes`).
 */
import { z } from 'zod';
import { errors } from '../http/errors.js';
import { created, ok, type ApiCall, type Reply } from '../context.js';
import type { StoredDocument } from '../storage/types.js';
import { jsonClone } from '../util/json.js';
import { RESOURCE_PERMISSIONS, type PermissionPair } from '../scopes/associate-permissions.js';
import { ScopedAccess, scopedAccess } from '../scopes/scoped-access.js';
import type { Cart, LineItem } from './cart/model.js';
import { markCartOrdered, snapshotCart } from './cart/ordering.js';
import { startApprovalFlow } from './approval-flows.js';
import { assertOrderNumberFree } from './order/actions.js';
import { OrderState, PaymentState, ShipmentState } from './order/model.js';
import { takeInventory } from './order/parts.js';
import { customFieldActions, type CustomFields } from './common.js';
import {
  action,
  defineResource,
  type CustomRoute,
  type Reference,
  type ResourceContext,
  type UpdateAction,
  type Locator,
  type Engine,
} from './define.js';
import { stateTransition } from './payments.js';
import {
  assertVersion,
  changeState,
  customerReference,
  mergedCustom,
  offerOf,
  quoteErrors,
  requireOwnB2BPermission,
  stateReference,
  type KeyRef,
  type Offer,
} from './quote-requests.js';
import { stagedQuotes, type StagedQuote } from './staged-quotes.js';
import { CustomFieldsDraft, Key, ResourceIdentifier, validate } from './validation.js';

export type QuoteState = 'Pending' | 'Declined' | 'DeclinedForRenegotiation' | 'RenegotiationAddressed' | 'Accepted' | 'Withdrawn';

export interface Quote extends StoredDocument, Offer {
  key?: string;
  quoteRequest: { typeId: 'quote-request'; id: string };
  stagedQuote: { typeId: 'staged-quote'; id: string };
  customer?: { typeId: 'customer'; id: string };
  validTo?: string;
  sellerComment?: string;
  buyerComment?: string;
  custom?: CustomFields;
  quoteState: QuoteState;
  state?: Reference;
  purchaseOrderNumber?: string;
}

export const QuoteDraft = z.object({
  key: Key.optional(),
  stagedQuote: ResourceIdentifier,
  stagedQuoteVersion: z.number().int().min(1),
  stagedQuoteStateToSent: z.boolean().optional(),
  state: ResourceIdentifier.optional(),
  custom: CustomFieldsDraft.optional(),
});
export type QuoteDraft = z.infer<typeof QuoteDraft>;

type NewQuote = Omit<Quote, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'>;

// Creating ---------------------------------------------------------------------------------------

function quotableStage(draft: QuoteDraft, ctx: ResourceContext): { staged: StagedQuote; cart: Cart } {
  const staged = ctx.get('staged-quote', ctx.reference('staged-quote', draft.stagedQuote).id) as StagedQuote;
  assertVersion(staged, draft.stagedQuoteVersion);
  if (staged.stagedQuoteState === 'Closed')
    throw quoteErrors.invalidOperation(`A quote cannot be created from the staged quote '${staged.id}': it is Closed.`);
  const cart = ctx.get('cart', staged.quotationCart.id) as Cart | undefined;
  if (!cart) throw errors.referencedResourceNotFound('cart', { id: staged.quotationCart.id });
  return { staged, cart };
}

function buildQuote(draft: QuoteDraft, staged: StagedQuote, cart: Cart, ctx: ResourceContext): NewQuote {
  const quote = {
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    quoteRequest: jsonClone(staged.quoteRequest),
    stagedQuote: { typeId: 'staged-quote', id: staged.id },
    ...(staged.customer ? { customer: jsonClone(staged.customer) } : {}),
    ...(staged.validTo !== undefined ? { validTo: staged.validTo } : {}),
    ...(staged.sellerComment !== undefined ? { sellerComment: staged.sellerComment } : {}),
    ...offerOf(cart as Partial<Offer>),
    quoteState: 'Pending',
  } as NewQuote;
  // The staged quote's store and unit are the request's; the cart's are the same unless changed since.
  if (staged.store) quote.store = jsonClone(staged.store);
  if (staged.businessUnit) quote.businessUnit = jsonClone(staged.businessUnit);
  const custom = mergedCustom(draft.custom, staged.custom, ctx);
  if (custom) quote.custom = custom;
  const state = stateReference(draft.state, ctx);
  if (state) quote.state = state;
  const purchaseOrderNumber = staged.purchaseOrderNumber ?? cart.purchaseOrderNumber;
  if (purchaseOrderNumber !== undefined) quote.purchaseOrderNumber = purchaseOrderNumber;
  return quote;
}

/**
 * Creates a quote from a staged quote, with the staged quote's move to Sent (when asked) and the
 * earlier renegotiated quotes' move to RenegotiationAddressed, in one transaction. `store` writes
 * the new quote (by default the plain repository create; a scope passes its own checked create).
 */
export function createQuote(repository: Engine, ctx: ResourceContext, input: unknown, store?: (definition: typeof quotes) => Quote): Quote {
  const draft = validate(QuoteDraft, input);
  return repository.transaction(() => {
    const { staged, cart } = quotableStage(draft, ctx);
    const definition = { ...quotes, draft: z.unknown(), create: () => buildQuote(draft, staged, cart, ctx) } as typeof quotes;
    const quote = store ? store(definition) : (repository.create(definition, {}, ctx) as Quote);
    for (const document of ctx.scan('quote')) {
      const earlier = document as Quote;
      if (earlier.id === quote.id || earlier.stagedQuote.id !== staged.id || earlier.quoteState !== 'DeclinedForRenegotiation') continue;
      repository.apply(quotes, earlier, [{ name: 'changeQuoteState', payload: { quoteState: 'RenegotiationAddressed' } }], ctx);
    }
    if (draft.stagedQuoteStateToSent && staged.stagedQuoteState !== 'Sent') {
      repository.apply(stagedQuotes, staged, [{ name: 'changeStagedQuoteState', payload: { stagedQuoteState: 'Sent' } }], ctx);
    }
    return quote;
  });
}

// Update actions ---------------------------------------------------------------------------------

const QuoteStateSchema = z.enum(['Pending', 'Declined', 'DeclinedForRenegotiation', 'RenegotiationAddressed', 'Accepted', 'Withdrawn']);

export const QUOTE_TRANSITIONS: Record<QuoteState, readonly QuoteState[]> = {
  Pending: ['Accepted', 'Declined', 'Withdrawn', 'DeclinedForRenegotiation'],
  DeclinedForRenegotiation: ['RenegotiationAddressed', 'Withdrawn', 'Declined'],
  Accepted: [],
  Declined: [],
  Withdrawn: [],
  RenegotiationAddressed: [],
};

function requestRenegotiation(quote: Quote, buyerComment: string | undefined | null): void {
  if (quote.quoteState !== 'Pending') {
    throw quoteErrors.invalidOperation(
      `A renegotiation can only be requested for a quote in the state 'Pending'; this one is '${quote.quoteState}'.`,
    );
  }
  quote.quoteState = 'DeclinedForRenegotiation';
  if (buyerComment === undefined || buyerComment === null) delete quote.buyerComment;
  else quote.buyerComment = buyerComment;
}

const actions: Record<string, UpdateAction<Quote>> = {
  changeQuoteState: action(z.object({ quoteState: QuoteStateSchema }), (quote: Quote, a) => {
    if (a.quoteState === 'DeclinedForRenegotiation' && quote.quoteState !== 'DeclinedForRenegotiation') {
      throw quoteErrors.invalidOperation(
        "The state 'DeclinedForRenegotiation' can only be set by a renegotiation request (requestQuoteRenegotiation).",
      );
    }
    quote.quoteState = changeState('quote', QUOTE_TRANSITIONS, quote.quoteState, a.quoteState);
  }),
  requestQuoteRenegotiation: action(z.object({ buyerComment: z.string().optional().nullable() }), (quote: Quote, a) =>
    requestRenegotiation(quote, a.buyerComment),
  ),
  changeCustomer: action(z.object({ customer: ResourceIdentifier }), (quote: Quote, a, ctx) => {
    quote.customer = customerReference(a.customer, ctx);
  }),
  transitionState: action(z.object({ state: ResourceIdentifier, force: z.boolean().optional() }), (quote: Quote, a, ctx) => {
    quote.state = stateTransition(quote.state, a, 'QuoteState', ctx);
  }),
  ...(customFieldActions as unknown as Record<string, UpdateAction<Quote>>),
};

export const quotes = defineResource<QuoteDraft, Quote>({
  typeId: 'quote',
  path: 'quotes',
  draft: QuoteDraft,
  // A quote's offer comes from its staged quote's cart and changes other documents: only `createQuote` makes one.
  create: () => {
    throw quoteErrors.invalidOperation('A quote is created from a staged quote through POST /quotes.');
  },
  actions,
  routes: [
    {
      method: 'POST',
      path: '',
      handle: (call, repository) =>
        created(repository.expand(call.ctx.project, createQuote(repository, call.ctx, call.json()), call.query.getAll('expand'))),
    },
  ],
});

// Orders from quotes -----------------------------------------------------------------------------

export const OrderFromQuoteDraft = z.object({
  quote: ResourceIdentifier,
  version: z.number().int().min(1),
  quoteStateToAccepted: z.boolean().optional(),
  orderNumber: z.string().min(1).optional(),
  paymentState: PaymentState.optional(),
  shipmentState: ShipmentState.optional(),
  orderState: OrderState.optional(),
  state: ResourceIdentifier.optional(),
});
export type OrderFromQuoteDraft = z.infer<typeof OrderFromQuoteDraft>;

/** MyOrderFromQuoteDraft: `{id, version, quoteStateToAccepted?}`. */
export const MyOrderFromQuoteDraft = z.object({
  id: z.string(),
  version: z.number().int().min(1),
  quoteStateToAccepted: z.boolean().optional(),
});

/** The checks the platform makes on a quote an order is made from. */
export function orderableQuote(quote: Quote, version: number, ctx: ResourceContext): void {
  assertVersion(quote, version);
  if (quote.quoteState !== 'Pending') {
    throw quoteErrors.invalidOperation(
      `An order can only be created from a quote in the state 'Pending'; this one is '${quote.quoteState}'.`,
    );
  }
  if (quote.validTo !== undefined && Date.parse(quote.validTo) < Date.parse(ctx.now)) {
    throw quoteErrors.invalidOperation(`The quote '${quote.id}' expired at ${quote.validTo}: it cannot be ordered.`);
  }
  for (const order of ctx.scan('order')) {
    if ((order.quote as Reference | undefined)?.id === quote.id)
      throw quoteErrors.invalidOperation(`An order has already been created from the quote '${quote.id}'.`);
  }
}

/**
 * The order document made from a quote: the quotation cart's fields as an order takes them from a
 * cart (`snapshotCart`), with the quote's offer over them (the negotiated prices, not what the cart
 * says now), `origin: Quote`, `quote`, and the draft's order fields.
 */
function orderFieldsFrom(
  quote: Quote,
  cart: Cart | undefined,
  draft: Omit<OrderFromQuoteDraft, 'quote' | 'version'>,
  ctx: ResourceContext,
): Record<string, unknown> {
  const fields: Record<string, unknown> = cart
    ? snapshotCart(cart)
    : { shippingMode: 'Single', shipping: [], discountCodes: [], refusedGifts: [], itemShippingAddresses: [], directDiscounts: [] };
  delete fields.anonymousId;
  if (quote.customer) {
    fields.customerId = quote.customer.id;
    const email = ctx.get('customer', quote.customer.id)?.email;
    if (fields.customerEmail === undefined && typeof email === 'string') fields.customerEmail = email;
  }
  for (const field of [
    'customerGroup',
    'store',
    'taxedPrice',
    'shippingAddress',
    'billingAddress',
    'inventoryMode',
    'country',
    'shippingInfo',
    'paymentInfo',
    'shippingRateInput',
    'businessUnit',
  ] as const) {
    delete fields[field];
  }
  Object.assign(fields, offerOf(quote));
  if (quote.purchaseOrderNumber !== undefined) fields.purchaseOrderNumber = quote.purchaseOrderNumber;
  if (draft.orderNumber !== undefined) {
    assertOrderNumberFree(draft.orderNumber, ctx);
    fields.orderNumber = draft.orderNumber;
  }
  fields.origin = 'Quote';
  fields.quote = { typeId: 'quote', id: quote.id };
  fields.orderState = draft.orderState ?? 'Open';
  if (draft.shipmentState !== undefined) fields.shipmentState = draft.shipmentState;
  if (draft.paymentState !== undefined) fields.paymentState = draft.paymentState;
  if (draft.state) {
    const state = ctx.reference('state', draft.state);
    const stored = ctx.get('state', state.id)!;
    if (stored.type !== 'OrderState') {
      throw errors.invalidOperation(
        `The state '${(stored.key as string | undefined) ?? state.id}' is of type '${String(stored.type)}', not 'OrderState'.`,
      );
    }
    fields.state = state;
  }
  if (quote.custom) fields.custom = jsonClone(quote.custom);
  fields.syncInfo = [];
  fields.returnInfo = [];
  return fields;
}

/**
 * Creates the order from `quote` (already found and, in a scope, permitted), takes stock, marks the
 * quotation cart Ordered, accepts the quote when asked and starts the order's approval flow if
 * approval rules of its unit match, in one transaction. `check` runs on the created order before
 * anything else (a scope's belongs check); a throw undoes everything.
 */
export function orderFromQuote(
  repository: Engine,
  ctx: ResourceContext,
  quote: Quote,
  draft: Omit<OrderFromQuoteDraft, 'quote'>,
  check?: (order: StoredDocument) => void,
): StoredDocument {
  const orders = repository.definition('order');
  return repository.transaction(() => {
    orderableQuote(quote, draft.version, ctx);
    const staged = ctx.get('staged-quote', quote.stagedQuote.id) as StagedQuote | undefined;
    const cart = staged ? (ctx.get('cart', staged.quotationCart.id) as Cart | undefined) : undefined;
    const fields = orderFieldsFrom(quote, cart, draft, ctx);
    const order = repository.create({ ...orders, draft: z.unknown(), create: () => fields }, {}, ctx);
    check?.(order);
    takeInventory(repository, order.lineItems as LineItem[], order.inventoryMode as string, ctx);
    if (cart && (cart.cartState === 'Active' || cart.cartState === 'Frozen')) markCartOrdered(repository, cart, ctx);
    if (draft.quoteStateToAccepted)
      repository.apply(quotes, quote, [{ name: 'changeQuoteState', payload: { quoteState: 'Accepted' } }], ctx);
    startApprovalFlow(repository, ctx, order);
    return order;
  });
}

/** `POST /orders/quotes` (the orders module mounts it under its path): an order from any quote of the project. */
export const orderFromQuoteRoute: CustomRoute = {
  method: 'POST',
  path: 'quotes',
  handle: (call, repository) => {
    const { quote: identifier, ...rest } = validate(OrderFromQuoteDraft, call.json());
    const quote = call.ctx.get('quote', call.ctx.reference('quote', identifier).id) as Quote;
    return created(call.expand(orderFromQuote(repository, call.ctx, quote, rest)));
  },
};

/**
 * `POST .../orders/quotes` under a scope: the quote must be one of the scope's (the quote policy's
 * rules: the caller's, the store's, the unit's; otherwise 400 ReferencedResourceNotFound — the
 * quote cannot be reached from this endpoint), and the order must belong to the scope too.
 * - `/me` (MyOrderFromQuoteDraft): for a quote of a business unit the caller needs CreateMyOrdersFromMyQuotes there.
 * - as-associate (OrderFromQuoteDraft): CreateMyOrdersFromMyQuotes for the associate's own quotes,
 *   CreateOrdersFromOthersQuotes for the rest of the unit's.
 */
export function scopedOrderFromQuoteRoute(): CustomRoute {
  return {
    method: 'POST',
    path: 'quotes',
    handle: (call, repository) => {
      const mine = call.ctx.scope?.mount === 'me' || call.ctx.scope?.mount === 'store-me';
      const draft = mine
        ? (({ id, ...rest }) => ({ quote: { id }, ...rest }))(validate(MyOrderFromQuoteDraft, call.json()))
        : validate(OrderFromQuoteDraft, call.json());
      const quoteAccess = scopedAccess<Quote>(call, 'quote', repository);
      const orderAccess = scopedAccess(call, 'order', repository);
      const associate = quoteAccess.associate();
      const pair = RESOURCE_PERMISSIONS.order.createFromQuote;
      if (associate && !associate.isAssociate) associate.require('create order from quote', [pair.my, pair.others]);
      const identifier = draft.quote as { id?: string | undefined; key?: string | undefined };
      const locator: Locator = identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key ?? '' };
      const found = repository.find(quotes, call.ctx.project, locator) as Quote | undefined;
      if (!found || !quoteAccess.belongs(found)) throw errors.referencedResourceNotFound('quote', locator);
      const resource = { typeId: 'quote', id: found.id };
      if (associate) associate.requireFor('create order from quote', pair, found.customer?.id, resource);
      if (mine)
        requireOwnB2BPermission(
          call,
          repository,
          found.businessUnit?.key,
          'CreateMyOrdersFromMyQuotes',
          'create order from quote',
          resource,
        );
      const { quote: _quote, ...rest } = draft;
      const order = orderFromQuote(repository, call.ctx, found, rest, (made) => {
        if (!orderAccess.belongs(made)) throw errors.invalidOperation('The order cannot be created outside the scope of this endpoint.');
      });
      return created(orderAccess.expanded(order));
    },
  };
}

/** `POST /in-store/key={storeKey}/quotes`: from a staged quote of the store (the quote must be the store's). */
export function scopedQuoteCreateRoute(): CustomRoute {
  return {
    method: 'POST',
    path: '',
    handle: (call, repository) => {
      const access = scopedAccess<Quote>(call, 'quote', repository);
      const quote = createQuote(repository, call.ctx, call.json(), (definition) =>
        new ScopedAccess<Quote>(call, definition, access.policy, repository).create({}),
      );
      return created(access.expanded(quote));
    },
  };
}

// Caller-scoped quote updates --------------------------------------------------------------------

const locatorOf = (call: ApiCall): Locator => (call.params.key !== undefined ? { key: call.params.key } : { id: call.params.id! });

/** MyQuoteUpdateAction: `changeMyQuoteState` to Accepted or Declined, from Pending only. */
const MY_ACTIONS: Record<string, UpdateAction<Quote>> = {
  changeMyQuoteState: action(z.object({ quoteState: z.enum(['Accepted', 'Declined']) }), (quote: Quote, a) => {
    if (quote.quoteState !== 'Pending') {
      throw quoteErrors.invalidOperation(
        `Only a quote in the state 'Pending' can be accepted or declined; this one is '${quote.quoteState}'.`,
      );
    }
    quote.quoteState = a.quoteState;
  }),
};

/** `/me/quotes/{id|key=}` updates: MyQuoteUpdateAction, with the B2B permission of each state change. */
export function myQuoteRoutes(): CustomRoute[] {
  const update = (call: ApiCall, repository: Engine) => {
    const access = scopedAccess<Quote>(call, 'quote', repository);
    const mine = new ScopedAccess<Quote>(call, { ...quotes, actions: MY_ACTIONS }, access.policy, repository);
    const body = call.json() as { actions?: Array<{ action?: unknown; quoteState?: unknown }> };
    const current = mine.find(locatorOf(call));
    for (const step of Array.isArray(body?.actions) ? body.actions : []) {
      if (step?.action !== 'changeMyQuoteState') continue;
      const permission = step.quoteState === 'Accepted' ? 'AcceptMyQuotes' : step.quoteState === 'Declined' ? 'DeclineMyQuotes' : undefined;
      if (permission)
        requireOwnB2BPermission(
          call,
          repository,
          current.businessUnit?.key,
          permission,
          `${step.quoteState === 'Accepted' ? 'accept' : 'decline'} quote`,
          { typeId: 'quote', id: current.id },
        );
    }
    return ok(mine.expanded(mine.update({ id: current.id }, body)));
  };
  return [
    { method: 'POST', path: ':id', handle: update },
    { method: 'POST', path: 'key=:key', handle: update },
  ];
}

/**
 * Which permission pair an as-associate quote update action needs, and what it is recorded as.
 * `changeQuoteState` as a buyer: only to Accepted or Declined. Actions without a buyer permission
 * (custom fields, transitionState) are not offered on this endpoint.
 */
function associateQuoteAction(step: { action?: unknown; quoteState?: unknown }, index: number): { name: string; pair: PermissionPair } {
  const { accept, decline, renegotiate, reassign } = RESOURCE_PERMISSIONS.quote;
  switch (step.action) {
    case 'changeQuoteState':
      if (step.quoteState === 'Accepted') return { name: 'accept quote', pair: accept };
      if (step.quoteState === 'Declined') return { name: 'decline quote', pair: decline };
      throw errors.invalidOperation(
        `As an associate, a quote can only be changed to the state 'Accepted' or 'Declined' (actions[${index}]).`,
      );
    case 'requestQuoteRenegotiation':
      return { name: 'renegotiate quote', pair: renegotiate };
    case 'changeCustomer':
      return { name: 'reassign quote', pair: reassign };
    default:
      throw errors.invalidInput(`Unknown update action '${String(step.action)}' for resource type 'quote' on this endpoint.`);
  }
}

/**
 * `as-associate/{id}/in-business-unit/key={key}/quotes/{id|key=}` updates: each action needs its own
 * permission (Accept, Decline, Renegotiate, Reassign; My for the associate's own quotes, Others for
 * the rest of the unit's); reassigning (`changeCustomer`) needs the new customer to be an associate
 * of the unit. Another unit's quote is a 404; someone who is not an associate of the unit is refused
 * before anything is looked up.
 */
export function associateQuoteRoutes(): CustomRoute[] {
  const update = (call: ApiCall, repository: Engine) => {
    const access = scopedAccess<Quote>(call, 'quote', repository);
    const associate = access.associate()!;
    const body = call.json() as { actions?: Array<{ action?: unknown; quoteState?: unknown; customer?: { id?: string; key?: string } }> };
    const steps = Array.isArray(body?.actions) ? body.actions : [];
    const needs = steps.map((step, index) => associateQuoteAction(step ?? {}, index));
    if (!associate.isAssociate) {
      const first = needs[0] ?? { name: 'update quote', pair: RESOURCE_PERMISSIONS.quote.accept };
      associate.require(first.name, [first.pair.my, first.pair.others]);
    }
    const locator = locatorOf(call);
    const found = repository.find(quotes, call.ctx.project, locator) as Quote | undefined;
    if (!found || !access.belongs(found)) throw errors.resourceNotFound(locator);
    const resource = { typeId: 'quote', id: found.id };
    const seen = new Set<string>();
    for (const need of needs) {
      if (seen.has(need.name)) continue;
      seen.add(need.name);
      associate.requireFor(need.name, need.pair, found.customer?.id, resource);
    }
    for (const step of steps) {
      if (step?.action !== 'changeCustomer' || !step.customer) continue;
      const customer = call.ctx.reference('customer', step.customer);
      const unit = associate.unit;
      const member =
        unit.associates.some((a) => a.customer.id === customer.id) ||
        (unit.inheritedAssociates ?? []).some((a) => a.customer.id === customer.id);
      if (!member)
        throw errors.invalidOperation(
          `The customer '${customer.id}' is not an associate of the business unit '${unit.key}': the quote cannot be reassigned to them.`,
        );
    }
    const next = repository.transaction(() => {
      const updated = repository.update(quotes, { id: found.id }, body, call.ctx) as Quote;
      if (!access.belongs(updated)) throw errors.invalidOperation('The update would move the quote out of the scope of this endpoint.');
      return updated;
    });
    return ok(access.expanded(next));
  };
  return [
    { method: 'POST', path: ':id', handle: update },
    { method: 'POST', path: 'key=:key', handle: update },
  ];
}
