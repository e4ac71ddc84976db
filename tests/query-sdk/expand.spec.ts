/**
 * Reference expansion through the official SDK, on every kind of response: get (by id and key),
 * query, create, update and delete. An expanded Reference keeps `typeId` and `id` and gains `obj`;
 * a missing target, a KeyReference or a path naming no Reference leaves the response unchanged.
 */
import type { Category, Customer, Product, ProductProjection } from '@commercetools/platform-sdk';
import { test, expect, sdkFailure } from '../support/sdk.js';
import { list } from './support.js';
import { seedWorld, type Doc } from './world.js';

type Ref = { typeId: string; id: string; obj?: Record<string, unknown> & { key?: string; parent?: Ref } };

/** What GET answers for a stored resource, without expansion. */
const plainReference = (typeId: string, doc: Doc) => ({ typeId, id: doc.id });

test.describe('expand on get', () => {
  test('category by id: parent gains obj (the whole parent), keeping typeId and id', async ({ mock, apiRoot }) => {
    const { categories } = seedWorld(mock);
    const { body } = await apiRoot
      .categories()
      .withId({ ID: categories.men.id })
      .get({ queryArgs: { expand: 'parent' } })
      .execute();
    const clothing = (await apiRoot.categories().withId({ ID: categories.clothing.id }).get().execute()).body;
    expect(body.parent).toEqual({ typeId: 'category', id: categories.clothing.id, obj: clothing });
    // The other references of the response stay as they are.
    expect(body.ancestors).toEqual([plainReference('category', categories.clothing)]);
  });

  test('category by key: parent.parent expands two levels', async ({ mock, apiRoot }) => {
    const { categories } = seedWorld(mock);
    const { body } = await apiRoot
      .categories()
      .withKey({ key: 'shirts' })
      .get({ queryArgs: { expand: 'parent.parent' } })
      .execute();
    const parent = body.parent as Ref;
    expect(parent.id).toBe(categories.men.id);
    expect(parent.obj?.key).toBe('men');
    expect(parent.obj?.parent?.id).toBe(categories.clothing.id);
    expect(parent.obj?.parent?.obj?.key).toBe('clothing');
    expect(parent.obj?.parent?.obj?.parent).toBeUndefined();
    // The explicit form with obj names the same expansion.
    const explicit = await apiRoot
      .categories()
      .withKey({ key: 'shirts' })
      .get({ queryArgs: { expand: 'parent.obj.parent' } })
      .execute();
    expect(explicit.body).toEqual(body);
    // Only parent expands; one level asks for less.
    const one = await apiRoot
      .categories()
      .withKey({ key: 'shirts' })
      .get({ queryArgs: { expand: 'parent' } })
      .execute();
    expect((one.body.parent as Ref).obj?.parent).toEqual(plainReference('category', categories.clothing));
  });

  test('ancestors[*] expands every element; ancestors[1] only that one; an index past the end changes nothing', async ({
    mock,
    apiRoot,
  }) => {
    const { categories } = seedWorld(mock);
    const get = (expand: string | string[]) => apiRoot.categories().withKey({ key: 'shirts' }).get({ queryArgs: { expand } }).execute();
    const all = (await get('ancestors[*]')).body;
    expect(all.ancestors.map((a) => [a.id, (a as Ref).obj?.key])).toEqual([
      [categories.clothing.id, 'clothing'],
      [categories.men.id, 'men'],
    ]);
    expect(all.parent).toEqual(plainReference('category', categories.men));

    const second = (await get('ancestors[1]')).body;
    expect(second.ancestors[0]).toEqual(plainReference('category', categories.clothing));
    expect((second.ancestors[1] as Ref).obj?.key).toBe('men');

    const beyond = (await get('ancestors[5]')).body;
    expect(beyond.ancestors).toEqual([plainReference('category', categories.clothing), plainReference('category', categories.men)]);
  });

  test('several expand parameters apply together', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const { body } = await apiRoot
      .categories()
      .withKey({ key: 'shirts' })
      .get({ queryArgs: { expand: ['parent', 'ancestors[0]'] } })
      .execute();
    expect((body.parent as Ref).obj?.key).toBe('men');
    expect((body.ancestors[0] as Ref).obj?.key).toBe('clothing');
    expect((body.ancestors[1] as Ref).obj).toBeUndefined();
  });

  test('customer: customerGroup', async ({ mock, apiRoot }) => {
    const { groups } = seedWorld(mock);
    const { body } = await apiRoot
      .customers()
      .withKey({ key: 'anna' })
      .get({ queryArgs: { expand: 'customerGroup' } })
      .execute();
    expect(body.customerGroup).toMatchObject({
      typeId: 'customer-group',
      id: groups.gold.id,
      obj: { id: groups.gold.id, key: 'gold', name: 'Gold' },
    });
  });

  test('product: productType, masterData.current.categories[*] and nested categories[*].parent', async ({ mock, apiRoot }) => {
    const { products, productType, categories } = seedWorld(mock);
    const get = async (expand: string | string[]) =>
      (await apiRoot.products().withId({ ID: products.redShirt.id }).get({ queryArgs: { expand } }).execute()).body as Product;

    const typed = await get('productType');
    expect(typed.productType).toMatchObject({ typeId: 'product-type', id: productType.id, obj: { key: 'shirt', name: 'Shirt' } });

    const inCategories = await get('masterData.current.categories[*]');
    expect(inCategories.masterData.current.categories.map((c) => (c as Ref).obj?.key)).toEqual(['shirts', 'sale']);
    // staged is another path: untouched
    expect(inCategories.masterData.staged.categories).toEqual([
      plainReference('category', categories.shirts),
      plainReference('category', categories.sale),
    ]);

    const withParents = await get('masterData.current.categories[*].parent');
    const [shirts, sale] = withParents.masterData.current.categories as Ref[];
    expect(shirts!.obj?.key).toBe('shirts');
    expect(shirts!.obj?.parent?.obj?.key).toBe('men');
    expect(sale!.obj?.key).toBe('sale');
    expect(sale!.obj?.parent).toBeUndefined();
  });

  test('product projection: categories[*] and productType', async ({ mock, apiRoot }) => {
    const { products } = seedWorld(mock);
    const { body } = await apiRoot
      .productProjections()
      .withId({ ID: products.redShirt.id })
      .get({ queryArgs: { expand: ['categories[*]', 'productType'] } })
      .execute();
    const projection = body as ProductProjection;
    expect(projection.categories.map((c) => (c as Ref).obj?.key)).toEqual(['shirts', 'sale']);
    expect((projection.productType as Ref).obj?.key).toBe('shirt');
  });
});

test.describe('expand on query', () => {
  test('categories?expand=parent: every result that has a parent gets it', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const page = await list(apiRoot, 'categories', { expand: 'parent', sort: 'key asc' });
    expect(page.results.map((c) => [c.key, (c.parent as Ref | undefined)?.obj?.key ?? null])).toEqual([
      ['clothing', null],
      ['men', 'clothing'],
      ['sale', null],
      ['shirts', 'men'],
      ['women', 'clothing'],
    ]);
    expect(page.results.find((c) => c.key === 'clothing')).not.toHaveProperty('parent');
  });

  test('customers?where=...&expand=customerGroup', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const page = await list(apiRoot, 'customers', { where: 'lastName != "Miller"', expand: 'customerGroup', sort: 'firstName asc' });
    expect(page.results.map((c) => [c.firstName, (c.customerGroup as Ref | undefined)?.obj?.key ?? null])).toEqual([
      ['Anna', 'gold'],
      ['Clara', null],
      ['Dora', 'gold'],
    ]);
  });

  test('products?expand=masterData.current.categories[*]', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const page = await list(apiRoot, 'products', { expand: 'masterData.current.categories[*]', sort: 'key asc' });
    const keys = page.results.map((p) => [p.key, (p as unknown as Product).masterData.current.categories.map((c) => (c as Ref).obj?.key)]);
    expect(keys).toEqual([
      ['blue-jeans', ['men']],
      ['green-cap', []],
      ['red-shirt', ['shirts', 'sale']],
    ]);
  });

  test('product-projections?expand=categories[*].parent', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const page = await list(apiRoot, 'product-projections', { expand: 'categories[*].parent', where: 'key = "red-shirt"' });
    const [shirts, sale] = (page.results[0] as unknown as ProductProjection).categories as Ref[];
    expect(shirts!.obj?.parent?.obj?.key).toBe('men');
    expect(sale!.obj?.key).toBe('sale');
  });
});

test.describe('expand on create, update and delete', () => {
  test('create: POST /customers answers {customer} with the group expanded', async ({ mock, apiRoot }) => {
    const { groups } = seedWorld(mock);
    const { body, statusCode } = await apiRoot
      .customers()
      .post({
        queryArgs: { expand: 'customerGroup' },
        body: { email: 'eve@example.com', password: 'pw', customerGroup: { typeId: 'customer-group', key: 'silver' } },
      })
      .execute();
    expect(statusCode).toBe(201);
    expect(body.customer.customerGroup).toMatchObject({ typeId: 'customer-group', id: groups.silver.id, obj: { key: 'silver' } });
  });

  test('create: POST /categories with expand=parent.parent', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const { body, statusCode } = await apiRoot
      .categories()
      .post({
        queryArgs: { expand: 'parent.parent' },
        body: { key: 'polos', name: { en: 'Polos' }, slug: { en: 'polos' }, parent: { typeId: 'category', key: 'shirts' } },
      })
      .execute();
    expect(statusCode).toBe(201);
    expect((body.parent as Ref).obj?.key).toBe('shirts');
    expect((body.parent as Ref).obj?.parent?.obj?.key).toBe('men');
    // stored without obj
    const stored = mock.data.get<Category>('category', body.id)!;
    expect(stored.parent).toEqual({ typeId: 'category', id: (body.parent as Ref).id });
  });

  test('update: by id and by key', async ({ mock, apiRoot }) => {
    const { categories, customers } = seedWorld(mock);
    const byId = await apiRoot
      .categories()
      .withId({ ID: categories.women.id })
      .post({ queryArgs: { expand: 'parent' }, body: { version: 1, actions: [{ action: 'setExternalId', externalId: 'w-1' }] } })
      .execute();
    expect(byId.body.version).toBe(2);
    expect(byId.body.externalId).toBe('w-1');
    expect((byId.body.parent as Ref).obj?.key).toBe('clothing');

    const byKey = await apiRoot
      .customers()
      .withKey({ key: 'ben' })
      .post({
        queryArgs: { expand: 'customerGroup' },
        body: {
          version: customers.ben.version,
          actions: [{ action: 'setCustomerGroup', customerGroup: { typeId: 'customer-group', key: 'gold' } }],
        },
      })
      .execute();
    expect((byKey.body.customerGroup as Ref).obj?.key).toBe('gold');
  });

  test('delete: by id and by key answer the deleted resource expanded', async ({ mock, apiRoot }) => {
    const { categories } = seedWorld(mock);
    const byId = await apiRoot
      .categories()
      .withId({ ID: categories.shirts.id })
      .delete({ queryArgs: { version: 1, expand: ['parent', 'ancestors[*]'] } })
      .execute();
    expect(byId.body.key).toBe('shirts');
    expect((byId.body.parent as Ref).obj?.key).toBe('men');
    expect(byId.body.ancestors.map((a) => (a as Ref).obj?.key)).toEqual(['clothing', 'men']);

    const byKey = await apiRoot
      .customers()
      .withKey({ key: 'anna' })
      .delete({ queryArgs: { version: 1, expand: 'customerGroup' } })
      .execute();
    expect((byKey.body.customerGroup as Ref).obj?.key).toBe('gold');
    expect(mock.data.getByKey('customer', 'anna')).toBeUndefined();
  });
});

test.describe('what expansion leaves alone', () => {
  test('a missing target stays unexpanded', async ({ mock, apiRoot }) => {
    const { groups } = seedWorld(mock);
    await apiRoot
      .customerGroups()
      .withKey({ key: 'silver' })
      .delete({ queryArgs: { version: 1 } })
      .execute();
    const { body } = await apiRoot
      .customers()
      .withKey({ key: 'ben' })
      .get({ queryArgs: { expand: 'customerGroup' } })
      .execute();
    expect(body.customerGroup).toEqual({ typeId: 'customer-group', id: groups.silver.id });
    const page = await list(apiRoot, 'customers', { expand: 'customerGroup', where: 'customerGroup is defined', sort: 'firstName asc' });
    expect(page.results.map((c) => (c.customerGroup as Ref).obj?.key ?? null)).toEqual(['gold', null, 'gold']);
  });

  test("KeyReferences (a customer's stores) are not expanded", async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const created = await apiRoot
      .customers()
      .post({
        queryArgs: { expand: 'stores[*]' },
        body: { email: 'store@example.com', password: 'pw', stores: [{ typeId: 'store', key: 'berlin-store' }] },
      })
      .execute();
    expect(created.body.customer.stores).toEqual([{ typeId: 'store', key: 'berlin-store' }]);
  });

  test('a path that names no reference, or nothing at all, changes nothing', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const plain = (await apiRoot.customers().withKey({ key: 'anna' }).get().execute()).body;
    for (const expand of ['firstName', 'addresses[*]', 'custom.fields.tier', 'nothing.here', 'addresses[9].id']) {
      const { body } = await apiRoot.customers().withKey({ key: 'anna' }).get({ queryArgs: { expand } }).execute();
      expect(body, expand).toEqual(plain);
    }
  });

  test('expansion never changes what is stored', async ({ mock, apiRoot }) => {
    const { categories } = seedWorld(mock);
    await apiRoot
      .categories()
      .withKey({ key: 'shirts' })
      .get({ queryArgs: { expand: ['parent.parent', 'ancestors[*]'] } })
      .execute();
    await list(apiRoot, 'categories', { expand: 'parent' });
    const stored = mock.data.get<Category>('category', categories.shirts.id)!;
    expect(stored.parent).toEqual(plainReference('category', categories.men));
    expect(stored.ancestors).toEqual([plainReference('category', categories.clothing), plainReference('category', categories.men)]);
    const again = (await apiRoot.categories().withKey({ key: 'shirts' }).get().execute()).body;
    expect(again.parent).toEqual(plainReference('category', categories.men));
    const customer = (await apiRoot.customers().withKey({ key: 'anna' }).get().execute()).body as Customer;
    expect(customer.customerGroup).not.toHaveProperty('obj');
  });

  test('a malformed expansion path is a 400 InvalidInput', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    for (const expand of ['parent..parent', 'ancestors[x]', 'ancestors[*', '']) {
      const failure = await sdkFailure(apiRoot.categories().withKey({ key: 'shirts' }).get({ queryArgs: { expand } }).execute());
      expect(failure.statusCode, expand).toBe(400);
      expect(failure.body.errors[0]!.code).toBe('InvalidInput');
      expect(failure.body.message).toBe(
        `Malformed parameter: expand: Invalid expansion path '${expand}'. Expected dotted field names with optional [*] or [<index>], e.g. 'masterData.current.categories[*]'.`,
      );
    }
  });
});
