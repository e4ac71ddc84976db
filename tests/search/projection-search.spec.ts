/** Product projection search through the official SDK: text, fuzzy, filters, facets, sorting, prices, paging, errors. */
import type { ByProjectKeyRequestBuilder, ProductProjectionPagedSearchResponse, ProductVariant } from '@commercetools/platform-sdk';
import { productDiscountFactory } from '../../factories/index.js';
import { expect, sdkFailure, test } from '../support/sdk.js';
import { keys, keySet, seedCatalog } from './catalog.js';

type Args = Record<string, string | string[] | number | boolean>;

const searcher = (apiRoot: ByProjectKeyRequestBuilder) => async (queryArgs: Args) =>
  (await apiRoot.productProjections().search().get({ queryArgs }).execute()).body;

const failure = (apiRoot: ByProjectKeyRequestBuilder, queryArgs: Args) =>
  sdkFailure(apiRoot.productProjections().search().get({ queryArgs }).execute());

const variantsOf = (page: ProductProjectionPagedSearchResponse, key: string): ProductVariant[] => {
  const product = page.results.find((p) => p.key === key)!;
  return [product.masterVariant, ...product.variants];
};

test.describe('product projection search: full text', () => {
  test('text.<locale> is tokenised and case-insensitive; every token must match; published products only', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const search = searcher(apiRoot);
    expect(keySet(await search({ 'text.en': 'shirt' }))).toEqual(['shirt-blue', 'shirt-red']);
    expect(keySet(await search({ 'text.en': 'SHIRT' }))).toEqual(['shirt-blue', 'shirt-red']);
    expect(keySet(await search({ 'text.en': 'red  shirt!' }))).toEqual(['shirt-red']);
    expect(keySet(await search({ 'text.en': 'cotton' }))).toEqual(['shirt-blue', 'shirt-red']);
    // Not published: only with staged=true.
    expect((await search({ 'text.en': 'sweater' })).total).toBe(0);
    expect(keys(await search({ 'text.en': 'sweater', staged: true }))).toEqual(['sweater-black']);
    // No stemming: a plural does not find the singular.
    expect((await search({ 'text.en': 'shirts' })).total).toBe(0);
  });

  test('searches name, description, slug, search keywords, SKUs and searchable attributes, in the given language', async ({
    mock,
    apiRoot,
  }) => {
    seedCatalog(mock);
    const search = searcher(apiRoot);
    expect(keys(await search({ 'text.en': 'breathable' }))).toEqual(['shirt-blue']); // description
    expect(keys(await search({ 'text.en': 'summer' }))).toEqual(['shirt-red']); // search keywords
    expect(keys(await search({ 'text.en': 'shirt-blue' }))).toEqual(['shirt-blue']); // slug (and name)
    expect(keys(await search({ 'text.en': 'PANTS-BLUE-L' }))).toEqual(['pants-blue']); // SKU
    expect(keys(await search({ 'text.en': 'mesh' }))).toEqual(['shoes-green']); // ltext attribute, en
    expect((await search({ 'text.en': 'netz' })).total).toBe(0);
    expect(keys(await search({ 'text.de': 'netz' }))).toEqual(['shoes-green']); // ltext attribute, de
    expect(keys(await search({ 'text.de': 'baumwollhemd' }))).toEqual(['shirt-red']);
    expect(keys(await search({ 'text.de': 'red' }))).toEqual(['shirt-red']); // text attributes are searched in every language
    // weight is not searchable
    expect((await search({ 'text.en': '300' })).total).toBe(0);
  });

  test('relevance: score desc by default with text; an explicit sort wins', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const search = searcher(apiRoot);
    // "running" is in the shoes' name and in the red shirt's description: the name weighs more.
    expect(keys(await search({ 'text.en': 'running' }))).toEqual(['shoes-green', 'shirt-red']);
    expect(keys(await search({ 'text.en': 'running', sort: 'name.en desc' }))).toEqual(['shirt-red', 'shoes-green']);
    expect(keys(await search({ 'text.en': 'running', sort: 'score asc' }))).toEqual(['shirt-red', 'shoes-green']);
    // Paged by score: each page is its slice of the whole order; equal scores keep storage order.
    expect(keys(await search({ 'text.en': 'running', limit: 1, offset: 1 }))).toEqual(['shirt-red']);
    expect(await search({ 'text.en': 'running', limit: 1, offset: 2 })).toMatchObject({ count: 0, total: 2 });
    expect(keys(await search({ 'text.en': 'cotton' }))).toEqual(['shirt-red', 'shirt-blue']);
    expect(keys(await search({ 'text.en': 'cotton', limit: 1, offset: 1 }))).toEqual(['shirt-blue']);
    expect(keys(await search({ 'text.en': 'cotton', sort: 'score asc', limit: 1 }))).toEqual(['shirt-red']);
  });

  test('a SKU in the text marks only that variant as matching', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const page = await searcher(apiRoot)({ 'text.en': 'SHIRT-RED-M', markMatchingVariants: true });
    expect(variantsOf(page, 'shirt-red').map((v) => [v.sku, v.isMatchingVariant])).toEqual([
      ['SHIRT-RED-S', false],
      ['SHIRT-RED-M', true],
      ['SHIRT-RED-L', false],
    ]);
  });

  test('fuzzy search within the edit distance of the fuzzy level', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const search = searcher(apiRoot);
    expect((await search({ 'text.en': 'shrit' })).total).toBe(0);
    expect(keySet(await search({ 'text.en': 'shrit', fuzzy: true }))).toEqual(['shirt-blue', 'shirt-red']); // transposition
    expect(keySet(await search({ 'text.en': 'cottn shirt', fuzzy: true }))).toEqual(['shirt-blue', 'shirt-red']);
    expect((await search({ 'text.en': 'shrit', fuzzy: true, fuzzyLevel: 0 })).total).toBe(0);
    expect(keys(await search({ 'text.en': 'pantz', fuzzy: true, fuzzyLevel: 1 }))).toEqual(['pants-blue']);
    // 5 characters: the default level is 1, and a higher one is refused.
    const tooFuzzy = await failure(apiRoot, { 'text.en': 'shrit', fuzzy: true, fuzzyLevel: 2 });
    expect(tooFuzzy.statusCode).toBe(400);
    expect(tooFuzzy.body.errors[0]).toMatchObject({ code: 'InvalidInput' });
    expect(tooFuzzy.body.message).toContain('fuzzyLevel');
  });
});

test.describe('product projection search: filters', () => {
  test('the filter syntax of the reference', async ({ mock, apiRoot }) => {
    const { categories, productType } = seedCatalog(mock);
    const search = searcher(apiRoot);
    const filtered = async (...filter: string[]) => keySet(await search({ 'filter.query': filter }));
    expect(await filtered('variants.attributes.color:"red"')).toEqual(['shirt-red']);
    expect(await filtered('variants.attributes.color:"red","green"')).toEqual(['shirt-red', 'shoes-green']);
    expect(await filtered('variants.attributes.size.key:"L"')).toEqual(['pants-blue', 'shirt-red']);
    expect(await filtered('variants.attributes.weight:300')).toEqual(['shoes-green']);
    expect(await filtered('variants.attributes.organic:true')).toEqual(['shoes-green']);
    expect(await filtered(`categories.id:"${categories.shirts.id}"`)).toEqual(['shirt-blue', 'shirt-red']);
    expect(await filtered(`categories.id:"${categories.clothing.id}"`)).toEqual([]);
    expect(await filtered(`categories.id: subtree("${categories.clothing.id}")`)).toEqual(['pants-blue', 'shirt-blue', 'shirt-red']);
    expect(await filtered(`categories.id: subtree("${categories.pants.id}"), "${categories.shirts.id}"`)).toEqual([
      'pants-blue',
      'shirt-blue',
      'shirt-red',
    ]);
    expect(await filtered(`productType.id:"${productType.id}"`)).toEqual(['pants-blue', 'shirt-blue', 'shirt-red', 'shoes-green']);
    expect(await filtered('variants.sku:"SHIRT-BLUE-M"')).toEqual(['shirt-blue']);
    expect(await filtered('variants.price.centAmount:range (1 to 2000)')).toEqual(['shirt-blue', 'shirt-red']);
    expect(await filtered('variants.price.centAmount:range (0 to 1999), (8000 to *)')).toEqual(['shirt-blue', 'shirt-red', 'shoes-green']);
    expect(await filtered('variants.price.centAmount:range (* to 1499)')).toEqual([]);
    expect(await filtered('key:exists')).toEqual(['pants-blue', 'shirt-blue', 'shirt-red', 'shoes-green']);
    expect(await filtered('categories:missing')).toEqual(['shoes-green']);
    expect(await filtered('categories:exists')).toEqual(['pants-blue', 'shirt-blue', 'shirt-red']);
    expect(await filtered('variants.attributes.size:missing')).toEqual(['shoes-green']);
    expect(await filtered('key:"pants-blue","shoes-green"')).toEqual(['pants-blue', 'shoes-green']);
  });

  test('several filters must all hold, for the same variant', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const search = searcher(apiRoot);
    // red and size M: the red shirt's M variant.
    const page = await search({
      'filter.query': ['variants.attributes.color:"red"', 'variants.attributes.size.key:"M"'],
      markMatchingVariants: true,
    });
    expect(keys(page)).toEqual(['shirt-red']);
    expect(variantsOf(page, 'shirt-red').map((v) => v.isMatchingVariant)).toEqual([false, true, false]);
    // size S and a price from 2000: no single variant has both.
    expect(
      (await search({ 'filter.query': ['variants.attributes.size.key:"S"', 'variants.price.centAmount:range (2000 to *)'] })).total,
    ).toBe(0);
    // text and filters together
    expect(keys(await search({ 'text.en': 'blue', filter: 'variants.attributes.size.key:"L"' }))).toEqual(['pants-blue']);
  });

  test('filter.query and filter narrow the results; facets see filter.query only', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const search = searcher(apiRoot);
    const facet = 'variants.attributes.color';
    const afterQuery = await search({ 'filter.query': 'variants.attributes.color:"red"', facet });
    expect(keys(afterQuery)).toEqual(['shirt-red']);
    expect(afterQuery.facets![facet]).toMatchObject({ total: 3, terms: [{ term: 'red', count: 3 }] });
    const afterFilter = await search({ filter: 'variants.attributes.color:"red"', facet });
    expect(keys(afterFilter)).toEqual(['shirt-red']);
    expect(afterFilter.facets![facet]).toMatchObject({
      total: 8,
      terms: [
        { term: 'blue', count: 4 },
        { term: 'red', count: 3 },
        { term: 'green', count: 1 },
      ],
    });
  });

  test('filter.facets narrows the facets, not the results, and not the facet on its own field', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const page = await searcher(apiRoot)({
      'filter.facets': 'variants.attributes.size.key:"M"',
      facet: ['variants.attributes.color', 'variants.attributes.size.key'],
    });
    expect(page.total).toBe(4);
    expect(page.facets!['variants.attributes.color']).toMatchObject({
      total: 3,
      terms: [
        { term: 'blue', count: 2 },
        { term: 'red', count: 1 },
      ],
    });
    // The size facet ignores the size filter (multi-select faceting).
    expect(page.facets!['variants.attributes.size.key']).toMatchObject({ total: 7, missing: 1 });
  });
});

test.describe('product projection search: facets', () => {
  test('term, range and filter facets in the platform shape, with aliases', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const page = await searcher(apiRoot)({
      limit: 0,
      facet: [
        'variants.attributes.size.key',
        'variants.price.centAmount:range (0 to 2000), (2000 to *)',
        'variants.attributes.color:"red" as red-things',
        'variants.attributes.weight',
        'variants.attributes.organic as organic',
      ],
    });
    expect(page).toMatchObject({ count: 0, total: 4, results: [] });
    expect(page.facets).toEqual({
      'variants.attributes.size.key': {
        type: 'terms',
        dataType: 'text',
        missing: 1,
        total: 7,
        other: 0,
        terms: [
          { term: 'M', count: 3 },
          { term: 'L', count: 2 },
          { term: 'S', count: 2 },
        ],
      },
      'variants.price.centAmount:range (0 to 2000), (2000 to *)': {
        type: 'range',
        ranges: [
          { from: 0, fromStr: '0', to: 2000, toStr: '2000', count: 3, total: 4999, min: 1500, max: 1999, mean: 4999 / 3 },
          // The pants' M variant also has a USD price (6000): facets count every embedded price.
          { from: 2000, fromStr: '2000', to: 0, toStr: '', count: 5, total: 30997, min: 2499, max: 8999, mean: 30997 / 6 },
        ],
      },
      'red-things': { type: 'filter', count: 3 },
      'variants.attributes.weight': {
        type: 'terms',
        dataType: 'number',
        missing: 7,
        total: 1,
        other: 0,
        terms: [{ term: '300.0', count: 1 }],
      },
      organic: { type: 'terms', dataType: 'boolean', missing: 7, total: 1, other: 0, terms: [{ term: 'T', count: 1 }] },
    });
  });

  test('counting products adds productCount and orders terms by it', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const page = await searcher(apiRoot)({
      facet: [
        'variants.attributes.color counting products',
        'variants.attributes.color:"blue" counting products as blue',
        'variants.price.centAmount:range (* to 2000) counting products as cheap',
      ],
    });
    expect(page.facets!['variants.attributes.color']).toEqual({
      type: 'terms',
      dataType: 'text',
      missing: 0,
      total: 8,
      other: 0,
      terms: [
        { term: 'blue', count: 4, productCount: 2 },
        { term: 'red', count: 3, productCount: 1 },
        { term: 'green', count: 1, productCount: 1 },
      ],
    });
    expect(page.facets!.blue).toEqual({ type: 'filter', count: 4, productCount: 2 });
    expect(page.facets!.cheap).toMatchObject({
      type: 'range',
      ranges: [{ from: 0, fromStr: '', to: 2000, toStr: '2000', count: 3, productCount: 2 }],
    });
  });

  test('product-level term facets count products', async ({ mock, apiRoot }) => {
    const { categories } = seedCatalog(mock);
    const page = await searcher(apiRoot)({ facet: 'categories.id' });
    expect(page.facets!['categories.id']).toEqual({
      type: 'terms',
      dataType: 'text',
      missing: 1,
      total: 3,
      other: 0,
      terms: [
        { term: categories.shirts.id, count: 2 },
        { term: categories.pants.id, count: 1 },
      ],
    });
  });
});

test.describe('product projection search: sorting, paging, response', () => {
  test('sort by name, key, creation, variant fields (lowest ascending, highest descending), several keys', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const search = searcher(apiRoot);
    expect(keys(await search({ sort: 'name.en asc' }))).toEqual(['shirt-blue', 'pants-blue', 'shoes-green', 'shirt-red']);
    expect(keys(await search({ sort: 'key desc' }))).toEqual(['shoes-green', 'shirt-red', 'shirt-blue', 'pants-blue']);
    // Seeded within the same millisecond: equal creation times keep the catalog order.
    expect(keys(await search({ sort: 'createdAt asc' }))).toEqual(['shirt-red', 'shirt-blue', 'pants-blue', 'shoes-green']);
    expect(keys(await search({ sort: 'variants.price.centAmount asc' }))).toEqual(['shirt-blue', 'shirt-red', 'pants-blue', 'shoes-green']);
    expect(keys(await search({ sort: 'variants.price.centAmount desc' }))).toEqual([
      'shoes-green',
      'pants-blue',
      'shirt-red',
      'shirt-blue',
    ]);
    expect(keys(await search({ sort: ['variants.attributes.color asc', 'name.en desc'] }))).toEqual([
      'pants-blue',
      'shirt-blue',
      'shoes-green',
      'shirt-red',
    ]);
    // Products without a value come last in either direction.
    expect(keys(await search({ sort: 'variants.attributes.size.key desc' })).at(-1)).toBe('shoes-green');
    expect(keys(await search({ sort: 'variants.attributes.size.key asc' })).at(-1)).toBe('shoes-green');
  });

  test('paging and the response envelope', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const page = await searcher(apiRoot)({ sort: 'name.en asc', limit: 2, offset: 1 });
    expect(Object.keys(page)).toEqual(['limit', 'offset', 'count', 'total', 'results', 'facets']);
    expect(page).toMatchObject({ limit: 2, offset: 1, count: 2, total: 4, facets: {} });
    expect(keys(page)).toEqual(['pants-blue', 'shoes-green']);
    const defaults = await searcher(apiRoot)({});
    expect(defaults).toMatchObject({ limit: 20, offset: 0, count: 4, total: 4 });
    expect(keys(defaults)).toEqual(['shirt-red', 'shirt-blue', 'pants-blue', 'shoes-green']);
    expect((await failure(apiRoot, { limit: 501 })).statusCode).toBe(400);
    expect((await failure(apiRoot, { offset: 10_001 })).statusCode).toBe(400);
    expect((await searcher(apiRoot)({ limit: 500, offset: 10_000 })).count).toBe(0);
  });

  test('results are product projections; staged; expand', async ({ mock, apiRoot }) => {
    const { products } = seedCatalog(mock);
    const search = searcher(apiRoot);
    const page = await search({ 'filter.query': 'key:"shirt-red"', expand: 'productType' });
    const byId = (await apiRoot.productProjections().withId({ ID: products.shirtRed.id }).get().execute()).body;
    const { productType, ...rest } = page.results[0]!;
    const { productType: plainType, ...plainRest } = byId;
    expect(rest).toEqual(plainRest);
    expect(productType).toMatchObject({ typeId: 'product-type', id: plainType.id, obj: { key: 'default-product-type' } });
    expect((await search({ staged: true })).total).toBe(5);
  });

  test('POST takes the same parameters form-encoded', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const args = new URLSearchParams([
      ['text.en', 'shirt'],
      ['filter', 'variants.attributes.color:"red"'],
      ['facet', 'variants.attributes.color'],
      ['markMatchingVariants', 'true'],
    ]);
    const posted = (await apiRoot.productProjections().search().post({ body: args.toString() }).execute()).body;
    const got = await searcher(apiRoot)({
      'text.en': 'shirt',
      filter: 'variants.attributes.color:"red"',
      facet: 'variants.attributes.color',
      markMatchingVariants: true,
    });
    expect(posted).toEqual(got);
    expect(keys(posted)).toEqual(['shirt-red']);
    // Form bodies the way other clients send them: raw, not JSON-quoted.
    const raw = mock.handle({
      method: 'POST',
      url: `/${mock.options.defaultProjectKey}/product-projections/search`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: args.toString(),
    });
    expect(raw.body).toEqual(got);
  });
});

test.describe('product projection search: prices', () => {
  test('price selection adds price, scopedPrice and scopedPriceDiscounted', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    mock.data.seed(productDiscountFactory.relative(10).where('sku = "SHIRT-RED-M"').build());
    const page = await searcher(apiRoot)({ 'filter.query': 'key:"shirt-red"', priceCurrency: 'EUR' });
    const [small, medium] = variantsOf(page, 'shirt-red');
    expect(small!.price!.value.centAmount).toBe(1999);
    expect(small!.scopedPrice).toEqual({
      id: small!.prices![0]!.id,
      value: small!.prices![0]!.value,
      currentValue: small!.prices![0]!.value,
    });
    expect(small!.scopedPriceDiscounted).toBe(false);
    expect(medium!.scopedPrice).toMatchObject({
      value: { centAmount: 2499 },
      currentValue: { centAmount: 2249 },
      discounted: { value: { centAmount: 2249 } },
    });
    expect(medium!.scopedPriceDiscounted).toBe(true);
    expect(medium!.price!.discounted!.value.centAmount).toBe(2249);
    // Without price selection: none of these fields.
    const plain = await searcher(apiRoot)({ 'filter.query': 'key:"shirt-red"' });
    expect(plain.results[0]!.masterVariant).not.toHaveProperty('scopedPrice');
    expect(plain.results[0]!.masterVariant).not.toHaveProperty('price');
  });

  test('scoped price filters, facets and sorting', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    mock.data.seed(productDiscountFactory.relative(10).where('sku = "SHIRT-RED-M"').build());
    const search = searcher(apiRoot);
    const discounted = await search({
      priceCurrency: 'EUR',
      filter: 'variants.scopedPrice.currentValue.centAmount:range (2200 to 2300)',
      markMatchingVariants: true,
    });
    expect(keys(discounted)).toEqual(['shirt-red']);
    expect(variantsOf(discounted, 'shirt-red').map((v) => v.isMatchingVariant)).toEqual([false, true, false]);
    // The original value is not in that range.
    expect((await search({ priceCurrency: 'EUR', filter: 'variants.scopedPrice.value.centAmount:range (2200 to 2300)' })).total).toBe(0);
    expect(keys(await search({ priceCurrency: 'EUR', filter: 'variants.scopedPriceDiscounted:true' }))).toEqual(['shirt-red']);
    // Only the pants have a USD price; the others sort last.
    expect(keys(await search({ priceCurrency: 'USD', sort: 'variants.scopedPrice.currentValue.centAmount asc' }))[0]).toBe('pants-blue');
    expect(keys(await search({ priceCurrency: 'USD', 'filter.query': 'variants.scopedPrice.currentValue.centAmount:exists' }))).toEqual([
      'pants-blue',
    ]);
    const facets = await search({
      priceCurrency: 'EUR',
      facet: 'variants.scopedPrice.currentValue.centAmount:range (0 to 2500)',
      limit: 0,
    });
    expect(facets.facets!['variants.scopedPrice.currentValue.centAmount:range (0 to 2500)']).toMatchObject({
      ranges: [{ count: 4, total: 1999 + 2249 + 1500 + 1500, min: 1500, max: 2249 }],
    });
  });

  test('sort by price: the variant prices themselves without price selection, the scoped price with it', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    mock.data.seed(productDiscountFactory.relative(90).where('sku = "PANTS-BLUE-M" or sku = "PANTS-BLUE-L"').build());
    const search = searcher(apiRoot);
    // Ascending by each product's lowest price, descending by its highest, discounts not applied.
    expect(keys(await search({ sort: 'price asc' }))).toEqual(['shirt-blue', 'shirt-red', 'pants-blue', 'shoes-green']);
    expect(keys(await search({ sort: 'price desc' }))).toEqual(['shoes-green', 'pants-blue', 'shirt-red', 'shirt-blue']);
    // With a price selection: the selected price after product discounts (pants: 500 and 550 EUR cents).
    expect(keys(await search({ priceCurrency: 'EUR', sort: 'price asc' }))).toEqual([
      'pants-blue',
      'shirt-blue',
      'shirt-red',
      'shoes-green',
    ]);
    // Only the pants have a USD price: the others have no value and sort last, whatever the direction.
    expect(keys(await search({ priceCurrency: 'USD', sort: 'price desc' }))[0]).toBe('pants-blue');
    expect(keys(await search({ priceCurrency: 'USD', sort: 'price asc' }))[0]).toBe('pants-blue');
  });

  test('scoped price fields need priceCurrency; the other price parameters need it too', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const scoped = await failure(apiRoot, { filter: 'variants.scopedPrice.currentValue.centAmount:range (* to 1000)' });
    expect(scoped.statusCode).toBe(400);
    expect(scoped.body.errors[0]).toMatchObject({ code: 'InvalidInput' });
    expect(scoped.body.message).toContain('priceCurrency');
    expect((await failure(apiRoot, { priceCountry: 'DE' })).body.errors[0]!.code).toBe('InvalidInput');
    expect((await failure(apiRoot, { priceCurrency: 'euro' })).statusCode).toBe(400);
  });
});

test.describe('product projection search: errors', () => {
  test('malformed expressions and parameters are 400 InvalidInput naming the problem', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const cases: Array<[Args, string]> = [
      [{ 'filter.query': 'variants.attributes.color:red' }, "filter.query: Syntax error while parsing 'variants.attributes.color:red'"],
      [{ filter: 'variants.attributes.color' }, "filter: Syntax error while parsing 'variants.attributes.color': Expected ':'"],
      [{ 'filter.facets': 'variants.price.centAmount:range (0 to )' }, 'filter.facets: Syntax error'],
      [{ filter: 'categories.id:subtree(123)' }, 'Expected a category id in quotes'],
      [{ facet: 'variants.attributes.color:"red" as' }, 'facet: Syntax error'],
      [{ facet: 'variants.attributes.color counting variants' }, "Expected 'products'"],
      [{ filter: 'variants.attributes.color:"red' }, 'Unterminated string literal'],
      [{ sort: 'name.en' }, 'Malformed parameter: sort'],
      [{ staged: 'maybe' }, 'Malformed parameter: staged'],
      [{ markMatchingVariants: 'yes' }, 'Malformed parameter: markMatchingVariants'],
      [{ 'text.english': 'shirt' }, 'Malformed parameter: text.english'],
      [{ fuzzy: true, fuzzyLevel: 3, 'text.en': 'shirts' }, 'Malformed parameter: fuzzyLevel'],
    ];
    for (const [args, message] of cases) {
      const response = await failure(apiRoot, args);
      expect(response.statusCode, JSON.stringify(args)).toBe(400);
      expect(response.body.errors[0]!.code).toBe('InvalidInput');
      expect(response.body.message, JSON.stringify(args)).toContain(message);
    }
  });
});

test.describe('search term suggestions', () => {
  test('complete search keywords by prefix, per tokenizer', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const suggest = async (queryArgs: Args) => (await apiRoot.productProjections().suggest().get({ queryArgs }).execute()).body;
    expect(await suggest({ 'searchKeywords.en': 'sum' })).toEqual({ 'searchKeywords.en': [{ text: 'Summer top' }] });
    // No tokenizer: the whole keyword is the input.
    expect(await suggest({ 'searchKeywords.en': 'top' })).toEqual({ 'searchKeywords.en': [] });
    // Whitespace tokenizer: every word starts an input.
    expect(await suggest({ 'searchKeywords.en': 'wea' })).toEqual({ 'searchKeywords.en': [{ text: 'Casual wear' }] });
    expect(await suggest({ 'searchKeywords.en': 'smmer', fuzzy: true })).toEqual({ 'searchKeywords.en': [{ text: 'Summer top' }] });
    expect(await suggest({ 'searchKeywords.en': 's', 'searchKeywords.de': 's' })).toEqual({
      'searchKeywords.en': [{ text: 'Summer top' }],
      'searchKeywords.de': [],
    });
  });
});
