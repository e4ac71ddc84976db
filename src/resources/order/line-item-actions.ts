/** The order update actions on its line items and custom line items: custom fields and shipping details (their states: ./state-actions.ts). */
import { applyCustomField, applyCustomType, SetCustomField, SetCustomType, setField } from '../../engine/common-actions.js';
import { action, type UpdateAction } from '../../engine/define.js';
import { findCustomLineItem, findLineItem, shippingDetails } from '../cart/line-items.js';
import { LineItemLocator } from '../../engine/draft-fields.js';
import { CustomLineItemLocator, ItemShippingDetailsDraft, Optional } from '../cart/schemas.js';
import type { Order } from './model.js';
import { asCart } from './parts.js';

export const lineItemActions: Record<string, UpdateAction<Order>> = {
  setLineItemCustomType: action(
    () => LineItemLocator.extend(SetCustomType.shape),
    (order: Order, a, ctx) => applyCustomType(findLineItem(asCart(order), a), a, ctx),
  ),
  setLineItemCustomField: action(
    () => LineItemLocator.extend(SetCustomField.shape),
    (order: Order, a) => applyCustomField(findLineItem(asCart(order), a), a),
  ),
  setLineItemShippingDetails: action(
    () => LineItemLocator.extend({ shippingDetails: Optional(ItemShippingDetailsDraft) }),
    (order: Order, a) => {
      const item = findLineItem(asCart(order), a);
      setField(item, 'shippingDetails', shippingDetails(a.shippingDetails, asCart(order), item.quantity));
    },
  ),
  setCustomLineItemCustomType: action(
    () => CustomLineItemLocator.extend(SetCustomType.shape),
    (order: Order, a, ctx) => applyCustomType(findCustomLineItem(asCart(order), a), a, ctx),
  ),
  setCustomLineItemCustomField: action(
    () => CustomLineItemLocator.extend(SetCustomField.shape),
    (order: Order, a) => applyCustomField(findCustomLineItem(asCart(order), a), a),
  ),
  setCustomLineItemShippingDetails: action(
    () => CustomLineItemLocator.extend({ shippingDetails: Optional(ItemShippingDetailsDraft) }),
    (order: Order, a) => {
      const item = findCustomLineItem(asCart(order), a);
      setField(item, 'shippingDetails', shippingDetails(a.shippingDetails, asCart(order), item.quantity));
    },
  ),
};
