/**
 * Nested fields with arguments: a variant's price by the price selection rules, a product's variants
 * by SKU, stock and images, a cart's line item by id, definitions by name and page, maps as lists,
 * and references resolved inside nested objects.
 */
import { test, expect } from '../support/sdk.js';
import { graphql } from './support.js';
import type { CommerceMock } from '../../src/index.js';

/** A published product of three variants: prices by country, channel, customer group and date; one variant with an image. */
function catalog(mock: CommerceMock) {
  const channel = mock.data.create('channel', { key: 'store-berlin', roles: ['ProductDistribution', 'InventorySupply'] });
  const group = mock.data.create('customer-group', { key: 'vip', groupName: 'VIP' });
  mock.data.create('product-type', { key: 'shoe', name: 'Shoe', description: 'Shoes' });
  const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
  const product = mock.data.create('product', {
    key: 'runner',
    productType: { typeId: 'product-type', key: 'shoe' },
    name: { en: 'Runner', de: 'Läufer' },
    slug: { en: 'runner' },
    categoryOrderHints: {},
    searchKeywords: { en: [{ text: 'running shoe' }], de: [{ text: 'Laufschuh' }] },
    masterVariant: {
      sku: 'RUN-1',
      key: 'run-1',
      prices: [
        { value: eur(1000) },
        { value: eur(900), country: 'DE' },
        { value: eur(800), channel: { typeId: 'channel', id: channel.id } },
        { value: eur(700), customerGroup: { typeId: 'customer-group', id: group.id } },
        { value: eur(500), validFrom: '2030-01-01T00:00:00.000Z' },
        { value: { currencyCode: 'USD', centAmount: 1200 } },
      ],
    },
    variants: [
      { sku: 'RUN-2', prices: [{ value: eur(2000) }], images: [{ url: 'https://img.example.com/run-2.png', dimensions: { w: 1, h: 1 } }] },
      { sku: 'RUN-3' },
    ],
    publish: true,
  });
  mock.data.create('inventory-entry', { sku: 'RUN-1', quantityOnStock: 3 });
  mock.data.create('inventory-entry', { sku: 'RUN-2', quantityOnStock: 0 });
  mock.data.create('inventory-entry', { sku: 'RUN-3', quantityOnStock: 5, supplyChannel: { typeId: 'channel', id: channel.id } });
  return { channel, group, product };
}

test('ProductVariant.price selects by currency, country, channel, customer group and date', async ({ apiRoot, mock }) => {
  const { channel, group } = catalog(mock);
  const { data, errors } = await graphql(
    apiRoot,
    `query ($channel: String, $group: String!) { product(key: "runner") { masterData { current { masterVariant {
      plain: price(currency: "EUR") { value { centAmount } }
      german: price(currency: "EUR", country: "DE") { value { centAmount } country }
      channel: price(currency: "EUR", channelId: $channel) { value { centAmount } channelRef { id } channel { key } }
      vip: price(currency: "EUR", customerGroupId: $group) { value { centAmount } customerGroup { key } }
      assigned: price(currency: "EUR", customerGroupAssignmentIds: [$group]) { value { centAmount } }
      later: price(currency: "EUR", date: "2031-06-01T00:00:00.000Z") { value { centAmount } }
      dollars: price(currency: "USD") { value { currencyCode centAmount } }
      none: price(currency: "GBP") { value { centAmount } }
    } } } } }`,
    { channel: channel.id, group: group.id },
  );
  expect(errors).toBeUndefined();
  expect(data.product.masterData.current.masterVariant).toEqual({
    plain: { value: { centAmount: 1000 } },
    german: { value: { centAmount: 900 }, country: 'DE' },
    channel: { value: { centAmount: 800 }, channelRef: { id: channel.id }, channel: { key: 'store-berlin' } },
    vip: { value: { centAmount: 700 }, customerGroup: { key: 'vip' } },
    assigned: { value: { centAmount: 700 } },
    later: { value: { centAmount: 500 } },
    dollars: { value: { currencyCode: 'USD', centAmount: 1200 } },
    none: null,
  });
});

test('ProductData variants, allVariants and variant filter by SKU, stock, stock channel and images', async ({ apiRoot, mock }) => {
  const { channel } = catalog(mock);
  const { data, errors } = await graphql(
    apiRoot,
    `query ($channels: [String!]) { product(key: "runner") { masterData { current {
      all: allVariants { sku }
      rest: variants { sku }
      bySku: allVariants(skus: ["RUN-3", "RUN-1"]) { sku }
      onStock: allVariants(isOnStock: true) { sku }
      outOfStock: allVariants(isOnStock: false) { sku }
      inChannel: allVariants(stockChannelIds: $channels) { sku }
      withImages: allVariants(hasImages: true) { sku }
      restWithoutImages: variants(hasImages: false) { sku }
      bySkuOne: variant(sku: "RUN-2") { sku }
      byKey: variant(key: "run-1") { sku }
      missing: variant(sku: "NOPE") { sku }
    } } } }`,
    { channels: [channel.id] },
  );
  expect(errors).toBeUndefined();
  const skus = (variants: Array<{ sku: string }>) => variants.map((variant) => variant.sku);
  const current = data.product.masterData.current;
  expect(skus(current.all)).toEqual(['RUN-1', 'RUN-2', 'RUN-3']);
  expect(skus(current.rest)).toEqual(['RUN-2', 'RUN-3']);
  expect(skus(current.bySku)).toEqual(['RUN-1', 'RUN-3']);
  expect(skus(current.onStock)).toEqual(['RUN-1']);
  expect(skus(current.outOfStock)).toEqual(['RUN-2', 'RUN-3']);
  expect(skus(current.inChannel)).toEqual(['RUN-3']);
  expect(skus(current.withImages)).toEqual(['RUN-2']);
  expect(skus(current.restWithoutImages)).toEqual(['RUN-3']);
  expect(current.bySkuOne).toEqual({ sku: 'RUN-2' });
  expect(current.byKey).toEqual({ sku: 'RUN-1' });
  expect(current.missing).toBeNull();
});

test('availability: noChannel, and channels filtered and resolved', async ({ apiRoot, mock }) => {
  const { channel } = catalog(mock);
  const { data, errors } = await graphql(
    apiRoot,
    `query ($channel: String!) { product(key: "runner") { masterData { current { allVariants { sku availability {
      noChannel { isOnStock availableQuantity }
      channels { total results { channelRef { id } channel { key } availability { isOnStock availableQuantity } } }
      excluded: channels(excludeChannelIds: [$channel]) { total results { channelRef { id } } }
    } } } } } }`,
    { channel: channel.id },
  );
  expect(errors).toBeUndefined();
  const [first, second, third] = data.product.masterData.current.allVariants;
  expect(first.availability.noChannel).toEqual({ isOnStock: true, availableQuantity: 3 });
  expect(first.availability.channels).toEqual({ total: 0, results: [] });
  expect(second.availability.noChannel).toEqual({ isOnStock: false, availableQuantity: 0 });
  expect(third.availability.noChannel).toBeNull();
  expect(third.availability.channels).toEqual({
    total: 1,
    results: [
      { channelRef: { id: channel.id }, channel: { key: 'store-berlin' }, availability: { isOnStock: true, availableQuantity: 5 } },
    ],
  });
  expect(third.availability.excluded).toEqual({ total: 0, results: [] });
});

test('maps as lists: categoryOrderHints, searchKeywords; categoryOrderHint and searchKeyword by argument', async ({ apiRoot, mock }) => {
  const category = mock.data.create('category', { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } });
  mock.data.create('product-type', { key: 'shoe', name: 'Shoe', description: 'Shoes' });
  mock.data.create('product', {
    key: 'runner',
    productType: { typeId: 'product-type', key: 'shoe' },
    name: { en: 'Runner' },
    slug: { en: 'runner' },
    categories: [{ typeId: 'category', key: 'shoes' }],
    categoryOrderHints: { [category.id]: '0.5' },
    searchKeywords: { en: [{ text: 'running shoe' }], de: [{ text: 'Laufschuh' }] },
    publish: true,
  });
  const { data, errors } = await graphql(
    apiRoot,
    `query ($category: String!) { product(key: "runner") { masterData { current {
      categoryOrderHints { categoryId orderHint }
      categoryOrderHint(categoryId: $category)
      other: categoryOrderHint(categoryId: "nope")
      searchKeywords { locale searchKeywords { text } }
      searchKeyword(locale: "de") { text }
      categories { key name(locale: "en") }
    } } } }`,
    { category: category.id },
  );
  expect(errors).toBeUndefined();
  expect(data.product.masterData.current).toEqual({
    categoryOrderHints: [{ categoryId: category.id, orderHint: '0.5' }],
    categoryOrderHint: '0.5',
    other: null,
    searchKeywords: [
      { locale: 'en', searchKeywords: [{ text: 'running shoe' }] },
      { locale: 'de', searchKeywords: [{ text: 'Laufschuh' }] },
    ],
    searchKeyword: [{ text: 'Laufschuh' }],
    categories: [{ key: 'shoes', name: 'Shoes' }],
  });
});

test("a cart's lineItems(id) and localized line item names", async ({ apiRoot, mock }) => {
  catalog(mock);
  const cart = mock.data.create('cart', {
    currency: 'EUR',
    lineItems: [
      { sku: 'RUN-1', quantity: 1 },
      { sku: 'RUN-2', quantity: 2 },
    ],
  }) as { id: string; lineItems: Array<{ id: string }> };
  const second = cart.lineItems[1]!.id;
  const { data, errors } = await graphql(
    apiRoot,
    `query ($id: String!, $item: String) { cart(id: $id) {
      all: lineItems { quantity }
      one: lineItems(id: $item) { id quantity de: name(locale: "de") en: name(acceptLanguage: ["fr", "en"]) variant { sku } productType { key } }
    } }`,
    { id: cart.id, item: second },
  );
  expect(errors).toBeUndefined();
  expect(data.cart.all).toEqual([{ quantity: 1 }, { quantity: 2 }]);
  expect(data.cart.one).toEqual([
    { id: second, quantity: 2, de: 'Läufer', en: 'Runner', variant: { sku: 'RUN-2' }, productType: { key: 'shoe' } },
  ]);
});

test('definitions by name: attributeDefinitions paged and sorted, fieldDefinitions, enum values, customFieldsRaw', async ({
  apiRoot,
  mock,
}) => {
  const attribute = (name: string) => ({ name, label: { en: name }, type: { name: 'text' }, isRequired: false });
  mock.data.create('product-type', {
    key: 'shoe',
    name: 'Shoe',
    description: 'Shoes',
    attributes: [
      attribute('size'),
      attribute('colour'),
      attribute('brand'),
      { name: 'released', label: { en: 'Released' }, type: { name: 'date' }, isRequired: false },
      {
        name: 'fit',
        label: { en: 'Fit' },
        isRequired: false,
        type: {
          name: 'enum',
          values: [
            { key: 'narrow', label: 'Narrow' },
            { key: 'wide', label: 'Wide' },
          ],
        },
      },
    ],
  });
  const field = (name: string) => ({ name, label: { en: name }, required: false, type: { name: 'String' }, inputHint: 'SingleLine' });
  mock.data.create('type', {
    key: 'loyalty',
    name: { en: 'Loyalty' },
    resourceTypeIds: ['customer-group'],
    fieldDefinitions: [field('tier'), field('since'), field('note')],
  });
  mock.data.create('customer-group', {
    key: 'vip',
    groupName: 'VIP',
    custom: { type: { typeId: 'type', key: 'loyalty' }, fields: { tier: 'gold', since: '2020', note: 'x' } },
  });
  const { data, errors } = await graphql(
    apiRoot,
    `{ productType(key: "shoe") {
        attributeDefinitions(excludeNames: ["fit", "released"], sort: ["name asc"], limit: 2, offset: 1) { total offset limit results { name } }
        only: attributeDefinitions(includeNames: ["fit"]) { total results { type { ... on EnumAttributeDefinitionType {
          values(excludeKeys: ["narrow"]) { total results { key label } } } } } }
        typeNames: attributeDefinitions(includeNames: ["released", "size", "fit"]) { results { type { __typename } } }
      }
      typeDefinition(key: "loyalty") { fieldDefinitions(includeNames: ["tier", "note"]) { name } }
      customerGroup(key: "vip") { custom { customFieldsRaw(excludeNames: ["note"]) { name value } } }
    }`,
  );
  expect(errors).toBeUndefined();
  expect(data.productType.attributeDefinitions).toEqual({ total: 3, offset: 1, limit: 2, results: [{ name: 'colour' }, { name: 'size' }] });
  expect(data.productType.only).toEqual({
    total: 1,
    results: [{ type: { values: { total: 1, results: [{ key: 'wide', label: 'Wide' }] } } }],
  });
  expect(data.productType.typeNames.results.map((definition: any) => definition.type.__typename)).toEqual([
    'TextAttributeDefinitionType',
    'DateAttributeDefinitionType',
    'EnumAttributeDefinitionType',
  ]);
  expect(data.typeDefinition.fieldDefinitions).toEqual([{ name: 'tier' }, { name: 'note' }]);
  expect(data.customerGroup.custom.customFieldsRaw).toEqual([
    { name: 'tier', value: 'gold' },
    { name: 'since', value: '2020' },
  ]);
});

test('price, and scopedPrice in a search, select a standalone-priced product among its SKU standalone prices, as REST does', async ({
  apiRoot,
  mock,
}) => {
  mock.data.create('product-type', { key: 'sock', name: 'Sock', description: 'Socks' });
  mock.data.create('product', {
    key: 'sock',
    productType: { typeId: 'product-type', key: 'sock' },
    name: { en: 'Sock' },
    slug: { en: 'sock' },
    priceMode: 'Standalone',
    masterVariant: { sku: 'SOCK-1', prices: [{ value: { currencyCode: 'EUR', centAmount: 9999 } }] },
    publish: true,
  });
  const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
  mock.data.create('standalone-price', { sku: 'SOCK-1', value: eur(500) });
  mock.data.create('standalone-price', { sku: 'SOCK-1', value: eur(400), country: 'DE' });
  mock.data.create('standalone-price', { sku: 'SOCK-1', value: eur(100), country: 'FR', active: false });
  mock.data.create('product-discount', {
    name: { en: 'Ten percent' },
    value: { type: 'relative', permyriad: 1000 },
    predicate: 'sku = "SOCK-1"',
    sortOrder: '0.5',
    isActive: true,
  });
  const { data, errors } = await graphql(
    apiRoot,
    `{ product(key: "sock") { masterData { current { masterVariant {
        plain: price(currency: "EUR") { id value { centAmount } }
        german: price(currency: "EUR", country: "DE") { id value { centAmount } country discounted { value { centAmount } } }
        french: price(currency: "EUR", country: "FR") { value { centAmount } }
      } } } }
      productProjectionSearch(priceSelector: { currency: "EUR", country: "DE" }) { results { masterVariant {
        price(currency: "EUR", country: "DE") { value { centAmount } }
        scopedPrice { value { centAmount } currentValue { centAmount } }
      } } } }`,
  );
  expect(errors).toBeUndefined();
  const { body: rest } = await apiRoot
    .products()
    .withKey({ key: 'sock' })
    .get({ queryArgs: { priceCurrency: 'EUR', priceCountry: 'DE' } })
    .execute();
  const restPrice = rest.masterData.current.masterVariant.price!;
  const variant = data.product.masterData.current.masterVariant;
  expect(variant.german).toEqual({
    id: restPrice.id,
    value: { centAmount: 400 },
    country: 'DE',
    discounted: { value: { centAmount: restPrice.discounted!.value.centAmount } },
  });
  expect(restPrice.discounted!.value.centAmount).toBe(360);
  expect(variant.plain.value).toEqual({ centAmount: 500 });
  // The inactive French price is not a candidate: the price without a country applies.
  expect(variant.french).toEqual({ value: { centAmount: 500 } });
  expect(data.productProjectionSearch.results).toEqual([
    {
      masterVariant: {
        price: { value: { centAmount: 400 } },
        scopedPrice: { value: { centAmount: 400 }, currentValue: { centAmount: 360 } },
      },
    },
  ]);
});

test('localized enum labels by locale: a product type attribute enum and a custom field enum, each label(locale) and labelAllLocales', async ({
  apiRoot,
  mock,
}) => {
  const label = { en: 'Red', de: 'Rot' };
  mock.data.create('product-type', {
    key: 'shirt',
    name: 'Shirt',
    description: 'Shirts',
    attributes: [{ name: 'color', label: { en: 'Color' }, isRequired: false, type: { name: 'lenum', values: [{ key: 'red', label }] } }],
  });
  mock.data.create('type', {
    key: 'order-extras',
    name: { en: 'Order extras' },
    resourceTypeIds: ['order'],
    fieldDefinitions: [
      { name: 'wrap', label: { en: 'Wrap' }, required: false, type: { name: 'LocalizedEnum', values: [{ key: 'red', label }] } },
    ],
  });
  const { data, errors } = await graphql(
    apiRoot,
    `{ productType(key: "shirt") { attributeDefinitions { results { type { ... on LocalizableEnumAttributeDefinitionType {
          values { results { key de: label(locale: "de") fr: label(locale: "fr") accepted: label(acceptLanguage: ["fr", "de"]) labelAllLocales { locale value } } }
        } } } } }
      typeDefinition(key: "order-extras") { fieldDefinitions { type { ... on LocalizedEnumType {
          values { key de: label(locale: "de") labelAllLocales { locale value } }
        } } } } }`,
  );
  expect(errors).toBeUndefined();
  const all = [
    { locale: 'en', value: 'Red' },
    { locale: 'de', value: 'Rot' },
  ];
  expect(data.productType.attributeDefinitions.results[0].type.values.results).toEqual([
    { key: 'red', de: 'Rot', fr: null, accepted: 'Rot', labelAllLocales: all },
  ]);
  expect(data.typeDefinition.fieldDefinitions[0].type.values).toEqual([{ key: 'red', de: 'Rot', labelAllLocales: all }]);
});
