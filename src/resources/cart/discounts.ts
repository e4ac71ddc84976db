/**
 * Discounts a cart is given: discount codes (checked when added; whether they still apply is
 * decided by `recalculate`, ./applied-discounts.ts) and direct discounts, which exclude each other.
 */
import { uuid } from '../../util/ids.js';
import * as z from 'zod';
import { typedMoney } from '../../pricing/money.js';
import type { ResourceContext } from '../../engine/define.js';
import { discountCodeByCode, type DiscountCode } from '../discount-codes.js';
import { cartErrors } from './errors.js';
import type { Cart, DirectDiscount } from './model.js';
import { isValidAt } from '../../util/validity.js';
import { appliesTo, cartDiscountsOf } from './applied-discounts.js';
import { DirectDiscountDraft } from './schemas.js';
import { cartAction, type CartAction } from './state.js';
import { millisOf } from '../../util/time.js';

/** The code a cart may take (DiscountCodeNonApplicable when it does not exist or cannot apply). */
export function applicableCode(cart: Cart, code: string, ctx: ResourceContext): DiscountCode {
  const found = discountCodeByCode(ctx, code);
  if (!found) throw cartErrors.discountCodeNotFound(code);
  const now = millisOf(ctx.now);
  if (!isValidAt(found, now)) {
    throw cartErrors.discountCodeNonApplicable(found, {
      reason: 'TimeRangeNonApplicable',
      ...(found.validFrom !== undefined ? { validFrom: found.validFrom } : {}),
      ...(found.validUntil !== undefined ? { validUntil: found.validUntil } : {}),
      validityCheckTime: ctx.now,
    });
  }
  const usable = cartDiscountsOf(found, ctx).filter((d) => appliesTo(cart, d, now));
  if (!found.isActive || usable.length === 0) throw cartErrors.discountCodeNonApplicable(found);
  return found;
}

export function addCode(cart: Cart, code: DiscountCode): void {
  if (cart.directDiscounts.length > 0) throw cartErrors.invalidOperation('A cart with direct discounts cannot have discount codes.');
  if (cart.discountCodes.some((info) => info.discountCode.id === code.id)) return;
  if (cart.discountCodes.length >= 10) throw cartErrors.invalidOperation('A cart can have at most 10 discount codes.');
  cart.discountCodes.push({ discountCode: { typeId: 'discount-code', id: code.id }, state: 'MatchesCart' });
}

function directDiscount(draft: z.infer<typeof DirectDiscountDraft>, ctx: ResourceContext): DirectDiscount {
  const value = draft.value;
  let stored: unknown = value;
  if (value.type === 'absolute' || value.type === 'fixed') stored = { ...value, money: value.money.map((m) => typedMoney(m)) };
  if (value.type === 'giftLineItem') {
    stored = { type: 'giftLineItem', product: ctx.reference('product', value.product), variantId: value.variantId };
  }
  return { id: uuid(), value: stored, ...(draft.target ? { target: draft.target } : {}) };
}

export const discountActions: Record<string, CartAction> = {
  addDiscountCode: cartAction(
    () => z.object({ code: z.string().min(1) }),
    (cart, a, ctx) => addCode(cart, applicableCode(cart, a.code, ctx)),
  ),
  removeDiscountCode: cartAction(
    () => z.object({ discountCode: z.object({ typeId: z.literal('discount-code'), id: z.string() }) }),
    (cart, a) => {
      if (!cart.discountCodes.some((info) => info.discountCode.id === a.discountCode.id)) {
        throw cartErrors.invalidOperation(`The cart does not contain the discount code '${a.discountCode.id}'.`);
      }
      cart.discountCodes = cart.discountCodes.filter((info) => info.discountCode.id !== a.discountCode.id);
    },
  ),
  setDirectDiscounts: cartAction(
    () => z.object({ discounts: z.array(DirectDiscountDraft) }),
    (cart, a, ctx) => {
      if (a.discounts.length > 0 && cart.discountCodes.length > 0)
        throw cartErrors.invalidOperation('A cart with discount codes cannot have direct discounts.');
      cart.directDiscounts = a.discounts.map((draft) => directDiscount(draft, ctx));
    },
  ),
};
