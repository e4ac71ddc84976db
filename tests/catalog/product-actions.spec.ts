import type { ByProjectKeyRequestBuilder, Product } from '@commercetools/platform-sdk';
import { test, expect } from '../support/sdk.js';
import { createProduct, money, raw, readProduct, refusedUpdate, shirtType, typedMoney, updateProduct } from './support.js';

const shirt = { typeId: 'product-type' as const, key: 'shirt' };

/** A published shirt with three variants (red, blue, green) and a EUR price on the master. */
async function publishedShirt(apiRoot: ByProjectKeyRequestBuilder): Promise<Product> {
  await shirtType(apiRoot);
  return createProduct(apiRoot, {
    key: 'tee',
    productType: shirt,
    name: { en: 'Tee' },
    slug: { en: 'tee' },
    publish: true,
    masterVariant: {
      sku: 'red',
      prices: [{ value: money(1000) }],
      images: [
        { url: 'https://img/1.png', dimensions: { w: 1, h: 1 } },
        { url: 'https://img/2.png', dimensions: { w: 2, h: 2 } },
      ],
      attributes: [
        { name: 'color', value: 'red' },
        { name: 'material', value: 'cotton' },
      ],
    },
    variants: [
      {
        sku: 'blue',
        attributes: [
          { name: 'color', value: 'blue' },
          { name: 'material', value: 'cotton' },
        ],
      },
      {
        sku: 'green',
        attributes: [
          { name: 'color', value: 'green' },
          { name: 'material', value: 'cotton' },
        ],
      },
    ],
  });
}

test.describe('product actions: staged by default', () => {
  test('changes go to staged only; hasStagedChanges follows; staged: false changes both', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    const staged = await updateProduct(apiRoot, product, { action: 'changeName', name: { en: 'Staged tee' } });
    expect(staged.version).toBe(2);
    expect(staged.masterData.staged.name).toEqual({ en: 'Staged tee' });
    expect(staged.masterData.current.name).toEqual({ en: 'Tee' });
    expect(staged.masterData.hasStagedChanges).toBe(true);
    const both = await updateProduct(apiRoot, staged, { action: 'setDescription', description: { en: 'Both' }, staged: false });
    expect(both.masterData.current.description).toEqual({ en: 'Both' });
    expect(both.masterData.staged.description).toEqual({ en: 'Both' });
    const back = await updateProduct(apiRoot, both, { action: 'changeName', name: { en: 'Tee' } });
    expect(back.masterData.hasStagedChanges).toBe(false);
  });

  test('an update that changes nothing keeps the version', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    const same = await updateProduct(apiRoot, product, { action: 'changeName', name: { en: 'Tee' } });
    expect(same.version).toBe(1);
  });

  test('name, slug, description and meta fields; slug uniqueness applies to updates', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    const updated = await updateProduct(
      apiRoot,
      product,
      { action: 'changeSlug', slug: { en: 'tee-new' }, staged: false },
      { action: 'setMetaTitle', metaTitle: { en: 'MT' } },
      { action: 'setMetaDescription', metaDescription: { en: 'MD' } },
      { action: 'setMetaKeywords', metaKeywords: { en: 'MK' } },
      { action: 'setSearchKeywords', searchKeywords: { en: [{ text: 'tee' }] } },
    );
    expect(updated.masterData.current.slug).toEqual({ en: 'tee-new' });
    expect(updated.masterData.staged).toMatchObject({
      metaTitle: { en: 'MT' },
      metaDescription: { en: 'MD' },
      metaKeywords: { en: 'MK' },
      searchKeywords: { en: [{ text: 'tee' }] },
    });
    const cleared = await updateProduct(apiRoot, updated, { action: 'setMetaTitle' }, { action: 'setDescription' });
    expect(cleared.masterData.staged.metaTitle).toBeUndefined();
    const other = await createProduct(apiRoot, { productType: shirt, name: { en: 'O' }, slug: { en: 'other' } });
    const taken = await refusedUpdate(apiRoot, other, { action: 'changeSlug', slug: { en: 'tee-new' } });
    expect(taken.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'slug.en', duplicateValue: 'tee-new' });
    // The old slug is free again once neither data set uses it.
    const freed = await updateProduct(apiRoot, other, { action: 'changeSlug', slug: { en: 'tee' } });
    expect(freed.masterData.staged.slug).toEqual({ en: 'tee' });
  });

  test('key, tax category, price mode, state transitions', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    const tax = (
      await apiRoot
        .taxCategories()
        .post({ body: { key: 'std', name: 'Std', rates: [] } })
        .execute()
    ).body;
    const review = (
      await apiRoot
        .states()
        .post({ body: { key: 'review', type: 'ProductState', initial: false } })
        .execute()
    ).body;
    const open = (
      await apiRoot
        .states()
        .post({ body: { key: 'open', type: 'ProductState', initial: true, transitions: [{ typeId: 'state', id: review.id }] } })
        .execute()
    ).body;
    const done = (
      await apiRoot
        .states()
        .post({ body: { key: 'done', type: 'ProductState', initial: false } })
        .execute()
    ).body;
    const notInitial = await refusedUpdate(apiRoot, product, { action: 'transitionState', state: { typeId: 'state', key: 'review' } });
    expect(notInitial.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    let updated = await updateProduct(
      apiRoot,
      product,
      { action: 'setKey', key: 'tee-2' },
      { action: 'setTaxCategory', taxCategory: { typeId: 'tax-category', key: 'std' } },
      { action: 'setPriceMode', priceMode: 'Standalone' },
      { action: 'transitionState', state: { typeId: 'state', key: 'open' } },
    );
    expect(updated).toMatchObject({
      key: 'tee-2',
      taxCategory: { typeId: 'tax-category', id: tax.id },
      priceMode: 'Standalone',
      state: { typeId: 'state', id: open.id },
    });
    expect(updated.masterData.hasStagedChanges).toBe(false);
    const noTransition = await refusedUpdate(apiRoot, updated, { action: 'transitionState', state: { typeId: 'state', id: done.id } });
    expect(noTransition.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    updated = await updateProduct(apiRoot, updated, { action: 'transitionState', state: { typeId: 'state', id: done.id }, force: true });
    expect(updated.state).toEqual({ typeId: 'state', id: done.id });
    const missing = await refusedUpdate(apiRoot, updated, {
      action: 'setTaxCategory',
      taxCategory: { typeId: 'tax-category', id: 'nope' },
    });
    expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'tax-category', id: 'nope' });
    expect((await readProduct(apiRoot, product.id)).version).toBe(updated.version);
  });
});

test.describe('product actions: categories', () => {
  test('add with order hint, set the hint, remove', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    const category = (
      await apiRoot
        .categories()
        .post({ body: { key: 'men', name: { en: 'Men' }, slug: { en: 'men' } } })
        .execute()
    ).body;
    let updated = await updateProduct(apiRoot, product, {
      action: 'addToCategory',
      category: { typeId: 'category', key: 'men' },
      orderHint: '0.4',
    });
    expect(updated.masterData.staged).toMatchObject({
      categories: [{ typeId: 'category', id: category.id }],
      categoryOrderHints: { [category.id]: '0.4' },
    });
    expect(updated.masterData.current.categories).toEqual([]);
    updated = await updateProduct(apiRoot, updated, { action: 'setCategoryOrderHint', categoryId: category.id, orderHint: '0.25' });
    expect(updated.masterData.staged.categoryOrderHints).toEqual({ [category.id]: '0.25' });
    const badHint = await refusedUpdate(apiRoot, updated, { action: 'setCategoryOrderHint', categoryId: category.id, orderHint: '0.50' });
    expect(badHint.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'actions[0].orderHint' });
    const notAssigned = await refusedUpdate(apiRoot, updated, { action: 'setCategoryOrderHint', categoryId: 'other', orderHint: '0.1' });
    expect(notAssigned.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    updated = await updateProduct(apiRoot, updated, { action: 'removeFromCategory', category: { typeId: 'category', id: category.id } });
    expect(updated.masterData.staged.categories).toEqual([]);
    expect(updated.masterData.staged.categoryOrderHints).toBeUndefined();
    expect(updated.masterData.hasStagedChanges).toBe(false);
    const missing = await refusedUpdate(apiRoot, updated, { action: 'addToCategory', category: { typeId: 'category', key: 'nope' } });
    expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'category', key: 'nope' });
  });
});

test.describe('product actions: variants', () => {
  test('addVariant: ids ascend, staged only by default, constraint and SKU checks', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    const combination = await refusedUpdate(apiRoot, product, {
      action: 'addVariant',
      sku: 'x1',
      attributes: [
        { name: 'color', value: 'red' },
        { name: 'material', value: 'cotton' },
      ],
    });
    expect(combination.body.errors[0]).toMatchObject({ code: 'DuplicateAttributeValues' });
    const materialMissing = await refusedUpdate(apiRoot, product, { action: 'addVariant', sku: 'x3' });
    expect(materialMissing.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'material', allowedValues: ['cotton'] });
    const sku = await refusedUpdate(apiRoot, product, {
      action: 'addVariant',
      sku: 'blue',
      attributes: [{ name: 'material', value: 'cotton' }],
    });
    expect(sku.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'sku', duplicateValue: 'blue' });
    const added = await updateProduct(apiRoot, product, {
      action: 'addVariant',
      sku: 'black',
      key: 'black-key',
      prices: [{ value: money(500) }],
      attributes: [{ name: 'material', value: 'cotton' }],
      images: [{ url: 'https://img/b.png', dimensions: { w: 3, h: 3 } }],
      assets: [{ name: { en: 'A' }, sources: [{ uri: 'https://a' }] }],
    });
    const variant = added.masterData.staged.variants.find((v) => v.sku === 'black')!;
    expect(variant).toMatchObject({
      id: 4,
      key: 'black-key',
      prices: [{ value: typedMoney(500) }],
      images: [{ url: 'https://img/b.png' }],
      assets: [{ name: { en: 'A' } }],
    });
    expect(added.masterData.current.variants).toHaveLength(2);
    expect(added.masterData.hasStagedChanges).toBe(true);
    // The SKU is taken even though only staged data has it.
    const other = await createProduct(apiRoot, { productType: shirt, name: { en: 'O' }, slug: { en: 'other' } });
    const taken = await refusedUpdate(apiRoot, other, { action: 'setSku', variantId: 1, sku: 'black' });
    expect(taken.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'sku', duplicateValue: 'black' });
    const both = await updateProduct(apiRoot, added, {
      action: 'addVariant',
      sku: 'white',
      attributes: [
        { name: 'material', value: 'cotton' },
        { name: 'ean', value: '9' },
      ],
      staged: false,
    });
    expect(both.masterData.current.variants.map((v) => v.id)).toEqual([2, 3, 5]);
    expect(both.masterData.staged.variants.map((v) => v.id)).toEqual([2, 3, 4, 5]);
  });

  test('removeVariant by id and sku; the master variant cannot be removed; unknown variants refused', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    let updated = await updateProduct(
      apiRoot,
      product,
      { action: 'removeVariant', id: 2 },
      { action: 'removeVariant', sku: 'green', staged: false },
    );
    expect(updated.masterData.staged.variants).toEqual([]);
    expect(updated.masterData.current.variants.map((v) => v.id)).toEqual([2]);
    const master = await refusedUpdate(apiRoot, updated, { action: 'removeVariant', id: 1 });
    expect(master.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const unknown = await refusedUpdate(apiRoot, updated, { action: 'removeVariant', id: 9 });
    expect(unknown.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const neither = await refusedUpdate(apiRoot, updated, { action: 'removeVariant' });
    expect(neither.body.errors[0]).toMatchObject({ code: 'InvalidInput' });
    updated = await updateProduct(apiRoot, updated, { action: 'publish' });
    expect(updated.masterData.current.variants).toEqual([]);
  });

  test('changeMasterVariant swaps the master into the variants', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    const updated = await updateProduct(apiRoot, product, { action: 'changeMasterVariant', sku: 'green', staged: false });
    for (const data of [updated.masterData.current, updated.masterData.staged]) {
      expect(data.masterVariant.id).toBe(3);
      expect(data.variants.map((v) => v.id)).toEqual([2, 1]);
    }
    const again = await updateProduct(apiRoot, updated, { action: 'changeMasterVariant', variantId: 3 });
    expect(again.version).toBe(updated.version);
  });

  test('setSku, legacy setSKU, setProductVariantKey; revertStagedVariantChanges', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    let updated = await updateProduct(
      apiRoot,
      product,
      { action: 'setSku', variantId: 2, sku: 'navy' },
      raw({ action: 'setSKU', variantId: 3, sku: 'lime' }),
      { action: 'setProductVariantKey', sku: 'navy', key: 'navy-key' },
      { action: 'setProductVariantKey', variantId: 1, key: 'master', staged: false },
    );
    expect(updated.masterData.staged.variants.map((v) => [v.sku, v.key])).toEqual([
      ['navy', 'navy-key'],
      ['lime', undefined],
    ]);
    expect(updated.masterData.current.masterVariant.key).toBe('master');
    expect(updated.masterData.current.variants[0]!.sku).toBe('blue');
    const duplicateKey = await refusedUpdate(apiRoot, updated, { action: 'setProductVariantKey', variantId: 3, key: 'master' });
    expect(duplicateKey.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'variants.key' });
    updated = await updateProduct(apiRoot, updated, { action: 'revertStagedVariantChanges', variantId: 2 });
    expect(updated.masterData.staged.variants[0]).toEqual(updated.masterData.current.variants[0]);
    updated = await updateProduct(apiRoot, updated, { action: 'setSku', variantId: 3 });
    expect(updated.masterData.staged.variants[1]!.sku).toBeUndefined();
    // The removed SKU is free for others.
    const other = await createProduct(apiRoot, {
      productType: shirt,
      name: { en: 'O' },
      slug: { en: 'other' },
      masterVariant: { sku: 'lime' },
    });
    expect(other.masterData.staged.masterVariant.sku).toBe('lime');
  });
});

test.describe('product actions: attributes', () => {
  test('setAttribute, setAttributeInAllVariants and setProductAttribute', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    let updated = await updateProduct(
      apiRoot,
      product,
      { action: 'setAttribute', variantId: 2, name: 'weight', value: 1.5 },
      { action: 'setAttribute', sku: 'green', name: 'finish', value: 'matt', staged: false },
      { action: 'setAttributeInAllVariants', name: 'material', value: 'linen' },
      { action: 'setProductAttribute', name: 'brand', value: 'Acme' },
    );
    const staged = updated.masterData.staged;
    expect(staged.variants[0]!.attributes).toContainEqual({ name: 'weight', value: 1.5 });
    expect(updated.masterData.current.variants[1]!.attributes).toContainEqual({
      name: 'finish',
      value: { key: 'matt', label: { en: 'Matt', de: 'Matt' } },
    });
    expect(
      [staged.masterVariant, ...staged.variants].every((v) => v.attributes!.some((a) => a.name === 'material' && a.value === 'linen')),
    ).toBe(true);
    expect(staged.attributes).toEqual([{ name: 'brand', value: 'Acme' }]);
    updated = await updateProduct(
      apiRoot,
      updated,
      { action: 'setAttribute', variantId: 2, name: 'weight' },
      { action: 'setProductAttribute', name: 'brand' },
    );
    expect(updated.masterData.staged.variants[0]!.attributes!.some((a) => a.name === 'weight')).toBe(false);
    expect(updated.masterData.staged.attributes).toEqual([]);
  });

  test('refusals: wrong type, unknown name, wrong level, SameForAll via setAttribute, Unique values', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    const wrongType = await refusedUpdate(apiRoot, product, { action: 'setAttribute', variantId: 1, name: 'weight', value: 'heavy' });
    expect(wrongType.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'weight', invalidValue: 'heavy' });
    const unknown = await refusedUpdate(apiRoot, product, { action: 'setAttribute', variantId: 1, name: 'nope', value: 1 });
    expect(unknown.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const level = await refusedUpdate(apiRoot, product, { action: 'setAttribute', variantId: 1, name: 'brand', value: 'X' });
    expect(level.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const productLevel = await refusedUpdate(apiRoot, product, { action: 'setProductAttribute', name: 'title', value: 'X' });
    expect(productLevel.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const sameForAll = await refusedUpdate(apiRoot, product, { action: 'setAttribute', variantId: 2, name: 'material', value: 'silk' });
    expect(sameForAll.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'material' });
    const unique = await refusedUpdate(
      apiRoot,
      product,
      { action: 'setAttribute', variantId: 1, name: 'ean', value: '42' },
      { action: 'setAttribute', variantId: 2, name: 'ean', value: '42' },
    );
    expect(unique.body.errors[0]).toMatchObject({ code: 'DuplicateAttributeValue', attribute: { name: 'ean', value: '42' } });
    const combination = await refusedUpdate(apiRoot, product, { action: 'setAttribute', variantId: 2, name: 'color', value: 'red' });
    expect(combination.body.errors[0]).toMatchObject({ code: 'DuplicateAttributeValues' });
    const unknownVariant = await refusedUpdate(apiRoot, product, { action: 'setAttribute', variantId: 7, name: 'weight', value: 1 });
    expect(unknownVariant.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    expect(await readProduct(apiRoot, product.id)).toEqual(product);
  });
});

test.describe('product actions: images', () => {
  test('add, label, move and remove images', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    let updated = await updateProduct(
      apiRoot,
      product,
      { action: 'addExternalImage', variantId: 1, image: { url: 'https://img/3.png', dimensions: { w: 3, h: 3 }, label: 'Three' } },
      { action: 'setImageLabel', sku: 'red', imageUrl: 'https://img/1.png', label: 'One' },
      { action: 'moveImageToPosition', variantId: 1, imageUrl: 'https://img/3.png', position: 0 },
      { action: 'removeImage', variantId: 1, imageUrl: 'https://img/2.png' },
    );
    expect(updated.masterData.staged.masterVariant.images).toEqual([
      { url: 'https://img/3.png', dimensions: { w: 3, h: 3 }, label: 'Three' },
      { url: 'https://img/1.png', dimensions: { w: 1, h: 1 }, label: 'One' },
    ]);
    expect(updated.masterData.current.masterVariant.images).toHaveLength(2);
    const position = await refusedUpdate(apiRoot, updated, {
      action: 'moveImageToPosition',
      variantId: 1,
      imageUrl: 'https://img/1.png',
      position: 2,
    });
    expect(position.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const missing = await refusedUpdate(apiRoot, updated, { action: 'removeImage', variantId: 1, imageUrl: 'https://img/none.png' });
    expect(missing.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    updated = await updateProduct(apiRoot, updated, { action: 'setImageLabel', variantId: 1, imageUrl: 'https://img/1.png' });
    expect(updated.masterData.staged.masterVariant.images![1]!.label).toBeUndefined();
  });
});

test.describe('product actions: prices', () => {
  test('addPrice, changePrice, setPriceKey, removePrice; ids kept; staged and current', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    const group = (
      await apiRoot
        .customerGroups()
        .post({ body: { key: 'b2b', groupName: 'B2B' } })
        .execute()
    ).body;
    let updated = await updateProduct(apiRoot, product, {
      action: 'addPrice',
      sku: 'red',
      price: {
        value: money(900),
        customerGroup: { typeId: 'customer-group', key: 'b2b' },
        tiers: [{ minimumQuantity: 10, value: money(800) }],
      },
      staged: false,
    });
    const added = updated.masterData.staged.masterVariant.prices!.find((p) => p.customerGroup)!;
    expect(added).toEqual({
      id: expect.any(String),
      value: typedMoney(900),
      customerGroup: { typeId: 'customer-group', id: group.id },
      tiers: [{ minimumQuantity: 10, value: typedMoney(800) }],
    });
    expect(updated.masterData.current.masterVariant.prices!.find((p) => p.id === added.id)).toEqual(added);
    updated = await updateProduct(
      apiRoot,
      updated,
      { action: 'changePrice', priceId: added.id, price: { value: money(950), customerGroup: { typeId: 'customer-group', id: group.id } } },
      { action: 'setPriceKey', priceId: added.id, key: 'b2b-price' },
    );
    const changed = updated.masterData.staged.masterVariant.prices!.find((p) => p.id === added.id)!;
    expect(changed).toEqual({
      id: added.id,
      key: 'b2b-price',
      value: typedMoney(950),
      customerGroup: { typeId: 'customer-group', id: group.id },
    });
    expect(updated.masterData.current.masterVariant.prices!.find((p) => p.id === added.id)!.value).toEqual(typedMoney(900));
    const duplicate = await refusedUpdate(apiRoot, updated, {
      action: 'addPrice',
      variantId: 1,
      price: { value: money(1), customerGroup: { typeId: 'customer-group', id: group.id } },
    });
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicatePriceScope' });
    const unknown = await refusedUpdate(apiRoot, updated, { action: 'changePrice', priceId: 'nope', price: { value: money(1) } });
    expect(unknown.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    updated = await updateProduct(apiRoot, updated, { action: 'removePrice', priceId: added.id, staged: false });
    expect(updated.masterData.staged.masterVariant.prices).toHaveLength(1);
    expect(updated.masterData.current.masterVariant.prices).toHaveLength(1);
    updated = await updateProduct(apiRoot, updated, raw({ action: 'removePrice', variantId: 1, price: { value: money(1000) } }));
    expect(updated.masterData.staged.masterVariant.prices).toEqual([]);
  });

  test('setPrices replaces the prices of a variant', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    const updated = await updateProduct(apiRoot, product, {
      action: 'setPrices',
      sku: 'blue',
      prices: [{ value: money(1) }, { value: money(2), country: 'DE' }, { value: money(3, 'USD') }],
    });
    expect(updated.masterData.staged.variants[0]!.prices!.map((p) => [p.value.centAmount, p.country])).toEqual([
      [1, undefined],
      [2, 'DE'],
      [3, undefined],
    ]);
    expect(new Set(updated.masterData.staged.variants[0]!.prices!.map((p) => p.id)).size).toBe(3);
    const emptied = await updateProduct(apiRoot, updated, { action: 'setPrices', sku: 'blue', prices: [] });
    expect(emptied.masterData.staged.variants[0]!.prices).toEqual([]);
  });

  test('price custom fields', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    await apiRoot
      .types()
      .post({
        body: {
          key: 'price-fields',
          name: { en: 'P' },
          resourceTypeIds: ['product-price'],
          fieldDefinitions: [{ name: 'note', label: { en: 'N' }, required: false, type: { name: 'String' } }],
        },
      })
      .execute();
    const priceId = product.masterData.staged.masterVariant.prices![0]!.id;
    const noType = await refusedUpdate(apiRoot, product, { action: 'setProductPriceCustomField', priceId, name: 'note', value: 'x' });
    expect(noType.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const updated = await updateProduct(
      apiRoot,
      product,
      { action: 'setProductPriceCustomType', priceId, type: { typeId: 'type', key: 'price-fields' }, fields: { note: 'a' } },
      { action: 'setProductPriceCustomField', priceId, name: 'note', value: 'b' },
    );
    expect(updated.masterData.staged.masterVariant.prices![0]!.custom).toMatchObject({ fields: { note: 'b' } });
  });
});

test.describe('product actions: assets', () => {
  test('add, rename, describe, tag, re-source, key, reorder and remove assets', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    let updated = await updateProduct(
      apiRoot,
      product,
      { action: 'addAsset', variantId: 1, asset: { key: 'one', name: { en: 'One' }, sources: [{ uri: 'https://one' }] } },
      { action: 'addAsset', variantId: 1, asset: { key: 'two', name: { en: 'Two' }, sources: [{ uri: 'https://two' }] }, position: 0 },
    );
    const [two, one] = updated.masterData.staged.masterVariant.assets!;
    expect([two!.key, one!.key]).toEqual(['two', 'one']);
    updated = await updateProduct(
      apiRoot,
      updated,
      { action: 'changeAssetName', variantId: 1, assetKey: 'one', name: { en: 'Uno' } },
      { action: 'setAssetDescription', variantId: 1, assetId: one!.id, description: { en: 'First' } },
      { action: 'setAssetTags', variantId: 1, assetKey: 'one', tags: ['pdf'] },
      { action: 'setAssetSources', variantId: 1, assetKey: 'one', sources: [{ uri: 'https://uno', contentType: 'application/pdf' }] },
      { action: 'setAssetKey', variantId: 1, assetId: two!.id, assetKey: 'dos' },
      { action: 'changeAssetOrder', variantId: 1, assetOrder: [one!.id, two!.id] },
    );
    expect(updated.masterData.staged.masterVariant.assets).toEqual([
      {
        id: one!.id,
        key: 'one',
        name: { en: 'Uno' },
        description: { en: 'First' },
        tags: ['pdf'],
        sources: [{ uri: 'https://uno', contentType: 'application/pdf' }],
      },
      { id: two!.id, key: 'dos', name: { en: 'Two' }, sources: [{ uri: 'https://two' }] },
    ]);
    const duplicateKey = await refusedUpdate(apiRoot, updated, { action: 'setAssetKey', variantId: 1, assetId: two!.id, assetKey: 'one' });
    expect(duplicateKey.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'assets.key' });
    const badOrder = await refusedUpdate(apiRoot, updated, { action: 'changeAssetOrder', variantId: 1, assetOrder: [one!.id] });
    expect(badOrder.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    await apiRoot
      .types()
      .post({
        body: {
          key: 'asset-fields',
          name: { en: 'A' },
          resourceTypeIds: ['asset'],
          fieldDefinitions: [{ name: 'note', label: { en: 'N' }, required: false, type: { name: 'String' } }],
        },
      })
      .execute();
    updated = await updateProduct(
      apiRoot,
      updated,
      { action: 'setAssetCustomType', variantId: 1, assetKey: 'one', type: { typeId: 'type', key: 'asset-fields' } },
      { action: 'setAssetCustomField', variantId: 1, assetKey: 'one', name: 'note', value: 'n' },
      { action: 'removeAsset', variantId: 1, assetKey: 'dos' },
    );
    expect(updated.masterData.staged.masterVariant.assets).toHaveLength(1);
    expect(updated.masterData.staged.masterVariant.assets![0]!.custom).toMatchObject({ fields: { note: 'n' } });
    expect(updated.masterData.current.masterVariant.assets).toEqual([]);
  });
});

test.describe('product actions: publishing', () => {
  test('publish copies staged to current; unpublish; revertStagedChanges', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    let updated = await updateProduct(apiRoot, product, { action: 'unpublish' });
    expect(updated.masterData).toMatchObject({ published: false, hasStagedChanges: false });
    updated = await updateProduct(
      apiRoot,
      updated,
      { action: 'changeName', name: { en: 'New' } },
      { action: 'setSku', variantId: 2, sku: 'navy' },
    );
    expect(updated.masterData.hasStagedChanges).toBe(true);
    updated = await updateProduct(apiRoot, updated, { action: 'publish' });
    expect(updated.masterData).toMatchObject({ published: true, hasStagedChanges: false });
    expect(updated.masterData.current).toEqual(updated.masterData.staged);
    expect(updated.masterData.current.name).toEqual({ en: 'New' });
    updated = await updateProduct(
      apiRoot,
      updated,
      { action: 'changeName', name: { en: 'Discard me' } },
      { action: 'setSku', variantId: 3, sku: 'teal' },
    );
    updated = await updateProduct(apiRoot, updated, { action: 'revertStagedChanges' });
    expect(updated.masterData.staged).toEqual(updated.masterData.current);
    expect(updated.masterData.hasStagedChanges).toBe(false);
    // 'teal' was only staged: reverting freed it.
    const other = await createProduct(apiRoot, {
      productType: shirt,
      name: { en: 'O' },
      slug: { en: 'other' },
      masterVariant: { sku: 'teal' },
    });
    expect(other.masterData.current.masterVariant.sku).toBe('teal');
  });

  test('publish with scope Prices publishes only the prices', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    let updated = await updateProduct(
      apiRoot,
      product,
      { action: 'changeName', name: { en: 'Later' } },
      { action: 'addPrice', variantId: 2, price: { value: money(700) } },
      { action: 'addVariant', sku: 'new', prices: [{ value: money(1) }], attributes: [{ name: 'material', value: 'cotton' }] },
    );
    updated = await updateProduct(apiRoot, updated, { action: 'publish', scope: 'Prices' });
    expect(updated.masterData.current.variants[0]!.prices![0]!.value.centAmount).toBe(700);
    expect(updated.masterData.current.name).toEqual({ en: 'Tee' });
    expect(updated.masterData.current.variants).toHaveLength(2);
    expect(updated.masterData.hasStagedChanges).toBe(true);
    const unpublished = await updateProduct(apiRoot, updated, { action: 'unpublish' });
    const refused = await refusedUpdate(apiRoot, unpublished, { action: 'publish', scope: 'Prices' });
    expect(refused.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  });

  test('setDefaultVariant is refused in the classic catalog model; unknown actions are InvalidInput', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    const refused = await refusedUpdate(apiRoot, product, raw({ action: 'setDefaultVariant' }));
    expect(refused.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const unknown = await refusedUpdate(apiRoot, product, raw({ action: 'setColour' }));
    expect(unknown.body.errors[0]).toMatchObject({ code: 'InvalidInput' });
  });

  test('a stale version is a 409 and nothing changes', async ({ apiRoot }) => {
    const product = await publishedShirt(apiRoot);
    const stale = await refusedUpdate(apiRoot, { ...product, version: 5 }, { action: 'changeName', name: { en: 'X' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    expect(await readProduct(apiRoot, product.id)).toEqual(product);
  });
});
