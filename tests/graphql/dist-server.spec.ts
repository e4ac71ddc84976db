/**
 * GraphQL from the compiled package: `commerce-mock serve` (bin/commerce-mock.js on dist/) finds the
 * vendored schema beside dist/ and answers the official SDK and `fetch` over real HTTP, with the
 * token server's tokens and the same store as its REST routes.
 */
import { test, expect } from '@playwright/test';
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { needsBuild } from '../support/build.js';
import { cliEnv, startCli, type RunningCli } from '../storage/run-cli.js';

const env = () =>
  cliEnv({ COMMERCE_MOCK_PORT: '0', COMMERCE_MOCK_ENABLE_AUTHENTICATION: 'true', COMMERCE_MOCK_VALIDATE_CREDENTIALS: 'true' });

test.describe('GraphQL over the built server', () => {
  needsBuild();
  let server: RunningCli;
  test.beforeAll(async () => {
    server = await startCli(['node', 'bin/commerce-mock.js', 'serve'], env());
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the SDK creates through GraphQL with a token of the server; REST reads it back', async () => {
    const client = new ClientBuilder()
      .withProjectKey('shop')
      .withClientCredentialsFlow({
        host: server.url,
        projectKey: 'shop',
        credentials: { clientId: 'dist-client', clientSecret: 'secret' },
        scopes: ['manage_project:shop'],
        httpClient: fetch,
      })
      .withHttpMiddleware({ host: server.url, httpClient: fetch })
      .build();
    const apiRoot = createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: 'shop' });
    const { body } = await apiRoot
      .graphql()
      .post({
        body: {
          query: 'mutation ($draft: CustomerGroupDraft!) { createCustomerGroup(draft: $draft) { id version name } }',
          variables: { draft: { key: 'vip', groupName: 'VIP' } },
        },
      })
      .execute();
    expect(body.errors).toBeUndefined();
    expect(body.data.createCustomerGroup).toMatchObject({ version: 1, name: 'VIP' });
    const { body: rest } = await apiRoot.customerGroups().withKey({ key: 'vip' }).get().execute();
    expect(rest.id).toBe(body.data.createCustomerGroup.id);
  });

  test('fetch without a token is 401 invalid_token; introspection answers the platform schema', async () => {
    const anonymous = await fetch(`${server.url}/shop/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('invalid_token');

    const token = await fetch(`${server.url}/oauth/token?grant_type=client_credentials&scope=manage_project:shop`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('dist-client:secret').toString('base64')}` },
    }).then((response) => response.json() as Promise<{ access_token: string }>);
    const introspection = await fetch(`${server.url}/shop/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` },
      body: JSON.stringify({ query: '{ __schema { queryType { name } mutationType { name } } __type(name: "ProductVariant") { name } }' }),
    });
    expect(introspection.status).toBe(200);
    expect(await introspection.json()).toEqual({
      data: { __schema: { queryType: { name: 'Query' }, mutationType: { name: 'Mutation' } }, __type: { name: 'ProductVariant' } },
    });
  });
});

test.describe('the built server prepares GraphQL once idle', () => {
  needsBuild();
  // Node's module debug log (stderr) names every CommonJS file it loads: graphql-js, bundled into one
  // file by the build (scripts/bundle.mjs), is one; graphql's own files are never loaded.
  const bundledGraphql = /load "[^"]*dist[\\/]bundle[\\/]graphql-js\.cjs"/;
  const graphqlLoaded = (output: string) => bundledGraphql.test(output);

  test('with no request at all, graphql-js is loaded and the schema made; the first GraphQL request and REST then answer as ever', async () => {
    const server = await startCli(['node', 'bin/commerce-mock.js', 'serve'], { ...env(), NODE_DEBUG: 'module' });
    try {
      await expect.poll(() => graphqlLoaded(server.output()), { timeout: 15_000 }).toBe(true);
      // After listening, not on the way to it: the start is not slowed.
      expect(server.output().indexOf('listening on')).toBeLessThan(server.output().search(bundledGraphql));
      const token = await fetch(`${server.url}/oauth/token?grant_type=client_credentials&scope=manage_project:shop`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('idle-client:secret').toString('base64')}` },
      }).then((response) => response.json() as Promise<{ access_token: string }>);
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` };
      const created = await fetch(`${server.url}/shop/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: 'mutation { createCustomerGroup(draft: { key: "idle", groupName: "Idle" }) { id version key } }' }),
      });
      expect(created.status).toBe(200);
      const { data } = (await created.json()) as { data: { createCustomerGroup: { id: string; version: number; key: string } } };
      expect(data.createCustomerGroup).toMatchObject({ version: 1, key: 'idle' });
      const rest = await fetch(`${server.url}/shop/customer-groups/key=idle`, { headers });
      expect(rest.status).toBe(200);
      expect(((await rest.json()) as { id: string }).id).toBe(data.createCustomerGroup.id);
      // Preparing left no trace in the project: the only group is the one created.
      const listed = await fetch(`${server.url}/shop/customer-groups`, { headers });
      expect(((await listed.json()) as { total: number }).total).toBe(1);
      expect(server.output()).not.toMatch(/load "[^"]*node_modules[\\/]graphql[\\/]/);
    } finally {
      await server.stop();
    }
  });
});
