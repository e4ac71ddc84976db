/** `commerce.historyApiRoot`: the official history SDK pointed at the worker's mock, in process and in remote mode. */
import type { ByProjectKeyRequestBuilder as HistoryApiRoot } from '@commercetools/history-sdk';
import { expect, test, withServerPerWorker } from '../support/commerce.js';

const remote = withServerPerWorker();

test('commerce.historyApiRoot reads the changes commerce.apiRoot made', async ({ commerce }) => {
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
  const history: HistoryApiRoot = commerce.historyApiRoot;
  const { body: page } = await history.withResourceTypeValue({ resourceType: 'zone' }).withIDValue({ ID: zone.id }).get().execute();
  expect(page.results[0]).toMatchObject({
    type: 'ResourceUpdated',
    label: { type: 'StringLabel', value: 'Europe' },
    changes: [{ type: 'SetDescriptionChange', change: 'setDescription', nextValue: 'EU and EFTA' }],
    modifiedBy: { type: 'external-user', clientId: 'commerce-mock-client' },
  });
  // doc-example:end
});

remote('in remote mode, commerce.historyApiRoot is the server’s /__history', async ({ commerce }) => {
  expect(commerce.historyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__history$/);
  await commerce.apiRoot
    .zones()
    .post({ body: { name: 'Asia' } })
    .execute();
  const history: HistoryApiRoot = commerce.historyApiRoot;
  const { body: page } = await history.get({ queryArgs: { resourceTypes: 'zone' } }).execute();
  expect(page.results.map((record) => [record.type, record.label])).toEqual([['ResourceCreated', { type: 'StringLabel', value: 'Asia' }]]);
});
