/**
 * Deliveries through the official SDK: a subscription receives the messages and change notifications
 * of a checkout per its `messages` and `changes`, in the Platform and CloudEvents formats, in order,
 * after the write commits; a refused request delivers nothing.
 */
import { mockInternals } from '../../src/api/mock.js';
import type { Delivery } from '../../src/index.js';
import { createCart, setupCatalog, updateCart } from '../checkout/carts-support.js';
import { createCustomer, expect, sdkFailure, test, updateCustomer } from '../support/sdk.js';
import { sqs, subscribe } from './support.js';

/**
 * A delivery as "what, of which resource, at which version": a message with its `resourceVersion`, a
 * change with its `oldVersion` (an update's) and `version`.
 */
/** The deliveries of writes, without the test message each subscription's destination gets first. */
const ofWrites = (deliveries: Delivery[]) => deliveries.filter((delivery) => delivery.resource.typeId !== 'subscription');

const told = (delivery: Delivery) => {
  const data = (delivery.format === 'CloudEvents' ? delivery.payload.data : delivery.payload) as Record<string, unknown>;
  const versions = delivery.messageType ? [data.resourceVersion] : data.oldVersion ? [data.oldVersion, data.version] : [data.version];
  return [delivery.messageType ?? delivery.notificationType, delivery.resource.typeId, ...versions];
};

test('a checkout reaches both formats in order: cart changes, order changes and the order messages', async ({ apiRoot, mock }) => {
  await setupCatalog(apiRoot);
  const wanted = {
    messages: [{ resourceTypeId: 'order' as const }],
    changes: [{ resourceTypeId: 'cart' }, { resourceTypeId: 'order' }],
  };
  const platform = await subscribe(apiRoot, { key: 'platform', ...wanted });
  await subscribe(apiRoot, { key: 'cloud', ...wanted, format: { type: 'CloudEvents', cloudEventsVersion: '1.0' } });
  expect(mock.events.deliveries().map((d) => [d.subscriptionKey, d.notificationType, d.resource.typeId])).toEqual([
    ['platform', 'ResourceCreated', 'subscription'],
    ['cloud', 'ResourceCreated', 'subscription'],
  ]);

  let cart = await createCart(apiRoot, { currency: 'EUR', country: 'DE' });
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', sku: 'A-1', quantity: 1 });
  cart = await updateCart(apiRoot, cart, { action: 'setShippingAddress', address: { country: 'DE' } });
  let order = (
    await apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber: 'A-1' } })
      .execute()
  ).body;
  order = (
    await apiRoot
      .orders()
      .withId({ ID: order.id })
      .post({ body: { version: order.version, actions: [{ action: 'changeOrderState', orderState: 'Confirmed' }] } })
      .execute()
  ).body;
  await apiRoot
    .orders()
    .withId({ ID: order.id })
    .delete({ queryArgs: { version: order.version } })
    .execute();

  const received = ofWrites(mock.events.deliveries({ subscriptionKey: 'platform' }));
  expect(received.map(told)).toEqual([
    ['ResourceCreated', 'cart', 1],
    ['ResourceUpdated', 'cart', 1, 2],
    ['ResourceUpdated', 'cart', 2, 3],
    // Ordering stores the order, then marks the cart ordered, in one transaction.
    ['ResourceCreated', 'order', 1],
    ['OrderCreated', 'order', 1],
    ['ResourceUpdated', 'cart', 3, 4],
    ['ResourceUpdated', 'order', 1, 2],
    ['OrderStateChanged', 'order', 2],
    ['ResourceDeleted', 'order', 2],
    ['OrderDeleted', 'order', 3],
  ]);
  expect(mock.data.get('cart', cart.id)).toMatchObject({ version: 4, cartState: 'Ordered' });
  // The two subscriptions receive the same notifications, each in its own format.
  expect(ofWrites(mock.events.deliveries({ subscriptionKey: 'cloud' })).map(told)).toEqual(received.map(told));

  const orderMessages = mock.events.messages({ resourceId: order.id });
  expect(mock.events.deliveries({ subscriptionKey: 'platform', notificationType: 'Message' }).map((d) => d.payload)).toEqual(
    orderMessages.map((message) => ({ notificationType: 'Message', projectKey: 'test-project', ...message })),
  );
  expect(mock.events.deliveries({ subscriptionId: platform.id, type: 'OrderStateChanged' })[0]).toMatchObject({
    subscription: { typeId: 'subscription', id: platform.id },
    destination: sqs,
    format: 'Platform',
    payload: { resource: { typeId: 'order', id: order.id }, orderState: 'Confirmed', oldOrderState: 'Open', sequenceNumber: 2 },
  });
  const [updated] = mock.events.deliveries({ subscriptionKey: 'platform', notificationType: 'ResourceUpdated', resourceId: order.id });
  expect(updated!.payload).toEqual({
    notificationType: 'ResourceUpdated',
    projectKey: 'test-project',
    resource: { typeId: 'order', id: order.id },
    resourceUserProvidedIdentifiers: { orderNumber: 'A-1' },
    version: 2,
    oldVersion: 1,
    modifiedAt: order.lastModifiedAt,
  });

  const cloudCreated = mock.events.deliveries({ subscriptionKey: 'cloud', type: 'OrderCreated' })[0]!;
  const message = orderMessages[0]!;
  expect(cloudCreated.payload).toEqual({
    specversion: '1.0',
    id: expect.any(String),
    type: 'com.commercetools.order.message.OrderCreated',
    source: '/test-project/orders',
    subject: order.id,
    time: message.createdAt,
    sequence: '1',
    sequencetype: 'Integer',
    dataref: `/test-project/messages/${message.id}`,
    data: { notificationType: 'Message', projectKey: 'test-project', ...message },
  });
  const cloudDeleted = mock.events.deliveries({ subscriptionKey: 'cloud', notificationType: 'ResourceDeleted' })[0]!;
  expect(cloudDeleted.payload).toMatchObject({
    type: 'com.commercetools.order.change.ResourceDeleted',
    subject: order.id,
    data: { notificationType: 'ResourceDeleted', resource: { typeId: 'order', id: order.id }, version: 2 },
  });
  // Sequence and dataref belong to messages.
  for (const field of ['dataref', 'sequence', 'sequencetype']) expect(cloudDeleted.payload).not.toHaveProperty(field);
});

test('message types narrow what a subscription receives; a type it does not name receives nothing', async ({ apiRoot, mock }) => {
  await subscribe(apiRoot, { key: 'emails', messages: [{ resourceTypeId: 'customer', types: ['CustomerEmailChanged'] }] });
  const customer = await createCustomer(apiRoot);
  await apiRoot
    .channels()
    .post({ body: { key: 'berlin', roles: ['InventorySupply'] } })
    .execute();
  expect(ofWrites(mock.events.deliveries())).toEqual([]);
  await updateCustomer(apiRoot, customer, [{ action: 'changeEmail', email: 'ada@lovelace.org' }]);
  expect(ofWrites(mock.events.deliveries()).map((d) => [d.subscriptionKey, d.messageType, d.payload.email])).toEqual([
    ['emails', 'CustomerEmailChanged', 'ada@lovelace.org'],
  ]);
});

test('a refused request delivers nothing', async ({ apiRoot, mock }) => {
  await setupCatalog(apiRoot);
  await subscribe(apiRoot, { messages: [{ resourceTypeId: 'order' }], changes: [{ resourceTypeId: 'cart' }, { resourceTypeId: 'order' }] });
  let cart = await createCart(apiRoot, { currency: 'EUR', country: 'DE' });
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', sku: 'A-1', quantity: 1 });
  const before = mock.events.deliveries().length;

  // A stale version, an action that fails after one that succeeded, an order from a stale cart.
  expect(
    await sdkFailure(
      apiRoot
        .carts()
        .withId({ ID: cart.id })
        .post({ body: { version: 1, actions: [{ action: 'setCountry', country: 'AT' }] } })
        .execute(),
    ),
  ).toMatchObject({ statusCode: 409 });
  expect(
    await sdkFailure(
      apiRoot
        .carts()
        .withId({ ID: cart.id })
        .post({
          body: {
            version: cart.version,
            actions: [
              { action: 'setCustomerEmail', email: 'a@example.com' },
              { action: 'removeLineItem', lineItemId: 'missing' },
            ],
          },
        })
        .execute(),
    ),
  ).toMatchObject({ statusCode: 400 });
  expect(
    await sdkFailure(
      apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: 1 } })
        .execute(),
    ),
  ).toMatchObject({ statusCode: 409 });
  expect(mock.events.deliveries()).toHaveLength(before);

  // A seed whose second draft is refused: the cart the first one stored is rolled back, and so is its notification.
  expect(() =>
    mock.data.seed([
      ['cart', { currency: 'EUR' }],
      ['cart', { currency: 'nope' }],
    ]),
  ).toThrow();
  expect(mock.data.all('cart')).toHaveLength(1);
  expect(mock.events.deliveries()).toHaveLength(before);
});

test('onDelivery hears each delivery after its write committed, until it is stopped', async ({ apiRoot, mock }) => {
  await subscribe(apiRoot, { changes: [{ resourceTypeId: 'customer-group' }] });
  const heard: Array<[string, number | undefined]> = [];
  const stop = mock.events.onDelivery((delivery) => {
    // Committed: the stored resource is already at the version the notification names.
    heard.push([delivery.notificationType, mock.data.get('customer-group', delivery.resource.id)?.version]);
  });
  const group = (
    await apiRoot
      .customerGroups()
      .post({ body: { groupName: 'gold', key: 'gold' } })
      .execute()
  ).body;
  await apiRoot
    .customerGroups()
    .withId({ ID: group.id })
    .post({ body: { version: 1, actions: [{ action: 'changeName', name: 'Gold' }] } })
    .execute();
  await sdkFailure(
    apiRoot
      .customerGroups()
      .withId({ ID: group.id })
      .post({ body: { version: 1, actions: [{ action: 'changeName', name: 'stale' }] } })
      .execute(),
  );
  stop();
  await apiRoot
    .customerGroups()
    .withId({ ID: group.id })
    .post({ body: { version: 2, actions: [{ action: 'changeName', name: 'GOLD' }] } })
    .execute();
  expect(heard).toEqual([
    ['ResourceCreated', 1],
    ['ResourceUpdated', 2],
  ]);
  expect(ofWrites(mock.events.deliveries())).toHaveLength(3);
});

test('a listener that throws does not fail the request that made the delivery', async ({ apiRoot, mock }) => {
  await subscribe(apiRoot, { changes: [{ resourceTypeId: 'customer-group' }] });
  const stop = mock.events.onDelivery(() => {
    throw new Error('listener broke');
  });
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    const created = await apiRoot
      .customerGroups()
      .post({ body: { groupName: 'gold' } })
      .execute();
    expect(created.statusCode).toBe(201);
  } finally {
    console.error = original;
    stop();
  }
  expect(ofWrites(mock.events.deliveries())).toHaveLength(1);
  expect(String(errors[0])).toContain('onDelivery listener threw');
});

test('a nested transaction that fails takes back only its own notifications, as the storage takes back its writes', async ({
  apiRoot,
  mock,
}) => {
  await subscribe(apiRoot, { changes: [{ resourceTypeId: 'customer-group' }] });
  mockInternals(mock).engine.transaction(() => {
    mock.data.create('customer-group', { groupName: 'kept' });
    expect(() =>
      mockInternals(mock).engine.transaction(() => {
        mock.data.create('customer-group', { groupName: 'undone' });
        throw new Error('inner failure');
      }),
    ).toThrow('inner failure');
    // Nothing is delivered before the outermost transaction commits.
    expect(ofWrites(mock.events.deliveries())).toEqual([]);
  });
  expect(mock.data.all('customer-group').map((group) => group.name)).toEqual(['kept']);
  expect(ofWrites(mock.events.deliveries()).map((delivery) => delivery.resource.id)).toEqual(
    mock.data.all('customer-group').map((group) => group.id),
  );
});

test('with the project messages off, /messages records nothing and subscriptions still receive messages', async ({ apiRoot, mock }) => {
  const project = (await apiRoot.get().execute()).body;
  await apiRoot
    .post({
      body: {
        version: project.version,
        actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: false, deleteDaysAfterCreation: 15 } }],
      },
    })
    .execute();
  await subscribe(apiRoot, { key: 'crm', messages: [{ resourceTypeId: 'customer' }] });
  await subscribe(apiRoot, {
    key: 'cloud',
    messages: [{ resourceTypeId: 'customer' }],
    format: { type: 'CloudEvents', cloudEventsVersion: '1.0' },
  });
  const customer = await createCustomer(apiRoot);
  await updateCustomer(apiRoot, customer, [{ action: 'setFirstName', firstName: 'Ada' }]);

  expect((await apiRoot.messages().get().execute()).body.results).toEqual([]);
  expect(
    mock.events
      .deliveries({ subscriptionKey: 'crm', notificationType: 'Message' })
      .map((d) => [d.messageType, d.payload.sequenceNumber, d.payload.resourceVersion]),
  ).toEqual([
    ['CustomerCreated', 1, 1],
    ['CustomerFirstNameSet', 2, 2],
  ]);
  // `dataref` points into /messages, which holds none of them.
  const cloud = mock.events.deliveries({ subscriptionKey: 'cloud', notificationType: 'Message' }).map((d) => d.payload);
  expect(cloud).toMatchObject([{ sequence: '1' }, { sequence: '2' }]);
  for (const event of cloud) expect(event).not.toHaveProperty('dataref');
});

test('a new destination gets a test message: a ResourceCreated notification of the subscription, on create and on changeDestination only', async ({
  apiRoot,
  mock,
}) => {
  const created = await subscribe(apiRoot, { key: 'orders', changes: [{ resourceTypeId: 'order' }] });
  const cloud = await subscribe(apiRoot, {
    key: 'cloud',
    changes: [{ resourceTypeId: 'order' }],
    format: { type: 'CloudEvents', cloudEventsVersion: '1.0' },
  });
  const [test] = mock.events.deliveries({ subscriptionKey: 'orders' });
  expect(test).toMatchObject({
    notificationType: 'ResourceCreated',
    resource: { typeId: 'subscription', id: created.id },
    destination: sqs,
    payload: {
      notificationType: 'ResourceCreated',
      projectKey: 'test-project',
      resource: { typeId: 'subscription', id: created.id },
      resourceUserProvidedIdentifiers: { key: 'orders' },
      version: 1,
      modifiedAt: created.lastModifiedAt,
    },
  });
  expect(mock.events.deliveries({ subscriptionKey: 'cloud' })[0]!.payload).toMatchObject({
    specversion: '1.0',
    type: 'com.commercetools.subscription.change.ResourceCreated',
    subject: cloud.id,
    data: { notificationType: 'ResourceCreated', resource: { id: cloud.id } },
  });

  const pubSub = { type: 'GoogleCloudPubSub' as const, projectId: 'shop', topic: 'orders' };
  const keyed = (
    await apiRoot
      .subscriptions()
      .withId({ ID: created.id })
      .post({ body: { version: 1, actions: [{ action: 'setKey', key: 'order-sync' }] } })
      .execute()
  ).body;
  expect(mock.events.deliveries({ subscriptionId: created.id })).toHaveLength(1);
  await apiRoot
    .subscriptions()
    .withId({ ID: created.id })
    .post({ body: { version: keyed.version, actions: [{ action: 'changeDestination', destination: pubSub }] } })
    .execute();
  const tests = mock.events.deliveries({ subscriptionId: created.id });
  expect(tests.map((d) => [d.destination.type, d.subscriptionKey, d.payload.version])).toEqual([
    ['SQS', 'orders', 1],
    ['GoogleCloudPubSub', 'order-sync', 3],
  ]);
  expect(tests[1]!.payload).not.toHaveProperty('oldVersion');
});
