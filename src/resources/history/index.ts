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
import { z } from 'zod';
import { ok } from '../../http/context.js';
import { defineResource, type NoSdkTypes } from '../../engine/define.js';
import { serveHistoryGraphql } from './graphql.js';
import { CHANGE_HISTORY_TYPE_ID, type ChangeRecord, changeRecorder, checkedResourceType, queryRecords } from './records.js';

export { CHANGE_HISTORY_RESOURCE_TYPES, CHANGE_HISTORY_TYPE_ID } from './records.js';

export const changeHistory = defineResource<never, ChangeRecord, NoSdkTypes>({
  typeId: CHANGE_HISTORY_TYPE_ID,
  api: 'history',
  path: '',
  draft: z.never(),
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
    {
      method: 'GET',
      path: ':resourceType',
      handle: (call, engine) => {
        const resourceType = checkedResourceType(call.params.resourceType!);
        return ok(queryRecords(engine.storage, call.ctx.project, call.query, { resourceType }, call.ctx.now));
      },
    },
    {
      method: 'GET',
      path: ':resourceType/:id',
      handle: (call, engine) => {
        const scope = { resourceType: checkedResourceType(call.params.resourceType!), resourceId: call.params.id! };
        return ok(queryRecords(engine.storage, call.ctx.project, call.query, scope, call.ctx.now));
      },
    },
  ],
});
