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
  SeedError,
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
      const apis =
        kind === 'remote'
          ? { api: apiUrl, auth: apiUrl, import: `${apiUrl}/__import`, history: `${apiUrl}/__history`, checkout: `${apiUrl}/__checkout` }
          : {
              api: 'https://api.europe-west1.gcp.commercetools.com',
              auth: 'https://auth.europe-west1.gcp.commercetools.com',
              import: 'https://import.europe-west1.gcp.commercetools.com',
              history: 'https://history.europe-west1.gcp.commercetools.com',
              checkout: 'https://checkout.europe-west1.gcp.commercetools.com',
            };
      expect(await client.info()).toEqual({ defaultProjectKey: 'shop', storage: 'memory', apis });
    });

    test('seed takes any number of drafts; a trailing { projectKey } is refused and nothing is stored', async () => {
      const first = customerFactory.build({ email: 'first@example.com' });
      const second = customerFactory.build({ email: 'second@example.com' });
      await expect(client.data.seed(first, { projectKey: 'shop' } as never)).rejects.toThrow(
        /seed\(\) takes drafts only; to seed another project, use project\(key\)\.data\.seed/,
      );
      expect(await client.data.all('customer')).toEqual([]);
      const seeded = await client.data.seed(first, second);
      expect(seeded.map((customer) => customer.email)).toEqual(['first@example.com', 'second@example.com']);
      expect(await client.data.all('customer')).toHaveLength(2);
    });

    test('seed takes factory output and pairs, nested; reads find the resources', async () => {
      const [customer, category, channel] = (await client.data.seed(customerFactory.build({ firstName: 'Ada' }), [
        categoryFactory.build({ key: 'shirts' }),
        ['channel', { key: 'berlin' }],
      ])) as Json[];
      expect(customer).toMatchObject({ firstName: 'Ada', version: 1 });
      expect(category!.key).toBe('shirts');
      expect(channel!.key).toBe('berlin');
      expect(((await client.data.get('customer', customer!.id)) as Json).firstName).toBe('Ada');
      expect(((await client.data.getByKey('category', 'shirts')) as Json).id).toBe(category!.id);
      expect(await client.data.get('customer', 'missing')).toBeUndefined();
      expect(await client.data.getByKey('category', 'missing')).toBeUndefined();
      expect((await client.data.all('channel')).map((c) => c.id)).toEqual([channel!.id]);
      const page = await client.data.query('customer', { where: 'firstName = "Ada"', limit: 1, withTotal: false });
      expect(page).toMatchObject({ count: 1, limit: 1 });
      expect(page).not.toHaveProperty('total');
    });

    test('a project other than the default', async () => {
      await client.project('other').data.seed([['channel', { key: 'elsewhere' }]]);
      expect(await client.data.getByKey('channel', 'elsewhere')).toBeUndefined();
      expect(await client.project('other').data.getByKey('channel', 'elsewhere')).toBeDefined();
      expect(await client.project('other').data.all('channel')).toHaveLength(1);
      expect((await client.project('other').data.query('channel', {})).count).toBe(1);
    });

    test('a refused draft throws the PlatformError and stores none of the items', async () => {
      const refused = client.data.seed([
        ['channel', { key: 'one' }],
        ['channel', { key: 'one' }],
      ]);
      await expect(refused).rejects.toBeInstanceOf(PlatformError);
      await expect(refused).rejects.toMatchObject({ statusCode: 400, code: 'DuplicateField' });
      expect(await client.data.all('channel')).toEqual([]);
      await expect(client.data.seed([{ key: 'untagged' }] as never)).rejects.toThrow(/untagged draft/);
      await expect(client.data.all('spaceship' as never)).rejects.toThrow(/unknown resource type 'spaceship'\.$/);
    });

    test('a refused seed item is named by index, type and field, as in process; the platform error stays reachable', async () => {
      const items = () => [categoryFactory.build(), [categoryFactory.build(), ['customer', { password: 'secret' }]]] as const;
      const message = 'commerce-mock: seed item 2 (customer): email: Missing required value.';
      // The in-process mock's words are the reference.
      expect(() => mock.data.seed(...(items() as never as [never]))).toThrow(message);
      const error = await client.data.seed(...(items() as never as [never])).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(SeedError);
      expect(error).toBeInstanceOf(PlatformError);
      expect((error as SeedError).message).toBe(message);
      expect(error).toMatchObject({ name: 'SeedError', index: 2, typeId: 'customer', statusCode: 400, code: 'InvalidJsonInput' });
      const platform = [
        {
          code: 'InvalidJsonInput',
          message: 'Request body does not contain valid JSON.',
          detailedErrorMessage: 'email: Missing required value.',
        },
      ];
      expect((error as SeedError).errors).toEqual(platform);
      expect((error as SeedError).cause).toBeInstanceOf(PlatformError);
      expect((error as SeedError).cause).toMatchObject({
        statusCode: 400,
        errors: platform,
        message: 'Request body does not contain valid JSON.',
      });
      // All or nothing: the two categories before it are not stored.
      expect(await client.data.all('category')).toEqual([]);

      // Every fault of the item, each with its field; a rule broken by a value, the field first.
      await expect(client.data.seed(['customer', { email: 'ada@example.com', addresses: [{ country: 'Germany' }] }])).rejects.toThrow(
        'commerce-mock: seed item 0 (customer): addresses[0].country: The value "Germany" is not valid for field \'addresses[0].country\'. ' +
          'A country is a two-letter ISO 3166-1 code; password: A value is required for field password.',
      );
      await expect(client.data.seed(['channel', { key: 'one' }], ['channel', { key: 'one' }])).rejects.toThrow(
        `commerce-mock: seed item 1 (channel): key: A duplicate value '"one"' exists for field 'key'.`,
      );
      // A misspelt type: the item named, and the type likely meant.
      await expect(client.data.seed(['channel', { key: 'two' }], ['custmer' as never, {}])).rejects.toThrow(
        "commerce-mock: seed item 1 (custmer): unknown resource type 'custmer' — did you mean 'customer'?",
      );
      await expect(client.data.all('custmer' as never)).rejects.toThrow(
        "commerce-mock: unknown resource type 'custmer' — did you mean 'customer'?",
      );
      await expect(client.data.seed(['channel', { key: 'three' }], { key: 'untagged' } as never)).rejects.toThrow(
        'commerce-mock: seed item 1 is an untagged draft: seed() needs factory output (tagged with its type) or a [typeId, draft] pair.',
      );
      expect(await client.data.all('channel')).toEqual([]);
    });

    test('tokens: issue, list and filter; an unknown customer is refused', async () => {
      const [customer] = (await client.data.seed([customerFactory.build()])) as Json[];
      const token = await client.tokens.issue({ kind: 'customer', customerId: customer!.id });
      expect(token).toMatchObject({ kind: 'customer', customerId: customer!.id, projectKey: 'shop' });
      await client.tokens.issue({ kind: 'anonymous', anonymousId: 'visitor' });
      expect(await client.tokens.list()).toHaveLength(2);
      expect((await client.tokens.list({ kind: 'anonymous' })).map((t) => t.anonymousId)).toEqual(['visitor']);
      expect((await client.tokens.find({ kind: 'customer' }))?.accessToken).toBe(token.accessToken);
      expect(await client.tokens.get(token.accessToken)).toMatchObject({ customerId: customer!.id });
      expect(await client.tokens.get('not-a-token')).toBeUndefined();
      await expect(client.tokens.issue({ kind: 'customer', customerId: 'nobody' })).rejects.toMatchObject({ statusCode: 404 });
    });

    test('the request journal: filters, path patterns with flags, limit, the last sequence', async () => {
      await send('GET', '/shop/channels');
      await send('POST', '/shop/channels', { key: 'c1' });
      await send('GET', '/shop/Channels/key=c1');
      expect((await client.journal.requests()).map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200', 'POST 201', 'GET 404']);
      expect(await client.journal.requests({ path: /channels\/key=/i })).toHaveLength(1);
      expect(await client.journal.requests({ path: /channels\/key=/ })).toHaveLength(0);
      expect((await client.journal.requests({ limit: 1 }))[0]!.method).toBe('GET');
      expect(await client.journal.lastSequence()).toBe(3);
      expect(await client.journal.requests({ since: 2 })).toHaveLength(1);
      expect(JSON.parse((await client.journal.requests({ method: 'POST' }))[0]!.requestBody!)).toEqual({ key: 'c1' });
    });

    test('clear empties data, tokens, decisions and journal', async () => {
      await client.data.seed([['channel', { key: 'c1' }]]);
      await client.tokens.issue({ kind: 'anonymous' });
      await send('GET', '/shop/channels');
      await client.state.clear();
      expect(await client.data.all('channel')).toEqual([]);
      expect(await client.tokens.list()).toEqual([]);
      expect(await client.journal.requests()).toEqual([]);
      expect(await client.permissions.decisions()).toEqual([]);
    });
  });
}

test('a server that is not there: a message naming its URL', async () => {
  const client = connectCommerceMock('http://127.0.0.1:9');
  await expect(client.data.all('channel')).rejects.toThrow(/the server at http:\/\/127\.0\.0\.1:9 cannot be reached/);
});

test('a server with an admin token: the client sends it', async () => {
  const mock = createCommerceMock();
  const server = await startServer(mock, { port: 0, adminToken: 's3cret' });
  try {
    await expect(connectCommerceMock(server.url).data.all('channel')).rejects.toMatchObject({ statusCode: 401 });
    expect(await connectCommerceMock(server.url, { adminToken: 's3cret' }).data.all('channel')).toEqual([]);
  } finally {
    await server.close();
  }
});
