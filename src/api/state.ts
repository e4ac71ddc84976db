/** The whole state of an in-process mock, as `mock.state`: clear, snapshot and restore, export and import. */
import type { TokenSnapshot, TokenStore } from '../auth/tokens.js';
import type { RequestPipeline } from '../core/pipeline.js';
import type { ResourceEngine } from '../engine/resource-engine.js';
import type { StorageBackend, StorageSnapshot } from '../storage/backend.js';
import { type ExportOptions, exportStorage, ImportError, loadStorage, type MockExport, parseExport } from './export.js';
import type { StateNoun } from './vocabulary.js';

/** The state `mock.state.snapshot()` captured: opaque, for `restore()`. */
export class MockSnapshot {
  /** @internal */
  constructor(
    readonly storage: StorageSnapshot,
    readonly tokens: TokenSnapshot,
  ) {}
}

export class MockState implements StateNoun<'sync', MockSnapshot> {
  readonly #engine: ResourceEngine;
  readonly #tokens: TokenStore;
  readonly #pipeline: RequestPipeline;

  constructor(engine: ResourceEngine, tokens: TokenStore, pipeline: RequestPipeline) {
    this.#engine = engine;
    this.#tokens = tokens;
    this.#pipeline = pipeline;
  }

  get #storage(): StorageBackend {
    return this.#engine.storage;
  }

  /**
   * Removes all data, all issued tokens, the fault rules, the in-process extensions, the permission
   * decisions and the request journal, and sets the clock back to real time: a cleared mock is as new.
   */
  clear(): void {
    this.#pipeline.clear();
    this.#storage.clear();
    this.#tokens.clear();
    this.#engine.decisions.clear();
    this.#engine.clock.reset();
    this.#engine.dueWork.forget();
  }

  /**
   * Captures the whole state, every project's data and the issued tokens, for `restore()`. Later
   * writes do not change it. The journal and the permission decisions are history, not state: not
   * captured. On the memory backend it costs microseconds whatever the size (structure is shared).
   */
  snapshot(): MockSnapshot {
    return new MockSnapshot(this.#storageSnapshots().snapshot(), this.#tokens.snapshot());
  }

  restore(snapshot: MockSnapshot): void {
    if (!(snapshot instanceof MockSnapshot)) throw new TypeError('commerce-mock: state.restore() takes what state.snapshot() returned.');
    this.#storageSnapshots().restore(snapshot.storage);
    this.#tokens.restore(snapshot.tokens);
    this.#engine.stateReplaced();
  }

  /** Every project's data as plain, versioned JSON; `import()` and the `initialData` option load it. */
  export(options?: ExportOptions): MockExport {
    return exportStorage(this.#storage, options?.tokens ? this.#tokens.list() : undefined, this.#engine.clock.now());
  }

  /**
   * Replaces every project's data and the issued tokens by an export's. The file is checked whole
   * first: a bad one is refused with the path of its first problem (`ImportError`), and the mock
   * keeps its state. The journal and the fault rules stay.
   */
  import(data: MockExport | string): void {
    const parsed = parseExport(typeof data === 'string' ? parseJson(data) : data);
    const before = this.#storage.snapshot?.();
    this.#storage.clear();
    try {
      loadStorage(this.#storage, parsed);
      this.#engine.rebuildGroups();
    } catch (error) {
      if (before) this.#storage.restore!(before);
      throw error;
    }
    this.#tokens.load(parsed.tokens ?? []);
    this.#engine.stateReplaced();
  }

  #storageSnapshots(): Required<Pick<StorageBackend, 'snapshot' | 'restore'>> {
    const storage = this.#storage;
    if (storage.snapshot && storage.restore) return storage as Required<StorageBackend>;
    throw new TypeError(`commerce-mock: the ${storage.name} storage cannot take snapshots (it has no snapshot() and restore()).`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportError('', `not JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
}
