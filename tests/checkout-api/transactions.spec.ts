/**
 * Checkout Transactions and Payment Intents through the official Checkout SDK, in process: what they
 * do to the main API's payments, carts and orders, with the main API's messages; refusals that store
 * nothing.
 */
import type { PaymentIntentAction, TransactionDraft } from '@commercetools/checkout-sdk';
import type { Payment } from '@commercetools/platform-sdk';
import { type Commerce, test, expect } from '../support/commerce.js';
import { applicationDraft, orderableCart, refusal, setupCheckout, checkoutRoot } from './support.js';

test('a transaction for a cart pays it and orders it: the payment is on the order, authorized', async ({ commerce }) => {
  const { application, card } = await setupCheckout(commerce);
  const cart = await orderableCart(commerce.apiRoot);
  const response = await checkoutRoot(commerce)
    .transactions()
    .post({
      body: {
        key: 'tx-1',
        application: { typeId: 'application', key: application.key },
        cart: { typeId: 'cart', id: cart.id },
        transactionItems: [{ paymentIntegration: { typeId: 'payment-integration', key: 'card' } }],
      },
    })
    .execute();
  expect(response.statusCode).toBe(201);
  const transaction = response.body;
  expect(transaction).toMatchObject({
    key: 'tx-1',
    version: 1,
    application: { typeId: 'application', id: application.id },
    cart: { typeId: 'cart', id: cart.id },
    transactionStatus: { state: 'Completed' },
    transactionItems: [
      { amount: { centAmount: 1999, currencyCode: 'EUR' }, paymentIntegration: { typeId: 'payment-integration', id: card.id } },
    ],
  });
  const paymentId = transaction.transactionItems[0]!.payment!.id;
  const orderId = transaction.order!.id;

  // The order, through the main API: made from the cart, with the payment in its paymentInfo.
  const order = (
    await commerce.apiRoot
      .orders()
      .withId({ ID: orderId })
      .get({ queryArgs: { expand: ['paymentInfo.payments[*]'] } })
      .execute()
  ).body;
  expect(order.cart?.id).toBe(cart.id);
  expect(order.paymentInfo?.payments.map((p) => p.id)).toEqual([paymentId]);
  const payment = order.paymentInfo!.payments[0]!.obj as Payment;
  expect(payment).toMatchObject({
    amountPlanned: { centAmount: 1999, currencyCode: 'EUR' },
    paymentMethodInfo: { paymentInterface: card.id, method: 'card', name: { en: 'Credit card' } },
  });
  expect(payment.transactions).toEqual([
    expect.objectContaining({ type: 'Authorization', state: 'Success', amount: expect.objectContaining({ centAmount: 1999 }) }),
  ]);
  const ordered = (await commerce.apiRoot.carts().withId({ ID: cart.id }).get().execute()).body;
  expect(ordered.cartState).toBe('Ordered');

  // Read back by id and key.
  expect((await checkoutRoot(commerce).transactions().withId({ id: transaction.id }).get().execute()).body).toEqual(transaction);
  expect((await checkoutRoot(commerce).transactions().withKey({ key: 'tx-1' }).get().execute()).body.id).toBe(transaction.id);

  // The main API's messages, in the order the payment lifecycle has them.
  const messages = await commerce.events.messages();
  expect(
    messages.map((m) => `${m.type}${m.type === 'PaymentTransactionStateChanged' ? `:${(m as { state?: string }).state}` : ''}`),
  ).toEqual(['PaymentCreated', 'PaymentTransactionStateChanged:Pending', 'OrderCreated', 'PaymentTransactionStateChanged:Success']);
});

/** A paid and ordered cart: the transaction's payment. */
async function paidPayment(commerce: Commerce): Promise<Payment> {
  const { application } = await setupCheckout(commerce);
  const cart = await orderableCart(commerce.apiRoot);
  const transaction = (
    await checkoutRoot(commerce)
      .transactions()
      .post({ body: transactionDraft(application.id, cart.id) })
      .execute()
  ).body;
  return (await commerce.apiRoot.payments().withId({ ID: transaction.transactionItems[0]!.payment!.id }).get().execute()).body;
}

const transactionDraft = (applicationId: string, cartId: string, extra: Partial<TransactionDraft> = {}): TransactionDraft => ({
  application: { typeId: 'application', id: applicationId },
  cart: { typeId: 'cart', id: cartId },
  transactionItems: [{ paymentIntegration: { typeId: 'payment-integration', key: 'card' } }],
  ...extra,
});

const intent = (commerce: Commerce, payment: Payment, action: PaymentIntentAction) =>
  checkoutRoot(commerce)
    .paymentIntents()
    .withPaymentId({ paymentId: payment.id })
    .post({ body: { actions: [action] } })
    .execute();

const EUR = (centAmount: number) => ({ centAmount, currencyCode: 'EUR' });

test('payment intents add their transactions to the payment: capture, refund, reverse, each with PaymentTransactionAdded', async ({
  commerce,
}) => {
  const payment = await paidPayment(commerce);
  const since = (await commerce.events.messages()).length;

  const captured = await intent(commerce, payment, { action: 'capturePayment', amount: EUR(1500), merchantReference: 'invoice-1' });
  expect(captured.statusCode).toBe(200);
  expect(captured.body).toEqual({ outcome: 'approved' });
  let stored = (await commerce.apiRoot.payments().withId({ ID: payment.id }).get().execute()).body;
  const charge = stored.transactions[1]!;
  expect(charge).toMatchObject({ type: 'Charge', state: 'Success', amount: { centAmount: 1500, currencyCode: 'EUR' } });

  // At most what was captured, and at most what that charge holds.
  const tooMuch = await refusal(intent(commerce, payment, { action: 'refundPayment', amount: EUR(1501), transactionId: charge.id }));
  expect(tooMuch).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
  expect((await intent(commerce, payment, { action: 'refundPayment', amount: EUR(500), transactionId: charge.id })).body.outcome).toBe(
    'approved',
  );
  // Captured: the authorization can no longer be cancelled.
  expect(await refusal(intent(commerce, payment, { action: 'cancelPayment' }))).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
  // Reversing refunds what is captured and not refunded yet, and cancels what is authorized and not captured.
  expect((await intent(commerce, payment, { action: 'reversePayment' })).body.outcome).toBe('approved');
  expect(await refusal(intent(commerce, payment, { action: 'reversePayment' }))).toMatchObject({ code: 'InvalidInput' });

  stored = (await commerce.apiRoot.payments().withId({ ID: payment.id }).get().execute()).body;
  expect(stored.transactions.map((t) => `${t.type} ${t.amount.centAmount} ${t.state}`)).toEqual([
    'Authorization 1999 Success',
    'Charge 1500 Success',
    'Refund 500 Success',
    'Refund 1000 Success',
    'CancelAuthorization 499 Success',
  ]);
  // Refusals stored nothing: four transactions, four versions, four messages.
  expect(stored.version).toBe(payment.version + 4);
  const added = (await commerce.events.messages({ type: 'PaymentTransactionAdded' })).slice(-4);
  expect(added.map((m) => (m as unknown as { transaction: { type: string } }).transaction.type)).toEqual([
    'Charge',
    'Refund',
    'Refund',
    'CancelAuthorization',
  ]);
  expect((await commerce.events.messages()).length).toBe(since + 4);

  // The order shows the payment as it is now.
  const order = (
    await commerce.apiRoot
      .orders()
      .get({ queryArgs: { expand: ['paymentInfo.payments[*]'] } })
      .execute()
  ).body.results[0]!;
  expect((order.paymentInfo!.payments[0]!.obj as Payment).transactions).toHaveLength(5);
});

test('cancelling an authorization; a capture after it is refused; more than authorized is refused', async ({ commerce }) => {
  const payment = await paidPayment(commerce);
  expect(await refusal(intent(commerce, payment, { action: 'capturePayment', amount: EUR(2000) }))).toMatchObject({ code: 'InvalidInput' });
  expect(
    await refusal(intent(commerce, payment, { action: 'capturePayment', amount: { centAmount: 100, currencyCode: 'USD' } })),
  ).toMatchObject({
    code: 'InvalidInput',
  });
  expect((await intent(commerce, payment, { action: 'cancelPayment' })).body.outcome).toBe('approved');
  expect(await refusal(intent(commerce, payment, { action: 'capturePayment', amount: EUR(100) }))).toMatchObject({ code: 'InvalidInput' });
  const stored = (await commerce.apiRoot.payments().withId({ ID: payment.id }).get().execute()).body;
  expect(stored.transactions.map((t) => `${t.type} ${t.amount.centAmount}`)).toEqual(['Authorization 1999', 'CancelAuthorization 1999']);
});

test('a payment intent takes one action, of the definition, for a payment that exists', async ({ commerce }) => {
  const payment = await paidPayment(commerce);
  const paymentIntents = checkoutRoot(commerce).paymentIntents();
  const two = paymentIntents
    .withPaymentId({ paymentId: payment.id })
    .post({ body: { actions: [{ action: 'cancelPayment' }, { action: 'cancelPayment' }] } })
    .execute();
  expect(await refusal(two)).toMatchObject({ statusCode: 400, code: 'MultipleActionsNotAllowed' });
  const noAmount = paymentIntents
    .withPaymentId({ paymentId: payment.id })
    .post({ body: { actions: [{ action: 'capturePayment' } as PaymentIntentAction] } })
    .execute();
  expect(await refusal(noAmount)).toMatchObject({ statusCode: 400, code: 'InvalidJsonInput' });
  const unknown = paymentIntents
    .withPaymentId({ paymentId: payment.id })
    .post({ body: { actions: [{ action: 'voidPayment' } as unknown as PaymentIntentAction] } })
    .execute();
  expect(await refusal(unknown)).toMatchObject({ statusCode: 400, code: 'InvalidJsonInput' });
  const missing = paymentIntents
    .withPaymentId({ paymentId: 'no-such-payment' })
    .post({ body: { actions: [{ action: 'cancelPayment' }] } })
    .execute();
  expect(await refusal(missing)).toMatchObject({ statusCode: 404, code: 'ResourceNotFound' });
  expect((await commerce.apiRoot.payments().withId({ ID: payment.id }).get().execute()).body.version).toBe(payment.version);
});

test('a transaction for part of the total stays Pending; the one that covers the rest orders the cart with both payments', async ({
  commerce,
}) => {
  const { application } = await setupCheckout(commerce);
  const cart = await orderableCart(commerce.apiRoot);
  const giftCard = { paymentIntegration: { typeId: 'payment-integration' as const, key: 'card' }, amount: EUR(999) };
  const first = (
    await checkoutRoot(commerce)
      .transactions()
      .post({ body: transactionDraft(application.id, cart.id, { transactionItems: [giftCard] }) })
      .execute()
  ).body;
  expect(first.transactionStatus.state).toBe('Pending');
  expect(first.order).toBeUndefined();
  const open = (await commerce.apiRoot.carts().withId({ ID: cart.id }).get().execute()).body;
  expect(open.cartState).toBe('Active');
  expect(open.paymentInfo?.payments.map((p) => p.id)).toEqual([first.transactionItems[0]!.payment!.id]);

  // More than the 10.00 left is refused; without an amount, the rest is paid.
  const tooMuch = transactionDraft(application.id, cart.id, { transactionItems: [{ ...giftCard, amount: EUR(1001) }] });
  expect(await refusal(checkoutRoot(commerce).transactions().post({ body: tooMuch }).execute())).toMatchObject({ code: 'InvalidInput' });
  const second = (
    await checkoutRoot(commerce)
      .transactions()
      .post({ body: transactionDraft(application.id, cart.id) })
      .execute()
  ).body;
  expect(second).toMatchObject({ transactionStatus: { state: 'Completed' }, transactionItems: [{ amount: EUR(1000) }] });
  const order = (await commerce.apiRoot.orders().withId({ ID: second.order!.id }).get().execute()).body;
  expect(order.paymentInfo?.payments.map((p) => p.id)).toEqual([first, second].map((t) => t.transactionItems[0]!.payment!.id));
});

test('refused transactions store nothing: no payment, the cart as it was, no transaction', async ({ commerce }) => {
  const { application, card } = await setupCheckout(commerce);
  const cart = await orderableCart(commerce.apiRoot);
  const post = (body: TransactionDraft) => refusal(checkoutRoot(commerce).transactions().post({ body }).execute());
  const draft = transactionDraft(application.id, cart.id);

  expect(await post({ ...draft, application: { typeId: 'application', key: 'no-such-app' } })).toMatchObject({
    statusCode: 400,
    code: 'ReferencedResourceNotFound',
    error: { typeId: 'application', key: 'no-such-app' },
  });
  expect(await post({ ...draft, cart: { typeId: 'cart', id: 'no-such-cart' } })).toMatchObject({ code: 'ReferencedResourceNotFound' });
  expect(await post({ ...draft, application: { typeId: 'application', id: application.id, key: application.key } })).toMatchObject({
    code: 'InvalidJsonInput',
  });
  expect(await post({ ...draft, transactionItems: [] })).toMatchObject({ statusCode: 400 });
  expect(
    await post({ ...draft, transactionItems: [{ ...draft.transactionItems[0]!, amount: { centAmount: 1999, currencyCode: 'USD' } }] }),
  ).toMatchObject({
    code: 'InvalidInput',
  });
  // An inactive integration, then one of another application.
  await checkoutRoot(commerce)
    .paymentIntegrations()
    .withId({ id: card.id })
    .post({ body: { version: card.version, actions: [{ action: 'setStatus', status: 'Inactive' }] } })
    .execute();
  expect(await post(draft)).toMatchObject({ code: 'InvalidInput', error: { message: expect.stringContaining('inactive') } });
  const other = (
    await checkoutRoot(commerce)
      .applications()
      .post({ body: { ...applicationDraft(), key: 'kiosk' } })
      .execute()
  ).body;
  expect(await post({ ...draft, application: { typeId: 'application', id: other.id } })).toMatchObject({
    code: 'InvalidInput',
    error: { message: expect.stringContaining('does not belong') },
  });
  // The main API's own rule: a cart without a shipping address is not ordered, and the payment made for it is rolled back.
  await checkoutRoot(commerce)
    .paymentIntegrations()
    .withId({ id: card.id })
    .post({ body: { version: card.version + 1, actions: [{ action: 'setStatus', status: 'Active' }] } })
    .execute();
  const unshipped = (
    await commerce.apiRoot
      .carts()
      .withId({ ID: cart.id })
      .post({ body: { version: cart.version, actions: [{ action: 'setShippingAddress' }] } })
      .execute()
  ).body;
  expect(await post(draft)).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });

  expect((await commerce.apiRoot.payments().get().execute()).body.total).toBe(0);
  expect((await commerce.apiRoot.carts().withId({ ID: cart.id }).get().execute()).body.version).toBe(unshipped.version);
  expect(await commerce.data.all('checkout-transaction')).toEqual([]);
  expect(await commerce.events.messages({ resourceTypeId: 'payment' })).toEqual([]);
});

test('a transaction key is unique; an unknown id or key is 404', async ({ commerce }) => {
  const { application } = await setupCheckout(commerce);
  const cart = await orderableCart(commerce.apiRoot);
  const other = await orderableCart(commerce.apiRoot, 'cart-2');
  await checkoutRoot(commerce)
    .transactions()
    .post({ body: transactionDraft(application.id, cart.id, { key: 'tx' }) })
    .execute();
  const again = checkoutRoot(commerce)
    .transactions()
    .post({ body: transactionDraft(application.id, other.id, { key: 'tx' }) })
    .execute();
  expect(await refusal(again)).toMatchObject({ statusCode: 400, code: 'DuplicateField', error: { field: 'key' } });
  expect((await commerce.apiRoot.carts().withId({ ID: other.id }).get().execute()).body.paymentInfo).toBeUndefined();
  expect(await refusal(checkoutRoot(commerce).transactions().withKey({ key: 'nope' }).get().execute())).toMatchObject({
    statusCode: 404,
    code: 'ResourceNotFound',
  });
  expect(await refusal(checkoutRoot(commerce).transactions().withId({ id: 'nope' }).get().execute())).toMatchObject({ statusCode: 404 });
});
