/** The Product Search API (`POST /products/search`) through the official SDK. */
import type { ByProjectKeyRequestBuilder, ProductSearchRequest, SearchQuery } from '@commercetools/platform-sdk';
import { expect, sdkFailure, test } from '../support/sdk.js';
import { seedCatalog, type Catalog } from './catalog.js';

const searcher = (apiRoot: ByProjectKeyRequestBuilder) => async (body: ProductSearchRequest) =>
  (await apiRoot.products().search().post({ body }).execute()).body;

/** Keys of the result products, in result order. */
function keyNames(catalog: Catalog, results: Array<{ id: string }>): string[] {
  const byId = new Map(Object.values(catalog.products).map((product) => [product.id, product.key]));
  return results.map((result) => byId.get(result.id)!);
}

const color = (value: string): SearchQuery => ({ exact: { field: 'variants.attributes.color', fieldType: 'text', value } });
const size = (value: string): SearchQuery => ({ exact: { field: 'variants.attributes.size.key', fieldType: 'enum', value } });

test.describe('product search: query expressions', () => {
  test('exact (value, values, caseInsensitive), on product and variant fields; only published products', async ({ mock, apiRoot }) => {
    const catalog = seedCatalog(mock);
    const search = searcher(apiRoot);
    const found = async (query: SearchQuery) => keyNames(catalog, (await search({ query })).results).sort();
    expect(await found(color('red'))).toEqual(['shirt-red']);
    expect(await found({ exact: { field: 'variants.attributes.color', fieldType: 'text', values: ['red', 'green'] } })).toEqual([
      'shirt-red',
      'shoes-green',
    ]);
    expect(await found(color('RED'))).toEqual([]);
    expect(await found({ exact: { field: 'variants.attributes.color', fieldType: 'text', value: 'RED', caseInsensitive: true } })).toEqual([
      'shirt-red',
    ]);
    expect(await found({ exact: { field: 'key', value: 'pants-blue' } })).toEqual(['pants-blue']);
    expect(await found({ exact: { field: 'key', value: 'sweater-black' } })).toEqual([]);
    expect(await found({ exact: { field: 'variants.sku', value: 'SHIRT-BLUE-M' } })).toEqual(['shirt-blue']);
    expect(await found({ exact: { field: 'categories', value: catalog.categories.shirts.id } })).toEqual(['shirt-blue', 'shirt-red']);
    expect(await found({ exact: { field: 'categoriesSubTree', value: catalog.categories.clothing.id } })).toEqual([
      'pants-blue',
      'shirt-blue',
      'shirt-red',
    ]);
    expect(await found({ exact: { field: 'productType', value: catalog.productType.id } })).toHaveLength(4);
    expect(await found({ exact: { field: 'name', language: 'en', value: 'Blue Denim Pants' } })).toEqual(['pants-blue']);
    expect(await found({ exact: { field: 'variants.attributes.weight', fieldType: 'number', value: 300 } })).toEqual(['shoes-green']);
    expect(await found({ exact: { field: 'variants.attributes.organic', fieldType: 'boolean', value: true } })).toEqual(['shoes-green']);
  });

  test('fullText (all or any terms), fullTextPrefix, prefix, wildcard, range, exists, fuzzy', async ({ mock, apiRoot }) => {
    const catalog = seedCatalog(mock);
    const found = async (query: SearchQuery) => keyNames(catalog, (await searcher(apiRoot)({ query })).results).sort();
    expect(await found({ fullText: { field: 'name', language: 'en', value: 'cotton shirt' } })).toEqual(['shirt-blue', 'shirt-red']);
    expect(await found({ fullText: { field: 'name', language: 'en', value: 'red shirt' } })).toEqual(['shirt-red']);
    expect(await found({ fullText: { field: 'name', language: 'en', value: 'red pants', mustMatch: 'any' } })).toEqual([
      'pants-blue',
      'shirt-red',
    ]);
    expect(await found({ fullText: { field: 'description', language: 'en', value: 'running' } })).toEqual(['shirt-red', 'shoes-green']);
    expect(await found({ fullText: { field: 'name', language: 'de', value: 'baumwollhemd' } })).toEqual(['shirt-red']);
    expect(await found({ fullTextPrefix: { field: 'name', language: 'en', value: 'green run' } })).toEqual(['shoes-green']);
    expect(await found({ prefix: { field: 'key', value: 'shirt-' } })).toEqual(['shirt-blue', 'shirt-red']);
    expect(await found({ prefix: { field: 'variants.sku', value: 'pants', caseInsensitive: true } })).toEqual(['pants-blue']);
    expect(await found({ wildcard: { field: 'variants.sku', value: 'SHIRT-*-L' } })).toEqual(['shirt-red']);
    expect(await found({ wildcard: { field: 'variants.sku', value: 'SHIRT-BLUE-?' } })).toEqual(['shirt-blue']);
    expect(await found({ range: { field: 'variants.prices.centAmount', gte: 5000, lt: 6000 } })).toEqual(['pants-blue']);
    expect(await found({ range: { field: 'variants.prices.centAmount', gt: 8999 } })).toEqual([]);
    expect(await found({ exists: { field: 'variants.attributes.size', fieldType: 'enum' } })).toEqual([
      'pants-blue',
      'shirt-blue',
      'shirt-red',
    ]);
    expect(await found({ exists: { field: 'description', language: 'de' } })).toEqual([]);
    expect(await found({ fuzzy: { field: 'name', language: 'en', value: 'shrit', level: 1 } })).toEqual(['shirt-blue', 'shirt-red']);
  });

  test('and, or, not, filter; variant expressions combine per variant', async ({ mock, apiRoot }) => {
    const catalog = seedCatalog(mock);
    const found = async (query: SearchQuery) => keyNames(catalog, (await searcher(apiRoot)({ query })).results).sort();
    expect(await found({ and: [color('blue'), size('L')] })).toEqual(['pants-blue']);
    // The red shirt has S and red, but the blue shirt's S is not red: one variant must satisfy both.
    expect(await found({ and: [color('red'), size('S')] })).toEqual(['shirt-red']);
    expect(await found({ filter: [color('blue'), size('S')] })).toEqual(['shirt-blue']);
    expect(
      await found({ or: [{ exact: { field: 'key', value: 'shirt-red' } }, { exact: { field: 'key', value: 'shoes-green' } }] }),
    ).toEqual(['shirt-red', 'shoes-green']);
    expect(await found({ not: [color('blue')] })).toEqual(['shirt-red', 'shoes-green']);
    expect(await found({ and: [{ prefix: { field: 'key', value: 'shirt' } }, { not: [size('S')] }] })).toEqual(['shirt-blue', 'shirt-red']);
    expect(await found({ and: [{ fullText: { field: 'name', language: 'en', value: 'shirt' } }, { filter: [color('red')] }] })).toEqual([
      'shirt-red',
    ]);
  });

  test('fullText inside and, or and not finds what each leaf alone finds, after renames too', async ({ mock, apiRoot }) => {
    const catalog = seedCatalog(mock);
    const found = async (query: SearchQuery) => keyNames(catalog, (await searcher(apiRoot)({ query })).results).sort();
    const name = (value: string, mustMatch?: 'all' | 'any'): SearchQuery => ({
      fullText: { field: 'name', language: 'en', value, ...(mustMatch ? { mustMatch } : {}) },
    });
    // "running" is in the red shirt's description, not its name; "mesh" in a variant's attribute.
    expect(await found(name('running'))).toEqual(['shoes-green']);
    expect(await found(name('mesh'))).toEqual([]);
    expect(await found(name('nowhere'))).toEqual([]);
    expect(await found({ fullText: { field: 'searchKeywords', language: 'en', value: 'summer' } })).toEqual(['shirt-red']);
    expect(await found({ fullText: { field: 'name', language: 'de', value: 'cotton' } })).toEqual([]);
    expect(await found({ or: [name('pants'), { exact: { field: 'key', value: 'shirt-red' } }] })).toEqual(['pants-blue', 'shirt-red']);
    expect(await found({ or: [name('pants'), name('shoes')] })).toEqual(['pants-blue', 'shoes-green']);
    expect(await found({ and: [name('blue'), name('cotton')] })).toEqual(['shirt-blue']);
    expect(await found({ and: [name('blue'), { not: [name('cotton')] }] })).toEqual(['pants-blue']);
    expect(await found({ not: [name('shirt')] })).toEqual(['pants-blue', 'shoes-green']);
    expect(await found({ filter: [name('blue pants', 'any'), size('L')] })).toEqual(['pants-blue']);

    const pants = catalog.products.pantsBlue;
    await apiRoot
      .products()
      .withId({ ID: pants.id })
      .post({ body: { version: pants.version, actions: [{ action: 'changeName', name: { en: 'Blue Running Tights' }, staged: false }] } })
      .execute();
    expect(await found(name('running'))).toEqual(['pants-blue', 'shoes-green']);
    expect(await found(name('pants'))).toEqual([]);
    expect(await found({ and: [name('running'), size('L')] })).toEqual(['pants-blue']);
  });

  test('markMatchingVariants', async ({ mock, apiRoot }) => {
    const catalog = seedCatalog(mock);
    const search = searcher(apiRoot);
    const variantLevel = await search({ query: { and: [color('red'), { not: [size('S')] }] }, markMatchingVariants: true });
    expect(variantLevel.results).toEqual([
      {
        id: catalog.products.shirtRed.id,
        matchingVariants: {
          allMatched: false,
          matchedVariants: [
            { id: 2, sku: 'SHIRT-RED-M' },
            { id: 3, sku: 'SHIRT-RED-L' },
          ],
        },
      },
    ]);
    const productLevel = await search({ query: { exact: { field: 'key', value: 'shirt-blue' } }, markMatchingVariants: true });
    expect(productLevel.results).toEqual([
      { id: catalog.products.shirtBlue.id, matchingVariants: { allMatched: true, matchedVariants: [] } },
    ]);
    const unmarked = await search({ query: color('red') });
    expect(unmarked.results).toEqual([{ id: catalog.products.shirtRed.id }]);
  });
});

test.describe('product search: sorting, paging, projections', () => {
  test('sort by field (language, mode) and by score', async ({ mock, apiRoot }) => {
    const catalog = seedCatalog(mock);
    const sorted = async (sort: ProductSearchRequest['sort'], query?: SearchQuery) =>
      keyNames(catalog, (await searcher(apiRoot)({ ...(query ? { query } : {}), ...(sort ? { sort } : {}) })).results);
    expect(await sorted([{ field: 'name', language: 'en', order: 'asc' }])).toEqual([
      'shirt-blue',
      'pants-blue',
      'shoes-green',
      'shirt-red',
    ]);
    expect(await sorted([{ field: 'variants.prices.centAmount', order: 'asc' }])).toEqual([
      'shirt-blue',
      'shirt-red',
      'pants-blue',
      'shoes-green',
    ]);
    expect(await sorted([{ field: 'variants.prices.centAmount', order: 'asc', mode: 'max' }])).toEqual([
      'shirt-blue',
      'shirt-red',
      'pants-blue',
      'shoes-green',
    ]);
    expect(await sorted([{ field: 'variants.prices.centAmount', order: 'desc', mode: 'min' }])).toEqual([
      'shoes-green',
      'pants-blue',
      'shirt-red',
      'shirt-blue',
    ]);
    expect(await sorted([{ field: 'variants.prices.centAmount', order: 'asc', mode: 'avg' }])).toEqual([
      'shirt-blue',
      'shirt-red',
      'pants-blue',
      'shoes-green',
    ]);
    expect(
      await sorted([
        { field: 'variants.attributes.color', fieldType: 'text', order: 'desc' },
        { field: 'key', order: 'asc' },
      ]),
    ).toEqual(['shirt-red', 'shoes-green', 'pants-blue', 'shirt-blue']);
    // Default: relevance; a boost ranks an expression higher.
    const query: SearchQuery = {
      or: [{ exact: { field: 'key', value: 'shoes-green' } }, { exact: { field: 'key', value: 'shirt-red', boost: 5 } }],
    };
    expect(await sorted(undefined, query)).toEqual(['shirt-red', 'shoes-green']);
    expect(await sorted([{ field: 'score', order: 'asc' }], query)).toEqual(['shoes-green', 'shirt-red']);
  });

  test('paging and the response envelope', async ({ mock, apiRoot }) => {
    const catalog = seedCatalog(mock);
    const page = await searcher(apiRoot)({ sort: [{ field: 'key', order: 'asc' }], limit: 2, offset: 1 });
    expect(Object.keys(page)).toEqual(['total', 'offset', 'limit', 'facets', 'results']);
    expect(page).toMatchObject({ total: 4, offset: 1, limit: 2, facets: [] });
    expect(keyNames(catalog, page.results)).toEqual(['shirt-blue', 'shirt-red']);
    expect(await searcher(apiRoot)({})).toMatchObject({ total: 4, offset: 0, limit: 20 });
    expect(
      (
        await sdkFailure(
          apiRoot
            .products()
            .search()
            .post({ body: { limit: 101 } })
            .execute(),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await sdkFailure(
          apiRoot
            .products()
            .search()
            .post({ body: { offset: 10_001 } })
            .execute(),
        )
      ).statusCode,
    ).toBe(400);
  });

  test('productProjectionParameters return the projection with price selection and expansion', async ({ mock, apiRoot }) => {
    const catalog = seedCatalog(mock);
    const page = await searcher(apiRoot)({
      query: { exact: { field: 'key', value: 'pants-blue' } },
      productProjectionParameters: { priceCurrency: 'USD', expand: ['productType'] },
    });
    const projection = page.results[0]!.productProjection!;
    expect(projection).toMatchObject({
      id: catalog.products.pantsBlue.id,
      key: 'pants-blue',
      name: { en: 'Blue Denim Pants' },
      productType: { obj: { key: 'default-product-type' } },
    });
    expect(projection.masterVariant.price!.value).toMatchObject({ currencyCode: 'USD', centAmount: 6000 });
    expect(projection.variants[0]).not.toHaveProperty('price');
    const staged = await searcher(apiRoot)({
      query: { exact: { field: 'key', value: 'shirt-red' } },
      productProjectionParameters: { staged: true },
    });
    expect(staged.results[0]!.productProjection).toMatchObject({ key: 'shirt-red', hasStagedChanges: false });
    const refused = await sdkFailure(
      apiRoot
        .products()
        .search()
        .post({ body: { productProjectionParameters: { priceCountry: 'DE' } } })
        .execute(),
    );
    expect(refused.body.errors[0]!.code).toBe('InvalidInput');
  });
});

test.describe('product search: facets', () => {
  test('distinct, ranges, count and stats facets; scope, level, filter; postFilter after facets', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const page = await searcher(apiRoot)({
      postFilter: color('red'),
      limit: 0,
      facets: [
        { distinct: { name: 'colors', field: 'variants.attributes.color', fieldType: 'text' } },
        { distinct: { name: 'colorVariants', field: 'variants.attributes.color', fieldType: 'text', level: 'variants' } },
        { distinct: { name: 'colorsInM', field: 'variants.attributes.color', fieldType: 'text', filter: size('M') } },
        {
          distinct: {
            name: 'sizes',
            field: 'variants.attributes.size.key',
            fieldType: 'enum',
            missing: 'none',
            sort: { by: 'key', order: 'asc' },
          },
        },
        { ranges: { name: 'prices', field: 'variants.prices.centAmount', ranges: [{ to: 2000 }, { from: 2000, to: 6000, key: 'mid' }] } },
        { count: { name: 'all', scope: 'all' } },
        { count: { name: 'variants', level: 'variants' } },
        { stats: { name: 'priceStats', field: 'variants.prices.centAmount' } },
      ],
    });
    expect(page.total).toBe(1); // postFilter
    expect(page.facets).toEqual([
      {
        name: 'colors',
        buckets: [
          { key: 'blue', count: 2 },
          { key: 'green', count: 1 },
          { key: 'red', count: 1 },
        ],
      },
      {
        name: 'colorVariants',
        buckets: [
          { key: 'blue', count: 4 },
          { key: 'red', count: 3 },
          { key: 'green', count: 1 },
        ],
      },
      {
        name: 'colorsInM',
        buckets: [
          { key: 'blue', count: 2 },
          { key: 'red', count: 1 },
        ],
      },
      {
        name: 'sizes',
        buckets: [
          { key: 'L', count: 2 },
          { key: 'M', count: 3 },
          { key: 'S', count: 2 },
          { key: 'none', count: 1 },
        ],
      },
      {
        name: 'prices',
        buckets: [
          { key: '*-2000', count: 2 },
          { key: 'mid', count: 2 },
        ],
      },
      { name: 'all', value: 4 },
      { name: 'variants', value: 8 },
      { name: 'priceStats', min: 1500, max: 8999, mean: 35996 / 9, sum: 35996, count: 9 },
    ]);
  });
});

test.describe('product search: errors', () => {
  test('malformed requests are 400 InvalidInput naming the problem', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const cases: Array<[unknown, string]> = [
      [{ query: { exacts: { field: 'key', value: 'x' } } }, "unknown search expression 'exacts'"],
      [{ query: { exact: { field: 'variants.attributes.color', value: 'red' } } }, 'a fieldType is required'],
      [{ query: { exact: { field: 'colour', value: 'red' } } }, "'colour' is not a searchable field"],
      [{ query: { fullText: { field: 'name', value: 'shirt' } } }, 'a language is required'],
      [{ query: { and: [] } }, 'query.and: must be a non-empty array'],
      [{ query: { and: [color('red')], or: [color('blue')] } }, 'exactly one of'],
      [{ query: { range: { field: 'variants.prices.centAmount' } } }, 'needs at least one of gt, gte, lt, lte'],
      [{ query: { fuzzy: { field: 'name', language: 'en', value: 'x', level: 3 } } }, 'query.fuzzy.level'],
      [{ sort: [{ field: 'name', order: 'up' }] }, 'sort[0].order'],
      [{ sort: [{ field: 'name', order: 'asc' }] }, 'sort[0].language'],
      [{ facets: [{ terms: { name: 'x' } }] }, "unknown facet 'terms'"],
      [{ queries: {} }, 'queries: is not a field'],
    ];
    for (const [body, message] of cases) {
      const response = await sdkFailure(
        apiRoot
          .products()
          .search()
          .post({ body: body as ProductSearchRequest })
          .execute(),
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body.errors[0]!.code).toBe('InvalidInput');
      expect(response.body.message, JSON.stringify(body)).toContain(message);
    }
  });
});
