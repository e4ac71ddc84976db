/**
 * The worker fixture serves every in-process client, not only fetch: each client below runs with its
 * defaults against `commerce.apiUrl`/`commerce.authUrl` (the platform's real hosts) and nothing else
 * configured. Under a socket guard, a host of the real platform the mock does not serve is refused
 * through each of them, and by browser pages, and no connection to it is attempted.
 */
import https from 'node:https';
import axios from 'axios';
import got from 'got';
import nodeFetch from 'node-fetch';
import { ClientBuilder as ClientBuilderV2 } from '@commercetools/sdk-client-v2';
import { ClientBuilder as ClientBuilderV3 } from 'sdk-client-v2-3';
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { createClient } from '@commercetools/sdk-client';
import { createAuthMiddlewareForClientCredentialsFlow } from '@commercetools/sdk-middleware-auth';
import { createHttpMiddleware } from '@commercetools/sdk-middleware-http';
import superagent from 'superagent';
import { test, expect, TEST_CREDENTIALS, type Commerce } from '../support/commerce.js';
import { installNetworkGuard } from '../transports/network-guard.js';
import { expectPlatformRefusal } from '../transports/platform-refusal.js';

const OTHER_REGION = 'https://api.us-central1.gcp.commercetools.com';
const basic = `Basic ${Buffer.from(`${TEST_CREDENTIALS.clientId}:${TEST_CREDENTIALS.clientSecret}`).toString('base64')}`;
const tokenBody = (commerce: Commerce) => `grant_type=client_credentials&scope=manage_project:${commerce.projectKey}`;
const form = { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' };

/** The older SDK generation with its default httpClient: node-fetch 2 (2.x) or global fetch (3.x). */
function olderSdkRoot(ClientBuilder: typeof ClientBuilderV2, commerce: Commerce, hosts = { api: commerce.apiUrl, auth: commerce.authUrl }) {
  const client = new ClientBuilder()
    .withProjectKey(commerce.projectKey)
    .withClientCredentialsFlow({ host: hosts.auth, projectKey: commerce.projectKey, credentials: TEST_CREDENTIALS })
    .withHttpMiddleware({ host: hosts.api })
    .build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: commerce.projectKey });
}

test('axios with its default adapter', async ({ commerce }) => {
  const token = await axios.post(`${commerce.authUrl}/oauth/token`, tokenBody(commerce), { headers: form });
  const headers = { authorization: `Bearer ${token.data.access_token}` };
  const created = await axios.post(
    `${commerce.apiUrl}/${commerce.projectKey}/customers`,
    { email: 'axios@example.com', password: 'pw' },
    { headers },
  );
  expect(created.status).toBe(201);
  await expect(commerce).toHaveStored('customer', { email: 'axios@example.com' });
  await expect(commerce).toHaveReceived({ method: 'POST', path: `/${commerce.projectKey}/customers`, status: 201 });
});

test('node-fetch 2', async ({ commerce }) => {
  const token = (await (
    await nodeFetch(`${commerce.authUrl}/oauth/token`, { method: 'POST', headers: form, body: tokenBody(commerce) })
  ).json()) as {
    access_token: string;
  };
  const response = await nodeFetch(`${commerce.apiUrl}/${commerce.projectKey}/customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'node-fetch@example.com', password: 'pw' }),
  });
  expect(response.status).toBe(201);
  await expect(commerce).toHaveStored('customer', { email: 'node-fetch@example.com' });
});

test('got', async ({ commerce }) => {
  const [category] = await commerce.data.seed(['category', { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } }]);
  const read = await got(`${commerce.apiUrl}/${commerce.projectKey}/categories/${category!.id}`).json<{ key: string }>();
  expect(read.key).toBe('shoes');
  const missing = await got(`${commerce.apiUrl}/${commerce.projectKey}/categories/key=boots`, { throwHttpErrors: false });
  expect(missing.statusCode).toBe(404);
  expect(JSON.parse(missing.body)).toMatchObject({ statusCode: 404, errors: [{ code: 'ResourceNotFound' }] });
});

test('https.get', async ({ commerce }) => {
  await commerce.data.seed(['category', { key: 'hats', name: { en: 'Hats' }, slug: { en: 'hats' } }]);
  const body = await new Promise<string>((resolve, reject) => {
    https
      .get(`${commerce.apiUrl}/${commerce.projectKey}/categories?where=${encodeURIComponent('key="hats"')}`, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve(text));
      })
      .on('error', reject);
  });
  expect(JSON.parse(body)).toMatchObject({ count: 1, results: [{ key: 'hats' }] });
});

test('superagent', async ({ commerce }) => {
  const [category] = await commerce.data.seed(['category', { key: 'socks', name: { en: 'Socks' }, slug: { en: 'socks' } }]);
  const read = await superagent.get(`${commerce.apiUrl}/${commerce.projectKey}/categories/${category!.id}`);
  expect(read.body).toMatchObject({ key: 'socks' });
  const missing = await superagent.get(`${commerce.apiUrl}/${commerce.projectKey}/categories/key=boots`).ok(() => true);
  expect(missing.status).toBe(404);
  expect(missing.body).toMatchObject({ statusCode: 404, errors: [{ code: 'ResourceNotFound' }] });
});

test('the SDK generation before: sdk-client 4 with the auth and http middlewares 8, on node-fetch 2', async ({ commerce }) => {
  const client = createClient({
    middlewares: [
      createAuthMiddlewareForClientCredentialsFlow({
        host: commerce.authUrl,
        projectKey: commerce.projectKey,
        credentials: TEST_CREDENTIALS,
        fetch: nodeFetch,
      }),
      createHttpMiddleware({ host: commerce.apiUrl, fetch: nodeFetch }),
    ],
  });
  const apiRoot = createApiBuilderFromCtpClient(client as never).withProjectKey({ projectKey: commerce.projectKey });
  const created = await apiRoot
    .customers()
    .post({ body: { email: 'v1@example.com', password: 'pw' } })
    .execute();
  expect(created.statusCode).toBe(201);
  await expect(commerce).toHaveStored('customer', { email: 'v1@example.com' });
  expect(await commerce.tokens.list({ kind: 'client' })).toHaveLength(1);
});

test('the older SDK (sdk-client-v2 2.x on node-fetch 2, and 3.x) and the current one (commerce.apiRoot)', async ({ commerce }) => {
  const v2 = await olderSdkRoot(ClientBuilderV2, commerce)
    .customers()
    .post({ body: { email: 'v2@example.com', password: 'pw' } })
    .execute();
  const v3 = await olderSdkRoot(ClientBuilderV3 as unknown as typeof ClientBuilderV2, commerce)
    .customers()
    .post({ body: { email: 'v3@example.com', password: 'pw' } })
    .execute();
  const current = await commerce.apiRoot
    .customers()
    .post({ body: { email: 'current@example.com', password: 'pw' } })
    .execute();
  for (const { statusCode } of [v2, v3, current]) expect(statusCode).toBe(201);
  expect((await commerce.data.all('customer')).map(({ email }) => email)).toEqual([
    'v2@example.com',
    'v3@example.com',
    'current@example.com',
  ]);
  expect(await commerce.tokens.list({ kind: 'client' })).toHaveLength(3);
});

test('another Region, through every client and a page: refused at once, and no connection attempted', async ({ commerce, page }) => {
  const guard = installNetworkGuard();
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (message: string) => void warnings.push(message);
  try {
    const mock = commerce.mock;
    await expectPlatformRefusal(axios.get(`${OTHER_REGION}/${commerce.projectKey}/customers`), mock);
    await expectPlatformRefusal(nodeFetch(`${OTHER_REGION}/${commerce.projectKey}/customers`), mock);
    await expectPlatformRefusal(got(`${OTHER_REGION}/${commerce.projectKey}/customers`), mock);
    await expectPlatformRefusal(new Promise((resolve, reject) => https.get(`${OTHER_REGION}/`, resolve).on('error', reject)), mock);
    await expectPlatformRefusal(fetch(`${OTHER_REGION}/${commerce.projectKey}/customers`), mock);
    const hosts = { api: OTHER_REGION, auth: 'https://auth.us-central1.gcp.commercetools.com' };
    await expectPlatformRefusal(olderSdkRoot(ClientBuilderV2, commerce, hosts).customers().get().execute(), mock);
    await expectPlatformRefusal(
      olderSdkRoot(ClientBuilderV3 as unknown as typeof ClientBuilderV2, commerce, hosts)
        .customers()
        .get()
        .execute(),
      mock,
    );
    expect(guard.platformConnections).toEqual([]);

    const failure = await page.evaluate(
      (url) =>
        fetch(url).then(
          () => 'answered',
          (error: Error) => error.message,
        ),
      `${OTHER_REGION}/p/customers`,
    );
    expect(failure).toBe('Failed to fetch');
    expect(warnings).toEqual([
      expect.stringContaining(`commerce-mock: refused a request to ${OTHER_REGION} of the real commercetools platform`),
    ]);
    expect(await commerce.journal.requests()).toEqual([]);
  } finally {
    console.warn = warn;
    guard.uninstall();
  }
});
