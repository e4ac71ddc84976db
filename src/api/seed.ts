import { type ErrorObject, PlatformError } from '../http/errors.js';
import type { DraftOf, TypeId } from '../resources/type-map.js';

/**
 * Factory output carries its resource type under this symbol, non-enumerable, so the draft stays a
 * plain object that serializes to exactly the platform's draft JSON.
 */
export const RESOURCE_TYPE: unique symbol = Symbol.for('commerce-mock.resource-type') as never;

export type TaggedDraft<T extends TypeId = TypeId> = DraftOf<T> & { readonly [RESOURCE_TYPE]: T };

export function tagDraft<T extends TypeId>(draft: DraftOf<T>, typeId: T): TaggedDraft<T> {
  Object.defineProperty(draft, RESOURCE_TYPE, { value: typeId, enumerable: false, configurable: true });
  return draft as TaggedDraft<T>;
}

export function draftType(draft: unknown): TypeId | undefined {
  return typeof draft === 'object' && draft !== null
    ? ((draft as Record<symbol, unknown>)[RESOURCE_TYPE] as TypeId | undefined)
    : undefined;
}

/** One seed entry: factory output, or a `[typeId, draft]` pair for a plain draft. */
export type SeedItem = TaggedDraft | readonly [TypeId, unknown];
/** Seed entries, or lists of them (two levels: `seed(a, [b, c])` in the fixture, `buildList` output). */
export type SeedInput = SeedItem | ReadonlyArray<SeedItem | ReadonlyArray<SeedItem>>;
type ItemType<I> = I extends { readonly [RESOURCE_TYPE]: infer T extends TypeId }
  ? T
  : I extends readonly [infer T extends TypeId, unknown]
    ? T
    : never;
/** The type ids a seed input holds, read from the factory tags and pairs. */
export type SeededType<I> = I extends SeedItem
  ? ItemType<I>
  : I extends ReadonlyArray<infer Entry>
    ? Entry extends SeedItem
      ? ItemType<Entry>
      : Entry extends ReadonlyArray<infer Inner>
        ? ItemType<Inner>
        : never
    : never;

/**
 * The `[typeId, draft]` pairs a seed input holds, in order: factory output is read by its tag, lists
 * may nest. Throws a TypeError for an untagged draft (its type cannot be known), naming its index
 * among the pairs (`seed item 2`).
 */
export function seedPairs(items: unknown): Array<[string, unknown]> {
  const pairs: Array<[string, unknown]> = [];
  const visit = (item: unknown): void => {
    if (Array.isArray(item) && typeof item[0] === 'string' && item.length === 2 && !Array.isArray(item[1])) {
      pairs.push([item[0], item[1]]);
    } else if (Array.isArray(item)) {
      for (const entry of item) visit(entry);
    } else {
      const typeId = draftType(item);
      if (!typeId && typeof item === 'object' && item !== null && 'projectKey' in item && Object.keys(item).length === 1) {
        throw new TypeError('commerce-mock: seed() takes drafts only; to seed another project, use project(key).data.seed(...).');
      }
      if (!typeId) {
        throw new TypeError(
          `commerce-mock: seed item ${pairs.length} is an untagged draft: seed() needs factory output (tagged with its type) or a [typeId, draft] pair.`,
        );
      }
      pairs.push([typeId, item]);
    }
  };
  visit(items);
  return pairs;
}

/**
 * A seed item the mock refused: the message names the item (its index among the seeded drafts, from
 * 0, and its type) and each field at fault, the same on every surface (`seed item 2 (customer):
 * email: Missing required value.`). It is the platform's error otherwise: `statusCode`, `errors` and
 * `code` are those of the refusal, and `cause` is the `PlatformError` the item's create route answered.
 */
export class SeedError extends PlatformError {
  /** The refused item's index among the seeded drafts (lists flattened), from 0. */
  readonly index: number;
  readonly typeId: string;
  override readonly cause: PlatformError;

  constructor(index: number, typeId: string, cause: PlatformError) {
    super(cause.statusCode, cause.errors, { oauth: cause.oauth });
    this.name = 'SeedError';
    this.index = index;
    this.typeId = typeId;
    this.cause = cause;
    const faults = cause.errors.map((error) => faultOf(error).replace(/\.$/, ''));
    this.message = `commerce-mock: seed item ${index} (${typeId}): ${faults.join('; ')}.`;
  }

  /** The platform's envelope, its `message` this one, and `seedItem` for a client to name the item as well. */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), seedItem: { index: this.index, typeId: this.typeId } };
  }

  /** The error an envelope with `seedItem` (the admin API's answer to a refused seed) stands for, else `undefined`. */
  static fromJSON(statusCode: number, body: { errors: ErrorObject[]; seedItem?: unknown }): SeedError | undefined {
    const item = body.seedItem as { index?: unknown; typeId?: unknown } | undefined;
    if (typeof item?.index !== 'number' || typeof item.typeId !== 'string') return undefined;
    return new SeedError(item.index, item.typeId, new PlatformError(statusCode, body.errors));
  }
}

/** One error of a refusal, field first: `email: Missing required value.` rather than "Request body does not contain valid JSON." */
function faultOf(error: ErrorObject): string {
  const text = typeof error.detailedErrorMessage === 'string' ? error.detailedErrorMessage : error.message;
  return typeof error.field === 'string' && !text.startsWith(`${error.field}:`) ? `${error.field}: ${text}` : text;
}

/** What a seed item's refusal throws: a `SeedError` for a platform error, a usage error with the item named. */
export function seedItemError(error: unknown, index: number, typeId: string): unknown {
  if (error instanceof PlatformError) return new SeedError(index, typeId, error);
  if (error instanceof TypeError)
    return new TypeError(`commerce-mock: seed item ${index} (${typeId}): ${error.message.replace(/^commerce-mock: /, '')}`);
  return error;
}
