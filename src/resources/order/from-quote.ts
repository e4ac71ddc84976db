/**
 * Orders from quotes (`POST /orders/quotes`, `/me/orders/quotes`, in-store, as-associate):
 * `{quote: {id|key}, version, quoteStateToAccepted?, orderNumber?, orderState?, paymentState?,
 * shipmentState?, state?}`. The quote must be Pending and not past `validTo` (400 InvalidOperation),
 * `version` must be the quote's (409), and a quote is ordered once. The order takes the quote's
 * offer (the negotiated prices, not the catalog's current ones) with `origin: Quote`, `quote` and
 * `cart` (the quotation cart, which becomes Ordered); `quoteStateToAccepted` accepts the quote in
 * the same transaction, and the order's approval flow starts when approval rules of its unit match.
 */
import * as z from 'zod';
import { created } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { RESOURCE_PERMISSIONS } from '../business-unit/permissions.js';
import { scopedAccess } from '../../engine/scoped-access.js';
import type { StoredDocument } from '../../storage/backend.js';
import { jsonClone } from '../../util/json.js';
import { startApprovalFlow } from '../approval-flows.js';
import type { Cart, LineItem } from '../cart/model.js';
import { markCartOrdered, snapshotCart } from '../cart/ordering.js';
import type { CustomRoute, Engine, Locator, Reference, ResourceContext } from '../../engine/define.js';
import { assertVersion, offerOf, quoteErrors, requireOwnB2BPermission } from '../quote-requests.js';
import { quotes, type Quote } from '../quotes.js';
import { ExpectedVersion, validate } from '../../engine/validation.js';
import { resourceIdentifier } from '../../engine/draft-fields.js';
import { OrderState, PaymentState, ShipmentState } from './model.js';
import { assertOrderNumberFree, takeInventory } from './parts.js';
import { orderStateReference } from './place.js';

export const OrderFromQuoteDraft = z.object({
  quote: resourceIdentifier('quote'),
  version: ExpectedVersion,
  quoteStateToAccepted: z.boolean().optional(),
  orderNumber: z.string().min(1).optional(),
  paymentState: PaymentState.optional(),
  shipmentState: ShipmentState.optional(),
  orderState: OrderState.optional(),
  state: resourceIdentifier('state').optional(),
});
export type OrderFromQuoteDraft = z.infer<typeof OrderFromQuoteDraft>;

/** MyOrderFromQuoteDraft: `{id, version, quoteStateToAccepted?}`. */
export const MyOrderFromQuoteDraft = z.object({
  id: z.string(),
  version: ExpectedVersion,
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
  if (draft.state) fields.state = orderStateReference(draft.state, ctx);
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
  engine: Engine,
  ctx: ResourceContext,
  quote: Quote,
  draft: Omit<OrderFromQuoteDraft, 'quote'>,
  check?: (order: StoredDocument) => void,
): StoredDocument {
  return engine.transaction(() => {
    orderableQuote(quote, draft.version, ctx);
    const staged = ctx.get('staged-quote', quote.stagedQuote.id);
    const cart = staged ? ctx.get('cart', staged.quotationCart.id) : undefined;
    const order = engine.insert(engine.definition('order'), orderFieldsFrom(quote, cart, draft, ctx), ctx);
    check?.(order);
    takeInventory(engine, order.lineItems as LineItem[], order.inventoryMode as string, ctx);
    if (cart && (cart.cartState === 'Active' || cart.cartState === 'Frozen')) markCartOrdered(engine, cart, ctx);
    if (draft.quoteStateToAccepted) engine.apply(quotes, quote, [{ name: 'changeQuoteState', payload: { quoteState: 'Accepted' } }], ctx);
    startApprovalFlow(engine, ctx, order);
    return order;
  });
}

/** `POST /orders/quotes`: an order from any quote of the project. */
export const orderFromQuoteRoute: CustomRoute = {
  method: 'POST',
  path: 'quotes',
  handle: (call, engine) => {
    const { quote: identifier, ...rest } = validate(OrderFromQuoteDraft, call.json());
    const quote = call.ctx.get('quote', call.ctx.reference('quote', identifier).id)!;
    return created(call.expand(orderFromQuote(engine, call.ctx, quote, rest)));
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
    handle: (call, engine) => {
      const mine = call.ctx.scope?.mount === 'me' || call.ctx.scope?.mount === 'store-me';
      const draft = mine
        ? (({ id, ...rest }) => ({ quote: { id }, ...rest }))(validate(MyOrderFromQuoteDraft, call.json()))
        : validate(OrderFromQuoteDraft, call.json());
      const quoteAccess = scopedAccess<Quote>(call, 'quote', engine);
      const orderAccess = scopedAccess(call, 'order', engine);
      const associate = quoteAccess.associate();
      const pair = RESOURCE_PERMISSIONS.order.createFromQuote;
      if (associate && !associate.isAssociate) associate.require('create order from quote', [pair.my, pair.others]);
      const identifier = draft.quote as { id?: string | undefined; key?: string | undefined };
      const locator: Locator = identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key ?? '' };
      const found = engine.find(quotes, call.ctx.project, locator);
      if (!found || !quoteAccess.belongs(found)) throw errors.referencedResourceNotFound('quote', locator);
      const resource = { typeId: 'quote', id: found.id };
      if (associate) associate.requireFor('create order from quote', pair, found.customer?.id, resource);
      if (mine)
        requireOwnB2BPermission(call, engine, found.businessUnit?.key, 'CreateMyOrdersFromMyQuotes', 'create order from quote', resource);
      const { quote: _quote, ...rest } = draft;
      const order = orderFromQuote(engine, call.ctx, found, rest, (made) => {
        if (!orderAccess.belongs(made)) throw errors.invalidOperation('The order cannot be created outside the scope of this endpoint.');
      });
      return created(orderAccess.expanded(order));
    },
  };
}
