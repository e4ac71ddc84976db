/**
 * The write path of the engine: every stored version of a resource is written here (created,
 * inserted, replaced, updated through `store`/`save`, removed), with its index entries, its
 * messages and its change for subscriptions, in one transaction.
 */
import { errors } from '../http/errors.js';
import { KeyConflict, type StorageBackend, type StoredDocument, VersionConflict } from '../storage/backend.js';
import { uuid } from '../util/ids.js';
import { compactCopy, compactFields, shareEmptyLists } from '../util/json.js';
import type { CreateOrigin, LifecycleMessage, Locator, MessagePayload, ResourceContext, ResourceDefinition } from './define.js';
import { regroup, removeUniqueIndexEntries, uniqueIndexChanges, writeUniqueIndexChanges } from './indexes.js';
import type { HistoryWriter } from './history.js';
import type { MessageWriter } from './messages.js';
import type { Change, Outbox } from './outbox.js';
import type { DueWork } from './due-work.js';
import { getResource } from './queries.js';
import type { ActionRunner } from './update-actions.js';
import { validate } from './validation.js';

const NO_MESSAGES: readonly MessagePayload[] = [];

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

function lifecycleMessage(message: LifecycleMessage, resource: StoredDocument, ctx: ResourceContext): MessagePayload {
  return { type: message.type, ...message.payload?.(resource, ctx) };
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

/** Told, once the outermost transaction commits, of each project it wrote to, with the context of its last write there. */
export type CommitListener = (written: ReadonlyMap<string, ResourceContext>) => void;

/** Runs a type's `sync` after one of its resources was stored or deleted, in the write's transaction. */
export type SyncRunner = (
  definition: ResourceDefinition,
  next: StoredDocument | undefined,
  previous: StoredDocument | undefined,
  ctx: ResourceContext,
) => void;

export class ResourceWriter {
  /** How deep in nested transactions the running write is (0: none running). */
  private depth = 0;
  /** The projects the running outermost transaction wrote to, with the context of each one's last write. */
  private written: Map<string, ResourceContext> | undefined;

  constructor(
    private readonly storage: StorageBackend,
    private readonly messages: MessageWriter,
    /** The changes of the running transaction, delivered to subscriptions when it commits. */
    private readonly outbox: Outbox,
    private readonly actions: ActionRunner,
    /** The Change History API's records of the changes a served request stores. */
    private readonly history: HistoryWriter,
    /** Told of every stored resource of a type with due work, whose time may come sooner now. */
    private readonly dueWork: DueWork,
    private readonly committed: CommitListener = () => {},
    private readonly sync: SyncRunner = () => {},
  ) {}

  /**
   * Every write runs in one of these: all of it is stored or none, and subscriptions hear of it once
   * it commits; then the commit listener hears which projects it wrote to.
   */
  transaction<T>(work: () => T): T {
    this.depth++;
    let result: T;
    try {
      result = this.outbox.around(() => this.storage.transaction(work));
    } catch (error) {
      if (this.depth === 1) this.written = undefined;
      throw error;
    } finally {
      this.depth--;
    }
    if (this.depth === 0 && this.written !== undefined) {
      const written = this.written;
      this.written = undefined;
      this.committed(written);
    }
    return result;
  }

  /** Notes that the running transaction writes to the project of `ctx`. */
  private noteWrite(ctx: ResourceContext): void {
    (this.written ??= new Map()).set(ctx.project, ctx);
  }

  create(definition: ResourceDefinition, draftInput: unknown, ctx: ResourceContext, origin: CreateOrigin): StoredDocument {
    const draft = validate(definition.draft, draftInput);
    return this.insert(definition, definition.create(draft, ctx), ctx, origin);
  }

  insert(definition: ResourceDefinition, fields: object, ctx: ResourceContext, origin: CreateOrigin): StoredDocument {
    // The type's fields between the id and the audit fields.
    const audit = { createdAt: ctx.now, lastModifiedAt: ctx.now, createdBy: ctx.author, lastModifiedBy: ctx.author };
    const resource = compactFields({ id: uuid(), version: 1 }, fields, audit) as StoredDocument;
    const created = definition.messages?.[origin];
    const messages: MessagePayload[] = [];
    this.actions.passExtensions(definition, 'Create', resource, ctx, messages);
    return this.save(definition, ctx, resource, undefined, messages, created && this.messages.wanted(ctx.project) ? created : undefined);
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
  store(
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
        const previous = getResource(this.storage, definition, ctx.project, { id: document.id });
        stamp(document, previous);
        this.save(definition, ctx, document, previous, NO_MESSAGES);
      }
      return stored;
    });
  }

  remove(definition: ResourceDefinition, locator: Locator, version: number | undefined, ctx: ResourceContext): StoredDocument {
    const { storage } = this;
    const current = getResource(storage, definition, ctx.project, locator);
    if (version !== undefined && current.version !== version) throw errors.concurrentModification(current.id, version, current.version);
    for (const typeId of definition.referencedBy ?? []) {
      for (const document of storage.scan(ctx.project, typeId)) {
        if (document.id !== current.id && refersTo(document, definition.typeId, current))
          throw errors.referenceExists(definition.typeId, typeId);
      }
    }
    definition.beforeDelete?.(current, ctx);
    const deleted = definition.messages?.deleted;
    this.transaction(() => {
      this.noteWrite(ctx);
      storage.delete(ctx.project, definition.typeId, current.id, current.version);
      removeUniqueIndexEntries(storage, ctx.project, definition, current);
      regroup(storage, definition, ctx.project, current.id, current, undefined);
      // The platform counts a deletion as one more version of the resource.
      const messages =
        deleted && this.messages.wanted(ctx.project)
          ? this.messages.write(ctx.project, definition, current, current.version + 1, [lifecycleMessage(deleted, current, ctx)], {
              now: ctx.now,
              author: ctx.author,
              created: false,
            })
          : [];
      this.outbox.record(changeOf(definition, ctx, 'ResourceDeleted', current, messages));
      this.history.write({
        definition,
        kind: 'ResourceDeleted',
        previous: current,
        next: undefined,
        version: current.version + 1,
        ctx,
      });
      if (definition.sync) this.sync(definition, undefined, current, ctx);
    });
    return current;
  }

  /**
   * Writes a resource, its unique-index entries and the messages of the change in one transaction,
   * mapping conflicts to platform errors, and returns the document stored: a compact copy of
   * `next` (see `compactCopy`), which a `created` message (the lifecycle message of a new
   * resource) carries too.
   */
  save(
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
    const messages = created ? [lifecycleMessage(created, next, ctx), ...changeMessages] : changeMessages;
    const key = definition.keyOf ? definition.keyOf(next) : (next.key as string | undefined);
    const indexChanges = uniqueIndexChanges(storage, project, definition, next, previous);
    try {
      this.transaction(() => {
        this.noteWrite(ctx);
        const expectedVersion = previous?.version ?? 0;
        storage.write(project, typeId, next, key !== undefined ? { expectedVersion, key } : { expectedVersion });
        writeUniqueIndexChanges(storage, project, indexChanges, next.id);
        regroup(storage, definition, project, next.id, previous, next);
        const written = this.messages.write(project, definition, next, next.version, messages, {
          now: ctx.now,
          author: ctx.author,
          created: previous === undefined,
        });
        // A change that keeps the version (an internal bookkeeping action, a token issued) makes no
        // change notification; its messages, if any, still reach subscribers.
        const kind = previous?.version === next.version ? undefined : previous ? 'ResourceUpdated' : 'ResourceCreated';
        if (kind || written.length > 0) this.outbox.record(changeOf(definition, ctx, kind, next, written, previous));
        this.history.write({ definition, kind: kind ?? 'ResourceUpdated', previous, next, version: next.version, ctx });
        if (definition.due) this.dueWork.noted(definition, next);
        if (definition.sync) this.sync(definition, next, previous, ctx);
      });
      return next;
    } catch (error) {
      if (error instanceof KeyConflict) throw errors.duplicateField('key', error.key);
      if (error instanceof VersionConflict) throw errors.concurrentModification(error.id, error.expectedVersion, error.actualVersion);
      throw error;
    }
  }
}
