/**
 * docs/state-and-faults.md: every ```ts block appears verbatim (whitespace aside) between
 * `// doc-example:start` and `// doc-example:end` in this file, in baseline-doc.spec.ts or in
 * playwright/import-export.spec.ts, where it runs.
 */
import { fileURLToPath } from 'node:url';
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { customerFactory, productFactory, productTypeFactory } from '../../factories/index.js';
import { createCommerceMock, createMockFetch } from '../../src/index.js';
import { asWritten, markedRegions, tsBlocks } from '../support/doc-examples.js';
import { CREDENTIALS, expect, test } from '../support/sdk.js';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

test('every example of docs/state-and-faults.md runs in a spec', () => {
  const regions = ['./docs.spec.ts', './baseline-doc.spec.ts', '../playwright/import-export.spec.ts']
    .flatMap((spec) => markedRegions(path(spec)))
    .map(asWritten);
  const blocks = tsBlocks(path('../../docs/state-and-faults.md'));
  expect(blocks.length).toBeGreaterThan(1);
  for (const block of blocks) expect(regions, `not run by any spec:\n${block}`).toContain(asWritten(block));
});

test('snapshots: restore brings back the catalog as it was', () => {
  // doc-example:start
  const mock = createCommerceMock();
  mock.data.seed(productTypeFactory.asDefault().build());
  const [product] = mock.data.seed(productFactory.published().buildList(1000));
  const snapshot = mock.state.snapshot();

  mock.data.update('product', product!.id, { version: product!.version, actions: [{ action: 'setKey', key: 'changed' }] });
  mock.data.seed(customerFactory.build());

  mock.state.restore(snapshot);
  expect(mock.data.get('product', product!.id)).toEqual(product);
  expect(mock.data.all('customer')).toEqual([]);
  // doc-example:end
});

test('import and export: a file carries the state, and a bad one is refused whole', () => {
  // doc-example:start
  const source = createCommerceMock();
  const [channel] = source.data.seed([['channel', { key: 'warehouse', roles: ['InventorySupply'] }]]);
  const file = JSON.stringify(source.state.export());

  const copy = createCommerceMock({ initialData: file });
  expect(copy.data.getByKey('channel', 'warehouse')).toEqual(channel);

  const broken = JSON.parse(file);
  delete broken.projects['test-project'].channel[0].document.id;
  expect(() => copy.state.import(broken)).toThrow(/import refused at projects\.test-project\.channel\[0\]\.document\.id/);
  expect(copy.data.all('channel')).toEqual([channel]);
  // doc-example:end
});

test('token expiry: the SDK refreshes an expired token and goes on', async () => {
  const credentials = CREDENTIALS;
  // doc-example:start
  const mock = createCommerceMock({ enforceTokenExpiry: true });
  const customer = mock.data.create('customer', { email: 'ann@example.com', password: 'secret' });
  const { accessToken, refreshToken } = mock.tokens.issue({ kind: 'customer', customerId: customer.id });
  const cache = { token: accessToken, refreshToken, expirationTime: Date.now() + 3_600_000 };
  const client = new ClientBuilder()
    .withRefreshTokenFlow({
      host: mock.options.authUrl,
      projectKey: 'test-project',
      credentials,
      refreshToken: refreshToken!,
      httpClient: createMockFetch(mock),
      tokenCache: { get: async () => cache, set: async (next) => void Object.assign(cache, next) },
    })
    .withHttpMiddleware({ host: mock.options.apiUrl, httpClient: createMockFetch(mock) })
    .build();
  const me = () => createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: 'test-project' }).me().get().execute();

  mock.tokens.expire({ customerId: customer.id });
  expect((await me()).body.id).toBe(customer.id);
  expect(mock.journal.requests().map((entry) => entry.status)).toEqual([401, 200, 200]);
  // doc-example:end
});

test('fault injection: the SDK retries two 503s and the customer exists once', async ({ mock }) => {
  const credentials = CREDENTIALS;
  // doc-example:start
  mock.faults.add({ method: 'POST', path: '/test-project/customers', status: 503, times: 2 });
  const client = new ClientBuilder()
    .withProjectKey('test-project')
    .withClientCredentialsFlow({ host: mock.options.authUrl, projectKey: 'test-project', credentials, httpClient: fetch })
    .withHttpMiddleware({
      host: mock.options.apiUrl,
      httpClient: fetch,
      enableRetry: true,
      retryConfig: { maxRetries: 3, retryDelay: 10, backoff: false, retryCodes: [503] },
    })
    .build();
  const apiRoot = createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: 'test-project' });

  await apiRoot
    .customers()
    .post({ body: { email: 'retry@example.com', password: 'secret' } })
    .execute();
  expect(mock.data.all('customer')).toHaveLength(1);
  expect(mock.journal.requests({ method: 'POST', path: '/test-project/customers' }).map((entry) => entry.status)).toEqual([503, 503, 201]);
  // doc-example:end
});

test('fault injection: a dropped connection reaches the SDK as a network error and stores nothing', async ({ mock, apiRoot }) => {
  // doc-example:start
  mock.faults.add({ method: 'POST', path: '/test-project/customers', dropConnection: true, times: 1 });
  const create = () =>
    apiRoot
      .customers()
      .post({ body: { email: 'ann@example.com', password: 'secret' } })
      .execute();

  await expect(create()).rejects.toMatchObject({ error: { code: 'NetworkError', statusCode: 0, message: 'fetch failed' } });
  expect(mock.data.all('customer')).toEqual([]);
  await create();
  expect(mock.journal.requests({ path: '/test-project/customers' }).map((entry) => entry.status)).toEqual([0, 201]);
  // doc-example:end
});

test('latency: every response late by a delay drawn from the range', async () => {
  // doc-example:start
  const mock = createCommerceMock({ latencyMs: [100, 200] });
  const mockFetch = createMockFetch(mock);
  const started = performance.now();
  await mockFetch(`${mock.options.apiUrl}/test-project/customers`);
  expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  // doc-example:end
});

test('the clock: two days on, the token has expired and what the mock writes is stamped then', () => {
  // doc-example:start
  const mock = createCommerceMock({ enforceTokenExpiry: true });
  const { accessToken } = mock.tokens.issue({ kind: 'client' });
  const channels = () => mock.handle({ method: 'GET', url: '/test-project/channels', headers: { authorization: `Bearer ${accessToken}` } });

  expect(channels().status).toBe(200);
  mock.clock.advance('P2D'); // a token lives two days
  expect(channels().status).toBe(401);
  expect(Date.parse(mock.data.create('channel', { key: 'later' }).createdAt)).toBeGreaterThan(Date.now() + 47 * 3_600_000);
  // doc-example:end
});
