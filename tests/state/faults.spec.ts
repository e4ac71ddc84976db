/**
 * Fault injection: `mock.faults.add(rule)` makes matching requests fail with a status in the
 * platform's error envelope before anything is served (no data changes); `times`, seeded
 * `probability`, method and path matching; the official SDK's retry middleware rides through.
 */
import { createCommerceMock, createMockFetch } from '../../src/index.js';
import { startServer } from '../../src/adapters/transports/node-server.js';
import { expect, PROJECT_KEY, sdkApiRoot, sdkFailure, test } from '../support/sdk.js';

test.describe('fault injection', () => {
  test('the official SDK retries two 503s and succeeds: the customer exists once', async ({ mock }) => {
    mock.faults.add({ method: 'POST', path: `/${PROJECT_KEY}/customers`, status: 503, times: 2 });
    const apiRoot = sdkApiRoot(mock, { kind: 'client' }, PROJECT_KEY, {
      http: { enableRetry: true, retryConfig: { maxRetries: 3, retryDelay: 10, backoff: false, retryCodes: [503] } },
    });
    const created = await apiRoot
      .customers()
      .post({ body: { email: 'retry@example.com', password: 'secret' } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(mock.data.all('customer').map((c) => c.email)).toEqual(['retry@example.com']);
    const posts = mock.journal.requests({ method: 'POST', path: `/${PROJECT_KEY}/customers` });
    expect(posts.map((entry) => entry.status)).toEqual([503, 503, 201]);
  });

  test('each status answers in the platform envelope; a faulted write changes nothing', async ({ mock, apiRoot }) => {
    const [group] = mock.data.seed([['customer-group', { key: 'vip', groupName: 'VIP' }]]);
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
      expect(mock.data.get('customer-group', group!.id)).toEqual(group);
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

  test('mock.state.clear() removes the fault rules with the data', async ({ mock }) => {
    mock.faults.add({ status: 503 });
    mock.state.clear();
    expect((await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/customers`)).status).toBe(200);
  });
});

test.describe('connection failures (dropConnection)', () => {
  const customerDraft = { email: 'dropped@example.com', password: 'secret' };
  const postCustomer = (send: typeof fetch, apiUrl: string) =>
    send(`${apiUrl}/${PROJECT_KEY}/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(customerDraft),
    });
  /** What a failed fetch rejected with: fetch's TypeError and the network error it wraps. */
  const networkError = (request: Promise<unknown>) =>
    request.then(
      () => {
        throw new Error('expected a network error, but the request was answered');
      },
      (error: TypeError & { cause?: { code?: string } }) => error,
    );

  test('through the MockAgent, fetch fails as on a reset connection; nothing is stored; the journal shows status 0', async ({ mock }) => {
    mock.faults.add({ method: 'POST', path: `/${PROJECT_KEY}/customers`, dropConnection: true, times: 1 });
    const error = await networkError(postCustomer(fetch, mock.options.apiUrl));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect(error.cause?.code).toBe('ECONNRESET');
    expect(mock.data.all('customer')).toEqual([]);
    expect((await postCustomer(fetch, mock.options.apiUrl)).status).toBe(201);
    expect(mock.journal.requests({ path: `/${PROJECT_KEY}/customers` }).map((entry) => entry.status)).toEqual([0, 201]);
  });

  test('createMockFetch fails the same way', async ({ mock }) => {
    mock.faults.add({ dropConnection: true, times: 1 });
    const error = await networkError(postCustomer(createMockFetch(mock), mock.options.apiUrl));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect(error.cause?.code).toBe('ECONNRESET');
    expect(mock.data.all('customer')).toEqual([]);
  });

  test("the official SDK's retry middleware does not retry a network error: the error reaches the caller, nothing is stored", async ({
    mock,
  }) => {
    const apiRoot = sdkApiRoot(mock, { kind: 'client' }, PROJECT_KEY, {
      http: { enableRetry: true, retryConfig: { maxRetries: 3, retryDelay: 10, backoff: false, retryCodes: [503, 'ECONNRESET'] } },
    });
    mock.faults.add({ method: 'POST', path: `/${PROJECT_KEY}/customers`, dropConnection: true, times: 1 });
    const create = () => apiRoot.customers().post({ body: customerDraft }).execute();
    const failure = (await create().catch((rejection: unknown) => rejection)) as { error?: unknown };
    expect(failure.error).toMatchObject({ name: 'NetworkError', code: 'NetworkError', statusCode: 0, message: 'fetch failed' });
    expect(mock.data.all('customer')).toEqual([]);
    // One attempt only, even with the code listed: ts-client retries statuses and timeouts, not a failed connection.
    expect(mock.journal.requests({ method: 'POST', path: `/${PROJECT_KEY}/customers` }).map((entry) => entry.status)).toEqual([0]);
    expect((await create()).statusCode).toBe(201);
    expect(mock.data.all('customer')).toHaveLength(1);
  });

  test('on the HTTP server the socket is destroyed without an answer; POST /__mock/faults adds the rule', async () => {
    // A mock of its own: the fixture's MockAgent would refuse the real port.
    const mock = createCommerceMock();
    const server = await startServer(mock, { port: 0 });
    try {
      const added = await fetch(`${server.url}/__mock/faults`, {
        method: 'POST',
        body: JSON.stringify({ method: 'POST', path: `/${PROJECT_KEY}/customers`, dropConnection: true, times: 1 }),
      });
      expect(added.status).toBe(201);
      const error = await networkError(postCustomer(fetch, server.url));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toBe('fetch failed');
      expect(mock.data.all('customer')).toEqual([]);
      expect((await postCustomer(fetch, server.url)).status).toBe(201);
      expect(mock.journal.requests({ method: 'POST' }).map((entry) => entry.status)).toEqual([0, 201]);
    } finally {
      await server.close();
    }
  });

  test('a dropConnection rule with a status or a delay is refused, and nothing is added', ({ mock }) => {
    expect(() => mock.faults.add({ dropConnection: true, status: 503 })).toThrow(/invalid fault rule: dropConnection: .*without status/);
    expect(() => mock.faults.add({ dropConnection: true, delayMs: 10 })).toThrow(/invalid fault rule: dropConnection/);
    expect(() => mock.faults.add({ dropConnection: false } as never)).toThrow(/invalid fault rule: dropConnection/);
    expect(mock.faults.list()).toEqual([]);
  });
});
