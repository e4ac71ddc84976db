/** The cart's addresses: shipping and billing address, the item shipping addresses, and their update actions. */
import { z } from 'zod';
import { errors } from '../../http/errors.js';
import {
  applyCustomField,
  applyCustomType,
  SetCustomField,
  SetCustomType,
  setField,
  storedAddress,
  type Address,
  type CustomFields,
} from '../common.js';
import { BaseAddress } from '../validation.js';
import { cartErrors } from './errors.js';
import type { Cart } from './model.js';
import { Optional } from './schemas.js';
import { cartAction, type CartAction } from './state.js';

function addressOf(cart: Cart, field: 'shippingAddress' | 'billingAddress'): Address & { custom?: CustomFields } {
  const address = cart[field];
  if (!address) throw cartErrors.invalidOperation(`The cart has no ${field === 'shippingAddress' ? 'shipping' : 'billing'} address.`);
  return address as Address & { custom?: CustomFields };
}

export function itemShippingAddress(cart: Cart, key: string): Address & { custom?: CustomFields } {
  const address = cart.itemShippingAddresses.find((a) => a.key === key);
  if (!address) throw cartErrors.invalidOperation(`The cart has no item shipping address with the key '${key}'.`);
  return address as Address & { custom?: CustomFields };
}

export function addItemAddress(cart: Cart, address: Address): void {
  if (address.key === undefined) throw cartErrors.invalidOperation('An item shipping address needs a key.');
  if (cart.itemShippingAddresses.some((a) => a.key === address.key)) {
    throw errors.duplicateField(
      'itemShippingAddresses.key',
      address.key,
      `An item shipping address with the key '${address.key}' already exists in the cart.`,
    );
  }
  cart.itemShippingAddresses.push(address);
}

export const addressActions: Record<string, CartAction> = {
  setShippingAddress: cartAction(z.object({ address: Optional(BaseAddress) }), (cart, a, ctx) => {
    setField(cart, 'shippingAddress', a.address ? storedAddress(a.address, ctx) : undefined);
  }),
  setBillingAddress: cartAction(z.object({ address: Optional(BaseAddress) }), (cart, a, ctx) => {
    setField(cart, 'billingAddress', a.address ? storedAddress(a.address, ctx) : undefined);
  }),
  setShippingAddressCustomType: cartAction(SetCustomType, (cart, a, ctx) => applyCustomType(addressOf(cart, 'shippingAddress'), a, ctx)),
  setShippingAddressCustomField: cartAction(SetCustomField, (cart, a) => applyCustomField(addressOf(cart, 'shippingAddress'), a)),
  setBillingAddressCustomType: cartAction(SetCustomType, (cart, a, ctx) => applyCustomType(addressOf(cart, 'billingAddress'), a, ctx)),
  setBillingAddressCustomField: cartAction(SetCustomField, (cart, a) => applyCustomField(addressOf(cart, 'billingAddress'), a)),
  addItemShippingAddress: cartAction(z.object({ address: BaseAddress }), (cart, a, ctx) =>
    addItemAddress(cart, storedAddress(a.address, ctx)),
  ),
  removeItemShippingAddress: cartAction(z.object({ addressKey: z.string() }), (cart, a) => {
    itemShippingAddress(cart, a.addressKey);
    const used = [...cart.lineItems, ...cart.customLineItems].some((item) =>
      item.shippingDetails?.targets.some((t) => t.addressKey === a.addressKey),
    );
    if (used)
      throw cartErrors.invalidOperation(
        `The item shipping address '${a.addressKey}' is used by the shipping details of a (custom) line item.`,
      );
    cart.itemShippingAddresses = cart.itemShippingAddresses.filter((address) => address.key !== a.addressKey);
  }),
  updateItemShippingAddress: cartAction(z.object({ address: BaseAddress }), (cart, a, ctx) => {
    if (a.address.key === undefined) throw cartErrors.invalidOperation('An item shipping address needs a key.');
    const index = cart.itemShippingAddresses.indexOf(itemShippingAddress(cart, a.address.key));
    cart.itemShippingAddresses[index] = storedAddress(a.address, ctx);
  }),
  setItemShippingAddressCustomType: cartAction(SetCustomType.extend({ addressKey: z.string() }), (cart, a, ctx) =>
    applyCustomType(itemShippingAddress(cart, a.addressKey), a, ctx),
  ),
  setItemShippingAddressCustomField: cartAction(SetCustomField.extend({ addressKey: z.string() }), (cart, a) =>
    applyCustomField(itemShippingAddress(cart, a.addressKey), a),
  ),
};
