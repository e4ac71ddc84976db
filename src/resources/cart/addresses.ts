/** The cart's addresses: shipping and billing address, the item shipping addresses (whose rules orders share), and their update actions. */
import * as z from 'zod';
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
} from '../../engine/common-actions.js';
import type { ResourceContext } from '../../engine/define.js';
import { BaseAddress } from '../../engine/draft-fields.js';
import { cartErrors } from './errors.js';
import type { Cart } from './model.js';
import { Optional } from './schemas.js';
import { cartAction, type CartAction } from './state.js';

function addressOf(cart: Cart, field: 'shippingAddress' | 'billingAddress'): Address & { custom?: CustomFields } {
  const address = cart[field];
  if (!address) throw cartErrors.invalidOperation(`The cart has no ${field === 'shippingAddress' ? 'shipping' : 'billing'} address.`);
  return address as Address & { custom?: CustomFields };
}

/** What carts and orders share: item shipping addresses, which their items' shipping details name by key. */
interface ItemAddressHolder {
  itemShippingAddresses: Address[];
  lineItems: ReadonlyArray<{ shippingDetails?: { targets: ReadonlyArray<{ addressKey: string }> } | undefined }>;
  customLineItems: ReadonlyArray<{ shippingDetails?: { targets: ReadonlyArray<{ addressKey: string }> } | undefined }>;
}
type HolderName = 'cart' | 'order';

export function itemShippingAddress(
  holder: ItemAddressHolder,
  key: string,
  name: HolderName = 'cart',
): Address & { custom?: CustomFields } {
  const address = holder.itemShippingAddresses.find((a) => a.key === key);
  if (!address) throw errors.invalidOperation(`The ${name} has no item shipping address with the key '${key}'.`);
  return address as Address & { custom?: CustomFields };
}

/** `removeItemShippingAddress`: refused while an item's shipping details still name the address. */
export function removeItemShippingAddress(holder: ItemAddressHolder, key: string, name: HolderName): void {
  itemShippingAddress(holder, key, name);
  const used = [...holder.lineItems, ...holder.customLineItems].some((item) =>
    item.shippingDetails?.targets.some((t) => t.addressKey === key),
  );
  if (used) throw errors.invalidOperation(`The item shipping address '${key}' is used by the shipping details of a (custom) line item.`);
  holder.itemShippingAddresses = holder.itemShippingAddresses.filter((address) => address.key !== key);
}

/** `updateItemShippingAddress`: the address with the same key is replaced. */
export function updateItemShippingAddress(holder: ItemAddressHolder, draft: BaseAddress, ctx: ResourceContext, name: HolderName): void {
  if (draft.key === undefined) throw errors.invalidOperation('An item shipping address needs a key.');
  const index = holder.itemShippingAddresses.indexOf(itemShippingAddress(holder, draft.key, name));
  holder.itemShippingAddresses[index] = storedAddress(draft, ctx);
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
  setShippingAddress: cartAction(
    () => z.object({ address: Optional(BaseAddress) }),
    (cart, a, ctx) => {
      setField(cart, 'shippingAddress', a.address ? storedAddress(a.address, ctx) : undefined);
    },
  ),
  setBillingAddress: cartAction(
    () => z.object({ address: Optional(BaseAddress) }),
    (cart, a, ctx) => {
      setField(cart, 'billingAddress', a.address ? storedAddress(a.address, ctx) : undefined);
    },
  ),
  setShippingAddressCustomType: cartAction(SetCustomType, (cart, a, ctx) => applyCustomType(addressOf(cart, 'shippingAddress'), a, ctx)),
  setShippingAddressCustomField: cartAction(SetCustomField, (cart, a) => applyCustomField(addressOf(cart, 'shippingAddress'), a)),
  setBillingAddressCustomType: cartAction(SetCustomType, (cart, a, ctx) => applyCustomType(addressOf(cart, 'billingAddress'), a, ctx)),
  setBillingAddressCustomField: cartAction(SetCustomField, (cart, a) => applyCustomField(addressOf(cart, 'billingAddress'), a)),
  addItemShippingAddress: cartAction(
    () => z.object({ address: BaseAddress }),
    (cart, a, ctx) => addItemAddress(cart, storedAddress(a.address, ctx)),
  ),
  removeItemShippingAddress: cartAction(
    () => z.object({ addressKey: z.string() }),
    (cart, a) => removeItemShippingAddress(cart, a.addressKey, 'cart'),
  ),
  updateItemShippingAddress: cartAction(
    () => z.object({ address: BaseAddress }),
    (cart, a, ctx) => updateItemShippingAddress(cart, a.address, ctx, 'cart'),
  ),
  setItemShippingAddressCustomType: cartAction(
    () => SetCustomType.extend({ addressKey: z.string() }),
    (cart, a, ctx) => applyCustomType(itemShippingAddress(cart, a.addressKey), a, ctx),
  ),
  setItemShippingAddressCustomField: cartAction(
    () => SetCustomField.extend({ addressKey: z.string() }),
    (cart, a) => applyCustomField(itemShippingAddress(cart, a.addressKey), a),
  ),
};
