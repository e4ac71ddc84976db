/**
 * The unique and group indexes a resource definition declares, kept in storage beside the
 * resources: one collection per index, one document per value. Unique entries name the value's
 * owner; group entries list the members filed under the value.
 */
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import type { ResourceDefinition } from './define.js';

/** The storage collection of an index (unique or group) of a type: `customer#email`, `cart#activeOwner`. */
const indexCollection = (typeId: string, index: string) => `${typeId}#${index}`;

type UniqueIndex = NonNullable<ResourceDefinition['unique']>[string];
type Group = NonNullable<ResourceDefinition['groups']>[string];
type Indexes<I> = ReadonlyArray<{ collection: string; index: I }>;

/** A group's members under one value, stored in the group's collection as one document per value. */
interface GroupEntry extends StoredDocument {
  members: string[];
}

/** The values one save adds to and removes from one unique index. */
export interface UniqueIndexChange {
  collection: string;
  added: string[];
  removed: string[];
}

/**
 * Each index a definition declares with the name of its storage collection, built once per
 * definition: every save needs them, and a name built per save is a new string to hash each time.
 * Derived from the (immutable) definition only, never from data.
 */
function indexesOf<I>(
  cache: WeakMap<ResourceDefinition, Indexes<I>>,
  definition: ResourceDefinition,
  declared: Record<string, I> | undefined,
): Indexes<I> {
  let indexes = cache.get(definition);
  if (!indexes) {
    indexes = Object.entries(declared ?? {}).map(([name, index]) => ({ collection: indexCollection(definition.typeId, name), index }));
    cache.set(definition, indexes);
  }
  return indexes;
}

const uniqueIndexes = new WeakMap<ResourceDefinition, Indexes<UniqueIndex>>();
const uniqueIndexesOf = (definition: ResourceDefinition) => indexesOf(uniqueIndexes, definition, definition.unique);
const groupIndexes = new WeakMap<ResourceDefinition, Indexes<Group>>();
const groupIndexesOf = (definition: ResourceDefinition) => indexesOf(groupIndexes, definition, definition.groups);

/** The resource that holds `value` in the unique index `index` of its type. */
export function findUnique(
  storage: StorageBackend,
  project: string,
  typeId: string,
  index: string,
  value: string,
): StoredDocument | undefined {
  const entry = storage.get(project, indexCollection(typeId, index), value);
  return entry ? storage.get(project, typeId, entry.owner as string) : undefined;
}

/** The resources filed under `value` in the group index `group` of their type, in the order they joined it. */
export function groupMembers(storage: StorageBackend, project: string, typeId: string, group: string, value: string): StoredDocument[] {
  const entry = storage.get(project, indexCollection(typeId, group), value) as GroupEntry | undefined;
  const members: StoredDocument[] = [];
  for (const id of entry?.members ?? []) {
    const member = storage.get(project, typeId, id);
    if (member) members.push(member);
  }
  return members;
}

/**
 * What saving `next` over `previous` (undefined: a new resource) changes in the type's unique
 * indexes; throws the index's `duplicate` error for a value another resource holds. Reads only, so
 * a refused save has written nothing.
 */
export function uniqueIndexChanges(
  storage: StorageBackend,
  project: string,
  definition: ResourceDefinition,
  next: StoredDocument,
  previous: StoredDocument | undefined,
): UniqueIndexChange[] {
  const changes: UniqueIndexChange[] = [];
  for (const { collection, index: unique } of uniqueIndexesOf(definition)) {
    const values = new Set(unique.values(next));
    for (const value of values) {
      const holder = storage.get(project, collection, value);
      if (holder && holder.owner !== next.id) throw unique.duplicate(value, next);
    }
    if (!previous) {
      // A new resource: every value is added, nothing removed (no second set to compare with).
      changes.push({ collection, added: [...values], removed: [] });
      continue;
    }
    const old = new Set(unique.values(previous));
    changes.push({ collection, added: [...values].filter((v) => !old.has(v)), removed: [...old].filter((v) => !values.has(v)) });
  }
  return changes;
}

/** Writes the entries of `changes` (from `uniqueIndexChanges`), each added value owned by `owner`. */
export function writeUniqueIndexChanges(storage: StorageBackend, project: string, changes: UniqueIndexChange[], owner: string): void {
  for (const change of changes) {
    for (const value of change.removed) storage.delete(project, change.collection, value);
    for (const value of change.added) storage.write(project, change.collection, { id: value, version: 1, owner }, { expectedVersion: 0 });
  }
}

/** Deletes the unique-index entries of a resource being deleted. */
export function removeUniqueIndexEntries(
  storage: StorageBackend,
  project: string,
  definition: ResourceDefinition,
  resource: StoredDocument,
): void {
  for (const { collection, index: unique } of uniqueIndexesOf(definition)) {
    for (const value of unique.values(resource)) storage.delete(project, collection, value);
  }
}

/** Moves a resource between the groups it was and is filed under (`next` undefined: it is deleted). */
export function regroup(
  storage: StorageBackend,
  definition: ResourceDefinition,
  project: string,
  id: string,
  previous: StoredDocument | undefined,
  next: StoredDocument | undefined,
): void {
  for (const { collection, index: group } of groupIndexesOf(definition)) {
    const before = previous ? group.values(previous) : [];
    const after = next ? group.values(next) : [];
    for (const value of before) if (!after.includes(value)) fileUnder(storage, project, collection, value, id, false);
    for (const value of after) if (!before.includes(value)) fileUnder(storage, project, collection, value, id, true);
  }
}

function fileUnder(storage: StorageBackend, project: string, collection: string, value: string, id: string, join: boolean): void {
  const entry = storage.get(project, collection, value) as GroupEntry | undefined;
  const members = join ? [...(entry?.members ?? []), id] : (entry?.members ?? []).filter((member) => member !== id);
  const expectedVersion = entry?.version ?? 0;
  if (members.length === 0) {
    if (entry) storage.delete(project, collection, value, expectedVersion);
    return;
  }
  storage.write(project, collection, { id: value, version: expectedVersion + 1, members } as GroupEntry, { expectedVersion });
}

/**
 * Files every stored resource in its groups again, from the resources themselves: an import may
 * come from an export made before a group index existed, or hold group entries edited by hand.
 */
export function rebuildGroups(storage: StorageBackend, definitions: Iterable<ResourceDefinition>): void {
  storage.transaction(() => {
    const types = [...definitions];
    for (const project of storage.projects()) {
      for (const definition of types) {
        const groups = groupIndexesOf(definition);
        if (groups.length === 0) continue;
        for (const { collection } of groups) {
          for (const entry of [...storage.scan(project, collection)]) storage.delete(project, collection, entry.id);
        }
        for (const document of [...storage.scan(project, definition.typeId)]) {
          regroup(storage, definition, project, document.id, undefined, document);
        }
      }
    }
  });
}
