/**
 * The quote flow through the official SDK: cart → quote request → staged quote (with its quotation
 * cart) → quote → order, renegotiation, every update action of the RAML, the state-transition
 * refusals (with nothing stored), and the caller-scoped endpoints `/me/quote-requests`, `/me/quotes`,
 * `/me/orders/quotes`, in-store quotes.
 */
import type { ByProjectKeyRequestBuilder, Cart, Customer, Quote, QuoteRequest, StagedQuote } from '@commercetools/platform-sdk';
import { expect, sdkApiRoot, sdkFailure, test } from '../support/sdk.js';
import { expectPlatformActions } from '../support/resources.js';
import {
  createCart,
  createCartDiscount,
  createDiscountCode,
  readCart,
  setupCatalog,
  updateCart,
  type Catalog,
} from '../checkout/carts-support.js';
import { associate, createCustomer, createRole, createUnit } from './support.js';

const BERLIN = { country: 'DE', city: 'Berlin', streetName: 'Unter den Linden' };

async function quotableCart(
  apiRoot: ByProjectKeyRequestBuilder,
  catalog: Catalog,
  customer: Customer,
  extra: Record<string, unknown> = {},
): Promise<Cart> {
  return createCart(apiRoot, {
    currency: 'EUR',
    customerId: customer.id,
    country: 'DE',
    shippingAddress: BERLIN,
    shippingMethod: { typeId: 'shipping-method', id: catalog.dhl.id },
    lineItems: [
      { sku: 'A-1', quantity: 2 },
      { sku: 'B-1', quantity: 1 },
    ],
    ...extra,
  });
}

const requestQuote = async (apiRoot: ByProjectKeyRequestBuilder, cart: Cart, extra: Record<string, unknown> = {}): Promise<QuoteRequest> =>
  (
    await apiRoot
      .quoteRequests()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, cartVersion: cart.version, ...extra } })
      .execute()
  ).body;

const stage = async (
  apiRoot: ByProjectKeyRequestBuilder,
  request: QuoteRequest,
  extra: Record<string, unknown> = {},
): Promise<StagedQuote> =>
  (
    await apiRoot
      .stagedQuotes()
      .post({ body: { quoteRequest: { typeId: 'quote-request', id: request.id }, quoteRequestVersion: request.version, ...extra } })
      .execute()
  ).body;

const offer = async (apiRoot: ByProjectKeyRequestBuilder, staged: StagedQuote, extra: Record<string, unknown> = {}): Promise<Quote> =>
  (
    await apiRoot
      .quotes()
      .post({ body: { stagedQuote: { typeId: 'staged-quote', id: staged.id }, stagedQuoteVersion: staged.version, ...extra } })
      .execute()
  ).body;

/** Cart → request → staged quote → quote (Pending), for one customer. */
async function pendingQuote(
  apiRoot: ByProjectKeyRequestBuilder,
  catalog: Catalog,
  customer: Customer,
  extra: { cart?: Record<string, unknown> } = {},
) {
  const cart = await quotableCart(apiRoot, catalog, customer, extra.cart);
  const request = await requestQuote(apiRoot, cart);
  const staged = await stage(apiRoot, request, { quoteRequestStateToAccepted: true });
  const quote = await offer(apiRoot, staged, { stagedQuoteStateToSent: true });
  return { cart, request, staged, quote };
}

test.describe('the quote flow', () => {
  test('every update action of the RAML is declared, and no other', () => {
    expectPlatformActions('quote-request', [
      'changeCustomer',
      'changeQuoteRequestState',
      'setCustomField',
      'setCustomType',
      'transitionState',
    ]);
    expectPlatformActions('staged-quote', [
      'changeStagedQuoteState',
      'setCustomField',
      'setCustomType',
      'setSellerComment',
      'setValidTo',
      'transitionState',
    ]);
    expectPlatformActions('quote', [
      'changeCustomer',
      'changeQuoteState',
      'requestQuoteRenegotiation',
      'setCustomField',
      'setCustomType',
      'transitionState',
    ]);
    expectPlatformActions('approval-rule', [
      'setApprovers',
      'setCustomField',
      'setCustomType',
      'setDescription',
      'setKey',
      'setName',
      'setPredicate',
      'setRequesters',
      'setStatus',
    ]);
    expectPlatformActions('approval-flow', ['approve', 'reject', 'setCustomField', 'setCustomType']);
  });

  test('cart → quote request → staged quote → quote → order, the negotiated prices carried to the order', async ({ apiRoot, mock }) => {
    const catalog = await setupCatalog(apiRoot);
    const buyer = await createCustomer(apiRoot, 'buyer@example.com');
    let cart = await quotableCart(apiRoot, catalog, buyer, { purchaseOrderNumber: 'PO-CART' });
    // 2 × 19.99 + 10.50 = 50.48 EUR, shipping 4.90 (below the 100.00 free-above): 55.38 EUR.
    expect(cart.totalPrice.centAmount).toBe(5538);

    const request = await requestQuote(apiRoot, cart, { comment: 'Volume pricing, please', key: 'qr-1', purchaseOrderNumber: 'PO-1' });
    expect(request).toMatchObject({
      version: 1,
      key: 'qr-1',
      quoteRequestState: 'Submitted',
      comment: 'Volume pricing, please',
      customer: { typeId: 'customer', id: buyer.id },
      cart: { typeId: 'cart', id: cart.id },
      purchaseOrderNumber: 'PO-1',
      totalPrice: { centAmount: 5538, currencyCode: 'EUR' },
      taxMode: 'Platform',
      shippingAddress: { country: 'DE', city: 'Berlin' },
      shippingInfo: { shippingMethodName: 'DHL' },
    });
    expect(request.lineItems.map((line) => [line.id, line.quantity])).toEqual(cart.lineItems.map((line) => [line.id, line.quantity]));
    expect(request.taxedPrice?.totalGross.centAmount).toBe(5538);

    // The request is independent of the cart from now on.
    cart = await updateCart(apiRoot, cart, { action: 'addLineItem', sku: 'N-1', quantity: 1 });
    const unchanged = (await apiRoot.quoteRequests().withKey({ key: 'qr-1' }).get().execute()).body;
    expect(unchanged.lineItems).toHaveLength(2);
    expect(unchanged.version).toBe(1);

    // The Seller stages an offer: the request is accepted in the same step; the quotation cart is a new cart.
    const staged = await stage(apiRoot, request, { quoteRequestStateToAccepted: true, key: 'sq-1' });
    expect(staged).toMatchObject({
      stagedQuoteState: 'InProgress',
      customer: { typeId: 'customer', id: buyer.id },
      quoteRequest: { typeId: 'quote-request', id: request.id },
      purchaseOrderNumber: 'PO-1',
    });
    expect(staged.quotationCart.id).not.toBe(cart.id);
    expect((await apiRoot.quoteRequests().withId({ ID: request.id }).get().execute()).body).toMatchObject({
      quoteRequestState: 'Accepted',
      version: 2,
    });
    let quotation = (await apiRoot.carts().withId({ ID: staged.quotationCart.id }).get().execute()).body;
    expect(quotation).toMatchObject({ origin: 'Quote', cartState: 'Active', customerId: buyer.id, totalPrice: { centAmount: 5538 } });

    // The Seller negotiates on the quotation cart: 10 shirts, 10% off every line (direct discount).
    quotation = await updateCart(
      apiRoot,
      quotation,
      { action: 'changeLineItemQuantity', lineItemId: quotation.lineItems[0]!.id, quantity: 10 },
      {
        action: 'setDirectDiscounts',
        discounts: [{ value: { type: 'relative', permyriad: 1000 }, target: { type: 'lineItems', predicate: 'true' } }],
      },
    );
    // Per unit: 19.99 − 10% = 17.991 → 17.99, × 10 = 179.90; 10.50 → 9.45; 189.35 EUR; shipping free above 100.00.
    expect(quotation.totalPrice.centAmount).toBe(18935);
    let sq = (
      await apiRoot
        .stagedQuotes()
        .withKey({ key: 'sq-1' })
        .post({
          body: {
            version: staged.version,
            actions: [
              { action: 'setSellerComment', sellerComment: '10% on a volume of 10' },
              { action: 'setValidTo', validTo: '2999-12-31T00:00:00.000Z' },
            ],
          },
        })
        .execute()
    ).body;
    expect(sq).toMatchObject({ sellerComment: '10% on a volume of 10', validTo: '2999-12-31T00:00:00.000Z', version: 2 });

    const quote = await offer(apiRoot, sq, { stagedQuoteStateToSent: true, key: 'q-1' });
    expect(quote).toMatchObject({
      key: 'q-1',
      quoteState: 'Pending',
      quoteRequest: { typeId: 'quote-request', id: request.id },
      stagedQuote: { typeId: 'staged-quote', id: staged.id },
      customer: { typeId: 'customer', id: buyer.id },
      sellerComment: '10% on a volume of 10',
      validTo: '2999-12-31T00:00:00.000Z',
      purchaseOrderNumber: 'PO-1',
      totalPrice: { centAmount: 18935 },
    });
    expect(quote.directDiscounts).toHaveLength(1);
    sq = (await apiRoot.stagedQuotes().withId({ ID: staged.id }).get().execute()).body;
    expect(sq.stagedQuoteState).toBe('Sent');

    // The quotation cart changes afterwards; the quote (the binding offer) does not.
    await updateCart(apiRoot, quotation, { action: 'addLineItem', sku: 'N-1', quantity: 5 });
    expect((await apiRoot.quotes().withId({ ID: quote.id }).get().execute()).body.totalPrice.centAmount).toBe(18935);

    const order = (
      await apiRoot
        .orders()
        .orderQuote()
        .post({
          body: { quote: { typeId: 'quote', id: quote.id }, version: quote.version, quoteStateToAccepted: true, orderNumber: 'Q-0001' },
        })
        .execute()
    ).body;
    expect(order).toMatchObject({
      orderNumber: 'Q-0001',
      origin: 'Quote',
      orderState: 'Open',
      quote: { typeId: 'quote', id: quote.id },
      cart: { typeId: 'cart', id: staged.quotationCart.id },
      customerId: buyer.id,
      customerEmail: 'buyer@example.com',
      purchaseOrderNumber: 'PO-1',
      totalPrice: { centAmount: 18935 },
    });
    expect(order.lineItems.map((line) => [line.variant.sku, line.quantity])).toEqual([
      ['A-1', 10],
      ['B-1', 1],
    ]);
    expect((await apiRoot.quotes().withId({ ID: quote.id }).get().execute()).body.quoteState).toBe('Accepted');
    expect((await apiRoot.carts().withId({ ID: staged.quotationCart.id }).get().execute()).body.cartState).toBe('Ordered');
    expect((await apiRoot.orders().withOrderNumber({ orderNumber: 'Q-0001' }).get().execute()).body.id).toBe(order.id);
    expect(mock.data.all('order')).toHaveLength(1);
  });

  test('creating a quote request from a cart: the platform’s refusals, nothing stored', async ({ apiRoot, mock }) => {
    const catalog = await setupCatalog(apiRoot);
    const buyer = await createCustomer(apiRoot, 'buyer@example.com');
    const refused = async (cart: Cart, version = cart.version) =>
      (
        await sdkFailure(
          apiRoot
            .quoteRequests()
            .post({ body: { cart: { typeId: 'cart', id: cart.id }, cartVersion: version } })
            .execute(),
        )
      ).body.errors[0]!;

    const good = await quotableCart(apiRoot, catalog, buyer);
    expect(await refused(good, good.version + 1)).toMatchObject({ code: 'ConcurrentModification', currentVersion: good.version });
    const anonymous = await createCart(apiRoot, {
      currency: 'EUR',
      anonymousId: 'session-1',
      shippingAddress: BERLIN,
      lineItems: [{ sku: 'A-1', quantity: 1 }],
    });
    expect(await refused(anonymous)).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining('anonymous') });
    const noAddress = await createCart(apiRoot, { currency: 'EUR', customerId: buyer.id, lineItems: [{ sku: 'A-1', quantity: 1 }] });
    expect(await refused(noAddress)).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining('shipping address') });
    const multiple = await createCart(apiRoot, {
      currency: 'EUR',
      customerId: buyer.id,
      shippingAddress: BERLIN,
      shippingMode: 'Multiple',
    });
    expect(await refused(multiple)).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining('Multiple') });
    const discount = await createCartDiscount(apiRoot, {
      name: { en: 'code' },
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate: '1 = 1',
      target: { type: 'lineItems', predicate: 'true' },
      sortOrder: '0.5',
      requiresDiscountCode: true,
    });
    await createDiscountCode(apiRoot, { code: 'TEN', cartDiscounts: [{ typeId: 'cart-discount', id: discount.id }] });
    const withCode = await updateCart(apiRoot, await quotableCart(apiRoot, catalog, buyer), { action: 'addDiscountCode', code: 'TEN' });
    expect(await refused(withCode)).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining('discount codes') });
    const ordered = await quotableCart(apiRoot, catalog, buyer);
    await apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: ordered.id }, version: ordered.version } })
      .execute();
    expect(await refused(await readCart(apiRoot, ordered))).toMatchObject({
      code: 'InvalidOperation',
      message: expect.stringContaining('Ordered'),
    });
    const missing = await sdkFailure(
      apiRoot
        .quoteRequests()
        .post({ body: { cart: { typeId: 'cart', id: 'no-such-cart' }, cartVersion: 1 } })
        .execute(),
    );
    expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'cart' });
    expect(mock.data.all('quote-request')).toHaveLength(0);
  });

  test('quote request actions and state transitions', async ({ apiRoot }) => {
    const catalog = await setupCatalog(apiRoot);
    const [buyer, colleague] = [await createCustomer(apiRoot, 'buyer@example.com'), await createCustomer(apiRoot, 'colleague@example.com')];
    const type = (
      await apiRoot
        .types()
        .post({
          body: {
            key: 'qr-fields',
            name: { en: 'QR' },
            resourceTypeIds: ['quote'],
            fieldDefinitions: [{ name: 'priority', label: { en: 'Priority' }, required: false, type: { name: 'String' } }],
          },
        })
        .execute()
    ).body;
    const submitted = (
      await apiRoot
        .states()
        .post({ body: { key: 'qr-new', type: 'QuoteRequestState', initial: true } })
        .execute()
    ).body;
    const review = (
      await apiRoot
        .states()
        .post({ body: { key: 'qr-review', type: 'QuoteRequestState', initial: false } })
        .execute()
    ).body;
    const wrongType = (
      await apiRoot
        .states()
        .post({ body: { key: 'order-open', type: 'OrderState', initial: true } })
        .execute()
    ).body;
    let request = await requestQuote(apiRoot, await quotableCart(apiRoot, catalog, buyer), {
      custom: { type: { typeId: 'type', key: 'qr-fields' }, fields: { priority: 'high' } },
    });
    expect(request.custom).toEqual({ type: { typeId: 'type', id: type.id }, fields: { priority: 'high' } });
    const update = (...actions: object[]) =>
      apiRoot
        .quoteRequests()
        .withId({ ID: request.id })
        .post({ body: { version: request.version, actions: actions as never } })
        .execute();

    request = (
      await update(
        { action: 'changeCustomer', customer: { typeId: 'customer', id: colleague.id } },
        { action: 'setCustomField', name: 'priority', value: 'low' },
        { action: 'transitionState', state: { typeId: 'state', key: 'qr-new' } },
      )
    ).body;
    expect(request).toMatchObject({
      customer: { typeId: 'customer', id: colleague.id },
      custom: { fields: { priority: 'low' } },
      state: { typeId: 'state', id: submitted.id },
    });
    request = (await update({ action: 'transitionState', state: { typeId: 'state', key: 'qr-review' } })).body;
    expect(request.state?.id).toBe(review.id);
    expect(
      (await sdkFailure(update({ action: 'transitionState', state: { typeId: 'state', id: wrongType.id } }))).body.errors[0]!.code,
    ).toBe('InvalidOperation');

    // Submitted → Accepted → Closed; Closed is final.
    request = (await update({ action: 'changeQuoteRequestState', quoteRequestState: 'Accepted' })).body;
    const same = (await update({ action: 'changeQuoteRequestState', quoteRequestState: 'Accepted' })).body;
    expect(same.version).toBe(request.version); // nothing changed
    expect((await sdkFailure(update({ action: 'changeQuoteRequestState', quoteRequestState: 'Submitted' }))).body.errors[0]).toMatchObject({
      code: 'InvalidOperation',
      message: "The quote request cannot change its state from 'Accepted' to 'Submitted'.",
    });
    request = (await update({ action: 'changeQuoteRequestState', quoteRequestState: 'Closed' })).body;
    for (const next of ['Submitted', 'Accepted', 'Rejected', 'Cancelled'] as const) {
      expect((await sdkFailure(update({ action: 'changeQuoteRequestState', quoteRequestState: next }))).body.errors[0]!.code).toBe(
        'InvalidOperation',
      );
    }
    // `cancelQuoteRequest` is the /me action only.
    expect((await sdkFailure(update({ action: 'cancelQuoteRequest' }))).body.errors[0]).toMatchObject({
      code: 'InvalidInput',
      field: 'actions[0].action',
    });
    const deleted = await apiRoot
      .quoteRequests()
      .withId({ ID: request.id })
      .delete({ queryArgs: { version: request.version } })
      .execute();
    expect(deleted.statusCode).toBe(200);
  });

  test('staged quotes: only from a Submitted or Accepted request; custom fields merged; states; refusals store nothing', async ({
    apiRoot,
    mock,
  }) => {
    const catalog = await setupCatalog(apiRoot);
    const buyer = await createCustomer(apiRoot, 'buyer@example.com');
    await apiRoot
      .types()
      .post({
        body: {
          key: 'quote-fields',
          name: { en: 'Quote' },
          resourceTypeIds: ['quote'],
          fieldDefinitions: [
            { name: 'fa', label: { en: 'A' }, required: false, type: { name: 'String' } },
            { name: 'fb', label: { en: 'B' }, required: false, type: { name: 'String' } },
          ],
        },
      })
      .execute();
    const request = await requestQuote(apiRoot, await quotableCart(apiRoot, catalog, buyer), {
      custom: { type: { typeId: 'type', key: 'quote-fields' }, fields: { fa: 'from request', fb: 'from request' } },
    });
    const cartsBefore = mock.data.all('cart').length;
    const wrongVersion = await sdkFailure(
      apiRoot
        .stagedQuotes()
        .post({ body: { quoteRequest: { typeId: 'quote-request', id: request.id }, quoteRequestVersion: 7 } })
        .execute(),
    );
    expect(wrongVersion.statusCode).toBe(409);
    expect(mock.data.all('cart')).toHaveLength(cartsBefore); // no quotation cart left behind

    let staged = await stage(apiRoot, request, {
      custom: { type: { typeId: 'type', key: 'quote-fields' }, fields: { fb: 'from staged quote' } },
    });
    expect(staged.custom?.fields).toEqual({ fa: 'from request', fb: 'from staged quote' });
    expect(mock.data.all('cart')).toHaveLength(cartsBefore + 1);
    expect((await apiRoot.quoteRequests().withId({ ID: request.id }).get().execute()).body.quoteRequestState).toBe('Submitted');
    const change = async (stagedQuoteState: 'InProgress' | 'Sent' | 'Closed') =>
      apiRoot
        .stagedQuotes()
        .withId({ ID: staged.id })
        .post({ body: { version: staged.version, actions: [{ action: 'changeStagedQuoteState', stagedQuoteState }] } })
        .execute();
    staged = (await change('Sent')).body;
    staged = (await change('InProgress')).body;
    staged = (await change('Closed')).body;
    expect((await sdkFailure(change('InProgress'))).body.errors[0]!.code).toBe('InvalidOperation');
    const fromClosed = await sdkFailure(offer(apiRoot, staged));
    expect(fromClosed.body.errors[0]).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining('Closed') });

    // A cancelled (or rejected, closed) request is staged no more.
    const cancelled = (
      await apiRoot
        .quoteRequests()
        .withId({ ID: request.id })
        .post({ body: { version: request.version, actions: [{ action: 'changeQuoteRequestState', quoteRequestState: 'Cancelled' }] } })
        .execute()
    ).body;
    const refused = await sdkFailure(stage(apiRoot, cancelled));
    expect(refused.body.errors[0]).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining("'Cancelled'") });
    expect(mock.data.all('staged-quote')).toHaveLength(1);
    expect(mock.data.all('quote')).toHaveLength(0);
  });

  test('renegotiation: the buyer declines for renegotiation, the Seller answers with a new quote from the same staged quote', async ({
    apiRoot,
  }) => {
    const catalog = await setupCatalog(apiRoot);
    const buyer = await createCustomer(apiRoot, 'buyer@example.com');
    const { staged, quote } = await pendingQuote(apiRoot, catalog, buyer);
    const updateQuote = (q: Quote, ...actions: object[]) =>
      apiRoot
        .quotes()
        .withId({ ID: q.id })
        .post({ body: { version: q.version, actions: actions as never } })
        .execute();

    const forbidden = await sdkFailure(updateQuote(quote, { action: 'changeQuoteState', quoteState: 'DeclinedForRenegotiation' }));
    expect(forbidden.body.errors[0]).toMatchObject({
      code: 'InvalidOperation',
      message: expect.stringContaining('requestQuoteRenegotiation'),
    });
    const declined = (await updateQuote(quote, { action: 'requestQuoteRenegotiation', buyerComment: 'Cheaper, please' })).body;
    expect(declined).toMatchObject({ quoteState: 'DeclinedForRenegotiation', buyerComment: 'Cheaper, please' });
    expect((await sdkFailure(updateQuote(declined, { action: 'requestQuoteRenegotiation' }))).body.errors[0]!.code).toBe(
      'InvalidOperation',
    );
    // Not Pending: no order.
    const notPending = await sdkFailure(
      apiRoot
        .orders()
        .orderQuote()
        .post({ body: { quote: { typeId: 'quote', id: quote.id }, version: declined.version } })
        .execute(),
    );
    expect(notPending.body.errors[0]).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining("'Pending'") });

    // The Seller reworks the staged quote and offers again.
    let sq = (await apiRoot.stagedQuotes().withId({ ID: staged.id }).get().execute()).body;
    sq = (
      await apiRoot
        .stagedQuotes()
        .withId({ ID: sq.id })
        .post({ body: { version: sq.version, actions: [{ action: 'changeStagedQuoteState', stagedQuoteState: 'InProgress' }] } })
        .execute()
    ).body;
    const cart = (await apiRoot.carts().withId({ ID: sq.quotationCart.id }).get().execute()).body;
    await updateCart(apiRoot, cart, {
      action: 'setDirectDiscounts',
      discounts: [{ value: { type: 'relative', permyriad: 2000 }, target: { type: 'lineItems', predicate: 'true' } }],
    });
    const second = await offer(apiRoot, sq, { stagedQuoteStateToSent: true });
    expect(second.quoteState).toBe('Pending');
    expect(second.totalPrice.centAmount).toBeLessThan(quote.totalPrice.centAmount);
    const first = (await apiRoot.quotes().withId({ ID: quote.id }).get().execute()).body;
    expect(first.quoteState).toBe('RenegotiationAddressed');
    // RenegotiationAddressed, Accepted, Declined and Withdrawn are final.
    expect((await sdkFailure(updateQuote(first, { action: 'changeQuoteState', quoteState: 'Pending' }))).body.errors[0]!.code).toBe(
      'InvalidOperation',
    );
    const withdrawn = (await updateQuote(second, { action: 'changeQuoteState', quoteState: 'Withdrawn' })).body;
    expect((await sdkFailure(updateQuote(withdrawn, { action: 'changeQuoteState', quoteState: 'Accepted' }))).body.errors[0]).toMatchObject(
      {
        code: 'InvalidOperation',
        message: "The quote cannot change its state from 'Withdrawn' to 'Accepted'.",
      },
    );
  });

  test('quote actions: customer, custom fields, transitionState', async ({ apiRoot }) => {
    const catalog = await setupCatalog(apiRoot);
    const [buyer, colleague] = [await createCustomer(apiRoot, 'buyer@example.com'), await createCustomer(apiRoot, 'colleague@example.com')];
    await apiRoot
      .states()
      .post({ body: { key: 'q-open', type: 'QuoteState', initial: true } })
      .execute();
    await apiRoot
      .types()
      .post({
        body: {
          key: 'qt',
          name: { en: 'Q' },
          resourceTypeIds: ['quote'],
          fieldDefinitions: [{ name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } }],
        },
      })
      .execute();
    const { quote } = await pendingQuote(apiRoot, catalog, buyer);
    const updated = (
      await apiRoot
        .quotes()
        .withId({ ID: quote.id })
        .post({
          body: {
            version: quote.version,
            actions: [
              { action: 'changeCustomer', customer: { typeId: 'customer', id: colleague.id } },
              { action: 'setCustomType', type: { typeId: 'type', key: 'qt' }, fields: { note: 'n' } },
              { action: 'transitionState', state: { typeId: 'state', key: 'q-open' } },
            ],
          },
        })
        .execute()
    ).body;
    expect(updated).toMatchObject({ customer: { id: colleague.id }, custom: { fields: { note: 'n' } }, state: { typeId: 'state' } });
    const unknown = await sdkFailure(
      apiRoot
        .quotes()
        .withId({ ID: quote.id })
        .post({
          body: { version: updated.version, actions: [{ action: 'changeCustomer', customer: { typeId: 'customer', id: 'nobody' } }] },
        })
        .execute(),
    );
    expect(unknown.body.errors[0]!.code).toBe('ReferencedResourceNotFound');
  });

  test('an order from a quote: Pending and valid only, the right version, once', async ({ apiRoot, mock }) => {
    const catalog = await setupCatalog(apiRoot);
    const buyer = await createCustomer(apiRoot, 'buyer@example.com');
    const { staged, quote } = await pendingQuote(apiRoot, catalog, buyer);
    const order = (draft: object) =>
      apiRoot
        .orders()
        .orderQuote()
        .post({ body: { quote: { typeId: 'quote', id: quote.id }, version: quote.version, ...draft } })
        .execute();
    expect((await sdkFailure(order({ version: quote.version + 1 }))).statusCode).toBe(409);

    // Expired: validTo in the past (set on the staged quote, taken by a new quote).
    let sq = (await apiRoot.stagedQuotes().withId({ ID: staged.id }).get().execute()).body;
    sq = (
      await apiRoot
        .stagedQuotes()
        .withId({ ID: sq.id })
        .post({ body: { version: sq.version, actions: [{ action: 'setValidTo', validTo: '2001-01-01T00:00:00.000Z' }] } })
        .execute()
    ).body;
    const expired = await offer(apiRoot, sq);
    const expiredFailure = await sdkFailure(
      apiRoot
        .orders()
        .orderQuote()
        .post({ body: { quote: { typeId: 'quote', id: expired.id }, version: expired.version } })
        .execute(),
    );
    expect(expiredFailure.body.errors[0]).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining('expired') });
    expect(mock.data.all('order')).toHaveLength(0);

    const made = (await order({ orderState: 'Confirmed', paymentState: 'Pending' })).body;
    expect(made).toMatchObject({ orderState: 'Confirmed', paymentState: 'Pending', origin: 'Quote' });
    // Without quoteStateToAccepted the quote stays Pending, but it is ordered once only.
    expect((await apiRoot.quotes().withId({ ID: quote.id }).get().execute()).body.quoteState).toBe('Pending');
    const twice = await sdkFailure(order({}));
    expect(twice.body.errors[0]).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining('already') });
    expect(mock.data.all('order')).toHaveLength(1);
  });
});

test.describe('caller-scoped: /me and in-store', () => {
  test('/me/quote-requests: from the caller’s own cart only; cancel is the only action; customers only', async ({ apiRoot, mock }) => {
    const catalog = await setupCatalog(apiRoot);
    const [buyer, other] = [
      await createCustomer(apiRoot, 'buyer@example.com', 'pw'),
      await createCustomer(apiRoot, 'other@example.com', 'pw'),
    ];
    const me = sdkApiRoot(mock, { kind: 'password', username: 'buyer@example.com', password: 'pw' }).me();
    const mine = await quotableCart(apiRoot, catalog, buyer);
    const theirs = await quotableCart(apiRoot, catalog, other);

    const foreign = await sdkFailure(
      me
        .quoteRequests()
        .post({ body: { cartId: theirs.id, cartVersion: theirs.version } })
        .execute(),
    );
    expect(foreign.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'cart' });
    let request = (
      await me
        .quoteRequests()
        .post({ body: { cartId: mine.id, cartVersion: mine.version, comment: 'please' } })
        .execute()
    ).body;
    expect(request).toMatchObject({ customer: { id: buyer.id }, comment: 'please', quoteRequestState: 'Submitted' });
    const othersRequest = await requestQuote(apiRoot, theirs);
    expect((await me.quoteRequests().get().execute()).body.results.map((r) => r.id)).toEqual([request.id]);
    expect((await sdkFailure(me.quoteRequests().withId({ ID: othersRequest.id }).get().execute())).statusCode).toBe(404);

    const notMine = await sdkFailure(
      me
        .quoteRequests()
        .withId({ ID: request.id })
        .post({
          body: { version: request.version, actions: [{ action: 'changeQuoteRequestState', quoteRequestState: 'Accepted' } as never] },
        })
        .execute(),
    );
    expect(notMine.body.errors[0]).toMatchObject({ code: 'InvalidInput' });
    request = (
      await me
        .quoteRequests()
        .withId({ ID: request.id })
        .post({ body: { version: request.version, actions: [{ action: 'cancelQuoteRequest' }] } })
        .execute()
    ).body;
    expect(request.quoteRequestState).toBe('Cancelled');
    const again = await sdkFailure(
      me
        .quoteRequests()
        .withId({ ID: request.id })
        .post({ body: { version: request.version, actions: [{ action: 'cancelQuoteRequest' }] } })
        .execute(),
    );
    expect(again.body.errors[0]).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining("'Submitted'") });

    const anonymous = sdkApiRoot(mock, { kind: 'anonymous' }).me();
    expect((await sdkFailure(anonymous.quoteRequests().get().execute())).statusCode).toBe(403);
    expect((await sdkFailure(anonymous.quotes().get().execute())).statusCode).toBe(403);
  });

  test('/me/quotes: changeMyQuoteState from Pending; /me/orders/quotes for the caller’s quote only', async ({ apiRoot, mock }) => {
    const catalog = await setupCatalog(apiRoot);
    const [buyer, other] = [
      await createCustomer(apiRoot, 'buyer@example.com', 'pw'),
      await createCustomer(apiRoot, 'other@example.com', 'pw'),
    ];
    const me = sdkApiRoot(mock, { kind: 'password', username: 'buyer@example.com', password: 'pw' }).me();
    const first = await pendingQuote(apiRoot, catalog, buyer);
    const second = await pendingQuote(apiRoot, catalog, buyer);
    const theirs = await pendingQuote(apiRoot, catalog, other);
    expect((await me.quotes().get().execute()).body.results.map((q) => q.id).sort()).toEqual([first.quote.id, second.quote.id].sort());
    expect((await sdkFailure(me.quotes().withId({ ID: theirs.quote.id }).get().execute())).statusCode).toBe(404);

    const declined = (
      await me
        .quotes()
        .withId({ ID: first.quote.id })
        .post({ body: { version: first.quote.version, actions: [{ action: 'changeMyQuoteState', quoteState: 'Declined' }] } })
        .execute()
    ).body;
    expect(declined.quoteState).toBe('Declined');
    const late = await sdkFailure(
      me
        .quotes()
        .withId({ ID: first.quote.id })
        .post({ body: { version: declined.version, actions: [{ action: 'changeMyQuoteState', quoteState: 'Accepted' }] } })
        .execute(),
    );
    expect(late.body.errors[0]!.code).toBe('InvalidOperation');
    const sellerAction = await sdkFailure(
      me
        .quotes()
        .withId({ ID: second.quote.id })
        .post({ body: { version: second.quote.version, actions: [{ action: 'changeQuoteState', quoteState: 'Withdrawn' } as never] } })
        .execute(),
    );
    expect(sellerAction.body.errors[0]!.code).toBe('InvalidInput');

    const foreign = await sdkFailure(
      me
        .orders()
        .orderQuote()
        .post({ body: { id: theirs.quote.id, version: theirs.quote.version } })
        .execute(),
    );
    expect(foreign.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'quote' });
    const order = (
      await me
        .orders()
        .orderQuote()
        .post({ body: { id: second.quote.id, version: second.quote.version, quoteStateToAccepted: true } })
        .execute()
    ).body;
    expect(order).toMatchObject({ customerId: buyer.id, origin: 'Quote', quote: { id: second.quote.id } });
    expect((await me.quotes().withId({ ID: second.quote.id }).get().execute()).body.quoteState).toBe('Accepted');
    expect((await me.orders().withId({ ID: order.id }).get().execute()).body.id).toBe(order.id);
  });

  test('/me for a quote of a business unit: the B2B permissions (CreateMyQuoteRequestsFromMyCarts, AcceptMyQuotes, CreateMyOrdersFromMyQuotes)', async ({
    apiRoot,
    mock,
  }) => {
    const catalog = await setupCatalog(apiRoot);
    const buyer = await createCustomer(apiRoot, 'buyer@example.com', 'pw');
    await createRole(apiRoot, 'requester', ['CreateMyQuoteRequestsFromMyCarts']);
    await createUnit(apiRoot, { key: 'acme', unitType: 'Company', name: 'ACME', associates: [associate(buyer.id, 'requester')] });
    const me = sdkApiRoot(mock, { kind: 'password', username: 'buyer@example.com', password: 'pw' }).me();
    const cart = await quotableCart(apiRoot, catalog, buyer, { businessUnit: { typeId: 'business-unit', key: 'acme' } });
    const request = (
      await me
        .quoteRequests()
        .post({ body: { cartId: cart.id, cartVersion: cart.version } })
        .execute()
    ).body;
    expect(request.businessUnit).toEqual({ typeId: 'business-unit', key: 'acme' });
    const staged = await stage(apiRoot, request);
    const quote = await offer(apiRoot, staged);
    const accept = await sdkFailure(
      me
        .quotes()
        .withId({ ID: quote.id })
        .post({ body: { version: quote.version, actions: [{ action: 'changeMyQuoteState', quoteState: 'Accepted' }] } })
        .execute(),
    );
    expect(accept.body.errors[0]).toMatchObject({
      code: 'AssociateMissingPermission',
      permissions: ['AcceptMyQuotes'],
      businessUnit: { key: 'acme' },
    });
    const order = await sdkFailure(
      me
        .orders()
        .orderQuote()
        .post({ body: { id: quote.id, version: quote.version } })
        .execute(),
    );
    expect(order.body.errors[0]).toMatchObject({ code: 'AssociateMissingPermission', permissions: ['CreateMyOrdersFromMyQuotes'] });
    expect(mock.permissions.decisions().map((d) => [d.action, d.allowed])).toEqual([
      ['create quote-request', true],
      ['accept quote', false],
      ['create order from quote', false],
    ]);
    expect(mock.data.all('order')).toHaveLength(0);
  });

  test('in-store: quote requests, staged quotes and quotes of the store; another store’s is out of reach', async ({ apiRoot }) => {
    const catalog = await setupCatalog(apiRoot);
    await apiRoot
      .stores()
      .post({ body: { key: 'berlin' } })
      .execute();
    await apiRoot
      .stores()
      .post({ body: { key: 'paris' } })
      .execute();
    const buyer = await createCustomer(apiRoot, 'buyer@example.com');
    const berlin = apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'berlin' });
    const paris = apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'paris' });
    const cart = await quotableCart(apiRoot, catalog, buyer, { store: { typeId: 'store', key: 'berlin' } });
    const wrongStore = await sdkFailure(
      paris
        .quoteRequests()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, cartVersion: cart.version } })
        .execute(),
    );
    expect(wrongStore.body.errors[0]!.code).toBe('InvalidOperation');
    const request = (
      await berlin
        .quoteRequests()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, cartVersion: cart.version } })
        .execute()
    ).body;
    expect(request.store).toEqual({ typeId: 'store', key: 'berlin' });
    expect((await sdkFailure(paris.quoteRequests().withId({ ID: request.id }).get().execute())).statusCode).toBe(404);
    expect(
      (
        await sdkFailure(
          paris
            .stagedQuotes()
            .post({ body: { quoteRequest: { typeId: 'quote-request', id: request.id }, quoteRequestVersion: request.version } })
            .execute(),
        )
      ).statusCode,
    ).toBe(400);
    const staged = (
      await berlin
        .stagedQuotes()
        .post({ body: { quoteRequest: { typeId: 'quote-request', id: request.id }, quoteRequestVersion: request.version } })
        .execute()
    ).body;
    expect(staged.store).toEqual({ typeId: 'store', key: 'berlin' });
    const quote = (
      await berlin
        .quotes()
        .post({ body: { stagedQuote: { typeId: 'staged-quote', id: staged.id }, stagedQuoteVersion: staged.version } })
        .execute()
    ).body;
    expect((await berlin.quotes().get().execute()).body.results.map((q) => q.id)).toEqual([quote.id]);
    expect((await paris.quotes().get().execute()).body.results).toEqual([]);
    const foreignOrder = await sdkFailure(
      paris
        .orders()
        .orderQuote()
        .post({ body: { quote: { typeId: 'quote', id: quote.id }, version: quote.version } })
        .execute(),
    );
    expect(foreignOrder.body.errors[0]!.code).toBe('ReferencedResourceNotFound');
    const order = (
      await berlin
        .orders()
        .orderQuote()
        .post({ body: { quote: { typeId: 'quote', id: quote.id }, version: quote.version } })
        .execute()
    ).body;
    expect(order.store).toEqual({ typeId: 'store', key: 'berlin' });
  });
});
