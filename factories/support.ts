import type { HookFn } from 'fishery';
import { tagDraft, type TaggedDraft } from '../src/api/seed.js';
import type { DraftOf, TypeId } from '../src/resources/type-map.js';

/** The password every customer factory draft carries unless a test passes its own (`build({ password })`). */
export const DEFAULT_PASSWORD = 'password123';

/** A draft as a generator fills it in: the SDK declares draft fields read-only. */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** A reference in a draft, by key: seeding resolves it to the resource with that key. */
export const byKey = <T extends string>(typeId: T, key: string) => ({ typeId, key });

/** `Summer Sale & Co.` → `summer-sale-co`: letters, digits and `-` only, as keys and slugs require. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'item';
}

/** A copy without `undefined` anywhere (what JSON keeps); arrays and objects are fresh, never shared between builds. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((entry) => (entry === undefined ? null : plain(entry)));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(value)) if (inner !== undefined) out[field] = plain(inner);
  return out;
}

/**
 * Makes a built object the plain draft it stands for: fields set to `undefined` (e.g. `build({ key:
 * undefined })`) are removed, nested values are copied (fishery shares arrays given as params between
 * builds), and the draft is tagged with its resource type under a non-enumerable symbol.
 */
function finish<T extends TypeId>(draft: TaggedDraft<T>, typeId: T): void {
  const record = draft as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(record)) {
    if (value === undefined) delete record[field];
    else record[field] = plain(value);
  }
  tagDraft(draft as DraftOf<T>, typeId);
}

/**
 * What a factory's generator returns: the draft, with the hook that finishes it registered first, so
 * that `build`, `buildList`, `params()`, `transient()` and every trait return tagged, plain drafts.
 */
export function draftOf<T extends TypeId, D extends DraftOf<T> = DraftOf<T>>(
  typeId: T,
  afterBuild: (hook: HookFn<D & TaggedDraft<T>>) => unknown,
  draft: D,
): D & TaggedDraft<T> {
  afterBuild((built) => finish(built, typeId));
  return draft as D & TaggedDraft<T>;
}

/** The `custom` field of a draft: a Type by key and field values. */
export const customFieldsDraft = (typeKey: string, fields: Record<string, unknown> = {}) => ({ type: byKey('type', typeKey), fields });
