/**
 * `commerce.events.deliveries(filter)` and `toHaveDelivered(kind, expected?)` on an in-process mock
 * (tests/playwright/remote.spec.ts runs them on a server).
 */
import { customerFactory } from '../../factories/index.js';
import { expect, test } from '../support/commerce.js';
import { subscribe } from './support.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes start with ESC.
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
const quick = expect.configure({ timeout: 50 });

async function failure(assertion: () => unknown): Promise<string> {
  try {
    await assertion();
  } catch (error) {
    return plain((error as Error).message);
  }
  throw new Error('the assertion passed');
}

test('toHaveDelivered: by kind, with a partial delivery, negated, and what it reports when it fails', async ({ commerce }) => {
  await subscribe(commerce.apiRoot, { key: 'crm', messages: [{ resourceTypeId: 'customer' }] });
  const [customer] = await commerce.data.seed(customerFactory.build({ email: 'ada@example.com' }));
  expect(commerce).toHaveDelivered('CustomerCreated');
  expect(commerce).toHaveDelivered('CustomerCreated', {
    subscriptionKey: 'crm',
    format: 'Platform',
    payload: { notificationType: 'Message', customer: { email: 'ada@example.com' } },
  });
  expect(commerce).not.toHaveDelivered('ResourceCreated', { resource: { typeId: 'customer' } });
  expect(
    (await commerce.events.deliveries({ subscriptionKey: 'crm', notificationType: 'Message' })).map((d) => [d.messageType, d.resource.id]),
  ).toEqual([['CustomerCreated', customer!.id]]);
  expect(await commerce.events.deliveries({ subscriptionKey: 'other' })).toEqual([]);

  const missing = await failure(() => quick(commerce).toHaveDelivered('CustomerDeleted'));
  expect(missing).toContain('expect(commerce).toHaveDelivered(kind)');
  expect(missing).toContain('Expected: a CustomerDeleted delivery');
  expect(missing).toContain(`- CustomerCreated of customer ${customer!.id} to subscription key "crm" (Platform)`);

  const mismatch = await failure(() =>
    quick(commerce).toHaveDelivered('CustomerCreated', { payload: { customer: { email: 'grace@example.com' } } }),
  );
  expect(mismatch).toContain('Received: 1 CustomerCreated delivery, none matches; the closest:');
  expect(mismatch).toContain('ada@example.com');

  const negated = await failure(() => quick(commerce).not.toHaveDelivered('CustomerCreated'));
  expect(negated).toContain('Expected: no CustomerCreated delivery');

  expect(() => expect(commerce).toHaveDelivered('')).toThrow(/kind must be a non-empty string/);
  expect(() => expect(commerce).toHaveDelivered('CustomerCreated', [] as never)).toThrow(/expected must be a partial delivery/);
});

test('toHaveDelivered waits for a delivery that comes later', async ({ commerce }) => {
  await subscribe(commerce.apiRoot, { changes: [{ resourceTypeId: 'customer' }] });
  setTimeout(() => void commerce.data.seed(customerFactory.build()), 200);
  await expect(commerce).toHaveDelivered('ResourceCreated', { resource: { typeId: 'customer' } });
});
