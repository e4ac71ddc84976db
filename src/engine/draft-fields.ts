/**
 * The fields many drafts share (a key, a LocalizedString, a ResourceIdentifier, an address, custom
 * fields): each resource type builds its draft schema from them. Kept apart from `validation.ts`, which
 * the core needs from the start: a process makes these schemas when it loads its first type.
 */
import * as z from 'zod';
import { isPlainObject, UNPARSABLE } from './validation.js';
import { oncePerKey } from '../util/once.js';

/**
 * A language tag in the shape IETF BCP 47 gives it (`en`, `de-DE`, `zh-Hans-SG`, `es-419`): the
 * keys of every LocalizedString and the project's languages. Case does not matter in BCP 47.
 */
export const LanguageTag = z
  .string()
  .refine((tag) => /^[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?(-([a-z\d]{5,8}|\d[a-z\d]{3}))*$/i.test(tag), {
    message: 'A language tag (IETF BCP 47, such as en or en-US) expected',
    params: { [UNPARSABLE]: true },
  });

/**
 * A member named `__proto__` is an own member of what JSON.parse builds, but zod's records skip it
 * unchecked: it is checked here, so a LocalizedString with one is refused like any member whose name
 * is not a language tag, rather than stored without it.
 */
function protoKeyChecked(input: unknown, payload: z.core.ParsePayload): unknown {
  if (isPlainObject(input) && Object.hasOwn(input, '__proto__')) {
    const key = LanguageTag.safeParse('__proto__');
    if (!key.success) {
      payload.issues.push({ code: 'invalid_key', origin: 'record', issues: key.error.issues, input: '__proto__', path: ['__proto__'] });
    }
  }
  return input;
}

/** A JSON object whose keys are language tags: a LocalizedString of `value`s. */
export const localized = <S extends z.ZodType>(value: S) => z.preprocess(protoKeyChecked, z.record(LanguageTag, value));

export const LocalizedString = localized(z.string());
export type LocalizedString = z.infer<typeof LocalizedString>;

/**
 * The platform's identifier rule: 2 to 256 characters of letters, digits, `-` and `_`. Resource and
 * line item keys, slugs, attribute names and custom field names all follow it.
 */
const identifier = (what: string) =>
  z.string().regex(/^[A-Za-z0-9_-]{2,256}$/, `${what} have 2 to 256 characters: letters, digits, - and _.`);

export const Slug = localized(identifier('Slugs'));

export const Key = identifier('Keys');

/**
 * The key of a type whose key the API reference gives no pattern (products and their variants,
 * recurrence policy drafts, replica carts, reviews, product selections): any string but the empty one.
 */
export const FreeKey = z.string().min(1);

export const AttributeName = identifier('Attribute names');

/**
 * The API reference caps a custom field's name at 36 characters, but the platform accepts longer
 * ones (its own SDK's tests create `type-field-name-` followed by a UUID, 52 characters), so the
 * identifier rule applies.
 */
export const FieldName = identifier('Field names');

/** An ISO 8601 date-time with an offset that names a real instant (`2026-02-30T00:00:00Z` is refused). */
export const DateTime = z.iso.datetime({
  offset: true,
  error: 'A date-time (ISO 8601 with an offset or Z, such as 2026-01-31T12:00:00.000Z) expected',
});

/** An ISO 8601 calendar date that exists (`2026-02-30` is refused). */
export const CalendarDate = z.iso.date({ error: 'A date (ISO 8601, such as 2026-01-31) expected' });

/** The fields of a ResourceIdentifier, whatever it names. */
export interface ResourceIdentifier {
  typeId?: string | undefined;
  id?: string | undefined;
  key?: string | undefined;
}

/**
 * Marks a ResourceIdentifier whose `typeId` its field implies: the GraphQL API's
 * ResourceIdentifierInput, whose `typeId` is optional (the field's type names the target there).
 */
export const IMPLIED_TYPE_ID: unique symbol = Symbol('commerce-mock.implied-type-id');

const impliedTypeId = (typeId: string) => (input: unknown) =>
  isPlainObject(input) && input.typeId === undefined && (input as { [IMPLIED_TYPE_ID]?: true })[IMPLIED_TYPE_ID]
    ? { ...input, typeId }
    : input;

/**
 * A draft's reference to a resource of `typeId`, by id or by key. `typeId` is required, as the
 * platform's definition declares it for every ResourceIdentifier (a GraphQL input may leave it out,
 * see `IMPLIED_TYPE_ID`), and it must be the field's type: another one is a shape error rather
 * than silently replaced.
 */
export function resourceIdentifier<T extends string>(typeId: T): ResourceIdentifierSchema<T> {
  return identifierSchemas(typeId) as ResourceIdentifierSchema<T>;
}

const identifierSchema = <T extends string>(typeId: T) =>
  z.preprocess(
    impliedTypeId(typeId),
    z
      .object({ typeId: z.literal(typeId), id: z.string().optional(), key: z.string().optional() })
      .refine((r) => r.id !== undefined || r.key !== undefined, { message: 'Either id or key must be given.' }),
  );
type ResourceIdentifierSchema<T extends string> = ReturnType<typeof identifierSchema<T>>;
/** One schema per type: drafts name the same few types some 150 times, and a schema is immutable. */
const identifierSchemas = oncePerKey((typeId: string) => identifierSchema(typeId));

/** A value of an enum attribute or custom field, and of a localized one: a key and its label. */
export const PlainEnumValue = z.object({ key: z.string().min(1), label: z.string() });
export type PlainEnumValue = z.infer<typeof PlainEnumValue>;
export const LocalizedEnumValue = z.object({ key: z.string().min(1), label: LocalizedString });
export type LocalizedEnumValue = z.infer<typeof LocalizedEnumValue>;

/** How an update action names a line item of a cart, an order or a shopping list: by id or by key. */
export const LineItemLocator = z.object({ lineItemId: z.string().optional(), lineItemKey: z.string().optional() });

/** A decimal strictly between 0 and 1, as a string. */
export const SortOrder = z
  .string()
  .regex(/^0\.\d*[1-9]$/, "A sortOrder is a decimal between 0 and 1 that starts with '0.' and does not end with 0.");

export const Country = z.string().regex(/^[A-Z]{2}$/, 'A country is a two-letter ISO 3166-1 code.');
export { CurrencyCode as Currency } from '../pricing/money.js';

export const CustomFieldsDraft = z.object({
  type: resourceIdentifier('type'),
  fields: z.record(z.string(), z.unknown()).optional(),
});
export type CustomFieldsDraft = z.infer<typeof CustomFieldsDraft>;

export const GeoJsonPoint = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });

export const BaseAddress = z.object({
  id: z.string().optional(),
  key: Key.optional(),
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
