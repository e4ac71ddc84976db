import type {
  ByProjectKeyRequestBuilder,
  Product,
  ProductDiscount,
  ProductDiscountDraft,
  ProductDiscountUpdateAction,
} from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';
import { compileDiscountPredicate, DiscountPredicateError } from '../../src/pricing/discount-predicate.js';
import { createProduct, money, raw, readProduct, refusedUpdate, shirtType, typedMoney, updateProduct } from './support.js';

const shirt = { typeId: 'product-type' as const, key: 'shirt' };

async function discount(
  apiRoot: ByProjectKeyRequestBuilder,
  body: Partial<ProductDiscountDraft> & Pick<ProductDiscountDraft, 'predicate' | 'sortOrder' | 'value'>,
) {
  const response = await apiRoot
    .productDiscounts()
    .post({ body: { name: { en: 'D' }, isActive: true, ...body } })
    .execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

async function changeDiscount(apiRoot: ByProjectKeyRequestBuilder, value: ProductDiscount, ...actions: ProductDiscountUpdateAction[]) {
  return (
    await apiRoot
      .productDiscounts()
      .withId({ ID: value.id })
      .post({ body: { version: value.version, actions } })
      .execute()
  ).body;
}

/** Category men > tops; a published shirt in tops with a red (EUR 1000, USD 1200, DE 900) and a blue variant (EUR 2000). */
async function seed(apiRoot: ByProjectKeyRequestBuilder): Promise<Product & { tops: string; men: string }> {
  await shirtType(apiRoot);
  const men = (
    await apiRoot
      .categories()
      .post({ body: { key: 'men', name: { en: 'Men' }, slug: { en: 'men' } } })
      .execute()
  ).body;
  const tops = (
    await apiRoot
      .categories()
      .post({ body: { key: 'tops', name: { en: 'Tops' }, slug: { en: 'tops' }, parent: { typeId: 'category', id: men.id } } })
      .execute()
  ).body;
  const product = await createProduct(apiRoot, {
    key: 'tee',
    productType: shirt,
    name: { en: 'Tee' },
    slug: { en: 'tee' },
    publish: true,
    categories: [{ typeId: 'category', id: tops.id }],
    attributes: [{ name: 'brand', value: 'Acme' }],
    masterVariant: {
      sku: 'tee-red',
      key: 'red',
      prices: [{ value: money(1000) }, { value: money(1200, 'USD') }, { value: money(900), country: 'DE' }],
      attributes: [
        { name: 'color', value: 'red' },
        { name: 'weight', value: 3 },
      ],
    },
    variants: [
      {
        sku: 'tee-blue',
        prices: [{ value: money(2000) }],
        attributes: [
          { name: 'color', value: 'blue' },
          { name: 'weight', value: 5 },
        ],
      },
    ],
  });
  return { ...product, tops: tops.id, men: men.id };
}

const prices = (product: Product, data: 'current' | 'staged' = 'current') => {
  const d = product.masterData[data];
  return [d.masterVariant, ...d.variants].flatMap((v) =>
    v.prices!.map((p) => ({
      sku: v.sku,
      amount: p.value.centAmount,
      currency: p.value.currencyCode,
      country: p.country,
      discounted: p.discounted,
    })),
  );
};

test.describe('product discounts: applied to prices', () => {
  test('a relative discount shows on the matching prices of products and projections, and on the selected price', async ({ apiRoot }) => {
    const product = await seed(apiRoot);
    const tenPercent = await discount(apiRoot, {
      key: 'ten',
      predicate: 'sku = "tee-red"',
      sortOrder: '0.5',
      value: { type: 'relative', permyriad: 1000 },
    });
    expect(tenPercent).toMatchObject({
      version: 1,
      key: 'ten',
      isActive: true,
      sortOrder: '0.5',
      value: { type: 'relative', permyriad: 1000 },
      references: [],
    });
    const read = await readProduct(apiRoot, product.id);
    const reference = { typeId: 'product-discount', id: tenPercent.id };
    expect(prices(read)).toEqual([
      { sku: 'tee-red', amount: 1000, currency: 'EUR', country: undefined, discounted: { value: typedMoney(900), discount: reference } },
      {
        sku: 'tee-red',
        amount: 1200,
        currency: 'USD',
        country: undefined,
        discounted: { value: typedMoney(1080, 'USD'), discount: reference },
      },
      { sku: 'tee-red', amount: 900, currency: 'EUR', country: 'DE', discounted: { value: typedMoney(810), discount: reference } },
      { sku: 'tee-blue', amount: 2000, currency: 'EUR', country: undefined, discounted: undefined },
    ]);
    expect(prices(read, 'staged')).toEqual(prices(read));
    const projection = (
      await apiRoot
        .productProjections()
        .withId({ ID: product.id })
        .get({ queryArgs: { priceCurrency: 'EUR', priceCountry: 'DE' } })
        .execute()
    ).body;
    expect(projection.masterVariant.price).toMatchObject({
      value: typedMoney(900),
      country: 'DE',
      discounted: { value: typedMoney(810), discount: reference },
    });
    const page = (
      await apiRoot
        .productProjections()
        .get({ queryArgs: { expand: 'masterVariant.prices[*].discounted.discount' } })
        .execute()
    ).body;
    expect(page.results[0]!.masterVariant.prices![0]!.discounted!.discount.obj).toMatchObject({ key: 'ten' });
    // Deleting the discount removes it from the prices.
    await apiRoot
      .productDiscounts()
      .withId({ ID: tenPercent.id })
      .delete({ queryArgs: { version: 1 } })
      .execute();
    expect(prices(await readProduct(apiRoot, product.id)).every((p) => p.discounted === undefined)).toBe(true);
  });

  test('the highest sortOrder wins; inactive and not-yet-valid discounts do not apply', async ({ apiRoot }) => {
    const product = await seed(apiRoot);
    const small = await discount(apiRoot, { predicate: '1 = 1', sortOrder: '0.9', value: { type: 'relative', permyriad: 100 } });
    await discount(apiRoot, { predicate: '1 = 1', sortOrder: '0.1', value: { type: 'relative', permyriad: 5000 } });
    const inactive = await discount(apiRoot, {
      predicate: 'true',
      sortOrder: '0.95',
      value: { type: 'relative', permyriad: 9000 },
      isActive: false,
    });
    const future = await discount(apiRoot, {
      predicate: 'true',
      sortOrder: '0.99',
      value: { type: 'relative', permyriad: 9000 },
      validFrom: '2100-01-01T00:00:00.000Z',
    });
    let read = await readProduct(apiRoot, product.id);
    expect(prices(read).map((p) => p.discounted?.discount.id)).toEqual([small.id, small.id, small.id, small.id]);
    expect(prices(read).map((p) => p.discounted?.value.centAmount)).toEqual([990, 1188, 891, 1980]);
    await changeDiscount(apiRoot, inactive, { action: 'changeIsActive', isActive: true });
    read = await readProduct(apiRoot, product.id);
    expect(prices(read).map((p) => p.discounted?.value.centAmount)).toEqual([100, 120, 90, 200]);
    await changeDiscount(apiRoot, future, { action: 'setValidFrom' });
    read = await readProduct(apiRoot, product.id);
    expect(prices(read)[0]!.discounted!.discount.id).toBe(future.id);
    await changeDiscount(apiRoot, (await apiRoot.productDiscounts().withId({ ID: future.id }).get().execute()).body, {
      action: 'setValidUntil',
      validUntil: '2000-01-01T00:00:00.000Z',
    });
    read = await readProduct(apiRoot, product.id);
    expect(prices(read)[0]!.discounted!.discount.id).toBe(inactive.id);
  });

  test('an absolute discount applies only to the currencies it names, never below zero', async ({ apiRoot }) => {
    const product = await seed(apiRoot);
    await discount(apiRoot, { predicate: 'true', sortOrder: '0.5', value: { type: 'absolute', money: [money(1500)] } });
    const read = await readProduct(apiRoot, product.id);
    expect(prices(read).map((p) => p.discounted?.value.centAmount)).toEqual([0, undefined, 0, 500]);
  });

  const predicates: Array<[string, (p: Product & { tops: string; men: string }) => string, string[]]> = [
    ['product.id', (p) => `product.id = "${p.id}"`, ['EUR', 'USD', 'DE', 'blue']],
    ['product.key', () => 'product.key = "tee"', ['EUR', 'USD', 'DE', 'blue']],
    ['productType.id', (p) => `productType.id = "${p.productType.id}"`, ['EUR', 'USD', 'DE', 'blue']],
    ['productType.key', () => 'productType.key = "shirt"', ['EUR', 'USD', 'DE', 'blue']],
    ['variant.id', () => 'variant.id = 2', ['blue']],
    ['variant.key', () => 'variant.key = "red"', ['EUR', 'USD', 'DE']],
    ['sku in', () => 'sku in ("tee-blue", "nope")', ['blue']],
    ['categories.id contains', (p) => `categories.id contains "${p.tops}"`, ['EUR', 'USD', 'DE', 'blue']],
    ['categories.id (parent)', (p) => `categories.id contains "${p.men}"`, []],
    ['categoriesWithAncestors.id', (p) => `categoriesWithAncestors.id contains "${p.men}"`, ['EUR', 'USD', 'DE', 'blue']],
    ['categories.key', () => 'categories.key contains any ("tops", "x")', ['EUR', 'USD', 'DE', 'blue']],
    ['enum attribute', () => 'attributes.color = "blue"', ['blue']],
    ['enum attribute key', () => 'attributes.color.key = "red"', ['EUR', 'USD', 'DE']],
    ['number attribute', () => 'attributes.weight > 4', ['blue']],
    ['product attribute', () => 'attributes.brand = "Acme"', ['EUR', 'USD', 'DE', 'blue']],
    ['undefined attribute', () => 'attributes.flag is not defined and attributes.weight is defined', ['EUR', 'USD', 'DE', 'blue']],
    ['price country', () => 'country = "DE"', ['DE']],
    ['price currency and amount', () => 'currencyCode = "EUR" and centAmount >= 1000', ['EUR', 'blue']],
    ['money string', () => 'price.value > "15.00 EUR"', ['blue']],
    ['not and or', () => 'not (sku = "tee-red") or country = "DE"', ['DE', 'blue']],
  ];
  for (const [label, predicate, expected] of predicates) {
    test(`predicate: ${label}`, async ({ apiRoot }) => {
      const product = await seed(apiRoot);
      await discount(apiRoot, { predicate: predicate(product), sortOrder: '0.5', value: { type: 'relative', permyriad: 1000 } });
      const read = await readProduct(apiRoot, product.id);
      const discounted = prices(read)
        .filter((p) => p.discounted)
        .map((p) => (p.sku === 'tee-blue' ? 'blue' : (p.country ?? p.currency)));
      expect(discounted).toEqual(expected);
    });
  }

  test('references lists the resources a predicate names', async ({ apiRoot }) => {
    const product = await seed(apiRoot);
    const value = await discount(apiRoot, {
      predicate: `product.id = "${product.id}" or categories.id contains "${product.tops}" or productType.id in ("${product.productType.id}")`,
      sortOrder: '0.5',
      value: { type: 'relative', permyriad: 1000 },
    });
    expect(value.references).toEqual([
      { typeId: 'product', id: product.id },
      { typeId: 'category', id: product.tops },
      { typeId: 'product-type', id: product.productType.id },
    ]);
  });

  test('external discounts: setDiscountedPrice on products and standalone prices', async ({ apiRoot }) => {
    const product = await seed(apiRoot);
    const external = await discount(apiRoot, { predicate: 'sku = "tee-red"', sortOrder: '0.5', value: { type: 'external' } });
    const relative = await discount(apiRoot, {
      predicate: 'sku = "tee-blue"',
      sortOrder: '0.4',
      value: { type: 'relative', permyriad: 1000 },
    });
    const redPrice = product.masterData.staged.masterVariant.prices![0]!;
    const bluePrice = product.masterData.staged.variants[0]!.prices![0]!;
    const updated = await updateProduct(apiRoot, product, {
      action: 'setDiscountedPrice',
      priceId: redPrice.id,
      staged: false,
      discounted: { value: money(777), discount: { typeId: 'product-discount', id: external.id } },
    });
    expect(updated.masterData.current.masterVariant.prices![0]!.discounted).toEqual({
      value: typedMoney(777),
      discount: { typeId: 'product-discount', id: external.id },
    });
    const notExternal = await refusedUpdate(apiRoot, updated, {
      action: 'setDiscountedPrice',
      priceId: bluePrice.id,
      discounted: { value: money(1), discount: { typeId: 'product-discount', id: relative.id } },
    });
    expect(notExternal.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const notMatching = await refusedUpdate(apiRoot, updated, {
      action: 'setDiscountedPrice',
      priceId: bluePrice.id,
      discounted: { value: money(1), discount: { typeId: 'product-discount', id: external.id } },
    });
    expect(notMatching.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    // Deactivating the external discount hides the value it set.
    await changeDiscount(apiRoot, external, { action: 'changeIsActive', isActive: false });
    expect((await readProduct(apiRoot, product.id)).masterData.current.masterVariant.prices![0]!.discounted).toBeUndefined();
    const cleared = await updateProduct(apiRoot, updated, { action: 'setDiscountedPrice', priceId: redPrice.id });
    expect(cleared.masterData.staged.masterVariant.prices![0]!.discounted).toBeUndefined();
  });

  test('standalone prices carry the discount of their SKU', async ({ apiRoot }) => {
    await seed(apiRoot);
    await discount(apiRoot, { predicate: 'sku = "tee-red"', sortOrder: '0.5', value: { type: 'relative', permyriad: 2500 } });
    const created = (
      await apiRoot
        .standalonePrices()
        .post({ body: { sku: 'tee-red', value: money(4000), country: 'AT' } })
        .execute()
    ).body;
    expect(created.discounted).toMatchObject({ value: typedMoney(3000) });
    const other = (
      await apiRoot
        .standalonePrices()
        .post({ body: { sku: 'tee-blue', value: money(4000) } })
        .execute()
    ).body;
    expect(other.discounted).toBeUndefined();
    const listed = (
      await apiRoot
        .standalonePrices()
        .get({ queryArgs: { where: 'sku = "tee-red"' } })
        .execute()
    ).body;
    expect(listed.results[0]!.discounted).toMatchObject({ value: typedMoney(3000) });
  });
});

test.describe('product discounts: predicates see the prices as reads show them', () => {
  test('where on discounted: products, projections and standalone prices find the prices a discount applies to', async ({ apiRoot }) => {
    const tee = await seed(apiRoot);
    const plain = await createProduct(apiRoot, {
      productType: shirt,
      name: { en: 'Plain' },
      slug: { en: 'plain' },
      publish: true,
      attributes: [{ name: 'brand', value: 'Other' }],
      masterVariant: { sku: 'plain-1', prices: [{ value: money(500) }], attributes: [{ name: 'color', value: 'red' }] },
      variants: [{ sku: 'plain-2', prices: [{ value: money(700) }], attributes: [{ name: 'color', value: 'blue' }] }],
    });
    await apiRoot
      .standalonePrices()
      .post({ body: { key: 'sp-blue', sku: 'tee-blue', value: money(4000) } })
      .execute();
    await apiRoot
      .standalonePrices()
      .post({ body: { key: 'sp-plain', sku: 'plain-2', value: money(4000) } })
      .execute();
    const onSale = 'masterData(current(variants(prices(discounted is defined))))';
    const productIds = async (where: string) =>
      (await apiRoot.products().get({ queryArgs: { where } }).execute()).body.results.map((p) => p.id);
    const projectionIds = async (where: string) =>
      (await apiRoot.productProjections().get({ queryArgs: { where } }).execute()).body.results.map((p) => p.id);
    const standaloneKeys = async (where: string) =>
      (await apiRoot.standalonePrices().get({ queryArgs: { where } }).execute()).body.results.map((p) => p.key);

    // No discount yet: nothing is on sale.
    expect(await productIds(onSale)).toEqual([]);
    // 25 % off the blue tee (a variant, not the master).
    await discount(apiRoot, { predicate: 'sku = "tee-blue"', sortOrder: '0.5', value: { type: 'relative', permyriad: 2500 } });
    expect(await productIds(onSale)).toEqual([tee.id]);
    expect(await productIds('masterData(current(masterVariant(prices(discounted is defined))))')).toEqual([]);
    expect(await productIds('masterData(current(variants(prices(discounted is not defined))))')).toEqual([plain.id]);
    expect(await productIds('masterData(current(variants(prices(discounted(value(centAmount = 1500))))))')).toEqual([tee.id]);
    expect(await projectionIds('variants(prices(discounted is defined))')).toEqual([tee.id]);
    expect(await projectionIds('variants(prices(discounted(value(centAmount < 1000))))')).toEqual([]);
    expect(await standaloneKeys('discounted is defined')).toEqual(['sp-blue']);
    // The selected price (price selection) is a read-time field too.
    const selected = (
      await apiRoot
        .productProjections()
        .get({ queryArgs: { priceCurrency: 'EUR', where: 'masterVariant(price(value(centAmount <= 500)))' } })
        .execute()
    ).body.results;
    expect(selected.map((p) => p.id)).toEqual([plain.id]);
    // Sorting sees the same fields: by the selected price, the plain (5.00) before the tee (10.00).
    const sorted = (
      await apiRoot
        .productProjections()
        .get({ queryArgs: { priceCurrency: 'EUR', sort: 'masterVariant.price.value.centAmount asc' } })
        .execute()
    ).body.results;
    expect(sorted.map((p) => p.id)).toEqual([plain.id, tee.id]);
  });
});

test.describe('product discounts: resource', () => {
  test('every update action', async ({ apiRoot }) => {
    const value = await discount(apiRoot, { predicate: 'sku = "a"', sortOrder: '0.5', value: { type: 'relative', permyriad: 1000 } });
    const updated = await changeDiscount(
      apiRoot,
      value,
      { action: 'changeName', name: { en: 'Sale' } },
      { action: 'setDescription', description: { en: 'desc' } },
      { action: 'setKey', key: 'sale' },
      { action: 'changeValue', value: { type: 'absolute', money: [money(100), money(120, 'USD')] } },
      { action: 'changePredicate', predicate: 'sku = "b"' },
      { action: 'changeSortOrder', sortOrder: '0.7' },
      { action: 'changeIsActive', isActive: false },
      { action: 'setValidFromAndUntil', validFrom: '2024-01-01T00:00:00Z', validUntil: '2024-12-31T00:00:00Z' },
    );
    expect(updated).toMatchObject({
      version: 2,
      name: { en: 'Sale' },
      description: { en: 'desc' },
      key: 'sale',
      value: { type: 'absolute', money: [typedMoney(100), typedMoney(120, 'USD')] },
      predicate: 'sku = "b"',
      sortOrder: '0.7',
      isActive: false,
      validFrom: '2024-01-01T00:00:00.000Z',
      validUntil: '2024-12-31T00:00:00.000Z',
    });
    const cleared = await changeDiscount(
      apiRoot,
      updated,
      { action: 'setValidFrom' },
      { action: 'setValidUntil' },
      { action: 'setDescription' },
      { action: 'changeValue', value: { type: 'external' } },
    );
    expect(cleared.validFrom).toBeUndefined();
    expect(cleared.validUntil).toBeUndefined();
    expect(cleared.value).toEqual({ type: 'external' });
    expect((await apiRoot.productDiscounts().withKey({ key: 'sale' }).get().execute()).body).toEqual(cleared);
  });

  test('refusals: duplicate sortOrder, malformed predicate and sortOrder, bad validity, missing fields', async ({ apiRoot }) => {
    const first = await discount(apiRoot, { predicate: 'true', sortOrder: '0.5', value: { type: 'relative', permyriad: 1000 } });
    const duplicate = await sdkFailure(
      apiRoot
        .productDiscounts()
        .post({ body: { name: { en: 'x' }, isActive: true, predicate: 'true', sortOrder: '0.5', value: { type: 'external' } } })
        .execute(),
    );
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'sortOrder', duplicateValue: '0.5' });
    const predicate = await sdkFailure(
      apiRoot
        .productDiscounts()
        .post({ body: { name: { en: 'x' }, isActive: true, predicate: 'sku = ', sortOrder: '0.6', value: { type: 'external' } } })
        .execute(),
    );
    expect(predicate.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'predicate' });
    const sortOrder = await sdkFailure(
      apiRoot
        .productDiscounts()
        .post({ body: { name: { en: 'x' }, isActive: true, predicate: 'true', sortOrder: '1.5', value: { type: 'external' } } })
        .execute(),
    );
    expect(sortOrder.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'sortOrder' });
    const permyriad = await sdkFailure(
      apiRoot
        .productDiscounts()
        .post({
          body: { name: { en: 'x' }, isActive: true, predicate: 'true', sortOrder: '0.6', value: { type: 'relative', permyriad: 20000 } },
        })
        .execute(),
    );
    expect(permyriad.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'value.permyriad' });
    const missing = await sdkFailure(
      apiRoot
        .productDiscounts()
        .post({ body: raw({ name: { en: 'x' } }) })
        .execute(),
    );
    expect(missing.body.errors).toEqual(
      ['value', 'predicate', 'sortOrder', 'isActive'].map((field) => invalidJson(`${field}: Missing required value.`)),
    );
    const validity = await sdkFailure(
      apiRoot
        .productDiscounts()
        .withId({ ID: first.id })
        .post({
          body: {
            version: 1,
            actions: [{ action: 'setValidFromAndUntil', validFrom: '2025-01-01T00:00:00Z', validUntil: '2024-01-01T00:00:00Z' }],
          },
        })
        .execute(),
    );
    expect(validity.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const changePredicate = await sdkFailure(
      apiRoot
        .productDiscounts()
        .withId({ ID: first.id })
        .post({ body: { version: 1, actions: [{ action: 'changePredicate', predicate: '(sku = "a"' }] } })
        .execute(),
    );
    expect(changePredicate.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'predicate' });
    expect((await apiRoot.productDiscounts().withId({ ID: first.id }).get().execute()).body).toEqual(first);
  });

  test('POST /product-discounts/matching finds the discount for a variant and price', async ({ apiRoot }) => {
    const product = await seed(apiRoot);
    await discount(apiRoot, { predicate: 'sku = "tee-red"', sortOrder: '0.4', value: { type: 'relative', permyriad: 1000 } });
    const best = await discount(apiRoot, {
      predicate: 'sku = "tee-red" and country = "DE"',
      sortOrder: '0.6',
      value: { type: 'relative', permyriad: 2000 },
    });
    const matched = await apiRoot
      .productDiscounts()
      .matching()
      .post({
        body: { productId: product.id, variantId: 1, staged: false, price: { id: 'any', value: money(100), country: 'DE' } } as never,
      })
      .execute();
    expect(matched.body.id).toBe(best.id);
    const none = await sdkFailure(
      apiRoot
        .productDiscounts()
        .matching()
        .post({ body: { productId: product.id, variantId: 2, staged: true, price: { id: 'any', value: money(100) } } as never })
        .execute(),
    );
    expect(none.statusCode).toBe(404);
    expect(none.body.errors[0]).toMatchObject({ code: 'NoMatchingProductDiscountFound' });
  });
});

test.describe('discount predicates: the pure parser', () => {
  const fields: Record<string, unknown> = {
    sku: 'A-1',
    'variant.id': 2,
    'attributes.tags': ['x', 'y'],
    'attributes.size': { key: 'M', label: 'M' },
    centAmount: 1500,
    currencyCode: 'EUR',
  };
  const matches = (predicate: string) => compileDiscountPredicate(predicate)((path) => fields[path.join('.')]);

  test('operators', () => {
    expect(matches('sku = "A-1"')).toBe(true);
    expect(matches("sku = 'A-1'")).toBe(true);
    expect(matches('sku != "A-1"')).toBe(false);
    expect(matches('sku <> "B"')).toBe(true);
    expect(matches('variant.id >= 2 and variant.id < 3')).toBe(true);
    expect(matches('variant.id in (1, 2)')).toBe(true);
    expect(matches('variant.id not in (1, 2)')).toBe(false);
    expect(matches('attributes.tags contains "x"')).toBe(true);
    expect(matches('attributes.tags contains all ("x", "z")')).toBe(false);
    expect(matches('attributes.tags contains any ("z", "y")')).toBe(true);
    expect(matches('attributes.size = "M"')).toBe(true);
    expect(matches('attributes.missing is not defined and attributes.tags is not empty')).toBe(true);
    expect(matches('centAmount > "14.99 EUR"')).toBe(true);
    expect(matches('NOT (sku = "A-1") OR (true AND false)')).toBe(false);
    expect(matches('1 = 1')).toBe(true);
  });

  test('syntax errors name the position', () => {
    expect(() => compileDiscountPredicate('sku = ')).toThrow(DiscountPredicateError);
    expect(() => compileDiscountPredicate('sku "A"')).toThrow(/position 4/);
    expect(() => compileDiscountPredicate('')).toThrow(DiscountPredicateError);
    expect(() => compileDiscountPredicate('(sku = "a"')).toThrow(DiscountPredicateError);
  });
});
