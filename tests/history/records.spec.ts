/**
 * The Change History API's records: one per change a request makes through the main API, with the
 * change types, previous and next values, who made it and the resource's label; nothing for a
 * refused request, a programmatic write, or a run stopped for an API extension.
 */
import { createCustomer, expect, sdkApiRoot, sdkFailure, test, updateCustomer } from '../support/sdk.js';
import { historyApiRoot } from './support.js';

test('a change made through the main API shows up with its previous and next values', async ({ mock, apiRoot }) => {
  const customer = await createCustomer(apiRoot, { firstName: 'Ada', customerNumber: 'C-1' });
  await updateCustomer(apiRoot, customer, [
    { action: 'setFirstName', firstName: 'Grace' },
    { action: 'setLastName', lastName: 'Hopper' },
  ]);
  const history = historyApiRoot(mock);
  const { body } = await history.withResourceTypeValue({ resourceType: 'customer' }).withIDValue({ ID: customer.id }).get().execute();
  expect(body).toMatchObject({ limit: 20, offset: 0, count: 2 });
  expect(body.total).toBeUndefined();
  const [updated, created] = body.results;
  expect(updated).toEqual({
    version: 2,
    previousVersion: 1,
    type: 'ResourceUpdated',
    modifiedAt: expect.any(String),
    modifiedBy: { isPlatformClient: false, type: 'external-user', clientId: 'test-client' },
    label: { type: 'CustomerLabel', firstName: 'Grace', lastName: 'Hopper', customerNumber: 'C-1' },
    previousLabel: { type: 'CustomerLabel', firstName: 'Ada', customerNumber: 'C-1' },
    changes: [
      { type: 'SetFirstNameChange', change: 'setFirstName', previousValue: 'Ada', nextValue: 'Grace' },
      { type: 'SetLastNameChange', change: 'setLastName', nextValue: 'Hopper' },
    ],
    resource: { typeId: 'customer', id: customer.id },
    stores: [],
    withoutChanges: false,
  });
  expect(created).toMatchObject({ version: 1, previousVersion: 0, type: 'ResourceCreated', changes: [], withoutChanges: false });
  expect(Date.parse(updated!.modifiedAt)).toBeGreaterThanOrEqual(Date.parse(created!.modifiedAt));
});

test('a refused request records nothing, nor does a programmatic write', async ({ mock, apiRoot }) => {
  const customer = await createCustomer(apiRoot);
  // A stale version, an unknown action, a duplicate email: each refused, nothing stored.
  expect(
    (await sdkFailure(updateCustomer(apiRoot, { id: customer.id, version: 7 }, [{ action: 'setFirstName', firstName: 'X' }]))).statusCode,
  ).toBe(409);
  expect((await sdkFailure(updateCustomer(apiRoot, customer, [{ action: 'noSuchAction' } as never]))).statusCode).toBe(400);
  expect((await sdkFailure(createCustomer(apiRoot))).statusCode).toBe(400);
  // Seeding and the programmatic API are not changes made through the API.
  const seeded = mock.data.create('customer', { email: 'grace@example.com', password: 'secret' });
  mock.data.update('customer', seeded.id, { version: 1, actions: [{ action: 'setFirstName', firstName: 'Grace' }] });

  const { body } = await historyApiRoot(mock).get().execute();
  expect(body.results.map((record) => [record.type, record.resource.id])).toEqual([['ResourceCreated', customer.id]]);
  expect(mock.data.all('change-history')).toHaveLength(1);
});

test('a deletion is recorded as one more version, labelled as the resource was', async ({ mock, apiRoot }) => {
  const { body: group } = await apiRoot
    .customerGroups()
    .post({ body: { groupName: 'VIP', key: 'vip' } })
    .execute();
  await apiRoot
    .customerGroups()
    .withId({ ID: group.id })
    .delete({ queryArgs: { version: 1 } })
    .execute();
  const { body } = await historyApiRoot(mock).withResourceTypeValue({ resourceType: 'customer-group' }).get().execute();
  expect(body.results).toEqual([
    expect.objectContaining({
      type: 'ResourceDeleted',
      version: 2,
      previousVersion: 1,
      label: { type: 'StringLabel', value: 'VIP' },
      previousLabel: { type: 'StringLabel', value: 'VIP' },
      resource: { typeId: 'customer-group', id: group.id, key: 'vip' },
      changes: [],
    }),
    expect.objectContaining({ type: 'ResourceCreated', version: 1 }),
  ]);
});

test('who made the change: the API client, and the customer signed in with it', async ({ mock, apiRoot }) => {
  const customer = await createCustomer(apiRoot, { email: 'ada@example.com', password: 'secret' });
  const asAda = sdkApiRoot(mock, { kind: 'password', username: 'ada@example.com', password: 'secret' });
  await asAda
    .me()
    .post({ body: { version: 1, actions: [{ action: 'setFirstName', firstName: 'Ada' }] } })
    .execute();
  const history = historyApiRoot(mock);
  const { body } = await history.get({ queryArgs: { customerId: customer.id } }).execute();
  expect(body.results).toHaveLength(1);
  expect(body.results[0]!.modifiedBy).toEqual({
    isPlatformClient: false,
    type: 'external-user',
    clientId: 'test-client',
    customer: { typeId: 'customer', id: customer.id },
  });
  expect((await history.get({ queryArgs: { clientId: 'test-client' } }).execute()).body.count).toBe(2);
  expect((await history.get({ queryArgs: { clientId: 'another-client' } }).execute()).body.count).toBe(0);
});
