/**
 * The cart routes only a caller scope has (mounted by the cart's scope policy, cart/scope.ts).
 * Every one goes through `scopedAccess(call, typeId, engine)`, so what it reaches is what the
 * scope reaches:
 *
 * - `GET /me/active-cart` (and in a store): the caller's most recently modified active cart (origin
 *   Customer; in a store, of that store); 404 when there is none.
 * - `POST /me/carts`: a MyCartDraft (its fields only), stamped with the caller (and store).
 * - `POST /me/carts/replicate`, `POST /in-store/key=/carts/replicate`: the source cart or order must
 *   be reachable (400 ReferencedResourceNotFound otherwise); the carts module replicates it.
 * - `GET /in-store/key=/carts/customer-id={id}` (and the legacy `GET /in-store/key=/carts?customerId={id}`),
 *   `POST .../customer-id={id}/merge`: the customer's active cart of the store; the merge of carts of that store.
 */
import * as z from 'zod';
import { created, ok, type ApiCall, type Reply } from '../../http/context.js';
import { errors, PlatformError } from '../../http/errors.js';
import { scopedAccess } from '../../engine/scoped-access.js';
import type { StoredDocument } from '../../storage/backend.js';
import type { CustomRoute, Engine, Locator } from '../../engine/define.js';
import { validate } from '../../engine/validation.js';
import { resourceIdentifier } from '../../engine/draft-fields.js';
import { activeCartOf, customerActiveCart, mergeAnonymousCart } from './active-cart.js';
import type { Cart } from './model.js';

/** A resource the scope reaches, or undefined (never a 404: draft references report their own error). */
function reachable<R extends StoredDocument>(call: ApiCall, engine: Engine, typeId: string, locator: Locator): R | undefined {
  try {
    return scopedAccess<R>(call, typeId, engine).find(locator);
  } catch (error) {
    if (error instanceof PlatformError && error.statusCode === 404) return undefined;
    throw error;
  }
}

export const findCart = (call: ApiCall, engine: Engine, locator: Locator) => reachable<Cart>(call, engine, 'cart', locator);

// Carts ------------------------------------------------------------------------------------------

const activeCartRoute: CustomRoute = {
  method: 'GET',
  path: '/active-cart',
  handle: (call, engine) => {
    const access = scopedAccess<Cart>(call, 'cart', engine);
    const caller = call.ctx.scope!.caller!;
    const cart = activeCartOf(call.ctx, caller, call.ctx.scope!.store);
    if (!cart || !access.belongs(cart))
      throw new PlatformError(404, [{ code: 'ResourceNotFound', message: 'There is no active cart for the caller.' }]);
    return ok(access.expanded(cart));
  },
};

/** MyCartDraft: what a shopper may give their own cart (no key, customer, group, origin, external taxes, ...). */
const MY_CART_FIELDS = [
  'currency',
  'customerEmail',
  'businessUnit',
  'store',
  'lineItems',
  'taxMode',
  'inventoryMode',
  'billingAddress',
  'shippingAddress',
  'shippingMethod',
  'itemShippingAddresses',
  'shippingMode',
  'discountCodes',
  'country',
  'locale',
  'deleteDaysAfterLastModification',
  'custom',
] as const;
const MY_LINE_ITEM_FIELDS = new Set([
  'productId',
  'variantId',
  'sku',
  'quantity',
  'addedAt',
  'distributionChannel',
  'supplyChannel',
  'shippingDetails',
  'custom',
  'key',
  'recurrenceInfo',
]);

function myCartDraft(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const body = input as Record<string, unknown>;
  const draft: Record<string, unknown> = {};
  for (const field of MY_CART_FIELDS) if (body[field] !== undefined) draft[field] = body[field];
  if (Array.isArray(draft.lineItems)) {
    draft.lineItems = draft.lineItems.map((line) =>
      typeof line === 'object' && line !== null
        ? Object.fromEntries(Object.entries(line).filter(([key]) => MY_LINE_ITEM_FIELDS.has(key)))
        : line,
    );
  }
  return draft;
}

const myCartCreateRoute: CustomRoute = {
  method: 'POST',
  path: '',
  handle: (call, engine) => {
    const access = scopedAccess<Cart>(call, 'cart', engine);
    return created(access.expanded(access.create(myCartDraft(call.json()))));
  },
};

const ReplicaDraft = z.object({ reference: z.object({ typeId: z.enum(['cart', 'order']), id: z.string() }) });

/** Replicates a cart or order the scope reaches; the replica keeps the source's owner and store, so it is the scope's too. */
function replicateRoute(withKey: boolean): CustomRoute {
  const Draft = withKey ? ReplicaDraft.extend({ key: z.string().optional() }) : ReplicaDraft;
  return {
    method: 'POST',
    path: 'replicate',
    handle: (call, engine) => {
      const draft = validate(Draft, call.json()) as z.infer<typeof ReplicaDraft> & { key?: string };
      const { typeId, id } = draft.reference;
      if (!reachable(call, engine, typeId, { id })) throw errors.referencedResourceNotFound(typeId, { id });
      const replicate = engine.definition('cart').routes!.find((r) => r.method === 'POST' && r.path === 'replicate')!;
      return engine.transaction(() => {
        const reply = replicate.handle(call.withBody(draft), engine);
        if (!scopedAccess<Cart>(call, 'cart', engine).belongs(reply.body as Cart)) {
          throw errors.invalidOperation('The replica would not belong to the scope of this endpoint.');
        }
        return reply;
      });
    },
  };
}

const MergeDraft = z.object({
  anonymousCart: resourceIdentifier('cart').optional(),
  mergeMode: z.enum(['MergeWithExistingCustomerCart', 'UseAsNewActiveCustomerCart']).optional(),
  updateProductData: z.boolean().optional(),
  anonymousId: z.string().optional(),
});

/** The customer's active cart of the store (404 when there is none). */
function inStoreCustomerCart(call: ApiCall, engine: Engine, customerId: string): Reply {
  const access = scopedAccess<Cart>(call, 'cart', engine);
  const cart = customerActiveCart(call.ctx, customerId, call.ctx.scope!.store);
  if (!access.belongs(cart)) throw errors.resourceNotFound({ id: customerId });
  return ok(access.expanded(cart));
}

const inStoreCustomerCartRoutes: CustomRoute[] = [
  {
    // The legacy `?customerId=` lookup, as on the project's carts.
    method: 'GET',
    path: '',
    handle: (call, engine) => {
      const customerId = call.query.get('customerId');
      if (customerId === null) return ok(scopedAccess(call, 'cart', engine).query());
      return inStoreCustomerCart(call, engine, customerId);
    },
  },
  {
    method: 'GET',
    path: 'customer-id=:customerId',
    handle: (call, engine) => inStoreCustomerCart(call, engine, call.params.customerId!),
  },
  {
    method: 'POST',
    path: 'customer-id=:customerId/merge',
    handle: (call, engine): Reply => {
      const draft = validate(MergeDraft, call.json());
      if (!draft.anonymousCart && draft.anonymousId === undefined)
        throw errors.invalidOperation('Either anonymousCart or anonymousId is required.');
      let anonymousCartId: string | undefined;
      if (draft.anonymousCart) {
        const locator: Locator = draft.anonymousCart.id !== undefined ? { id: draft.anonymousCart.id } : { key: draft.anonymousCart.key! };
        const found = findCart(call, engine, locator);
        if (!found) throw errors.referencedResourceNotFound('cart', locator);
        anonymousCartId = found.id;
      }
      const cart = mergeAnonymousCart(engine, call.ctx, {
        customerId: call.params.customerId!,
        storeKey: call.ctx.scope!.store!,
        ...(anonymousCartId !== undefined ? { anonymousCartId } : {}),
        ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
        ...(draft.mergeMode ? { mergeMode: draft.mergeMode } : {}),
        ...(draft.updateProductData !== undefined ? { updateProductData: draft.updateProductData } : {}),
      });
      if (!cart) throw errors.resourceNotFound({ id: call.params.customerId! });
      return ok(scopedAccess<Cart>(call, 'cart', engine).expanded(cart));
    },
  },
];

/** `/me/carts` (with replicate) and `/me/active-cart`. */
export const myCartRoutes: CustomRoute[] = [activeCartRoute, myCartCreateRoute, replicateRoute(false)];
/** `/in-store/key=/me/carts` and `/in-store/key=/me/active-cart` (the platform has no replicate there). */
export const myInStoreCartRoutes: CustomRoute[] = [activeCartRoute, myCartCreateRoute];
/** `/in-store/key=/carts`. */
export const inStoreCartRoutes: CustomRoute[] = [...inStoreCustomerCartRoutes, replicateRoute(true)];
