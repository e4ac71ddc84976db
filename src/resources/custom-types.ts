import * as z from 'zod';
import { errors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { action, defineResource, type BaseFields, type SdkTypes } from '../engine/define.js';
import { changer, setter } from '../engine/common-actions.js';
import { FieldName, Key, LocalizedEnumValue, LocalizedString, PlainEnumValue } from '../engine/draft-fields.js';
import type { Type as SdkType, TypeDraft as SdkTypeDraft } from '@commercetools/platform-sdk';

/** The resources and data types a Type can extend with custom fields. */
export const ResourceTypeIds = [
  'address',
  'asset',
  'approval-flow',
  'approval-rule',
  'associate-role',
  'business-unit',
  'cart-discount',
  'category',
  'channel',
  'customer',
  'customer-group',
  'custom-line-item',
  'discount-code',
  'inventory-entry',
  'line-item',
  'order',
  'order-edit',
  'order-delivery',
  'order-parcel',
  'order-return-item',
  'payment',
  'payment-interface-interaction',
  'payment-method',
  'payment-method-info',
  'product-price',
  'product-selection',
  'product-tailoring',
  'quote',
  'reservation',
  'review',
  'recurring-order',
  'shipping',
  'shipping-method',
  'shopping-list',
  'shopping-list-text-line-item',
  'standalone-price',
  'store',
  'transaction',
] as const;

/** The resource types a Reference custom field can point to. */
export const ReferenceTypeIds = [
  'approval-flow',
  'approval-rule',
  'associate-role',
  'business-unit',
  'cart',
  'cart-discount',
  'category',
  'channel',
  'customer',
  'customer-group',
  'key-value-document',
  'order',
  'product',
  'product-type',
  'review',
  'state',
  'shipping-method',
  'variant',
  'zone',
] as const;

const InputHint = z.enum(['SingleLine', 'MultiLine']);

export type FieldType =
  | { name: 'Boolean' | 'String' | 'LocalizedString' | 'Number' | 'Money' | 'Date' | 'Time' | 'DateTime' }
  | { name: 'Enum'; values: PlainEnumValue[] }
  | { name: 'LocalizedEnum'; values: LocalizedEnumValue[] }
  | { name: 'Reference'; referenceTypeId: (typeof ReferenceTypeIds)[number] }
  | { name: 'Set'; elementType: FieldType };

export const FieldType: z.ZodType<FieldType> = z.lazy(() =>
  z.discriminatedUnion('name', [
    z.object({ name: z.literal('Boolean') }),
    z.object({ name: z.literal('String') }),
    z.object({ name: z.literal('LocalizedString') }),
    z.object({ name: z.literal('Number') }),
    z.object({ name: z.literal('Money') }),
    z.object({ name: z.literal('Date') }),
    z.object({ name: z.literal('Time') }),
    z.object({ name: z.literal('DateTime') }),
    z.object({ name: z.literal('Enum'), values: z.array(PlainEnumValue) }),
    z.object({ name: z.literal('LocalizedEnum'), values: z.array(LocalizedEnumValue) }),
    z.object({ name: z.literal('Reference'), referenceTypeId: z.enum(ReferenceTypeIds) }),
    z.object({ name: z.literal('Set'), elementType: FieldType }),
  ]),
);

export const FieldDefinitionDraft = z.object({
  type: FieldType,
  name: FieldName,
  label: LocalizedString,
  required: z.boolean(),
  inputHint: InputHint.optional(),
});

export interface FieldDefinition {
  type: FieldType;
  name: string;
  label: LocalizedString;
  required: boolean;
  inputHint: z.infer<typeof InputHint>;
}

export interface Type extends StoredDocument {
  key: string;
  name: LocalizedString;
  description?: LocalizedString;
  resourceTypeIds: Array<(typeof ResourceTypeIds)[number]>;
  fieldDefinitions: FieldDefinition[];
}

export const TypeDraft = z.object({
  key: Key,
  name: LocalizedString,
  description: LocalizedString.optional(),
  resourceTypeIds: z.array(z.enum(ResourceTypeIds)),
  fieldDefinitions: z.array(FieldDefinitionDraft).optional(),
});
export type TypeDraft = z.infer<typeof TypeDraft>;

function fieldDefinition(draft: z.infer<typeof FieldDefinitionDraft>): FieldDefinition {
  return { ...draft, inputHint: draft.inputHint ?? 'SingleLine' };
}

function assertUniqueNames(definitions: FieldDefinition[]): void {
  const seen = new Set<string>();
  for (const definition of definitions) {
    if (seen.has(definition.name)) throw errors.duplicateField('fieldDefinitions.name', definition.name);
    seen.add(definition.name);
  }
}

function findField(type: Type, fieldName: string): FieldDefinition {
  const found = type.fieldDefinitions.find((definition) => definition.name === fieldName);
  if (!found) throw errors.invalidOperation(`The type '${type.key}' has no field definition '${fieldName}'.`);
  return found;
}

/** The enum type of a field: the field's own, or the element type of a Set of that enum kind. */
function enumTypeOf<K extends 'Enum' | 'LocalizedEnum'>(field: FieldDefinition, kind: K): Extract<FieldType, { name: K }> {
  const type = field.type.name === 'Set' ? field.type.elementType : field.type;
  if (type.name !== kind) {
    throw errors.invalidOperation(`The field definition '${field.name}' is not of type ${kind} (nor a Set of ${kind}).`);
  }
  return type as Extract<FieldType, { name: K }>;
}

/** Reorders values by the given keys, which must be exactly the keys there are. */
function reorder<T extends { key: string }>(values: T[], keys: string[], what: string): T[] {
  const wanted = new Set(keys);
  if (wanted.size !== keys.length || wanted.size !== values.length || values.some((value) => !wanted.has(value.key))) {
    throw errors.invalidOperation(`The new order must name every ${what} exactly once.`);
  }
  return keys.map((key) => values.find((value) => value.key === key)!);
}

/** Adding a value to, relabelling one of and reordering the values of an Enum or a LocalizedEnum field (or a Set of one). */
function enumValueActions(kind: 'Enum' | 'LocalizedEnum', Value: typeof PlainEnumValue | typeof LocalizedEnumValue) {
  const valuesOf = (type: Type, fieldName: string): { values: Array<PlainEnumValue | LocalizedEnumValue> } =>
    enumTypeOf(findField(type, fieldName), kind);
  return {
    add: action(
      () => FieldNameAction.extend({ value: Value }),
      (type: Type, a) => {
        const enumType = valuesOf(type, a.fieldName);
        if (enumType.values.some((value) => value.key === a.value.key)) {
          throw errors.duplicateField('values.key', a.value.key, `The enum key '${a.value.key}' already exists in field '${a.fieldName}'.`);
        }
        enumType.values.push(a.value);
      },
    ),
    changeLabel: action(
      () => FieldNameAction.extend({ value: Value }),
      (type: Type, a) => {
        const value = valuesOf(type, a.fieldName).values.find((entry) => entry.key === a.value.key);
        if (!value) throw errors.invalidOperation(`The field '${a.fieldName}' has no enum value with key '${a.value.key}'.`);
        value.label = a.value.label;
      },
    ),
    changeOrder: action(
      () => FieldNameAction.extend({ keys: z.array(z.string()) }),
      (type: Type, a) => {
        const enumType = valuesOf(type, a.fieldName);
        enumType.values = reorder(enumType.values, a.keys, 'enum value key');
      },
    ),
  };
}

const FieldNameAction = z.object({ fieldName: z.string() });
const plainEnumActions = enumValueActions('Enum', PlainEnumValue);
const localizedEnumActions = enumValueActions('LocalizedEnum', LocalizedEnumValue);

export const types = defineResource<TypeDraft, Type, SdkTypes<SdkTypeDraft, SdkType>>({
  typeId: 'type',
  path: 'types',
  draft: TypeDraft,
  create(draft) {
    const fieldDefinitions = (draft.fieldDefinitions ?? []).map(fieldDefinition);
    assertUniqueNames(fieldDefinitions);
    const type: Omit<Type, BaseFields> = { key: draft.key, name: draft.name, resourceTypeIds: draft.resourceTypeIds, fieldDefinitions };
    if (draft.description !== undefined) type.description = draft.description;
    return type;
  },
  actions: {
    changeKey: changer('key', Key),
    changeName: changer('name', LocalizedString),
    setDescription: setter('description', LocalizedString),
    addFieldDefinition: action(
      () => z.object({ fieldDefinition: FieldDefinitionDraft }),
      (type: Type, a) => {
        type.fieldDefinitions.push(fieldDefinition(a.fieldDefinition));
        assertUniqueNames(type.fieldDefinitions);
      },
    ),
    removeFieldDefinition: action(FieldNameAction, (type: Type, a) => {
      const field = findField(type, a.fieldName);
      type.fieldDefinitions = type.fieldDefinitions.filter((definition) => definition !== field);
    }),
    changeLabel: action(
      () => FieldNameAction.extend({ label: LocalizedString }),
      (type: Type, a) => {
        findField(type, a.fieldName).label = a.label;
      },
    ),
    /** Deprecated by the platform in favour of changeLabel; same effect. */
    changeFieldDefinitionLabel: action(
      () => FieldNameAction.extend({ label: LocalizedString }),
      (type: Type, a) => {
        findField(type, a.fieldName).label = a.label;
      },
    ),
    changeInputHint: action(
      () => FieldNameAction.extend({ inputHint: InputHint }),
      (type: Type, a) => {
        const field = findField(type, a.fieldName);
        const base = field.type.name === 'Set' ? field.type.elementType : field.type;
        if (base.name !== 'String' && base.name !== 'LocalizedString') {
          throw errors.invalidOperation(`The input hint of '${a.fieldName}' cannot change: it is not a string-based field.`);
        }
        field.inputHint = a.inputHint;
      },
    ),
    changeFieldDefinitionOrder: action(
      () => z.object({ fieldNames: z.array(z.string()) }),
      (type: Type, a) => {
        const byKey = type.fieldDefinitions.map((definition) => ({ key: definition.name, definition }));
        type.fieldDefinitions = reorder(byKey, a.fieldNames, 'field definition').map((entry) => entry.definition);
      },
    ),
    addEnumValue: plainEnumActions.add,
    addLocalizedEnumValue: localizedEnumActions.add,
    changeEnumValueLabel: plainEnumActions.changeLabel,
    changeLocalizedEnumValueLabel: localizedEnumActions.changeLabel,
    changeEnumValueOrder: plainEnumActions.changeOrder,
    changeLocalizedEnumValueOrder: localizedEnumActions.changeOrder,
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    type: Type;
  }
}
