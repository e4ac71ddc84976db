import { z } from 'zod';
import { type ErrorObject, errors, fieldErrors } from '../http/errors.js';

/** `addresses[0].country`: the field path as the platform's error messages name it. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

/** One platform error per zod issue: RequiredField where nothing was given, InvalidField otherwise. */
function issueToError(issue: z.core.$ZodIssue, input: unknown, prefix: readonly PropertyKey[]): ErrorObject {
  const path = [...prefix, ...issue.path];
  const field = fieldPath(path) || 'body';
  const value = valueAt(input, issue.path);
  if (value === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) return errors.requiredField(field);
  const allowed = issue.code === 'invalid_value' ? (issue.values as unknown[]) : undefined;
  return errors.invalidField(field, value ?? null, issue.message, allowed);
}

/** Validates `input` against `schema`, reporting every invalid field at once; nothing runs before this passes. */
export function validate<T>(schema: z.ZodType<T>, input: unknown, prefix: readonly PropertyKey[] = []): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw fieldErrors(result.error.issues.map((issue) => issueToError(issue, input, prefix)));
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A field that other fields of the draft make required (a customer's `password` unless it uses
 * ExternalAuth, a division's `parentUnit`). Checked even when other fields are invalid, so it is
 * reported as RequiredField with every other problem of the draft. A plain check rather than
 * `superRefine`, which builds a closure on every parse: seeding validates tens of thousands of drafts.
 */
export function requiredWhen<T extends object>(field: keyof T & string, isRequired: (draft: T) => boolean): z.core.$ZodCheck<T> {
  return z.core._check<T>(
    (payload) => {
      const draft = payload.value;
      if ((draft as Record<string, unknown>)[field] === undefined && isRequired(draft)) {
        payload.issues.push({ code: 'invalid_type', expected: 'nonoptional', input: undefined, path: [field], message: 'Required.' });
      }
    },
    { when: (payload) => isPlainObject(payload.value) },
  );
}

// Shared draft building blocks -------------------------------------------------------------------

export const LocalizedString = z.record(z.string(), z.string());
export type LocalizedString = z.infer<typeof LocalizedString>;

/** A reference in a draft names its target by id or by key. */
export const ResourceIdentifier = z
  .object({ typeId: z.string().optional(), id: z.string().optional(), key: z.string().optional() })
  .refine((r) => r.id !== undefined || r.key !== undefined, { message: 'Either id or key must be given.' });
export type ResourceIdentifier = z.infer<typeof ResourceIdentifier>;

/** A store named in a draft or action, by id or key; stored as a KeyReference (`ctx.keyReference('store', ...)`). */
export const StoreResourceIdentifier = z.object({
  typeId: z.literal('store').optional(),
  id: z.string().optional(),
  key: z.string().optional(),
});

/** A decimal strictly between 0 and 1, as a string. */
export const SortOrder = z
  .string()
  .regex(/^0\.\d*[1-9]$/, "A sortOrder is a decimal between 0 and 1 that starts with '0.' and does not end with 0.");

export const Key = z.string().regex(/^[A-Za-z0-9_-]{2,256}$/, 'Keys have 2 to 256 characters: letters, digits, - and _.');

export const Country = z.string().regex(/^[A-Z]{2}$/, 'A country is a two-letter ISO 3166-1 code.');
export const Currency = z.string().regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO 4217 code.');

export const CustomFieldsDraft = z.object({
  type: ResourceIdentifier,
  fields: z.record(z.string(), z.unknown()).optional(),
});
export type CustomFieldsDraft = z.infer<typeof CustomFieldsDraft>;

export const GeoJsonPoint = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });

export const BaseAddress = z.object({
  id: z.string().optional(),
  key: z.string().optional(),
  externalId: z.string().optional(),
  country: Country,
  title: z.string().optional(),
  salutation: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  streetName: z.string().optional(),
  streetNumber: z.string().optional(),
  additionalStreetInfo: z.string().optional(),
  postalCode: z.string().optional(),
  city: z.string().optional(),
  region: z.string().optional(),
  state: z.string().optional(),
  company: z.string().optional(),
  department: z.string().optional(),
  building: z.string().optional(),
  apartment: z.string().optional(),
  pOBox: z.string().optional(),
  phone: z.string().optional(),
  mobile: z.string().optional(),
  email: z.string().optional(),
  fax: z.string().optional(),
  additionalAddressInfo: z.string().optional(),
  custom: CustomFieldsDraft.optional(),
});
export type BaseAddress = z.infer<typeof BaseAddress>;

/**
 * The version a request expects a resource to have. Any integer: one that is not the resource's
 * current version (0, -1, an old one) is a 409 ConcurrentModification naming the current one, as on
 * the platform, not a 400.
 */
export const ExpectedVersion = z.number().int();
