/**
 * Remote mode with a project key of its own: the server's default project is `test-project`, the
 * fixture's is `shop`. Every member of `commerce` and every matcher acts on the fixture's project,
 * as `apiRoot` does, so what a test seeds is where the app (pointed at `shop`) looks.
 */
import { customerFactory } from '../../factories/index.js';
import { expect, withServerPerWorker } from '../support/commerce.js';

const test = withServerPerWorker({ defaultProjectKey: 'shop' });

test('seeding, reads, tokens and matchers use the fixture project, not the server default', async ({ commerce, server }) => {
  expect(commerce.projectKey).toBe('shop');
  const [customer] = await commerce.data.seed(customerFactory.build({ email: 'ada@example.com', password: 'secret' }));
  expect(server.mock.project('shop').data.get('customer', customer!.id)).toMatchObject({ email: 'ada@example.com' });
  expect(server.mock.data.all('customer')).toEqual([]);
  expect((await commerce.data.get('customer', customer!.id))?.email).toBe('ada@example.com');
  expect(await commerce.data.all('customer')).toHaveLength(1);
  expect((await commerce.data.query('customer', { where: 'email = "ada@example.com"' })).count).toBe(1);
  // The SDK the fixture builds talks to `shop` too: it finds the seeded customer.
  const found = await commerce.apiRoot.customers().withId({ ID: customer!.id }).get().execute();
  expect(found.body.email).toBe('ada@example.com');
  const token = await commerce.tokens.issue({ kind: 'customer', customerId: customer!.id });
  expect(token.projectKey).toBe('shop');
  const me = await commerce.apiRootFor({ token: token.accessToken }).me().get().execute();
  expect(me.body.id).toBe(customer!.id);
  await expect(commerce).toHaveStored('customer', { email: 'ada@example.com' });
  await expect(commerce).toHaveEmittedMessage('CustomerCreated', { resource: { id: customer!.id } });
  expect(await commerce.events.messages({ type: 'CustomerCreated' })).toHaveLength(1);
  // Another project stays reachable on purpose.
  expect(await commerce.project('test-project').data.all('customer')).toEqual([]);
});
