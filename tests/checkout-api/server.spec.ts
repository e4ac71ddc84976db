/**
 * The Checkout API on a server: at the base URL `/__mock/info` lists as `apis.checkout`, through the
 * official Checkout SDK in remote mode and through plain `fetch`; a token asked for with the Checkout
 * scopes carries them; and on the main API's base URL too (commerce-mcp sends its checkout calls there).
 */
import { createCommerceMock, startServer } from '../../src/index.js';
import { expect, withServerPerWorker } from '../support/commerce.js';
import { orderableCart, setupCheckout, checkoutRoot } from './support.js';

const test = withServerPerWorker();

test('in remote mode, the Checkout SDK pays a cart on the server; the order holds the payment', async ({ commerce }) => {
  expect(commerce.checkoutUrl).toMatch(/\/__checkout$/);
  const { application } = await setupCheckout(commerce);
  const cart = await orderableCart(commerce.apiRoot);
  const transaction = (
    await checkoutRoot(commerce)
      .transactions()
      .post({
        body: {
          application: { typeId: 'application', id: application.id },
          cart: { typeId: 'cart', key: cart.key! },
          transactionItems: [{ paymentIntegration: { typeId: 'payment-integration', key: 'card' } }],
        },
      })
      .execute()
  ).body;
  const order = (await commerce.apiRoot.orders().withId({ ID: transaction.order!.id }).get().execute()).body;
  const paymentId = order.paymentInfo!.payments[0]!.id;
  expect(paymentId).toBe(transaction.transactionItems[0]!.payment!.id);
  const captured = await checkoutRoot(commerce)
    .paymentIntents()
    .withPaymentId({ paymentId })
    .post({ body: { actions: [{ action: 'capturePayment', amount: { centAmount: 1999, currencyCode: 'EUR' } }] } })
    .execute();
  expect(captured.body.outcome).toBe('approved');
  const payment = (await commerce.apiRoot.payments().withId({ ID: paymentId }).get().execute()).body;
  expect(payment.transactions.map((t) => t.type)).toEqual(['Authorization', 'Charge']);
  expect((await commerce.events.messages({ type: 'PaymentTransactionAdded' })).map((m) => m.resource.id)).toEqual([paymentId]);
  // The Checkout client asked for the Checkout scopes, and its token (the first issued) carries them.
  const [checkoutToken] = await commerce.tokens.list({ kind: 'client' });
  expect(checkoutToken!.scope.split(' ').sort()).toEqual(
    ['applications', 'payment_integrations', 'payment_intents', 'transactions'].map(
      (scope) => `manage_checkout_${scope}:${commerce.projectKey}`,
    ),
  );
});

test.describe('plain fetch', () => {
  test('at apis.checkout and at the main API base URL, with a token that carries the checkout scopes', async () => {
    const mock = createCommerceMock({ enableAuthentication: true, validateCredentials: true });
    const server = await startServer(mock, { port: 0 });
    try {
      const info = (await (await fetch(`${server.url}/__mock/info`)).json()) as { apis: Record<string, string> };
      const scope = 'manage_checkout_applications:test-project view_checkout_transactions:test-project';
      const issued = await fetch(`${info.apis.auth}/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('client:secret').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: `grant_type=client_credentials&scope=${encodeURIComponent(scope)}`,
      });
      const { access_token: token, scope: granted } = (await issued.json()) as { access_token: string; scope: string };
      expect(granted).toBe(scope);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const body = JSON.stringify({
        key: 'web-shop',
        name: 'Web shop',
        countries: ['DE'],
        allowedOrigins: { allowAll: true },
        mode: 'PaymentOnly',
        paymentsConfiguration: { activePaymentComponentType: 'DropIn' },
      });
      const created = await fetch(`${info.apis.checkout}/test-project/applications`, { method: 'POST', headers, body });
      expect(created.status).toBe(201);
      // The same route on the main API's base URL, where a client that cannot derive the Checkout host sends it.
      const viaApi = await fetch(`${info.apis.api}/test-project/applications/key=web-shop`, { headers });
      expect(viaApi.status).toBe(200);
      expect(((await viaApi.json()) as { key: string }).key).toBe('web-shop');
      // Without a token the mock issued, refused as the main API refuses it.
      const anonymous = await fetch(`${info.apis.checkout}/test-project/applications`, { headers: { authorization: 'Bearer nope' } });
      expect(anonymous.status).toBe(401);
      expect(mock.data.all('checkout-application')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
