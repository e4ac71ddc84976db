/**
 * Attribute values checked against the product type's attribute definitions, and the constraints
 * across variants (Unique, CombinationUnique, SameForAll, required).
 *
 * Stored forms: enum and lenum values become `{key, label}` (a key alone is accepted), money
 * becomes a TypedMoney, datetime an ISO string with milliseconds, time `HH:mm:ss.SSS`, sets drop
 * duplicate elements, nested values are checked against the nested product type.
 */
import { errors, fieldErrors } from '../../http/errors.js';
import { MoneyDraft, typedMoney } from '../../pricing/money.js';
import { jsonEqual } from '../../util/json.js';
import type { ResourceContext } from '../../engine/define.js';
import type { AttributeDefinition, AttributeType, ProductType } from '../product-types.js';
import { catalogErrors } from './errors.js';
import { allVariants, type Attribute, type ProductData } from './model.js';

class InvalidValue extends Error {
  constructor(readonly allowedValues?: unknown[]) {
    super('invalid attribute value');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function normaliseTime(value: string): string | undefined {
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value);
  if (!match) return undefined;
  const [, h, m, s = '00', ms = '0'] = match;
  if (Number(h) > 23 || Number(m) > 59 || Number(s) > 59) return undefined;
  return `${h}:${m}:${s}.${ms.padEnd(3, '0')}`;
}

function normaliseDate(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) return undefined;
  return value;
}

function normaliseDateTime(value: string): string | undefined {
  // Date.parse rolls 2026-02-30 over into March: the date part must be a real date first.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || normaliseDate(value.slice(0, 10)) === undefined) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The stored form of `value` for `type`; throws InvalidValue when it does not fit. */
function normalise(type: AttributeType, value: unknown, ctx: ResourceContext): unknown {
  switch (type.name) {
    case 'boolean':
      if (typeof value !== 'boolean') throw new InvalidValue();
      return value;
    case 'text':
      if (typeof value !== 'string') throw new InvalidValue();
      return value;
    case 'ltext':
      if (!isObject(value) || !Object.values(value).every((v) => typeof v === 'string')) throw new InvalidValue();
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidValue();
      return value;
    case 'money': {
      const parsed = MoneyDraft.safeParse(value);
      if (!parsed.success) throw new InvalidValue();
      return typedMoney(parsed.data);
    }
    case 'date': {
      const date = typeof value === 'string' ? normaliseDate(value) : undefined;
      if (date === undefined) throw new InvalidValue();
      return date;
    }
    case 'time': {
      const time = typeof value === 'string' ? normaliseTime(value) : undefined;
      if (time === undefined) throw new InvalidValue();
      return time;
    }
    case 'datetime': {
      const datetime = typeof value === 'string' ? normaliseDateTime(value) : undefined;
      if (datetime === undefined) throw new InvalidValue();
      return datetime;
    }
    case 'enum':
    case 'lenum': {
      const key = typeof value === 'string' ? value : isObject(value) && typeof value.key === 'string' ? value.key : undefined;
      const found = key === undefined ? undefined : type.values.find((v) => v.key === key);
      if (!found) throw new InvalidValue(type.values.map((v) => v.key));
      return { key: found.key, label: found.label };
    }
    case 'reference': {
      if (!isObject(value) || (value.typeId !== undefined && value.typeId !== type.referenceTypeId)) throw new InvalidValue();
      if (typeof value.id === 'string') return { typeId: type.referenceTypeId, id: value.id };
      if (typeof value.key === 'string') return ctx.reference(type.referenceTypeId, { key: value.key });
      throw new InvalidValue();
    }
    case 'set': {
      if (!Array.isArray(value)) throw new InvalidValue();
      const elements: unknown[] = [];
      for (const element of value) {
        const normalised = normalise(type.elementType, element, ctx);
        if (!elements.some((existing) => jsonEqual(existing, normalised))) elements.push(normalised);
      }
      return elements;
    }
    case 'nested': {
      if (!Array.isArray(value)) throw new InvalidValue();
      const nestedType = ctx.get('product-type', type.typeReference.id);
      if (!nestedType) throw new InvalidValue();
      return value.map((entry) => {
        if (!isObject(entry) || typeof entry.name !== 'string') throw new InvalidValue();
        const definition = nestedType.attributes.find((d) => d.name === entry.name);
        if (!definition) throw new InvalidValue();
        return { name: entry.name, value: normalise(definition.type, entry.value, ctx) };
      });
    }
  }
}

export function attributeDefinition(productType: ProductType, name: string, level: 'Product' | 'Variant'): AttributeDefinition {
  const definition = productType.attributes.find((d) => d.name === name);
  if (!definition) throw errors.invalidOperation(`The attribute '${name}' does not exist in the product type '${productType.name}'.`);
  if (definition.level !== level) {
    throw errors.invalidOperation(
      level === 'Variant'
        ? `The attribute '${name}' is a Product attribute of the product type '${productType.name}'; set it with setProductAttribute.`
        : `The attribute '${name}' is a Variant attribute of the product type '${productType.name}'; set it with setAttribute or setAttributeInAllVariants.`,
    );
  }
  return definition;
}

/** Checks one value; InvalidField (field = attribute name) when it does not fit the definition's type. */
export function attributeValue(definition: AttributeDefinition, value: unknown, ctx: ResourceContext): unknown {
  try {
    return normalise(definition.type, value, ctx);
  } catch (error) {
    if (!(error instanceof InvalidValue)) throw error;
    throw fieldErrors([
      errors.invalidField(
        definition.name,
        value ?? null,
        `The value does not match the attribute type '${describeType(definition.type)}'.`,
        error.allowedValues,
      ),
    ]);
  }
}

function describeType(type: AttributeType): string {
  return type.name === 'set' ? `set of ${describeType(type.elementType)}` : type.name;
}

/** Checks a draft's attribute list against the definitions of one level; the stored list. */
export function attributesFromDraft(
  drafts: ReadonlyArray<{ name: string; value?: unknown }> | undefined,
  productType: ProductType,
  level: 'Product' | 'Variant',
  ctx: ResourceContext,
): Attribute[] {
  const attributes: Attribute[] = [];
  for (const draft of drafts ?? []) {
    const definition = attributeDefinition(productType, draft.name, level);
    const value = attributeValue(definition, draft.value, ctx);
    const existing = attributes.findIndex((a) => a.name === draft.name);
    if (existing === -1) attributes.push({ name: draft.name, value });
    else attributes[existing] = { name: draft.name, value };
  }
  return attributes;
}

/** RequiredField for each required definition of the level the list does not hold. */
export function assertRequired(attributes: readonly Attribute[], productType: ProductType, level: 'Product' | 'Variant'): void {
  const missing = productType.attributes.filter((d) => d.isRequired && d.level === level && !attributes.some((a) => a.name === d.name));
  if (missing.length > 0) throw fieldErrors(missing.map((d) => errors.requiredField(d.name)));
}

/** Unique, CombinationUnique and SameForAll across the variants of one data set. */
export function assertAttributeConstraints(data: ProductData, productType: ProductType): void {
  const variants = allVariants(data);
  if (variants.length < 2) return;
  const valueAt = (variantIndex: number, name: string) => variants[variantIndex]!.attributes.find((a) => a.name === name)?.value;
  const combination: AttributeDefinition[] = [];
  for (const definition of productType.attributes) {
    if (definition.level !== 'Variant') continue;
    if (definition.attributeConstraint === 'CombinationUnique') combination.push(definition);
    if (definition.attributeConstraint === 'Unique') {
      const seen: unknown[] = [];
      for (let i = 0; i < variants.length; i++) {
        const value = valueAt(i, definition.name);
        if (value === undefined) continue;
        if (seen.some((other) => jsonEqual(other, value))) throw catalogErrors.duplicateAttributeValue({ name: definition.name, value });
        seen.push(value);
      }
    }
    if (definition.attributeConstraint === 'SameForAll') {
      const expected = valueAt(0, definition.name);
      for (let i = 1; i < variants.length; i++) {
        const value = valueAt(i, definition.name);
        if (jsonEqual(value, expected)) continue;
        const allowed = expected === undefined ? 'no value' : `'${JSON.stringify(expected)}'`;
        throw fieldErrors([
          {
            code: 'InvalidField',
            message: `Using ${value === undefined ? 'no value' : `value '${JSON.stringify(value)}'`} is not valid for field '${definition.name}'. The allowed value is ${allowed}. The value of the attribute must be the same across all variants.`,
            field: definition.name,
            invalidValue: value ?? null,
            ...(expected !== undefined ? { allowedValues: [expected] } : {}),
          },
        ]);
      }
    }
  }
  if (combination.length > 0) {
    const seen: Array<Attribute[]> = [];
    for (let i = 0; i < variants.length; i++) {
      const values = combination.map((d) => ({ name: d.name, value: valueAt(i, d.name) }));
      if (values.every((a) => a.value === undefined)) continue;
      if (seen.some((other) => jsonEqual(other, values)))
        throw catalogErrors.duplicateAttributeValues(values.filter((a) => a.value !== undefined));
      seen.push(values);
    }
  }
}
