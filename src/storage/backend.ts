/**
 * The storage contract. Deliberately small and synchronous: the in-memory backend is the default,
 * and every other backend (SQLite, a user's own) implements exactly this and passes the same
 * contract tests. Nothing above this layer knows which backend runs.
 *
 * Documents are plain JSON objects with at least `id` and `version`. A backend stores them as
 * given and returns them as stored; callers never mutate a returned document (the engine copies
 * before it changes anything).
 *
 * The contract suite (`runStorageContract` in contract.ts, package entry point
 * `commerce-mock/storage-contract`) checks every rule; docs/storage.md explains them.
 */

export interface StoredDocument {
  id: string;
  version: number;
  [field: string]: unknown;
}

export interface WriteOptions {
  /** 0 when the document must not exist yet; otherwise the version the stored document must have. */
  expectedVersion: number;
  /** The value the document is found by through `getByKey`; absent when it has none. */
  key?: string;
}

/** Thrown by `write` and `delete` when the stored version is not the expected one. */
export class VersionConflict extends Error {
  constructor(
    readonly id: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`Document ${id} is at version ${actualVersion}, not ${expectedVersion}.`);
    this.name = 'VersionConflict';
  }
}

/** Thrown by `write` when another document of the collection already has the key. */
export class KeyConflict extends Error {
  constructor(
    readonly key: string,
    readonly existingId: string,
  ) {
    super(`Key '${key}' is taken by document ${existingId}.`);
    this.name = 'KeyConflict';
  }
}

/**
 * The whole content of a backend at one moment, as `snapshot()` captured it: opaque, and unchanged by
 * later writes. Only the backend (kind) that made it can restore it.
 */
export interface StorageSnapshot {
  readonly storage: string;
}

/** One stored document as `entries()` lists it. */
export interface StorageEntry {
  project: string;
  typeId: string;
  /** The value `getByKey` finds the document by, when it has one. */
  key?: string;
  document: StoredDocument;
}

/** One write or delete in a collection (`StorageBackend.changedSince`). */
export interface StorageChange {
  /** The collection's generation right after it. */
  readonly generation: number;
  readonly id: string;
  /** `created`: the document is new (it goes last in `scan`); `replaced`: it keeps its place. */
  readonly kind: 'created' | 'replaced' | 'deleted';
}

/**
 * A collection is named by project key and type id (for example `('shop', 'customer')`).
 * Collections come into being on first write.
 */
export interface StorageBackend {
  readonly name: string;
  get(project: string, typeId: string, id: string): StoredDocument | undefined;
  getByKey(project: string, typeId: string, key: string): StoredDocument | undefined;
  /** Insert or replace, atomically checking `expectedVersion` and key uniqueness. */
  write(project: string, typeId: string, document: StoredDocument, options: WriteOptions): void;
  /** Removes and returns the document; checks the version when one is given. */
  delete(project: string, typeId: string, id: string, expectedVersion?: number): StoredDocument | undefined;
  /** Every document of the collection, in insertion order (replacing keeps a document's place). */
  scan(project: string, typeId: string): Iterable<StoredDocument>;
  count(project: string, typeId: string): number;
  /**
   * Optional: a number that changes whenever the collection's content may have changed (a write or
   * delete in it, a rolled back transaction, `clear`, `restore`) and stays the same while it does not,
   * never coming back for other content. What is derived from a scan (the product search index) is
   * then known to be current without scanning again. A backend without it has its collection
   * scanned on every search.
   */
  generation?(project: string, typeId: string): number;
  /**
   * Optional, with `generation`: the writes and deletes in the collection since generation `since`
   * (one it returned), oldest first; undefined when the backend cannot list them all (a rollback,
   * `clear` or `restore` since, or more changes than it keeps). The product search index then
   * re-indexes what changed instead of scanning the collection.
   */
  changedSince?(project: string, typeId: string, since: number): readonly StorageChange[] | undefined;
  /**
   * Runs `work` so that either all of its writes and deletes happen or none does, and returns its
   * value; a throw undoes them and propagates. Transactions nest (the engine saves a cascade inside
   * an outer one): a throw in an inner transaction undoes only the inner work, so an outer
   * transaction that catches it keeps its other writes.
   */
  transaction<T>(work: () => T): T;
  /** Project keys that hold any data. */
  projects(): string[];
  /** Removes everything, or one project's data. Not meant to be called inside a transaction. */
  clear(project?: string): void;
  /**
   * Optional: captures everything stored, for `restore` to bring back (test baselines). Not meant to
   * be called inside a transaction. A backend without it cannot take snapshots.
   */
  snapshot?(): StorageSnapshot;
  /** Makes the stored content exactly the snapshot's again. Not meant to be called inside a transaction. */
  restore?(snapshot: StorageSnapshot): void;
  /**
   * Optional: every stored document with the key it is found by, each collection's documents in
   * insertion order (what `mock.state.export()` writes). Writing them back in this order, with these keys,
   * rebuilds the same content. A backend without it cannot export.
   */
  entries?(): Iterable<StorageEntry>;
  close?(): void;
}
