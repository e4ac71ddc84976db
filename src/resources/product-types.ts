import * as z from 'zod';
import { errors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { action, defineResource, type BaseFields, type ResourceContext, type SdkTypes } from '../engine/define.js';
import { changer, setField, setter } from '../engine/common-actions.js';
import { catalogErrors } from './product/errors.js';
import { AttributeName, Key, LocalizedEnumValue, LocalizedString, PlainEnumValue, resourceIdentifier } from '../engine/draft-fields.js';
import type { ProductType as SdkProductType, ProductTypeDraft as SdkProductTypeDraft } from '@commercetools/platform-sdk';

export const AttributeReferenceTypeIds = [
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
  'shipping-method',
  'state',
  'variant',
  'zone',
] as const;

export type AttributeType =
  | { name: 'boolean' | 'text' | 'ltext' | 'number' | 'money' | 'date' | 'time' | 'datetime' }
  | { name: 'enum'; values: PlainEnumValue[] }
  | { name: 'lenum'; values: LocalizedEnumValue[] }
  | { name: 'reference'; referenceTypeId: (typeof AttributeReferenceTypeIds)[number] }
  | { name: 'set'; elementType: AttributeType }
  | { name: 'nested'; typeReference: { typeId: 'product-type'; id: string } };

/** In a draft the nested type may be named by id or key; it is stored as a Reference. */
type AttributeTypeDraft =
  | Exclude<AttributeType, { name: 'set' } | { name: 'nested' }>
  | { name: 'set'; elementType: AttributeTypeDraft }
  | { name: 'nested'; typeReference: { typeId?: string; id?: string; key?: string } };

export const AttributeTypeDraft: z.ZodType<AttributeTypeDraft> = z.lazy(() =>
  z.discriminatedUnion('name', [
    z.object({ name: z.literal('boolean') }),
    z.object({ name: z.literal('text') }),
    z.object({ name: z.literal('ltext') }),
    z.object({ name: z.literal('number') }),
    z.object({ name: z.literal('money') }),
    z.object({ name: z.literal('date') }),
    z.object({ name: z.literal('time') }),
    z.object({ name: z.literal('datetime') }),
    z.object({ name: z.literal('enum'), values: z.array(PlainEnumValue) }),
    z.object({ name: z.literal('lenum'), values: z.array(LocalizedEnumValue) }),
    z.object({ name: z.literal('reference'), referenceTypeId: z.enum(AttributeReferenceTypeIds) }),
    z.object({ name: z.literal('set'), elementType: AttributeTypeDraft }),
    z.object({
      name: z.literal('nested'),
      typeReference: resourceIdentifier('product-type'),
    }),
  ]),
);

const AttributeConstraint = z.enum(['None', 'Unique', 'CombinationUnique', 'SameForAll']);
const AttributeLevel = z.enum(['Product', 'Variant']);
const TextInputHint = z.enum(['SingleLine', 'MultiLine']);

export const AttributeDefinitionDraft = z.object({
  type: AttributeTypeDraft,
  name: AttributeName,
  label: LocalizedString,
  isRequired: z.boolean(),
  level: AttributeLevel.optional(),
  attributeConstraint: AttributeConstraint.optional(),
  inputTip: LocalizedString.optional(),
  inputHint: TextInputHint.optional(),
  isSearchable: z.boolean().optional(),
});
type AttributeDefinitionDraft = z.infer<typeof AttributeDefinitionDraft>;

export interface AttributeDefinition {
  type: AttributeType;
  name: string;
  label: Record<string, string>;
  isRequired: boolean;
  level: 'Product' | 'Variant';
  attributeConstraint: z.infer<typeof AttributeConstraint>;
  inputTip?: Record<string, string>;
  inputHint: z.infer<typeof TextInputHint>;
  isSearchable: boolean;
}

export interface ProductType extends StoredDocument {
  key?: string;
  name: string;
  description: string;
  attributes: AttributeDefinition[];
}

export const ProductTypeDraft = z.object({
  key: Key.optional(),
  name: z.string().min(1),
  description: z.string(),
  attributes: z.array(AttributeDefinitionDraft).optional(),
});
export type ProductTypeDraft = z.infer<typeof ProductTypeDraft>;

function resolveType(draft: AttributeTypeDraft, ctx: ResourceContext, attributeName: string): AttributeType {
  switch (draft.name) {
    case 'set':
      return { name: 'set', elementType: resolveType(draft.elementType, ctx, attributeName) };
    case 'nested': {
      const reference = ctx.reference('product-type', draft.typeReference);
      return { name: 'nested', typeReference: { typeId: 'product-type', id: reference.id } };
    }
    case 'enum':
    case 'lenum': {
      const keys = draft.values.map((v) => v.key);
      const duplicates = [...new Set(keys.filter((key, index) => keys.indexOf(key) !== index))];
      if (duplicates.length > 0) throw catalogErrors.duplicateEnumValues(duplicates);
      return draft as AttributeType;
    }
    default:
      return draft;
  }
}

function definitionFromDraft(draft: AttributeDefinitionDraft, ctx: ResourceContext): AttributeDefinition {
  const level = draft.level ?? 'Variant';
  const attributeConstraint = draft.attributeConstraint ?? 'None';
  if (level === 'Product' && attributeConstraint !== 'None') {
    throw errors.invalidOperation(`The attribute '${draft.name}' is defined at Product level: its attributeConstraint must be None.`);
  }
  const definition: AttributeDefinition = {
    type: resolveType(draft.type, ctx, draft.name),
    name: draft.name,
    label: draft.label,
    isRequired: draft.isRequired,
    level,
    attributeConstraint,
    inputHint: draft.inputHint ?? 'SingleLine',
    isSearchable: draft.isSearchable ?? true,
  };
  if (draft.inputTip !== undefined) definition.inputTip = draft.inputTip;
  return definition;
}

/** The type's structure without enum values: what must agree across product types for one attribute name. */
function typeShape(type: AttributeType): string {
  switch (type.name) {
    case 'enum':
    case 'lenum':
      return type.name;
    case 'set':
      return `set<${typeShape(type.elementType)}>`;
    case 'nested':
      return `nested<${type.typeReference.id}>`;
    case 'reference':
      return `reference<${type.referenceTypeId}>`;
    default:
      return type.name;
  }
}

/** The same attribute name must have the same type in every product type of the project. */
function assertNoTypeConflict(definition: AttributeDefinition, self: string | undefined, ctx: ResourceContext): void {
  for (const document of ctx.scan('product-type')) {
    if (document.id === self) continue;
    const other = document as ProductType;
    const same = other.attributes.find((a) => a.name === definition.name);
    if (same && typeShape(same.type) !== typeShape(definition.type)) {
      throw catalogErrors.attributeDefinitionTypeConflict({ id: other.id, name: other.name }, definition.name);
    }
  }
}

function findDefinition(productType: ProductType, name: string): AttributeDefinition {
  const found = productType.attributes.find((a) => a.name === name);
  if (!found) throw catalogErrors.attributeNameDoesNotExist(name, productType.name);
  return found;
}

/** The enum-carrying type of an attribute (itself, or the element type of a set of enums). */
function enumType(definition: AttributeDefinition, kind: 'enum' | 'lenum'): { values: Array<PlainEnumValue | LocalizedEnumValue> } {
  let type: AttributeType = definition.type;
  while (type.name === 'set') type = type.elementType;
  if (type.name !== kind) {
    throw errors.invalidOperation(`The attribute '${definition.name}' is not of type ${kind} (or a set of ${kind}).`);
  }
  return type as { values: Array<PlainEnumValue | LocalizedEnumValue> };
}

function anyEnumType(definition: AttributeDefinition): { values: Array<PlainEnumValue | LocalizedEnumValue> } {
  let type: AttributeType = definition.type;
  while (type.name === 'set') type = type.elementType;
  if (type.name !== 'enum' && type.name !== 'lenum') {
    throw errors.invalidOperation(`The attribute '${definition.name}' is not of an enum type.`);
  }
  return type;
}

function sameKeys(a: Array<{ key: string }>, b: Array<{ key: string }>): boolean {
  if (a.length !== b.length) return false;
  const keys = new Set(a.map((v) => v.key));
  return keys.size === a.length && b.every((v) => keys.has(v.key));
}

/** Enum keys an attribute value uses (enum, lenum, or sets of them). */
function usedEnumKeys(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const element of value) usedEnumKeys(element, into);
  else if (value !== null && typeof value === 'object' && typeof (value as { key?: unknown }).key === 'string')
    into.add((value as { key: string }).key);
}

function productsOfType(ctx: ResourceContext, productTypeId: string): StoredDocument[] {
  const found: StoredDocument[] = [];
  for (const product of ctx.scan('product')) if ((product.productType as { id: string }).id === productTypeId) found.push(product);
  return found;
}

/** Every attribute value named `name` in a product's current and staged data (product and variant level). */
function attributeValuesIn(product: StoredDocument, name: string): unknown[] {
  const values: unknown[] = [];
  const masterData = product.masterData as Record<'current' | 'staged', Record<string, unknown>>;
  for (const data of [masterData.current, masterData.staged]) {
    const variants = [data.masterVariant, ...((data.variants as unknown[]) ?? [])] as Array<{
      attributes?: Array<{ name: string; value: unknown }>;
    }>;
    for (const attributes of [
      data.attributes as Array<{ name: string; value: unknown }> | undefined,
      ...variants.map((v) => v.attributes),
    ]) {
      for (const attribute of attributes ?? []) if (attribute.name === name) values.push(attribute.value);
    }
  }
  return values;
}

const AttributeNameAction = z.object({ attributeName: AttributeName });

/** Adding a value to, relabelling one of and reordering the values of an enum or an lenum attribute (or a set of one). */
function enumValueActions(kind: 'enum' | 'lenum', Value: typeof PlainEnumValue | typeof LocalizedEnumValue) {
  const valuesOf = (productType: ProductType, attributeName: string) => enumType(findDefinition(productType, attributeName), kind);
  return {
    add: action(
      () => AttributeNameAction.extend({ value: Value }),
      (productType: ProductType, a) => {
        const type = valuesOf(productType, a.attributeName);
        if (type.values.some((v) => v.key === a.value.key)) throw catalogErrors.enumKeyAlreadyExists(a.attributeName, a.value.key);
        type.values.push(a.value);
      },
    ),
    changeLabel: action(
      () => AttributeNameAction.extend({ newValue: Value }),
      (productType: ProductType, a) => {
        const value = valuesOf(productType, a.attributeName).values.find((v) => v.key === a.newValue.key);
        if (!value) throw catalogErrors.enumKeyDoesNotExist(a.attributeName, a.newValue.key);
        value.label = a.newValue.label;
      },
    ),
    changeOrder: action(
      () => AttributeNameAction.extend({ values: z.array(Value) }),
      (productType: ProductType, a) => {
        const type = valuesOf(productType, a.attributeName);
        if (!sameKeys(type.values, a.values)) throw catalogErrors.enumValuesMustMatch();
        type.values.splice(0, type.values.length, ...a.values.map((given) => type.values.find((v) => v.key === given.key)!));
      },
    ),
  };
}
const plainEnumActions = enumValueActions('enum', PlainEnumValue);
const localizedEnumActions = enumValueActions('lenum', LocalizedEnumValue);

export const productTypes = defineResource<ProductTypeDraft, ProductType, SdkTypes<SdkProductTypeDraft, SdkProductType>>({
  typeId: 'product-type',
  path: 'product-types',
  draft: ProductTypeDraft,
  create(draft, ctx) {
    const attributes = (draft.attributes ?? []).map((a) => definitionFromDraft(a, ctx));
    const seen = new Set<string>();
    for (const attribute of attributes) {
      if (seen.has(attribute.name)) throw catalogErrors.attributeDefinitionAlreadyExists({ id: '', name: draft.name }, attribute.name);
      seen.add(attribute.name);
      assertNoTypeConflict(attribute, undefined, ctx);
    }
    const productType: Omit<ProductType, BaseFields> = { name: draft.name, description: draft.description, attributes };
    if (draft.key !== undefined) productType.key = draft.key;
    return productType;
  },
  referencedBy: ['product'],
  actions: {
    setKey: setter('key', Key),
    changeName: changer('name', z.string().min(1)),
    changeDescription: changer('description', z.string()),
    addAttributeDefinition: action(
      () => z.object({ attribute: AttributeDefinitionDraft }),
      (productType: ProductType, a, ctx) => {
        if (productType.attributes.some((existing) => existing.name === a.attribute.name)) {
          throw catalogErrors.attributeDefinitionAlreadyExists(productType, a.attribute.name);
        }
        const definition = definitionFromDraft(a.attribute, ctx);
        assertNoTypeConflict(definition, productType.id, ctx);
        productType.attributes.push(definition);
      },
    ),
    removeAttributeDefinition: action(
      () => z.object({ name: AttributeName }),
      (productType: ProductType, a) => {
        findDefinition(productType, a.name);
        productType.attributes = productType.attributes.filter((d) => d.name !== a.name);
      },
    ),
    changeAttributeName: action(
      () => AttributeNameAction.extend({ newAttributeName: AttributeName }),
      (productType: ProductType, a, ctx) => {
        const definition = findDefinition(productType, a.attributeName);
        if (a.newAttributeName === a.attributeName) return;
        if (productType.attributes.some((d) => d.name === a.newAttributeName)) {
          throw catalogErrors.attributeDefinitionAlreadyExists(productType, a.newAttributeName);
        }
        definition.name = a.newAttributeName;
        assertNoTypeConflict(definition, productType.id, ctx);
      },
    ),
    changeLabel: action(
      () => AttributeNameAction.extend({ label: LocalizedString }),
      (productType: ProductType, a) => {
        findDefinition(productType, a.attributeName).label = a.label;
      },
    ),
    setInputTip: action(
      () => AttributeNameAction.extend({ inputTip: LocalizedString.optional().nullable() }),
      (productType: ProductType, a) => {
        setField(findDefinition(productType, a.attributeName), 'inputTip', a.inputTip);
      },
    ),
    changeInputHint: action(
      () => AttributeNameAction.extend({ newValue: TextInputHint }),
      (productType: ProductType, a) => {
        findDefinition(productType, a.attributeName).inputHint = a.newValue;
      },
    ),
    changeIsSearchable: action(
      () => AttributeNameAction.extend({ isSearchable: z.boolean() }),
      (productType: ProductType, a) => {
        findDefinition(productType, a.attributeName).isSearchable = a.isSearchable;
      },
    ),
    changeAttributeConstraint: action(
      () => AttributeNameAction.extend({ newValue: z.literal('None') }),
      (productType: ProductType, a) => {
        findDefinition(productType, a.attributeName).attributeConstraint = a.newValue;
      },
    ),
    changeAttributeOrderByName: action(
      () => z.object({ attributeNames: z.array(z.string()) }),
      (productType: ProductType, a) => {
        if (
          !sameKeys(
            productType.attributes.map((d) => ({ key: d.name })),
            a.attributeNames.map((key) => ({ key })),
          )
        ) {
          throw errors.invalidOperation('The given attributes must be equal to the type attributes.');
        }
        productType.attributes = a.attributeNames.map((name) => productType.attributes.find((d) => d.name === name)!);
      },
    ),
    changeAttributeOrder: action(
      () => z.object({ attributes: z.array(z.object({ name: z.string() }).loose()) }),
      (productType: ProductType, a) => {
        if (
          !sameKeys(
            productType.attributes.map((d) => ({ key: d.name })),
            a.attributes.map((d) => ({ key: d.name })),
          )
        ) {
          throw errors.invalidOperation('The given attributes must be equal to the type attributes.');
        }
        productType.attributes = a.attributes.map((given) => productType.attributes.find((d) => d.name === given.name)!);
      },
    ),
    addPlainEnumValue: plainEnumActions.add,
    addLocalizedEnumValue: localizedEnumActions.add,
    changePlainEnumValueLabel: plainEnumActions.changeLabel,
    changeLocalizedEnumValueLabel: localizedEnumActions.changeLabel,
    changePlainEnumValueOrder: plainEnumActions.changeOrder,
    changeLocalizedEnumValueOrder: localizedEnumActions.changeOrder,
    changeEnumKey: action(
      () => AttributeNameAction.extend({ key: z.string(), newKey: z.string().min(1) }),
      (productType: ProductType, a) => {
        const type = anyEnumType(findDefinition(productType, a.attributeName));
        const value = type.values.find((v) => v.key === a.key);
        if (!value) throw catalogErrors.enumKeyDoesNotExist(a.attributeName, a.key);
        if (a.key !== a.newKey && type.values.some((v) => v.key === a.newKey))
          throw catalogErrors.enumKeyAlreadyExists(a.attributeName, a.newKey);
        value.key = a.newKey;
      },
    ),
    removeEnumValues: action(
      () => AttributeNameAction.extend({ keys: z.array(z.string()) }),
      (productType: ProductType, a, ctx) => {
        const definition = findDefinition(productType, a.attributeName);
        const type = anyEnumType(definition);
        for (const key of a.keys)
          if (!type.values.some((v) => v.key === key)) throw catalogErrors.enumKeyDoesNotExist(a.attributeName, key);
        if (definition.isRequired) {
          const used = new Set<string>();
          for (const product of productsOfType(ctx, productType.id)) {
            for (const value of attributeValuesIn(product, a.attributeName)) usedEnumKeys(value, used);
          }
          const blocked = a.keys.filter((key) => used.has(key));
          if (blocked.length > 0) throw catalogErrors.enumValueIsUsed(blocked, a.attributeName);
        }
        type.values.splice(0, type.values.length, ...type.values.filter((v) => !a.keys.includes(v.key)));
      },
    ),
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    'product-type': ProductType;
  }
}
