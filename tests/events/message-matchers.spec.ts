/**
 * `commerce.events.messages(filter)` and `toHaveEmittedMessage(type, expected?)` on an in-process mock
 * (tests/playwright/remote.spec.ts runs them on a server).
 */
import { customerFactory } from '../../factories/index.js';
import { expect, failureOf as failure, test } from '../support/commerce.js';

const quick = expect.configure({ timeout: 50 });

test('commerce.events.messages() reads what the project recorded, narrowed by type and resource', async ({ commerce }) => {
  const [ada, grace] = await commerce.data.seed(customerFactory.build(), customerFactory.build());
  await commerce.apiRoot
    .customers()
    .withId({ ID: ada!.id })
    .post({ body: { version: 1, actions: [{ action: 'setLastName', lastName: 'Lovelace' }] } })
    .execute();
  expect((await commerce.events.messages()).map((m) => [m.type, m.resource.id])).toEqual([
    ['CustomerCreated', ada!.id],
    ['CustomerCreated', grace!.id],
    ['CustomerLastNameSet', ada!.id],
  ]);
  expect((await commerce.events.messages({ resourceId: ada!.id })).map((m) => m.sequenceNumber)).toEqual([1, 2]);
  expect(await commerce.events.messages({ type: 'CustomerLastNameSet', resourceTypeId: 'customer' })).toHaveLength(1);
  expect(await commerce.events.messages({ resourceTypeId: 'order' })).toEqual([]);
});

test('toHaveEmittedMessage: by type, with a partial message, negated, and what it reports when it fails', async ({ commerce }) => {
  const [customer] = await commerce.data.seed(customerFactory.build({ email: 'ada@example.com' }));
  expect(commerce).toHaveEmittedMessage('CustomerCreated');
  expect(commerce).toHaveEmittedMessage('CustomerCreated', {
    resource: { typeId: 'customer', id: customer!.id },
    customer: { email: 'ada@example.com' },
  });
  expect(commerce).not.toHaveEmittedMessage('CustomerDeleted');

  const missing = await failure(() => quick(commerce).toHaveEmittedMessage('CustomerDeleted'));
  expect(missing).toContain('expect(commerce).toHaveEmittedMessage(type)');
  expect(missing).toContain('Expected: a CustomerDeleted message');
  expect(missing).toContain(`- CustomerCreated #1 of customer ${customer!.id} (version 1)`);

  const mismatch = await failure(() =>
    quick(commerce).toHaveEmittedMessage('CustomerCreated', { customer: { email: 'grace@example.com' } }),
  );
  expect(mismatch).toContain('Received: 1 CustomerCreated message, none matches; the closest:');
  expect(mismatch).toContain('ada@example.com');

  const negated = await failure(() => quick(commerce).not.toHaveEmittedMessage('CustomerCreated'));
  expect(negated).toContain('Expected: no CustomerCreated message');

  expect(() => expect(commerce).toHaveEmittedMessage('')).toThrow(/type must be a non-empty string/);
});
