/**
 * Queries over the REST core: by id and key, collections with where/sort/limit/offset, references as
 * `...Ref` and resolved, localized fields, money, custom fields, and root fields not served.
 */
import { test, expect } from '../support/sdk.js';
import { graphql, graphqlFailure } from './support.js';

test('a resource by id and by key; a missing one is null', async ({ apiRoot, mock }) => {
  const group = mock.data.create('customer-group', { key: 'vip', groupName: 'VIP' });
  const query = 'query ($id: String, $key: String) { customerGroup(id: $id, key: $key) { id key name version } }';
  expect((await graphql(apiRoot, query, { id: group.id })).data.customerGroup).toEqual({
    id: group.id,
    key: 'vip',
    name: 'VIP',
    version: 1,
  });
  expect((await graphql(apiRoot, query, { key: 'vip' })).data.customerGroup.id).toBe(group.id);
  const missing = await graphql(apiRoot, query, { key: 'nobody' });
  expect(missing).toEqual({ data: { customerGroup: null } });
});

test('naming neither id nor key is InvalidInput, 400', async ({ apiRoot }) => {
  const failure = await graphqlFailure(apiRoot, '{ customerGroup { id } }');
  expect(failure.statusCode).toBe(400);
  expect(failure.body.errors[0]).toMatchObject({ path: ['customerGroup'], extensions: { code: 'InvalidInput' } });
});

test('a collection with where, sort, limit and offset, through the REST query engine', async ({ apiRoot, mock }) => {
  for (const key of ['cc', 'aa', 'dd', 'bb']) mock.data.create('customer-group', { key, groupName: `Group ${key}` });
  const { data } = await graphql(
    apiRoot,
    '{ customerGroups(where: "key != \\"dd\\"", sort: ["key desc"], limit: 2, offset: 1) { total count offset exists results { key } } }',
  );
  expect(data.customerGroups).toEqual({ total: 3, count: 2, offset: 1, exists: true, results: [{ key: 'bb' }, { key: 'aa' }] });
  const none = await graphql(apiRoot, '{ customerGroups(where: "key = \\"zz\\"") { total count exists results { key } } }');
  expect(none.data.customerGroups).toEqual({ total: 0, count: 0, exists: false, results: [] });
});

test('a bad where predicate is the REST error, with its code', async ({ apiRoot }) => {
  const failure = await graphqlFailure(apiRoot, '{ customerGroups(where: "key ===") { total } }');
  expect(failure.statusCode).toBe(400);
  expect(failure.body.errors[0]).toMatchObject({ path: ['customerGroups'], extensions: { code: 'InvalidInput' } });
  expect(failure.body.errors[0].locations).toEqual([{ line: 1, column: 3 }]);
});

test('references: the ...Ref field is the reference, the field itself the resolved resource', async ({ apiRoot, mock }) => {
  const group = mock.data.create('customer-group', { key: 'vip', groupName: 'VIP' });
  const store = mock.data.create('store', { key: 'berlin', name: { en: 'Berlin' } });
  const customer = mock.data.create('customer', {
    email: 'ada@example.com',
    password: 'secret',
    customerGroup: { typeId: 'customer-group', key: 'vip' },
    stores: [{ typeId: 'store', key: 'berlin' }],
  });
  const { data } = await graphql(
    apiRoot,
    `query ($id: String) { customer(id: $id) {
      email customerGroupRef { typeId id } customerGroup { key name }
      storesRef { typeId key } stores { id name(locale: "en") }
    } }`,
    { id: customer.id },
  );
  expect(data.customer).toEqual({
    email: 'ada@example.com',
    customerGroupRef: { typeId: 'customer-group', id: group.id },
    customerGroup: { key: 'vip', name: 'VIP' },
    storesRef: [{ typeId: 'store', key: 'berlin' }],
    stores: [{ id: store.id, name: 'Berlin' }],
  });
});

test('localized fields: locale, acceptLanguage, all locales', async ({ apiRoot, mock }) => {
  mock.data.create('category', { key: 'shoes', name: { en: 'Shoes', de: 'Schuhe' }, slug: { en: 'shoes', de: 'schuhe' } });
  const { data } = await graphql(
    apiRoot,
    `{ category(key: "shoes") {
      de: name(locale: "de") fr: name(locale: "fr") accepted: name(acceptLanguage: ["fr", "de"])
      slugAllLocales { locale value }
    } }`,
  );
  expect(data.category).toEqual({
    de: 'Schuhe',
    fr: null,
    accepted: 'Schuhe',
    slugAllLocales: [
      { locale: 'en', value: 'shoes' },
      { locale: 'de', value: 'schuhe' },
    ],
  });
});

test('a product listing: name, slug, master variant SKU, price as Money, first image, product type resolved', async ({ apiRoot, mock }) => {
  const productType = mock.data.create('product-type', { key: 'shoe', name: 'Shoe', description: 'Shoes' });
  mock.data.create('product', {
    key: 'runner',
    productType: { typeId: 'product-type', key: 'shoe' },
    name: { en: 'Runner' },
    slug: { en: 'runner' },
    masterVariant: {
      sku: 'RUN-1',
      prices: [{ value: { currencyCode: 'EUR', centAmount: 8999 } }],
      images: [{ url: 'https://img.example.com/runner.png', dimensions: { w: 10, h: 20 } }],
    },
    publish: true,
  });
  const { data, errors } = await graphql(
    apiRoot,
    `{ products(limit: 20) { total results { key productType { name } productTypeRef { id } masterData { current {
      name(locale: "en") slug(locale: "en")
      masterVariant { sku prices { value { __typename currencyCode centAmount fractionDigits } } images { url dimensions { width height } } }
    } } } } }`,
  );
  expect(errors).toBeUndefined();
  expect(data.products.results).toEqual([
    {
      key: 'runner',
      productType: { name: 'Shoe' },
      productTypeRef: { id: productType.id },
      masterData: {
        current: {
          name: 'Runner',
          slug: 'runner',
          masterVariant: {
            sku: 'RUN-1',
            prices: [{ value: { __typename: 'Money', currencyCode: 'EUR', centAmount: 8999, fractionDigits: 2 } }],
            images: [{ url: 'https://img.example.com/runner.png', dimensions: { width: 10, height: 20 } }],
          },
        },
      },
    },
  ]);
});

test('custom fields as customFieldsRaw, their type resolved', async ({ apiRoot, mock }) => {
  mock.data.create('type', {
    key: 'loyalty',
    name: { en: 'Loyalty' },
    resourceTypeIds: ['customer-group'],
    fieldDefinitions: [{ name: 'tier', label: { en: 'Tier' }, required: false, type: { name: 'String' }, inputHint: 'SingleLine' }],
  });
  mock.data.create('customer-group', {
    key: 'vip',
    groupName: 'VIP',
    custom: { type: { typeId: 'type', key: 'loyalty' }, fields: { tier: 'gold' } },
  });
  const { data } = await graphql(apiRoot, '{ customerGroup(key: "vip") { custom { type { key } customFieldsRaw { name value } } } }');
  expect(data.customerGroup.custom).toEqual({ type: { key: 'loyalty' }, customFieldsRaw: [{ name: 'tier', value: 'gold' }] });
});

test('a root field the schema lacks is a 400 naming it, not a silent null', async ({ apiRoot }) => {
  // Every root field of the platform's schema is served (docs/graphql.md): a misspelt one is refused as the platform refuses it.
  const failure = await apiRoot
    .graphql()
    .post({ body: { query: '{ limitz { query { offset { limit } } } }' } })
    .execute()
    .catch((error) => error);
  const body = failure.body ?? failure;
  expect(failure.statusCode ?? failure.status).toBe(400);
  expect(body.errors[0]).toMatchObject({ code: 'InvalidInput' });
  expect(body.errors[0].message).toContain('Cannot query field "limitz" on type "Query"');
});

test("a customer's default and listed addresses, read from its addresses by id", async ({ apiRoot, mock }) => {
  const customer = mock.data.create('customer', {
    email: 'ada@example.com',
    password: 'secret',
    addresses: [
      { key: 'home', country: 'DE', city: 'Berlin' },
      { key: 'work', country: 'DE', city: 'Munich' },
    ],
    defaultShippingAddress: 1,
    shippingAddresses: [0, 1],
    billingAddresses: [0],
  });
  const { data } = await graphql(
    apiRoot,
    `query ($id: String) { customer(id: $id) {
      defaultShippingAddress { city } defaultBillingAddress { city } shippingAddresses { city } billingAddresses { city }
    } }`,
    { id: customer.id },
  );
  expect(data.customer).toEqual({
    defaultShippingAddress: { city: 'Munich' },
    defaultBillingAddress: null,
    shippingAddresses: [{ city: 'Berlin' }, { city: 'Munich' }],
    billingAddresses: [{ city: 'Berlin' }],
  });
});
