/**
 * Recurring orders: a cart ordered again and again on the schedule of the recurrence policy its
 * line items name (`recurrenceInfo`). The mock's clock decides when an order is due: at
 * `nextOrderAt` the order is taken from the cart as it is then (its prices recalculated), with
 * `origin: RecurringOrder` and the OrderCreatedFromRecurringOrder message, and `nextOrderAt` moves on
 * (`due`, run by the engine before each request and when a test moves the clock). A paused or
 * canceled recurring order orders nothing; one past `expiresAt` becomes Expired; a skip counter
 * passes over its next occurrences.
 */
import * as z from 'zod';
import type { StoredDocument } from '../storage/backend.js';
import {
  customFieldActionsWithMessages,
  customFields,
  type CustomFields,
  emitsField,
  emitsStateTransition,
} from '../engine/common-actions.js';
import {
  action,
  type BaseFields,
  defineResource,
  emits,
  type Engine,
  lifecycleMessages,
  type Reference,
  type ResourceContext,
  type SdkTypes,
} from '../engine/define.js';
import { CustomFieldsDraft, DateTime, Key, resourceIdentifier } from '../engine/draft-fields.js';
import { errors } from '../http/errors.js';
import { addMonths, canonicalDateTime, daysInMonth } from '../util/time.js';
import type { Cart } from './cart/model.js';
import { orderableCart } from './cart/ordering.js';
import { orderFieldsOf } from './order/place.js';
import { stateTransition } from './payments.js';
import type { RecurrencePolicySchedule } from './recurrence-policies.js';
import type { RecurringOrder as SdkRecurringOrder } from '@commercetools/platform-sdk';

export type RecurringOrderState = 'Active' | 'Paused' | 'Expired' | 'Canceled' | 'Failed';

interface SkipCounter {
  type: 'Counter';
  totalToSkip: number;
  skipped: number;
  lastSkippedAt?: string;
}

export interface RecurringOrder extends StoredDocument {
  key?: string;
  cart: Reference;
  originOrder?: Reference;
  startsAt: string;
  resumesAt?: string;
  expiresAt?: string;
  lastOrderAt?: string;
  nextOrderAt?: string;
  skipConfiguration?: SkipCounter;
  store?: { typeId: 'store'; key: string };
  businessUnit?: { typeId: 'business-unit'; key: string };
  state?: Reference;
  recurringOrderState: RecurringOrderState;
  schedule: RecurrencePolicySchedule;
  customer?: Reference;
  customerEmail?: string;
  custom?: CustomFields;
}

export const RecurringOrderDraft = z.object({
  key: Key.optional(),
  cart: resourceIdentifier('cart'),
  cartVersion: z.number().int(),
  startsAt: DateTime.optional(),
  expiresAt: DateTime.optional(),
  state: resourceIdentifier('state').optional(),
  custom: CustomFieldsDraft.optional(),
});
export type RecurringOrderDraft = z.infer<typeof RecurringOrderDraft>;

const StateDraft = z.discriminatedUnion('type', [
  z.object({ type: z.literal('active'), resumesAt: DateTime.optional() }),
  z.object({ type: z.literal('paused') }),
  z.object({ type: z.literal('canceled'), reason: z.string().optional() }),
  z.object({ type: z.literal('expired') }),
]);

const STATE_OF: Record<z.infer<typeof StateDraft>['type'], RecurringOrderState> = {
  active: 'Active',
  paused: 'Paused',
  canceled: 'Canceled',
  expired: 'Expired',
};

const invalidOperation = (message: string) => errors.invalidOperation(message);

/** The schedule of the first line item (or custom line item) of the cart with a recurrence policy; a cart without one cannot recur. */
function scheduleOfCart(cart: Cart, ctx: ResourceContext): RecurrencePolicySchedule {
  const items = [...cart.lineItems, ...cart.customLineItems] as Array<{
    recurrenceInfo?: { recurrencePolicy?: { id?: string; key?: string } };
  }>;
  const policy = items.find((item) => item.recurrenceInfo?.recurrencePolicy)?.recurrenceInfo?.recurrencePolicy;
  if (!policy) throw invalidOperation(`The cart '${cart.id}' has no line item with recurrenceInfo: there is nothing to order again.`);
  const reference = ctx.reference('recurrence-policy', policy as { id: string });
  return ctx.get('recurrence-policy', reference.id)!.schedule;
}

/** The first time at or after `notBefore` (ms) on the day of the month, at the anchor's time of day. */
function dayOfMonthFrom(day: number, anchor: number, notBefore: number): number {
  const start = new Date(anchor);
  const timeOfDay = anchor - Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  const from = new Date(Math.max(anchor, notBefore));
  for (let month = from.getUTCMonth() - 1; ; month++) {
    const candidate = Date.UTC(from.getUTCFullYear(), month, Math.min(day, daysInMonth(from.getUTCFullYear(), month))) + timeOfDay;
    if (candidate >= Math.max(anchor, notBefore)) return candidate;
  }
}

/**
 * The schedule's first time at or after `notBefore` (ms). A standard schedule counts its steps from
 * `anchor` (the start, or where it resumed), months by the calendar from the anchor so that they do
 * not drift (January 31st, February 28th, March 31st); a day-of-month schedule takes the named day,
 * the month's last when it has fewer.
 */
function occurrenceFrom(schedule: RecurrencePolicySchedule, anchor: number, notBefore: number): number {
  if (schedule.type === 'dayOfMonth') return dayOfMonthFrom(schedule.day, anchor, notBefore);
  const { value, intervalUnit } = schedule;
  const step = (n: number) =>
    intervalUnit === 'Months' ? addMonths(anchor, n * value) : anchor + n * value * (intervalUnit === 'Weeks' ? 7 : 1) * 86_400_000;
  if (notBefore <= anchor) return anchor;
  let n = intervalUnit === 'Months' ? 0 : Math.floor((notBefore - anchor) / (step(1) - anchor));
  while (step(n) < notBefore) n++;
  return step(n);
}

/** `nextOrderAt`: the schedule's first time at or after `notBefore` (ms); none unless the recurring order is Active. */
type Scheduled = Pick<RecurringOrder, 'recurringOrderState' | 'startsAt' | 'resumesAt' | 'schedule' | 'nextOrderAt'>;

function schedule(order: Scheduled, notBefore: number): void {
  if (order.recurringOrderState !== 'Active') {
    delete order.nextOrderAt;
    return;
  }
  const startsAt = Date.parse(order.startsAt);
  const anchor = order.resumesAt !== undefined ? Math.max(startsAt, Date.parse(order.resumesAt)) : startsAt;
  order.nextOrderAt = new Date(occurrenceFrom(order.schedule, anchor, notBefore)).toISOString();
}

/** The first time an order may be due after a change: now, and after the last order. Occurrences missed while paused are not made up. */
const notBeforeNow = (order: RecurringOrder, ctx: ResourceContext) =>
  Math.max(Date.parse(ctx.now), order.lastOrderAt !== undefined ? Date.parse(order.lastOrderAt) + 1 : 0);

/** An action that changes when orders are due: `nextOrderAt` is worked out again. */
const changesState =
  <A extends object>(apply: (order: RecurringOrder, a: A, ctx: ResourceContext) => void) =>
  (order: RecurringOrder, a: A, ctx: ResourceContext) => {
    apply(order, a, ctx);
    schedule(order, notBeforeNow(order, ctx));
  };

const recurringOrderStateChanged = (declared: ReturnType<typeof action>) =>
  emits(
    declared,
    'RecurringOrderStateChanged',
    (order: RecurringOrder, _a: unknown, oldState: RecurringOrderState) => ({ state: order.recurringOrderState, oldState }),
    (order: RecurringOrder) => order.recurringOrderState,
  );

/** One occurrence that fell due: an order from the cart, a skip, or the end of a recurring order past `expiresAt`. */
function placeRecurringOrder(order: RecurringOrder, ctx: ResourceContext, engine: Engine): void {
  const definition = engine.definition('recurring-order');
  if (order.expiresAt !== undefined && Date.parse(order.expiresAt) <= Date.parse(ctx.now)) {
    engine.apply(definition, order, [{ name: 'expire', payload: {} }], ctx);
    return;
  }
  const skips = order.skipConfiguration;
  if (skips && skips.skipped < skips.totalToSkip) {
    engine.apply(definition, order, [{ name: 'skipOccurrence', payload: {} }], ctx);
    return;
  }
  const cart = ctx.get('cart', order.cart.id);
  if (!cart) {
    engine.apply(definition, order, [{ name: 'fail', payload: {} }], ctx);
    return;
  }
  // The cart as it is now, its prices recalculated: the order a customer would place today.
  const placed = orderFieldsOf(orderableCart({ ...cart, cartState: 'Active' }, ctx));
  placed.orderState = 'Open';
  placed.origin = 'RecurringOrder';
  placed.syncInfo = [];
  placed.returnInfo = [];
  engine.insert(engine.definition('order'), placed, ctx, 'recurring');
  engine.apply(definition, order, [{ name: 'ordered', payload: {} }], ctx);
}

const internal = (apply: (order: RecurringOrder, ctx: ResourceContext) => void) =>
  action(
    () => z.object({}),
    (order: RecurringOrder, _a, ctx) => apply(order, ctx),
  );

// Made through its endpoint from a cart, not seeded: a draft names a cart and its version, which seed data cannot know.
export const recurringOrders = defineResource<RecurringOrderDraft, RecurringOrder, SdkTypes<never, SdkRecurringOrder>>({
  typeId: 'recurring-order',
  path: 'recurring-orders',
  draft: RecurringOrderDraft,
  create(draft, ctx) {
    const cart = ctx.get('cart', ctx.reference('cart', draft.cart).id)!;
    if (cart.version !== draft.cartVersion) throw errors.concurrentModification(cart.id, draft.cartVersion, cart.version);
    // The platform checks that the cart could be ordered.
    orderableCart(cart, ctx);
    const startsAt = draft.startsAt !== undefined ? canonicalDateTime(draft.startsAt) : ctx.now;
    const expiresAt = draft.expiresAt !== undefined ? canonicalDateTime(draft.expiresAt) : undefined;
    if (expiresAt !== undefined && expiresAt <= startsAt) throw invalidOperation('expiresAt must be after startsAt.');
    const timing: Scheduled = { startsAt, recurringOrderState: 'Active', schedule: scheduleOfCart(cart, ctx) };
    // Starting later, the first order is at the start; started already, at the first time from now.
    schedule(timing, Math.max(Date.parse(startsAt), Date.parse(ctx.now)));
    const order: Omit<RecurringOrder, BaseFields> = { cart: { typeId: 'cart', id: cart.id }, ...timing };
    if (draft.key !== undefined) order.key = draft.key;
    if (expiresAt !== undefined) order.expiresAt = expiresAt;
    if (cart.customerId !== undefined) order.customer = { typeId: 'customer', id: cart.customerId };
    if (cart.customerEmail !== undefined) order.customerEmail = cart.customerEmail;
    if (cart.store !== undefined) order.store = cart.store;
    if (cart.businessUnit !== undefined) order.businessUnit = cart.businessUnit;
    if (draft.state) order.state = stateTransition(undefined, { state: draft.state }, 'RecurringOrderState', ctx);
    if (draft.custom) order.custom = customFields(draft.custom, ctx)!;
    return order;
  },
  actions: {
    setKey: emitsField(
      action(
        () => z.object({ key: Key.optional().nullable() }),
        (order: RecurringOrder, a) => {
          if (a.key == null) delete order.key;
          else order.key = a.key;
        },
      ),
      'RecurringOrderKeySet',
      'key',
      'oldKey',
    ),
    setStartsAt: emits(
      action(
        () => z.object({ startsAt: DateTime }),
        changesState((order: RecurringOrder, a: { startsAt: string }) => {
          order.startsAt = canonicalDateTime(a.startsAt);
        }),
      ),
      'RecurringOrderStartsAtSet',
      (order: RecurringOrder, _a: unknown, oldStartsAt: string) => ({ startsAt: order.startsAt, oldStartsAt }),
      (order: RecurringOrder) => order.startsAt,
    ),
    setExpiresAt: emits(
      action(
        () => z.object({ expiresAt: DateTime.optional().nullable() }),
        (order: RecurringOrder, a) => {
          if (a.expiresAt == null) delete order.expiresAt;
          else {
            const expiresAt = canonicalDateTime(a.expiresAt);
            if (expiresAt <= order.startsAt) throw invalidOperation('expiresAt must be after startsAt.');
            order.expiresAt = expiresAt;
          }
        },
      ),
      'RecurringOrderExpiresAtSet',
      (order: RecurringOrder, _a: unknown, oldExpiresAt: string | undefined) => ({ newExpiresAt: order.expiresAt, oldExpiresAt }),
      (order: RecurringOrder) => order.expiresAt,
    ),
    setSchedule: emits(
      action(
        () => z.object({ recurrencePolicy: resourceIdentifier('recurrence-policy') }),
        changesState((order: RecurringOrder, a: { recurrencePolicy: { id?: string; key?: string } }, ctx) => {
          const reference = ctx.reference('recurrence-policy', a.recurrencePolicy as { id: string });
          order.schedule = ctx.get('recurrence-policy', reference.id)!.schedule;
        }),
      ),
      'RecurringOrderScheduleSet',
      (order: RecurringOrder, _a: unknown, old: RecurrencePolicySchedule) => ({
        recurrencePolicySchedule: order.schedule,
        oldRecurrencePolicySchedule: old,
      }),
      (order: RecurringOrder) => order.schedule,
    ),
    setRecurringOrderState: recurringOrderStateChanged(
      action(
        () => z.object({ recurringOrderState: StateDraft }),
        changesState((order: RecurringOrder, a: { recurringOrderState: z.infer<typeof StateDraft> }) => {
          const next = a.recurringOrderState;
          if (order.recurringOrderState === 'Canceled' || order.recurringOrderState === 'Expired') {
            throw invalidOperation(`A recurring order in the state '${order.recurringOrderState}' cannot change its state.`);
          }
          order.recurringOrderState = STATE_OF[next.type];
          if (next.type === 'active' && next.resumesAt !== undefined) order.resumesAt = canonicalDateTime(next.resumesAt);
          else if (next.type === 'active') delete order.resumesAt;
        }),
      ),
    ),
    setOrderSkipConfiguration: action(
      () =>
        z.object({
          skipConfigurationInputDraft: z.object({ type: z.literal('Counter'), totalToSkip: z.number().int().min(1) }).optional(),
          updatedExpiresAt: DateTime.optional(),
        }),
      (order: RecurringOrder, a) => {
        if (a.skipConfigurationInputDraft)
          order.skipConfiguration = { type: 'Counter', totalToSkip: a.skipConfigurationInputDraft.totalToSkip, skipped: 0 };
        else delete order.skipConfiguration;
        if (a.updatedExpiresAt !== undefined) order.expiresAt = canonicalDateTime(a.updatedExpiresAt);
      },
    ),
    transitionState: emitsStateTransition(
      action(
        () => z.object({ state: resourceIdentifier('state'), force: z.boolean().optional() }),
        (order: RecurringOrder, a, ctx) => {
          order.state = stateTransition(order.state, a, 'RecurringOrderState', ctx);
        },
      ),
      'RecurringOrderStateTransition',
    ),
    ...customFieldActionsWithMessages('RecurringOrder', 'previous'),
  },
  internalActions: {
    /** An order was placed at `nextOrderAt`: it is the last one now, and the schedule moves on. */
    ordered: internal((order, ctx) => {
      order.lastOrderAt = ctx.now;
      schedule(order, Date.parse(ctx.now) + 1);
    }),
    /** The skip counter passes over this occurrence. */
    skipOccurrence: internal((order, ctx) => {
      const skips = order.skipConfiguration!;
      order.skipConfiguration = { ...skips, skipped: skips.skipped + 1, lastSkippedAt: ctx.now };
      schedule(order, Date.parse(ctx.now) + 1);
    }),
    expire: recurringOrderStateChanged(
      internal((order) => {
        order.recurringOrderState = 'Expired';
        delete order.nextOrderAt;
      }),
    ),
    fail: recurringOrderStateChanged(
      internal((order) => {
        order.recurringOrderState = 'Failed';
        delete order.nextOrderAt;
      }),
    ),
  },
  groups: {
    cart: { values: (order) => [order.cart.id] },
  },
  due: {
    at: (order) => (order.recurringOrderState === 'Active' ? order.nextOrderAt : undefined),
    run: placeRecurringOrder,
  },
  messages: {
    ...lifecycleMessages('RecurringOrder', 'recurringOrder'),
    deleted: { type: 'RecurringOrderDeleted', payload: (order) => ({ recurringOrder: order }) },
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    'recurring-order': RecurringOrder;
  }
}
