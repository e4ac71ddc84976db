/**
 * `createCommerceMock(options)`: defaults, validation at construction, isolation between instances,
 * `clear()`, and the default project key of programmatic calls.
 */
import { mockInternals } from '../../src/api/mock.js';
import { closestName, didYouMean } from '../../src/util/did-you-mean.js';
import { test as base, expect } from '@playwright/test';
import {
  CommerceMock,
  createCommerceMock,
  DEFAULT_API_URL,
  DEFAULT_AUTH_URL,
  MemoryStorage,
  type CommerceMockOptions,
} from '../../src/index.js';
import { PROJECT_KEY, sdkApiRoot, test } from '../support/sdk.js';

type Json = Record<string, any>;

const basic = `Basic ${Buffer.from('client:secret').toString('base64')}`;

function token(mock: CommerceMock, form = 'grant_type=client_credentials'): string {
  const response = mock.handle({ method: 'POST', url: '/oauth/token', headers: { authorization: basic }, body: form });
  expect(response.status).toBe(200);
  return (response.body as Json).access_token as string;
}

function post(mock: CommerceMock, path: string, body: unknown, headers: Record<string, string> = {}) {
  return mock.handle({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

base.describe('defaults', () => {
  base('no options: europe-west1 GCP hosts, authentication off, project test-project', () => {
    const mock = createCommerceMock();
    expect(DEFAULT_API_URL).toBe('https://api.europe-west1.gcp.commercetools.com');
    expect(DEFAULT_AUTH_URL).toBe('https://auth.europe-west1.gcp.commercetools.com');
    expect(mock.options).toEqual({
      defaultProjectKey: 'test-project',
      apiUrl: 'https://api.europe-west1.gcp.commercetools.com',
      authUrl: 'https://auth.europe-west1.gcp.commercetools.com',
      importUrl: 'https://import.europe-west1.gcp.commercetools.com',
      historyUrl: 'https://history.europe-west1.gcp.commercetools.com',
      checkoutUrl: 'https://checkout.europe-west1.gcp.commercetools.com',
      enableAuthentication: false,
      validateCredentials: false,
      strictWhere: false,
      journal: { size: 1000, bodyLimit: 4096, maxCharacters: 8_000_000 },
      retention: {
        refreshTokensPerProject: 10_000,
        deliveriesPerProject: 10_000,
        permissionDecisions: 10_000,
        historyRecordsPerProject: 10_000,
        snapshots: 100,
      },
      latencyMs: 0,
      enforceTokenExpiry: false,
      tokenLifetimeSeconds: 172_800,
      defaultClientScope: 'todo',
    });
    expect(mock).toBeInstanceOf(CommerceMock);
    expect(mockInternals(mock).storage).toBeInstanceOf(MemoryStorage);
    // Authentication off: no Authorization header needed.
    expect(mock.handle({ method: 'GET', url: '/test-project/customers' }).status).toBe(200);
    expect(createCommerceMock({}).options).toEqual(mock.options);
    expect(new CommerceMock().options).toEqual(mock.options);
  });

  base('given options are kept; trailing slashes of URLs are dropped', () => {
    const mock = createCommerceMock({
      defaultProjectKey: 'my_shop-1',
      apiUrl: 'http://localhost:8080/',
      authUrl: 'https://auth.example.com//',
      importUrl: 'http://localhost:8081/',
      enableAuthentication: true,
      validateCredentials: true,
      strictWhere: true,
      journal: { size: 10 },
      retention: { snapshots: 3 },
      latencyMs: [5, 10],
      enforceTokenExpiry: true,
      tokenLifetimeSeconds: 600,
      defaultClientScope: 'project',
    });
    expect(mock.options).toEqual({
      defaultProjectKey: 'my_shop-1',
      apiUrl: 'http://localhost:8080',
      authUrl: 'https://auth.example.com',
      importUrl: 'http://localhost:8081',
      // Not given, and apiUrl is not the platform's: the default Region's hosts.
      historyUrl: 'https://history.europe-west1.gcp.commercetools.com',
      checkoutUrl: 'https://checkout.europe-west1.gcp.commercetools.com',
      enableAuthentication: true,
      validateCredentials: true,
      strictWhere: true,
      journal: { size: 10, bodyLimit: 4096, maxCharacters: 8_000_000 },
      retention: {
        refreshTokensPerProject: 10_000,
        deliveriesPerProject: 10_000,
        permissionDecisions: 10_000,
        historyRecordsPerProject: 10_000,
        snapshots: 3,
      },
      latencyMs: [5, 10],
      enforceTokenExpiry: true,
      tokenLifetimeSeconds: 600,
      defaultClientScope: 'project',
    });
  });

  base('a storage backend object is used as given', () => {
    const storage = new MemoryStorage();
    const mock = createCommerceMock({ storage });
    expect(mockInternals(mock).storage).toBe(storage);
    const customer = mock.data.create<Json>('customer', { email: 'a@example.com', password: 'pw' });
    expect(storage.get('test-project', 'customer', customer.id)).toMatchObject({ email: 'a@example.com' });
  });
});

base.describe('bad options throw at construction, naming the option', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['enableAuthentication wrong type', { enableAuthentication: 'yes' }, /enableAuthentication/],
    ['validateCredentials wrong type', { validateCredentials: 1 }, /validateCredentials/],
    ['strictWhere wrong type', { strictWhere: null }, /strictWhere/],
    ['apiUrl not a URL', { apiUrl: 'not a url' }, /apiUrl/],
    ['authUrl not a URL', { authUrl: 'localhost:8080' }, /authUrl/],
    ['apiUrl with another protocol', { apiUrl: 'ftp://example.com' }, /apiUrl/],
    ['apiUrl wrong type', { apiUrl: 42 }, /apiUrl/],
    ['defaultProjectKey with bad characters', { defaultProjectKey: 'My Shop!' }, /defaultProjectKey/],
    ['defaultProjectKey too short', { defaultProjectKey: 'a' }, /defaultProjectKey/],
    ['defaultProjectKey wrong type', { defaultProjectKey: 7 }, /defaultProjectKey/],
    ['storage not a backend', { storage: 'sqlite' }, /storage/],
    ['enforceTokenExpiry wrong type', { enforceTokenExpiry: 'yes' }, /enforceTokenExpiry/],
    ['tokenLifetimeSeconds zero', { tokenLifetimeSeconds: 0 }, /tokenLifetimeSeconds/],
    ['tokenLifetimeSeconds beyond two days', { tokenLifetimeSeconds: 172_801 }, /tokenLifetimeSeconds/],
    ['storage object without methods', { storage: { get() {} } }, /storage/],
    ['retention.deliveriesPerProject zero', { retention: { deliveriesPerProject: 0 } }, /retention\.deliveriesPerProject/],
    ['retention with an unknown limit', { retention: { messages: 10 } }, /messages/],
    ['an unknown option', { enableAuth: true }, /enableAuth\b/],
    ['a misspelt option', { validateCredential: true }, /validateCredential\b/],
  ];
  for (const [label, options, message] of cases) {
    base(label, () => {
      expect(() => createCommerceMock(options as CommerceMockOptions)).toThrow(TypeError);
      expect(() => createCommerceMock(options as CommerceMockOptions)).toThrow(message);
      expect(() => new CommerceMock(options as CommerceMockOptions)).toThrow(message);
    });
  }

  base('an apiUrl/authUrl that is not a bare origin (path, query) is refused at construction', () => {
    for (const options of [
      { apiUrl: 'https://api.example.com/base' },
      { authUrl: 'https://auth.example.com/oauth' },
      { apiUrl: 'https://api.example.com?region=eu' },
    ]) {
      const name = Object.keys(options)[0]!;
      expect.soft(() => createCommerceMock(options), JSON.stringify(options)).toThrow(new RegExp(name));
    }
  });

  base('an unknown option name gets the likely one: case ignored, a typo or two, nested options too; none for a stranger', () => {
    const refusal = (options: unknown) => {
      try {
        createCommerceMock(options as CommerceMockOptions);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal({ apiURL: 'https://api.example.com' })).toBe(
      "commerce-mock: invalid options: unknown option 'apiURL' — did you mean 'apiUrl'?",
    );
    expect(refusal({ validateCredential: true })).toBe(
      "commerce-mock: invalid options: unknown option 'validateCredential' — did you mean 'validateCredentials'?",
    );
    expect(refusal({ stritcWhere: true })).toBe(
      "commerce-mock: invalid options: unknown option 'stritcWhere' — did you mean 'strictWhere'?",
    );
    expect(refusal({ journal: { sise: 10 } })).toBe(
      "commerce-mock: invalid options: unknown option 'journal.sise' — did you mean 'journal.size'?",
    );
    expect(refusal({ retention: { snapshot: 10 } })).toBe(
      "commerce-mock: invalid options: unknown option 'retention.snapshot' — did you mean 'retention.snapshots'?",
    );
    expect(refusal({ enableAuth: true, bogus: 1 })).toBe(
      "commerce-mock: invalid options: unknown option 'enableAuth'; unknown option 'bogus'",
    );
  });

  base('the one did-you-mean rule: an edit distance of a third of the name, case ignored, swaps counted once', () => {
    const flags = ['--port', '--host', '--storage', '--strict-where', '-h'];
    expect(closestName('--prot', flags)).toBe('--port'); // two neighbours swapped: one edit
    expect(closestName('--PORT', flags)).toBe('--port');
    expect(closestName('--stroage', flags)).toBe('--storage');
    expect(closestName('--strictwhere', flags)).toBe('--strict-where');
    expect(closestName('-x', flags)).toBeUndefined(); // too short to be like one name more than another
    expect(closestName('--verbose', flags)).toBeUndefined();
    expect(closestName('x'.repeat(100_000), flags)).toBeUndefined();
    expect(closestName('cart', ['card', 'care'])).toBe('card'); // a tie: the first known name
    expect(closestName('customers', ['customer', 'customers'])).toBe('customer'); // a known name is not its own suggestion
    expect(didYouMean('asociateId', ['associateId'], (name) => JSON.stringify(name))).toBe(' — did you mean "associateId"?');
    expect(didYouMean('zzz', ['associateId'])).toBe('');
  });

  base('every bad option is named in one message', () => {
    let error: unknown;
    try {
      createCommerceMock({ enableAuthentication: 'x', apiUrl: 'nope', bogus: 1 } as unknown as CommerceMockOptions);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeError);
    const message = (error as Error).message;
    expect(message).toMatch(/^commerce-mock: /);
    for (const name of ['enableAuthentication', 'apiUrl', 'bogus']) expect(message).toContain(name);
  });
});

base.describe('isolation and clear()', () => {
  base('two instances share no data, settings or tokens', () => {
    const one = createCommerceMock();
    const two = createCommerceMock();
    const customer = one.data.create<Json>('customer', { email: 'same@example.com', password: 'pw', key: 'same' });
    expect(two.data.get('customer', customer.id)).toBeUndefined();
    expect(two.data.getByKey('customer', 'same')).toBeUndefined();
    expect(two.data.all('customer')).toEqual([]);
    // The same email and key are free in the other instance.
    expect(two.data.create<Json>('customer', { email: 'same@example.com', password: 'pw', key: 'same' }).id).not.toBe(customer.id);
    expect(one.data.all('customer')).toHaveLength(1);

    const issued = token(one);
    expect(one.tokens.get(issued)).toBeDefined();
    expect(two.tokens.get(issued)).toBeUndefined();
    expect(two.tokens.list()).toEqual([]);

    post(one, '/test-project', { version: 1, actions: [{ action: 'changeName', name: 'One' }] });
    expect(one.handle({ method: 'GET', url: '/test-project' }).body).toMatchObject({ name: 'One', version: 2 });
    expect(two.handle({ method: 'GET', url: '/test-project' }).body).toMatchObject({ name: 'test-project', version: 1 });
  });

  base("an instance with validateCredentials refuses the other instance's tokens", () => {
    const one = createCommerceMock({ enableAuthentication: true, validateCredentials: true });
    const two = createCommerceMock({ enableAuthentication: true, validateCredentials: true });
    const fromOne = token(one);
    expect(one.handle({ method: 'GET', url: '/test-project/customers', headers: { authorization: `Bearer ${fromOne}` } }).status).toBe(200);
    expect(two.handle({ method: 'GET', url: '/test-project/customers', headers: { authorization: `Bearer ${fromOne}` } }).status).toBe(401);
  });

  base('options of one instance do not leak into another', () => {
    const strict = createCommerceMock({ enableAuthentication: true, validateCredentials: true, defaultProjectKey: 'strict-one' });
    const relaxed = createCommerceMock();
    expect(relaxed.options.enableAuthentication).toBe(false);
    expect(relaxed.options.defaultProjectKey).toBe('test-project');
    expect(strict.handle({ method: 'GET', url: '/test-project/customers' }).status).toBe(401);
    expect(relaxed.handle({ method: 'GET', url: '/test-project/customers' }).status).toBe(200);
  });

  base('clear() removes all data of all projects and all tokens; the mock keeps working', () => {
    const mock = createCommerceMock();
    mock.data.create('customer', { email: 'a@example.com', password: 'pw', key: 'aa' });
    mock.project('other').data.create('customer', { email: 'b@example.com', password: 'pw' });
    mock.data.create('store', { key: 'berlin' });
    post(mock, '/test-project', { version: 1, actions: [{ action: 'changeName', name: 'Renamed' }] });
    const issued = token(mock);
    const customerToken = token(mock, 'grant_type=client_credentials&scope=manage_project:test-project');
    expect(mock.tokens.list()).toHaveLength(2);

    mock.state.clear();

    expect(mock.data.all('customer')).toEqual([]);
    expect(mock.project('other').data.all('customer')).toEqual([]);
    expect(mock.data.all('store')).toEqual([]);
    expect(mock.data.getByKey('customer', 'aa')).toBeUndefined();
    expect(mock.tokens.list()).toEqual([]);
    expect(mock.tokens.get(issued)).toBeUndefined();
    expect(mock.tokens.get(customerToken)).toBeUndefined();
    expect(mock.handle({ method: 'GET', url: '/test-project' }).body).toMatchObject({ name: 'test-project', version: 1 });
    expect((mock.handle({ method: 'GET', url: '/test-project/customers' }).body as Json).total).toBe(0);

    // Unique indexes were cleared too: the same email and key can be used again.
    const again = post(mock, '/test-project/customers', { email: 'A@example.com', password: 'pw', key: 'aa' });
    expect(again.status).toBe(201);
    expect(mock.data.all('customer')).toHaveLength(1);
    // And tokens are issued afresh.
    expect(mock.tokens.get(token(mock))).toBeDefined();
  });
});

base('query takes numbers and booleans as the platform does, and leaves out a parameter given as undefined', () => {
  const mock = createCommerceMock();
  for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) mock.data.create('customer', { email, password: 'pw' });
  const page = mock.data.query('customer', { sort: 'email desc', limit: 1, offset: 1, withTotal: false, where: undefined });
  expect(page).toMatchObject({ limit: 1, offset: 1, count: 1 });
  expect(page.total).toBeUndefined();
  expect(page.results.map((customer) => customer.email)).toEqual(['b@example.com']);
  expect(mock.data.query('customer', { withTotal: true, limit: 2 })).toMatchObject({ total: 3, count: 2 });
});

base.describe('programmatic calls without a project use defaultProjectKey', () => {
  base('create, get, getByKey, all, query and update', () => {
    const mock = createCommerceMock({ defaultProjectKey: 'shop' });
    const created = mock.data.create<Json>('customer', { email: 'a@example.com', password: 'pw', key: 'ak' });
    // Visible over the API of that project only.
    expect(mock.handle({ method: 'GET', url: `/shop/customers/${created.id}` }).status).toBe(200);
    expect(mock.handle({ method: 'GET', url: `/test-project/customers/${created.id}` }).status).toBe(404);
    expect(mock.data.get('customer', created.id)).toMatchObject({ email: 'a@example.com' });
    expect(mock.project('shop').data.get('customer', created.id)).toBeDefined();
    expect(mock.project('test-project').data.get('customer', created.id)).toBeUndefined();
    expect(mock.data.getByKey<Json>('customer', 'ak')?.id).toBe(created.id);
    expect(mock.data.all('customer')).toHaveLength(1);
    expect(mock.data.query('customer', { where: 'email="a@example.com"' })).toMatchObject({ count: 1, total: 1 });
    expect(mock.project('test-project').data.query('customer', {})).toMatchObject({ count: 0 });
    const updated = mock.data.update<Json>('customer', created.id, { version: 1, actions: [{ action: 'setFirstName', firstName: 'A' }] });
    expect(updated).toMatchObject({ version: 2, firstName: 'A' });
    expect((mock.handle({ method: 'GET', url: `/shop/customers/${created.id}` }).body as Json).version).toBe(2);

    // An explicit project wins.
    const elsewhere = mock.project('elsewhere').data.create<Json>('customer', { email: 'a@example.com', password: 'pw' });
    expect(mock.data.get('customer', elsewhere.id)).toBeUndefined();
    expect(mock.project('elsewhere').data.get('customer', elsewhere.id)).toBeDefined();
  });

  base('programmatic calls validate like the API and accept path names', () => {
    const mock = createCommerceMock();
    expect(() => mock.data.create('customer', { email: 42 })).toThrow();
    expect(() => mock.data.create('no-such-type', {})).toThrow(/no-such-type/);
    const viaPath = mock.data.create<Json>('customers', { email: 'p@example.com', password: 'pw' });
    expect(mock.data.get('customer', viaPath.id)).toBeDefined();
    expect(() => mock.data.update('customer', viaPath.id, { version: 5, actions: [] })).toThrow(/different version/);
    expect(mock.data.all('customer')).toHaveLength(1);
  });
});

test.describe('the fixture honours mockOptions', () => {
  test.use({ mockOptions: { defaultProjectKey: 'fixture-shop', enableAuthentication: true, validateCredentials: true } });

  test('the SDK works against the configured default project with credentials validated', async ({ mock }) => {
    expect(mock.options).toMatchObject({ defaultProjectKey: 'fixture-shop', enableAuthentication: true, validateCredentials: true });
    const root = sdkApiRoot(mock, { kind: 'client', scopes: ['manage_project:fixture-shop'] }, 'fixture-shop');
    const created = await root
      .customers()
      .post({ body: { email: 'f@example.com', password: 'pw' } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(mock.data.get('customer', created.body.customer.id)).toBeDefined();
    expect(mock.project(PROJECT_KEY).data.get('customer', created.body.customer.id)).toBeUndefined();
    const raw = await fetch(`${mock.options.apiUrl}/fixture-shop/customers`);
    expect(raw.status).toBe(401);
  });
});
