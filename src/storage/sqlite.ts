/**
 * The persistent backend (experimental): one SQLite file through `better-sqlite3`, an optional peer
 * dependency loaded only when this backend is created.
 *
 * - One table keyed by (project, type_id, id), a unique index on (project, type_id, key), and the
 *   rowid `seq` giving insertion order for `scan`. Documents are stored as JSON text.
 * - WAL journal. With the default `synchronous: 'normal'` every acknowledged write survives a crash
 *   of the process (SIGKILL included); `'full'` also survives a power loss, at some write speed.
 * - Transactions are SQLite transactions; nested ones are savepoints.
 * - A write-through cache of parsed documents (`cacheSize`) makes reads as cheap as the in-memory
 *   backend's. It assumes this process is the file's only writer (one server per file).
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
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

type SnapshotRow = [project: string, typeId: string, id: string, key: string | null, version: number, body: string];

/** Every row, in insertion order, held in memory: a copy, so restoring costs a rewrite of the table. */
class SqliteSnapshot implements StorageSnapshot {
  readonly storage = 'sqlite';
  constructor(readonly rows: SnapshotRow[]) {}
}

export interface SqliteStorageOptions {
  /** Path of the database file (created when missing), or `':memory:'` for a private in-memory database. */
  file: string;
  /** Parsed documents kept in memory (first in, first out). Default 100,000; 0 turns the cache off. */
  cacheSize?: number;
  /** SQLite `synchronous` setting. Default `'normal'`: durable against process crashes, not power loss. */
  synchronous?: 'off' | 'normal' | 'full';
}

const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS documents (
  seq     INTEGER PRIMARY KEY,
  project TEXT    NOT NULL,
  type_id TEXT    NOT NULL,
  id      TEXT    NOT NULL,
  key     TEXT,
  version INTEGER NOT NULL,
  body    TEXT    NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS documents_by_id  ON documents (project, type_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS documents_by_key ON documents (project, type_id, key);
CREATE INDEX        IF NOT EXISTS documents_scan   ON documents (project, type_id, seq, id);
`;

type Driver = typeof BetterSqlite3;

const INSTALL_HINT =
  'Install it next to commerce-mock: `npm install --save-dev better-sqlite3` (where no prebuilt binary can be ' +
  'downloaded it compiles from source, which needs python3, make and a C++ compiler; with npm 11 allow its install ' +
  'script: `npm install-scripts approve better-sqlite3`).';

let driver: Driver | undefined;

/** Loads `better-sqlite3` on first use, so that installs without it never touch it. */
function loadDriver(): Driver {
  if (driver) return driver;
  const require = createRequire(import.meta.url);
  try {
    driver = require('better-sqlite3') as Driver;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'MODULE_NOT_FOUND' && /better-sqlite3'/.test(String((error as Error).message).split('\n')[0] ?? '')) {
      throw new Error(
        `commerce-mock: the sqlite storage needs the optional peer dependency better-sqlite3, which is not installed. ${INSTALL_HINT}`,
        { cause: error },
      );
    }
    throw new Error(
      `commerce-mock: better-sqlite3 is installed but could not be loaded (${(error as Error).message.split('\n')[0]}). ` +
        'If it was built for another Node.js version, run `npm rebuild better-sqlite3`.',
      { cause: error },
    );
  }
  return driver;
}

interface Row {
  version: number;
  key: string | null;
  body: string;
}

interface Entry {
  document: StoredDocument;
  key: string | undefined;
}

/**
 * The cached part of one collection. `complete`: `byId` holds every document of the collection in
 * insertion order and `idByKey` every key, so a miss is an answer and a scan needs no query. Otherwise
 * `byId` holds some documents and `idByKey` hints, checked against the entry before use.
 */
interface Cached {
  byId: Map<string, Entry>;
  idByKey: Map<string, string>;
  complete: boolean;
}

export class SqliteStorage implements StorageBackend {
  readonly name = 'sqlite';
  readonly file: string;
  private readonly db: BetterSqlite3.Database;
  private readonly cacheSize: number;
  private readonly cache = new Map<string, Map<string, Cached>>();
  private cached = 0;
  /** Collections and ids changed inside the running transaction, to forget when (part of) it rolls back. */
  private touched: Array<[Cached, string | undefined]> = [];
  private readonly inTransaction: <T>(work: () => T) => T;
  /** Counted in this process, which is the file's only writer (see the cache). */
  private readonly generations = new Generations();
  private readonly sql;

  constructor(options: SqliteStorageOptions) {
    if (typeof options?.file !== 'string' || options.file === '') throw new TypeError('commerce-mock: sqliteStorage needs a `file`.');
    const synchronous = options.synchronous ?? 'normal';
    if (!['off', 'normal', 'full'].includes(synchronous))
      throw new TypeError(`commerce-mock: sqliteStorage: synchronous must be 'off', 'normal' or 'full'.`);
    if (options.cacheSize !== undefined && !(Number.isInteger(options.cacheSize) && options.cacheSize >= 0)) {
      throw new TypeError('commerce-mock: sqliteStorage: cacheSize must be a whole number, 0 or more.');
    }
    const Database = loadDriver();
    this.file = options.file;
    this.cacheSize = options.cacheSize ?? 100_000;
    this.db = new Database(options.file);
    try {
      const found = this.db.pragma('user_version', { simple: true }) as number;
      if (found > SCHEMA_VERSION) throw new Error(`commerce-mock: ${options.file} was written by a newer commerce-mock (schema ${found}).`);
      this.db.pragma('journal_mode = WAL');
      this.db.pragma(`synchronous = ${synchronous.toUpperCase()}`);
      this.db.pragma('temp_store = MEMORY');
      this.db.exec(SCHEMA);
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    } catch (error) {
      this.db.close();
      throw error;
    }
    const where = 'WHERE project = ? AND type_id = ?';
    this.sql = {
      row: this.db.prepare<[string, string, string], Row>(`SELECT version, key, body FROM documents ${where} AND id = ?`),
      meta: this.db.prepare<[string, string, string], Omit<Row, 'body'>>(`SELECT version, key FROM documents ${where} AND id = ?`),
      idByKey: this.db.prepare<[string, string, string], string>(`SELECT id FROM documents ${where} AND key = ?`).pluck(),
      insert: this.db.prepare<[string, string, string, string | null, number, string]>(
        'INSERT INTO documents (project, type_id, id, key, version, body) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      update: this.db.prepare<[string | null, number, string, string, string, string]>(
        `UPDATE documents SET key = ?, version = ?, body = ? ${where} AND id = ?`,
      ),
      // The key unchanged: leave the key index alone (one page less to write per commit).
      updateBody: this.db.prepare<[number, string, string, string, string]>(
        `UPDATE documents SET version = ?, body = ? ${where} AND id = ?`,
      ),
      delete: this.db.prepare<[string, string, string]>(`DELETE FROM documents ${where} AND id = ?`),
      scanIds: this.db.prepare<[string, string], string>(`SELECT id FROM documents ${where} ORDER BY seq`).pluck(),
      scanRows: this.db
        .prepare<[string, string], [string, string | null, string]>(`SELECT id, key, body FROM documents ${where} ORDER BY seq`)
        .raw(),
      count: this.db.prepare<[string, string], number>(`SELECT count(*) FROM documents ${where}`).pluck(),
      projects: this.db.prepare<[], string>('SELECT DISTINCT project FROM documents').pluck(),
      clearAll: this.db.prepare('DELETE FROM documents'),
      clearProject: this.db.prepare<[string]>('DELETE FROM documents WHERE project = ?'),
      allRows: this.db.prepare<[], SnapshotRow>('SELECT project, type_id, id, key, version, body FROM documents ORDER BY seq').raw(),
    };
    const transaction = this.db.transaction((work: () => unknown) => work());
    this.inTransaction = transaction as <T>(work: () => T) => T;
  }

  // The cache ---------------------------------------------------------------------------------

  /** The cached part of a collection; a collection first seen empty starts out complete. */
  private collection(project: string, typeId: string): Cached | undefined {
    if (this.cacheSize <= 0) return undefined;
    let types = this.cache.get(project);
    if (!types) {
      types = new Map();
      this.cache.set(project, types);
    }
    let cached = types.get(typeId);
    if (!cached) {
      cached = { byId: new Map(), idByKey: new Map(), complete: this.sql.count.get(project, typeId) === 0 };
      types.set(typeId, cached);
      // Seen inside a transaction, "empty" may be undone with it.
      if (this.db.inTransaction) this.touched.push([cached, undefined]);
    }
    return cached;
  }

  /** Records what is now stored under `id` (`undefined`: nothing). Updates keep their place, so a complete collection stays in order. */
  private remember(cached: Cached | undefined, id: string, entry: Entry | undefined): void {
    if (!cached) return;
    if (this.db.inTransaction) this.touched.push([cached, id]);
    const previous = cached.byId.get(id);
    if (previous?.key !== undefined && cached.idByKey.get(previous.key) === id) cached.idByKey.delete(previous.key);
    if (!entry) {
      if (previous) {
        cached.byId.delete(id);
        this.cached--;
      }
      return;
    }
    cached.byId.set(id, entry);
    if (entry.key !== undefined) cached.idByKey.set(entry.key, id);
    if (!previous && ++this.cached > this.cacheSize) this.evict(cached);
  }

  /** First in, first out, from the collection just written to when it has more than one entry, else from any. */
  private evict(preferred: Cached): void {
    while (this.cached > this.cacheSize) {
      let victim: Cached | undefined = preferred.byId.size > 1 ? preferred : undefined;
      if (!victim) {
        for (const types of this.cache.values()) {
          for (const cached of types.values()) if (!victim && cached.byId.size > 0 && cached !== preferred) victim = cached;
        }
      }
      victim ??= preferred;
      const oldest = victim.byId.entries().next();
      if (oldest.done) return;
      const [id, entry] = oldest.value;
      victim.byId.delete(id);
      // Its key hint too: kept, the hints of every document ever read would grow without bound.
      if (entry.key !== undefined && victim.idByKey.get(entry.key) === id) victim.idByKey.delete(entry.key);
      victim.complete = false;
      this.cached--;
    }
  }

  private forget(cached: Cached, id: string | undefined): void {
    cached.complete = false;
    if (id !== undefined && cached.byId.delete(id)) this.cached--;
  }

  /** The stored entry: from the cache, or read (and cached) from the file. */
  private entry(project: string, typeId: string, id: string, cached = this.collection(project, typeId)): Entry | undefined {
    const hit = cached?.byId.get(id);
    if (hit || cached?.complete) return hit;
    const row = this.sql.row.get(project, typeId, id);
    if (!row) return undefined;
    const entry = { document: JSON.parse(row.body) as StoredDocument, key: row.key ?? undefined };
    if (cached) this.remember(cached, id, entry);
    return entry;
  }

  /** The id holding `key`, from the cache when it can tell. */
  private holder(project: string, typeId: string, key: string, cached: Cached | undefined): string | undefined {
    const hint = cached?.idByKey.get(key);
    if (hint !== undefined && cached!.byId.get(hint)?.key === key) return hint;
    if (cached?.complete) return undefined;
    return this.sql.idByKey.get(project, typeId, key);
  }

  // The contract ------------------------------------------------------------------------------

  get(project: string, typeId: string, id: string): StoredDocument | undefined {
    return this.entry(project, typeId, id)?.document;
  }

  getByKey(project: string, typeId: string, key: string): StoredDocument | undefined {
    const cached = this.collection(project, typeId);
    const id = this.holder(project, typeId, key, cached);
    return id === undefined ? undefined : this.entry(project, typeId, id, cached)?.document;
  }

  write(project: string, typeId: string, document: StoredDocument, options: WriteOptions): void {
    const { id } = document;
    const cached = this.collection(project, typeId);
    const hit = cached?.byId.get(id);
    const current = hit ? { version: hit.document.version, key: hit.key } : cached?.complete ? undefined : this.meta(project, typeId, id);
    const actual = current?.version ?? 0;
    if (actual !== options.expectedVersion) throw new VersionConflict(id, options.expectedVersion, actual);
    const key = options.key;
    if (key !== undefined && key !== current?.key) {
      const holder = this.holder(project, typeId, key, cached);
      if (holder !== undefined && holder !== id) throw new KeyConflict(key, holder);
    }
    const body = JSON.stringify(document);
    this.generations.touch(project, typeId, id, current ? 'replaced' : 'created');
    if (current && current.key === key) this.sql.updateBody.run(document.version, body, project, typeId, id);
    else if (current) this.sql.update.run(key ?? null, document.version, body, project, typeId, id);
    else this.sql.insert.run(project, typeId, id, key ?? null, document.version, body);
    this.remember(cached, id, { document, key });
  }

  private meta(project: string, typeId: string, id: string): { version: number; key: string | undefined } | undefined {
    const row = this.sql.meta.get(project, typeId, id);
    return row ? { version: row.version, key: row.key ?? undefined } : undefined;
  }

  delete(project: string, typeId: string, id: string, expectedVersion?: number): StoredDocument | undefined {
    const cached = this.collection(project, typeId);
    const previous = this.entry(project, typeId, id, cached);
    if (!previous) return undefined;
    if (expectedVersion !== undefined && previous.document.version !== expectedVersion) {
      throw new VersionConflict(id, expectedVersion, previous.document.version);
    }
    this.generations.touch(project, typeId, id, 'deleted');
    this.sql.delete.run(project, typeId, id);
    this.remember(cached, id, undefined);
    return previous.document;
  }

  /** Every document in insertion order: from a complete cache without a query, else read (and cached). */
  scan(project: string, typeId: string): Iterable<StoredDocument> {
    const cached = this.collection(project, typeId);
    if (cached?.complete) return Array.from(cached.byId.values(), (entry) => entry.document);
    if (cached && cached.byId.size > 0) {
      // Mostly cached: read the order only, and the few missing documents one by one.
      const order = this.sql.scanIds.all(project, typeId);
      const missing = order.filter((id) => !cached.byId.has(id)).length;
      if (missing <= order.length / 10) {
        const inOrder = new Map<string, Entry>();
        for (const id of order) inOrder.set(id, this.entry(project, typeId, id, cached)!);
        this.adopt(cached, inOrder);
        return Array.from(inOrder.values(), (entry) => entry.document);
      }
    }
    const documents: StoredDocument[] = [];
    const inOrder = new Map<string, Entry>();
    for (const [id, key, body] of this.sql.scanRows.all(project, typeId)) {
      const entry = cached?.byId.get(id) ?? { document: JSON.parse(body) as StoredDocument, key: key ?? undefined };
      documents.push(entry.document);
      inOrder.set(id, entry);
    }
    if (cached) this.adopt(cached, inOrder);
    return documents;
  }

  /** Makes a full read of a collection its complete cache (evicting as needed). */
  private adopt(cached: Cached, entries: Map<string, Entry>): void {
    if (this.db.inTransaction) for (const id of entries.keys()) this.touched.push([cached, id]);
    this.cached += entries.size - cached.byId.size;
    cached.byId = entries;
    cached.idByKey = new Map();
    for (const [id, entry] of entries) if (entry.key !== undefined) cached.idByKey.set(entry.key, id);
    cached.complete = true;
    this.evict(cached);
  }

  count(project: string, typeId: string): number {
    const cached = this.collection(project, typeId);
    return cached?.complete ? cached.byId.size : (this.sql.count.get(project, typeId) ?? 0);
  }

  generation(project: string, typeId: string): number {
    return this.generations.of(project, typeId);
  }

  changedSince(project: string, typeId: string, since: number): readonly StorageChange[] | undefined {
    return this.generations.since(project, typeId, since);
  }

  /** A SQLite transaction; nested calls are savepoints, so a caught inner failure undoes only the inner work. */
  transaction<T>(work: () => T): T {
    const outermost = !this.db.inTransaction;
    const mark = this.touched.length;
    try {
      return this.inTransaction(work);
    } catch (error) {
      // SQLite has undone the changes: forget the cached state of everything they touched.
      this.generations.touchAll();
      for (let i = this.touched.length - 1; i >= mark; i--) this.forget(...this.touched[i]!);
      this.touched.length = mark;
      throw error;
    } finally {
      if (outermost) this.touched = [];
    }
  }

  projects(): string[] {
    return this.sql.projects.all();
  }

  clear(project?: string): void {
    this.generations.touchAll();
    if (project === undefined) {
      this.sql.clearAll.run();
      this.cache.clear();
      this.cached = 0;
      return;
    }
    this.sql.clearProject.run(project);
    for (const cached of this.cache.get(project)?.values() ?? []) this.cached -= cached.byId.size;
    this.cache.delete(project);
  }

  snapshot(): StorageSnapshot {
    this.refuseInTransaction('snapshot');
    return new SqliteSnapshot(this.sql.allRows.all());
  }

  *entries(): Iterable<StorageEntry> {
    for (const [project, typeId, , key, , body] of this.sql.allRows.all()) {
      const document = JSON.parse(body) as StoredDocument;
      yield key === null ? { project, typeId, document } : { project, typeId, key, document };
    }
  }

  restore(snapshot: StorageSnapshot): void {
    this.refuseInTransaction('restore');
    if (!(snapshot instanceof SqliteSnapshot)) {
      throw new TypeError(`commerce-mock: the sqlite storage cannot restore a snapshot of the ${snapshot.storage} storage.`);
    }
    this.inTransaction(() => {
      this.sql.clearAll.run();
      for (const row of snapshot.rows) this.sql.insert.run(...row);
    });
    this.cache.clear();
    this.cached = 0;
    this.generations.touchAll();
  }

  private refuseInTransaction(operation: string): void {
    if (this.db.inTransaction) throw new Error(`commerce-mock: a storage ${operation} inside a transaction.`);
  }

  /** Closes the file (checkpointing the WAL into it). The backend is unusable afterwards. */
  close(): void {
    if (this.db.open) this.db.close();
    this.cache.clear();
    this.cached = 0;
  }
}

/** The persistent backend: `createCommerceMock({ storage: sqliteStorage({ file: './mock.db' }) })`. */
export function sqliteStorage(options: SqliteStorageOptions): SqliteStorage {
  return new SqliteStorage(options);
}
