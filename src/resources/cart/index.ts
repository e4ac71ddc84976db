/**
 * The cart resource: carts that compute like the platform. Line items are priced by the catalog's
 * price selection, taxed by the shipping address (tax modes Platform, External, ExternalAmount,
 * Disabled), shipped at the shipping method's zone rates, and discounted by cart discounts and
 * discount codes; `recalculate` (./recalculate.ts) derives all of it once per update request, after
 * its last action (./stale.ts).
 *
 * This module is the definition; the rest of the folder holds its parts:
 *   model.ts, schemas.ts, errors.ts   the stored shapes, the drafts' schemas, the platform's errors
 *   build.ts                          a cart from a draft
 *   line-items.ts                     a (custom) line item from its draft; finding one in a cart
 *   line-item-actions.ts, addresses.ts, shipping.ts, discounts.ts, taxes.ts, fields.ts
 *                                     the update actions, by topic
 *   state.ts                          the cart's states, and which actions each refuses (each action declares it)
 *   recalculate.ts, stale.ts          what a cart derives; recalculating it once per request
 *   predicate-scope.ts                what cart predicates see of a cart
 *   replicate.ts, active-cart.ts      a replica; a customer's active cart and the anonymous cart merge
 *   ordering.ts                       what orders take from a cart
 *
 * Routes beyond the generic shape: `POST /carts/replicate`, `GET /carts/customer-id={id}` (the
 * customer's most recently modified active cart; the legacy `GET /carts?customerId={id}` answers the
 * same), `POST /carts/customer-id={id}/merge`.
 */
import * as z from 'zod';
import { created, ok } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { action, defineResource, extendAction, type ResourceDefinition, type SdkTypes } from '../../engine/define.js';
import { validate } from '../../engine/validation.js';
import { customerActiveCart, MergeCartDraft, mergeAnonymousCart } from './active-cart.js';
import { addressActions } from './addresses.js';
import { buildCart } from './build.js';
import { discountActions } from './discounts.js';
import { cartErrors } from './errors.js';
import { fieldActions } from './fields.js';
import { customLineItemActions, lineItemActions } from './line-item-actions.js';
import type { Cart } from './model.js';
import { ReplicaCartDraft, replicate } from './replicate.js';
import { CartDraft } from './schemas.js';
import { shippingActions } from './shipping.js';
import { recalculateIfStale } from './stale.js';
import { cartActions, stateActions } from './state.js';
import { taxActions } from './taxes.js';
import { cartScope } from './cart-scope.js';
import { ACTIVE_OWNER, activeOwnerOf } from './active-cart.js';
import type { Cart as SdkCart, CartDraft as SdkCartDraft } from '@commercetools/platform-sdk';

export const carts: ResourceDefinition<CartDraft, Cart, SdkTypes<SdkCartDraft, SdkCart>> = defineResource<
  CartDraft,
  Cart,
  SdkTypes<SdkCartDraft, SdkCart>
>({
  typeId: 'cart',
  path: 'carts',
  scope: cartScope,
  draft: CartDraft,
  create: (draft, ctx) => buildCart(draft, ctx),
  actions: cartActions({
    ...lineItemActions,
    ...customLineItemActions,
    ...addressActions,
    ...shippingActions,
    ...discountActions,
    ...taxActions,
    ...fieldActions,
    ...stateActions,
  }),
  afterActions: (cart, ctx) => recalculateIfStale(cart, ctx),
  groups: { [ACTIVE_OWNER]: { values: activeOwnerOf } },
  internalActions: {
    /** The order taken from the cart is placed: the cart is done (see ./ordering.ts). */
    markOrdered: extendAction(
      action(
        () => z.object({}),
        (cart: Cart) => {
          cart.cartState = 'Ordered';
        },
      ),
      { shallow: true },
    ),
  },
  routes: [
    {
      // The platform's legacy lookup: with `customerId`, the customer's active cart itself, not a page.
      method: 'GET',
      path: '',
      handle: (call, engine) => {
        const customerId = call.query.get('customerId');
        if (customerId === null) return ok(engine.query(engine.definition('cart'), call.ctx.project, call.query));
        return ok(call.expand(customerActiveCart(call.ctx, customerId)));
      },
    },
    {
      method: 'POST',
      path: 'replicate',
      handle: (call, engine) => {
        const draft = validate(ReplicaCartDraft, call.json());
        const source = call.ctx.get(draft.reference.typeId, draft.reference.id) as Cart | undefined;
        if (!source) throw errors.referencedResourceNotFound(draft.reference.typeId, { id: draft.reference.id });
        const cart = engine.insert(carts, replicate(source, draft.key, call.ctx), call.ctx);
        return created(call.expand(cart));
      },
    },
    {
      method: 'GET',
      path: 'customer-id=:customerId',
      handle: (call) => ok(call.expand(customerActiveCart(call.ctx, call.params.customerId!))),
    },
    {
      method: 'POST',
      path: 'customer-id=:customerId/merge',
      handle: (call, engine) => {
        const draft = validate(MergeCartDraft, call.json());
        if (!draft.anonymousCart && draft.anonymousId === undefined)
          throw cartErrors.invalidOperation('Either anonymousCart or anonymousId is required.');
        const anonymousCartId = draft.anonymousCart
          ? (draft.anonymousCart.id ?? call.ctx.reference('cart', draft.anonymousCart).id)
          : undefined;
        const cart = mergeAnonymousCart(engine, call.ctx, {
          customerId: call.params.customerId!,
          ...(anonymousCartId !== undefined ? { anonymousCartId } : {}),
          ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
          ...(draft.mergeMode ? { mergeMode: draft.mergeMode } : {}),
          ...(draft.updateProductData !== undefined ? { updateProductData: draft.updateProductData } : {}),
        });
        if (!cart) throw errors.resourceNotFound({ id: call.params.customerId! });
        return ok(call.expand(cart));
      },
    },
  ],
});

declare module '../../http/context.js' {
  interface StoredTypes {
    cart: Cart;
  }
}
