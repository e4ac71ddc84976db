/**
 * Discount groups (the resource type docs/architecture.md adds in its walkthrough), through the
 * official SDK: the draft, every update action, the unique sortOrder, and cart discounts joining a
 * group (which then cannot be deleted while one does).
 */
import type { ByProjectKeyRequestBuilder, CartDiscountDraft, DiscountGroup, DiscountGroupUpdateAction } from '@commercetools/platform-sdk';
import { expectPlatformActions } from '../support/resources.js';
import { expect, sdkFailure, test } from '../support/sdk.js';

const raw = <T>(value: unknown) => value as T;

async function update(apiRoot: ByProjectKeyRequestBuilder, group: DiscountGroup, ...actions: DiscountGroupUpdateAction[]) {
  return apiRoot
    .discountGroups()
    .withId({ ID: group.id })
    .post({ body: { version: group.version, actions } })
    .execute();
}

const cartDiscount = (discountGroupKey: string, sortOrder: string): CartDiscountDraft => ({
  name: { en: 'Ten percent' },
  value: { type: 'relative', permyriad: 1000 },
  cartPredicate: '1 = 1',
  target: { type: 'lineItems', predicate: '1 = 1' },
  sortOrder,
  requiresDiscountCode: false,
  discountGroup: { typeId: 'discount-group', key: discountGroupKey },
});

test('declares exactly the platform update actions', () => {
  expectPlatformActions('discount-group', ['setDescription', 'setIsActive', 'setKey', 'setName', 'setSortOrder']);
});

test('a draft becomes a discount group: active unless it says otherwise; read back by id and key', async ({ apiRoot }) => {
  const created = await apiRoot
    .discountGroups()
    .post({ body: { key: 'summer', sortOrder: '0.7', name: { en: 'Summer' }, description: { en: 'Best of summer' } } })
    .execute();
  expect(created.statusCode).toBe(201);
  expect(created.body).toMatchObject({ version: 1, key: 'summer', sortOrder: '0.7', isActive: true, name: { en: 'Summer' } });
  expect((await apiRoot.discountGroups().withKey({ key: 'summer' }).get().execute()).body).toEqual(created.body);
  const inactive = await apiRoot
    .discountGroups()
    .post({ body: { key: 'winter', sortOrder: '0.3', isActive: false } })
    .execute();
  expect(inactive.body.isActive).toBe(false);
  expect(
    (
      await apiRoot
        .discountGroups()
        .get({ queryArgs: { where: 'isActive = true' } })
        .execute()
    ).body.results.map((g) => g.key),
  ).toEqual(['summer']);
});

test('bad drafts are refused with every problem and store nothing', async ({ apiRoot, mock }) => {
  const failure = await sdkFailure(
    apiRoot
      .discountGroups()
      .post({ body: raw({ key: 'x', sortOrder: '1.5' }) })
      .execute(),
  );
  expect(failure.statusCode).toBe(400);
  expect(failure.body.errors.map((e) => e.field).sort()).toEqual(['key', 'sortOrder']);
  expect(mock.data.all('discount-group')).toEqual([]);
});

test('every update action, one version each', async ({ apiRoot }) => {
  let group = (
    await apiRoot
      .discountGroups()
      .post({ body: { key: 'summer', sortOrder: '0.7' } })
      .execute()
  ).body;
  for (const action of [
    { action: 'setKey', key: 'summer-2026' },
    { action: 'setName', name: { en: 'Summer 2026' } },
    { action: 'setDescription', description: { en: 'Once a year' } },
    { action: 'setSortOrder', sortOrder: '0.75' },
    { action: 'setIsActive', isActive: false },
  ] as DiscountGroupUpdateAction[]) {
    const response = await update(apiRoot, group, action);
    expect(response.body.version).toBe(group.version + 1);
    group = response.body;
  }
  expect(group).toMatchObject({
    key: 'summer-2026',
    name: { en: 'Summer 2026' },
    description: { en: 'Once a year' },
    sortOrder: '0.75',
    isActive: false,
  });
  const cleared = (await update(apiRoot, group, { action: 'setName' }, { action: 'setDescription' })).body;
  expect(cleared).not.toHaveProperty('name');
  expect(cleared).not.toHaveProperty('description');
});

test('sortOrder is unique among discount groups', async ({ apiRoot }) => {
  await apiRoot
    .discountGroups()
    .post({ body: { key: 'summer', sortOrder: '0.7' } })
    .execute();
  const winter = (
    await apiRoot
      .discountGroups()
      .post({ body: { key: 'winter', sortOrder: '0.3' } })
      .execute()
  ).body;
  const duplicate = await sdkFailure(
    apiRoot
      .discountGroups()
      .post({ body: { key: 'autumn', sortOrder: '0.7' } })
      .execute(),
  );
  expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'sortOrder', duplicateValue: '0.7' });
  const moved = await sdkFailure(update(apiRoot, winter, { action: 'setSortOrder', sortOrder: '0.7' }));
  expect(moved.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'sortOrder' });
  expect((await apiRoot.discountGroups().withId({ ID: winter.id }).get().execute()).body.sortOrder).toBe('0.3');
});

test('a cart discount joins a group by key; the group is not deleted while one does', async ({ apiRoot }) => {
  const group = (
    await apiRoot
      .discountGroups()
      .post({ body: { key: 'summer', sortOrder: '0.7' } })
      .execute()
  ).body;
  const discount = (
    await apiRoot
      .cartDiscounts()
      .post({ body: cartDiscount('summer', '0.5') })
      .execute()
  ).body;
  expect(discount.discountGroup).toEqual({ typeId: 'discount-group', id: group.id });

  const refused = await sdkFailure(
    apiRoot
      .discountGroups()
      .withId({ ID: group.id })
      .delete({ queryArgs: { version: 1 } })
      .execute(),
  );
  expect(refused.statusCode).toBe(400);
  expect(refused.body.errors[0]).toMatchObject({ code: 'ReferenceExists', referencedBy: 'cart-discount' });

  await apiRoot
    .cartDiscounts()
    .withId({ ID: discount.id })
    .delete({ queryArgs: { version: discount.version } })
    .execute();
  const deleted = await apiRoot
    .discountGroups()
    .withId({ ID: group.id })
    .delete({ queryArgs: { version: 1 } })
    .execute();
  expect(deleted.body.id).toBe(group.id);
  const missing = await sdkFailure(
    apiRoot
      .cartDiscounts()
      .post({ body: cartDiscount('summer', '0.6') })
      .execute(),
  );
  expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'discount-group' });
});
