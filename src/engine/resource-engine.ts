import type { CallScope, StoredOf } from '../http/context.js';
import { errors } from '../http/errors.js';
import type { PagedResult, QueryOptions } from '../query/index.js';
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { Clock } from '../util/time.js';
import { PROGRAMMATIC } from '../auth/identity.js';
import type {
  AppliedAction,
  Author,
  CreateOrigin,
  Engine,
  Locator,
  QueryShape,
  ResourceContext,
  ResourceDefinition,
  ScopePolicy,
} from './define.js';
import { DueWork } from './due-work.js';
import { ExtensionGate } from './extension-gate.js';
import { HistoryWriter } from './history.js';
import { rebuildGroups } from './indexes.js';
import { MessageWriter } from './messages.js';
import { Outbox } from './outbox.js';
import { AssociateInUnit, PermissionLog } from './permissions.js';
import { expandResource, findResource, getResource, queryResources } from './queries.js';
import { ProjectContext } from './resource-context.js';
import { ActionRunner, validateActions } from './update-actions.js';
import { ResourceUpdater } from './updates.js';
import type { TypeCatalog } from './type-catalog.js';
import { ResourceWriter } from './writes.js';

export type { Locator } from './define.js';

const BUSINESS_UNIT = 'business-unit';

/**
 * The generic resource machinery, written once: create, insert, update with versioning and atomic
 * actions, replace, delete, get and query, for every declared resource type, over any storage
 * backend. Every write of a resource goes through one of these methods; each job has its module
 * (queries, writes, updates, update-actions, indexes, resource-context) and this class is their
 * one entry point.
 */
/** What the engine keeps of what only grows (the `retention` option): past it, the oldest go first. */
export interface EngineRetention {
  /** Deliveries to subscriptions, per project. */
  deliveriesPerProject?: number;
  /** Permission decisions of as-associate requests, of all projects. */
  permissionDecisions?: number;
  /** The Change History API's records, per project. */
  historyRecordsPerProject?: number;
}

export class ResourceEngine implements Engine {
  readonly decisions: PermissionLog;
  /** The changes of the running transaction, delivered to subscriptions when it commits. */
  readonly outbox: Outbox;
  /** The API extensions a served request's creates and updates pass through before they are stored. */
  readonly extensions: ExtensionGate;
  /** What falls due as the clock moves (recurring orders' next orders). */
  readonly dueWork: DueWork;
  private readonly writer: ResourceWriter;
  private readonly updater: ResourceUpdater;

  constructor(
    readonly storage: StorageBackend,
    /** The types served, each loaded on first use. */
    readonly types: TypeCatalog,
    /** How list queries treat unknown fields (`strictWhere`). */
    readonly queryOptions: QueryOptions = {},
    retention: EngineRetention = {},
    /** The mock's time: every timestamp the engine writes reads it. */
    readonly clock = new Clock(),
  ) {
    this.decisions = new PermissionLog(retention.permissionDecisions);
    const messages = new MessageWriter(storage);
    this.outbox = new Outbox(storage, (project) => messages.enabled(project), retention.deliveriesPerProject);
    this.extensions = new ExtensionGate(storage);
    const actions = new ActionRunner(messages, this.extensions);
    const recordingType = [...types.entries].find(([, entry]) => entry.recordsChanges)?.[0];
    const history = new HistoryWriter(
      storage,
      () => {
        const recorder = recordingType === undefined ? undefined : types.definition(recordingType)?.recordsChanges;
        return recorder && { typeId: recordingType!, recorder };
      },
      () => this.extensions.servingRequest,
      retention.historyRecordsPerProject,
    );
    this.dueWork = new DueWork(storage, clock, (project, now) => this.context(project, PROGRAMMATIC, now));
    const afterCommit: ResourceDefinition[] = [];
    this.writer = new ResourceWriter(
      storage,
      messages,
      this.outbox,
      actions,
      history,
      this.dueWork,
      (written) => {
        for (const ctx of written.values()) for (const definition of afterCommit) definition.afterCommit!(ctx, this);
      },
      (definition, next, previous, ctx) => definition.sync!(next, previous, ctx, this),
    );
    this.updater = new ResourceUpdater(storage, actions, this.writer);
    types.onLoad((definition) => {
      if (definition.due) this.dueWork.follow(definition);
      if (definition.afterCommit) afterCommit.push(definition);
    });
    types.loadStored(storage);
  }

  definition<TypeId extends string>(typeId: TypeId): ResourceDefinition<unknown, StoredOf<TypeId> & StoredDocument> {
    const definition = this.types.definition(typeId);
    if (!definition) throw errors.invalidInput(`Unknown resource type '${typeId}'.`);
    // The registry holds every type's definition alike; the one registered under a type id is that type's.
    return definition as ResourceDefinition<unknown, StoredOf<TypeId> & StoredDocument>;
  }

  associateIn(unit: StoredDocument, associateId: string, ctx: ResourceContext): AssociateInUnit {
    // `<string>`: the engine knows a unit only as a stored document, which the unit type's own `associateRoles` reads.
    const roles = this.definition<string>(BUSINESS_UNIT).associateRoles;
    if (!roles) throw errors.general(`The '${BUSINESS_UNIT}' type declares no associateRoles.`);
    return new AssociateInUnit(associateId, unit.key as string, roles(unit, associateId, ctx), this.decisions, ctx.now);
  }

  serves(typeId: string): boolean {
    return this.types.has(typeId);
  }

  scopePolicy(typeId: string): ScopePolicy | undefined {
    return this.types.definition(typeId)?.scope;
  }

  context(project: string, author: Author, now = this.clock.now(), scope?: CallScope): ResourceContext {
    return new ProjectContext(this.storage, project, author, now, scope);
  }

  transaction<T>(work: () => T): T {
    return this.writer.transaction(work);
  }

  // Reads and writes return the definition's resource type: storage keeps every type's documents
  // alike, and a type's documents are written through its definition only, so the cast is safe.
  find<R extends StoredDocument>(definition: ResourceDefinition<unknown, R>, project: string, locator: Locator): R | undefined {
    return findResource(this.storage, definition, project, locator) as R | undefined;
  }

  get<R extends StoredDocument>(definition: ResourceDefinition<unknown, R>, project: string, locator: Locator): R {
    return getResource(this.storage, definition, project, locator) as R;
  }

  query(definition: ResourceDefinition, project: string, params: URLSearchParams, shape: QueryShape = {}): PagedResult<StoredDocument> {
    return queryResources(this.storage, this.queryOptions, definition, project, params, shape);
  }

  expand<T extends object>(project: string, document: T, paths: string[]): T {
    return expandResource(this.storage, project, document, paths);
  }

  create<R extends StoredDocument>(
    definition: ResourceDefinition<unknown, R>,
    draft: unknown,
    ctx: ResourceContext,
    origin: CreateOrigin = 'created',
  ): R {
    this.types.use(definition);
    return this.writer.create(definition, draft, ctx, origin) as R;
  }

  insert<R extends StoredDocument>(
    definition: ResourceDefinition<unknown, R>,
    fields: object,
    ctx: ResourceContext,
    origin: CreateOrigin = 'created',
  ): R {
    this.types.use(definition);
    return this.writer.insert(definition, fields, ctx, origin) as R;
  }

  update<R extends StoredDocument>(
    definition: ResourceDefinition<unknown, R>,
    locator: Locator,
    body: unknown,
    ctx: ResourceContext,
    allowed?: readonly string[],
  ): R {
    this.types.use(definition);
    return this.updater.update(definition, locator, body, ctx, allowed) as R;
  }

  apply<R extends StoredDocument>(
    definition: ResourceDefinition<unknown, R>,
    current: StoredDocument,
    steps: AppliedAction[],
    ctx: ResourceContext,
  ): R {
    this.types.use(definition);
    return this.updater.apply(definition, current, steps, ctx) as R;
  }

  replace<R extends StoredDocument>(
    definition: ResourceDefinition<unknown, R>,
    current: StoredDocument,
    next: object,
    ctx: ResourceContext,
  ): R {
    this.types.use(definition);
    return this.writer.replace(definition, current, next, ctx) as R;
  }

  validateActions(definition: ResourceDefinition, actions: Array<{ action: string }>, allowed?: readonly string[]): AppliedAction[] {
    return validateActions(definition, actions, allowed);
  }

  remove<R extends StoredDocument>(
    definition: ResourceDefinition<unknown, R>,
    locator: Locator,
    version: number | undefined,
    ctx: ResourceContext,
  ): R {
    this.types.use(definition);
    return this.writer.remove(definition, locator, version, ctx) as R;
  }

  /** Does what is due by the clock's time (a recurring order's next order): before each request, and when a test moves the clock. */
  runDue(): void {
    this.dueWork.run(this);
  }

  /**
   * The whole state was replaced (a restore, an import): the types of what is stored now are loaded,
   * what each type keeps beside the storage is told, and what is due is looked at again.
   */
  stateReplaced(): void {
    this.types.loadStored(this.storage);
    for (const definition of this.types.loaded()) definition.stateReplaced?.(this.storage);
    this.dueWork.forget();
  }

  /** Files every stored resource in its groups again (after an import: see `rebuildGroups` in indexes.ts). */
  rebuildGroups(): void {
    this.types.loadStored(this.storage);
    rebuildGroups(this.storage, this.types.loaded());
  }
}
