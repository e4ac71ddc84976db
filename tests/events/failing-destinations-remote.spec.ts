/**
 * Failing destinations through the `commerce` fixture in remote mode: the admin API sets the
 * destination's health, the SDK reads the subscription's `status`, the fixture reads what was held.
 */
import { customerFactory } from '../../factories/index.js';
import { expect, withServerPerWorker } from '../support/commerce.js';
import { subscribe } from './support.js';

const test = withServerPerWorker();

test('a remote mock holds notifications back while the destination fails and delivers them once repaired', async ({ commerce }) => {
  await subscribe(commerce.apiRoot, { key: 'customers', changes: [{ resourceTypeId: 'customer' }] });
  await commerce.events.failDestination('customers', 'ConfigurationError');
  const status = async () => (await commerce.apiRoot.subscriptions().withKey({ key: 'customers' }).get().execute()).body.status;
  expect(await status()).toBe('ConfigurationError');

  const [customer] = await commerce.data.seed(customerFactory.build());
  expect(await commerce.events.deliveries({ resourceTypeId: 'customer' })).toEqual([]);
  expect(await commerce.events.deliveries({ undelivered: true })).toMatchObject([
    { notificationType: 'ResourceCreated', resource: { id: customer!.id }, undelivered: 'Retrying' },
  ]);

  expect(await commerce.events.repairDestination('customers')).toBe('Healthy');
  expect(await status()).toBe('Healthy');
  expect(await commerce.events.deliveries({ resourceTypeId: 'customer' })).toMatchObject([{ resource: { id: customer!.id } }]);
  expect(await commerce.events.deliveries({ undelivered: true })).toEqual([]);
});

test('the admin route refuses an unknown subscription and a status that is not one', async ({ commerce }) => {
  await expect(commerce.events.failDestination('missing', 'TemporaryError')).rejects.toMatchObject({
    statusCode: 400,
    code: 'InvalidInput',
  });
  await subscribe(commerce.apiRoot, { key: 'customers', changes: [{ resourceTypeId: 'customer' }] });
  await expect(commerce.events.failDestination('customers', 'Broken' as never)).rejects.toMatchObject({ statusCode: 400 });
  expect((await commerce.apiRoot.subscriptions().withKey({ key: 'customers' }).get().execute()).body.status).toBe('Healthy');
});
