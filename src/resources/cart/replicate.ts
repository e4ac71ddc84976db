/**
 * `POST /carts/replicate`: a new active cart from a cart or an order, with the source's customer,
 * items, addresses and discount codes, priced anew. A line item whose product variant is gone is
 * left out; the shipping method is kept while it still ships to the address.
 */
import { uuid } from '../../util/ids.js';
import * as z from 'zod';
import type { MoneyDraft } from '../../pricing/money.js';
import { jsonClone } from '../../util/json.js';
import type { BaseFields, ResourceContext } from '../../engine/define.js';
import { FreeKey } from '../../engine/draft-fields.js';
import { draftedCart } from './build.js';
import { initialItemState, newLineItem, resolveVariant } from './line-items.js';
import type { Cart, CustomLineItem } from './model.js';
import { recalculate } from './recalculate.js';
import type { CartDraft, LineItemDraft } from './schemas.js';
import { shippingInfoFor } from './shipping.js';

export const ReplicaCartDraft = z.object({
  reference: z.object({ typeId: z.enum(['cart', 'order']), id: z.string() }),
  // The reference gives a replica's key no pattern (a CartDraft's has one).
  key: FreeKey.optional(),
});

export function replicate(source: Cart, key: string | undefined, ctx: ResourceContext): Omit<Cart, BaseFields> {
  const draft: CartDraft = { currency: source.totalPrice.currencyCode };
  if (key !== undefined) draft.key = key;
  for (const field of [
    'customerId',
    'customerEmail',
    'anonymousId',
    'country',
    'locale',
    'taxMode',
    'taxRoundingMode',
    'priceRoundingMode',
    'taxCalculationMode',
    'inventoryMode',
    'shippingMode',
    'purchaseOrderNumber',
  ] as const) {
    if (source[field] !== undefined) (draft as Record<string, unknown>)[field] = source[field];
  }
  if (source.customerGroup && source.customerId === undefined)
    draft.customerGroup = { typeId: 'customer-group', id: source.customerGroup.id };
  if (source.store) draft.store = { typeId: 'store', key: source.store.key };
  const cart = draftedCart(draft, ctx);
  if (source.shippingAddress) cart.shippingAddress = jsonClone(source.shippingAddress);
  if (source.billingAddress) cart.billingAddress = jsonClone(source.billingAddress);
  cart.itemShippingAddresses = jsonClone(source.itemShippingAddresses ?? []);
  if (source.custom) cart.custom = jsonClone(source.custom);
  for (const line of source.lineItems) {
    try {
      resolveVariant(ctx, { productId: line.productId, variantId: line.variant.id });
    } catch {
      continue; // "If a Line Item becomes invalid, it is removed from the new Cart."
    }
    const draftLine: LineItemDraft = { productId: line.productId, variantId: line.variant.id, quantity: line.quantity };
    if (line.key !== undefined) draftLine.key = line.key;
    if (line.distributionChannel) draftLine.distributionChannel = { typeId: 'channel', id: line.distributionChannel.id };
    if (line.supplyChannel) draftLine.supplyChannel = { typeId: 'channel', id: line.supplyChannel.id };
    if (line.priceMode === 'ExternalPrice') draftLine.externalPrice = line.price.value as z.infer<typeof MoneyDraft>;
    if (line.priceMode === 'ExternalTotal')
      draftLine.externalTotalPrice = { price: line.price.value as z.infer<typeof MoneyDraft>, totalPrice: line.totalPrice };
    if (line.inventoryMode !== undefined) draftLine.inventoryMode = line.inventoryMode;
    const item = newLineItem(draftLine, cart, ctx);
    if (line.custom) item.custom = jsonClone(line.custom);
    if (line.shippingDetails) item.shippingDetails = jsonClone(line.shippingDetails);
    if (cart.taxMode === 'External' && line.taxRate) item.taxRate = jsonClone(line.taxRate);
    cart.lineItems.push(item);
  }
  for (const line of source.customLineItems) {
    const item = jsonClone(line) as CustomLineItem;
    item.id = uuid();
    item.discountedPricePerQuantity = [];
    delete item.taxedPrice;
    if (cart.taxMode !== 'External') delete item.taxRate;
    item.state = [{ quantity: item.quantity, state: initialItemState(ctx) }];
    cart.customLineItems.push(item);
  }
  if (source.shippingInfo?.shippingMethod && cart.shippingAddress) {
    const method = ctx.get('shipping-method', source.shippingInfo.shippingMethod.id);
    if (method) {
      try {
        cart.shippingInfo = shippingInfoFor(cart, method, cart.shippingAddress, ctx);
      } catch {
        // The method no longer ships there: the replica has none.
      }
    }
  }
  for (const info of source.discountCodes) {
    const code = ctx.get('discount-code', info.discountCode.id);
    if (code) cart.discountCodes.push({ discountCode: { typeId: 'discount-code', id: code.id }, state: 'MatchesCart' });
  }
  recalculate(cart, ctx);
  return cart;
}
