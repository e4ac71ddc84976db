/**
 * Staged quotes: the Seller's working copy of an offer, made from a quote request.
 *
 * Creating one (`{quoteRequest, quoteRequestVersion, quoteRequestStateToAccepted?, key?, custom?,
 * state?}`) makes the `quotationCart`: a new cart (origin `Quote`, Active) holding the request's
 * offer for the same customer, store and business unit, which the Seller then changes through the
 * cart endpoints (quantities, line items, direct discounts, cart discounts, shipping). In one
 * transaction with it, `quoteRequestStateToAccepted` moves the request to Accepted. Refusals:
 * - a `quoteRequestVersion` that is not the request's: 409 ConcurrentModification;
 * - a request that is not Submitted or Accepted (Closed, Rejected, Cancelled): 400 InvalidOperation.
 * Custom fields of the draft are merged over the request's; without any, the request's are taken.
 *
 * States (`stagedQuoteState`): InProgress (initial) ⇄ Sent, either → Closed; Closed is final. A quote
 * can be created from an InProgress or Sent staged quote (quotes.ts); for a renegotiation the Seller
 * changes the quotation cart and creates a new quote from the same staged quote.
 */
import * as z from 'zod';
import type { StoredDocument } from '../storage/backend.js';
import { jsonClone } from '../util/json.js';
import type { Cart } from './cart/model.js';
import { type CustomFields, emitsField, setter } from '../engine/common-actions.js';
import {
  action,
  defineResource,
  type CustomRoute,
  type Reference,
  type ResourceContext,
  type UpdateAction,
  type Engine,
  type ScopePolicy,
  lifecycleMessages,
  type SdkTypes,
} from '../engine/define.js';
import {
  assertVersion,
  changeState,
  flowActions,
  flowCreateRoute,
  mergedCustom,
  offerOf,
  quoteErrors,
  quoteRequests,
  stateReference,
  type KeyRef,
  type Offer,
  type QuoteRequest,
} from './quote-requests.js';
import { validate } from '../engine/validation.js';
import { CustomFieldsDraft, Key, resourceIdentifier, DateTime } from '../engine/draft-fields.js';
import { scopeFields } from '../engine/scoped-access.js';
import type { StagedQuote as SdkStagedQuote, StagedQuoteDraft as SdkStagedQuoteDraft } from '@commercetools/platform-sdk';

export type StagedQuoteState = 'InProgress' | 'Sent' | 'Closed';

export interface StagedQuote extends StoredDocument {
  key?: string;
  stagedQuoteState: StagedQuoteState;
  customer?: { typeId: 'customer'; id: string };
  quoteRequest: { typeId: 'quote-request'; id: string };
  quotationCart: { typeId: 'cart'; id: string };
  validTo?: string;
  sellerComment?: string;
  custom?: CustomFields;
  state?: Reference;
  purchaseOrderNumber?: string;
  businessUnit?: KeyRef<'business-unit'>;
  store?: KeyRef<'store'>;
}

export const StagedQuoteDraft = z.object({
  quoteRequest: resourceIdentifier('quote-request'),
  quoteRequestVersion: z.number().int().min(1),
  quoteRequestStateToAccepted: z.boolean().optional(),
  key: Key.optional(),
  custom: CustomFieldsDraft.optional(),
  state: resourceIdentifier('state').optional(),
});
export type StagedQuoteDraft = z.infer<typeof StagedQuoteDraft>;

/** The request a staged quote is made from, checked (version, state). */
function stageableRequest(draft: StagedQuoteDraft, ctx: ResourceContext): QuoteRequest {
  const request = ctx.get('quote-request', ctx.reference('quote-request', draft.quoteRequest).id)!;
  assertVersion(request, draft.quoteRequestVersion);
  if (request.quoteRequestState !== 'Submitted' && request.quoteRequestState !== 'Accepted') {
    throw quoteErrors.invalidOperation(
      `A staged quote can only be created from a quote request in the state 'Submitted' or 'Accepted'; this one is '${request.quoteRequestState}'.`,
    );
  }
  return request;
}

/** The quotation cart's fields: the request's offer as a new active cart of origin Quote. */
function quotationCartOf(request: QuoteRequest, ctx: ResourceContext): Record<string, unknown> {
  const customer = ctx.get('customer', request.customer.id);
  const offer: Offer = offerOf(request);
  const cart: Record<string, unknown> = {
    customerId: request.customer.id,
    ...(typeof customer?.email === 'string' ? { customerEmail: customer.email } : {}),
    ...offer,
    cartState: 'Active',
    shippingMode: 'Single',
    shipping: [],
    itemShippingAddresses: offer.itemShippingAddresses ?? [],
    directDiscounts: offer.directDiscounts ?? [],
    discountCodes: [],
    refusedGifts: [],
    origin: 'Quote',
    totalLineItemQuantity: request.lineItems.reduce((sum, item) => sum + item.quantity, 0),
  };
  if (request.purchaseOrderNumber !== undefined) cart.purchaseOrderNumber = request.purchaseOrderNumber;
  if (request.lineItems.length === 0) delete cart.totalLineItemQuantity;
  return cart;
}

function buildStagedQuote(
  draft: StagedQuoteDraft,
  request: QuoteRequest,
  cart: Cart,
  ctx: ResourceContext,
): Omit<StagedQuote, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'> {
  const staged = {
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    stagedQuoteState: 'InProgress',
    customer: jsonClone(request.customer),
    quoteRequest: { typeId: 'quote-request', id: request.id },
    quotationCart: { typeId: 'cart', id: cart.id },
  } as Omit<StagedQuote, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'>;
  const custom = mergedCustom(draft.custom, request.custom, ctx);
  if (custom) staged.custom = custom;
  const state = stateReference(draft.state, ctx);
  if (state) staged.state = state;
  if (request.purchaseOrderNumber !== undefined) staged.purchaseOrderNumber = request.purchaseOrderNumber;
  if (request.businessUnit) staged.businessUnit = jsonClone(request.businessUnit);
  if (request.store) staged.store = jsonClone(request.store);
  return staged;
}

/**
 * Creates the staged quote and its quotation cart (and accepts the request when asked) in one
 * transaction; every refusal leaves nothing behind. `check` vets the new staged quote before the
 * request changes (a scope's belongs check).
 */
function createStagedQuote(engine: Engine, ctx: ResourceContext, input: unknown, check?: (staged: StagedQuote) => void): StagedQuote {
  const draft = validate(StagedQuoteDraft, input);
  return engine.transaction(() => {
    const request = stageableRequest(draft, ctx);
    const cart = engine.insert(engine.definition('cart'), quotationCartOf(request, ctx), ctx);
    const staged = engine.insert(stagedQuotes, buildStagedQuote(draft, request, cart, ctx), ctx);
    check?.(staged);
    if (draft.quoteRequestStateToAccepted && request.quoteRequestState !== 'Accepted') {
      engine.apply(quoteRequests, request, [{ name: 'changeQuoteRequestState', payload: { quoteRequestState: 'Accepted' } }], ctx);
    }
    return staged;
  });
}

// Update actions ---------------------------------------------------------------------------------

export const STAGED_QUOTE_TRANSITIONS: Record<StagedQuoteState, readonly StagedQuoteState[]> = {
  InProgress: ['Sent', 'Closed'],
  Sent: ['InProgress', 'Closed'],
  Closed: [],
};

const actions: Record<string, UpdateAction<StagedQuote>> = {
  changeStagedQuoteState: emitsField(
    action(
      () => z.object({ stagedQuoteState: z.enum(['InProgress', 'Sent', 'Closed']) }),
      (staged: StagedQuote, a) => {
        staged.stagedQuoteState = changeState('staged quote', STAGED_QUOTE_TRANSITIONS, staged.stagedQuoteState, a.stagedQuoteState);
      },
    ),
    'StagedQuoteStateChanged',
    'stagedQuoteState',
    'oldStagedQuoteState',
  ),
  setSellerComment: emitsField(setter('sellerComment', z.string()), 'StagedQuoteSellerCommentSet', 'sellerComment'),
  setValidTo: emitsField(setter('validTo', DateTime), 'StagedQuoteValidToSet', 'validTo'),
  ...flowActions<StagedQuote>('StagedQuoteState', 'StagedQuote'),
};

/** Staged quotes: in a store (the Seller's side of the quote flow has no /me or as-associate endpoint). */
const stagedQuoteScope: ScopePolicy<StagedQuote> = {
  mounts: { store: { without: ['create'], routes: [scopedStagedQuoteCreateRoute()] } },
  inStore: scopeFields.inStore,
};

export const stagedQuotes = defineResource<StagedQuoteDraft, StagedQuote, SdkTypes<SdkStagedQuoteDraft, SdkStagedQuote>>({
  typeId: 'staged-quote',
  messages: lifecycleMessages('StagedQuote', 'stagedQuote'),
  path: 'staged-quotes',
  scope: stagedQuoteScope,
  draft: StagedQuoteDraft,
  // A staged quote comes with its quotation cart: only `createStagedQuote` (POST /staged-quotes) makes both.
  create: () => {
    throw quoteErrors.invalidOperation('A staged quote is created with its quotation cart through POST /staged-quotes.');
  },
  actions,
  routes: [flowCreateRoute('staged-quote', createStagedQuote)],
});

/** `POST /in-store/key={storeKey}/staged-quotes`: from a quote request of the store (the staged quote must be the store's). */
export function scopedStagedQuoteCreateRoute(): CustomRoute {
  return flowCreateRoute('staged-quote', createStagedQuote);
}

declare module '../http/context.js' {
  interface StoredTypes {
    'staged-quote': StagedQuote;
  }
}
