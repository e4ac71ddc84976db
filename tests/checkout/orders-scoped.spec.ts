/**
 * Carts, orders and payments under the caller scopes, through the official SDK with the token flows
 * a storefront uses: `/me/active-cart`, `/me/carts` (+ replicate), `/me/orders` (from my cart),
 * `/me/payments`, `/in-store/key=/carts` and `/orders` (incl. `order-number=`), `/in-store/key=/me/...`.
 * Fail closed: another caller's or another store's resources are not found, and a call without a
 * caller is 403 insufficient_scope.
 */
import type { ByProjectKeyRequestBuilder, Cart, MyCartUpdateAction } from '@commercetools/platform-sdk';
import type { CommerceMock } from '../../src/index.js';
import { expect, sdkApiRoot, sdkFailure, test } from '../support/sdk.js';
import { EUR, cents, createCart, raw, readCart, setupCatalog } from './carts-support.js';

const signedIn = (mock: CommerceMock, username: string, password = 'secret') => sdkApiRoot(mock, { kind: 'password', username, password });
const anonymousSession = (mock: CommerceMock, anonymousId: string) => sdkApiRoot(mock, { kind: 'anonymous', anonymousId });

async function customer(apiRoot: ByProjectKeyRequestBuilder, email: string) {
  return (
    await apiRoot
      .customers()
      .post({ body: { email, password: 'secret' } })
      .execute()
  ).body.customer;
}

const shippable = {
  currency: 'EUR',
  country: 'DE',
  lineItems: [{ sku: 'A-1', quantity: 2 }],
  shippingAddress: { country: 'DE', city: 'Berlin' },
};

async function myUpdate(root: ByProjectKeyRequestBuilder, cart: Cart, ...actions: MyCartUpdateAction[]): Promise<Cart> {
  return (
    await root
      .me()
      .carts()
      .withId({ ID: cart.id })
      .post({ body: { version: cart.version, actions } })
      .execute()
  ).body;
}

test.beforeEach(async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  await apiRoot
    .stores()
    .post({ body: { key: 'berlin' } })
    .execute();
  await apiRoot
    .stores()
    .post({ body: { key: 'paris' } })
    .execute();
});

test.describe('/me', () => {
  test('my carts, my active cart, my order from my cart', async ({ apiRoot, mock }) => {
    const alice = await customer(apiRoot, 'alice@example.com');
    const me = signedIn(mock, 'alice@example.com');
    expect((await sdkFailure(me.me().activeCart().get().execute())).statusCode).toBe(404);

    // MyCartDraft: the caller is stamped; fields a shopper cannot set are not taken.
    const created = await me
      .me()
      .carts()
      .post({ body: raw({ ...shippable, key: 'sneaky', customerId: 'someone-else', origin: 'Merchant' }) })
      .execute();
    expect(created.statusCode).toBe(201);
    let cart = created.body;
    expect(cart).toMatchObject({ customerId: alice.id, origin: 'Customer', totalPrice: cents(3998) });
    expect(cart.key).toBeUndefined();
    expect((await me.me().activeCart().get().execute()).body.id).toBe(cart.id);
    expect((await me.me().activeCart().head().execute()).statusCode).toBe(200);

    // MyCartUpdateAction only.
    cart = await myUpdate(
      me,
      cart,
      { action: 'addLineItem', sku: 'B-1' },
      { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', key: 'dhl' } },
    );
    expect(cart.totalPrice).toEqual(cents(3998 + 1050 + 490));
    const notMine = await sdkFailure(
      me
        .me()
        .carts()
        .withId({ ID: cart.id })
        .post({ body: { version: cart.version, actions: [raw({ action: 'setKey', key: 'k' })] } })
        .execute(),
    );
    expect(notMine.body.errors[0]).toMatchObject({ code: 'InvalidInput', field: 'actions[0].action' });
    expect((await me.me().carts().get().execute()).body.results.map((c) => c.id)).toEqual([cart.id]);

    // The order from my cart.
    const placed = await me
      .me()
      .orders()
      .post({ body: { id: cart.id, version: cart.version } })
      .execute();
    expect(placed.statusCode).toBe(201);
    const order = placed.body;
    expect(order).toMatchObject({ customerId: alice.id, cart: { id: cart.id }, totalPrice: cents(5538), orderState: 'Open' });
    expect((await me.me().orders().get().execute()).body.results.map((o) => o.id)).toEqual([order.id]);
    expect((await me.me().orders().withId({ ID: order.id }).get().execute()).body.id).toBe(order.id);
    // The cart is ordered: no active cart any more; ordering it again is refused.
    expect((await sdkFailure(me.me().activeCart().get().execute())).statusCode).toBe(404);
    const again = await sdkFailure(
      me
        .me()
        .orders()
        .post({ body: { id: cart.id, version: cart.version + 1 } })
        .execute(),
    );
    expect(again.body.errors[0]!.code).toBe('InvalidOperation');

    // Replicate my order into a new cart of mine.
    const replica = (
      await me
        .me()
        .carts()
        .replicate()
        .post({ body: { reference: { typeId: 'order', id: order.id } } })
        .execute()
    ).body;
    expect(replica).toMatchObject({ customerId: alice.id, cartState: 'Active' });
    expect(replica.lineItems.map((line) => line.variant.sku)).toEqual(['A-1', 'B-1']);
    expect((await me.me().activeCart().get().execute()).body.id).toBe(replica.id);
    // My cart deleted.
    const removed = await me
      .me()
      .carts()
      .withId({ ID: replica.id })
      .delete({ queryArgs: { version: replica.version } })
      .execute();
    expect(removed.body.id).toBe(replica.id);
  });

  test('another customer’s cart and order: not found, not orderable, nothing stored', async ({ apiRoot, mock }) => {
    await customer(apiRoot, 'alice@example.com');
    const bob = await customer(apiRoot, 'bob@example.com');
    const bobsCart = await createCart(apiRoot, { ...shippable, customerId: bob.id });
    const bobsOther = await createCart(apiRoot, { ...shippable, customerId: bob.id });
    const bobsOrder = (
      await apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: bobsOther.id }, version: bobsOther.version } })
        .execute()
    ).body;
    const me = signedIn(mock, 'alice@example.com');

    expect((await sdkFailure(me.me().carts().withId({ ID: bobsCart.id }).get().execute())).statusCode).toBe(404);
    const update = await sdkFailure(
      me
        .me()
        .carts()
        .withId({ ID: bobsCart.id })
        .post({ body: { version: bobsCart.version, actions: [{ action: 'addLineItem', sku: 'B-1' }] } })
        .execute(),
    );
    expect(update.statusCode).toBe(404);
    expect(
      (
        await sdkFailure(
          me
            .me()
            .carts()
            .withId({ ID: bobsCart.id })
            .delete({ queryArgs: { version: bobsCart.version } })
            .execute(),
        )
      ).statusCode,
    ).toBe(404);
    expect((await sdkFailure(me.me().orders().withId({ ID: bobsOrder.id }).get().execute())).statusCode).toBe(404);
    expect((await me.me().carts().get().execute()).body.total).toBe(0);
    expect((await me.me().orders().get().execute()).body.total).toBe(0);
    expect((await sdkFailure(me.me().activeCart().get().execute())).statusCode).toBe(404);

    // Ordering Bob's cart from Alice's session: the cart is not reachable from this endpoint.
    const order = await sdkFailure(
      me
        .me()
        .orders()
        .post({ body: { id: bobsCart.id, version: bobsCart.version } })
        .execute(),
    );
    expect(order.statusCode).toBe(400);
    expect(order.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'cart', id: bobsCart.id });
    const replica = await sdkFailure(
      me
        .me()
        .carts()
        .replicate()
        .post({ body: { reference: { typeId: 'cart', id: bobsCart.id } } })
        .execute(),
    );
    expect(replica.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound' });
    expect(await readCart(apiRoot, bobsCart)).toEqual(bobsCart);
    expect((await apiRoot.orders().get().execute()).body.total).toBe(1);
    expect((await apiRoot.carts().get().execute()).body.total).toBe(2);
  });

  test('an anonymous session: its carts and orders; they pass to the customer who signs in', async ({ apiRoot, mock }) => {
    const alice = await customer(apiRoot, 'alice@example.com');
    const anonymous = anonymousSession(mock, 'anon-7');
    const cart = (await anonymous.me().carts().post({ body: shippable }).execute()).body;
    expect(cart).toMatchObject({ anonymousId: 'anon-7' });
    expect(cart.customerId).toBeUndefined();
    expect((await anonymous.me().activeCart().get().execute()).body.id).toBe(cart.id);
    const order = (
      await anonymous
        .me()
        .orders()
        .post({ body: { id: cart.id, version: cart.version } })
        .execute()
    ).body;
    expect(order).toMatchObject({ anonymousId: 'anon-7' });
    // Another session sees none of it.
    const other = anonymousSession(mock, 'anon-8');
    expect((await sdkFailure(other.me().orders().withId({ ID: order.id }).get().execute())).statusCode).toBe(404);
    expect(
      (
        await sdkFailure(
          other
            .me()
            .orders()
            .post({ body: { id: cart.id, version: cart.version + 1 } })
            .execute(),
        )
      ).statusCode,
    ).toBe(400);

    const signIn = await anonymous
      .me()
      .login()
      .post({ body: { email: 'alice@example.com', password: 'secret' } })
      .execute();
    expect(signIn.body.customer.id).toBe(alice.id);
    const me = signedIn(mock, 'alice@example.com');
    expect((await me.me().orders().get().execute()).body.results.map((o) => [o.id, o.customerId])).toEqual([[order.id, alice.id]]);
  });

  test('my payments: MyPaymentDraft, MyPayment, MyPaymentUpdateAction only, another’s is a 404', async ({ apiRoot, mock }) => {
    const alice = await customer(apiRoot, 'alice@example.com');
    const bob = await customer(apiRoot, 'bob@example.com');
    const bobsPayment = (
      await apiRoot
        .payments()
        .post({ body: { customer: { typeId: 'customer', id: bob.id }, amountPlanned: EUR(100) } })
        .execute()
    ).body;
    const me = signedIn(mock, 'alice@example.com');
    const created = await me
      .me()
      .payments()
      .post({
        body: {
          amountPlanned: EUR(5538),
          paymentMethodInfo: { paymentInterface: 'psp', method: 'card' },
          transaction: { type: 'Authorization', amount: EUR(5538), interactionId: 'i-1' },
        },
      })
      .execute();
    expect(created.statusCode).toBe(201);
    const payment = created.body;
    expect(payment).toMatchObject({
      customer: { typeId: 'customer', id: alice.id },
      amountPlanned: cents(5538),
      paymentMethodInfo: { paymentInterface: 'psp', method: 'card' },
      transactions: [{ type: 'Authorization', amount: cents(5538), state: 'Initial', interactionId: 'i-1' }],
    });
    // MyPayment: the fields a shopper sees.
    expect(Object.keys(payment).sort()).toEqual(['amountPlanned', 'customer', 'id', 'paymentMethodInfo', 'transactions', 'version']);
    const refund = await sdkFailure(
      me
        .me()
        .payments()
        .post({ body: { amountPlanned: EUR(1), transaction: raw({ type: 'Refund', amount: EUR(1) }) } })
        .execute(),
    );
    expect(refund.body.errors[0]!.code).toBe('InvalidField');

    const updated = (
      await me
        .me()
        .payments()
        .withId({ ID: payment.id })
        .post({
          body: { version: payment.version, actions: [{ action: 'addTransaction', transaction: { type: 'Charge', amount: EUR(5538) } }] },
        })
        .execute()
    ).body;
    expect(updated.transactions.map((t) => t.type)).toEqual(['Authorization', 'Charge']);
    const forbidden = await sdkFailure(
      me
        .me()
        .payments()
        .withId({ ID: payment.id })
        .post({ body: { version: updated.version, actions: [raw({ action: 'setStatusInterfaceCode', interfaceCode: 'x' })] } })
        .execute(),
    );
    expect(forbidden.body.errors[0]).toMatchObject({ code: 'InvalidInput', field: 'actions[0].action' });
    expect((await me.me().payments().get().execute()).body.results.map((p) => p.id)).toEqual([payment.id]);
    expect((await sdkFailure(me.me().payments().withId({ ID: bobsPayment.id }).get().execute())).statusCode).toBe(404);
    expect(
      (
        await me
          .me()
          .payments()
          .withId({ ID: payment.id })
          .delete({ queryArgs: { version: updated.version } })
          .execute()
      ).statusCode,
    ).toBe(200);
  });

  test('without a caller: 403 insufficient_scope on every checkout route under /me', async ({ apiRoot, mock }) => {
    const cart = await createCart(apiRoot, shippable);
    for (const root of [sdkApiRoot(mock, { kind: 'none' }), apiRoot]) {
      const attempts = [
        root.me().activeCart().get().execute(),
        root.me().carts().get().execute(),
        root
          .me()
          .carts()
          .post({ body: { currency: 'EUR' } })
          .execute(),
        root.me().orders().get().execute(),
        root
          .me()
          .orders()
          .post({ body: { id: cart.id, version: cart.version } })
          .execute(),
        root.me().payments().get().execute(),
        root.inStoreKeyWithStoreKeyValue({ storeKey: 'berlin' }).me().activeCart().get().execute(),
        root
          .inStoreKeyWithStoreKeyValue({ storeKey: 'berlin' })
          .me()
          .orders()
          .post({ body: { id: cart.id, version: cart.version } })
          .execute(),
      ];
      for (const attempt of attempts) {
        const failure = await sdkFailure(attempt);
        expect(failure.statusCode).toBe(403);
        expect(failure.body).toMatchObject({ error: 'insufficient_scope', errors: [{ code: 'insufficient_scope' }] });
      }
    }
    expect((await apiRoot.orders().get().execute()).body.total).toBe(0);
    expect(await readCart(apiRoot, cart)).toEqual(cart);
  });
});

test.describe('in-store', () => {
  const berlin = (root: ByProjectKeyRequestBuilder) => root.inStoreKeyWithStoreKeyValue({ storeKey: 'berlin' });
  const paris = (root: ByProjectKeyRequestBuilder) => root.inStoreKeyWithStoreKeyValue({ storeKey: 'paris' });

  test('carts of the store: stamped, another store’s is a 404; customer-id=; replicate', async ({ apiRoot }) => {
    const alice = await customer(apiRoot, 'alice@example.com');
    const created = await berlin(apiRoot)
      .carts()
      .post({ body: { ...shippable, customerId: alice.id, store: { typeId: 'store', key: 'paris' } } })
      .execute();
    expect(created.statusCode).toBe(201);
    const cart = created.body;
    expect(cart.store).toEqual({ typeId: 'store', key: 'berlin' });
    const elsewhere = await createCart(apiRoot, { ...shippable, store: { typeId: 'store', key: 'paris' } });
    const global = await createCart(apiRoot, shippable);

    expect((await berlin(apiRoot).carts().get().execute()).body.results.map((c) => c.id)).toEqual([cart.id]);
    expect((await berlin(apiRoot).carts().withId({ ID: cart.id }).get().execute()).body.id).toBe(cart.id);
    for (const other of [elsewhere, global]) {
      expect((await sdkFailure(berlin(apiRoot).carts().withId({ ID: other.id }).get().execute())).statusCode).toBe(404);
      const update = await sdkFailure(
        berlin(apiRoot)
          .carts()
          .withId({ ID: other.id })
          .post({ body: { version: other.version, actions: [{ action: 'addLineItem', sku: 'B-1' }] } })
          .execute(),
      );
      expect(update.statusCode).toBe(404);
    }
    expect((await sdkFailure(paris(apiRoot).carts().withId({ ID: cart.id }).get().execute())).statusCode).toBe(404);
    expect(await readCart(apiRoot, elsewhere)).toEqual(elsewhere);

    expect((await berlin(apiRoot).carts().withCustomerId({ customerId: alice.id }).get().execute()).body.id).toBe(cart.id);
    expect((await sdkFailure(paris(apiRoot).carts().withCustomerId({ customerId: alice.id }).get().execute())).statusCode).toBe(404);

    const replica = (
      await berlin(apiRoot)
        .carts()
        .replicate()
        .post({ body: { reference: { typeId: 'cart', id: cart.id } } })
        .execute()
    ).body;
    expect(replica).toMatchObject({ store: { key: 'berlin' }, customerId: alice.id });
    const foreign = await sdkFailure(
      berlin(apiRoot)
        .carts()
        .replicate()
        .post({ body: { reference: { typeId: 'cart', id: elsewhere.id } } })
        .execute(),
    );
    expect(foreign.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound' });
  });

  test('orders of the store: from the store’s carts only; order-number= of the store', async ({ apiRoot }) => {
    const cart = (await berlin(apiRoot).carts().post({ body: shippable }).execute()).body;
    const parisCart = (await paris(apiRoot).carts().post({ body: shippable }).execute()).body;
    const placed = await berlin(apiRoot)
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber: 'B-1' } })
      .execute();
    expect(placed.statusCode).toBe(201);
    expect(placed.body).toMatchObject({ store: { typeId: 'store', key: 'berlin' }, orderNumber: 'B-1' });

    // A cart of another store cannot be ordered here; nothing stored.
    const foreign = await sdkFailure(
      berlin(apiRoot)
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: parisCart.id }, version: parisCart.version } })
        .execute(),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'cart', id: parisCart.id });
    expect((await readCart(apiRoot, parisCart)).cartState).toBe('Active');
    const parisOrder = (
      await paris(apiRoot)
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: parisCart.id }, version: parisCart.version, orderNumber: 'P-1' } })
        .execute()
    ).body;

    expect((await berlin(apiRoot).orders().get().execute()).body.results.map((o) => o.orderNumber)).toEqual(['B-1']);
    expect((await berlin(apiRoot).orders().withOrderNumber({ orderNumber: 'B-1' }).get().execute()).body.id).toBe(placed.body.id);
    expect((await sdkFailure(berlin(apiRoot).orders().withOrderNumber({ orderNumber: 'P-1' }).get().execute())).statusCode).toBe(404);
    expect((await sdkFailure(berlin(apiRoot).orders().withId({ ID: parisOrder.id }).get().execute())).statusCode).toBe(404);
    const foreignUpdate = await sdkFailure(
      berlin(apiRoot)
        .orders()
        .withOrderNumber({ orderNumber: 'P-1' })
        .post({ body: { version: 1, actions: [{ action: 'changeOrderState', orderState: 'Cancelled' }] } })
        .execute(),
    );
    expect(foreignUpdate.statusCode).toBe(404);
    expect(
      (
        await sdkFailure(
          berlin(apiRoot)
            .orders()
            .withOrderNumber({ orderNumber: 'P-1' })
            .delete({ queryArgs: { version: 1 } })
            .execute(),
        )
      ).statusCode,
    ).toBe(404);

    const changed = (
      await berlin(apiRoot)
        .orders()
        .withOrderNumber({ orderNumber: 'B-1' })
        .post({ body: { version: 1, actions: [{ action: 'changeShipmentState', shipmentState: 'Shipped' }] } })
        .execute()
    ).body;
    expect(changed).toMatchObject({ version: 2, shipmentState: 'Shipped' });
    // Moving the order out of the store from inside it is refused (it would leave the scope).
    const away = await sdkFailure(
      berlin(apiRoot)
        .orders()
        .withId({ ID: changed.id })
        .post({ body: { version: 2, actions: [{ action: 'setStore', store: { typeId: 'store', key: 'paris' } }] } })
        .execute(),
    );
    expect(away.body.errors[0]!.code).toBe('InvalidOperation');
    expect(
      (
        await berlin(apiRoot)
          .orders()
          .withOrderNumber({ orderNumber: 'B-1' })
          .delete({ queryArgs: { version: 2 } })
          .execute()
      ).statusCode,
    ).toBe(200);
    expect((await apiRoot.orders().get().execute()).body.results.map((o) => o.orderNumber)).toEqual(['P-1']);
  });

  test('in-store /me: my active cart of the store, my order from it', async ({ apiRoot, mock }) => {
    const alice = await customer(apiRoot, 'alice@example.com');
    const me = signedIn(mock, 'alice@example.com');
    const globalCart = (await me.me().carts().post({ body: shippable }).execute()).body;
    expect((await sdkFailure(berlin(me).me().activeCart().get().execute())).statusCode).toBe(404);
    const cart = (await berlin(me).me().carts().post({ body: shippable }).execute()).body;
    expect(cart).toMatchObject({ customerId: alice.id, store: { key: 'berlin' } });
    expect((await berlin(me).me().activeCart().get().execute()).body.id).toBe(cart.id);
    expect((await berlin(me).me().carts().get().execute()).body.results.map((c) => c.id)).toEqual([cart.id]);
    // The global cart is not the store's.
    const notHere = await sdkFailure(
      berlin(me)
        .me()
        .orders()
        .post({ body: { id: globalCart.id, version: globalCart.version } })
        .execute(),
    );
    expect(notHere.body.errors[0]!.code).toBe('ReferencedResourceNotFound');
    const order = (
      await berlin(me)
        .me()
        .orders()
        .post({ body: { id: cart.id, version: cart.version } })
        .execute()
    ).body;
    expect(order).toMatchObject({ customerId: alice.id, store: { key: 'berlin' } });
    expect((await berlin(me).me().orders().get().execute()).body.results.map((o) => o.id)).toEqual([order.id]);
    expect((await paris(me).me().orders().get().execute()).body.total).toBe(0);
    expect((await me.me().orders().get().execute()).body.total).toBe(1);
  });
});
