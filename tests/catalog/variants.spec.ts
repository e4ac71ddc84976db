/**
 * The modular catalog's Variants API (`/variants`, bulk, by key, image upload), Variant Projections
 * and the Variant Attributes of product projections, driven through the official SDK's client
 * (platform-sdk 8 has no request builders for these endpoints, so its client sends each request as
 * the definition spells it). Variants and products stay one: a Variant made through `/variants` is
 * in its product, a variant added to the product is a Variant, deletes go both ways.
 */
import type { ByProjectKeyRequestBuilder, Message, Product, ProjectUpdateAction } from '@commercetools/platform-sdk';
import { createServer } from 'node:net';
import { createCommerceMock, type CommerceMock } from '../../src/index.js';
import { startServer } from '../../src/adapters/transports/node-server.js';
import { PROJECT_KEY, expect, sdkApiRoot, sdkClient, sdkFailure, test } from '../support/sdk.js';
import { png } from './images.js';
import { createProduct, money, plainType, readProduct, updateProduct } from './support.js';

interface VariantData {
  sku?: string;
  images: Array<{ url: string; dimensions: { w: number; h: number }; label?: string }>;
  attributes: Array<{ name: string; value: unknown }>;
  assets: Array<{ id: string; key?: string; name: Record<string, string> }>;
}

interface Variant {
  id: string;
  version: number;
  key?: string;
  variantId: number;
  product: { typeId: 'product'; id: string };
  published: boolean;
  current: VariantData;
  staged?: VariantData;
}

type Method = 'GET' | 'POST' | 'DELETE';

/** The SDK's client, sending one request of the Variants APIs to the mock (or a server's URL). */
function variantsApi(target: CommerceMock | string) {
  const client = sdkClient(target);
  return async <T = Variant>(method: Method, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const response = await client.execute({
      method,
      uri: `/${PROJECT_KEY}/${path}`,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body !== undefined ? { body: body as Record<string, unknown> } : {}),
    });
    return response.body as T;
  };
}

type Api = ReturnType<typeof variantsApi>;

async function setModular(apiRoot: ByProjectKeyRequestBuilder) {
  const project = (await apiRoot.get().execute()).body;
  // platform-sdk 8.27 predates the action.
  const action = { action: 'setProductCatalogModel', productCatalogModel: 'Modular' } as unknown as ProjectUpdateAction;
  await apiRoot.post({ body: { version: project.version, actions: [action] } }).execute();
}

/** A modular project with a product type `tee` (variant attributes `size` and `colour`, a product attribute `brand`). */
async function modularCatalog(apiRoot: ByProjectKeyRequestBuilder) {
  await setModular(apiRoot);
  const text = (name: string, level: 'Variant' | 'Product' = 'Variant') => ({
    name,
    label: { en: name },
    type: { name: 'text' as const },
    isRequired: false,
    attributeConstraint: 'None' as const,
    isSearchable: true,
    level,
  });
  await apiRoot
    .productTypes()
    .post({ body: { key: 'tee', name: 'tee', description: 'tee', attributes: [text('size'), text('colour'), text('brand', 'Product')] } })
    .execute();
}

async function tee(apiRoot: ByProjectKeyRequestBuilder, publish = true): Promise<Product> {
  return createProduct(apiRoot, {
    key: 'tee',
    productType: { typeId: 'product-type', key: 'tee' },
    name: { en: 'Tee' },
    slug: { en: 'tee' },
    description: { en: 'A tee' },
    publish,
  });
}

/** The modular catalog with its published `tee`, and the Variants API of the mock. */
async function teeCatalog(mock: CommerceMock, apiRoot: ByProjectKeyRequestBuilder) {
  await modularCatalog(apiRoot);
  return { api: variantsApi(mock), product: await tee(apiRoot) };
}

const draft = (product: Product, extra: Record<string, unknown> = {}) => ({ product: { typeId: 'product', id: product.id }, ...extra });

async function messagesOf(apiRoot: ByProjectKeyRequestBuilder, type: string): Promise<Message[]> {
  return (
    await apiRoot
      .messages()
      .get({ queryArgs: { where: `type="${type}"`, sort: 'sequenceNumber asc' } })
      .execute()
  ).body.results;
}

const update = (api: Api, variant: Variant, ...actions: object[]) =>
  api('POST', `variants/${variant.id}`, { version: variant.version, actions });

test.describe('the Variants API', () => {
  test('a project on the Classic model refuses every Variants endpoint with a 400', async ({ mock, apiRoot }) => {
    const api = variantsApi(mock);
    await plainType(apiRoot);
    const product = await createProduct(apiRoot, {
      productType: { typeId: 'product-type', key: 'plain' },
      name: { en: 'P' },
      slug: { en: 'plain-p' },
    });
    for (const [method, path, body] of [
      ['POST', 'variants', draft(product)],
      ['GET', 'variants', undefined],
      ['GET', 'variants/key=anything', undefined],
      ['POST', 'variants/bulk', { items: [], actions: [] }],
      ['GET', 'variant-projections', undefined],
      ['GET', `product-projections/${product.id}/variant-attributes?filter[attributes]=size&staged=true`, undefined],
    ] as const) {
      const refused = await sdkFailure(api(method, path, body));
      expect(refused.statusCode, `${method} ${path}`).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining("'Modular'") });
    }
    // setDefaultVariant, the product's own action for Variants, is refused there too.
    const refused = await sdkFailure(
      apiRoot
        .products()
        .withId({ ID: product.id })
        .post({ body: { version: product.version, actions: [{ action: 'setDefaultVariant' } as never] } })
        .execute(),
    );
    expect(refused.body.errors[0]!.code).toBe('InvalidOperation');
  });

  test('a Variant created through /variants is its product’s variant, in its data and its projections, with VariantCreated', async ({
    mock,
    apiRoot,
  }) => {
    const { api, product } = await teeCatalog(mock, apiRoot);
    // In the modular model, products price with standalone prices.
    expect(product.priceMode).toBe('Standalone');
    const small = await api(
      'POST',
      'variants',
      draft(product, { key: 'tee-s', sku: 'TEE-S', attributes: [{ name: 'size', value: 'S' }], publish: true }),
    );
    expect(small).toEqual({
      id: expect.any(String),
      version: 1,
      key: 'tee-s',
      variantId: 1,
      product: { typeId: 'product', id: product.id },
      published: true,
      current: { sku: 'TEE-S', images: [], attributes: [{ name: 'size', value: 'S' }], assets: [] },
      createdAt: expect.any(String),
      lastModifiedAt: expect.any(String),
      createdBy: expect.any(Object),
      lastModifiedBy: expect.any(Object),
    });
    // The first Variant takes the place of the empty master variant the product was created with.
    const medium = await api('POST', 'variants', draft(product, { sku: 'TEE-M', attributes: [{ name: 'size', value: 'M' }] }));
    expect(medium).toMatchObject({ variantId: 2, published: false });

    const stored = await readProduct(apiRoot, product.id);
    expect(stored.masterData.current.masterVariant).toMatchObject({ id: 1, sku: 'TEE-S', key: 'tee-s' });
    expect(stored.masterData.current.variants).toEqual([]);
    expect(stored.masterData.staged.variants).toEqual([expect.objectContaining({ id: 2, sku: 'TEE-M' })]);
    const projection = (await apiRoot.productProjections().withId({ ID: product.id }).get().execute()).body;
    expect([projection.masterVariant, ...projection.variants].map((v) => v.sku)).toEqual(['TEE-S']);

    expect((await api('GET', `variants/key=tee-s`)).id).toBe(small.id);
    const page = await api<{ results: Variant[]; total: number }>('GET', `variants?where=${encodeURIComponent('published = false')}`);
    expect(page.results.map((v) => v.id)).toEqual([medium.id]);

    const created = await messagesOf(apiRoot, 'VariantCreated');
    expect(created).toHaveLength(2);
    expect(created[0]).toMatchObject({
      resource: { typeId: 'variant', id: small.id },
      resourceVersion: 1,
      productId: product.id,
      variantId: 1,
      key: 'tee-s',
      sku: 'TEE-S',
      attributes: [{ name: 'size', value: 'S' }],
      publish: true,
    });
  });

  test('a variant added to the product is a Variant; publishing and removing it there shows at /variants', async ({ mock, apiRoot }) => {
    await modularCatalog(apiRoot);
    const api = variantsApi(mock);
    let product = await createProduct(apiRoot, {
      productType: { typeId: 'product-type', key: 'tee' },
      name: { en: 'Tee' },
      slug: { en: 'tee' },
      masterVariant: { sku: 'TEE-S', key: 'tee-s' },
    });
    product = await updateProduct(apiRoot, product, { action: 'addVariant', sku: 'TEE-L', key: 'tee-l' });
    const added = await api('GET', 'variants/key=tee-l');
    expect(added).toMatchObject({ variantId: 2, published: false, current: { sku: 'TEE-L' }, product: { id: product.id } });
    expect((await api('GET', 'variants/key=tee-s')).published).toBe(true);

    product = await updateProduct(apiRoot, product, { action: 'setSku', variantId: 2, sku: 'TEE-XL', staged: false });
    product = await updateProduct(apiRoot, product, { action: 'publish' });
    const published = await api('GET', `variants/${added.id}`);
    expect(published).toMatchObject({ published: true, current: { sku: 'TEE-XL' } });
    expect(published.staged).toBeUndefined();
    expect(published.version).toBeGreaterThan(added.version);

    await updateProduct(apiRoot, product, { action: 'removeVariant', id: 2, staged: false });
    const gone = await sdkFailure(api('GET', `variants/${added.id}`));
    expect(gone.statusCode).toBe(404);
    expect(await messagesOf(apiRoot, 'VariantDeleted')).toEqual([
      expect.objectContaining({ resource: { typeId: 'variant', id: added.id } }),
    ]);

    // Deleting the product deletes its Variants.
    const current = await readProduct(apiRoot, product.id);
    await apiRoot
      .products()
      .withId({ ID: product.id })
      .delete({ queryArgs: { version: current.version } })
      .execute();
    expect((await api<{ total: number }>('GET', 'variants')).total).toBe(0);
  });

  test('update actions change the staged data by default, publish makes it current, and each writes through to the product', async ({
    mock,
    apiRoot,
  }) => {
    const { api, product } = await teeCatalog(mock, apiRoot);
    let variant = await api(
      'POST',
      'variants',
      draft(product, { sku: 'TEE-S', attributes: [{ name: 'size', value: 'S' }], publish: true }),
    );
    const image = { url: 'https://img.example/s.png', dimensions: { w: 10, h: 10 } };
    variant = await update(
      api,
      variant,
      { action: 'setSku', sku: 'TEE-SMALL' },
      { action: 'setAttribute', name: 'colour', value: 'red' },
      { action: 'addExternalImage', image },
      { action: 'setImageLabel', imageUrl: image.url, label: 'front' },
      { action: 'addAsset', asset: { key: 'care', name: { en: 'Care' }, sources: [{ uri: 'https://img.example/care.pdf' }] } },
      { action: 'setKey', key: 'tee-small' },
    );
    expect(variant).toMatchObject({
      version: 2,
      key: 'tee-small',
      current: { sku: 'TEE-S', images: [], attributes: [{ name: 'size', value: 'S' }] },
      staged: {
        sku: 'TEE-SMALL',
        images: [{ ...image, label: 'front' }],
        attributes: [
          { name: 'size', value: 'S' },
          { name: 'colour', value: 'red' },
        ],
        assets: [expect.objectContaining({ key: 'care' })],
      },
    });
    let stored = await readProduct(apiRoot, product.id);
    expect(stored.masterData.current.masterVariant).toMatchObject({ sku: 'TEE-S', key: 'tee-small' });
    expect(stored.masterData.staged.masterVariant).toMatchObject({ sku: 'TEE-SMALL', images: [{ label: 'front' }] });

    variant = await update(api, variant, { action: 'publish' });
    expect(variant.current.sku).toBe('TEE-SMALL');
    expect(variant.staged).toBeUndefined();
    stored = await readProduct(apiRoot, product.id);
    expect(stored.masterData.current.masterVariant.sku).toBe('TEE-SMALL');

    variant = await update(api, variant, { action: 'setImages', images: [], staged: false }, { action: 'unpublish' });
    expect(variant).toMatchObject({ published: false, current: { images: [] } });
    stored = await readProduct(apiRoot, product.id);
    // An unpublished Variant is not in its product's current data.
    expect(stored.masterData.current.masterVariant.sku).toBeUndefined();
    expect(stored.masterData.staged.masterVariant.sku).toBe('TEE-SMALL');

    variant = await update(api, variant, { action: 'setAttributes', attributes: [{ name: 'size', value: 'XS' }] });
    expect(variant.staged!.attributes).toEqual([{ name: 'size', value: 'XS' }]);
    variant = await update(api, variant, { action: 'removeStagedChanges' });
    expect(variant.staged).toBeUndefined();

    const types = async (type: string) => (await messagesOf(apiRoot, type)).map((m) => m as unknown as Record<string, unknown>);
    expect(await types('VariantSkuSet')).toEqual([expect.objectContaining({ sku: 'TEE-SMALL', oldSku: 'TEE-S', staged: true })]);
    expect(await types('VariantKeySet')).toEqual([expect.objectContaining({ key: 'tee-small' })]);
    expect(await types('VariantImageAdded')).toEqual([expect.objectContaining({ image, staged: true })]);
    expect(await types('VariantImagesSet')).toEqual([expect.objectContaining({ images: [], staged: false })]);
    expect(await types('VariantPublished')).toHaveLength(1);
    expect(await types('VariantUnpublished')).toEqual([expect.objectContaining({ product: { typeId: 'product', id: product.id } })]);
    expect(await types('VariantStagedChangesRemoved')).toHaveLength(1);
  });

  test('refusals: a stale version is a 409, bad input a 400, a SKU another product holds a DuplicateField; nothing is stored', async ({
    mock,
    apiRoot,
  }) => {
    const { api, product } = await teeCatalog(mock, apiRoot);
    const variant = await api('POST', 'variants', draft(product, { sku: 'TEE-S', publish: true }));

    const stale = await sdkFailure(update(api, { ...variant, version: 7 }, { action: 'setSku', sku: 'X' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });

    const noProduct = await sdkFailure(api('POST', 'variants', { sku: 'TEE-M' }));
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.body.errors[0]!.code).toBe('InvalidJsonInput');
    const unknownProduct = await sdkFailure(api('POST', 'variants', { product: { typeId: 'product', id: 'nope' } }));
    expect(unknownProduct.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound' });
    const badAttribute = await sdkFailure(api('POST', 'variants', draft(product, { attributes: [{ name: 'brand', value: 'x' }] })));
    expect(badAttribute.statusCode).toBe(400);
    const unknownAction = await sdkFailure(update(api, variant, { action: 'changeName' }));
    expect(unknownAction.statusCode).toBe(400);

    await createProduct(apiRoot, {
      productType: { typeId: 'product-type', key: 'tee' },
      name: { en: 'Other' },
      slug: { en: 'other' },
      masterVariant: { sku: 'OTHER-1' },
    });
    const duplicate = await sdkFailure(update(api, variant, { action: 'setSku', sku: 'OTHER-1', staged: false }));
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'sku', duplicateValue: 'OTHER-1' });
    const duplicateKey = await api('POST', 'variants', draft(product, { key: 'k', sku: 'TEE-K' }));
    const sameKey = await sdkFailure(api('POST', 'variants', draft(product, { key: 'k', sku: 'TEE-K2' })));
    expect(sameKey.body.errors[0]).toMatchObject({ code: 'DuplicateField' });

    expect(await api('GET', `variants/${variant.id}`)).toEqual(variant);
    const stored = await readProduct(apiRoot, product.id);
    expect([stored.masterData.staged.masterVariant, ...stored.masterData.staged.variants].map((v) => v.sku)).toEqual(['TEE-S', 'TEE-K']);
    expect((await api<{ total: number }>('GET', 'variants')).total).toBe(3);
    expect(duplicateKey.variantId).toBe(2);
  });

  test('a Variant deleted by key leaves its product (its master variant passes to the next one), with VariantDeleted', async ({
    mock,
    apiRoot,
  }) => {
    const { api, product } = await teeCatalog(mock, apiRoot);
    const small = await api('POST', 'variants', draft(product, { key: 'tee-s', sku: 'TEE-S', publish: true }));
    await api('POST', 'variants', draft(product, { key: 'tee-m', sku: 'TEE-M', publish: true }));
    const stale = await sdkFailure(api('DELETE', 'variants/key=tee-s?version=5'));
    expect(stale.statusCode).toBe(409);
    const deleted = await api('DELETE', `variants/key=tee-s?version=${small.version}`);
    expect(deleted.id).toBe(small.id);
    const stored = await readProduct(apiRoot, product.id);
    expect(stored.masterData.current.masterVariant).toMatchObject({ id: 2, sku: 'TEE-M' });
    expect(stored.masterData.current.variants).toEqual([]);
    expect(await messagesOf(apiRoot, 'VariantDeleted')).toEqual([
      expect.objectContaining({ resource: { typeId: 'variant', id: small.id }, resourceVersion: 2 }),
    ]);
  });

  test('bulk: the same actions on each item, each on its own: 207 with a result per item; versionControl=Off; at most 1000 items', async ({
    mock,
    apiRoot,
  }) => {
    const { api, product } = await teeCatalog(mock, apiRoot);
    const s = await api('POST', 'variants', draft(product, { key: 's', sku: 'S', publish: true }));
    const m = await api('POST', 'variants', draft(product, { key: 'm', sku: 'M', publish: true }));
    const client = sdkClient(mock);
    const response = await client.execute({
      method: 'POST',
      uri: `/${PROJECT_KEY}/variants/bulk`,
      headers: { 'Content-Type': 'application/json' },
      body: {
        items: [
          { id: s.id, version: s.version },
          { key: 'm', version: 9 },
          { id: 'missing', version: 1 },
        ],
        actions: [{ action: 'setAttribute', name: 'colour', value: 'blue', staged: false }],
      },
    });
    expect(response.statusCode).toBe(207);
    expect(response.body).toEqual({
      successCount: 1,
      failureCount: 2,
      results: [
        { id: s.id, status: 'Success', resource: { id: s.id, version: 2 } },
        { key: 'm', status: 'Fail', errors: [expect.objectContaining({ code: 'ConcurrentModification' })] },
        { id: 'missing', status: 'Fail', errors: [expect.objectContaining({ code: 'ResourceNotFound' })] },
      ],
    });
    const off = await api<{ successCount: number }>('POST', 'variants/bulk?versionControl=Off', {
      items: [{ key: 'm', version: 9 }],
      actions: [{ action: 'setKey', key: 'medium' }],
    });
    expect(off.successCount).toBe(1);
    expect((await api('GET', `variants/${m.id}`)).key).toBe('medium');

    const tooMany = await sdkFailure(
      api('POST', 'variants/bulk', { items: Array.from({ length: 1001 }, (_, i) => ({ id: `v-${i}`, version: 1 })), actions: [] }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body.errors[0]).toMatchObject({ code: 'BulkOperationMaxItemsExceeded', limit: 1000, provided: 1001 });
  });

  test('an uploaded image lands on the staged data (staged=false: current too), and the mock serves it', async ({ mock, apiRoot }) => {
    const { api, product } = await teeCatalog(mock, apiRoot);
    const variant = await api('POST', 'variants', draft(product, { sku: 'TEE-S', publish: true }));
    const client = sdkClient(mock);
    const response = await client.execute({
      method: 'POST',
      uri: `/${PROJECT_KEY}/variants/${variant.id}/images?filename=front.png&staged=false`,
      headers: { 'Content-Type': 'image/png' },
      body: png(3, 2),
    });
    expect(response.statusCode).toBe(200);
    const uploaded = response.body as Variant;
    expect(uploaded.version).toBe(2);
    expect(uploaded.current.images).toEqual([
      { url: expect.stringMatching(/\/images\/front-[A-Za-z0-9_-]{8}\.png$/), dimensions: { w: 3, h: 2 }, label: 'front.png' },
    ]);
    expect(Buffer.from(await (await fetch(uploaded.current.images[0]!.url)).arrayBuffer()).equals(png(3, 2))).toBe(true);
    expect((await readProduct(apiRoot, product.id)).masterData.current.masterVariant.images).toEqual(uploaded.current.images);
    expect(await messagesOf(apiRoot, 'VariantImageAdded')).toEqual([expect.objectContaining({ staged: false })]);
  });
});

test.describe('Variant Projections and Variant Attributes', () => {
  async function catalog(apiRoot: ByProjectKeyRequestBuilder, api: Api) {
    await modularCatalog(apiRoot);
    const product = await tee(apiRoot);
    const small = await api(
      'POST',
      'variants',
      draft(product, {
        key: 's',
        sku: 'TEE-S',
        attributes: [
          { name: 'size', value: 'S' },
          { name: 'colour', value: 'red' },
        ],
        publish: true,
      }),
    );
    const medium = await api('POST', 'variants', draft(product, { key: 'm', sku: 'TEE-M', attributes: [{ name: 'size', value: 'M' }] }));
    return { product, small, medium };
  }

  test('current projections show published Variants with their product’s data; staged ones all; price, default, filter[attributes]', async ({
    mock,
    apiRoot,
  }) => {
    const api = variantsApi(mock);
    const { product, small, medium } = await catalog(apiRoot, api);
    await apiRoot
      .standalonePrices()
      .post({ body: { sku: 'TEE-S', value: money(1500) } })
      .execute();
    const stored = await readProduct(apiRoot, product.id);
    await updateProduct(apiRoot, stored, {
      action: 'setDefaultVariant',
      variant: { typeId: 'variant', id: small.id },
      staged: false,
    } as never);

    const current = await api<{ results: Array<Record<string, unknown>>; total: number }>(
      'GET',
      'variant-projections?priceCurrency=EUR&filter[attributes]=-colour',
    );
    expect(current.total).toBe(1);
    expect(current.results[0]).toEqual({
      id: small.id,
      version: small.version,
      createdAt: expect.any(String),
      staged: false,
      variantId: 1,
      product: { typeId: 'product', id: product.id },
      name: { en: 'Tee' },
      slug: { en: 'tee' },
      description: { en: 'A tee' },
      categories: [],
      key: 's',
      sku: 'TEE-S',
      images: [],
      assets: [],
      attributes: [{ name: 'size', value: 'S' }],
      price: expect.objectContaining({ value: expect.objectContaining({ centAmount: 1500 }) }),
      default: true,
    });
    const staged = await api<{ results: Array<{ id: string; default: boolean }> }>(
      'GET',
      'variant-projections?staged=true&sort=variantId desc',
    );
    expect(staged.results.map((p) => [p.id, p.default])).toEqual([
      [medium.id, false],
      [small.id, true],
    ]);
    const byKey = await api<{ id: string }>('GET', 'variant-projections/key=m?staged=true');
    expect(byKey.id).toBe(medium.id);
    expect((await sdkFailure(api('GET', 'variant-projections/key=m'))).statusCode).toBe(404);
    const where = await api<{ results: Array<{ sku: string }> }>(
      'GET',
      `variant-projections?staged=true&where=${encodeURIComponent('sku = "TEE-M"')}`,
    );
    expect(where.results.map((p) => p.sku)).toEqual(['TEE-M']);
    const expanded = await api<{ product: { obj?: { id: string } } }>('GET', `variant-projections/${small.id}?expand=product`);
    expect(expanded.product.obj?.id).toBe(product.id);
  });

  test('variant attributes: the attributes named, stock by channel, staged or published Variants; filter[attributes] is required', async ({
    mock,
    apiRoot,
  }) => {
    const api = variantsApi(mock);
    const { product, small, medium } = await catalog(apiRoot, api);
    const channel = (
      await apiRoot
        .channels()
        .post({ body: { key: 'dc', roles: ['InventorySupply'] } })
        .execute()
    ).body;
    await apiRoot
      .inventory()
      .post({ body: { sku: 'TEE-S', quantityOnStock: 3 } })
      .execute();
    await apiRoot
      .inventory()
      .post({ body: { sku: 'TEE-S', quantityOnStock: 0, supplyChannel: { typeId: 'channel', id: channel.id } } })
      .execute();

    const published = await api<Record<string, unknown>>(
      'GET',
      `product-projections/${product.id}/variant-attributes?filter[attributes]=size&filter[attributes]=brand`,
    );
    expect(published).toEqual({
      productId: product.id,
      productKey: 'tee',
      attributes: [{ name: 'size', label: { en: 'size' }, type: 'text' }],
      variants: [
        {
          id: small.id,
          sku: 'TEE-S',
          key: 's',
          availability: { isOnStock: true, availableQuantity: 3, channels: { [channel.id]: { isOnStock: false, availableQuantity: 0 } } },
          attributes: [{ name: 'size', value: 'S' }],
        },
      ],
    });
    const staged = await api<{ variants: Array<{ id: string; attributes: unknown[] }> }>(
      'GET',
      `product-projections/key=tee/variant-attributes?staged=true&filter[attributes]=colour`,
    );
    expect(staged.variants.map((v) => [v.id, v.attributes])).toEqual([
      [small.id, [{ name: 'colour', value: 'red' }]],
      [medium.id, []],
    ]);
    const missing = await sdkFailure(api('GET', `product-projections/${product.id}/variant-attributes`));
    expect(missing.statusCode).toBe(400);
    expect((await sdkFailure(api('GET', 'product-projections/nope/variant-attributes?filter[attributes]=size'))).statusCode).toBe(404);
  });

  test('in a store: only products of its assortment, for projections and variant attributes alike', async ({ mock, apiRoot }) => {
    const api = variantsApi(mock);
    const { product, small } = await catalog(apiRoot, api);
    const selection = (
      await apiRoot
        .productSelections()
        .post({ body: { key: 'none', name: { en: 'none' } } })
        .execute()
    ).body;
    await apiRoot
      .stores()
      .post({ body: { key: 'all' } })
      .execute();
    await apiRoot
      .stores()
      .post({
        body: { key: 'narrow', productSelections: [{ productSelection: { typeId: 'product-selection', id: selection.id }, active: true }] },
      })
      .execute();

    const inAll = await api<{ results: Array<{ id: string }> }>('GET', 'in-store/key=all/variant-projections');
    expect(inAll.results.map((p) => p.id)).toEqual([small.id]);
    expect((await api<{ id: string }>('GET', `in-store/key=all/variant-projections/${small.id}`)).id).toBe(small.id);
    expect((await api<{ id: string }>('GET', 'in-store/key=all/variant-projections/key=s')).id).toBe(small.id);
    const attributes = await api<{ variants: unknown[] }>(
      'GET',
      `in-store/key=all/product-projections/${product.id}/variant-attributes?filter[attributes]=size`,
    );
    expect(attributes.variants).toHaveLength(1);

    expect((await api<{ total: number }>('GET', 'in-store/key=narrow/variant-projections')).total).toBe(0);
    expect((await sdkFailure(api('GET', `in-store/key=narrow/variant-projections/${small.id}`))).statusCode).toBe(404);
    expect(
      (await sdkFailure(api('GET', 'in-store/key=narrow/product-projections/key=tee/variant-attributes?filter[attributes]=size')))
        .statusCode,
    ).toBe(404);
    expect((await sdkFailure(api('GET', 'in-store/key=nowhere/variant-projections'))).statusCode).toBe(404);
  });
});

/** A port nothing listens on, so the mock can be told its own origin before the server starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

test('over a real HTTP port: create, read through the product and the projection, update and delete a Variant', async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, apiUrl: origin, authUrl: origin });
  const server = await startServer(mock, { port });
  try {
    const apiRoot = sdkApiRoot(origin);
    const api = variantsApi(origin);
    await modularCatalog(apiRoot);
    const product = await tee(apiRoot);
    const variant = await api('POST', 'variants', draft(product, { key: 'wire', sku: 'WIRE-1', publish: true }));
    const projection = await api<{ sku: string; name: { en: string } }>('GET', 'variant-projections/key=wire');
    expect(projection).toMatchObject({ sku: 'WIRE-1', name: { en: 'Tee' } });
    const updated = await update(api, variant, { action: 'setSku', sku: 'WIRE-2', staged: false });
    expect(updated.current.sku).toBe('WIRE-2');
    expect((await readProduct(apiRoot, product.id)).masterData.current.masterVariant.sku).toBe('WIRE-2');
    await api('DELETE', `variants/${variant.id}?version=${updated.version}`);
    expect((await api<{ total: number }>('GET', 'variants')).total).toBe(0);
  } finally {
    await server.close();
  }
});

test('GraphQL: variant, variants, createVariant, updateVariant and variantProjections over the same core', async ({ apiRoot }) => {
  await modularCatalog(apiRoot);
  const product = await tee(apiRoot);
  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const body = (await apiRoot.graphql().post({ body: { query, variables } }).execute()).body;
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data as Record<string, any>;
  };
  const created = await graphql(
    `mutation ($draft: VariantDraft!) { createVariant(draft: $draft) { id version key variantId published current { sku } productRef { id } } }`,
    { draft: { product: { id: product.id }, key: 'gql', sku: 'GQL-1', publish: true } },
  );
  expect(created.createVariant).toEqual({
    id: expect.any(String),
    version: 1,
    key: 'gql',
    variantId: 1,
    published: true,
    current: { sku: 'GQL-1' },
    productRef: { id: product.id },
  });
  const updated = await graphql(
    `mutation ($version: Long!) { updateVariant(key: "gql", version: $version, actions: [{ setSku: { sku: "GQL-2" } }]) { version staged { sku } } }`,
    { version: 1 },
  );
  expect(updated.updateVariant).toEqual({ version: 2, staged: { sku: 'GQL-2' } });
  const read = await graphql(
    `query ($product: String) { variant(key: "gql") { current { sku } staged { sku } } variants { total results { key } }
       variantProjections(staged: true, productId: $product) { results { sku default } } other: variants(productId: "other") { total } variantProjection(key: "gql") { sku } }`,
    { product: product.id },
  );
  expect(read).toEqual({
    variant: { current: { sku: 'GQL-1' }, staged: { sku: 'GQL-2' } },
    variants: { total: 1, results: [{ key: 'gql' }] },
    variantProjections: { results: [{ sku: 'GQL-2', default: false }] },
    variantProjection: { sku: 'GQL-1' },
    other: { total: 0 },
  });
});
