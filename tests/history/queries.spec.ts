/**
 * Querying records: the three GET endpoints with the definition's filters and paging, newest first,
 * and the platform's error for a value it does not take.
 */
import { createCustomer, expect, test, updateCustomer } from '../support/sdk.js';
import { historyApiRoot } from './support.js';

/** Three customers' lives: created, renamed, one deleted; and a category. */
async function someChanges(apiRoot: Parameters<typeof createCustomer>[0]) {
  const ada = await createCustomer(apiRoot, { email: 'ada@example.com', key: 'ada' });
  const grace = await createCustomer(apiRoot, { email: 'grace@example.com' });
  await updateCustomer(apiRoot, ada, [{ action: 'setFirstName', firstName: 'Ada' }]);
  await updateCustomer(apiRoot, grace, [{ action: 'setCompanyName', companyName: 'Navy' }]);
  await apiRoot
    .customers()
    .withId({ ID: grace.id })
    .delete({ queryArgs: { version: 2 } })
    .execute();
  const { body: category } = await apiRoot
    .categories()
    .post({ body: { name: { en: 'Shoes' }, slug: { en: 'shoes' } } })
    .execute();
  return { ada, grace, category };
}

test('every type, newest first, paged with limit and offset; withTotal adds the total', async ({ mock, apiRoot }) => {
  const { ada, grace, category } = await someChanges(apiRoot);
  const history = historyApiRoot(mock);
  const all = (await history.get().execute()).body;
  expect(all.results.map((record) => [record.resource.id, record.type])).toEqual([
    [category.id, 'ResourceCreated'],
    [grace.id, 'ResourceDeleted'],
    [grace.id, 'ResourceUpdated'],
    [ada.id, 'ResourceUpdated'],
    [grace.id, 'ResourceCreated'],
    [ada.id, 'ResourceCreated'],
  ]);
  expect(all.results[0]!.label).toEqual({ type: 'LocalizedLabel', value: { en: 'Shoes' } });

  const page = (await history.get({ queryArgs: { limit: 2, offset: 1, withTotal: true } }).execute()).body;
  expect(page).toMatchObject({ limit: 2, offset: 1, count: 2, total: 6 });
  expect(page.results.map((record) => record.type)).toEqual(['ResourceDeleted', 'ResourceUpdated']);
  expect((await history.get({ queryArgs: { offset: 6 } }).execute()).body).toMatchObject({ count: 0, results: [] });
});

test('filters: resource types, type, resource id and key, changes, source, dates', async ({ mock, apiRoot }) => {
  const { ada, grace, category } = await someChanges(apiRoot);
  const history = historyApiRoot(mock);
  const ids = async (queryArgs: Record<string, string | string[] | number | boolean>) =>
    (await history.get({ queryArgs }).execute()).body.results.map((record) => `${record.type}:${record.resource.id}`);

  expect(await ids({ resourceTypes: 'category' })).toEqual([`ResourceCreated:${category.id}`]);
  expect(await ids({ resourceTypes: ['category', 'customer'], type: 'ResourceDeleted' })).toEqual([`ResourceDeleted:${grace.id}`]);
  expect(await ids({ resourceId: ada.id })).toEqual([`ResourceUpdated:${ada.id}`, `ResourceCreated:${ada.id}`]);
  expect(await ids({ resourceKey: 'ada', type: 'ResourceCreated' })).toEqual([`ResourceCreated:${ada.id}`]);
  // `changes` keeps the records with such a change, and only those changes.
  const renamed = (await history.get({ queryArgs: { changes: ['setFirstName', 'setLastName'] } }).execute()).body.results;
  expect(renamed).toHaveLength(1);
  expect(renamed[0]!.changes).toEqual([{ type: 'SetFirstNameChange', change: 'setFirstName', nextValue: 'Ada' }]);
  // The mock's changes are made by API clients, never in the Merchant Center.
  expect(await ids({ source: 'ApiClient' })).toHaveLength(6);
  expect(await ids({ source: 'MerchantCenter' })).toEqual([]);
  expect(await ids({ userId: 'a-merchant-center-user' })).toEqual([]);
  // date.from and date.to: DateTimes, hours back from now, or now.
  expect(await ids({ 'date.from': '2000-01-01T00:00:00.000Z', 'date.to': '2000-01-02T00:00:00.000Z' })).toEqual([]);
  expect(await ids({ 'date.from': 1, 'date.to': 'now' })).toHaveLength(6);
  expect(await ids({ 'date.from': new Date(Date.now() - 60_000).toISOString() })).toHaveLength(6);
  expect(await ids({ 'date.to': 1 })).toEqual([]);
});

test('one type by its path segment, one resource by id; the type segment is singular', async ({ mock, apiRoot }) => {
  const { ada, grace } = await someChanges(apiRoot);
  const history = historyApiRoot(mock);
  const customers = (await history.withResourceTypeValue({ resourceType: 'customer' }).get().execute()).body;
  expect(customers.count).toBe(5);
  const graces = (await history.withResourceTypeValue({ resourceType: 'customer' }).withIDValue({ ID: grace.id }).get().execute()).body;
  expect(graces.results.map((record) => record.type)).toEqual(['ResourceDeleted', 'ResourceUpdated', 'ResourceCreated']);
  expect(graces.results[1]!.changes).toEqual([{ type: 'SetCompanyNameChange', change: 'setCompanyName', nextValue: 'Navy' }]);
  const none = (await history.withResourceTypeValue({ resourceType: 'category' }).withIDValue({ ID: ada.id }).get().execute()).body;
  expect(none.results).toEqual([]);

  // The definition's resource types are singular: any other segment is no route.
  const plural = await fetch(`${mock.options.historyUrl}/test-project/customers`);
  expect(plural.status).toBe(404);
  expect(((await plural.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('ResourceNotFound');
});

test('a value the definition does not take is refused in the platform error format', async ({ mock }) => {
  const refusals: Array<[string, string]> = [
    ['limit=501', "Invalid value '501' for 'limit'"],
    ['limit=-1', "Invalid value '-1' for 'limit'"],
    ['offset=x', "Invalid value 'x' for 'offset'"],
    ['type=ResourceTouched', "Invalid value 'ResourceTouched' for 'type'"],
    ['source=Shell', "Invalid value 'Shell' for 'source'"],
    ['resourceTypes=cart', "Invalid value 'cart' for 'resourceTypes'"],
    ['excludePlatformInitiatedChanges=everything', "Invalid value 'everything' for 'excludePlatformInitiatedChanges'"],
    ['expand=yes', "Invalid value 'yes' for 'expand'"],
    ['withTotal=1', "Invalid value '1' for 'withTotal'"],
    ['date.from=yesterday', "Invalid value 'yesterday' for 'date.from'"],
    ['date.from=now&date.to=2', "'date.from' must be a point in time before 'date.to'"],
  ];
  for (const [query, message] of refusals) {
    const response = await fetch(`${mock.options.historyUrl}/test-project?${query}`);
    expect(response.status, query).toBe(400);
    const body = (await response.json()) as { statusCode: number; errors: Array<{ code: string; message: string }> };
    expect(body.statusCode).toBe(400);
    expect(body.errors).toEqual([{ code: 'BadRequest', message: expect.stringContaining(message) }]);
  }
});

test('excludePlatformInitiatedChanges leaves out what the platform changed by itself', async ({ mock, apiRoot }) => {
  const { body: shoes } = await apiRoot
    .categories()
    .post({ body: { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } } })
    .execute();
  const { body: boots } = await apiRoot
    .categories()
    .post({ body: { name: { en: 'Boots' }, slug: { en: 'boots' }, parent: { typeId: 'category', id: shoes.id } } })
    .execute();
  const { body: all } = await apiRoot
    .categories()
    .post({ body: { key: 'all', name: { en: 'All' }, slug: { en: 'all' } } })
    .execute();
  // Moving Shoes under All moves Boots too: the platform sets Boots' ancestors itself.
  await apiRoot
    .categories()
    .withId({ ID: shoes.id })
    .post({ body: { version: 1, actions: [{ action: 'changeParent', parent: { typeId: 'category', id: all.id } }] } })
    .execute();
  const history = historyApiRoot(mock);
  const { body: moved } = await history.withResourceTypeValue({ resourceType: 'category' }).withIDValue({ ID: boots.id }).get().execute();
  expect(moved.results[0]!.changes).toEqual([
    {
      type: 'SetAncestorsChange',
      change: 'setAncestors',
      previousValue: [{ typeId: 'category', id: shoes.id }],
      nextValue: [
        { typeId: 'category', id: all.id },
        { typeId: 'category', id: shoes.id },
      ],
      addedItems: [{ typeId: 'category', id: all.id }],
      removedItems: [],
    },
  ]);
  const { body: shoesHistory } = await history
    .withResourceTypeValue({ resourceType: 'category' })
    .withIDValue({ ID: shoes.id })
    .get()
    .execute();
  // The category moved has its parent changed, and its ancestors with it.
  expect(shoesHistory.results[0]!.changes).toEqual([
    expect.objectContaining({ type: 'SetAncestorsChange', previousValue: [], nextValue: [{ typeId: 'category', id: all.id }] }),
    { type: 'ChangeParentChange', change: 'changeParent', nextValue: { typeId: 'category', id: all.id } },
  ]);
  for (const excluded of ['excludeAll', 'setAncestors']) {
    const { body } = await history
      .withResourceTypeValue({ resourceType: 'category' })
      .get({ queryArgs: { excludePlatformInitiatedChanges: excluded, type: 'ResourceUpdated' } })
      .execute();
    expect(body.results.map((record) => record.resource.id)).toEqual([shoes.id]);
    expect(body.results[0]!.changes.map((change) => change.change)).toEqual(['changeParent']);
  }
});
