import type { ByProjectKeyRequestBuilder, StandalonePrice, StandalonePriceUpdateAction } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';
import { money, raw, typedMoney } from './support.js';

async function update(apiRoot: ByProjectKeyRequestBuilder, price: StandalonePrice, ...actions: StandalonePriceUpdateAction[]) {
  const response = await apiRoot
    .standalonePrices()
    .withId({ ID: price.id })
    .post({ body: { version: price.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

const refused = (apiRoot: ByProjectKeyRequestBuilder, price: StandalonePrice, ...actions: StandalonePriceUpdateAction[]) =>
  sdkFailure(
    apiRoot
      .standalonePrices()
      .withId({ ID: price.id })
      .post({ body: { version: price.version, actions } })
      .execute(),
  );

test.describe('standalone prices', () => {
  test('create maps every field', async ({ apiRoot }) => {
    const group = (
      await apiRoot
        .customerGroups()
        .post({ body: { key: 'b2b', groupName: 'B2B' } })
        .execute()
    ).body;
    const channel = (
      await apiRoot
        .channels()
        .post({ body: { key: 'shop', roles: ['ProductDistribution'] } })
        .execute()
    ).body;
    const price = (
      await apiRoot
        .standalonePrices()
        .post({
          body: {
            key: 'sp-1',
            sku: 'SKU-1',
            value: money(1000),
            country: 'DE',
            customerGroup: { typeId: 'customer-group', key: 'b2b' },
            channel: { typeId: 'channel', id: channel.id },
            validFrom: '2024-01-01T00:00:00Z',
            validUntil: '2030-01-01T00:00:00Z',
            tiers: [{ minimumQuantity: 10, value: money(900) }],
            staged: { value: { ...money(950), type: 'centPrecision' } },
          },
        })
        .execute()
    ).body;
    expect(price).toEqual({
      id: expect.any(String),
      version: 1,
      key: 'sp-1',
      sku: 'SKU-1',
      value: typedMoney(1000),
      country: 'DE',
      customerGroup: { typeId: 'customer-group', id: group.id },
      channel: { typeId: 'channel', id: channel.id },
      validFrom: '2024-01-01T00:00:00.000Z',
      validUntil: '2030-01-01T00:00:00.000Z',
      tiers: [{ minimumQuantity: 10, value: typedMoney(900) }],
      staged: { value: typedMoney(950) },
      active: true,
      createdAt: expect.any(String),
      lastModifiedAt: expect.any(String),
      createdBy: expect.any(Object),
      lastModifiedBy: expect.any(Object),
    });
    expect((await apiRoot.standalonePrices().withKey({ key: 'sp-1' }).get().execute()).body).toEqual(price);
  });

  test('scope rules: DuplicateStandalonePriceScope and OverlappingStandalonePriceValidity', async ({ apiRoot }) => {
    const first = (
      await apiRoot
        .standalonePrices()
        .post({ body: { sku: 'S', value: money(1), country: 'DE' } })
        .execute()
    ).body;
    const duplicate = await sdkFailure(
      apiRoot
        .standalonePrices()
        .post({ body: { sku: 'S', value: money(2), country: 'DE' } })
        .execute(),
    );
    expect(duplicate.body.errors[0]).toMatchObject({
      code: 'DuplicateStandalonePriceScope',
      conflictingStandalonePrice: { typeId: 'standalone-price', id: first.id },
      sku: 'S',
      currency: 'EUR',
      country: 'DE',
    });
    const dated = (
      await apiRoot
        .standalonePrices()
        .post({ body: { sku: 'S', value: money(3), country: 'DE', validFrom: '2024-01-01T00:00:00Z', validUntil: '2024-06-01T00:00:00Z' } })
        .execute()
    ).body;
    const overlap = await sdkFailure(
      apiRoot
        .standalonePrices()
        .post({ body: { sku: 'S', value: money(4), country: 'DE', validFrom: '2024-05-01T00:00:00Z' } })
        .execute(),
    );
    expect(overlap.body.errors[0]).toMatchObject({
      code: 'OverlappingStandalonePriceValidity',
      conflictingStandalonePrice: { id: dated.id },
      conflictingValidUntil: '2024-06-01T00:00:00.000Z',
    });
    const adjacent = await apiRoot
      .standalonePrices()
      .post({ body: { sku: 'S', value: money(4), country: 'DE', validFrom: '2024-06-01T00:00:00Z' } })
      .execute();
    expect(adjacent.statusCode).toBe(201);
    const otherSku = await apiRoot
      .standalonePrices()
      .post({ body: { sku: 'T', value: money(2), country: 'DE' } })
      .execute();
    expect(otherSku.statusCode).toBe(201);
    const moved = await refused(apiRoot, dated, { action: 'setValidUntil', validUntil: '2024-07-01T00:00:00Z' });
    expect(moved.body.errors[0]).toMatchObject({ code: 'OverlappingStandalonePriceValidity' });
  });

  test('value, staged changes, active, tiers, validity, key', async ({ apiRoot }) => {
    let price = (
      await apiRoot
        .standalonePrices()
        .post({ body: { sku: 'V', value: money(1000) } })
        .execute()
    ).body;
    price = await update(apiRoot, price, { action: 'changeValue', value: money(1100) });
    expect(price.value).toEqual(typedMoney(1100));
    price = await update(apiRoot, price, { action: 'changeValue', value: money(1200), staged: true });
    expect(price).toMatchObject({ value: typedMoney(1100), staged: { value: typedMoney(1200) } });
    price = await update(apiRoot, price, { action: 'applyStagedChanges' });
    expect(price.value).toEqual(typedMoney(1200));
    expect(price.staged).toBeUndefined();
    price = await update(apiRoot, price, { action: 'changeValue', value: money(1300), staged: true }, { action: 'removeStagedChanges' });
    expect(price.staged).toBeUndefined();
    price = await update(
      apiRoot,
      price,
      { action: 'changeActive', active: false },
      { action: 'addPriceTier', tier: { minimumQuantity: 5, value: money(1000) } },
      { action: 'addPriceTier', tier: { minimumQuantity: 2, value: money(1100) } },
      { action: 'setKey', key: 'v-key' },
      { action: 'setValidFromAndUntil', validFrom: '2024-01-01T00:00:00Z', validUntil: '2025-01-01T00:00:00Z' },
    );
    expect(price).toMatchObject({
      active: false,
      key: 'v-key',
      tiers: [
        { minimumQuantity: 2, value: typedMoney(1100) },
        { minimumQuantity: 5, value: typedMoney(1000) },
      ],
      validFrom: '2024-01-01T00:00:00.000Z',
      validUntil: '2025-01-01T00:00:00.000Z',
    });
    const duplicateTier = await refused(apiRoot, price, { action: 'addPriceTier', tier: { minimumQuantity: 5, value: money(1) } });
    expect(duplicateTier.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const currency = await refused(apiRoot, price, { action: 'changeValue', value: money(1, 'USD') });
    expect(currency.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    price = await update(
      apiRoot,
      price,
      { action: 'removePriceTier', minimumQuantity: 2 },
      { action: 'setValidFrom' },
      { action: 'setValidUntil' },
    );
    expect(price.tiers).toEqual([{ minimumQuantity: 5, value: typedMoney(1000) }]);
    expect(price.validFrom).toBeUndefined();
    price = await update(apiRoot, price, { action: 'setPriceTiers', tiers: [] });
    expect(price.tiers).toBeUndefined();
    const badTier = await refused(apiRoot, price, raw({ action: 'addPriceTier', tier: { minimumQuantity: 1, value: money(1) } }));
    expect(badTier.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'actions[0].tier.minimumQuantity' });
  });

  test('custom fields and external discounts', async ({ apiRoot }) => {
    await apiRoot
      .types()
      .post({
        body: {
          key: 'sp',
          name: { en: 'SP' },
          resourceTypeIds: ['standalone-price'],
          fieldDefinitions: [{ name: 'note', label: { en: 'N' }, required: false, type: { name: 'String' } }],
        },
      })
      .execute();
    const external = (
      await apiRoot
        .productDiscounts()
        .post({ body: { name: { en: 'E' }, predicate: 'true', sortOrder: '0.5', isActive: true, value: { type: 'external' } } })
        .execute()
    ).body;
    let price = (
      await apiRoot
        .standalonePrices()
        .post({ body: { sku: 'C', value: money(1000) } })
        .execute()
    ).body;
    price = await update(
      apiRoot,
      price,
      { action: 'setCustomType', type: { typeId: 'type', key: 'sp' } },
      { action: 'setCustomField', name: 'note', value: 'hello' },
      { action: 'setDiscountedPrice', discounted: { value: money(800), discount: { typeId: 'product-discount', id: external.id } } },
    );
    expect(price.custom).toMatchObject({ fields: { note: 'hello' } });
    expect(price.discounted).toEqual({ value: typedMoney(800), discount: { typeId: 'product-discount', id: external.id } });
    price = await update(apiRoot, price, { action: 'setDiscountedPrice' });
    expect(price.discounted).toBeUndefined();
    const missing = await refused(apiRoot, price, {
      action: 'setDiscountedPrice',
      discounted: { value: money(1), discount: { typeId: 'product-discount', id: 'nope' } },
    });
    expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'product-discount' });
  });

  test('validation and references', async ({ apiRoot }) => {
    const missing = await sdkFailure(
      apiRoot
        .standalonePrices()
        .post({ body: raw({ value: money(1) }) })
        .execute(),
    );
    expect(missing.body.errors).toEqual([invalidJson('sku: Missing required value.')]);
    const group = await sdkFailure(
      apiRoot
        .standalonePrices()
        .post({ body: { sku: 'R', value: money(1), customerGroup: { typeId: 'customer-group', key: 'nope' } } })
        .execute(),
    );
    expect(group.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'customer-group', key: 'nope' });
    const currency = await sdkFailure(
      apiRoot
        .standalonePrices()
        .post({ body: raw({ sku: 'R', value: { currencyCode: 'euro', centAmount: 1 } }) })
        .execute(),
    );
    expect(currency.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'value.currencyCode' });
    const price = (
      await apiRoot
        .standalonePrices()
        .post({ body: { sku: 'R', value: money(1) } })
        .execute()
    ).body;
    const deleted = await apiRoot
      .standalonePrices()
      .withId({ ID: price.id })
      .delete({ queryArgs: { version: 1 } })
      .execute();
    expect(deleted.body.id).toBe(price.id);
  });
});
