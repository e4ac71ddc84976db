/**
 * node:http and node:https in process (`intercept`, `interceptNodeHttp`): the clients that do not use
 * fetch, each with its defaults, served by the same mock as fetch; streams, 100-continue, aborts,
 * timeouts, faults, extensions and the journal on this path; every host of the real platform the mock
 * does not serve refused on every path, with a network guard proving that no connection leaves.
 */
import http, { request as namedRequest } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { test, expect } from '@playwright/test';
import axios from 'axios';
import got from 'got';
import nodeFetch from 'node-fetch';
import { ClientBuilder as ClientBuilderV2 } from '@commercetools/sdk-client-v2';
import { ClientBuilder as ClientBuilderV3 } from 'sdk-client-v2-3';
import { createClient } from '@commercetools/sdk-client';
import { createAuthMiddlewareForClientCredentialsFlow } from '@commercetools/sdk-middleware-auth';
import { createHttpMiddleware } from '@commercetools/sdk-middleware-http';
import superagent from 'superagent';
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { setupServer } from 'msw/node';
import { http as mswHttp, HttpResponse } from 'msw';
import { type CommerceMock, createCommerceMock, intercept, interceptNodeHttp, startServer } from '../../src/index.js';
import { commerceHandlers } from '../../src/adapters/transports/msw.js';
import { sdkApiRoot } from '../support/sdk.js';
import { installNetworkGuard } from './network-guard.js';
import { OTHER_PLATFORM_ORIGINS, expectPlatformRefusal } from './platform-refusal.js';

interface Exchange {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Answer {
  status: number;
  body: unknown;
}

/** Node's own client: one request, its answer read whole. */
function nodeRequest({ method, url, headers = {}, body }: Exchange): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.request(url, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text === '' ? undefined : JSON.parse(text) }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Each client with its defaults: only what a request needs, no adapter or agent of ours. */
const CLIENTS: Record<string, (exchange: Exchange) => Promise<Answer>> = {
  'axios (default adapter)': async ({ method, url, headers, body }) => {
    const response = await axios.request({ method, url, headers, data: body, validateStatus: () => true });
    return { status: response.status, body: response.data === '' ? undefined : response.data };
  },
  'node-fetch 2': async ({ method, url, headers, body }) => {
    const response = await nodeFetch(url, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  },
  got: async ({ method, url, headers, body }) => {
    const response = await got(url, { method: method as 'GET', headers, body, throwHttpErrors: false });
    return { status: response.statusCode, body: response.body === '' ? undefined : JSON.parse(response.body) };
  },
  'https.request': nodeRequest,
  superagent: async ({ method, url, headers = {}, body }) => {
    const response = await superagent(method, url)
      .set(headers)
      .send(body ?? '')
      .ok(() => true);
    return { status: response.status, body: response.text === '' ? undefined : JSON.parse(response.text) };
  },
};

const basic = `Basic ${Buffer.from('shop-client:secret').toString('base64')}`;

/** A client-credentials token, a customer created with it and read back, through one client. */
async function signUpThrough(client: (exchange: Exchange) => Promise<Answer>, mock: CommerceMock, email: string): Promise<string> {
  const token = await client({
    method: 'POST',
    url: `${mock.options.authUrl}/oauth/token`,
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=manage_project:shop',
  });
  expect(token.status).toBe(200);
  const bearer = { authorization: `Bearer ${(token.body as { access_token: string }).access_token}` };
  const created = await client({
    method: 'POST',
    url: `${mock.options.apiUrl}/shop/customers`,
    headers: { ...bearer, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret' }),
  });
  expect(created.status).toBe(201);
  const { id } = (created.body as { customer: { id: string } }).customer;
  const read = await client({ method: 'GET', url: `${mock.options.apiUrl}/shop/customers/${id}`, headers: bearer });
  expect(read).toMatchObject({ status: 200, body: { id, email } });
  const refused = await client({ method: 'GET', url: `${mock.options.apiUrl}/shop/customers/${id}` });
  expect(refused).toMatchObject({ status: 401, body: { statusCode: 401, errors: [{ code: 'invalid_token' }] } });
  return id;
}

/** The generation before it: sdk-client 4 with the auth and http middlewares 8, on node-fetch 2 as their documentation sets them up. */
function middlewareSdkRoot(mock: CommerceMock) {
  const client = createClient({
    middlewares: [
      createAuthMiddlewareForClientCredentialsFlow({
        host: mock.options.authUrl,
        projectKey: 'shop',
        credentials: { clientId: 'shop-client', clientSecret: 'secret' },
        fetch: nodeFetch,
      }),
      createHttpMiddleware({ host: mock.options.apiUrl, fetch: nodeFetch }),
    ],
  });
  return createApiBuilderFromCtpClient(client as never).withProjectKey({ projectKey: 'shop' });
}

/** The older SDK generation's ClientBuilder with its default httpClient (2.x: node-fetch 2; 3.x: global fetch). */
function olderSdkRoot(ClientBuilder: typeof ClientBuilderV2, mock: CommerceMock) {
  const client = new ClientBuilder()
    .withProjectKey('shop')
    .withClientCredentialsFlow({
      host: mock.options.authUrl,
      projectKey: 'shop',
      credentials: { clientId: 'shop-client', clientSecret: 'secret' },
    })
    .withHttpMiddleware({ host: mock.options.apiUrl })
    .build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: 'shop' });
}

const authenticating = () => createCommerceMock({ defaultProjectKey: 'shop', enableAuthentication: true, validateCredentials: true });

test.describe('intercept(): every in-process client, one call', () => {
  for (const [name, client] of Object.entries(CLIENTS)) {
    test(`${name}: token, create, read and a refusal, served in process`, async () => {
      const mock = authenticating();
      const interception = await intercept(mock, { allowNetConnect: false });
      try {
        const id = await signUpThrough(client, mock, `${name.split(' ')[0]}@example.com`);
        expect(mock.data.get('customer', id)?.email).toBe(`${name.split(' ')[0]}@example.com`);
        expect(mock.tokens.list({ kind: 'client', clientId: 'shop-client' })).toHaveLength(1);
        expect(mock.journal.requests().map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
          'POST /oauth/token 200',
          'POST /shop/customers 201',
          `GET /shop/customers/${id} 200`,
          `GET /shop/customers/${id} 401`,
        ]);
      } finally {
        await interception.restore();
      }
    });
  }

  test('https.get with its defaults', async () => {
    const mock = createCommerceMock({ defaultProjectKey: 'shop' });
    mock.data.seed(['category', { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } }]);
    const interception = await intercept(mock);
    try {
      const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
        https
          .get(`${mock.options.apiUrl}/shop/categories/key=shoes`, (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => {
              text += chunk.toString();
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
          })
          .on('error', reject);
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.text));
      expect(JSON.parse(answer.text)).toMatchObject({ key: 'shoes', version: 1 });
    } finally {
      await interception.restore();
    }
  });

  test('the older SDKs (sdk-client 4 with middlewares 8, @commercetools/sdk-client-v2 2.x on node-fetch 2, and 3.x), and the current SDK, each with its default client', async () => {
    const mock = authenticating();
    const interception = await intercept(mock, { allowNetConnect: false });
    try {
      const roots = {
        'sdk-client 4': middlewareSdkRoot(mock),
        'sdk-client-v2 2.x': olderSdkRoot(ClientBuilderV2, mock),
        'sdk-client-v2 3.x': olderSdkRoot(ClientBuilderV3 as unknown as typeof ClientBuilderV2, mock),
        'ts-client': sdkApiRoot(mock, { kind: 'client' }, 'shop'),
      };
      for (const [name, apiRoot] of Object.entries(roots)) {
        const email = `${name.replace(/\W+/g, '-')}@example.com`;
        const { body } = await apiRoot
          .customers()
          .post({ body: { email, password: 'secret' } })
          .execute();
        const read = await apiRoot.customers().withId({ ID: body.customer.id }).get().execute();
        expect(read.body.email, name).toBe(email);
        const missing = await apiRoot
          .customers()
          .withKey({ key: 'nobody' })
          .get()
          .execute()
          .catch((error: { statusCode?: number; body?: { errors?: Array<{ code: string }> } }) => error);
        expect(missing, name).toMatchObject({ statusCode: 404, body: { errors: [{ code: 'ResourceNotFound' }] } });
      }
      expect(mock.data.all('customer').map(({ email }) => email)).toEqual([
        'sdk-client-4@example.com',
        'sdk-client-v2-2-x@example.com',
        'sdk-client-v2-3-x@example.com',
        'ts-client@example.com',
      ]);
      expect(mock.tokens.list({ kind: 'client' })).toHaveLength(4);
    } finally {
      await interception.restore();
    }
  });

  test('interceptNodeHttp alone serves node:http clients (the older SDK too) and leaves global fetch alone', async () => {
    const mock = createCommerceMock({
      defaultProjectKey: 'shop',
      apiUrl: 'https://api.shop.invalid',
      authUrl: 'https://auth.shop.invalid',
    });
    const interception = await interceptNodeHttp(mock, { allowNetConnect: false });
    try {
      const { body } = await olderSdkRoot(ClientBuilderV2, mock)
        .customers()
        .post({ body: { email: 'v2@example.com', password: 'secret' } })
        .execute();
      expect(mock.data.get('customer', body.customer.id)?.email).toBe('v2@example.com');
      // fetch does not go through node:http: without interceptFetch it is not served (the host never resolves).
      await expect(fetch(`${mock.options.apiUrl}/shop/customers`)).rejects.toThrow('fetch failed');
    } finally {
      await interception.restore();
    }
  });

  test("a module's named import (`import { request } from 'node:http'`) is served too", async () => {
    const mock = createCommerceMock({ apiUrl: 'http://api.shop.invalid', authUrl: 'http://auth.shop.invalid' });
    const interception = await intercept(mock, { allowNetConnect: false });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        namedRequest(`${mock.options.apiUrl}/shop/customers`, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
      expect(status).toBe(200);
    } finally {
      await interception.restore();
    }
  });

  test('restore() ends the interception: the host is looked up again (and, being .invalid, not found)', async () => {
    const mock = createCommerceMock({ apiUrl: 'http://api.shop.invalid', authUrl: 'http://auth.shop.invalid' });
    const interception = await intercept(mock);
    expect((await nodeRequest({ method: 'GET', url: `${mock.options.apiUrl}/shop/customers` })).status).toBe(200);
    await interception.restore();
    await interception.restore();
    await expect(nodeRequest({ method: 'GET', url: `${mock.options.apiUrl}/shop/customers` })).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
    expect(http.request.name).toBe('request');
  });

  test('two mocks at once: the newest serves, and restoring it gives the host back to the one before', async () => {
    const older = createCommerceMock({ defaultProjectKey: 'shop' });
    const newer = createCommerceMock({ defaultProjectKey: 'shop' });
    const first = await intercept(older, { allowNetConnect: false });
    try {
      const second = await intercept(newer, { allowNetConnect: false });
      const post = (email: string) =>
        CLIENTS.got!({ method: 'POST', url: `${older.options.apiUrl}/shop/customers`, body: JSON.stringify({ email, password: 'x' }) });
      expect((await post('new@example.com')).status).toBe(201);
      await second.restore();
      expect((await post('old@example.com')).status).toBe(201);
      expect(newer.data.all('customer').map(({ email }) => email)).toEqual(['new@example.com']);
      expect(older.data.all('customer').map(({ email }) => email)).toEqual(['old@example.com']);
    } finally {
      await first.restore();
    }
  });

  test('other hosts follow allowNetConnect: through to a real server by default, refused with false', async () => {
    const elsewhere = createCommerceMock();
    const server = await startServer(elsewhere, { port: 0 });
    try {
      const allowing = await intercept(createCommerceMock());
      try {
        expect((await axios.get(`${server.url}/__mock/health`)).status).toBe(200);
      } finally {
        await allowing.restore();
      }
      const refusing = await intercept(createCommerceMock(), { allowNetConnect: false });
      try {
        await expect(axios.get(`${server.url}/__mock/health`)).rejects.toThrow(
          `commerce-mock: refused a request to ${server.url}: allowNetConnect is false.`,
        );
      } finally {
        await refusing.restore();
      }
    } finally {
      await server.close();
    }
  });
});

test.describe('node:http in process behaves as a server would', () => {
  let mock: CommerceMock;
  let restore: () => Promise<void>;
  test.beforeEach(async () => {
    mock = createCommerceMock({ defaultProjectKey: 'shop' });
    restore = (await intercept(mock, { allowNetConnect: false })).restore;
  });
  test.afterEach(() => restore());

  test('a chunked body written in pieces over time is read whole', async () => {
    const json = JSON.stringify({ email: 'chunks@example.com', password: 'secret', firstName: 'Ä'.repeat(3000) });
    let sentChunked = false;
    const answer = await new Promise<Answer>((resolve, reject) => {
      const request = https.request(
        `${mock.options.apiUrl}/shop/customers`,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (response) => {
          sentChunked = request.chunkedEncoding;
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      request.on('error', reject);
      const bytes = Buffer.from(json);
      // Pieces that split a two-byte character, a few milliseconds apart.
      const pieces = [bytes.subarray(0, 101), bytes.subarray(101, 3001), bytes.subarray(3001)];
      const writeNext = () => {
        const piece = pieces.shift();
        if (!piece) return void request.end();
        request.write(piece);
        setTimeout(writeNext, 5);
      };
      writeNext();
    });
    expect(answer.status).toBe(201);
    expect(mock.data.all('customer')[0]).toMatchObject({ email: 'chunks@example.com', firstName: 'Ä'.repeat(3000) });
    expect(sentChunked).toBe(true);
  });

  test('Expect: 100-continue: the client is told to go on, then its body is read', async () => {
    const events: string[] = [];
    const status = await new Promise<number>((resolve, reject) => {
      const request = https.request(`${mock.options.apiUrl}/shop/customers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', expect: '100-continue' },
      });
      request.on('continue', () => {
        events.push('continue');
        request.end(JSON.stringify({ email: 'patient@example.com', password: 'secret' }));
      });
      request.on('response', (response) => {
        events.push('response');
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(status).toBe(201);
    expect(events).toEqual(['continue', 'response']);
    expect(mock.data.all('customer')).toHaveLength(1);
  });

  test('an abort while the answer is late fails the request with the abort, and nothing arrives after', async () => {
    mock.faults.add({ delayMs: 300 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    await expect(axios.get(`${mock.options.apiUrl}/shop/customers`, { signal: controller.signal })).rejects.toMatchObject({
      code: 'ERR_CANCELED',
    });
    expect(performance.now() - started).toBeLessThan(250);
    const gotAbort = new AbortController();
    setTimeout(() => gotAbort.abort(), 50);
    await expect(got(`${mock.options.apiUrl}/shop/customers`, { signal: gotAbort.signal })).rejects.toThrow(/abort/i);
  });

  test("a client's timeout fires while the answer is late", async () => {
    mock.faults.add({ delayMs: 500 });
    const started = performance.now();
    await expect(axios.get(`${mock.options.apiUrl}/shop/customers`, { timeout: 100 })).rejects.toMatchObject({ code: 'ECONNABORTED' });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(95);
    expect(elapsed).toBeLessThan(400);
    const timedOut = await new Promise<string>((resolve) => {
      const request = https.get(`${mock.options.apiUrl}/shop/customers`, () => resolve('answered'));
      request.setTimeout(100, () => {
        request.destroy();
        resolve('timeout');
      });
      request.on('error', () => undefined);
    });
    expect(timedOut).toBe('timeout');
  });

  test('faults: an error status in the platform envelope, a late answer, a dropped connection', async () => {
    mock.faults.add({ method: 'POST', path: '/shop/customers', status: 503, times: 1 });
    const failed = await CLIENTS['node-fetch 2']!({ method: 'POST', url: `${mock.options.apiUrl}/shop/customers`, body: '{}' });
    expect(failed).toMatchObject({ status: 503, body: { statusCode: 503, errors: [{ code: 'OverCapacity' }] } });

    mock.faults.add({ method: 'GET', path: '/shop/categories', delayMs: 150, times: 1 });
    const started = performance.now();
    expect((await CLIENTS.got!({ method: 'GET', url: `${mock.options.apiUrl}/shop/categories` })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);

    mock.faults.add({ path: '/shop/carts', dropConnection: true });
    await expect(axios.get(`${mock.options.apiUrl}/shop/carts`)).rejects.toMatchObject({
      code: 'ECONNRESET',
      message: expect.stringContaining('dropped by a fault rule (dropConnection)'),
    });
    await expect(nodeFetch(`${mock.options.apiUrl}/shop/carts`)).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(mock.data.all('customer')).toHaveLength(0);
  });

  test("an API extension's asynchronous answer is awaited and applied", async () => {
    mock.data.seed([
      'extension',
      {
        key: 'names',
        destination: { type: 'HTTP', url: 'https://ext.invalid' },
        triggers: [{ resourceTypeId: 'customer', actions: ['Create'] }],
      },
    ]);
    mock.extensions.register('names', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { statusCode: 200, body: { actions: [{ action: 'setFirstName', firstName: 'Ada' }] } };
    });
    const created = await CLIENTS['axios (default adapter)']!({
      method: 'POST',
      url: `${mock.options.apiUrl}/shop/customers`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ext@example.com', password: 'secret' }),
    });
    expect(created).toMatchObject({ status: 201, body: { customer: { firstName: 'Ada' } } });
    expect(mock.data.all('customer')[0]?.firstName).toBe('Ada');
  });
});

/** The platform's other hosts: other Regions' API and auth hosts, the aliases, and the other APIs' hosts. */
const REFUSED_ORIGINS = [
  ...OTHER_PLATFORM_ORIGINS,
  'https://import.us-central1.gcp.commercetools.com',
  'https://history.eu-central-1.aws.commercetools.com',
  'https://checkout.australia-southeast1.gcp.commercetools.com',
  'https://api.us-central1.gcp.commercetools.com',
  'http://api.europe-west1.gcp.commercetools.com',
];

// No network on this machine, and a guard on every lookup: each refusal must be the mock's own, at once, and no connection is attempted.
test.describe('fail closed: hosts of the real platform the mock does not serve', () => {
  test('the guard itself sees connections to platform hosts (so its silence below means something)', async () => {
    // Raw sockets, which no interception serves (in a worker whose fixture intercepts, clients would be refused before a socket).
    const guard = installNetworkGuard();
    try {
      await new Promise<void>((resolve) => {
        tls.connect({ host: 'api.europe-west1.gcp.commercetools.com', port: 443 }).on('error', () => resolve());
      });
      await new Promise<void>((resolve) => {
        net.connect({ host: 'auth.us-central1.gcp.commercetools.com', port: 80 }).on('error', () => resolve());
      });
      expect(guard.platformConnections).toEqual(['api.europe-west1.gcp.commercetools.com', 'auth.us-central1.gcp.commercetools.com']);
    } finally {
      guard.uninstall();
    }
  });

  test('every client, every platform host: refused at once naming apiUrl and authUrl, and never sent', async () => {
    const guard = installNetworkGuard();
    const mock = createCommerceMock();
    const interception = await intercept(mock);
    try {
      for (const origin of REFUSED_ORIGINS) {
        for (const [name, client] of Object.entries(CLIENTS)) {
          await test.step(`${name} → ${origin}`, () =>
            expectPlatformRefusal(client({ method: 'POST', url: `${origin}/oauth/token`, body: 'grant_type=client_credentials' }), mock));
        }
        await expectPlatformRefusal(fetch(`${origin}/test-project/customers`), mock);
        const { get } = origin.startsWith('https:') ? https : http;
        await expectPlatformRefusal(new Promise((resolve, reject) => get(`${origin}/`, resolve).on('error', reject)), mock);
      }
      const usRegion = createCommerceMock({
        apiUrl: 'https://api.us-central1.gcp.commercetools.com',
        authUrl: 'https://auth.us-central1.gcp.commercetools.com',
      });
      const sdks = {
        'sdk-client-v2 2.x': olderSdkRoot(ClientBuilderV2, usRegion),
        'sdk-client-v2 3.x': olderSdkRoot(ClientBuilderV3 as unknown as typeof ClientBuilderV2, usRegion),
        'ts-client': sdkApiRoot(usRegion),
      };
      for (const [name, root] of Object.entries(sdks)) {
        await test.step(`${name} → ${usRegion.options.authUrl}`, () => expectPlatformRefusal(root.customers().get().execute(), mock));
      }
      expect(mock.journal.requests()).toEqual([]);
      expect(guard.platformConnections).toEqual([]);
      // The mock's own hosts are served under the same guard.
      expect((await CLIENTS.got!({ method: 'GET', url: `${mock.options.apiUrl}/test-project/customers` })).status).toBe(200);
      expect(guard.platformConnections).toEqual([]);
    } finally {
      await interception.restore();
      guard.uninstall();
    }
  });
});

test.describe('msw: commerceHandlers(mock) in a setup of your own', () => {
  test('fetch and node:http clients are served by the mock; other handlers keep working; other platform hosts are refused', async () => {
    const guard = installNetworkGuard();
    const mock = createCommerceMock({ defaultProjectKey: 'shop' });
    const server = setupServer(mswHttp.get('https://payments.example.test/status', () => HttpResponse.json({ up: true })));
    server.listen({ onUnhandledRequest: 'error' });
    const errors: string[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
    try {
      server.use(...commerceHandlers(mock));
      const created = await fetch(`${mock.options.apiUrl}/shop/customers`, {
        method: 'POST',
        body: JSON.stringify({ email: 'msw@example.com', password: 'secret' }),
      });
      expect(created.status).toBe(201);
      expect((await axios.get(`${mock.options.apiUrl}/shop/customers`)).data).toMatchObject({ count: 1 });
      const { body } = await sdkApiRoot(mock, { kind: 'client' }, 'shop').customers().get().execute();
      expect(body.results.map(({ email }) => email)).toEqual(['msw@example.com']);
      expect(await (await fetch('https://payments.example.test/status')).json()).toEqual({ up: true });

      await expectPlatformRefusal(fetch('https://api.us-central1.gcp.commercetools.com/shop/customers'), mock);
      await expectPlatformRefusal(axios.get('https://import.us-central1.gcp.commercetools.com/shop'), mock);

      mock.faults.add({ path: '/shop/carts', dropConnection: true });
      await expect(axios.get(`${mock.options.apiUrl}/shop/carts`)).rejects.toMatchObject({ code: 'ECONNRESET' });
      expect(mock.journal.requests().map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
        'POST /shop/customers 201',
        'GET /shop/customers 200',
        'POST /oauth/token 200',
        'GET /shop/customers 200',
        'GET /shop/carts 0',
      ]);
      expect(guard.platformConnections).toEqual([]);
    } finally {
      console.error = consoleError;
      server.close();
      guard.uninstall();
    }
  });
});
