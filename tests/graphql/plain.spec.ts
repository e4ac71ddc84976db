/**
 * Plain operations (fields only: no fragments, no directives, each answer key once) are executed by
 * the mock's own plan of the document (src/core/graphql/plain.ts), everything else by graphql-js.
 * Each document here is sent as written, then with a directive that includes one field, which makes
 * it not plain while keeping every other field in the same line and column: both answers must be the
 * same, errors (messages, paths, locations, extensions) included.
 */
import type { CommerceMock } from '../../src/index.js';
import { PROJECT_KEY, test, expect } from '../support/sdk.js';

/** Twenty spaces in a plain document, where its twin has a directive of the same width. */
const PAD = ' '.repeat(20);
const INCLUDE = ' @include(if: true) ';

async function post(mock: CommerceMock, query: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(variables ? { query, variables } : { query }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** The answer to the document as written, and to its twin that graphql-js executes. */
async function bothWays(mock: CommerceMock, query: string, variables?: Record<string, unknown>, twinVariables = variables) {
  expect(query).toContain(PAD);
  expect(INCLUDE).toHaveLength(PAD.length);
  const plain = await post(mock, query, variables);
  const byGraphqlJs = await post(mock, query.replace(PAD, INCLUDE), twinVariables);
  return { plain, byGraphqlJs };
}

/** Where the `nth` occurrence of `text` starts in `query`, as GraphQL locations count (from 1). */
function locationOf(query: string, text: string, nth = 1) {
  let at = -1;
  for (let n = 0; n < nth; n++) at = query.indexOf(text, at + 1);
  const before = query.slice(0, at).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** Two published products, Mug 1 and Mug 2; answers the first one's id. */
function catalog(mock: CommerceMock): string {
  const ids: string[] = [];
  const productType = mock.data.create<{ id: string }>('product-type', { key: 'plain', name: 'plain', description: 'plain' });
  for (const n of [1, 2]) {
    const product = mock.data.create<{ id: string }>('product', {
      productType: { typeId: 'product-type', id: productType.id },
      name: { en: `Mug ${n}`, de: `Tasse ${n}` },
      slug: { en: `mug-${n}` },
      masterVariant: { sku: `MUG-${n}`, prices: [{ value: { currencyCode: 'EUR', centAmount: 1000 * n } }], images: [] },
      publish: true,
    });
    ids.push(product.id);
  }
  return ids[0]!;
}

test('a query: aliases, __typename, arguments, nested objects and lists, enums and custom scalars', async ({ mock }) => {
  catalog(mock);
  const query = `query ($limit: Int, $where: String) { __typename
    list: products(limit: $limit, where: $where, sort: ["createdAt asc"]) { total count exists results {
      __typename id${PAD}version createdAt
      masterData { published current { en: name(locale: "en") de: name(locale: "de") slug(locale: "en") masterVariant { sku images { url } } } }
    } }
    zones { total }
  }`;
  const { plain, byGraphqlJs } = await bothWays(mock, query, { limit: 5, where: 'masterData(published = true)' });
  expect(plain).toEqual(byGraphqlJs);
  expect(plain.status).toBe(200);
  expect(plain.body.errors).toBeUndefined();
  const { __typename, list, zones } = plain.body.data;
  expect(__typename).toBe('Query');
  expect(zones).toEqual({ total: 0 });
  expect(list).toMatchObject({ total: 2, count: 2, exists: true });
  expect(Object.keys(list.results[0])).toEqual(['__typename', 'id', 'version', 'createdAt', 'masterData']);
  expect(list.results.map((product: any) => product.masterData)).toEqual([
    { published: true, current: { en: 'Mug 1', de: 'Tasse 1', slug: 'mug-1', masterVariant: { sku: 'MUG-1', images: [] } } },
    { published: true, current: { en: 'Mug 2', de: 'Tasse 2', slug: 'mug-2', masterVariant: { sku: 'MUG-2', images: [] } } },
  ]);
  expect(list.results[0]).toMatchObject({ __typename: 'Product', version: 1 });
  expect(list.results[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
});

test('field errors: a nullable field answers null, a non-null one nulls its parent (a root one the whole answer), as graphql-js', async ({
  mock,
}) => {
  const id = catalog(mock);
  // `Product.skus` is `[String!]!`, which the mock does not serve: its error nulls the product; in a
  // list of non-null products, the whole page; the page is non-null: the whole answer.
  const nullable = `query ($id: String) {
    one: product(id: $id) { id${PAD}skus }
    none: zone(key: "none") { id }
  }`;
  const partly = await bothWays(mock, nullable, { id });
  expect(partly.plain).toEqual(partly.byGraphqlJs);
  expect(partly.plain.status).toBe(200);
  expect(partly.plain.body.data).toEqual({ one: null, none: null });
  expect(partly.plain.body.errors.map((error: any) => [error.path, error.locations, error.extensions.code])).toEqual([
    [['one', 'skus'], [locationOf(nullable, 'skus')], 'InvalidOperation'],
  ]);
  expect(partly.plain.body.errors[0].message).toContain("'Product.skus'");

  const query = `query ($id: String) {
    one: product(id: $id) { id${PAD}skus }
    page: products(limit: 2, sort: ["createdAt asc"]) { total results { id skus } }
    none: zone(key: "none") { id }
  }`;
  const { plain, byGraphqlJs } = await bothWays(mock, query, { id });
  expect(plain).toEqual(byGraphqlJs);
  expect(plain.status).toBe(200);
  expect(plain.body.data).toBeNull();
  expect(plain.body.errors.map((error: any) => [error.path, error.locations])).toEqual([
    [['one', 'skus'], [locationOf(query, 'skus')]],
    [['page', 'results', 0, 'skus'], [locationOf(query, 'skus', 2)]],
  ]);
});

test('a mutation: written once, answered as graphql-js answers it, field errors and a refused write too', async ({ apiRoot, mock }) => {
  catalog(mock);
  const carts = [0, 1].map(() => mock.data.create<{ id: string; version: number }>('cart', { currency: 'EUR' }));
  // `Cart.placement` is not served: an error beside the data, after the write.
  const query = `mutation ($id: String, $version: Long!, $sku: String) { updateCart(id: $id, version: $version, actions: [
    { addLineItem: { sku: $sku, quantity: 2 } }, { setCountry: { country: "DE" } }
  ]) { __typename v: version${PAD}cartState taxMode country placement lineItems { quantity name(locale: "en") totalPrice { centAmount currencyCode } } } }`;
  const update = (cart: number, version = 1) => ({ id: carts[cart]!.id, version, sku: 'MUG-2' });
  const { plain, byGraphqlJs } = await bothWays(mock, query, update(0), update(1));
  expect(plain).toEqual(byGraphqlJs);
  expect(plain.status).toBe(200);
  expect(plain.body.data.updateCart).toEqual({
    __typename: 'Cart',
    v: 2,
    cartState: 'Active',
    taxMode: 'Platform',
    country: 'DE',
    placement: null,
    lineItems: [{ quantity: 2, name: 'Mug 2', totalPrice: { centAmount: 4000, currencyCode: 'EUR' } }],
  });
  expect(plain.body.errors).toHaveLength(1);
  expect(plain.body.errors[0]).toMatchObject({ path: ['updateCart', 'placement'], locations: [locationOf(query, 'placement')] });
  for (const cart of carts) {
    const { body } = await apiRoot.carts().withId({ ID: cart.id }).get().execute();
    expect(body.version).toBe(2);
    expect(body.lineItems).toHaveLength(1);
  }

  // The same update again, at the old version: refused, nothing written.
  const again = await bothWays(mock, query, update(0), update(1));
  const withoutIds = (answer: unknown) => JSON.stringify(answer).replaceAll(carts[0]!.id, 'ID').replaceAll(carts[1]!.id, 'ID');
  expect(withoutIds(again.plain)).toBe(withoutIds(again.byGraphqlJs));
  expect(again.plain.body.data).toEqual({ updateCart: null });
  expect(again.plain.body.errors).toHaveLength(1);
  expect(again.plain.body.errors[0]).toMatchObject({
    path: ['updateCart'],
    extensions: { code: 'ConcurrentModification', currentVersion: 2 },
  });
  const { body } = await apiRoot.carts().withId({ ID: carts[0]!.id }).get().execute();
  expect(body.version).toBe(2);
});

test('variables and arguments: given, null, left out, at their defaults, of the wrong type', async ({ mock }) => {
  for (const key of ['za', 'zb', 'zc']) mock.data.create('zone', { key, name: key });
  const withDefault = `query ($limit: Int = 1) { zones(limit: $limit, sort: ["key asc"]) { count${PAD}results { key } } }`;
  const required = `query ($key: String!) { zone(key: $key) { key${PAD}name } }`;
  const cases: Array<[string, Record<string, unknown> | undefined, number, unknown]> = [
    [withDefault, undefined, 200, { zones: { count: 1, results: [{ key: 'za' }] } }],
    [withDefault, { limit: 2 }, 200, { zones: { count: 2, results: [{ key: 'za' }, { key: 'zb' }] } }],
    [withDefault, { limit: null }, 200, { zones: { count: 3, results: [{ key: 'za' }, { key: 'zb' }, { key: 'zc' }] } }],
    [withDefault, { limit: 'two' }, 400, undefined],
    [required, { key: 'zb' }, 200, { zone: { key: 'zb', name: 'zb' } }],
    [required, {}, 400, undefined],
    [required, { key: null }, 400, undefined],
    [required, { key: 7 }, 400, undefined],
  ];
  for (const [query, variables, status, data] of cases) {
    const { plain, byGraphqlJs } = await bothWays(mock, query, variables);
    const what = `${query} ${JSON.stringify(variables)}`;
    expect(plain, what).toEqual(byGraphqlJs);
    expect(plain.status, what).toBe(status);
    expect(plain.body.data, what).toEqual(data);
    if (status === 400) expect(plain.body.errors[0].message, what).toMatch(/\$(limit|key)/);
  }
});
