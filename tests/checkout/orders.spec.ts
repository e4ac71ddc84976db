/**
 * Orders through the official SDK: placing from a cart (draft fields, custom fields, states, stock),
 * `orders/import`, `orders/order-number=`, every update action family (states and `transitionState`
 * against States, line item states, deliveries and parcels, returns, addresses, custom fields,
 * payments, sync info, order number), delete, and refusals (platform error, nothing stored).
 */
import type { ByProjectKeyRequestBuilder, Order, OrderUpdateAction, State, StateDraft } from '@commercetools/platform-sdk';
import type { Cart as StoredCart } from '../../src/resources/cart/model.js';
import { snapshotCart } from '../../src/resources/cart/ordering.js';
import { orderFieldsOf } from '../../src/resources/order/place.js';
import { jsonClone } from '../../src/util/json.js';
import { PROJECT_KEY, expect, sdkApiRoot, sdkFailure, test } from '../support/sdk.js';
import { expectPlatformActions, typeWithStringField } from '../support/resources.js';
import { EUR, cents, createCart, readCart, raw, setupCatalog, updateCart } from './carts-support.js';

/** The update actions of the platform's API specification (RAML types/order/updates). */
const PLATFORM_ORDER_ACTIONS = [
  'addDelivery',
  'addItemShippingAddress',
  'addParcelToDelivery',
  'addPayment',
  'addReturnInfo',
  'changeOrderState',
  'changePaymentState',
  'changeShipmentState',
  'importCustomLineItemState',
  'importLineItemState',
  'removeDelivery',
  'removeItemShippingAddress',
  'removeParcelFromDelivery',
  'removePayment',
  'setBillingAddress',
  'setBillingAddressCustomField',
  'setBillingAddressCustomType',
  'setBusinessUnit',
  'setCustomField',
  'setCustomLineItemCustomField',
  'setCustomLineItemCustomType',
  'setCustomLineItemShippingDetails',
  'setCustomType',
  'setCustomerEmail',
  'setCustomerId',
  'setDeliveryAddress',
  'setDeliveryAddressCustomField',
  'setDeliveryAddressCustomType',
  'setDeliveryCustomField',
  'setDeliveryCustomType',
  'setDeliveryItems',
  'setEstimatedDelivery',
  'setItemShippingAddressCustomField',
  'setItemShippingAddressCustomType',
  'setLineItemCustomField',
  'setLineItemCustomType',
  'setLineItemShippingDetails',
  'setLocale',
  'setOrderNumber',
  'setParcelCustomField',
  'setParcelCustomType',
  'setParcelItems',
  'setParcelMeasurements',
  'setParcelTrackingData',
  'setPurchaseOrderNumber',
  'setReturnInfo',
  'setReturnItemCustomField',
  'setReturnItemCustomType',
  'setReturnPaymentState',
  'setReturnShipmentState',
  'setShippingAddress',
  'setShippingAddressCustomField',
  'setShippingAddressCustomType',
  'setShippingCustomField',
  'setShippingCustomType',
  'setStore',
  'transitionCustomLineItemState',
  'transitionLineItemState',
  'transitionState',
  'updateItemShippingAddress',
  'updateSyncInfo',
];

async function place(
  apiRoot: ByProjectKeyRequestBuilder,
  extra: Record<string, unknown> = {},
  cartExtra: Record<string, unknown> = {},
): Promise<Order> {
  const cart = await createCart(apiRoot, {
    currency: 'EUR',
    country: 'DE',
    lineItems: [{ sku: 'A-1', quantity: 2 }, { sku: 'B-1' }],
    customLineItems: [
      { name: { en: 'Gift wrap' }, slug: 'wrap', money: EUR(250), quantity: 2, taxCategory: { typeId: 'tax-category', key: 'standard' } },
    ],
    shippingAddress: { country: 'DE', city: 'Berlin' },
    shippingMethod: { typeId: 'shipping-method', key: 'dhl' },
    ...cartExtra,
  });
  const response = await apiRoot
    .orders()
    .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, ...extra } })
    .execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

async function update(apiRoot: ByProjectKeyRequestBuilder, order: Order, ...actions: OrderUpdateAction[]): Promise<Order> {
  const response = await apiRoot
    .orders()
    .withId({ ID: order.id })
    .post({ body: { version: order.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function refused(apiRoot: ByProjectKeyRequestBuilder, order: Order, ...actions: OrderUpdateAction[]) {
  return sdkFailure(
    apiRoot
      .orders()
      .withId({ ID: order.id })
      .post({ body: { version: order.version, actions } })
      .execute(),
  );
}

/** Everything of an order that takes custom fields. */
const ORDER_FIELD_TARGETS = [
  'order',
  'order-delivery',
  'order-parcel',
  'order-return-item',
  'line-item',
  'custom-line-item',
  'address',
  'shipping',
];

const read = async (apiRoot: ByProjectKeyRequestBuilder, order: Order) =>
  (await apiRoot.orders().withId({ ID: order.id }).get().execute()).body;

async function state(apiRoot: ByProjectKeyRequestBuilder, body: StateDraft): Promise<State> {
  return (await apiRoot.states().post({ body }).execute()).body;
}

test('order: every update action of the platform is declared, and no other', () => {
  expectPlatformActions('order', PLATFORM_ORDER_ACTIONS);
});

test.describe('placing an order from a cart', () => {
  test.beforeEach(async ({ apiRoot }) => {
    await setupCatalog(apiRoot);
  });

  test('the draft: number, purchase order number, states, State, custom fields merged with the cart’s; deprecated `id`', async ({
    apiRoot,
  }) => {
    const type = await typeWithStringField(apiRoot, 'order-fields', ORDER_FIELD_TARGETS);
    const open = await state(apiRoot, { key: 'workflow-open', type: 'OrderState' });
    const order = await place(
      apiRoot,
      {
        orderNumber: 'A-100',
        purchaseOrderNumber: 'PO-7',
        orderState: 'Confirmed',
        shipmentState: 'Ready',
        paymentState: 'Paid',
        state: { typeId: 'state', key: 'workflow-open' },
        custom: { type: { typeId: 'type', key: 'order-fields' }, fields: { note: 'from the draft' } },
      },
      { custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'from the cart' } } },
    );
    expect(order).toMatchObject({
      orderNumber: 'A-100',
      purchaseOrderNumber: 'PO-7',
      orderState: 'Confirmed',
      shipmentState: 'Ready',
      paymentState: 'Paid',
      state: { typeId: 'state', id: open.id },
      custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'from the draft' } },
    });
    // 19.99 × 2 + 10.50 + 2.50 × 2 = 55.48, shipping 4.90: 60.38.
    expect(order.totalPrice).toEqual(cents(6038));
    expect(order.customLineItems).toHaveLength(1);
    expect(order.createdBy).toBeDefined();

    // The deprecated `id` of the cart still works.
    const cart = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'B-1' }], shippingAddress: { country: 'DE' } });
    const byId = await apiRoot
      .orders()
      .post({ body: raw({ id: cart.id, version: cart.version }) })
      .execute();
    expect(byId.body).toMatchObject({ orderState: 'Open', cart: { id: cart.id } });
    expect(byId.body).not.toHaveProperty('orderNumber');

    // A State that is not an OrderState, a custom type other than the cart's: refused, nothing stored.
    const lineState = await state(apiRoot, { key: 'packed', type: 'LineItemState' });
    const other = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'B-1' }], shippingAddress: { country: 'DE' } });
    const wrongState = await sdkFailure(
      apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: other.id }, version: other.version, state: { typeId: 'state', id: lineState.id } } })
        .execute(),
    );
    expect(wrongState.body.errors[0]!.code).toBe('InvalidOperation');
    expect((await readCart(apiRoot, other)).cartState).toBe('Active');
    expect((await apiRoot.orders().get().execute()).body.total).toBe(2);
  });

  test('an order takes the cart fields `snapshotCart` names (built without a second copy)', async ({ apiRoot, mock }) => {
    const cart = await createCart(apiRoot, {
      currency: 'EUR',
      key: 'a-cart',
      lineItems: [{ sku: 'A-1', quantity: 2 }],
      shippingAddress: { country: 'DE' },
      billingAddress: { country: 'DE', city: 'Bonn' },
      shippingMethod: { typeId: 'shipping-method', key: 'dhl' },
      deleteDaysAfterLastModification: 3,
    });
    const stored = mock.data.get<StoredCart>('cart', cart.id)!;
    const { totalLineItemQuantity: _quantity, ...expected } = snapshotCart(stored);
    expect(orderFieldsOf(jsonClone(stored))).toEqual(expected);
  });

  test('stock: ReserveOnOrder needs it (OutOfStock, nothing stored); TrackOnly and ReserveOnOrder take it', async ({ apiRoot }) => {
    await apiRoot
      .inventory()
      .post({ body: { sku: 'A-1', quantityOnStock: 3 } })
      .execute();
    const entry = async () =>
      (
        await apiRoot
          .inventory()
          .get({ queryArgs: { where: 'sku = "A-1"' } })
          .execute()
      ).body.results[0]!;
    const cart = async (quantity: number, inventoryMode: 'ReserveOnOrder' | 'TrackOnly') =>
      createCart(apiRoot, {
        currency: 'EUR',
        inventoryMode,
        lineItems: [{ sku: 'A-1', quantity }, { sku: 'N-1' }],
        shippingAddress: { country: 'DE' },
      });

    const tooMany = await cart(4, 'ReserveOnOrder');
    const short = await sdkFailure(
      apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: tooMany.id }, version: tooMany.version } })
        .execute(),
    );
    expect(short.statusCode).toBe(400);
    // N-1 has no inventory entry at all: out of stock as well.
    expect(short.body.errors[0]).toMatchObject({
      code: 'OutOfStock',
      lineItems: tooMany.lineItems.map((line) => line.id),
      skus: ['A-1', 'N-1'],
      message: 'Some line items are out of stock at the time of placing the order: A-1, N-1.',
    });
    expect(await entry()).toMatchObject({ quantityOnStock: 3, availableQuantity: 3, version: 1 });
    expect((await readCart(apiRoot, tooMany)).cartState).toBe('Active');

    await apiRoot
      .inventory()
      .post({ body: { sku: 'N-1', quantityOnStock: 10 } })
      .execute();
    const fits = await cart(2, 'ReserveOnOrder');
    await apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: fits.id }, version: fits.version } })
      .execute();
    expect(await entry()).toMatchObject({ quantityOnStock: 1, availableQuantity: 1 });
    // TrackOnly: no check, the stock goes below zero.
    const tracked = await cart(3, 'TrackOnly');
    await apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: tracked.id }, version: tracked.version } })
      .execute();
    expect(await entry()).toMatchObject({ quantityOnStock: -2, availableQuantity: -2 });
  });

  test('an anonymous session’s orders pass to the customer who signs in', async ({ apiRoot, mock }) => {
    const cart = await createCart(apiRoot, {
      currency: 'EUR',
      anonymousId: 'session-1',
      lineItems: [{ sku: 'B-1' }],
      shippingAddress: { country: 'DE' },
    });
    const order = (
      await apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
        .execute()
    ).body;
    expect(order).toMatchObject({ anonymousId: 'session-1' });
    expect(order.customerId).toBeUndefined();
    const customer = (
      await apiRoot
        .customers()
        .post({ body: { email: 'shopper@example.com', password: 'pw' } })
        .execute()
    ).body.customer;
    await apiRoot
      .login()
      .post({ body: { email: 'shopper@example.com', password: 'pw', anonymousId: 'session-1' } })
      .execute();
    expect(await read(apiRoot, order)).toMatchObject({ customerId: customer.id, anonymousId: 'session-1', version: 2 });
    void mock;
  });
});

test.describe('update actions', () => {
  test.beforeEach(async ({ apiRoot }) => {
    await setupCatalog(apiRoot);
  });

  test('states: change*, transitionState against States with transitions', async ({ apiRoot }) => {
    const shipped = await state(apiRoot, { key: 'shipped', type: 'OrderState', initial: false });
    const open = await state(apiRoot, { key: 'open', type: 'OrderState', transitions: [{ typeId: 'state', id: shipped.id }] });
    const returned = await state(apiRoot, { key: 'returned', type: 'OrderState', initial: false });
    const review = await state(apiRoot, { key: 'review', type: 'ReviewState' });
    let order = await place(apiRoot);

    order = await update(
      apiRoot,
      order,
      { action: 'changeOrderState', orderState: 'Confirmed' },
      { action: 'changePaymentState', paymentState: 'Paid' },
      { action: 'changeShipmentState', shipmentState: 'Shipped' },
    );
    expect(order).toMatchObject({ version: 2, orderState: 'Confirmed', paymentState: 'Paid', shipmentState: 'Shipped' });

    // No state yet: only an initial one.
    const notInitial = await refused(apiRoot, order, { action: 'transitionState', state: { typeId: 'state', key: 'shipped' } });
    expect(notInitial.body.errors[0]).toMatchObject({ code: 'InvalidOperation', message: "The state 'shipped' is not an initial state." });
    order = await update(apiRoot, order, { action: 'transitionState', state: { typeId: 'state', key: 'open' } });
    expect(order.state).toEqual({ typeId: 'state', id: open.id });
    // open → returned is not among open's transitions.
    const disallowed = await refused(apiRoot, order, { action: 'transitionState', state: { typeId: 'state', id: returned.id } });
    expect(disallowed.statusCode).toBe(400);
    expect(disallowed.body.errors[0]).toMatchObject({
      code: 'InvalidOperation',
      message: "A transition from state 'open' to state 'returned' is not allowed.",
    });
    const wrongType = await refused(apiRoot, order, { action: 'transitionState', state: { typeId: 'state', id: review.id } });
    expect(wrongType.body.errors[0]!.message).toBe("The state 'review' is of type 'ReviewState', not 'OrderState'.");
    expect(await read(apiRoot, order)).toEqual(order);
    order = await update(apiRoot, order, { action: 'transitionState', state: { typeId: 'state', id: shipped.id } });
    expect(order.state!.id).toBe(shipped.id);
    // force skips the rules.
    order = await update(apiRoot, order, { action: 'transitionState', state: { typeId: 'state', id: returned.id }, force: true });
    expect(order.state!.id).toBe(returned.id);

    // A stale version: 409, nothing stored.
    const stale = await sdkFailure(
      apiRoot
        .orders()
        .withId({ ID: order.id })
        .post({ body: { version: 1, actions: [{ action: 'changeOrderState', orderState: 'Cancelled' }] } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: order.version });
    expect(await read(apiRoot, order)).toEqual(order);
    // A request that changes nothing keeps the version.
    expect((await update(apiRoot, order, { action: 'changeOrderState', orderState: 'Confirmed' })).version).toBe(order.version);
  });

  test('line item states: transitions between LineItemStates, import', async ({ apiRoot }) => {
    // With an `Initial` LineItemState in the project, new line items start in it.
    const initial = await state(apiRoot, { key: 'Initial', type: 'LineItemState' });
    const shipped = await state(apiRoot, { key: 'li-shipped', type: 'LineItemState', initial: false });
    const packed = await state(apiRoot, {
      key: 'li-packed',
      type: 'LineItemState',
      initial: false,
      transitions: [{ typeId: 'state', id: shipped.id }],
    });
    const orderState = await state(apiRoot, { key: 'an-order-state', type: 'OrderState' });
    let order = await place(apiRoot);
    const line = order.lineItems[0]!; // A-1 × 2
    expect(line.state).toEqual([{ quantity: 2, state: { typeId: 'state', id: initial.id } }]);

    order = await update(apiRoot, order, {
      action: 'transitionLineItemState',
      lineItemId: line.id,
      quantity: 1,
      fromState: { typeId: 'state', key: 'Initial' },
      toState: { typeId: 'state', key: 'li-packed' },
    });
    expect(order.lineItems[0]!.state).toEqual([
      { quantity: 1, state: { typeId: 'state', id: initial.id } },
      { quantity: 1, state: { typeId: 'state', id: packed.id } },
    ]);
    order = await update(apiRoot, order, {
      action: 'transitionLineItemState',
      lineItemId: line.id,
      quantity: 1,
      fromState: { typeId: 'state', id: packed.id },
      toState: { typeId: 'state', id: shipped.id },
    });
    expect(order.lineItems[0]!.state).toEqual([
      { quantity: 1, state: { typeId: 'state', id: initial.id } },
      { quantity: 1, state: { typeId: 'state', id: shipped.id } },
    ]);
    const refusals: Array<[OrderUpdateAction, string]> = [
      // Only one left in Initial.
      [
        {
          action: 'transitionLineItemState',
          lineItemId: line.id,
          quantity: 2,
          fromState: { typeId: 'state', id: initial.id },
          toState: { typeId: 'state', id: packed.id },
        },
        'fewer than the 2',
      ],
      // packed lists its transitions (to li-shipped only): packed → Initial is not allowed.
      [
        {
          action: 'transitionLineItemState',
          lineItemId: line.id,
          quantity: 1,
          fromState: { typeId: 'state', id: packed.id },
          toState: { typeId: 'state', id: initial.id },
        },
        'is not allowed',
      ],
      [
        {
          action: 'transitionLineItemState',
          lineItemId: line.id,
          quantity: 1,
          fromState: { typeId: 'state', id: initial.id },
          toState: { typeId: 'state', id: orderState.id },
        },
        "not 'LineItemState'",
      ],
      [
        { action: 'importLineItemState', lineItemId: line.id, state: [{ quantity: 1, state: { typeId: 'state', id: packed.id } }] },
        'must add up',
      ],
    ];
    for (const [action, message] of refusals) {
      const answer = await refused(apiRoot, order, action);
      expect(answer.body.errors[0]!.code).toBe('InvalidOperation');
      expect(answer.body.errors[0]!.message).toContain(message);
    }
    expect(await read(apiRoot, order)).toEqual(order);
    order = await update(apiRoot, order, {
      action: 'importLineItemState',
      lineItemId: line.id,
      state: [
        { quantity: 1, state: { typeId: 'state', id: packed.id } },
        raw({ quantity: 1, state: { typeId: 'state', key: 'li-shipped' } }),
      ],
    });
    expect(order.lineItems[0]!.state.map((s) => s.state.id)).toEqual([packed.id, shipped.id]);
    const wrap = order.customLineItems[0]!;
    order = await update(
      apiRoot,
      order,
      {
        action: 'transitionCustomLineItemState',
        customLineItemId: wrap.id,
        quantity: 2,
        fromState: { typeId: 'state', id: initial.id },
        toState: { typeId: 'state', id: packed.id },
      },
      {
        action: 'importCustomLineItemState',
        customLineItemId: wrap.id,
        state: [{ quantity: 2, state: { typeId: 'state', id: shipped.id } }],
      },
    );
    expect(order.customLineItems[0]!.state).toEqual([{ quantity: 2, state: { typeId: 'state', id: shipped.id } }]);
  });

  test('deliveries and parcels: add, address, items, parcels, tracking, measurements, custom fields, remove', async ({ apiRoot }) => {
    const type = await typeWithStringField(apiRoot, 'order-fields', ORDER_FIELD_TARGETS);
    let order = await place(apiRoot);
    const [a, b] = order.lineItems;
    order = await update(apiRoot, order, {
      action: 'addDelivery',
      deliveryKey: 'first',
      items: [{ id: a!.id, quantity: 2 }],
      address: { country: 'DE', city: 'Hamburg' },
      parcels: [
        {
          key: 'box-1',
          measurements: { weightInGram: 1200 },
          trackingData: { trackingId: 'T-1', carrier: 'DHL' },
          items: [{ id: a!.id, quantity: 2 }],
        },
      ],
    });
    const delivery = order.shippingInfo!.deliveries![0]!;
    expect(delivery).toMatchObject({
      key: 'first',
      items: [{ id: a!.id, quantity: 2 }],
      address: { country: 'DE', city: 'Hamburg' },
      parcels: [
        {
          key: 'box-1',
          measurements: { weightInGram: 1200 },
          trackingData: { trackingId: 'T-1', carrier: 'DHL' },
          items: [{ id: a!.id, quantity: 2 }],
        },
      ],
    });
    expect(delivery.id).toEqual(expect.any(String));
    expect(delivery.createdAt).toEqual(order.lastModifiedAt);

    order = await update(
      apiRoot,
      order,
      {
        action: 'setDeliveryItems',
        deliveryKey: 'first',
        items: [
          { id: a!.id, quantity: 1 },
          { id: b!.id, quantity: 1 },
        ],
      },
      { action: 'setDeliveryAddress', deliveryId: delivery.id, address: { country: 'DE', city: 'Bremen' } },
      {
        action: 'setDeliveryAddressCustomType',
        deliveryId: delivery.id,
        type: { typeId: 'type', id: type.id },
        fields: { note: 'ring twice' },
      },
      { action: 'setDeliveryCustomType', deliveryKey: 'first', type: { typeId: 'type', key: 'order-fields' } },
      { action: 'setDeliveryCustomField', deliveryKey: 'first', name: 'note', value: 'fragile' },
      { action: 'addParcelToDelivery', deliveryKey: 'first', parcelKey: 'box-2', items: [{ id: b!.id, quantity: 1 }] },
      { action: 'setParcelTrackingData', parcelKey: 'box-2', trackingData: { trackingId: 'T-2', isReturn: false } },
      {
        action: 'setParcelMeasurements',
        parcelKey: 'box-2',
        measurements: { heightInMillimeter: 100, lengthInMillimeter: 200, widthInMillimeter: 50, weightInGram: 300 },
      },
      { action: 'setParcelItems', parcelKey: 'box-1', items: [{ id: a!.id, quantity: 1 }] },
      { action: 'setParcelCustomType', parcelKey: 'box-1', type: { typeId: 'type', id: type.id } },
      { action: 'setParcelCustomField', parcelKey: 'box-1', name: 'note', value: 'top' },
    );
    const changed = order.shippingInfo!.deliveries![0]!;
    expect(changed).toMatchObject({
      items: [
        { id: a!.id, quantity: 1 },
        { id: b!.id, quantity: 1 },
      ],
      address: { country: 'DE', city: 'Bremen', custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'ring twice' } } },
      custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'fragile' } },
    });
    expect(changed.parcels).toMatchObject([
      { key: 'box-1', items: [{ id: a!.id, quantity: 1 }], custom: { fields: { note: 'top' } } },
      { key: 'box-2', trackingData: { trackingId: 'T-2', isReturn: false }, measurements: { heightInMillimeter: 100, weightInGram: 300 } },
    ]);

    const refusals: Array<[OrderUpdateAction, string]> = [
      [{ action: 'addDelivery', items: [{ id: 'not-an-item', quantity: 1 }] }, 'InvalidOperation'],
      [{ action: 'addDelivery', deliveryKey: 'first' }, 'DuplicateField'],
      [{ action: 'addParcelToDelivery', deliveryKey: 'first', parcelKey: 'box-1' }, 'DuplicateField'],
      [{ action: 'setDeliveryItems', deliveryKey: 'nope', items: [] }, 'InvalidOperation'],
      [{ action: 'removeParcelFromDelivery', parcelId: 'nope' }, 'InvalidOperation'],
    ];
    for (const [action, code] of refusals) expect((await refused(apiRoot, order, action)).body.errors[0]!.code).toBe(code);
    expect(await read(apiRoot, order)).toEqual(order);

    order = await update(
      apiRoot,
      order,
      { action: 'removeParcelFromDelivery', parcelKey: 'box-1' },
      { action: 'setParcelTrackingData', parcelKey: 'box-2' },
    );
    expect(order.shippingInfo!.deliveries![0]!.parcels.map((p) => [p.key, p.trackingData])).toEqual([['box-2', undefined]]);
    order = await update(apiRoot, order, { action: 'removeDelivery', deliveryKey: 'first' });
    expect(order.shippingInfo!.deliveries).toEqual([]);

    // No shipping info (a cart without a shipping method): no deliveries.
    const plain = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'B-1' }], shippingAddress: { country: 'DE' } });
    const noShipping = (
      await apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: plain.id }, version: plain.version } })
        .execute()
    ).body;
    expect((await refused(apiRoot, noShipping, { action: 'addDelivery', items: [] })).body.errors[0]!.code).toBe('InvalidOperation');
  });

  test('returns: add, states of return items, custom fields, set', async ({ apiRoot }) => {
    await typeWithStringField(apiRoot, 'order-fields', ORDER_FIELD_TARGETS);
    let order = await place(apiRoot);
    const [a] = order.lineItems;
    const wrap = order.customLineItems[0]!;
    order = await update(apiRoot, order, {
      action: 'addReturnInfo',
      returnTrackingId: 'R-1',
      returnDate: '2024-05-01T10:00:00.000Z',
      items: [
        { key: 'ret-a', quantity: 1, lineItemId: a!.id, shipmentState: 'Returned', comment: 'too small' },
        { quantity: 2, customLineItemId: wrap.id, shipmentState: 'Advised' },
      ],
    });
    const info = order.returnInfo![0]!;
    expect(info).toMatchObject({ returnTrackingId: 'R-1', returnDate: '2024-05-01T10:00:00.000Z' });
    expect(info.items).toMatchObject([
      {
        type: 'LineItemReturnItem',
        key: 'ret-a',
        quantity: 1,
        lineItemId: a!.id,
        shipmentState: 'Returned',
        paymentState: 'Initial',
        comment: 'too small',
      },
      { type: 'CustomLineItemReturnItem', quantity: 2, customLineItemId: wrap.id, shipmentState: 'Advised', paymentState: 'NonRefundable' },
    ]);
    order = await update(
      apiRoot,
      order,
      { action: 'setReturnShipmentState', returnItemKey: 'ret-a', shipmentState: 'BackInStock' },
      { action: 'setReturnPaymentState', returnItemId: info.items[0]!.id, paymentState: 'Refunded' },
      { action: 'setReturnItemCustomType', returnItemKey: 'ret-a', type: { typeId: 'type', key: 'order-fields' } },
      { action: 'setReturnItemCustomField', returnItemKey: 'ret-a', name: 'note', value: 'checked' },
    );
    expect(order.returnInfo![0]!.items[0]).toMatchObject({
      shipmentState: 'BackInStock',
      paymentState: 'Refunded',
      custom: { fields: { note: 'checked' } },
    });

    // A-1 was ordered twice: one more can be returned, not two.
    const tooMany = await refused(apiRoot, order, {
      action: 'addReturnInfo',
      items: [{ quantity: 2, lineItemId: a!.id, shipmentState: 'Returned' }],
    });
    expect(tooMany.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const unknown = await refused(apiRoot, order, {
      action: 'addReturnInfo',
      items: [{ quantity: 1, lineItemId: 'nope', shipmentState: 'Returned' }],
    });
    expect(unknown.body.errors[0]!.code).toBe('InvalidOperation');
    const empty = await refused(apiRoot, order, { action: 'addReturnInfo', items: [] });
    expect(empty.body.errors[0]!.code).toBe('InvalidField');
    expect(await read(apiRoot, order)).toEqual(order);

    order = await update(apiRoot, order, {
      action: 'setReturnInfo',
      items: [{ items: [{ quantity: 2, lineItemId: a!.id, shipmentState: 'Returned' }] }],
    });
    expect(order.returnInfo).toHaveLength(1);
    expect(order.returnInfo![0]!.items).toMatchObject([{ quantity: 2, lineItemId: a!.id }]);
    expect(order.returnInfo![0]!.returnDate).toBe(order.lastModifiedAt);
    order = await update(apiRoot, order, { action: 'setReturnInfo' });
    expect(order.returnInfo).toEqual([]);
  });

  test('order fields: number (set once, unique), customer, email, locale, purchase order number, store, business unit, sync info, payments', async ({
    apiRoot,
  }) => {
    let order = await place(apiRoot);
    const other = await place(apiRoot, { orderNumber: 'TAKEN' });
    const customer = (
      await apiRoot
        .customers()
        .post({ body: { email: 'c@example.com', password: 'pw' } })
        .execute()
    ).body.customer;
    await apiRoot
      .stores()
      .post({ body: { key: 'berlin' } })
      .execute();
    const channel = (
      await apiRoot
        .channels()
        .post({ body: { key: 'erp', roles: ['OrderExport'] } })
        .execute()
    ).body;
    const warehouse = (
      await apiRoot
        .channels()
        .post({ body: { key: 'warehouse', roles: ['InventorySupply'] } })
        .execute()
    ).body;
    const payment = (
      await apiRoot
        .payments()
        .post({ body: { amountPlanned: EUR(6038) } })
        .execute()
    ).body;

    const duplicate = await refused(apiRoot, order, { action: 'setOrderNumber', orderNumber: 'TAKEN' });
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'orderNumber', duplicateValue: 'TAKEN' });
    order = await update(
      apiRoot,
      order,
      { action: 'setOrderNumber', orderNumber: 'MINE' },
      { action: 'setCustomerId', customerId: customer.id },
      { action: 'setCustomerEmail', email: 'c@example.com' },
      { action: 'setLocale', locale: 'de' },
      { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-1' },
      { action: 'setStore', store: { typeId: 'store', key: 'berlin' } },
      { action: 'updateSyncInfo', channel: { typeId: 'channel', key: 'erp' }, externalId: 'ERP-9', syncedAt: '2024-01-02T03:04:05.000Z' },
      { action: 'addPayment', payment: { typeId: 'payment', id: payment.id } },
    );
    expect(order).toMatchObject({
      orderNumber: 'MINE',
      customerId: customer.id,
      customerEmail: 'c@example.com',
      locale: 'de',
      purchaseOrderNumber: 'PO-1',
      store: { typeId: 'store', key: 'berlin' },
      syncInfo: [{ channel: { typeId: 'channel', id: channel.id }, externalId: 'ERP-9', syncedAt: '2024-01-02T03:04:05.000Z' }],
      paymentInfo: { payments: [{ typeId: 'payment', id: payment.id }] },
    });
    const refusals: Array<[OrderUpdateAction, string]> = [
      [{ action: 'setOrderNumber', orderNumber: 'OTHER' }, 'InvalidOperation'],
      [{ action: 'setCustomerId', customerId: 'nobody' }, 'ReferencedResourceNotFound'],
      [{ action: 'setStore', store: { typeId: 'store', key: 'berlin' } }, 'InvalidOperation'],
      [{ action: 'updateSyncInfo', channel: { typeId: 'channel', id: warehouse.id } }, 'InvalidInput'],
      [{ action: 'removePayment', payment: { typeId: 'payment', id: 'nope' } }, 'InvalidOperation'],
      [{ action: 'setBusinessUnit', businessUnit: { typeId: 'business-unit', key: 'nope' } }, 'ReferencedResourceNotFound'],
    ];
    for (const [action, code] of refusals) expect((await refused(apiRoot, order, action)).body.errors[0]!.code).toBe(code);
    expect(await read(apiRoot, order)).toEqual(order);
    order = await update(
      apiRoot,
      order,
      { action: 'removePayment', payment: { typeId: 'payment', id: payment.id } },
      { action: 'setStore' },
      { action: 'setCustomerEmail' },
      { action: 'setCustomerId' },
    );
    expect(order.paymentInfo).toBeUndefined();
    expect(order.store).toBeUndefined();
    expect(order.customerEmail).toBeUndefined();
    expect(order.customerId).toBeUndefined();
    expect(other.orderNumber).toBe('TAKEN');
  });

  test('addresses, item shipping addresses, line item shipping details, custom fields everywhere, estimated delivery', async ({
    apiRoot,
  }) => {
    const type = await typeWithStringField(apiRoot, 'order-fields', ORDER_FIELD_TARGETS);
    let order = await place(apiRoot);
    const [a] = order.lineItems;
    const wrap = order.customLineItems[0]!;
    const typeRef = { typeId: 'type' as const, id: type.id };
    order = await update(
      apiRoot,
      order,
      { action: 'setShippingAddress', address: { country: 'DE', city: 'Köln', firstName: 'Ada' } },
      { action: 'setShippingAddressCustomType', type: typeRef, fields: { note: 'shipping' } },
      { action: 'setBillingAddress', address: { country: 'DE', city: 'Bonn' } },
      { action: 'setBillingAddressCustomType', type: typeRef },
      { action: 'setBillingAddressCustomField', name: 'note', value: 'billing' },
      { action: 'setShippingAddressCustomField', name: 'note', value: 'shipping!' },
      { action: 'addItemShippingAddress', address: { key: 'office', country: 'DE', city: 'Mainz' } },
      { action: 'updateItemShippingAddress', address: { key: 'office', country: 'DE', city: 'Wiesbaden' } },
      { action: 'setItemShippingAddressCustomType', addressKey: 'office', type: typeRef, fields: { note: 'office' } },
      { action: 'setItemShippingAddressCustomField', addressKey: 'office', name: 'note', value: 'office!' },
      { action: 'setLineItemShippingDetails', lineItemId: a!.id, shippingDetails: { targets: [{ addressKey: 'office', quantity: 2 }] } },
      {
        action: 'setCustomLineItemShippingDetails',
        customLineItemId: wrap.id,
        shippingDetails: { targets: [{ addressKey: 'office', quantity: 1 }] },
      },
      { action: 'setCustomType', type: typeRef, fields: { note: 'order' } },
      { action: 'setCustomField', name: 'note', value: 'order!' },
      { action: 'setLineItemCustomType', lineItemId: a!.id, type: typeRef },
      { action: 'setLineItemCustomField', lineItemId: a!.id, name: 'note', value: 'line' },
      { action: 'setCustomLineItemCustomType', customLineItemId: wrap.id, type: typeRef, fields: { note: 'wrap' } },
      { action: 'setCustomLineItemCustomField', customLineItemId: wrap.id, name: 'note' },
      { action: 'setShippingCustomType', type: typeRef },
      { action: 'setShippingCustomField', name: 'note', value: 'method' },
      raw<OrderUpdateAction>({
        action: 'setEstimatedDelivery',
        estimatedDelivery: { type: 'DateTimeRange', earliest: '2024-06-01T00:00:00.000Z', latest: '2024-06-03T00:00:00.000Z' },
      }),
    );
    expect(order.shippingAddress).toMatchObject({ city: 'Köln', firstName: 'Ada', custom: { fields: { note: 'shipping!' } } });
    expect(order.billingAddress).toMatchObject({ city: 'Bonn', custom: { fields: { note: 'billing' } } });
    expect(order.itemShippingAddresses).toMatchObject([{ key: 'office', city: 'Wiesbaden', custom: { fields: { note: 'office!' } } }]);
    expect(order.lineItems[0]!.shippingDetails).toEqual({ targets: [{ addressKey: 'office', quantity: 2 }], valid: true });
    expect(order.customLineItems[0]!.shippingDetails).toEqual({ targets: [{ addressKey: 'office', quantity: 1 }], valid: false });
    expect(order.custom).toEqual({ type: typeRef, fields: { note: 'order!' } });
    expect(order.lineItems[0]!.custom!.fields).toEqual({ note: 'line' });
    expect(order.customLineItems[0]!.custom!.fields).toEqual({});
    expect(order.shippingCustomFields!.fields).toEqual({ note: 'method' });
    expect(raw<{ estimatedDelivery: unknown }>(order.shippingInfo).estimatedDelivery).toMatchObject({ type: 'DateTimeRange' });
    // Prices are not recalculated by order actions.
    expect(order.totalPrice).toEqual(cents(6038));

    const refusals: Array<[OrderUpdateAction, string]> = [
      [{ action: 'removeItemShippingAddress', addressKey: 'office' }, 'InvalidOperation'],
      [{ action: 'addItemShippingAddress', address: { key: 'office', country: 'DE' } }, 'DuplicateField'],
      [
        { action: 'setLineItemShippingDetails', lineItemId: a!.id, shippingDetails: { targets: [{ addressKey: 'nope', quantity: 1 }] } },
        'InvalidOperation',
      ],
      [{ action: 'setLineItemCustomField', lineItemId: 'nope', name: 'note', value: 'x' }, 'InvalidOperation'],
      [raw<OrderUpdateAction>({ action: 'setEstimatedDelivery', shippingKey: 'x' }), 'InvalidOperation'],
    ];
    for (const [action, code] of refusals) expect((await refused(apiRoot, order, action)).body.errors[0]!.code).toBe(code);
    order = await update(
      apiRoot,
      order,
      { action: 'setLineItemShippingDetails', lineItemId: a!.id },
      { action: 'setCustomLineItemShippingDetails', customLineItemId: wrap.id },
      { action: 'removeItemShippingAddress', addressKey: 'office' },
      { action: 'setBillingAddress' },
    );
    expect(order.itemShippingAddresses).toEqual([]);
    expect(order.billingAddress).toBeUndefined();
  });
});

test.describe('routes', () => {
  test.beforeEach(async ({ apiRoot }) => {
    await setupCatalog(apiRoot);
  });

  test('order-number=: GET, HEAD, POST, DELETE; by id; query; expand', async ({ apiRoot }) => {
    const order = await place(apiRoot, { orderNumber: 'web/2024 #1' });
    const byNumber = apiRoot.orders().withOrderNumber({ orderNumber: 'web/2024 #1' });
    expect((await byNumber.get().execute()).body.id).toBe(order.id);
    expect((await byNumber.head().execute()).statusCode).toBe(200);
    const changed = (
      await byNumber.post({ body: { version: 1, actions: [{ action: 'changeOrderState', orderState: 'Complete' }] } }).execute()
    ).body;
    expect(changed).toMatchObject({ orderState: 'Complete', version: 2 });
    expect(
      (
        await apiRoot
          .orders()
          .get({ queryArgs: { where: 'orderState = "Complete"', expand: ['cart'] } })
          .execute()
      ).body.results[0]!.cart!.obj,
    ).toMatchObject({
      cartState: 'Ordered',
    });
    const missing = await sdkFailure(apiRoot.orders().withOrderNumber({ orderNumber: 'nope' }).get().execute());
    expect(missing.statusCode).toBe(404);
    const stale = await sdkFailure(byNumber.delete({ queryArgs: { version: 1 } }).execute());
    expect(stale.statusCode).toBe(409);
    expect((await byNumber.delete({ queryArgs: { version: 2 } }).execute()).body.id).toBe(order.id);
    expect((await sdkFailure(apiRoot.orders().withId({ ID: order.id }).get().execute())).statusCode).toBe(404);

    const other = await place(apiRoot);
    expect(
      (
        await apiRoot
          .orders()
          .withId({ ID: other.id })
          .delete({ queryArgs: { version: 1 } })
          .execute()
      ).statusCode,
    ).toBe(200);
    expect((await apiRoot.orders().get().execute()).body.total).toBe(0);
  });

  test('orders/import: a snapshot taken elsewhere', async ({ apiRoot, mock }) => {
    const customer = (
      await apiRoot
        .customers()
        .post({ body: { email: 'imported@example.com', password: 'pw' } })
        .execute()
    ).body.customer;
    const initial = await state(apiRoot, { key: 'imported', type: 'LineItemState' });
    const response = await apiRoot
      .orders()
      .importOrder()
      .post({
        body: {
          orderNumber: 'LEGACY-1',
          customerId: customer.id,
          customerEmail: 'imported@example.com',
          totalPrice: EUR(4988),
          taxedPrice: { totalNet: EUR(4192), totalGross: EUR(4988), taxPortions: [{ name: 'DE', rate: 0.19, amount: EUR(796) }] },
          lineItems: [
            {
              name: { en: 'Shirt' },
              variant: { sku: 'A-1' },
              quantity: 2,
              price: { value: EUR(1999) },
              taxRate: { name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' },
              state: [{ quantity: 2, state: { typeId: 'state', id: initial.id } }],
            },
            { name: { en: 'Old thing' }, variant: { sku: 'GONE-1', id: 4 }, quantity: 1, price: { value: EUR(500) } },
          ],
          customLineItems: [{ name: { en: 'Service' }, slug: 'service', quantity: 1, money: EUR(490) }],
          shippingAddress: { country: 'DE', city: 'Berlin' },
          shippingInfo: {
            shippingMethodName: 'Courier',
            price: EUR(0),
            shippingRate: { price: EUR(0) },
            deliveries: [{ key: 'd-1', items: [], parcels: [{ key: 'p-1', trackingData: { trackingId: 'OLD' } }] }],
          },
          orderState: 'Complete',
          shipmentState: 'Delivered',
          paymentState: 'Paid',
          completedAt: '2020-02-02T10:00:00.000Z',
          country: 'DE',
        },
      })
      .execute();
    expect(response.statusCode).toBe(201);
    const order = response.body;
    const catalog = mock.project(PROJECT_KEY).data.all<{ id: string; key?: string }>('product');
    expect(order).toMatchObject({
      orderNumber: 'LEGACY-1',
      customerId: customer.id,
      totalPrice: cents(4988),
      orderState: 'Complete',
      shipmentState: 'Delivered',
      paymentState: 'Paid',
      completedAt: '2020-02-02T10:00:00.000Z',
      origin: 'Customer',
    });
    expect(taxFiguresOf(order.taxedPrice)).toEqual([4192, 4988, 796]);
    // A-1 is found by its SKU: the line item gets the product; 19.99 × 2 = 39.98 incl. 19%: net round(3998 / 1.19) = 3360.
    expect(order.lineItems[0]).toMatchObject({
      productId: catalog.find((p) => p.key === 'product-a')!.id,
      productKey: 'product-a',
      quantity: 2,
      totalPrice: cents(3998),
      state: [{ quantity: 2, state: { typeId: 'state', id: initial.id } }],
    });
    expect(taxFiguresOf(order.lineItems[0]!.taxedPrice)).toEqual([3360, 3998, 638]);
    // An unknown SKU is imported as given, without a product.
    expect(order.lineItems[1]).toMatchObject({ variant: { id: 4, sku: 'GONE-1' }, totalPrice: cents(500) });
    expect(order.lineItems[1]!.productId).toBeUndefined();
    expect(order.shippingInfo!.deliveries![0]).toMatchObject({
      key: 'd-1',
      parcels: [{ key: 'p-1', trackingData: { trackingId: 'OLD' } }],
    });
    expect(order.createdAt).not.toBe('2020-02-02T10:00:00.000Z');

    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ totalPrice: EUR(0) }, 'InvalidOperation'],
      [
        { totalPrice: EUR(0), customerId: 'nobody', customLineItems: [{ name: { en: 'x' }, slug: 'x', quantity: 1, money: EUR(1) }] },
        'ReferencedResourceNotFound',
      ],
      [
        { orderNumber: 'LEGACY-1', totalPrice: EUR(0), customLineItems: [{ name: { en: 'x' }, slug: 'x', quantity: 1, money: EUR(1) }] },
        'DuplicateField',
      ],
      [{ customLineItems: [] }, 'InvalidJsonInput'],
    ];
    for (const [body, code] of refusals) {
      const answer = await sdkFailure(
        apiRoot
          .orders()
          .importOrder()
          .post({ body: raw(body) })
          .execute(),
      );
      expect(answer.body.errors[0]!.code).toBe(code);
    }
    expect((await apiRoot.orders().get().execute()).body.total).toBe(1);

    // Seeding takes import drafts too.
    const [seeded] = mock.data.seed([
      ['order', { totalPrice: EUR(100), customLineItems: [{ name: { en: 'Seeded' }, slug: 'seeded', quantity: 1, money: EUR(100) }] }],
    ]);
    expect(seeded).toMatchObject({ orderState: 'Open', totalPrice: cents(100) });
  });

  test('HEAD /orders/search answers 200 (the index exists); GET reads an order with the ID "search": 404', async ({ mock }) => {
    const head = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/orders/search`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const get = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/orders/search`);
    expect(get.status).toBe(404);
    expect(await get.json()).toMatchObject({ statusCode: 404, errors: [{ code: 'ResourceNotFound' }] });
    void sdkApiRoot;
  });
});

function taxFiguresOf(
  taxed: { totalNet: { centAmount: number }; totalGross: { centAmount: number }; totalTax?: { centAmount: number } } | undefined,
) {
  return taxed ? [taxed.totalNet.centAmount, taxed.totalGross.centAmount, taxed.totalTax?.centAmount] : undefined;
}

void updateCart;
