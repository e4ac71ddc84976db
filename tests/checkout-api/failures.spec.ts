/**
 * Payments that fail and Payment Integrations that do not serve a cart, through the official
 * Checkout SDK: a Payment Integration's predicate, the declining Connector (a Transaction `Failed`,
 * its authorization `Failure`, no Order), and the platform's PaymentFailure refusal by a fault rule.
 */
import type { ByProjectKeyRequestBuilder as CheckoutApiRoot, PaymentIntegration, TransactionDraft } from '@commercetools/checkout-sdk';
import type { Order, Payment } from '@commercetools/platform-sdk';
import { type Commerce, test, expect } from '../support/commerce.js';
import { orderableCart, refusal, setupCheckout, checkoutRoot } from './support.js';

/** A second integration of the Application; `connectorDeployment` and `predicate` as the test needs. */
async function integration(commerce: Commerce, applicationId: string, body: Partial<PaymentIntegration>): Promise<PaymentIntegration> {
  const response = await checkoutRoot(commerce)
    .paymentIntegrations()
    .post({
      body: {
        key: 'other',
        application: { typeId: 'application', id: applicationId },
        status: 'Active',
        type: 'card',
        name: 'Other card',
        componentType: 'Component',
        connectorDeployment: { typeId: 'deployment', id: 'psp' },
        ...body,
      },
    })
    .execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

const pay = (commerce: Commerce, cartId: string, integrationKey: string, extra: Partial<TransactionDraft> = {}) =>
  checkoutRoot(commerce)
    .transactions()
    .post({
      body: {
        application: { typeId: 'application', key: 'web-shop' },
        cart: { typeId: 'cart', id: cartId },
        transactionItems: [{ paymentIntegration: { typeId: 'payment-integration', key: integrationKey } }],
        ...extra,
      },
    })
    .execute();

test('a payment the PSP declines: the transaction is Failed with PaymentFailure, the authorization Failure, no order; a retry orders', async ({
  commerce,
}) => {
  const { application } = await setupCheckout(commerce);
  await integration(commerce, application.id, {
    key: 'declined-card',
    connectorDeployment: { typeId: 'deployment', id: 'commerce-mock:decline' },
  });
  const cart = await orderableCart(commerce.apiRoot);

  const response = await pay(commerce, cart.id, 'declined-card', { key: 'attempt-1' });
  expect(response.statusCode).toBe(201);
  const failed = response.body;
  expect(failed.transactionStatus).toEqual({
    state: 'Failed',
    errors: [{ code: 'PaymentFailure', message: 'The payment service declined the authorization.' }],
  });
  expect(failed.order).toBeUndefined();
  expect((await checkoutRoot(commerce).transactions().withKey({ key: 'attempt-1' }).get().execute()).body).toEqual(failed);

  // The main API: the payment's authorization failed; the cart is still Active, holding the attempt; no order.
  const declinedId = failed.transactionItems[0]!.payment!.id;
  const declined = (await commerce.apiRoot.payments().withId({ ID: declinedId }).get().execute()).body;
  expect(declined.transactions.map((t) => `${t.type} ${t.amount.centAmount} ${t.state}`)).toEqual(['Authorization 1999 Failure']);
  const open = (await commerce.apiRoot.carts().withId({ ID: cart.id }).get().execute()).body;
  expect(open.cartState).toBe('Active');
  expect(open.paymentInfo?.payments.map((p) => p.id)).toEqual([declinedId]);
  expect((await commerce.apiRoot.orders().get().execute()).body.results).toEqual([]);
  const states = (await commerce.events.messages()).map(
    (m) => `${m.type}${m.type === 'PaymentTransactionStateChanged' ? `:${(m as { state?: string }).state}` : ''}`,
  );
  expect(states).toEqual(['PaymentCreated', 'PaymentTransactionStateChanged:Pending', 'PaymentTransactionStateChanged:Failure']);

  // The failed attempt covers nothing: another card pays the whole total and orders the cart.
  const paid = (await pay(commerce, cart.id, 'card')).body;
  expect(paid.transactionStatus.state).toBe('Completed');
  expect(paid.transactionItems[0]!.amount).toEqual({ centAmount: 1999, currencyCode: 'EUR' });
  const order: Order = (
    await commerce.apiRoot
      .orders()
      .withId({ ID: paid.order!.id })
      .get({ queryArgs: { expand: ['paymentInfo.payments[*]'] } })
      .execute()
  ).body;
  expect(order.paymentInfo!.payments.map((p) => (p.obj as Payment).transactions[0]!.state)).toEqual(['Failure', 'Success']);
});

test('a declined payment for part of the total leaves the cart as open as before', async ({ commerce }) => {
  const { application } = await setupCheckout(commerce);
  await integration(commerce, application.id, {
    key: 'gift-card',
    connectorDeployment: { typeId: 'deployment', id: 'commerce-mock:decline' },
  });
  const cart = await orderableCart(commerce.apiRoot);
  const gift = (
    await pay(commerce, cart.id, 'gift-card', {
      transactionItems: [
        { paymentIntegration: { typeId: 'payment-integration', key: 'gift-card' }, amount: { centAmount: 500, currencyCode: 'EUR' } },
      ],
    })
  ).body;
  expect(gift.transactionStatus.state).toBe('Failed');
  // Still 19.99 to pay: more than that is refused, the whole of it orders.
  expect(
    await refusal(
      pay(commerce, cart.id, 'card', {
        transactionItems: [
          { paymentIntegration: { typeId: 'payment-integration', key: 'card' }, amount: { centAmount: 2000, currencyCode: 'EUR' } },
        ],
      }),
    ),
  ).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
  expect((await pay(commerce, cart.id, 'card')).body.transactionStatus.state).toBe('Completed');
});

test("a Payment Integration's predicate decides which carts it serves; one that does not match is refused and stores nothing", async ({
  commerce,
}) => {
  const { application } = await setupCheckout(commerce);
  // The reference's own examples: the cart's total (gross 19.99 EUR here) and its billing address.
  const invoice = await integration(commerce, application.id, {
    key: 'invoice',
    predicate: 'totalPrice.centAmount >= 10000 and totalPrice.currencyCode = "EUR"',
  });
  const cart = await orderableCart(commerce.apiRoot);

  const refused = await refusal(pay(commerce, cart.id, 'invoice'));
  expect(refused).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
  expect(refused.error.message).toContain('predicate');
  expect(await commerce.data.all('payment')).toEqual([]);
  expect(await commerce.data.all('checkout-transaction')).toEqual([]);

  // Changed to one the cart matches, the same integration pays it.
  await checkoutRoot(commerce)
    .paymentIntegrations()
    .withId({ id: invoice.id })
    .post({
      body: {
        version: invoice.version,
        actions: [{ action: 'setPredicate', predicate: 'billingAddress.country = "DE" or shippingAddress.country = "DE"' }],
      },
    })
    .execute();
  expect((await pay(commerce, cart.id, 'invoice')).body.transactionStatus.state).toBe('Completed');
});

test('a predicate the mock cannot read is refused when it is set: 400 SyntaxError, nothing stored', async ({ commerce }) => {
  const { application, card } = await setupCheckout(commerce);
  const draft = {
    key: 'broken',
    application: { typeId: 'application' as const, id: application.id },
    type: 'card',
    name: 'Broken',
    componentType: 'Component' as const,
    connectorDeployment: { typeId: 'deployment', id: 'psp' },
    predicate: 'totalPrice.centAmount >= ',
  };
  expect(await refusal(checkoutRoot(commerce).paymentIntegrations().post({ body: draft }).execute())).toMatchObject({
    statusCode: 400,
    code: 'SyntaxError',
  });
  expect(await commerce.data.getByKey('checkout-payment-integration', 'broken')).toBeUndefined();
  const update = checkoutRoot(commerce)
    .paymentIntegrations()
    .withId({ id: card.id })
    .post({ body: { version: card.version, actions: [{ action: 'setPredicate', predicate: 'country = ' }] } })
    .execute();
  expect(await refusal(update)).toMatchObject({ statusCode: 400, code: 'SyntaxError' });
  expect((await commerce.data.get('checkout-payment-integration', card.id))?.version).toBe(card.version);
});

test('a connector that refuses the request: a fault rule answers the platform PaymentFailure and nothing is stored', async ({
  commerce,
}) => {
  await setupCheckout(commerce);
  const cart = await orderableCart(commerce.apiRoot);
  await commerce.faults.add({
    method: 'POST',
    path: `/${commerce.projectKey}/transactions`,
    status: 400,
    code: 'PaymentFailure',
    message: 'The payment could not be processed.',
    times: 1,
  });
  expect(await refusal(pay(commerce, cart.id, 'card'))).toMatchObject({ statusCode: 400, code: 'PaymentFailure' });
  expect(await commerce.data.all('payment')).toEqual([]);
  // The rule is spent: the next try pays.
  expect((await pay(commerce, cart.id, 'card')).body.transactionStatus.state).toBe('Completed');
});

test('docs/checkout-api.md: a declined card, as the page shows it', async ({ commerce }) => {
  // doc-example:start
  const checkout: CheckoutApiRoot = commerce.checkoutApiRoot;
  const application = (
    await checkout
      .applications()
      .post({
        body: {
          key: 'web-shop',
          name: 'Web shop',
          countries: ['DE'],
          allowedOrigins: { allowAll: true },
          mode: 'PaymentOnly',
          paymentsConfiguration: { activePaymentComponentType: 'Component' },
        },
      })
      .execute()
  ).body;
  await checkout
    .paymentIntegrations()
    .post({
      body: {
        key: 'declined-card',
        application: { typeId: 'application', id: application.id },
        status: 'Active',
        type: 'card',
        name: 'Declined card',
        componentType: 'Component',
        connectorDeployment: { typeId: 'deployment', id: 'commerce-mock:decline' },
      },
    })
    .execute();
  const cart = (
    await commerce.apiRoot
      .carts()
      .post({
        body: {
          currency: 'EUR',
          shippingAddress: { country: 'DE' },
          customLineItems: [{ name: { en: 'Gift box' }, slug: 'gift-box', quantity: 1, money: { currencyCode: 'EUR', centAmount: 1999 } }],
          taxMode: 'Disabled',
        },
      })
      .execute()
  ).body;

  const transaction = (
    await checkout
      .transactions()
      .post({
        body: {
          application: { typeId: 'application', key: 'web-shop' },
          cart: { typeId: 'cart', id: cart.id },
          transactionItems: [{ paymentIntegration: { typeId: 'payment-integration', key: 'declined-card' } }],
        },
      })
      .execute()
  ).body;
  expect(transaction.transactionStatus).toMatchObject({ state: 'Failed', errors: [{ code: 'PaymentFailure' }] });
  expect(transaction.order).toBeUndefined();
  const paymentId = transaction.transactionItems[0]!.payment!.id;
  const payment = (await commerce.apiRoot.payments().withId({ ID: paymentId }).get().execute()).body;
  expect(payment.transactions.map((t) => `${t.type} ${t.state}`)).toEqual(['Authorization Failure']);
  expect((await commerce.apiRoot.orders().get().execute()).body.results).toEqual([]);
  // doc-example:end
});
