import {
  KeyConflict,
  type StorageBackend,
  type StorageEntry,
  type StorageSnapshot,
  type StoredDocument,
  VersionConflict,
  type WriteOptions,
} from './types.js';

interface Collection {
  byId: Map<string, StoredDocument>;
  idByKey: Map<string, string>;
  keyById: Map<string, string>;
  /** Insertion position of each document, so a rolled-back delete can take its old place again. */
  seqById: Map<string, number>;
  nextSeq: number;
  /** Set when a rollback re-inserted a document at the end of `byId`: the next scan restores the order. */
  disordered: boolean;
}

type Undo = () => void;

type Projects = Map<string, Map<string, Collection>>;

/** The maps of projects and types copied; the collections shared (copied on their next change). */
const shareCollections = (projects: Projects): Projects => new Map([...projects].map(([key, types]) => [key, new Map(types)]));

class MemorySnapshot implements StorageSnapshot {
  readonly storage = 'memory';
  constructor(readonly projects: Projects) {}
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
      collection = { byId: new Map(), idByKey: new Map(), keyById: new Map(), seqById: new Map(), nextSeq: 0, disordered: false };
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
      keyById: new Map(collection.keyById),
      seqById: new Map(collection.seqById),
    };
    this.projectsByKey.get(project)!.set(typeId, copy);
    this.owned.add(copy);
    return copy;
  }

  get(project: string, typeId: string, id: string): StoredDocument | undefined {
    return this.collection(project, typeId)?.byId.get(id);
  }

  getByKey(project: string, typeId: string, key: string): StoredDocument | undefined {
    const collection = this.collection(project, typeId);
    const id = collection?.idByKey.get(key);
    return id === undefined ? undefined : collection!.byId.get(id);
  }

  write(project: string, typeId: string, document: StoredDocument, options: WriteOptions): void {
    const { id } = document;
    const { key } = options;
    const found = this.collection(project, typeId);
    const actual = found?.byId.get(id)?.version ?? 0;
    if (actual !== options.expectedVersion) throw new VersionConflict(id, options.expectedVersion, actual);
    const holder = key === undefined ? undefined : found?.idByKey.get(key);
    if (holder !== undefined && holder !== id) throw new KeyConflict(key!, holder);
    const collection = this.writable(project, typeId);
    const previous = collection.byId.get(id);

    // A new document holds no key yet: no lookup (seeding writes two documents per resource).
    const previousKey = previous ? collection.keyById.get(id) : undefined;
    this.setEntry(collection, id, document, key, previousKey);
    if (!previous) collection.seqById.set(id, collection.nextSeq++);
    // Undone last-in first-out, so when this undo runs the entry holds this write's key again.
    this.undoLog?.push(() => this.setEntry(collection, id, previous, previousKey, key));
  }

  delete(project: string, typeId: string, id: string, expectedVersion?: number): StoredDocument | undefined {
    const previous = this.collection(project, typeId)?.byId.get(id);
    if (!previous) return undefined;
    if (expectedVersion !== undefined && previous.version !== expectedVersion) {
      throw new VersionConflict(id, expectedVersion, previous.version);
    }
    const collection = this.writable(project, typeId);
    const previousKey = collection.keyById.get(id);
    const previousSeq = collection.seqById.get(id)!;
    this.setEntry(collection, id, undefined, undefined, previousKey);
    this.undoLog?.push(() => {
      this.setEntry(collection, id, previous, previousKey, undefined);
      collection.seqById.set(id, previousSeq);
      collection.disordered = true;
    });
    return previous;
  }

  /**
   * Puts (or with `undefined`, removes) a document and keeps the key index in step. `currentKey` is
   * the key the entry holds now, which the caller knows (none for a new document).
   */
  private setEntry(
    collection: Collection,
    id: string,
    document: StoredDocument | undefined,
    key: string | undefined,
    currentKey: string | undefined,
  ): void {
    if (currentKey !== undefined) {
      if (collection.idByKey.get(currentKey) === id) collection.idByKey.delete(currentKey);
      collection.keyById.delete(id);
    }
    if (!document) {
      collection.byId.delete(id);
      collection.seqById.delete(id);
      return;
    }
    collection.byId.set(id, document);
    if (key !== undefined) {
      collection.idByKey.set(key, id);
      collection.keyById.set(id, key);
    }
  }

  scan(project: string, typeId: string): Iterable<StoredDocument> {
    const collection = this.collection(project, typeId);
    if (!collection) return [];
    if (collection.disordered) {
      const entries = [...collection.byId].sort(([a], [b]) => collection.seqById.get(a)! - collection.seqById.get(b)!);
      collection.byId = new Map(entries);
      collection.disordered = false;
    }
    return collection.byId.values();
  }

  count(project: string, typeId: string): number {
    return this.collection(project, typeId)?.byId.size ?? 0;
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
      return work();
    } catch (error) {
      while (log.length > mark) log.pop()!();
      throw error;
    } finally {
      if (outermost) this.undoLog = undefined;
    }
  }

  projects(): string[] {
    return [...this.projectsByKey].filter(([, types]) => [...types.values()].some((c) => c.byId.size > 0)).map(([project]) => project);
  }

  *entries(): Iterable<StorageEntry> {
    for (const [project, types] of this.projectsByKey) {
      for (const [typeId, collection] of types) {
        for (const document of this.scan(project, typeId)) {
          const key = collection.keyById.get(document.id);
          yield key === undefined ? { project, typeId, document } : { project, typeId, key, document };
        }
      }
    }
  }

  clear(project?: string): void {
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
  }

  private refuseInTransaction(operation: string): void {
    if (this.undoLog !== undefined) throw new Error(`commerce-mock: a storage ${operation} inside a transaction.`);
  }
}
