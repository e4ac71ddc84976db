/**
 * The Import API (docs/import-api.md): import containers, and the routes that act in one — its import
 * requests (`POST /{importType}/import-containers/{importContainerKey}`, one per import type, at the
 * API's root), its import operations and its summary. Containers are named by key in every route.
 * How operations are processed is in `operations.ts`.
 */
import * as z from 'zod';
import { type ApiCall, created, ok } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import type { StoredDocument } from '../../storage/backend.js';
import { parseQueryParams, runQuery } from '../../query/index.js';
import {
  type BaseFields,
  type CustomRoute,
  defineResource,
  type Engine,
  type ResourceContext,
  type SdkTypes,
} from '../../engine/define.js';
import { validate } from '../../engine/validation.js';
import {
  IMPORT_TYPES,
  type ImportType,
  ImportType as ImportTypeSchema,
  importPath,
  importRequest,
  itemsField,
  resourceKeyOf,
} from './import-types.js';
import { BY_CONTAINER, type ImportOperation, isLive, operationView, PROCESSING_STATES, type ProcessingState } from './operations.js';

export interface ImportContainer extends StoredDocument {
  key: string;
  /** The one import type the container takes; any without it. */
  resourceType?: ImportType;
  retentionPolicy?: RetentionPolicy;
  /** When a retention policy ends the container. */
  expiresAt?: string;
}

/** `ttl`: the container and its operations are deleted `timeToLive` (`30m`, `12h`, `3d`) after its creation. */
const RetentionPolicy = z.object({
  strategy: z.literal('ttl'),
  config: z.object({ timeToLive: z.string().regex(/^\d+[mhd]$/, 'A time to live is a number of minutes, hours or days: 30m, 12h, 3d.') }),
});
type RetentionPolicy = z.infer<typeof RetentionPolicy>;

export const ImportContainerDraft = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{2,256}$/, 'Keys have 2 to 256 characters: A-Z, a-z, 0-9, _ and -.'),
  resourceType: ImportTypeSchema.optional(),
  retentionPolicy: RetentionPolicy.optional(),
});
export type ImportContainerDraft = z.infer<typeof ImportContainerDraft>;

const ImportContainerUpdateDraft = z.object({ version: z.number().int(), resourceType: ImportTypeSchema.optional() });

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** What the Import API shows of a container. */
function containerView(container: ImportContainer): ImportContainer {
  const { key, resourceType, version, retentionPolicy, createdAt, lastModifiedAt, expiresAt } = container;
  const view = {
    key,
    ...(resourceType ? { resourceType } : {}),
    version,
    ...(retentionPolicy ? { retentionPolicy } : {}),
    createdAt,
    lastModifiedAt,
  };
  return (expiresAt ? { ...view, expiresAt } : view) as unknown as ImportContainer;
}

const OPERATION = 'import-operation';

function containerOf(call: ApiCall, engine: Engine): ImportContainer {
  const key = call.params.importContainerKey!;
  const container = engine.find(engine.definition('import-container'), call.ctx.project, { key });
  if (!container) throw errors.resourceNotFound({ key });
  return container;
}

/** The container's operations that have not expired, oldest first. */
function operationsIn(call: ApiCall, container: ImportContainer): ImportOperation[] {
  return call.ctx.grouped(OPERATION, BY_CONTAINER, container.key).filter((operation) => isLive(operation, call.ctx.now));
}

/** `limit`, `offset` and `sort` of an Import API list (its only paging parameters), with the total. */
function pageParams(query: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams({ withTotal: 'true' });
  for (const name of ['limit', 'offset', 'sort']) for (const value of query.getAll(name)) params.append(name, value);
  return params;
}

/** The operations of a container, filtered by `resourceKey` and `state`; `debug=true` shows their unresolved references. */
function queryOperations(call: ApiCall, engine: Engine) {
  const state = call.query.get('state');
  if (state !== null && !PROCESSING_STATES.includes(state as ProcessingState)) {
    throw errors.invalidInput(`Malformed parameter: state: '${state}' is not one of ${PROCESSING_STATES.join(', ')}.`);
  }
  const resourceKey = call.query.get('resourceKey');
  const debug = call.query.get('debug') === 'true';
  const matching = operationsIn(call, containerOf(call, engine)).filter(
    (operation) => (state === null || operation.state === state) && (resourceKey === null || operation.resourceKey === resourceKey),
  );
  const page = runQuery(matching, parseQueryParams(pageParams(call.query)));
  const results = page.results.map((operation) => {
    const { unresolvedReferences, ...view } = operationView(operation);
    return debug && unresolvedReferences !== undefined ? { ...view, unresolvedReferences } : view;
  });
  return { limit: page.limit, offset: page.offset, count: page.count, total: page.total ?? matching.length, results };
}

function summary(call: ApiCall, engine: Engine) {
  const states = Object.fromEntries(PROCESSING_STATES.map((state) => [state, 0])) as Record<ProcessingState, number>;
  const operations = operationsIn(call, containerOf(call, engine));
  for (const operation of operations) states[operation.state]++;
  return { states, total: operations.length };
}

/** `POST /{importType}/import-containers/{importContainerKey}`: one operation per resource, processed once they are stored. */
function importRoute(type: ImportType): CustomRoute {
  return {
    method: 'POST',
    path: `/${importPath(type)}/import-containers/:importContainerKey`,
    handle(call, engine) {
      const request = validate(importRequest(type), call.json());
      const container = containerOf(call, engine);
      if (container.resourceType !== undefined && container.resourceType !== type) {
        throw errors.invalidInput(
          `The import container '${container.key}' takes resources of the type '${container.resourceType}' only, not '${type}'.`,
        );
      }
      const definition = engine.definition(OPERATION);
      const operations = engine.transaction(() =>
        request[itemsField(type)]!.map((resource) =>
          engine.create(
            definition,
            { importContainerKey: container.key, resourceKey: resourceKeyOf(type, resource), importType: type, resource },
            call.ctx,
          ),
        ),
      );
      return created({ operationStatus: operations.map((operation) => ({ operationId: operation.id, state: 'processing' })) });
    },
  };
}

/** Deletes a container and its operations with it (not what they imported). */
function removeContainer(container: ImportContainer, ctx: ResourceContext, engine: Engine): void {
  const operations = engine.definition(OPERATION);
  engine.transaction(() => {
    for (const operation of ctx.grouped(OPERATION, BY_CONTAINER, container.key)) {
      engine.remove(operations, { id: operation.id }, undefined, ctx);
    }
    engine.remove(engine.definition('import-container'), { id: container.id }, undefined, ctx);
  });
}

export const importContainers = defineResource<ImportContainerDraft, ImportContainer, SdkTypes<never, ImportContainer>>({
  typeId: 'import-container',
  path: 'import-containers',
  api: 'import',
  draft: ImportContainerDraft,
  create(draft, ctx): Omit<ImportContainer, BaseFields> {
    const container: Omit<ImportContainer, BaseFields> = { key: draft.key };
    if (draft.resourceType !== undefined) container.resourceType = draft.resourceType;
    if (draft.retentionPolicy !== undefined) {
      container.retentionPolicy = draft.retentionPolicy;
      const ttl = draft.retentionPolicy.config.timeToLive;
      const ms = Number(ttl.slice(0, -1)) * UNIT_MS[ttl.slice(-1)]!;
      container.expiresAt = new Date(Date.parse(ctx.now) + ms).toISOString();
    }
    return container;
  },
  actions: {},
  responseBody: containerView,
  // A retention policy's end (`expiresAt`, by the mock's clock) deletes the container and its operations.
  due: { at: (container) => container.expiresAt, run: removeContainer },
  without: ['update', 'delete', 'byKey'],
  routes: [
    { method: 'GET', path: ':importContainerKey', handle: (call, engine) => ok(containerView(containerOf(call, engine))) },
    {
      method: 'PUT',
      path: ':importContainerKey',
      handle(call, engine) {
        const container = containerOf(call, engine);
        const update = validate(ImportContainerUpdateDraft, call.json());
        if (update.version !== container.version) throw errors.concurrentModification(container.id, update.version, container.version);
        const { resourceType: _type, ...kept } = container;
        const next = update.resourceType === undefined ? kept : { ...kept, resourceType: update.resourceType };
        return ok(containerView(engine.replace(engine.definition('import-container'), container, next, call.ctx)));
      },
    },
    {
      method: 'DELETE',
      path: ':importContainerKey',
      handle(call, engine) {
        const container = containerOf(call, engine);
        removeContainer(container, call.ctx, engine);
        return ok(containerView(container));
      },
    },
    { method: 'GET', path: ':importContainerKey/import-operations', handle: (call, engine) => ok(queryOperations(call, engine)) },
    { method: 'GET', path: ':importContainerKey/import-summaries', handle: (call, engine) => ok(summary(call, engine)) },
    ...IMPORT_TYPES.map(importRoute),
  ],
});

declare module '../../http/context.js' {
  interface StoredTypes {
    'import-container': ImportContainer;
  }
}
