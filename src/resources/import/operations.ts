/**
 * Import operations: one per resource of an import request, reporting how its import went. The mock
 * processes them at once, deterministically: every write that commits (an import request's, or any
 * other write to the project) is followed by a pass over the project's pending operations
 * (`processing`, `unresolved`, `waitForMasterVariant`), in the order they were made, again for as
 * long as one of them gets imported (a category import may be what a product import waits for). An
 * operation whose KeyReferences name a missing resource is `unresolved` until a later write makes
 * it (references.ts). Every operation is deleted at its `expiresAt` (48 hours after it was made, by
 * the mock's clock: due work), as the platform deletes them; until the due work runs, reads leave
 * out expired ones and a pass deletes them instead of processing them. */
import * as z from 'zod';
import { ok } from '../../http/context.js';
import { type ErrorObject, errors, PlatformError } from '../../http/errors.js';
import type { StoredDocument } from '../../storage/backend.js';
import {
  type Author,
  type BaseFields,
  defineResource,
  type Engine,
  type KeyReference,
  type ResourceContext,
  type SdkTypes,
} from '../../engine/define.js';
import { ProjectContext } from '../../engine/resource-context.js';
import { IMPORT_MAPPINGS } from './mappings.js';
import { type ImportType, ImportType as ImportTypeSchema } from './import-types.js';
import { PENDING, unresolvedReferences, waitsForMasterVariant } from './references.js';

export const PROCESSING_STATES = [
  'processing',
  'validationFailed',
  'unresolved',
  'waitForMasterVariant',
  'imported',
  'rejected',
  'canceled',
  'partiallyImported',
] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

/** How long the platform keeps an import operation: 48 hours. */
export const OPERATION_LIFETIME_MS = 48 * 60 * 60 * 1000;

export interface ImportOperation extends StoredDocument {
  importContainerKey: string;
  resourceKey: string;
  state: ProcessingState;
  resourceVersion?: number;
  errors?: ErrorObject[];
  unresolvedReferences?: KeyReference[];
  expiresAt: string;
  /** Kept for processing, never shown: the import type and the resource as the request carried it. */
  importType: ImportType;
  resource: Record<string, unknown>;
}

/** What the Import API shows of an operation (not its resource, nor who made it). */
export function operationView(operation: ImportOperation): Record<string, unknown> {
  const { version, importContainerKey, resourceKey, id, state, resourceVersion, createdAt, lastModifiedAt, expiresAt } = operation;
  const view: Record<string, unknown> = { version, importContainerKey, resourceKey, id, state };
  if (resourceVersion !== undefined) view.resourceVersion = resourceVersion;
  if (operation.errors !== undefined) view.errors = operation.errors;
  if (operation.unresolvedReferences !== undefined) view.unresolvedReferences = operation.unresolvedReferences;
  return { ...view, createdAt, lastModifiedAt, expiresAt };
}

export const isLive = (operation: ImportOperation, now: string) => operation.expiresAt > now;

/** An operation as the import request route makes it (never a client's draft). */
const ImportOperationFields = z.object({
  importContainerKey: z.string(),
  resourceKey: z.string(),
  importType: ImportTypeSchema,
  resource: z.record(z.string(), z.unknown()),
});
type ImportOperationFields = z.infer<typeof ImportOperationFields>;

/** The group an operation is filed under with its container's key. */
export const BY_CONTAINER = 'container';

/** States an operation leaves when what it waits for appears. */
const isWaiting = (state: ProcessingState) => state === 'unresolved' || state === 'waitForMasterVariant';
const isPending = (state: ProcessingState) => state === 'processing' || isWaiting(state);

/** Engines processing operations now: a pass's own writes do not start another. */
const busy = new WeakSet<Engine>();

/** Processes the project's pending operations, again while any gets imported (see the module comment). */
function processPending(ctx: ResourceContext, engine: Engine): void {
  if (busy.has(engine) || ctx.grouped('import-operation', PENDING, PENDING).length === 0) return;
  busy.add(engine);
  try {
    let imported = true;
    while (imported) {
      imported = false;
      for (const operation of ctx.grouped('import-operation', PENDING, PENDING)) {
        if (process(operation, ctx, engine) === 'imported') imported = true;
      }
    }
  } finally {
    busy.delete(engine);
  }
}

/** One pending operation: deleted when expired, else resolved and written, or left waiting. */
function process(operation: ImportOperation, ctx: ResourceContext, engine: Engine): ProcessingState | 'expired' {
  const definition = engine.definition('import-operation');
  if (!isLive(operation, ctx.now)) {
    engine.remove(definition, { id: operation.id }, undefined, ctx);
    return 'expired';
  }
  // The import's writes are made by whoever sent the import request, attributed to the import (as the platform's Attribution says).
  const sender = (operation.createdBy as Author | undefined) ?? ctx.author;
  const author: Author = { ...sender, attributedTo: { ...(sender.clientId ? { clientId: sender.clientId } : {}), source: 'Import' } };
  const as = new ProjectContext(engine.storage, ctx.project, author, ctx.now, undefined);
  const next: Partial<ImportOperation> = { state: 'processing' };
  const mapping = IMPORT_MAPPINGS[operation.importType];
  const missing = unresolvedReferences(operation.importType, operation.resource, as);
  if (missing.length > 0) {
    next.state = 'unresolved';
    next.unresolvedReferences = missing;
  } else if (waitsForMasterVariant(operation.importType, operation.resource, as)) {
    next.state = 'waitForMasterVariant';
  } else {
    try {
      const written = engine.transaction(() => mapping(operation.resource, as, engine));
      next.state = 'imported';
      next.resourceVersion = written.version;
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      next.state = 'validationFailed';
      next.errors = error.errors;
    }
  }
  const { resourceVersion: _version, errors: _errors, unresolvedReferences: _references, ...kept } = operation;
  const changed = { ...kept, ...next } as ImportOperation;
  // Still waiting for the same: nothing to write.
  if (
    changed.state === operation.state &&
    isWaiting(changed.state) &&
    jsonSame(operation.unresolvedReferences, changed.unresolvedReferences)
  )
    return changed.state;
  engine.replace(definition, operation, changed, ctx);
  return changed.state;
}

const jsonSame = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const importOperations = defineResource<ImportOperationFields, ImportOperation, SdkTypes<never, ImportOperation>>({
  typeId: 'import-operation',
  path: 'import-operations',
  api: 'import',
  draft: ImportOperationFields,
  create(fields, ctx): Omit<ImportOperation, BaseFields> {
    const expiresAt = new Date(Date.parse(ctx.now) + OPERATION_LIFETIME_MS).toISOString();
    return { ...fields, state: 'processing', expiresAt };
  },
  actions: {},
  without: ['list', 'create', 'update', 'delete', 'byKey'],
  routes: [
    {
      method: 'GET',
      path: ':id',
      handle(call, engine) {
        const operation = engine.find(engine.definition('import-operation'), call.ctx.project, { id: call.params.id! });
        if (!operation || !isLive(operation, call.ctx.now)) throw errors.resourceNotFound({ id: call.params.id! });
        return ok(operationView(operation));
      },
    },
  ],
  groups: {
    [PENDING]: { values: (operation) => (isPending(operation.state) ? [PENDING] : []) },
    [BY_CONTAINER]: { values: (operation) => [operation.importContainerKey] },
  },
  // Deleted 48 hours after it was made, as the platform deletes every operation then.
  due: {
    at: (operation) => operation.expiresAt,
    run: (operation, ctx, engine) => engine.remove(engine.definition('import-operation'), { id: operation.id }, undefined, ctx),
  },
  afterCommit: processPending,
});

declare module '../../http/context.js' {
  interface StoredTypes {
    'import-operation': ImportOperation;
  }
}
