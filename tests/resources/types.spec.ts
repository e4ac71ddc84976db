import type { ByProjectKeyRequestBuilder, FieldDefinition, Type, TypeDraft, TypeUpdateAction } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';

/** A body the SDK's types would refuse: for validation tests. */
const raw = <T>(value: unknown) => value as T;

async function create(apiRoot: ByProjectKeyRequestBuilder, body: TypeDraft): Promise<Type> {
  const response = await apiRoot.types().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

async function update(apiRoot: ByProjectKeyRequestBuilder, type: Type, ...actions: TypeUpdateAction[]): Promise<Type> {
  const response = await apiRoot
    .types()
    .withId({ ID: type.id })
    .post({ body: { version: type.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

const read = async (apiRoot: ByProjectKeyRequestBuilder, id: string) => (await apiRoot.types().withId({ ID: id }).get().execute()).body;

function refused(apiRoot: ByProjectKeyRequestBuilder, type: Type, ...actions: TypeUpdateAction[]) {
  return sdkFailure(
    apiRoot
      .types()
      .withId({ ID: type.id })
      .post({ body: { version: type.version, actions } })
      .execute(),
  );
}

const field = (name: string, type: FieldDefinition['type'], extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  name,
  label: { en: name },
  required: false,
  type,
  ...extra,
});

const colours = {
  name: 'Enum' as const,
  values: [
    { key: 'red', label: 'Red' },
    { key: 'blue', label: 'Blue' },
  ],
};
const sizes = {
  name: 'LocalizedEnum' as const,
  values: [
    { key: 's', label: { en: 'Small' } },
    { key: 'l', label: { en: 'Large' } },
  ],
};

const everyFieldType: FieldDefinition[] = [
  field('aBoolean', { name: 'Boolean' }),
  field('aString', { name: 'String' }, { inputHint: 'MultiLine', required: true }),
  field('aLocalizedString', { name: 'LocalizedString' }),
  field('anEnum', colours),
  field('aLocalizedEnum', sizes),
  field('aNumber', { name: 'Number' }),
  field('aMoney', { name: 'Money' }),
  field('aDate', { name: 'Date' }),
  field('aTime', { name: 'Time' }),
  field('aDateTime', { name: 'DateTime' }),
  field('aReference', { name: 'Reference', referenceTypeId: 'customer' }),
  field('aSet', { name: 'Set', elementType: { name: 'Set', elementType: { name: 'String' } } }),
  field('anEnumSet', { name: 'Set', elementType: colours }),
];

test.describe('types: create', () => {
  test('maps every draft field and every field type; inputHint defaults to SingleLine', async ({ apiRoot }) => {
    const type = await create(apiRoot, {
      key: 'everything',
      name: { en: 'Everything' },
      description: { en: 'All field types' },
      resourceTypeIds: ['category', 'asset', 'customer'],
      fieldDefinitions: everyFieldType,
    });
    expect(type).toMatchObject({
      version: 1,
      key: 'everything',
      name: { en: 'Everything' },
      description: { en: 'All field types' },
      resourceTypeIds: ['category', 'asset', 'customer'],
    });
    expect(type.fieldDefinitions).toEqual(
      everyFieldType.map((definition) => ({ ...definition, inputHint: definition.inputHint ?? 'SingleLine' })),
    );
    expect(await read(apiRoot, type.id)).toEqual(type);
  });

  test('fieldDefinitions default to an empty list; description is left out when not given', async ({ apiRoot }) => {
    const type = await create(apiRoot, { key: 'bare', name: { en: 'Bare' }, resourceTypeIds: ['order'] });
    expect(type.fieldDefinitions).toEqual([]);
    expect(type).not.toHaveProperty('description');
  });

  test('key, name and resourceTypeIds are required; nothing is stored', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .types()
        .post({ body: raw<TypeDraft>({}) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual(
      ['key: Missing required value.', 'name: Missing required value.', 'resourceTypeIds: Missing required value.'].map(invalidJson),
    );
    expect(mock.data.all('type')).toHaveLength(0);
  });

  test('an unknown resource type id, field type or reference type id is an InvalidJsonInput; nothing is stored', async ({
    apiRoot,
    mock,
  }) => {
    const failure = await sdkFailure(
      apiRoot
        .types()
        .post({
          body: raw<TypeDraft>({
            key: 'bad',
            name: { en: 'Bad' },
            resourceTypeIds: ['spaceship'],
            fieldDefinitions: [
              field('one', raw({ name: 'Colour' })),
              field('two', raw({ name: 'Reference', referenceTypeId: 'spaceship' })),
              field('three', raw({ name: 'Set', elementType: { name: 'Nope' } })),
              { name: 'x', label: { en: 'bad name' }, required: 'no', type: { name: 'String' } },
            ],
          }),
        })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors.every((e) => e.code === 'InvalidJsonInput')).toBe(true);
    const problems = failure.body.errors.map((e) => String(e.detailedErrorMessage));
    expect(problems.map((problem) => problem.slice(0, problem.indexOf(':')))).toEqual([
      'resourceTypeIds[0]',
      'fieldDefinitions[0] -> type -> name',
      'fieldDefinitions[1] -> type -> referenceTypeId',
      'fieldDefinitions[2] -> type -> elementType -> name',
      'fieldDefinitions[3] -> required',
    ]);
    expect(problems[0]).toMatch(/^resourceTypeIds\[0\]: Unknown value "spaceship"; expected one of .*"category"/);
    expect(problems[4]).toBe('fieldDefinitions[3] -> required: JSON boolean expected.');
    // A field name outside its pattern is a rule's refusal, reported once the shape is right.
    const name = await sdkFailure(
      apiRoot
        .types()
        .post({
          body: {
            key: 'bad',
            name: { en: 'Bad' },
            resourceTypeIds: ['category'],
            fieldDefinitions: [{ name: 'x', label: { en: 'bad name' }, required: false, type: { name: 'String' } }],
          },
        })
        .execute(),
    );
    expect(name.body.errors.map((e) => [e.code, e.field, e.invalidValue])).toEqual([['InvalidField', 'fieldDefinitions[0].name', 'x']]);
    expect(mock.data.all('type')).toHaveLength(0);
  });

  test('duplicate keys and duplicate field names are DuplicateField errors', async ({ apiRoot, mock }) => {
    await create(apiRoot, { key: 'taken', name: { en: 'T' }, resourceTypeIds: ['order'] });
    let failure = await sdkFailure(
      apiRoot
        .types()
        .post({ body: { key: 'taken', name: { en: 'T2' }, resourceTypeIds: ['order'] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'taken' });
    failure = await sdkFailure(
      apiRoot
        .types()
        .post({
          body: {
            key: 'twice',
            name: { en: 'T' },
            resourceTypeIds: ['order'],
            fieldDefinitions: [field('f1', { name: 'String' }), field('f1', { name: 'Number' })],
          },
        })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', duplicateValue: 'f1' });
    expect(mock.data.all('type')).toHaveLength(1);
  });
});

test.describe('types: update actions', () => {
  test('changeKey, changeName, setDescription', async ({ apiRoot }) => {
    let type = await create(apiRoot, { key: 'before', name: { en: 'Before' }, resourceTypeIds: ['order'] });
    type = await update(apiRoot, type, { action: 'changeKey', key: 'after' });
    expect(type).toMatchObject({ key: 'after', version: 2 });
    type = await update(apiRoot, type, { action: 'changeName', name: { en: 'After' } });
    expect(type).toMatchObject({ name: { en: 'After' }, version: 3 });
    type = await update(apiRoot, type, { action: 'setDescription', description: { en: 'd' } });
    expect(type).toMatchObject({ description: { en: 'd' }, version: 4 });
    type = await update(apiRoot, type, { action: 'setDescription' });
    expect(type).not.toHaveProperty('description');
    expect(type.version).toBe(5);
    expect((await apiRoot.types().withKey({ key: 'after' }).get().execute()).body).toEqual(type);
    const gone = await sdkFailure(apiRoot.types().withKey({ key: 'before' }).get().execute());
    expect(gone.statusCode).toBe(404);
  });

  test('addFieldDefinition, changeLabel, changeFieldDefinitionLabel, changeInputHint, changeFieldDefinitionOrder, removeFieldDefinition', async ({
    apiRoot,
  }) => {
    let type = await create(apiRoot, {
      key: 'fields',
      name: { en: 'F' },
      resourceTypeIds: ['order'],
      fieldDefinitions: [field('first', { name: 'String' })],
    });
    type = await update(apiRoot, type, { action: 'addFieldDefinition', fieldDefinition: field('second', { name: 'LocalizedString' }) });
    expect(type.fieldDefinitions.map((f) => f.name)).toEqual(['first', 'second']);
    expect(type.fieldDefinitions[1]!.inputHint).toBe('SingleLine');
    expect(type.version).toBe(2);
    type = await update(apiRoot, type, { action: 'changeLabel', fieldName: 'first', label: { en: 'First!' } });
    expect(type.fieldDefinitions[0]!.label).toEqual({ en: 'First!' });
    // Deprecated by the platform (the SDK no longer types it), still served.
    type = await update(
      apiRoot,
      type,
      raw<TypeUpdateAction>({ action: 'changeFieldDefinitionLabel', fieldName: 'second', label: { en: 'Second!' } }),
    );
    expect(type.fieldDefinitions[1]!.label).toEqual({ en: 'Second!' });
    type = await update(apiRoot, type, { action: 'changeInputHint', fieldName: 'second', inputHint: 'MultiLine' });
    expect(type.fieldDefinitions[1]!.inputHint).toBe('MultiLine');
    type = await update(apiRoot, type, { action: 'changeFieldDefinitionOrder', fieldNames: ['second', 'first'] });
    expect(type.fieldDefinitions.map((f) => f.name)).toEqual(['second', 'first']);
    type = await update(apiRoot, type, { action: 'removeFieldDefinition', fieldName: 'second' });
    expect(type.fieldDefinitions.map((f) => f.name)).toEqual(['first']);
    expect(type.version).toBe(7);
    expect(await read(apiRoot, type.id)).toEqual(type);
  });

  test('enum actions on Enum fields and Sets of Enum', async ({ apiRoot }) => {
    let type = await create(apiRoot, {
      key: 'enums',
      name: { en: 'E' },
      resourceTypeIds: ['order'],
      fieldDefinitions: [field('colour', colours), field('colours', { name: 'Set', elementType: colours })],
    });
    type = await update(apiRoot, type, { action: 'addEnumValue', fieldName: 'colour', value: { key: 'green', label: 'Green' } });
    expect(type.fieldDefinitions[0]!.type).toEqual({ name: 'Enum', values: [...colours.values, { key: 'green', label: 'Green' }] });
    type = await update(apiRoot, type, { action: 'addEnumValue', fieldName: 'colours', value: { key: 'green', label: 'Green' } });
    expect(type.fieldDefinitions[1]!.type).toMatchObject({
      name: 'Set',
      elementType: { values: [...colours.values, { key: 'green', label: 'Green' }] },
    });
    type = await update(apiRoot, type, { action: 'changeEnumValueLabel', fieldName: 'colour', value: { key: 'red', label: 'Crimson' } });
    expect(type.fieldDefinitions[0]!.type).toMatchObject({ values: [{ key: 'red', label: 'Crimson' }, { key: 'blue' }, { key: 'green' }] });
    type = await update(apiRoot, type, { action: 'changeEnumValueOrder', fieldName: 'colour', keys: ['green', 'blue', 'red'] });
    expect((type.fieldDefinitions[0]!.type as { values: Array<{ key: string }> }).values.map((v) => v.key)).toEqual([
      'green',
      'blue',
      'red',
    ]);
    expect(type.version).toBe(5);
  });

  test('localized enum actions', async ({ apiRoot }) => {
    let type = await create(apiRoot, {
      key: 'lenums',
      name: { en: 'E' },
      resourceTypeIds: ['order'],
      fieldDefinitions: [field('size', sizes)],
    });
    type = await update(apiRoot, type, {
      action: 'addLocalizedEnumValue',
      fieldName: 'size',
      value: { key: 'm', label: { en: 'Medium' } },
    });
    type = await update(apiRoot, type, {
      action: 'changeLocalizedEnumValueLabel',
      fieldName: 'size',
      value: { key: 's', label: { en: 'Tiny' } },
    });
    type = await update(apiRoot, type, { action: 'changeLocalizedEnumValueOrder', fieldName: 'size', keys: ['s', 'm', 'l'] });
    expect(type.fieldDefinitions[0]!.type).toEqual({
      name: 'LocalizedEnum',
      values: [
        { key: 's', label: { en: 'Tiny' } },
        { key: 'm', label: { en: 'Medium' } },
        { key: 'l', label: { en: 'Large' } },
      ],
    });
    expect(type.version).toBe(4);
  });

  test('an update that changes nothing keeps the version', async ({ apiRoot }) => {
    const type = await create(apiRoot, {
      key: 'same',
      name: { en: 'S' },
      resourceTypeIds: ['order'],
      fieldDefinitions: [field('f1', colours)],
    });
    const next = await update(
      apiRoot,
      type,
      { action: 'changeName', name: { en: 'S' } },
      { action: 'changeEnumValueOrder', fieldName: 'f1', keys: ['red', 'blue'] },
    );
    expect(next.version).toBe(1);
  });

  test('refused actions change nothing', async ({ apiRoot }) => {
    const type = await create(apiRoot, {
      key: 'strict',
      name: { en: 'S' },
      resourceTypeIds: ['order'],
      fieldDefinitions: [field('colour', colours), field('size', sizes), field('flag', { name: 'Boolean' })],
    });
    const attempts: Array<[TypeUpdateAction[], string]> = [
      [[{ action: 'addFieldDefinition', fieldDefinition: field('colour', { name: 'String' }) }], 'DuplicateField'],
      [[{ action: 'removeFieldDefinition', fieldName: 'nope' }], 'InvalidOperation'],
      [[{ action: 'changeLabel', fieldName: 'nope', label: { en: 'x' } }], 'InvalidOperation'],
      [[{ action: 'addEnumValue', fieldName: 'colour', value: { key: 'red', label: 'again' } }], 'DuplicateField'],
      [[{ action: 'addEnumValue', fieldName: 'size', value: { key: 'x', label: 'wrong kind' } }], 'InvalidOperation'],
      [[{ action: 'addLocalizedEnumValue', fieldName: 'colour', value: { key: 'x', label: { en: 'x' } } }], 'InvalidOperation'],
      [[{ action: 'changeEnumValueLabel', fieldName: 'colour', value: { key: 'nope', label: 'x' } }], 'InvalidOperation'],
      [[{ action: 'changeEnumValueOrder', fieldName: 'colour', keys: ['red'] }], 'InvalidOperation'],
      [[{ action: 'changeFieldDefinitionOrder', fieldNames: ['colour', 'size', 'flag', 'extra'] }], 'InvalidOperation'],
      [[{ action: 'changeInputHint', fieldName: 'flag', inputHint: 'MultiLine' }], 'InvalidOperation'],
      [[raw<TypeUpdateAction>({ action: 'changeInputHint', fieldName: 'colour', inputHint: 'Wide' })], 'InvalidJsonInput'],
      // The first action alone would succeed: atomicity.
      [
        [
          { action: 'changeName', name: { en: 'changed' } },
          { action: 'removeFieldDefinition', fieldName: 'nope' },
        ],
        'InvalidOperation',
      ],
    ];
    for (const [actions, code] of attempts) {
      const failure = await refused(apiRoot, type, ...actions);
      expect(failure.statusCode, JSON.stringify(actions)).toBe(400);
      expect(failure.body.errors[0]!.code, JSON.stringify(actions)).toBe(code);
    }
    expect(await read(apiRoot, type.id)).toEqual(type);
  });

  test('changeKey to a taken key is a DuplicateField; a stale version is a 409', async ({ apiRoot }) => {
    await create(apiRoot, { key: 'one', name: { en: '1' }, resourceTypeIds: ['order'] });
    const two = await create(apiRoot, { key: 'two', name: { en: '2' }, resourceTypeIds: ['order'] });
    const duplicate = await refused(apiRoot, two, { action: 'changeKey', key: 'one' });
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'one' });
    const changed = await update(apiRoot, two, { action: 'changeName', name: { en: 'II' } });
    const stale = await refused(apiRoot, two, { action: 'changeName', name: { en: 'III' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(await read(apiRoot, two.id)).toEqual(changed);
  });
});

test.describe('types: by key and delete', () => {
  test('update and delete by key', async ({ apiRoot, mock }) => {
    const type = await create(apiRoot, { key: 'keyed', name: { en: 'K' }, resourceTypeIds: ['order'] });
    const updated = (
      await apiRoot
        .types()
        .withKey({ key: 'keyed' })
        .post({ body: { version: 1, actions: [{ action: 'changeName', name: { en: 'K2' } }] } })
        .execute()
    ).body;
    expect(updated).toMatchObject({ id: type.id, version: 2, name: { en: 'K2' } });
    const stale = await sdkFailure(
      apiRoot
        .types()
        .withKey({ key: 'keyed' })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    expect(mock.data.all('type')).toHaveLength(1);
    const deleted = await apiRoot
      .types()
      .withKey({ key: 'keyed' })
      .delete({ queryArgs: { version: 2 } })
      .execute();
    expect(deleted.body).toEqual(updated);
    expect(mock.data.all('type')).toHaveLength(0);
  });
});

test.describe('types: fields named as the platform SDK tests name them', () => {
  test('a Type with 52-character field names customizes a payment, a cart, a category and a cart discount', async ({ apiRoot }) => {
    const text = `type-field-name-${crypto.randomUUID()}`;
    const label = `type-field-name-${crypto.randomUUID()}`;
    const choice = `type-field-name-${crypto.randomUUID()}`;
    expect(text).toHaveLength(52);
    const type = await create(apiRoot, {
      key: `type-key-${crypto.randomUUID()}`,
      name: { en: 'Long field names' },
      resourceTypeIds: ['payment', 'order', 'category', 'cart-discount'],
      fieldDefinitions: [
        field(text, { name: 'String' }),
        field(label, { name: 'LocalizedString' }),
        field(choice, { name: 'Enum', values: [{ key: 'gold', label: 'Gold' }] }),
      ],
    });
    expect(type.fieldDefinitions.map((definition) => definition.name)).toEqual([text, label, choice]);

    const custom = {
      type: { typeId: 'type' as const, key: type.key },
      fields: { [text]: 'hello', [label]: { en: 'Hi' }, [choice]: 'gold' },
    };
    // Stored as sent, the Type named by id (an Enum field keeps the value's key).
    const stored = { type: { typeId: 'type', id: type.id }, fields: custom.fields };

    const payment = (
      await apiRoot
        .payments()
        .post({ body: { amountPlanned: { currencyCode: 'EUR', centAmount: 1000 }, custom } })
        .execute()
    ).body;
    expect(payment.custom).toEqual(stored);
    const renamed = await apiRoot
      .payments()
      .withId({ ID: payment.id })
      .post({ body: { version: payment.version, actions: [{ action: 'setCustomField', name: text, value: 'changed' }] } })
      .execute();
    expect(renamed.body.custom?.fields[text]).toBe('changed');

    const cart = (
      await apiRoot
        .carts()
        .post({ body: { currency: 'EUR', custom } })
        .execute()
    ).body;
    expect(cart.custom).toEqual(stored);
    const category = (
      await apiRoot
        .categories()
        .post({ body: { name: { en: 'Shoes' }, slug: { en: 'shoes' }, custom } })
        .execute()
    ).body;
    expect(category.custom).toEqual(stored);
    const discount = (
      await apiRoot
        .cartDiscounts()
        .post({
          body: {
            name: { en: '10%' },
            value: { type: 'relative', permyriad: 1000 },
            cartPredicate: 'true',
            target: { type: 'lineItems', predicate: 'true' },
            sortOrder: '0.5',
            custom,
          },
        })
        .execute()
    ).body;
    expect(discount.custom).toEqual(stored);

    // The long names work in predicates too, as a client finds what it customized.
    const where = `custom(fields(${text} = "hello"))`;
    expect((await apiRoot.carts().get({ queryArgs: { where } }).execute()).body.results.map((c) => c.id)).toEqual([cart.id]);
    expect((await apiRoot.categories().get({ queryArgs: { where } }).execute()).body.results.map((c) => c.id)).toEqual([category.id]);
    expect((await apiRoot.cartDiscounts().get({ queryArgs: { where } }).execute()).body.results.map((d) => d.id)).toEqual([discount.id]);
    expect((await apiRoot.payments().get({ queryArgs: { where } }).execute()).body.results).toEqual([]);
  });
});
