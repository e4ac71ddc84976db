import type { ByProjectKeyRequestBuilder, Zone, ZoneDraft, ZoneUpdateAction } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';

const raw = <T>(value: unknown) => value as T;

async function createZone(apiRoot: ByProjectKeyRequestBuilder, body: ZoneDraft): Promise<Zone> {
  const response = await apiRoot.zones().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

function update(apiRoot: ByProjectKeyRequestBuilder, zone: Zone, ...actions: ZoneUpdateAction[]) {
  return apiRoot
    .zones()
    .withId({ ID: zone.id })
    .post({ body: { version: zone.version, actions } })
    .execute();
}

const read = async (apiRoot: ByProjectKeyRequestBuilder, id: string) => (await apiRoot.zones().withId({ ID: id }).get().execute()).body;

test.describe('zones: create', () => {
  test('maps every draft field', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, {
      key: 'dach',
      name: 'DACH',
      description: 'Germany, Austria, Switzerland',
      locations: [{ country: 'DE' }, { country: 'AT' }, { country: 'US', state: 'Nevada' }],
    });
    expect(zone).toMatchObject({ version: 1, key: 'dach', name: 'DACH', description: 'Germany, Austria, Switzerland' });
    expect(zone.locations).toEqual([{ country: 'DE' }, { country: 'AT' }, { country: 'US', state: 'Nevada' }]);
    expect(await read(apiRoot, zone.id)).toEqual(zone);
  });

  test('defaults locations to an empty list and leaves unset fields out', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'Nowhere' });
    expect(zone.locations).toEqual([]);
    expect(zone).not.toHaveProperty('key');
    expect(zone).not.toHaveProperty('description');
  });

  test('a missing name is an InvalidJsonInput; a missing location country too', async ({ apiRoot, mock }) => {
    const noName = await sdkFailure(
      apiRoot
        .zones()
        .post({ body: raw<ZoneDraft>({ key: 'no-name' }) })
        .execute(),
    );
    expect(noName.statusCode).toBe(400);
    expect(noName.body.errors).toEqual([invalidJson('name: Missing required value.')]);
    const noCountry = await sdkFailure(
      apiRoot
        .zones()
        .post({ body: raw<ZoneDraft>({ name: 'Z', locations: [{ state: 'Bavaria' }] }) })
        .execute(),
    );
    expect(noCountry.body.errors).toEqual([invalidJson('locations[0] -> country: Missing required value.')]);
    expect(mock.data.all('zone')).toHaveLength(0);
  });

  test('a wrongly typed name is an InvalidJsonInput; a lower-case country and a bad key are InvalidField errors', async ({
    apiRoot,
    mock,
  }) => {
    const shape = await sdkFailure(
      apiRoot
        .zones()
        .post({ body: raw<ZoneDraft>({ name: ['x'], key: 'x', locations: [{ country: 'de' }] }) })
        .execute(),
    );
    expect(shape.body.errors).toEqual([invalidJson('name: JSON string expected.')]);
    const failure = await sdkFailure(
      apiRoot
        .zones()
        .post({ body: { name: 'Z', key: 'x', locations: [{ country: 'de' }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors.map((e) => [e.code, e.field, e.invalidValue])).toEqual([
      ['InvalidField', 'key', 'x'],
      ['InvalidField', 'locations[0].country', 'de'],
    ]);
    expect(mock.data.all('zone')).toHaveLength(0);
  });

  test('a duplicate key is a DuplicateField', async ({ apiRoot, mock }) => {
    await createZone(apiRoot, { name: 'A', key: 'dup' });
    const failure = await sdkFailure(
      apiRoot
        .zones()
        .post({ body: { name: 'B', key: 'dup' } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'dup' });
    expect(mock.data.all('zone').map((z) => z.name)).toEqual(['A']);
  });

  test('a location of another zone is a DuplicateField; nothing is stored', async ({ apiRoot, mock }) => {
    await createZone(apiRoot, { name: 'Europe', locations: [{ country: 'DE' }] });
    const failure = await sdkFailure(
      apiRoot
        .zones()
        .post({ body: { name: 'Germany', locations: [{ country: 'FR' }, { country: 'DE' }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'locations', duplicateValue: { country: 'DE' } });
    expect(mock.data.all('zone').map((z) => z.name)).toEqual(['Europe']);
    // FR was not claimed by the refused zone.
    await createZone(apiRoot, { name: 'France', locations: [{ country: 'FR' }] });
  });

  test('a country and a state of it are different locations', async ({ apiRoot }) => {
    await createZone(apiRoot, { name: 'US', locations: [{ country: 'US' }] });
    const nevada = await createZone(apiRoot, { name: 'Nevada', locations: [{ country: 'US', state: 'Nevada' }] });
    expect(nevada.locations).toEqual([{ country: 'US', state: 'Nevada' }]);
    const failure = await sdkFailure(
      apiRoot
        .zones()
        .post({ body: { name: 'Nevada 2', locations: [{ country: 'US', state: 'Nevada' }] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', duplicateValue: { country: 'US', state: 'Nevada' } });
  });

  test('the same location twice in one draft is a DuplicateField', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .zones()
        .post({ body: { name: 'Z', locations: [{ country: 'DE' }, { country: 'DE' }] } })
        .execute(),
    );
    expect(failure.body.errors[0]!.code).toBe('DuplicateField');
    expect(mock.data.all('zone')).toHaveLength(0);
  });
});

test.describe('zones: update actions', () => {
  test('changeName changes the name; the same name keeps the version', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'Old' });
    const changed = (await update(apiRoot, zone, { action: 'changeName', name: 'New' })).body;
    expect(changed).toMatchObject({ name: 'New', version: 2 });
    expect((await update(apiRoot, changed, { action: 'changeName', name: 'New' })).body.version).toBe(2);
    expect((await read(apiRoot, zone.id)).name).toBe('New');
  });

  test('changeName with a wrongly typed name is an InvalidJsonInput at the action path', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'Old' });
    const failure = await sdkFailure(update(apiRoot, zone, raw<ZoneUpdateAction>({ action: 'changeName', name: 5 })));
    expect(failure.body.errors).toEqual([invalidJson('actions[0] -> name: JSON string expected.')]);
    expect(await read(apiRoot, zone.id)).toEqual(zone);
  });

  test('setDescription sets and removes the description', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'Z' });
    const set = (await update(apiRoot, zone, { action: 'setDescription', description: 'desc' })).body;
    expect(set).toMatchObject({ description: 'desc', version: 2 });
    const removed = (await update(apiRoot, set, { action: 'setDescription' })).body;
    expect(removed).not.toHaveProperty('description');
    expect(removed.version).toBe(3);
  });

  test('setKey sets and removes the key', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'Z' });
    const set = (await update(apiRoot, zone, { action: 'setKey', key: 'zone-key' })).body;
    expect(set).toMatchObject({ key: 'zone-key', version: 2 });
    expect((await apiRoot.zones().withKey({ key: 'zone-key' }).get().execute()).body.id).toBe(zone.id);
    const removed = (await update(apiRoot, set, { action: 'setKey' })).body;
    expect(removed).not.toHaveProperty('key');
    expect(removed.version).toBe(3);
  });

  test('setKey to a key in use is a DuplicateField', async ({ apiRoot }) => {
    await createZone(apiRoot, { name: 'A', key: 'taken' });
    const zone = await createZone(apiRoot, { name: 'B' });
    const failure = await sdkFailure(update(apiRoot, zone, { action: 'setKey', key: 'taken' }));
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key' });
    expect(await read(apiRoot, zone.id)).toEqual(zone);
  });

  test('addLocation appends a location', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'Z', locations: [{ country: 'DE' }] });
    const updated = (await update(apiRoot, zone, { action: 'addLocation', location: { country: 'US', state: 'Ohio' } })).body;
    expect(updated.locations).toEqual([{ country: 'DE' }, { country: 'US', state: 'Ohio' }]);
    expect(updated.version).toBe(2);
    expect((await read(apiRoot, zone.id)).locations).toHaveLength(2);
  });

  test('addLocation of a location of another zone is a DuplicateField; nothing changes', async ({ apiRoot }) => {
    await createZone(apiRoot, { name: 'Europe', locations: [{ country: 'DE' }] });
    const zone = await createZone(apiRoot, { name: 'Other' });
    const failure = await sdkFailure(update(apiRoot, zone, { action: 'addLocation', location: { country: 'DE' } }));
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', duplicateValue: { country: 'DE' } });
    expect(await read(apiRoot, zone.id)).toEqual(zone);
  });

  test('addLocation of a location the zone already has is a DuplicateField', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'Z', locations: [{ country: 'DE' }] });
    const failure = await sdkFailure(update(apiRoot, zone, { action: 'addLocation', location: { country: 'DE' } }));
    expect(failure.body.errors[0]!.code).toBe('DuplicateField');
    expect(await read(apiRoot, zone.id)).toEqual(zone);
  });

  test('addLocation without a location is an InvalidJsonInput', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'Z' });
    const failure = await sdkFailure(update(apiRoot, zone, raw<ZoneUpdateAction>({ action: 'addLocation' })));
    expect(failure.body.errors).toEqual([invalidJson('actions[0] -> location: Missing required value.')]);
  });

  test('removeLocation removes it, and the location can then join another zone', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'Z', locations: [{ country: 'DE' }, { country: 'US', state: 'Ohio' }] });
    const updated = (await update(apiRoot, zone, { action: 'removeLocation', location: { country: 'US', state: 'Ohio' } })).body;
    expect(updated.locations).toEqual([{ country: 'DE' }]);
    expect(updated.version).toBe(2);
    const other = await createZone(apiRoot, { name: 'Ohio', locations: [{ country: 'US', state: 'Ohio' }] });
    expect(other.locations).toEqual([{ country: 'US', state: 'Ohio' }]);
  });

  test('removeLocation matches country and state exactly; an absent location is an InvalidOperation', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'Z', locations: [{ country: 'US', state: 'Ohio' }] });
    const failure = await sdkFailure(update(apiRoot, zone, { action: 'removeLocation', location: { country: 'US' } }));
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    expect(await read(apiRoot, zone.id)).toEqual(zone);
  });

  test('actions apply atomically', async ({ apiRoot }) => {
    await createZone(apiRoot, { name: 'Europe', locations: [{ country: 'DE' }] });
    const zone = await createZone(apiRoot, { name: 'Z' });
    const failure = await sdkFailure(
      update(apiRoot, zone, { action: 'addLocation', location: { country: 'FR' } }, { action: 'addLocation', location: { country: 'DE' } }),
    );
    expect(failure.body.errors[0]!.code).toBe('DuplicateField');
    expect(await read(apiRoot, zone.id)).toEqual(zone);
    // FR is still free.
    await createZone(apiRoot, { name: 'France', locations: [{ country: 'FR' }] });
  });
});

test.describe('zones: versions, keys, delete', () => {
  test('a stale version is a 409 with the current version; nothing changes', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'Z' });
    await update(apiRoot, zone, { action: 'changeName', name: 'Y' });
    const failure = await sdkFailure(update(apiRoot, zone, { action: 'changeName', name: 'X' }));
    expect(failure.statusCode).toBe(409);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(await read(apiRoot, zone.id)).toMatchObject({ name: 'Y', version: 2 });
  });

  test('get, update and delete by key; deleting frees the locations', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'Z', key: 'zone-1', locations: [{ country: 'DE' }] });
    const byKey = apiRoot.zones().withKey({ key: 'zone-1' });
    expect((await byKey.get().execute()).body.id).toBe(zone.id);
    const updated = (await byKey.post({ body: { version: 1, actions: [{ action: 'changeName', name: 'Keyed' }] } }).execute()).body;
    expect(updated).toMatchObject({ name: 'Keyed', version: 2 });
    const stale = await sdkFailure(byKey.delete({ queryArgs: { version: 1 } }).execute());
    expect(stale.statusCode).toBe(409);
    expect((await read(apiRoot, zone.id)).version).toBe(2);
    await byKey.delete({ queryArgs: { version: 2 } }).execute();
    expect((await sdkFailure(byKey.get().execute())).statusCode).toBe(404);
    const next = await createZone(apiRoot, { name: 'Germany', locations: [{ country: 'DE' }] });
    expect(next.locations).toEqual([{ country: 'DE' }]);
  });
});
