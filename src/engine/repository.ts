import type { CallScope } from '../http/context.js';
import { errors } from '../http/errors.js';
import type { PagedResult, QueryOptions } from '../query/index.js';
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { isoNow } from '../util/time.js';
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
import { ExtensionGate } from './extension-gate.js';
import { rebuildGroups } from './indexes.js';
import { MessageWriter } from './messages.js';
import { Outbox } from './outbox.js';
import { AssociateInUnit, PermissionLog } from './permissions.js';
import { expandResource, findResource, getResource, queryResources } from './queries.js';
import { ProjectContext } from './resource-context.js';
import { ActionRunner, validateActions } from './update-actions.js';
import { ResourceUpdater } from './updates.js';
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
export class Repository implements Engine {
  readonly decisions = new PermissionLog();
  /** The changes of the running transaction, delivered to subscriptions when it commits. */
  readonly outbox: Outbox;
  /** The API extensions a served request's creates and updates pass through before they are stored. */
  readonly extensions: ExtensionGate;
  private readonly writer: ResourceWriter;
  private readonly updater: ResourceUpdater;

  constructor(
    readonly storage: StorageBackend,
    readonly definitions: ReadonlyMap<string, ResourceDefinition>,
    /** How list queries treat unknown fields (`strictWhere`). */
    readonly queryOptions: QueryOptions = {},
  ) {
    const messages = new MessageWriter(storage);
    this.outbox = new Outbox(storage, (project) => messages.enabled(project));
    this.extensions = new ExtensionGate(storage);
    const actions = new ActionRunner(messages, this.extensions);
    this.writer = new ResourceWriter(storage, messages, this.outbox, actions);
    this.updater = new ResourceUpdater(storage, actions, this.writer);
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
    return new ProjectContext(this.storage, project, author, now, scope);
  }

  transaction<T>(work: () => T): T {
    return this.writer.transaction(work);
  }

  find(definition: ResourceDefinition, project: string, locator: Locator): StoredDocument | undefined {
    return findResource(this.storage, definition, project, locator);
  }

  get(definition: ResourceDefinition, project: string, locator: Locator): StoredDocument {
    return getResource(this.storage, definition, project, locator);
  }

  query(definition: ResourceDefinition, project: string, params: URLSearchParams, shape: QueryShape = {}): PagedResult<StoredDocument> {
    return queryResources(this.storage, this.queryOptions, definition, project, params, shape);
  }

  expand<T extends object>(project: string, document: T, paths: string[]): T {
    return expandResource(this.storage, project, document, paths);
  }

  create(definition: ResourceDefinition, draft: unknown, ctx: ResourceContext, origin: CreateOrigin = 'created'): StoredDocument {
    return this.writer.create(definition, draft, ctx, origin);
  }

  insert(definition: ResourceDefinition, fields: object, ctx: ResourceContext, origin: CreateOrigin = 'created'): StoredDocument {
    return this.writer.insert(definition, fields, ctx, origin);
  }

  update(
    definition: ResourceDefinition,
    locator: Locator,
    body: unknown,
    ctx: ResourceContext,
    allowed?: readonly string[],
  ): StoredDocument {
    return this.updater.update(definition, locator, body, ctx, allowed);
  }

  apply(definition: ResourceDefinition, current: StoredDocument, steps: AppliedAction[], ctx: ResourceContext): StoredDocument {
    return this.updater.apply(definition, current, steps, ctx);
  }

  replace(definition: ResourceDefinition, current: StoredDocument, next: object, ctx: ResourceContext): StoredDocument {
    return this.writer.replace(definition, current, next, ctx);
  }

  validateActions(definition: ResourceDefinition, actions: Array<{ action: string }>, allowed?: readonly string[]): AppliedAction[] {
    return validateActions(definition, actions, allowed);
  }

  remove(definition: ResourceDefinition, locator: Locator, version: number | undefined, ctx: ResourceContext): StoredDocument {
    return this.writer.remove(definition, locator, version, ctx);
  }

  /** Files every stored resource in its groups again (after an import: see `rebuildGroups` in indexes.ts). */
  rebuildGroups(): void {
    rebuildGroups(this.storage, this.definitions);
  }
}
