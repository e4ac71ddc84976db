/**
 * as-associate checkout through the official SDK: carts (+ replicate), orders (from a cart, from a
 * quote, by order number), quote requests, quotes (accept, decline, renegotiate, reassign), approval
 * rules and approval flows under `/as-associate/{id}/in-business-unit/key={key}/` — the My/Others
 * permissions, narrowing, 403 AssociateMissingPermission with the permissions that would have
 * sufficed, 404 for another unit's resources, and the decision log.
 */
import type { ByProjectKeyRequestBuilder, Cart, Customer, Permission, Quote } from '@commercetools/platform-sdk';
import { expect, sdkFailure, test } from '../support/sdk.js';
import { setupCatalog, type Catalog } from '../checkout/carts-support.js';
import { associate, call, createCustomer, createRole, createUnit } from './support.js';
import { messagesOf as resourceMessages } from '../events/support.js';

const MY: Permission[] = [
  'ViewMyCarts',
  'CreateMyCarts',
  'UpdateMyCarts',
  'DeleteMyCarts',
  'ViewMyOrders',
  'UpdateMyOrders',
  'CreateMyOrdersFromMyCarts',
  'ViewMyQuoteRequests',
  'CreateMyQuoteRequestsFromMyCarts',
  'UpdateMyQuoteRequests',
  'ViewMyQuotes',
  'AcceptMyQuotes',
  'DeclineMyQuotes',
  'RenegotiateMyQuotes',
  'ReassignMyQuotes',
  'CreateMyOrdersFromMyQuotes',
];
const OTHERS: Permission[] = [
  'ViewOthersCarts',
  'CreateOthersCarts',
  'UpdateOthersCarts',
  'DeleteOthersCarts',
  'ViewOthersOrders',
  'UpdateOthersOrders',
  'CreateOrdersFromOthersCarts',
  'ViewOthersQuoteRequests',
  'CreateQuoteRequestsFromOthersCarts',
  'UpdateOthersQuoteRequests',
  'ViewOthersQuotes',
  'AcceptOthersQuotes',
  'DeclineOthersQuotes',
  'RenegotiateOthersQuotes',
  'ReassignOthersQuotes',
  'CreateOrdersFromOthersQuotes',
];

interface World {
  catalog: Catalog;
  buyer: Customer;
  admin: Customer;
  manager: Customer;
  director: Customer;
  viewer: Customer;
  outsider: Customer;
}

/**
 * acme: buyer (My permissions), admin (Others + view My + approval rules and flows), manager (role
 * approver), director (role director), viewer (no permission); other: outsider (admin role).
 */
async function world(apiRoot: ByProjectKeyRequestBuilder): Promise<World> {
  const catalog = await setupCatalog(apiRoot);
  await createRole(apiRoot, 'buyer', MY);
  await createRole(apiRoot, 'admin', [
    ...OTHERS,
    'ViewMyCarts',
    'CreateMyCarts',
    'ViewMyOrders',
    'ViewMyQuotes',
    'ViewMyQuoteRequests',
    'CreateApprovalRules',
    'UpdateApprovalRules',
    'UpdateApprovalFlows',
  ]);
  await createRole(apiRoot, 'approver', ['UpdateApprovalFlows']);
  await createRole(apiRoot, 'director', ['UpdateApprovalFlows']);
  await createRole(apiRoot, 'nothing', []);
  const [buyer, admin, manager, director, viewer, outsider] = [
    await createCustomer(apiRoot, 'buyer@acme.example'),
    await createCustomer(apiRoot, 'admin@acme.example'),
    await createCustomer(apiRoot, 'manager@acme.example'),
    await createCustomer(apiRoot, 'director@acme.example'),
    await createCustomer(apiRoot, 'viewer@acme.example'),
    await createCustomer(apiRoot, 'outsider@other.example'),
  ];
  await createUnit(apiRoot, {
    key: 'acme',
    unitType: 'Company',
    name: 'ACME',
    associates: [
      associate(buyer.id, 'buyer'),
      associate(admin.id, 'admin'),
      associate(manager.id, 'approver'),
      associate(director.id, 'director'),
      associate(viewer.id, 'nothing'),
    ],
  });
  await createUnit(apiRoot, { key: 'other', unitType: 'Company', name: 'Other', associates: [associate(outsider.id, 'admin', 'buyer')] });
  return { catalog, buyer, admin, manager, director, viewer, outsider };
}

const inUnit = (apiRoot: ByProjectKeyRequestBuilder, associateId: string, businessUnitKey = 'acme') =>
  apiRoot.asAssociate().withAssociateIdValue({ associateId }).inBusinessUnitKeyWithBusinessUnitKeyValue({ businessUnitKey });

const BERLIN = { country: 'DE', city: 'Berlin' };

/** A cart of the unit, made as `associateId` (for `customerId`, default: the associate). */
async function unitCart(
  apiRoot: ByProjectKeyRequestBuilder,
  w: World,
  associateId: string,
  options: { quantity?: number; customerId?: string; unit?: string } = {},
): Promise<Cart> {
  const response = await inUnit(apiRoot, associateId, options.unit)
    .carts()
    .post({
      body: {
        currency: 'EUR',
        country: 'DE',
        shippingAddress: BERLIN,
        shippingMethod: { typeId: 'shipping-method', id: w.catalog.dhl.id },
        lineItems: [{ sku: 'A-1', quantity: options.quantity ?? 1 }],
        ...(options.customerId ? { customerId: options.customerId } : {}),
      },
    })
    .execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

const decisionsOf = (decisions: Array<{ action: string; allowed: boolean; permissions: string[] }>, action: string) =>
  decisions.filter((d) => d.action === action).map((d) => [d.allowed, d.permissions]);

test.describe('as-associate carts', () => {
  test('a write that waits for an API extension records its permission decisions once', async ({ apiRoot, mock }) => {
    const w = await world(apiRoot);
    await apiRoot
      .extensions()
      .post({
        body: {
          key: 'cart-check',
          destination: { type: 'HTTP', url: 'http://127.0.0.1:9/carts' },
          triggers: [{ resourceTypeId: 'cart', actions: ['Create', 'Update'] }],
        },
      })
      .execute();
    let calls = 0;
    mock.extensions.register('cart-check', () => {
      calls += 1;
      return { statusCode: 200, body: { actions: [{ action: 'setKey', key: `checked-${calls}` }] } };
    });
    const cart = await unitCart(apiRoot, w, w.buyer.id);
    const updated = await inUnit(apiRoot, w.buyer.id)
      .carts()
      .withId({ ID: cart.id })
      .post({ body: { version: cart.version, actions: [{ action: 'setCountry', country: 'DE' }] } })
      .execute();
    expect([calls, cart.key, updated.body.key]).toEqual([2, 'checked-1', 'checked-2']);
    expect(decisionsOf(mock.permissions.decisions(), 'create cart')).toEqual([[true, ['CreateMyCarts']]]);
    expect(decisionsOf(mock.permissions.decisions(), 'update cart')).toEqual([[true, ['UpdateMyCarts']]]);
  });

  test('created in the unit for the associate; Others covers the unit, My alone narrows; another unit’s cart is a 404', async ({
    apiRoot,
    mock,
  }) => {
    const w = await world(apiRoot);
    const mine = await unitCart(apiRoot, w, w.buyer.id);
    expect(mine).toMatchObject({
      businessUnit: { typeId: 'business-unit', key: 'acme' },
      customerId: w.buyer.id,
      totalPrice: { centAmount: 1999 + 490 },
    });
    const forBuyer = await unitCart(apiRoot, w, w.admin.id, { customerId: w.buyer.id });
    const adminsOwn = await unitCart(apiRoot, w, w.outsider.id, { unit: 'other' });

    const buyerSees = (await inUnit(apiRoot, w.buyer.id).carts().get().execute()).body;
    expect(buyerSees.results.map((c) => c.id).sort()).toEqual([mine.id, forBuyer.id].sort());
    expect((await inUnit(apiRoot, w.admin.id).carts().get().execute()).body.total).toBe(2);
    expect((await sdkFailure(inUnit(apiRoot, w.admin.id).carts().withId({ ID: adminsOwn.id }).get().execute())).statusCode).toBe(404);

    const cannotCreateForOthers = await sdkFailure(
      inUnit(apiRoot, w.buyer.id)
        .carts()
        .post({ body: { currency: 'EUR', customerId: w.admin.id } })
        .execute(),
    );
    expect(cannotCreateForOthers.body.errors[0]).toMatchObject({
      code: 'AssociateMissingPermission',
      permissions: ['CreateOthersCarts'],
      associateOnBehalf: { typeId: 'customer', id: w.admin.id },
    });
    const viewer = await sdkFailure(inUnit(apiRoot, w.viewer.id).carts().get().execute());
    expect(viewer.body.errors[0]).toMatchObject({ code: 'AssociateMissingPermission', permissions: ['ViewMyCarts', 'ViewOthersCarts'] });
    const updated = await inUnit(apiRoot, w.buyer.id)
      .carts()
      .withId({ ID: mine.id })
      .post({ body: { version: mine.version, actions: [{ action: 'setCountry', country: 'DE' }] } })
      .execute();
    expect(updated.statusCode).toBe(200);
    expect(decisionsOf(mock.permissions.decisions(), 'query cart')).toEqual([
      [true, ['ViewMyCarts', 'ViewOthersCarts']],
      [true, ['ViewMyCarts', 'ViewOthersCarts']],
      [false, ['ViewMyCarts', 'ViewOthersCarts']],
    ]);
  });

  test('replicate: a cart or order of the unit, into a new cart of the unit; another unit’s source is refused', async ({
    apiRoot,
    mock,
  }) => {
    const w = await world(apiRoot);
    const mine = await unitCart(apiRoot, w, w.buyer.id, { quantity: 3 });
    const replica = (
      await inUnit(apiRoot, w.buyer.id)
        .carts()
        .replicate()
        .post({ body: { reference: { typeId: 'cart', id: mine.id } } })
        .execute()
    ).body;
    expect(replica).toMatchObject({ version: 1, businessUnit: { key: 'acme' }, customerId: w.buyer.id, cartState: 'Active' });
    expect(replica.id).not.toBe(mine.id);
    expect(replica.lineItems[0]!.quantity).toBe(3);
    const elsewhere = await unitCart(apiRoot, w, w.outsider.id, { unit: 'other' });
    const foreign = await sdkFailure(
      inUnit(apiRoot, w.admin.id)
        .carts()
        .replicate()
        .post({ body: { reference: { typeId: 'cart', id: elsewhere.id } } })
        .execute(),
    );
    expect(foreign.body.errors[0]!.code).toBe('InvalidOperation');
    const othersCart = await unitCart(apiRoot, w, w.admin.id, { customerId: w.admin.id });
    const notHis = await sdkFailure(
      inUnit(apiRoot, w.buyer.id)
        .carts()
        .replicate()
        .post({ body: { reference: { typeId: 'cart', id: othersCart.id } } })
        .execute(),
    );
    expect(notHis.body.errors[0]).toMatchObject({ code: 'AssociateMissingPermission', permissions: ['ViewOthersCarts'] });
    const cartsBefore = mock.data.all('cart').length;
    // The admin replicates the buyer's cart: ViewOthersCarts, and CreateOthersCarts (the replica keeps the buyer as its customer).
    const byAdmin = (
      await inUnit(apiRoot, w.admin.id)
        .carts()
        .replicate()
        .post({ body: { reference: { typeId: 'cart', id: mine.id } } })
        .execute()
    ).body;
    expect(byAdmin.customerId).toBe(w.buyer.id);
    expect(mock.data.all('cart')).toHaveLength(cartsBefore + 1);
    const viewer = await sdkFailure(
      inUnit(apiRoot, w.viewer.id)
        .carts()
        .replicate()
        .post({ body: { reference: { typeId: 'cart', id: mine.id } } })
        .execute(),
    );
    expect(viewer.statusCode).toBe(403);
    expect(mock.data.all('cart')).toHaveLength(cartsBefore + 1);
  });
});

test.describe('as-associate orders', () => {
  test('from my cart (CreateMyOrdersFromMyCarts), from others’ carts (CreateOrdersFromOthersCarts); by order number; narrowed list', async ({
    apiRoot,
    mock,
  }) => {
    const w = await world(apiRoot);
    const mine = await unitCart(apiRoot, w, w.buyer.id);
    const order = (
      await inUnit(apiRoot, w.buyer.id)
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: mine.id }, version: mine.version, orderNumber: 'B-1' } })
        .execute()
    ).body;
    expect(order).toMatchObject({ orderNumber: 'B-1', businessUnit: { key: 'acme' }, customerId: w.buyer.id, cart: { id: mine.id } });

    const adminsCart = await unitCart(apiRoot, w, w.admin.id, { customerId: w.admin.id });
    const denied = await sdkFailure(
      inUnit(apiRoot, w.buyer.id)
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: adminsCart.id }, version: adminsCart.version } })
        .execute(),
    );
    expect(denied.body.errors[0]).toMatchObject({
      code: 'AssociateMissingPermission',
      message: `Associate '${w.buyer.id}' has no rights to create order from cart for customer '${w.admin.id}' in business-unit 'acme'. Needs 'CreateOrdersFromOthersCarts'.`,
      permissions: ['CreateOrdersFromOthersCarts'],
    });
    // The admin holds CreateOrdersFromOthersCarts, not CreateMyOrdersFromMyCarts.
    const ownByAdmin = await sdkFailure(
      inUnit(apiRoot, w.admin.id)
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: adminsCart.id }, version: adminsCart.version } })
        .execute(),
    );
    expect(ownByAdmin.body.errors[0]).toMatchObject({ permissions: ['CreateMyOrdersFromMyCarts'] });
    const buyersSecond = await unitCart(apiRoot, w, w.buyer.id);
    const forBuyer = (
      await inUnit(apiRoot, w.admin.id)
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: buyersSecond.id }, version: buyersSecond.version } })
        .execute()
    ).body;
    expect(forBuyer.customerId).toBe(w.buyer.id);

    const elsewhere = await unitCart(apiRoot, w, w.outsider.id, { unit: 'other' });
    const foreign = await sdkFailure(
      inUnit(apiRoot, w.admin.id)
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: elsewhere.id }, version: elsewhere.version } })
        .execute(),
    );
    expect(foreign.body.errors[0]!.code).toBe('InvalidOperation');
    const missing = await sdkFailure(
      inUnit(apiRoot, w.admin.id)
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: 'nope' }, version: 1 } })
        .execute(),
    );
    expect(missing.body.errors[0]!.code).toBe('ReferencedResourceNotFound');
    expect(mock.data.all('order')).toHaveLength(2);

    expect((await inUnit(apiRoot, w.buyer.id).orders().withOrderNumber({ orderNumber: 'B-1' }).get().execute()).body.id).toBe(order.id);
    const renumbered = await inUnit(apiRoot, w.buyer.id)
      .orders()
      .withOrderNumber({ orderNumber: 'B-1' })
      .post({ body: { version: order.version, actions: [{ action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-9' }] } })
      .execute();
    expect(renumbered.body.purchaseOrderNumber).toBe('PO-9');
    expect(
      (await sdkFailure(inUnit(apiRoot, w.viewer.id).orders().withOrderNumber({ orderNumber: 'B-1' }).get().execute())).body.errors[0],
    ).toMatchObject({
      permissions: ['ViewOthersOrders'],
    });
    expect((await sdkFailure(inUnit(apiRoot, w.outsider.id, 'other').orders().withId({ ID: order.id }).get().execute())).statusCode).toBe(
      404,
    );
    expect((await inUnit(apiRoot, w.buyer.id).orders().get().execute()).body.total).toBe(2);
    expect((await inUnit(apiRoot, w.admin.id).orders().get().execute()).body.total).toBe(2);
    // No DELETE as an associate (the RAML has none).
    expect((await call(mock, 'DELETE', `/as-associate/${w.admin.id}/in-business-unit/key=acme/orders/${order.id}?version=2`)).status).toBe(
      405,
    );
  });
});

test.describe('as-associate quote requests and quotes', () => {
  async function quoteFor(apiRoot: ByProjectKeyRequestBuilder, w: World, associateId: string): Promise<Quote> {
    const cart = await unitCart(apiRoot, w, associateId);
    const request = (
      await inUnit(apiRoot, associateId)
        .quoteRequests()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, cartVersion: cart.version } })
        .execute()
    ).body;
    const staged = (
      await apiRoot
        .stagedQuotes()
        .post({
          body: {
            quoteRequest: { typeId: 'quote-request', id: request.id },
            quoteRequestVersion: request.version,
            quoteRequestStateToAccepted: true,
          },
        })
        .execute()
    ).body;
    return (
      await apiRoot
        .quotes()
        .post({ body: { stagedQuote: { typeId: 'staged-quote', id: staged.id }, stagedQuoteVersion: staged.version } })
        .execute()
    ).body;
  }

  test('quote requests: from my cart, from others’ carts with CreateQuoteRequestsFromOthersCarts; a cart of another unit is refused', async ({
    apiRoot,
    mock,
  }) => {
    const w = await world(apiRoot);
    const mine = await unitCart(apiRoot, w, w.buyer.id);
    const request = (
      await inUnit(apiRoot, w.buyer.id)
        .quoteRequests()
        .post({ body: { cart: { typeId: 'cart', id: mine.id }, cartVersion: mine.version, comment: 'c' } })
        .execute()
    ).body;
    expect(request).toMatchObject({ customer: { id: w.buyer.id }, businessUnit: { key: 'acme' }, quoteRequestState: 'Submitted' });
    const adminsCart = await unitCart(apiRoot, w, w.admin.id, { customerId: w.admin.id });
    const denied = await sdkFailure(
      inUnit(apiRoot, w.buyer.id)
        .quoteRequests()
        .post({ body: { cart: { typeId: 'cart', id: adminsCart.id }, cartVersion: adminsCart.version } })
        .execute(),
    );
    expect(denied.body.errors[0]).toMatchObject({
      permissions: ['CreateQuoteRequestsFromOthersCarts'],
      associateOnBehalf: { id: w.admin.id },
    });
    const elsewhere = await unitCart(apiRoot, w, w.outsider.id, { unit: 'other' });
    const foreign = await sdkFailure(
      inUnit(apiRoot, w.admin.id)
        .quoteRequests()
        .post({ body: { cart: { typeId: 'cart', id: elsewhere.id }, cartVersion: elsewhere.version } })
        .execute(),
    );
    expect(foreign.body.errors[0]!.code).toBe('InvalidOperation');
    expect(mock.data.all('quote-request')).toHaveLength(1);

    expect((await inUnit(apiRoot, w.buyer.id).quoteRequests().get().execute()).body.total).toBe(1);
    expect((await inUnit(apiRoot, w.admin.id).quoteRequests().withId({ ID: request.id }).get().execute()).body.id).toBe(request.id);
    const cancel = { version: 1, actions: [{ action: 'changeQuoteRequestState' as const, quoteRequestState: 'Cancelled' as const }] };
    const viewer = await sdkFailure(
      inUnit(apiRoot, w.viewer.id).quoteRequests().withId({ ID: request.id }).post({ body: cancel }).execute(),
    );
    expect(viewer.body.errors[0]).toMatchObject({ permissions: ['UpdateOthersQuoteRequests'], associateOnBehalf: { id: w.buyer.id } });
    const cancelled = (await inUnit(apiRoot, w.admin.id).quoteRequests().withId({ ID: request.id }).post({ body: cancel }).execute()).body;
    expect(cancelled.quoteRequestState).toBe('Cancelled');
    expect(decisionsOf(mock.permissions.decisions(), 'create quote-request')).toEqual([
      [true, ['CreateMyQuoteRequestsFromMyCarts']],
      [false, ['CreateQuoteRequestsFromOthersCarts']],
    ]);
  });

  test('quotes: accept, decline, renegotiate, reassign — each its own My/Others permission', async ({ apiRoot, mock }) => {
    const w = await world(apiRoot);
    const quote = await quoteFor(apiRoot, w, w.buyer.id);
    const quotes = (id: string) => inUnit(apiRoot, id).quotes();
    const change = (id: string, q: Quote, ...actions: object[]) =>
      quotes(id)
        .withId({ ID: q.id })
        .post({ body: { version: q.version, actions: actions as never } })
        .execute();

    expect((await quotes(w.buyer.id).get().execute()).body.results.map((q) => q.id)).toEqual([quote.id]);
    const viewerAccept = await sdkFailure(change(w.viewer.id, quote, { action: 'changeQuoteState', quoteState: 'Accepted' }));
    expect(viewerAccept.body.errors[0]).toMatchObject({
      code: 'AssociateMissingPermission',
      message: `Associate '${w.viewer.id}' has no rights to accept quote for customer '${w.buyer.id}' in business-unit 'acme'. Needs 'AcceptOthersQuotes'.`,
      permissions: ['AcceptOthersQuotes'],
    });
    const sellerOnly = await sdkFailure(change(w.buyer.id, quote, { action: 'changeQuoteState', quoteState: 'Withdrawn' }));
    expect(sellerOnly.body.errors[0]!.code).toBe('InvalidOperation');
    const noPermissionFor = await sdkFailure(change(w.buyer.id, quote, { action: 'setCustomField', name: 'x', value: 'y' }));
    expect(noPermissionFor.body.errors[0]!.code).toBe('InvalidInput');

    // Reassign: ReassignOthersQuotes for the admin (the quote is the buyer's); the new customer must be an associate of the unit.
    const toStranger = await sdkFailure(
      change(w.admin.id, quote, { action: 'changeCustomer', customer: { typeId: 'customer', id: w.outsider.id } }),
    );
    expect(toStranger.body.errors[0]).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining('not an associate') });
    const reassigned = (await change(w.admin.id, quote, { action: 'changeCustomer', customer: { typeId: 'customer', id: w.manager.id } }))
      .body;
    expect(reassigned.customer?.id).toBe(w.manager.id);
    // Now it is someone else's quote for the buyer: RenegotiateOthersQuotes, which the buyer lacks.
    const notHis = await sdkFailure(change(w.buyer.id, reassigned, { action: 'requestQuoteRenegotiation', buyerComment: 'x' }));
    expect(notHis.body.errors[0]).toMatchObject({ permissions: ['RenegotiateOthersQuotes'] });
    const renegotiated = (await change(w.admin.id, reassigned, { action: 'requestQuoteRenegotiation', buyerComment: 'lower' })).body;
    expect(renegotiated).toMatchObject({ quoteState: 'DeclinedForRenegotiation', buyerComment: 'lower' });

    const second = await quoteFor(apiRoot, w, w.buyer.id);
    const declined = (await change(w.buyer.id, second, { action: 'changeQuoteState', quoteState: 'Declined' })).body;
    expect(declined.quoteState).toBe('Declined');
    const third = await quoteFor(apiRoot, w, w.buyer.id);
    const accepted = (await change(w.buyer.id, third, { action: 'changeQuoteState', quoteState: 'Accepted' })).body;
    expect(accepted.quoteState).toBe('Accepted');

    const elsewhereCart = await unitCart(apiRoot, w, w.outsider.id, { unit: 'other' });
    const elsewhereRequest = (
      await inUnit(apiRoot, w.outsider.id, 'other')
        .quoteRequests()
        .post({ body: { cart: { typeId: 'cart', id: elsewhereCart.id }, cartVersion: elsewhereCart.version } })
        .execute()
    ).body;
    const elsewhereStaged = (
      await apiRoot
        .stagedQuotes()
        .post({
          body: { quoteRequest: { typeId: 'quote-request', id: elsewhereRequest.id }, quoteRequestVersion: elsewhereRequest.version },
        })
        .execute()
    ).body;
    const elsewhereQuote = (
      await apiRoot
        .quotes()
        .post({ body: { stagedQuote: { typeId: 'staged-quote', id: elsewhereStaged.id }, stagedQuoteVersion: elsewhereStaged.version } })
        .execute()
    ).body;
    expect((await sdkFailure(quotes(w.admin.id).withId({ ID: elsewhereQuote.id }).get().execute())).statusCode).toBe(404);
    expect((await sdkFailure(change(w.admin.id, elsewhereQuote, { action: 'changeQuoteState', quoteState: 'Declined' }))).statusCode).toBe(
      404,
    );

    const decisions = mock.permissions.decisions().filter((d) => d.resource?.typeId === 'quote');
    expect(decisions.map((d) => [d.action, d.allowed, d.permissions[0]])).toEqual([
      ['accept quote', false, 'AcceptOthersQuotes'],
      ['reassign quote', true, 'ReassignOthersQuotes'],
      ['reassign quote', true, 'ReassignOthersQuotes'],
      ['renegotiate quote', false, 'RenegotiateOthersQuotes'],
      ['renegotiate quote', true, 'RenegotiateOthersQuotes'],
      ['decline quote', true, 'DeclineMyQuotes'],
      ['accept quote', true, 'AcceptMyQuotes'],
    ]);
  });

  test('orders from quotes: CreateMyOrdersFromMyQuotes / CreateOrdersFromOthersQuotes; a quote of another unit cannot be reached', async ({
    apiRoot,
    mock,
  }) => {
    const w = await world(apiRoot);
    const mine = await quoteFor(apiRoot, w, w.buyer.id);
    const adminsQuote = await quoteFor(apiRoot, w, w.buyer.id);
    const orderQuote = (id: string, q: Quote, unit = 'acme') =>
      inUnit(apiRoot, id, unit)
        .orders()
        .orderQuote()
        .post({ body: { quote: { typeId: 'quote', id: q.id }, version: q.version, quoteStateToAccepted: true } })
        .execute();

    const viewer = await sdkFailure(orderQuote(w.viewer.id, mine));
    expect(viewer.body.errors[0]).toMatchObject({ permissions: ['CreateOrdersFromOthersQuotes'], associateOnBehalf: { id: w.buyer.id } });
    const order = (await orderQuote(w.buyer.id, mine)).body;
    expect(order).toMatchObject({ origin: 'Quote', quote: { id: mine.id }, businessUnit: { key: 'acme' }, customerId: w.buyer.id });
    expect((await apiRoot.quotes().withId({ ID: mine.id }).get().execute()).body.quoteState).toBe('Accepted');
    const forBuyer = (await orderQuote(w.admin.id, adminsQuote)).body;
    expect(forBuyer.customerId).toBe(w.buyer.id);
    const otherUnit = await sdkFailure(
      orderQuote(w.outsider.id, (await apiRoot.quotes().withId({ ID: mine.id }).get().execute()).body, 'other'),
    );
    expect(otherUnit.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'quote' });
    expect(decisionsOf(mock.permissions.decisions(), 'create order from quote')).toEqual([
      [false, ['CreateOrdersFromOthersQuotes']],
      [true, ['CreateMyOrdersFromMyQuotes']],
      [true, ['CreateOrdersFromOthersQuotes']],
    ]);
    expect(mock.data.all('order')).toHaveLength(2);
  });
});

test.describe('as-associate approval rules and flows', () => {
  const ruleDraft = (key: string) => ({
    key,
    name: 'Big orders',
    status: 'Active' as const,
    predicate: 'totalPrice > "100.00 EUR"',
    requesters: [{ associateRole: { typeId: 'associate-role' as const, key: 'buyer' } }],
    approvers: {
      tiers: [
        { and: [{ or: [{ associateRole: { typeId: 'associate-role' as const, key: 'approver' } }] }] },
        { and: [{ or: [{ associateRole: { typeId: 'associate-role' as const, key: 'director' } }] }] },
      ],
    },
  });

  test('rules: CreateApprovalRules / UpdateApprovalRules; keys unique within a unit; any associate reads them', async ({
    apiRoot,
    mock,
  }) => {
    const w = await world(apiRoot);
    const rules = (id: string, unit = 'acme') => inUnit(apiRoot, id, unit).approvalRules();
    const denied = await sdkFailure(
      rules(w.buyer.id)
        .post({ body: ruleDraft('big') })
        .execute(),
    );
    expect(denied.body.errors[0]).toMatchObject({ code: 'AssociateMissingPermission', permissions: ['CreateApprovalRules'] });
    const rule = (
      await rules(w.admin.id)
        .post({ body: ruleDraft('big') })
        .execute()
    ).body;
    expect(rule).toMatchObject({
      key: 'big',
      businessUnit: { typeId: 'business-unit', key: 'acme' },
      requesters: [{ associateRole: { typeId: 'associate-role', key: 'buyer' } }],
      approvers: {
        tiers: [{ and: [{ or: [{ associateRole: { key: 'approver' } }] }] }, { and: [{ or: [{ associateRole: { key: 'director' } }] }] }],
      },
    });
    const duplicate = await sdkFailure(
      rules(w.admin.id)
        .post({ body: ruleDraft('big') })
        .execute(),
    );
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key' });
    expect(
      (
        await rules(w.outsider.id, 'other')
          .post({ body: ruleDraft('big') })
          .execute()
      ).statusCode,
    ).toBe(201);
    const badPredicate = await sdkFailure(
      rules(w.admin.id)
        .post({ body: { ...ruleDraft('bad'), predicate: 'totalPrice >' } })
        .execute(),
    );
    expect(badPredicate.body.errors[0]!.code).toBe('SyntaxError');
    const unknownRole = await sdkFailure(
      rules(w.admin.id)
        .post({ body: { ...ruleDraft('role'), requesters: [{ associateRole: { typeId: 'associate-role', key: 'nope' } }] } })
        .execute(),
    );
    expect(unknownRole.body.errors[0]!.code).toBe('ReferencedResourceNotFound');

    expect((await rules(w.viewer.id).withKey({ key: 'big' }).get().execute()).body.id).toBe(rule.id);
    expect((await rules(w.viewer.id).get().execute()).body.results.map((r) => r.id)).toEqual([rule.id]);
    const outsider = await sdkFailure(rules(w.outsider.id).withId({ ID: rule.id }).get().execute());
    expect(outsider.statusCode).toBe(403);
    expect((await sdkFailure(rules(w.outsider.id, 'other').withId({ ID: rule.id }).get().execute())).statusCode).toBe(404);

    const notAllowed = await sdkFailure(
      rules(w.buyer.id)
        .withId({ ID: rule.id })
        .post({ body: { version: 1, actions: [{ action: 'setStatus', status: 'Inactive' }] } })
        .execute(),
    );
    expect(notAllowed.body.errors[0]).toMatchObject({ permissions: ['UpdateApprovalRules'] });
    const updated = (
      await rules(w.admin.id)
        .withKey({ key: 'big' })
        .post({
          body: {
            version: 1,
            actions: [
              { action: 'setName', name: 'Large' },
              { action: 'setDescription', description: 'd' },
              { action: 'setPredicate', predicate: 'totalPrice > "50.00 EUR"' },
            ],
          },
        })
        .execute()
    ).body;
    expect(updated).toMatchObject({ name: 'Large', description: 'd', predicate: 'totalPrice > "50.00 EUR"', version: 2 });
    // No project-wide endpoint.
    expect((await call(mock, 'GET', '/approval-rules')).status).toBe(404);
    expect((await call(mock, 'GET', '/approval-flows')).status).toBe(404);
    expect(decisionsOf(mock.permissions.decisions(), 'create approval-rule').map(([allowed]) => allowed)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  test('flows: an order that matches starts one; tier by tier approval; a single rejection rejects', async ({ apiRoot, mock }) => {
    const w = await world(apiRoot);
    await inUnit(apiRoot, w.admin.id)
      .approvalRules()
      .post({ body: ruleDraft('big') })
      .execute();
    const order = async (quantity: number) => {
      const cart = await unitCart(apiRoot, w, w.buyer.id, { quantity });
      return (
        await inUnit(apiRoot, w.buyer.id)
          .orders()
          .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
          .execute()
      ).body;
    };
    await order(1); // 19.99 EUR + shipping: below the predicate, no flow
    expect(mock.data.all('approval-flow')).toHaveLength(0);
    const big = await order(10);
    const flows = (id: string) => inUnit(apiRoot, id).approvalFlows();
    let flow = (await flows(w.viewer.id).get().execute()).body.results[0]!;
    expect(flow).toMatchObject({
      order: { typeId: 'order', id: big.id },
      businessUnit: { key: 'acme' },
      status: 'Pending',
      approvals: [],
      eligibleApprovers: [{ associateRole: { key: 'approver' } }, { associateRole: { key: 'director' } }],
      pendingApprovers: [{ associateRole: { key: 'approver' } }, { associateRole: { key: 'director' } }],
      currentTierPendingApprovers: [{ associateRole: { typeId: 'associate-role', key: 'approver' } }],
    });
    expect(flow.rules.map((r) => r.key)).toEqual(['big']);
    const act = (id: string, ...actions: object[]) =>
      flows(id)
        .withId({ ID: flow.id })
        .post({ body: { version: flow.version, actions: actions as never } })
        .execute();

    const tooEarly = await sdkFailure(act(w.director.id, { action: 'approve' }));
    expect(tooEarly.body.errors[0]!.code).toBe('InvalidOperation');
    const viewer = await sdkFailure(act(w.viewer.id, { action: 'approve' }));
    expect(viewer.body.errors[0]).toMatchObject({ code: 'AssociateMissingPermission', permissions: ['UpdateApprovalFlows'] });
    flow = (await act(w.manager.id, { action: 'approve' })).body;
    expect(flow).toMatchObject({
      status: 'Pending',
      currentTierPendingApprovers: [{ associateRole: { key: 'director' } }],
      pendingApprovers: [{ associateRole: { key: 'director' } }],
    });
    expect(flow.approvals[0]).toMatchObject({
      approver: { customer: { id: w.manager.id }, associateRoleAssignments: [{ associateRole: { key: 'approver' } }] },
    });
    flow = (await act(w.director.id, { action: 'approve' })).body;
    expect(flow).toMatchObject({ status: 'Approved', currentTierPendingApprovers: [], pendingApprovers: [], eligibleApprovers: [] });
    expect((await sdkFailure(act(w.director.id, { action: 'reject' }))).body.errors[0]).toMatchObject({
      code: 'InvalidOperation',
      message: expect.stringContaining('Approved'),
    });

    const approved = flow;
    const rejectedOrder = await order(20);
    flow = (
      await flows(w.admin.id)
        .get({ queryArgs: { where: `order(id = "${rejectedOrder.id}")` } })
        .execute()
    ).body.results[0]!;
    flow = (await act(w.manager.id, { action: 'reject', reason: 'too much' })).body;
    expect(flow).toMatchObject({ status: 'Rejected', rejection: { rejecter: { customer: { id: w.manager.id } }, reason: 'too much' } });
    // The decision completes a flow: ApprovalFlowCompleted follows the last approval's (or the rejection's) message.
    const messagesOf = async (id: string) =>
      (await resourceMessages(apiRoot, id)).map((m) => [m.type, m.sequenceNumber, m.resourceVersion, m.status]);
    expect(await messagesOf(approved.id)).toEqual([
      ['ApprovalFlowCreated', 1, 1, undefined],
      ['ApprovalFlowApproved', 2, 2, undefined],
      ['ApprovalFlowApproved', 3, 3, undefined],
      ['ApprovalFlowCompleted', 4, 3, 'Approved'],
    ]);
    expect(await messagesOf(flow.id)).toEqual([
      ['ApprovalFlowCreated', 1, 1, undefined],
      ['ApprovalFlowRejected', 2, 2, undefined],
      ['ApprovalFlowCompleted', 3, 2, 'Rejected'],
    ]);
    expect((await sdkFailure(flows(w.outsider.id).withId({ ID: flow.id }).get().execute())).statusCode).toBe(403);
    expect(
      (await sdkFailure(inUnit(apiRoot, w.outsider.id, 'other').approvalFlows().withId({ ID: flow.id }).get().execute())).statusCode,
    ).toBe(404);
  });
});
