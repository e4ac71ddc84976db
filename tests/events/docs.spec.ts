/**
 * docs/events.md: its examples are the regions this spec runs, so they cannot drift from the code;
 * its table of message types per resource type is the one the definitions declare.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resourceDefinitions } from '../../src/resources/index.js';
import { asWritten, markedRegions, tsBlocks } from '../support/doc-examples.js';
import { expect, test } from '../support/commerce.js';

test('the examples of docs/events.md are the ones this spec runs', () => {
  expect(markedRegions(fileURLToPath(import.meta.url)).map(asWritten)).toEqual(tsBlocks('docs/events.md').map(asWritten));
});

test('the table of docs/events.md lists the messages each resource type declares', () => {
  const doc = readFileSync('docs/events.md', 'utf8');
  const rows = new Map(
    [...doc.matchAll(/^\| `([a-z-]+)` \| (.*) \|$/gm)].map((match) => [
      match[1]!,
      [...match[2]!.matchAll(/`([A-Z]\w+)`/g)].map((m) => m[1]!),
    ]),
  );
  for (const definition of resourceDefinitions) {
    const declared = [
      definition.messages?.created?.type,
      definition.messages?.deleted?.type,
      ...Object.values(definition.actions).flatMap((action) => action.message?.types ?? []),
    ].filter((type): type is string => type !== undefined);
    if (declared.length === 0) expect(rows.has(definition.typeId), `${definition.typeId} emits nothing`).toBe(false);
    else expect(rows.get(definition.typeId)?.sort(), definition.typeId).toEqual([...new Set(declared)].sort());
  }
});

test('a customer changes their email: the messages, read three ways', async ({ commerce }) => {
  // doc-example:start
  const created = await commerce.apiRoot
    .customers()
    .post({ body: { email: 'ada@example.com', password: 'secret' } })
    .execute();
  const customer = created.body.customer;
  await commerce.apiRoot
    .customers()
    .withId({ ID: customer.id })
    .post({ body: { version: customer.version, actions: [{ action: 'changeEmail', email: 'ada@lovelace.org' }] } })
    .execute();

  await expect(commerce).toHaveEmittedMessage('CustomerEmailChanged', { email: 'ada@lovelace.org', oldEmail: 'ada@example.com' });
  const messages = await commerce.messages({ resourceId: customer.id });
  expect(messages.map((message) => [message.type, message.sequenceNumber, message.resourceVersion])).toEqual([
    ['CustomerCreated', 1, 1],
    ['CustomerEmailChanged', 2, 2],
  ]);
  // doc-example:end

  // doc-example:start
  const page = await commerce.apiRoot
    .messages()
    .get({ queryArgs: { where: 'type="CustomerEmailChanged"', expand: ['resource'] } })
    .execute();
  expect(page.body.results[0]).toMatchObject({ resource: { typeId: 'customer', obj: { email: 'ada@lovelace.org' } } });
  // doc-example:end
});

test('the messages configuration turns recording off', async ({ commerce }) => {
  // doc-example:start
  const project = await commerce.apiRoot.get().execute();
  await commerce.apiRoot
    .post({
      body: {
        version: project.body.version,
        actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: false, deleteDaysAfterCreation: 15 } }],
      },
    })
    .execute();
  await commerce.apiRoot
    .customers()
    .post({ body: { email: 'grace@example.com', password: 'secret' } })
    .execute();
  await expect(commerce).not.toHaveEmittedMessage('CustomerCreated');
  // doc-example:end
});

test('a subscription receives the messages and change notifications it names', async ({ commerce }) => {
  // doc-example:start
  await commerce.apiRoot
    .subscriptions()
    .post({
      body: {
        key: 'customer-sync',
        destination: { type: 'GoogleCloudPubSub', projectId: 'shop', topic: 'customers' },
        messages: [{ resourceTypeId: 'customer', types: ['CustomerEmailChanged'] }],
        changes: [{ resourceTypeId: 'customer' }],
        format: { type: 'CloudEvents', cloudEventsVersion: '1.0' },
      },
    })
    .execute();
  const created = await commerce.apiRoot
    .customers()
    .post({ body: { email: 'ada@example.com', password: 'secret' } })
    .execute();
  const customer = created.body.customer;
  await commerce.apiRoot
    .customers()
    .withId({ ID: customer.id })
    .post({ body: { version: customer.version, actions: [{ action: 'changeEmail', email: 'ada@lovelace.org' }] } })
    .execute();

  await expect(commerce).toHaveDelivered('CustomerEmailChanged', {
    subscriptionKey: 'customer-sync',
    payload: { type: 'com.commercetools.customer.message.CustomerEmailChanged', data: { email: 'ada@lovelace.org' } },
  });
  const deliveries = await commerce.deliveries({ resourceId: customer.id });
  expect(deliveries.map((delivery) => delivery.messageType ?? delivery.notificationType)).toEqual([
    'ResourceCreated',
    'ResourceUpdated',
    'CustomerEmailChanged',
  ]);
  expect(deliveries[1]!.payload).toMatchObject({
    specversion: '1.0',
    type: 'com.commercetools.customer.change.ResourceUpdated',
    source: '/test-project/customers',
    subject: customer.id,
    data: { notificationType: 'ResourceUpdated', resource: { typeId: 'customer', id: customer.id }, oldVersion: 1, version: 2 },
  });
  // doc-example:end
});
