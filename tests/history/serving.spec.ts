/**
 * Where records come from and where they go: API extensions (a request run again records once, a
 * refusal records nothing), the GraphQL endpoint, a server's `/__history` through the SDK and fetch,
 * the token's `view_audit_log` scope, the SQLite backend keeping them, and the retention cap.
 */
import { createCommerceMock, createMockFetch, sqliteStorage, startServer } from '../../src/index.js';
import { removeDatabase, scratchFile } from '../storage/backends.js';
import { createCustomer, expect, sdkApiRoot, sdkFailure, test, updateCustomer } from '../support/sdk.js';
import { historyApiRoot } from './support.js';

test('a request run again for an API extension records once, with the extension’s change; a refusal records nothing', async ({
  mock,
  apiRoot,
}) => {
  await apiRoot
    .extensions()
    .post({
      body: {
        key: 'payment-check',
        destination: {
          type: 'AWSLambda',
          arn: 'arn:aws:lambda:eu-central-1:123456789012:function:check',
          accessKey: 'AKIA',
          accessSecret: 'secret',
        },
        triggers: [{ resourceTypeId: 'payment', actions: ['Create', 'Update'] }],
      },
    })
    .execute();
  mock.extensions.register('payment-check', (input) => {
    const payment = input.resource.obj as { amountPlanned: { centAmount: number }; interfaceId?: string };
    if (payment.amountPlanned.centAmount > 100_000) {
      return { statusCode: 400, body: { errors: [{ code: 'InvalidInput', message: 'Too much.' }] } };
    }
    return { statusCode: 200, body: { actions: payment.interfaceId ? [] : [{ action: 'setInterfaceId', interfaceId: 'psp-1' }] } };
  });
  const { body: payment } = await apiRoot
    .payments()
    .post({ body: { amountPlanned: { currencyCode: 'EUR', centAmount: 5000 } } })
    .execute();
  expect(payment.interfaceId).toBe('psp-1');
  expect(
    (
      await sdkFailure(
        apiRoot
          .payments()
          .post({ body: { amountPlanned: { currencyCode: 'EUR', centAmount: 500_000 } } })
          .execute(),
      )
    ).statusCode,
  ).toBe(400);
  await apiRoot
    .payments()
    .withId({ ID: payment.id })
    .post({ body: { version: payment.version, actions: [{ action: 'setMethodInfoMethod', method: 'card' }] } })
    .execute();

  const { body } = await historyApiRoot(mock).withResourceTypeValue({ resourceType: 'payment' }).get().execute();
  expect(body.results.map((record) => [record.type, record.resource.id])).toEqual([
    ['ResourceUpdated', payment.id],
    ['ResourceCreated', payment.id],
  ]);
  expect(body.results[0]!.changes).toEqual([{ type: 'SetMethodInfoMethodChange', change: 'setMethodInfoMethod', nextValue: 'card' }]);
  expect(mock.data.all('change-history')).toHaveLength(2);
});

test('GraphQL: the records query takes the REST filters as arguments', async ({ mock, apiRoot }) => {
  const customer = await createCustomer(apiRoot, { firstName: 'Ada' });
  await updateCustomer(apiRoot, customer, [{ action: 'setFirstName', firstName: 'Grace' }]);
  const graphql = async (query: string, variables?: object) => {
    const response = await fetch(`${mock.options.historyUrl}/test-project/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const query = `query ($id: String) {
    records(resourceType: "customer", resourceId: $id, withTotal: true, limit: 1) {
      total count limit
      results { version previousVersion type label changes modifiedBy { type clientId isPlatformClient } resource { typeId id } }
    }
  }`;
  const { status, body } = await graphql(query, { id: customer.id });
  expect(status).toBe(200);
  expect(body).toEqual({
    data: {
      records: {
        total: 2,
        count: 1,
        limit: 1,
        results: [
          {
            version: 2,
            previousVersion: 1,
            type: 'ResourceUpdated',
            label: { type: 'CustomerLabel', firstName: 'Grace' },
            changes: [{ type: 'SetFirstNameChange', change: 'setFirstName', previousValue: 'Ada', nextValue: 'Grace' }],
            modifiedBy: { type: 'external-user', clientId: 'test-client', isPlatformClient: false },
            resource: { typeId: 'customer', id: customer.id },
          },
        ],
      },
    },
  });
  const filtered = await graphql('{ records(type: "ResourceCreated", dateFrom: "1", dateTo: "now") { count } }');
  expect(filtered.body.data.records.count).toBe(1);

  const refused = await graphql('{ records(type: "ResourceTouched") { count } }');
  expect(refused.status).toBe(400);
  expect(refused.body.errors).toEqual([
    expect.objectContaining({
      message: expect.stringContaining("Invalid value 'ResourceTouched' for 'type'"),
      extensions: { code: 'BadRequest' },
    }),
  ]);
  const invalid = await graphql('{ records { nope } }');
  expect(invalid.status).toBe(400);
  expect(invalid.body).toMatchObject({ statusCode: 400, errors: [{ code: 'InvalidInput', message: expect.stringContaining('nope') }] });
});

test('on a server: /__history answers the SDK and fetch, with a token that carries view_audit_log', async () => {
  const mock = createCommerceMock();
  const server = await startServer(mock, { port: 0 });
  try {
    const { apis } = (await (await fetch(`${server.url}/__mock/info`)).json()) as { apis: { auth: string; history: string } };
    const apiRoot = sdkApiRoot(server.url);
    const customer = await createCustomer(apiRoot, { lastName: 'Lovelace' });
    await updateCustomer(apiRoot, customer, [{ action: 'setLastName', lastName: 'King' }]);

    const { body } = await historyApiRoot(apis)
      .withResourceTypeValue({ resourceType: 'customer' })
      .withIDValue({ ID: customer.id })
      .get()
      .execute();
    expect(body.results[0]!.changes).toEqual([
      { type: 'SetLastNameChange', change: 'setLastName', previousValue: 'Lovelace', nextValue: 'King' },
    ]);

    const token = (await (
      await fetch(`${apis.auth}/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa('id:secret')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&scope=view_audit_log:test-project',
      })
    ).json()) as { access_token: string; scope: string };
    expect(token.scope).toBe('view_audit_log:test-project');
    const response = await fetch(`${apis.history}/test-project?type=ResourceUpdated`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ count: 1, results: [{ resource: { id: customer.id }, type: 'ResourceUpdated' }] });
    // The main API's project route is not the History API's.
    expect((await fetch(`${apis.history}/test-project/customers`)).status).toBe(404);
  } finally {
    await server.close();
  }
});

test('the SQLite backend keeps the records across a restart', async () => {
  const file = scratchFile('history');
  try {
    const storage = sqliteStorage({ file });
    const first = createCommerceMock({ storage });
    const firstFetch = createMockFetch(first);
    const created = await firstFetch(`${first.options.apiUrl}/test-project/customers`, {
      method: 'POST',
      body: JSON.stringify({ email: 'ada@example.com', password: 'secret', firstName: 'Ada' }),
    });
    const { customer } = (await created.json()) as { customer: { id: string } };
    await firstFetch(`${first.options.apiUrl}/test-project/customers/${customer.id}`, {
      method: 'POST',
      body: JSON.stringify({ version: 1, actions: [{ action: 'setFirstName', firstName: 'Grace' }] }),
    });
    storage.close();

    const reopened = sqliteStorage({ file });
    const second = createCommerceMock({ storage: reopened });
    const response = await createMockFetch(second)(`${second.options.historyUrl}/test-project/customer/${customer.id}`);
    const page = (await response.json()) as { results: Array<{ type: string; changes: unknown[] }> };
    expect(page.results.map((record) => record.type)).toEqual(['ResourceUpdated', 'ResourceCreated']);
    expect(page.results[0]!.changes).toEqual([
      { type: 'SetFirstNameChange', change: 'setFirstName', previousValue: 'Ada', nextValue: 'Grace' },
    ]);
    reopened.close();
  } finally {
    removeDatabase(file);
  }
});

test('retention.historyRecordsPerProject keeps the newest records', async () => {
  const mock = createCommerceMock({ retention: { historyRecordsPerProject: 3 } });
  const apiFetch = createMockFetch(mock);
  const { customer } = (await (
    await apiFetch(`${mock.options.apiUrl}/test-project/customers`, {
      method: 'POST',
      body: JSON.stringify({ email: 'ada@example.com', password: 'secret' }),
    })
  ).json()) as { customer: { id: string } };
  for (let version = 1; version <= 4; version++) {
    await apiFetch(`${mock.options.apiUrl}/test-project/customers/${customer.id}`, {
      method: 'POST',
      body: JSON.stringify({ version, actions: [{ action: 'setFirstName', firstName: `Ada ${version}` }] }),
    });
  }
  const page = (await (await apiFetch(`${mock.options.historyUrl}/test-project`)).json()) as { results: Array<{ version: number }> };
  expect(page.results.map((record) => record.version)).toEqual([5, 4, 3]);
});

test('retention.historyRecordsPerProject: 0 records nothing', async () => {
  const mock = createCommerceMock({ retention: { historyRecordsPerProject: 0 } });
  const created = await createMockFetch(mock)(`${mock.options.apiUrl}/test-project/zones`, {
    method: 'POST',
    body: JSON.stringify({ name: 'Europe' }),
  });
  expect(created.status).toBe(201);
  expect(mock.data.all('change-history')).toEqual([]);
});
