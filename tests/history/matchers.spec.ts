/**
 * `expect(commerce).toHaveHistoryRecord(filter)`: a record of the Change History, by resource type,
 * resource, kind and change; in process (web-first: it waits for a change made later) and in remote
 * mode; failures list the records there are; a wrong filter is a usage error.
 */
import { createCommerceMock } from '../../src/index.js';
import { expect, failureOf, test, withServerPerWorker } from '../support/commerce.js';

const remote = withServerPerWorker();

test('toHaveHistoryRecord finds a record by resource type, id or key, type and change', async ({ commerce }) => {
  // doc-example:start
  const { body: zone } = await commerce.apiRoot
    .zones()
    .post({ body: { name: 'Europe', key: 'eu' } })
    .execute();
  await commerce.apiRoot
    .zones()
    .withId({ ID: zone.id })
    .post({ body: { version: 1, actions: [{ action: 'setDescription', description: 'EU and EFTA' }] } })
    .execute();

  await expect(commerce).toHaveHistoryRecord({ resourceType: 'zone', resourceKey: 'eu', type: 'ResourceCreated' });
  await expect(commerce).toHaveHistoryRecord({ resourceType: 'zone', resourceId: zone.id, change: 'setDescription' });
  await expect(commerce).not.toHaveHistoryRecord({ resourceType: 'zone', type: 'ResourceDeleted' });
  // doc-example:end
  await expect(commerce).toHaveHistoryRecord({ resourceType: 'zone', changeType: 'SetDescriptionChange' });
  await expect(commerce).not.toHaveHistoryRecord({ resourceType: 'zone', resourceId: zone.id, changeType: 'ChangeNameChange' });
  await expect(commerce).not.toHaveHistoryRecord({ resourceType: 'zone', resourceKey: 'us' });
  await expect(commerce).not.toHaveHistoryRecord({ resourceType: 'customer' });
  // A cart is not recorded, and programmatic writes record nothing.
  await commerce.data.create('zone', { name: 'Asia', key: 'asia' });
  await expect(commerce).not.toHaveHistoryRecord({ resourceType: 'zone', resourceKey: 'asia' });
});

test('a failure says what was asked for and lists the records there are, newest last', async ({ commerce }) => {
  const { body: zone } = await commerce.apiRoot
    .zones()
    .post({ body: { name: 'Europe', key: 'eu' } })
    .execute();
  await commerce.apiRoot
    .zones()
    .withId({ ID: zone.id })
    .post({ body: { version: 1, actions: [{ action: 'setDescription', description: 'EU and EFTA' }] } })
    .execute();
  const message = await failureOf(() =>
    expect(commerce).toHaveHistoryRecord({ resourceType: 'zone', resourceKey: 'eu', type: 'ResourceDeleted' }),
  );
  expect(message).toContain('expect(commerce).toHaveHistoryRecord(filter)');
  expect(message).toContain('Expected: a history record matching {"resourceKey": "eu", "resourceType": "zone", "type": "ResourceDeleted"}');
  expect(message).toContain(
    `Received: none matches; the records of the project:\n` +
      `  - ResourceCreated of zone ${zone.id} (key "eu"), version 1\n` +
      `  - ResourceUpdated of zone ${zone.id} (key "eu"), version 2: setDescription (SetDescriptionChange)`,
  );

  const negated = await failureOf(() => expect(commerce).not.toHaveHistoryRecord({ resourceType: 'zone', change: 'setDescription' }));
  expect(negated).toContain('Expected: no history record matching');
  expect(negated).toContain('Received: 1 matching');
});

test('web-first: it waits for a change made after the assertion began', async ({ commerce }) => {
  const assertion = expect(commerce).toHaveHistoryRecord({ resourceType: 'customer', type: 'ResourceCreated' });
  await commerce.apiRoot
    .customers()
    .post({ body: { email: 'ann@example.com', password: 'secret' } })
    .execute();
  await assertion;
});

test('a wrong filter is a usage error, for the matcher and its .not alike', async ({ commerce }) => {
  const mock = createCommerceMock();
  for (const filter of [
    undefined,
    { resourceType: 'zones' },
    { resourceType: 'cart' },
    { resourceType: 'zone', type: 'Updated' },
    { resourceType: 'zone', resourceId: '' },
    { resourceType: 'zone', resorceKey: 'eu' },
  ]) {
    const message = await failureOf(() => expect(mock).toHaveHistoryRecord(filter as never));
    expect(message).toContain('Matcher error');
    expect(await failureOf(() => expect(commerce).not.toHaveHistoryRecord(filter as never))).toContain('Matcher error');
  }
  expect(await failureOf(() => expect(mock).toHaveHistoryRecord({ resourceType: 'zones' }))).toContain('did you mean "zone"?');
  expect(await failureOf(() => expect(mock).toHaveHistoryRecord({ resorceKey: 'eu' } as never))).toContain('did you mean "resourceKey"?');
});

remote('in remote mode it reads the server’s records', async ({ commerce }) => {
  await commerce.apiRoot
    .zones()
    .post({ body: { name: 'Asia', key: 'asia' } })
    .execute();
  await expect(commerce).toHaveHistoryRecord({ resourceType: 'zone', resourceKey: 'asia', type: 'ResourceCreated' });
  await expect(commerce).not.toHaveHistoryRecord({ resourceType: 'zone', resourceKey: 'eu' });
});
