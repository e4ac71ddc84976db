import {
  KeyConflict,
  type StorageBackend,
  type StorageChange,
  type StorageEntry,
  type StorageSnapshot,
  type StoredDocument,
  VersionConflict,
  type WriteOptions,
} from './backend.js';
import { Generations } from './generations.js';

/**
 * What a collection's map holds for one document. A unique-index entry (`{ id, version: 1, owner }`:
 * one per indexed value of every resource, a customer's email) is held as its owner's id alone, a
 * string the owner's document holds already, and read back as a fresh entry: 48 bytes less per
 * indexed value, the size of the entry object.
 */
type Held = StoredDocument | string;

/** The owner's id when `document` is a unique-index entry and nothing more, so it can be held as that id (see `Held`). */
function ownerOnly(document: StoredDocument): string | undefined {
  if (document.version !== 1 || typeof document.owner !== 'string') return undefined;
  let fields = 0;
  for (const _ in document) fields += 1;
  return fields === 3 ? document.owner : undefined;
}

interface Collection {
  /** While a transaction runs, a document it deleted is `DELETED` here, holding its place in case of a rollback. */
  byId: Map<string, Held>;
  /** Whether `byId` holds any document as its owner's id (see `Held`): then a scan reads each one back. */
  holdsOwners: boolean;
  idByKey: Map<string, string>;
  /**
   * The key of each document found by a value other than its own `key` field (a custom object's
   * container and key): most documents need no entry, their key is read from them (see `keyOf`).
   */
  otherKeys: Map<string, string>;
  /** How many entries of `byId` are `DELETED`. */
  deleted: number;
}

/**
 * The placeholder of a document deleted inside a running transaction. Keeping the entry keeps the
 * document's place in the map's insertion order, so a rollback puts it back where it was without a
 * position stored per document; the outermost commit removes the placeholders.
 */
const DELETED: StoredDocument = Object.freeze({ id: '', version: 0 });

/** The document `held` under `id` as callers see it: none for a deleted one's placeholder, an entry rebuilt from its owner's id. */
function live(id: string, held: Held | undefined): StoredDocument | undefined {
  if (typeof held === 'string') return { id, version: 1, owner: held };
  return held === DELETED ? undefined : held;
}

function* liveDocuments(byId: Map<string, Held>): Iterable<StoredDocument> {
  for (const [id, held] of byId) {
    const document = live(id, held);
    if (document) yield document;
  }
}

type Undo = () => void;

type Projects = Map<string, Map<string, Collection>>;

/** The maps of projects and types copied; the collections shared (copied on their next change). */
const shareCollections = (projects: Projects): Projects => new Map([...projects].map(([key, types]) => [key, new Map(types)]));

class MemorySnapshot implements StorageSnapshot {
  readonly storage = 'memory';
  constructor(readonly projects: Projects) {}
}

/** The key a stored document is found by, if any: its own `key` field when the index holds it for the document. */
function keyOf(collection: Collection, document: StoredDocument): string | undefined {
  const own = document.key;
  if (typeof own === 'string' && collection.idByKey.get(own) === document.id) return own;
  return collection.otherKeys.size === 0 ? undefined : collection.otherKeys.get(document.id);
}

/** Moves the key index entry of document `id` from `from` to `to` (either may be absent); `document` is the one stored now. */
function setKey(
  collection: Collection,
  id: string,
  from: string | undefined,
  to: string | undefined,
  document: StoredDocument | undefined,
): void {
  const { idByKey, otherKeys } = collection;
  if (from !== to) {
    if (from !== undefined && idByKey.get(from) === id) idByKey.delete(from);
    if (to !== undefined) idByKey.set(to, id);
  }
  if (to !== undefined && to !== document?.key) otherKeys.set(id, to);
  else if (otherKeys.size > 0) otherKeys.delete(id);
}

/**
 * The default backend: maps per project and type, with a key index; lookups never scan.
 *
 * Snapshots share structure: taking or restoring one copies only the maps of projects and types, and
 * a collection shared with a snapshot is copied on its first change afterwards (copy on write), so
 * restoring a large baseline costs microseconds and a test pays only for the collections it writes.
 */
export class MemoryStorage implements StorageBackend {
  readonly name = 'memory';
  private projectsByKey: Projects = new Map();
  /** The collections this storage may change in place; any other one is shared with a snapshot. */
  private owned = new WeakSet<Collection>();
  /** While a transaction runs, how to take back each change made so far. */
  private undoLog: Undo[] | undefined;
  /** While a transaction runs, the documents it deleted (their placeholders go when it commits). */
  private deletedInTransaction: Array<[Collection, string]> = [];
  private readonly generations = new Generations();

  private collection(project: string, typeId: string, create: true): Collection;
  private collection(project: string, typeId: string, create?: false): Collection | undefined;
  private collection(project: string, typeId: string, create = false): Collection | undefined {
    let types = this.projectsByKey.get(project);
    if (!types) {
      if (!create) return undefined;
      types = new Map();
      this.projectsByKey.set(project, types);
    }
    let collection = types.get(typeId);
    if (!collection && create) {
      collection = { byId: new Map(), holdsOwners: false, idByKey: new Map(), otherKeys: new Map(), deleted: 0 };
      types.set(typeId, collection);
      this.owned.add(collection);
    }
    return collection;
  }

  /** The collection to change: its own copy first when it is shared with a snapshot. */
  private writable(project: string, typeId: string): Collection {
    const collection = this.collection(project, typeId, true);
    if (this.owned.has(collection)) return collection;
    const copy: Collection = {
      ...collection,
      byId: new Map(collection.byId),
      idByKey: new Map(collection.idByKey),
      otherKeys: new Map(collection.otherKeys),
    };
    this.projectsByKey.get(project)!.set(typeId, copy);
    this.owned.add(copy);
    return copy;
  }

  get(project: string, typeId: string, id: string): StoredDocument | undefined {
    return live(id, this.collection(project, typeId)?.byId.get(id));
  }

  getByKey(project: string, typeId: string, key: string): StoredDocument | undefined {
    const collection = this.collection(project, typeId);
    const id = collection?.idByKey.get(key);
    return id === undefined ? undefined : live(id, collection!.byId.get(id));
  }

  write(project: string, typeId: string, document: StoredDocument, options: WriteOptions): void {
    const { id } = document;
    const { key } = options;
    const found = this.collection(project, typeId);
    const actual = live(id, found?.byId.get(id))?.version ?? 0;
    if (actual !== options.expectedVersion) throw new VersionConflict(id, options.expectedVersion, actual);
    const holder = key === undefined ? undefined : found?.idByKey.get(key);
    if (holder !== undefined && holder !== id) throw new KeyConflict(key!, holder);
    const collection = this.writable(project, typeId);
    const entry = collection.byId.get(id);
    this.generations.touch(project, typeId, id, live(id, entry) ? 'replaced' : 'created');
    if (entry === DELETED) {
      this.reinsert(collection, document, key);
      return;
    }
    const previous = live(id, entry);
    // A new document holds no key yet: no lookup (seeding writes two documents per resource).
    const previousKey = previous ? keyOf(collection, previous) : undefined;
    setKey(collection, id, previousKey, key, document);
    this.hold(collection, document);
    // Undone last-in first-out, so when this undo runs the entry holds this write's key again.
    this.undoLog?.push(() => {
      setKey(collection, id, key, previousKey, previous);
      if (entry !== undefined) collection.byId.set(id, entry);
      else collection.byId.delete(id);
    });
  }

  /**
   * Writes a document whose id this transaction deleted: it goes last, as a new document does. Rare,
   * so its undo simply rebuilds the map in the order it had before.
   */
  private reinsert(collection: Collection, document: StoredDocument, key: string | undefined): void {
    const { id } = document;
    const order = [...collection.byId.keys()];
    collection.byId.delete(id);
    collection.deleted -= 1;
    setKey(collection, id, undefined, key, document);
    this.hold(collection, document);
    this.undoLog!.push(() => {
      setKey(collection, id, key, undefined, document);
      const { byId } = collection;
      collection.byId = new Map(order.map((each) => [each, each === id ? DELETED : byId.get(each)!]));
      collection.deleted += 1;
    });
  }

  private hold(collection: Collection, document: StoredDocument): void {
    const owner = ownerOnly(document);
    if (owner !== undefined) collection.holdsOwners = true;
    collection.byId.set(document.id, owner ?? document);
  }

  delete(project: string, typeId: string, id: string, expectedVersion?: number): StoredDocument | undefined {
    const stored = this.collection(project, typeId)?.byId.get(id);
    const previous = live(id, stored);
    if (!previous) return undefined;
    if (expectedVersion !== undefined && previous.version !== expectedVersion) {
      throw new VersionConflict(id, expectedVersion, previous.version);
    }
    const collection = this.writable(project, typeId);
    this.generations.touch(project, typeId, id, 'deleted');
    const previousKey = keyOf(collection, previous);
    setKey(collection, id, previousKey, undefined, undefined);
    if (!this.undoLog) {
      collection.byId.delete(id);
      return previous;
    }
    collection.byId.set(id, DELETED);
    collection.deleted += 1;
    this.deletedInTransaction.push([collection, id]);
    this.undoLog.push(() => {
      collection.byId.set(id, stored!);
      collection.deleted -= 1;
      setKey(collection, id, undefined, previousKey, previous);
    });
    return previous;
  }

  scan(project: string, typeId: string): Iterable<StoredDocument> {
    const collection = this.collection(project, typeId);
    if (!collection) return [];
    return collection.deleted === 0 && !collection.holdsOwners
      ? (collection.byId.values() as Iterable<StoredDocument>)
      : liveDocuments(collection.byId);
  }

  count(project: string, typeId: string): number {
    const collection = this.collection(project, typeId);
    return collection ? collection.byId.size - collection.deleted : 0;
  }

  generation(project: string, typeId: string): number {
    return this.generations.of(project, typeId);
  }

  changedSince(project: string, typeId: string, since: number): readonly StorageChange[] | undefined {
    return this.generations.since(project, typeId, since);
  }

  /**
   * Nests like savepoints: a throw undoes the changes made since this (inner) transaction began and
   * propagates; an outer transaction that catches it keeps its own earlier and later changes.
   */
  transaction<T>(work: () => T): T {
    const outermost = this.undoLog === undefined;
    const log = (this.undoLog ??= []);
    const mark = log.length;
    try {
      const result = work();
      if (outermost) this.removeDeleted();
      return result;
    } catch (error) {
      while (log.length > mark) log.pop()!();
      this.generations.touchAll();
      throw error;
    } finally {
      if (outermost) {
        this.undoLog = undefined;
        this.deletedInTransaction = [];
      }
    }
  }

  /** At the outermost commit: the placeholders of deleted documents go (a rolled back delete left none). */
  private removeDeleted(): void {
    for (const [collection, id] of this.deletedInTransaction) {
      if (collection.byId.get(id) !== DELETED) continue;
      collection.byId.delete(id);
      collection.deleted -= 1;
    }
  }

  projects(): string[] {
    return [...this.projectsByKey]
      .filter(([, types]) => [...types.values()].some((c) => c.byId.size > c.deleted))
      .map(([project]) => project);
  }

  *entries(): Iterable<StorageEntry> {
    for (const [project, types] of this.projectsByKey) {
      for (const [typeId, collection] of types) {
        for (const document of this.scan(project, typeId)) {
          const key = keyOf(collection, document);
          yield key === undefined ? { project, typeId, document } : { project, typeId, key, document };
        }
      }
    }
  }

  clear(project?: string): void {
    this.generations.touchAll();
    if (project === undefined) this.projectsByKey.clear();
    else this.projectsByKey.delete(project);
  }

  snapshot(): StorageSnapshot {
    this.refuseInTransaction('snapshot');
    // From now on every collection is shared with the snapshot: the next change of one copies it.
    this.owned = new WeakSet();
    return new MemorySnapshot(shareCollections(this.projectsByKey));
  }

  restore(snapshot: StorageSnapshot): void {
    this.refuseInTransaction('restore');
    if (!(snapshot instanceof MemorySnapshot)) {
      throw new TypeError(`commerce-mock: the memory storage cannot restore a snapshot of the ${snapshot.storage} storage.`);
    }
    this.projectsByKey = shareCollections(snapshot.projects);
    this.owned = new WeakSet();
    this.generations.touchAll();
  }

  private refuseInTransaction(operation: string): void {
    if (this.undoLog !== undefined) throw new Error(`commerce-mock: a storage ${operation} inside a transaction.`);
  }
}
