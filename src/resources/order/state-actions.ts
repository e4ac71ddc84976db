/**
 * The order update actions on states: the order's, payment and shipment states, its workflow state,
 * and the states of its (custom) line items' quantities.
 *
 * Decisions where the specification leaves it open:
 * - `changeOrderState`, `changePaymentState`, `changeShipmentState` accept any value of their enum;
 *   the workflow rules live in `transitionState` (States with transitions) only.
 * - `transitionLineItemState` / `transitionCustomLineItemState` (unless the target is the same
 *   state): `quantity` must be available in `fromState`, `toState` must be a LineItemState, and when
 *   `fromState` lists transitions, `toState` must be one of them (400 InvalidOperation otherwise).
 */
import * as z from 'zod';
import { emitsStateTransition, setField } from '../../engine/common-actions.js';
import { action, emits, type ResourceContext, type UpdateAction } from '../../engine/define.js';
import { DateTime, LineItemLocator, type ResourceIdentifier, resourceIdentifier } from '../../engine/draft-fields.js';
import { findCustomLineItem, findLineItem } from '../cart/line-items.js';
import type { ItemState } from '../cart/model.js';
import { CustomLineItemLocator, Optional } from '../cart/schemas.js';
import { stateTransition } from '../payments.js';
import { ItemStateDraft, type Order, OrderState, PaymentState, ShipmentState } from './model.js';
import { asCart, itemStates, orderErrors, stateIdOf } from './parts.js';

const ItemTransition = z.object({
  quantity: z.number().int().min(1),
  fromState: resourceIdentifier('state'),
  toState: resourceIdentifier('state'),
  actualTransitionDate: DateTime.optional(),
});

/**
 * Moves `quantity` of an item from one state to another, with the workflow's rules (see the module
 * comment); the entries of one state are merged, empty ones dropped.
 */
function transitionItemState(
  states: ItemState[],
  a: { quantity: number; fromState: ResourceIdentifier; toState: ResourceIdentifier },
  what: string,
  ctx: ResourceContext,
): ItemState[] {
  const fromId = stateIdOf(a.fromState, ctx);
  const to = ctx.reference('state', a.toState);
  const target = ctx.get('state', to.id)!;
  const name = (target.key as string | undefined) ?? to.id;
  if (target.type !== 'LineItemState')
    throw orderErrors.invalidOperation(`The state '${name}' is of type '${String(target.type)}', not 'LineItemState'.`);
  if (fromId === to.id) return states;
  const from = ctx.get('state', fromId);
  const allowed = from?.transitions as Array<{ id: string }> | undefined;
  if (allowed && !allowed.some((t) => t.id === to.id)) {
    throw orderErrors.invalidOperation(
      `A transition from state '${(from!.key as string | undefined) ?? fromId}' to state '${name}' is not allowed.`,
    );
  }
  const next = states.map((entry) => ({ quantity: entry.quantity, state: { ...entry.state } }));
  const source = next.find((entry) => entry.state.id === fromId);
  if (!source || source.quantity < a.quantity) {
    throw orderErrors.invalidOperation(
      `The ${what} has ${source?.quantity ?? 0} in the state '${fromId}', fewer than the ${a.quantity} to transition.`,
    );
  }
  source.quantity -= a.quantity;
  const existing = next.find((entry) => entry.state.id === to.id);
  if (existing) existing.quantity += a.quantity;
  else next.push({ quantity: a.quantity, state: to });
  return next.filter((entry) => entry.quantity > 0);
}

/** The payload of a line item's or a custom line item's state transition message. */
function itemTransition(
  item: { id: string; key?: string | undefined },
  kind: 'lineItem' | 'customLineItem',
  a: z.infer<typeof ItemTransition>,
  ctx: ResourceContext,
) {
  return {
    [`${kind}Id`]: item.id,
    ...(item.key !== undefined ? { [`${kind}Key`]: item.key } : {}),
    transitionDate: a.actualTransitionDate ?? ctx.now,
    quantity: a.quantity,
    fromState: ctx.reference('state', a.fromState),
    toState: ctx.reference('state', a.toState),
  };
}

export const stateActions: Record<string, UpdateAction<Order>> = {
  changeOrderState: emits(
    action(
      () => z.object({ orderState: OrderState }),
      (order: Order, a) => void (order.orderState = a.orderState),
    ),
    'OrderStateChanged',
    (order: Order, _a, oldOrderState: string) => ({ orderState: order.orderState, oldOrderState }),
    (order: Order) => order.orderState,
  ),
  changePaymentState: emits(
    action(
      () => z.object({ paymentState: Optional(PaymentState) }),
      (order: Order, a) => setField(order, 'paymentState', a.paymentState),
    ),
    'OrderPaymentStateChanged',
    (order: Order, _a, oldPaymentState?: string) => ({ paymentState: order.paymentState, oldPaymentState }),
    (order: Order) => order.paymentState,
  ),
  changeShipmentState: emits(
    action(
      () => z.object({ shipmentState: Optional(ShipmentState) }),
      (order: Order, a) => setField(order, 'shipmentState', a.shipmentState),
    ),
    'OrderShipmentStateChanged',
    (order: Order, _a, oldShipmentState?: string) => ({ shipmentState: order.shipmentState, oldShipmentState }),
    (order: Order) => order.shipmentState,
  ),
  transitionState: emitsStateTransition(
    action(
      () => z.object({ state: resourceIdentifier('state'), force: z.boolean().optional() }),
      (order: Order, a, ctx) => {
        order.state = stateTransition(order.state, a, 'OrderState', ctx);
      },
    ),
    'OrderStateTransition',
  ),
  transitionLineItemState: emits(
    action(
      () => LineItemLocator.extend(ItemTransition.shape),
      (order: Order, a, ctx) => {
        const item = findLineItem(asCart(order), a);
        item.state = transitionItemState(item.state, a, 'line item', ctx);
      },
    ),
    'LineItemStateTransition',
    (order: Order, a, _old, ctx) => itemTransition(findLineItem(asCart(order), a), 'lineItem', a, ctx),
  ),
  transitionCustomLineItemState: emits(
    action(
      () => CustomLineItemLocator.extend(ItemTransition.shape),
      (order: Order, a, ctx) => {
        const item = findCustomLineItem(asCart(order), a);
        item.state = transitionItemState(item.state, a, 'custom line item', ctx);
      },
    ),
    'CustomLineItemStateTransition',
    (order: Order, a, _old, ctx) => itemTransition(findCustomLineItem(asCart(order), a), 'customLineItem', a, ctx),
  ),
  importLineItemState: action(
    () => LineItemLocator.extend({ state: z.array(ItemStateDraft) }),
    (order: Order, a, ctx) => {
      const item = findLineItem(asCart(order), a);
      item.state = itemStates(a.state, item.quantity, 'line item', ctx);
    },
  ),
  importCustomLineItemState: action(
    () => CustomLineItemLocator.extend({ state: z.array(ItemStateDraft) }),
    (order: Order, a, ctx) => {
      const item = findCustomLineItem(asCart(order), a);
      item.state = itemStates(a.state, item.quantity, 'custom line item', ctx);
    },
  ),
};
