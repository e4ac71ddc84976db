/**
 * The Business Unit Search API through the official SDK: `POST /business-units/search` (the search
 * query language over business units, ID-first answers), `HEAD /business-units/search`,
 * `GET /business-units/search/indexing-status`, and the project's `changeBusinessUnitSearchStatus`,
 * which switches them off (409 `SearchNotReady`) and on again; both search switches through GraphQL.
 */
import type { BusinessUnit, BusinessUnitSearchRequest, ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import { expect, expectProjectActionRefusals, sdkFailure, test } from '../support/sdk.js';
import { graphql } from '../graphql/support.js';

const raw = <T>(value: unknown) => value as T;

interface Seeded {
  acme: BusinessUnit;
  acmeEast: BusinessUnit;
  globex: BusinessUnit;
}

async function seed(apiRoot: ByProjectKeyRequestBuilder): Promise<Seeded> {
  const create = async (body: Record<string, unknown>) =>
    (
      await apiRoot
        .businessUnits()
        .post({ body: raw(body) })
        .execute()
    ).body;
  const acme = await create({
    key: 'acme',
    name: 'Acme Corporation',
    unitType: 'Company',
    contactEmail: 'buying@acme.example',
    addresses: [{ country: 'DE', city: 'Berlin', company: 'Acme GmbH' }],
  });
  const acmeEast = await create({
    key: 'acme-east',
    name: 'Acme East',
    unitType: 'Division',
    parentUnit: { typeId: 'business-unit', key: 'acme' },
  });
  const globex = await create({ key: 'globex', name: 'Globex', unitType: 'Company', status: 'Inactive', addresses: [{ country: 'US' }] });
  return { acme, acmeEast, globex };
}

async function search(apiRoot: ByProjectKeyRequestBuilder, body: Record<string, unknown>) {
  const response = await apiRoot
    .businessUnits()
    .search()
    .post({ body: raw<BusinessUnitSearchRequest>(body) })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

const found = async (apiRoot: ByProjectKeyRequestBuilder, query: unknown) =>
  (await search(apiRoot, { query, limit: 100 })).results.map((result) => result.id).sort();
const sorted = (...units: BusinessUnit[]) => units.map((unit) => unit.id).sort();

async function switchSearch(apiRoot: ByProjectKeyRequestBuilder, status: 'Activated' | 'Deactivated') {
  const project = (await apiRoot.get().execute()).body;
  return (
    await apiRoot.post({ body: { version: project.version, actions: [{ action: 'changeBusinessUnitSearchStatus', status }] } }).execute()
  ).body;
}

test('expressions over the fields of a business unit; the answer is ID-first', async ({ apiRoot }) => {
  const { acme, acmeEast, globex } = await seed(apiRoot);
  expect(await search(apiRoot, { query: { exact: { field: 'key', value: 'globex' } } })).toEqual({
    total: 1,
    offset: 0,
    limit: 20,
    results: [{ id: globex.id, relevance: 1 }],
  });
  expect(await found(apiRoot, { exact: { field: 'unitType', value: 'Division' } })).toEqual(sorted(acmeEast));
  expect(await found(apiRoot, { exact: { field: 'status', value: 'Active' } })).toEqual(sorted(acme, acmeEast));
  expect(await found(apiRoot, { exact: { field: 'parentUnit.key', value: 'acme' } })).toEqual(sorted(acmeEast));
  expect(await found(apiRoot, { exact: { field: 'topLevelUnit.key', value: 'acme' } })).toEqual(sorted(acme, acmeEast));
  expect(await found(apiRoot, { exact: { field: 'addresses.country', value: 'US' } })).toEqual(sorted(globex));
  expect(await found(apiRoot, { prefix: { field: 'name', value: 'acme', caseInsensitive: true } })).toEqual(sorted(acme, acmeEast));
  expect(await found(apiRoot, { fullText: { field: 'all', value: 'gmbh' } })).toEqual(sorted(acme));
  expect(await found(apiRoot, { fullText: { field: 'all', value: 'buying' } })).toEqual(sorted(acme));
  expect(
    await found(apiRoot, { and: [{ prefix: { field: 'key', value: 'acme' } }, { not: [{ exists: { field: 'parentUnit' } }] }] }),
  ).toEqual(sorted(acme));

  const byName = await search(apiRoot, { query: { exists: { field: 'key' } }, sort: [{ field: 'name', order: 'desc' }] });
  expect(byName.results.map((r) => r.id)).toEqual([globex.id, acmeEast.id, acme.id]);
});

test('bad requests are 400 InvalidInput; GET /business-units/search is the unit with ID "search"', async ({ apiRoot }) => {
  const failure = await sdkFailure(
    apiRoot
      .businessUnits()
      .search()
      .post({ body: raw({ query: { exact: { field: 'key', value: 'a' } }, limit: 500 }) })
      .execute(),
  );
  expect(failure.statusCode).toBe(400);
  expect(failure.body.errors).toEqual([
    { code: 'InvalidInput', message: 'Invalid business unit search request: limit: must be an integer between 0 and 100.' },
  ]);
  const get = await sdkFailure(apiRoot.businessUnits().withId({ ID: 'search' }).get().execute());
  expect(get.statusCode).toBe(404);
});

test('changeBusinessUnitSearchStatus switches the search off (409 SearchNotReady) and on again', async ({ apiRoot }) => {
  const { acme } = await seed(apiRoot);
  expect((await apiRoot.businessUnits().search().head().execute()).statusCode).toBe(200);
  expect((await apiRoot.businessUnits().searchIndexingStatus().get().execute()).body.status).toBe('Ready');

  const off = await switchSearch(apiRoot, 'Deactivated');
  expect(off.searchIndexing?.businessUnits?.status).toBe('Deactivated');
  // The other index is a switch of its own.
  expect(off.searchIndexing?.customers?.status).toBe('Activated');
  const query = { exact: { field: 'key', value: 'acme' } };
  const refused = await sdkFailure(apiRoot.businessUnits().search().post({ body: { query } }).execute());
  expect(refused.statusCode).toBe(409);
  expect(refused.body.errors).toEqual([
    {
      code: 'SearchNotReady',
      message:
        'Business Unit Search is not ready. Check the indexing-status endpoint and that the feature has been activated in the project settings.',
    },
  ]);
  expect((await sdkFailure(apiRoot.businessUnits().searchIndexingStatus().get().execute())).statusCode).toBe(409);
  expect((await apiRoot.customers().search().head().execute()).statusCode).toBe(200);

  await switchSearch(apiRoot, 'Activated');
  expect((await search(apiRoot, { query })).results).toEqual([{ id: acme.id, relevance: 1 }]);
});

test('a stale version or an unknown status changes nothing', async ({ apiRoot }) => {
  const project = (await apiRoot.get().execute()).body;
  await switchSearch(apiRoot, 'Deactivated');
  const current = await expectProjectActionRefusals(
    apiRoot,
    project.version,
    { action: 'changeBusinessUnitSearchStatus', status: 'Activated' },
    { action: 'changeBusinessUnitSearchStatus', status: 'On' },
  );
  expect(current.searchIndexing?.businessUnits?.status).toBe('Deactivated');
});

test('GraphQL: the project shows both search switches and updateProject changes them', async ({ apiRoot }) => {
  const { body: project } = await apiRoot.get().execute();
  const updated = await graphql(
    apiRoot,
    `mutation ($version: Long!) {
      updateProject(version: $version, actions: [
        { changeCustomerSearchStatus: { status: Deactivated } },
        { changeBusinessUnitSearchStatus: { status: Deactivated } }
      ]) {
        version
        searchIndexing { customers { status lastModifiedAt } businessUnits { status } }
      }
    }`,
    { version: project.version },
  );
  expect(updated.errors).toBeUndefined();
  expect(updated.data.updateProject).toMatchObject({
    version: project.version + 1,
    searchIndexing: { customers: { status: 'Deactivated', lastModifiedAt: expect.any(String) }, businessUnits: { status: 'Deactivated' } },
  });
  const failure = await sdkFailure(
    apiRoot
      .customers()
      .search()
      .post({ body: { query: { exists: { field: 'email' } } } })
      .execute(),
  );
  expect(failure.body.errors[0]!.code).toBe('SearchNotReady');
});
