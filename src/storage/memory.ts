import { KeyConflict, type StorageBackend, type StoredDocument, VersionConflict, type WriteOptions } from './types.js';

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

/** The default backend: maps per project and type, with a key index; lookups never scan. */
export class MemoryStorage implements StorageBackend {
  readonly name = 'memory';
  private readonly projectsByKey = new Map<string, Map<string, Collection>>();
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
    }
    return collection;
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
    const collection = this.collection(project, typeId, true);
    const { id } = document;
    const { key } = options;
    const previous = collection.byId.get(id);
    const actual = previous?.version ?? 0;
    if (actual !== options.expectedVersion) throw new VersionConflict(id, options.expectedVersion, actual);
    const holder = key === undefined ? undefined : collection.idByKey.get(key);
    if (holder !== undefined && holder !== id) throw new KeyConflict(key!, holder);

    // A new document holds no key yet: no lookup (seeding writes two documents per resource).
    const previousKey = previous ? collection.keyById.get(id) : undefined;
    this.setEntry(collection, id, document, key, previousKey);
    if (!previous) collection.seqById.set(id, collection.nextSeq++);
    // Undone last-in first-out, so when this undo runs the entry holds this write's key again.
    this.undoLog?.push(() => this.setEntry(collection, id, previous, previousKey, key));
  }

  delete(project: string, typeId: string, id: string, expectedVersion?: number): StoredDocument | undefined {
    const collection = this.collection(project, typeId);
    const previous = collection?.byId.get(id);
    if (!collection || !previous) return undefined;
    if (expectedVersion !== undefined && previous.version !== expectedVersion) {
      throw new VersionConflict(id, expectedVersion, previous.version);
    }
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

  clear(project?: string): void {
    if (project === undefined) this.projectsByKey.clear();
    else this.projectsByKey.delete(project);
  }
}
