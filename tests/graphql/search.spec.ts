/**
 * The search fields over the REST search module: product projection search (text, filters, facets,
 * sorts, price selection; the filter and facet models), product search (query, typed ranges, facets,
 * the hit's product) and suggestions. Each is compared with its REST twin where that is the point.
 */
import { test, expect } from '../support/sdk.js';
import { graphql, graphqlFailure } from './support.js';
import type { CommerceMock } from '../../src/index.js';

/** Three published shoes: red and blue, priced 50, 80 and 120 EUR, with search keywords. */
function shoes(mock: CommerceMock) {
  mock.data.create('product-type', {
    key: 'shoe',
    name: 'Shoe',
    description: 'Shoes',
    attributes: [{ name: 'colour', label: { en: 'Colour' }, type: { name: 'text' }, isRequired: false, isSearchable: true }],
  });
  const shoe = (key: string, name: string, colour: string, centAmount: number) =>
    mock.data.create('product', {
      key,
      productType: { typeId: 'product-type', key: 'shoe' },
      name: { en: name },
      slug: { en: key },
      searchKeywords: { en: [{ text: name }] },
      masterVariant: {
        sku: key.toUpperCase(),
        attributes: [{ name: 'colour', value: colour }],
        prices: [{ value: { currencyCode: 'EUR', centAmount } }],
      },
      publish: true,
    });
  return [shoe('runner', 'Red runner', 'red', 5000), shoe('walker', 'Blue walker', 'blue', 8000), shoe('racer', 'Red racer', 'red', 12000)];
}

test('productProjectionSearch: text, filter strings, sorts, facets and price selection, as REST answers them', async ({
  apiRoot,
  mock,
}) => {
  shoes(mock);
  const { data, errors } = await graphql(
    apiRoot,
    `{ productProjectionSearch(
        text: "red", locale: "en",
        filters: [{ string: "variants.scopedPrice.value.centAmount:range (0 to 10000)" }],
        facets: [{ string: "variants.attributes.colour" }],
        sorts: ["name.en asc"],
        priceSelector: { currency: "EUR" }
      ) {
        total count offset
        results { key name(locale: "en") masterVariant { sku price(currency: "EUR") { value { centAmount } } scopedPrice { value { centAmount } } } }
        facets { facet value { type ... on TermsFacetResult { terms { term count } } } }
      } }`,
  );
  expect(errors).toBeUndefined();
  expect(data.productProjectionSearch).toEqual({
    total: 1,
    count: 1,
    offset: 0,
    results: [
      {
        key: 'runner',
        name: 'Red runner',
        masterVariant: { sku: 'RUNNER', price: { value: { centAmount: 5000 } }, scopedPrice: { value: { centAmount: 5000 } } },
      },
    ],
    facets: [{ facet: 'variants.attributes.colour', value: { type: 'terms', terms: [{ term: 'red', count: 2 }] } }],
  });
  const { body: rest } = await apiRoot
    .productProjections()
    .search()
    .get({
      queryArgs: { 'text.en': 'red', filter: 'variants.scopedPrice.value.centAmount:range (0 to 10000)', priceCurrency: 'EUR', limit: 10 },
    })
    .execute();
  expect(rest.results.map((projection) => projection.key)).toEqual(['runner']);
});

test('productProjectionSearch: filter and facet models, limit and offset', async ({ apiRoot, mock }) => {
  shoes(mock);
  const { data, errors } = await graphql(
    apiRoot,
    `{ productProjectionSearch(
        queryFilters: [{ model: { value: { path: "variants.attributes.colour", values: ["red"] } } }],
        facets: [{ model: { range: { path: "variants.price.centAmount", ranges: [{ from: "0", to: "10000" }], alias: "cheap", countProducts: true } } }],
        sorts: ["variants.price.centAmount desc"], limit: 1, offset: 1
      ) {
        total count offset results { key }
        facets { facet value { type ... on RangeFacetResult { ranges { ... on RangeCountDouble { count productCount } } } } }
      } }`,
  );
  expect(errors).toBeUndefined();
  expect(data.productProjectionSearch).toEqual({
    total: 2,
    count: 1,
    offset: 1,
    results: [{ key: 'runner' }],
    facets: [{ facet: 'cheap', value: { type: 'range', ranges: [{ count: 1, productCount: 1 }] } }],
  });
});

test('productProjectionSearch: a filter that does not parse is the REST InvalidInput, 400', async ({ apiRoot }) => {
  const failure = await graphqlFailure(apiRoot, '{ productProjectionSearch(filters: [{ string: "variants.sku:" }]) { total } }');
  expect(failure.statusCode).toBe(400);
  expect(failure.body.errors[0]).toMatchObject({ path: ['productProjectionSearch'], extensions: { code: 'InvalidInput' } });
});

test('productsSearch: query with a typed range, sort, facets, and the hit resolved to its product', async ({ apiRoot, mock }) => {
  const [runner, , racer] = shoes(mock);
  const { data, errors } = await graphql(
    apiRoot,
    `query ($query: SearchQueryInput) { productsSearch(
        query: $query,
        sort: [{ field: "variants.prices.centAmount", order: desc }],
        facets: [{ distinct: { name: "colours", field: "variants.attributes.colour", fieldType: text } }, { count: { name: "all" } }, { count: { name: "matching", scope: query } }]
      ) {
        total offset limit
        results { id product { key masterData { current { name(locale: "en") } } } }
        facets { name ... on ProductSearchFacetResultBucket { buckets { key count } } ... on ProductSearchFacetResultCount { value } }
      } }`,
    {
      query: {
        and: [
          { exact: { field: 'variants.attributes.colour', fieldType: 'text', value: 'red' } },
          { range: { long: { field: 'variants.prices.centAmount', gte: 1000 } } },
        ],
      },
    },
  );
  expect(errors).toBeUndefined();
  expect(data.productsSearch).toEqual({
    total: 2,
    offset: 0,
    limit: 20,
    results: [
      { id: racer!.id, product: { key: 'racer', masterData: { current: { name: 'Red racer' } } } },
      { id: runner!.id, product: { key: 'runner', masterData: { current: { name: 'Red runner' } } } },
    ],
    facets: [
      { name: 'colours', buckets: [{ key: 'red', count: 2 }] },
      { name: 'all', value: 3 },
      { name: 'matching', value: 2 },
    ],
  });
});

test('productsSearch: a range naming two types is InvalidInput', async ({ apiRoot }) => {
  const failure = await graphqlFailure(
    apiRoot,
    `{ productsSearch(query: { range: { long: { field: "variants.prices.centAmount", gte: 1 }, float: { field: "x", gte: 1 } } }) { total } }`,
  );
  expect(failure.statusCode).toBe(400);
  expect(failure.body.errors[0]).toMatchObject({ path: ['productsSearch'], extensions: { code: 'InvalidInput' } });
});

test('productProjectionsSuggest: completions per locale from the search keywords', async ({ apiRoot, mock }) => {
  shoes(mock);
  const { data, errors } = await graphql(
    apiRoot,
    `{ productProjectionsSuggest(searchKeywords: [{ locale: "en", searchKeyword: "red" }, { locale: "de", searchKeyword: "rot" }]) {
        searchKeywords { locale suggestions { text } }
      } }`,
  );
  expect(errors).toBeUndefined();
  expect(data.productProjectionsSuggest.searchKeywords).toEqual([
    { locale: 'en', suggestions: [{ text: 'Red runner' }, { text: 'Red racer' }] },
    { locale: 'de', suggestions: [] },
  ]);
});

test('ProductProjection variants and allVariants, onlyMatching after markMatchingVariants', async ({ apiRoot, mock }) => {
  mock.data.create('product-type', { key: 'shoe', name: 'Shoe', description: 'Shoes' });
  mock.data.create('product', {
    key: 'runner',
    productType: { typeId: 'product-type', key: 'shoe' },
    name: { en: 'Runner' },
    slug: { en: 'runner' },
    masterVariant: { sku: 'RUN-1' },
    variants: [{ sku: 'RUN-2' }, { sku: 'RUN-3' }],
    publish: true,
  });
  const { data, errors } = await graphql(
    apiRoot,
    `{ productProjectionSearch(markMatchingVariants: true, filters: [{ string: "variants.sku:\\"RUN-2\\"" }]) { results {
        all: allVariants { sku } matching: allVariants(onlyMatching: true) { sku } rest: variants(onlyMatching: true) { sku }
      } } }`,
  );
  expect(errors).toBeUndefined();
  expect(data.productProjectionSearch.results).toEqual([
    { all: [{ sku: 'RUN-1' }, { sku: 'RUN-2' }, { sku: 'RUN-3' }], matching: [{ sku: 'RUN-2' }], rest: [{ sku: 'RUN-2' }] },
  ]);
});
