/**
 * Fault injection: `mock.faults.add(rule)` makes matching requests fail with a status in the
 * platform's error envelope before anything is served (no data changes); `times`, seeded
 * `probability`, method and path matching; the official SDK's retry middleware rides through.
 */
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { CREDENTIALS, expect, PROJECT_KEY, sdkFailure, test } from '../support/sdk.js';

test.describe('fault injection', () => {
  test('the official SDK retries two 503s and succeeds: the customer exists once', async ({ mock }) => {
    mock.faults.add({ method: 'POST', path: `/${PROJECT_KEY}/customers`, status: 503, times: 2 });
    const client = new ClientBuilder()
      .withProjectKey(PROJECT_KEY)
      .withClientCredentialsFlow({
        host: mock.options.authUrl,
        projectKey: PROJECT_KEY,
        credentials: CREDENTIALS,
        scopes: [`manage_project:${PROJECT_KEY}`],
        httpClient: fetch,
      })
      .withHttpMiddleware({
        host: mock.options.apiUrl,
        httpClient: fetch,
        enableRetry: true,
        retryConfig: { maxRetries: 3, retryDelay: 10, backoff: false, retryCodes: [503] },
      })
      .build();
    const apiRoot = createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: PROJECT_KEY });
    const created = await apiRoot
      .customers()
      .post({ body: { email: 'retry@example.com', password: 'secret' } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(mock.all('customer').map((c) => c.email)).toEqual(['retry@example.com']);
    const posts = mock.requests({ method: 'POST', path: `/${PROJECT_KEY}/customers` });
    expect(posts.map((entry) => entry.status)).toEqual([503, 503, 201]);
  });

  test('each status answers in the platform envelope; a faulted write changes nothing', async ({ mock, apiRoot }) => {
    const [group] = mock.seed([['customer-group', { key: 'vip', groupName: 'VIP' }]]);
    const update = () =>
      apiRoot
        .customerGroups()
        .withId({ ID: group!.id })
        .post({ body: { version: group!.version, actions: [{ action: 'changeName', name: 'Changed' }] } })
        .execute();
    const cases = [
      { status: 500, code: 'General' },
      { status: 502, code: 'BadGateway' },
      { status: 503, code: 'OverCapacity' },
      { status: 504, code: 'General' },
      { status: 429, code: 'General' },
      { status: 409, code: 'ConcurrentModification' },
    ];
    for (const { status, code } of cases) {
      mock.faults.add({ method: 'post', path: `/${PROJECT_KEY}/customer-groups/*`, status, times: 1 });
      const failure = await sdkFailure(update());
      expect(failure.statusCode).toBe(status);
      expect(failure.body.statusCode).toBe(status);
      expect(failure.body.errors[0]!.code).toBe(code);
      if (code === 'ConcurrentModification') expect(failure.body.errors[0]!.currentVersion).toBe(group!.version + 1);
      expect(mock.get('customer-group', group!.id)).toEqual(group);
    }
    // times: 1 each, so the next update goes through.
    expect((await update()).body.name).toBe('Changed');
  });

  test('429 carries Retry-After; code and message can be given; other methods and paths are served', async ({ mock }) => {
    mock.faults.add({ method: 'GET', path: `/${PROJECT_KEY}/carts*`, status: 429, retryAfterSeconds: 7 });
    mock.faults.add({ path: '/*/orders', status: 503, code: 'PendingOperation', message: 'Down for a test.' });
    const carts = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/carts?limit=1`);
    expect(carts.status).toBe(429);
    expect(carts.headers.get('retry-after')).toBe('7');
    const orders = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/orders`);
    expect(await orders.json()).toEqual({
      statusCode: 503,
      message: 'Down for a test.',
      errors: [{ code: 'PendingOperation', message: 'Down for a test.' }],
    });
    expect((await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/customers`)).status).toBe(200);
    expect((await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/carts`, { method: 'POST', body: '{"currency":"EUR"}' })).status).toBe(201);
    mock.faults.clear();
    expect((await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/carts`)).status).toBe(200);
  });

  test('a rule with a probability fails the same requests on every run (seeded)', async ({ mock }) => {
    const pattern = async (seed?: number) => {
      mock.faults.clear();
      mock.faults.add({ status: 503, probability: 0.5, ...(seed === undefined ? {} : { seed }) });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/customers`)).status);
      return statuses;
    };
    const first = await pattern();
    expect(await pattern()).toEqual(first);
    const failed = first.filter((status) => status === 503).length;
    expect(failed).toBeGreaterThan(10);
    expect(failed).toBeLessThan(30);
    expect(await pattern(42)).not.toEqual(first);
  });

  test('a bad rule is refused with the problem named, and nothing is added', ({ mock }) => {
    expect(() => mock.faults.add({ status: 200 })).toThrow(/invalid fault rule: status: .*599|invalid fault rule: status: .*400/);
    expect(() => mock.faults.add({ status: 503, path: 'customers' } as never)).toThrow(/path/);
    expect(() => mock.faults.add({ status: 503, delay: 5 } as never)).toThrow(/unrecognized key|delay/i);
    expect(mock.faults.list()).toEqual([]);
  });

  test('mock.clear() removes the fault rules with the data', async ({ mock }) => {
    mock.faults.add({ status: 503 });
    mock.clear();
    expect((await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/customers`)).status).toBe(200);
  });
});
