/**
 * The generic resource machinery, driven through customers with the official SDK and with plain
 * fetch: create, read, update (versioning, atomicity), delete, HEAD, paged lists, uniqueness,
 * errors, projects, project settings and login.
 */
import { test as base } from '@playwright/test';
import { createCommerceMock, type CommerceMock } from '../../src/index.js';
import { startServer } from '../../src/adapters/transports/node-server.js';
import { PROJECT_KEY, expect, sdkApiRoot, invalidJson, sdkFailure, test } from '../support/sdk.js';

type Json = Record<string, any>;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Result {
  status: number;
  body: Json | undefined;
  text: string;
  contentType: string | null;
}

/** A request to `apiUrl + path` (path starts with `/`, includes the project key). */
async function req(mock: CommerceMock, method: string, path: string, body?: unknown): Promise<Result> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const response = await fetch(`${mock.options.apiUrl}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? undefined : (JSON.parse(text) as Json),
    text,
    contentType: response.headers.get('content-type'),
  };
}

const p = (path: string) => `/${PROJECT_KEY}${path}`;

function expectError(result: Result, status: number, code: string): Json {
  expect(result.status).toBe(status);
  expect(result.body?.statusCode).toBe(status);
  expect(Array.isArray(result.body?.errors)).toBe(true);
  expect(result.body?.errors[0].code).toBe(code);
  expect(result.body?.message).toBe(result.body?.errors[0].message);
  return result.body!.errors[0] as Json;
}

function seed(mock: CommerceMock, email = 'ada@example.com', extra: Json = {}) {
  return mock.data.create<Json & { id: string; version: number }>('customer', { email, password: 'secret-1', ...extra });
}

test.describe('create', () => {
  test('SDK: 201 {customer}, version 1, ISO timestamps, stored as answered', async ({ apiRoot, mock }) => {
    const before = new Date().toISOString();
    const created = await apiRoot
      .customers()
      .post({ body: { email: 'ada@example.com', password: 'secret-1', key: 'ada', firstName: 'Ada' } })
      .execute();
    expect(created.statusCode).toBe(201);
    const customer = created.body.customer;
    expect(customer.id).toMatch(UUID);
    expect(customer.version).toBe(1);
    expect(customer.createdAt).toMatch(ISO);
    expect(customer.lastModifiedAt).toBe(customer.createdAt);
    expect(customer.createdAt >= before).toBe(true);
    expect(customer).toMatchObject({ email: 'ada@example.com', key: 'ada', firstName: 'Ada', addresses: [], isEmailVerified: false });
    expect(mock.data.get('customer', customer.id)).toEqual(JSON.parse(JSON.stringify(customer)));
  });

  test('fetch: 201 with a JSON content type', async ({ mock }) => {
    const created = await req(mock, 'POST', p('/customers'), { email: 'grace@example.com', password: 'pw' });
    expect(created.status).toBe(201);
    expect(created.contentType).toMatch(/^application\/json/);
    expect(created.body?.customer).toMatchObject({ email: 'grace@example.com', version: 1 });
    expect(mock.data.all('customer')).toHaveLength(1);
  });

  test('the password is never returned or stored in clear', async ({ apiRoot, mock }) => {
    const secret = 'Sup3r-Secret-Pw';
    const created = await apiRoot
      .customers()
      .post({ body: { email: 'ada@example.com', password: secret, key: 'ada' } })
      .execute();
    const id = created.body.customer.id;
    const responses: unknown[] = [
      created.body,
      (await apiRoot.customers().withId({ ID: id }).get().execute()).body,
      (await apiRoot.customers().withKey({ key: 'ada' }).get().execute()).body,
      (await apiRoot.customers().get().execute()).body,
      (
        await apiRoot
          .customers()
          .withId({ ID: id })
          .post({ body: { version: 1, actions: [{ action: 'setFirstName', firstName: 'A' }] } })
          .execute()
      ).body,
      (
        await apiRoot
          .login()
          .post({ body: { email: 'ada@example.com', password: secret } })
          .execute()
      ).body,
    ];
    for (const body of responses) expect(JSON.stringify(body)).not.toContain(secret);
    expect(JSON.stringify(mock.data.get('customer', id))).not.toContain(secret);
    expect(typeof created.body.customer.password === 'undefined' || created.body.customer.password !== secret).toBe(true);
  });
});

test.describe('read', () => {
  test('get by id and by key (SDK and fetch)', async ({ apiRoot, mock }) => {
    const customer = seed(mock, 'ada@example.com', { key: 'ada-key' });
    expect((await apiRoot.customers().withId({ ID: customer.id }).get().execute()).body).toMatchObject({ id: customer.id, key: 'ada-key' });
    expect((await apiRoot.customers().withKey({ key: 'ada-key' }).get().execute()).body.id).toBe(customer.id);
    const byKey = await req(mock, 'GET', p('/customers/key=ada-key'));
    expect(byKey.status).toBe(200);
    expect(byKey.body?.id).toBe(customer.id);
  });

  test('unknown id and key: 404 ResourceNotFound with the platform message', async ({ apiRoot, mock }) => {
    const byId = await sdkFailure(apiRoot.customers().withId({ ID: 'no-such-id' }).get().execute());
    expect(byId.statusCode).toBe(404);
    expect(byId.body.errors[0]).toMatchObject({ code: 'ResourceNotFound', message: "The Resource with ID 'no-such-id' was not found." });
    expect(byId.body.message).toBe("The Resource with ID 'no-such-id' was not found.");
    const byKey = expectError(await req(mock, 'GET', p('/customers/key=no-such-key')), 404, 'ResourceNotFound');
    expect(byKey.message).toBe("The Resource with key 'no-such-key' was not found.");
    expectError(await req(mock, 'POST', p('/customers/no-such-id'), { version: 1, actions: [] }), 404, 'ResourceNotFound');
    expectError(await req(mock, 'DELETE', p('/customers/no-such-id?version=1')), 404, 'ResourceNotFound');
    expectError(await req(mock, 'DELETE', p('/customers/key=no-such-key?version=1')), 404, 'ResourceNotFound');
  });

  test('HEAD on a resource and a collection: 200 or 404, no body', async ({ apiRoot, mock }) => {
    // "200 if any Customers match the query predicate, or 404 otherwise": an empty collection matches nothing.
    const emptyCollection = await req(mock, 'HEAD', p('/customers'));
    expect(emptyCollection.status).toBe(404);
    expect(emptyCollection.text).toBe('');
    const customer = seed(mock, 'ada@example.com', { key: 'ada' });
    for (const [path, status] of [
      [p(`/customers/${customer.id}`), 200],
      [p('/customers/key=ada'), 200],
      [p('/customers'), 200],
      [p('/customers/missing'), 404],
      [p('/customers/key=missing'), 404],
    ] as const) {
      const result = await req(mock, 'HEAD', path);
      expect.soft(result.status, path).toBe(status);
      expect.soft(result.text, path).toBe('');
    }
    expect((await apiRoot.customers().withId({ ID: customer.id }).head().execute()).statusCode).toBe(200);
    expect((await apiRoot.customers().head().execute()).statusCode).toBe(200);
    const missing = await apiRoot
      .customers()
      .withId({ ID: 'missing' })
      .head()
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error as { statusCode?: number },
      );
    expect(missing, 'HEAD on a missing resource must fail').toBeDefined();
    expect(missing!.statusCode).toBe(404);
  });
});

test.describe('paged list', () => {
  test.beforeEach(({ mock }) => {
    for (let i = 0; i < 25; i++) seed(mock, `c${String(i).padStart(2, '0')}@example.com`);
  });

  test('default envelope: limit 20, offset 0, count, total, results in creation order', async ({ apiRoot, mock }) => {
    const page = await apiRoot.customers().get().execute();
    expect(page.body).toMatchObject({ limit: 20, offset: 0, count: 20, total: 25 });
    expect(page.body.results.map((c) => c.email)).toEqual(
      mock.data
        .all<Json>('customer')
        .slice(0, 20)
        .map((c) => c.email),
    );
  });

  test('limit and offset within range', async ({ mock }) => {
    const second = await req(mock, 'GET', p('/customers?limit=10&offset=20'));
    expect(second.body).toMatchObject({ limit: 10, offset: 20, count: 5, total: 25 });
    expect(second.body?.results.map((c: Json) => c.email)).toEqual(['c20', 'c21', 'c22', 'c23', 'c24'].map((e) => `${e}@example.com`));
    const zero = await req(mock, 'GET', p('/customers?limit=0'));
    expect(zero.status).toBe(200);
    expect(zero.body).toMatchObject({ limit: 0, offset: 0, count: 0, total: 25, results: [] });
    const max = await req(mock, 'GET', p('/customers?limit=500&offset=10000'));
    expect(max.status).toBe(200);
    expect(max.body).toMatchObject({ limit: 500, offset: 10000, count: 0, total: 25, results: [] });
  });

  test('withTotal=false omits total', async ({ apiRoot, mock }) => {
    const page = await apiRoot
      .customers()
      .get({ queryArgs: { withTotal: false, limit: 3 } })
      .execute();
    expect(page.body.count).toBe(3);
    expect('total' in page.body).toBe(false);
    const viaFetch = await req(mock, 'GET', p('/customers?withTotal=false'));
    expect(viaFetch.body).toEqual({ limit: 20, offset: 0, count: 20, results: expect.any(Array) });
    const explicit = await req(mock, 'GET', p('/customers?withTotal=true'));
    expect(explicit.body?.total).toBe(25);
  });

  for (const query of [
    'limit=501',
    'limit=-1',
    'limit=abc',
    'limit=1.5',
    'limit=',
    'offset=10001',
    'offset=-5',
    'offset=x',
    'withTotal=yes',
  ]) {
    test(`out of range: ${query} → 400 InvalidInput`, async ({ mock }) => {
      const error = expectError(await req(mock, 'GET', p(`/customers?${query}`)), 400, 'InvalidInput');
      expect(error.message).toContain(query.split('=')[0]!);
    });
  }
});

test.describe('update', () => {
  test('stored documents share one frozen empty list; an update fills a list of its own copy only', async ({ apiRoot, mock }) => {
    const ada = seed(mock, 'ada@example.com');
    const bob = seed(mock, 'bob@example.com');
    const stored = (id: string) => mock.data.get('customer', id) as unknown as Record<string, unknown[]>;
    expect(stored(ada.id).addresses).toBe(stored(bob.id).shippingAddressIds);
    expect(Object.isFrozen(stored(ada.id).addresses)).toBe(true);

    const { body } = await apiRoot
      .customers()
      .withId({ ID: ada.id })
      .post({ body: { version: 1, actions: [{ action: 'addAddress', address: { key: 'home', country: 'DE' } }] } })
      .execute();
    expect(body.addresses).toEqual([expect.objectContaining({ key: 'home', country: 'DE' })]);
    expect(stored(ada.id).addresses).toHaveLength(1);
    expect(stored(ada.id).shippingAddressIds).toBe(stored(bob.id).addresses);
    expect(stored(bob.id).addresses).toEqual([]);
    expect((await apiRoot.customers().withId({ ID: bob.id }).get().execute()).body.addresses).toEqual([]);
  });

  test('by id and by key: version +1 per changing request, lastModifiedAt moves, createdAt stays', async ({ apiRoot, mock }) => {
    const customer = seed(mock, 'ada@example.com', { key: 'ada' });
    const first = await apiRoot
      .customers()
      .withId({ ID: customer.id })
      .post({
        body: {
          version: 1,
          actions: [
            { action: 'setFirstName', firstName: 'Ada' },
            { action: 'setLastName', lastName: 'Lovelace' },
          ],
        },
      })
      .execute();
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatchObject({ version: 2, firstName: 'Ada', lastName: 'Lovelace', createdAt: customer.createdAt });
    expect(first.body.lastModifiedAt >= customer.lastModifiedAt).toBe(true);
    const second = await apiRoot
      .customers()
      .withKey({ key: 'ada' })
      .post({
        body: { version: 2, actions: [{ action: 'setMiddleName', middleName: 'King' }] },
      })
      .execute();
    expect(second.body).toMatchObject({ version: 3, middleName: 'King', firstName: 'Ada' });
    const third = await req(mock, 'POST', p('/customers/key=ada'), { version: 3, actions: [{ action: 'setKey', key: 'ada-2' }] });
    expect(third.status).toBe(200);
    expect(third.body?.version).toBe(4);
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 4, key: 'ada-2', middleName: 'King' });
    // The key index follows the change.
    expect((await req(mock, 'GET', p('/customers/key=ada'))).status).toBe(404);
    expect((await req(mock, 'GET', p('/customers/key=ada-2'))).body?.id).toBe(customer.id);
  });

  test('a request that changes nothing keeps the version and lastModifiedAt', async ({ mock }) => {
    const customer = seed(mock, 'ada@example.com', { firstName: 'Ada' });
    const noop = await req(mock, 'POST', p(`/customers/${customer.id}`), {
      version: 1,
      actions: [{ action: 'setFirstName', firstName: 'Ada' }],
    });
    expect(noop.status).toBe(200);
    expect(noop.body).toMatchObject({ version: 1, lastModifiedAt: customer.lastModifiedAt });
    const empty = await req(mock, 'POST', p(`/customers/${customer.id}`), { version: 1, actions: [] });
    expect(empty.status).toBe(200);
    expect(empty.body?.version).toBe(1);
    // Changing and changing back in one request is no change either.
    const roundTrip = await req(mock, 'POST', p(`/customers/${customer.id}`), {
      version: 1,
      actions: [
        { action: 'setFirstName', firstName: 'X' },
        { action: 'setFirstName', firstName: 'Ada' },
      ],
    });
    expect(roundTrip.body?.version).toBe(1);
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 1, firstName: 'Ada' });
  });

  test('stale version: 409 ConcurrentModification with currentVersion, nothing stored', async ({ apiRoot, mock }) => {
    const customer = seed(mock);
    mock.data.update('customer', customer.id, { version: 1, actions: [{ action: 'setFirstName', firstName: 'Now' }] });
    const failure = await sdkFailure(
      apiRoot
        .customers()
        .withId({ ID: customer.id })
        .post({ body: { version: 1, actions: [{ action: 'setFirstName', firstName: 'Lost' }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(409);
    expect(failure.body.errors[0]).toMatchObject({
      code: 'ConcurrentModification',
      currentVersion: 2,
      message: `Object ${customer.id} has a different version than expected. Expected: 1 - Actual: 2.`,
    });
    const future = expectError(
      await req(mock, 'POST', p(`/customers/${customer.id}`), { version: 7, actions: [{ action: 'setFirstName', firstName: 'Lost' }] }),
      409,
      'ConcurrentModification',
    );
    expect(future.currentVersion).toBe(2);
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 2, firstName: 'Now' });
  });

  test('version -1 or 0 is a conflict like any other version: 409 with currentVersion, on update and delete', async ({ apiRoot, mock }) => {
    const customer = seed(mock);
    for (const version of [-1, 0]) {
      const update = await sdkFailure(
        apiRoot
          .customers()
          .withId({ ID: customer.id })
          .post({ body: { version, actions: [{ action: 'setFirstName', firstName: 'Lost' }] } })
          .execute(),
      );
      expect(update.statusCode).toBe(409);
      expect(update.body.errors[0]).toMatchObject({
        code: 'ConcurrentModification',
        currentVersion: 1,
        message: `Object ${customer.id} has a different version than expected. Expected: ${version} - Actual: 1.`,
      });
      const remove = await sdkFailure(apiRoot.customers().withId({ ID: customer.id }).delete({ queryArgs: { version } }).execute());
      expect(remove.statusCode).toBe(409);
      expect(remove.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    }
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 1 });
    expect(mock.data.get('customer', customer.id)).not.toHaveProperty('firstName');
  });

  test('atomic: when the second action fails, nothing of the first is stored', async ({ mock }) => {
    const customer = seed(mock, 'ada@example.com', { firstName: 'Ada' });
    const failing = await req(mock, 'POST', p(`/customers/${customer.id}`), {
      version: 1,
      actions: [
        { action: 'setFirstName', firstName: 'Changed' },
        { action: 'removeAddress', addressId: 'no-such-address' },
      ],
    });
    expect(failing.status).toBe(400);
    expect(failing.body?.errors[0].code).toMatch(/^Invalid/);
    const invalidPayload = await req(mock, 'POST', p(`/customers/${customer.id}`), {
      version: 1,
      actions: [
        { action: 'setFirstName', firstName: 'Changed' },
        { action: 'setDateOfBirth', dateOfBirth: '2026-02-30' },
      ],
    });
    expect(expectError(invalidPayload, 400, 'InvalidJsonInput')).toEqual(
      invalidJson('actions[1] -> dateOfBirth: A date (ISO 8601, such as 2026-01-31) expected, not "2026-02-30".'),
    );
    const other = seed(mock, 'taken@example.com');
    const duplicate = await req(mock, 'POST', p(`/customers/${customer.id}`), {
      version: 1,
      actions: [
        { action: 'setFirstName', firstName: 'Changed' },
        { action: 'changeEmail', email: 'TAKEN@example.com' },
      ],
    });
    expectError(duplicate, 400, 'DuplicateField');
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 1, firstName: 'Ada', email: 'ada@example.com' });
    expect(mock.data.get('customer', other.id)).toMatchObject({ version: 1, email: 'taken@example.com' });
    // The email index was not touched: the old address still belongs to the customer.
    expectError(await req(mock, 'POST', p('/customers'), { email: 'ada@example.com', password: 'x' }), 400, 'DuplicateField');
  });

  test('500 actions are accepted, 501 are refused with 400', async ({ mock }) => {
    const customer = seed(mock);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ action: 'setFirstName', firstName: `n${i}` }));
    const tooMany = await req(mock, 'POST', p(`/customers/${customer.id}`), { version: 1, actions: many(501) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body?.errors[0].code).toMatch(/^Invalid/);
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 1 });
    expect(mock.data.get<Json>('customer', customer.id)?.firstName).toBeUndefined();
    const max = await req(mock, 'POST', p(`/customers/${customer.id}`), { version: 1, actions: many(500) });
    expect(max.status).toBe(200);
    expect(max.body).toMatchObject({ version: 2, firstName: 'n499' });
  });

  test('changeEmail moves the unique email: the old email is free again', async ({ mock }) => {
    const customer = seed(mock, 'old@example.com');
    const changed = await req(mock, 'POST', p(`/customers/${customer.id}`), {
      version: 1,
      actions: [{ action: 'changeEmail', email: 'new@example.com' }],
    });
    expect(changed.body).toMatchObject({ version: 2, email: 'new@example.com' });
    expect((await req(mock, 'POST', p('/customers'), { email: 'old@example.com', password: 'pw' })).status).toBe(201);
    expectError(await req(mock, 'POST', p('/customers'), { email: 'New@Example.com', password: 'pw' }), 400, 'DuplicateField');
  });
});

test.describe('delete', () => {
  test('by id and by key with ?version=; the resource is gone afterwards', async ({ apiRoot, mock }) => {
    const a = seed(mock, 'a@example.com');
    const b = seed(mock, 'b@example.com', { key: 'bee' });
    const deleted = await apiRoot
      .customers()
      .withId({ ID: a.id })
      .delete({ queryArgs: { version: 1 } })
      .execute();
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).toMatchObject({ id: a.id, version: 1, email: 'a@example.com' });
    const byKey = await req(mock, 'DELETE', p('/customers/key=bee?version=1'));
    expect(byKey.status).toBe(200);
    expect(byKey.body?.id).toBe(b.id);
    expect(mock.data.all('customer')).toHaveLength(0);
    expectError(await req(mock, 'GET', p(`/customers/${a.id}`)), 404, 'ResourceNotFound');
    expectError(await req(mock, 'GET', p('/customers/key=bee')), 404, 'ResourceNotFound');
    // The unique email and key are free again.
    const again = await req(mock, 'POST', p('/customers'), { email: 'b@example.com', password: 'pw', key: 'bee' });
    expect(again.status).toBe(201);
  });

  test('stale version: 409 with currentVersion; missing or malformed version: 400; nothing deleted', async ({ mock }) => {
    const customer = seed(mock, 'a@example.com', { key: 'a-key' });
    mock.data.update('customer', customer.id, { version: 1, actions: [{ action: 'setFirstName', firstName: 'A' }] });
    const stale = expectError(await req(mock, 'DELETE', p(`/customers/${customer.id}?version=1`)), 409, 'ConcurrentModification');
    expect(stale.currentVersion).toBe(2);
    expectError(await req(mock, 'DELETE', p('/customers/key=a-key?version=3')), 409, 'ConcurrentModification');
    expectError(await req(mock, 'DELETE', p(`/customers/${customer.id}`)), 400, 'InvalidInput');
    expectError(await req(mock, 'DELETE', p('/customers/key=a-key')), 400, 'InvalidInput');
    expectError(await req(mock, 'DELETE', p(`/customers/${customer.id}?version=two`)), 400, 'InvalidInput');
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 2 });
  });
});

test.describe('uniqueness', () => {
  test('duplicate email (case-insensitive) → 400 DuplicateField, only the first stored', async ({ apiRoot, mock }) => {
    await apiRoot
      .customers()
      .post({ body: { email: 'Ada@Example.com', password: 'pw' } })
      .execute();
    const failure = await sdkFailure(
      apiRoot
        .customers()
        .post({ body: { email: 'ada@EXAMPLE.COM', password: 'pw' } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({
      code: 'DuplicateField',
      field: 'email',
      message: 'There is already an existing customer with the provided email.',
    });
    expect(mock.data.all('customer')).toHaveLength(1);
  });

  test('duplicate key → 400 DuplicateField on key, nothing stored', async ({ mock }) => {
    seed(mock, 'a@example.com', { key: 'same' });
    const error = expectError(
      await req(mock, 'POST', p('/customers'), { email: 'b@example.com', password: 'pw', key: 'same' }),
      400,
      'DuplicateField',
    );
    expect(error).toMatchObject({ field: 'key', duplicateValue: 'same' });
    expect(mock.data.all('customer')).toHaveLength(1);
    // The failed create left no email behind.
    expect((await req(mock, 'POST', p('/customers'), { email: 'b@example.com', password: 'pw' })).status).toBe(201);
  });

  test('setKey to a taken key → DuplicateField, nothing changed', async ({ mock }) => {
    seed(mock, 'a@example.com', { key: 'one' });
    const b = seed(mock, 'b@example.com', { key: 'two' });
    expectError(
      await req(mock, 'POST', p(`/customers/${b.id}`), { version: 1, actions: [{ action: 'setKey', key: 'one' }] }),
      400,
      'DuplicateField',
    );
    expect(mock.data.get('customer', b.id)).toMatchObject({ version: 1, key: 'two' });
    expect(mock.data.getByKey<Json>('customer', 'one')?.email).toBe('a@example.com');
  });
});

test.describe('routes and projects', () => {
  test('unknown routes and methods answer a JSON error envelope, never an empty or HTML body', async ({ mock }) => {
    for (const [method, path] of [
      ['GET', p('/no-such-resource')],
      ['GET', p('/customers/a/b/c')],
      ['POST', p('/no-such-resource')],
      ['GET', '/'],
      ['DELETE', p('/customers')],
      ['PUT', p('/customers')],
      ['PATCH', p('/customers/x')],
    ] as const) {
      const result = await req(mock, method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect.soft(result.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect.soft(result.status, `${method} ${path}`).toBeLessThan(500);
      expect.soft(result.contentType, `${method} ${path}`).toMatch(/^application\/json/);
      expect.soft(result.body?.statusCode, `${method} ${path}`).toBe(result.status);
      expect.soft(typeof result.body?.errors?.[0]?.code, `${method} ${path}`).toBe('string');
    }
    const notFound = await req(mock, 'GET', p('/no-such-resource'));
    expectError(notFound, 404, 'ResourceNotFound');
  });

  test('any project key works and projects are isolated', async ({ mock }) => {
    const inA = await req(mock, 'POST', '/project-a/customers', { email: 'same@example.com', password: 'pw', key: 'kk' });
    const inB = await req(mock, 'POST', '/project_b-2/customers', { email: 'same@example.com', password: 'pw', key: 'kk' });
    expect(inA.status).toBe(201);
    expect(inB.status).toBe(201);
    const idA = inA.body?.customer.id as string;
    expect((await req(mock, 'GET', `/project-a/customers/${idA}`)).status).toBe(200);
    expectError(await req(mock, 'GET', `/project_b-2/customers/${idA}`), 404, 'ResourceNotFound');
    expect((await req(mock, 'GET', '/project-a/customers')).body?.total).toBe(1);
    expect((await req(mock, 'GET', `/${PROJECT_KEY}/customers`)).body?.total).toBe(0);
    expect(mock.project('project-a').data.all('customer')).toHaveLength(1);
    expect(mock.project('project_b-2').data.all('customer')).toHaveLength(1);
    expect(mock.data.all('customer')).toHaveLength(0);
    // Deleting in one project leaves the other alone.
    expect((await req(mock, 'DELETE', `/project-a/customers/key=kk?version=1`)).status).toBe(200);
    expect((await req(mock, 'GET', '/project_b-2/customers/key=kk')).status).toBe(200);
  });

  test('the SDK works against another project key', async ({ mock }) => {
    const root = sdkApiRoot(mock, { kind: 'client', scopes: ['manage_project:shop-2'] }, 'shop-2');
    const created = await root
      .customers()
      .post({ body: { email: 'x@example.com', password: 'pw' } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(mock.project('shop-2').data.get('customer', created.body.customer.id)).toBeDefined();
    expect(mock.data.get('customer', created.body.customer.id)).toBeUndefined();
  });
});

test.describe('project settings', () => {
  test('GET /{projectKey} answers the settings; changeName updates them with versioning', async ({ apiRoot, mock }) => {
    const settings = await apiRoot.get().execute();
    expect(settings.statusCode).toBe(200);
    expect(settings.body).toMatchObject({ key: PROJECT_KEY, version: 1, countries: [], currencies: [], languages: [] });
    expect(typeof settings.body.name).toBe('string');
    expect(settings.body.createdAt).toMatch(ISO);
    // Required by the platform's Project type; the platform's defaults.
    expect(settings.body.discounts).toEqual({ discountCombinationMode: 'Stacking' });
    expect(settings.body.inventory).toEqual({ releaseExpiredReservations: false });

    const renamed = await apiRoot.post({ body: { version: 1, actions: [{ action: 'changeName', name: 'My Shop' }] } }).execute();
    expect(renamed.body).toMatchObject({ key: PROJECT_KEY, version: 2, name: 'My Shop' });
    expect((await apiRoot.get().execute()).body).toMatchObject({ version: 2, name: 'My Shop' });

    const stale = await sdkFailure(apiRoot.post({ body: { version: 1, actions: [{ action: 'changeName', name: 'Lost' }] } }).execute());
    expect(stale.statusCode).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect((await req(mock, 'GET', p(''))).body).toMatchObject({ version: 2, name: 'My Shop' });

    // Another project has its own settings.
    const other = await req(mock, 'GET', '/other-project');
    expect(other.body).toMatchObject({ key: 'other-project', version: 1 });
    expect(other.body?.name).not.toBe('My Shop');
  });

  test('invalid settings actions are refused and change nothing', async ({ mock }) => {
    await req(mock, 'GET', p(''));
    expectError(
      await req(mock, 'POST', p(''), {
        version: 1,
        actions: [
          { action: 'changeName', name: 'A' },
          { action: 'changeCountries', countries: ['germany'] },
        ],
      }),
      400,
      'InvalidField',
    );
    expectError(await req(mock, 'POST', p(''), { version: 1, actions: [{ action: 'noSuchAction' }] }), 400, 'InvalidInput');
    expect((await req(mock, 'GET', p(''))).body).toMatchObject({ version: 1, name: PROJECT_KEY });
  });
});

test.describe('POST /{projectKey}/login', () => {
  test('200 {customer} for the right credentials (email case-insensitive)', async ({ apiRoot, mock }) => {
    const customer = seed(mock, 'Ada@Example.com');
    const login = await apiRoot
      .login()
      .post({ body: { email: 'ada@example.COM', password: 'secret-1' } })
      .execute();
    expect(login.statusCode).toBe(200);
    expect(login.body.customer).toMatchObject({ id: customer.id, email: 'Ada@Example.com', version: 1 });
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 1 });
  });

  test('wrong password or unknown email: 400 InvalidCredentials', async ({ apiRoot, mock }) => {
    seed(mock, 'ada@example.com');
    for (const body of [
      { email: 'ada@example.com', password: 'wrong' },
      { email: 'nobody@example.com', password: 'secret-1' },
    ]) {
      const failure = await sdkFailure(apiRoot.login().post({ body }).execute());
      expect(failure.statusCode).toBe(400);
      expect(failure.body.errors[0]).toMatchObject({
        code: 'InvalidCredentials',
        message: 'Account with the given credentials not found.',
      });
    }
  });

  test('login is per project', async ({ mock }) => {
    seed(mock, 'ada@example.com');
    expectError(await req(mock, 'POST', '/elsewhere/login', { email: 'ada@example.com', password: 'secret-1' }), 400, 'InvalidCredentials');
    expect((await req(mock, 'POST', p('/login'), { email: 'ada@example.com', password: 'secret-1' })).status).toBe(200);
  });
});

// Over a real HTTP port ------------------------------------------------------------------------

const served = base.extend<{ server: { mock: CommerceMock; url: string } }>({
  server: async ({}, use) => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY });
    const running = await startServer(mock, { port: 0 });
    await use({ mock, url: running.url });
    await running.close();
  },
});

served('over a real HTTP port: the SDK creates, updates, lists, conflicts and deletes', async ({ server }) => {
  const root = sdkApiRoot(server.url);
  const created = await root
    .customers()
    .post({ body: { email: 'ada@example.com', password: 'pw', key: 'ada' } })
    .execute();
  expect(created.statusCode).toBe(201);
  expect(created.body.customer.version).toBe(1);
  const id = created.body.customer.id;
  const updated = await root
    .customers()
    .withKey({ key: 'ada' })
    .post({ body: { version: 1, actions: [{ action: 'setFirstName', firstName: 'Ada' }] } })
    .execute();
  expect(updated.body.version).toBe(2);
  const conflict = await sdkFailure(
    root
      .customers()
      .withId({ ID: id })
      .post({ body: { version: 1, actions: [{ action: 'setFirstName', firstName: 'X' }] } })
      .execute(),
  );
  expect(conflict.statusCode).toBe(409);
  expect(conflict.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
  const duplicate = await sdkFailure(
    root
      .customers()
      .post({ body: { email: 'ADA@example.com', password: 'pw' } })
      .execute(),
  );
  expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'email' });
  const list = await root
    .customers()
    .get({ queryArgs: { withTotal: false } })
    .execute();
  expect(list.body).toMatchObject({ limit: 20, offset: 0, count: 1 });
  expect('total' in list.body).toBe(false);
  expect((await root.customers().withId({ ID: id }).head().execute()).statusCode).toBe(200);
  const missing = await sdkFailure(root.customers().withId({ ID: 'missing' }).get().execute());
  expect(missing.body.errors[0]!.message).toBe("The Resource with ID 'missing' was not found.");
  const deleted = await root
    .customers()
    .withId({ ID: id })
    .delete({ queryArgs: { version: 2 } })
    .execute();
  expect(deleted.body.id).toBe(id);
  expect(server.mock.data.all('customer')).toHaveLength(0);
  expect(server.mock.tokens.list()).toHaveLength(1);
});

test('seed stores all of its drafts or, when one is refused, none of them', async ({ mock }) => {
  expect(() =>
    mock.data.seed([
      ['channel', { key: 'first' }],
      ['customer', { email: 'ada@example.com', password: 'secret' }],
      ['channel', { key: 'first' }],
    ]),
  ).toThrow(expect.objectContaining({ statusCode: 400, code: 'DuplicateField' }));
  expect(mock.data.all('channel')).toEqual([]);
  expect(mock.data.all('customer')).toEqual([]);
  expect(mock.data.seed([['channel', { key: 'first' }]])).toHaveLength(1);
});
