/**
 * `graphqlInput()`: REST drafts (factory output) as GraphQL input, converted by the schema's input
 * types; what GraphQL creates from them equals what REST creates from the draft itself.
 */
import { cartDiscountFactory, categoryFactory } from '../../factories/index.js';
import { graphqlInput } from '../../src/index.js';
import { test, expect } from '../support/sdk.js';

test('a category draft: LocalizedStrings become [{locale, value}] lists; GraphQL and REST store the same', async ({ apiRoot }) => {
  const draft = categoryFactory.build({ name: { en: 'Shoes', de: 'Schuhe' } });
  const input = graphqlInput('CategoryDraft', draft);
  expect(input.name).toEqual([
    { locale: 'en', value: 'Shoes' },
    { locale: 'de', value: 'Schuhe' },
  ]);
  const { body } = await apiRoot
    .graphql()
    .post({ body: { query: 'mutation ($draft: CategoryDraft!) { createCategory(draft: $draft) { id } }', variables: { draft: input } } })
    .execute();
  const created = await apiRoot.categories().withId({ ID: body.data.createCategory.id }).get().execute();
  expect(created.body).toMatchObject({ key: draft.key, name: draft.name, slug: draft.slug });
});

test('a cart discount draft: the value and target become one-of inputs', async ({ apiRoot }) => {
  const draft = cartDiscountFactory.absolute({ EUR: 500 }).build();
  const input = graphqlInput('CartDiscountDraft', draft);
  expect(input.value).toEqual({ absolute: { money: [{ currencyCode: 'EUR', centAmount: 500 }] } });
  const { body } = await apiRoot
    .graphql()
    .post({
      body: { query: 'mutation ($draft: CartDiscountDraft!) { createCartDiscount(draft: $draft) { id } }', variables: { draft: input } },
    })
    .execute();
  expect(body.errors).toBeUndefined();
  const created = await apiRoot.cartDiscounts().withId({ ID: body.data.createCartDiscount.id }).get().execute();
  expect(created.body.value).toMatchObject({ type: 'absolute', money: [{ currencyCode: 'EUR', centAmount: 500 }] });
  expect(created.body.cartPredicate).toBe(draft.cartPredicate);
});

test('custom fields become JSON strings; an unknown input type is refused', () => {
  const input = graphqlInput('CustomerGroupDraft', {
    groupName: 'VIP',
    custom: { type: { key: 'loyalty' }, fields: { points: 42, tier: 'gold' } },
  });
  expect(input.custom).toEqual({
    type: { key: 'loyalty' },
    fields: [
      { name: 'points', value: '42' },
      { name: 'tier', value: '"gold"' },
    ],
  });
  expect(() => graphqlInput('NoSuchDraft', {})).toThrow("no input type 'NoSuchDraft'");
});
