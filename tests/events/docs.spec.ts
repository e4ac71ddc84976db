/**
 * docs/events.md: its examples are the regions this spec runs, so they cannot drift from the code;
 * its table of message types per resource type is the one the definitions declare.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { resourceDefinitions } from '../../src/resources/index.js';
import { asWritten, markedRegions, tsBlocks } from '../support/doc-examples.js';
import { DeleteMessageCommand, GetQueueUrlCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { expect, test, withServerPerWorker } from '../support/commerce.js';

const remote = withServerPerWorker();

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
      definition.messages?.imported?.type,
      definition.messages?.recurring?.type,
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
  const messages = await commerce.events.messages({ resourceId: customer.id });
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
  const deliveries = await commerce.events.deliveries({ resourceId: customer.id });
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

test('a failing destination holds notifications back until it is repaired', async ({ commerce }) => {
  // doc-example:start
  await commerce.apiRoot
    .subscriptions()
    .post({
      body: {
        key: 'customer-export',
        destination: { type: 'GoogleCloudPubSub', projectId: 'shop', topic: 'customers' },
        changes: [{ resourceTypeId: 'customer' }],
      },
    })
    .execute();
  await commerce.events.failDestination('customer-export', 'TemporaryError');
  const subscription = await commerce.apiRoot.subscriptions().withKey({ key: 'customer-export' }).get().execute();
  expect(subscription.body.status).toBe('TemporaryError');

  await commerce.apiRoot
    .customers()
    .post({ body: { email: 'ada@example.com', password: 'secret' } })
    .execute();
  expect(await commerce.events.deliveries({ subscriptionKey: 'customer-export', resourceTypeId: 'customer' })).toEqual([]);
  expect(await commerce.events.deliveries({ undelivered: true })).toMatchObject([
    { notificationType: 'ResourceCreated', undelivered: 'Retrying' },
  ]);

  await commerce.events.repairDestination('customer-export');
  expect(await commerce.events.deliveries({ subscriptionKey: 'customer-export', resourceTypeId: 'customer' })).toHaveLength(1);
  // doc-example:end
});

// The SQS endpoint is the server's: this example runs against a server of its own, as an app's would.
remote('an app consumes its order queue with its own SQS client', async ({ commerce, server }) => {
  // doc-example:start
  // The test: a subscription to the order messages, with the queue the app reads in production.
  await commerce.apiRoot
    .subscriptions()
    .post({
      body: {
        key: 'order-export',
        destination: { type: 'SQS', queueUrl: 'https://sqs.eu-central-1.amazonaws.com/123456789012/orders', region: 'eu-central-1' },
        messages: [{ resourceTypeId: 'order', types: ['OrderImported'] }],
      },
    })
    .execute();
  await commerce.apiRoot
    .orders()
    .importOrder()
    .post({
      body: {
        orderNumber: 'A-1000',
        totalPrice: { currencyCode: 'EUR', centAmount: 4200 },
        customLineItems: [{ name: { en: 'Gift card' }, slug: 'gift-card', quantity: 1, money: { currencyCode: 'EUR', centAmount: 4200 } }],
      },
    })
    .execute();

  // The app, in its own process: its SQS client, pointed at the mock (any credentials; they are not checked).
  const sqs = new SQSClient({
    region: 'eu-central-1',
    endpoint: `${server.url}/__mock/sqs`,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: 'orders' }));
  const exported: string[] = [];
  const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 20 }));
  for (const message of Messages) {
    const notification = JSON.parse(message.Body!);
    if (notification.type === 'OrderImported') exported.push(notification.order.orderNumber);
    await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: message.ReceiptHandle }));
  }
  expect(exported).toEqual(['A-1000']);
  // doc-example:end
  expect(Messages).toHaveLength(2); // the platform's test message, then the order's
  expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toBeUndefined();
  sqs.destroy();
});

test('an HTTP extension service validates carts', async ({ commerce }) => {
  // doc-example:start
  // The project's extension service: a cart needs a country, and gets the key of its check.
  const service = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const cart = JSON.parse(body).resource.obj;
      const answer = cart.country
        ? { actions: [{ action: 'setKey', key: `checked-${cart.id}` }] }
        : { errors: [{ code: 'InvalidInput', message: 'A cart needs a country.' }] };
      response.writeHead(cart.country ? 200 : 400, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}/carts`;

  await commerce.apiRoot
    .extensions()
    .post({
      body: {
        key: 'cart-check',
        destination: { type: 'HTTP', url, authentication: { type: 'AuthorizationHeader', headerValue: 'Bearer extension-secret' } },
        triggers: [{ resourceTypeId: 'cart', actions: ['Create'] }],
      },
    })
    .execute();

  const cart = await commerce.apiRoot
    .carts()
    .post({ body: { currency: 'EUR', country: 'DE' } })
    .execute();
  expect(cart.body.key).toBe(`checked-${cart.body.id}`);
  await expect(commerce).toHaveStored('cart', { id: cart.body.id, key: `checked-${cart.body.id}` });

  const refused = commerce.apiRoot
    .carts()
    .post({ body: { currency: 'EUR' } })
    .execute();
  await expect(refused).rejects.toMatchObject({ statusCode: 400, body: { message: 'A cart needs a country.' } });
  await expect(commerce).toHaveStoredCount('cart', 1);
  // A GraphQL mutation calls it too; its refusal is the field's error, with the extension's code.
  const viaGraphql = await commerce.graphql<Record<string, { key: string } | null>>(
    'mutation { created: createCart(draft: { currency: "EUR", country: "AT" }) { key } refused: createCart(draft: { currency: "EUR" }) { key } }',
  );
  expect(viaGraphql.data).toMatchObject({ created: { key: expect.stringMatching(/^checked-/) }, refused: null });
  expect(viaGraphql.errors?.[0]).toMatchObject({ path: ['refused'], extensions: { code: 'InvalidInput' } });
  await expect(commerce).toHaveStoredCount('cart', 2);
  service.close();
  // doc-example:end
});

test('an in-process extension answers for an AWS Lambda destination', async ({ commerce }) => {
  // doc-example:start
  await commerce.apiRoot
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
        triggers: [{ resourceTypeId: 'payment', actions: ['Create'], condition: 'amountPlanned(centAmount > 100000)' }],
      },
    })
    .execute();
  commerce.mock.extensions.register('payment-check', () => ({
    statusCode: 400,
    body: { errors: [{ code: 'InvalidInput', message: 'Payments over 1000 need a review.' }] },
  }));

  const small = await commerce.apiRoot
    .payments()
    .post({ body: { amountPlanned: { currencyCode: 'EUR', centAmount: 5000 } } })
    .execute();
  expect(small.statusCode).toBe(201);
  const large = commerce.apiRoot
    .payments()
    .post({ body: { amountPlanned: { currencyCode: 'EUR', centAmount: 500000 } } })
    .execute();
  await expect(large).rejects.toMatchObject({ statusCode: 400, body: { message: 'Payments over 1000 need a review.' } });
  // doc-example:end
});
