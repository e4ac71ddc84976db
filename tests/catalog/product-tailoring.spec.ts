/**
 * Product tailoring through the official SDK: `/product-tailoring` by id and key, the store's
 * `/in-store/key=/product-tailoring` and its tailoring of one product (`/in-store/key=/products/{id|key=}/product-tailoring`,
 * with the image upload), staged and current data, the variants' images, assets and attributes,
 * the messages, the refusals, and a store's product projection showing its tailoring.
 */
import type { ByProjectKeyRequestBuilder, Product, ProductTailoring, ProductTailoringUpdateAction } from '@commercetools/platform-sdk';
import { createServer } from 'node:net';
import { createCommerceMock } from '../../src/index.js';
import { startServer } from '../../src/adapters/transports/node-server.js';
import { PROJECT_KEY, expect, invalidJson, sdkApiRoot, sdkFailure, test } from '../support/sdk.js';
import { graphql, graphqlFailure } from '../graphql/support.js';
import { png } from './images.js';
import { createProduct, money } from './support.js';

const store = { typeId: 'store' as const, key: 'dach' };

/** A product type with a text attribute per level, a store `dach`, and a published mug with two variants. */
async function seedCatalog(apiRoot: ByProjectKeyRequestBuilder): Promise<Product> {
  await apiRoot
    .productTypes()
    .post({
      body: {
        key: 'mug',
        name: 'Mug',
        description: 'Mugs',
        attributes: [
          { name: 'colour', label: { en: 'Colour' }, isRequired: false, type: { name: 'text' } },
          { name: 'size', label: { en: 'Size' }, isRequired: false, type: { name: 'number' } },
          { name: 'brand', label: { en: 'Brand' }, isRequired: false, type: { name: 'text' }, level: 'Product' },
        ],
      },
    })
    .execute();
  await apiRoot
    .stores()
    .post({ body: { key: 'dach', name: { en: 'DACH' } } })
    .execute();
  return createProduct(apiRoot, {
    key: 'mug',
    productType: { typeId: 'product-type', key: 'mug' },
    name: { en: 'Mug', de: 'Becher' },
    description: { en: 'A mug' },
    slug: { en: 'mug', de: 'becher' },
    publish: true,
    attributes: [{ name: 'brand', value: 'Acme' }],
    masterVariant: {
      sku: 'MUG-RED',
      prices: [{ value: money(900) }],
      images: [{ url: 'https://img.example/red.png', dimensions: { w: 10, h: 10 } }],
      attributes: [
        { name: 'colour', value: 'red' },
        { name: 'size', value: 1 },
      ],
    },
    variants: [{ sku: 'MUG-BLUE', attributes: [{ name: 'colour', value: 'blue' }] }],
  });
}

function update(apiRoot: ByProjectKeyRequestBuilder, tailoring: ProductTailoring, ...actions: ProductTailoringUpdateAction[]) {
  return apiRoot
    .productTailoring()
    .withId({ ID: tailoring.id })
    .post({ body: { version: tailoring.version, actions } })
    .execute();
}

async function updated(apiRoot: ByProjectKeyRequestBuilder, tailoring: ProductTailoring, ...actions: ProductTailoringUpdateAction[]) {
  const response = await update(apiRoot, tailoring, ...actions);
  expect(response.statusCode).toBe(200);
  expect(response.body.version).toBe(tailoring.version + 1);
  return response.body;
}

const inStore = (apiRoot: ByProjectKeyRequestBuilder, storeKey = 'dach') => apiRoot.inStoreKeyWithStoreKeyValue({ storeKey });

test.describe('product tailoring', () => {
  test('create, read by id, key and product, query, export, delete: the draft as current and staged data', async ({ apiRoot, mock }) => {
    const product = await seedCatalog(apiRoot);
    const response = await apiRoot
      .productTailoring()
      .post({
        body: {
          key: 'mug-dach',
          store,
          product: { typeId: 'product', key: 'mug' },
          name: { de: 'Tasse' },
          slug: { de: 'tasse' },
          metaTitle: { de: 'Tasse kaufen' },
          attributes: [{ name: 'brand', value: 'Acme DE' }],
          variants: [{ sku: 'MUG-BLUE', images: [{ url: 'https://img.example/blau.png', dimensions: { w: 5, h: 5 } }] }],
        },
      })
      .execute();
    expect(response.statusCode).toBe(201);
    const tailoring = response.body;
    const data = {
      name: { de: 'Tasse' },
      slug: { de: 'tasse' },
      metaTitle: { de: 'Tasse kaufen' },
      variants: [{ id: 2, images: [{ url: 'https://img.example/blau.png', dimensions: { w: 5, h: 5 } }] }],
      attributes: [{ name: 'brand', value: 'Acme DE' }],
    };
    expect(tailoring).toMatchObject({
      version: 1,
      key: 'mug-dach',
      store: { typeId: 'store', key: 'dach' },
      product: { typeId: 'product', id: product.id },
      published: false,
      current: data,
      staged: data,
      hasStagedChanges: false,
    });

    expect((await apiRoot.productTailoring().withId({ ID: tailoring.id }).get().execute()).body).toEqual(tailoring);
    expect((await apiRoot.productTailoring().withKey({ key: 'mug-dach' }).get().execute()).body).toEqual(tailoring);
    const byProduct = inStore(apiRoot).products().withProductId({ productID: product.id }).productTailoring();
    expect((await byProduct.get().execute()).body).toEqual(tailoring);
    expect((await inStore(apiRoot).products().withProductKey({ productKey: 'mug' }).productTailoring().get().execute()).body).toEqual(
      tailoring,
    );
    const expanded = (await byProduct.get({ queryArgs: { expand: ['product'] } }).execute()).body;
    expect((expanded.product.obj as Product).key).toBe('mug');

    const page = (
      await apiRoot
        .productTailoring()
        .get({ queryArgs: { where: 'store(key="dach")', withTotal: true } })
        .execute()
    ).body;
    expect(page).toMatchObject({ count: 1, total: 1, results: [{ id: tailoring.id }] });
    expect(
      (
        await apiRoot
          .productTailoring()
          .get({ queryArgs: { where: 'key="other"' } })
          .execute()
      ).body.count,
    ).toBe(0);

    // An export brings it, and its place as the store's tailoring of the product, into another mock.
    const copy = createCommerceMock({ defaultProjectKey: PROJECT_KEY });
    copy.state.import(mock.state.export());
    expect(copy.data.get('product-tailoring', tailoring.id)).toEqual(tailoring);
    expect(() => copy.data.create('product-tailoring', { store, product: { typeId: 'product', key: 'mug' } })).toThrow(
      /has a product tailoring of the product/,
    );

    const deleted = await byProduct.delete({ queryArgs: { version: 1 } }).execute();
    expect(deleted.body.id).toBe(tailoring.id);
    expect((await sdkFailure(apiRoot.productTailoring().withId({ ID: tailoring.id }).get().execute())).statusCode).toBe(404);
    expect((await sdkFailure(byProduct.get().execute())).statusCode).toBe(404);
  });

  test('in a store: its tailorings only, a create there is the store’s, one per store and product', async ({ apiRoot }) => {
    const product = await seedCatalog(apiRoot);
    await apiRoot
      .stores()
      .post({ body: { key: 'uk', name: { en: 'UK' } } })
      .execute();
    const made = await inStore(apiRoot)
      .productTailoring()
      .post({ body: { product: { typeId: 'product', id: product.id }, name: { de: 'Tasse' } } })
      .execute();
    expect(made.statusCode).toBe(201);
    expect(made.body.store).toEqual({ typeId: 'store', key: 'dach' });
    await apiRoot
      .productTailoring()
      .post({ body: { store: { typeId: 'store', key: 'uk' }, product: { typeId: 'product', id: product.id }, name: { en: 'Cup' } } })
      .execute();

    const dach = (await inStore(apiRoot).productTailoring().get().execute()).body;
    expect(dach.results.map((entry) => entry.store.key)).toEqual(['dach']);
    expect((await inStore(apiRoot, 'uk').productTailoring().get().execute()).body.results.map((entry) => entry.staged.name)).toEqual([
      { en: 'Cup' },
    ]);
    expect((await apiRoot.productTailoring().get().execute()).body.count).toBe(2);

    // A second tailoring of the product in the same store, in either way.
    for (const attempt of [
      inStore(apiRoot)
        .productTailoring()
        .post({ body: { product: { typeId: 'product', key: 'mug' } } })
        .execute(),
      apiRoot
        .productTailoring()
        .post({ body: { store, product: { typeId: 'product', id: product.id } } })
        .execute(),
    ]) {
      const refused = await sdkFailure(attempt);
      expect(refused.statusCode).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'DuplicateField',
        field: 'product',
        duplicateValue: { typeId: 'product', id: product.id },
      });
    }
    expect((await apiRoot.productTailoring().get().execute()).body.count).toBe(2);
    // The store has no tailoring of a product that does not exist, nor one by an unknown key.
    expect(
      (await sdkFailure(inStore(apiRoot).products().withProductId({ productID: 'nope' }).productTailoring().get().execute())).statusCode,
    ).toBe(404);
    expect(
      (await sdkFailure(inStore(apiRoot, 'uk').products().withProductKey({ productKey: 'nope' }).productTailoring().get().execute()))
        .statusCode,
    ).toBe(404);
  });

  test('staged and current: actions change the staged data unless staged is false; publish and unpublish', async ({ apiRoot }) => {
    await seedCatalog(apiRoot);
    let tailoring = (
      await apiRoot
        .productTailoring()
        .post({ body: { store, product: { typeId: 'product', key: 'mug' }, name: { de: 'Tasse' }, publish: true } })
        .execute()
    ).body;
    expect(tailoring.published).toBe(true);
    tailoring = await updated(
      apiRoot,
      tailoring,
      { action: 'setName', name: { de: 'Kaffeetasse' } },
      { action: 'setDescription', description: { de: 'Für Kaffee' }, staged: false },
      { action: 'setMetaAttributes', metaTitle: { de: 'Titel' }, metaKeywords: { de: 'tasse' } },
      { action: 'setSlug', slug: { de: 'kaffeetasse' } },
    );
    expect(tailoring.staged).toEqual({
      name: { de: 'Kaffeetasse' },
      description: { de: 'Für Kaffee' },
      metaTitle: { de: 'Titel' },
      metaKeywords: { de: 'tasse' },
      slug: { de: 'kaffeetasse' },
    });
    expect(tailoring.current).toEqual({ name: { de: 'Tasse' }, description: { de: 'Für Kaffee' } });
    expect(tailoring.hasStagedChanges).toBe(true);

    tailoring = await updated(apiRoot, tailoring, { action: 'publish' });
    expect(tailoring.current).toEqual(tailoring.staged);
    expect(tailoring.hasStagedChanges).toBe(false);
    tailoring = await updated(apiRoot, tailoring, { action: 'unpublish' }, { action: 'setMetaTitle' }, {
      action: 'setKey',
      key: 'dach-mug',
    } as never);
    expect(tailoring.published).toBe(false);
    expect(tailoring.key).toBe('dach-mug');
    expect(tailoring.staged.metaTitle).toBeUndefined();
    expect(tailoring.current.metaTitle).toEqual({ de: 'Titel' });
  });

  test('variants: add and remove, images, assets and attributes, by variant id or SKU', async ({ apiRoot }) => {
    await seedCatalog(apiRoot);
    let tailoring = (
      await apiRoot
        .productTailoring()
        .post({ body: { store, product: { typeId: 'product', key: 'mug' } } })
        .execute()
    ).body;
    const image = (name: string) => ({ url: `https://img.example/${name}.png`, dimensions: { w: 1, h: 1 } });
    tailoring = await updated(
      apiRoot,
      tailoring,
      { action: 'addVariant', sku: 'MUG-RED', images: [image('a')], attributes: [{ name: 'colour', value: 'rot' }], staged: false },
      { action: 'addExternalImage', variantId: 1, image: image('b') },
      { action: 'moveImageToPosition', sku: 'MUG-RED', imageUrl: image('b').url, position: 0 },
      { action: 'setImageLabel', variantId: 1, imageUrl: image('a').url, label: 'front' },
      {
        action: 'addAsset',
        variantId: 1,
        asset: { key: 'manual', name: { en: 'Manual' }, sources: [{ uri: 'https://img.example/m.pdf' }] },
      },
      { action: 'setAttribute', sku: 'MUG-BLUE', name: 'size', value: 2 },
      { action: 'setProductAttribute', name: 'brand', value: 'Acme AT' },
    );
    const red = tailoring.staged.variants!.find((variant) => variant.id === 1)!;
    expect(red.images).toEqual([image('b'), { ...image('a'), label: 'front' }]);
    expect(red.assets).toEqual([
      { id: expect.any(String), key: 'manual', name: { en: 'Manual' }, sources: [{ uri: 'https://img.example/m.pdf' }] },
    ]);
    expect(red.attributes).toEqual([{ name: 'colour', value: 'rot' }]);
    expect(tailoring.staged.variants!.find((variant) => variant.id === 2)).toEqual({ id: 2, attributes: [{ name: 'size', value: 2 }] });
    expect(tailoring.staged.attributes).toEqual([{ name: 'brand', value: 'Acme AT' }]);
    // addVariant with staged: false reached the current data too; the rest only the staged.
    expect(tailoring.current.variants).toEqual([{ id: 1, images: [image('a')], attributes: [{ name: 'colour', value: 'rot' }] }]);

    const assetId = red.assets![0]!.id;
    tailoring = await updated(
      apiRoot,
      tailoring,
      { action: 'changeAssetName', variantId: 1, assetKey: 'manual', name: { en: 'Handbuch' } },
      { action: 'setAssetTags', variantId: 1, assetId, tags: ['pdf'] },
      { action: 'setAssetDescription', variantId: 1, assetId, description: { de: 'PDF' } },
      { action: 'setImages', sku: 'MUG-RED', images: [image('c')] },
      { action: 'removeVariant', sku: 'MUG-BLUE' },
      { action: 'setAttributeInAllVariants', name: 'colour', value: 'grün' },
    );
    const after = tailoring.staged.variants!;
    expect(after.map((variant) => variant.id).sort()).toEqual([1, 2]);
    expect(after.find((variant) => variant.id === 1)).toMatchObject({
      images: [image('c')],
      assets: [{ id: assetId, name: { en: 'Handbuch' }, tags: ['pdf'], description: { de: 'PDF' } }],
      attributes: [{ name: 'colour', value: 'grün' }],
    });
    expect(after.find((variant) => variant.id === 2)).toEqual({ id: 2, attributes: [{ name: 'colour', value: 'grün' }] });
    tailoring = await updated(
      apiRoot,
      tailoring,
      { action: 'removeAsset', variantId: 1, assetId },
      { action: 'removeImage', variantId: 1, imageUrl: image('c').url },
    );
    expect(tailoring.staged.variants!.find((variant) => variant.id === 1)).toMatchObject({ images: [], assets: [] });
  });

  test('refusals: bad drafts and actions are 400s, a stale version 409, and nothing changes', async ({ apiRoot }) => {
    await seedCatalog(apiRoot);
    const missing = await sdkFailure(
      apiRoot
        .productTailoring()
        .post({ body: {} as never })
        .execute(),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.body.errors.map((error) => error.code)).toEqual(['InvalidJsonInput', 'InvalidJsonInput']);

    const noProduct = await sdkFailure(
      apiRoot
        .productTailoring()
        .post({ body: { store, product: { typeId: 'product', key: 'nope' } } })
        .execute(),
    );
    expect(noProduct.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'product', key: 'nope' });
    const noStore = await sdkFailure(
      apiRoot
        .productTailoring()
        .post({ body: { store: { typeId: 'store', key: 'nowhere' }, product: { typeId: 'product', key: 'mug' } } })
        .execute(),
    );
    expect(noStore.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'store' });
    const badVariant = await sdkFailure(
      apiRoot
        .productTailoring()
        .post({ body: { store, product: { typeId: 'product', key: 'mug' }, variants: [{ sku: 'MUG-GREEN' }] } })
        .execute(),
    );
    expect(badVariant.body.errors[0]!.code).toBe('InvalidOperation');
    const badAttribute = await sdkFailure(
      apiRoot
        .productTailoring()
        .post({
          body: { store, product: { typeId: 'product', key: 'mug' }, variants: [{ id: 1, attributes: [{ name: 'size', value: 'big' }] }] },
        })
        .execute(),
    );
    expect(badAttribute.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'size' });
    const badSlug = await sdkFailure(
      apiRoot
        .productTailoring()
        .post({ body: { store, product: { typeId: 'product', key: 'mug' }, slug: { de: 'a b' } } })
        .execute(),
    );
    expect(badSlug.statusCode).toBe(400);
    expect((await apiRoot.productTailoring().get().execute()).body.count).toBe(0);

    const tailoring = (
      await apiRoot
        .productTailoring()
        .post({ body: { store, product: { typeId: 'product', key: 'mug' }, name: { de: 'Tasse' } } })
        .execute()
    ).body;
    const stale = await sdkFailure(
      apiRoot
        .productTailoring()
        .withId({ ID: tailoring.id })
        .post({ body: { version: 7, actions: [{ action: 'setName', name: { de: 'X' } }] } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    const staleDelete = await sdkFailure(
      inStore(apiRoot)
        .products()
        .withProductKey({ productKey: 'mug' })
        .productTailoring()
        .delete({ queryArgs: { version: 3 } })
        .execute(),
    );
    expect(staleDelete.statusCode).toBe(409);

    const wrongShape = await sdkFailure(update(apiRoot, tailoring, { action: 'setName', name: 'Tasse' as never }));
    expect(wrongShape.body.errors[0]).toMatchObject(invalidJson(expect.stringContaining('name') as never));
    const noVariant = await sdkFailure(update(apiRoot, tailoring, { action: 'removeImage', variantId: 1, imageUrl: 'https://x' }));
    expect(noVariant.body.errors[0]).toMatchObject({
      code: 'InvalidOperation',
      message: 'The product tailoring has no tailoring of the variant 1.',
    });
    const locator = await sdkFailure(update(apiRoot, tailoring, { action: 'setAttribute', name: 'colour', value: 'rot' }));
    expect(locator.body.errors[0]).toMatchObject({ code: 'InvalidInput', message: 'Either variantId or sku is required.' });
    const productLevel = await sdkFailure(update(apiRoot, tailoring, { action: 'setAttribute', variantId: 1, name: 'brand', value: 'X' }));
    expect(productLevel.body.errors[0]!.code).toBe('InvalidOperation');
    const twice = await sdkFailure(update(apiRoot, tailoring, { action: 'addVariant', id: 1 }, { action: 'addVariant', sku: 'MUG-RED' }));
    expect(twice.body.errors[0]).toMatchObject({ code: 'InvalidOperation', message: 'The variant 1 is tailored already.' });
    const unknown = await sdkFailure(update(apiRoot, tailoring, { action: 'revertStagedChanges' } as never));
    expect(unknown.statusCode).toBe(400);
    expect((await apiRoot.productTailoring().withId({ ID: tailoring.id }).get().execute()).body).toEqual(tailoring);
  });

  test('messages: created, the field and variant changes, publishing, deleted — each naming store and product', async ({
    apiRoot,
    mock,
  }) => {
    const product = await seedCatalog(apiRoot);
    const about = { store: { typeId: 'store', key: 'dach' }, productKey: 'mug', product: { typeId: 'product', id: product.id } };
    let tailoring = (
      await inStore(apiRoot)
        .productTailoring()
        .post({ body: { key: 't1', product: { typeId: 'product', id: product.id }, name: { de: 'Tasse' } } })
        .execute()
    ).body;
    tailoring = await updated(
      apiRoot,
      tailoring,
      { action: 'setName', name: { de: 'Becher' } },
      { action: 'setDescription', description: { de: 'Fein' } },
      { action: 'setSlug', slug: { de: 'becher-fein' } },
      // setKey is in the platform's definition, not yet among the SDK's action types.
      { action: 'setKey', key: 't2' } as never,
      { action: 'addVariant', id: 2 },
      { action: 'addExternalImage', variantId: 2, image: { url: 'https://img.example/x.png', dimensions: { w: 2, h: 2 } } },
      { action: 'setImages', variantId: 2, images: [] },
      { action: 'removeVariant', id: 2 },
      { action: 'publish' },
      { action: 'unpublish' },
      { action: 'setMetaTitle', metaTitle: { de: 'no message' } },
    );
    await inStore(apiRoot)
      .products()
      .withProductId({ productID: product.id })
      .productTailoring()
      .delete({ queryArgs: { version: tailoring.version } })
      .execute();

    const own = mock.events.messages({ resourceTypeId: 'product-tailoring' }) as unknown as Array<Record<string, unknown>>;
    expect(own.map((message) => message.type)).toEqual([
      'ProductTailoringCreated',
      'ProductTailoringNameSet',
      'ProductTailoringDescriptionSet',
      'ProductTailoringSlugSet',
      'ProductTailoringKeySet',
      'ProductVariantTailoringAdded',
      'ProductTailoringImageAdded',
      'ProductTailoringImagesSet',
      'ProductVariantTailoringRemoved',
      'ProductTailoringPublished',
      'ProductTailoringUnpublished',
      'ProductTailoringDeleted',
    ]);
    for (const message of own) expect(message).toMatchObject(about);
    const byType = (type: string) => own.find((message) => message.type === type)!;
    expect(byType('ProductTailoringCreated')).toMatchObject({ key: 't1', name: { de: 'Tasse' }, published: false });
    expect(byType('ProductTailoringNameSet')).toMatchObject({ name: { de: 'Becher' }, oldName: { de: 'Tasse' } });
    expect(byType('ProductTailoringDescriptionSet')).toMatchObject({ description: { de: 'Fein' } });
    expect(byType('ProductTailoringDescriptionSet').oldDescription).toBeUndefined();
    expect(byType('ProductTailoringSlugSet')).toMatchObject({ slug: { de: 'becher-fein' } });
    expect(byType('ProductTailoringKeySet')).toMatchObject({ key: 't2', oldKey: 't1' });
    expect(byType('ProductVariantTailoringAdded')).toMatchObject({ variantId: 2, variant: { id: 2 } });
    expect(byType('ProductTailoringImageAdded')).toMatchObject({ variantId: 2, image: { url: 'https://img.example/x.png' } });
    expect(byType('ProductTailoringImagesSet')).toMatchObject({
      variantId: 2,
      oldImages: [{ url: 'https://img.example/x.png' }],
      images: [],
    });
    expect(byType('ProductVariantTailoringRemoved')).toMatchObject({ variantId: 2, variant: { id: 2, images: [] } });
    // Through /messages as well, in the platform's shape.
    const listed = (
      await apiRoot
        .messages()
        .get({ queryArgs: { where: 'type="ProductTailoringDeleted"' } })
        .execute()
    ).body;
    expect(listed.results).toEqual([expect.objectContaining({ type: 'ProductTailoringDeleted', ...about })]);
  });

  test('a store’s product projection shows its published tailoring; staged=true its staged one; other stores the product', async ({
    apiRoot,
  }) => {
    const product = await seedCatalog(apiRoot);
    await apiRoot
      .stores()
      .post({ body: { key: 'uk', name: { en: 'UK' } } })
      .execute();
    let tailoring = (
      await apiRoot
        .productTailoring()
        .post({
          body: {
            store,
            product: { typeId: 'product', key: 'mug' },
            name: { de: 'Tasse' },
            description: { de: 'Eine Tasse' },
            slug: { de: 'tasse' },
            metaTitle: { de: 'Tasse!' },
            attributes: [{ name: 'brand', value: 'Acme DE' }],
            variants: [
              {
                id: 1,
                images: [{ url: 'https://img.example/tasse.png', dimensions: { w: 3, h: 3 } }],
                attributes: [{ name: 'colour', value: 'rot' }],
              },
            ],
          },
        })
        .execute()
    ).body;
    const projection = (storeKey: string, staged?: boolean) =>
      inStore(apiRoot, storeKey)
        .productProjections()
        .withKey({ key: 'mug' })
        .get({ queryArgs: staged === undefined ? {} : { staged } })
        .execute()
        .then((response) => response.body);

    // Not published: the current projection is the product's own.
    const before = await projection('dach');
    expect(before.name).toEqual({ en: 'Mug', de: 'Becher' });
    // staged=true shows the staged tailoring.
    expect((await projection('dach', true)).name).toEqual({ en: 'Mug', de: 'Tasse' });

    tailoring = await updated(apiRoot, tailoring, { action: 'publish' }, { action: 'setName', name: { de: 'Kaffeebecher' } });
    const shown = await projection('dach');
    // Each tailored locale over the product's; untailored fields and locales stay the product's.
    expect(shown.name).toEqual({ en: 'Mug', de: 'Tasse' });
    expect(shown.description).toEqual({ en: 'A mug', de: 'Eine Tasse' });
    expect(shown.slug).toEqual({ en: 'mug', de: 'tasse' });
    expect(shown.metaTitle).toEqual({ de: 'Tasse!' });
    expect(shown.attributes).toEqual([{ name: 'brand', value: 'Acme DE' }]);
    expect(shown.masterVariant.images).toEqual([{ url: 'https://img.example/tasse.png', dimensions: { w: 3, h: 3 } }]);
    expect(shown.masterVariant.attributes).toEqual([
      { name: 'colour', value: 'rot' },
      { name: 'size', value: 1 },
    ]);
    expect(shown.masterVariant.prices).toEqual([expect.objectContaining({ value: expect.objectContaining({ centAmount: 900 }) })]);
    expect(shown.variants[0]!.attributes).toEqual([{ name: 'colour', value: 'blue' }]);
    expect((await projection('dach', true)).name).toEqual({ en: 'Mug', de: 'Kaffeebecher' });
    // Another store, and the project-wide projection, show the product as it is.
    expect((await projection('uk')).name).toEqual({ en: 'Mug', de: 'Becher' });
    const global = (await apiRoot.productProjections().withId({ ID: product.id }).get().execute()).body;
    expect(global.name).toEqual({ en: 'Mug', de: 'Becher' });
    expect(global.masterVariant.images).toEqual([{ url: 'https://img.example/red.png', dimensions: { w: 10, h: 10 } }]);

    await updated(apiRoot, tailoring, { action: 'unpublish' });
    expect((await projection('dach')).name).toEqual({ en: 'Mug', de: 'Becher' });
  });

  test('the image upload of a store’s tailoring, over a real HTTP port: added to the variant’s tailoring, served at its URL', async () => {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
      probe.on('error', reject);
    });
    const origin = `http://127.0.0.1:${port}`;
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, apiUrl: origin, authUrl: origin });
    const server = await startServer(mock, { port });
    try {
      const apiRoot = sdkApiRoot(mock);
      const product = await seedCatalog(apiRoot);
      const tailoring = (
        await inStore(apiRoot)
          .productTailoring()
          .post({ body: { product: { typeId: 'product', id: product.id } } })
          .execute()
      ).body;
      const file = png(4, 3);
      const byKey = inStore(apiRoot).products().withProductKey({ productKey: 'mug' }).productTailoring();
      const response = await byKey
        .images()
        .post({ body: file, headers: { 'Content-Type': 'image/png' }, queryArgs: { sku: 'MUG-BLUE', filename: 'blau.png' } })
        .execute();
      expect(response.statusCode).toBe(200);
      expect(response.body.version).toBe(tailoring.version + 1);
      const [image] = response.body.staged.variants!.find((variant: { id: number }) => variant.id === 2)!.images!;
      expect(image).toEqual({
        url: expect.stringMatching(new RegExp(`^${origin}/${PROJECT_KEY}/images/blau-`)),
        dimensions: { w: 4, h: 3 },
        label: 'blau.png',
      });
      expect(response.body.current.variants).toBeUndefined();
      const served = await fetch(image!.url);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);

      // The master variant without variant or sku; staged=false reaches the current data too.
      const next = (
        await inStore(apiRoot)
          .products()
          .withProductId({ productID: product.id })
          .productTailoring()
          .images()
          .post({ body: file, headers: { 'Content-Type': 'image/png' }, queryArgs: { staged: false } })
          .execute()
      ).body;
      expect(next.current.variants).toEqual([{ id: 1, images: [expect.objectContaining({ label: 'img' })] }]);
      const refused = await sdkFailure(
        byKey
          .images()
          .post({ body: Buffer.from('nope'), headers: { 'Content-Type': 'image/png' } })
          .execute(),
      );
      expect(refused.statusCode).toBe(400);
      // Updates by product work over the port too.
      const renamed = await byKey
        .post({ body: { version: next.version, actions: [{ action: 'setName', name: { de: 'Tasse' } }] } })
        .execute();
      expect(renamed.body.staged.name).toEqual({ de: 'Tasse' });
    } finally {
      await server.close();
    }
  });

  test('GraphQL: create in a store, read by id, key and product (root and inStore), list, update and delete', async ({ apiRoot }) => {
    const product = await seedCatalog(apiRoot);
    const created = await graphql(
      apiRoot,
      `mutation { createProductTailoring(storeKey: "dach", draft: { key: "gql", product: { key: "mug" }, name: [{ locale: "de", value: "Tasse" }] }) {
        id version key storeRef { key } productRef { id } published staged { nameAllLocales { locale value } } } }`,
    );
    expect(created.errors).toBeUndefined();
    const made = created.data.createProductTailoring;
    expect(made).toMatchObject({
      version: 1,
      key: 'gql',
      storeRef: { key: 'dach' },
      productRef: { id: product.id },
      published: false,
      staged: { nameAllLocales: [{ locale: 'de', value: 'Tasse' }] },
    });

    const read = await graphql(
      apiRoot,
      `query ($id: String!, $productId: String!, $where: String) {
        byId: productTailoring(id: $id) { key }
        byProduct: productTailoring(storeKey: "dach", productId: $productId) { id }
        byProductKey: productTailoring(storeKey: "dach", productKey: "mug") { id }
        otherStore: productTailoring(storeKey: "nowhere", productKey: "mug") { id }
        list: productTailoringList(where: $where) { total results { id product { key } store { key } } }
        inStore(key: "dach") { byKey: productTailoring(key: "gql") { id } byProduct: productTailoring(productId: $productId) { key } productTailoringList { total } }
      }`,
      { id: made.id, productId: product.id, where: 'key="gql"' },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data).toEqual({
      byId: { key: 'gql' },
      byProduct: { id: made.id },
      byProductKey: { id: made.id },
      otherStore: null,
      list: { total: 1, results: [{ id: made.id, product: { key: 'mug' }, store: { key: 'dach' } }] },
      inStore: { byKey: { id: made.id }, byProduct: { key: 'gql' }, productTailoringList: { total: 1 } },
    });
    // Named by its product, a tailoring needs a store.
    const storeless = await graphqlFailure(apiRoot, `query { productTailoring(productKey: "mug") { id } }`);
    expect(storeless.statusCode).toBe(400);
    expect(storeless.body.errors[0]).toMatchObject({ path: ['productTailoring'], extensions: { code: 'InvalidInput' } });

    const renamed = await graphql(
      apiRoot,
      `mutation { updateProductTailoring(storeKey: "dach", key: "gql", version: 1, actions: [{ setName: { name: [{ locale: "de", value: "Becher" }], staged: false } }, { publish: {} }]) {
        version published current { name(locale: "de") } } }`,
    );
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data.updateProductTailoring).toEqual({ version: 2, published: true, current: { name: 'Becher' } });
    const stale = await graphql(
      apiRoot,
      `mutation { updateProductTailoring(id: "${made.id}", version: 1, actions: [{ unpublish: {} }]) { version } }`,
    );
    expect(stale.errors![0].extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 2 });

    const deleted = await graphql(
      apiRoot,
      `mutation { deleteProductTailoring(storeKey: "dach", productId: "${product.id}", version: 2) { id } }`,
    );
    expect(deleted.data.deleteProductTailoring).toEqual({ id: made.id });
    expect((await sdkFailure(apiRoot.productTailoring().withId({ ID: made.id }).get().execute())).statusCode).toBe(404);
  });
  test('a deleted product takes its tailorings with it, each with ProductTailoringDeleted', async ({ apiRoot, mock }) => {
    const product = await seedCatalog(apiRoot);
    await apiRoot
      .stores()
      .post({ body: { key: 'ch', name: { en: 'CH' } } })
      .execute();
    for (const storeKey of ['dach', 'ch']) {
      await inStore(apiRoot, storeKey)
        .productTailoring()
        .post({ body: { key: `mug-${storeKey}`, product: { typeId: 'product', key: 'mug' }, name: { de: 'Tasse' } } })
        .execute();
    }
    // An other product's tailoring stays.
    const cup = await createProduct(apiRoot, {
      key: 'cup',
      productType: { typeId: 'product-type', key: 'mug' },
      name: { en: 'Cup' },
      slug: { en: 'cup' },
    });
    await inStore(apiRoot)
      .productTailoring()
      .post({ body: { key: 'cup-dach', product: { typeId: 'product', id: cup.id } } })
      .execute();

    const published = (await apiRoot.products().withId({ ID: product.id }).get().execute()).body;
    const unpublished = (
      await apiRoot
        .products()
        .withId({ ID: product.id })
        .post({ body: { version: published.version, actions: [{ action: 'unpublish' }] } })
        .execute()
    ).body;
    await apiRoot
      .products()
      .withId({ ID: product.id })
      .delete({ queryArgs: { version: unpublished.version } })
      .execute();

    const left = (await apiRoot.productTailoring().get().execute()).body;
    expect(left.results.map((tailoring) => tailoring.key)).toEqual(['cup-dach']);
    for (const key of ['mug-dach', 'mug-ch']) {
      expect((await sdkFailure(apiRoot.productTailoring().withKey({ key }).get().execute())).statusCode).toBe(404);
    }
    const deleted = mock.events
      .messages({ resourceTypeId: 'product-tailoring' })
      .filter((message) => message.type === 'ProductTailoringDeleted');
    expect(deleted.map((message) => message.resourceUserProvidedIdentifiers?.key).sort()).toEqual(['mug-ch', 'mug-dach']);
  });

  test('a deleted store takes its tailorings with it; other stores’ stay', async ({ apiRoot, mock }) => {
    const product = await seedCatalog(apiRoot);
    const ch = (
      await apiRoot
        .stores()
        .post({ body: { key: 'ch', name: { en: 'CH' } } })
        .execute()
    ).body;
    for (const storeKey of ['dach', 'ch']) {
      await inStore(apiRoot, storeKey)
        .productTailoring()
        .post({ body: { key: `mug-${storeKey}`, product: { typeId: 'product', id: product.id } } })
        .execute();
    }
    await apiRoot
      .stores()
      .withKey({ key: 'ch' })
      .delete({ queryArgs: { version: ch.version } })
      .execute();
    const left = (await apiRoot.productTailoring().get().execute()).body;
    expect(left.results.map((tailoring) => tailoring.key)).toEqual(['mug-dach']);
    const deleted = mock.events
      .messages({ resourceTypeId: 'product-tailoring' })
      .filter((message) => message.type === 'ProductTailoringDeleted');
    expect(deleted.map((message) => message.resourceUserProvidedIdentifiers?.key)).toEqual(['mug-ch']);
  });

  test('a product’s new key: its tailorings still name it, found by the new key in a store and by it in their messages', async ({
    apiRoot,
    mock,
  }) => {
    const product = await seedCatalog(apiRoot);
    let tailoring = (
      await inStore(apiRoot)
        .productTailoring()
        .post({ body: { key: 't1', product: { typeId: 'product', key: 'mug' }, name: { de: 'Tasse' } } })
        .execute()
    ).body;
    await apiRoot
      .products()
      .withId({ ID: product.id })
      .post({ body: { version: product.version, actions: [{ action: 'setKey', key: 'beaker' }] } })
      .execute();
    const byNewKey = await inStore(apiRoot).products().withProductKey({ productKey: 'beaker' }).productTailoring().get().execute();
    expect(byNewKey.body).toMatchObject({ id: tailoring.id, product: { typeId: 'product', id: product.id } });
    const byOldKey = await sdkFailure(inStore(apiRoot).products().withProductKey({ productKey: 'mug' }).productTailoring().get().execute());
    expect(byOldKey.statusCode).toBe(404);

    tailoring = await updated(apiRoot, tailoring, { action: 'setName', name: { de: 'Becher' } });
    const nameSet = mock.events
      .messages({ resourceTypeId: 'product-tailoring' })
      .find((message) => message.type === 'ProductTailoringNameSet');
    expect(nameSet).toMatchObject({ productKey: 'beaker', product: { typeId: 'product', id: product.id } });
    // GraphQL reads the product through the reference: its new key.
    const { data } = await graphql(apiRoot, `{ productTailoring(id: "${tailoring.id}") { product { key } } }`);
    expect(data.productTailoring.product.key).toBe('beaker');
  });
});
