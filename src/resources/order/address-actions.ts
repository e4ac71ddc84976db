/** The order update actions on its addresses: shipping and billing address, item shipping addresses, and their custom fields. */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import {
  applyCustomField,
  applyCustomType,
  type CustomFields,
  SetCustomField,
  SetCustomType,
  setField,
  storedAddress,
} from '../../engine/common-actions.js';
import { action, emits, type UpdateAction } from '../../engine/define.js';
import { BaseAddress } from '../../engine/draft-fields.js';
import { itemShippingAddress, removeItemShippingAddress, updateItemShippingAddress } from '../cart/addresses.js';
import { Optional } from '../cart/schemas.js';
import type { Order } from './model.js';
import { orderErrors } from './parts.js';

function addressOf(order: Order, field: 'shippingAddress' | 'billingAddress'): { custom?: CustomFields } {
  const address = order[field];
  if (!address) throw orderErrors.invalidOperation(`The order has no ${field === 'shippingAddress' ? 'shipping' : 'billing'} address.`);
  return address as { custom?: CustomFields };
}

export const addressActions: Record<string, UpdateAction<Order>> = {
  setShippingAddress: emits(
    action(
      () => z.object({ address: Optional(BaseAddress) }),
      (order: Order, a, ctx) => setField(order, 'shippingAddress', a.address ? storedAddress(a.address, ctx) : undefined),
    ),
    'OrderShippingAddressSet',
    (order: Order, _a, oldAddress: unknown) => ({ address: order.shippingAddress, oldAddress }),
    (order: Order) => order.shippingAddress,
  ),
  setBillingAddress: emits(
    action(
      () => z.object({ address: Optional(BaseAddress) }),
      (order: Order, a, ctx) => setField(order, 'billingAddress', a.address ? storedAddress(a.address, ctx) : undefined),
    ),
    'OrderBillingAddressSet',
    (order: Order, _a, oldAddress: unknown) => ({ address: order.billingAddress, oldAddress }),
    (order: Order) => order.billingAddress,
  ),
  setShippingAddressCustomType: action(SetCustomType, (order: Order, a, ctx) =>
    applyCustomType(addressOf(order, 'shippingAddress'), a, ctx),
  ),
  setShippingAddressCustomField: action(SetCustomField, (order: Order, a) => applyCustomField(addressOf(order, 'shippingAddress'), a)),
  setBillingAddressCustomType: action(SetCustomType, (order: Order, a, ctx) => applyCustomType(addressOf(order, 'billingAddress'), a, ctx)),
  setBillingAddressCustomField: action(SetCustomField, (order: Order, a) => applyCustomField(addressOf(order, 'billingAddress'), a)),
  addItemShippingAddress: action(
    () => z.object({ address: BaseAddress }),
    (order: Order, a, ctx) => {
      const key = a.address.key;
      if (key === undefined) throw orderErrors.invalidOperation('An item shipping address needs a key.');
      if (order.itemShippingAddresses.some((address) => address.key === key)) {
        throw errors.duplicateField(
          'itemShippingAddresses.key',
          key,
          `An item shipping address with the key '${key}' already exists in the order.`,
        );
      }
      order.itemShippingAddresses.push(storedAddress(a.address, ctx));
    },
  ),
  removeItemShippingAddress: action(
    () => z.object({ addressKey: z.string() }),
    (order: Order, a) => removeItemShippingAddress(order, a.addressKey, 'order'),
  ),
  updateItemShippingAddress: action(
    () => z.object({ address: BaseAddress }),
    (order: Order, a, ctx) => updateItemShippingAddress(order, a.address, ctx, 'order'),
  ),
  setItemShippingAddressCustomType: action(
    () => SetCustomType.extend({ addressKey: z.string() }),
    (order: Order, a, ctx) => applyCustomType(itemShippingAddress(order, a.addressKey, 'order'), a, ctx),
  ),
  setItemShippingAddressCustomField: action(
    () => SetCustomField.extend({ addressKey: z.string() }),
    (order: Order, a) => applyCustomField(itemShippingAddress(order, a.addressKey, 'order'), a),
  ),
};
