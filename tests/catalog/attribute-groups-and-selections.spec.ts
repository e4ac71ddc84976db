import type { ByProjectKeyRequestBuilder, ProductSelection, ProductSelectionUpdateAction } from '@commercetools/platform-sdk';
import { test, expect, sdkFailure } from '../support/sdk.js';
import { createProduct, plainType } from './support.js';

test.describe('attribute groups', () => {
  test('create, every action, key lookup, validation', async ({ apiRoot }) => {
    const group = (
      await apiRoot
        .attributeGroups()
        .post({
          body: {
            key: 'seo',
            name: { en: 'SEO' },
            description: { en: 'Search' },
            attributes: [{ key: 'title' }, { key: 'claim' }, { key: 'title' }],
          },
        })
        .execute()
    ).body;
    expect(group).toMatchObject({
      version: 1,
      key: 'seo',
      name: { en: 'SEO' },
      description: { en: 'Search' },
      attributes: [{ key: 'title' }, { key: 'claim' }],
    });
    const updated = (
      await apiRoot
        .attributeGroups()
        .withKey({ key: 'seo' })
        .post({
          body: {
            version: 1,
            actions: [
              { action: 'changeName', name: { en: 'Search' } },
              { action: 'setDescription' },
              { action: 'addAttribute', attribute: { key: 'brand' } },
              { action: 'removeAttribute', attribute: { key: 'title' } },
              { action: 'setKey', key: 'search' },
            ],
          },
        })
        .execute()
    ).body;
    expect(updated).toMatchObject({ version: 2, key: 'search', name: { en: 'Search' }, attributes: [{ key: 'claim' }, { key: 'brand' }] });
    expect(updated.description).toBeUndefined();
    const replaced = (
      await apiRoot
        .attributeGroups()
        .withId({ ID: group.id })
        .post({ body: { version: 2, actions: [{ action: 'setAttributes', attributes: [{ key: 'x1' }] }] } })
        .execute()
    ).body;
    expect(replaced.attributes).toEqual([{ key: 'x1' }]);
    const invalid = await sdkFailure(
      apiRoot
        .attributeGroups()
        .post({ body: { name: { en: 'X' }, attributes: [], key: 'a b' } })
        .execute(),
    );
    expect(invalid.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'key' });
    const duplicate = await sdkFailure(
      apiRoot
        .attributeGroups()
        .post({ body: { name: { en: 'X' }, attributes: [], key: 'search' } })
        .execute(),
    );
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key' });
  });
});

async function update(apiRoot: ByProjectKeyRequestBuilder, selection: ProductSelection, ...actions: ProductSelectionUpdateAction[]) {
  const response = await apiRoot
    .productSelections()
    .withId({ ID: selection.id })
    .post({ body: { version: selection.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

const refused = (apiRoot: ByProjectKeyRequestBuilder, selection: ProductSelection, ...actions: ProductSelectionUpdateAction[]) =>
  sdkFailure(
    apiRoot
      .productSelections()
      .withId({ ID: selection.id })
      .post({ body: { version: selection.version, actions } })
      .execute(),
  );

async function products(apiRoot: ByProjectKeyRequestBuilder) {
  await plainType(apiRoot);
  const plain = { typeId: 'product-type' as const, key: 'plain' };
  const a = await createProduct(apiRoot, {
    key: 'pa',
    productType: plain,
    name: { en: 'A' },
    slug: { en: 'pa' },
    masterVariant: { sku: 'A-1' },
    variants: [{ sku: 'A-2' }],
  });
  const b = await createProduct(apiRoot, {
    key: 'pb',
    productType: plain,
    name: { en: 'B' },
    slug: { en: 'pb' },
    masterVariant: { sku: 'B-1' },
  });
  return { a, b };
}

test.describe('product selections', () => {
  test('create: Individual by default; the response has no assignments', async ({ apiRoot }) => {
    const selection = (
      await apiRoot
        .productSelections()
        .post({ body: { key: 'berlin', name: { en: 'Berlin' } } })
        .execute()
    ).body;
    expect(selection).toEqual({
      id: expect.any(String),
      version: 1,
      key: 'berlin',
      name: { en: 'Berlin' },
      productCount: 0,
      mode: 'Individual',
      createdAt: expect.any(String),
      lastModifiedAt: expect.any(String),
      createdBy: expect.any(Object),
      lastModifiedBy: expect.any(Object),
    });
    const exclusion = (
      await apiRoot
        .productSelections()
        .post({ body: { name: { en: 'Ex' }, mode: 'IndividualExclusion' } })
        .execute()
    ).body;
    expect(exclusion.mode).toBe('IndividualExclusion');
    const page = (
      await apiRoot
        .productSelections()
        .get({ queryArgs: { sort: 'createdAt asc' } })
        .execute()
    ).body;
    expect(page.results.map((s) => 'assignments' in s)).toEqual([false, false]);
  });

  test('add products with variant selections; list them both ways; remove', async ({ apiRoot }) => {
    const { a, b } = await products(apiRoot);
    let selection = (
      await apiRoot
        .productSelections()
        .post({ body: { key: 'berlin', name: { en: 'Berlin' } } })
        .execute()
    ).body;
    selection = await update(
      apiRoot,
      selection,
      { action: 'addProduct', product: { typeId: 'product', key: 'pa' }, variantSelection: { type: 'includeOnly', skus: ['A-1'] } },
      { action: 'addProduct', product: { typeId: 'product', id: b.id } },
    );
    expect(selection).toMatchObject({ version: 2, productCount: 2 });
    expect('assignments' in selection).toBe(false);
    const listed = (
      await apiRoot
        .productSelections()
        .withId({ ID: selection.id })
        .products()
        .get({ queryArgs: { expand: 'product' } })
        .execute()
    ).body;
    expect(listed).toMatchObject({ count: 2, offset: 0, limit: 20 });
    expect(listed.total).toBeUndefined();
    expect(listed.results.map((r) => [r.product.id, r.variantSelection])).toEqual([
      [a.id, { type: 'includeOnly', skus: ['A-1'] }],
      [b.id, undefined],
    ]);
    expect(listed.results[0]!.product.obj).toMatchObject({ key: 'pa' });
    const byKey = (
      await apiRoot
        .productSelections()
        .withKey({ key: 'berlin' })
        .products()
        .get({ queryArgs: { withTotal: true } })
        .execute()
    ).body;
    expect(byKey.total).toBe(2);
    const assigned = (await apiRoot.products().withId({ ID: a.id }).productSelections().get().execute()).body;
    expect(assigned.results).toEqual([
      {
        productSelection: { typeId: 'product-selection', id: selection.id },
        variantSelection: { type: 'includeOnly', skus: ['A-1'] },
        createdAt: expect.any(String),
      },
    ]);
    const assignedByKey = (await apiRoot.products().withKey({ key: 'pb' }).productSelections().get().execute()).body;
    expect(assignedByKey.count).toBe(1);
    const same = await update(apiRoot, selection, { action: 'addProduct', product: { typeId: 'product', id: b.id } });
    expect(same.version).toBe(selection.version);
    const different = await refused(apiRoot, selection, {
      action: 'addProduct',
      product: { typeId: 'product', id: b.id },
      variantSelection: { type: 'includeAllExcept', skus: ['B-1'] },
    });
    expect(different.body.errors[0]).toMatchObject({
      code: 'ProductPresentWithDifferentVariantSelection',
      product: { typeId: 'product', id: b.id },
      // b was added without a selection: every variant, which the error names as a selection (never null).
      existingVariantSelection: { type: 'includeAllExcept', skus: [] },
    });
    selection = await update(apiRoot, selection, {
      action: 'setVariantSelection',
      product: { typeId: 'product', id: b.id },
      variantSelection: { type: 'includeAllExcept', skus: ['B-1'] },
    });
    selection = await update(apiRoot, selection, { action: 'removeProduct', product: { typeId: 'product', key: 'pa' } });
    expect(selection.productCount).toBe(1);
    const after = (await apiRoot.productSelections().withId({ ID: selection.id }).products().get().execute()).body;
    expect(after.results).toEqual([
      { product: { typeId: 'product', id: b.id }, variantSelection: { type: 'includeAllExcept', skus: ['B-1'] } },
    ]);
    const missingProduct = await refused(apiRoot, selection, { action: 'addProduct', product: { typeId: 'product', id: 'nope' } });
    expect(missingProduct.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'product', id: 'nope' });
    const notAssigned = await refused(apiRoot, selection, { action: 'setVariantSelection', product: { typeId: 'product', id: a.id } });
    expect(notAssigned.body.errors[0]).toMatchObject({ code: 'ProductAssignmentMissing' });
  });

  test('exclusion selections: excludeProduct and setVariantExclusion; mode rules', async ({ apiRoot }) => {
    const { a } = await products(apiRoot);
    let selection = (
      await apiRoot
        .productSelections()
        .post({ body: { name: { en: 'Ex' }, mode: 'IndividualExclusion' } })
        .execute()
    ).body;
    const wrongMode = await refused(apiRoot, selection, { action: 'addProduct', product: { typeId: 'product', id: a.id } });
    expect(wrongMode.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    selection = await update(apiRoot, selection, {
      action: 'excludeProduct',
      product: { typeId: 'product', id: a.id },
      variantExclusion: { skus: ['A-2'] },
    });
    expect(selection.productCount).toBe(1);
    selection = await update(apiRoot, selection, { action: 'setVariantExclusion', product: { typeId: 'product', id: a.id } });
    const listed = (await apiRoot.productSelections().withId({ ID: selection.id }).products().get().execute()).body;
    expect(listed.results).toEqual([{ product: { typeId: 'product', id: a.id } }]);
  });

  test('name, key, custom fields; a selection used by a store cannot be deleted', async ({ apiRoot }) => {
    await apiRoot
      .types()
      .post({
        body: {
          key: 'ps',
          name: { en: 'PS' },
          resourceTypeIds: ['product-selection'],
          fieldDefinitions: [{ name: 'note', label: { en: 'N' }, required: false, type: { name: 'String' } }],
        },
      })
      .execute();
    let selection = (
      await apiRoot
        .productSelections()
        .post({ body: { name: { en: 'S' }, custom: { type: { typeId: 'type', key: 'ps' }, fields: { note: 'a' } } } })
        .execute()
    ).body;
    selection = await update(
      apiRoot,
      selection,
      { action: 'changeName', name: { en: 'Renamed' } },
      { action: 'setKey', key: 'renamed' },
      { action: 'setCustomField', name: 'note', value: 'b' },
    );
    expect(selection).toMatchObject({ name: { en: 'Renamed' }, key: 'renamed', custom: { fields: { note: 'b' } } });
    await apiRoot
      .stores()
      .post({
        body: { key: 'berlin', productSelections: [{ productSelection: { typeId: 'product-selection', key: 'renamed' }, active: true }] },
      })
      .execute();
    const inUse = await sdkFailure(
      apiRoot
        .productSelections()
        .withId({ ID: selection.id })
        .delete({ queryArgs: { version: selection.version } })
        .execute(),
    );
    expect(inUse.body.errors[0]).toMatchObject({ code: 'ReferenceExists', referencedBy: 'store' });
    const free = (
      await apiRoot
        .productSelections()
        .post({ body: { name: { en: 'Free' } } })
        .execute()
    ).body;
    const deleted = (
      await apiRoot
        .productSelections()
        .withId({ ID: free.id })
        .delete({ queryArgs: { version: 1 } })
        .execute()
    ).body;
    expect(deleted).toMatchObject({ id: free.id, productCount: 0 });
    expect('assignments' in deleted).toBe(false);
  });
});
