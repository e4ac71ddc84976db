import type { Asset, ByProjectKeyRequestBuilder, Category, CategoryDraft, CategoryUpdateAction } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';
import { typeWithStringField } from '../support/resources.js';

/** A body the SDK's types would refuse: for validation tests. */
const raw = <T>(value: unknown) => value as T;

async function create(apiRoot: ByProjectKeyRequestBuilder, body: CategoryDraft): Promise<Category> {
  const response = await apiRoot.categories().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

async function update(apiRoot: ByProjectKeyRequestBuilder, category: Category, ...actions: CategoryUpdateAction[]): Promise<Category> {
  const response = await apiRoot
    .categories()
    .withId({ ID: category.id })
    .post({ body: { version: category.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

const read = async (apiRoot: ByProjectKeyRequestBuilder, id: string) =>
  (await apiRoot.categories().withId({ ID: id }).get().execute()).body;

const assetsOf = (category: Category): Asset[] => category.assets ?? [];

const ref = (category: Category) => ({ typeId: 'category', id: category.id });

const logo = { uri: 'https://example.com/logo.svg', key: 'vector', contentType: 'image/svg+xml', dimensions: { w: 10, h: 20 } };

test.describe('categories: create', () => {
  test('maps every draft field', async ({ apiRoot }) => {
    const type = await typeWithStringField(apiRoot, 'category-fields', ['category']);
    const assetType = await typeWithStringField(apiRoot, 'asset-fields', ['asset']);
    const root = await create(apiRoot, { key: 'root', name: { en: 'Root' }, slug: { en: 'root' } });
    const category = await create(apiRoot, {
      key: 'hats',
      name: { en: 'Hats', de: 'Hüte' },
      slug: { en: 'hats', de: 'huete' },
      description: { en: 'All hats' },
      parent: { typeId: 'category', key: 'root' },
      orderHint: '0.5',
      externalId: 'ext-1',
      metaTitle: { en: 'Hats title' },
      metaDescription: { en: 'Hats description' },
      metaKeywords: { en: 'hats, caps' },
      custom: { type: { typeId: 'type', key: 'category-fields' }, fields: { note: 'n' } },
      assets: [
        {
          key: 'logo',
          name: { en: 'Logo' },
          description: { en: 'The logo' },
          tags: ['brand'],
          sources: [logo],
          custom: { type: { typeId: 'type', id: assetType.id }, fields: { note: 'a' } },
        },
      ],
    });
    expect(category).toMatchObject({
      version: 1,
      key: 'hats',
      name: { en: 'Hats', de: 'Hüte' },
      slug: { en: 'hats', de: 'huete' },
      description: { en: 'All hats' },
      parent: ref(root),
      ancestors: [ref(root)],
      orderHint: '0.5',
      externalId: 'ext-1',
      metaTitle: { en: 'Hats title' },
      metaDescription: { en: 'Hats description' },
      metaKeywords: { en: 'hats, caps' },
      custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'n' } },
    });
    expect(category.assets).toEqual([
      {
        id: expect.any(String),
        key: 'logo',
        name: { en: 'Logo' },
        description: { en: 'The logo' },
        tags: ['brand'],
        sources: [logo],
        custom: { type: { typeId: 'type', id: assetType.id }, fields: { note: 'a' } },
      },
    ]);
    expect(category.createdAt).toBe(category.lastModifiedAt);
    expect(await read(apiRoot, category.id)).toEqual(category);
  });

  test('a minimal draft gets no parent, empty ancestors and assets, and a generated order hint', async ({ apiRoot }) => {
    const category = await create(apiRoot, { name: { en: 'Plain' }, slug: { en: 'plain' } });
    expect(category.ancestors).toEqual([]);
    expect(category.assets).toEqual([]);
    expect(category).not.toHaveProperty('parent');
    expect(category).not.toHaveProperty('key');
    expect(category.orderHint).toMatch(/^0\.\d+$/);
    const other = await create(apiRoot, { name: { en: 'Other' }, slug: { en: 'other' } });
    expect(other.orderHint).not.toBe(category.orderHint);
  });

  test('ancestors run from the root down to the parent', async ({ apiRoot }) => {
    const a = await create(apiRoot, { name: { en: 'A' }, slug: { en: 'a-1' } });
    const b = await create(apiRoot, { name: { en: 'B' }, slug: { en: 'b-1' }, parent: { typeId: 'category', id: a.id } });
    const c = await create(apiRoot, { name: { en: 'C' }, slug: { en: 'c-1' }, parent: { typeId: 'category', id: b.id } });
    expect(c.parent).toEqual(ref(b));
    expect(c.ancestors).toEqual([ref(a), ref(b)]);
  });

  test('a missing name and slug are InvalidJsonInput errors naming them; nothing is stored', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .post({ body: raw<CategoryDraft>({ key: 'nothing' }) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([invalidJson('name: Missing required value.'), invalidJson('slug: Missing required value.')]);
    expect(mock.data.all('category')).toHaveLength(0);
  });

  test('a wrong type is an InvalidJsonInput, a broken pattern an InvalidField; nothing is stored', async ({ apiRoot, mock }) => {
    const shape = await sdkFailure(
      apiRoot
        .categories()
        .post({ body: raw<CategoryDraft>({ name: 'not localized', slug: { en: 'has space' }, key: 'x', orderHint: '2' }) })
        .execute(),
    );
    expect(shape.body.errors).toEqual([invalidJson('name: JSON object expected.')]);
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .post({ body: { name: { en: 'Named' }, slug: { en: 'has space' }, key: 'x', orderHint: '2' } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    const fields = failure.body.errors.map((e) => [e.code, e.field]);
    expect(fields).toContainEqual(['InvalidField', 'slug.en']);
    expect(fields).toContainEqual(['InvalidField', 'key']);
    expect(fields).toContainEqual(['InvalidField', 'orderHint']);
    expect(mock.data.all('category')).toHaveLength(0);
  });

  test('an asset without sources is refused', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .post({ body: { name: { en: 'X' }, slug: { en: 'x-x' }, assets: [{ name: { en: 'a' }, sources: [] }] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'assets[0].sources' });
    expect(mock.data.all('category')).toHaveLength(0);
  });

  test('a duplicate key is a DuplicateField; nothing more is stored', async ({ apiRoot, mock }) => {
    await create(apiRoot, { key: 'dup', name: { en: 'A' }, slug: { en: 'a-slug' } });
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .post({ body: { key: 'dup', name: { en: 'B' }, slug: { en: 'b-slug' } } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'dup' });
    expect(mock.data.all('category')).toHaveLength(1);
  });

  test('a slug is unique per locale across the project; the same slug in another locale is fine', async ({ apiRoot, mock }) => {
    await create(apiRoot, { name: { en: 'A' }, slug: { en: 'shared', de: 'geteilt' } });
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .post({ body: { name: { en: 'B' }, slug: { en: 'shared' } } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'slug', duplicateValue: 'shared' });
    expect(mock.data.all('category')).toHaveLength(1);
    const other = await create(apiRoot, { name: { en: 'B' }, slug: { de: 'shared', en: 'geteilt' } });
    expect(other.slug).toEqual({ de: 'shared', en: 'geteilt' });
  });

  test('a missing parent or custom type is ReferencedResourceNotFound; nothing is stored', async ({ apiRoot, mock }) => {
    let failure = await sdkFailure(
      apiRoot
        .categories()
        .post({ body: { name: { en: 'A' }, slug: { en: 'a-a' }, parent: { typeId: 'category', key: 'nope' } } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'category', key: 'nope' });
    failure = await sdkFailure(
      apiRoot
        .categories()
        .post({ body: { name: { en: 'A' }, slug: { en: 'a-a' }, custom: { type: { typeId: 'type', id: 'missing-type' } } } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'type', id: 'missing-type' });
    expect(mock.data.all('category')).toHaveLength(0);
  });
});

test.describe('categories: update actions', () => {
  test('changeName, changeSlug, changeOrderHint and the setters change their field and the version', async ({ apiRoot }) => {
    let category = await create(apiRoot, { name: { en: 'A' }, slug: { en: 'a-slug' }, orderHint: '0.1' });
    const steps: Array<[CategoryUpdateAction, (c: Category) => unknown, unknown]> = [
      [{ action: 'changeName', name: { en: 'B' } }, (c) => c.name, { en: 'B' }],
      [{ action: 'changeSlug', slug: { en: 'b-slug' } }, (c) => c.slug, { en: 'b-slug' }],
      [{ action: 'changeOrderHint', orderHint: '0.9' }, (c) => c.orderHint, '0.9'],
      [{ action: 'setKey', key: 'new-key' }, (c) => c.key, 'new-key'],
      [{ action: 'setDescription', description: { en: 'd' } }, (c) => c.description, { en: 'd' }],
      [{ action: 'setExternalId', externalId: 'e' }, (c) => c.externalId, 'e'],
      [{ action: 'setMetaTitle', metaTitle: { en: 't' } }, (c) => c.metaTitle, { en: 't' }],
      [{ action: 'setMetaDescription', metaDescription: { en: 'md' } }, (c) => c.metaDescription, { en: 'md' }],
      [{ action: 'setMetaKeywords', metaKeywords: { en: 'k' } }, (c) => c.metaKeywords, { en: 'k' }],
    ];
    for (const [action, get, expected] of steps) {
      const next = await update(apiRoot, category, action);
      expect(get(next), action.action).toEqual(expected);
      expect(next.version, action.action).toBe(category.version + 1);
      category = next;
    }
    expect(await read(apiRoot, category.id)).toEqual(category);
    expect((await apiRoot.categories().withKey({ key: 'new-key' }).get().execute()).body.id).toBe(category.id);
  });

  test('setters without a value remove the field', async ({ apiRoot }) => {
    const category = await create(apiRoot, {
      key: 'k1',
      name: { en: 'A' },
      slug: { en: 'a-slug' },
      description: { en: 'd' },
      externalId: 'e',
      metaTitle: { en: 't' },
      metaDescription: { en: 'md' },
      metaKeywords: { en: 'k' },
    });
    const next = await update(
      apiRoot,
      category,
      { action: 'setKey' },
      { action: 'setDescription' },
      { action: 'setExternalId' },
      { action: 'setMetaTitle' },
      { action: 'setMetaDescription' },
      { action: 'setMetaKeywords' },
    );
    expect(next.version).toBe(2);
    for (const field of ['key', 'description', 'externalId', 'metaTitle', 'metaDescription', 'metaKeywords']) {
      expect(next, field).not.toHaveProperty(field);
    }
  });

  test('an update that changes nothing keeps the version', async ({ apiRoot }) => {
    const category = await create(apiRoot, { name: { en: 'A' }, slug: { en: 'a-slug' } });
    const next = await update(apiRoot, category, { action: 'changeName', name: { en: 'A' } }, { action: 'setDescription' });
    expect(next.version).toBe(1);
    expect(next.lastModifiedAt).toBe(category.lastModifiedAt);
  });

  test('changeSlug to a slug another category holds is a DuplicateField; nothing is stored', async ({ apiRoot }) => {
    await create(apiRoot, { name: { en: 'A' }, slug: { en: 'taken' } });
    const b = await create(apiRoot, { name: { en: 'B' }, slug: { en: 'free' } });
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .withId({ ID: b.id })
        .post({ body: { version: 1, actions: [{ action: 'changeSlug', slug: { en: 'taken' } }] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'slug' });
    expect(await read(apiRoot, b.id)).toEqual(b);
    // The slug the category gave up is free again.
    const moved = await update(apiRoot, b, { action: 'changeSlug', slug: { en: 'other' } });
    expect((await create(apiRoot, { name: { en: 'C' }, slug: { en: 'free' } })).slug).toEqual({ en: 'free' });
    expect(moved.version).toBe(2);
  });

  test('setKey to a key another category holds is a DuplicateField', async ({ apiRoot }) => {
    await create(apiRoot, { key: 'a-key', name: { en: 'A' }, slug: { en: 'a-slug' } });
    const b = await create(apiRoot, { name: { en: 'B' }, slug: { en: 'b-slug' } });
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .withId({ ID: b.id })
        .post({ body: { version: 1, actions: [{ action: 'setKey', key: 'a-key' }] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'a-key' });
    expect(await read(apiRoot, b.id)).toEqual(b);
  });

  test('changeParent moves the category and recomputes the ancestors of its descendants', async ({ apiRoot, mock }) => {
    const a = await create(apiRoot, { key: 'aa', name: { en: 'A' }, slug: { en: 'a-1' } });
    const x = await create(apiRoot, { key: 'xx', name: { en: 'X' }, slug: { en: 'x-1' } });
    const b = await create(apiRoot, { key: 'bb', name: { en: 'B' }, slug: { en: 'b-1' }, parent: { typeId: 'category', key: 'aa' } });
    const c = await create(apiRoot, { key: 'cc', name: { en: 'C' }, slug: { en: 'c-1' }, parent: { typeId: 'category', key: 'bb' } });
    const d = await create(apiRoot, { key: 'dd', name: { en: 'D' }, slug: { en: 'd-1' }, parent: { typeId: 'category', key: 'cc' } });
    const moved = await update(apiRoot, b, { action: 'changeParent', parent: { typeId: 'category', key: 'xx' } });
    expect(moved.parent).toEqual(ref(x));
    expect(moved.ancestors).toEqual([ref(x)]);
    expect(moved.version).toBe(2);
    const cAfter = await read(apiRoot, c.id);
    const dAfter = await read(apiRoot, d.id);
    expect(cAfter.ancestors).toEqual([ref(x), ref(b)]);
    expect(cAfter.parent).toEqual(ref(b));
    expect(dAfter.ancestors).toEqual([ref(x), ref(b), ref(c)]);
    // Descendants whose stored state changed get a new version; unrelated categories do not.
    expect(cAfter.version).toBe(2);
    expect(dAfter.version).toBe(2);
    expect((await read(apiRoot, a.id)).version).toBe(1);
    expect(mock.data.all('category')).toHaveLength(5);
  });

  test('changeParent to the same parent changes nothing', async ({ apiRoot }) => {
    const a = await create(apiRoot, { name: { en: 'A' }, slug: { en: 'a-1' } });
    const b = await create(apiRoot, { name: { en: 'B' }, slug: { en: 'b-1' }, parent: { typeId: 'category', id: a.id } });
    const next = await update(apiRoot, b, { action: 'changeParent', parent: { typeId: 'category', id: a.id } });
    expect(next.version).toBe(1);
  });

  test('a category cannot become its own parent or the child of its descendant', async ({ apiRoot }) => {
    const a = await create(apiRoot, { name: { en: 'A' }, slug: { en: 'a-1' } });
    const b = await create(apiRoot, { name: { en: 'B' }, slug: { en: 'b-1' }, parent: { typeId: 'category', id: a.id } });
    const c = await create(apiRoot, { name: { en: 'C' }, slug: { en: 'c-1' }, parent: { typeId: 'category', id: b.id } });
    for (const target of [a, c]) {
      const failure = await sdkFailure(
        apiRoot
          .categories()
          .withId({ ID: a.id })
          .post({ body: { version: 1, actions: [{ action: 'changeParent', parent: { typeId: 'category', id: target.id } }] } })
          .execute(),
      );
      expect(failure.statusCode).toBe(400);
      expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    }
    expect(await read(apiRoot, a.id)).toEqual(a);
    expect(await read(apiRoot, c.id)).toEqual(c);
  });

  test('changeParent to a missing category is ReferencedResourceNotFound; nothing is stored', async ({ apiRoot }) => {
    const a = await create(apiRoot, { name: { en: 'A' }, slug: { en: 'a-1' } });
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .withId({ ID: a.id })
        .post({ body: { version: 1, actions: [{ action: 'changeParent', parent: { typeId: 'category', id: 'gone' } }] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'category', id: 'gone' });
    expect(await read(apiRoot, a.id)).toEqual(a);
  });

  test('setCustomType and setCustomField', async ({ apiRoot }) => {
    const type = await typeWithStringField(apiRoot, 'cat-type', ['category']);
    let category = await create(apiRoot, { name: { en: 'A' }, slug: { en: 'a-1' } });
    category = await update(apiRoot, category, {
      action: 'setCustomType',
      type: { typeId: 'type', key: 'cat-type' },
      fields: { note: 'x' },
    });
    expect(category.custom).toEqual({ type: { typeId: 'type', id: type.id }, fields: { note: 'x' } });
    expect(category.version).toBe(2);
    category = await update(apiRoot, category, { action: 'setCustomField', name: 'note', value: 'y' });
    expect(category.custom!.fields).toEqual({ note: 'y' });
    expect(category.version).toBe(3);
    category = await update(apiRoot, category, { action: 'setCustomField', name: 'note' });
    expect(category.custom!.fields).toEqual({});
    category = await update(apiRoot, category, { action: 'setCustomType' });
    expect(category).not.toHaveProperty('custom');
    expect(category.version).toBe(5);
  });

  test('asset actions: add (at a position), rename, describe, tag, re-source, key, reorder, remove', async ({ apiRoot }) => {
    let category = await create(apiRoot, {
      name: { en: 'A' },
      slug: { en: 'a-1' },
      assets: [{ key: 'first', name: { en: 'First' }, sources: [{ uri: 'https://example.com/1.png' }] }],
    });
    category = await update(apiRoot, category, { action: 'addAsset', asset: { key: 'last', name: { en: 'Last' }, sources: [logo] } });
    category = await update(apiRoot, category, {
      action: 'addAsset',
      asset: { key: 'middle', name: { en: 'Middle' }, sources: [logo] },
      position: 1,
    });
    expect(assetsOf(category).map((a) => a.key)).toEqual(['first', 'middle', 'last']);
    expect(category.version).toBe(3);
    const [first, middle, last] = assetsOf(category) as [Asset, Asset, Asset];

    category = await update(apiRoot, category, { action: 'changeAssetName', assetKey: 'middle', name: { en: 'Centre' } });
    expect(assetsOf(category)[1]!.name).toEqual({ en: 'Centre' });
    category = await update(apiRoot, category, { action: 'setAssetDescription', assetId: middle.id, description: { en: 'desc' } });
    expect(assetsOf(category)[1]!.description).toEqual({ en: 'desc' });
    category = await update(apiRoot, category, { action: 'setAssetTags', assetKey: 'middle', tags: ['a', 'b'] });
    expect(assetsOf(category)[1]!.tags).toEqual(['a', 'b']);
    category = await update(apiRoot, category, {
      action: 'setAssetSources',
      assetKey: 'middle',
      sources: [{ uri: 'https://example.com/2.png' }],
    });
    expect(assetsOf(category)[1]!.sources).toEqual([{ uri: 'https://example.com/2.png' }]);
    category = await update(apiRoot, category, { action: 'setAssetKey', assetId: middle.id, assetKey: 'centre' });
    expect(assetsOf(category)[1]!.key).toBe('centre');
    expect(category.version).toBe(8);
    category = await update(
      apiRoot,
      category,
      { action: 'setAssetDescription', assetKey: 'centre' },
      { action: 'setAssetTags', assetKey: 'centre' },
    );
    expect(assetsOf(category)[1]).not.toHaveProperty('description');
    expect(assetsOf(category)[1]).not.toHaveProperty('tags');
    category = await update(apiRoot, category, { action: 'changeAssetOrder', assetOrder: [last.id, first.id, middle.id] });
    expect(assetsOf(category).map((a) => a.id)).toEqual([last.id, first.id, middle.id]);
    category = await update(apiRoot, category, { action: 'removeAsset', assetId: first.id });
    expect(assetsOf(category).map((a) => a.id)).toEqual([last.id, middle.id]);
    category = await update(apiRoot, category, { action: 'setAssetKey', assetId: middle.id });
    expect(assetsOf(category)[1]).not.toHaveProperty('key');
    expect(category.version).toBe(12);
    expect(await read(apiRoot, category.id)).toEqual(category);
  });

  test('asset custom type and field', async ({ apiRoot }) => {
    const type = await typeWithStringField(apiRoot, 'asset-type', ['asset']);
    let category = await create(apiRoot, {
      name: { en: 'A' },
      slug: { en: 'a-1' },
      assets: [{ key: 'pic', name: { en: 'P' }, sources: [logo] }],
    });
    category = await update(apiRoot, category, {
      action: 'setAssetCustomType',
      assetKey: 'pic',
      type: { typeId: 'type', id: type.id },
      fields: { note: 'x' },
    });
    expect(assetsOf(category)[0]!.custom).toEqual({ type: { typeId: 'type', id: type.id }, fields: { note: 'x' } });
    category = await update(apiRoot, category, { action: 'setAssetCustomField', assetKey: 'pic', name: 'note', value: 'y' });
    expect(assetsOf(category)[0]!.custom!.fields).toEqual({ note: 'y' });
    category = await update(apiRoot, category, { action: 'setAssetCustomType', assetKey: 'pic' });
    expect(assetsOf(category)[0]).not.toHaveProperty('custom');
    expect(category.version).toBe(4);
  });

  test('asset actions on an unknown asset, a bad order or position are refused; nothing is stored', async ({ apiRoot }) => {
    const category = await create(apiRoot, {
      name: { en: 'A' },
      slug: { en: 'a-1' },
      assets: [{ key: 'pic', name: { en: 'P' }, sources: [logo] }],
    });
    const attempts: CategoryUpdateAction[][] = [
      [{ action: 'changeAssetName', assetKey: 'nope', name: { en: 'x' } }],
      [{ action: 'removeAsset', assetId: 'nope' }],
      [{ action: 'removeAsset' }],
      [{ action: 'changeAssetOrder', assetOrder: [] }],
      [{ action: 'addAsset', asset: { name: { en: 'x' }, sources: [logo] }, position: 5 }],
      [{ action: 'addAsset', asset: { key: 'pic', name: { en: 'dup' }, sources: [logo] } }],
      [{ action: 'setAssetSources', assetKey: 'pic', sources: [] }],
      // The first action alone would succeed: atomicity.
      [
        { action: 'changeName', name: { en: 'changed' } },
        { action: 'removeAsset', assetKey: 'nope' },
      ],
    ];
    for (const actions of attempts) {
      const failure = await sdkFailure(
        apiRoot
          .categories()
          .withId({ ID: category.id })
          .post({ body: { version: 1, actions } })
          .execute(),
      );
      expect(failure.statusCode, JSON.stringify(actions)).toBe(400);
    }
    expect(await read(apiRoot, category.id)).toEqual(category);
  });

  test('an unknown action and a malformed payload are refused with field paths', async ({ apiRoot }) => {
    const category = await create(apiRoot, { name: { en: 'A' }, slug: { en: 'a-1' } });
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .withId({ ID: category.id })
        .post({ body: { version: 1, actions: raw<CategoryUpdateAction[]>([{ action: 'changeName' }, { action: 'fly' }]) } })
        .execute(),
    );
    const fields = failure.body.errors.map((e) => [e.code, e.field]);
    expect(fields).toContainEqual(['InvalidInput', 'actions[1].action']);
    expect(failure.body.errors).toContainEqual(invalidJson('actions[0] -> name: Missing required value.'));
    expect(await read(apiRoot, category.id)).toEqual(category);
  });

  test('a stale version is a 409 with the current version; nothing is stored', async ({ apiRoot }) => {
    const category = await create(apiRoot, { name: { en: 'A' }, slug: { en: 'a-1' } });
    const next = await update(apiRoot, category, { action: 'changeName', name: { en: 'B' } });
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .withId({ ID: category.id })
        .post({ body: { version: 1, actions: [{ action: 'changeName', name: { en: 'C' } }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(409);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(await read(apiRoot, category.id)).toEqual(next);
  });
});

test.describe('categories: by key and delete', () => {
  test('get, update and delete by key', async ({ apiRoot, mock }) => {
    const category = await create(apiRoot, { key: 'by-key', name: { en: 'A' }, slug: { en: 'a-1' } });
    expect((await apiRoot.categories().withKey({ key: 'by-key' }).get().execute()).body).toEqual(category);
    const updated = (
      await apiRoot
        .categories()
        .withKey({ key: 'by-key' })
        .post({ body: { version: 1, actions: [{ action: 'changeName', name: { en: 'B' } }] } })
        .execute()
    ).body;
    expect(updated).toMatchObject({ id: category.id, version: 2, name: { en: 'B' } });
    const stale = await sdkFailure(
      apiRoot
        .categories()
        .withKey({ key: 'by-key' })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    expect(mock.data.all('category')).toHaveLength(1);
    const deleted = await apiRoot
      .categories()
      .withKey({ key: 'by-key' })
      .delete({ queryArgs: { version: 2 } })
      .execute();
    expect(deleted.body).toEqual(updated);
    const gone = await sdkFailure(apiRoot.categories().withKey({ key: 'by-key' }).get().execute());
    expect(gone.statusCode).toBe(404);
    expect(gone.body.errors[0]!.code).toBe('ResourceNotFound');
  });

  test('delete by id frees the slug and the key', async ({ apiRoot, mock }) => {
    const category = await create(apiRoot, { key: 'k1', name: { en: 'A' }, slug: { en: 'a-1' } });
    await apiRoot
      .categories()
      .withId({ ID: category.id })
      .delete({ queryArgs: { version: 1 } })
      .execute();
    expect(mock.data.all('category')).toHaveLength(0);
    const again = await create(apiRoot, { key: 'k1', name: { en: 'A' }, slug: { en: 'a-1' } });
    expect(again.id).not.toBe(category.id);
  });
});
