/**
 * Messages, the resource: `/messages` serves what the engine recorded of every change
 * (src/engine/messages.ts writes them and keeps Created messages slim).
 */
import * as z from 'zod';
import { ok } from '../http/context.js';
import { errors } from '../http/errors.js';
import { defineResource, type SdkTypes } from '../engine/define.js';
import type { StoredDocument } from '../storage/backend.js';
import { DERIVED_MESSAGE_FIELDS, fullMessage, MESSAGE_TYPE_ID, retained, retainedSince } from '../engine/messages.js';
import type { Message as SdkMessage } from '@commercetools/platform-sdk';

/** `/messages`: read only (list with `where`, `sort`, paging and `expand`, and by id), the expired ones left out. */
export const messages = defineResource<unknown, StoredDocument, SdkTypes<never, SdkMessage>>({
  typeId: MESSAGE_TYPE_ID,
  path: 'messages',
  draft: z.object({}),
  create: () => ({}),
  without: ['create', 'update', 'delete', 'byKey'],
  actions: {},
  routes: [
    {
      method: 'GET',
      path: '',
      handle: (call, engine) => {
        const { project, now } = call.ctx;
        const filter = retained(retainedSince(engine.storage, project, now));
        const shape = { filter, present: fullMessage, presentedFields: DERIVED_MESSAGE_FIELDS };
        return ok(engine.query(engine.definition(MESSAGE_TYPE_ID), project, call.query, shape));
      },
    },
    {
      method: 'GET',
      path: ':id',
      handle: (call, engine) => {
        const { project, now } = call.ctx;
        const message = engine.get(engine.definition(MESSAGE_TYPE_ID), project, { id: call.params.id! });
        if (!retained(retainedSince(engine.storage, project, now))(message)) throw errors.resourceNotFound({ id: message.id });
        return ok(call.expand(fullMessage(message)));
      },
    },
  ],
});
