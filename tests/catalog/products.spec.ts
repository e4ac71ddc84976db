import type { ByProjectKeyRequestBuilder, ProductDraft } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';
import { createProduct, money, plainType, raw, readProduct, shirtType, typedMoney } from './support.js';

const shirt = { typeId: 'product-type' as const, key: 'shirt' };

async function categories(apiRoot: ByProjectKeyRequestBuilder) {
  const men = (
    await apiRoot
      .categories()
      .post({ body: { key: 'men', name: { en: 'Men' }, slug: { en: 'men' } } })
      .execute()
  ).body;
  const tops = (
    await apiRoot
      .categories()
      .post({ body: { key: 'tops', name: { en: 'Tops' }, slug: { en: 'tops' }, parent: { typeId: 'category', key: 'men' } } })
      .execute()
  ).body;
  return { men, tops };
}

const failCreate = (apiRoot: ByProjectKeyRequestBuilder, body: unknown) =>
  sdkFailure(
    apiRoot
      .products()
      .post({ body: raw<ProductDraft>(body) })
      .execute(),
  );

test.describe('products: create', () => {
  test('maps every draft field; master variant id 1, variants ascending; current equals staged', async ({ apiRoot }) => {
    const type = await shirtType(apiRoot);
    const { men, tops } = await categories(apiRoot);
    const tax = (
      await apiRoot
        .taxCategories()
        .post({ body: { key: 'std', name: 'Standard', rates: [] } })
        .execute()
    ).body;
    const state = (
      await apiRoot
        .states()
        .post({ body: { key: 'draft', type: 'ProductState', initial: true } })
        .execute()
    ).body;
    const product = await createProduct(apiRoot, {
      key: 'tee',
      productType: shirt,
      name: { en: 'Tee', de: 'T-Shirt' },
      slug: { en: 'tee', de: 't-shirt' },
      description: { en: 'A tee' },
      categories: [
        { typeId: 'category', key: 'men' },
        { typeId: 'category', id: tops.id },
      ],
      categoryOrderHints: { [men.id]: '0.5' },
      metaTitle: { en: 'mt' },
      metaDescription: { en: 'md' },
      metaKeywords: { en: 'mk' },
      taxCategory: { typeId: 'tax-category', key: 'std' },
      state: { typeId: 'state', key: 'draft' },
      searchKeywords: { en: [{ text: 'shirt' }, { text: 'cotton tee', suggestTokenizer: { type: 'whitespace' } }] },
      priceMode: 'Embedded',
      attributes: [{ name: 'brand', value: 'Acme' }],
      masterVariant: {
        sku: 'tee-red',
        key: 'red',
        prices: [{ value: money(1999) }, { value: money(2199, 'USD'), country: 'US' }],
        images: [{ url: 'https://img.example/red.png', dimensions: { w: 100, h: 200 }, label: 'Red' }],
        attributes: [{ name: 'color', value: 'red' }],
        assets: [{ key: 'manual', name: { en: 'Manual' }, sources: [{ uri: 'https://example.com/m.pdf' }] }],
      },
      variants: [
        { sku: 'tee-blue', attributes: [{ name: 'color', value: { key: 'blue', label: 'ignored' } }] },
        { sku: 'tee-green', attributes: [{ name: 'color', value: 'green' }] },
      ],
    });
    expect(product).toMatchObject({
      version: 1,
      key: 'tee',
      productType: { typeId: 'product-type', id: type.id },
      taxCategory: { typeId: 'tax-category', id: tax.id },
      state: { typeId: 'state', id: state.id },
      priceMode: 'Embedded',
      masterData: { published: false, hasStagedChanges: false },
    });
    const data = product.masterData.current;
    expect(product.masterData.staged).toEqual(data);
    expect(data).toMatchObject({
      name: { en: 'Tee', de: 'T-Shirt' },
      slug: { en: 'tee', de: 't-shirt' },
      description: { en: 'A tee' },
      categories: [
        { typeId: 'category', id: men.id },
        { typeId: 'category', id: tops.id },
      ],
      categoryOrderHints: { [men.id]: '0.5' },
      metaTitle: { en: 'mt' },
      metaDescription: { en: 'md' },
      metaKeywords: { en: 'mk' },
      searchKeywords: { en: [{ text: 'shirt' }, { text: 'cotton tee', suggestTokenizer: { type: 'whitespace' } }] },
      attributes: [{ name: 'brand', value: 'Acme' }],
    });
    expect(data.masterVariant).toMatchObject({
      id: 1,
      sku: 'tee-red',
      key: 'red',
      images: [{ url: 'https://img.example/red.png', dimensions: { w: 100, h: 200 }, label: 'Red' }],
      attributes: [{ name: 'color', value: { key: 'red', label: 'Red' } }],
      assets: [{ key: 'manual', name: { en: 'Manual' }, sources: [{ uri: 'https://example.com/m.pdf' }] }],
    });
    expect(data.masterVariant.prices).toEqual([
      { id: expect.any(String), value: typedMoney(1999) },
      { id: expect.any(String), value: typedMoney(2199, 'USD'), country: 'US' },
    ]);
    expect(data.masterVariant.assets![0]!.id).toEqual(expect.any(String));
    expect(data.variants.map((v) => [v.id, v.sku])).toEqual([
      [2, 'tee-blue'],
      [3, 'tee-green'],
    ]);
    expect(data.variants[0]).toEqual({
      id: 2,
      sku: 'tee-blue',
      prices: [],
      images: [],
      attributes: [{ name: 'color', value: { key: 'blue', label: 'Blue' } }],
      assets: [],
    });
    expect(await readProduct(apiRoot, product.id)).toEqual(product);
    expect((await apiRoot.products().withKey({ key: 'tee' }).get().execute()).body.id).toBe(product.id);
  });

  test('a minimal draft gets an empty master variant; publish: true publishes', async ({ apiRoot }) => {
    await plainType(apiRoot);
    const product = await createProduct(apiRoot, {
      productType: { typeId: 'product-type', key: 'plain' },
      name: { en: 'P' },
      slug: { en: 'pp' },
      publish: true,
    });
    expect(product.masterData).toEqual({
      published: true,
      hasStagedChanges: false,
      current: {
        name: { en: 'P' },
        slug: { en: 'pp' },
        categories: [],
        masterVariant: { id: 1, prices: [], images: [], attributes: [], assets: [] },
        variants: [],
        searchKeywords: {},
        attributes: [],
      },
      staged: {
        name: { en: 'P' },
        slug: { en: 'pp' },
        categories: [],
        masterVariant: { id: 1, prices: [], images: [], attributes: [], assets: [] },
        variants: [],
        searchKeywords: {},
        attributes: [],
      },
    });
    expect(product.priceMode).toBeUndefined();
  });

  test('attribute values of every type are stored in their normalised form', async ({ apiRoot }) => {
    await shirtType(apiRoot);
    const { men } = await categories(apiRoot);
    const product = await createProduct(apiRoot, {
      productType: shirt,
      name: { en: 'All' },
      slug: { en: 'all' },
      masterVariant: {
        sku: 'all-1',
        attributes: [
          { name: 'flag', value: true },
          { name: 'title', value: 'Hello' },
          { name: 'claim', value: { en: 'Soft', de: 'Weich' } },
          { name: 'color', value: 'blue' },
          { name: 'finish', value: 'gloss' },
          { name: 'weight', value: 0.25 },
          { name: 'rrp', value: { currencyCode: 'EUR', centAmount: 2500 } },
          { name: 'released', value: '2024-02-29' },
          { name: 'opens', value: '09:30' },
          { name: 'updated', value: '2024-03-01T10:00:00+01:00' },
          { name: 'related', value: { typeId: 'category', id: men.id } },
          { name: 'tags', value: ['a', 'b', 'a'] },
          { name: 'sizes', value: ['S', { key: 'M' }] },
          {
            name: 'dimensions',
            value: [
              { name: 'width', value: 30 },
              { name: 'unit', value: 'cm' },
            ],
          },
          { name: 'ean', value: '4006381333931' },
          { name: 'material', value: 'cotton' },
        ],
      },
    });
    const value = (name: string) => product.masterData.staged.masterVariant.attributes!.find((a) => a.name === name)?.value;
    expect(value('flag')).toBe(true);
    expect(value('title')).toBe('Hello');
    expect(value('claim')).toEqual({ en: 'Soft', de: 'Weich' });
    expect(value('color')).toEqual({ key: 'blue', label: 'Blue' });
    expect(value('finish')).toEqual({ key: 'gloss', label: { en: 'Gloss', de: 'Glanz' } });
    expect(value('weight')).toBe(0.25);
    expect(value('rrp')).toEqual(typedMoney(2500));
    expect(value('released')).toBe('2024-02-29');
    expect(value('opens')).toBe('09:30:00.000');
    expect(value('updated')).toBe('2024-03-01T09:00:00.000Z');
    expect(value('related')).toEqual({ typeId: 'category', id: men.id });
    expect(value('tags')).toEqual(['a', 'b']);
    expect(value('sizes')).toEqual([
      { key: 'S', label: 'S' },
      { key: 'M', label: 'M' },
    ]);
    expect(value('dimensions')).toEqual([
      { name: 'width', value: 30 },
      { name: 'unit', value: 'cm' },
    ]);
  });

  const wrongValues: Array<[string, unknown]> = [
    ['flag', 'yes'],
    ['title', 5],
    ['claim', 'plain'],
    ['color', 'purple'],
    ['finish', { key: 'rough' }],
    ['weight', '3'],
    ['rrp', { centAmount: 5 }],
    ['released', '2024-02-30'],
    ['opens', '25:00'],
    ['updated', 'yesterday'],
    ['related', { typeId: 'product', id: 'x' }],
    ['tags', 'a'],
    ['sizes', ['XL']],
    ['dimensions', [{ name: 'depth', value: 1 }]],
  ];
  for (const [name, value] of wrongValues) {
    test(`a wrong value for the ${name} attribute is InvalidField`, async ({ apiRoot }) => {
      await shirtType(apiRoot);
      const failure = await failCreate(apiRoot, {
        productType: shirt,
        name: { en: 'X' },
        slug: { en: 'x-1' },
        masterVariant: { attributes: [{ name, value }] },
      });
      expect(failure.statusCode).toBe(400);
      expect(failure.body.errors[0]).toMatchObject({ code: 'InvalidField', field: name, invalidValue: value });
      if (name === 'color') expect(failure.body.errors[0]!.allowedValues).toEqual(['red', 'blue', 'green']);
      expect((await apiRoot.products().get().execute()).body.total).toBe(0);
    });
  }

  test('an unknown attribute, or one of the wrong level, is InvalidOperation', async ({ apiRoot }) => {
    await shirtType(apiRoot);
    const unknown = await failCreate(apiRoot, {
      productType: shirt,
      name: { en: 'X' },
      slug: { en: 'xx' },
      masterVariant: { attributes: [{ name: 'nope', value: 1 }] },
    });
    expect(unknown.body.errors[0]).toMatchObject({ code: 'InvalidOperation', message: expect.stringContaining("'nope'") });
    const productLevelOnVariant = await failCreate(apiRoot, {
      productType: shirt,
      name: { en: 'X' },
      slug: { en: 'xx' },
      masterVariant: { attributes: [{ name: 'brand', value: 'A' }] },
    });
    expect(productLevelOnVariant.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const variantLevelOnProduct = await failCreate(apiRoot, {
      productType: shirt,
      name: { en: 'X' },
      slug: { en: 'xx' },
      attributes: [{ name: 'title', value: 'A' }],
    });
    expect(variantLevelOnProduct.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  });

  test('required attributes must be given on every variant (RequiredField)', async ({ apiRoot }) => {
    await apiRoot
      .productTypes()
      .post({
        body: {
          key: 'req',
          name: 'Req',
          description: 'r',
          attributes: [{ name: 'size', label: {}, isRequired: true, type: { name: 'text' } }],
        },
      })
      .execute();
    const req = { typeId: 'product-type' as const, key: 'req' };
    const missingMaster = await failCreate(apiRoot, { productType: req, name: { en: 'X' }, slug: { en: 'xx' } });
    expect(missingMaster.body.errors[0]).toMatchObject({ code: 'RequiredField', field: 'size' });
    const missingVariant = await failCreate(apiRoot, {
      productType: req,
      name: { en: 'X' },
      slug: { en: 'xx' },
      masterVariant: { sku: 'a', attributes: [{ name: 'size', value: 'M' }] },
      variants: [{ sku: 'b' }],
    });
    expect(missingVariant.body.errors[0]).toMatchObject({ code: 'RequiredField', field: 'size' });
  });

  test('attribute constraints across variants: Unique, CombinationUnique, SameForAll', async ({ apiRoot }) => {
    await shirtType(apiRoot);
    const base = { productType: shirt, name: { en: 'X' }, slug: { en: 'xx' } };
    const unique = await failCreate(apiRoot, {
      ...base,
      masterVariant: { sku: 'a', attributes: [{ name: 'ean', value: '1' }] },
      variants: [{ sku: 'b', attributes: [{ name: 'ean', value: '1' }] }],
    });
    expect(unique.body.errors[0]).toMatchObject({ code: 'DuplicateAttributeValue', attribute: { name: 'ean', value: '1' } });
    const combination = await failCreate(apiRoot, {
      ...base,
      masterVariant: { sku: 'a', attributes: [{ name: 'color', value: 'red' }] },
      variants: [{ sku: 'b', attributes: [{ name: 'color', value: 'red' }] }],
    });
    expect(combination.body.errors[0]).toMatchObject({
      code: 'DuplicateAttributeValues',
      attributes: [{ name: 'color', value: { key: 'red', label: 'Red' } }],
    });
    const sameForAll = await failCreate(apiRoot, {
      ...base,
      masterVariant: { sku: 'a', attributes: [{ name: 'material', value: 'cotton' }] },
      variants: [{ sku: 'b', attributes: [{ name: 'material', value: 'silk' }] }],
    });
    expect(sameForAll.body.errors[0]).toMatchObject({
      code: 'InvalidField',
      field: 'material',
      invalidValue: 'silk',
      allowedValues: ['cotton'],
    });
  });

  test('two identical variants are DuplicateVariantValues', async ({ apiRoot }) => {
    await plainType(apiRoot);
    const failure = await failCreate(apiRoot, {
      productType: { typeId: 'product-type', key: 'plain' },
      name: { en: 'X' },
      slug: { en: 'xx' },
      masterVariant: {},
      variants: [{}],
    });
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateVariantValues', variantValues: { prices: [], attributes: [] } });
  });

  test('references by id or key; a missing target is ReferencedResourceNotFound', async ({ apiRoot }) => {
    await plainType(apiRoot);
    const plain = { typeId: 'product-type' as const, key: 'plain' };
    const cases: Array<[object, string, Record<string, string>]> = [
      [{ productType: { typeId: 'product-type', key: 'nope' } }, 'product-type', { key: 'nope' }],
      [{ productType: { typeId: 'product-type', id: 'nope-id' } }, 'product-type', { id: 'nope-id' }],
      [{ categories: [{ typeId: 'category', key: 'nope' }] }, 'category', { key: 'nope' }],
      [{ taxCategory: { typeId: 'tax-category', id: 'nope' } }, 'tax-category', { id: 'nope' }],
      [{ state: { typeId: 'state', key: 'nope' } }, 'state', { key: 'nope' }],
      [
        { masterVariant: { prices: [{ value: money(1), customerGroup: { typeId: 'customer-group', key: 'nope' } }] } },
        'customer-group',
        { key: 'nope' },
      ],
      [{ masterVariant: { prices: [{ value: money(1), channel: { typeId: 'channel', id: 'nope' } }] } }, 'channel', { id: 'nope' }],
    ];
    for (const [fields, typeId, identifier] of cases) {
      const failure = await failCreate(apiRoot, { productType: plain, name: { en: 'X' }, slug: { en: 'xx' }, ...fields });
      expect(failure.statusCode, JSON.stringify(fields)).toBe(400);
      expect(failure.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId, ...identifier });
    }
    expect((await apiRoot.products().get().execute()).body.total).toBe(0);
  });

  test('draft validation: required fields, slug pattern, order hints of unassigned categories', async ({ apiRoot }) => {
    await plainType(apiRoot);
    const { men } = await categories(apiRoot);
    const missing = await failCreate(apiRoot, { name: { en: 'X' } });
    expect(missing.body.errors).toEqual([
      invalidJson('productType: Missing required value.'),
      invalidJson('slug: Missing required value.'),
    ]);
    const slug = await failCreate(apiRoot, {
      productType: { typeId: 'product-type', key: 'plain' },
      name: { en: 'X' },
      slug: { en: 'no spaces' },
    });
    expect(slug.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'slug.en' });
    const hint = await failCreate(apiRoot, {
      productType: { typeId: 'product-type', key: 'plain' },
      name: { en: 'X' },
      slug: { en: 'xx' },
      categoryOrderHints: { [men.id]: '0.3' },
    });
    expect(hint.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  });

  test('price rules of a variant: DuplicatePriceScope, OverlappingPriceValidity, DuplicatePriceKey', async ({ apiRoot }) => {
    await plainType(apiRoot);
    const draft = (prices: unknown[]) => ({
      productType: { typeId: 'product-type', key: 'plain' },
      name: { en: 'X' },
      slug: { en: 'xx' },
      masterVariant: { prices },
    });
    const scope = await failCreate(
      apiRoot,
      draft([
        { value: money(1), country: 'DE' },
        { value: money(2), country: 'DE' },
      ]),
    );
    expect(scope.body.errors[0]).toMatchObject({ code: 'DuplicatePriceScope', conflictingPrice: { value: typedMoney(1), country: 'DE' } });
    const overlap = await failCreate(
      apiRoot,
      draft([
        { value: money(1), validFrom: '2024-01-01T00:00:00.000Z', validUntil: '2024-03-01T00:00:00.000Z' },
        { value: money(2), validFrom: '2024-02-01T00:00:00.000Z' },
      ]),
    );
    expect(overlap.body.errors[0]).toMatchObject({
      code: 'OverlappingPriceValidity',
      currency: 'EUR',
      conflictingValidFrom: '2024-01-01T00:00:00.000Z',
    });
    const key = await failCreate(
      apiRoot,
      draft([
        { key: 'p1', value: money(1) },
        { key: 'p1', value: money(2), country: 'DE' },
      ]),
    );
    expect(key.body.errors[0]).toMatchObject({ code: 'DuplicatePriceKey' });
    // An undated and a dated price of one scope, and back-to-back periods, are fine.
    const fine = await createProduct(
      apiRoot,
      draft([
        { value: money(1) },
        { value: money(2), validFrom: '2024-01-01T00:00:00.000Z', validUntil: '2024-02-01T00:00:00.000Z' },
        { value: money(3), validFrom: '2024-02-01T00:00:00.000Z' },
      ]) as ProductDraft,
    );
    expect(fine.masterData.staged.masterVariant.prices).toHaveLength(3);
  });
});

test.describe('products: uniqueness', () => {
  test('SKUs are unique across the project (DuplicateField sku), also within one product', async ({ apiRoot }) => {
    await plainType(apiRoot);
    const plain = { typeId: 'product-type' as const, key: 'plain' };
    await createProduct(apiRoot, { productType: plain, name: { en: 'A' }, slug: { en: 'aa' }, masterVariant: { sku: 'SKU-1' } });
    const across = await failCreate(apiRoot, {
      productType: plain,
      name: { en: 'B' },
      slug: { en: 'bb' },
      variants: [{ sku: 'SKU-1' }],
      masterVariant: { sku: 'SKU-2' },
    });
    expect(across.statusCode).toBe(400);
    expect(across.body.errors[0]).toEqual({
      code: 'DuplicateField',
      message: `A duplicate value '"SKU-1"' exists for field 'sku'.`,
      field: 'sku',
      duplicateValue: 'SKU-1',
    });
    const within = await failCreate(apiRoot, {
      productType: plain,
      name: { en: 'C' },
      slug: { en: 'cc' },
      masterVariant: { sku: 'X' },
      variants: [{ sku: 'X' }],
    });
    expect(within.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'sku', duplicateValue: 'X' });
    // The refused products left nothing behind: their SKUs are still free.
    await createProduct(apiRoot, { productType: plain, name: { en: 'D' }, slug: { en: 'dd' }, masterVariant: { sku: 'SKU-2' } });
    expect((await apiRoot.products().get().execute()).body.total).toBe(2);
  });

  test('slugs are unique per locale; the same slug in another locale is fine', async ({ apiRoot }) => {
    await plainType(apiRoot);
    const plain = { typeId: 'product-type' as const, key: 'plain' };
    await createProduct(apiRoot, { productType: plain, name: { en: 'A' }, slug: { en: 'shared', de: 'geteilt' } });
    const duplicate = await failCreate(apiRoot, { productType: plain, name: { en: 'B' }, slug: { en: 'shared' } });
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'slug.en', duplicateValue: 'shared' });
    const otherLocale = await createProduct(apiRoot, { productType: plain, name: { en: 'C' }, slug: { de: 'shared', en: 'cc' } });
    expect(otherLocale.masterData.current.slug).toEqual({ de: 'shared', en: 'cc' });
  });

  test('product keys are unique; variant keys are unique within a product only', async ({ apiRoot }) => {
    await plainType(apiRoot);
    const plain = { typeId: 'product-type' as const, key: 'plain' };
    await createProduct(apiRoot, { key: 'k1', productType: plain, name: { en: 'A' }, slug: { en: 'aa' }, masterVariant: { key: 'v' } });
    const key = await failCreate(apiRoot, { key: 'k1', productType: plain, name: { en: 'B' }, slug: { en: 'bb' } });
    expect(key.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'k1' });
    await createProduct(apiRoot, { productType: plain, name: { en: 'C' }, slug: { en: 'cc' }, masterVariant: { key: 'v' } });
    const variantKey = await failCreate(apiRoot, {
      productType: plain,
      name: { en: 'D' },
      slug: { en: 'dd' },
      masterVariant: { key: 'w', sku: 'd1' },
      variants: [{ key: 'w', sku: 'd2' }],
    });
    expect(variantKey.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'variants.key', duplicateValue: 'w' });
  });

  test('deleting a product frees its SKUs and slugs', async ({ apiRoot }) => {
    await plainType(apiRoot);
    const plain = { typeId: 'product-type' as const, key: 'plain' };
    const first = await createProduct(apiRoot, { productType: plain, name: { en: 'A' }, slug: { en: 'aa' }, masterVariant: { sku: 'S' } });
    const stale = await sdkFailure(
      apiRoot
        .products()
        .withId({ ID: first.id })
        .delete({ queryArgs: { version: 7 } })
        .execute(),
    );
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    const deleted = await apiRoot
      .products()
      .withId({ ID: first.id })
      .delete({ queryArgs: { version: 1 } })
      .execute();
    expect(deleted.body.id).toBe(first.id);
    await createProduct(apiRoot, { productType: plain, name: { en: 'B' }, slug: { en: 'aa' }, masterVariant: { sku: 'S' } });
    const gone = await sdkFailure(apiRoot.products().withId({ ID: first.id }).get().execute());
    expect(gone.statusCode).toBe(404);
  });
});

test.describe('products: query and expansion', () => {
  test('where over masterData, expand productType and categories, HEAD', async ({ apiRoot }) => {
    await plainType(apiRoot);
    const { men } = await categories(apiRoot);
    const plain = { typeId: 'product-type' as const, key: 'plain' };
    const a = await createProduct(apiRoot, {
      productType: plain,
      name: { en: 'Jeans' },
      slug: { en: 'jeans' },
      categories: [{ typeId: 'category', id: men.id }],
    });
    await createProduct(apiRoot, { productType: plain, name: { en: 'Shirt' }, slug: { en: 'shirt' } });
    const page = (
      await apiRoot
        .products()
        .get({
          queryArgs: { where: 'masterData(current(name(en = "Jeans")))', expand: ['productType', 'masterData.current.categories[*]'] },
        })
        .execute()
    ).body;
    expect(page).toMatchObject({ count: 1, total: 1, offset: 0, limit: 20 });
    expect(page.results[0]!.id).toBe(a.id);
    expect(page.results[0]!.productType.obj).toMatchObject({ key: 'plain' });
    expect(page.results[0]!.masterData.current.categories[0]!.obj).toMatchObject({ key: 'men' });
    const single = (
      await apiRoot
        .products()
        .withId({ ID: a.id })
        .get({ queryArgs: { expand: 'productType' } })
        .execute()
    ).body;
    expect(single.productType.obj?.name).toBe('plain');
    expect((await apiRoot.products().withId({ ID: a.id }).head().execute()).statusCode).toBe(200);
    expect((await sdkFailure(apiRoot.products().withKey({ key: 'none' }).get().execute())).statusCode).toBe(404);
  });
});

test.describe('product projections: input variables without var.', () => {
  test('masterVariant(sku in :sku) or variants(sku in :sku) with the plain parameter sku, as the platform takes it', async ({
    apiRoot,
  }) => {
    await plainType(apiRoot);
    const plain = { typeId: 'product-type' as const, key: 'plain' };
    const jeans = await createProduct(apiRoot, {
      productType: plain,
      name: { en: 'Jeans' },
      slug: { en: 'jeans' },
      masterVariant: { sku: 'J-1' },
      variants: [{ sku: 'J-2' }],
    });
    const shirt = await createProduct(apiRoot, {
      productType: plain,
      name: { en: 'Shirt' },
      slug: { en: 'shirt' },
      masterVariant: { sku: 'S-1' },
    });
    const where = 'masterVariant(sku in :sku) or variants(sku in :sku)';
    const ids = async (queryArgs: Record<string, string | string[]>) =>
      (
        await apiRoot
          .productProjections()
          .get({ queryArgs: { staged: true, where, ...queryArgs } })
          .execute()
      ).body.results.map((p) => p.id);

    expect(await ids({ sku: 'J-2' })).toEqual([jeans.id]);
    expect(await ids({ sku: ['J-1', 'S-1'] })).toEqual([jeans.id, shirt.id]);
    // var.sku wins over sku
    expect(await ids({ sku: 'J-2', 'var.sku': 'S-1' })).toEqual([shirt.id]);
    const missing = await sdkFailure(
      apiRoot
        .productProjections()
        .get({ queryArgs: { staged: true, where } })
        .execute(),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.body.errors[0]!.code).toBe('InvalidInput');
  });
});
