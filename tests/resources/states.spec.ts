import type { ByProjectKeyRequestBuilder, State, StateDraft, StateUpdateAction } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';

const raw = <T>(value: unknown) => value as T;

async function createState(apiRoot: ByProjectKeyRequestBuilder, body: StateDraft): Promise<State> {
  const response = await apiRoot.states().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

function update(apiRoot: ByProjectKeyRequestBuilder, state: State, ...actions: StateUpdateAction[]) {
  return apiRoot
    .states()
    .withId({ ID: state.id })
    .post({ body: { version: state.version, actions } })
    .execute();
}

const read = async (apiRoot: ByProjectKeyRequestBuilder, id: string) => (await apiRoot.states().withId({ ID: id }).get().execute()).body;

test.describe('states: create', () => {
  test('maps every draft field and resolves transitions to references', async ({ apiRoot }) => {
    const shipped = await createState(apiRoot, { key: 'shipped', type: 'OrderState', initial: false });
    const state = await createState(apiRoot, {
      key: 'open',
      type: 'OrderState',
      name: { en: 'Open' },
      description: { en: 'Just placed' },
      initial: true,
      transitions: [{ typeId: 'state', key: 'shipped' }],
    });
    expect(state).toMatchObject({
      version: 1,
      key: 'open',
      type: 'OrderState',
      name: { en: 'Open' },
      description: { en: 'Just placed' },
      initial: true,
      builtIn: false,
      roles: [],
      transitions: [{ typeId: 'state', id: shipped.id }],
    });
    expect(await read(apiRoot, state.id)).toEqual(state);
  });

  test('defaults: initial true, builtIn false, no roles, transitions left unset', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'plain', type: 'ProductState' });
    expect(state).toMatchObject({ initial: true, builtIn: false, roles: [] });
    expect(state).not.toHaveProperty('transitions');
    expect(state).not.toHaveProperty('name');
    expect(state).not.toHaveProperty('description');
  });

  test('roles are stored; an empty transitions list is kept (a final state)', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'returned', type: 'LineItemState', roles: ['Return'], transitions: [] });
    expect(state.roles).toEqual(['Return']);
    expect(state.transitions).toEqual([]);
  });

  test('a missing key and a missing type are InvalidJsonInput errors; nothing is stored', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .states()
        .post({ body: raw<StateDraft>({ name: { en: 'x' } }) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual(['key: Missing required value.', 'type: Missing required value.'].map(invalidJson));
    expect(mock.data.all('state')).toHaveLength(0);
  });

  test('an unknown type and an unknown role are InvalidJsonInput errors listing the allowed values', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .states()
        .post({ body: raw<StateDraft>({ key: 'k1', type: 'CartState', roles: ['Boss'] }) })
        .execute(),
    );
    expect(failure.body.errors).toEqual([
      invalidJson(
        'type: Unknown value "CartState"; expected one of "OrderState", "RecurringOrderState", "LineItemState", "ProductState", "ReviewState", "PaymentState", "QuoteRequestState", "StagedQuoteState", "QuoteState".',
      ),
      invalidJson('roles[0]: Unknown value "Boss"; expected one of "ReviewIncludedInStatistics", "Return".'),
    ]);
    expect(mock.data.all('state')).toHaveLength(0);
  });

  test('a wrongly typed initial is an InvalidJsonInput', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .states()
        .post({ body: raw<StateDraft>({ key: 'k1', type: 'OrderState', initial: 'yes' }) })
        .execute(),
    );
    expect(failure.body.errors).toEqual([invalidJson('initial: JSON boolean expected.')]);
    expect(mock.data.all('state')).toHaveLength(0);
  });

  test('an empty key is an InvalidOperation', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .states()
        .post({ body: { key: '', type: 'OrderState' } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    expect(mock.data.all('state')).toHaveLength(0);
  });

  test('a duplicate key is a DuplicateField', async ({ apiRoot, mock }) => {
    await createState(apiRoot, { key: 'dup', type: 'OrderState' });
    const failure = await sdkFailure(
      apiRoot
        .states()
        .post({ body: { key: 'dup', type: 'PaymentState' } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'dup' });
    expect(mock.data.all<State>('state').map((s) => s.type)).toEqual(['OrderState']);
  });

  test('a transition to an unknown state is a ReferencedResourceNotFound', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .states()
        .post({ body: { key: 'k1', type: 'OrderState', transitions: [{ typeId: 'state', id: 'missing' }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'state', id: 'missing' });
    expect(mock.data.all('state')).toHaveLength(0);
  });
});

test.describe('states: update actions', () => {
  test('changeKey changes the key; an empty or used key is refused', async ({ apiRoot }) => {
    await createState(apiRoot, { key: 'taken', type: 'OrderState' });
    const state = await createState(apiRoot, { key: 'old-key', type: 'OrderState' });
    const changed = (await update(apiRoot, state, { action: 'changeKey', key: 'new-key' })).body;
    expect(changed).toMatchObject({ key: 'new-key', version: 2 });
    expect((await apiRoot.states().withKey({ key: 'new-key' }).get().execute()).body.id).toBe(state.id);
    expect((await sdkFailure(apiRoot.states().withKey({ key: 'old-key' }).get().execute())).statusCode).toBe(404);
    const empty = await sdkFailure(update(apiRoot, changed, { action: 'changeKey', key: '' }));
    expect(empty.body.errors[0]!.code).toBe('InvalidOperation');
    const used = await sdkFailure(update(apiRoot, changed, { action: 'changeKey', key: 'taken' }));
    expect(used.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key' });
    expect(await read(apiRoot, state.id)).toMatchObject({ key: 'new-key', version: 2 });
  });

  test('changeType changes the type; the same type is an InvalidOperation', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'k1', type: 'OrderState' });
    const changed = (await update(apiRoot, state, { action: 'changeType', type: 'PaymentState' })).body;
    expect(changed).toMatchObject({ type: 'PaymentState', version: 2 });
    const same = await sdkFailure(update(apiRoot, changed, { action: 'changeType', type: 'PaymentState' }));
    expect(same.body.errors[0]!.code).toBe('InvalidOperation');
    const bad = await sdkFailure(update(apiRoot, changed, raw<StateUpdateAction>({ action: 'changeType', type: 'Nope' })));
    expect(bad.body.errors).toEqual([
      invalidJson(
        'actions[0] -> type: Unknown value "Nope"; expected one of "OrderState", "RecurringOrderState", "LineItemState", "ProductState", "ReviewState", "PaymentState", "QuoteRequestState", "StagedQuoteState", "QuoteState".',
      ),
    ]);
    const missing = await sdkFailure(update(apiRoot, changed, raw<StateUpdateAction>({ action: 'changeType' })));
    expect(missing.body.errors).toEqual([invalidJson('actions[0] -> type: Missing required value.')]);
    expect((await read(apiRoot, state.id)).version).toBe(2);
  });

  test('changeInitial changes initial; the same value is an InvalidOperation', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'k1', type: 'OrderState' });
    const changed = (await update(apiRoot, state, { action: 'changeInitial', initial: false })).body;
    expect(changed).toMatchObject({ initial: false, version: 2 });
    const same = await sdkFailure(update(apiRoot, changed, { action: 'changeInitial', initial: false }));
    expect(same.body.errors[0]!.code).toBe('InvalidOperation');
    const missing = await sdkFailure(update(apiRoot, changed, raw<StateUpdateAction>({ action: 'changeInitial' })));
    expect(missing.body.errors).toEqual([invalidJson('actions[0] -> initial: Missing required value.')]);
    expect(await read(apiRoot, state.id)).toMatchObject({ initial: false, version: 2 });
  });

  test('setName sets the name; the same name is refused; an empty object removes it', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'k1', type: 'OrderState', name: { en: 'Old' } });
    const set = (await update(apiRoot, state, { action: 'setName', name: { en: 'New', de: 'Neu' } })).body;
    expect(set).toMatchObject({ name: { en: 'New', de: 'Neu' }, version: 2 });
    const same = await sdkFailure(update(apiRoot, set, { action: 'setName', name: { en: 'New', de: 'Neu' } }));
    expect(same.body.errors[0]!.code).toBe('InvalidOperation');
    const removed = (await update(apiRoot, set, { action: 'setName', name: {} })).body;
    expect(removed).not.toHaveProperty('name');
    expect(removed.version).toBe(3);
  });

  test('setDescription sets and removes the description', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'k1', type: 'OrderState' });
    const set = (await update(apiRoot, state, { action: 'setDescription', description: { en: 'Desc' } })).body;
    expect(set).toMatchObject({ description: { en: 'Desc' }, version: 2 });
    const removed = (await update(apiRoot, set, { action: 'setDescription', description: {} })).body;
    expect(removed).not.toHaveProperty('description');
    expect(removed.version).toBe(3);
    const again = await sdkFailure(update(apiRoot, removed, { action: 'setDescription', description: {} }));
    expect(again.body.errors[0]!.code).toBe('InvalidOperation');
  });

  test('addRoles adds roles; only roles that fit the type, and not all already present', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'k1', type: 'ReviewState' });
    const added = (await update(apiRoot, state, { action: 'addRoles', roles: ['ReviewIncludedInStatistics'] })).body;
    expect(added).toMatchObject({ roles: ['ReviewIncludedInStatistics'], version: 2 });
    const present = await sdkFailure(update(apiRoot, added, { action: 'addRoles', roles: ['ReviewIncludedInStatistics'] }));
    expect(present.body.errors[0]!.code).toBe('InvalidOperation');
    const wrongType = await sdkFailure(update(apiRoot, added, { action: 'addRoles', roles: ['Return'] }));
    expect(wrongType.body.errors[0]!.code).toBe('InvalidOperation');
    expect(await read(apiRoot, state.id)).toMatchObject({ roles: ['ReviewIncludedInStatistics'], version: 2 });
  });

  test('removeRoles removes roles; none of them present is an InvalidOperation', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'k1', type: 'LineItemState', roles: ['Return'] });
    const removed = (await update(apiRoot, state, { action: 'removeRoles', roles: ['Return'] })).body;
    expect(removed).toMatchObject({ roles: [], version: 2 });
    const none = await sdkFailure(update(apiRoot, removed, { action: 'removeRoles', roles: ['Return'] }));
    expect(none.body.errors[0]!.code).toBe('InvalidOperation');
    expect((await read(apiRoot, state.id)).version).toBe(2);
  });

  test('setRoles replaces the roles; the same roles or a role of another type are refused', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'k1', type: 'LineItemState' });
    const set = (await update(apiRoot, state, { action: 'setRoles', roles: ['Return'] })).body;
    expect(set).toMatchObject({ roles: ['Return'], version: 2 });
    const same = await sdkFailure(update(apiRoot, set, { action: 'setRoles', roles: ['Return'] }));
    expect(same.body.errors[0]!.code).toBe('InvalidOperation');
    const wrongType = await sdkFailure(update(apiRoot, set, { action: 'setRoles', roles: ['ReviewIncludedInStatistics'] }));
    expect(wrongType.body.errors[0]!.code).toBe('InvalidOperation');
    const cleared = (await update(apiRoot, set, { action: 'setRoles', roles: [] })).body;
    expect(cleared).toMatchObject({ roles: [], version: 3 });
  });

  test('setTransitions sets, empties and removes the transitions', async ({ apiRoot }) => {
    const a = await createState(apiRoot, { key: 'a-state', type: 'OrderState' });
    const b = await createState(apiRoot, { key: 'b-state', type: 'OrderState' });
    const state = await createState(apiRoot, { key: 'k1', type: 'OrderState' });
    const set = (
      await update(apiRoot, state, {
        action: 'setTransitions',
        transitions: [
          { typeId: 'state', key: 'a-state' },
          { typeId: 'state', id: b.id },
        ],
      })
    ).body;
    expect(set.transitions).toEqual([
      { typeId: 'state', id: a.id },
      { typeId: 'state', id: b.id },
    ]);
    expect(set.version).toBe(2);
    const same = await sdkFailure(
      update(apiRoot, set, {
        action: 'setTransitions',
        transitions: [
          { typeId: 'state', id: a.id },
          { typeId: 'state', id: b.id },
        ],
      }),
    );
    expect(same.body.errors[0]!.code).toBe('InvalidOperation');
    const final = (await update(apiRoot, set, { action: 'setTransitions', transitions: [] })).body;
    expect(final).toMatchObject({ transitions: [], version: 3 });
    const unset = (await update(apiRoot, final, { action: 'setTransitions' })).body;
    expect(unset).not.toHaveProperty('transitions');
    expect(unset.version).toBe(4);
  });

  test('setTransitions to an unknown state is a ReferencedResourceNotFound; nothing changes', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'k1', type: 'OrderState' });
    const failure = await sdkFailure(
      update(apiRoot, state, { action: 'setTransitions', transitions: [{ typeId: 'state', key: 'ghost' }] }),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'state', key: 'ghost' });
    expect(await read(apiRoot, state.id)).toEqual(state);
  });

  test('actions apply atomically', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'k1', type: 'OrderState' });
    const failure = await sdkFailure(
      update(apiRoot, state, { action: 'setName', name: { en: 'x' } }, { action: 'changeInitial', initial: true }),
    );
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    expect(await read(apiRoot, state.id)).toEqual(state);
  });
});

test.describe('states: versions, keys, delete', () => {
  test('a stale version is a 409 with the current version; nothing changes', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'k1', type: 'OrderState' });
    await update(apiRoot, state, { action: 'setName', name: { en: 'A' } });
    const failure = await sdkFailure(update(apiRoot, state, { action: 'setName', name: { en: 'B' } }));
    expect(failure.statusCode).toBe(409);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(await read(apiRoot, state.id)).toMatchObject({ name: { en: 'A' }, version: 2 });
  });

  test('get, update and delete by key', async ({ apiRoot }) => {
    const state = await createState(apiRoot, { key: 'by-key', type: 'OrderState' });
    const byKey = apiRoot.states().withKey({ key: 'by-key' });
    expect((await byKey.get().execute()).body.id).toBe(state.id);
    const updated = (await byKey.post({ body: { version: 1, actions: [{ action: 'changeInitial', initial: false }] } }).execute()).body;
    expect(updated).toMatchObject({ id: state.id, initial: false, version: 2 });
    const stale = await sdkFailure(byKey.delete({ queryArgs: { version: 1 } }).execute());
    expect(stale.statusCode).toBe(409);
    expect((await read(apiRoot, state.id)).version).toBe(2);
    const deleted = await byKey.delete({ queryArgs: { version: 2 } }).execute();
    expect(deleted.body.id).toBe(state.id);
    expect((await sdkFailure(byKey.get().execute())).statusCode).toBe(404);
  });
});
