import type { ByProjectKeyRequestBuilder, Channel, ChannelDraft, ChannelUpdateAction } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';
import { typeWithStringField } from '../support/resources.js';

/** A body the SDK's types would refuse: for validation tests. */
const raw = <T>(value: unknown) => value as T;

async function create(apiRoot: ByProjectKeyRequestBuilder, body: ChannelDraft): Promise<Channel> {
  const response = await apiRoot.channels().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

async function update(apiRoot: ByProjectKeyRequestBuilder, channel: Channel, ...actions: ChannelUpdateAction[]): Promise<Channel> {
  const response = await apiRoot
    .channels()
    .withId({ ID: channel.id })
    .post({ body: { version: channel.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

function refused(apiRoot: ByProjectKeyRequestBuilder, channel: Channel, ...actions: ChannelUpdateAction[]) {
  return sdkFailure(
    apiRoot
      .channels()
      .withId({ ID: channel.id })
      .post({ body: { version: channel.version, actions } })
      .execute(),
  );
}

const read = async (apiRoot: ByProjectKeyRequestBuilder, id: string) => (await apiRoot.channels().withId({ ID: id }).get().execute()).body;

const warehouse = { key: 'wh', country: 'DE', city: 'Berlin', streetName: 'Hauptstr.', streetNumber: '1', email: 'wh@example.com' };
const berlin = { type: 'Point' as const, coordinates: [13.4, 52.5] as [number, number] };

test.describe('channels: create', () => {
  test('maps every draft field', async ({ apiRoot }) => {
    const type = await typeWithStringField(apiRoot, 'channel-fields', ['channel']);
    const addressType = await typeWithStringField(apiRoot, 'address-fields', ['address']);
    const channel = await create(apiRoot, {
      key: 'berlin-store',
      roles: ['ProductDistribution', 'InventorySupply', 'Primary'],
      name: { en: 'Berlin' },
      description: { en: 'The Berlin store' },
      address: { ...warehouse, custom: { type: { typeId: 'type', key: 'address-fields' }, fields: { note: 'door 2' } } },
      custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'n' } },
      geoLocation: berlin,
    });
    expect(channel).toMatchObject({
      version: 1,
      key: 'berlin-store',
      roles: ['ProductDistribution', 'InventorySupply', 'Primary'],
      name: { en: 'Berlin' },
      description: { en: 'The Berlin store' },
      custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'n' } },
      geoLocation: berlin,
    });
    expect(channel.address).toEqual({
      ...warehouse,
      id: expect.any(String),
      custom: { type: { typeId: 'type', id: addressType.id }, fields: { note: 'door 2' } },
    });
    expect(await read(apiRoot, channel.id)).toEqual(channel);
  });

  test('roles default to InventorySupply; unset fields are left out', async ({ apiRoot }) => {
    const channel = await create(apiRoot, { key: 'plain' });
    expect(channel.roles).toEqual(['InventorySupply']);
    for (const field of ['name', 'description', 'address', 'custom', 'geoLocation']) expect(channel, field).not.toHaveProperty(field);
  });

  test('key is required: InvalidJsonInput; nothing is stored', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .channels()
        .post({ body: raw<ChannelDraft>({ roles: ['Primary'] }) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([invalidJson('key: Missing required value.')]);
    expect(mock.data.all('channel')).toHaveLength(0);
  });

  test('an empty key is an InvalidOperation; nothing is stored', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .channels()
        .post({ body: { key: '' } })
        .execute(),
    );
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    expect(mock.data.all('channel')).toHaveLength(0);
  });

  test('unknown roles and a bad geo location are InvalidJsonInput, a bad country an InvalidField; nothing is stored', async ({
    apiRoot,
    mock,
  }) => {
    const failure = await sdkFailure(
      apiRoot
        .channels()
        .post({
          body: raw<ChannelDraft>({
            key: 'bad',
            roles: ['Warehouse'],
            address: { country: 'Germany' },
            geoLocation: { type: 'Point', coordinates: ['x', 1] },
          }),
        })
        .execute(),
    );
    expect(failure.body.errors).toEqual([
      invalidJson(
        'roles[0]: Unknown value "Warehouse"; expected one of "InventorySupply", "ProductDistribution", "OrderExport", "OrderImport", "Primary".',
      ),
      invalidJson('geoLocation -> coordinates[0]: JSON number expected.'),
    ]);
    const country = await sdkFailure(
      apiRoot
        .channels()
        .post({ body: { key: 'bad', address: { country: 'Germany' } } })
        .execute(),
    );
    expect(country.body.errors.map((e) => [e.code, e.field, e.invalidValue])).toEqual([['InvalidField', 'address.country', 'Germany']]);
    expect(mock.data.all('channel')).toHaveLength(0);
  });

  test('a duplicate key is a DuplicateField; a missing custom type is ReferencedResourceNotFound', async ({ apiRoot, mock }) => {
    await create(apiRoot, { key: 'taken' });
    const duplicate = await sdkFailure(
      apiRoot
        .channels()
        .post({ body: { key: 'taken' } })
        .execute(),
    );
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'taken' });
    const missing = await sdkFailure(
      apiRoot
        .channels()
        .post({ body: { key: 'other', address: { country: 'DE', custom: { type: { typeId: 'type', key: 'nope' } } } } })
        .execute(),
    );
    expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'type', key: 'nope' });
    expect(mock.data.all('channel')).toHaveLength(1);
  });
});

test.describe('channels: update actions', () => {
  test('changeKey, changeName, changeDescription', async ({ apiRoot }) => {
    let channel = await create(apiRoot, { key: 'before', name: { en: 'A' }, description: { en: 'a' } });
    channel = await update(apiRoot, channel, { action: 'changeKey', key: 'after' });
    expect(channel).toMatchObject({ key: 'after', version: 2 });
    channel = await update(apiRoot, channel, { action: 'changeName', name: { en: 'B' } });
    expect(channel).toMatchObject({ name: { en: 'B' }, version: 3 });
    channel = await update(apiRoot, channel, { action: 'changeDescription', description: { en: 'b' } });
    expect(channel).toMatchObject({ description: { en: 'b' }, version: 4 });
    expect((await apiRoot.channels().withKey({ key: 'after' }).get().execute()).body).toEqual(channel);
  });

  test('setRoles, addRoles, removeRoles', async ({ apiRoot }) => {
    let channel = await create(apiRoot, { key: 'roles' });
    channel = await update(apiRoot, channel, { action: 'setRoles', roles: ['OrderExport'] });
    expect(channel).toMatchObject({ roles: ['OrderExport'], version: 2 });
    channel = await update(apiRoot, channel, { action: 'addRoles', roles: ['OrderImport', 'OrderExport', 'Primary'] });
    expect(channel).toMatchObject({ roles: ['OrderExport', 'OrderImport', 'Primary'], version: 3 });
    channel = await update(apiRoot, channel, { action: 'removeRoles', roles: ['OrderExport', 'Primary'] });
    expect(channel).toMatchObject({ roles: ['OrderImport'], version: 4 });
    // Adding a role the channel has already and removing one it lacks change nothing.
    const same = await update(
      apiRoot,
      channel,
      { action: 'addRoles', roles: ['OrderImport'] },
      { action: 'removeRoles', roles: ['Primary'] },
    );
    expect(same.version).toBe(4);
  });

  test('setAddress, setAddressCustomType, setAddressCustomField, and removing the address', async ({ apiRoot }) => {
    const addressType = await typeWithStringField(apiRoot, 'address-fields', ['address']);
    let channel = await create(apiRoot, { key: 'addr' });
    channel = await update(apiRoot, channel, { action: 'setAddress', address: warehouse });
    expect(channel.address).toEqual({ ...warehouse, id: expect.any(String) });
    expect(channel.version).toBe(2);
    channel = await update(apiRoot, channel, {
      action: 'setAddressCustomType',
      type: { typeId: 'type', id: addressType.id },
      fields: { note: 'x' },
    });
    expect(channel.address!.custom).toEqual({ type: { typeId: 'type', id: addressType.id }, fields: { note: 'x' } });
    channel = await update(apiRoot, channel, { action: 'setAddressCustomField', name: 'note', value: 'y' });
    expect(channel.address!.custom!.fields).toEqual({ note: 'y' });
    channel = await update(apiRoot, channel, { action: 'setAddressCustomType' });
    expect(channel.address).not.toHaveProperty('custom');
    channel = await update(apiRoot, channel, { action: 'setAddress' });
    expect(channel).not.toHaveProperty('address');
    expect(channel.version).toBe(6);
    expect(await read(apiRoot, channel.id)).toEqual(channel);
  });

  test('setGeoLocation sets and removes', async ({ apiRoot }) => {
    let channel = await create(apiRoot, { key: 'geo' });
    channel = await update(apiRoot, channel, { action: 'setGeoLocation', geoLocation: berlin });
    expect(channel).toMatchObject({ geoLocation: berlin, version: 2 });
    channel = await update(apiRoot, channel, { action: 'setGeoLocation' });
    expect(channel).not.toHaveProperty('geoLocation');
    expect(channel.version).toBe(3);
  });

  test('setCustomType and setCustomField', async ({ apiRoot }) => {
    const type = await typeWithStringField(apiRoot, 'channel-fields', ['channel']);
    let channel = await create(apiRoot, { key: 'custom' });
    channel = await update(apiRoot, channel, { action: 'setCustomType', type: { typeId: 'type', key: 'channel-fields' } });
    expect(channel.custom).toEqual({ type: { typeId: 'type', id: type.id }, fields: {} });
    channel = await update(apiRoot, channel, { action: 'setCustomField', name: 'note', value: 'hello' });
    expect(channel.custom!.fields).toEqual({ note: 'hello' });
    expect(channel.version).toBe(3);
  });

  test('refused actions change nothing', async ({ apiRoot }) => {
    await create(apiRoot, { key: 'other' });
    const channel = await create(apiRoot, { key: 'strict' });
    const attempts: Array<[ChannelUpdateAction[], string]> = [
      [[{ action: 'changeKey', key: 'other' }], 'DuplicateField'],
      [[{ action: 'changeKey', key: '' }], 'InvalidOperation'],
      [[{ action: 'setAddressCustomField', name: 'note', value: 'x' }], 'InvalidOperation'],
      [[{ action: 'setAddressCustomType', type: { typeId: 'type', key: 'nope' } }], 'InvalidOperation'],
      [[{ action: 'setCustomType', type: { typeId: 'type', key: 'nope' } }], 'ReferencedResourceNotFound'],
      [[raw<ChannelUpdateAction>({ action: 'addRoles', roles: ['Boss'] })], 'InvalidJsonInput'],
      [[raw<ChannelUpdateAction>({ action: 'changeName' })], 'InvalidJsonInput'],
      // The first action alone would succeed: atomicity.
      [
        [
          { action: 'changeName', name: { en: 'changed' } },
          { action: 'setAddressCustomField', name: 'note', value: 'x' },
        ],
        'InvalidOperation',
      ],
    ];
    for (const [actions, code] of attempts) {
      const failure = await refused(apiRoot, channel, ...actions);
      expect(failure.statusCode, JSON.stringify(actions)).toBe(400);
      expect(failure.body.errors[0]!.code, JSON.stringify(actions)).toBe(code);
    }
    expect(await read(apiRoot, channel.id)).toEqual(channel);
  });

  test('a stale version is a 409; nothing is stored', async ({ apiRoot }) => {
    const channel = await create(apiRoot, { key: 'stale' });
    const next = await update(apiRoot, channel, { action: 'changeName', name: { en: 'x' } });
    const failure = await refused(apiRoot, channel, { action: 'changeName', name: { en: 'y' } });
    expect(failure.statusCode).toBe(409);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(await read(apiRoot, channel.id)).toEqual(next);
  });
});

test.describe('channels: by key and delete', () => {
  test('update and delete by key', async ({ apiRoot, mock }) => {
    const channel = await create(apiRoot, { key: 'keyed' });
    const updated = (
      await apiRoot
        .channels()
        .withKey({ key: 'keyed' })
        .post({ body: { version: 1, actions: [{ action: 'addRoles', roles: ['Primary'] }] } })
        .execute()
    ).body;
    expect(updated).toMatchObject({ id: channel.id, version: 2, roles: ['InventorySupply', 'Primary'] });
    const stale = await sdkFailure(
      apiRoot
        .channels()
        .withKey({ key: 'keyed' })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    expect(mock.data.all('channel')).toHaveLength(1);
    const deleted = await apiRoot
      .channels()
      .withKey({ key: 'keyed' })
      .delete({ queryArgs: { version: 2 } })
      .execute();
    expect(deleted.body).toEqual(updated);
    expect(mock.data.all('channel')).toHaveLength(0);
    const gone = await sdkFailure(apiRoot.channels().withId({ ID: channel.id }).get().execute());
    expect(gone.statusCode).toBe(404);
  });
});
