import type { ByProjectKeyRequestBuilder, CustomerGroup, CustomerGroupDraft, CustomerGroupUpdateAction } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';

/** A body the SDK's types would refuse: for validation tests. */
const raw = <T>(value: unknown) => value as T;

async function create(apiRoot: ByProjectKeyRequestBuilder, body: CustomerGroupDraft): Promise<CustomerGroup> {
  const response = await apiRoot.customerGroups().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

async function update(
  apiRoot: ByProjectKeyRequestBuilder,
  group: CustomerGroup,
  ...actions: CustomerGroupUpdateAction[]
): Promise<CustomerGroup> {
  const response = await apiRoot
    .customerGroups()
    .withId({ ID: group.id })
    .post({ body: { version: group.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

function refused(apiRoot: ByProjectKeyRequestBuilder, group: CustomerGroup, ...actions: CustomerGroupUpdateAction[]) {
  return sdkFailure(
    apiRoot
      .customerGroups()
      .withId({ ID: group.id })
      .post({ body: { version: group.version, actions } })
      .execute(),
  );
}

const read = async (apiRoot: ByProjectKeyRequestBuilder, id: string) =>
  (await apiRoot.customerGroups().withId({ ID: id }).get().execute()).body;

async function groupType(apiRoot: ByProjectKeyRequestBuilder) {
  const body = {
    key: 'group-fields',
    name: { en: 'Group fields' },
    resourceTypeIds: ['customer-group' as const],
    fieldDefinitions: [{ name: 'tier', label: { en: 'Tier' }, required: false, type: { name: 'Number' as const } }],
  };
  return (await apiRoot.types().post({ body }).execute()).body;
}

test.describe('customer groups: create', () => {
  test('maps every draft field: groupName becomes name', async ({ apiRoot }) => {
    const type = await groupType(apiRoot);
    const group = await create(apiRoot, {
      key: 'vip',
      groupName: 'VIP',
      custom: { type: { typeId: 'type', key: 'group-fields' }, fields: { tier: 3 } },
    });
    expect(group).toMatchObject({
      version: 1,
      key: 'vip',
      name: 'VIP',
      custom: { type: { typeId: 'type', id: type.id }, fields: { tier: 3 } },
    });
    expect(group).not.toHaveProperty('groupName');
    expect(await read(apiRoot, group.id)).toEqual(group);
  });

  test('key and custom are optional', async ({ apiRoot }) => {
    const group = await create(apiRoot, { groupName: 'Plain' });
    expect(group.name).toBe('Plain');
    expect(group).not.toHaveProperty('key');
    expect(group).not.toHaveProperty('custom');
  });

  test('groupName is required and a string (InvalidJsonInput), a bad key is an InvalidField; nothing is stored', async ({
    apiRoot,
    mock,
  }) => {
    let failure = await sdkFailure(
      apiRoot
        .customerGroups()
        .post({ body: raw<CustomerGroupDraft>({ key: 'no-name' }) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([invalidJson('groupName: Missing required value.')]);
    failure = await sdkFailure(
      apiRoot
        .customerGroups()
        .post({ body: raw<CustomerGroupDraft>({ groupName: 7, key: 'a b' }) })
        .execute(),
    );
    expect(failure.body.errors).toEqual([invalidJson('groupName: JSON string expected.')]);
    failure = await sdkFailure(
      apiRoot
        .customerGroups()
        .post({ body: { groupName: 'Named', key: 'a b' } })
        .execute(),
    );
    expect(failure.body.errors.map((e) => [e.code, e.field, e.invalidValue])).toEqual([['InvalidField', 'key', 'a b']]);
    expect(mock.data.all('customer-group')).toHaveLength(0);
  });

  test('a duplicate key is a DuplicateField; a missing custom type is ReferencedResourceNotFound', async ({ apiRoot, mock }) => {
    await create(apiRoot, { key: 'taken', groupName: 'A' });
    const duplicate = await sdkFailure(
      apiRoot
        .customerGroups()
        .post({ body: { key: 'taken', groupName: 'B' } })
        .execute(),
    );
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'taken' });
    const missing = await sdkFailure(
      apiRoot
        .customerGroups()
        .post({ body: { groupName: 'C', custom: { type: { typeId: 'type', id: 'no-such-type' } } } })
        .execute(),
    );
    expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'type', id: 'no-such-type' });
    expect(mock.data.all('customer-group')).toHaveLength(1);
  });
});

test.describe('customer groups: update actions', () => {
  test('changeName, setKey, setCustomType, setCustomField', async ({ apiRoot }) => {
    const type = await groupType(apiRoot);
    let group = await create(apiRoot, { groupName: 'A' });
    group = await update(apiRoot, group, { action: 'changeName', name: 'B' });
    expect(group).toMatchObject({ name: 'B', version: 2 });
    group = await update(apiRoot, group, { action: 'setKey', key: 'bee' });
    expect(group).toMatchObject({ key: 'bee', version: 3 });
    group = await update(apiRoot, group, { action: 'setCustomType', type: { typeId: 'type', id: type.id }, fields: { tier: 1 } });
    expect(group).toMatchObject({ custom: { type: { typeId: 'type', id: type.id }, fields: { tier: 1 } }, version: 4 });
    group = await update(apiRoot, group, { action: 'setCustomField', name: 'tier', value: 2 });
    expect(group.custom!.fields).toEqual({ tier: 2 });
    expect(group.version).toBe(5);
    group = await update(apiRoot, group, { action: 'setKey' }, { action: 'setCustomType' });
    expect(group).not.toHaveProperty('key');
    expect(group).not.toHaveProperty('custom');
    expect(group.version).toBe(6);
    expect(await read(apiRoot, group.id)).toEqual(group);
  });

  test('an update that changes nothing keeps the version', async ({ apiRoot }) => {
    const group = await create(apiRoot, { groupName: 'Same', key: 'same' });
    const next = await update(apiRoot, group, { action: 'changeName', name: 'Same' }, { action: 'setKey', key: 'same' });
    expect(next.version).toBe(1);
  });

  test('refused actions change nothing', async ({ apiRoot }) => {
    await create(apiRoot, { groupName: 'Other', key: 'other' });
    const group = await create(apiRoot, { groupName: 'Mine', key: 'mine' });
    const attempts: Array<[CustomerGroupUpdateAction[], string]> = [
      [[{ action: 'setKey', key: 'other' }], 'DuplicateField'],
      [[{ action: 'setKey', key: 'x' }], 'InvalidField'],
      [[raw<CustomerGroupUpdateAction>({ action: 'changeName' })], 'InvalidJsonInput'],
      [[{ action: 'setCustomField', name: 'tier', value: 1 }], 'InvalidOperation'],
      [[{ action: 'setCustomType', type: { typeId: 'type', key: 'nope' } }], 'ReferencedResourceNotFound'],
      [
        [
          { action: 'changeName', name: 'changed' },
          { action: 'setCustomField', name: 'tier', value: 1 },
        ],
        'InvalidOperation',
      ],
    ];
    for (const [actions, code] of attempts) {
      const failure = await refused(apiRoot, group, ...actions);
      expect(failure.statusCode, JSON.stringify(actions)).toBe(400);
      expect(failure.body.errors[0]!.code, JSON.stringify(actions)).toBe(code);
    }
    expect(await read(apiRoot, group.id)).toEqual(group);
  });

  test('a stale version is a 409; nothing is stored', async ({ apiRoot }) => {
    const group = await create(apiRoot, { groupName: 'A' });
    const next = await update(apiRoot, group, { action: 'changeName', name: 'B' });
    const failure = await refused(apiRoot, group, { action: 'changeName', name: 'C' });
    expect(failure.statusCode).toBe(409);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(await read(apiRoot, group.id)).toEqual(next);
  });
});

test.describe('customer groups: by key and delete', () => {
  test('get, update and delete by key', async ({ apiRoot, mock }) => {
    const group = await create(apiRoot, { groupName: 'K', key: 'keyed' });
    expect((await apiRoot.customerGroups().withKey({ key: 'keyed' }).get().execute()).body).toEqual(group);
    const updated = (
      await apiRoot
        .customerGroups()
        .withKey({ key: 'keyed' })
        .post({ body: { version: 1, actions: [{ action: 'changeName', name: 'K2' }] } })
        .execute()
    ).body;
    expect(updated).toMatchObject({ id: group.id, version: 2, name: 'K2' });
    const stale = await sdkFailure(
      apiRoot
        .customerGroups()
        .withKey({ key: 'keyed' })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    expect(mock.data.all('customer-group')).toHaveLength(1);
    const deleted = await apiRoot
      .customerGroups()
      .withKey({ key: 'keyed' })
      .delete({ queryArgs: { version: 2 } })
      .execute();
    expect(deleted.body).toEqual(updated);
    const gone = await sdkFailure(apiRoot.customerGroups().withKey({ key: 'keyed' }).get().execute());
    expect(gone.statusCode).toBe(404);
    expect(gone.body.errors[0]!.code).toBe('ResourceNotFound');
  });

  test('a customer can reference the group by key', async ({ apiRoot }) => {
    const group = await create(apiRoot, { groupName: 'Ref', key: 'ref-group' });
    const customer = (
      await apiRoot
        .customers()
        .post({ body: { email: 'a@example.com', password: 'pw', customerGroup: { typeId: 'customer-group', key: 'ref-group' } } })
        .execute()
    ).body.customer;
    expect(customer.customerGroup).toEqual({ typeId: 'customer-group', id: group.id });
  });
});
