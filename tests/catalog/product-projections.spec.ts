import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import { test, expect, sdkFailure } from '../support/sdk.js';
import { createProduct, money, plainType, updateProduct } from './support.js';

const plain = { typeId: 'product-type' as const, key: 'plain' };

/** `live`: published, then changed in staged; `draft`: never published. */
async function seed(apiRoot: ByProjectKeyRequestBuilder) {
  await plainType(apiRoot);
  const live = await createProduct(apiRoot, {
    key: 'live',
    productType: plain,
    name: { en: 'Live' },
    slug: { en: 'live' },
    publish: true,
    masterVariant: { sku: 'live-1', prices: [{ value: money(1000) }] },
    variants: [{ sku: 'live-2' }],
  });
  const changed = await updateProduct(apiRoot, live, { action: 'changeName', name: { en: 'Live (staged)' } });
  const draft = await createProduct(apiRoot, {
    key: 'draft',
    productType: plain,
    name: { en: 'Draft' },
    slug: { en: 'draft' },
    masterVariant: { sku: 'draft-1' },
  });
  return { live: changed, draft };
}

test.describe('product projections', () => {
  test('by id: current by default, staged on request; the shape of a projection', async ({ apiRoot }) => {
    const { live } = await seed(apiRoot);
    const current = (await apiRoot.productProjections().withId({ ID: live.id }).get().execute()).body;
    expect(current).toEqual({
      id: live.id,
      version: live.version,
      key: 'live',
      productType: live.productType,
      name: { en: 'Live' },
      categories: [],
      slug: { en: 'live' },
      searchKeywords: {},
      hasStagedChanges: true,
      published: true,
      masterVariant: live.masterData.current.masterVariant,
      variants: live.masterData.current.variants,
      attributes: [],
      createdAt: live.createdAt,
      lastModifiedAt: live.lastModifiedAt,
    });
    const staged = (
      await apiRoot
        .productProjections()
        .withId({ ID: live.id })
        .get({ queryArgs: { staged: true } })
        .execute()
    ).body;
    expect(staged.name).toEqual({ en: 'Live (staged)' });
    const byKey = (await apiRoot.productProjections().withKey({ key: 'live' }).get().execute()).body;
    expect(byKey).toEqual(current);
  });

  test('an unpublished product is a 404 on current and visible staged', async ({ apiRoot }) => {
    const { draft } = await seed(apiRoot);
    const missing = await sdkFailure(apiRoot.productProjections().withId({ ID: draft.id }).get().execute());
    expect(missing.statusCode).toBe(404);
    expect(missing.body.errors[0]).toMatchObject({
      code: 'ResourceNotFound',
      message: `The Resource with ID '${draft.id}' was not found.`,
    });
    expect((await sdkFailure(apiRoot.productProjections().withKey({ key: 'draft' }).get().execute())).statusCode).toBe(404);
    const staged = (
      await apiRoot
        .productProjections()
        .withKey({ key: 'draft' })
        .get({ queryArgs: { staged: true } })
        .execute()
    ).body;
    expect(staged).toMatchObject({ id: draft.id, published: false, name: { en: 'Draft' } });
    expect(
      (
        await apiRoot
          .productProjections()
          .withId({ ID: draft.id })
          .head()
          .execute()
          .catch((e: { statusCode: number }) => e)
      ).statusCode,
    ).toBe(404);
  });

  test('query: published only by default, all with staged=true; where over the projection shape', async ({ apiRoot }) => {
    const { live, draft } = await seed(apiRoot);
    const current = (await apiRoot.productProjections().get().execute()).body;
    expect(current).toMatchObject({ count: 1, total: 1 });
    expect(current.results.map((p) => p.id)).toEqual([live.id]);
    const staged = (
      await apiRoot
        .productProjections()
        .get({ queryArgs: { staged: true, sort: 'name.en asc' } })
        .execute()
    ).body;
    expect(staged.results.map((p) => p.name.en)).toEqual(['Draft', 'Live (staged)']);
    const byName = (
      await apiRoot
        .productProjections()
        .get({ queryArgs: { where: 'name(en = "Live")' } })
        .execute()
    ).body;
    expect(byName.results.map((p) => p.id)).toEqual([live.id]);
    const stagedName = (
      await apiRoot
        .productProjections()
        .get({ queryArgs: { staged: true, where: 'name(en = "Live")' } })
        .execute()
    ).body;
    expect(stagedName.count).toBe(0);
    const bySku = (
      await apiRoot
        .productProjections()
        .get({ queryArgs: { staged: true, where: 'variants(sku = "live-2") or masterVariant(sku = "draft-1")' } })
        .execute()
    ).body;
    expect(bySku.results.map((p) => p.id).sort()).toEqual([live.id, draft.id].sort());
    const withVariable = (
      await apiRoot
        .productProjections()
        .get({ queryArgs: { staged: true, where: 'slug(en = :slug)', 'var.slug': 'draft' } })
        .execute()
    ).body;
    expect(withVariable.results.map((p) => p.id)).toEqual([draft.id]);
    const paged = (
      await apiRoot
        .productProjections()
        .get({ queryArgs: { staged: true, limit: 1, offset: 1, sort: 'createdAt asc' } })
        .execute()
    ).body;
    expect(paged).toMatchObject({ limit: 1, offset: 1, count: 1, total: 2 });
    expect(paged.results[0]!.id).toBe(draft.id);
    const bad = await sdkFailure(
      apiRoot
        .productProjections()
        .get({ queryArgs: { where: 'name(en = ' } })
        .execute(),
    );
    expect(bad.body.errors[0]!.code).toBe('InvalidInput');
    const badStaged = await sdkFailure(
      apiRoot
        .productProjections()
        .get({ queryArgs: { staged: 'yes' as never } })
        .execute(),
    );
    expect(badStaged.body.errors[0]!.code).toBe('InvalidInput');
  });

  test('unpublish hides a product; publish shows the staged changes', async ({ apiRoot }) => {
    const { live } = await seed(apiRoot);
    const unpublished = await updateProduct(apiRoot, live, { action: 'unpublish' });
    expect((await apiRoot.productProjections().get().execute()).body.count).toBe(0);
    await updateProduct(apiRoot, unpublished, { action: 'publish' });
    const current = (await apiRoot.productProjections().withId({ ID: live.id }).get().execute()).body;
    expect(current).toMatchObject({ name: { en: 'Live (staged)' }, hasStagedChanges: false, published: true });
  });

  test('expand productType and categories; read-only', async ({ apiRoot, mock }) => {
    await plainType(apiRoot);
    const category = (
      await apiRoot
        .categories()
        .post({ body: { key: 'cat', name: { en: 'Cat' }, slug: { en: 'cat' } } })
        .execute()
    ).body;
    const product = await createProduct(apiRoot, {
      productType: plain,
      name: { en: 'E' },
      slug: { en: 'ee' },
      publish: true,
      categories: [{ typeId: 'category', id: category.id }],
    });
    const expanded = (
      await apiRoot
        .productProjections()
        .withId({ ID: product.id })
        .get({ queryArgs: { expand: ['productType', 'categories[*]'] } })
        .execute()
    ).body;
    expect(expanded.productType.obj).toMatchObject({ key: 'plain' });
    expect(expanded.categories[0]!.obj).toMatchObject({ key: 'cat' });
    const page = (
      await apiRoot
        .productProjections()
        .get({ queryArgs: { expand: 'productType' } })
        .execute()
    ).body;
    expect(page.results[0]!.productType.obj).toMatchObject({ key: 'plain' });
    const post = mock.handle({ method: 'POST', url: '/test-project/product-projections', body: '{}' });
    expect(post.status).toBe(405);
  });
});
