/**
 * A message too large for its destination is delivered without its payload, as the platform does:
 * the notification keeps the message's envelope and says why in `payloadNotIncluded`.
 */
import type { Delivery } from '../../src/index.js';
import { createCustomer, expect, test } from '../support/sdk.js';
import { subscribe } from './support.js';

const pubSub = { type: 'GoogleCloudPubSub' as const, projectId: 'shop', topic: 'customers' };
const customerMessages = { messages: [{ resourceTypeId: 'customer' as const, types: ['CustomerCreated'] }] };
const created = (deliveries: Delivery[]) => deliveries.filter((delivery) => delivery.messageType === 'CustomerCreated');

test('a message over the destination limit arrives without its payload; a larger destination gets it whole', async ({ apiRoot, mock }) => {
  await subscribe(apiRoot, { key: 'sqs', ...customerMessages });
  await subscribe(apiRoot, { key: 'cloud', ...customerMessages, format: { type: 'CloudEvents', cloudEventsVersion: '1.0' } });
  await subscribe(apiRoot, { key: 'pubsub', ...customerMessages, destination: pubSub });

  // 300 KB of company name: over SQS's 256 KB, well under Pub/Sub's 10 MB.
  const companyName = 'x'.repeat(300 * 1024);
  const customer = await createCustomer(apiRoot, { email: 'big@example.com', companyName });
  const [message] = mock.events.messages({ resourceId: customer.id, type: 'CustomerCreated' });

  const [sqs] = created(mock.events.deliveries({ subscriptionKey: 'sqs' }));
  expect(sqs?.payload).toEqual({
    notificationType: 'Message',
    projectKey: 'test-project',
    id: message?.id,
    version: 1,
    createdAt: message?.createdAt,
    lastModifiedAt: message?.lastModifiedAt,
    ...(message?.createdBy ? { createdBy: message.createdBy } : {}),
    ...(message?.lastModifiedBy ? { lastModifiedBy: message.lastModifiedBy } : {}),
    sequenceNumber: 1,
    resource: { typeId: 'customer', id: customer.id },
    resourceVersion: 1,
    ...(message?.resourceUserProvidedIdentifiers ? { resourceUserProvidedIdentifiers: message.resourceUserProvidedIdentifiers } : {}),
    payloadNotIncluded: { reason: 'Payload too large', payloadType: 'CustomerCreated' },
  });
  // The delivery still names the message it stands for.
  expect(sqs?.messageType).toBe('CustomerCreated');

  const [cloud] = created(mock.events.deliveries({ subscriptionKey: 'cloud' }));
  expect(cloud?.payload.data).toMatchObject({ id: message?.id, payloadNotIncluded: { payloadType: 'CustomerCreated' } });
  expect(cloud?.payload.data).not.toHaveProperty('customer');

  const [whole] = created(mock.events.deliveries({ subscriptionKey: 'pubsub' }));
  expect(whole?.payload).toMatchObject({ type: 'CustomerCreated', customer: { id: customer.id, companyName } });
  expect(whole?.payload).not.toHaveProperty('payloadNotIncluded');
});

test('a message within the limit keeps its payload', async ({ apiRoot, mock }) => {
  await subscribe(apiRoot, { key: 'sqs', ...customerMessages });
  const customer = await createCustomer(apiRoot, { companyName: 'x'.repeat(200 * 1024) });
  const [delivery] = created(mock.events.deliveries());
  expect(delivery?.payload).toMatchObject({ type: 'CustomerCreated', customer: { id: customer.id } });
  expect(delivery?.payload).not.toHaveProperty('payloadNotIncluded');
});
