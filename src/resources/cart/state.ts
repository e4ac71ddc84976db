/**
 * A cart's states and the update actions each refuses. An Ordered or Merged cart is done: it takes
 * only actions that change nothing computed. A Frozen cart keeps its prices, so it refuses actions
 * that change what its items cost; frozen with HardFreeze it keeps its shipping too. Each action
 * declares where it stands (`cartAction(schema, apply, rules)`, next to the action), and
 * `cartActions` checks it before the action runs (and marks the cart stale after it, ./stale.ts).
 * The actions that change the state (freeze, unfreeze, lock, unlock) are here.
 */
import * as z from 'zod';
import { action, emits, extendAction, type ResourceContext, type UpdateAction } from '../../engine/define.js';
import { cartErrors } from './errors.js';
import type { Cart } from './model.js';
import { markStale, recalculateIfStale } from './stale.js';

/** Where an action stands on a cart that is not Active; without rules it is refused only on an Ordered or Merged cart. */
export interface StateRules {
  /** On a Frozen cart: refused, or refused only when frozen with HardFreeze. */
  frozen?: 'refused' | 'refusedWhenHardFrozen';
  /** On an Ordered or Merged cart: allowed. */
  inactive?: 'allowed';
}

/** The action changes what (custom) line items cost, which a frozen cart keeps. */
export const changesPrices: StateRules = { frozen: 'refused' };
/** The action changes the shipping method, which a cart frozen with HardFreeze keeps. */
export const changesShipping: StateRules = { frozen: 'refusedWhenHardFrozen' };
/** The action changes nothing that is computed: allowed in every state. */
export const anyState: StateRules = { inactive: 'allowed' };

export interface CartAction extends UpdateAction<Cart> {
  rules: StateRules;
}

/**
 * Declares one cart update action: its payload schema (as for `action`, best a function that builds
 * it on first use), how it changes the cart, and the states that refuse it.
 */
export function cartAction<S extends z.ZodType>(
  schema: S | (() => S),
  apply: (cart: Cart, action: z.infer<S>, ctx: ResourceContext) => void,
  rules: StateRules = {},
): CartAction {
  return Object.assign(action<S, Cart>(schema, apply), { rules });
}

function refuseInState(cart: Cart, name: string, rules: StateRules): void {
  if (rules.inactive !== 'allowed' && (cart.cartState === 'Ordered' || cart.cartState === 'Merged')) {
    throw cartErrors.cartNotActive(cart.cartState);
  }
  if (
    cart.cartState === 'Frozen' &&
    (rules.frozen === 'refused' || (rules.frozen === 'refusedWhenHardFrozen' && cart.freezeStrategy === 'HardFreeze'))
  ) {
    throw cartErrors.frozen(name);
  }
}

/**
 * The cart's update actions as the engine runs them: each checks the cart's state first, and leaves
 * the cart stale (./stale.ts) for the definition's `afterActions` to recalculate once per request.
 */
export function cartActions(actions: Record<string, CartAction>): Record<string, UpdateAction<Cart>> {
  const wrapped: Record<string, UpdateAction<Cart>> = {};
  for (const [name, declared] of Object.entries(actions)) {
    // `declared` with its `apply` wrapped: its schema getter and message copied as they are (see `extendAction`).
    wrapped[name] = extendAction(declared, {
      apply(cart: Cart, payload: unknown, ctx: ResourceContext) {
        // An ExternalAmount cart drops a tax amount when the total it was given for changes, even if a
        // later action of the request changes it back: so each action starts from recalculated totals.
        if (cart.taxMode === 'ExternalAmount') recalculateIfStale(cart, ctx);
        refuseInState(cart, name, declared.rules);
        declared.apply(cart, payload, ctx);
        markStale(cart);
      },
    });
  }
  return wrapped;
}

export const stateActions: Record<string, CartAction> = {
  freezeCart: emits(
    cartAction(
      () => z.object({ strategy: z.enum(['SoftFreeze', 'HardFreeze']).optional() }),
      (cart, a, ctx) => {
        // A frozen cart keeps its prices (HardFreeze: its shipping and discounts too) as the request's earlier actions left them.
        recalculateIfStale(cart, ctx);
        cart.cartState = 'Frozen';
        cart.freezeStrategy = a.strategy ?? 'SoftFreeze';
      },
    ),
    'CartFrozen',
  ),
  unfreezeCart: emits(
    cartAction(
      () => z.object({}),
      (cart) => {
        if (cart.cartState !== 'Frozen') return;
        cart.cartState = 'Active';
        delete cart.freezeStrategy;
      },
    ),
    'CartUnfrozen',
  ),
  lockCart: emits(
    cartAction(
      () => z.object({}),
      (cart, _a, ctx) => {
        if (cart.lock) throw cartErrors.invalidOperation('The cart is already locked.');
        cart.lock = { createdAt: ctx.now, clientId: ctx.author.clientId ?? '' };
      },
      anyState,
    ),
    'CartLocked',
  ),
  unlockCart: emits(
    cartAction(
      () => z.object({}),
      (cart) => {
        delete cart.lock;
      },
      anyState,
    ),
    'CartUnlocked',
  ),
};
