import type { ByProjectKeyRequestBuilder, TaxCategory, TaxCategoryDraft, TaxCategoryUpdateAction } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';

/** A body the SDK's types would refuse: for validation tests. */
const raw = <T>(value: unknown) => value as T;

const germany = { name: 'DE standard', amount: 0.19, includedInPrice: true, country: 'DE' };

async function createCategory(apiRoot: ByProjectKeyRequestBuilder, body: TaxCategoryDraft): Promise<TaxCategory> {
  const response = await apiRoot.taxCategories().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

function update(apiRoot: ByProjectKeyRequestBuilder, category: TaxCategory, ...actions: TaxCategoryUpdateAction[]) {
  return apiRoot
    .taxCategories()
    .withId({ ID: category.id })
    .post({ body: { version: category.version, actions } })
    .execute();
}

const read = async (apiRoot: ByProjectKeyRequestBuilder, id: string) =>
  (await apiRoot.taxCategories().withId({ ID: id }).get().execute()).body;

test.describe('tax categories: create', () => {
  test('maps every draft field and generates rate ids', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, {
      key: 'standard',
      name: 'Standard',
      description: 'Standard rates',
      rates: [
        { ...germany, key: 'de' },
        {
          name: 'HST Ontario',
          includedInPrice: false,
          country: 'CA',
          state: 'ON',
          subRates: [
            { name: 'GST', amount: 0.05 },
            { name: 'PST', amount: 0.08 },
          ],
        },
      ],
    });
    expect(category).toMatchObject({ version: 1, key: 'standard', name: 'Standard', description: 'Standard rates' });
    expect(category.rates).toHaveLength(2);
    expect(category.rates[0]).toEqual({
      id: expect.any(String),
      key: 'de',
      name: 'DE standard',
      amount: 0.19,
      includedInPrice: true,
      country: 'DE',
    });
    // Without `amount` the rate's amount is the sum of its sub-rates.
    expect(category.rates[1]).toMatchObject({ country: 'CA', state: 'ON', includedInPrice: false, amount: 0.13 });
    expect(category.rates[1]!.subRates).toEqual([
      { name: 'GST', amount: 0.05 },
      { name: 'PST', amount: 0.08 },
    ]);
    expect(category.rates[0]!.id).not.toBe(category.rates[1]!.id);
    expect(await read(apiRoot, category.id)).toEqual(category);
  });

  test('defaults rates to an empty list and leaves unset fields out', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'Empty' });
    expect(category.rates).toEqual([]);
    expect(category).not.toHaveProperty('key');
    expect(category).not.toHaveProperty('description');
  });

  test('an empty state is treated as no state', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C', rates: [{ ...germany, state: '' }] });
    expect(category.rates[0]).not.toHaveProperty('state');
  });

  test('a missing name is an InvalidJsonInput naming it; nothing is stored', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .taxCategories()
        .post({ body: raw<TaxCategoryDraft>({ key: 'no-name' }) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([invalidJson('name: Missing required value.')]);
    expect(mock.data.all('tax-category')).toHaveLength(0);
  });

  test('missing rate fields are InvalidJsonInput errors with the rate path', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .taxCategories()
        .post({ body: raw<TaxCategoryDraft>({ name: 'C', rates: [{ name: 'r', amount: 0.1 }] }) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual(
      expect.arrayContaining([
        invalidJson('rates[0] -> includedInPrice: Missing required value.'),
        invalidJson('rates[0] -> country: Missing required value.'),
      ]),
    );
    expect(failure.body.errors).toHaveLength(2);
    expect(mock.data.all('tax-category')).toHaveLength(0);
  });

  test('a wrongly typed name is an InvalidJsonInput; an amount above 1 and a bad country are InvalidField errors', async ({
    apiRoot,
    mock,
  }) => {
    const shape = await sdkFailure(
      apiRoot
        .taxCategories()
        .post({ body: raw<TaxCategoryDraft>({ name: 42, rates: [{ ...germany, amount: 1.5 }] }) })
        .execute(),
    );
    expect(shape.body.errors).toEqual([invalidJson('name: JSON string expected.')]);
    const failure = await sdkFailure(
      apiRoot
        .taxCategories()
        .post({
          body: raw<TaxCategoryDraft>({
            name: 'C',
            rates: [
              { ...germany, amount: 1.5 },
              { ...germany, country: 'de' },
            ],
          }),
        })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors.map((e) => [e.code, e.field, e.invalidValue])).toEqual([
      ['InvalidField', 'rates[0].amount', 1.5],
      ['InvalidField', 'rates[1].country', 'de'],
    ]);
    expect(mock.data.all('tax-category')).toHaveLength(0);
  });

  test('a negative amount is an InvalidField', async ({ apiRoot }) => {
    const failure = await sdkFailure(
      apiRoot
        .taxCategories()
        .post({ body: { name: 'C', rates: [{ ...germany, amount: -0.1 }] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'rates[0].amount' });
  });

  test('a key that breaks the key pattern is an InvalidField', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .taxCategories()
        .post({ body: { name: 'C', key: 'no spaces' } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'key' });
    expect(mock.data.all('tax-category')).toHaveLength(0);
  });

  test('two rates for the same country and state are a DuplicateField; nothing is stored', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .taxCategories()
        .post({ body: { name: 'C', rates: [germany, { ...germany, name: 'again', amount: 0.07 }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', duplicateValue: 'DE' });
    expect(mock.data.all('tax-category')).toHaveLength(0);
  });

  test('the same country with different states is allowed', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, {
      name: 'US',
      rates: [
        { name: 'NY', amount: 0.04, includedInPrice: false, country: 'US', state: 'NY' },
        { name: 'CA', amount: 0.0725, includedInPrice: false, country: 'US', state: 'CA' },
        { name: 'US', amount: 0, includedInPrice: false, country: 'US' },
      ],
    });
    expect(category.rates.map((r) => r.state ?? null)).toEqual(['NY', 'CA', null]);
  });

  test('two rates with the same key are a DuplicateField', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .taxCategories()
        .post({
          body: {
            name: 'C',
            rates: [
              { ...germany, key: 'k1' },
              { ...germany, country: 'AT', key: 'k1' },
            ],
          },
        })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', duplicateValue: 'k1' });
    expect(mock.data.all('tax-category')).toHaveLength(0);
  });

  test('an amount that differs from the sum of the subRates is an InvalidOperation', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .taxCategories()
        .post({ body: { name: 'C', rates: [{ ...germany, amount: 0.2, subRates: [{ name: 'a', amount: 0.1 }] }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    expect(mock.data.all('tax-category')).toHaveLength(0);
  });

  test('a matching amount and subRates are accepted', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, {
      name: 'C',
      rates: [
        {
          ...germany,
          amount: 0.13,
          subRates: [
            { name: 'a', amount: 0.05 },
            { name: 'b', amount: 0.08 },
          ],
        },
      ],
    });
    expect(category.rates[0]!.amount).toBe(0.13);
  });

  test('a rate with neither amount nor subRates is an InvalidOperation', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .taxCategories()
        .post({ body: { name: 'C', rates: [{ name: 'r', includedInPrice: true, country: 'DE' }] } })
        .execute(),
    );
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    expect(mock.data.all('tax-category')).toHaveLength(0);
  });

  test('a duplicate key is a DuplicateField', async ({ apiRoot, mock }) => {
    await createCategory(apiRoot, { name: 'First', key: 'dup' });
    const failure = await sdkFailure(
      apiRoot
        .taxCategories()
        .post({ body: { name: 'Second', key: 'dup' } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'dup' });
    expect(mock.data.all('tax-category').map((c) => c.name)).toEqual(['First']);
  });

  test('a name another category uses is an InvalidOperation', async ({ apiRoot, mock }) => {
    await createCategory(apiRoot, { name: 'Taken' });
    const failure = await sdkFailure(
      apiRoot
        .taxCategories()
        .post({ body: { name: 'Taken' } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    expect(mock.data.all('tax-category')).toHaveLength(1);
  });
});

test.describe('tax categories: update actions', () => {
  test('changeName changes the name and raises the version; the same name keeps it', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'Old' });
    const changed = (await update(apiRoot, category, { action: 'changeName', name: 'New' })).body;
    expect(changed.name).toBe('New');
    expect(changed.version).toBe(2);
    const same = (await update(apiRoot, changed, { action: 'changeName', name: 'New' })).body;
    expect(same.version).toBe(2);
    expect((await read(apiRoot, category.id)).name).toBe('New');
  });

  test('changeName to a name another category uses is an InvalidOperation; nothing changes', async ({ apiRoot }) => {
    await createCategory(apiRoot, { name: 'Taken' });
    const category = await createCategory(apiRoot, { name: 'Mine' });
    const failure = await sdkFailure(update(apiRoot, category, { action: 'changeName', name: 'Taken' }));
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    expect(await read(apiRoot, category.id)).toMatchObject({ name: 'Mine', version: 1 });
  });

  test('changeName without a name is an InvalidJsonInput at the action path', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'Old' });
    const failure = await sdkFailure(update(apiRoot, category, raw<TaxCategoryUpdateAction>({ action: 'changeName' })));
    expect(failure.body.errors).toEqual([invalidJson('actions[0] -> name: Missing required value.')]);
    expect((await read(apiRoot, category.id)).version).toBe(1);
  });

  test('setDescription sets and removes the description', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C' });
    const set = (await update(apiRoot, category, { action: 'setDescription', description: 'Reduced' })).body;
    expect(set).toMatchObject({ description: 'Reduced', version: 2 });
    const removed = (await update(apiRoot, set, { action: 'setDescription' })).body;
    expect(removed).not.toHaveProperty('description');
    expect(removed.version).toBe(3);
    const again = (await update(apiRoot, removed, { action: 'setDescription' })).body;
    expect(again.version).toBe(3);
  });

  test('setKey sets and removes the key; the category is then found by it', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C' });
    const set = (await update(apiRoot, category, { action: 'setKey', key: 'new-key' })).body;
    expect(set).toMatchObject({ key: 'new-key', version: 2 });
    expect((await apiRoot.taxCategories().withKey({ key: 'new-key' }).get().execute()).body.id).toBe(category.id);
    const removed = (await update(apiRoot, set, { action: 'setKey' })).body;
    expect(removed).not.toHaveProperty('key');
    expect(removed.version).toBe(3);
    const failure = await sdkFailure(apiRoot.taxCategories().withKey({ key: 'new-key' }).get().execute());
    expect(failure.statusCode).toBe(404);
  });

  test('setKey to a key in use is a DuplicateField', async ({ apiRoot }) => {
    await createCategory(apiRoot, { name: 'A', key: 'taken' });
    const category = await createCategory(apiRoot, { name: 'B', key: 'mine' });
    const failure = await sdkFailure(update(apiRoot, category, { action: 'setKey', key: 'taken' }));
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'taken' });
    expect(await read(apiRoot, category.id)).toMatchObject({ key: 'mine', version: 1 });
  });

  test('addTaxRate appends a rate with a new id', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C', rates: [germany] });
    const updated = (
      await update(apiRoot, category, {
        action: 'addTaxRate',
        taxRate: { name: 'AT', amount: 0.2, includedInPrice: true, country: 'AT', key: 'at' },
      })
    ).body;
    expect(updated.version).toBe(2);
    expect(updated.rates).toHaveLength(2);
    expect(updated.rates[1]).toMatchObject({ name: 'AT', amount: 0.2, country: 'AT', key: 'at', id: expect.any(String) });
    expect(updated.rates[1]!.id).not.toBe(updated.rates[0]!.id);
    expect((await read(apiRoot, category.id)).rates).toHaveLength(2);
  });

  test('addTaxRate for a country+state already present is a DuplicateField; nothing changes', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C', rates: [germany] });
    const failure = await sdkFailure(
      update(apiRoot, category, { action: 'addTaxRate', taxRate: { ...germany, name: 'other', amount: 0.07 } }),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', duplicateValue: 'DE' });
    const stored = await read(apiRoot, category.id);
    expect(stored.version).toBe(1);
    expect(stored.rates).toHaveLength(1);
  });

  test('addTaxRate with an amount above 1 is an InvalidField at the action path', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C' });
    const failure = await sdkFailure(update(apiRoot, category, { action: 'addTaxRate', taxRate: { ...germany, amount: 2 } }));
    expect(failure.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'actions[0].taxRate.amount', invalidValue: 2 });
    expect((await read(apiRoot, category.id)).rates).toEqual([]);
  });

  test('replaceTaxRate by id replaces the rate in place with a new id', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C', rates: [germany, { ...germany, country: 'AT', name: 'AT' }] });
    const old = category.rates[0]!;
    const updated = (
      await update(apiRoot, category, { action: 'replaceTaxRate', taxRateId: old.id, taxRate: { ...germany, amount: 0.16 } })
    ).body;
    expect(updated.version).toBe(2);
    expect(updated.rates).toHaveLength(2);
    expect(updated.rates[0]).toMatchObject({ country: 'DE', amount: 0.16 });
    expect(updated.rates[0]!.id).not.toBe(old.id);
    expect(updated.rates[1]).toEqual(category.rates[1]);
  });

  test('replaceTaxRate by key', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C', rates: [{ ...germany, key: 'de' }] });
    const updated = (
      await update(apiRoot, category, { action: 'replaceTaxRate', taxRateKey: 'de', taxRate: { ...germany, key: 'de', amount: 0.07 } })
    ).body;
    expect(updated.rates).toHaveLength(1);
    expect(updated.rates[0]).toMatchObject({ key: 'de', amount: 0.07 });
    expect(updated.version).toBe(2);
  });

  test('replaceTaxRate may not collide with another rate country+state', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C', rates: [germany, { ...germany, country: 'AT', name: 'AT' }] });
    const failure = await sdkFailure(
      update(apiRoot, category, { action: 'replaceTaxRate', taxRateId: category.rates[1]!.id, taxRate: { ...germany, name: 'AT->DE' } }),
    );
    expect(failure.body.errors[0]!.code).toBe('DuplicateField');
    expect(await read(apiRoot, category.id)).toEqual(category);
  });

  test('replaceTaxRate of an unknown rate is an InvalidOperation', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C', rates: [germany] });
    const failure = await sdkFailure(update(apiRoot, category, { action: 'replaceTaxRate', taxRateId: 'nope', taxRate: germany }));
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    expect(await read(apiRoot, category.id)).toEqual(category);
  });

  test('removeTaxRate by id and by key', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, {
      name: 'C',
      rates: [germany, { ...germany, country: 'AT', name: 'AT', key: 'at' }, { ...germany, country: 'FR', name: 'FR' }],
    });
    const byId = (await update(apiRoot, category, { action: 'removeTaxRate', taxRateId: category.rates[0]!.id })).body;
    expect(byId.rates.map((r) => r.country)).toEqual(['AT', 'FR']);
    expect(byId.version).toBe(2);
    const byKey = (await update(apiRoot, byId, { action: 'removeTaxRate', taxRateKey: 'at' })).body;
    expect(byKey.rates.map((r) => r.country)).toEqual(['FR']);
    expect(byKey.version).toBe(3);
  });

  test('removeTaxRate of an unknown rate or without a locator is an InvalidOperation', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C', rates: [germany] });
    const unknown = await sdkFailure(update(apiRoot, category, { action: 'removeTaxRate', taxRateKey: 'nope' }));
    expect(unknown.body.errors[0]!.code).toBe('InvalidOperation');
    const without = await sdkFailure(update(apiRoot, category, { action: 'removeTaxRate' }));
    expect(without.body.errors[0]!.code).toBe('InvalidOperation');
    expect(await read(apiRoot, category.id)).toEqual(category);
  });

  test('actions apply atomically: a failing action discards the earlier ones', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C', rates: [germany] });
    const failure = await sdkFailure(
      update(apiRoot, category, { action: 'changeName', name: 'Renamed' }, { action: 'removeTaxRate', taxRateId: 'missing' }),
    );
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    expect(await read(apiRoot, category.id)).toEqual(category);
  });

  test('several changing actions in one request raise the version once', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C' });
    const updated = (
      await update(
        apiRoot,
        category,
        { action: 'changeName', name: 'D' },
        { action: 'setDescription', description: 'x' },
        { action: 'addTaxRate', taxRate: germany },
      )
    ).body;
    expect(updated).toMatchObject({ name: 'D', description: 'x', version: 2 });
  });

  test('an unknown action is refused', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C' });
    const failure = await sdkFailure(update(apiRoot, category, raw<TaxCategoryUpdateAction>({ action: 'changeColour' })));
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]!.code).toBe('InvalidInput');
  });
});

test.describe('tax categories: versions, keys, delete', () => {
  test('a stale version is a 409 ConcurrentModification with the current version; nothing changes', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C' });
    await update(apiRoot, category, { action: 'changeName', name: 'D' });
    const failure = await sdkFailure(update(apiRoot, category, { action: 'changeName', name: 'E' }));
    expect(failure.statusCode).toBe(409);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(await read(apiRoot, category.id)).toMatchObject({ name: 'D', version: 2 });
  });

  test('get, update and delete by key', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'C', key: 'by-key' });
    const byKey = apiRoot.taxCategories().withKey({ key: 'by-key' });
    expect((await byKey.get().execute()).body.id).toBe(category.id);
    const updated = (await byKey.post({ body: { version: 1, actions: [{ action: 'changeName', name: 'Keyed' }] } }).execute()).body;
    expect(updated).toMatchObject({ id: category.id, name: 'Keyed', version: 2 });
    const stale = await sdkFailure(byKey.delete({ queryArgs: { version: 1 } }).execute());
    expect(stale.statusCode).toBe(409);
    expect((await read(apiRoot, category.id)).version).toBe(2);
    const deleted = await byKey.delete({ queryArgs: { version: 2 } }).execute();
    expect(deleted.body.id).toBe(category.id);
    expect((await sdkFailure(byKey.get().execute())).statusCode).toBe(404);
    expect((await sdkFailure(apiRoot.taxCategories().withId({ ID: category.id }).get().execute())).statusCode).toBe(404);
  });

  test('delete by id frees the name and key for a new category', async ({ apiRoot }) => {
    const category = await createCategory(apiRoot, { name: 'Reusable', key: 'reusable' });
    await apiRoot
      .taxCategories()
      .withId({ ID: category.id })
      .delete({ queryArgs: { version: 1 } })
      .execute();
    const again = await createCategory(apiRoot, { name: 'Reusable', key: 'reusable' });
    expect(again.id).not.toBe(category.id);
  });

  test('an unknown id is a 404', async ({ apiRoot }) => {
    const failure = await sdkFailure(apiRoot.taxCategories().withId({ ID: 'missing' }).get().execute());
    expect(failure.statusCode).toBe(404);
    expect(failure.body.errors[0]!.code).toBe('ResourceNotFound');
  });
});
