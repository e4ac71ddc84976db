/**
 * REST drafts as GraphQL input: the reverse of the conversion mutations apply, driven by the same
 * input types, so that factory output (REST drafts) can be passed as GraphQL variables.
 */
import type { GraphQLInputType } from 'graphql';
import { getNamedType, isInputObjectType, isListType, isNonNullType } from './library.js';
import { isLocalizedStringItem, isOneOf } from './resolvers.js';
import { platformSchema } from './schema.js';

type Draft = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Draft => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The package's `graphqlInput` (core/graphql-input.ts, which loads this layer on first use). */
export function graphqlInput(inputType: string, draft: object): Record<string, unknown> {
  const type = platformSchema().getType(inputType);
  if (!type || !isInputObjectType(type)) throw new TypeError(`commerce-mock: the GraphQL schema has no input type '${inputType}'.`);
  return fromRest(draft, type) as Record<string, unknown>;
}

function fromRest(value: unknown, type: GraphQLInputType): unknown {
  if (value === null || value === undefined) return value;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const element = getNamedType(inner.ofType);
    if (isInputObjectType(element) && isPlainObject(value)) {
      if (isLocalizedStringItem(element)) {
        return Object.entries(value).map(([locale, text]) => ({ locale, value: text }));
      }
      if (element.name === 'CustomFieldInput')
        return Object.entries(value).map(([name, field]) => ({ name, value: JSON.stringify(field) }));
    }
    return Array.isArray(value) ? value.map((item) => fromRest(item, inner.ofType)) : value;
  }
  if (!isInputObjectType(inner) || !isPlainObject(value)) return value;
  const fields = inner.getFields();
  if (isOneOf(inner)) {
    // The REST discriminator names the field: an action's `action`, a value's `type`; a money without one is in cents.
    const key = inner.name.endsWith('UpdateAction') ? 'action' : 'type';
    const { [key]: discriminator, ...rest } = value;
    const name = typeof discriminator === 'string' ? discriminator : 'preciseAmount' in value ? 'highPrecision' : 'centPrecision';
    const field = fields[name];
    return field ? { [name]: fromRest(rest, field.type) } : value;
  }
  const input: Draft = {};
  for (const [name, fieldValue] of Object.entries(value)) {
    const field = fields[name];
    // A REST discriminator the input type has no field for is said by the type itself (a cent-precision `MoneyInput`).
    if (name === 'type' && !field) continue;
    input[name] = field ? fromRest(fieldValue, field.type) : fieldValue;
  }
  return input;
}
