/**
 * Order edits (`/orders/edits`, by id and `key=`; applied by id): changes to a placed order, staged first and
 * applied together. An edit holds the order it changes (`resource`), its staged actions (the
 * platform's StagedOrderUpdateAction set, ./staged-order.ts) and its `result`:
 * - `PreviewSuccess` (the staged order, and the messages applying it would emit) or
 *   `PreviewFailure` (the errors the order's update would answer), computed when the edit is
 *   created and again after every update of it;
 * - `Applied` (`appliedAt`, the order's excerpts before and after: total, taxed price, version)
 *   once `POST /orders/edits/{id}/apply` applied it.
 *
 * A staged action is checked when it is added: a name outside the set, or a payload its action
 * refuses, is a 400 and nothing is stored. A draft with `dryRun: true` answers the edit it would
 * create (its result included) without storing it.
 *
 * Apply (`{editVersion, resourceVersion}`), in one transaction:
 * - `editVersion` not the edit's version, or `resourceVersion` not the order's (the order changed
 *   since): 409 ConcurrentModification;
 * - an edit applied already: 400 InvalidOperation;
 * - staged actions that fail on the order as it is now: 400 EditPreviewFailed with the
 *   PreviewFailure as its `result`;
 * - otherwise the order takes the staged actions (one new version, their messages, then
 *   `OrderEditApplied`), and the edit its `Applied` result (a new version).
 */
import * as z from 'zod';
import { customFieldActions, customFields, type CustomFields, setter } from '../../engine/common-actions.js';
import {
  action,
  type BaseFields,
  type CustomRoute,
  defineResource,
  type Engine,
  type Locator,
  type ResourceContext,
  type SdkTypes,
} from '../../engine/define.js';
import { validate } from '../../engine/validation.js';
import { CustomFieldsDraft, Key } from '../../engine/draft-fields.js';
import { type ApiCall, created, ok } from '../../http/context.js';
import { errors, PlatformError } from '../../http/errors.js';
import type { StoredDocument } from '../../storage/backend.js';
import { uuid } from '../../util/ids.js';
import { compactFields } from '../../util/json.js';
import type { Order } from '../order/model.js';
import {
  checkStagedActions,
  type PreviewFailure,
  type PreviewSuccess,
  preview,
  type StagedAction,
  stagedOrder,
  stagedSteps,
} from './staged-order.js';
import type { OrderEdit as SdkOrderEdit, OrderEditDraft as SdkOrderEditDraft } from '@commercetools/platform-sdk';

/** What an order was before and after an edit. */
export interface OrderExcerpt {
  totalPrice: Order['totalPrice'];
  taxedPrice?: Order['taxedPrice'];
  version: number;
}

export interface OrderEditApplied {
  type: 'Applied';
  appliedAt: string;
  excerptBeforeEdit: OrderExcerpt;
  excerptAfterEdit: OrderExcerpt;
}

export type OrderEditResult = PreviewSuccess | PreviewFailure | OrderEditApplied;

export interface OrderEdit extends StoredDocument {
  key?: string;
  resource: { typeId: 'order'; id: string };
  stagedActions: StagedAction[];
  result: OrderEditResult;
  comment?: string;
  custom?: CustomFields;
}

const OrderReference = z.object({ typeId: z.literal('order'), id: z.string() });

export const OrderEditDraft = z.object({
  key: Key.optional(),
  resource: OrderReference,
  stagedActions: z.array(z.unknown()).optional(),
  comment: z.string().optional(),
  custom: CustomFieldsDraft.optional(),
  dryRun: z.boolean().optional(),
});
export type OrderEditDraft = z.infer<typeof OrderEditDraft>;

const OrderEditApply = z.object({ editVersion: z.number().int(), resourceVersion: z.number().int() });

function orderOf(edit: Pick<OrderEdit, 'resource'>, ctx: ResourceContext): Order {
  const order = ctx.get('order', edit.resource.id);
  if (!order) throw errors.referencedResourceNotFound('order', { id: edit.resource.id });
  return order;
}

/** The preview of the edit's staged actions on the order as it is now (a deleted order is a failure). */
function previewOf(edit: Pick<OrderEdit, 'resource' | 'stagedActions'>, ctx: ResourceContext): PreviewSuccess | PreviewFailure {
  try {
    return preview(orderOf(edit, ctx), edit.stagedActions, ctx);
  } catch (error) {
    if (error instanceof PlatformError) return { type: 'PreviewFailure', errors: error.errors };
    throw error;
  }
}

function refuseApplied(edit: OrderEdit): void {
  if (edit.result.type === 'Applied')
    throw errors.invalidOperation(`The OrderEdit '${edit.id}' has been applied already: its staged actions cannot change.`);
}

function buildEdit(draft: OrderEditDraft, ctx: ResourceContext): Omit<OrderEdit, BaseFields> {
  orderOf(draft, ctx);
  const stagedActions = checkStagedActions(draft.stagedActions ?? [], 'stagedActions');
  const edit: Omit<OrderEdit, BaseFields> = {
    resource: { typeId: 'order', id: draft.resource.id },
    stagedActions,
    result: previewOf({ resource: draft.resource, stagedActions }, ctx),
  };
  if (draft.key !== undefined) edit.key = draft.key;
  if (draft.comment !== undefined) edit.comment = draft.comment;
  const custom = customFields(draft.custom, ctx);
  if (custom) edit.custom = custom;
  return edit;
}

const excerpt = (order: Order, version: number): OrderExcerpt => ({
  totalPrice: order.totalPrice,
  ...(order.taxedPrice ? { taxedPrice: order.taxedPrice } : {}),
  version,
});

/** `POST /orders/edits`: stored, or with `dryRun` only answered. */
const createRoute: CustomRoute = {
  method: 'POST',
  path: '',
  handle: (call, engine) => {
    const definition = engine.definition('order-edit');
    const body = call.json();
    const draft = validate(OrderEditDraft, body);
    if (draft.dryRun !== true) return created(call.expand(engine.create(definition, body, call.ctx)));
    const { now, author } = call.ctx;
    const audit = { createdAt: now, lastModifiedAt: now, createdBy: author, lastModifiedBy: author };
    return created(call.expand(compactFields({ id: uuid(), version: 1 }, buildEdit(draft, call.ctx), audit)));
  },
};

function applyEdit(call: ApiCall, engine: Engine, locator: Locator): OrderEdit {
  const { editVersion, resourceVersion } = validate(OrderEditApply, call.json());
  const { ctx } = call;
  const definition = engine.definition('order-edit');
  return engine.transaction(() => {
    const edit = engine.get(definition, ctx.project, locator);
    if (edit.version !== editVersion) throw errors.concurrentModification(edit.id, editVersion, edit.version);
    refuseApplied(edit);
    const order = orderOf(edit, ctx);
    if (order.version !== resourceVersion) throw errors.concurrentModification(order.id, resourceVersion, order.version);
    const previewed = preview(order, edit.stagedActions, ctx);
    if (previewed.type === 'PreviewFailure') {
      throw new PlatformError(400, [
        { code: 'EditPreviewFailed', message: 'The OrderEdit cannot be applied: its preview failed.', result: previewed },
      ]);
    }
    const result: OrderEditApplied = {
      type: 'Applied',
      appliedAt: ctx.now,
      excerptBeforeEdit: excerpt(order, order.version),
      excerptAfterEdit: excerpt(previewed.preview, order.version + 1),
    };
    const applied = engine.apply(definition, edit, [{ name: 'markApplied', payload: { result } }], ctx);
    engine.apply(
      stagedOrder,
      order,
      [...stagedSteps(edit.stagedActions), { name: 'recordOrderEdit', payload: { edit: applied, result } }],
      ctx,
    );
    return applied;
  });
}

/** `POST /orders/edits/{id}/apply` (the platform applies by id only). */
const applyRoute: CustomRoute = {
  method: 'POST',
  path: ':id/apply',
  handle: (call, engine) => ok(call.expand(applyEdit(call, engine, { id: call.params.id! }))),
};

export const orderEdits = defineResource<OrderEditDraft, OrderEdit, SdkTypes<SdkOrderEditDraft, SdkOrderEdit>>({
  typeId: 'order-edit',
  path: 'orders/edits',
  draft: OrderEditDraft,
  create: buildEdit,
  actions: {
    setKey: setter('key', Key),
    setComment: setter('comment', z.string()),
    ...customFieldActions,
    addStagedAction: action(
      () => z.object({ stagedAction: z.unknown() }),
      (edit: OrderEdit, a) => {
        refuseApplied(edit);
        edit.stagedActions.push(...checkStagedActions([a.stagedAction], 'stagedAction', false));
      },
    ),
    setStagedActions: action(
      () => z.object({ stagedActions: z.array(z.unknown()) }),
      (edit: OrderEdit, a) => {
        refuseApplied(edit);
        edit.stagedActions = checkStagedActions(a.stagedActions, 'stagedActions');
      },
    ),
  },
  internalActions: {
    markApplied: action(
      () => z.object({ result: z.record(z.string(), z.unknown()) }),
      (edit: OrderEdit, a) => {
        edit.result = a.result as unknown as OrderEditApplied;
      },
    ),
  },
  // The preview follows every change of the edit until it is applied.
  afterActions: (edit, ctx) => {
    if (edit.result.type !== 'Applied') edit.result = previewOf(edit, ctx);
  },
  without: ['create'],
  routes: [createRoute, applyRoute],
});

declare module '../../http/context.js' {
  interface StoredTypes {
    'order-edit': OrderEdit;
  }
}
