import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PlatformError, SeedError, tagDraft } from '../../src/index.js';
import { test, expect } from '../support/commerce.js';

const customerDraft = (email: string) => tagDraft({ email, password: 'secret', firstName: 'Ada' }, 'customer');

test.describe('each test starts from empty data', () => {
  test.describe.configure({ mode: 'serial' });

  test('a first test stores a customer and a token', async ({ commerce }) => {
    await commerce.data.seed(customerDraft('first@example.com'));
    await commerce.tokens.issue({ kind: 'client' });
    expect(await commerce.data.all('customer')).toHaveLength(1);
    expect(await commerce.tokens.list()).toHaveLength(1);
  });

  test('the next test in the same worker sees none of it', async ({ commerce }) => {
    expect(await commerce.data.all('customer')).toHaveLength(0);
    expect(await commerce.tokens.list()).toHaveLength(0);
  });
});

test('global fetch to the API and token hosts is served by the worker mock', async ({ commerce }) => {
  const [customer] = await commerce.data.seed(customerDraft('fetch@example.com'));
  const response = await fetch(`${commerce.apiUrl}/${commerce.projectKey}/customers/${customer!.id}`);
  expect(response.status).toBe(200);
  expect(((await response.json()) as { email: string }).email).toBe('fetch@example.com');
});

test('seed takes tagged drafts, [typeId, draft] pairs and lists, in order, and returns what was stored', async ({ commerce }) => {
  const created = await commerce.data.seed(
    customerDraft('one@example.com'),
    [['customer-group', { groupName: 'VIP', key: 'vip' }]],
    [customerDraft('two@example.com'), customerDraft('three@example.com')],
  );
  expect(created.map((resource) => resource.version)).toEqual([1, 1, 1, 1]);
  expect(created.map((resource) => ('email' in resource ? resource.email : resource.key))).toEqual([
    'one@example.com',
    'vip',
    'two@example.com',
    'three@example.com',
  ]);
  const [customer] = await commerce.data.seed(customerDraft('typed@example.com'));
  // Typed as the stored customer: the password is stored hashed, never in clear.
  expect(customer!.password).not.toBe('secret');
  expect((await commerce.data.getByKey('customer-group', 'vip'))?.name).toBe('VIP');
});

test('seed validates like the create route and stores nothing of a bad draft', async ({ commerce }) => {
  let failure: unknown;
  try {
    await commerce.data.seed(tagDraft({ email: 'no-password@example.com' } as never, 'customer'));
  } catch (error) {
    failure = error;
  }
  expect(failure).toBeInstanceOf(SeedError);
  expect(failure).toBeInstanceOf(PlatformError);
  expect((failure as SeedError).message).toBe('commerce-mock: seed item 0 (customer): password: A value is required for field password.');
  expect((failure as PlatformError).errors).toEqual([expect.objectContaining({ code: 'RequiredField', field: 'password' })]);
  expect(await commerce.data.all('customer')).toHaveLength(0);
  await expect(commerce.data.seed({ email: 'untagged@example.com', password: 'x' } as never)).rejects.toThrow(/untagged draft/);
});

test('apiRoot is the official SDK pointed at the mock; createdBy names its client', async ({ commerce }) => {
  const { body } = await commerce.apiRoot
    .customerGroups()
    .post({ body: { groupName: 'Wholesale', key: 'wholesale' } })
    .execute();
  expect(body.createdBy?.clientId).toBe('commerce-mock-client');
  expect((await commerce.tokens.find({ kind: 'client' }))?.clientId).toBe('commerce-mock-client');
  expect((await commerce.data.getByKey('customer-group', 'wholesale'))?.id).toBe(body.id);
});

test('customer and anonymous tokens are issued on request and recognised by the API', async ({ commerce }) => {
  const [customer] = await commerce.data.seed(customerDraft('token@example.com'));
  const token = await commerce.tokens.issue({ kind: 'customer', customerId: customer!.id });
  expect(token.scope).toContain(`customer_id:${customer!.id}`);
  const asCustomer = commerce.apiRootFor({ token: token.accessToken });
  const updated = await asCustomer
    .customers()
    .withId({ ID: customer!.id })
    .post({ body: { version: 1, actions: [{ action: 'setLastName', lastName: 'Lovelace' }] } })
    .execute();
  expect(updated.body.lastModifiedBy?.customer?.id).toBe(customer!.id);

  const anonymous = await commerce.tokens.issue({ kind: 'anonymous', anonymousId: 'session-1' });
  expect(anonymous.scope).toContain('anonymous_id:session-1');
  expect(await commerce.tokens.list({ kind: 'anonymous', anonymousId: 'session-1' })).toHaveLength(1);
  await expect(commerce.tokens.issue({ kind: 'customer', customerId: 'no-such-customer' })).rejects.toThrow(/was not found/);
});

test('tokens.issue resolves with the token record docs/playwright.md describes', async ({ commerce }) => {
  const [customer] = await commerce.data.seed(customerDraft('record@example.com'));
  // doc-example:start
  const token = await commerce.tokens.issue({ kind: 'customer', customerId: customer!.id });
  expect(token).toMatchObject({ kind: 'customer', tokenType: 'Bearer', clientId: 'commerce-mock', customerId: customer!.id });
  const asCustomer = commerce.apiRootFor({ token: token.accessToken });
  const { body: me } = await asCustomer.me().get().execute();
  expect(me.id).toBe(customer!.id);
  // doc-example:end
  expect(Object.keys(token).sort()).toEqual(
    ['accessToken', 'clientId', 'customerId', 'expiresIn', 'issuedAt', 'kind', 'projectKey', 'refreshToken', 'scope', 'tokenType'].sort(),
  );
  expect(token).toMatchObject({
    scope: `manage_project:test-project customer_id:${customer!.id}`,
    projectKey: 'test-project',
    expiresIn: 172_800,
  });
  expect(Date.parse(token.issuedAt)).toBeGreaterThan(Date.now() - 60_000);

  const anonymous = await commerce.tokens.issue({ kind: 'anonymous' });
  expect(anonymous).toMatchObject({
    scope: `manage_project:test-project anonymous_id:${anonymous.anonymousId}`,
    refreshToken: expect.any(String),
  });
  const client = await commerce.tokens.issue({ kind: 'client' });
  expect(client).toMatchObject({ kind: 'client', scope: 'manage_project:test-project', projectKey: 'test-project' });
  expect(client.refreshToken).toBeUndefined();
  expect(await commerce.tokens.get(client.accessToken)).toEqual(client);
});

test('the SDK password flow signs a seeded customer in', async ({ commerce }) => {
  const [customer] = await commerce.data.seed(customerDraft('Password.Flow@example.com'));
  const asCustomer = commerce.apiRootFor({ customer: { email: 'password.flow@example.com', password: 'secret' } });
  const read = await asCustomer.customers().withId({ ID: customer!.id }).get().execute();
  expect(read.body.email).toBe('Password.Flow@example.com');
  expect(await commerce.tokens.find({ kind: 'customer', customerId: customer!.id })).toBeDefined();
});

test('url() serves the same mock on a real port, for the request fixture and child processes', async ({ commerce, request }) => {
  await commerce.data.seed(customerDraft('port@example.com'));
  const url = await commerce.url();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(await commerce.url()).toBe(url);

  const listed = await request.get(`${url}/${commerce.projectKey}/customers`);
  expect(listed.status()).toBe(200);
  expect((await listed.json()).results.map((c: { email: string }) => c.email)).toEqual(['port@example.com']);

  // Asynchronously: the server lives in this process's event loop.
  const child = await promisify(execFile)(process.execPath, [
    '-e',
    'fetch(process.argv[1]).then(r => r.json()).then(b => process.stdout.write(String(b.total)))',
    `${url}/${commerce.projectKey}/customers`,
  ]);
  expect(child.stdout.trim()).toBe('1');
});
