/**
 * The search index follows every write: product updates, publishing, deletion, product type changes,
 * new categories and discounts are visible to the next search (no stale results).
 */
import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import { categoryFactory, productDiscountFactory, productFactory, productTypeFactory } from '../../factories/index.js';
import { expect, test } from '../support/sdk.js';
import { createCommerceMock } from '../../src/index.js';
import { MemoryStorage } from '../../src/storage/memory.js';
import type { StorageBackend } from '../../src/storage/backend.js';
import { temporarySqlite } from '../storage/backends.js';
import { keySet, keys, seedCatalog } from './catalog.js';

const searcher = (apiRoot: ByProjectKeyRequestBuilder) => async (queryArgs: Record<string, string | string[] | boolean>) =>
  (await apiRoot.productProjections().search().get({ queryArgs }).execute()).body;

async function product(apiRoot: ByProjectKeyRequestBuilder, key: string) {
  return (await apiRoot.products().withKey({ key }).get().execute()).body;
}

const BACKENDS = [
  ['memory', () => new MemoryStorage()],
  ['sqlite', () => temporarySqlite()],
] as const;

/**
 * A mock on `storage`, a GET through it, and how many times its GETs scanned the product collection
 * (a walk of the catalog; writes may scan for their own reasons, so only scans during a GET count).
 */
function countingProductScans(storage: StorageBackend) {
  let scans = 0;
  let getting = false;
  const scan = storage.scan.bind(storage);
  storage.scan = (project, typeId) => {
    if (getting && typeId === 'product') scans++;
    return scan(project, typeId);
  };
  const mock = createCommerceMock({ storage });
  const get = (url: string) => {
    getting = true;
    try {
      return mock.handle({ method: 'GET', url });
    } finally {
      getting = false;
    }
  };
  return { mock, get, scans: () => scans };
}

test.describe('search index freshness', () => {
  test('updates, publishing, unpublishing and deletion show in the next search', async ({ mock, apiRoot }) => {
    seedCatalog(mock);
    const search = searcher(apiRoot);
    expect((await search({ 'text.en': 'trainers' })).total).toBe(0);
    expect(keys(await search({ 'text.en': 'hiking' }))).toEqual(['shoes-green']);
    let shoes = await product(apiRoot, 'shoes-green');
    shoes = (
      await apiRoot
        .products()
        .withId({ ID: shoes.id })
        .post({
          body: {
            version: shoes.version,
            actions: [
              { action: 'changeName', name: { en: 'Green Trainers' }, staged: false },
              { action: 'setDescription', description: { en: 'Trail ready.' }, staged: false },
            ],
          },
        })
        .execute()
    ).body;
    expect(keys(await search({ 'text.en': 'trainers' }))).toEqual(['shoes-green']);
    expect((await search({ 'text.en': 'hiking' })).total).toBe(0);

    // A staged-only change: the staged view sees it, the current one does not.
    shoes = (
      await apiRoot
        .products()
        .withId({ ID: shoes.id })
        .post({ body: { version: shoes.version, actions: [{ action: 'setAttributeInAllVariants', name: 'color', value: 'olive' }] } })
        .execute()
    ).body;
    expect((await search({ 'filter.query': 'variants.attributes.color:"olive"' })).total).toBe(0);
    expect(keys(await search({ 'filter.query': 'variants.attributes.color:"olive"', staged: true }))).toEqual(['shoes-green']);
    shoes = (
      await apiRoot
        .products()
        .withId({ ID: shoes.id })
        .post({ body: { version: shoes.version, actions: [{ action: 'publish' }] } })
        .execute()
    ).body;
    expect(keys(await search({ 'filter.query': 'variants.attributes.color:"olive"' }))).toEqual(['shoes-green']);

    // Publishing the sweater adds it to the current view; unpublishing removes it.
    let sweater = await product(apiRoot, 'sweater-black');
    sweater = (
      await apiRoot
        .products()
        .withId({ ID: sweater.id })
        .post({ body: { version: sweater.version, actions: [{ action: 'publish' }] } })
        .execute()
    ).body;
    expect(keys(await search({ 'text.en': 'sweater' }))).toEqual(['sweater-black']);
    sweater = (
      await apiRoot
        .products()
        .withId({ ID: sweater.id })
        .post({ body: { version: sweater.version, actions: [{ action: 'unpublish' }] } })
        .execute()
    ).body;
    expect((await search({ 'text.en': 'sweater' })).total).toBe(0);

    // Deleted: gone from both views.
    await apiRoot
      .products()
      .withId({ ID: sweater.id })
      .delete({ queryArgs: { version: sweater.version } })
      .execute();
    expect((await search({ 'text.en': 'sweater', staged: true })).total).toBe(0);
    const facets = await search({ facet: 'variants.attributes.color', staged: true, limit: '0' });
    expect(facets.facets!['variants.attributes.color']).toMatchObject({ total: 8 });

    // New products are found; the Product Search API shares the index.
    mock.data.seed(productFactory.published().build({ key: 'hat', name: { en: 'Olive Bucket Hat' }, description: { en: 'A hat.' } }));
    expect(keySet(await search({ 'text.en': 'olive' }))).toEqual(['hat', 'shoes-green']); // the shoes' color is olive now
    const productSearch = (
      await apiRoot
        .products()
        .search()
        .post({ body: { query: { fullText: { field: 'name', language: 'en', value: 'bucket' } } } })
        .execute()
    ).body;
    expect(productSearch.total).toBe(1);
  });

  test('product type changes (isSearchable) re-index the catalog', async ({ mock, apiRoot }) => {
    const { productType } = seedCatalog(mock);
    const search = searcher(apiRoot);
    expect(keys(await search({ 'text.en': 'mesh' }))).toEqual(['shoes-green']);
    const type = (await apiRoot.productTypes().withId({ ID: productType.id }).get().execute()).body;
    await apiRoot
      .productTypes()
      .withId({ ID: type.id })
      .post({
        body: { version: type.version, actions: [{ action: 'changeIsSearchable', attributeName: 'material', isSearchable: false }] },
      })
      .execute();
    expect((await search({ 'text.en': 'mesh' })).total).toBe(0);
  });

  test('category trees, discounts and clearing the mock are read fresh', async ({ mock, apiRoot }) => {
    const { categories } = seedCatalog(mock);
    const search = searcher(apiRoot);
    const subtree = { 'filter.query': `categories.id: subtree("${categories.clothing.id}")` };
    expect((await search(subtree)).total).toBe(3);
    mock.data.seed([
      categoryFactory.childOf('shirts').build({ key: 'polos' }),
      productFactory
        .inCategories('polos')
        .published()
        .build({ key: 'polo', name: { en: 'Polo' }, description: { en: 'Polo.' } }),
    ]);
    expect(keySet(await search(subtree))).toEqual(['pants-blue', 'polo', 'shirt-blue', 'shirt-red']);

    const cheap = { priceCurrency: 'EUR', 'filter.query': 'variants.scopedPrice.currentValue.centAmount:range (* to 1000)' };
    expect((await search(cheap)).total).toBe(0);
    mock.data.seed(productDiscountFactory.relative(50).where('sku = "SHIRT-BLUE-S"').build());
    expect(keys(await search(cheap))).toEqual(['shirt-blue']);

    mock.state.clear();
    expect((await search({})).total).toBe(0);
  });

  for (const [label, make] of BACKENDS) {
    test(`on the ${label} backend, a search re-indexes the products written since the last one without walking them all`, () => {
      const storage: StorageBackend = make();
      const { mock, get, scans } = countingProductScans(storage);
      seedCatalog(mock);
      const search = (query: string) => {
        const response = get(`/test-project/product-projections/search?${query}`);
        expect(response.status).toBe(200);
        return keys(response.body as never);
      };
      expect(search('text.en=hiking')).toEqual(['shoes-green']);
      const afterFirst = scans();
      expect(afterFirst).toBeGreaterThan(0);
      expect(search('text.en=hiking')).toEqual(['shoes-green']);
      expect(search('filter.query=variants.attributes.color:"green"')).toEqual(['shoes-green']);
      expect(scans()).toBe(afterFirst);

      const shoes = mock.data.all<{ id: string; version: number; key: string }>('product').find((p) => p.key === 'shoes-green')!;
      mock.data.update('product', shoes.id, {
        version: shoes.version,
        actions: [{ action: 'changeName', name: { en: 'Green Trainers' }, staged: false }],
      });
      expect(search('text.en=trainers')).toEqual(['shoes-green']);
      // The storage named the one product written: it was re-indexed without a walk.
      expect(scans()).toBe(afterFirst);
      // A failed update (a version conflict) writes nothing: the next search still walks nothing.
      expect(() =>
        mock.data.update('product', shoes.id, { version: 1, actions: [{ action: 'changeName', name: { en: 'Stale' } }] }),
      ).toThrow();
      expect(search('text.en=trainers')).toEqual(['shoes-green']);
      expect(scans()).toBe(afterFirst);

      // A rolled back write is not seen; the storage cannot list what it undid, so the search walks.
      const written = mock.data.get<Record<string, unknown> & { id: string; version: number }>('product', shoes.id)!;
      expect(() =>
        storage.transaction(() => {
          const masterData = structuredClone(written.masterData) as { current: { name: object } };
          masterData.current.name = { en: 'Rolled Back Boots' };
          storage.write(
            'test-project',
            'product',
            { ...written, masterData, version: written.version + 1 },
            { expectedVersion: written.version, key: 'shoes-green' },
          );
          throw new Error('undone');
        }),
      ).toThrow('undone');
      expect(search('text.en=boots')).toEqual([]);
      expect(search('text.en=trainers')).toEqual(['shoes-green']);
      expect(scans()).toBe(afterFirst + 1);

      // A new product goes last, as in storage order, without a walk.
      mock.data.seed(productFactory.published().build({ key: 'trail-trainers', name: { en: 'Trail Trainers' } }));
      expect(search('text.en=trainers')).toEqual(['shoes-green', 'trail-trainers']);
      expect(scans()).toBe(afterFirst + 1);

      // Publishing a product the current view did not hold: its place is not in the changes, so a walk.
      const sweater = mock.data.all<{ id: string; version: number; key: string }>('product').find((p) => p.key === 'sweater-black')!;
      mock.data.update('product', sweater.id, { version: sweater.version, actions: [{ action: 'publish' }] });
      expect(search('text.en=sweater')).toEqual(['sweater-black']);
      expect(scans()).toBe(afterFirst + 2);

      const current = mock.data.get<{ version: number }>('product', shoes.id)!;
      const deleted = mock.handle({ method: 'DELETE', url: `/test-project/products/${shoes.id}?version=${current.version}` });
      expect(deleted.status).toBe(200);
      expect(search('text.en=trainers')).toEqual(['trail-trainers']);
      expect(scans()).toBe(afterFirst + 2);

      // Restore and clear: the changes since are unknown, the next search walks and answers from the storage.
      const snapshot = mock.state.snapshot();
      mock.data.seed(productFactory.published().build({ key: 'road-trainers', name: { en: 'Road Trainers' } }));
      expect(search('text.en=trainers')).toEqual(['trail-trainers', 'road-trainers']);
      mock.state.restore(snapshot);
      expect(search('text.en=trainers')).toEqual(['trail-trainers']);
      expect(scans()).toBe(afterFirst + 3);
      mock.state.clear();
      expect(search('text.en=trainers')).toEqual([]);
      storage.close?.();
    });
  }

  for (const [label, make] of BACKENDS) {
    test(`on the ${label} backend, a seed of 1,000 products builds the index: the first search walks nothing; a smaller seed leaves it to the search`, () => {
      const storage: StorageBackend = make();
      const { mock, get, scans } = countingProductScans(storage);
      const search = (query: string) => {
        const response = get(`/test-project/product-projections/search?${query}`);
        expect(response.status).toBe(200);
        return response.body as { total: number; results: Array<{ key: string }> };
      };
      mock.data.seed(productTypeFactory.asDefault().build());
      const products = productFactory.published().buildList(999);
      products.push(productFactory.published().build({ key: 'needle', name: { en: 'Quokka Lantern' } }));
      mock.data.seed(products);
      expect(keys(search('text.en=quokka') as never)).toEqual(['needle']);
      expect(search('limit=1').total).toBe(1000);
      expect(scans()).toBe(0);

      // Writes after it reach the index without a walk: a new product, an update, a staged search built on demand.
      mock.data.seed(productFactory.published().build({ key: 'second', name: { en: 'Quokka Lamp' } }));
      const needle = mock.data.getByKey<{ id: string; version: number }>('product', 'needle')!;
      mock.data.update('product', needle.id, {
        version: needle.version,
        actions: [{ action: 'changeName', name: { en: 'Wombat Lantern' }, staged: false }],
      });
      expect(keys(search('text.en=lamp') as never)).toEqual(['second']);
      expect(keys(search('text.en=wombat') as never)).toEqual(['needle']);
      expect(scans()).toBe(0);

      // A seed refused whole (one bad item) stores nothing, and the search does not see it.
      expect(() => mock.data.seed([...productFactory.published().buildList(999), ['product', { name: { en: 'Quokka Bad' } }]])).toThrow();
      expect(search('limit=1').total).toBe(1001);
      expect(scans()).toBe(1); // a rollback: the changes since are unknown, so that search walked

      // In another project, a seed of fewer products leaves the index to the first search.
      const small = mock.project('small-shop');
      small.data.seed(productTypeFactory.asDefault().build(), productFactory.published().buildList(10));
      const response = get('/small-shop/product-projections/search?limit=1');
      expect((response.body as { total: number }).total).toBe(10);
      expect(scans()).toBe(2);
      storage.close?.();
    });
  }

  test('a filter answered from the field columns follows every write: values set, changed, on new products, deleted', () => {
    const mock = createCommerceMock();
    seedCatalog(mock);
    const search = (query: string) => {
      const response = mock.handle({ method: 'GET', url: `/test-project/product-projections/search?${query}` });
      expect(response.status).toBe(200);
      return keySet(response.body as never);
    };
    const red = 'filter.query=variants.attributes.color:"red"';
    expect(search(red)).toEqual(['shirt-red']);
    // Numbers find the text they read as, as the predicate does: SKUs are text.
    expect(search('filter.query=variants.sku:"SHIRT-RED-M","SHOES-GREEN"')).toEqual(['shirt-red', 'shoes-green']);

    const update = (key: string, actions: object[]) => {
      const product = mock.data.all<{ id: string; version: number; key: string }>('product').find((p) => p.key === key)!;
      mock.data.update('product', product.id, { version: product.version, actions });
    };
    update('shoes-green', [{ action: 'setAttributeInAllVariants', name: 'color', value: 'red', staged: false }]);
    expect(search(red)).toEqual(['shirt-red', 'shoes-green']);
    update('shirt-red', [{ action: 'setAttributeInAllVariants', name: 'color', value: 'crimson', staged: false }]);
    expect(search(red)).toEqual(['shoes-green']);
    expect(search('filter.query=variants.attributes.color:"crimson"')).toEqual(['shirt-red']);
    mock.data.seed(
      productFactory
        .published()
        .withAttributes({ name: 'color', value: 'red' })
        .build({ key: 'scarf-red', name: { en: 'Scarf' } }),
    );
    expect(search(red)).toEqual(['scarf-red', 'shoes-green']);
    const shoes = mock.data.all<{ id: string; version: number; key: string }>('product').find((p) => p.key === 'shoes-green')!;
    expect(mock.handle({ method: 'DELETE', url: `/test-project/products/${shoes.id}?version=${shoes.version}` }).status).toBe(200);
    expect(search(red)).toEqual(['scarf-red']);
    expect(search(`${red}&filter.query=variants.attributes.color:"crimson"`)).toEqual([]);
  });

  for (const [label, make] of BACKENDS) {
    test(`on the ${label} backend, facets and filters read from the columns follow removed and added variants, price changes and staged changes`, () => {
      const storage: StorageBackend = make();
      const mock = createCommerceMock({ storage });
      seedCatalog(mock);
      const get = (query: string) => {
        const response = mock.handle({ method: 'GET', url: `/test-project/product-projections/search?${query}` });
        expect(response.status).toBe(200);
        return response.body as { total: number; results: Array<{ key: string }>; facets: Record<string, unknown> };
      };
      const facetsQuery = new URLSearchParams([
        ['facet', 'variants.attributes.color counting products'],
        ['facet', 'variants.price.centAmount:range (0 to 3000), (3000 to *) as price'],
      ]).toString();
      const productSearch = () => {
        const response = mock.handle({
          method: 'POST',
          url: '/test-project/products/search',
          body: JSON.stringify({
            query: { exact: { field: 'variants.attributes.size.key', fieldType: 'enum', values: ['M', 'L'] } },
            facets: [{ distinct: { name: 'color', field: 'variants.attributes.color', fieldType: 'text', level: 'variants' } }],
          }),
        });
        expect(response.status).toBe(200);
        return response.body as { total: number; facets: unknown[] };
      };
      const update = (key: string, actions: object[]) => {
        const product = mock.data.all<{ id: string; version: number; key: string }>('product').find((p) => p.key === key)!;
        mock.data.update('product', product.id, { version: product.version, actions });
      };

      let found = get(facetsQuery);
      expect(found.facets['variants.attributes.color']).toEqual({
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
      expect(productSearch()).toMatchObject({
        total: 3,
        facets: [
          {
            name: 'color',
            buckets: [
              { key: 'blue', count: 3 },
              { key: 'red', count: 2 },
            ],
          },
        ],
      });

      // One variant fewer (its slots are reused), one more (the product moves to new slots), a new price.
      update('shirt-red', [{ action: 'removeVariant', sku: 'SHIRT-RED-L', staged: false }]);
      update('shirt-blue', [
        {
          action: 'addVariant',
          sku: 'SHIRT-BLUE-L',
          attributes: [
            { name: 'color', value: 'blue' },
            { name: 'size', value: 'L' },
          ],
          prices: [{ value: { currencyCode: 'EUR', centAmount: 1700 } }],
          staged: false,
        },
      ]);
      update('shoes-green', [
        { action: 'setPrices', sku: 'SHOES-GREEN', prices: [{ value: { currencyCode: 'EUR', centAmount: 2000 } }], staged: false },
      ]);
      found = get(facetsQuery);
      expect(found.facets['variants.attributes.color']).toMatchObject({
        total: 8,
        terms: [
          { term: 'blue', count: 5, productCount: 2 },
          { term: 'red', count: 2, productCount: 1 },
          { term: 'green', count: 1, productCount: 1 },
        ],
      });
      expect(found.facets.price).toEqual({
        type: 'range',
        ranges: [
          { from: 0, fromStr: '0', to: 3000, toStr: '3000', count: 6, total: 11198, min: 1500, max: 2499, mean: 11198 / 6 },
          { from: 3000, fromStr: '3000', to: 0, toStr: '', count: 2, total: 16500, min: 5000, max: 6000, mean: 5500 },
        ],
      });
      expect(keySet(get('filter=variants.price.centAmount:range (1900 to 2100)') as never)).toEqual(['shirt-red', 'shoes-green']);
      expect(productSearch()).toMatchObject({
        total: 3,
        facets: [
          {
            name: 'color',
            buckets: [
              { key: 'blue', count: 4 },
              { key: 'red', count: 1 },
            ],
          },
        ],
      });

      // Fields first read after the writes; a staged change shows in the staged view only.
      expect(keySet(get('filter.query=variants.sku:"SHIRT-BLUE-L","SHIRT-RED-L"') as never)).toEqual(['shirt-blue']);
      update('shoes-green', [{ action: 'setAttributeInAllVariants', name: 'color', value: 'olive' }]);
      expect(keySet(get('filter.query=variants.attributes.color:"olive"') as never)).toEqual([]);
      expect(keySet(get('filter.query=variants.attributes.color:"olive"&staged=true') as never)).toEqual(['shoes-green']);
      expect(get(`${facetsQuery}&staged=true`).facets['variants.attributes.color']).toMatchObject({
        total: 9,
        terms: [
          { term: 'blue', count: 5, productCount: 2 },
          { term: 'red', count: 2, productCount: 1 },
          { term: 'black', count: 1, productCount: 1 },
          { term: 'olive', count: 1, productCount: 1 },
        ],
      });
      expect(get(facetsQuery).facets['variants.attributes.color']).toMatchObject({
        terms: [{ term: 'blue' }, { term: 'red' }, { term: 'green', count: 1 }],
      });
      storage.close?.();
    });
  }
});
