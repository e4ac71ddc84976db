/**
 * Messages through the official SDK: what each write emits (Created, one per action that has one,
 * Deleted), the platform's fields, sequence numbers per resource, nothing for a refused request,
 * `/messages` queries, and the project's messages configuration.
 */
import { mockInternals } from '../../src/api/mock.js';
import type { ByProjectKeyRequestBuilder, Message } from '@commercetools/platform-sdk';
import { createCustomer, expect, sdkFailure, test, updateCustomer } from '../support/sdk.js';

async function messagesOf(apiRoot: ByProjectKeyRequestBuilder, resourceId: string): Promise<Message[]> {
  const page = await apiRoot
    .messages()
    .get({ queryArgs: { where: `resource(id="${resourceId}")`, sort: 'sequenceNumber asc', limit: 500 } })
    .execute();
  return page.body.results;
}

const signUp = (apiRoot: ByProjectKeyRequestBuilder, email = 'ada@example.com') =>
  createCustomer(apiRoot, { email, key: email.split('@')[0] });

test('a create, its updates and its deletion emit the platform messages, numbered per resource', async ({ apiRoot }) => {
  const customer = await signUp(apiRoot);
  const updated = await updateCustomer(apiRoot, customer, [
    { action: 'setFirstName', firstName: 'Ada' },
    { action: 'setMiddleName', middleName: 'King' },
    { action: 'changeEmail', email: 'countess@example.com' },
  ]);
  await apiRoot
    .customers()
    .withId({ ID: customer.id })
    .delete({ queryArgs: { version: updated.body.version } })
    .execute();

  const messages = await messagesOf(apiRoot, customer.id);
  expect(messages.map((m) => [m.type, m.sequenceNumber, m.resourceVersion])).toEqual([
    ['CustomerCreated', 1, 1],
    ['CustomerFirstNameSet', 2, 2],
    ['CustomerEmailChanged', 3, 2],
    ['CustomerDeleted', 4, 3],
  ]);
  const [created, firstName, email, deleted] = messages;
  expect(created).toMatchObject({
    version: 1,
    resource: { typeId: 'customer', id: customer.id },
    resourceUserProvidedIdentifiers: { key: 'ada' },
    customer: { id: customer.id, email: 'ada@example.com', version: 1 },
    createdBy: expect.any(Object),
  });
  expect(firstName).toMatchObject({ firstName: 'Ada' });
  expect(email).toMatchObject({ email: 'countess@example.com', oldEmail: 'ada@example.com' });
  expect(deleted).toMatchObject({ email: 'countess@example.com' });
  for (const message of messages) expect(Object.keys(message)).toEqual(expect.arrayContaining(['id', 'createdAt', 'lastModifiedAt']));
});

test('a refused request emits nothing, and neither does an update that changes nothing', async ({ apiRoot }) => {
  const customer = await signUp(apiRoot);
  const refused = await sdkFailure(
    updateCustomer(apiRoot, customer, [
      { action: 'setFirstName', firstName: 'Ada' },
      { action: 'addStore', store: { typeId: 'store', key: 'nowhere' } },
    ]),
  );
  expect(refused.statusCode).toBe(400);
  const stale = await sdkFailure(
    updateCustomer(apiRoot, { id: customer.id, version: 7 }, [{ action: 'setLastName', lastName: 'Lovelace' }]),
  );
  expect(stale.statusCode).toBe(409);
  await updateCustomer(apiRoot, customer, [{ action: 'changeEmail', email: 'ada@example.com' }]);
  expect((await messagesOf(apiRoot, customer.id)).map((m) => m.type)).toEqual(['CustomerCreated']);
});

test('a failure inside a transaction takes back the messages written before it', async ({ apiRoot }) => {
  await signUp(apiRoot, 'first@example.com');
  const clash = await sdkFailure(createCustomer(apiRoot, { email: 'first@example.com', password: 'x' }));
  expect(clash.statusCode).toBe(400);
  const all = await apiRoot.messages().get().execute();
  expect(all.body.results.map((m) => m.type)).toEqual(['CustomerCreated']);
});

test('/messages: by id, where, sort, paging and expand of the resource', async ({ apiRoot }) => {
  const ada = await signUp(apiRoot, 'ada@example.com');
  const grace = await createCustomer(apiRoot, { email: 'grace@example.com', password: 'x' });
  const all = await apiRoot
    .messages()
    .get({ queryArgs: { sort: 'createdAt desc', limit: 1, withTotal: true } })
    .execute();
  expect(all.body).toMatchObject({ total: 2, count: 1, limit: 1, offset: 0 });

  const graces = await apiRoot
    .messages()
    .get({ queryArgs: { where: `type="CustomerCreated" and resource(id="${grace.id}")`, expand: ['resource'] } })
    .execute();
  expect(graces.body.results).toHaveLength(1);
  const message = graces.body.results[0]!;
  expect(message.resource).toMatchObject({ typeId: 'customer', id: grace.id, obj: { email: 'grace@example.com' } });

  const byId = await apiRoot.messages().withId({ ID: message.id }).get().execute();
  expect(byId.body).toMatchObject({ id: message.id, type: 'CustomerCreated', resource: { typeId: 'customer', id: grace.id } });
  expect(byId.body.resource).not.toHaveProperty('obj');
  const missing = await sdkFailure(apiRoot.messages().withId({ ID: ada.id }).get().execute());
  expect(missing.statusCode).toBe(404);
});

test('the messages configuration: on by default (unlike the platform), off records nothing, on again records anew, numbered as generated', async ({
  apiRoot,
}) => {
  const project = await apiRoot.get().execute();
  expect(project.body.messages).toEqual({ enabled: true, deleteDaysAfterCreation: 15 });
  const off = await apiRoot
    .post({
      body: {
        version: project.body.version,
        actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: false, deleteDaysAfterCreation: 15 } }],
      },
    })
    .execute();
  expect(off.body.messages).toMatchObject({ enabled: false });
  const quiet = await signUp(apiRoot, 'quiet@example.com');
  expect(await messagesOf(apiRoot, quiet.id)).toEqual([]);

  await apiRoot
    .post({
      body: {
        version: off.body.version,
        actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: true, deleteDaysAfterCreation: 30 } }],
      },
    })
    .execute();
  const loud = await signUp(apiRoot, 'loud@example.com');
  expect((await messagesOf(apiRoot, loud.id)).map((m) => m.type)).toEqual(['CustomerCreated']);
  // The platform generates every message whether it records it or not: the quiet customer's
  // CustomerCreated was number 1, so its first recorded message is number 2.
  await apiRoot
    .customers()
    .withId({ ID: quiet.id })
    .post({ body: { version: quiet.version, actions: [{ action: 'changeEmail', email: 'still-quiet@example.com' }] } })
    .execute();
  expect((await messagesOf(apiRoot, quiet.id)).map((m) => [m.type, m.sequenceNumber])).toEqual([['CustomerEmailChanged', 2]]);
});

test('messages are read only: no create, no update, no delete', async ({ apiRoot, mock }) => {
  const customer = await signUp(apiRoot);
  const [message] = await messagesOf(apiRoot, customer.id);
  const base = `${mock.options.apiUrl}/test-project/messages`;
  const headers = { 'content-type': 'application/json' };
  const create = await fetch(base, { method: 'POST', headers, body: JSON.stringify({ type: 'CustomerCreated' }) });
  const update = await fetch(`${base}/${message!.id}`, { method: 'POST', headers, body: JSON.stringify({ version: 1, actions: [] }) });
  const remove = await fetch(`${base}/${message!.id}?version=1`, { method: 'DELETE', headers });
  expect([create.status, update.status, remove.status]).toEqual([405, 405, 405]);
  expect(await messagesOf(apiRoot, customer.id)).toHaveLength(1);
});

test('deleteDaysAfterCreation: a message older than the configured days is no longer returned, by list, by id or in process', async ({
  apiRoot,
  mock,
}) => {
  const customer = await signUp(apiRoot);
  await apiRoot
    .customers()
    .withId({ ID: customer.id })
    .post({ body: { version: customer.version, actions: [{ action: 'setFirstName', firstName: 'Ada' }] } })
    .execute();
  const [created, named] = await messagesOf(apiRoot, customer.id);
  // The mock's clock is the wall clock: the created message is made 16 days old in storage, past the default 15.
  const days = (count: number) => new Date(Date.now() - count * 24 * 60 * 60 * 1000).toISOString();
  mockInternals(mock).storage.write('test-project', 'message', { ...created!, createdAt: days(16) } as never, { expectedVersion: 1 });

  const page = await apiRoot
    .messages()
    .get({ queryArgs: { withTotal: true } })
    .execute();
  expect(page.body.results.map((m) => m.id)).toEqual([named!.id]);
  expect(page.body.total).toBe(1);
  const expired = await sdkFailure(apiRoot.messages().withId({ ID: created!.id }).get().execute());
  expect(expired.statusCode).toBe(404);
  expect((await apiRoot.messages().withId({ ID: named!.id }).get().execute()).body.type).toBe('CustomerFirstNameSet');
  expect(mock.events.messages({ resourceId: customer.id }).map((m) => m.type)).toEqual(['CustomerFirstNameSet']);

  // Kept for 30 days, a 16-day-old message is returned; at 31 days it is not.
  const project = (await apiRoot.get().execute()).body;
  await apiRoot
    .post({
      body: {
        version: project.version,
        actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: true, deleteDaysAfterCreation: 30 } }],
      },
    })
    .execute();
  expect((await messagesOf(apiRoot, customer.id)).map((m) => m.type)).toEqual(['CustomerCreated', 'CustomerFirstNameSet']);
  mockInternals(mock).storage.write('test-project', 'message', { ...named!, createdAt: days(31) } as never, { expectedVersion: 1 });
  expect((await messagesOf(apiRoot, customer.id)).map((m) => m.type)).toEqual(['CustomerCreated']);
});
