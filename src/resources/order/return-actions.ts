/** The order update actions on returns. A return item's quantity, over all returns of the order, cannot exceed the item's quantity. */
import * as z from 'zod';
import { applyCustomField, applyCustomType, SetCustomField, SetCustomType } from '../../engine/common-actions.js';
import { action, emits, type UpdateAction } from '../../engine/define.js';
import { Optional } from '../cart/schemas.js';
import { type Order, ReturnInfoDraft, ReturnItemDraft, ReturnPaymentState, ReturnShipmentState } from './model.js';
import { findReturnItem, newReturnInfo } from './parts.js';

const ReturnItemLocator = z.object({ returnItemId: z.string().optional(), returnItemKey: z.string().optional() });

export const returnActions: Record<string, UpdateAction<Order>> = {
  addReturnInfo: emits(
    action(
      () =>
        z.object({
          items: z.array(ReturnItemDraft).min(1),
          returnTrackingId: z.string().optional(),
          returnDate: ReturnInfoDraft.shape.returnDate,
        }),
      (order: Order, a, ctx) => {
        order.returnInfo.push(newReturnInfo(order, a, ctx));
      },
    ),
    'ReturnInfoAdded',
    (order: Order) => ({ returnInfo: order.returnInfo.at(-1) }),
  ),
  setReturnInfo: emits(
    action(
      () => z.object({ items: Optional(z.array(ReturnInfoDraft)) }),
      (order: Order, a, ctx) => {
        order.returnInfo = [];
        for (const draft of a.items ?? []) order.returnInfo.push(newReturnInfo(order, draft, ctx));
      },
    ),
    'ReturnInfoSet',
    (order: Order) => ({ returnInfo: order.returnInfo }),
  ),
  setReturnShipmentState: emits(
    action(
      () => ReturnItemLocator.extend({ shipmentState: ReturnShipmentState }),
      (order: Order, a, ctx) => {
        const item = findReturnItem(order, a);
        if (item.shipmentState === a.shipmentState) return;
        item.shipmentState = a.shipmentState;
        item.lastModifiedAt = ctx.now;
      },
    ),
    'OrderReturnShipmentStateChanged',
    (order: Order, a) => ({ returnItemId: findReturnItem(order, a).id, returnShipmentState: a.shipmentState }),
  ),
  setReturnPaymentState: action(
    () => ReturnItemLocator.extend({ paymentState: ReturnPaymentState }),
    (order: Order, a, ctx) => {
      const item = findReturnItem(order, a);
      if (item.paymentState === a.paymentState) return;
      item.paymentState = a.paymentState;
      item.lastModifiedAt = ctx.now;
    },
  ),
  setReturnItemCustomType: action(
    () => ReturnItemLocator.extend(SetCustomType.shape),
    (order: Order, a, ctx) => applyCustomType(findReturnItem(order, a), a, ctx),
  ),
  setReturnItemCustomField: action(
    () => ReturnItemLocator.extend(SetCustomField.shape),
    (order: Order, a) => applyCustomField(findReturnItem(order, a), a),
  ),
};
