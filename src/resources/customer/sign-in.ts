/**
 * Sign-up and sign-in, with what they do to the anonymous session that signs in: its cart is merged
 * into the customer's, and its payments, shopping lists and orders pass to the customer.
 */
import * as z from 'zod';
import { created, ok, type ApiCall, type Reply } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { route, type Route } from '../../http/router.js';
import type { Cart } from '../cart/model.js';
import { mergeAnonymousCart } from '../cart/active-cart.js';
import type { AppliedAction, Engine, ResourceContext } from '../../engine/define.js';
import { isPlainObject, validate } from '../../engine/validation.js';
import { resourceIdentifier } from '../../engine/draft-fields.js';
import { authenticateCustomer } from './authentication.js';
import type { CustomerDraft } from './draft.js';
import type { Customer } from './model.js';

/**
 * The resource types whose documents an anonymous session's `anonymousId` owns and that pass to the
 * customer on sign-in or sign-up, each through its own action (`setCustomer`; orders: `setCustomerId`).
 * The session's active cart passes through the cart merge (`mergeAnonymousCart`); its other
 * (non-active) carts keep their anonymous owner.
 */
const ANONYMOUS_OWNED: Array<{ typeId: string; assign: (customerId: string) => AppliedAction }> = [
  { typeId: 'payment', assign: (id) => ({ name: 'setCustomer', payload: { customer: { typeId: 'customer', id } } }) },
  { typeId: 'shopping-list', assign: (id) => ({ name: 'setCustomer', payload: { customer: { typeId: 'customer', id } } }) },
  { typeId: 'order', assign: (id) => ({ name: 'setCustomerId', payload: { customerId: id } }) },
];

/** Signs the anonymous session's payments, shopping lists and orders (those without a customer) over to the customer. */
function assignAnonymousResources(engine: Engine, ctx: ResourceContext, customerId: string, anonymousId: string): void {
  for (const owned of ANONYMOUS_OWNED) {
    if (!engine.serves(owned.typeId)) continue;
    const definition = engine.definition(owned.typeId);
    const documents = [...ctx.scan(owned.typeId)].filter(
      (document) => document.anonymousId === anonymousId && document.customer === undefined && document.customerId === undefined,
    );
    for (const document of documents) engine.apply(definition, document, [owned.assign(customerId)], ctx);
  }
}

interface AnonymousSession {
  anonymousCart?: { id?: string | undefined; key?: string | undefined } | undefined;
  anonymousCartId?: string | undefined;
  anonymousId?: string | undefined;
  anonymousCartSignInMode?: 'MergeWithExistingCustomerCart' | 'UseAsNewActiveCustomerCart' | undefined;
  updateProductData?: boolean | undefined;
}

/**
 * What signing in (or up) does with an anonymous session: the anonymous cart (named by
 * `anonymousCart` / `anonymousCartId`, else the session's active cart) is merged into the customer's
 * active cart per `anonymousCartSignInMode`, and the session's payments and shopping lists become
 * the customer's. Answers the customer's active cart afterwards, if any. Run inside a transaction.
 */
function takeOverSession(
  engine: Engine,
  ctx: ResourceContext,
  customerId: string,
  session: AnonymousSession,
  storeKey: string | undefined,
): Cart | undefined {
  let cart: Cart | undefined;
  if (engine.serves('cart')) {
    let anonymousCartId = session.anonymousCart?.id ?? session.anonymousCartId;
    if (anonymousCartId === undefined && session.anonymousCart?.key !== undefined) {
      const byKey = ctx.getByKey('cart', session.anonymousCart.key);
      if (!byKey) throw errors.referencedResourceNotFound('cart', { key: session.anonymousCart.key });
      anonymousCartId = byKey.id;
    }
    // Field by field: on Node 20 each conditional spread of `{ field }` or `{}` costs about 0.6 µs.
    const merge: Parameters<typeof mergeAnonymousCart>[2] = { customerId };
    if (anonymousCartId !== undefined) merge.anonymousCartId = anonymousCartId;
    if (session.anonymousId !== undefined) merge.anonymousId = session.anonymousId;
    if (session.anonymousCartSignInMode !== undefined) merge.mergeMode = session.anonymousCartSignInMode;
    if (session.updateProductData !== undefined) merge.updateProductData = session.updateProductData;
    if (storeKey !== undefined) merge.storeKey = storeKey;
    cart = mergeAnonymousCart(engine, ctx, merge);
  }
  if (session.anonymousId !== undefined) assignAnonymousResources(engine, ctx, customerId, session.anonymousId);
  return cart;
}

/** `{customer}`, plus `cart` when the customer has an active cart. */
function signInResult(call: ApiCall, customer: Customer, cart: Cart | undefined) {
  return cart ? { customer: call.expand(customer), cart } : { customer: call.expand(customer) };
}

/**
 * Sign-up (`POST /customers`, and `/in-store/key={storeKey}/customers` with `storeKey`): a create
 * that also signs the anonymous session's resources over to the new customer, all or nothing.
 */
export function signUp(call: ApiCall, engine: Engine, storeKey?: string): Reply {
  const input = call.json();
  const result = engine.transaction(() => {
    const draft = storeKey !== undefined ? withStore(input, storeKey) : input;
    const customer = engine.create(engine.definition('customer'), draft, call.ctx);
    // Validated by the create above.
    const session = input as CustomerDraft;
    const cart = takeOverSession(engine, call.ctx, customer.id, session, storeKey);
    return { customer, cart };
  });
  return created(signInResult(call, result.customer, result.cart));
}

/** An in-store sign-up makes a customer of that store unless the draft names stores itself. */
function withStore(input: unknown, storeKey: string): unknown {
  if (!isPlainObject(input) || (input as { stores?: unknown }).stores !== undefined) return input;
  return { ...(input as object), stores: [{ typeId: 'store', key: storeKey }] };
}

const LoginDraft = z.object({
  email: z.string().min(1),
  password: z.string().min(1),
  anonymousCartId: z.string().optional(),
  anonymousCart: resourceIdentifier('cart').optional(),
  anonymousCartSignInMode: z.enum(['MergeWithExistingCustomerCart', 'UseAsNewActiveCustomerCart']).optional(),
  anonymousId: z.string().optional(),
  updateProductData: z.boolean().optional(),
});

/**
 * Sign-in (`POST /login`, and `/in-store/key={storeKey}/login` with `storeKey`): answers
 * `{customer, cart?}`; an anonymous cart is merged per `anonymousCartSignInMode` and the session's
 * payments and shopping lists pass to the customer (see `takeOverSession`), all or nothing.
 */
export function signIn(call: ApiCall, engine: Engine, storeKey?: string): Reply {
  const draft = validate(LoginDraft, call.json());
  const customer = authenticateCustomer(call.ctx, draft.email, draft.password, storeKey);
  if (!customer) throw errors.invalidCredentials();
  const cart = engine.transaction(() => takeOverSession(engine, call.ctx, customer.id, draft, storeKey));
  return ok(signInResult(call, customer, cart));
}

/** `POST /{projectKey}/login`. */
export function loginRoutes(engine: Engine): Route[] {
  return [route('POST', '', (call) => signIn(call, engine))];
}
