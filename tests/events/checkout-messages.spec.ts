/**
 * A checkout through the official SDK emits the messages a real project's order export, emails and
 * payment services read: in order, numbered per resource, each naming the version its change made.
 */
import type { ByProjectKeyRequestBuilder, Message, Order, OrderUpdateAction } from '@commercetools/platform-sdk';
import { createCart, setupCatalog, updateCart } from '../checkout/carts-support.js';
import { createCustomer, expect, sdkFailure, test } from '../support/sdk.js';

async function messagesOf(apiRoot: ByProjectKeyRequestBuilder, resourceId: string): Promise<Message[]> {
  const page = await apiRoot
    .messages()
    .get({ queryArgs: { where: `resource(id="${resourceId}")`, sort: 'sequenceNumber asc' } })
    .execute();
  return page.body.results;
}

const updateOrder = async (apiRoot: ByProjectKeyRequestBuilder, order: Order, ...actions: OrderUpdateAction[]) =>
  (
    await apiRoot
      .orders()
      .withId({ ID: order.id })
      .post({ body: { version: order.version, actions } })
      .execute()
  ).body;

test('a checkout: the customer, the order, its payment and its fulfilment, message by message', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const initial = (
    await apiRoot
      .states()
      .post({ body: { key: 'Initial', type: 'LineItemState' } })
      .execute()
  ).body;
  const packed = (
    await apiRoot
      .states()
      .post({ body: { key: 'packed', type: 'LineItemState', initial: false } })
      .execute()
  ).body;
  const customer = await createCustomer(apiRoot);

  let cart = await createCart(apiRoot, { currency: 'EUR', country: 'DE', customerId: customer.id, customerEmail: customer.email });
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', sku: 'A-1', quantity: 2 });
  cart = await updateCart(apiRoot, cart, { action: 'setShippingAddress', address: { country: 'DE', city: 'Berlin' } });
  let order = (
    await apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber: 'A-1000' } })
      .execute()
  ).body;

  let payment = (
    await apiRoot
      .payments()
      .post({ body: { key: 'pay-1', amountPlanned: { currencyCode: 'EUR', centAmount: order.totalPrice.centAmount } } })
      .execute()
  ).body;
  payment = (
    await apiRoot
      .payments()
      .withId({ ID: payment.id })
      .post({
        body: {
          version: payment.version,
          actions: [
            {
              action: 'addTransaction',
              transaction: { type: 'Charge', amount: { currencyCode: 'EUR', centAmount: order.totalPrice.centAmount }, state: 'Pending' },
            },
          ],
        },
      })
      .execute()
  ).body;
  const transaction = payment.transactions[0]!;
  await apiRoot
    .payments()
    .withId({ ID: payment.id })
    .post({
      body: { version: payment.version, actions: [{ action: 'changeTransactionState', transactionId: transaction.id, state: 'Success' }] },
    })
    .execute();

  order = await updateOrder(apiRoot, order, { action: 'addPayment', payment: { typeId: 'payment', key: 'pay-1' } });
  order = await updateOrder(
    apiRoot,
    order,
    { action: 'changeOrderState', orderState: 'Confirmed' },
    { action: 'changePaymentState', paymentState: 'Paid' },
    { action: 'setLocale', locale: 'en' },
    { action: 'changeShipmentState', shipmentState: 'Shipped' },
  );
  const line = order.lineItems[0]!;
  order = await updateOrder(apiRoot, order, {
    action: 'transitionLineItemState',
    lineItemId: line.id,
    quantity: 2,
    fromState: { typeId: 'state', key: 'Initial' },
    toState: { typeId: 'state', key: 'packed' },
    actualTransitionDate: '2026-01-02T10:00:00.000Z',
  });

  expect((await messagesOf(apiRoot, customer.id)).map((m) => m.type)).toEqual(['CustomerCreated']);
  const orderMessages = await messagesOf(apiRoot, order.id);
  expect(orderMessages.map((m) => [m.type, m.sequenceNumber, m.resourceVersion])).toEqual([
    ['OrderCreated', 1, 1],
    ['OrderPaymentAdded', 2, 2],
    ['OrderStateChanged', 3, 3],
    ['OrderPaymentStateChanged', 4, 3],
    ['OrderShipmentStateChanged', 5, 3],
    ['LineItemStateTransition', 6, 4],
  ]);
  for (const message of orderMessages) {
    expect(message).toMatchObject({
      resource: { typeId: 'order', id: order.id },
      resourceUserProvidedIdentifiers: { orderNumber: 'A-1000' },
    });
  }
  const [created, paymentAdded, stateChanged, paymentState, shipmentState, transition] = orderMessages;
  expect(created).toMatchObject({
    order: { id: order.id, version: 1, orderNumber: 'A-1000', customerId: customer.id, totalPrice: order.totalPrice },
  });
  expect(paymentAdded).toMatchObject({ paymentRef: { typeId: 'payment', id: payment.id } });
  expect(stateChanged).toMatchObject({ orderState: 'Confirmed', oldOrderState: 'Open' });
  expect(paymentState).toMatchObject({ paymentState: 'Paid' });
  expect(paymentState).not.toHaveProperty('oldPaymentState');
  expect(shipmentState).toMatchObject({ shipmentState: 'Shipped' });
  expect(transition).toMatchObject({
    lineItemId: line.id,
    quantity: 2,
    transitionDate: '2026-01-02T10:00:00.000Z',
    fromState: { typeId: 'state', id: initial.id },
    toState: { typeId: 'state', id: packed.id },
  });

  const paymentMessages = await messagesOf(apiRoot, payment.id);
  expect(paymentMessages.map((m) => [m.type, m.sequenceNumber, m.resourceVersion])).toEqual([
    ['PaymentCreated', 1, 1],
    ['PaymentTransactionAdded', 2, 2],
    ['PaymentTransactionStateChanged', 3, 3],
  ]);
  expect(paymentMessages[1]).toMatchObject({ transaction: { id: transaction.id, type: 'Charge', state: 'Pending' } });
  expect(paymentMessages[2]).toMatchObject({ transactionId: transaction.id, state: 'Success' });
  expect(paymentMessages[0]).toMatchObject({ resourceUserProvidedIdentifiers: { key: 'pay-1' } });
});

test('a refused order emits nothing: not for the order, not for the cart it would have ordered', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  let cart = await createCart(apiRoot, { currency: 'EUR', country: 'DE' });
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', sku: 'A-1', quantity: 1 });
  const before = (await apiRoot.messages().get().execute()).body.total;
  const stale = await sdkFailure(
    apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version - 1 } })
      .execute(),
  );
  expect(stale.statusCode).toBe(409);
  const refusedTransition = await sdkFailure(
    apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber: '' } })
      .execute(),
  );
  expect(refusedTransition.statusCode).toBe(400);
  expect((await apiRoot.messages().get().execute()).body.total).toBe(before);
  expect(
    await apiRoot
      .messages()
      .get({ queryArgs: { where: 'type="OrderCreated"' } })
      .execute(),
  ).toMatchObject({ body: { total: 0 } });
});
