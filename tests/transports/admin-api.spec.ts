/**
 * The admin API of the standalone server (`/__mock/...`): what a test process that does not own the
 * mock uses to seed it, read it, issue tokens and read the request journal. Bad input gets the
 * platform's error envelope and changes nothing; beyond loopback the routes need the admin token.
 */
import { test, expect } from '../support/response-check.js';
import { sdkApiRoot } from '../support/sdk.js';
import { createCommerceMock, startServer, type CommerceMock, type RunningServer } from '../../src/index.js';

type Json = Record<string, any>;

let mock: CommerceMock;
let server: RunningServer;

test.beforeEach(async () => {
  mock = createCommerceMock({ defaultProjectKey: 'shop' });
  server = await startServer(mock, { port: 0 });
});
test.afterEach(() => server.close());

async function admin(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/__mock${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

test.describe('admin API', () => {
  test('seed creates the drafts in order and returns them as stored; reads find them by id, key and query', async () => {
    const seeded = await admin('POST', '/data/seed', {
      items: [
        ['category', { key: 'shirts', name: { en: 'Shirts' }, slug: { en: 'shirts' } }],
        ['customer', { email: 'ada@example.com', password: 'secret' }],
      ],
    });
    expect(seeded.status).toBe(201);
    const [category, customer] = seeded.body.results;
    expect(category).toMatchObject({ key: 'shirts', version: 1 });
    expect(customer).toMatchObject({ email: 'ada@example.com' });

    expect((await admin('GET', `/data/customer/${customer.id}`)).body.email).toBe('ada@example.com');
    expect((await admin('GET', '/data/category/key=shirts')).body.id).toBe(category.id);
    expect((await admin('GET', '/data/customer')).body.results.map((c: Json) => c.id)).toEqual([customer.id]);
    const page = await admin('GET', `/data/customer/query?where=${encodeURIComponent('email = "ada@example.com"')}&limit=1`);
    expect(page.body).toMatchObject({ limit: 1, offset: 0, count: 1, total: 1 });
    const missing = await admin('GET', '/data/customer/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('ResourceNotFound');
    // The API serves what the admin API seeded.
    expect(((await (await fetch(`${server.url}/shop/categories/key=shirts`)).json()) as Json).id).toBe(category.id);
  });

  test('seed in another project, and reads scoped to it', async () => {
    const seeded = await admin('POST', '/data/seed?projectKey=other', { items: [['channel', { key: 'berlin' }]] });
    expect(seeded.status).toBe(201);
    expect((await admin('GET', '/data/channel/key=berlin?projectKey=other')).status).toBe(200);
    expect((await admin('GET', '/data/channel/key=berlin')).status).toBe(404);
  });

  test('a refused draft stores none of the items; the error names the problem', async () => {
    const refused = await admin('POST', '/data/seed', {
      items: [
        ['channel', { key: 'first' }],
        ['channel', { key: 7 }],
      ],
    });
    expect(refused.status).toBe(400);
    // The platform's envelope, its message naming the item, and the item for a client to name it too.
    expect(refused.body).toEqual({
      statusCode: 400,
      message: 'commerce-mock: seed item 1 (channel): key: JSON string expected.',
      errors: [
        {
          code: 'InvalidJsonInput',
          message: 'Request body does not contain valid JSON.',
          detailedErrorMessage: 'key: JSON string expected.',
        },
      ],
      seedItem: { index: 1, typeId: 'channel' },
    });
    expect(mock.data.all('channel')).toEqual([]);
    for (const [body, detail] of [
      ['not json', /JSON/],
      [{ items: 'x' }, /items/],
      [{ items: [['channel', {}]], extra: 1 }, /extra|Unrecognized/],
      [{ projectKey: 'NOT A KEY', items: [] }, /projectKey/],
    ] as const) {
      const bad = await admin('POST', '/data/seed', body);
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].code).toBe('InvalidJsonInput');
      expect(bad.body.errors[0].detailedErrorMessage).toMatch(detail);
    }
    const unknownType = await admin('POST', '/data/seed', { items: [['spaceship', {}]] });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.message).toBe("commerce-mock: seed item 0 (spaceship): unknown resource type 'spaceship'.");
    const misspelt = await admin('GET', '/data/custmer');
    expect(misspelt.body.errors).toEqual([
      { code: 'InvalidInput', message: "commerce-mock: unknown resource type 'custmer' — did you mean 'customer'?" },
    ]);
    expect((await admin('GET', '/data/spaceship')).status).toBe(400);
  });

  test('tokens: issue one for a customer, then list them with filters; the SDK can use it', async () => {
    const [customer] = mock.data.seed([['customer', { email: 'ada@example.com', password: 'secret' }]]) as Json[];
    const issued = await admin('POST', '/tokens', { kind: 'customer', customerId: customer!.id });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ kind: 'customer', customerId: customer!.id, projectKey: 'shop', tokenType: 'Bearer' });
    await admin('POST', '/tokens', { kind: 'anonymous', anonymousId: 'visitor' });
    expect((await admin('GET', '/tokens')).body.results).toHaveLength(2);
    expect((await admin('GET', `/tokens?kind=customer&customerId=${customer!.id}`)).body.results.map((t: Json) => t.accessToken)).toEqual([
      issued.body.accessToken,
    ]);
    const me = await sdkApiRoot(server.url, { kind: 'existing', authorization: `Bearer ${issued.body.accessToken}` }, 'shop')
      .me()
      .get()
      .execute();
    expect(me.body.id).toBe(customer!.id);

    const unknownCustomer = await admin('POST', '/tokens', { kind: 'customer', customerId: 'nobody' });
    expect(unknownCustomer.status).toBe(404);
    expect((await admin('POST', '/tokens', { kind: 'robot' })).body.errors[0].code).toBe('InvalidJsonInput');
    const badFilter = await admin('GET', '/tokens?kind=customer&custmerId=x');
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.message).toContain("Unknown parameter 'custmerId'");
    expect((await admin('GET', '/tokens')).body.results).toHaveLength(2);
  });

  test('requests: the journal with filters; admin calls themselves are not in it', async () => {
    await fetch(`${server.url}/shop/channels`, { method: 'POST', body: JSON.stringify({ key: 'c1' }) });
    await fetch(`${server.url}/shop/channels/key=missing`);
    const all = await admin('GET', '/journal/requests');
    expect(all.body.results.map((r: Json) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /shop/channels 201',
      'GET /shop/channels/key=missing 404',
    ]);
    expect(all.body.lastSequence).toBe(2);
    expect((await admin('GET', '/journal/requests?status=404')).body.results).toHaveLength(1);
    expect((await admin('GET', '/journal/requests?method=POST&path=/shop/channels')).body.results).toHaveLength(1);
    expect((await admin('GET', `/journal/requests?pathGlob=${encodeURIComponent('*/key=*')}`)).body.results).toHaveLength(1);
    expect((await admin('GET', `/journal/requests?pathGlob=${encodeURIComponent('/shop/channel?')}`)).body.results).toHaveLength(1);
    expect((await admin('GET', `/journal/requests?pathGlob=${encodeURIComponent('/shop')}`)).body.results).toHaveLength(0);
    expect((await admin('GET', '/journal/requests?since=1')).body.results.map((r: Json) => r.sequence)).toEqual([2]);
    for (const query of ['since=soon', 'pathPattern=key', 'path=/a&pathGlob=b', 'verb=GET']) {
      const bad = await admin('GET', `/journal/requests?${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].code).toBe('InvalidInput');
    }
  });

  test('permission decisions are listed; clear empties data, tokens, decisions and the journal', async () => {
    expect((await admin('GET', '/permissions/decisions')).body).toEqual({ results: [] });
    await admin('POST', '/data/seed', { items: [['channel', { key: 'c1' }]] });
    await fetch(`${server.url}/shop/channels`);
    expect((await admin('POST', '/state/clear')).body).toEqual({ cleared: true });
    expect(mock.data.all('channel')).toEqual([]);
    expect((await admin('GET', '/journal/requests')).body.results).toEqual([]);
  });

  test('unknown admin routes are 404, a known one with another method 405, in the platform envelope', async () => {
    const unknown = await admin('GET', '/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('ResourceNotFound');
    expect((await admin('GET', '/state/nothing')).status).toBe(404);
    const wrongMethod = await admin('DELETE', '/data/seed');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.statusCode).toBe(405);
  });

  test('data: create and update through the engine (validated, version checked), in any project', async () => {
    const created = await admin('POST', '/data/channel?projectKey=other', { draft: { key: 'berlin', roles: ['InventorySupply'] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ key: 'berlin', version: 1 });
    expect(mock.project('other').data.getByKey('channel', 'berlin')?.id).toBe(created.body.id);
    expect(mock.data.all('channel')).toEqual([]);
    const updated = await admin('POST', `/data/channel/${created.body.id}?projectKey=other`, {
      version: 1,
      actions: [{ action: 'changeKey', key: 'munich' }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ key: 'munich', version: 2 });
    const stale = await admin('POST', `/data/channel/${created.body.id}?projectKey=other`, { version: 1, actions: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].code).toBe('ConcurrentModification');
    const refused = await admin('POST', '/data/channel', { draft: { roles: ['Spaceport'] } });
    expect(refused.status).toBe(400);
    const stray = await admin('POST', '/data/channel', { key: 'not-wrapped' });
    expect(stray.status).toBe(400);
    expect(stray.body.errors[0].code).toBe('InvalidJsonInput');
    expect(mock.data.all('channel')).toEqual([]);
    const author = { isPlatformClient: false, clientId: 'importer' };
    const authored = await admin('POST', '/data/channel', { draft: { key: 'authored' }, author });
    expect(authored.body.createdBy).toMatchObject({ clientId: 'importer' });
  });

  test("events: a destination fails and is repaired; tokens: one read by its access token; the journal's last sequence", async () => {
    mock.data.create('subscription', {
      key: 'orders',
      destination: { type: 'SQS', queueUrl: 'https://sqs.eu-central-1.amazonaws.com/123456789012/orders', region: 'eu-central-1' },
      messages: [{ resourceTypeId: 'customer' }],
    });
    const failed = await admin('POST', '/events/destinations/orders/fail', { status: 'TemporaryError' });
    expect(failed.body).toEqual({ status: 'TemporaryError' });
    expect(mock.data.getByKey('subscription', 'orders')?.status).toBe('TemporaryError');
    expect((await admin('POST', '/events/destinations/orders/fail', { status: 'Healthy' })).status).toBe(400);
    expect((await admin('POST', '/events/destinations/orders/repair', {})).body).toEqual({ status: 'Healthy' });
    expect((await admin('POST', '/events/destinations/nobody/repair', {})).status).toBe(400);
    const token = mock.tokens.issue({ kind: 'anonymous', anonymousId: 'visitor' });
    expect((await admin('GET', `/tokens/${token.accessToken}`)).body).toMatchObject({ kind: 'anonymous', anonymousId: 'visitor' });
    expect((await admin('GET', '/tokens/unknown-token')).status).toBe(404);
    await fetch(`${server.url}/shop/channels`);
    expect((await admin('GET', '/journal/last-sequence')).body).toEqual({ lastSequence: mock.journal.lastSequence() });
  });
});

test.describe('admin API beyond loopback', () => {
  test('without an admin token the routes are refused (health stays open); with one, the token is required', async () => {
    const open = await startServer(createCommerceMock(), { port: 0, host: '0.0.0.0' });
    try {
      expect((await fetch(`${open.url}/__mock/health`)).status).toBe(200);
      const refused = await fetch(`${open.url}/__mock/state/clear`, { method: 'POST' });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as Json).message).toContain('--admin-token');
    } finally {
      await open.close();
    }
    const guarded = createCommerceMock();
    guarded.data.seed([['channel', { key: 'kept' }]]);
    const secured = await startServer(guarded, { port: 0, host: '0.0.0.0', adminToken: 's3cret' });
    try {
      const clear = (headers: Record<string, string>) => fetch(`${secured.url}/__mock/state/clear`, { method: 'POST', headers });
      expect((await clear({})).status).toBe(401);
      expect((await clear({ authorization: 'Bearer wrong' })).status).toBe(403);
      expect(guarded.data.all('channel')).toHaveLength(1);
      expect((await clear({ authorization: 'Bearer s3cret' })).status).toBe(200);
      expect(guarded.data.all('channel')).toHaveLength(0);
    } finally {
      await secured.close();
    }
  });

  test('a loopback server given an admin token requires it too', async () => {
    const secured = await startServer(createCommerceMock(), { port: 0, adminToken: 's3cret' });
    try {
      expect((await fetch(`${secured.url}/__mock/journal/requests`)).status).toBe(401);
      expect((await fetch(`${secured.url}/__mock/journal/requests`, { headers: { authorization: 'Bearer s3cret' } })).status).toBe(200);
    } finally {
      await secured.close();
    }
  });
});

test.describe('admin API against a catastrophic pattern', () => {
  test('a glob runs in bounded time, and a regular expression is refused: another client is not held up', async () => {
    const evilPath = `/shop/${'a'.repeat(40)}!`;
    await fetch(`${server.url}${evilPath}`);
    // The pattern that froze the server as a regular expression, written as a glob and as a regex.
    const started = performance.now();
    const [globbed, other] = await Promise.all([
      admin('GET', `/journal/requests?pathGlob=${encodeURIComponent(`/shop/${'*a'.repeat(20)}*b`)}`),
      fetch(`${server.url}/shop/channels`),
    ]);
    expect(globbed.status).toBe(200);
    expect(globbed.body.results).toEqual([]);
    expect(other.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    const refused = await admin('GET', `/journal/requests?pathPattern=${encodeURIComponent('^/(a+)+$')}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('pathGlob');
  });
});

test.describe('admin API and web pages', () => {
  test('a request naming an Origin is refused, with how to allow one; the API stays open to pages', async () => {
    mock.data.seed(['channel', { key: 'kept' }]);
    const fromPage = await fetch(`${server.url}/__mock/state/export?tokens=true`, { headers: { origin: 'http://evil.example' } });
    expect(fromPage.status).toBe(403);
    expect(fromPage.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await fromPage.json()) as Json).message).toContain('--admin-allow-origin http://evil.example');
    const wipe = await fetch(`${server.url}/__mock/state/clear`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(wipe.status).toBe(403);
    expect(mock.data.all('channel')).toHaveLength(1);
    const preflight = await fetch(`${server.url}/__mock/state/clear`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // Test code (no Origin) is served as before, without CORS headers on the admin routes.
    const fromTests = await fetch(`${server.url}/__mock/info`);
    expect(fromTests.status).toBe(200);
    expect(fromTests.headers.get('access-control-allow-origin')).toBeNull();
    const api = await fetch(`${server.url}/shop/channels`, { headers: { origin: 'http://evil.example' } });
    expect(api.status).toBe(200);
    expect(api.headers.get('access-control-allow-origin')).toBe('*');
  });

  test('an origin allowed on purpose is served', async () => {
    const allowing = await startServer(createCommerceMock(), { port: 0, adminAllowOrigins: ['http://localhost:3000'] });
    try {
      const allowed = await fetch(`${allowing.url}/__mock/info`, { headers: { origin: 'http://localhost:3000' } });
      expect(allowed.status).toBe(200);
      expect((await fetch(`${allowing.url}/__mock/info`, { headers: { origin: 'http://localhost:3001' } })).status).toBe(403);
    } finally {
      await allowing.close();
    }
  });

  test('on a loopback server without a token, a foreign Host (DNS rebinding) is refused; loopback names are served', async () => {
    const { request } = await import('node:http');
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const outgoing = request(`${server.url}/__mock/info`, { headers: { host } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        outgoing.on('error', reject);
        outgoing.end();
      });
    expect(await get('attacker.example:8989')).toBe(403);
    expect(await get(`localhost:${server.port}`)).toBe(200);
    expect(await get(`127.0.0.1:${server.port}`)).toBe(200);
    expect(await get(`[::1]:${server.port}`)).toBe(200);
  });
});
