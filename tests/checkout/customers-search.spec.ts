/**
 * The Customer Search API through the official SDK: `POST /customers/search` (the search query
 * language over customers, ID-first answers), `HEAD /customers/search`,
 * `GET /customers/search/indexing-status`, and the project's `changeCustomerSearchStatus`, which
 * switches them off (409 `SearchNotReady`) and on again.
 */
import type { ByProjectKeyRequestBuilder, Customer, CustomerSearchRequest, Project } from '@commercetools/platform-sdk';
import { createCustomer, expect, expectProjectActionRefusals, sdkFailure, test, updateCustomer } from '../support/sdk.js';
import { raw } from './carts-support.js';

interface Seeded {
  ada: Customer;
  grace: Customer;
  alan: Customer;
}

async function seed(apiRoot: ByProjectKeyRequestBuilder): Promise<Seeded> {
  await apiRoot
    .stores()
    .post({ body: { key: 'berlin' } })
    .execute();
  const group = (
    await apiRoot
      .customerGroups()
      .post({ body: { groupName: 'VIP', key: 'vip' } })
      .execute()
  ).body;
  const ada = await createCustomer(apiRoot, {
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    companyName: 'Analytical Engines',
    customerNumber: 'C-1',
    customerGroup: { typeId: 'customer-group', id: group.id },
    addresses: [{ country: 'GB', city: 'London', streetName: 'St James Square' }],
    stores: [{ typeId: 'store', key: 'berlin' }],
  });
  const grace = await createCustomer(apiRoot, {
    email: 'grace@example.org',
    firstName: 'Grace',
    lastName: 'Hopper',
    customerNumber: 'C-2',
    addresses: [{ country: 'US', city: 'Arlington' }],
  });
  const alan = await createCustomer(apiRoot, { email: 'alan@example.com', firstName: 'Alan', lastName: 'Turing', password: 'enigma' });
  return { ada, grace, alan };
}

async function search(apiRoot: ByProjectKeyRequestBuilder, body: CustomerSearchRequest | Record<string, unknown>) {
  const response = await apiRoot
    .customers()
    .search()
    .post({ body: raw<CustomerSearchRequest>(body) })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

const found = async (apiRoot: ByProjectKeyRequestBuilder, query: unknown) =>
  (await search(apiRoot, { query, limit: 100 })).results.map((result) => result.id).sort();
const sorted = (...customers: Customer[]) => customers.map((customer) => customer.id).sort();

async function switchSearch(apiRoot: ByProjectKeyRequestBuilder, status: 'Activated' | 'Deactivated'): Promise<Project> {
  const project = (await apiRoot.get().execute()).body;
  return (await apiRoot.post({ body: { version: project.version, actions: [{ action: 'changeCustomerSearchStatus', status }] } }).execute())
    .body;
}

test('the answer is ID-first: total, offset, limit and results of id and relevance', async ({ apiRoot }) => {
  const { ada } = await seed(apiRoot);
  const page = await search(apiRoot, { query: { exact: { field: 'email', value: 'ada@example.com' } } });
  expect(page).toEqual({ total: 1, offset: 0, limit: 20, results: [{ id: ada.id, relevance: 1 }] });
});

test('simple and compound expressions over the fields of a customer', async ({ apiRoot }) => {
  const { ada, grace, alan } = await seed(apiRoot);
  const group = ada.customerGroup!.id;

  expect(await found(apiRoot, { exact: { field: 'firstName', value: 'Grace' } })).toEqual(sorted(grace));
  expect(await found(apiRoot, { exact: { field: 'email', value: 'ADA@example.com', caseInsensitive: true } })).toEqual(sorted(ada));
  expect(await found(apiRoot, { exact: { field: 'customerNumber', values: ['C-1', 'C-2'] } })).toEqual(sorted(ada, grace));
  expect(await found(apiRoot, { exact: { field: 'customerGroup.id', value: group } })).toEqual(sorted(ada));
  expect(await found(apiRoot, { exact: { field: 'stores.key', value: 'berlin' } })).toEqual(sorted(ada));
  expect(await found(apiRoot, { exact: { field: 'addresses.country', value: 'US' } })).toEqual(sorted(grace));
  expect(await found(apiRoot, { prefix: { field: 'lastName', value: 'tur', caseInsensitive: true } })).toEqual(sorted(alan));
  expect(await found(apiRoot, { wildcard: { field: 'email', value: '*@example.com' } })).toEqual(sorted(ada, alan));
  expect(await found(apiRoot, { exists: { field: 'companyName' } })).toEqual(sorted(ada));
  expect(await found(apiRoot, { range: { field: 'createdAt', gte: grace.createdAt } })).toEqual(sorted(grace, alan));

  // `fullName` and `all`, the text a person searches a customer by.
  expect(await found(apiRoot, { fullText: { field: 'fullName', value: 'grace hopper' } })).toEqual(sorted(grace));
  expect(await found(apiRoot, { fullText: { field: 'all', value: 'london' } })).toEqual(sorted(ada));
  expect(await found(apiRoot, { fullText: { field: 'all', value: 'engines ada' } })).toEqual(sorted(ada));
  expect(await found(apiRoot, { fullText: { field: 'all', value: 'alan grace', mustMatch: 'any' } })).toEqual(sorted(grace, alan));

  expect(
    await found(apiRoot, {
      and: [{ wildcard: { field: 'email', value: '*@example.com' } }, { not: [{ exact: { field: 'firstName', value: 'Alan' } }] }],
    }),
  ).toEqual(sorted(ada));
  expect(
    await found(apiRoot, {
      or: [{ exact: { field: 'firstName', value: 'Alan' } }, { exact: { field: 'addresses.city', value: 'London' } }],
    }),
  ).toEqual(sorted(ada, alan));

  // The stored password hash is not a field of the search.
  expect(await found(apiRoot, { exists: { field: 'password' } })).toEqual([]);
});

test('sorting, relevance and paging', async ({ apiRoot }) => {
  const { ada, grace, alan } = await seed(apiRoot);
  const all = { exists: { field: 'email' } };

  const byName = await search(apiRoot, { query: all, sort: [{ field: 'firstName', order: 'asc' }] });
  expect(byName.results.map((r) => r.id)).toEqual([ada.id, alan.id, grace.id]);
  const page = await search(apiRoot, { query: all, sort: [{ field: 'firstName', order: 'desc' }], limit: 1, offset: 1 });
  expect(page).toEqual({ total: 3, offset: 1, limit: 1, results: [{ id: alan.id, relevance: 1 }] });

  // Without sort: the most relevant first; a boost weighs its expression.
  const ranked = await search(apiRoot, {
    query: {
      or: [{ exact: { field: 'firstName', value: 'Grace', boost: 3 } }, { wildcard: { field: 'email', value: '*example*' } }],
    },
  });
  expect(ranked.results[0]).toEqual({ id: grace.id, relevance: 1 });
  expect(ranked.results.slice(1).map((r) => r.relevance)).toEqual([0.25, 0.25]);
});

test('the search follows every write: updates and deletes are found at once', async ({ apiRoot }) => {
  const { grace } = await seed(apiRoot);
  const renamed = (await updateCustomer(apiRoot, grace, [{ action: 'setLastName', lastName: 'Murray' }])).body;
  expect(await found(apiRoot, { exact: { field: 'lastName', value: 'Murray' } })).toEqual(sorted(grace));
  expect(await found(apiRoot, { exact: { field: 'lastName', value: 'Hopper' } })).toEqual([]);
  await apiRoot
    .customers()
    .withId({ ID: grace.id })
    .delete({ queryArgs: { version: renamed.version } })
    .execute();
  expect(await found(apiRoot, { exact: { field: 'lastName', value: 'Murray' } })).toEqual([]);
});

test('bad requests are 400 InvalidInput naming the field, and /customers/search is no customer', async ({ apiRoot }) => {
  await seed(apiRoot);
  const refused = async (body: Record<string, unknown>, message: string) => {
    const failure = await sdkFailure(
      apiRoot
        .customers()
        .search()
        .post({ body: raw<CustomerSearchRequest>(body) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([{ code: 'InvalidInput', message: `Invalid customer search request: ${message}` }]);
  };
  await refused({}, 'query: is required.');
  // What the mock took for an update of the customer "search" before it served the search.
  await refused({ version: 1, actions: [] }, 'version: unknown field (allowed: query, sort, limit, offset).');
  await refused({ query: { exact: { field: 'email', value: 'a' } }, limit: 101 }, 'limit: must be an integer between 0 and 100.');
  await refused({ query: { exact: { field: 'email', value: 'a' } }, offset: 9901 }, 'offset: must be an integer between 0 and 9900.');
  await refused({ query: { near: { field: 'email' } } }, "query: unknown search expression 'near'.");
  await refused({ query: { exact: { value: 'a' } } }, 'query.exact.field: a field name is required.');

  const get = await sdkFailure(apiRoot.customers().withId({ ID: 'search' }).get().execute());
  expect(get.statusCode).toBe(404);
  expect(get.body.errors[0]!.code).toBe('ResourceNotFound');
});

test('changeCustomerSearchStatus switches the search off (409 SearchNotReady) and on again', async ({ apiRoot }) => {
  const { ada } = await seed(apiRoot);
  const before = (await apiRoot.get().execute()).body;
  expect(before.searchIndexing?.customers?.status).toBe('Activated');
  expect((await apiRoot.customers().search().head().execute()).statusCode).toBe(200);
  const ready = await apiRoot.customers().searchIndexingStatus().get().execute();
  expect(ready.body.status).toBe('Ready');

  const off = await switchSearch(apiRoot, 'Deactivated');
  expect(off.version).toBe(before.version + 1);
  expect(off.searchIndexing?.customers).toMatchObject({ status: 'Deactivated', lastModifiedAt: expect.any(String) });

  const notReady = {
    statusCode: 409,
    message:
      'Customer Search is not ready. Check the indexing-status endpoint and that the feature has been activated in the project settings.',
    errors: [
      {
        code: 'SearchNotReady',
        message:
          'Customer Search is not ready. Check the indexing-status endpoint and that the feature has been activated in the project settings.',
      },
    ],
  };
  const query = { exact: { field: 'email', value: 'ada@example.com' } };
  const refused = await sdkFailure(apiRoot.customers().search().post({ body: { query } }).execute());
  expect(refused).toEqual({ statusCode: 409, body: notReady });
  expect((await sdkFailure(apiRoot.customers().searchIndexingStatus().get().execute())).body).toEqual(notReady);
  const head = await apiRoot
    .customers()
    .search()
    .head()
    .execute()
    .catch((error: { statusCode: number }) => error);
  expect(head.statusCode).toBe(409);

  const on = await switchSearch(apiRoot, 'Activated');
  expect(on.searchIndexing?.customers?.status).toBe('Activated');
  expect((await search(apiRoot, { query })).results).toEqual([{ id: ada.id, relevance: 1 }]);
  const status = (await apiRoot.customers().searchIndexingStatus().get().execute()).body;
  expect(status).toEqual({
    status: 'Ready',
    startedAt: on.searchIndexing!.customers!.lastModifiedAt,
    lastModifiedAt: on.searchIndexing!.customers!.lastModifiedAt,
  });
});

test('changeCustomerSearchStatus: a stale version is a 409, an unknown status a 400, and neither changes the project', async ({
  apiRoot,
}) => {
  const project = (await apiRoot.get().execute()).body;
  await switchSearch(apiRoot, 'Activated');
  const current = await expectProjectActionRefusals(
    apiRoot,
    project.version,
    { action: 'changeCustomerSearchStatus', status: 'Deactivated' },
    { action: 'changeCustomerSearchStatus', status: 'Paused' },
  );
  expect(current.searchIndexing?.customers?.status).toBe('Activated');
});
