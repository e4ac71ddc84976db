/**
 * `GET /{projectKey}/subscriptions/{id}/health` through the official SDK and plain `fetch`: the
 * subscription's status as the HTTP status a monitoring system polls (200 Healthy, 503
 * TemporaryError, 400 for a configuration error), without authorization; the body names the status.
 */
import { expect, PROJECT_KEY, sdkFailure, test } from '../support/sdk.js';
import { subscribe } from './support.js';

const messages = { messages: [{ resourceTypeId: 'customer' as const }] };

test('the status of the subscription decides the answer, and a repair makes it healthy again', async ({ apiRoot, mock }) => {
  const subscription = await subscribe(apiRoot, { key: 'customers', ...messages });
  const health = () => apiRoot.subscriptions().withId({ ID: subscription.id }).withIdHealth().get().execute();
  const polled = async () => (await health().catch((error: { statusCode: number }) => error)).statusCode;

  const healthy = await health();
  expect(healthy.statusCode).toBe(200);
  expect(healthy.body).toEqual({ status: 'Healthy' });

  mock.events.failDestination('customers', 'TemporaryError');
  const failing = await sdkFailure(health());
  expect(failing).toEqual({
    statusCode: 503,
    body: {
      statusCode: 503,
      message: "The Subscription's destination is not healthy: TemporaryError.",
      errors: [{ code: 'TemporaryError', message: "The Subscription's destination is not healthy: TemporaryError." }],
    },
  });
  mock.events.repairDestination('customers');
  expect(await polled()).toBe(200);

  mock.events.failDestination('customers', 'ConfigurationError');
  expect(await polled()).toBe(400);
  mock.events.failDestination('customers', 'ConfigurationErrorDeliveryStopped');
  expect(await polled()).toBe(400);
  // Stopped stays stopped until the destination is changed.
  mock.events.repairDestination('customers');
  expect(await polled()).toBe(400);
  const current = (await apiRoot.subscriptions().withId({ ID: subscription.id }).get().execute()).body;
  await apiRoot
    .subscriptions()
    .withId({ ID: subscription.id })
    .post({ body: { version: current.version, actions: [{ action: 'changeDestination', destination: subscription.destination }] } })
    .execute();
  expect(await polled()).toBe(200);
});

test('an unknown subscription is a 404 ResourceNotFound', async ({ apiRoot }) => {
  const failure = await sdkFailure(apiRoot.subscriptions().withId({ ID: 'missing' }).withIdHealth().get().execute());
  expect(failure.statusCode).toBe(404);
  expect(failure.body.errors).toEqual([{ code: 'ResourceNotFound', message: "The Resource with ID 'missing' was not found." }]);
});

test.describe('with authentication required', () => {
  test.use({ mockOptions: { enableAuthentication: true, validateCredentials: true } });

  test('the health endpoint needs no token; the subscription itself does', async ({ apiRoot, mock }) => {
    const subscription = await subscribe(apiRoot, { key: 'customers', ...messages });
    mock.events.failDestination('customers', 'TemporaryError');
    const base = `${mock.options.apiUrl}/${PROJECT_KEY}/subscriptions/${subscription.id}`;
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('TemporaryError');
    expect((await fetch(base)).status).toBe(401);
    expect((await fetch(`${base}/health`, { method: 'POST' })).status).toBe(405);
  });
});
