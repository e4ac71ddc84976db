/**
 * A customer's (or an anonymous session's) active cart, and merging an anonymous cart into the
 * customer's when they sign in (`POST /customers/login`, `POST /carts/customer-id={id}/merge`).
 */
import { uuid } from '../../util/ids.js';
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { jsonClone } from '../../util/json.js';
import type { Engine, ResourceContext } from '../../engine/define.js';
import { resourceIdentifier } from '../../engine/draft-fields.js';
import { customerGroupOf } from './build.js';
import { cartErrors } from './errors.js';
import type { Cart } from './model.js';
import { recalculate } from './recalculate.js';

/** The group index of carts that can be someone's active cart, by owner. */
export const ACTIVE_OWNER = 'activeOwner';

const ownerValue = (owner: { customerId?: string | undefined; anonymousId?: string | undefined }) =>
  owner.customerId !== undefined
    ? `customer:${owner.customerId}`
    : owner.anonymousId !== undefined
      ? `anonymous:${owner.anonymousId}`
      : undefined;

/**
 * The owner an active cart (origin Customer) is filed under: its customer, or, without one, its
 * anonymous session. A cart that is ordered, merged, frozen or deleted leaves the group.
 */
export function activeOwnerOf(cart: Cart): readonly string[] {
  if (cart.cartState !== 'Active' || cart.origin !== 'Customer') return [];
  const value = ownerValue(cart);
  return value === undefined ? [] : [value];
}

/** The customer's most recently modified active cart (origin Customer). */
export function activeCartOf(
  ctx: ResourceContext,
  owner: { customerId?: string; anonymousId?: string },
  storeKey?: string,
): Cart | undefined {
  const value = ownerValue(owner);
  if (value === undefined) return undefined;
  let best: Cart | undefined;
  for (const document of ctx.grouped('cart', ACTIVE_OWNER, value)) {
    const cart = document as Cart;
    if (storeKey !== undefined && cart.store?.key !== storeKey) continue;
    if (!best || String(cart.lastModifiedAt) > String(best.lastModifiedAt)) best = cart;
  }
  return best;
}

/** `GET /carts/customer-id={id}` (and `?customerId=`): the customer's active cart, 404 when there is none. */
export function customerActiveCart(ctx: ResourceContext, customerId: string, storeKey?: string): Cart {
  const cart = activeCartOf(ctx, { customerId }, storeKey);
  if (!cart) throw errors.resourceNotFound({ id: customerId });
  return cart;
}

export const MergeCartDraft = z.object({
  anonymousCart: resourceIdentifier('cart').optional(),
  mergeMode: z.enum(['MergeWithExistingCustomerCart', 'UseAsNewActiveCustomerCart']).optional(),
  updateProductData: z.boolean().optional(),
  anonymousId: z.string().optional(),
});

export interface MergeRequest {
  customerId: string;
  anonymousCartId?: string;
  anonymousId?: string;
  mergeMode?: 'MergeWithExistingCustomerCart' | 'UseAsNewActiveCustomerCart';
  updateProductData?: boolean;
  storeKey?: string;
}

/**
 * Merges an anonymous cart into the customer's active cart (sign-in and
 * `POST /carts/customer-id={id}/merge`), in one transaction; answers the customer's cart after.
 * - No anonymous cart (or it is not active): the customer's active cart, unchanged (undefined if none).
 * - No customer cart, or `UseAsNewActiveCustomerCart`: the anonymous cart becomes the customer's
 *   (customerId set, anonymousId kept, customer group from the customer).
 * - Otherwise the anonymous cart's line items are added to the customer's cart (a line of the same
 *   product variant, channels and custom fields: the anonymous quantity replaces the customer's),
 *   its custom line items and discount codes are added (codes that do not apply are dropped), and
 *   the anonymous cart becomes `Merged`.
 */
export function mergeAnonymousCart(engine: Engine, ctx: ResourceContext, request: MergeRequest): Cart | undefined {
  return engine.transaction(() => {
    let anonymous: Cart | undefined;
    if (request.anonymousCartId !== undefined) {
      anonymous = ctx.get('cart', request.anonymousCartId);
      if (!anonymous) throw errors.referencedResourceNotFound('cart', { id: request.anonymousCartId });
      if (request.anonymousId !== undefined && anonymous.anonymousId !== request.anonymousId) {
        throw cartErrors.invalidOperation('The anonymousId does not match the anonymousId of the anonymous cart.');
      }
    } else if (request.anonymousId !== undefined) {
      anonymous = activeCartOf(ctx, { anonymousId: request.anonymousId }, request.storeKey);
    }
    const existing = activeCartOf(ctx, { customerId: request.customerId }, request.storeKey);
    if (anonymous?.cartState !== 'Active' || anonymous.id === existing?.id) return existing;
    const customerGroup = customerGroupOf(request.customerId, ctx);
    const updateProductData = request.updateProductData ?? false;
    if (!existing || request.mergeMode === 'UseAsNewActiveCustomerCart') {
      const next = jsonClone(anonymous);
      next.customerId = request.customerId;
      if (customerGroup) next.customerGroup = customerGroup;
      recalculate(next, ctx, { updateProductData });
      return replaceCart(engine, anonymous, next, ctx);
    }
    const merged = jsonClone(existing);
    for (const line of anonymous.lineItems) {
      const same = merged.lineItems.find(
        (own) =>
          own.productId === line.productId &&
          own.variant.id === line.variant.id &&
          own.priceMode === line.priceMode &&
          own.supplyChannel?.id === line.supplyChannel?.id &&
          own.distributionChannel?.id === line.distributionChannel?.id &&
          JSON.stringify(own.custom ?? null) === JSON.stringify(line.custom ?? null),
      );
      if (same) same.quantity = line.quantity;
      else merged.lineItems.push({ ...jsonClone(line), id: uuid() });
    }
    for (const line of anonymous.customLineItems) merged.customLineItems.push({ ...jsonClone(line), id: uuid() });
    for (const info of anonymous.discountCodes) {
      if (!merged.discountCodes.some((own) => own.discountCode.id === info.discountCode.id) && merged.discountCodes.length < 10)
        merged.discountCodes.push(jsonClone(info));
    }
    recalculate(merged, ctx, { updateProductData });
    const kept = merged.discountCodes.filter(
      (info) => info.state === 'MatchesCart' || existing.discountCodes.some((own) => own.discountCode.id === info.discountCode.id),
    );
    if (kept.length !== merged.discountCodes.length) {
      merged.discountCodes = kept;
      recalculate(merged, ctx);
    }
    const saved = replaceCart(engine, existing, merged, ctx);
    const done = jsonClone(anonymous);
    done.cartState = 'Merged';
    replaceCart(engine, anonymous, done, ctx);
    return saved;
  });
}

/** Stores `next` as the new version of `current` through the engine (version, audit fields, index checks). */
function replaceCart(engine: Engine, current: Cart, next: Cart, ctx: ResourceContext): Cart {
  return engine.replace(engine.definition('cart'), current, jsonClone(next), ctx);
}
