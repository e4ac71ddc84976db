/**
 * docs/graphql.md: every ```ts block appears verbatim (whitespace aside) between
 * `// doc-example:start` and `// doc-example:end` in this file, where it runs against the fixture.
 */
import { fileURLToPath } from 'node:url';
import { categoryFactory } from '../../factories/index.js';
import { graphqlInput } from '../../src/index.js';
import { test, expect } from '../support/commerce.js';
import { asWritten, markedRegions, tsBlocks } from '../support/doc-examples.js';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

test('every example of docs/graphql.md runs in this spec', () => {
  const regions = markedRegions(path('./docs.spec.ts')).map(asWritten);
  const blocks = tsBlocks(path('../../docs/graphql.md'));
  expect(blocks.length).toBeGreaterThan(4);
  for (const block of blocks) expect(regions, `not run by this spec:\n${block}`).toContain(asWritten(block));
});

test('calling it: the official SDK and commerce.graphql', async ({ commerce }) => {
  await commerce.data.seed(['customer-group', { key: 'vip', groupName: 'VIP' }]);
  const apiRoot = commerce.apiRoot;
  // doc-example:start
  // The official SDK (an apiRoot of your own, or the fixture's commerce.apiRoot)
  const { body } = await apiRoot
    .graphql()
    .post({ body: { query: 'query ($key: String) { customerGroup(key: $key) { name version } }', variables: { key: 'vip' } } })
    .execute();
  expect(body.data.customerGroup).toEqual({ name: 'VIP', version: 1 }); // null when there is none
  // doc-example:end

  // doc-example:start
  // Playwright: a client token of its own (or options.token), in process or against the server in remote mode.
  const answer = await commerce.graphql<{ createCustomerGroup: { id: string } }>(
    'mutation ($draft: CustomerGroupDraft!) { createCustomerGroup(draft: $draft) { id } }',
    { draft: { groupName: 'Wholesale', key: 'wholesale' } },
  );
  expect(answer.status).toBe(200); // errors are in answer.errors, not thrown
  expect(await commerce.data.get('customer-group', answer.data!.createCustomerGroup.id)).toMatchObject({ key: 'wholesale' });
  // doc-example:end
});

test('a storefront listing with the selected price', async ({ commerce }) => {
  await commerce.data.seed(
    ['product-type', { key: 'shoe', name: 'Shoe', description: 'Shoes' }],
    [
      'product',
      {
        productType: { typeId: 'product-type', key: 'shoe' },
        name: { en: 'Runner' },
        slug: { en: 'runner' },
        masterVariant: {
          sku: 'RUN-1',
          prices: [
            { value: { currencyCode: 'EUR', centAmount: 8999 } },
            { value: { currencyCode: 'EUR', centAmount: 7999 }, country: 'DE' },
          ],
        },
        publish: true,
      },
    ],
  );
  // doc-example:start
  const listing = await commerce.graphql<{ productProjectionSearch: { total: number; results: unknown[] } }>(
    `{ productProjectionSearch(text: "runner", locale: "en", limit: 20) { total results {
      name(locale: "en") slug(locale: "en")
      masterVariant { sku price(currency: "EUR", country: "DE") { value { centAmount } } images { url } }
  } } }`,
  );
  expect(listing.data!.productProjectionSearch.results[0]).toEqual({
    name: 'Runner',
    slug: 'runner',
    masterVariant: { sku: 'RUN-1', price: { value: { centAmount: 7999 } }, images: [] },
  });
  // doc-example:end
});

test('as an associate: the missing permission is an error, and the decision is recorded', async ({ commerce }) => {
  const [viewer] = await commerce.data.seed(['customer', { email: 'viewer@acme.example', password: 'secret' }]);
  await commerce.data.seed(
    ['associate-role', { key: 'nothing', permissions: [] }],
    [
      'business-unit',
      {
        key: 'acme',
        unitType: 'Company',
        name: 'ACME',
        associates: [
          {
            customer: { typeId: 'customer', id: viewer!.id },
            associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'nothing' } }],
          },
        ],
      },
    ],
  );
  // doc-example:start
  const denied = await commerce.graphql(
    'query ($id: String!) { asAssociate(associateId: $id, businessUnitKey: "acme") { carts { total } } }',
    { id: viewer!.id },
  );
  expect(denied.errors?.[0]?.extensions).toMatchObject({
    code: 'AssociateMissingPermission',
    permissions: ['ViewMyCarts', 'ViewOthersCarts'],
  });
  await expect(commerce).toHaveDeniedAssociate({ associateId: viewer!.id, action: 'query cart' });
  // doc-example:end
  const decisions = await commerce.permissions.decisions();
  expect(decisions).toHaveLength(1);
  expect(decisions[0]).toMatchObject({ allowed: false, associateId: viewer!.id, businessUnitKey: 'acme', action: 'query cart' });
});

test('graphqlInput: a factory draft as GraphQL input', async ({ commerce }) => {
  // doc-example:start
  const draft = graphqlInput('CategoryDraft', categoryFactory.build({ name: { en: 'Shoes' } }));
  expect(draft.name).toEqual([{ locale: 'en', value: 'Shoes' }]);
  const created = await commerce.graphql('mutation ($draft: CategoryDraft!) { createCategory(draft: $draft) { id } }', { draft });
  expect(created.errors).toBeUndefined();
  // doc-example:end
  expect(await commerce.data.all('category')).toHaveLength(1);
});
