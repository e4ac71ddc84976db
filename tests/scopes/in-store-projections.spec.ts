/**
 * `/in-store/key={storeKey}/product-projections/{ID}` and `/key={key}` through the official SDK:
 * only products available in the store (its active product selections; all products without any),
 * 404 for anything else and for a store that does not exist. The platform has no in-store list or
 * search of product projections: those paths are 404.
 */
import type { ByProjectKeyRequestBuilder, Product, ProductSelection } from '@commercetools/platform-sdk';
import { test, expect, sdkFailure } from '../support/sdk.js';
import { createProduct, money, plainType } from '../catalog/support.js';
import { call } from './support.js';

async function seedProducts(apiRoot: ByProjectKeyRequestBuilder): Promise<Record<'a' | 'b' | 'c', Product>> {
  await plainType(apiRoot);
  const make = (key: string, publish = true) =>
    createProduct(apiRoot, {
      key,
      productType: { typeId: 'product-type', key: 'plain' },
      name: { en: key.toUpperCase() },
      slug: { en: key },
      publish,
      masterVariant: { sku: `${key}-1`, prices: [{ key: `${key}-eur`, value: money(100) }] },
      variants: [{ sku: `${key}-2` }],
    });
  return { a: await make('pa'), b: await make('pb'), c: await make('pc') };
}

async function selection(
  apiRoot: ByProjectKeyRequestBuilder,
  key: string,
  mode: 'Individual' | 'IndividualExclusion',
  actions: Array<Record<string, unknown>> = [],
): Promise<ProductSelection> {
  const made = (
    await apiRoot
      .productSelections()
      .post({ body: { key, name: { en: key }, mode } })
      .execute()
  ).body;
  if (actions.length === 0) return made;
  return (
    await apiRoot
      .productSelections()
      .withId({ ID: made.id })
      .post({ body: { version: made.version, actions: actions as never } })
      .execute()
  ).body;
}

const selectionSetting = (key: string, active: boolean) => ({ productSelection: { typeId: 'product-selection' as const, key }, active });

async function store(apiRoot: ByProjectKeyRequestBuilder, key: string, productSelections: Array<ReturnType<typeof selectionSetting>> = []) {
  return (await apiRoot.stores().post({ body: { key, productSelections } }).execute()).body;
}

const inStore = (apiRoot: ByProjectKeyRequestBuilder, storeKey: string) =>
  apiRoot.inStoreKeyWithStoreKeyValue({ storeKey }).productProjections();

/** The body of a success, or the failure (status and error body). */
const outcome = <T>(request: Promise<{ body: T }>): Promise<T | { statusCode: number; body: unknown }> =>
  request.then(
    (response) => response.body,
    (error: { statusCode?: number; body?: unknown }) => ({ statusCode: error.statusCode ?? 0, body: error.body }),
  );

/** The keys of `products` a store serves, asked by id and by key (both must agree). */
async function visible(apiRoot: ByProjectKeyRequestBuilder, storeKey: string, products: Product[]): Promise<string[]> {
  const keys: string[] = [];
  for (const product of products) {
    const byId = await outcome(inStore(apiRoot, storeKey).withId({ ID: product.id }).get().execute());
    const byKey = await outcome(inStore(apiRoot, storeKey).withKey({ key: product.key! }).get().execute());
    if ('id' in byId) {
      expect(byId).toMatchObject({ id: product.id, key: product.key });
      expect(byKey).toMatchObject({ id: product.id });
      keys.push(product.key!);
    } else {
      expect(byId).toMatchObject({ statusCode: 404, body: { errors: [{ code: 'ResourceNotFound' }] } });
      expect(byKey).toMatchObject({ statusCode: 404, body: { errors: [{ code: 'ResourceNotFound' }] } });
    }
  }
  return keys;
}

const product = (p: Product) => ({ product: { typeId: 'product', id: p.id } });

test.describe('in-store product projections', () => {
  test('a store without product selections serves every product, as the global endpoint does', async ({ apiRoot }) => {
    const { a, b, c } = await seedProducts(apiRoot);
    await store(apiRoot, 'all');
    expect(await visible(apiRoot, 'all', [a, b, c])).toEqual(['pa', 'pb', 'pc']);
    const global = (await apiRoot.productProjections().withId({ ID: a.id }).get().execute()).body;
    const scoped = (await inStore(apiRoot, 'all').withId({ ID: a.id }).get().execute()).body;
    expect(scoped).toEqual(global);
  });

  test('Individual: only assigned products; inactive selections do not count when an active one exists', async ({ apiRoot }) => {
    const { a, b, c } = await seedProducts(apiRoot);
    await selection(apiRoot, 'only-a', 'Individual', [{ action: 'addProduct', ...product(a) }]);
    await selection(apiRoot, 'only-b', 'Individual', [{ action: 'addProduct', ...product(b) }]);
    await store(apiRoot, 'shop', [selectionSetting('only-a', true), selectionSetting('only-b', false)]);
    expect(await visible(apiRoot, 'shop', [a, b, c])).toEqual(['pa']);
    // Two active selections: the union.
    await store(apiRoot, 'both', [selectionSetting('only-a', true), selectionSetting('only-b', true)]);
    expect(await visible(apiRoot, 'both', [a, b, c])).toEqual(['pa', 'pb']);
  });

  test('IndividualExclusion: every product but the excluded ones; a variant exclusion keeps the product', async ({ apiRoot }) => {
    const { a, b, c } = await seedProducts(apiRoot);
    await selection(apiRoot, 'not-b', 'IndividualExclusion', [
      { action: 'excludeProduct', ...product(b) },
      { action: 'excludeProduct', ...product(c), variantExclusion: { skus: ['pc-2'] } },
    ]);
    await store(apiRoot, 'outlet', [selectionSetting('not-b', true)]);
    expect(await visible(apiRoot, 'outlet', [a, b, c])).toEqual(['pa', 'pc']);
  });

  test('only inactive selections: all products if they are all IndividualExclusion, none if one is Individual', async ({ apiRoot }) => {
    const { a, b, c } = await seedProducts(apiRoot);
    await selection(apiRoot, 'not-b', 'IndividualExclusion', [{ action: 'excludeProduct', ...product(b) }]);
    await selection(apiRoot, 'only-a', 'Individual', [{ action: 'addProduct', ...product(a) }]);
    await store(apiRoot, 'exclusions-off', [selectionSetting('not-b', false)]);
    expect(await visible(apiRoot, 'exclusions-off', [a, b, c])).toEqual(['pa', 'pb', 'pc']);
    await store(apiRoot, 'closed', [selectionSetting('not-b', false), selectionSetting('only-a', false)]);
    expect(await visible(apiRoot, 'closed', [a, b, c])).toEqual([]);
  });

  test('a store that does not exist, an unknown product, an unpublished product: 404', async ({ apiRoot }) => {
    const { a } = await seedProducts(apiRoot);
    const draft = await createProduct(apiRoot, {
      key: 'draft',
      productType: { typeId: 'product-type', key: 'plain' },
      name: { en: 'Draft' },
      slug: { en: 'draft' },
    });
    await store(apiRoot, 'all');
    const missingStore = await sdkFailure(inStore(apiRoot, 'nowhere').withId({ ID: a.id }).get().execute());
    expect(missingStore).toMatchObject({ statusCode: 404, body: { errors: [{ code: 'ResourceNotFound' }] } });
    expect(JSON.stringify(missingStore.body)).not.toContain(a.id);
    expect((await sdkFailure(inStore(apiRoot, 'nowhere').withKey({ key: 'pa' }).get().execute())).statusCode).toBe(404);
    expect(
      (await sdkFailure(inStore(apiRoot, 'all').withId({ ID: '00000000-0000-4000-8000-000000000000' }).get().execute())).statusCode,
    ).toBe(404);
    expect((await sdkFailure(inStore(apiRoot, 'all').withId({ ID: draft.id }).get().execute())).statusCode).toBe(404);
    const staged = (
      await inStore(apiRoot, 'all')
        .withId({ ID: draft.id })
        .get({ queryArgs: { staged: true } })
        .execute()
    ).body;
    expect(staged).toMatchObject({ id: draft.id, key: 'draft' });
  });

  test('staged, price selection and expand as on the global endpoint; HEAD answers 200 / 404', async ({ apiRoot }) => {
    const { a, b } = await seedProducts(apiRoot);
    await selection(apiRoot, 'only-a', 'Individual', [{ action: 'addProduct', ...product(a) }]);
    await store(apiRoot, 'shop', [selectionSetting('only-a', true)]);
    const queryArgs = { priceCurrency: 'EUR', expand: ['productType'] };
    const global = (await apiRoot.productProjections().withKey({ key: 'pa' }).get({ queryArgs }).execute()).body;
    const scoped = (await inStore(apiRoot, 'shop').withKey({ key: 'pa' }).get({ queryArgs }).execute()).body;
    expect(scoped).toEqual(global);
    expect(scoped.masterVariant.price).toMatchObject({ key: 'pa-eur' });
    expect(scoped.productType.obj).toMatchObject({ key: 'plain' });
    const malformed = await sdkFailure(
      inStore(apiRoot, 'shop')
        .withId({ ID: a.id })
        .get({ queryArgs: { staged: 'maybe' as never } })
        .execute(),
    );
    expect(malformed.statusCode).toBe(400);
    expect((await inStore(apiRoot, 'shop').withId({ ID: a.id }).head().execute()).statusCode).toBe(200);
    expect((await sdkFailure(inStore(apiRoot, 'shop').withId({ ID: b.id }).head().execute())).statusCode).toBe(404);
  });

  test('no in-store list, search or suggest (the platform has none), and no writes', async ({ apiRoot, mock }) => {
    const { a } = await seedProducts(apiRoot);
    await store(apiRoot, 'all');
    for (const [method, path] of [
      ['GET', '/in-store/key=all/product-projections'],
      ['GET', '/in-store/key=all/product-projections/search'],
      ['POST', '/in-store/key=all/product-projections/search'],
      ['GET', '/in-store/key=all/product-projections/suggest?searchKeywords.en=a'],
      ['POST', `/in-store/key=all/product-projections/${a.id}`],
      ['DELETE', `/in-store/key=all/product-projections/${a.id}?version=1`],
    ] as const) {
      const answer = await call(mock, method, path, method === 'POST' ? { body: {} } : {});
      expect([404, 405], `${method} ${path}`).toContain(answer.status);
      expect(answer.text).not.toContain(`"id":"${a.id}"`);
    }
  });
});
