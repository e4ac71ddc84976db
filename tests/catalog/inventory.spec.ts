import type { ByProjectKeyRequestBuilder, InventoryEntry, InventoryEntryUpdateAction } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';
import { createProduct, plainType, raw } from './support.js';

async function update(apiRoot: ByProjectKeyRequestBuilder, entry: InventoryEntry, ...actions: InventoryEntryUpdateAction[]) {
  const response = await apiRoot
    .inventory()
    .withId({ ID: entry.id })
    .post({ body: { version: entry.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

const refused = (apiRoot: ByProjectKeyRequestBuilder, entry: InventoryEntry, ...actions: InventoryEntryUpdateAction[]) =>
  sdkFailure(
    apiRoot
      .inventory()
      .withId({ ID: entry.id })
      .post({ body: { version: entry.version, actions } })
      .execute(),
  );

const supply = (
  apiRoot: ByProjectKeyRequestBuilder,
  key: string,
  roles: Array<'InventorySupply' | 'ProductDistribution'> = ['InventorySupply'],
) =>
  apiRoot
    .channels()
    .post({ body: { key, roles } })
    .execute()
    .then((r) => r.body);

test.describe('inventory', () => {
  test('create maps every field; availableQuantity starts at quantityOnStock', async ({ apiRoot }) => {
    const channel = await supply(apiRoot, 'warehouse');
    await apiRoot
      .types()
      .post({
        body: {
          key: 'inv',
          name: { en: 'I' },
          resourceTypeIds: ['inventory-entry'],
          fieldDefinitions: [{ name: 'bin', label: { en: 'B' }, required: false, type: { name: 'String' } }],
        },
      })
      .execute();
    const entry = (
      await apiRoot
        .inventory()
        .post({
          body: {
            key: 'inv-1',
            sku: 'SKU-1',
            supplyChannel: { typeId: 'channel', key: 'warehouse' },
            quantityOnStock: 10,
            minCartQuantity: 1,
            maxCartQuantity: 5,
            restockableInDays: 3,
            expectedDelivery: '2030-01-01T00:00:00Z',
            reservationExpirationInMinutes: 60,
            stockLevels: { reorderPoint: 2, safetyStock: 1 },
            custom: { type: { typeId: 'type', key: 'inv' }, fields: { bin: 'A1' } },
          },
        })
        .execute()
    ).body;
    expect(entry).toMatchObject({
      version: 1,
      key: 'inv-1',
      sku: 'SKU-1',
      supplyChannel: { typeId: 'channel', id: channel.id },
      quantityOnStock: 10,
      availableQuantity: 10,
      minCartQuantity: 1,
      maxCartQuantity: 5,
      restockableInDays: 3,
      expectedDelivery: '2030-01-01T00:00:00.000Z',
      reservationExpirationInMinutes: 60,
      stockLevels: { reorderPoint: 2, safetyStock: 1 },
      custom: { fields: { bin: 'A1' } },
    });
    expect((await apiRoot.inventory().withKey({ key: 'inv-1' }).get().execute()).body).toEqual(entry);
    const bySku = (
      await apiRoot
        .inventory()
        .get({ queryArgs: { where: `sku = "SKU-1" and supplyChannel(id = "${channel.id}")` } })
        .execute()
    ).body;
    expect(bySku.results.map((e) => e.id)).toEqual([entry.id]);
  });

  test('one entry per SKU and supply channel', async ({ apiRoot }) => {
    await supply(apiRoot, 'warehouse');
    await supply(apiRoot, 'store-1');
    await apiRoot
      .inventory()
      .post({ body: { sku: 'S', quantityOnStock: 1 } })
      .execute();
    await apiRoot
      .inventory()
      .post({ body: { sku: 'S', quantityOnStock: 1, supplyChannel: { typeId: 'channel', key: 'warehouse' } } })
      .execute();
    const noChannel = await sdkFailure(
      apiRoot
        .inventory()
        .post({ body: { sku: 'S', quantityOnStock: 2 } })
        .execute(),
    );
    expect(noChannel.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'sku', duplicateValue: 'S' });
    const sameChannel = await sdkFailure(
      apiRoot
        .inventory()
        .post({ body: { sku: 'S', quantityOnStock: 2, supplyChannel: { typeId: 'channel', key: 'warehouse' } } })
        .execute(),
    );
    expect(sameChannel.body.errors[0]).toMatchObject({ code: 'DuplicateField' });
    const other = (
      await apiRoot
        .inventory()
        .post({ body: { sku: 'S', quantityOnStock: 2, supplyChannel: { typeId: 'channel', key: 'store-1' } } })
        .execute()
    ).body;
    const move = await refused(apiRoot, other, { action: 'setSupplyChannel', supplyChannel: { typeId: 'channel', key: 'warehouse' } });
    expect(move.body.errors[0]).toMatchObject({ code: 'DuplicateField' });
    expect((await apiRoot.inventory().get().execute()).body.total).toBe(3);
  });

  test('the supply channel must exist and have the InventorySupply role', async ({ apiRoot }) => {
    await supply(apiRoot, 'shop', ['ProductDistribution']);
    const role = await sdkFailure(
      apiRoot
        .inventory()
        .post({ body: { sku: 'S', quantityOnStock: 1, supplyChannel: { typeId: 'channel', key: 'shop' } } })
        .execute(),
    );
    expect(role.body.errors[0]).toMatchObject({ code: 'MissingRoleOnChannel', missingRole: 'InventorySupply' });
    const missing = await sdkFailure(
      apiRoot
        .inventory()
        .post({ body: { sku: 'S', quantityOnStock: 1, supplyChannel: { typeId: 'channel', id: 'nope' } } })
        .execute(),
    );
    expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'channel', id: 'nope' });
    const invalid = await sdkFailure(
      apiRoot
        .inventory()
        .post({ body: raw({ sku: 'S', quantityOnStock: 'many' }) })
        .execute(),
    );
    expect(invalid.body.errors).toEqual([invalidJson('quantityOnStock: JSON number expected.')]);
    const limits = await sdkFailure(
      apiRoot
        .inventory()
        .post({ body: { sku: 'S', quantityOnStock: 1, minCartQuantity: 5, maxCartQuantity: 2 } })
        .execute(),
    );
    expect(limits.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  });

  test('quantity actions move quantityOnStock and availableQuantity together', async ({ apiRoot }) => {
    let entry = (
      await apiRoot
        .inventory()
        .post({ body: { sku: 'Q', quantityOnStock: 10 } })
        .execute()
    ).body;
    entry = await update(apiRoot, entry, { action: 'addQuantity', quantity: 5 });
    expect(entry).toMatchObject({ quantityOnStock: 15, availableQuantity: 15, version: 2 });
    entry = await update(apiRoot, entry, { action: 'removeQuantity', quantity: 3 });
    expect(entry).toMatchObject({ quantityOnStock: 12, availableQuantity: 12 });
    entry = await update(apiRoot, entry, { action: 'changeQuantity', quantity: 4 });
    expect(entry).toMatchObject({ quantityOnStock: 4, availableQuantity: 4 });
    const negative = await refused(apiRoot, entry, { action: 'addQuantity', quantity: -1 });
    expect(negative.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'actions[0].quantity' });
  });

  test('the other actions', async ({ apiRoot }) => {
    await supply(apiRoot, 'warehouse');
    let entry = (
      await apiRoot
        .inventory()
        .post({ body: { sku: 'O', quantityOnStock: 1 } })
        .execute()
    ).body;
    entry = await update(
      apiRoot,
      entry,
      { action: 'setKey', key: 'o-key' },
      { action: 'setRestockableInDays', restockableInDays: 7 },
      { action: 'setExpectedDelivery', expectedDelivery: '2031-05-05T10:00:00.000Z' },
      { action: 'setSupplyChannel', supplyChannel: { typeId: 'channel', key: 'warehouse' } },
      { action: 'setReorderPoint', quantity: 4 },
      { action: 'setSafetyStock', quantity: 2 },
      { action: 'setInventoryLimits', minCartQuantity: 2, maxCartQuantity: 9 },
      { action: 'setReservationExpirationInMinutes', reservationExpirationInMinutes: 30 },
    );
    expect(entry).toMatchObject({
      key: 'o-key',
      restockableInDays: 7,
      expectedDelivery: '2031-05-05T10:00:00.000Z',
      supplyChannel: { typeId: 'channel' },
      stockLevels: { reorderPoint: 4, safetyStock: 2 },
      minCartQuantity: 2,
      maxCartQuantity: 9,
      reservationExpirationInMinutes: 30,
    });
    entry = await update(
      apiRoot,
      entry,
      { action: 'setRestockableInDays' },
      { action: 'setExpectedDelivery' },
      { action: 'setSupplyChannel' },
      { action: 'setReorderPoint' },
      { action: 'setSafetyStock' },
      { action: 'setInventoryLimits' },
      { action: 'setReservationExpirationInMinutes' },
    );
    for (const field of [
      'restockableInDays',
      'expectedDelivery',
      'supplyChannel',
      'stockLevels',
      'minCartQuantity',
      'maxCartQuantity',
      'reservationExpirationInMinutes',
    ]) {
      expect(entry, field).not.toHaveProperty(field);
    }
    const badMinutes = await refused(apiRoot, entry, {
      action: 'setReservationExpirationInMinutes',
      reservationExpirationInMinutes: 50000,
    });
    expect(badMinutes.body.errors[0]).toMatchObject({ code: 'InvalidField' });
  });

  test('product variants show their availability, per supply channel too', async ({ apiRoot }) => {
    await plainType(apiRoot);
    const channel = await supply(apiRoot, 'warehouse');
    const product = await createProduct(apiRoot, {
      productType: { typeId: 'product-type', key: 'plain' },
      name: { en: 'A' },
      slug: { en: 'avail' },
      publish: true,
      masterVariant: { sku: 'AV-1' },
      variants: [{ sku: 'AV-2' }, { sku: 'AV-3' }],
    });
    const plainEntry = (
      await apiRoot
        .inventory()
        .post({ body: { sku: 'AV-1', quantityOnStock: 3, restockableInDays: 2 } })
        .execute()
    ).body;
    const channelEntry = (
      await apiRoot
        .inventory()
        .post({ body: { sku: 'AV-1', quantityOnStock: 0, supplyChannel: { typeId: 'channel', id: channel.id } } })
        .execute()
    ).body;
    await apiRoot
      .inventory()
      .post({ body: { sku: 'AV-2', quantityOnStock: 0 } })
      .execute();
    const projection = (await apiRoot.productProjections().withId({ ID: product.id }).get().execute()).body;
    expect(projection.masterVariant.availability).toEqual({
      isOnStock: true,
      availableQuantity: 3,
      restockableInDays: 2,
      id: plainEntry.id,
      version: 1,
      channels: { [channel.id]: { isOnStock: false, availableQuantity: 0, id: channelEntry.id, version: 1 } },
    });
    expect(projection.variants[0]!.availability).toMatchObject({ isOnStock: false, availableQuantity: 0 });
    expect(projection.variants[1]!.availability).toBeUndefined();
    const productRead = (await apiRoot.products().withId({ ID: product.id }).get().execute()).body;
    expect(productRead.masterData.staged.masterVariant.availability).toMatchObject({ availableQuantity: 3 });
  });
});

test('a SKU with inventory entries cannot be changed or removed on the product', async ({ apiRoot }) => {
  await plainType(apiRoot);
  const product = await createProduct(apiRoot, {
    productType: { typeId: 'product-type', key: 'plain' },
    name: { en: 'I' },
    slug: { en: 'inv-sku' },
    masterVariant: { sku: 'INV-1' },
  });
  await apiRoot
    .inventory()
    .post({ body: { sku: 'INV-1', quantityOnStock: 1 } })
    .execute();
  for (const action of [
    { action: 'setSku' as const, variantId: 1, sku: 'INV-2' },
    { action: 'setSku' as const, variantId: 1 },
  ]) {
    const failure = await sdkFailure(
      apiRoot
        .products()
        .withId({ ID: product.id })
        .post({ body: { version: 1, actions: [action] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  }
  const same = (
    await apiRoot
      .products()
      .withId({ ID: product.id })
      .post({ body: { version: 1, actions: [{ action: 'setSku', variantId: 1, sku: 'INV-1' }] } })
      .execute()
  ).body;
  expect(same.version).toBe(1);
});
