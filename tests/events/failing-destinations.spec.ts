/**
 * Failing destinations: a test makes a subscription's destination fail and reads the subscription's
 * `status` back through the SDK, as the platform reports it; what the destination did not get is
 * recorded as undelivered, held back for a retry or dropped.
 */
import type { Delivery } from '../../src/index.js';
import { createCustomer, expect, test, updateCustomer } from '../support/sdk.js';
import { sqs, subscribe } from './support.js';

const emailChanges = { messages: [{ resourceTypeId: 'customer' as const, types: ['CustomerEmailChanged'] }] };
const emails = (deliveries: Delivery[]) => deliveries.filter((d) => d.messageType).map((d) => d.payload.email);

test('a temporary outage holds notifications back and delivers them, in order, once the destination works again', async ({
  apiRoot,
  mock,
}) => {
  const subscription = await subscribe(apiRoot, { key: 'emails', ...emailChanges });
  const heard: Delivery[] = [];
  mock.events.onDelivery((delivery) => heard.push(delivery));
  mock.events.failDestination('emails', 'TemporaryError');
  const read = async () => (await apiRoot.subscriptions().withKey({ key: 'emails' }).get().execute()).body;
  // The health report is not a change of the subscription: same version.
  expect(await read()).toMatchObject({ status: 'TemporaryError', version: subscription.version });

  let customer = await createCustomer(apiRoot);
  customer = (await updateCustomer(apiRoot, customer, [{ action: 'changeEmail', email: 'one@example.com' }])).body;
  await updateCustomer(apiRoot, customer, [{ action: 'changeEmail', email: 'two@example.com' }]);
  expect(emails(mock.events.deliveries())).toEqual([]);
  expect(heard).toEqual([]);
  const held = mock.events.deliveries({ undelivered: true });
  expect(held.map((d) => [d.undelivered, d.payload.email])).toEqual([
    ['Retrying', 'one@example.com'],
    ['Retrying', 'two@example.com'],
  ]);

  expect(mock.events.repairDestination('emails')).toBe('Healthy');
  expect((await read()).status).toBe('Healthy');
  expect(emails(mock.events.deliveries())).toEqual(['one@example.com', 'two@example.com']);
  expect(heard.map((d) => d.payload.email)).toEqual(['one@example.com', 'two@example.com']);
  expect(mock.events.deliveries({ undelivered: true })).toEqual([]);
});

test('a configuration error is fixed by changeDestination: the test message, then what was held back', async ({ apiRoot, mock }) => {
  const subscription = await subscribe(apiRoot, { key: 'emails', ...emailChanges });
  mock.events.failDestination('emails', 'ConfigurationError');
  const customer = await createCustomer(apiRoot);
  await updateCustomer(apiRoot, customer, [{ action: 'changeEmail', email: 'held@example.com' }]);
  expect(emails(mock.events.deliveries())).toEqual([]);

  const other = { ...sqs, queueUrl: 'https://sqs.eu-central-1.amazonaws.com/123456789012/emails' };
  const changed = await apiRoot
    .subscriptions()
    .withId({ ID: subscription.id })
    .post({ body: { version: subscription.version, actions: [{ action: 'changeDestination', destination: other }] } })
    .execute();
  expect(changed.body).toMatchObject({ status: 'Healthy', version: subscription.version + 1 });
  expect(mock.events.deliveries().map((d) => d.messageType ?? d.notificationType)).toEqual([
    'ResourceCreated',
    'ResourceCreated',
    'CustomerEmailChanged',
  ]);
  expect(emails(mock.events.deliveries())).toEqual(['held@example.com']);
});

test('a stopped destination drops what was held and what comes; repairing it is not enough, changeDestination is', async ({
  apiRoot,
  mock,
}) => {
  const subscription = await subscribe(apiRoot, { key: 'emails', ...emailChanges });
  mock.events.failDestination('emails', 'ConfigurationError');
  let customer = await createCustomer(apiRoot);
  customer = (await updateCustomer(apiRoot, customer, [{ action: 'changeEmail', email: 'held@example.com' }])).body;
  mock.events.failDestination('emails', 'ConfigurationErrorDeliveryStopped');
  customer = (await updateCustomer(apiRoot, customer, [{ action: 'changeEmail', email: 'later@example.com' }])).body;
  expect(mock.events.deliveries({ undelivered: true }).map((d) => [d.undelivered, d.payload.email])).toEqual([
    ['Dropped', 'held@example.com'],
    ['Dropped', 'later@example.com'],
  ]);

  expect(mock.events.repairDestination('emails')).toBe('ConfigurationErrorDeliveryStopped');
  const read = (await apiRoot.subscriptions().withId({ ID: subscription.id }).get().execute()).body;
  expect(read.status).toBe('ConfigurationErrorDeliveryStopped');

  await apiRoot
    .subscriptions()
    .withId({ ID: subscription.id })
    .post({ body: { version: read.version, actions: [{ action: 'changeDestination', destination: sqs }] } })
    .execute();
  await updateCustomer(apiRoot, customer, [{ action: 'changeEmail', email: 'after@example.com' }]);
  // Dropped notifications stay dropped; what comes after the fix is delivered.
  expect(emails(mock.events.deliveries())).toEqual(['after@example.com']);
  expect(mock.events.deliveries({ undelivered: true })).toHaveLength(2);
});

test('failDestination names an existing subscription and a failing status', async ({ mock }) => {
  expect(() => mock.events.failDestination('missing', 'TemporaryError')).toThrow("no subscription has the key 'missing'");
  expect(() => mock.events.failDestination('missing', 'Healthy' as never)).toThrow('a failing destination is one of');
});
