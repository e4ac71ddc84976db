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
 * may nest. Throws a TypeError for an untagged draft (its type cannot be known).
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
          'commerce-mock: seed() needs factory output (tagged with its type) or a [typeId, draft] pair; got an untagged draft.',
        );
      }
      pairs.push([typeId, item]);
    }
  };
  visit(items);
  return pairs;
}
