/**
 * In-store cart discounts, discount codes, product selection assignments and matching shipping
 * methods (`/in-store/key={storeKey}/...`): only what belongs to the store.
 */
import type { ByProjectKeyRequestBuilder, CartDiscountDraft } from '@commercetools/platform-sdk';
import { expect, sdkFailure, test } from '../support/sdk.js';
import { graphql } from '../graphql/support.js';

const discountDraft = (key: string, sortOrder: string, stores: string[] = []): CartDiscountDraft => ({
  key,
  name: { en: key },
  value: { type: 'relative', permyriad: 1000 },
  cartPredicate: 'true',
  target: { type: 'totalPrice' },
  sortOrder,
  requiresDiscountCode: true,
  stores: stores.map((store) => ({ typeId: 'store', key: store })),
});

async function stores(apiRoot: ByProjectKeyRequestBuilder) {
  for (const key of ['berlin', 'paris']) await apiRoot.stores().post({ body: { key } }).execute();
}

test('cart discounts: a store lists and reads those whose stores include it; a create there gets the store', async ({ apiRoot, mock }) => {
  await stores(apiRoot);
  await apiRoot
    .cartDiscounts()
    .post({ body: discountDraft('berlin-only', '0.1', ['berlin']) })
    .execute();
  await apiRoot
    .cartDiscounts()
    .post({ body: discountDraft('both', '0.2', ['berlin', 'paris']) })
    .execute();
  const everywhere = (
    await apiRoot
      .cartDiscounts()
      .post({ body: discountDraft('everywhere', '0.3') })
      .execute()
  ).body;
  const berlin = apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'berlin' });
  const paris = apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'paris' });

  const listed = (
    await berlin
      .cartDiscounts()
      .get({ queryArgs: { sort: 'key asc' } })
      .execute()
  ).body;
  expect(listed.results.map((discount) => discount.key)).toEqual(['berlin-only', 'both']);
  expect(
    (
      await paris
        .cartDiscounts()
        .get({ queryArgs: { where: 'key="both"' } })
        .execute()
    ).body.total,
  ).toBe(1);
  expect((await paris.cartDiscounts().withKey({ key: 'both' }).get().execute()).body.key).toBe('both');
  // Another store's, or one in no store: 404.
  expect((await sdkFailure(paris.cartDiscounts().withKey({ key: 'berlin-only' }).get().execute())).statusCode).toBe(404);
  expect((await sdkFailure(berlin.cartDiscounts().withId({ ID: everywhere.id }).get().execute())).statusCode).toBe(404);

  // Created in a store: its stores are that store, whatever the draft says.
  const made = await paris
    .cartDiscounts()
    .post({ body: discountDraft('paris-made', '0.4', ['berlin']) })
    .execute();
  expect(made.statusCode).toBe(201);
  expect(made.body.stores).toEqual([{ typeId: 'store', key: 'paris' }]);
  expect(mock.data.get('cart-discount', made.body.id)?.stores).toEqual([{ typeId: 'store', key: 'paris' }]);
  expect(mock.events.messages({ type: 'CartDiscountCreated' })).toHaveLength(4);
});

test('cart discounts: update and delete in a store; a version conflict; moving one out of the store is refused', async ({ apiRoot }) => {
  await stores(apiRoot);
  const berlin = apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'berlin' });
  const discount = (
    await berlin
      .cartDiscounts()
      .post({ body: discountDraft('summer', '0.5') })
      .execute()
  ).body;

  const renamed = await berlin
    .cartDiscounts()
    .withId({ ID: discount.id })
    .post({ body: { version: discount.version, actions: [{ action: 'changeName', name: { en: 'Summer' } }] } })
    .execute();
  expect(renamed.body).toMatchObject({ version: 2, name: { en: 'Summer' } });

  const stale = await sdkFailure(
    berlin
      .cartDiscounts()
      .withKey({ key: 'summer' })
      .post({ body: { version: 1, actions: [{ action: 'changeName', name: { en: 'Lost' } }] } })
      .execute(),
  );
  expect(stale.statusCode).toBe(409);
  expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });

  const out = await sdkFailure(
    berlin
      .cartDiscounts()
      .withId({ ID: discount.id })
      .post({ body: { version: 2, actions: [{ action: 'setStores', stores: [{ typeId: 'store', key: 'paris' }] }] } })
      .execute(),
  );
  expect(out.statusCode).toBe(400);
  expect(out.body.errors[0]?.code).toBe('InvalidOperation');
  expect((await apiRoot.cartDiscounts().withId({ ID: discount.id }).get().execute()).body).toMatchObject({
    version: 2,
    stores: [{ typeId: 'store', key: 'berlin' }],
  });

  // Another store cannot delete it; its own can.
  const paris = apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'paris' });
  expect(
    (
      await sdkFailure(
        paris
          .cartDiscounts()
          .withId({ ID: discount.id })
          .delete({ queryArgs: { version: 2 } })
          .execute(),
      )
    ).statusCode,
  ).toBe(404);
  const deleted = await berlin
    .cartDiscounts()
    .withKey({ key: 'summer' })
    .delete({ queryArgs: { version: 2 } })
    .execute();
  expect(deleted.body.id).toBe(discount.id);

  const bad = await sdkFailure(
    berlin
      .cartDiscounts()
      .post({ body: { ...discountDraft('bad', '0.6'), sortOrder: 'high' } })
      .execute(),
  );
  expect(bad.statusCode).toBe(400);
  expect((await apiRoot.cartDiscounts().get().execute()).body.total).toBe(0);
});

test('discount codes: a store reads the codes whose every cart discount is the store’s; it creates none', async ({ apiRoot, mock }) => {
  await stores(apiRoot);
  const inBerlin = (
    await apiRoot
      .cartDiscounts()
      .post({ body: discountDraft('berlin-discount', '0.1', ['berlin']) })
      .execute()
  ).body;
  const everywhere = (
    await apiRoot
      .cartDiscounts()
      .post({ body: discountDraft('everywhere', '0.2') })
      .execute()
  ).body;
  const ref = (id: string) => ({ typeId: 'cart-discount' as const, id });
  await apiRoot
    .discountCodes()
    .post({ body: { key: 'berlin10', code: 'BERLIN10', cartDiscounts: [ref(inBerlin.id)] } })
    .execute();
  await apiRoot
    .discountCodes()
    .post({ body: { key: 'mixed', code: 'MIXED', cartDiscounts: [ref(inBerlin.id), ref(everywhere.id)] } })
    .execute();
  // platform-sdk 8.27 has no in-store discount code builder: plain requests.
  const get = (path: string) => {
    const response = mock.handle({ method: 'GET', url: `${mock.options.apiUrl}/test-project/in-store/key=${path}` });
    return {
      status: response.status,
      body: response.body as { total: number; results: Array<{ key: string }>; key: string; cartDiscounts: any[] },
    };
  };
  expect(get('berlin/discount-codes').body.results.map((code) => code.key)).toEqual(['berlin10']);
  const byKey = get('berlin/discount-codes/key=berlin10?expand=cartDiscounts[*]');
  expect(byKey.body.cartDiscounts[0]?.obj?.key).toBe('berlin-discount');
  const code = mock.data.all('discount-code').find((entry) => entry.key === 'berlin10')!;
  expect(get(`berlin/discount-codes/${code.id}`).body.key).toBe('berlin10');
  expect(get('berlin/discount-codes/key=mixed').status).toBe(404);
  expect(get('paris/discount-codes').body.total).toBe(0);

  // Read only: no create, update or delete in a store.
  const create = mock.handle({
    method: 'POST',
    url: `${mock.options.apiUrl}/test-project/in-store/key=berlin/discount-codes`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'NEW', cartDiscounts: [ref(inBerlin.id)] }),
  });
  expect(create.status).toBe(405);
  expect(mock.data.all('discount-code')).toHaveLength(2);
});

test('product selection assignments: those of the store’s active selections, each with its selection', async ({ apiRoot }) => {
  const type = (
    await apiRoot
      .productTypes()
      .post({ body: { name: 'plain', description: 'plain' } })
      .execute()
  ).body;
  const product = async (key: string) =>
    (
      await apiRoot
        .products()
        .post({ body: { key, productType: { typeId: 'product-type', id: type.id }, name: { en: key }, slug: { en: key } } })
        .execute()
    ).body;
  const [mug, cup, pot] = [await product('mug'), await product('cup'), await product('pot')];
  const selection = async (key: string, products: string[]) => {
    const made = (
      await apiRoot
        .productSelections()
        .post({ body: { key, name: { en: key } } })
        .execute()
    ).body;
    return (
      await apiRoot
        .productSelections()
        .withId({ ID: made.id })
        .post({
          body: {
            version: made.version,
            actions: products.map((id) => ({ action: 'addProduct' as const, product: { typeId: 'product' as const, id } })),
          },
        })
        .execute()
    ).body;
  };
  const summer = await selection('summer', [mug.id, cup.id]);
  const winter = await selection('winter', [mug.id]);
  const archived = await selection('archived', [pot.id]);
  await apiRoot
    .stores()
    .post({
      body: {
        key: 'berlin',
        productSelections: [
          { productSelection: { typeId: 'product-selection', id: summer.id }, active: true },
          { productSelection: { typeId: 'product-selection', id: winter.id }, active: true },
          { productSelection: { typeId: 'product-selection', id: archived.id }, active: false },
        ],
      },
    })
    .execute();
  const berlin = apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'berlin' });
  const page = (await berlin.productSelectionAssignments().get().execute()).body;
  expect(page.total).toBe(3);
  expect(page.results.map((entry) => [entry.product.id, entry.productSelection.id]).sort()).toEqual(
    [
      [mug.id, summer.id],
      [cup.id, summer.id],
      [mug.id, winter.id],
    ].sort(),
  );
  const expanded = (
    await berlin
      .productSelectionAssignments()
      .get({ queryArgs: { where: `product(id="${cup.id}")`, expand: ['productSelection'] } })
      .execute()
  ).body;
  expect(expanded.results).toHaveLength(1);
  expect(expanded.results[0]?.productSelection.obj?.key).toBe('summer');
  // GraphQL's inStore field answers the same page.
  const { data } = await graphql(
    apiRoot,
    `{ inStore(key: "berlin") { productSelectionAssignments(where: "product(id=\\"${cup.id}\\")") {
        total exists results { productRef { id } productSelection { key } } } } }`,
  );
  expect(data.inStore.productSelectionAssignments).toEqual({
    total: 1,
    exists: true,
    results: [{ productRef: { id: cup.id }, productSelection: { key: 'summer' } }],
  });
  const missing = await sdkFailure(
    apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'nowhere' }).productSelectionAssignments().get().execute(),
  );
  expect(missing.statusCode).toBe(404);
});

test('shipping methods matching a cart of the store; a cart of another store is 404', async ({ apiRoot }) => {
  await stores(apiRoot);
  const zone = (
    await apiRoot
      .zones()
      .post({ body: { key: 'de', name: 'DE', locations: [{ country: 'DE' }] } })
      .execute()
  ).body;
  const tax = (
    await apiRoot
      .taxCategories()
      .post({ body: { key: 'standard', name: 'standard', rates: [{ name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' }] } })
      .execute()
  ).body;
  const method = (key: string, storeKeys: string[]) =>
    apiRoot
      .shippingMethods()
      .post({
        body: {
          key,
          name: key,
          isDefault: false,
          taxCategory: { typeId: 'tax-category', id: tax.id },
          zoneRates: [{ zone: { typeId: 'zone', id: zone.id }, shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 490 } }] }],
          stores: storeKeys.map((key) => ({ typeId: 'store', key })),
        } as never,
      })
      .execute();
  await method('anywhere', []);
  await method('berlin-courier', ['berlin']);
  await method('paris-courier', ['paris']);
  const cart = (
    await apiRoot
      .carts()
      .post({ body: { currency: 'EUR', shippingAddress: { country: 'DE' }, store: { typeId: 'store', key: 'berlin' } } })
      .execute()
  ).body;
  const berlin = apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'berlin' });
  const matching = (
    await berlin
      .shippingMethods()
      .matchingCart()
      .get({ queryArgs: { cartId: cart.id } })
      .execute()
  ).body;
  expect(matching.results.map((m) => m.key).sort()).toEqual(['anywhere', 'berlin-courier']);
  const paris = apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'paris' });
  const elsewhere = await sdkFailure(
    paris
      .shippingMethods()
      .matchingCart()
      .get({ queryArgs: { cartId: cart.id } })
      .execute(),
  );
  expect(elsewhere.statusCode).toBe(404);
  expect(
    (
      await sdkFailure(
        berlin
          .shippingMethods()
          .matchingCart()
          .get({ queryArgs: { cartId: '' } })
          .execute(),
      )
    ).statusCode,
  ).toBe(400);
});

test('GraphQL: inStore cartDiscounts and discountCodes answer the store’s only', async ({ apiRoot }) => {
  await stores(apiRoot);
  const discount = (
    await apiRoot
      .cartDiscounts()
      .post({ body: discountDraft('berlin-discount', '0.1', ['berlin']) })
      .execute()
  ).body;
  await apiRoot
    .cartDiscounts()
    .post({ body: discountDraft('paris-discount', '0.2', ['paris']) })
    .execute();
  await apiRoot
    .discountCodes()
    .post({ body: { code: 'BERLIN10', cartDiscounts: [{ typeId: 'cart-discount', id: discount.id }] } })
    .execute();
  const { data, errors } = await graphql(
    apiRoot,
    `{ inStore(key: "berlin") {
        cartDiscounts { total results { key } }
        cartDiscount(key: "paris-discount") { key }
        discountCodes { results { code } }
      } }`,
  );
  expect(errors).toBeUndefined();
  expect(data.inStore).toEqual({
    cartDiscounts: { total: 1, results: [{ key: 'berlin-discount' }] },
    cartDiscount: null,
    discountCodes: { results: [{ code: 'BERLIN10' }] },
  });
});
