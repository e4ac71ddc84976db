/**
 * The Checkout and History APIs' state in the fixture's state tools: Applications and Payment
 * Integrations seed from drafts; Transactions and Change History records are made by requests only
 * (seeding them is refused, saying so); all four go through `commerce.state.export()` and `import()`
 * and answer through their APIs afterwards, in process and on a server.
 */
import { checkoutApplicationFactory } from '../../factories/index.js';
import type { ByProjectKeyRequestBuilder as HistoryApiRoot } from '@commercetools/history-sdk';
import { expect, test, withServerPerWorker } from '../support/commerce.js';
import { checkoutRoot, orderableCart, setupCheckout } from './support.js';

test('Applications and Payment Integrations seed from drafts; the Checkout API serves them at once', async ({ commerce }) => {
  const [application] = await commerce.data.seed(checkoutApplicationFactory.build({ key: 'web-shop', countries: ['DE'] }));
  const [card] = await commerce.data.seed([
    [
      'checkout-payment-integration',
      {
        key: 'card',
        application: { typeId: 'application', id: application!.id },
        status: 'Active',
        type: 'card',
        name: 'Card',
        componentType: 'Component',
        connectorDeployment: { typeId: 'deployment', id: 'psp' },
        predicate: 'totalPrice.centAmount > 0',
      },
    ],
  ]);
  expect((await checkoutRoot(commerce).paymentIntegrations().withKey({ key: 'card' }).get().execute()).body).toEqual(card);
  const cart = await orderableCart(commerce.apiRoot);
  const transaction = await checkoutRoot(commerce)
    .transactions()
    .post({
      body: {
        application: { typeId: 'application', key: 'web-shop' },
        cart: { typeId: 'cart', id: cart.id },
        transactionItems: [{ paymentIntegration: { typeId: 'payment-integration', key: 'card' } }],
      },
    })
    .execute();
  expect(transaction.body.transactionStatus.state).toBe('Completed');
});

test('seeding a Transaction or a Change History record is refused, naming the way they are made', async ({ commerce }) => {
  await expect(
    commerce.data.seed([
      [
        'checkout-transaction',
        {
          application: { typeId: 'application', key: 'web-shop' },
          cart: { typeId: 'cart', key: 'cart-1' },
          transactionItems: [{ paymentIntegration: { typeId: 'payment-integration', key: 'card' } }],
        },
      ],
    ]),
  ).rejects.toThrow('seed item 0 (checkout-transaction): Checkout Transactions are created through POST /{projectKey}/transactions only.');
  await expect(commerce.data.seed([['change-history', { type: 'ResourceCreated' }]] as never)).rejects.toThrow(
    'Change History records are made by the changes requests make (through the API, or the Import API), not from drafts',
  );
  expect(await commerce.data.all('change-history')).toEqual([]);
});

for (const [mode, modeTest] of [
  ['in process', test],
  ['remote mode', withServerPerWorker()],
] as const) {
  modeTest(
    `${mode}: an export holds Applications, Payment Integrations, Transactions and records; imported, their APIs answer them`,
    async ({ commerce }) => {
      await setupCheckout(commerce);
      const cart = await orderableCart(commerce.apiRoot);
      const transaction = (
        await checkoutRoot(commerce)
          .transactions()
          .post({
            body: {
              key: 'tx-1',
              application: { typeId: 'application', key: 'web-shop' },
              cart: { typeId: 'cart', id: cart.id },
              transactionItems: [{ paymentIntegration: { typeId: 'payment-integration', key: 'card' } }],
            },
          })
          .execute()
      ).body;
      const history: HistoryApiRoot = commerce.historyApiRoot;
      const recorded = (await history.get({ queryArgs: { withTotal: true } }).execute()).body;
      // The tax category, the payment's creation and its two state changes, the order's creation: nothing of the cart.
      expect(recorded.results.map((record) => `${record.resource.typeId} ${record.type}`).sort()).toEqual([
        'order ResourceCreated',
        'payment ResourceCreated',
        'payment ResourceUpdated',
        'payment ResourceUpdated',
        'tax-category ResourceCreated',
      ]);

      const file = JSON.parse(JSON.stringify(await commerce.state.export()));
      const collections = file.projects[commerce.projectKey];
      for (const typeId of ['checkout-application', 'checkout-payment-integration', 'checkout-transaction', 'change-history']) {
        expect(collections[typeId]?.length, typeId).toBeGreaterThan(0);
      }

      await commerce.state.clear();
      expect(await commerce.data.all('change-history')).toEqual([]);
      await commerce.state.import(file);

      // The Checkout API finds them by id and key; the History API answers the same records.
      expect((await checkoutRoot(commerce).transactions().withKey({ key: 'tx-1' }).get().execute()).body).toEqual(transaction);
      const card = (await checkoutRoot(commerce).paymentIntegrations().withKey({ key: 'card' }).get().execute()).body;
      expect(card.application.id).toBe(transaction.application.id);
      expect((await history.get({ queryArgs: { withTotal: true } }).execute()).body).toEqual(recorded);
      await expect(commerce).toHaveHistoryRecord({ resourceType: 'order', resourceId: transaction.order!.id, type: 'ResourceCreated' });

      // Imported state goes on as before: the next change is recorded after the imported ones, and the application is still in use.
      const payment = transaction.transactionItems[0]!.payment!;
      await checkoutRoot(commerce)
        .paymentIntents()
        .withPaymentId({ paymentId: payment.id })
        .post({ body: { actions: [{ action: 'capturePayment', amount: { centAmount: 1999, currencyCode: 'EUR' } }] } })
        .execute();
      const after = (await history.withResourceTypeValue({ resourceType: 'payment' }).withIDValue({ ID: payment.id }).get().execute()).body;
      expect(after.results.map((record) => record.version)).toEqual([4, 3, 2, 1]);
    },
  );
}
