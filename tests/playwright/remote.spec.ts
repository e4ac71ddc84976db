/**
 * Remote mode: the `commerce` fixture as a client of a server it does not own (`serverUrl`). Here each
 * worker starts its own server (`exclusiveServer`), so the fixture empties it before every test. Every
 * matcher on `commerce` passes, fails with what it found at the last try, and waits for a write that
 * lands later.
 */
import { associateRoleFactory, businessUnitFactory, customerFactory, customerGroupFactory } from '../../factories/index.js';
import { connectCommerceMock, SeedError } from '../../src/index.js';
import { Commerce } from '../../src/playwright/commerce.js';
import { hasServerToItself } from '../../src/playwright/fixtures.js';
import { subscribe } from '../events/support.js';
import { expect, failureOf as failure, withServerPerWorker } from '../support/commerce.js';

const test = withServerPerWorker();

/** Short timeouts for assertions meant to fail; the default for those that wait. */
const quick = expect.configure({ timeout: 300 });

/** Runs `write` after the matcher has started waiting. */
const later = (write: () => Promise<unknown>, ms = 300) => setTimeout(() => void write(), ms);

test.describe('the fixture in remote mode', () => {
  test('reads, seeding and tokens go to the server', async ({ commerce, commerceUrl, server }) => {
    expect(commerce.location).toBe(server.url);
    expect(commerce.apiUrl).toBe(server.url);
    expect(await commerce.url()).toBe(server.url);
    expect(await commerceUrl()).toBe(server.url);
    // Its port is the server's: asking for that one is fine, asking for another is refused.
    const port = Number(new URL(server.url).port);
    expect(await commerce.url({ port })).toBe(server.url);
    await expect(commerceUrl({ port: port + 1 })).rejects.toThrow(
      `url({ port: ${port + 1} }) asks for a port of its own, and this worker's mock is the server at ${server.url} (remote mode)`,
    );
    const [customer] = await commerce.data.seed(customerFactory.build({ firstName: 'Ada' }));
    expect(server.mock.data.get('customer', customer!.id)?.firstName).toBe('Ada');
    expect((await commerce.data.get('customer', customer!.id))?.firstName).toBe('Ada');
    expect((await commerce.data.query('customer', { where: 'firstName = "Ada"', withTotal: true })).total).toBe(1);
    const token = await commerce.tokens.issue({ kind: 'customer', customerId: customer!.id });
    expect(server.mock.tokens.get(token.accessToken)?.customerId).toBe(customer!.id);
    const me = await commerce.apiRootFor({ token: token.accessToken }).me().get().execute();
    expect(me.body.id).toBe(customer!.id);
    expect(() => commerce.mock).toThrow(/remote mode/);
  });

  test('every test starts empty (exclusiveServer)', async ({ commerce, server }) => {
    await commerce.data.seed(customerGroupFactory.build());
    await commerce.state.clear();
    expect(server.mock.data.all('customer-group')).toEqual([]);
    expect(await commerce.journal.requests()).toEqual([]);
  });

  test('a bad draft rejects with the platform error, naming the item and the field, and stores nothing', async ({ commerce }) => {
    const refused = commerce.data.seed(customerGroupFactory.build(), ['customer-group', { groupName: 7 }]);
    await expect(refused).rejects.toBeInstanceOf(SeedError);
    await expect(refused).rejects.toMatchObject({
      message: 'commerce-mock: seed item 1 (customer-group): groupName: JSON string expected.',
      index: 1,
      typeId: 'customer-group',
      statusCode: 400,
      code: 'InvalidJsonInput',
      cause: { errors: [{ code: 'InvalidJsonInput', detailedErrorMessage: 'groupName: JSON string expected.' }] },
    });
    expect(await commerce.data.all('customer-group')).toEqual([]);
  });
});

test.describe('matchers on a remote mock', () => {
  test('token matchers: pass, fail, wait', async ({ commerce }) => {
    const [customer] = await commerce.data.seed(customerFactory.build());
    await expect(commerce).not.toHaveIssuedCustomerToken(customer!.id);
    expect(await failure(() => quick(commerce).toHaveIssuedCustomerToken(customer!.id))).toContain(
      'Received: none; the tokens issued in this test:\n  (none)',
    );
    later(() => commerce.tokens.issue({ kind: 'customer', customerId: customer!.id }));
    await expect(commerce).toHaveIssuedCustomerToken(customer!.id);
    later(() => commerce.tokens.issue({ kind: 'anonymous', anonymousId: 'visitor' }));
    await expect(commerce).toHaveIssuedAnonymousToken('visitor');
    later(() => commerce.tokens.issue({ kind: 'client' }));
    await expect(commerce).toHaveIssuedClientToken('commerce-mock');
    expect(await failure(() => quick(commerce).toHaveIssuedClientToken('someone'))).toMatch(/At the last of \d+ tries, after \d+ ms/);
  });

  test('toHaveStored and toHaveStoredCount: pass, fail, wait', async ({ commerce }) => {
    await commerce.data.seed(customerGroupFactory.build({ key: 'gold', groupName: 'Gold' }));
    await expect(commerce).toHaveStored('customer-group', { key: 'gold' });
    await expect(commerce).toHaveStoredCount('customer-group', 1, 'key = "gold"');
    const message = await failure(() => quick(commerce).toHaveStored('customer-group', { key: 'silver' }));
    expect(message).toContain('none matches; the closest');
    expect(message).toContain('the expect timeout is 300 ms');
    later(() => commerce.data.seed(customerGroupFactory.build({ key: 'silver' })));
    await expect(commerce).toHaveStored('customer-group', { key: 'silver' });
    await expect(commerce).toHaveStoredCount('customer-group', 2);
    expect(await failure(() => quick(commerce).toHaveStoredCount('customer-group', 3))).toContain('Received: 2');
    later(() => commerce.data.seed(customerGroupFactory.build()));
    await expect(commerce).toHaveStoredCount('customer-group', 3);
  });

  test('toHaveReceived: pass, fail, wait', async ({ commerce }) => {
    await commerce.apiRoot
      .customerGroups()
      .post({ body: { key: 'vip', groupName: 'VIP' } })
      .execute();
    await expect(commerce).toHaveReceived({ method: 'POST', path: '/test-project/customer-groups', body: { key: 'vip' } }, { times: 1 });
    const message = await failure(() => quick(commerce).toHaveReceived({ method: 'DELETE' }));
    expect(message).toContain('Received: 0 matching');
    expect(message).toContain('POST /test-project/customer-groups → 201 (client commerce-mock-client)');
    later(() => commerce.apiRoot.customerGroups().withKey({ key: 'vip' }).get().execute());
    await expect(commerce).toHaveReceived({ method: 'GET', path: '/test-project/customer-groups/key=vip', status: 200 });
  });

  test('toHaveEmittedMessage and commerce.events.messages(): pass, fail, wait', async ({ commerce }) => {
    const [group] = await commerce.data.seed(customerGroupFactory.build({ key: 'gold' }));
    const [customer] = await commerce.data.seed(
      customerFactory.build({ key: 'ada', customerGroup: { typeId: 'customer-group', key: 'gold' } }),
    );
    await expect(commerce).toHaveEmittedMessage('CustomerCreated', { resource: { id: customer!.id }, sequenceNumber: 1 });
    expect((await commerce.events.messages({ resourceId: customer!.id })).map((m) => m.type)).toEqual(['CustomerCreated']);
    expect(await commerce.events.messages({ type: 'CustomerCreated', resourceTypeId: 'customer-group' })).toEqual([]);
    expect(group).toBeDefined();
    const message = await failure(() => quick(commerce).toHaveEmittedMessage('CustomerEmailChanged'));
    expect(message).toContain('Received: none of the type');
    expect(message).toContain(`- CustomerCreated #1 of customer ${customer!.id} (version 1)`);
    later(() =>
      commerce.apiRoot
        .customers()
        .withId({ ID: customer!.id })
        .post({ body: { version: 1, actions: [{ action: 'changeEmail', email: 'new@example.com' }] } })
        .execute(),
    );
    await expect(commerce).toHaveEmittedMessage('CustomerEmailChanged', { email: 'new@example.com', resourceVersion: 2 });
  });

  test('toHaveDelivered and commerce.events.deliveries(): pass, fail, wait, and the admin route', async ({ commerce, server }) => {
    await subscribe(commerce.apiRoot, { key: 'groups', changes: [{ resourceTypeId: 'customer-group' }] });
    const [group] = await commerce.data.seed(customerGroupFactory.build({ key: 'gold' }));
    await expect(commerce).toHaveDelivered('ResourceCreated', { subscriptionKey: 'groups', resource: { id: group!.id } });
    expect((await commerce.events.deliveries({ resourceId: group!.id })).map((d) => d.payload.version)).toEqual([1]);
    expect(await commerce.events.deliveries({ notificationType: 'Message' })).toEqual([]);
    const message = await failure(() => quick(commerce).toHaveDelivered('ResourceUpdated'));
    expect(message).toContain('Received: none of the kind');
    expect(message).toContain(`- ResourceCreated of customer-group ${group!.id} to subscription key "groups" (Platform)`);
    later(() =>
      commerce.apiRoot
        .customerGroups()
        .withId({ ID: group!.id })
        .post({ body: { version: 1, actions: [{ action: 'changeName', name: 'Gold' }] } })
        .execute(),
    );
    await expect(commerce).toHaveDelivered('ResourceUpdated', { payload: { oldVersion: 1, version: 2 } });

    const route = await fetch(`${server.url}/__mock/events/deliveries?notificationType=ResourceUpdated&subscriptionKey=groups`);
    expect(route.status).toBe(200);
    expect(((await route.json()) as { results: unknown[] }).results).toMatchObject([
      { resource: { id: group!.id }, payload: { version: 2 } },
    ]);
    const typo = await fetch(`${server.url}/__mock/events/deliveries?subscription=groups`);
    expect(typo.status).toBe(400);
  });

  test('associate matchers: pass, fail, wait', async ({ commerce }) => {
    const [buyer] = await commerce.data.seed(
      customerFactory.build({ key: 'buyer' }),
      associateRoleFactory.withPermissions('ViewMyCarts').build({ key: 'viewer' }),
    );
    await commerce.data.seed(businessUnitFactory.withAssociates({ customerKey: 'buyer', roleKeys: ['viewer'] }).build({ key: 'acme' }));
    expect(await failure(() => quick(commerce).toHaveDeniedAssociate({ associateId: buyer!.id }))).toContain(
      'Received: none; the decisions recorded in this test:\n  (none)',
    );
    const asBuyer = () =>
      commerce.apiRoot.asAssociate().withAssociateIdValue({ associateId: buyer!.id }).inBusinessUnitKeyWithBusinessUnitKeyValue({
        businessUnitKey: 'acme',
      });
    later(() => asBuyer().carts().get().execute());
    await expect(commerce).toHaveAllowedAssociate({ associateId: buyer!.id, businessUnitKey: 'acme' });
    later(() =>
      asBuyer()
        .orders()
        .get()
        .execute()
        .catch(() => undefined),
    );
    await expect(commerce).toHaveDeniedAssociate({ associateId: buyer!.id, permission: 'ViewMyOrders' });
  });
});

test('browser pages: requests to the platform hosts are sent on to the server', async ({ page, commerce, server }) => {
  await commerce.data.seed(customerGroupFactory.build({ key: 'gold', groupName: 'Gold' }));
  await page.route('https://shop.example.test/', (route) => route.fulfill({ contentType: 'text/html', body: '<p id="out"></p>' }));
  await page.goto('https://shop.example.test/');
  const api = 'https://api.europe-west1.gcp.commercetools.com/test-project';
  const answers = await page.evaluate(async (base) => {
    const read = await fetch(`${base}/customer-groups/key=gold`);
    const written = await fetch(`${base}/customer-groups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'from-page', groupName: 'From the page' }),
    });
    return { read: [read.status, ((await read.json()) as { name: string }).name], written: written.status };
  }, api);
  expect(answers).toEqual({ read: [200, 'Gold'], written: 201 });
  expect(server.mock.data.getByKey('customer-group', 'from-page')?.name).toBe('From the page');
  await expect(commerce).toHaveReceived({ method: 'POST', path: '/test-project/customer-groups', body: { key: 'from-page' } });
});

test.describe('the clearing rule', () => {
  test('a worker empties a shared server only when no other worker can be using it', () => {
    const worker = (workers: number) => ({ config: { workers } });
    expect(hasServerToItself({}, worker(1))).toBe(true);
    expect(hasServerToItself({ exclusiveServer: true }, worker(4))).toBe(true);
    expect(hasServerToItself({}, worker(4))).toBe(false);
    expect(hasServerToItself({ exclusiveServer: false }, worker(2))).toBe(false);
  });

  test('with the server shared, commerce.state.clear() and commerce.state.import() refuse and the data stays', async ({ server }) => {
    server.mock.data.seed([['channel', { key: 'kept' }]]);
    const shared = new Commerce(
      { kind: 'remote', client: connectCommerceMock(server.url), serverUrl: server.url, projectKey: 'test-project', clearAllowed: false },
      undefined,
    );
    await expect(shared.state.clear()).rejects.toThrow(
      `commerce-mock: commerce.state.clear() would empty the server at ${server.url} under the tests of the other workers.`,
    );
    await expect(shared.state.import(server.mock.state.export())).rejects.toThrow(
      `commerce-mock: commerce.state.import() would replace the data of the server at ${server.url} under the tests of the other workers.`,
    );
    expect(server.mock.data.all('channel')).toHaveLength(1);
  });
});
