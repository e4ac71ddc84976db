/**
 * Subscriptions through the official SDK: each destination type with its required fields in their
 * formats, the at-least-one rule for messages, changes and events, the formats, the update actions,
 * and refusals that store nothing.
 */
import type { Destination, SubscriptionDraft } from '@commercetools/platform-sdk';
import { expectPlatformActions } from '../support/resources.js';
import { expect, sdkFailure, test } from '../support/sdk.js';
import { sqs } from './support.js';

const raw = <T>(value: unknown) => value as T;

test('declares exactly the platform update actions', () => {
  expectPlatformActions('subscription', ['changeDestination', 'setChanges', 'setEvents', 'setKey', 'setMessages']);
});

test('a subscription to order messages and cart changes: stored with the Platform format and healthy', async ({ apiRoot }) => {
  const created = await apiRoot
    .subscriptions()
    .post({
      body: {
        key: 'order-export',
        destination: sqs,
        messages: [{ resourceTypeId: 'order', types: ['OrderCreated'] }],
        changes: [{ resourceTypeId: 'cart' }],
      },
    })
    .execute();
  expect(created.statusCode).toBe(201);
  expect(created.body).toMatchObject({
    version: 1,
    key: 'order-export',
    destination: sqs,
    messages: [{ resourceTypeId: 'order', types: ['OrderCreated'] }],
    changes: [{ resourceTypeId: 'cart' }],
    events: [],
    format: { type: 'Platform' },
    status: 'Healthy',
  });
  const byKey = await apiRoot.subscriptions().withKey({ key: 'order-export' }).get().execute();
  expect(byKey.body.id).toBe(created.body.id);
});

test('every destination type with its required fields is accepted, and stored as given', async ({ apiRoot, mock }) => {
  const destinations: Destination[] = [
    sqs,
    { type: 'SNS', topicArn: 'arn:aws:sns:eu-central-1:123456789012:orders', accessKey: 'AKIA', accessSecret: 'secret' },
    { type: 'EventBridge', region: 'us-east-1', accountId: '123456789012', source: '' },
    {
      type: 'AzureServiceBus',
      connectionString: 'Endpoint=sb://shop.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=abc=;EntityPath=orders',
    },
    { type: 'EventGrid', uri: 'https://orders.westeurope-1.eventgrid.azure.net/api/events', accessKey: 'key' },
    { type: 'GoogleCloudPubSub', projectId: 'shop', topic: 'orders' },
    { type: 'ConfluentCloud', bootstrapServer: 'pkc.confluent.cloud:9092', apiKey: 'k', apiSecret: 's', acks: 'all', topic: 'orders' },
  ].map((destination) => {
    const { source: _source, ...rest } = destination as Destination & { source?: string };
    return rest as Destination;
  });
  for (const destination of destinations) {
    const created = await apiRoot
      .subscriptions()
      .post({ body: { destination, changes: [{ resourceTypeId: 'order' }], format: { type: 'CloudEvents', cloudEventsVersion: '1.0' } } })
      .execute();
    // The response hides secrets partially (subscription-secrets.spec.ts); the stored destination is whole.
    expect(created.body).toMatchObject({
      destination: { type: destination.type },
      format: { type: 'CloudEvents', cloudEventsVersion: '1.0' },
    });
    expect(mock.data.get('subscription', created.body.id)?.destination).toMatchObject(destination as unknown as Record<string, unknown>);
  }
  expect((await apiRoot.subscriptions().get().execute()).body.total).toBe(destinations.length);
});

test('refusals: destination fields missing or malformed, nothing to subscribe to, an unknown message resource type; nothing stored', async ({
  apiRoot,
}) => {
  const refused: Array<[unknown, number, string, string?]> = [
    [
      { destination: { ...sqs, queueUrl: 'http://example.com/queue' }, changes: [{ resourceTypeId: 'order' }] },
      400,
      'InvalidField',
      'destination.queueUrl',
    ],
    [{ destination: { ...sqs, region: 'Frankfurt' }, changes: [{ resourceTypeId: 'order' }] }, 400, 'InvalidField', 'destination.region'],
    [{ destination: { type: 'SQS', region: 'eu-central-1' }, changes: [{ resourceTypeId: 'order' }] }, 400, 'InvalidJsonInput'],
    [
      { destination: { type: 'SNS', topicArn: 'orders' }, changes: [{ resourceTypeId: 'order' }] },
      400,
      'InvalidField',
      'destination.topicArn',
    ],
    [
      { destination: { type: 'EventBridge', region: 'us-east-1', accountId: '42' }, changes: [{ resourceTypeId: 'order' }] },
      400,
      'InvalidField',
      'destination.accountId',
    ],
    [
      { destination: { type: 'AzureServiceBus', connectionString: 'sb://x' }, changes: [{ resourceTypeId: 'order' }] },
      400,
      'InvalidField',
      'destination.connectionString',
    ],
    [
      { destination: { type: 'EventGrid', uri: 'http://grid', accessKey: 'k' }, changes: [{ resourceTypeId: 'order' }] },
      400,
      'InvalidField',
      'destination.uri',
    ],
    [{ destination: { type: 'Kafka', topic: 'x' }, changes: [{ resourceTypeId: 'order' }] }, 400, 'InvalidJsonInput'],
    [{ destination: sqs }, 400, 'InvalidInput'],
    [{ destination: sqs, messages: [], changes: [] }, 400, 'InvalidInput'],
    [{ destination: sqs, messages: [{ resourceTypeId: 'cart' }] }, 400, 'InvalidJsonInput'],
    [
      { destination: sqs, changes: [{ resourceTypeId: 'order' }], format: { type: 'CloudEvents', cloudEventsVersion: '2.0' } },
      400,
      'InvalidJsonInput',
    ],
  ];
  for (const [body, status, code, field] of refused) {
    const failure = await sdkFailure(
      apiRoot
        .subscriptions()
        .post({ body: raw<SubscriptionDraft>(body) })
        .execute(),
    );
    expect(failure.statusCode, JSON.stringify(body)).toBe(status);
    expect(failure.body.errors[0], JSON.stringify(body)).toMatchObject({ code, ...(field ? { field } : {}) });
  }
  expect((await apiRoot.subscriptions().get().execute()).body.total).toBe(0);
});

test('update actions: destination, messages, changes, key; emptying all three is refused and stores nothing', async ({ apiRoot }) => {
  const created = (
    await apiRoot
      .subscriptions()
      .post({ body: { destination: sqs, changes: [{ resourceTypeId: 'order' }] } })
      .execute()
  ).body;
  const pubSub: Destination = { type: 'GoogleCloudPubSub', projectId: 'shop', topic: 'orders' };
  const updated = await apiRoot
    .subscriptions()
    .withId({ ID: created.id })
    .post({
      body: {
        version: created.version,
        actions: [
          { action: 'changeDestination', destination: pubSub },
          { action: 'setMessages', messages: [{ resourceTypeId: 'payment' }] },
          { action: 'setChanges' },
          { action: 'setKey', key: 'payments' },
        ],
      },
    })
    .execute();
  expect(updated.body).toMatchObject({
    version: 2,
    key: 'payments',
    destination: pubSub,
    messages: [{ resourceTypeId: 'payment' }],
    changes: [],
  });

  const emptied = await sdkFailure(
    apiRoot
      .subscriptions()
      .withId({ ID: created.id })
      .post({ body: { version: 2, actions: [{ action: 'setMessages', messages: [] }] } })
      .execute(),
  );
  expect(emptied.statusCode).toBe(400);
  expect(emptied.body.errors[0]).toMatchObject({ code: 'InvalidInput' });
  expect((await apiRoot.subscriptions().withId({ ID: created.id }).get().execute()).body).toEqual(updated.body);

  const deleted = await apiRoot
    .subscriptions()
    .withKey({ key: 'payments' })
    .delete({ queryArgs: { version: 2 } })
    .execute();
  expect(deleted.body.id).toBe(created.id);
  expect((await apiRoot.subscriptions().get().execute()).body.total).toBe(0);
});

test('keys are unique', async ({ apiRoot }) => {
  await apiRoot
    .subscriptions()
    .post({ body: { key: 'one', destination: sqs, changes: [{ resourceTypeId: 'order' }] } })
    .execute();
  const duplicate = await sdkFailure(
    apiRoot
      .subscriptions()
      .post({ body: { key: 'one', destination: sqs, changes: [{ resourceTypeId: 'cart' }] } })
      .execute(),
  );
  expect(duplicate.statusCode).toBe(400);
  expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key' });
});

test('events: Checkout and Import API event types, each under its resource type, stored; never delivered, as the mock serves neither', async ({
  apiRoot,
  mock,
}) => {
  const created = (
    await apiRoot
      .subscriptions()
      .post({
        body: {
          key: 'payments-failing',
          destination: sqs,
          events: [{ resourceTypeId: 'checkout', types: ['CheckoutPaymentChargeFailed'] }, { resourceTypeId: 'import-api' }],
        },
      })
      .execute()
  ).body;
  expect(created.events).toEqual([
    { resourceTypeId: 'checkout', types: ['CheckoutPaymentChargeFailed'] },
    { resourceTypeId: 'import-api' },
  ]);
  const refused: unknown[] = [
    { destination: sqs, events: [{ resourceTypeId: 'order' }] },
    { destination: sqs, events: [{ resourceTypeId: 'checkout', types: ['OrderCreated'] }] },
  ];
  for (const body of refused) {
    const failure = await sdkFailure(
      apiRoot
        .subscriptions()
        .post({ body: raw<SubscriptionDraft>(body) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]!.code, JSON.stringify(body)).toBe('InvalidJsonInput');
  }
  const foreign = await sdkFailure(
    apiRoot
      .subscriptions()
      .withId({ ID: created.id })
      .post({
        body: {
          version: created.version,
          actions: [{ action: 'setEvents', events: [{ resourceTypeId: 'checkout', types: ['ImportContainerCreated'] }] }],
        },
      })
      .execute(),
  );
  expect(foreign.statusCode).toBe(400);
  expect(foreign.body.errors[0]).toMatchObject({
    code: 'InvalidInput',
    message: "The event type 'ImportContainerCreated' is not an event of the resource type 'checkout'.",
  });
  const stored = (await apiRoot.subscriptions().withId({ ID: created.id }).get().execute()).body;
  expect(stored).toMatchObject({ version: created.version, events: created.events });

  await apiRoot
    .customers()
    .post({ body: { email: 'ada@example.com', password: 'secret' } })
    .execute();
  // The destination's test message, and nothing after it.
  expect(mock.events.deliveries({ subscriptionKey: 'payments-failing' }).map((d) => d.resource)).toEqual([
    { typeId: 'subscription', id: created.id },
  ]);
});
