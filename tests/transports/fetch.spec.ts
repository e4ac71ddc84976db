import { test, expect } from '../support/response-check.js';
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { createCommerceMock, createMockFetch, startServer, type CommerceMock } from '../../src/index.js';
import { sdkApiRoot } from '../support/sdk.js';
import { OTHER_PLATFORM_ORIGINS, expectPlatformRefusal } from './platform-refusal.js';

// No MockAgent here: the fetch function alone serves the mock.
test.describe('createMockFetch: a fetch served by the mock, no global state', () => {
  test('the official SDK uses it as its httpClient for tokens and API calls', async () => {
    const mock = createCommerceMock({ enableAuthentication: true, validateCredentials: true });
    const httpClient = createMockFetch(mock);
    const apiRoot = sdkApiRoot(mock, { kind: 'client', clientId: 'direct' }, 'shop', { httpClient });

    const created = await apiRoot
      .customers()
      .post({ body: { email: 'direct@example.com', password: 'pw', key: 'direct' } })
      .execute();
    expect(created.statusCode).toBe(201);
    const read = await apiRoot.customers().withKey({ key: 'direct' }).get().execute();
    expect(read.body.createdBy?.clientId).toBe('direct');
    expect((await apiRoot.customers().withKey({ key: 'direct' }).head().execute()).statusCode).toBe(200);
    const missing = await apiRoot
      .customers()
      .withId({ ID: 'nope' })
      .get()
      .execute()
      .catch((error: { statusCode: number; body: { errors: Array<{ code: string }> } }) => error);
    expect(missing).toMatchObject({ statusCode: 404, body: { errors: [{ code: 'ResourceNotFound' }] } });
    expect(mock.tokens.list({ kind: 'client', clientId: 'direct' })).toHaveLength(1);
  });

  test('plain fetch calls: form bodies, Request objects, HEAD, errors as JSON', async () => {
    const mock = createCommerceMock();
    const mockFetch = createMockFetch(mock);
    const token = await mockFetch(`${mock.options.authUrl}/oauth/token`, {
      method: 'POST',
      headers: new Headers({ authorization: `Basic ${btoa('a:b')}` }),
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'manage_project:shop' }),
    });
    expect(token.status).toBe(200);
    expect(((await token.json()) as { scope: string }).scope).toBe('manage_project:shop');

    const created = await mockFetch(
      new Request(`${mock.options.apiUrl}/shop/categories`, {
        method: 'POST',
        body: JSON.stringify({ name: { en: 'Hats' }, slug: { en: 'hats' }, key: 'hats' }),
      }),
    );
    expect(created.status).toBe(201);
    expect(mock.project('shop').data.getByKey('category', 'hats')).toMatchObject({ version: 1 });

    const head = await mockFetch(`${mock.options.apiUrl}/shop/categories/key=hats`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');

    const bad = await mockFetch(`${mock.options.apiUrl}/shop/categories`, { method: 'POST', body: '{' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/json');
    expect(await bad.json()).toMatchObject({ errors: [{ code: 'InvalidJsonInput' }] });
  });

  test('other origins go to the global fetch', async () => {
    const elsewhere = createCommerceMock();
    const server = await startServer(elsewhere, { port: 0 });
    try {
      const mockFetch = createMockFetch(createCommerceMock());
      await elsewhere.project('other').data.create('customer', { email: 'there@example.com', password: 'x' });
      const listed = await mockFetch(`${server.url}/other/customers`);
      expect(((await listed.json()) as { total: number }).total).toBe(1);
    } finally {
      await server.close();
    }
  });

  test('with allowNetConnect: false other origins are refused', async () => {
    const elsewhere = createCommerceMock();
    const server = await startServer(elsewhere, { port: 0 });
    try {
      const mockFetch = createMockFetch(createCommerceMock(), { allowNetConnect: false });
      await expect(mockFetch(`${server.url}/__mock/health`)).rejects.toThrow(
        `commerce-mock: refused a request to ${new URL(server.url).origin}: allowNetConnect is false.`,
      );
    } finally {
      await server.close();
    }
  });
});

// No network on this machine: each refusal below must be the mock's own error, at once, not a DNS failure or a timeout.
test.describe('createMockFetch: hosts of the real platform', () => {
  const sdkFor = (mock: CommerceMock, apiUrl: string, authUrl: string) => {
    const httpClient = createMockFetch(mock);
    return createApiBuilderFromCtpClient(
      new ClientBuilder()
        .withProjectKey('shop')
        .withClientCredentialsFlow({ host: authUrl, projectKey: 'shop', credentials: { clientId: 'c', clientSecret: 's' }, httpClient })
        .withHttpMiddleware({ host: apiUrl, httpClient })
        .build(),
    ).withProjectKey({ projectKey: 'shop' });
  };

  test('a platform host the mock does not serve fails at once, naming apiUrl and authUrl; never the global fetch', async () => {
    const mock = createCommerceMock();
    const mockFetch = createMockFetch(mock);
    for (const origin of OTHER_PLATFORM_ORIGINS) {
      await expectPlatformRefusal(mockFetch(`${origin}/shop/customers`), mock);
      await expectPlatformRefusal(mockFetch(new Request(`${origin}/oauth/token`, { method: 'POST' })), mock);
    }
  });

  test('the official SDK pointed at another Region fails at once; nothing is stored and no token issued', async () => {
    const mock = createCommerceMock();
    const apiRoot = sdkFor(mock, 'https://api.us-central1.gcp.commercetools.com', 'https://auth.us-central1.gcp.commercetools.com');
    await expectPlatformRefusal(
      apiRoot
        .customers()
        .post({ body: { email: 'lost@example.com', password: 'pw' } })
        .execute(),
      mock,
    );
    // The mock's own auth host with another Region's API host: the token is issued, the API call refused.
    const halfRight = sdkFor(mock, 'https://api.eu-central-1.aws.commercetools.com', mock.options.authUrl);
    await expectPlatformRefusal(halfRight.customers().get().execute(), mock);
    expect(mock.project('shop').data.all('customer')).toHaveLength(0);
  });

  test('a mock configured with a platform host of another Region serves it', async () => {
    const mock = createCommerceMock({
      apiUrl: 'https://api.us-central1.gcp.commercetools.com',
      authUrl: 'https://auth.us-central1.gcp.commercetools.com',
    });
    const apiRoot = sdkFor(mock, mock.options.apiUrl, mock.options.authUrl);
    const { statusCode } = await apiRoot
      .customers()
      .post({ body: { email: 'iowa@example.com', password: 'pw' } })
      .execute();
    expect(statusCode).toBe(201);
    expect(mock.project('shop').data.all('customer')).toMatchObject([{ email: 'iowa@example.com' }]);
  });
});
