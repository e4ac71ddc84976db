/**
 * Finding a customer's (or an anonymous session's) active cart: `GET /carts/customer-id=`, in a
 * store, and the merge at sign-in. The mock files active carts by owner (a group index), so the
 * lookup must stay right among carts of other owners and across every way a cart stops or starts
 * being active: ordered, merged, frozen and unfrozen, deleted, taken over at sign-in, a snapshot
 * restored, an export imported.
 */
import type { ByProjectKeyRequestBuilder, Cart } from '@commercetools/platform-sdk';
import { expect, sdkFailure, test } from '../support/sdk.js';
import { createCart, setupCatalog, updateCart } from './carts-support.js';

const customer = async (apiRoot: ByProjectKeyRequestBuilder, email: string) =>
  (
    await apiRoot
      .customers()
      .post({ body: { email, password: 'secret' } })
      .execute()
  ).body.customer;

/** The customer's active cart by the platform's lookup, in a store when one is named; undefined on a 404. */
async function activeCart(apiRoot: ByProjectKeyRequestBuilder, customerId: string, storeKey?: string): Promise<string | undefined> {
  const carts = storeKey === undefined ? apiRoot.carts() : apiRoot.inStoreKeyWithStoreKeyValue({ storeKey }).carts();
  try {
    return (await carts.withCustomerId({ customerId }).get().execute()).body.id;
  } catch (error) {
    expect((await sdkFailure(Promise.reject(error))).statusCode).toBe(404);
    return undefined;
  }
}

/** Orders the cart (a line item and a German address make it orderable). */
async function order(apiRoot: ByProjectKeyRequestBuilder, cart: Cart): Promise<void> {
  const ready = await updateCart(
    apiRoot,
    cart,
    { action: 'addLineItem', sku: 'A-1' },
    { action: 'setShippingAddress', address: { country: 'DE' } },
  );
  await apiRoot
    .orders()
    .post({ body: { cart: { typeId: 'cart', id: ready.id }, version: ready.version } })
    .execute();
}

/** Lets the clock move on, so the next change is the most recent by `lastModifiedAt`. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

test('the most recent active cart of the customer among carts of others, ordered, deleted, merchant and store carts', async ({
  apiRoot,
}) => {
  await setupCatalog(apiRoot);
  for (const key of ['berlin', 'munich']) await apiRoot.stores().post({ body: { key } }).execute();
  const anna = await customer(apiRoot, 'anna@example.com');
  const ben = await customer(apiRoot, 'ben@example.com');
  const eur = { currency: 'EUR', country: 'DE' } as const;

  const older = await createCart(apiRoot, { ...eur, customerId: anna.id });
  await tick();
  const inBerlin = await createCart(apiRoot, { ...eur, customerId: anna.id, store: { typeId: 'store', key: 'berlin' } });
  await tick();
  // Carts of others, made later: none of them is Anna's.
  let bens = await createCart(apiRoot, { ...eur, customerId: ben.id });
  await createCart(apiRoot, { ...eur, anonymousId: 'session-1' });
  await createCart(apiRoot, { ...eur });
  await tick();
  // Anna's, made later still, but not active, gone, or not hers to shop with.
  await order(apiRoot, await createCart(apiRoot, { ...eur, customerId: anna.id }));
  const deleted = await createCart(apiRoot, { ...eur, customerId: anna.id });
  await apiRoot
    .carts()
    .withId({ ID: deleted.id })
    .delete({ queryArgs: { version: deleted.version } })
    .execute();
  await createCart(apiRoot, { ...eur, customerId: anna.id, origin: 'Merchant' });

  expect(await activeCart(apiRoot, anna.id)).toBe(inBerlin.id);
  expect(await activeCart(apiRoot, anna.id, 'berlin')).toBe(inBerlin.id);
  expect(await activeCart(apiRoot, anna.id, 'munich')).toBeUndefined();
  expect(await activeCart(apiRoot, ben.id)).toBe(bens.id);

  await tick();
  const touched = await updateCart(apiRoot, older, { action: 'setLocale', locale: 'de' });
  expect(await activeCart(apiRoot, anna.id)).toBe(older.id);
  expect(await activeCart(apiRoot, anna.id, 'berlin')).toBe(inBerlin.id);

  // Frozen, a cart is no one's active cart; unfrozen, it is again.
  const frozen = await updateCart(apiRoot, touched, { action: 'freezeCart' });
  expect(await activeCart(apiRoot, anna.id)).toBe(inBerlin.id);
  await tick();
  await updateCart(apiRoot, frozen, { action: 'unfreezeCart' });
  expect(await activeCart(apiRoot, anna.id)).toBe(older.id);

  // Ben's cart, given to Anna, is hers (and the most recent); Ben has none left.
  await tick();
  bens = await updateCart(apiRoot, bens, { action: 'setCustomerId', customerId: anna.id });
  expect(await activeCart(apiRoot, anna.id)).toBe(bens.id);
  expect(await activeCart(apiRoot, ben.id)).toBeUndefined();
});

test("sign-in merges the session's active cart: taken over when the customer has none, merged into the customer's otherwise", async ({
  apiRoot,
}) => {
  await setupCatalog(apiRoot);
  const anna = await customer(apiRoot, 'anna@example.com');
  const signIn = async (anonymousId: string) =>
    (
      await apiRoot
        .login()
        .post({ body: { email: 'anna@example.com', password: 'secret', anonymousId } })
        .execute()
    ).body.cart;
  // Another session's cart, and an older cart of this session already ordered.
  await createCart(apiRoot, { currency: 'EUR', anonymousId: 'other-session', lineItems: [{ sku: 'A-1', quantity: 5 }] });
  await order(apiRoot, await createCart(apiRoot, { currency: 'EUR', country: 'DE', anonymousId: 'session-1' }));
  const session = await createCart(apiRoot, { currency: 'EUR', anonymousId: 'session-1', lineItems: [{ sku: 'A-1', quantity: 2 }] });

  const taken = await signIn('session-1');
  expect(taken).toMatchObject({ id: session.id, customerId: anna.id, anonymousId: 'session-1', cartState: 'Active' });
  expect(await activeCart(apiRoot, anna.id)).toBe(session.id);
  // Now the customer's: the session has no cart of its own left to merge.
  expect((await signIn('session-1'))?.lineItems.map((line) => line.quantity)).toEqual([2]);

  const next = await createCart(apiRoot, { currency: 'EUR', anonymousId: 'session-2', lineItems: [{ sku: 'A-1', quantity: 3 }] });
  const merged = await signIn('session-2');
  expect(merged).toMatchObject({ id: session.id, lineItems: [{ quantity: 3 }] });
  expect((await apiRoot.carts().withId({ ID: next.id }).get().execute()).body.cartState).toBe('Merged');
  expect(await activeCart(apiRoot, anna.id)).toBe(session.id);
});

test('the lookup follows a restored snapshot and an imported export', async ({ apiRoot, mock }) => {
  await setupCatalog(apiRoot);
  const anna = await customer(apiRoot, 'anna@example.com');
  const cart = await createCart(apiRoot, { currency: 'EUR', country: 'DE', customerId: anna.id });
  const before = mock.state.snapshot();
  const exported = mock.state.export();

  await order(apiRoot, cart);
  expect(await activeCart(apiRoot, anna.id)).toBeUndefined();
  mock.state.restore(before);
  expect(await activeCart(apiRoot, anna.id)).toBe(cart.id);

  await order(apiRoot, (await apiRoot.carts().withId({ ID: cart.id }).get().execute()).body);
  expect(await activeCart(apiRoot, anna.id)).toBeUndefined();
  mock.state.import(exported);
  expect(await activeCart(apiRoot, anna.id)).toBe(cart.id);
});

test('an export made before carts were filed by owner (no group collection) still finds active carts once imported', async ({
  apiRoot,
  mock,
}) => {
  await setupCatalog(apiRoot);
  const anna = await customer(apiRoot, 'anna@example.com');
  const cart = await createCart(apiRoot, { currency: 'EUR', country: 'DE', customerId: anna.id });
  const exported = mock.state.export();
  const collections = exported.projects[Object.keys(exported.projects)[0]!]!;
  const groupCollections = Object.keys(collections).filter((collection) => collection.startsWith('cart#'));
  expect(groupCollections).toEqual(['cart#activeOwner']);
  for (const collection of groupCollections) delete collections[collection];

  mock.state.import(exported);
  expect(await activeCart(apiRoot, anna.id)).toBe(cart.id);
  // Filed again from the carts themselves: ordering it takes it out of the group as usual.
  await order(apiRoot, cart);
  expect(await activeCart(apiRoot, anna.id)).toBeUndefined();
});
