/**
 * as-associate through the official SDK: business units seen and changed by their associates, the
 * permission engine (union of roles, inheritance, My/Others, narrowing, 403 AssociateMissingPermission,
 * 404 for another unit's resources) on in-business-unit shopping lists, and the decision log.
 */
import type { ByProjectKeyRequestBuilder, Customer } from '@commercetools/platform-sdk';
import type { CommerceMock } from '../../src/index.js';
import { test, expect, sdkFailure } from '../support/sdk.js';
import { associate, createCustomer, createRole, createUnit, readUnit } from './support.js';

interface World {
  admin: Customer;
  buyer: Customer;
  outsider: Customer;
  viewer: Customer;
}

/**
 * acme (Company): admin (role admin, inherited by divisions), buyer (role buyer, not inherited),
 * viewer (role nothing); acme-eu (Division of acme); other (Company): outsider (admin).
 */
async function world(apiRoot: ByProjectKeyRequestBuilder): Promise<World> {
  await createRole(apiRoot, 'admin', [
    'UpdateBusinessUnitDetails',
    'UpdateAssociates',
    'UpdateParentUnit',
    'AddChildUnits',
    'ViewMyShoppingLists',
    'ViewOthersShoppingLists',
    'CreateMyShoppingLists',
    'CreateOthersShoppingLists',
    'UpdateOthersShoppingLists',
    'DeleteOthersShoppingLists',
  ]);
  await createRole(apiRoot, 'buyer', ['ViewMyShoppingLists', 'CreateMyShoppingLists', 'UpdateMyShoppingLists', 'DeleteMyShoppingLists']);
  await createRole(apiRoot, 'nothing', []);
  await createRole(apiRoot, 'internal', ['ViewOthersShoppingLists'], { buyerAssignable: false });
  const [admin, buyer, outsider, viewer] = [
    await createCustomer(apiRoot, 'admin@acme.example'),
    await createCustomer(apiRoot, 'buyer@acme.example'),
    await createCustomer(apiRoot, 'outsider@other.example'),
    await createCustomer(apiRoot, 'viewer@acme.example'),
  ];
  await createUnit(apiRoot, {
    key: 'acme',
    unitType: 'Company',
    name: 'ACME',
    associates: [
      associate(admin.id, { key: 'admin', inheritance: 'Enabled' }),
      associate(buyer.id, 'buyer'),
      associate(viewer.id, 'nothing'),
    ],
  });
  await createUnit(apiRoot, {
    key: 'acme-eu',
    unitType: 'Division',
    name: 'ACME EU',
    parentUnit: { typeId: 'business-unit', key: 'acme' },
  });
  await createUnit(apiRoot, {
    key: 'other',
    unitType: 'Company',
    name: 'Other',
    associates: [associate(outsider.id, { key: 'admin', inheritance: 'Enabled' })],
  });
  return { admin, buyer, outsider, viewer };
}

const as = (apiRoot: ByProjectKeyRequestBuilder, associateId: string) => apiRoot.asAssociate().withAssociateIdValue({ associateId });
const lists = (apiRoot: ByProjectKeyRequestBuilder, associateId: string, businessUnitKey = 'acme') =>
  as(apiRoot, associateId).inBusinessUnitKeyWithBusinessUnitKeyValue({ businessUnitKey }).shoppingLists();

test.describe('as-associate: business units', () => {
  test('an associate lists and reads the units it belongs to, explicitly or inherited; any other is a 404', async ({ apiRoot }) => {
    const { admin, buyer, outsider } = await world(apiRoot);
    const keys = async (id: string) => (await as(apiRoot, id).businessUnits().get().execute()).body.results.map((u) => u.key).sort();
    expect(await keys(admin.id)).toEqual(['acme', 'acme-eu']);
    expect(await keys(buyer.id)).toEqual(['acme']); // the buyer's assignment is not inherited
    expect(await keys(outsider.id)).toEqual(['other']);
    const eu = await readUnit(apiRoot, 'acme-eu');
    expect((await as(apiRoot, admin.id).businessUnits().withId({ ID: eu.id }).get().execute()).body.key).toBe('acme-eu');
    expect((await sdkFailure(as(apiRoot, buyer.id).businessUnits().withId({ ID: eu.id }).get().execute())).statusCode).toBe(404);
    const failure = await sdkFailure(as(apiRoot, outsider.id).businessUnits().withKey({ key: 'acme' }).get().execute());
    expect(failure.statusCode).toBe(404);
    expect(failure.body.errors[0]!.code).toBe('ResourceNotFound');
    expect(JSON.stringify(failure.body)).not.toContain(admin.id);
  });

  test('updating needs the permission of each action; a missing one is 403 AssociateMissingPermission', async ({ apiRoot, mock }) => {
    const { admin, buyer } = await world(apiRoot);
    const acme = await readUnit(apiRoot, 'acme');
    const failure = await sdkFailure(
      as(apiRoot, buyer.id)
        .businessUnits()
        .withKey({ key: 'acme' })
        .post({ body: { version: acme.version, actions: [{ action: 'changeName', name: 'Hacked' }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(403);
    expect(failure.body.errors[0]).toEqual({
      code: 'AssociateMissingPermission',
      message: `Associate '${buyer.id}' has no rights to update business-unit in business-unit 'acme'. Needs 'UpdateBusinessUnitDetails'.`,
      associate: { typeId: 'customer', id: buyer.id },
      businessUnit: { typeId: 'business-unit', key: 'acme' },
      permissions: ['UpdateBusinessUnitDetails'],
    });
    expect((await readUnit(apiRoot, 'acme')).name).toBe('ACME');
    // The admin's role reaches the division through inheritance.
    const eu = await readUnit(apiRoot, 'acme-eu');
    const updated = await as(apiRoot, admin.id)
      .businessUnits()
      .withId({ ID: eu.id })
      .post({
        body: {
          version: eu.version,
          actions: [
            { action: 'changeName', name: 'Europe' },
            { action: 'setContactEmail', contactEmail: 'eu@acme.example' },
          ],
        },
      })
      .execute();
    expect(updated.body).toMatchObject({ name: 'Europe', contactEmail: 'eu@acme.example', version: eu.version + 1 });
    expect(mock.permissions.decisions()).toEqual([
      expect.objectContaining({
        allowed: false,
        associateId: buyer.id,
        businessUnitKey: 'acme',
        action: 'update business-unit',
        permissions: ['UpdateBusinessUnitDetails'],
      }),
      expect.objectContaining({
        allowed: true,
        associateId: admin.id,
        businessUnitKey: 'acme-eu',
        action: 'update business-unit',
        permissions: ['UpdateBusinessUnitDetails'],
      }),
    ]);
  });

  test('associates: UpdateAssociates, and only buyer-assignable roles', async ({ apiRoot }) => {
    const { admin, buyer, outsider } = await world(apiRoot);
    let acme = await readUnit(apiRoot, 'acme');
    const notAssignable = await sdkFailure(
      as(apiRoot, admin.id)
        .businessUnits()
        .withKey({ key: 'acme' })
        .post({ body: { version: acme.version, actions: [{ action: 'addAssociate', associate: associate(outsider.id, 'internal') }] } })
        .execute(),
    );
    expect(notAssignable.body.errors[0]!.code).toBe('InvalidOperation');
    acme = (
      await as(apiRoot, admin.id)
        .businessUnits()
        .withKey({ key: 'acme' })
        .post({ body: { version: acme.version, actions: [{ action: 'addAssociate', associate: associate(outsider.id, 'buyer') }] } })
        .execute()
    ).body;
    expect(acme.associates.map((a) => a.customer.id)).toContain(outsider.id);
    const denied = await sdkFailure(
      as(apiRoot, buyer.id)
        .businessUnits()
        .withKey({ key: 'acme' })
        .post({ body: { version: acme.version, actions: [{ action: 'removeAssociate', customer: { typeId: 'customer', id: admin.id } }] } })
        .execute(),
    );
    expect(denied.body.errors[0]).toMatchObject({ code: 'AssociateMissingPermission', permissions: ['UpdateAssociates'] });
  });

  test('changeParentUnit needs UpdateParentUnit here and AddChildUnits in the new parent', async ({ apiRoot, mock }) => {
    const { admin } = await world(apiRoot);
    await createUnit(apiRoot, { key: 'acme-us', unitType: 'Division', name: 'US', parentUnit: { typeId: 'business-unit', key: 'acme' } });
    let eu = await readUnit(apiRoot, 'acme-eu');
    eu = (
      await as(apiRoot, admin.id)
        .businessUnits()
        .withKey({ key: 'acme-eu' })
        .post({
          body: { version: eu.version, actions: [{ action: 'changeParentUnit', parentUnit: { typeId: 'business-unit', key: 'acme-us' } }] },
        })
        .execute()
    ).body;
    expect(eu.parentUnit?.key).toBe('acme-us');
    const failure = await sdkFailure(
      as(apiRoot, admin.id)
        .businessUnits()
        .withKey({ key: 'acme-eu' })
        .post({
          body: { version: eu.version, actions: [{ action: 'changeParentUnit', parentUnit: { typeId: 'business-unit', key: 'other' } }] },
        })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({
      code: 'AssociateMissingPermission',
      businessUnit: { typeId: 'business-unit', key: 'other' },
      permissions: ['AddChildUnits'],
    });
    expect(mock.permissions.decisions().at(-1)).toMatchObject({ allowed: false, action: 'add child unit', businessUnitKey: 'other' });
  });

  test('creating a Division needs AddChildUnits in its parent', async ({ apiRoot, mock }) => {
    const { admin, buyer } = await world(apiRoot);
    const created = await as(apiRoot, admin.id)
      .businessUnits()
      .post({ body: { key: 'acme-apac', unitType: 'Division', name: 'APAC', parentUnit: { typeId: 'business-unit', key: 'acme' } } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(created.body.inheritedAssociates?.map((a) => a.customer.id)).toEqual([admin.id]);
    const failure = await sdkFailure(
      as(apiRoot, buyer.id)
        .businessUnits()
        .post({ body: { key: 'acme-x', unitType: 'Division', name: 'X', parentUnit: { typeId: 'business-unit', key: 'acme' } } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({
      code: 'AssociateMissingPermission',
      permissions: ['AddChildUnits'],
      businessUnit: { typeId: 'business-unit', key: 'acme' },
    });
    expect(mock.data.getByKey('business-unit', 'acme-x')).toBeUndefined();
  });

  test('an Inactive unit cannot be changed as an associate', async ({ apiRoot }) => {
    const { admin } = await world(apiRoot);
    const acme = await readUnit(apiRoot, 'acme');
    await apiRoot
      .businessUnits()
      .withId({ ID: acme.id })
      .post({ body: { version: acme.version, actions: [{ action: 'changeStatus', status: 'Inactive' }] } })
      .execute();
    const failure = await sdkFailure(
      as(apiRoot, admin.id)
        .businessUnits()
        .withId({ ID: acme.id })
        .post({ body: { version: acme.version + 1, actions: [{ action: 'changeName', name: 'n' }] } })
        .execute(),
    );
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
  });
});

test.describe('as-associate: in-business-unit shopping lists (the permission engine)', () => {
  async function seedLists(apiRoot: ByProjectKeyRequestBuilder, w: World) {
    const mine = (
      await lists(apiRoot, w.buyer.id)
        .post({ body: { name: { en: 'buyer list' } } })
        .execute()
    ).body;
    const theirs = (
      await lists(apiRoot, w.admin.id)
        .post({ body: { name: { en: 'admin list' } } })
        .execute()
    ).body;
    const elsewhere = (
      await lists(apiRoot, w.outsider.id, 'other')
        .post({ body: { name: { en: 'other list' } } })
        .execute()
    ).body;
    return { mine, theirs, elsewhere };
  }

  test('a create is stamped with the unit and the associate as customer', async ({ apiRoot }) => {
    const w = await world(apiRoot);
    const { mine } = await seedLists(apiRoot, w);
    expect(mine).toMatchObject({
      customer: { typeId: 'customer', id: w.buyer.id },
      businessUnit: { typeId: 'business-unit', key: 'acme' },
    });
  });

  test('Others covers the whole unit; only My narrows the list; neither is a 403 naming both', async ({ apiRoot, mock }) => {
    const w = await world(apiRoot);
    const { mine, theirs } = await seedLists(apiRoot, w);
    const all = (await lists(apiRoot, w.admin.id).get().execute()).body.results.map((l) => l.id).sort();
    expect(all).toEqual([mine.id, theirs.id].sort());
    const narrowed = (await lists(apiRoot, w.buyer.id).get().execute()).body;
    expect(narrowed.results.map((l) => l.id)).toEqual([mine.id]);
    expect(narrowed.total).toBe(1);
    const failure = await sdkFailure(lists(apiRoot, w.viewer.id).get().execute());
    expect(failure.body.errors[0]).toMatchObject({
      code: 'AssociateMissingPermission',
      message: `Associate '${w.viewer.id}' has no rights to query shopping-list in business-unit 'acme'. Needs 'ViewMyShoppingLists' or 'ViewOthersShoppingLists'.`,
      permissions: ['ViewMyShoppingLists', 'ViewOthersShoppingLists'],
    });
    const queries = mock.permissions.decisions().filter((d) => d.action === 'query shopping-list');
    expect(queries).toEqual([
      expect.objectContaining({ allowed: true, associateId: w.admin.id }),
      expect.objectContaining({ allowed: true, associateId: w.buyer.id, narrowed: true }),
      expect.objectContaining({ allowed: false, associateId: w.viewer.id }),
    ]);
    expect(queries[0]).not.toHaveProperty('narrowed');
  });

  test('one resource: own needs My, anyone else’s needs Others (with associateOnBehalf)', async ({ apiRoot }) => {
    const w = await world(apiRoot);
    const { mine, theirs } = await seedLists(apiRoot, w);
    expect((await lists(apiRoot, w.buyer.id).withId({ ID: mine.id }).get().execute()).body.id).toBe(mine.id);
    const failure = await sdkFailure(lists(apiRoot, w.buyer.id).withId({ ID: theirs.id }).get().execute());
    expect(failure.statusCode).toBe(403);
    expect(failure.body.errors[0]).toEqual({
      code: 'AssociateMissingPermission',
      message: `Associate '${w.buyer.id}' has no rights to view shopping-list for customer '${w.admin.id}' in business-unit 'acme'. Needs 'ViewOthersShoppingLists'.`,
      associate: { typeId: 'customer', id: w.buyer.id },
      businessUnit: { typeId: 'business-unit', key: 'acme' },
      associateOnBehalf: { typeId: 'customer', id: w.admin.id },
      permissions: ['ViewOthersShoppingLists'],
    });
    // The admin holds Others but not UpdateMy: its own list is not covered by Others.
    const own = await sdkFailure(
      lists(apiRoot, w.admin.id)
        .withId({ ID: theirs.id })
        .post({ body: { version: 1, actions: [{ action: 'changeName', name: { en: 'x' } }] } })
        .execute(),
    );
    expect(own.body.errors[0]).toMatchObject({ permissions: ['UpdateMyShoppingLists'] });
    const others = await lists(apiRoot, w.admin.id)
      .withId({ ID: mine.id })
      .post({ body: { version: 1, actions: [{ action: 'changeName', name: { en: 'renamed' } }] } })
      .execute();
    expect(others.body.name).toEqual({ en: 'renamed' });
    const deleted = await lists(apiRoot, w.buyer.id)
      .withId({ ID: mine.id })
      .delete({ queryArgs: { version: 2 } })
      .execute();
    expect(deleted.statusCode).toBe(200);
  });

  test('creating for another associate needs CreateOthers; the rejected list is not stored', async ({ apiRoot, mock }) => {
    const w = await world(apiRoot);
    const failure = await sdkFailure(
      lists(apiRoot, w.buyer.id)
        .post({ body: { name: { en: 'for admin' }, customer: { typeId: 'customer', id: w.admin.id } } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({
      code: 'AssociateMissingPermission',
      permissions: ['CreateOthersShoppingLists'],
      associateOnBehalf: { id: w.admin.id },
    });
    expect(mock.data.all('shopping-list')).toHaveLength(0);
  });

  test('a resource of another unit is a 404, not a 403; an associate of another unit has no permission here', async ({ apiRoot }) => {
    const w = await world(apiRoot);
    const { mine, elsewhere } = await seedLists(apiRoot, w);
    const foreign = await sdkFailure(lists(apiRoot, w.admin.id).withId({ ID: elsewhere.id }).get().execute());
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('other list');
    const outsider = await sdkFailure(lists(apiRoot, w.outsider.id).withId({ ID: mine.id }).get().execute());
    expect(outsider.statusCode).toBe(403);
    expect(JSON.stringify(outsider.body)).not.toContain('buyer list');
    const unknownUnit = await sdkFailure(lists(apiRoot, w.admin.id, 'no-such-unit').get().execute());
    expect(unknownUnit.statusCode).toBe(404);
  });

  test('clear() empties the decision log', async ({ apiRoot, mock }) => {
    const w = await world(apiRoot);
    await lists(apiRoot, w.admin.id).get().execute();
    expect(mock.permissions.decisions()).toHaveLength(1);
    expect(mock.permissions.decisions()[0]).toMatchObject({ at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    (mock as CommerceMock).state.clear();
    expect(mock.permissions.decisions()).toEqual([]);
  });
});
