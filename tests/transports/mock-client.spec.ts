/**
 * The asynchronous mock client: the same contract, in process (`localClient`) and against a running
 * server's admin API (`connectCommerceMock`), so fixtures and matchers work the same on both.
 */
import { test, expect } from '../support/response-check.js';
import { categoryFactory, customerFactory } from '../../factories/index.js';
import {
  connectCommerceMock,
  createCommerceMock,
  localClient,
  PlatformError,
  startServer,
  type CommerceMock,
  type MockClient,
  type RunningServer,
} from '../../src/index.js';

type Json = Record<string, any>;

for (const kind of ['in-process', 'remote'] as const) {
  test.describe(`mock client (${kind})`, () => {
    let mock: CommerceMock;
    let server: RunningServer | undefined;
    let client: MockClient;
    let apiUrl: string;

    test.beforeEach(async () => {
      mock = createCommerceMock({ defaultProjectKey: 'shop' });
      if (kind === 'remote') {
        server = await startServer(mock, { port: 0 });
        client = connectCommerceMock(server.url);
        apiUrl = server.url;
      } else {
        client = localClient(mock);
        apiUrl = mock.options.apiUrl;
      }
    });
    test.afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    /** A request to the API, through the transport of this kind (a real port, or `handle`). */
    async function send(method: string, path: string, body?: unknown) {
      if (kind === 'remote') {
        await fetch(`${apiUrl}${path}`, { method, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      } else {
        mock.handle({ method, url: path, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      }
    }

    test('info names the default project and the storage', async () => {
      expect(await client.info()).toEqual({ defaultProjectKey: 'shop', storage: 'memory' });
    });

    test('seed given drafts one by one, as commerce.seed takes them, refuses and stores nothing', async () => {
      const first = customerFactory.build({ email: 'first@example.com' });
      const second = customerFactory.build({ email: 'second@example.com' });
      const seeding = (client.seed as (...items: unknown[]) => Promise<unknown>)(first, second);
      await expect(seeding).rejects.toThrow(
        /seed\(\) takes \{ projectKey \} as its last argument, and was given an object with 'email'.*seed\(\[a, b, c\]\)/,
      );
      expect(await client.all('customer')).toEqual([]);
      // Any other read with something else in the place of { projectKey } is refused as well.
      await expect(client.all('customer', { projektKey: 'shop' } as never)).rejects.toThrow(/an object with 'projektKey'/);
      expect(() => mock.seed([first], second as never)).toThrow(TypeError);
      expect(mock.all('customer')).toEqual([]);
    });

    test('seed takes factory output and pairs, nested; reads find the resources', async () => {
      const [customer, category, channel] = (await client.seed([
        customerFactory.build({ firstName: 'Ada' }),
        [categoryFactory.build({ key: 'shirts' }), ['channel', { key: 'berlin' }]],
      ])) as Json[];
      expect(customer).toMatchObject({ firstName: 'Ada', version: 1 });
      expect(category!.key).toBe('shirts');
      expect(channel!.key).toBe('berlin');
      expect(((await client.get('customer', customer!.id)) as Json).firstName).toBe('Ada');
      expect(((await client.getByKey('category', 'shirts')) as Json).id).toBe(category!.id);
      expect(await client.get('customer', 'missing')).toBeUndefined();
      expect(await client.getByKey('category', 'missing')).toBeUndefined();
      expect((await client.all('channel')).map((c) => c.id)).toEqual([channel!.id]);
      const page = await client.query('customer', { where: 'firstName = "Ada"', limit: 1, withTotal: false });
      expect(page).toMatchObject({ count: 1, limit: 1 });
      expect(page).not.toHaveProperty('total');
    });

    test('a project other than the default', async () => {
      await client.seed([['channel', { key: 'elsewhere' }]], { projectKey: 'other' });
      expect(await client.getByKey('channel', 'elsewhere')).toBeUndefined();
      expect(await client.getByKey('channel', 'elsewhere', { projectKey: 'other' })).toBeDefined();
      expect(await client.all('channel', { projectKey: 'other' })).toHaveLength(1);
      expect((await client.query('channel', {}, { projectKey: 'other' })).count).toBe(1);
    });

    test('a refused draft throws the PlatformError and stores none of the items', async () => {
      const refused = client.seed([
        ['channel', { key: 'one' }],
        ['channel', { key: 'one' }],
      ]);
      await expect(refused).rejects.toBeInstanceOf(PlatformError);
      await expect(refused).rejects.toMatchObject({ statusCode: 400, code: 'DuplicateField' });
      expect(await client.all('channel')).toEqual([]);
      await expect(client.seed([{ key: 'untagged' }])).rejects.toThrow(/untagged draft/);
      await expect(client.all('spaceship')).rejects.toThrow(/unknown resource type 'spaceship'/);
    });

    test('tokens: issue, list and filter; an unknown customer is refused', async () => {
      const [customer] = (await client.seed([customerFactory.build()])) as Json[];
      const token = await client.issueToken({ kind: 'customer', customerId: customer!.id });
      expect(token).toMatchObject({ kind: 'customer', customerId: customer!.id, projectKey: 'shop' });
      await client.issueToken({ kind: 'anonymous', anonymousId: 'visitor' });
      expect(await client.tokens()).toHaveLength(2);
      expect((await client.tokens({ kind: 'anonymous' })).map((t) => t.anonymousId)).toEqual(['visitor']);
      await expect(client.issueToken({ kind: 'customer', customerId: 'nobody' })).rejects.toMatchObject({ statusCode: 404 });
    });

    test('the request journal: filters, path patterns with flags, limit, the last sequence', async () => {
      await send('GET', '/shop/channels');
      await send('POST', '/shop/channels', { key: 'c1' });
      await send('GET', '/shop/Channels/key=c1');
      expect((await client.requests()).map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200', 'POST 201', 'GET 404']);
      expect(await client.requests({ path: /channels\/key=/i })).toHaveLength(1);
      expect(await client.requests({ path: /channels\/key=/ })).toHaveLength(0);
      expect((await client.requests({ limit: 1 }))[0]!.method).toBe('GET');
      expect(await client.lastRequestSequence()).toBe(3);
      expect(await client.requests({ since: 2 })).toHaveLength(1);
      expect(JSON.parse((await client.requests({ method: 'POST' }))[0]!.requestBody!)).toEqual({ key: 'c1' });
    });

    test('clear empties data, tokens, decisions and journal', async () => {
      await client.seed([['channel', { key: 'c1' }]]);
      await client.issueToken({ kind: 'anonymous' });
      await send('GET', '/shop/channels');
      await client.clear();
      expect(await client.all('channel')).toEqual([]);
      expect(await client.tokens()).toEqual([]);
      expect(await client.requests()).toEqual([]);
      expect(await client.permissionDecisions()).toEqual([]);
    });
  });
}

test('a server that is not there: a message naming its URL', async () => {
  const client = connectCommerceMock('http://127.0.0.1:9');
  await expect(client.all('channel')).rejects.toThrow(/the server at http:\/\/127\.0\.0\.1:9 cannot be reached/);
});

test('a server with an admin token: the client sends it', async () => {
  const mock = createCommerceMock();
  const server = await startServer(mock, { port: 0, adminToken: 's3cret' });
  try {
    await expect(connectCommerceMock(server.url).all('channel')).rejects.toMatchObject({ statusCode: 401 });
    expect(await connectCommerceMock(server.url, { adminToken: 's3cret' }).all('channel')).toEqual([]);
  } finally {
    await server.close();
  }
});
