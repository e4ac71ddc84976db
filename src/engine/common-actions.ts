import * as z from 'zod';
import { uuid } from '../util/ids.js';
import { errors } from '../http/errors.js';
import { action, emits, emitsOneOf, type ResourceContext, type UniqueIndex, type UpdateAction } from './define.js';
import { compactCopy, copyWithout, jsonClone } from '../util/json.js';
import { canonicalDateTime } from '../util/time.js';
import { isEmptyPeriod, type ValidityPeriod } from '../util/validity.js';
import { type BaseAddress, type CustomFieldsDraft, DateTime, resourceIdentifier } from './draft-fields.js';

/** The stored form of custom fields: the type as a Reference plus the field values. */
export interface CustomFields {
  type: { typeId: 'type'; id: string };
  fields: Record<string, unknown>;
}

/**
 * One frozen reference per custom type, which every document using the type shares (about 40 bytes
 * each of them); stored documents are never changed in place (see `shareEmptyLists`). Bounded, as
 * one worker's mocks come and go.
 */
const typeReferences = new Map<string, CustomFields['type']>();
const MAX_TYPE_REFERENCES = 1024;

function typeReference(id: string): CustomFields['type'] {
  let reference = typeReferences.get(id);
  if (!reference) {
    if (typeReferences.size >= MAX_TYPE_REFERENCES) typeReferences.clear();
    reference = Object.freeze({ typeId: 'type', id });
    typeReferences.set(id, reference);
  }
  return reference;
}

export function customFields(draft: CustomFieldsDraft | undefined, ctx: ResourceContext): CustomFields | undefined {
  if (!draft) return undefined;
  return { type: typeReference(ctx.reference('type', draft.type).id), fields: compactCopy(draft.fields ?? {}) };
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

/**
 * Where a type's custom-field messages find the custom fields and what they say about them: the
 * message type prefix (`Customer`, `CustomerAddress`), how they name what was replaced (Customer and
 * Order messages say `previousValue`/`previousTypeId`, BusinessUnit and CustomerGroup `oldValue`/
 * `oldTypeId`), the part that holds the fields when it is not the resource (an address) and the
 * fields that name that part (`addressId`).
 */
export interface CustomMessages<R = any> {
  prefix: string;
  naming: 'previous' | 'old';
  holder?(resource: R, action: any): { custom?: CustomFields } | undefined;
  part?(resource: R, action: any): Record<string, unknown>;
}

/** `setCustomType` with its message: `<prefix>CustomTypeSet` with the new fields, or `<prefix>CustomTypeRemoved`. */
export function emitsCustomType<R>(declared: UpdateAction<R>, shape: CustomMessages<R>): UpdateAction<R> {
  const holder = shape.holder ?? ((resource: R) => resource as { custom?: CustomFields });
  return emitsOneOf(
    declared,
    [`${shape.prefix}CustomTypeSet`, `${shape.prefix}CustomTypeRemoved`],
    (resource, a, oldTypeId: string | undefined) => {
      const custom = holder(resource, a)?.custom;
      const previous = oldTypeId === undefined ? {} : { [`${shape.naming}TypeId`]: oldTypeId };
      const part = shape.part?.(resource, a);
      return custom
        ? { type: `${shape.prefix}CustomTypeSet`, customFields: custom, ...previous, ...part }
        : { type: `${shape.prefix}CustomTypeRemoved`, ...previous, ...part };
    },
    (resource, a) => holder(resource, a)?.custom?.type.id,
  );
}

/** `setCustomField` with its message: `<prefix>CustomFieldAdded`, `...Changed` (with the value it replaced) or `...Removed`. */
export function emitsCustomField<R>(declared: UpdateAction<R>, shape: CustomMessages<R>): UpdateAction<R> {
  const holder = shape.holder ?? ((resource: R) => resource as { custom?: CustomFields });
  const [added, changed, removed] = ['Added', 'Changed', 'Removed'].map((what) => `${shape.prefix}CustomField${what}`) as [
    string,
    string,
    string,
  ];
  return emitsOneOf(
    declared,
    [added, changed, removed],
    (resource, a: { name: string }, oldValue: unknown) => {
      const value = holder(resource, a)?.custom?.fields[a.name];
      const part = shape.part?.(resource, a);
      if (value === undefined) return { type: removed, name: a.name, ...part };
      if (oldValue === undefined) return { type: added, name: a.name, value, ...part };
      return { type: changed, name: a.name, value, [`${shape.naming}Value`]: oldValue, ...part };
    },
    (resource, a: { name: string }) => holder(resource, a)?.custom?.fields[a.name],
  );
}

/** `setCustomType` and `setCustomField` of a type whose custom fields have messages. */
export function customFieldActionsWithMessages(prefix: string, naming: CustomMessages['naming']) {
  return {
    setCustomType: emitsCustomType(customFieldActions.setCustomType, { prefix, naming }),
    setCustomField: emitsCustomField(customFieldActions.setCustomField, { prefix, naming }),
  };
}

/**
 * The action with a message that carries one field of the changed resource (`CustomerTitleSet` with
 * `title`) and, when `oldField` names it, the value it had before (`oldKey`).
 */
export function emitsField<A extends UpdateAction<any>>(declared: A, type: string, field: string, oldField?: string): A {
  const read = (resource: object) => (resource as Record<string, unknown>)[field];
  return emits(
    declared,
    type,
    (resource, _a, old: unknown) => ({ [field]: read(resource), ...(oldField && old !== undefined ? { [oldField]: old } : {}) }),
    // A copy: an action may change the old value in place (a store pushed onto `stores`).
    oldField ? (resource) => jsonClone(read(resource)) : undefined,
  );
}

/**
 * `transitionState` with its `<Resource>StateTransition` message: the new `state`, `force` and (unless
 * the type's message has none) the `oldState` it replaced.
 */
export function emitsStateTransition<A extends UpdateAction<any>>(declared: A, type: string, withOldState = true): A {
  return emitsOneOf(
    declared,
    [type],
    // A product's state can be taken away (`state` absent): that is no transition to report.
    (resource: { state?: unknown }, a: { force?: boolean }, oldState: unknown) =>
      resource.state === undefined
        ? undefined
        : { type, state: resource.state, ...(withOldState && oldState !== undefined ? { oldState } : {}), force: a.force ?? false },
    (resource: { state?: unknown }) => resource.state,
  );
}

/** An update action that sets one optional field (`setKey`, `setDescription`, ...). */
export function setter<S extends z.ZodType>(field: string, schema: S, payloadName = field) {
  return action(
    () => z.object({ [payloadName]: schema.optional().nullable() }),
    (resource: object, a: Record<string, unknown>) => setField(resource, field, a[payloadName]),
  );
}

/** An update action that sets one required field (`changeName`, ...). */
export function changer<S extends z.ZodType>(field: string, schema: S, payloadName = field) {
  return action(
    () => z.object({ [payloadName]: schema }),
    (resource: object, a: Record<string, unknown>) => {
      (resource as Record<string, unknown>)[field] = a[payloadName];
    },
  );
}

/** No two resources of the type share a `sortOrder` (cart and product discounts, discount groups): 400 DuplicateField. */
export const uniqueSortOrder: UniqueIndex<{ sortOrder: string }> = {
  values: (resource) => [resource.sortOrder],
  duplicate: (value) => errors.duplicateField('sortOrder', value),
};

// Owners ------------------------------------------------------------------------------------

/** `setCustomer`: sets or removes the customer a resource belongs to (payments, shopping lists, reviews). */
export const customerSetter = action(
  () => z.object({ customer: resourceIdentifier('customer').optional().nullable() }),
  (resource: { customer?: unknown }, a, ctx) => {
    setField(resource, 'customer', a.customer ? ctx.reference('customer', a.customer) : undefined);
  },
);

/** `setAnonymousId`, refused while the resource (`label`: "payment", "shopping list") belongs to a customer. */
export function anonymousIdSetter(label: string) {
  return action(
    () => z.object({ anonymousId: z.string().optional().nullable() }),
    (resource: { customer?: unknown; anonymousId?: string }, a) => {
      if (resource.customer) throw errors.invalidOperation(`The ${label} belongs to a customer: it cannot get an anonymous id.`);
      setField(resource, 'anonymousId', a.anonymousId);
    },
  );
}

// Validity periods --------------------------------------------------------------------------

/** What a draft or a set action says of a validity period: each end it names is set, or opened by null. */
export interface ValidityChange {
  validFrom?: string | null;
  validUntil?: string | null;
}

/** Sets the ends `change` names, as canonical date-times, leaving the order of the ends to the caller's check. */
export function applyValidity(period: ValidityPeriod, change: ValidityChange): void {
  if ('validFrom' in change) setField(period, 'validFrom', change.validFrom ? canonicalDateTime(change.validFrom) : undefined);
  if ('validUntil' in change) setField(period, 'validUntil', change.validUntil ? canonicalDateTime(change.validUntil) : undefined);
}

/** `applyValidity`, refusing a period that ends before it starts (discounts and discount codes). */
export function setValidity(period: ValidityPeriod, change: ValidityChange): void {
  applyValidity(period, change);
  if (isEmptyPeriod(period)) throw errors.invalidOperation('validFrom must be before validUntil.');
}

/** `setValidFrom`, `setValidUntil` and `setValidFromAndUntil`, each handing the ends it names to `change`. */
export function validityActions<R>(change: (resource: R, ends: ValidityChange, ctx: ResourceContext) => void) {
  return {
    setValidFrom: action(
      () => z.object({ validFrom: DateTime.optional().nullable() }),
      (resource: R, a, ctx) => change(resource, { validFrom: a.validFrom }, ctx),
    ),
    setValidUntil: action(
      () => z.object({ validUntil: DateTime.optional().nullable() }),
      (resource: R, a, ctx) => change(resource, { validUntil: a.validUntil }, ctx),
    ),
    setValidFromAndUntil: action(
      () => z.object({ validFrom: DateTime.optional().nullable(), validUntil: DateTime.optional().nullable() }),
      (resource: R, a, ctx) => change(resource, { validFrom: a.validFrom, validUntil: a.validUntil }, ctx),
    ),
  };
}

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
