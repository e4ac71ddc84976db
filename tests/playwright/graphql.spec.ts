/**
 * GraphQL through the `commerce` fixture: `commerce.graphql()`, the matchers seeing GraphQL writes, a
 * browser page's GraphQL call routed to the mock, and the same through a server in remote mode.
 */
import { customerGroupFactory } from '../../factories/index.js';
import { expect, postFromPage, test, withServerPerWorker } from '../support/commerce.js';

const CREATE_GROUP = 'mutation ($draft: CustomerGroupDraft!) { createCustomerGroup(draft: $draft) { id key version } }';

test('commerce.graphql(): a typed answer, and the matchers see the write', async ({ commerce }) => {
  const answer = await commerce.graphql<{ createCustomerGroup: { id: string; key: string; version: number } }>(CREATE_GROUP, {
    draft: { groupName: 'VIP', key: 'vip' },
  });
  expect(answer.status).toBe(200);
  expect(answer.data?.createCustomerGroup).toMatchObject({ key: 'vip', version: 1 });
  await expect(commerce).toHaveStored('customer-group', { key: 'vip', name: 'VIP' });
  await expect(commerce).toHaveReceived({ method: 'POST', path: '/test-project/graphql' });
});

test('commerce.graphql(): errors come back, not thrown', async ({ commerce }) => {
  const answer = await commerce.graphql('{ customerGroups { colour } }');
  expect(answer.status).toBe(400);
  expect(answer.data).toBeUndefined();
  expect(answer.errors?.[0]?.extensions?.code).toBe('InvalidInput');
});

test('a factory draft as GraphQL input, where the drafts agree', async ({ commerce }) => {
  const draft = customerGroupFactory.build();
  const answer = await commerce.graphql<{ createCustomerGroup: { id: string } }>(CREATE_GROUP, { draft });
  expect((await commerce.data.get('customer-group', answer.data!.createCustomerGroup.id))?.key).toBe(draft.key);
});

test('a browser page calls GraphQL on the platform host; the fixture routes it to the mock', async ({ commerce, page }) => {
  await commerce.data.seed(customerGroupFactory.build({ key: 'from-seed', groupName: 'Seeded' }));
  const token = (await commerce.tokens.issue({ kind: 'client' })).accessToken;
  await page.goto('about:blank');
  const answer = await postFromPage(page, `${commerce.apiUrl}/${commerce.projectKey}/graphql`, token, {
    query: '{ customerGroup(key: "from-seed") { name } }',
  });
  expect(answer).toEqual({ status: 200, body: { data: { customerGroup: { name: 'Seeded' } } } });
});

test.describe('remote mode', () => {
  const remote = withServerPerWorker();

  remote('commerce.graphql() goes to the server, whose data REST reads', async ({ commerce, server }) => {
    const answer = await commerce.graphql<{ createCustomerGroup: { id: string } }>(CREATE_GROUP, {
      draft: { groupName: 'Remote', key: 'remote' },
    });
    expect(server.mock.data.get('customer-group', answer.data!.createCustomerGroup.id)).toMatchObject({ key: 'remote', version: 1 });
    const { body } = await commerce.apiRoot.customerGroups().withKey({ key: 'remote' }).get().execute();
    expect(body.name).toBe('Remote');
  });
});
