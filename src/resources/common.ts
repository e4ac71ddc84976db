import { z } from 'zod';
import { uuid } from '../util/ids.js';
import { errors } from '../http/errors.js';
import { action, type ResourceContext } from './define.js';
import { copyWithout } from '../util/json.js';
import { type BaseAddress, type CustomFieldsDraft, Key, LocalizedString, resourceIdentifier } from './validation.js';

/** The stored form of custom fields: the type as a Reference plus the field values. */
export interface CustomFields {
  type: { typeId: 'type'; id: string };
  fields: Record<string, unknown>;
}

export function customFields(draft: CustomFieldsDraft | undefined, ctx: ResourceContext): CustomFields | undefined {
  if (!draft) return undefined;
  return { type: ctx.reference('type', draft.type) as CustomFields['type'], fields: draft.fields ?? {} };
}

/** Sets or removes a field; `undefined`/null removes, as the platform's set* actions do. */
export function setField<T extends object>(target: T, field: string, value: unknown): void {
  if (value === undefined || value === null) delete (target as Record<string, unknown>)[field];
  else (target as Record<string, unknown>)[field] = value;
}

const SetCustomType = z.object({ type: resourceIdentifier('type').optional(), fields: z.record(z.string(), z.unknown()).optional() });
const SetCustomField = z.object({ name: z.string(), value: z.unknown().optional() });

function applyCustomType(target: { custom?: CustomFields }, a: z.infer<typeof SetCustomType>, ctx: ResourceContext) {
  if (!a.type) delete target.custom;
  else target.custom = customFields({ type: a.type, fields: a.fields }, ctx)!;
}

function applyCustomField(target: { custom?: CustomFields }, a: z.infer<typeof SetCustomField>) {
  if (!target.custom) throw errors.invalidOperation('This resource has no custom type set; use setCustomType first.');
  setField(target.custom.fields, a.name, a.value);
}

/** `setCustomType` and `setCustomField` for any resource that has `custom`. */
export const customFieldActions = {
  setCustomType: action(SetCustomType, (resource: { custom?: CustomFields }, a, ctx) => applyCustomType(resource, a, ctx)),
  setCustomField: action(SetCustomField, (resource: { custom?: CustomFields }, a) => applyCustomField(resource, a)),
};

/** An update action that sets one optional field (`setKey`, `setDescription`, ...). */
export function setter<S extends z.ZodType>(field: string, schema: S, payloadName = field) {
  return action(z.object({ [payloadName]: schema.optional().nullable() }), (resource: object, a: Record<string, unknown>) =>
    setField(resource, field, a[payloadName]),
  );
}

/** An update action that sets one required field (`changeName`, ...). */
export function changer<S extends z.ZodType>(field: string, schema: S, payloadName = field) {
  return action(z.object({ [payloadName]: schema }), (resource: object, a: Record<string, unknown>) => {
    (resource as Record<string, unknown>)[field] = a[payloadName];
  });
}

export const optionalKey = Key.optional();
export const optionalLocalized = LocalizedString.optional();

// Addresses ---------------------------------------------------------------------------------

export type Address = z.infer<typeof BaseAddress> & { id: string };

/**
 * An address as stored: the draft's fields with custom fields resolved. Carts and orders keep the
 * draft's `id` or none; customers, business units and channels (`withId`) get one when it has none.
 */
export function storedAddress(draft: BaseAddress, ctx: ResourceContext, withId = false): Address & { custom?: CustomFields } {
  const address = copyWithout(draft, 'custom') as Address & { custom?: CustomFields };
  if (withId && address.id === undefined) address.id = uuid().slice(0, 8);
  const fields = customFields(draft.custom, ctx);
  if (fields) address.custom = fields;
  return address;
}

export function addressFromDraft(draft: BaseAddress, ctx: ResourceContext): Address {
  return storedAddress(draft, ctx, true);
}

export { applyCustomType, applyCustomField, SetCustomType, SetCustomField };
