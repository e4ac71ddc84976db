import { z } from 'zod';
import { errors, fieldErrors, PlatformError, type ErrorObject } from '../http/errors.js';
import {
  declaredFields,
  expandReferences,
  namesAnyField,
  parseQueryParams,
  runQuery,
  type FieldExists,
  type PagedResult,
  type QueryOptions,
} from '../query/index.js';
import { KeyConflict, type StorageBackend, type StoredDocument, VersionConflict } from '../storage/backend.js';
import { uuid } from '../util/ids.js';
import { compactCopy, compactFields, jsonClone, jsonEqual, shareEmptyLists, withFields } from '../util/json.js';
import { isoNow } from '../util/time.js';
import type { CallScope, Identifier, KeyReference } from '../http/context.js';
import { AssociateInUnit, PermissionLog } from './permissions.js';

const BUSINESS_UNIT = 'business-unit';
import type {
  AppliedAction,
  Author,
  Engine,
  LifecycleMessage,
  Locator,
  CreateOrigin,
  MessagePayload,
  QueryShape,
  Reference,
  ResourceContext,
  ResourceDefinition,
  ScopePolicy,
  UpdateAction,
} from './define.js';
import { type Change, Outbox } from './outbox.js';
import { MessageWriter } from './messages.js';
import { type ExtensionAction, type ExtensionActions, ExtensionGate, extensionUpdateActionsFailed } from './extension-gate.js';
import { ExpectedVersion, validate } from './validation.js';

export type { Locator } from './define.js';

const MAX_ACTIONS = 500;
const NO_MESSAGES: readonly MessagePayload[] = [];

const UpdateEnvelope = z.object({
  version: ExpectedVersion,
  actions: z.array(z.object({ action: z.string() }).loose()).max(MAX_ACTIONS),
});

/** The storage collection of an index (unique or group) of a type: `customer#email`, `cart#activeOwner`. */
const indexCollection = (typeId: string, index: string) => `${typeId}#${index}`;

type UniqueIndex = NonNullable<ResourceDefinition['unique']>[string];
type Group = NonNullable<ResourceDefinition['groups']>[string];
type Indexes<I> = ReadonlyArray<{ collection: string; index: I }>;

/** A group's members under one value, stored in the group's collection as one document per value. */
interface GroupEntry extends StoredDocument {
  members: string[];
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
    readonly scope: CallScope | undefined,
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
    const entry = this.storage.get(this.project, indexCollection(typeId, index), value);
    return entry ? this.storage.get(this.project, typeId, entry.owner as string) : undefined;
  }

  grouped(typeId: string, group: string, value: string): StoredDocument[] {
    const entry = this.storage.get(this.project, indexCollection(typeId, group), value) as GroupEntry | undefined;
    const members: StoredDocument[] = [];
    for (const id of entry?.members ?? []) {
      const member = this.storage.get(this.project, typeId, id);
      if (member) members.push(member);
    }
    return members;
  }

  reference(typeId: string, identifier: Identifier): Reference {
    return { typeId, id: this.target(typeId, identifier).id };
  }

  keyReference(typeId: string, identifier: Identifier): KeyReference {
    return { typeId, key: this.target(typeId, identifier).key as string };
  }

  private target(typeId: string, identifier: Identifier): StoredDocument {
    const { storage, project } = this;
    const target =
      identifier.id !== undefined ? storage.get(project, typeId, identifier.id) : storage.getByKey(project, typeId, identifier.key ?? '');
    if (!target) {
      throw errors.referencedResourceNotFound(typeId, identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key ?? '' });
    }
    return target;
  }
}

/** A name from the request looked up in a table of the definition: own properties only, never `Object.prototype`. */
function own<T>(table: Record<string, T> | undefined, name: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, name) ? table[name] : undefined;
}

/**
 * Whether an update left the resource as it was (`jsonEqual`). Its own fields that are not objects
 * (a version count, a state, a total quantity) and how many fields it has are compared first: most
 * updates change one of them or add a field (a first shipping address), and are told apart without
 * walking everything the resource holds.
 */
function unchanged(next: StoredDocument, current: StoredDocument): boolean {
  let defined = 0;
  for (const field in next) {
    const value = next[field];
    if (value === undefined) continue;
    defined++;
    if (typeof value !== 'object' && value !== current[field]) return false;
  }
  for (const field in current) if (current[field] !== undefined) defined--;
  return defined === 0 && jsonEqual(next, current);
}

/** The action an update request names: a public one, or an internal one the endpoint's `allowed` list offers. */
function requestedAction(definition: ResourceDefinition, name: string, allowed: readonly string[] | undefined) {
  if (allowed === undefined) return own(definition.actions, name);
  if (!allowed.includes(name)) return undefined;
  return own(definition.actions, name) ?? own(definition.internalActions, name);
}

function lifecycleMessage(message: LifecycleMessage, resource: StoredDocument): MessagePayload {
  return { type: message.type, ...message.payload?.(resource) };
}

function* filtered<T>(documents: Iterable<T>, keep: (document: T) => boolean): Iterable<T> {
  for (const document of documents) if (keep(document)) yield document;
}

function* mapped<T, U>(documents: Iterable<T>, map: (document: T) => U): Iterable<U> {
  for (const document of documents) yield map(document);
}

/** A stored change as subscriptions are told about it. */
function changeOf(
  definition: ResourceDefinition,
  ctx: ResourceContext,
  kind: Change['kind'],
  resource: StoredDocument,
  messages: readonly StoredDocument[],
  previous?: StoredDocument,
): Change {
  const { project, now } = ctx;
  return { project, typeId: definition.typeId, path: definition.path, kind, resource, messages, previous, at: now };
}

/**
 * The generic resource machinery, written once: create, insert, update with versioning and atomic
 * actions, replace, delete, get and query, for every declared resource type, over any storage
 * backend. Every write of a resource goes through one of these methods.
 */
export class Repository implements Engine {
  readonly decisions = new PermissionLog();
  private readonly messages: MessageWriter;
  /** The changes of the running transaction, delivered to subscriptions when it commits. */
  readonly outbox: Outbox;
  /** The API extensions a served request's creates and updates pass through before they are stored. */
  readonly extensions: ExtensionGate;

  constructor(
    readonly storage: StorageBackend,
    readonly definitions: ReadonlyMap<string, ResourceDefinition>,
    /** How list queries treat unknown fields (`strictWhere`). */
    readonly queryOptions: QueryOptions = {},
  ) {
    this.messages = new MessageWriter(storage);
    this.outbox = new Outbox(storage, (project) => this.messages.enabled(project));
    this.extensions = new ExtensionGate(storage);
  }

  definition(typeId: string): ResourceDefinition {
    const definition = this.definitions.get(typeId);
    if (!definition) throw errors.invalidInput(`Unknown resource type '${typeId}'.`);
    return definition;
  }

  associateIn(unit: StoredDocument, associateId: string, ctx: ResourceContext): AssociateInUnit {
    const roles = this.definition(BUSINESS_UNIT).associateRoles;
    if (!roles) throw errors.general(`The '${BUSINESS_UNIT}' type declares no associateRoles.`);
    return new AssociateInUnit(associateId, unit.key as string, roles(unit, associateId, ctx), this.decisions, ctx.now);
  }

  serves(typeId: string): boolean {
    return this.definitions.has(typeId);
  }

  scopePolicy(typeId: string): ScopePolicy | undefined {
    return this.definitions.get(typeId)?.scope;
  }

  context(project: string, author: Author, now = isoNow(), scope?: CallScope): ResourceContext {
    return new Context(this.storage, project, author, now, scope);
  }

  /** Every write runs in one of these: all of it is stored or none, and subscriptions hear of it once it commits. */
  transaction<T>(work: () => T): T {
    return this.outbox.around(() => this.storage.transaction(work));
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

  query(definition: ResourceDefinition, project: string, params: URLSearchParams, shape: QueryShape = {}): PagedResult<StoredDocument> {
    const query = parseQueryParams(params);
    let documents = this.storage.scan(project, definition.typeId);
    if (shape.filter) documents = filtered(documents, shape.filter);
    // A `where` or `sort` on what presenting computes (a product's `discounted` prices) must see the
    // response's shape: then every candidate is presented first; otherwise only the page is.
    const presentFirst = shape.present !== undefined && namesAnyField(query, shape.presentedFields);
    if (presentFirst) documents = mapped(documents, shape.present as (document: StoredDocument) => StoredDocument);
    const page = runQuery(documents, query, queryOptionsFor(this.queryOptions, definition));
    const present = presentFirst ? undefined : shape.present;
    if (query.expand.length === 0 && !present) return page;
    return withFields(page, {
      results: page.results.map((doc) => this.expand(project, present ? present(doc) : doc, query.expand) as StoredDocument),
    });
  }

  expand<T extends object>(project: string, document: T, paths: string[]): T {
    if (paths.length === 0) return document;
    return expandReferences(document, paths, (typeId, id) => this.storage.get(project, typeId, id));
  }

  create(definition: ResourceDefinition, draftInput: unknown, ctx: ResourceContext, origin: CreateOrigin = 'created'): StoredDocument {
    const draft = validate(definition.draft, draftInput);
    return this.insert(definition, definition.create(draft, ctx), ctx, origin);
  }

  insert(definition: ResourceDefinition, fields: object, ctx: ResourceContext, origin: CreateOrigin = 'created'): StoredDocument {
    // The type's fields between the id and the audit fields.
    const audit = { createdAt: ctx.now, lastModifiedAt: ctx.now, createdBy: ctx.author, lastModifiedBy: ctx.author };
    const resource = compactFields({ id: uuid(), version: 1 }, fields, audit) as StoredDocument;
    const created = definition.messages?.[origin];
    const messages: MessagePayload[] = [];
    this.passExtensions(definition, 'Create', resource, ctx, messages);
    return this.save(definition, ctx, resource, undefined, messages, created && this.messages.wanted(ctx.project) ? created : undefined);
  }

  update(
    definition: ResourceDefinition,
    locator: Locator,
    body: unknown,
    ctx: ResourceContext,
    allowed?: readonly string[],
  ): StoredDocument {
    const envelope = validate(UpdateEnvelope, body);
    const steps = this.validateActions(definition, envelope.actions, allowed);
    const current = this.get(definition, ctx.project, locator);
    if (current.version !== envelope.version) throw errors.concurrentModification(current.id, envelope.version, current.version);
    return this.change(definition, current, steps, ctx, true);
  }

  /**
   * Applies actions (public or internal) to a copy; the stored resource changes only if all of them
   * succeed and something changed, with a new version unless every action keeps it.
   */
  apply(definition: ResourceDefinition, current: StoredDocument, steps: AppliedAction[], ctx: ResourceContext): StoredDocument {
    return this.change(definition, current, steps, ctx, false);
  }

  /** `apply`, and for a client's update request (`requested`) the API extensions it triggers. */
  private change(
    definition: ResourceDefinition,
    current: StoredDocument,
    steps: AppliedAction[],
    ctx: ResourceContext,
    requested: boolean,
  ): StoredDocument {
    // API extensions may answer with any action, so a requested change works on a deep copy.
    const shallow = !requested && steps.every((step) => this.declaredAction(definition, step.name).shallow === true);
    const next = shallow ? compactCopy(current) : jsonClone(current);
    const messages: MessagePayload[] = [];
    const keepsVersion = this.runActions(definition, next, steps, ctx, messages);
    if (requested) this.passExtensions(definition, 'Update', next, ctx, messages);
    // An unchanged resource is stored again only for the messages of actions that keep its version (a customer's token issued).
    if (unchanged(next, current) && (!keepsVersion || messages.length === 0)) return current;
    if (!keepsVersion) return this.store(definition, current, next, ctx, messages);
    return this.save(definition, ctx, next, current, messages);
  }

  /**
   * Runs validated actions on `next` (then the type's `afterActions`), adding their messages;
   * whether every one of them keeps the version.
   */
  private runActions(
    definition: ResourceDefinition,
    next: StoredDocument,
    steps: AppliedAction[],
    ctx: ResourceContext,
    messages: MessagePayload[],
  ): boolean {
    let keepsVersion = steps.length > 0;
    const emitting = this.messages.wanted(ctx.project);
    for (const step of steps) {
      const declared = this.declaredAction(definition, step.name);
      const message = emitting ? declared.message : undefined;
      const old = message?.before?.(next, step.payload);
      declared.apply(next, step.payload, ctx);
      keepsVersion &&= declared.keepsVersion === true;
      // A copy: later actions of the request go on changing what the payload points into.
      const payload = message?.payload(next, step.payload, old, ctx);
      if (payload) messages.push(...jsonClone([payload].flat()));
    }
    definition.afterActions?.(next, ctx, steps);
    return keepsVersion;
  }

  private declaredAction(definition: ResourceDefinition, name: string): UpdateAction<StoredDocument> {
    const declared = own(definition.actions, name) ?? own(definition.internalActions, name);
    if (!declared) throw errors.general(`The ${definition.typeId} has no action '${name}'.`);
    return declared;
  }

  /**
   * Shows a create or an update about to be stored to the API extensions it triggers and applies the
   * update actions they answered (a refusal or a missing answer is thrown: see ExtensionGate).
   */
  private passExtensions(
    definition: ResourceDefinition,
    action: ExtensionAction,
    next: StoredDocument,
    ctx: ResourceContext,
    messages: MessagePayload[],
  ): void {
    const answered: ExtensionActions[] | undefined = this.extensions.actionsFor(definition.typeId, action, next, ctx.project);
    for (const { extension, actions } of answered ?? []) {
      if (actions.length === 0) continue;
      try {
        this.runActions(definition, next, this.validateActions(definition, actions), ctx, messages);
      } catch (error) {
        if (error instanceof PlatformError) throw extensionUpdateActionsFailed(extension, error);
        throw error;
      }
    }
  }

  replace(definition: ResourceDefinition, current: StoredDocument, next: object, ctx: ResourceContext): StoredDocument {
    const { id, createdAt, createdBy } = current;
    return this.store(
      definition,
      current,
      { ...next, id, version: current.version, createdAt, createdBy } as StoredDocument,
      ctx,
      NO_MESSAGES,
    );
  }

  /** Writes `next` as the version after `current` (with the cascaded changes of its type, in one transaction). */
  private store(
    definition: ResourceDefinition,
    current: StoredDocument,
    next: StoredDocument,
    ctx: ResourceContext,
    messages: readonly MessagePayload[],
  ): StoredDocument {
    const stamp = (document: StoredDocument, previous: StoredDocument) => {
      document.version = previous.version + 1;
      document.lastModifiedAt = ctx.now;
      document.lastModifiedBy = ctx.author;
    };
    stamp(next, current);
    const related = definition.cascade?.(next, current, ctx) ?? [];
    if (related.length === 0) return this.save(definition, ctx, next, current, messages);
    // Nested: each save runs its own transaction inside this one.
    return this.transaction(() => {
      const stored = this.save(definition, ctx, next, current, messages);
      for (const document of related) {
        const previous = this.get(definition, ctx.project, { id: document.id });
        stamp(document, previous);
        this.save(definition, ctx, document, previous, NO_MESSAGES);
      }
      return stored;
    });
  }

  /** Validates each action of an update request against its declared schema; every problem is reported together. */
  validateActions(definition: ResourceDefinition, actions: Array<{ action: string }>, allowed?: readonly string[]): AppliedAction[] {
    const problems: ErrorObject[] = [];
    const steps = actions.map((raw, index) => {
      const declared = requestedAction(definition, raw.action, allowed);
      if (!declared) {
        problems.push({
          code: 'InvalidInput',
          message: `Unknown update action '${raw.action}' for resource type '${definition.typeId}'${allowed ? ' on this endpoint' : ''}.`,
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
    const deleted = definition.messages?.deleted;
    this.transaction(() => {
      this.storage.delete(ctx.project, definition.typeId, current.id, current.version);
      for (const { collection, index: unique } of uniqueIndexesOf(definition)) {
        for (const value of unique.values(current)) this.storage.delete(ctx.project, collection, value);
      }
      this.regroup(definition, ctx.project, current.id, current, undefined);
      // The platform counts a deletion as one more version of the resource.
      const messages =
        deleted && this.messages.wanted(ctx.project)
          ? this.messages.write(ctx.project, definition, current, current.version + 1, [lifecycleMessage(deleted, current)], {
              now: ctx.now,
              author: ctx.author,
              created: false,
            })
          : [];
      this.outbox.record(changeOf(definition, ctx, 'ResourceDeleted', current, messages));
    });
    return current;
  }

  /**
   * Files every stored resource in its groups again, from the resources themselves: an import may
   * come from an export made before a group index existed, or hold group entries edited by hand.
   */
  rebuildGroups(): void {
    this.storage.transaction(() => {
      for (const project of this.storage.projects()) {
        for (const definition of this.definitions.values()) {
          const groups = groupIndexesOf(definition);
          if (groups.length === 0) continue;
          for (const { collection } of groups) {
            for (const entry of [...this.storage.scan(project, collection)]) this.storage.delete(project, collection, entry.id);
          }
          for (const document of [...this.storage.scan(project, definition.typeId)]) {
            this.regroup(definition, project, document.id, undefined, document);
          }
        }
      }
    });
  }

  /** Moves a resource between the groups it was and is filed under (`next` undefined: it is deleted). */
  private regroup(
    definition: ResourceDefinition,
    project: string,
    id: string,
    previous: StoredDocument | undefined,
    next: StoredDocument | undefined,
  ): void {
    for (const { collection, index: group } of groupIndexesOf(definition)) {
      const before = previous ? group.values(previous) : [];
      const after = next ? group.values(next) : [];
      for (const value of before) if (!after.includes(value)) this.fileUnder(project, collection, value, id, false);
      for (const value of after) if (!before.includes(value)) this.fileUnder(project, collection, value, id, true);
    }
  }

  private fileUnder(project: string, collection: string, value: string, id: string, join: boolean): void {
    const entry = this.storage.get(project, collection, value) as GroupEntry | undefined;
    const members = join ? [...(entry?.members ?? []), id] : (entry?.members ?? []).filter((member) => member !== id);
    const expectedVersion = entry?.version ?? 0;
    if (members.length === 0) {
      if (entry) this.storage.delete(project, collection, value, expectedVersion);
      return;
    }
    this.storage.write(project, collection, { id: value, version: expectedVersion + 1, members } as GroupEntry, { expectedVersion });
  }

  /**
   * Writes a resource, its unique-index entries and the messages of the change in one transaction,
   * mapping conflicts to platform errors, and returns the document stored: a compact copy of
   * `next` (see `compactCopy`), which a `created` message (the lifecycle message of a new
   * resource) carries too.
   */
  private save(
    definition: ResourceDefinition,
    ctx: ResourceContext,
    changed: StoredDocument,
    previous: StoredDocument | undefined,
    changeMessages: readonly MessagePayload[],
    created?: LifecycleMessage,
  ): StoredDocument {
    const { storage } = this;
    const { project } = ctx;
    const typeId = definition.typeId;
    const next = compactCopy(changed);
    shareEmptyLists(next);
    const messages = created ? [lifecycleMessage(created, next), ...changeMessages] : changeMessages;
    const key = definition.keyOf ? definition.keyOf(next) : (next.key as string | undefined);
    const indexChanges: Array<{ collection: string; added: string[]; removed: string[] }> = [];
    for (const { collection, index: unique } of uniqueIndexesOf(definition)) {
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
      this.transaction(() => {
        const expectedVersion = previous?.version ?? 0;
        storage.write(project, typeId, next, key !== undefined ? { expectedVersion, key } : { expectedVersion });
        for (const change of indexChanges) {
          for (const value of change.removed) storage.delete(project, change.collection, value);
          for (const value of change.added)
            storage.write(project, change.collection, { id: value, version: 1, owner: next.id }, { expectedVersion: 0 });
        }
        this.regroup(definition, project, next.id, previous, next);
        const written = this.messages.write(project, definition, next, next.version, messages, {
          now: ctx.now,
          author: ctx.author,
          created: previous === undefined,
        });
        // A change that keeps the version (an internal bookkeeping action, a token issued) makes no
        // change notification; its messages, if any, still reach subscribers.
        const kind = previous?.version === next.version ? undefined : previous ? 'ResourceUpdated' : 'ResourceCreated';
        if (kind || written.length > 0) this.outbox.record(changeOf(definition, ctx, kind, next, written, previous));
      });
      return next;
    } catch (error) {
      if (error instanceof KeyConflict) throw errors.duplicateField('key', error.key);
      if (error instanceof VersionConflict) throw errors.concurrentModification(error.id, error.expectedVersion, error.actualVersion);
      throw error;
    }
  }
}
