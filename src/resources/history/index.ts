/**
 * The Change History API (docs/history-api.md): a record of every change a request makes to a
 * resource of the types the platform follows, made by the engine in the change's transaction
 * (`recordsChanges`: records.ts), and its four operations, served at the History API's base URL:
 *
 *   GET  /{projectKey}                          records of every type
 *   GET  /{projectKey}/{resourceType}           records of one type (`customer`, `order`, ...)
 *   GET  /{projectKey}/{resourceType}/{ID}      records of one resource
 *   POST /{projectKey}/graphql                  the same records over GraphQL (graphql.ts)
 */
import * as z from 'zod';
import type { CustomRoute, SdkTypes } from '../../engine/define.js';
import { defineResource } from '../../engine/define.js';
import { ok } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { serveHistoryGraphql } from './graphql.js';
import { CHANGE_HISTORY_RESOURCE_TYPES, CHANGE_HISTORY_TYPE_ID, type ChangeRecord, changeRecorder, queryRecords } from './records.js';

export { CHANGE_HISTORY_RESOURCE_TYPES, CHANGE_HISTORY_TYPE_ID } from './records.js';

declare module '../../http/context.js' {
  interface StoredTypes {
    'change-history': ChangeRecord;
  }
}

/**
 * `GET /{projectKey}/{resourceType}` and `/{ID}`, a route per resource type the API records (the
 * singular type ids of its ChangeHistoryResourceType): any other segment is no route, a 404.
 */
const byResourceType: CustomRoute[] = CHANGE_HISTORY_RESOURCE_TYPES.flatMap((resourceType): CustomRoute[] => [
  {
    method: 'GET',
    path: resourceType,
    handle: (call, engine) => ok(queryRecords(engine.storage, call.ctx.project, call.query, { resourceType }, call.ctx.now)),
  },
  {
    method: 'GET',
    path: `${resourceType}/:id`,
    handle: (call, engine) => {
      const scope = { resourceType, resourceId: call.params.id! };
      return ok(queryRecords(engine.storage, call.ctx.project, call.query, scope, call.ctx.now));
    },
  },
]);

export const changeHistory = defineResource<never, ChangeRecord, SdkTypes<never, ChangeRecord>>({
  typeId: CHANGE_HISTORY_TYPE_ID,
  api: 'history',
  path: '',
  // Seeding one is refused by this draft, saying why (a record tells what a request changed).
  draft: z.custom<never>(() => false, {
    message:
      'Change History records are made by the changes requests make (through the API, or the Import API), not from drafts: seed the resource and change it through the API, or import an exported state that holds records',
  }),
  create: () => {
    throw new Error('commerce-mock: Change History records are made by the engine, never from a draft.');
  },
  actions: {},
  without: ['create', 'update', 'delete', 'byKey'],
  recordsChanges: changeRecorder,
  routes: [
    {
      method: 'GET',
      path: '',
      handle: (call, engine) => ok(queryRecords(engine.storage, call.ctx.project, call.query, {}, call.ctx.now)),
    },
    {
      method: 'POST',
      path: 'graphql',
      handle: (call, engine) => serveHistoryGraphql(call.rawBody, engine.storage, call.ctx.project, call.ctx.now),
    },
    ...byResourceType,
    // Any other path is no route, ahead of the generic read by id, which would show a record by the mock's own id.
    ...(['GET', 'POST', 'DELETE', 'PUT'] as const).map(
      (method): CustomRoute => ({
        method,
        path: ':segment',
        handle: (call) => {
          throw errors.routeNotFound(method, `/${call.ctx.project}/${call.params.segment}`);
        },
      }),
    ),
  ],
});
