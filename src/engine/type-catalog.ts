/**
 * The resource types an engine serves. Each is known by its type id from the start, with what
 * routing needs (`TypeEntry`), and its definition is loaded on first use: a type's module (its
 * schemas, its actions, its routes) costs nothing in a process that never touches it.
 *
 * A type is loaded when the engine is asked for its definition, when a request reaches a path where
 * its routes are, when a definition of it is written through, and when the storage holds documents of
 * it (a reopened SQLite file, a restore, an import). So every type with stored data is loaded, and
 * what the engine does for all types at once (due work, work after a commit, group indexes) covers
 * every document. The type that records what the others do (the Change History API) is loaded at the
 * first change it may record. Whoever keeps something per type (a router, the due work) follows `onLoad`.
 */
import type { StorageBackend } from '../storage/backend.js';
import type { ResourceDefinition, RouterName } from './define.js';

/** What is known of a type before its definition is loaded. */
export interface TypeEntry {
  /** The path segment of its collection under the project key; '' for none. */
  readonly path: string;
  /** Where its routes are: by router, the first segments of their paths. A request under one loads it. */
  readonly routed: Readonly<Partial<Record<RouterName, readonly string[]>>>;
  /** Its documents record what the other types do (`recordsChanges`): loaded at the first change it may record. */
  readonly recordsChanges?: boolean;
}

export class TypeCatalog {
  readonly #loaded = new Map<string, ResourceDefinition>();
  readonly #listeners: Array<(definition: ResourceDefinition) => void> = [];
  /** The types routed under each router's groups, until they are loaded (a request's lookup then costs one miss). */
  readonly #routed = new Map<RouterName, Map<string, string[]>>();

  constructor(
    readonly entries: ReadonlyMap<string, TypeEntry>,
    private readonly load: (typeId: string) => ResourceDefinition,
  ) {
    for (const [typeId, entry] of entries) {
      for (const [router, groups] of Object.entries(entry.routed) as Array<[RouterName, readonly string[]]>) {
        let byGroup = this.#routed.get(router);
        if (byGroup === undefined) this.#routed.set(router, (byGroup = new Map()));
        for (const group of groups) byGroup.set(group, [...(byGroup.get(group) ?? []), typeId]);
      }
    }
  }

  /** The definitions given, all loaded (a test harness serving types of its own). */
  static of(definitions: Iterable<ResourceDefinition>): TypeCatalog {
    const byId = new Map([...definitions].map((definition) => [definition.typeId, definition]));
    const entries = new Map(
      [...byId.values()].map((definition) => [
        definition.typeId,
        { path: definition.path, routed: {}, recordsChanges: definition.recordsChanges !== undefined },
      ]),
    );
    const catalog = new TypeCatalog(entries, (typeId) => byId.get(typeId)!);
    for (const typeId of byId.keys()) catalog.definition(typeId);
    return catalog;
  }

  /** Whether the type is served, loaded or not. */
  has(typeId: string): boolean {
    return this.entries.has(typeId);
  }

  isLoaded(typeId: string): boolean {
    return this.#loaded.has(typeId);
  }

  /** The type's definition, loaded now if it was not; `undefined` for a type not served. */
  definition(typeId: string): ResourceDefinition | undefined {
    const loaded = this.#loaded.get(typeId);
    if (loaded !== undefined || !this.entries.has(typeId)) return loaded;
    const definition = this.load(typeId);
    if (definition.typeId !== typeId)
      throw new Error(`commerce-mock: the module of '${typeId}' holds the definition of '${definition.typeId}'.`);
    this.#loaded.set(typeId, definition);
    for (const listener of this.#listeners) listener(definition);
    return definition;
  }

  /** The definitions loaded so far. */
  loaded(): IterableIterator<ResourceDefinition> {
    return this.#loaded.values();
  }

  /** Calls `listener` with every type loaded so far, then with each one as it is loaded. */
  onLoad(listener: (definition: ResourceDefinition) => void): void {
    this.#listeners.push(listener);
    for (const definition of [...this.#loaded.values()]) listener(definition);
  }

  /** Loads the types whose routes are under `group` (a path's first segment) on `router`. */
  loadRouted(router: RouterName, group: string): void {
    const byGroup = this.#routed.get(router);
    const typeIds = byGroup?.get(group);
    if (typeIds === undefined) return;
    byGroup!.delete(group);
    for (const typeId of typeIds) this.definition(typeId);
  }

  /** Loads the type of a definition written through (one its module holds, not fetched through the engine). */
  use(definition: ResourceDefinition): void {
    if (!this.#loaded.has(definition.typeId)) this.definition(definition.typeId);
  }

  /** Loads every type of which the storage holds a document, in any project. */
  loadStored(storage: StorageBackend): void {
    const projects = [...storage.projects()];
    if (projects.length === 0) return;
    for (const typeId of this.entries.keys()) {
      if (!this.#loaded.has(typeId) && projects.some((project) => storage.count(project, typeId) > 0)) this.definition(typeId);
    }
  }
}
