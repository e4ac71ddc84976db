import { mockInternals } from '../../src/api/mock.js';
import type { ByProjectKeyRequestBuilder, ChannelRoleEnum, Store, StoreDraft, StoreUpdateAction } from '@commercetools/platform-sdk';
import type { CommerceMock } from '../../src/index.js';
import { test, expect, invalidJson, sdkFailure, PROJECT_KEY } from '../support/sdk.js';

const raw = <T>(value: unknown) => value as T;

async function createStore(apiRoot: ByProjectKeyRequestBuilder, body: StoreDraft): Promise<Store> {
  const response = await apiRoot.stores().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

function update(apiRoot: ByProjectKeyRequestBuilder, store: Store, ...actions: StoreUpdateAction[]) {
  return apiRoot
    .stores()
    .withId({ ID: store.id })
    .post({ body: { version: store.version, actions } })
    .execute();
}

const read = async (apiRoot: ByProjectKeyRequestBuilder, id: string) => (await apiRoot.stores().withId({ ID: id }).get().execute()).body;

async function createChannel(apiRoot: ByProjectKeyRequestBuilder, key: string, roles: ChannelRoleEnum[]) {
  return (await apiRoot.channels().post({ body: { key, roles } }).execute()).body;
}

/** Product selections are not served by the mock yet: seed one straight into storage. */
function seedProductSelection(mock: CommerceMock, id: string, key: string) {
  mockInternals(mock).storage.write(
    PROJECT_KEY,
    'product-selection',
    { id, version: 1, key, name: { en: key }, mode: 'Individual' },
    { expectedVersion: 0, key },
  );
  return { typeId: 'product-selection' as const, id };
}

async function configureLanguages(apiRoot: ByProjectKeyRequestBuilder, languages: string[]) {
  const project = (await apiRoot.get().execute()).body;
  await apiRoot.post({ body: { version: project.version, actions: [{ action: 'changeLanguages', languages }] } }).execute();
}

test.describe('stores: create', () => {
  test('maps every draft field and resolves channels to references', async ({ apiRoot }) => {
    const distribution = await createChannel(apiRoot, 'dist', ['ProductDistribution']);
    const supply = await createChannel(apiRoot, 'supply', ['InventorySupply', 'Primary']);
    const store = await createStore(apiRoot, {
      key: 'berlin',
      name: { en: 'Berlin', de: 'Berlin' },
      languages: ['en', 'de'],
      countries: [{ code: 'DE' }],
      distributionChannels: [{ typeId: 'channel', key: 'dist' }],
      supplyChannels: [{ typeId: 'channel', id: supply.id }],
    });
    expect(store).toMatchObject({
      version: 1,
      key: 'berlin',
      name: { en: 'Berlin', de: 'Berlin' },
      languages: ['en', 'de'],
      countries: [{ code: 'DE' }],
      distributionChannels: [{ typeId: 'channel', id: distribution.id }],
      supplyChannels: [{ typeId: 'channel', id: supply.id }],
      productSelections: [],
    });
    expect(await read(apiRoot, store.id)).toEqual(store);
  });

  test('only a key is needed; the lists default to empty', async ({ apiRoot }) => {
    const store = await createStore(apiRoot, { key: 'minimal' });
    expect(store).toMatchObject({ languages: [], countries: [], distributionChannels: [], supplyChannels: [], productSelections: [] });
    expect(store).not.toHaveProperty('name');
    expect(store).not.toHaveProperty('custom');
    expect(store).not.toHaveProperty('storefront');
  });

  test('a missing key is an InvalidJsonInput; nothing is stored', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .stores()
        .post({ body: raw<StoreDraft>({ name: { en: 'No key' } }) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([invalidJson('key: Missing required value.')]);
    expect(mock.data.all('store')).toHaveLength(0);
  });

  test('a wrongly typed name is an InvalidJsonInput; a key outside the pattern and a bad country are InvalidField errors', async ({
    apiRoot,
    mock,
  }) => {
    const shape = await sdkFailure(
      apiRoot
        .stores()
        .post({ body: raw<StoreDraft>({ key: 'has space', name: 'Berlin', countries: [{ code: 'Germany' }] }) })
        .execute(),
    );
    expect(shape.body.errors).toEqual([invalidJson('name: JSON object expected.')]);
    const failure = await sdkFailure(
      apiRoot
        .stores()
        .post({ body: { key: 'has space', name: { en: 'Berlin' }, countries: [{ code: 'Germany' }] } })
        .execute(),
    );
    expect(failure.body.errors.map((e) => [e.code, e.field, e.invalidValue])).toEqual([
      ['InvalidField', 'key', 'has space'],
      ['InvalidField', 'countries[0].code', 'Germany'],
    ]);
    expect(mock.data.all('store')).toHaveLength(0);
  });

  test('a duplicate key is a DuplicateField', async ({ apiRoot, mock }) => {
    await createStore(apiRoot, { key: 'dup', name: { en: 'first' } });
    const failure = await sdkFailure(
      apiRoot
        .stores()
        .post({ body: { key: 'dup', name: { en: 'second' } } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'dup' });
    expect(mock.data.all<Store>('store').map((s) => s.name?.en)).toEqual(['first']);
  });

  test('an unknown channel is a ReferencedResourceNotFound; nothing is stored', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .stores()
        .post({ body: { key: 'store-s', supplyChannels: [{ typeId: 'channel', key: 'nope' }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'channel', key: 'nope' });
    expect(mock.data.all('store')).toHaveLength(0);
  });

  test('a distribution channel without the ProductDistribution role is a MissingRoleOnChannel', async ({ apiRoot, mock }) => {
    await createChannel(apiRoot, 'warehouse', ['InventorySupply']);
    const failure = await sdkFailure(
      apiRoot
        .stores()
        .post({ body: { key: 'store-s', distributionChannels: [{ typeId: 'channel', key: 'warehouse' }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({
      code: 'MissingRoleOnChannel',
      missingRole: 'ProductDistribution',
      channel: { typeId: 'channel', key: 'warehouse' },
    });
    expect(mock.data.all('store')).toHaveLength(0);
  });

  test('a supply channel without the InventorySupply role is a MissingRoleOnChannel', async ({ apiRoot, mock }) => {
    const channel = await createChannel(apiRoot, 'shop', ['ProductDistribution']);
    const failure = await sdkFailure(
      apiRoot
        .stores()
        .post({ body: { key: 'store-s', supplyChannels: [{ typeId: 'channel', id: channel.id }] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({
      code: 'MissingRoleOnChannel',
      missingRole: 'InventorySupply',
      channel: { id: channel.id },
    });
    expect(mock.data.all('store')).toHaveLength(0);
  });

  test('product selections are resolved, active defaulting to false', async ({ apiRoot, mock }) => {
    const summer = seedProductSelection(mock, 'ps-summer', 'summer');
    const winter = seedProductSelection(mock, 'ps-winter', 'winter');
    const store = await createStore(apiRoot, {
      key: 'store-s',
      productSelections: [{ productSelection: { typeId: 'product-selection', key: 'summer' }, active: true }, { productSelection: winter }],
    });
    expect(store.productSelections).toEqual([
      { productSelection: summer, active: true },
      { productSelection: winter, active: false },
    ]);
  });

  test('an unknown product selection is a ReferencedResourceNotFound', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .stores()
        .post({ body: { key: 'store-s', productSelections: [{ productSelection: { typeId: 'product-selection', id: 'missing' } }] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'product-selection', id: 'missing' });
    expect(mock.data.all('store')).toHaveLength(0);
  });

  test('custom fields resolve their type; an unknown type is a ReferencedResourceNotFound', async ({ apiRoot, mock }) => {
    const type = (
      await apiRoot
        .types()
        .post({ body: { key: 'store-fields', name: { en: 'Store fields' }, resourceTypeIds: ['store'], fieldDefinitions: [] } })
        .execute()
    ).body;
    const store = await createStore(apiRoot, {
      key: 'store-s',
      custom: { type: { typeId: 'type', key: 'store-fields' }, fields: { region: 'north' } },
    });
    expect(store.custom).toEqual({ type: { typeId: 'type', id: type.id }, fields: { region: 'north' } });
    const failure = await sdkFailure(
      apiRoot
        .stores()
        .post({ body: { key: 'store-t', custom: { type: { typeId: 'type', key: 'nope' } } } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'type' });
    expect(mock.data.getByKey('store', 'store-t')).toBeUndefined();
  });

  test('languages the project is not configured for are a ProjectNotConfiguredForLanguages', async ({ apiRoot, mock }) => {
    await configureLanguages(apiRoot, ['en', 'de']);
    const ok = await createStore(apiRoot, { key: 'ok', languages: ['de'] });
    expect(ok.languages).toEqual(['de']);
    const failure = await sdkFailure(
      apiRoot
        .stores()
        .post({ body: { key: 'bad', languages: ['en', 'fr'] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]!.code).toBe('ProjectNotConfiguredForLanguages');
    expect(mock.data.getByKey('store', 'bad')).toBeUndefined();
  });

  test('storefront URLs are stored; a non-https URL is an InvalidField', async ({ apiRoot, mock }) => {
    const storefront = { checkoutUrlTemplate: 'https://shop.example/checkout/{checkoutId}', faqUrl: 'https://shop.example/faq' };
    const store = await createStore(apiRoot, raw<StoreDraft>({ key: 'store-s', storefront }));
    expect((store as Store & { storefront?: unknown }).storefront).toEqual(storefront);
    const failure = await sdkFailure(
      apiRoot
        .stores()
        .post({ body: raw<StoreDraft>({ key: 'store-t', storefront: { faqUrl: 'http://insecure/faq' } }) })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'storefront.faqUrl' });
    expect(mock.data.getByKey('store', 'store-t')).toBeUndefined();
  });
});

test.describe('stores: update actions', () => {
  test('setName sets and removes the name', async ({ apiRoot }) => {
    const store = await createStore(apiRoot, { key: 'store-s', name: { en: 'Old' } });
    const set = (await update(apiRoot, store, { action: 'setName', name: { en: 'New' } })).body;
    expect(set).toMatchObject({ name: { en: 'New' }, version: 2 });
    expect((await update(apiRoot, set, { action: 'setName', name: { en: 'New' } })).body.version).toBe(2);
    const removed = (await update(apiRoot, set, { action: 'setName' })).body;
    expect(removed).not.toHaveProperty('name');
    expect(removed.version).toBe(3);
  });

  test('setName with a non-object name is an InvalidJsonInput', async ({ apiRoot }) => {
    const store = await createStore(apiRoot, { key: 'store-s' });
    const failure = await sdkFailure(update(apiRoot, store, raw<StoreUpdateAction>({ action: 'setName', name: 'plain' })));
    expect(failure.body.errors).toEqual([invalidJson('actions[0] -> name: JSON object expected.')]);
    expect(await read(apiRoot, store.id)).toEqual(store);
  });

  test('setLanguages sets and clears languages, checked against the project', async ({ apiRoot }) => {
    await configureLanguages(apiRoot, ['en', 'de']);
    const store = await createStore(apiRoot, { key: 'store-s' });
    const set = (await update(apiRoot, store, { action: 'setLanguages', languages: ['en', 'de'] })).body;
    expect(set).toMatchObject({ languages: ['en', 'de'], version: 2 });
    const failure = await sdkFailure(update(apiRoot, set, { action: 'setLanguages', languages: ['it'] }));
    expect(failure.body.errors[0]!.code).toBe('ProjectNotConfiguredForLanguages');
    expect((await read(apiRoot, store.id)).languages).toEqual(['en', 'de']);
    const cleared = (await update(apiRoot, set, { action: 'setLanguages' })).body;
    expect(cleared).toMatchObject({ languages: [], version: 3 });
  });

  test('addCountry, removeCountry and setCountries; no-ops keep the version', async ({ apiRoot }) => {
    const store = await createStore(apiRoot, { key: 'store-s', countries: [{ code: 'DE' }] });
    const added = (await update(apiRoot, store, { action: 'addCountry', country: { code: 'AT' } })).body;
    expect(added).toMatchObject({ countries: [{ code: 'DE' }, { code: 'AT' }], version: 2 });
    const again = (await update(apiRoot, added, { action: 'addCountry', country: { code: 'AT' } })).body;
    expect(again.version).toBe(2);
    const removed = (await update(apiRoot, again, { action: 'removeCountry', country: { code: 'DE' } })).body;
    expect(removed).toMatchObject({ countries: [{ code: 'AT' }], version: 3 });
    const absent = (await update(apiRoot, removed, { action: 'removeCountry', country: { code: 'FR' } })).body;
    expect(absent.version).toBe(3);
    const set = (await update(apiRoot, absent, { action: 'setCountries', countries: [{ code: 'CH' }, { code: 'LI' }] })).body;
    expect(set).toMatchObject({ countries: [{ code: 'CH' }, { code: 'LI' }], version: 4 });
    const cleared = (await update(apiRoot, set, { action: 'setCountries' })).body;
    expect(cleared).toMatchObject({ countries: [], version: 5 });
  });

  test('addCountry with a bad code is an InvalidField', async ({ apiRoot }) => {
    const store = await createStore(apiRoot, { key: 'store-s' });
    const failure = await sdkFailure(update(apiRoot, store, { action: 'addCountry', country: { code: 'xx' } }));
    expect(failure.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'actions[0].country.code' });
    expect(await read(apiRoot, store.id)).toEqual(store);
  });

  test('addDistributionChannel, removeDistributionChannel and setDistributionChannels', async ({ apiRoot }) => {
    const a = await createChannel(apiRoot, 'dist-a', ['ProductDistribution']);
    const b = await createChannel(apiRoot, 'dist-b', ['ProductDistribution', 'InventorySupply']);
    const store = await createStore(apiRoot, { key: 'store-s' });
    const added = (
      await update(apiRoot, store, { action: 'addDistributionChannel', distributionChannel: { typeId: 'channel', key: 'dist-a' } })
    ).body;
    expect(added).toMatchObject({ distributionChannels: [{ typeId: 'channel', id: a.id }], version: 2 });
    const again = (await update(apiRoot, added, { action: 'addDistributionChannel', distributionChannel: { typeId: 'channel', id: a.id } }))
      .body;
    expect(again.version).toBe(2);
    const set = (
      await update(apiRoot, again, {
        action: 'setDistributionChannels',
        distributionChannels: [
          { typeId: 'channel', id: a.id },
          { typeId: 'channel', key: 'dist-b' },
        ],
      })
    ).body;
    expect(set.distributionChannels).toEqual([
      { typeId: 'channel', id: a.id },
      { typeId: 'channel', id: b.id },
    ]);
    expect(set.version).toBe(3);
    const removed = (
      await update(apiRoot, set, { action: 'removeDistributionChannel', distributionChannel: { typeId: 'channel', key: 'dist-a' } })
    ).body;
    expect(removed).toMatchObject({ distributionChannels: [{ typeId: 'channel', id: b.id }], version: 4 });
    const cleared = (await update(apiRoot, removed, { action: 'setDistributionChannels' })).body;
    expect(cleared).toMatchObject({ distributionChannels: [], version: 5 });
  });

  test('adding or setting a distribution channel without the role is a MissingRoleOnChannel; nothing changes', async ({ apiRoot }) => {
    const warehouse = await createChannel(apiRoot, 'warehouse', ['InventorySupply']);
    const store = await createStore(apiRoot, { key: 'store-s' });
    const add = await sdkFailure(
      update(apiRoot, store, { action: 'addDistributionChannel', distributionChannel: { typeId: 'channel', id: warehouse.id } }),
    );
    expect(add.body.errors[0]).toMatchObject({ code: 'MissingRoleOnChannel', missingRole: 'ProductDistribution' });
    const set = await sdkFailure(
      update(apiRoot, store, { action: 'setDistributionChannels', distributionChannels: [{ typeId: 'channel', key: 'warehouse' }] }),
    );
    expect(set.body.errors[0]).toMatchObject({ code: 'MissingRoleOnChannel', missingRole: 'ProductDistribution' });
    expect(await read(apiRoot, store.id)).toEqual(store);
  });

  test('addSupplyChannel, removeSupplyChannel and setSupplyChannels', async ({ apiRoot }) => {
    const a = await createChannel(apiRoot, 'wh-a', ['InventorySupply']);
    const b = await createChannel(apiRoot, 'wh-b', ['InventorySupply']);
    const store = await createStore(apiRoot, { key: 'store-s' });
    const added = (await update(apiRoot, store, { action: 'addSupplyChannel', supplyChannel: { typeId: 'channel', id: a.id } })).body;
    expect(added).toMatchObject({ supplyChannels: [{ typeId: 'channel', id: a.id }], version: 2 });
    const set = (await update(apiRoot, added, { action: 'setSupplyChannels', supplyChannels: [{ typeId: 'channel', key: 'wh-b' }] })).body;
    expect(set).toMatchObject({ supplyChannels: [{ typeId: 'channel', id: b.id }], version: 3 });
    const removed = (await update(apiRoot, set, { action: 'removeSupplyChannel', supplyChannel: { typeId: 'channel', id: b.id } })).body;
    expect(removed).toMatchObject({ supplyChannels: [], version: 4 });
    const cleared = (await update(apiRoot, removed, { action: 'setSupplyChannels' })).body;
    expect(cleared.version).toBe(4);
  });

  test('addSupplyChannel without the InventorySupply role or to an unknown channel is refused', async ({ apiRoot }) => {
    const shop = await createChannel(apiRoot, 'shop', ['ProductDistribution']);
    const store = await createStore(apiRoot, { key: 'store-s' });
    const role = await sdkFailure(
      update(apiRoot, store, { action: 'addSupplyChannel', supplyChannel: { typeId: 'channel', id: shop.id } }),
    );
    expect(role.body.errors[0]).toMatchObject({ code: 'MissingRoleOnChannel', missingRole: 'InventorySupply' });
    const missing = await sdkFailure(
      update(apiRoot, store, { action: 'addSupplyChannel', supplyChannel: { typeId: 'channel', id: 'nope' } }),
    );
    expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'channel', id: 'nope' });
    expect(await read(apiRoot, store.id)).toEqual(store);
  });

  test('addProductSelection, changeProductSelectionActive, removeProductSelection, setProductSelections', async ({ apiRoot, mock }) => {
    const summer = seedProductSelection(mock, 'ps-summer', 'summer');
    const winter = seedProductSelection(mock, 'ps-winter', 'winter');
    const store = await createStore(apiRoot, { key: 'store-s' });
    const added = (
      await update(apiRoot, store, { action: 'addProductSelection', productSelection: { typeId: 'product-selection', key: 'summer' } })
    ).body;
    expect(added).toMatchObject({ productSelections: [{ productSelection: summer, active: false }], version: 2 });
    const same = (await update(apiRoot, added, { action: 'addProductSelection', productSelection: summer, active: false })).body;
    expect(same.version).toBe(2);
    const activated = (await update(apiRoot, same, { action: 'changeProductSelectionActive', productSelection: summer, active: true }))
      .body;
    expect(activated).toMatchObject({ productSelections: [{ productSelection: summer, active: true }], version: 3 });
    const set = (
      await update(apiRoot, activated, {
        action: 'setProductSelections',
        productSelections: [
          { productSelection: summer, active: true },
          { productSelection: { typeId: 'product-selection', key: 'winter' } },
        ],
      })
    ).body;
    expect(set.productSelections).toEqual([
      { productSelection: summer, active: true },
      { productSelection: winter, active: false },
    ]);
    expect(set.version).toBe(4);
    const removed = (await update(apiRoot, set, { action: 'removeProductSelection', productSelection: summer })).body;
    expect(removed).toMatchObject({ productSelections: [{ productSelection: winter, active: false }], version: 5 });
    const cleared = (await update(apiRoot, removed, { action: 'setProductSelections' })).body;
    expect(cleared).toMatchObject({ productSelections: [], version: 6 });
  });

  test('changeProductSelectionActive for a selection the store does not have is an InvalidOperation', async ({ apiRoot, mock }) => {
    const summer = seedProductSelection(mock, 'ps-summer', 'summer');
    const store = await createStore(apiRoot, { key: 'store-s' });
    const failure = await sdkFailure(
      update(apiRoot, store, { action: 'changeProductSelectionActive', productSelection: summer, active: true }),
    );
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    expect(await read(apiRoot, store.id)).toEqual(store);
  });

  test('setCustomType and setCustomField', async ({ apiRoot }) => {
    const type = (
      await apiRoot
        .types()
        .post({ body: { key: 'store-fields', name: { en: 'Store fields' }, resourceTypeIds: ['store'], fieldDefinitions: [] } })
        .execute()
    ).body;
    const store = await createStore(apiRoot, { key: 'store-s' });
    const noType = await sdkFailure(update(apiRoot, store, { action: 'setCustomField', name: 'region', value: 'north' }));
    expect(noType.body.errors[0]!.code).toBe('InvalidOperation');
    const typed = (
      await update(apiRoot, store, { action: 'setCustomType', type: { typeId: 'type', key: 'store-fields' }, fields: { a: 1 } })
    ).body;
    expect(typed.custom).toEqual({ type: { typeId: 'type', id: type.id }, fields: { a: 1 } });
    expect(typed.version).toBe(2);
    const field = (await update(apiRoot, typed, { action: 'setCustomField', name: 'region', value: 'north' })).body;
    expect(field.custom?.fields).toEqual({ a: 1, region: 'north' });
    expect(field.version).toBe(3);
    const unset = (await update(apiRoot, field, { action: 'setCustomType' })).body;
    expect(unset).not.toHaveProperty('custom');
    expect(unset.version).toBe(4);
  });

  const storefrontActions = [
    ['setCheckoutUrlTemplate', 'checkoutUrlTemplate', 'https://shop.example/checkout/{checkoutId}'],
    ['setOrderUrlTemplate', 'orderUrlTemplate', 'https://shop.example/orders/{orderId}'],
    ['setTermsOfServiceUrl', 'termsOfServiceUrl', 'https://shop.example/terms'],
    ['setPrivacyPolicyUrl', 'privacyPolicyUrl', 'https://shop.example/privacy'],
    ['setRefundPolicyUrl', 'refundPolicyUrl', 'https://shop.example/refunds'],
    ['setShippingPolicyUrl', 'shippingPolicyUrl', 'https://shop.example/shipping'],
    ['setCookiePolicyUrl', 'cookiePolicyUrl', 'https://shop.example/cookies'],
    ['setImprintUrl', 'imprintUrl', 'https://shop.example/imprint'],
    ['setFaqUrl', 'faqUrl', 'https://shop.example/faq'],
    ['setContactUrl', 'contactUrl', 'https://shop.example/contact'],
  ] as const;

  for (const [actionName, field, value] of storefrontActions) {
    test(`${actionName} sets storefront.${field}, an empty value removes it, a bad value is an InvalidField`, async ({ apiRoot }) => {
      const store = await createStore(apiRoot, { key: 'store-s' });
      const set = (await update(apiRoot, store, raw<StoreUpdateAction>({ action: actionName, [field]: value }))).body as Store & {
        storefront?: Record<string, string>;
      };
      expect(set.storefront).toEqual({ [field]: value });
      expect(set.version).toBe(2);
      const bad = await sdkFailure(update(apiRoot, set, raw<StoreUpdateAction>({ action: actionName, [field]: 'http://shop.example/x' })));
      expect(bad.body.errors[0]).toMatchObject({ code: 'InvalidField', field: `actions[0].${field}` });
      expect((await read(apiRoot, store.id)).version).toBe(2);
      const removed = (await update(apiRoot, set, raw<StoreUpdateAction>({ action: actionName, [field]: '' }))).body;
      expect(removed).not.toHaveProperty('storefront');
      expect(removed.version).toBe(3);
    });
  }

  test('a checkout template without the checkoutId variable is an InvalidField', async ({ apiRoot }) => {
    const store = await createStore(apiRoot, { key: 'store-s' });
    const failure = await sdkFailure(
      update(
        apiRoot,
        store,
        raw<StoreUpdateAction>({ action: 'setCheckoutUrlTemplate', checkoutUrlTemplate: 'https://shop.example/checkout/{orderId}' }),
      ),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'actions[0].checkoutUrlTemplate' });
  });

  test('removing one storefront URL keeps the others', async ({ apiRoot }) => {
    const store = await createStore(apiRoot, { key: 'store-s' });
    const both = (
      await update(
        apiRoot,
        store,
        raw<StoreUpdateAction>({ action: 'setFaqUrl', faqUrl: 'https://shop.example/faq' }),
        raw<StoreUpdateAction>({ action: 'setContactUrl', contactUrl: 'https://shop.example/contact' }),
      )
    ).body;
    expect(both.version).toBe(2);
    const one = (await update(apiRoot, both, raw<StoreUpdateAction>({ action: 'setFaqUrl' }))).body as Store & { storefront?: unknown };
    expect(one.storefront).toEqual({ contactUrl: 'https://shop.example/contact' });
  });

  test('there is no action to change the key', async ({ apiRoot }) => {
    const store = await createStore(apiRoot, { key: 'store-s' });
    const failure = await sdkFailure(update(apiRoot, store, raw<StoreUpdateAction>({ action: 'setKey', key: 'other' })));
    expect(failure.body.errors[0]!.code).toBe('InvalidInput');
    expect(await read(apiRoot, store.id)).toEqual(store);
  });
});

test.describe('stores: versions, keys, delete', () => {
  test('a stale version is a 409 with the current version; nothing changes', async ({ apiRoot }) => {
    const store = await createStore(apiRoot, { key: 'store-s' });
    await update(apiRoot, store, { action: 'setName', name: { en: 'A' } });
    const failure = await sdkFailure(update(apiRoot, store, { action: 'setName', name: { en: 'B' } }));
    expect(failure.statusCode).toBe(409);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(await read(apiRoot, store.id)).toMatchObject({ name: { en: 'A' }, version: 2 });
  });

  test('get, update and delete by key', async ({ apiRoot }) => {
    const store = await createStore(apiRoot, { key: 'by-key' });
    const byKey = apiRoot.stores().withKey({ key: 'by-key' });
    expect((await byKey.get().execute()).body.id).toBe(store.id);
    const updated = (await byKey.post({ body: { version: 1, actions: [{ action: 'setName', name: { en: 'Keyed' } }] } }).execute()).body;
    expect(updated).toMatchObject({ id: store.id, name: { en: 'Keyed' }, version: 2 });
    const stale = await sdkFailure(byKey.delete({ queryArgs: { version: 1 } }).execute());
    expect(stale.statusCode).toBe(409);
    expect((await read(apiRoot, store.id)).version).toBe(2);
    const deleted = await byKey.delete({ queryArgs: { version: 2 } }).execute();
    expect(deleted.body.id).toBe(store.id);
    expect((await sdkFailure(byKey.get().execute())).statusCode).toBe(404);
  });
});
