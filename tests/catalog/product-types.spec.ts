import type { ByProjectKeyRequestBuilder, ProductType, ProductTypeUpdateAction } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure } from '../support/sdk.js';
import { everyAttribute, nestedTypeDraft, raw, shirtType } from './support.js';

async function update(apiRoot: ByProjectKeyRequestBuilder, type: ProductType, ...actions: ProductTypeUpdateAction[]): Promise<ProductType> {
  const response = await apiRoot
    .productTypes()
    .withId({ ID: type.id })
    .post({ body: { version: type.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

const refused = (apiRoot: ByProjectKeyRequestBuilder, type: ProductType, ...actions: ProductTypeUpdateAction[]) =>
  sdkFailure(
    apiRoot
      .productTypes()
      .withId({ ID: type.id })
      .post({ body: { version: type.version, actions } })
      .execute(),
  );

const read = async (apiRoot: ByProjectKeyRequestBuilder, id: string) =>
  (await apiRoot.productTypes().withId({ ID: id }).get().execute()).body;

const attribute = (type: ProductType, name: string) => type.attributes!.find((a) => a.name === name)!;

test.describe('product types: create', () => {
  test('stores attribute definitions of every type with their defaults', async ({ apiRoot }) => {
    const type = await shirtType(apiRoot);
    const nested = (await apiRoot.productTypes().withKey({ key: 'dimensions' }).get().execute()).body;
    expect(type).toMatchObject({ version: 1, key: 'shirt', name: 'Shirt', description: 'Shirts' });
    expect(type.attributes!.map((a) => a.type.name)).toEqual([
      'boolean',
      'text',
      'ltext',
      'enum',
      'lenum',
      'number',
      'money',
      'date',
      'time',
      'datetime',
      'reference',
      'set',
      'set',
      'nested',
      'text',
      'text',
      'text',
    ]);
    expect(attribute(type, 'flag')).toEqual({
      type: { name: 'boolean' },
      name: 'flag',
      label: { en: 'Flag' },
      isRequired: false,
      level: 'Variant',
      attributeConstraint: 'None',
      inputHint: 'SingleLine',
      isSearchable: true,
    });
    expect(attribute(type, 'title').inputHint).toBe('MultiLine');
    expect(attribute(type, 'color').attributeConstraint).toBe('CombinationUnique');
    expect(attribute(type, 'brand').level).toBe('Product');
    expect(attribute(type, 'dimensions').type).toEqual({ name: 'nested', typeReference: { typeId: 'product-type', id: nested.id } });
    expect(attribute(type, 'sizes').type).toEqual({
      name: 'set',
      elementType: {
        name: 'enum',
        values: [
          { key: 'S', label: 'S' },
          { key: 'M', label: 'M' },
        ],
      },
    });
    expect(await read(apiRoot, type.id)).toEqual(type);
  });

  test('a nested type given by key is stored as a reference; a missing one is ReferencedResourceNotFound', async ({ apiRoot }) => {
    const nested = (
      await apiRoot
        .productTypes()
        .post({ body: nestedTypeDraft as never })
        .execute()
    ).body;
    const type = (
      await apiRoot
        .productTypes()
        .post({
          body: raw({
            name: 'N',
            description: 'n',
            attributes: [
              {
                name: 'dims',
                label: { en: 'D' },
                isRequired: false,
                type: { name: 'nested', typeReference: { typeId: 'product-type', key: 'dimensions' } },
              },
            ],
          }),
        })
        .execute()
    ).body;
    expect(attribute(type, 'dims').type).toEqual({ name: 'nested', typeReference: { typeId: 'product-type', id: nested.id } });
    const failure = await sdkFailure(
      apiRoot
        .productTypes()
        .post({
          body: {
            name: 'M',
            description: 'm',
            attributes: [
              {
                name: 'dims',
                label: { en: 'D' },
                isRequired: false,
                type: { name: 'nested', typeReference: { typeId: 'product-type', id: 'nope' } },
              },
            ],
          },
        })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'product-type', id: 'nope' });
  });

  test('refuses invalid drafts: missing fields, unknown type names, duplicate enum keys, product-level constraints', async ({
    apiRoot,
  }) => {
    const missing = await sdkFailure(
      apiRoot
        .productTypes()
        .post({ body: raw({ name: 'x' }) })
        .execute(),
    );
    expect(missing.body.errors).toEqual([invalidJson('description: Missing required value.')]);
    const unknown = await sdkFailure(
      apiRoot
        .productTypes()
        .post({
          body: raw({ name: 'x', description: 'x', attributes: [{ name: 'a1', label: {}, isRequired: false, type: { name: 'colour' } }] }),
        })
        .execute(),
    );
    expect(unknown.body.errors).toEqual([
      invalidJson(
        'attributes[0] -> type -> name: Unknown value "colour"; expected one of "boolean", "text", "ltext", "number", "money", "date", "time", "datetime", "enum", "lenum", "reference", "set", "nested".',
      ),
    ]);
    const duplicateEnum = await sdkFailure(
      apiRoot
        .productTypes()
        .post({
          body: {
            name: 'x',
            description: 'x',
            attributes: [
              {
                name: 'e1',
                label: {},
                isRequired: false,
                type: {
                  name: 'enum',
                  values: [
                    { key: 'a', label: 'A' },
                    { key: 'a', label: 'B' },
                  ],
                },
              },
            ],
          },
        })
        .execute(),
    );
    expect(duplicateEnum.body.errors[0]).toMatchObject({ code: 'DuplicateEnumValues', duplicates: ['a'] });
    const productLevel = await sdkFailure(
      apiRoot
        .productTypes()
        .post({
          body: {
            name: 'x',
            description: 'x',
            attributes: [
              { name: 'p1', label: {}, isRequired: false, level: 'Product', attributeConstraint: 'Unique', type: { name: 'text' } },
            ],
          },
        })
        .execute(),
    );
    expect(productLevel.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    expect((await apiRoot.productTypes().get().execute()).body.total).toBe(0);
  });

  test('one attribute name has one type across product types (AttributeDefinitionTypeConflict)', async ({ apiRoot }) => {
    const first = (
      await apiRoot
        .productTypes()
        .post({
          body: { name: 'A', description: 'a', attributes: [{ name: 'size', label: {}, isRequired: false, type: { name: 'text' } }] },
        })
        .execute()
    ).body;
    const failure = await sdkFailure(
      apiRoot
        .productTypes()
        .post({
          body: { name: 'B', description: 'b', attributes: [{ name: 'size', label: {}, isRequired: false, type: { name: 'number' } }] },
        })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({
      code: 'AttributeDefinitionTypeConflict',
      conflictingProductTypeId: first.id,
      conflictingAttributeName: 'size',
    });
    // Enum values may differ; the type may not.
    const enumA = { name: 'fit', label: {}, isRequired: false, type: { name: 'enum' as const, values: [{ key: 'slim', label: 'Slim' }] } };
    await apiRoot
      .productTypes()
      .post({ body: { name: 'C', description: 'c', attributes: [enumA] } })
      .execute();
    const enumB = { ...enumA, type: { name: 'enum' as const, values: [{ key: 'wide', label: 'Wide' }] } };
    expect(
      (
        await apiRoot
          .productTypes()
          .post({ body: { name: 'D', description: 'd', attributes: [enumB] } })
          .execute()
      ).statusCode,
    ).toBe(201);
  });

  test('a product type used by a product cannot be deleted (ReferenceExists)', async ({ apiRoot }) => {
    const type = (
      await apiRoot
        .productTypes()
        .post({ body: { key: 'used', name: 'Used', description: 'u' } })
        .execute()
    ).body;
    const product = (
      await apiRoot
        .products()
        .post({ body: { productType: { typeId: 'product-type', id: type.id }, name: { en: 'P' }, slug: { en: 'p1' } } })
        .execute()
    ).body;
    const failure = await sdkFailure(
      apiRoot
        .productTypes()
        .withId({ ID: type.id })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferenceExists', referencedBy: 'product' });
    await apiRoot
      .products()
      .withId({ ID: product.id })
      .delete({ queryArgs: { version: product.version } })
      .execute();
    expect(
      (
        await apiRoot
          .productTypes()
          .withKey({ key: 'used' })
          .delete({ queryArgs: { version: 1 } })
          .execute()
      ).statusCode,
    ).toBe(200);
  });
});

test.describe('product types: update actions', () => {
  test('name, description, key', async ({ apiRoot }) => {
    const type = await shirtType(apiRoot);
    const updated = await update(
      apiRoot,
      type,
      { action: 'changeName', name: 'Tee' },
      { action: 'changeDescription', description: 'Tees' },
      { action: 'setKey', key: 'tee' },
    );
    expect(updated).toMatchObject({ version: 2, name: 'Tee', description: 'Tees', key: 'tee' });
    const unset = await update(apiRoot, updated, { action: 'setKey' });
    expect(unset.key).toBeUndefined();
  });

  test('add, rename and remove attribute definitions', async ({ apiRoot }) => {
    const type = await shirtType(apiRoot);
    const added = await update(apiRoot, type, {
      action: 'addAttributeDefinition',
      attribute: { name: 'care', label: { en: 'Care' }, isRequired: false, type: { name: 'ltext' }, inputTip: { en: 'How to wash' } },
    });
    expect(attribute(added, 'care')).toMatchObject({ inputTip: { en: 'How to wash' }, level: 'Variant', isSearchable: true });
    const duplicate = await refused(apiRoot, added, {
      action: 'addAttributeDefinition',
      attribute: { name: 'care', label: { en: 'Care' }, isRequired: false, type: { name: 'text' } },
    });
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'AttributeDefinitionAlreadyExists', conflictingAttributeName: 'care' });
    const renamed = await update(apiRoot, added, { action: 'changeAttributeName', attributeName: 'care', newAttributeName: 'washing' });
    expect(attribute(renamed, 'washing')).toBeDefined();
    const unknown = await refused(apiRoot, renamed, { action: 'changeAttributeName', attributeName: 'care', newAttributeName: 'x1' });
    expect(unknown.body.errors[0]).toMatchObject({ code: 'AttributeNameDoesNotExist', invalidAttributeName: 'care' });
    const removed = await update(apiRoot, renamed, { action: 'removeAttributeDefinition', name: 'washing' });
    expect(removed.attributes!.some((a) => a.name === 'washing')).toBe(false);
  });

  test('label, input tip, input hint, searchability and constraint', async ({ apiRoot }) => {
    const type = await shirtType(apiRoot);
    const updated = await update(
      apiRoot,
      type,
      { action: 'changeLabel', attributeName: 'title', label: { en: 'Headline' } },
      { action: 'setInputTip', attributeName: 'title', inputTip: { en: 'Short' } },
      { action: 'changeInputHint', attributeName: 'title', newValue: 'SingleLine' },
      { action: 'changeIsSearchable', attributeName: 'title', isSearchable: false },
      { action: 'changeAttributeConstraint', attributeName: 'ean', newValue: 'None' },
    );
    expect(attribute(updated, 'title')).toMatchObject({
      label: { en: 'Headline' },
      inputTip: { en: 'Short' },
      inputHint: 'SingleLine',
      isSearchable: false,
    });
    expect(attribute(updated, 'ean').attributeConstraint).toBe('None');
    const cleared = await update(apiRoot, updated, { action: 'setInputTip', attributeName: 'title' });
    expect(attribute(cleared, 'title').inputTip).toBeUndefined();
    const invalid = await refused(
      apiRoot,
      cleared,
      raw({ action: 'changeAttributeConstraint', attributeName: 'title', newValue: 'Unique' }),
    );
    expect(invalid.body.errors).toEqual([invalidJson('actions[0] -> newValue: Unknown value "Unique"; expected "None".')]);
  });

  test('attribute order by name and by definitions; the names must be exactly the current ones', async ({ apiRoot }) => {
    const type = await shirtType(apiRoot);
    const names = type.attributes!.map((a) => a.name);
    const reversed = await update(apiRoot, type, { action: 'changeAttributeOrderByName', attributeNames: [...names].reverse() });
    expect(reversed.attributes!.map((a) => a.name)).toEqual([...names].reverse());
    const back = await update(apiRoot, reversed, raw({ action: 'changeAttributeOrder', attributes: type.attributes! }));
    expect(back.attributes!.map((a) => a.name)).toEqual(names);
    const incomplete = await refused(apiRoot, back, { action: 'changeAttributeOrderByName', attributeNames: names.slice(1) });
    expect(incomplete.body.errors[0]).toMatchObject({
      code: 'InvalidOperation',
      message: 'The given attributes must be equal to the type attributes.',
    });
  });

  test('plain enum values: add, relabel, reorder, rekey, remove', async ({ apiRoot }) => {
    const type = await shirtType(apiRoot);
    let updated = await update(apiRoot, type, {
      action: 'addPlainEnumValue',
      attributeName: 'color',
      value: { key: 'black', label: 'Black' },
    });
    expect((attribute(updated, 'color').type as { values: unknown[] }).values).toContainEqual({ key: 'black', label: 'Black' });
    const exists = await refused(apiRoot, updated, {
      action: 'addPlainEnumValue',
      attributeName: 'color',
      value: { key: 'red', label: 'Again' },
    });
    expect(exists.body.errors[0]).toMatchObject({
      code: 'EnumKeyAlreadyExists',
      conflictingEnumKey: 'red',
      conflictingAttributeName: 'color',
    });
    updated = await update(
      apiRoot,
      updated,
      { action: 'changePlainEnumValueLabel', attributeName: 'color', newValue: { key: 'red', label: 'Crimson' } },
      { action: 'changeEnumKey', attributeName: 'color', key: 'green', newKey: 'olive' },
      {
        action: 'changePlainEnumValueOrder',
        attributeName: 'color',
        values: [
          { key: 'black', label: 'Black' },
          { key: 'olive', label: 'Green' },
          { key: 'blue', label: 'Blue' },
          { key: 'red', label: 'Crimson' },
        ],
      },
      { action: 'addPlainEnumValue', attributeName: 'sizes', value: { key: 'L', label: 'L' } },
    );
    expect((attribute(updated, 'color').type as { values: unknown[] }).values).toEqual([
      { key: 'black', label: 'Black' },
      { key: 'olive', label: 'Green' },
      { key: 'blue', label: 'Blue' },
      { key: 'red', label: 'Crimson' },
    ]);
    expect((attribute(updated, 'sizes').type as { elementType: { values: unknown[] } }).elementType.values).toHaveLength(3);
    const mismatch = await refused(apiRoot, updated, {
      action: 'changePlainEnumValueOrder',
      attributeName: 'color',
      values: [{ key: 'red', label: 'Crimson' }],
    });
    expect(mismatch.body.errors[0]).toMatchObject({ code: 'EnumValuesMustMatch' });
    const missingKey = await refused(apiRoot, updated, {
      action: 'changePlainEnumValueLabel',
      attributeName: 'color',
      newValue: { key: 'pink', label: 'Pink' },
    });
    expect(missingKey.body.errors[0]).toMatchObject({ code: 'EnumKeyDoesNotExist', conflictingEnumKey: 'pink' });
    const wrongKind = await refused(apiRoot, updated, {
      action: 'addPlainEnumValue',
      attributeName: 'title',
      value: { key: 'x', label: 'X' },
    });
    expect(wrongKind.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    updated = await update(apiRoot, updated, { action: 'removeEnumValues', attributeName: 'color', keys: ['black', 'olive'] });
    expect((attribute(updated, 'color').type as { values: Array<{ key: string }> }).values.map((v) => v.key)).toEqual(['blue', 'red']);
  });

  test('localized enum values: add, relabel, reorder', async ({ apiRoot }) => {
    const type = await shirtType(apiRoot);
    const updated = await update(
      apiRoot,
      type,
      { action: 'addLocalizedEnumValue', attributeName: 'finish', value: { key: 'satin', label: { en: 'Satin' } } },
      { action: 'changeLocalizedEnumValueLabel', attributeName: 'finish', newValue: { key: 'matt', label: { en: 'Mat' } } },
      {
        action: 'changeLocalizedEnumValueOrder',
        attributeName: 'finish',
        values: [
          { key: 'satin', label: { en: 'Satin' } },
          { key: 'gloss', label: { en: 'Gloss' } },
          { key: 'matt', label: { en: 'Mat' } },
        ],
      },
    );
    expect((attribute(updated, 'finish').type as { values: unknown[] }).values).toEqual([
      { key: 'satin', label: { en: 'Satin' } },
      { key: 'gloss', label: { en: 'Gloss', de: 'Glanz' } },
      { key: 'matt', label: { en: 'Mat' } },
    ]);
  });

  test('an enum value used by products cannot be removed from a required attribute (EnumValueIsUsed)', async ({ apiRoot }) => {
    const type = (
      await apiRoot
        .productTypes()
        .post({
          body: {
            key: 'req',
            name: 'Req',
            description: 'r',
            attributes: [
              {
                name: 'grade',
                label: {},
                isRequired: true,
                type: {
                  name: 'enum',
                  values: [
                    { key: 'a', label: 'A' },
                    { key: 'b', label: 'B' },
                  ],
                },
              },
            ],
          },
        })
        .execute()
    ).body;
    await apiRoot
      .products()
      .post({
        body: {
          productType: { typeId: 'product-type', key: 'req' },
          name: { en: 'P' },
          slug: { en: 'p-req' },
          masterVariant: { attributes: [{ name: 'grade', value: 'a' }] },
        },
      })
      .execute();
    const failure = await refused(apiRoot, type, { action: 'removeEnumValues', attributeName: 'grade', keys: ['a'] });
    expect(failure.body.errors[0]).toMatchObject({ code: 'EnumValueIsUsed' });
    const fine = await update(apiRoot, type, { action: 'removeEnumValues', attributeName: 'grade', keys: ['b'] });
    expect(fine.version).toBe(2);
    expect((await read(apiRoot, type.id)).version).toBe(2);
  });

  test('a failing action leaves the product type unchanged', async ({ apiRoot }) => {
    const type = await shirtType(apiRoot);
    await refused(apiRoot, type, { action: 'changeName', name: 'Changed' }, { action: 'removeAttributeDefinition', name: 'nope' });
    expect(await read(apiRoot, type.id)).toEqual(type);
  });

  test('every attribute type draft from the fixture is accepted by addAttributeDefinition too', async ({ apiRoot }) => {
    const nested = (
      await apiRoot
        .productTypes()
        .post({ body: nestedTypeDraft as never })
        .execute()
    ).body;
    let type = (
      await apiRoot
        .productTypes()
        .post({ body: { name: 'Empty', description: 'e' } })
        .execute()
    ).body;
    for (const definition of everyAttribute(nested.id))
      type = await update(apiRoot, type, { action: 'addAttributeDefinition', attribute: definition });
    expect(type.attributes).toHaveLength(everyAttribute(nested.id).length);
    expect(type.version).toBe(1 + everyAttribute(nested.id).length);
  });
});
