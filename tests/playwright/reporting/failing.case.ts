import { customerGroupFactory } from '../../../factories/index.js';
import { expect, test } from '../../../src/playwright/index.js';

test('a failing test gets the request journal attached', async ({ commerce }) => {
  await commerce.apiRoot
    .customerGroups()
    .post({ body: { key: 'journal-vip', groupName: 'Journal VIP' } })
    .execute();
  await commerce.apiRoot
    .customerGroups()
    .withKey({ key: 'journal-missing' })
    .get()
    .execute()
    .catch(() => undefined);
  expect(1, 'the deliberate failure').toBe(2);
});

test('an un-awaited matcher that fails', async ({ commerce }) => {
  expect.configure({ timeout: 200 })(commerce).toHaveStored('customer-group', { key: 'never-stored' });
});

test('an un-awaited matcher that holds in the end', async ({ commerce }) => {
  setTimeout(() => void commerce.data.seed(customerGroupFactory.build({ key: 'arrives-later' })), 100);
  expect(commerce).toHaveStored('customer-group', { key: 'arrives-later' });
});

test('an awaited matcher that holds passes', async ({ commerce }) => {
  setTimeout(() => void commerce.data.seed(customerGroupFactory.build({ key: 'awaited' })), 100);
  await expect(commerce).toHaveStored('customer-group', { key: 'awaited' });
});

test('a test expected to fail that fails gets no journal', async ({ commerce }) => {
  test.fail();
  await commerce.apiRoot
    .customerGroups()
    .withKey({ key: 'expected-failure' })
    .get()
    .execute()
    .catch(() => undefined);
  expect(1, 'the expected failure').toBe(2);
});

test('a test expected to fail that passes gets the journal', async ({ commerce }) => {
  test.fail();
  await commerce.apiRoot
    .customerGroups()
    .withKey({ key: 'unexpected-pass' })
    .get()
    .execute()
    .catch(() => undefined);
});

test('a failing test that sent the mock nothing', async ({ commerce }) => {
  expect(commerce.projectKey, 'the failure of a test without requests').toBe('another-project');
});
