/**
 * API clients (`/api-clients`): the secret shown once, on create; reads, queries and deletes;
 * `lastUsedAt` once a token is issued for the client's id; the token server still takes any
 * credentials.
 */
import { expectPlatformActions } from '../support/resources.js';
import { graphql } from '../graphql/support.js';
import { expect, PROJECT_KEY, sdkApiRoot, sdkFailure, test } from '../support/sdk.js';

const scope = `manage_products:${PROJECT_KEY} view_orders:${PROJECT_KEY}`;

test('create answers the secret once; reads and queries never show it', async ({ apiRoot, mock }) => {
  const created = await apiRoot
    .apiClients()
    .post({
      body: { name: 'importer', scope, deleteDaysAfterCreation: 7, accessTokenValiditySeconds: 3600, refreshTokenValiditySeconds: 86_400 },
    })
    .execute();
  expect(created.statusCode).toBe(201);
  const client = created.body;
  expect(client).toMatchObject({ name: 'importer', scope, accessTokenValiditySeconds: 3600, refreshTokenValiditySeconds: 86_400 });
  expect(client.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect(Date.parse(client.deleteAt!) - Date.parse(client.createdAt!)).toBe(7 * 24 * 60 * 60 * 1000);
  expect(client.lastUsedAt).toBeUndefined();
  // The platform's ApiClient has no version.
  expect(client).not.toHaveProperty('version');

  const read = (await apiRoot.apiClients().withId({ ID: client.id }).get().execute()).body;
  expect(read).toEqual({ ...client, secret: undefined });
  expect(read).not.toHaveProperty('secret');
  const listed = (
    await apiRoot
      .apiClients()
      .get({ queryArgs: { where: 'name="importer"' } })
      .execute()
  ).body;
  expect(listed.results).toEqual([read]);
  // Nor does the mock keep it.
  expect(JSON.stringify(mock.data.all('api-client'))).not.toContain(client.secret!);
  expect(
    (
      await apiRoot
        .apiClients()
        .head({ queryArgs: { where: 'name="importer"' } })
        .execute()
    ).statusCode,
  ).toBe(200);
});

test('a token issued for the client id sets lastUsedAt to the day; any credentials are still accepted', async ({ apiRoot, mock }) => {
  const client = (
    await apiRoot
      .apiClients()
      .post({ body: { name: 'storefront', scope: `view_products:${PROJECT_KEY}` } })
      .execute()
  ).body;
  // The client's id with a wrong secret: the token server takes any credentials, as the spec requires.
  const asClient = sdkApiRoot(mock, { kind: 'client', clientId: client.id, scopes: [`view_products:${PROJECT_KEY}`] });
  expect((await asClient.productProjections().get().execute()).statusCode).toBe(200);
  const used = (await apiRoot.apiClients().withId({ ID: client.id }).get().execute()).body;
  expect(used.lastUsedAt).toBe(new Date().toISOString().slice(0, 10));
  // Another client's tokens leave it alone.
  const other = (
    await apiRoot
      .apiClients()
      .post({ body: { name: 'other', scope: `view_products:${PROJECT_KEY}` } })
      .execute()
  ).body;
  expect((await apiRoot.apiClients().withId({ ID: other.id }).get().execute()).body.lastUsedAt).toBeUndefined();
});

test('sort and paging', async ({ apiRoot }) => {
  for (const name of ['b', 'a', 'c']) await apiRoot.apiClients().post({ body: { name, scope } }).execute();
  const page = (
    await apiRoot
      .apiClients()
      .get({ queryArgs: { sort: 'name desc', limit: 2 } })
      .execute()
  ).body;
  expect(page.results.map((client) => client.name)).toEqual(['c', 'b']);
  expect(page).toMatchObject({ total: 3, count: 2, limit: 2, offset: 0 });
});

test('delete answers the client without a version; then it is gone', async ({ apiRoot }) => {
  const client = (
    await apiRoot
      .apiClients()
      .post({ body: { name: 'temporary', scope } })
      .execute()
  ).body;
  const deleted = await apiRoot.apiClients().withId({ ID: client.id }).delete().execute();
  expect(deleted.body).toMatchObject({ id: client.id, name: 'temporary' });
  expect(deleted.body).not.toHaveProperty('secret');
  const gone = await sdkFailure(apiRoot.apiClients().withId({ ID: client.id }).get().execute());
  expect(gone.statusCode).toBe(404);
  expect((await sdkFailure(apiRoot.apiClients().withId({ ID: client.id }).delete().execute())).statusCode).toBe(404);
});

test('bad drafts are refused and nothing is stored', async ({ apiRoot, mock }) => {
  const missing = await sdkFailure(
    apiRoot
      .apiClients()
      .post({ body: { name: 'no scope' } as never })
      .execute(),
  );
  expect(missing.statusCode).toBe(400);
  expect(missing.body.errors[0]?.code).toBe('InvalidJsonInput');
  const otherProject = await sdkFailure(
    apiRoot
      .apiClients()
      .post({ body: { name: 'x', scope: 'manage_project:another' } })
      .execute(),
  );
  expect(otherProject.statusCode).toBe(400);
  expect(otherProject.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'scope' });
  const malformed = await sdkFailure(
    apiRoot
      .apiClients()
      .post({ body: { name: 'x', scope: 'everything' } })
      .execute(),
  );
  expect(malformed.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'scope' });
  const days = await sdkFailure(
    apiRoot
      .apiClients()
      .post({ body: { name: 'x', scope, deleteDaysAfterCreation: 0 } })
      .execute(),
  );
  expect(days.statusCode).toBe(400);
  expect(mock.data.all('api-client')).toEqual([]);
});

test('API clients are never updated: no update actions, no update route, no key routes', async ({ apiRoot, mock }) => {
  expectPlatformActions('api-client', []);
  const client = (
    await apiRoot
      .apiClients()
      .post({ body: { name: 'fixed', scope } })
      .execute()
  ).body;
  const update = await mock.handle({
    method: 'POST',
    url: `${mock.options.apiUrl}/${PROJECT_KEY}/api-clients/${client.id}`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: 1, actions: [] }),
  });
  expect(update.status).toBe(405);
  const byKey = mock.handle({ method: 'GET', url: `${mock.options.apiUrl}/${PROJECT_KEY}/api-clients/key=fixed` });
  expect(byKey.status).toBe(404);
});

test('GraphQL: createApiClient answers the secret, apiClient and apiClients do not, deleteApiClient takes no version', async ({
  apiRoot,
}) => {
  const { data: made, errors } = await graphql(
    apiRoot,
    'mutation ($draft: CreateApiClient!) { createApiClient(draft: $draft) { id name scope secret deleteAt } }',
    { draft: { name: 'ci', scope, deleteDaysAfterCreation: 1 } },
  );
  expect(errors).toBeUndefined();
  expect(made.createApiClient).toMatchObject({ name: 'ci', scope, secret: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
  const { id } = made.createApiClient;
  const { data: read } = await graphql(
    apiRoot,
    'query ($id: String!) { apiClient(id: $id) { id name lastUsedAt } apiClients(sort: ["name asc"], limit: 5) { total results { id } } }',
    { id },
  );
  expect(read.apiClient).toEqual({ id, name: 'ci', lastUsedAt: null });
  expect(read.apiClients).toEqual({ total: 1, results: [{ id }] });
  const { data: deleted } = await graphql(apiRoot, 'mutation ($id: String!) { deleteApiClient(id: $id) { id } }', { id });
  expect(deleted.deleteApiClient).toEqual({ id });
  expect((await sdkFailure(apiRoot.apiClients().withId({ ID: id }).get().execute())).statusCode).toBe(404);
});
