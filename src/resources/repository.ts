import { z } from 'zod';
import { errors, fieldErrors, PlatformError, type ErrorObject } from '../http/errors.js';
import {
  declaredFields,
  expandReferences,
  parseQueryParams,
  runQuery,
  type FieldExists,
  type PagedResult,
  type QueryOptions,
} from '../query/index.js';
import { KeyConflict, type StorageBackend, type StoredDocument, VersionConflict } from '../storage/types.js';
import { uuid } from '../util/ids.js';
import { jsonClone, jsonEqual } from '../util/json.js';
import { isoNow } from '../util/time.js';
import type { Author, Reference, ResourceContext, ResourceDefinition } from './define.js';
import { validate } from './validation.js';

export type Locator = { id: string } | { key: string };

const MAX_ACTIONS = 500;

const UpdateEnvelope = z.object({
  version: z.number().int().min(1),
  actions: z.array(z.object({ action: z.string() }).loose()).max(MAX_ACTIONS),
});

const uniqueCollection = (typeId: string, index: string) => `${typeId}#${index}`;

type UniqueIndex = NonNullable<ResourceDefinition['unique']>[string];

/**
 * Each unique index of a definition with the name of its storage collection, built once per
 * definition: every save needs them, and a name built per save is a new string to hash each time.
 * Derived from the (immutable) definition only, never from data.
 */
const uniqueIndexes = new WeakMap<ResourceDefinition, ReadonlyArray<{ collection: string; unique: UniqueIndex }>>();
function uniqueIndexesOf(definition: ResourceDefinition): ReadonlyArray<{ collection: string; unique: UniqueIndex }> {
  let indexes = uniqueIndexes.get(definition);
  if (!indexes) {
    indexes = Object.entries(definition.unique ?? {}).map(([index, unique]) => ({
      collection: uniqueCollection(definition.typeId, index),
      unique,
    }));
    uniqueIndexes.set(definition, indexes);
  }
  return indexes;
}

/** The fields every resource has besides its type's own; who made a change is not checked below. */
const BaseFields = z.object({
  id: z.string(),
  version: z.number(),
  createdAt: z.string(),
  lastModifiedAt: z.string(),
  createdBy: z.record(z.string(), z.unknown()),
  lastModifiedBy: z.record(z.string(), z.unknown()),
});
const baseFieldDeclared = declaredFields(BaseFields);
const fieldsDeclaredBy = new WeakMap<ResourceDefinition, FieldExists>();

/**
 * The query options for one resource type. In strict mode (`strictWhere`) the fields its draft
 * declares are known even while no stored resource has them yet (a customer's `salutation`); the
 * fields the mock derives are known from the stored resources.
 */
export function queryOptionsFor(options: QueryOptions, definition: ResourceDefinition): QueryOptions {
  if (!options.strictFields) return options;
  let known = fieldsDeclaredBy.get(definition);
  if (!known) {
    const draftDeclared = declaredFields(definition.draft);
    known = (path) => baseFieldDeclared(path) || draftDeclared(path);
    fieldsDeclaredBy.set(definition, known);
  }
  return { ...options, knownFields: known };
}

/** Whether `value` holds, anywhere within it, a Reference (by id) or a KeyReference (by key) to `target`. */
function refersTo(value: unknown, typeId: string, target: StoredDocument): boolean {
  if (Array.isArray(value)) return value.some((element) => refersTo(element, typeId, target));
  if (value === null || typeof value !== 'object') return false;
  const object = value as Record<string, unknown>;
  if (
    object.typeId === typeId &&
    (object.id !== undefined ? object.id === target.id : target.key !== undefined && object.key === target.key)
  )
    return true;
  for (const field in object) {
    const child = object[field];
    if (typeof child === 'object' && child !== null && refersTo(child, typeId, target)) return true;
  }
  return false;
}

/**
 * The context of one request over one project. A class rather than an object of closures: a context
 * is made for every request and every programmatic create, and its methods then cost nothing per call.
 */
class Context implements ResourceContext {
  constructor(
    private readonly storage: StorageBackend,
    readonly project: string,
    readonly author: Author,
    readonly now: string,
  ) {}

  get(typeId: string, id: string): StoredDocument | undefined {
    return this.storage.get(this.project, typeId, id);
  }

  getByKey(typeId: string, key: string): StoredDocument | undefined {
    return this.storage.getByKey(this.project, typeId, key);
  }

  scan(typeId: string): Iterable<StoredDocument> {
    return this.storage.scan(this.project, typeId);
  }

  findUnique(typeId: string, index: string, value: string): StoredDocument | undefined {
    const entry = this.storage.get(this.project, uniqueCollection(typeId, index), value);
    return entry ? this.storage.get(this.project, typeId, entry.owner as string) : undefined;
  }

  reference(typeId: string, identifier: { id?: string; key?: string }): Reference {
    const { storage, project } = this;
    const target =
      identifier.id !== undefined ? storage.get(project, typeId, identifier.id) : storage.getByKey(project, typeId, identifier.key ?? '');
    if (!target) {
      throw errors.referencedResourceNotFound(typeId, identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key ?? '' });
    }
    return { typeId, id: target.id };
  }
}

/**
 * The generic resource machinery, written once: create, update with versioning and atomic actions,
 * delete, get and query, for every declared resource type, over any storage backend.
 */
export class Repository {
  constructor(
    readonly storage: StorageBackend,
    readonly definitions: ReadonlyMap<string, ResourceDefinition>,
    /** How list queries treat unknown fields (`strictWhere`); custom list routes pass it on too. */
    readonly queryOptions: QueryOptions = {},
  ) {}

  definition(typeId: string): ResourceDefinition {
    const definition = this.definitions.get(typeId);
    if (!definition) throw errors.invalidInput(`Unknown resource type '${typeId}'.`);
    return definition;
  }

  context(project: string, author: Author, now = isoNow()): ResourceContext {
    return new Context(this.storage, project, author, now);
  }

  find(definition: ResourceDefinition, project: string, locator: Locator): StoredDocument | undefined {
    return 'id' in locator
      ? this.storage.get(project, definition.typeId, locator.id)
      : this.storage.getByKey(project, definition.typeId, locator.key);
  }

  get(definition: ResourceDefinition, project: string, locator: Locator): StoredDocument {
    const found = this.find(definition, project, locator);
    if (!found) throw errors.resourceNotFound(locator);
    return found;
  }

  query(definition: ResourceDefinition, project: string, params: URLSearchParams): PagedResult<StoredDocument> {
    const query = parseQueryParams(params);
    const page = runQuery(this.storage.scan(project, definition.typeId), query, queryOptionsFor(this.queryOptions, definition));
    if (query.expand.length === 0) return page;
    return { ...page, results: page.results.map((doc) => this.expand(project, doc, query.expand)) };
  }

  expand<T extends object>(project: string, document: T, paths: string[]): T {
    if (paths.length === 0) return document;
    return expandReferences(document, paths, (typeId, id) => this.storage.get(project, typeId, id));
  }

  create(definition: ResourceDefinition, draftInput: unknown, ctx: ResourceContext): StoredDocument {
    const draft = validate(definition.draft, draftInput);
    const resource: StoredDocument = {
      id: uuid(),
      version: 1,
      ...definition.create(draft, ctx),
      createdAt: ctx.now,
      lastModifiedAt: ctx.now,
      createdBy: ctx.author,
      lastModifiedBy: ctx.author,
    } as StoredDocument;
    this.save(definition, ctx.project, resource, undefined);
    return resource;
  }

  update(definition: ResourceDefinition, locator: Locator, body: unknown, ctx: ResourceContext): StoredDocument {
    const envelope = validate(UpdateEnvelope, body);
    const steps = this.validateActions(definition, envelope.actions);
    const current = this.get(definition, ctx.project, locator);
    if (current.version !== envelope.version) throw errors.concurrentModification(current.id, envelope.version, current.version);
    return this.applyActions(definition, current, steps, ctx);
  }

  /**
   * Applies validated actions to a copy; the stored resource changes only if all of them succeed.
   * `alwaysNewVersion`: store a new version even when nothing changed (a custom object's upsert replaces).
   */
  applyActions(
    definition: ResourceDefinition,
    current: StoredDocument,
    steps: Array<{ name: string; payload: unknown }>,
    ctx: ResourceContext,
    options: { alwaysNewVersion?: boolean } = {},
  ): StoredDocument {
    const next = jsonClone(current);
    for (const step of steps) definition.actions[step.name]!.apply(next, step.payload, ctx);
    if (!options.alwaysNewVersion && jsonEqual(next, current)) return current;
    const stamp = (document: StoredDocument, previous: StoredDocument) => {
      document.version = previous.version + 1;
      document.lastModifiedAt = ctx.now;
      document.lastModifiedBy = ctx.author;
    };
    stamp(next, current);
    const related = definition.cascade?.(next, current, ctx) ?? [];
    if (related.length === 0) {
      this.save(definition, ctx.project, next, current);
      return next;
    }
    // Nested: each save runs its own transaction inside this one.
    this.storage.transaction(() => {
      this.save(definition, ctx.project, next, current);
      for (const document of related) {
        const previous = this.get(definition, ctx.project, { id: document.id });
        stamp(document, previous);
        this.save(definition, ctx.project, document, previous);
      }
    });
    return next;
  }

  validateActions(definition: ResourceDefinition, actions: Array<{ action: string }>): Array<{ name: string; payload: unknown }> {
    const problems: ErrorObject[] = [];
    const steps = actions.map((raw, index) => {
      const declared = definition.actions[raw.action];
      if (!declared) {
        problems.push({
          code: 'InvalidInput',
          message: `Unknown update action '${raw.action}' for resource type '${definition.typeId}'.`,
          field: `actions[${index}].action`,
        });
        return { name: raw.action, payload: raw };
      }
      try {
        return { name: raw.action, payload: validate(declared.schema, raw, ['actions', index]) };
      } catch (error) {
        if (error instanceof PlatformError) problems.push(...error.errors);
        else throw error;
        return { name: raw.action, payload: raw };
      }
    });
    if (problems.length > 0) throw fieldErrors(problems);
    return steps;
  }

  remove(definition: ResourceDefinition, locator: Locator, version: number | undefined, ctx: ResourceContext): StoredDocument {
    const current = this.get(definition, ctx.project, locator);
    if (version !== undefined && current.version !== version) throw errors.concurrentModification(current.id, version, current.version);
    for (const typeId of definition.referencedBy ?? []) {
      for (const document of this.storage.scan(ctx.project, typeId)) {
        if (document.id !== current.id && refersTo(document, definition.typeId, current))
          throw errors.referenceExists(definition.typeId, typeId);
      }
    }
    definition.beforeDelete?.(current, ctx);
    this.storage.transaction(() => {
      this.storage.delete(ctx.project, definition.typeId, current.id, current.version);
      for (const { collection, unique } of uniqueIndexesOf(definition)) {
        for (const value of unique.values(current)) this.storage.delete(ctx.project, collection, value);
      }
    });
    return current;
  }

  /** Writes a resource and its unique-index entries in one transaction, mapping conflicts to platform errors. */
  private save(definition: ResourceDefinition, project: string, next: StoredDocument, previous: StoredDocument | undefined): void {
    const { storage } = this;
    const typeId = definition.typeId;
    const key = definition.keyOf ? definition.keyOf(next) : (next.key as string | undefined);
    const indexChanges: Array<{ collection: string; added: string[]; removed: string[] }> = [];
    for (const { collection, unique } of uniqueIndexesOf(definition)) {
      const values = new Set(unique.values(next));
      for (const value of values) {
        const holder = storage.get(project, collection, value);
        if (holder && holder.owner !== next.id) throw unique.duplicate(value, next);
      }
      if (!previous) {
        // A new resource: every value is added, nothing removed (no second set to compare with).
        indexChanges.push({ collection, added: [...values], removed: [] });
        continue;
      }
      const old = new Set(unique.values(previous));
      indexChanges.push({ collection, added: [...values].filter((v) => !old.has(v)), removed: [...old].filter((v) => !values.has(v)) });
    }
    try {
      storage.transaction(() => {
        const expectedVersion = previous?.version ?? 0;
        storage.write(project, typeId, next, key !== undefined ? { expectedVersion, key } : { expectedVersion });
        for (const change of indexChanges) {
          for (const value of change.removed) storage.delete(project, change.collection, value);
          for (const value of change.added)
            storage.write(project, change.collection, { id: value, version: 1, owner: next.id }, { expectedVersion: 0 });
        }
      });
    } catch (error) {
      if (error instanceof KeyConflict) throw errors.duplicateField('key', error.key);
      if (error instanceof VersionConflict) throw errors.concurrentModification(error.id, error.expectedVersion, error.actualVersion);
      throw error;
    }
  }
}
