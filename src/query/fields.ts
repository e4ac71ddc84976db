/**
 * Field existence for strict `where` and `sort` validation. The platform rejects fields its schema
 * does not know. The mock knows a field when the resource type declares it (its draft schema and the
 * base fields every resource has, see `declaredFields`) or when a stored document has it: stored
 * resources carry the fields the mock derives from drafts (`shippingAddressIds`, `masterData`, ...).
 */
import type * as z from 'zod';

export type FieldExists = (path: readonly string[]) => boolean;

// Keys of a LocalizedString are locales; any locale may be asked for, whether stored or not.
const LOCALE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/**
 * A data-driven existence check over `documents`. With no documents nothing can be known, so every
 * path is accepted (an empty collection must answer an empty page, not a 400).
 */
export function fieldExistsIn(documents: readonly object[]): FieldExists {
  if (documents.length === 0) return () => true;
  return answeredOncePerPath((path) => documents.some((document) => hasPath(document, path, 0)));
}

/** Judges each path once: a predicate names a path in several clauses, and a type's declared-field check serves every query. */
function answeredOncePerPath(exists: FieldExists): FieldExists {
  const cache = new Map<string, boolean>();
  return (path) => {
    const key = path.join('\u0000');
    let known = cache.get(key);
    if (known === undefined) {
      known = exists(path);
      cache.set(key, known);
    }
    return known;
  };
}

function hasPath(value: unknown, path: readonly string[], depth: number): boolean {
  if (depth === path.length) return true;
  if (Array.isArray(value)) return value.some((element) => hasPath(element, path, depth));
  if (value === null || typeof value !== 'object') return false;
  if (isFreeForm(value, path, depth)) return true;
  const segment = path[depth]!;
  if (!Object.hasOwn(value, segment)) return false;
  return hasPath((value as Record<string, unknown>)[segment], path, depth + 1);
}

/**
 * Containers whose keys are user data rather than schema: Custom Fields (`custom.fields`),
 * attribute and custom-object values (`value`) and localized strings. Anything below them is
 * accepted, since the platform validates those against Types the mock does not model here.
 */
function isFreeForm(container: object, path: readonly string[], depth: number): boolean {
  const parent = path[depth - 1];
  if (parent === 'value') return true;
  if (parent === 'fields' && path[depth - 2] === 'custom') return true;
  const keys = Object.keys(container);
  return keys.length > 0 && keys.every((key) => LOCALE.test(key)) && Object.values(container).every((v) => typeof v === 'string');
}

/**
 * The fields a zod schema declares, for strict field checks: object keys, through optional and
 * nullable wrappers, unions and arrays (predicates look through arrays into their elements).
 * Below a record or an unknown value anything goes: those hold user data (localized strings,
 * custom field values, attribute values). A draft names other resources by id or key; the stored
 * resource holds a Reference, so below an identifier only `typeId` and `id` are declared (a
 * key reference's `key` is known from the stored data).
 */
export function declaredFields(schema: z.ZodType): FieldExists {
  return answeredOncePerPath((path) => declares(schema, path, 0));
}

/** The parts of zod's schema definitions the walk reads (`schema._zod.def`). */
interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
}

function declares(schema: z.ZodType, path: readonly string[], depth: number): boolean {
  const def = schema._zod.def as unknown as SchemaDef;
  switch (def.type) {
    case 'object': {
      if (depth === path.length) return true;
      const name = path[depth]!;
      if (isIdentifier(def.shape!)) return (name === 'typeId' || name === 'id') && depth + 1 === path.length;
      const field = def.shape![name];
      if (field) return declares(field, path, depth + 1);
      return def.catchall !== undefined && def.catchall._zod.def.type !== 'never';
    }
    case 'array':
      return declares(def.element!, path, depth);
    case 'union':
      return def.options!.some((option) => declares(option, path, depth));
    case 'intersection':
      return declares(def.left!, path, depth) || declares(def.right!, path, depth);
    case 'pipe':
      return declares(def.in!, path, depth) || declares(def.out!, path, depth);
    case 'lazy':
      return declares(def.getter!(), path, depth);
    case 'record':
    case 'unknown':
    case 'any':
      return true;
    default:
      // optional, nullable, default, readonly, ...: a wrapper; otherwise a scalar, with nothing below it.
      return def.innerType ? declares(def.innerType, path, depth) : depth === path.length;
  }
}

const isIdentifier = (shape: Record<string, unknown>) => {
  const names = Object.keys(shape);
  return names.includes('id') && names.includes('key') && names.every((name) => name === 'typeId' || name === 'id' || name === 'key');
};
