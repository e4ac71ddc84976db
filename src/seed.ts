import type { DraftOf, TypeId } from './resources/type-map.js';

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
