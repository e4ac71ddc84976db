/**
 * Quotes: the legally binding offer made from a staged quote.
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
 * An order is made from a Pending quote through `POST /orders/quotes` (src/resources/order/from-quote.ts).
 *
 * Caller-scoped: `/me/quotes` (read; MyQuoteUpdateAction `changeMyQuoteState` to Accepted or Declined
 * from Pending; for a quote of a business unit the caller needs AcceptMyQuotes / DeclineMyQuotes
 * there); as-associate: read with ViewMy/OthersQuotes, and update per action (`associateQuoteRoutes`).
 */
import * as z from 'zod';
import { errors } from '../http/errors.js';
import { ok, type ApiCall } from '../http/context.js';
import type { StoredDocument } from '../storage/backend.js';
import { jsonClone } from '../util/json.js';
import { RESOURCE_PERMISSIONS, type PermissionPair } from './business-unit/permissions.js';
import { scopedAccess, scopeFields } from '../engine/scoped-access.js';
import type { Cart } from './cart/model.js';
import { type CustomFields, emitsField } from '../engine/common-actions.js';
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
import {
  assertVersion,
  changeState,
  changeCustomer,
  flowActions,
  flowCreateRoute,
  mergedCustom,
  offerOf,
  quoteErrors,
  requireOwnB2BPermission,
  stateReference,
  type Offer,
} from './quote-requests.js';
import { stagedQuotes, type StagedQuote } from './staged-quotes.js';
import { validate } from '../engine/validation.js';
import { CustomFieldsDraft, Key, resourceIdentifier } from '../engine/draft-fields.js';
import type { Quote as SdkQuote, QuoteDraft as SdkQuoteDraft } from '@commercetools/platform-sdk';

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
  stagedQuote: resourceIdentifier('staged-quote'),
  stagedQuoteVersion: z.number().int().min(1),
  stagedQuoteStateToSent: z.boolean().optional(),
  state: resourceIdentifier('state').optional(),
  custom: CustomFieldsDraft.optional(),
});
export type QuoteDraft = z.infer<typeof QuoteDraft>;

type NewQuote = Omit<Quote, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'>;

// Creating ---------------------------------------------------------------------------------------

function quotableStage(draft: QuoteDraft, ctx: ResourceContext): { staged: StagedQuote; cart: Cart } {
  const staged = ctx.get('staged-quote', ctx.reference('staged-quote', draft.stagedQuote).id)!;
  assertVersion(staged, draft.stagedQuoteVersion);
  if (staged.stagedQuoteState === 'Closed')
    throw quoteErrors.invalidOperation(`A quote cannot be created from the staged quote '${staged.id}': it is Closed.`);
  const cart = ctx.get('cart', staged.quotationCart.id);
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
 * earlier renegotiated quotes' move to RenegotiationAddressed, in one transaction. `check` vets the
 * new quote before anything else changes (a scope's belongs check); a throw undoes everything.
 */
function createQuote(engine: Engine, ctx: ResourceContext, input: unknown, check?: (quote: Quote) => void): Quote {
  const draft = validate(QuoteDraft, input);
  return engine.transaction(() => {
    const { staged, cart } = quotableStage(draft, ctx);
    const quote = engine.insert(quotes, buildQuote(draft, staged, cart, ctx), ctx);
    check?.(quote);
    for (const document of ctx.scan('quote')) {
      const earlier = document as Quote;
      if (earlier.id === quote.id || earlier.stagedQuote.id !== staged.id || earlier.quoteState !== 'DeclinedForRenegotiation') continue;
      engine.apply(quotes, earlier, [{ name: 'changeQuoteState', payload: { quoteState: 'RenegotiationAddressed' } }], ctx);
    }
    if (draft.stagedQuoteStateToSent && staged.stagedQuoteState !== 'Sent') {
      engine.apply(stagedQuotes, staged, [{ name: 'changeStagedQuoteState', payload: { stagedQuoteState: 'Sent' } }], ctx);
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
  changeQuoteState: emitsField(
    action(
      () => z.object({ quoteState: QuoteStateSchema }),
      (quote: Quote, a) => {
        if (a.quoteState === 'DeclinedForRenegotiation' && quote.quoteState !== 'DeclinedForRenegotiation') {
          throw quoteErrors.invalidOperation(
            "The state 'DeclinedForRenegotiation' can only be set by a renegotiation request (requestQuoteRenegotiation).",
          );
        }
        quote.quoteState = changeState('quote', QUOTE_TRANSITIONS, quote.quoteState, a.quoteState);
      },
    ),
    'QuoteStateChanged',
    'quoteState',
    'oldQuoteState',
  ),
  requestQuoteRenegotiation: emits(
    action(
      () => z.object({ buyerComment: z.string().optional().nullable() }),
      (quote: Quote, a) => requestRenegotiation(quote, a.buyerComment),
    ),
    'QuoteRenegotiationRequested',
    (_quote: Quote, a) => ({ buyerComment: a.buyerComment ?? undefined }),
  ),
  changeCustomer: changeCustomer('QuoteCustomerChanged'),
  ...flowActions<Quote>('QuoteState', 'Quote'),
};

/**
 * MyQuoteUpdateAction: `changeMyQuoteState` to Accepted or Declined, from Pending only. Not a
 * QuoteUpdateAction, so internal to the definition and offered by name under /me only.
 */
const myActions: Record<string, UpdateAction<Quote>> = {
  changeMyQuoteState: action(
    () => z.object({ quoteState: z.enum(['Accepted', 'Declined']) }),
    (quote: Quote, a) => {
      if (quote.quoteState !== 'Pending') {
        throw quoteErrors.invalidOperation(
          `Only a quote in the state 'Pending' can be accepted or declined; this one is '${quote.quoteState}'.`,
        );
      }
      quote.quoteState = a.quoteState;
    },
  ),
};

/** Quotes: read and `changeMyQuoteState` under /me; as an associate, each update action needs its own permission (quotes module's routes). */
const quoteScope: ScopePolicy<Quote> = {
  mounts: {
    me: { customersOnly: true, without: ['create', 'update', 'delete'], routes: myQuoteRoutes() },
    store: { without: ['create'], routes: [scopedQuoteCreateRoute()] },
    'associate-unit': { without: ['create', 'delete', 'update'], routes: associateQuoteRoutes() },
  },
  owner: (quote) => ({ customerId: scopeFields.idOf(quote.customer) }),
  inStore: scopeFields.inStore,
  businessUnit: scopeFields.businessUnit,
  permissions: { view: RESOURCE_PERMISSIONS.quote.view },
};

export const quotes = defineResource<QuoteDraft, Quote, SdkTypes<SdkQuoteDraft, SdkQuote>>({
  typeId: 'quote',
  messages: lifecycleMessages('Quote', 'quote'),
  path: 'quotes',
  scope: quoteScope,
  draft: QuoteDraft,
  // A quote's offer comes from its staged quote's cart and changes other documents: only `createQuote` makes one.
  create: () => {
    throw quoteErrors.invalidOperation('A quote is created from a staged quote through POST /quotes.');
  },
  actions,
  internalActions: myActions,
  routes: [flowCreateRoute('quote', createQuote)],
});

/** `POST /in-store/key={storeKey}/quotes`: from a staged quote of the store (the quote must be the store's). */
export function scopedQuoteCreateRoute(): CustomRoute {
  return flowCreateRoute('quote', createQuote);
}

// Caller-scoped quote updates --------------------------------------------------------------------

const locatorOf = (call: ApiCall): Locator => (call.params.key !== undefined ? { key: call.params.key } : { id: call.params.id! });

/** `/me/quotes/{id|key=}` updates: MyQuoteUpdateAction, with the B2B permission of each state change. */
export function myQuoteRoutes(): CustomRoute[] {
  const update = (call: ApiCall, engine: Engine) => {
    const access = scopedAccess<Quote>(call, 'quote', engine);
    const body = call.json() as { actions?: Array<{ action?: unknown; quoteState?: unknown }> };
    const current = access.find(locatorOf(call));
    for (const step of Array.isArray(body?.actions) ? body.actions : []) {
      if (step?.action !== 'changeMyQuoteState') continue;
      const permission = step.quoteState === 'Accepted' ? 'AcceptMyQuotes' : step.quoteState === 'Declined' ? 'DeclineMyQuotes' : undefined;
      if (permission)
        requireOwnB2BPermission(
          call,
          engine,
          current.businessUnit?.key,
          permission,
          `${step.quoteState === 'Accepted' ? 'accept' : 'decline'} quote`,
          { typeId: 'quote', id: current.id },
        );
    }
    return ok(access.expanded(access.update({ id: current.id }, body, { actions: Object.keys(myActions) })));
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
  const update = (call: ApiCall, engine: Engine) => {
    const access = scopedAccess<Quote>(call, 'quote', engine);
    const associate = access.associate()!;
    const body = call.json() as { actions?: Array<{ action?: unknown; quoteState?: unknown; customer?: { id?: string; key?: string } }> };
    const steps = Array.isArray(body?.actions) ? body.actions : [];
    const needs = steps.map((step, index) => associateQuoteAction(step ?? {}, index));
    if (!associate.isAssociate) {
      const first = needs[0] ?? { name: 'update quote', pair: RESOURCE_PERMISSIONS.quote.accept };
      associate.require(first.name, [first.pair.my, first.pair.others]);
    }
    const locator = locatorOf(call);
    const found = engine.find(quotes, call.ctx.project, locator);
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
      const unit = call.ctx.getByKey('business-unit', associate.businessUnitKey)!;
      const member =
        unit.associates.some((a) => a.customer.id === customer.id) ||
        (unit.inheritedAssociates ?? []).some((a) => a.customer.id === customer.id);
      if (!member)
        throw errors.invalidOperation(
          `The customer '${customer.id}' is not an associate of the business unit '${unit.key}': the quote cannot be reassigned to them.`,
        );
    }
    const next = engine.transaction(() => {
      const updated = engine.update(quotes, { id: found.id }, body, call.ctx);
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

declare module '../http/context.js' {
  interface StoredTypes {
    quote: Quote;
  }
}
