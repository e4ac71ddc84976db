/**
 * An app consuming its subscription's queue with its own SQS client: the real `@aws-sdk/client-sqs`
 * against the standalone server's SQS endpoint (`/__mock/sqs`), over a real port. The queue holds what
 * the subscription was delivered, in order; a message not deleted comes back after its visibility
 * timeout, a deleted one never does.
 */
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { ByProjectKeyRequestBuilder, Order } from '@commercetools/platform-sdk';
import { createCart, setupCatalog, updateCart } from '../checkout/carts-support.js';
import { createCommerceMock, startServer } from '../../src/index.js';
import { expect, withServerPerWorker } from '../support/commerce.js';
import { sqs, subscribe } from './support.js';

const test = withServerPerWorker();

const REAL_QUEUE_URL = 'https://sqs.eu-central-1.amazonaws.com/123456789012/orders';
const credentials = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'not-checked' };
/** The SDK warns when a queue URL's host is not its endpoint's: expected here, so not logged. */
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: console.error };

/** The app's SQS client, configured as an app points it at the mock. */
const sqsClient = (serverUrl: string) => new SQSClient({ region: 'eu-central-1', endpoint: `${serverUrl}/__mock/sqs`, credentials });

async function placeOrder(apiRoot: ByProjectKeyRequestBuilder): Promise<Order> {
  await setupCatalog(apiRoot);
  let cart = await createCart(apiRoot, { currency: 'EUR', country: 'DE', customerEmail: 'ada@example.com' });
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', sku: 'A-1', quantity: 1 });
  cart = await updateCart(apiRoot, cart, { action: 'setShippingAddress', address: { country: 'DE', city: 'Berlin' } });
  const order = await apiRoot
    .orders()
    .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber: 'A-1000' } })
    .execute();
  return order.body;
}

async function updateOrder(apiRoot: ByProjectKeyRequestBuilder, order: Order, action: object): Promise<Order> {
  const updated = await apiRoot
    .orders()
    .withId({ ID: order.id })
    .post({ body: { version: order.version, actions: [action as never] } })
    .execute();
  return updated.body;
}

const bodies = (messages: Message[] | undefined) => (messages ?? []).map((message) => JSON.parse(message.Body!));
const kinds = (messages: Message[] | undefined) =>
  bodies(messages).map((body) => (body.notificationType === 'Message' ? body.type : `${body.notificationType} ${body.resource.typeId}`));

test('an app receives an order’s messages in order, gets back what it did not delete, and deletes them for good', async ({
  commerce,
  server,
}) => {
  await subscribe(commerce.apiRoot, { key: 'order-export', messages: [{ resourceTypeId: 'order' }] });
  let order = await placeOrder(commerce.apiRoot);
  order = await updateOrder(commerce.apiRoot, order, { action: 'changeOrderState', orderState: 'Confirmed' });
  order = await updateOrder(commerce.apiRoot, order, { action: 'changeShipmentState', shipmentState: 'Shipped' });
  const client = sqsClient(server.url);

  const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: 'orders' }));
  expect(QueueUrl).toBe(`${server.url}/__mock/sqs/123456789012/orders`);

  const first = await client.send(
    new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 1, MessageSystemAttributeNames: ['All'] }),
  );
  // The platform's test message first, then the order's messages as they were recorded: the bodies are the deliveries' payloads.
  expect(kinds(first.Messages)).toEqual(['ResourceCreated subscription', 'OrderCreated', 'OrderStateChanged', 'OrderShipmentStateChanged']);
  const delivered = await commerce.events.deliveries({ subscriptionKey: 'order-export' });
  expect(bodies(first.Messages)).toEqual(delivered.map((delivery) => delivery.payload));
  expect(first.Messages!.map((message) => message.MessageId)).toEqual(delivered.map((delivery) => delivery.id));
  expect(bodies(first.Messages)[1]).toMatchObject({
    notificationType: 'Message',
    projectKey: commerce.projectKey,
    resource: { typeId: 'order', id: order.id },
    sequenceNumber: 1,
    order: { id: order.id, orderNumber: 'A-1000' },
  });
  expect(first.Messages![1]!.Attributes).toMatchObject({
    ApproximateReceiveCount: '1',
    SentTimestamp: String(Date.parse(order.createdAt)),
  });

  // In flight: nothing more to receive.
  expect((await client.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toBeUndefined();
  const [test, created, confirmed, shipped] = first.Messages!;
  const batch = await client.send(
    new DeleteMessageBatchCommand({
      QueueUrl,
      Entries: [
        { Id: 'test', ReceiptHandle: test!.ReceiptHandle! },
        { Id: 'created', ReceiptHandle: created!.ReceiptHandle! },
        { Id: 'forged', ReceiptHandle: 'not-a-handle' },
      ],
    }),
  );
  expect(batch.Successful).toEqual([{ Id: 'test' }, { Id: 'created' }]);
  expect(batch.Failed).toMatchObject([{ Id: 'forged', SenderFault: true, Code: 'ReceiptHandleIsInvalid' }]);
  await client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: confirmed!.ReceiptHandle! }));

  // After the visibility timeout (1 s), what was not deleted is visible again, received a second time.
  const again = await client.send(
    new ReceiveMessageCommand({
      QueueUrl,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 5,
      MessageSystemAttributeNames: ['ApproximateReceiveCount'],
    }),
  );
  expect(kinds(again.Messages)).toEqual(['OrderShipmentStateChanged']);
  expect(again.Messages![0]!.MessageId).toBe(shipped!.MessageId);
  expect(again.Messages![0]!.Attributes).toEqual({ ApproximateReceiveCount: '2' });
  expect(again.Messages![0]!.ReceiptHandle).not.toBe(shipped!.ReceiptHandle);

  // Only the latest receipt handle deletes, as on SQS: the first one is taken without an error and deletes nothing.
  await client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: shipped!.ReceiptHandle! }));
  const counts = async () =>
    (
      await client.send(
        new GetQueueAttributesCommand({
          QueueUrl,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      )
    ).Attributes;
  expect(await counts()).toEqual({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '1' });
  await client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: again.Messages![0]!.ReceiptHandle! }));
  expect(await counts()).toEqual({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '0' });
  expect((await client.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toBeUndefined();
  // The deliveries stay recorded for the test: the queue is the app's view of them.
  expect(await commerce.events.deliveries({ subscriptionKey: 'order-export' })).toHaveLength(4);
  client.destroy();
});

test('a long poll answers as soon as a delivery arrives, and a client without an endpoint follows the queue URL back to the mock', async ({
  commerce,
  server,
}) => {
  await subscribe(commerce.apiRoot, { key: 'order-export', messages: [{ resourceTypeId: 'order', types: ['OrderCreated'] }] });
  const client = sqsClient(server.url);
  const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: 'orders', QueueOwnerAWSAccountId: '123456789012' }));
  const testMessage = await client.send(new ReceiveMessageCommand({ QueueUrl }));
  await client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: testMessage.Messages![0]!.ReceiptHandle! }));

  // No endpoint: the SDK sends to the queue URL's origin (at `/`), which is the mock's.
  const followsQueueUrl = new SQSClient({ region: 'eu-central-1', credentials, logger: quiet });
  const started = Date.now();
  const waiting = followsQueueUrl.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 10 }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const order = await placeOrder(commerce.apiRoot);
  const { Messages } = await waiting;
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(bodies(Messages)).toMatchObject([{ type: 'OrderCreated', resource: { id: order.id } }]);

  // An empty queue answers a short wait with no messages, after the wait.
  const emptyStarted = Date.now();
  expect((await client.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 1 }))).Messages).toBeUndefined();
  expect(Date.now() - emptyStarted).toBeGreaterThanOrEqual(900);
  client.destroy();
  followsQueueUrl.destroy();
});

test('visibility can be changed; held-back deliveries reach the queue once the destination is repaired; the queue follows the fixture’s clear', async ({
  commerce,
  server,
}) => {
  await subscribe(commerce.apiRoot, {
    key: 'customers',
    changes: [{ resourceTypeId: 'customer' }],
    format: { type: 'CloudEvents', cloudEventsVersion: '1.0' },
  });
  const client = sqsClient(server.url);
  // The subscription's own queue URL works as well: the account and name identify the queue.
  const QueueUrl = REAL_QUEUE_URL;
  const [testMessage] = (await client.send(new ReceiveMessageCommand({ QueueUrl, VisibilityTimeout: 60 }))).Messages!;
  expect(JSON.parse(testMessage!.Body!)).toMatchObject({
    specversion: '1.0',
    type: 'com.commercetools.subscription.change.ResourceCreated',
  });

  // Visible again at once with a visibility timeout of 0.
  await client.send(new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle: testMessage!.ReceiptHandle!, VisibilityTimeout: 0 }));
  const [again] = (await client.send(new ReceiveMessageCommand({ QueueUrl, AttributeNames: ['All'] }))).Messages!;
  expect(again!.MessageId).toBe(testMessage!.MessageId);
  expect(again!.Attributes?.ApproximateReceiveCount).toBe('2');
  await client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: again!.ReceiptHandle! }));
  await expect(
    client.send(new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle: again!.ReceiptHandle!, VisibilityTimeout: 10 })),
  ).rejects.toMatchObject({ name: 'MessageNotInflight', $metadata: { httpStatusCode: 400 } });

  // A failing destination holds its notifications back: the queue has them once it is repaired.
  await commerce.events.failDestination('customers', 'TemporaryError');
  const customer = (
    await commerce.apiRoot
      .customers()
      .post({ body: { email: 'ada@example.com', password: 'secret' } })
      .execute()
  ).body.customer;
  expect((await client.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toBeUndefined();
  const waiting = client.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 10 }));
  await commerce.events.repairDestination('customers');
  expect(bodies((await waiting).Messages)).toMatchObject([
    { type: 'com.commercetools.customer.change.ResourceCreated', subject: customer.id },
  ]);

  // The fixture empties the mock between tests; state.clear() does the same to the queue now.
  await commerce.state.clear();
  await expect(client.send(new ReceiveMessageCommand({ QueueUrl }))).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
  client.destroy();
});

test('a queue no subscription delivers to, a forged receipt handle and bad parameters are refused as SQS refuses them', async ({
  commerce,
  server,
}) => {
  await subscribe(commerce.apiRoot, { key: 'order-export', destination: sqs, messages: [{ resourceTypeId: 'order' }] });
  const client = sqsClient(server.url);
  const QueueUrl = `${server.url}/__mock/sqs/123456789012/orders`;

  const unknown = await client.send(new GetQueueUrlCommand({ QueueName: 'payments' })).catch((error: unknown) => error);
  expect(unknown).toMatchObject({
    name: 'QueueDoesNotExist',
    Code: 'AWS.SimpleQueueService.NonExistentQueue',
    message: 'The specified queue does not exist.',
    $metadata: { httpStatusCode: 400 },
  });
  await expect(client.send(new GetQueueUrlCommand({ QueueName: 'orders', QueueOwnerAWSAccountId: '210987654321' }))).rejects.toMatchObject({
    name: 'QueueDoesNotExist',
  });
  await expect(
    client.send(new ReceiveMessageCommand({ QueueUrl: `${server.url}/__mock/sqs/123456789012/payments` })),
  ).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
  await expect(client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: 'forged' }))).rejects.toMatchObject({
    name: 'ReceiptHandleIsInvalid',
    $metadata: { httpStatusCode: 404 },
  });
  await expect(client.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 11 }))).rejects.toMatchObject({
    name: 'InvalidParameterValue',
    message: 'Value 11 for parameter MaxNumberOfMessages is invalid. Reason: Must be between 1 and 10, if provided.',
  });
  await expect(client.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 21 }))).rejects.toMatchObject({
    name: 'InvalidParameterValue',
  });

  // Plain fetch: an unknown operation, a missing QueueUrl, a body that is no JSON.
  const post = async (target: string | undefined, body: string) => {
    const response = await fetch(`${server.url}/__mock/sqs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', ...(target ? { 'x-amz-target': target } : {}) },
      body,
    });
    return { status: response.status, queryError: response.headers.get('x-amzn-query-error'), body: await response.json() };
  };
  expect(await post('AmazonSQS.SendMessage', '{}')).toMatchObject({
    status: 400,
    body: { __type: 'com.amazon.coral.service#UnknownOperationException' },
  });
  expect(await post(undefined, '{}')).toMatchObject({
    status: 400,
    body: { __type: 'com.amazon.coral.service#UnknownOperationException' },
  });
  expect(await post('AmazonSQS.ReceiveMessage', '{}')).toEqual({
    status: 400,
    queryError: 'MissingParameter;Sender',
    body: { __type: 'com.amazonaws.sqs#MissingParameter', message: 'The request must contain the parameter QueueUrl.' },
  });
  expect(await post('AmazonSQS.ReceiveMessage', '{"QueueUrl":')).toMatchObject({
    status: 400,
    body: { __type: 'com.amazon.coral.service#SerializationException' },
  });
  // The API's own root is untouched: `/` without an SQS target is not the SQS endpoint.
  expect((await fetch(`${server.url}/`, { method: 'POST', body: '{}' })).status).toBe(404);
  client.destroy();
});

test('the SQS endpoint is served like the API (a server with an admin token does not ask the app for it); a snapshot keeps the queue’s progress', async () => {
  const mock = createCommerceMock();
  const server = await startServer(mock, { port: 0, adminToken: 'admin-secret' });
  try {
    mock.data.create('subscription', { key: 'order-export', destination: sqs, messages: [{ resourceTypeId: 'order' }] });
    const client = sqsClient(server.url);
    const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: 'orders' }));
    const { Messages } = await client.send(new ReceiveMessageCommand({ QueueUrl }));
    expect(bodies(Messages)).toMatchObject([{ notificationType: 'ResourceCreated', resource: { typeId: 'subscription' } }]);

    // The queue's progress is state: a snapshot taken while the message was in flight brings it back undeleted.
    const inFlight = mock.state.snapshot();
    await client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: Messages![0]!.ReceiptHandle! }));
    mock.state.restore(inFlight);
    await client.send(new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle: Messages![0]!.ReceiptHandle!, VisibilityTimeout: 0 }));
    const again = await client.send(new ReceiveMessageCommand({ QueueUrl, MessageSystemAttributeNames: ['ApproximateReceiveCount'] }));
    expect(again.Messages).toMatchObject([{ MessageId: Messages![0]!.MessageId, Attributes: { ApproximateReceiveCount: '2' } }]);
    client.destroy();
    expect((await fetch(`${server.url}/__mock/events/deliveries`)).status).toBe(401);
  } finally {
    await server.close();
  }
});
