/**
 * Business units and associate roles through the general endpoints (client credentials): drafts,
 * defaults per unit type, the hierarchy-derived fields and every update action of both types.
 */
import type { BusinessUnit, BusinessUnitDraft } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';
import { associate, createCustomer, createRole, createUnit, readUnit, updateUnit } from './support.js';

const raw = <T>(value: unknown) => value as T;

test.describe('associate roles', () => {
  test('create: buyerAssignable defaults to true, permissions to empty; name and custom are kept', async ({ apiRoot, mock }) => {
    const type = (
      await apiRoot
        .types()
        .post({ body: { key: 'role-type', name: { en: 'r' }, resourceTypeIds: ['associate-role'] } })
        .execute()
    ).body;
    const role = await createRole(apiRoot, 'buyer', ['ViewMyCarts', 'ViewMyCarts', 'CreateMyCarts'], {
      name: 'Buyer',
      custom: { type: { typeId: 'type', key: 'role-type' }, fields: { level: 1 } },
    });
    expect(role).toMatchObject({
      version: 1,
      key: 'buyer',
      name: 'Buyer',
      buyerAssignable: true,
      permissions: ['ViewMyCarts', 'CreateMyCarts'],
      custom: { type: { typeId: 'type', id: type.id }, fields: { level: 1 } },
    });
    const minimal = await createRole(apiRoot, 'nothing', []);
    expect(minimal.permissions).toEqual([]);
    expect(mock.data.all('associate-role')).toHaveLength(2);
  });

  test('an unknown permission and a missing key are InvalidJsonInput errors', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .associateRoles()
        .post({ body: raw({ permissions: ['FlyToTheMoon'] }) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([
      invalidJson('key: Missing required value.'),
      expect.objectContaining({
        code: 'InvalidJsonInput',
        detailedErrorMessage: expect.stringMatching(/^permissions\[0\]: Unknown value "FlyToTheMoon"; expected one of "AddChildUnits", /),
      }),
    ]);
    expect(mock.data.all('associate-role')).toHaveLength(0);
  });

  test('every update action', async ({ apiRoot }) => {
    let role = await createRole(apiRoot, 'r1', ['ViewMyCarts']);
    const update = async (...actions: any[]) =>
      (role = (
        await apiRoot
          .associateRoles()
          .withId({ ID: role.id })
          .post({ body: { version: role.version, actions } })
          .execute()
      ).body);
    await update({ action: 'addPermission', permission: 'UpdateMyCarts' }, { action: 'addPermission', permission: 'ViewMyCarts' });
    expect(role.permissions).toEqual(['ViewMyCarts', 'UpdateMyCarts']);
    await update({ action: 'removePermission', permission: 'ViewMyCarts' });
    expect(role.permissions).toEqual(['UpdateMyCarts']);
    await update({ action: 'setPermissions', permissions: ['AddChildUnits', 'UpdateAssociates'] });
    expect(role.permissions).toEqual(['AddChildUnits', 'UpdateAssociates']);
    await update({ action: 'changeBuyerAssignable', buyerAssignable: false });
    expect(role.buyerAssignable).toBe(false);
    await update({ action: 'setName', name: 'Admin' });
    expect(role.name).toBe('Admin');
    await update({ action: 'setName' });
    expect(role).not.toHaveProperty('name');
    await apiRoot
      .types()
      .post({ body: { key: 'tt', name: { en: 't' }, resourceTypeIds: ['associate-role'] } })
      .execute();
    await update(
      { action: 'setCustomType', type: { typeId: 'type', key: 'tt' }, fields: { a: 1 } },
      { action: 'setCustomField', name: 'b', value: 2 },
    );
    expect(role.custom?.fields).toEqual({ a: 1, b: 2 });
    expect(role.version).toBe(8);
    expect((await apiRoot.associateRoles().withKey({ key: 'r1' }).get().execute()).body).toEqual(role);
  });

  test('a role still assigned in a business unit cannot be deleted', async ({ apiRoot }) => {
    const role = await createRole(apiRoot, 'held', []);
    const customer = await createCustomer(apiRoot, 'a@example.com');
    const unit = await createUnit(apiRoot, { key: 'co', unitType: 'Company', name: 'Co', associates: [associate(customer.id, 'held')] });
    const failure = await sdkFailure(
      apiRoot
        .associateRoles()
        .withId({ ID: role.id })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferenceExists', referencedBy: 'business-unit' });
    await updateUnit(apiRoot, unit, { action: 'setAssociates', associates: [] });
    expect(
      (
        await apiRoot
          .associateRoles()
          .withId({ ID: role.id })
          .delete({ queryArgs: { version: 1 } })
          .execute()
      ).statusCode,
    ).toBe(200);
  });
});

test.describe('business units: create', () => {
  test('a Company: Explicit modes, itself as top-level unit, empty stores, Active', async ({ apiRoot }) => {
    await createRole(apiRoot, 'admin', ['UpdateAssociates']);
    const customer = await createCustomer(apiRoot, 'boss@example.com');
    await apiRoot
      .stores()
      .post({ body: { key: 'berlin' } })
      .execute();
    const unit = await createUnit(apiRoot, {
      key: 'acme',
      unitType: 'Company',
      name: 'ACME',
      contactEmail: 'info@acme.example',
      stores: [{ typeId: 'store', key: 'berlin' }],
      associates: [associate(customer.id, { key: 'admin', inheritance: 'Enabled' })],
      addresses: [{ key: 'hq', country: 'DE', city: 'Berlin' }, { country: 'FR' }],
      shippingAddresses: [1],
      defaultBillingAddress: 0,
    });
    expect(unit).toMatchObject({
      version: 1,
      key: 'acme',
      unitType: 'Company',
      name: 'ACME',
      status: 'Active',
      contactEmail: 'info@acme.example',
      storeMode: 'Explicit',
      associateMode: 'Explicit',
      approvalRuleMode: 'Explicit',
      stores: [{ typeId: 'store', key: 'berlin' }],
      topLevelUnit: { typeId: 'business-unit', key: 'acme' },
      associates: [
        {
          customer: { typeId: 'customer', id: customer.id },
          associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'admin' }, inheritance: 'Enabled' }],
        },
      ],
    });
    expect(unit.addresses.map((a) => a.country)).toEqual(['DE', 'FR']);
    expect(unit.shippingAddressIds).toEqual([unit.addresses[1]!.id]);
    expect(unit.defaultBillingAddressId).toBe(unit.addresses[0]!.id);
    expect(unit.billingAddressIds).toEqual([unit.addresses[0]!.id]);
    expect(unit).not.toHaveProperty('parentUnit');
    expect(unit).not.toHaveProperty('inheritedAssociates');
    expect(unit).not.toHaveProperty('inheritedStores');
  });

  test('a Division: FromParent stores, inherited associates (Enabled only), top-level unit of its parent', async ({ apiRoot }) => {
    await createRole(apiRoot, 'admin', ['UpdateAssociates']);
    await createRole(apiRoot, 'buyer', ['ViewMyCarts']);
    const [boss, clerk] = [await createCustomer(apiRoot, 'boss@example.com'), await createCustomer(apiRoot, 'clerk@example.com')];
    await apiRoot
      .stores()
      .post({ body: { key: 'berlin' } })
      .execute();
    await createUnit(apiRoot, {
      key: 'acme',
      unitType: 'Company',
      name: 'ACME',
      stores: [{ typeId: 'store', key: 'berlin' }],
      associates: [associate(boss.id, { key: 'admin', inheritance: 'Enabled' }, 'buyer'), associate(clerk.id, 'buyer')],
    });
    const division = await createUnit(apiRoot, {
      key: 'acme-eu',
      unitType: 'Division',
      name: 'EU',
      parentUnit: { typeId: 'business-unit', key: 'acme' },
    });
    expect(division).toMatchObject({
      storeMode: 'FromParent',
      associateMode: 'ExplicitAndFromParent',
      approvalRuleMode: 'ExplicitAndFromParent',
      parentUnit: { typeId: 'business-unit', key: 'acme' },
      topLevelUnit: { typeId: 'business-unit', key: 'acme' },
      inheritedStores: [{ typeId: 'store', key: 'berlin' }],
      associates: [],
      inheritedAssociates: [
        {
          customer: { typeId: 'customer', id: boss.id },
          associateRoleAssignments: [
            { associateRole: { typeId: 'associate-role', key: 'admin' }, source: { typeId: 'business-unit', key: 'acme' } },
          ],
        },
      ],
    });
    expect(division).not.toHaveProperty('stores');
    // A grand-child inherits through the division (which passes associates on) with the original source.
    const team = await createUnit(apiRoot, {
      key: 'acme-eu-de',
      unitType: 'Division',
      name: 'DE',
      parentUnit: { typeId: 'business-unit', id: division.id },
    });
    expect(team.topLevelUnit.key).toBe('acme');
    expect(team.inheritedAssociates?.[0]?.associateRoleAssignments[0]?.source.key).toBe('acme');
    expect(team.inheritedStores).toEqual([{ typeId: 'store', key: 'berlin' }]);
    // An Explicit division inherits nothing.
    const closed = await createUnit(apiRoot, {
      key: 'closed',
      unitType: 'Division',
      name: 'C',
      parentUnit: { typeId: 'business-unit', key: 'acme' },
      associateMode: 'Explicit',
      storeMode: 'Explicit',
    });
    expect(closed).not.toHaveProperty('inheritedAssociates');
    expect(closed.stores).toEqual([]);
  });

  test('draft errors: Division without parent, Company with inheriting modes, stores with FromParent, unknown references', async ({
    apiRoot,
    mock,
  }) => {
    const noParent = await sdkFailure(
      apiRoot
        .businessUnits()
        .post({ body: raw<BusinessUnitDraft>({ key: 'dd', unitType: 'Division', name: 'D' }) })
        .execute(),
    );
    expect(noParent.body.errors[0]).toMatchObject({ code: 'RequiredField', field: 'parentUnit' });
    // A body of the wrong shape reports its shape alone, as the platform reads it before any rule.
    const wrongShape = await sdkFailure(
      apiRoot
        .businessUnits()
        .post({ body: raw({ key: 'dd', unitType: 'Division', name: 42 }) })
        .execute(),
    );
    expect(wrongShape.body.errors).toEqual([invalidJson('name: JSON string expected.')]);
    // Listed with the draft's other rule problems, not only once they are fixed; nothing is stored.
    const twoProblems = await sdkFailure(
      apiRoot
        .businessUnits()
        .post({ body: raw({ key: 'd', unitType: 'Division', name: 'D' }) })
        .execute(),
    );
    expect(twoProblems.statusCode).toBe(400);
    expect(twoProblems.body.errors.map((error: { code: string; field?: string }) => [error.code, error.field]).sort()).toEqual([
      ['InvalidField', 'key'],
      ['RequiredField', 'parentUnit'],
    ]);
    expect(mock.data.getByKey('business-unit', 'dd')).toBeUndefined();
    expect(mock.data.getByKey('business-unit', 'd')).toBeUndefined();
    const inheriting = await sdkFailure(
      apiRoot
        .businessUnits()
        .post({ body: raw({ key: 'cc', unitType: 'Company', name: 'C', associateMode: 'ExplicitAndFromParent' }) })
        .execute(),
    );
    expect(inheriting.body.errors[0]!.code).toBe('InvalidOperation');
    await createUnit(apiRoot, { key: 'co', unitType: 'Company', name: 'Co' });
    const stores = await sdkFailure(
      apiRoot
        .businessUnits()
        .post({ body: raw({ key: 'dd', unitType: 'Division', name: 'D', parentUnit: { typeId: 'business-unit', key: 'co' }, stores: [] }) })
        .execute(),
    );
    expect(stores.body.errors[0]!.code).toBe('InvalidInput');
    const parent = await sdkFailure(
      apiRoot
        .businessUnits()
        .post({ body: { key: 'dd', unitType: 'Division', name: 'D', parentUnit: { typeId: 'business-unit', key: 'nope' } } })
        .execute(),
    );
    expect(parent.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'business-unit', key: 'nope' });
    const role = await sdkFailure(
      apiRoot
        .businessUnits()
        .post({ body: { key: 'xx', unitType: 'Company', name: 'X', associates: [associate('no-customer', 'no-role')] } })
        .execute(),
    );
    expect(role.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound' });
    const dup = await sdkFailure(
      apiRoot
        .businessUnits()
        .post({ body: { key: 'co', unitType: 'Company', name: 'again' } })
        .execute(),
    );
    expect(dup.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key' });
    expect(mock.data.all('business-unit')).toHaveLength(1);
  });
});

test.describe('business units: update actions', () => {
  test('details, addresses, custom fields and status', async ({ apiRoot }) => {
    await apiRoot
      .types()
      .post({ body: { key: 'tt', name: { en: 't' }, resourceTypeIds: ['business-unit', 'address'] } })
      .execute();
    let unit = await createUnit(apiRoot, { key: 'co', unitType: 'Company', name: 'Co' });
    unit = await updateUnit(
      apiRoot,
      unit,
      { action: 'changeName', name: 'Company' },
      { action: 'setContactEmail', contactEmail: 'c@example.com' },
      { action: 'changeStatus', status: 'Inactive' },
      { action: 'addAddress', address: { key: 'a1', country: 'DE' } },
      { action: 'addAddress', address: { key: 'a2', country: 'AT' } },
      { action: 'setCustomType', type: { typeId: 'type', key: 'tt' }, fields: { x: 1 } },
      { action: 'setCustomField', name: 'y', value: 'z' },
    );
    expect(unit).toMatchObject({
      name: 'Company',
      contactEmail: 'c@example.com',
      status: 'Inactive',
      custom: { fields: { x: 1, y: 'z' } },
      version: 2,
    });
    const [a1, a2] = unit.addresses;
    unit = await updateUnit(
      apiRoot,
      unit,
      { action: 'setDefaultShippingAddress', addressKey: 'a1' },
      { action: 'addShippingAddressId', addressId: a2!.id! },
      { action: 'setDefaultBillingAddress', addressId: a2!.id! },
      { action: 'addBillingAddressId', addressKey: 'a1' },
      { action: 'changeAddress', addressId: a1!.id!, address: { key: 'a1', country: 'DE', city: 'Berlin' } },
      { action: 'setAddressCustomType', addressId: a1!.id!, type: { typeId: 'type', key: 'tt' } },
      { action: 'setAddressCustomField', addressId: a1!.id!, name: 'floor', value: 3 },
    );
    expect(unit).toMatchObject({
      defaultShippingAddressId: a1!.id!,
      shippingAddressIds: [a1!.id!, a2!.id!],
      defaultBillingAddressId: a2!.id!,
      billingAddressIds: [a2!.id!, a1!.id!],
    });
    expect(unit.addresses[0]).toMatchObject({ id: a1!.id!, city: 'Berlin', custom: { fields: { floor: 3 } } });
    unit = await updateUnit(
      apiRoot,
      unit,
      { action: 'removeShippingAddressId', addressId: a1!.id! },
      { action: 'removeBillingAddressId', addressKey: 'a1' },
      { action: 'removeAddress', addressKey: 'a2' },
      { action: 'setContactEmail' },
      { action: 'setCustomType' },
    );
    expect(unit.addresses.map((a) => a.key)).toEqual(['a1']);
    expect(unit).not.toHaveProperty('defaultShippingAddressId');
    expect(unit).not.toHaveProperty('defaultBillingAddressId');
    expect(unit.shippingAddressIds).toEqual([]);
    expect(unit.billingAddressIds).toEqual([]);
    expect(unit).not.toHaveProperty('contactEmail');
    expect(unit).not.toHaveProperty('custom');
    const unknown = await sdkFailure(
      apiRoot
        .businessUnits()
        .withId({ ID: unit.id })
        .post({ body: { version: unit.version, actions: [{ action: 'removeAddress', addressId: 'nope' }] } })
        .execute(),
    );
    expect(unknown.statusCode).toBe(400);
  });

  test('associates: add, change, remove, set — and the divisions below see the change', async ({ apiRoot }) => {
    await createRole(apiRoot, 'admin', ['UpdateAssociates']);
    await createRole(apiRoot, 'buyer', ['ViewMyCarts']);
    const [a, b] = [await createCustomer(apiRoot, 'a@example.com'), await createCustomer(apiRoot, 'b@example.com')];
    let company = await createUnit(apiRoot, { key: 'co', unitType: 'Company', name: 'Co' });
    await createUnit(apiRoot, { key: 'div', unitType: 'Division', name: 'Div', parentUnit: { typeId: 'business-unit', key: 'co' } });
    company = await updateUnit(apiRoot, company, {
      action: 'addAssociate',
      associate: associate(a.id, { key: 'admin', inheritance: 'Enabled' }),
    });
    let division = await readUnit(apiRoot, 'div');
    expect(division.version).toBe(2);
    expect(division.inheritedAssociates?.map((i) => i.customer.id)).toEqual([a.id]);
    const duplicate = await sdkFailure(
      apiRoot
        .businessUnits()
        .withId({ ID: company.id })
        .post({ body: { version: company.version, actions: [{ action: 'addAssociate', associate: associate(a.id, 'buyer') }] } })
        .execute(),
    );
    expect(duplicate.body.errors[0]!.code).toBe('InvalidOperation');
    company = await updateUnit(apiRoot, company, { action: 'changeAssociate', associate: associate(a.id, 'buyer') });
    expect(company.associates[0]!.associateRoleAssignments).toEqual([
      { associateRole: { typeId: 'associate-role', key: 'buyer' }, inheritance: 'Disabled' },
    ]);
    division = await readUnit(apiRoot, 'div');
    expect(division.inheritedAssociates).toEqual([]);
    company = await updateUnit(apiRoot, company, {
      action: 'setAssociates',
      associates: [associate(a.id, 'buyer'), associate(b.id, { key: 'admin', inheritance: 'Enabled' })],
    });
    expect(company.associates.map((x) => x.customer.id)).toEqual([a.id, b.id]);
    company = await updateUnit(apiRoot, company, { action: 'removeAssociate', customer: { typeId: 'customer', id: a.id } });
    expect(company.associates.map((x) => x.customer.id)).toEqual([b.id]);
    expect((await readUnit(apiRoot, 'div')).inheritedAssociates?.map((i) => i.customer.id)).toEqual([b.id]);
    const missing = await sdkFailure(
      apiRoot
        .businessUnits()
        .withId({ ID: company.id })
        .post({ body: { version: company.version, actions: [{ action: 'removeAssociate', customer: { typeId: 'customer', id: a.id } }] } })
        .execute(),
    );
    expect(missing.body.errors[0]!.code).toBe('InvalidOperation');
  });

  test('associate mode: Division only; makeInheritedAssociatesExplicit turns inherited into explicit', async ({ apiRoot }) => {
    await createRole(apiRoot, 'admin', ['UpdateAssociates']);
    const a = await createCustomer(apiRoot, 'a@example.com');
    const company = await createUnit(apiRoot, {
      key: 'co',
      unitType: 'Company',
      name: 'Co',
      associates: [associate(a.id, { key: 'admin', inheritance: 'Enabled' })],
    });
    const failure = await sdkFailure(
      apiRoot
        .businessUnits()
        .withId({ ID: company.id })
        .post({
          body: {
            version: 1,
            actions: [{ action: 'changeAssociateMode', associateMode: 'ExplicitAndFromParent', makeInheritedAssociatesExplicit: false }],
          },
        })
        .execute(),
    );
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    let division = await createUnit(apiRoot, {
      key: 'div',
      unitType: 'Division',
      name: 'Div',
      parentUnit: { typeId: 'business-unit', key: 'co' },
    });
    division = await updateUnit(apiRoot, division, {
      action: 'changeAssociateMode',
      associateMode: 'Explicit',
      makeInheritedAssociatesExplicit: true,
    });
    expect(division.associateMode).toBe('Explicit');
    expect(division).not.toHaveProperty('inheritedAssociates');
    expect(division.associates).toEqual([associate(a.id, { key: 'admin', inheritance: 'Disabled' })]);
    division = await updateUnit(apiRoot, division, {
      action: 'changeAssociateMode',
      associateMode: 'ExplicitAndFromParent',
      makeInheritedAssociatesExplicit: false,
    });
    expect(division.inheritedAssociates?.map((i) => i.customer.id)).toEqual([a.id]);
    division = await updateUnit(apiRoot, division, { action: 'changeApprovalRuleMode', approvalRuleMode: 'Explicit' });
    expect(division.approvalRuleMode).toBe('Explicit');
  });

  test('stores: store mode, set/add/remove only when Explicit; children inherit', async ({ apiRoot }) => {
    for (const key of ['s1', 's2']) await apiRoot.stores().post({ body: { key } }).execute();
    let company = await createUnit(apiRoot, { key: 'co', unitType: 'Company', name: 'Co' });
    let division = await createUnit(apiRoot, {
      key: 'div',
      unitType: 'Division',
      name: 'Div',
      parentUnit: { typeId: 'business-unit', key: 'co' },
    });
    const fromParent = await sdkFailure(
      apiRoot
        .businessUnits()
        .withId({ ID: division.id })
        .post({ body: { version: 1, actions: [{ action: 'addStore', store: { typeId: 'store', key: 's1' } }] } })
        .execute(),
    );
    expect(fromParent.body.errors[0]!.code).toBe('InvalidOperation');
    company = await updateUnit(
      apiRoot,
      company,
      { action: 'setStores', stores: [{ typeId: 'store', key: 's1' }] },
      { action: 'addStore', store: { typeId: 'store', key: 's2' } },
    );
    expect(company.stores?.map((s) => s.key)).toEqual(['s1', 's2']);
    expect((await readUnit(apiRoot, 'div')).inheritedStores?.map((s) => s.key)).toEqual(['s1', 's2']);
    company = await updateUnit(apiRoot, company, { action: 'removeStore', store: { typeId: 'store', key: 's1' } });
    division = await readUnit(apiRoot, 'div');
    expect(division.inheritedStores?.map((s) => s.key)).toEqual(['s2']);
    division = await updateUnit(apiRoot, division, {
      action: 'setStoreMode',
      storeMode: 'Explicit',
      stores: [{ typeId: 'store', key: 's1' }],
    });
    expect(division).toMatchObject({ storeMode: 'Explicit', stores: [{ typeId: 'store', key: 's1' }] });
    expect(division).not.toHaveProperty('inheritedStores');
    division = await updateUnit(apiRoot, division, { action: 'setStoreMode', storeMode: 'FromParent' });
    expect(division).not.toHaveProperty('stores');
    expect(division.inheritedStores?.map((s) => s.key)).toEqual(['s2']);
    const companyFromParent = await sdkFailure(
      apiRoot
        .businessUnits()
        .withId({ ID: company.id })
        .post({ body: { version: company.version, actions: [{ action: 'setStoreMode', storeMode: 'FromParent' }] } })
        .execute(),
    );
    expect(companyFromParent.body.errors[0]!.code).toBe('InvalidOperation');
  });

  test('hierarchy: changeParentUnit re-derives the subtree; cycles are refused; setUnitType', async ({ apiRoot }) => {
    await createUnit(apiRoot, { key: 'aa', unitType: 'Company', name: 'A' });
    await createUnit(apiRoot, { key: 'bb', unitType: 'Company', name: 'B' });
    let div = await createUnit(apiRoot, {
      key: 'div',
      unitType: 'Division',
      name: 'Div',
      parentUnit: { typeId: 'business-unit', key: 'aa' },
    });
    await createUnit(apiRoot, { key: 'sub', unitType: 'Division', name: 'Sub', parentUnit: { typeId: 'business-unit', key: 'div' } });
    div = await updateUnit(apiRoot, div, { action: 'changeParentUnit', parentUnit: { typeId: 'business-unit', key: 'bb' } });
    expect(div).toMatchObject({ parentUnit: { typeId: 'business-unit', key: 'bb' }, topLevelUnit: { key: 'bb' } });
    expect((await readUnit(apiRoot, 'sub')).topLevelUnit.key).toBe('bb');
    const cycle = await sdkFailure(
      apiRoot
        .businessUnits()
        .withId({ ID: div.id })
        .post({
          body: { version: div.version, actions: [{ action: 'changeParentUnit', parentUnit: { typeId: 'business-unit', key: 'sub' } }] },
        })
        .execute(),
    );
    expect(cycle.body.errors[0]!.code).toBe('InvalidOperation');
    const company = await readUnit(apiRoot, 'aa');
    const ofCompany = await sdkFailure(
      apiRoot
        .businessUnits()
        .withId({ ID: company.id })
        .post({
          body: { version: company.version, actions: [{ action: 'changeParentUnit', parentUnit: { typeId: 'business-unit', key: 'bb' } }] },
        })
        .execute(),
    );
    expect(ofCompany.body.errors[0]!.code).toBe('InvalidOperation');
    // A Division becomes a Company once its modes are Explicit, and its subtree follows.
    const blocked = await sdkFailure(
      apiRoot
        .businessUnits()
        .withId({ ID: div.id })
        .post({ body: { version: div.version, actions: [{ action: 'setUnitType', unitType: 'Company' }] } })
        .execute(),
    );
    expect(blocked.body.errors[0]!.code).toBe('InvalidOperation');
    div = await updateUnit(
      apiRoot,
      div,
      { action: 'setStoreMode', storeMode: 'Explicit' },
      { action: 'changeAssociateMode', associateMode: 'Explicit', makeInheritedAssociatesExplicit: false },
      { action: 'changeApprovalRuleMode', approvalRuleMode: 'Explicit' },
      { action: 'setUnitType', unitType: 'Company' },
    );
    expect(div).toMatchObject({ unitType: 'Company', topLevelUnit: { key: 'div' } });
    expect(div).not.toHaveProperty('parentUnit');
    expect((await readUnit(apiRoot, 'sub')).topLevelUnit.key).toBe('div');
    div = await updateUnit(apiRoot, div, {
      action: 'setUnitType',
      unitType: 'Division',
      parentUnit: { typeId: 'business-unit', key: 'aa' },
    });
    expect(div).toMatchObject({ unitType: 'Division', parentUnit: { typeId: 'business-unit', key: 'aa' }, topLevelUnit: { key: 'aa' } });
  });

  test('customer group assignments', async ({ apiRoot }) => {
    const group = (
      await apiRoot
        .customerGroups()
        .post({ body: { groupName: 'VIP', key: 'vip' } })
        .execute()
    ).body;
    await apiRoot
      .customerGroups()
      .post({ body: { groupName: 'B2B', key: 'b2b' } })
      .execute();
    let unit = await createUnit(apiRoot, {
      key: 'co',
      unitType: 'Company',
      name: 'Co',
      customerGroupAssignments: [{ customerGroup: { typeId: 'customer-group', key: 'vip' } }],
    });
    expect(unit.customerGroupAssignments).toEqual([{ customerGroup: { typeId: 'customer-group', id: group.id } }]);
    unit = await updateUnit(apiRoot, unit, {
      action: 'addCustomerGroupAssignment',
      customerGroupAssignment: { customerGroup: { typeId: 'customer-group', key: 'b2b' } },
    });
    expect(unit.customerGroupAssignments).toHaveLength(2);
    unit = await updateUnit(apiRoot, unit, {
      action: 'removeCustomerGroupAssignment',
      customerGroup: { typeId: 'customer-group', key: 'vip' },
    });
    expect(unit.customerGroupAssignments).toHaveLength(1);
    unit = await updateUnit(apiRoot, unit, { action: 'setCustomerGroupAssignments', customerGroupAssignments: [] });
    expect(unit.customerGroupAssignments).toEqual([]);
  });

  test('a unit with divisions cannot be deleted; a leaf can', async ({ apiRoot }) => {
    const company = await createUnit(apiRoot, { key: 'co', unitType: 'Company', name: 'Co' });
    const division = await createUnit(apiRoot, {
      key: 'div',
      unitType: 'Division',
      name: 'Div',
      parentUnit: { typeId: 'business-unit', key: 'co' },
    });
    const failure = await sdkFailure(
      apiRoot
        .businessUnits()
        .withId({ ID: company.id })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferenceExists' });
    await apiRoot
      .businessUnits()
      .withKey({ key: 'div' })
      .delete({ queryArgs: { version: division.version } })
      .execute();
    expect(
      (
        await apiRoot
          .businessUnits()
          .withId({ ID: company.id })
          .delete({ queryArgs: { version: 1 } })
          .execute()
      ).statusCode,
    ).toBe(200);
  });

  test('GET associates/{id}: explicit and inherited roles and the permissions they add up to', async ({ apiRoot }) => {
    await createRole(apiRoot, 'admin', ['UpdateAssociates', 'AddChildUnits']);
    await createRole(apiRoot, 'buyer', ['ViewMyCarts', 'UpdateAssociates']);
    const a = await createCustomer(apiRoot, 'a@example.com');
    await createUnit(apiRoot, {
      key: 'co',
      unitType: 'Company',
      name: 'Co',
      associates: [associate(a.id, { key: 'admin', inheritance: 'Enabled' })],
    });
    const division: BusinessUnit = await createUnit(apiRoot, {
      key: 'div',
      unitType: 'Division',
      name: 'Div',
      parentUnit: { typeId: 'business-unit', key: 'co' },
      associates: [associate(a.id, 'buyer')],
    });
    const response = (
      await apiRoot.businessUnits().keyWithKeyValueAssociatesWithAssociateIdValue({ key: 'div', associateId: a.id }).get().execute()
    ).body;
    expect(response.customer).toEqual({ typeId: 'customer', id: a.id });
    expect(response.associateRoles.map((r) => r.key)).toEqual(['buyer']);
    expect(response.inheritedAssociateRoles.map((r) => r.key)).toEqual(['admin']);
    expect([...response.permissions].sort()).toEqual(['AddChildUnits', 'UpdateAssociates', 'ViewMyCarts']);
    const stranger = await createCustomer(apiRoot, 'stranger@example.com');
    const failure = await sdkFailure(
      apiRoot
        .businessUnits()
        .withBusinessUnitIdValueAssociatesWithAssociateIdValue({ businessUnitId: division.id, associateId: stranger.id })
        .get()
        .execute(),
    );
    expect(failure.statusCode).toBe(404);
  });
});
