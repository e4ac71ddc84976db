import type { ByProjectKeyRequestBuilder, Price, ProductProjection } from '@commercetools/platform-sdk';
import { test, expect, sdkFailure } from '../support/sdk.js';
import { priceSelectionFromQuery, selectPrice, type PriceSelection, type SelectablePrice } from '../../src/pricing/price-selection.js';
import { createProduct, money, plainType } from './support.js';

const PAST = '2020-01-01T00:00:00.000Z';
const LAST_YEAR = '2021-01-01T00:00:00.000Z';
const FUTURE = '2100-01-01T00:00:00.000Z';

/** Customer groups G and G2, channel C, and a published product with one price per selection level. */
async function seed(apiRoot: ByProjectKeyRequestBuilder) {
  await plainType(apiRoot);
  const g = (
    await apiRoot
      .customerGroups()
      .post({ body: { key: 'gold', groupName: 'G' } })
      .execute()
  ).body;
  const g2 = (
    await apiRoot
      .customerGroups()
      .post({ body: { key: 'silver', groupName: 'G2' } })
      .execute()
  ).body;
  const c = (
    await apiRoot
      .channels()
      .post({ body: { key: 'shop', roles: ['ProductDistribution'] } })
      .execute()
  ).body;
  const group = { typeId: 'customer-group' as const, key: 'gold' };
  const channel = { typeId: 'channel' as const, key: 'shop' };
  const product = await createProduct(apiRoot, {
    key: 'priced',
    productType: { typeId: 'product-type', key: 'plain' },
    name: { en: 'Priced' },
    slug: { en: 'priced' },
    publish: true,
    masterVariant: {
      sku: 'priced-1',
      prices: [
        { key: 'base', value: money(100) },
        { key: 'de', value: money(200), country: 'DE' },
        { key: 'ch', value: money(300), channel },
        { key: 'c-de', value: money(400), channel, country: 'DE' },
        { key: 'cg', value: money(500), customerGroup: group },
        { key: 'g-de', value: money(600), customerGroup: group, country: 'DE' },
        { key: 'g-c', value: money(700), customerGroup: group, channel },
        { key: 'g-c-de', value: money(800), customerGroup: group, channel, country: 'DE' },
        { key: 'usd', value: money(900, 'USD') },
        { key: 'fr-future', value: money(50), country: 'FR', validFrom: FUTURE },
        { key: 'at-expired', value: money(60), country: 'AT', validUntil: PAST },
        { key: 'at-undated', value: money(70), country: 'AT' },
        { key: 'at-dated', value: money(65), country: 'AT', validFrom: LAST_YEAR, validUntil: FUTURE },
        { key: 'cg2', value: money(450), customerGroup: { typeId: 'customer-group', key: 'silver' } },
      ],
    },
    variants: [{ sku: 'unpriced' }],
  });
  return { product, g, g2, c };
}

test.describe('price selection through products and product projections', () => {
  test('each fallback level, validity windows, several customer groups', async ({ apiRoot }) => {
    const { product, g, g2, c } = await seed(apiRoot);
    const cases: Array<[Record<string, string | string[]>, string | undefined]> = [
      [{ priceCurrency: 'EUR' }, 'base'],
      [{ priceCurrency: 'EUR', priceCountry: 'DE' }, 'de'],
      [{ priceCurrency: 'EUR', priceCountry: 'US' }, 'base'],
      [{ priceCurrency: 'EUR', priceCountry: 'FR' }, 'base'],
      [{ priceCurrency: 'EUR', priceChannel: c.id }, 'ch'],
      [{ priceCurrency: 'EUR', priceChannel: c.id, priceCountry: 'DE' }, 'c-de'],
      [{ priceCurrency: 'EUR', priceChannel: c.id, priceCountry: 'FR' }, 'ch'],
      [{ priceCurrency: 'EUR', priceCustomerGroup: g.id }, 'cg'],
      [{ priceCurrency: 'EUR', priceCustomerGroup: g.id, priceCountry: 'DE' }, 'g-de'],
      [{ priceCurrency: 'EUR', priceCustomerGroup: g.id, priceChannel: c.id }, 'g-c'],
      [{ priceCurrency: 'EUR', priceCustomerGroup: g.id, priceChannel: c.id, priceCountry: 'DE' }, 'g-c-de'],
      [{ priceCurrency: 'EUR', priceCustomerGroup: g.id, priceChannel: c.id, priceCountry: 'FR' }, 'g-c'],
      [{ priceCurrency: 'EUR', priceCustomerGroup: g2.id, priceCountry: 'DE' }, 'cg2'],
      [{ priceCurrency: 'EUR', priceCustomerGroup: 'other-group', priceCountry: 'DE' }, 'de'],
      [{ priceCurrency: 'EUR', priceCustomerGroup: 'unknown-group', priceChannel: 'unknown-channel' }, 'base'],
      [{ priceCurrency: 'EUR', priceCountry: 'AT' }, 'at-dated'],
      [{ priceCurrency: 'USD' }, 'usd'],
      [{ priceCurrency: 'USD', priceCountry: 'DE' }, 'usd'],
      [{ priceCurrency: 'GBP' }, undefined],
      [{ priceCurrency: 'EUR', priceCustomerGroupAssignments: [g2.id] }, 'cg2'],
      [{ priceCurrency: 'EUR', priceCustomerGroupAssignments: [g.id, g2.id] }, 'cg2'],
      [{ priceCurrency: 'EUR', priceCustomerGroupAssignments: [g.id], priceCountry: 'DE' }, 'g-de'],
    ];
    for (const [queryArgs, expected] of cases) {
      const label = JSON.stringify(queryArgs);
      const fromProduct = (await apiRoot.products().withId({ ID: product.id }).get({ queryArgs }).execute()).body;
      for (const data of [fromProduct.masterData.current, fromProduct.masterData.staged]) {
        expect(data.masterVariant.price?.key, label).toBe(expected);
        expect(data.variants[0]!.price, label).toBeUndefined();
      }
      const projection = (await apiRoot.productProjections().withId({ ID: product.id }).get({ queryArgs }).execute()).body;
      expect(projection.masterVariant.price?.key, label).toBe(expected);
      if (expected) {
        const stored = product.masterData.current.masterVariant.prices!.find((p) => p.key === expected);
        expect(projection.masterVariant.price, label).toEqual(stored);
      } else {
        expect('price' in projection.masterVariant, label).toBe(false);
      }
    }
  });

  test('queries and by-key reads select prices too; without parameters there is no price', async ({ apiRoot }) => {
    const { product } = await seed(apiRoot);
    const page = (
      await apiRoot
        .productProjections()
        .get({ queryArgs: { priceCurrency: 'EUR', priceCountry: 'DE' } })
        .execute()
    ).body;
    expect(page.results[0]!.masterVariant.price!.key).toBe('de');
    const products = (
      await apiRoot
        .products()
        .get({ queryArgs: { priceCurrency: 'USD' } })
        .execute()
    ).body;
    expect(products.results[0]!.masterData.current.masterVariant.price!.key).toBe('usd');
    const byKey = (
      await apiRoot
        .productProjections()
        .withKey({ key: 'priced' })
        .get({ queryArgs: { priceCurrency: 'EUR', staged: true } })
        .execute()
    ).body;
    expect(byKey.masterVariant.price!.key).toBe('base');
    const productByKey = (
      await apiRoot
        .products()
        .withKey({ key: 'priced' })
        .get({ queryArgs: { priceCurrency: 'EUR' } })
        .execute()
    ).body;
    expect(productByKey.masterData.staged.masterVariant.price!.key).toBe('base');
    const plain = (await apiRoot.productProjections().withId({ ID: product.id }).get().execute()).body;
    expect('price' in plain.masterVariant).toBe(false);
    // Update responses select too.
    const updated = (
      await apiRoot
        .products()
        .withId({ ID: product.id })
        .post({ body: { version: product.version, actions: [{ action: 'setKey', key: 'priced-2' }] }, queryArgs: { priceCurrency: 'USD' } })
        .execute()
    ).body;
    expect(updated.masterData.current.masterVariant.price!.key).toBe('usd');
    // Nothing is stored.
    expect('price' in (await apiRoot.products().withId({ ID: product.id }).get().execute()).body.masterData.current.masterVariant).toBe(
      false,
    );
  });

  test('price parameters without priceCurrency are a 400 InvalidInput; a malformed currency too', async ({ apiRoot }) => {
    const { product, c } = await seed(apiRoot);
    const requests: Array<Promise<unknown>> = [
      apiRoot
        .products()
        .withId({ ID: product.id })
        .get({ queryArgs: { priceCountry: 'DE' } })
        .execute(),
      apiRoot
        .products()
        .get({ queryArgs: { priceChannel: c.id } })
        .execute(),
      apiRoot
        .productProjections()
        .withId({ ID: product.id })
        .get({ queryArgs: { priceCustomerGroup: 'x' } })
        .execute(),
      apiRoot
        .productProjections()
        .get({ queryArgs: { priceCustomerGroupAssignments: ['x'] } })
        .execute(),
      apiRoot
        .productProjections()
        .withKey({ key: 'priced' })
        .get({ queryArgs: { priceCountry: 'DE' } })
        .execute(),
      apiRoot
        .productProjections()
        .get({ queryArgs: { priceCurrency: 'euro' } })
        .execute(),
    ];
    for (const request of requests) {
      const failure = await sdkFailure(request);
      expect(failure.statusCode).toBe(400);
      expect(failure.body.errors[0]!.code).toBe('InvalidInput');
    }
  });

  test("the platform's non-standard currencies select their own prices: HUF0 apart from HUF; EUR0 is malformed", async ({ apiRoot }) => {
    await plainType(apiRoot);
    await createProduct(apiRoot, {
      key: 'forint',
      productType: { typeId: 'product-type', key: 'plain' },
      name: { en: 'Forint' },
      slug: { en: 'forint' },
      publish: true,
      masterVariant: {
        sku: 'forint-1',
        prices: [
          { key: 'huf', value: money(100_000, 'HUF') },
          { key: 'huf0', value: money(1000, 'HUF0') },
        ],
      },
    });
    const selected = async (priceCurrency: string) =>
      (await apiRoot.productProjections().withKey({ key: 'forint' }).get({ queryArgs: { priceCurrency } }).execute()).body.masterVariant
        .price;
    expect(await selected('HUF0')).toMatchObject({ key: 'huf0', value: { currencyCode: 'HUF0', centAmount: 1000, fractionDigits: 0 } });
    expect(await selected('HUF')).toMatchObject({ key: 'huf', value: { currencyCode: 'HUF', centAmount: 100_000, fractionDigits: 2 } });
    const failure = await sdkFailure(
      apiRoot
        .productProjections()
        .get({ queryArgs: { priceCurrency: 'EUR0' } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({
      code: 'InvalidInput',
      message: "Malformed parameter: priceCurrency: 'EUR0' is not a valid ISO 4217 currency code.",
    });
  });

  test('products with priceMode Standalone select among their active standalone prices', async ({ apiRoot }) => {
    await plainType(apiRoot);
    const product = await createProduct(apiRoot, {
      productType: { typeId: 'product-type', key: 'plain' },
      name: { en: 'S' },
      slug: { en: 'standalone' },
      publish: true,
      priceMode: 'Standalone',
      masterVariant: { sku: 'sa-1' },
    });
    const base = (
      await apiRoot
        .standalonePrices()
        .post({ body: { sku: 'sa-1', value: money(1000) } })
        .execute()
    ).body;
    await apiRoot
      .standalonePrices()
      .post({ body: { sku: 'sa-1', value: money(900), country: 'DE', active: false } })
      .execute();
    const projection: ProductProjection = (
      await apiRoot
        .productProjections()
        .withId({ ID: product.id })
        .get({ queryArgs: { priceCurrency: 'EUR', priceCountry: 'DE' } })
        .execute()
    ).body;
    expect(projection.masterVariant.prices).toEqual([]);
    expect(projection.masterVariant.price).toEqual({ id: base.id, value: base.value } satisfies Partial<Price>);
  });
});

test.describe('price selection: the pure function', () => {
  const price = (key: string, fields: Partial<SelectablePrice> = {}): SelectablePrice & { key: string } => ({
    key,
    value: { currencyCode: 'EUR', centAmount: 100 },
    ...fields,
  });
  const pick = (prices: Array<SelectablePrice & { key: string }>, selection: PriceSelection) => selectPrice(prices, selection)?.key;

  test('validity: validFrom inclusive, validUntil exclusive; `now` is configurable', () => {
    const prices = [
      price('jan', { validFrom: '2024-01-01T00:00:00Z', validUntil: '2024-02-01T00:00:00Z' }),
      price('feb', { validFrom: '2024-02-01T00:00:00Z' }),
    ];
    expect(pick(prices, { currency: 'EUR', now: '2024-01-01T00:00:00Z' })).toBe('jan');
    expect(pick(prices, { currency: 'EUR', now: '2024-01-31T23:59:59Z' })).toBe('jan');
    expect(pick(prices, { currency: 'EUR', now: '2024-02-01T00:00:00Z' })).toBe('feb');
    expect(pick(prices, { currency: 'EUR', now: '2023-12-31T00:00:00Z' })).toBeUndefined();
  });

  test('an unset dimension matches only none; a dated price beats an undated one at the same level', () => {
    const prices = [
      price('undated', { country: 'DE' }),
      price('dated', { country: 'DE', validUntil: '2999-01-01T00:00:00Z' }),
      price('channel', { channel: { id: 'c' } }),
    ];
    expect(pick(prices, { currency: 'EUR', country: 'DE' })).toBe('dated');
    expect(pick(prices, { currency: 'EUR' })).toBeUndefined();
    expect(pick(prices, { currency: 'EUR', channel: 'c', country: 'FR' })).toBe('channel');
    expect(selectPrice(undefined, { currency: 'EUR' })).toBeUndefined();
  });

  test('parameters: none is no selection; repeated and comma-separated group assignments', () => {
    expect(priceSelectionFromQuery(new URLSearchParams())).toBeUndefined();
    expect(
      priceSelectionFromQuery(new URLSearchParams('priceCurrency=EUR&priceCustomerGroupAssignments=a,b&priceCustomerGroupAssignments=c')),
    ).toEqual({
      currency: 'EUR',
      customerGroupAssignments: ['a', 'b', 'c'],
    });
    expect(() => priceSelectionFromQuery(new URLSearchParams('priceCountry=DE'))).toThrow(/priceCurrency/);
  });
});
