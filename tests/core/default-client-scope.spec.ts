/**
 * The scope of a client-credentials token asked for without one: `todo` by default (the spec's
 * rule), `manage_project:{defaultProjectKey}` with `defaultClientScope: 'project'` (the platform's
 * answer, which clients such as commerce-mcp read their permissions from).
 */
import { ClientBuilder } from '@commercetools/ts-client';
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { createCommerceMock } from '../../src/index.js';
import { CREDENTIALS, expect, PROJECT_KEY, test } from '../support/sdk.js';

/** The official SDK's client-credentials flow with no scopes configured. */
function unscopedApiRoot(mock: { options: { apiUrl: string; authUrl: string } }, projectKey = PROJECT_KEY) {
  const client = new ClientBuilder()
    .withProjectKey(projectKey)
    .withClientCredentialsFlow({ host: mock.options.authUrl, projectKey, credentials: CREDENTIALS, httpClient: fetch })
    .withHttpMiddleware({ host: mock.options.apiUrl, httpClient: fetch })
    .build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
}

async function tokenWithoutScope(mock: { options: { authUrl: string } }) {
  const response = await fetch(`${mock.options.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('any-client:any-secret')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; scope: string };
}

async function introspect(mock: { options: { authUrl: string } }, token: string) {
  const response = await fetch(`${mock.options.authUrl}/oauth/introspect`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('any-client:any-secret')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${token}`,
  });
  return (await response.json()) as { active: boolean; scope?: string };
}

test('by default a client token asked for without a scope has the scope todo and serves any project', async ({ mock }) => {
  const { access_token: token, scope } = await tokenWithoutScope(mock);
  expect(scope).toBe('todo');
  expect(await introspect(mock, token)).toMatchObject({ active: true, scope: 'todo' });
  const other = await fetch(`${mock.options.apiUrl}/another-project/channels`, { headers: { authorization: `Bearer ${token}` } });
  expect(other.status).toBe(200);
  // Through the SDK with no scopes configured: served too.
  expect((await unscopedApiRoot(mock).channels().get().execute()).statusCode).toBe(200);
  expect(mock.tokens.find({ kind: 'client' })?.scope).toBe('todo');
});

test.describe('defaultClientScope: project', () => {
  test.use({ mockOptions: { defaultClientScope: 'project' } });

  test('a client token asked for without a scope gets manage_project of the default project, which it belongs to', async ({ mock }) => {
    const { access_token: token, scope } = await tokenWithoutScope(mock);
    expect(scope).toBe(`manage_project:${PROJECT_KEY}`);
    expect(await introspect(mock, token)).toMatchObject({ active: true, scope: `manage_project:${PROJECT_KEY}` });

    // The SDK's flow without scopes works against the default project...
    const apiRoot = unscopedApiRoot(mock);
    const channel = await apiRoot
      .channels()
      .post({ body: { key: 'berlin', roles: ['InventorySupply'] } })
      .execute();
    expect(channel.statusCode).toBe(201);
    expect(mock.data.get('channel', channel.body.id)?.key).toBe('berlin');

    // ...and, as for any token whose scope names a project, another project does not exist for it.
    const other = await fetch(`${mock.options.apiUrl}/another-project/channels`, { headers: { authorization: `Bearer ${token}` } });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { message: string }).message).toBe('URI not found: /another-project/channels');
  });

  test('a scope asked for is kept as asked', async ({ mock }) => {
    const response = await fetch(`${mock.options.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('id:secret')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&scope=view_products:shop',
    });
    expect(((await response.json()) as { scope: string }).scope).toBe('view_products:shop');
  });
});

test('defaultClientScope takes todo or project only', () => {
  expect(() => createCommerceMock({ defaultClientScope: 'all' as 'todo' })).toThrow(/option 'defaultClientScope'/);
});
