/**
 * The staged order of an order edit: the order with the edit's staged actions applied, computed
 * on a copy that is shown (the edit's `result`), never stored, and applied to the order itself
 * when the edit is (./index.ts).
 *
 * The staged actions are the platform's StagedOrderUpdateAction set. Each runs as the order's own
 * update action where the order has it (with its message), otherwise as the cart's (a line item
 * added, a quantity changed, a discount code, the shipping method, tax modes, ...), on the order
 * read as a cart; a cart action leaves the order stale, and it is recalculated once, after the
 * last staged action, as a cart is. A new shipping address recalculates it too (its taxes).
 * `setOrderTotalTax` is the cart's `setCartTotalTax`. A staged action of the set the mock cannot
 * run is accepted when added and makes the preview a PreviewFailure that names it.
 */
import * as z from 'zod';
import {
  extendAction,
  type AppliedAction,
  type MessagePayload,
  type ResourceContext,
  type ResourceDefinition,
  type UpdateAction,
} from '../../engine/define.js';
import { runActions } from '../../engine/update-actions.js';
import { validate } from '../../engine/validation.js';
import { type ErrorObject, fieldErrors, PlatformError } from '../../http/errors.js';
import { jsonClone } from '../../util/json.js';
import { carts } from '../cart/index.js';
import { markStale, recalculateIfStale } from '../cart/stale.js';
import type { Order } from '../order/model.js';
import { orders } from '../order/index.js';
import { asCart } from '../order/parts.js';

/** The platform's StagedOrderUpdateAction names (its discriminator mapping). */
export const STAGED_ORDER_ACTIONS: readonly string[] = [
  'addCustomLineItem',
  'addDelivery',
  'addDiscountCode',
  'addItemShippingAddress',
  'addLineItem',
  'addParcelToDelivery',
  'addPayment',
  'addReturnInfo',
  'addShoppingList',
  'changeCustomLineItemMoney',
  'changeCustomLineItemQuantity',
  'changeLineItemQuantity',
  'changeOrderState',
  'changePaymentState',
  'changePriceRoundingMode',
  'changeShipmentState',
  'changeTaxCalculationMode',
  'changeTaxMode',
  'changeTaxRoundingMode',
  'importCustomLineItemState',
  'importLineItemState',
  'removeCustomLineItem',
  'removeDelivery',
  'removeDiscountCode',
  'removeItemShippingAddress',
  'removeLineItem',
  'removeParcelFromDelivery',
  'removePayment',
  'setBillingAddress',
  'setBillingAddressCustomField',
  'setBillingAddressCustomType',
  'setBusinessUnit',
  'setCountry',
  'setCustomField',
  'setCustomLineItemCustomField',
  'setCustomLineItemCustomType',
  'setCustomLineItemShippingDetails',
  'setCustomLineItemTaxAmount',
  'setCustomLineItemTaxRate',
  'setCustomShippingMethod',
  'setCustomType',
  'setCustomerEmail',
  'setCustomerGroup',
  'setCustomerId',
  'setDeliveryAddress',
  'setDeliveryAddressCustomField',
  'setDeliveryAddressCustomType',
  'setDeliveryCustomField',
  'setDeliveryCustomType',
  'setDeliveryItems',
  'setDirectDiscounts',
  'setItemShippingAddressCustomField',
  'setItemShippingAddressCustomType',
  'setLineItemCustomField',
  'setLineItemCustomType',
  'setLineItemDistributionChannel',
  'setLineItemPrice',
  'setLineItemShippingDetails',
  'setLineItemTaxAmount',
  'setLineItemTaxRate',
  'setLineItemTotalPrice',
  'setLocale',
  'setOrderNumber',
  'setOrderTotalTax',
  'setParcelCustomField',
  'setParcelCustomType',
  'setParcelItems',
  'setParcelMeasurements',
  'setParcelTrackingData',
  'setPurchaseOrderNumber',
  'setReturnInfo',
  'setReturnItemCustomField',
  'setReturnItemCustomType',
  'setReturnPaymentState',
  'setReturnShipmentState',
  'setShippingAddress',
  'setShippingAddressAndCustomShippingMethod',
  'setShippingAddressAndShippingMethod',
  'setShippingAddressCustomField',
  'setShippingAddressCustomType',
  'setShippingCustomField',
  'setShippingCustomType',
  'setShippingMethod',
  'setShippingMethodTaxAmount',
  'setShippingMethodTaxRate',
  'setShippingRateInput',
  'setStore',
  'transitionCustomLineItemState',
  'transitionLineItemState',
  'transitionState',
  'updateItemShippingAddress',
  'updateSyncInfo',
];

/** A staged action as the client sent it (stored so, and shown so). */
export type StagedAction = { action: string } & Record<string, unknown>;

const StagedActionShape = z.object({ action: z.string() }).loose();

/** The cart's action under another name in the set. */
const CART_NAMES: Record<string, string> = { setOrderTotalTax: 'setCartTotalTax' };

/** Order actions after which the order is recalculated (what it derives depends on them). */
const RECALCULATES = new Set(['setShippingAddress']);

function stagedAction(name: string): UpdateAction<Order> | undefined {
  const own = Object.hasOwn(orders.actions, name) ? orders.actions[name] : undefined;
  if (own) {
    if (!RECALCULATES.has(name)) return own;
    return extendAction(own, {
      apply(order: Order, payload: unknown, ctx: ResourceContext) {
        own.apply(order, payload, ctx);
        markStale(asCart(order));
      },
    });
  }
  const cartName = CART_NAMES[name] ?? name;
  // The order is the cart it was taken from plus its own fields (see `asCart`).
  return Object.hasOwn(carts.actions, cartName) ? (carts.actions[cartName] as unknown as UpdateAction<Order>) : undefined;
}

const stagedActions: Record<string, UpdateAction<Order>> = {};
for (const name of STAGED_ORDER_ACTIONS) {
  const declared = stagedAction(name);
  if (declared) stagedActions[name] = declared;
}

/** The order's definition with the staged actions as its actions: what previews and applies an edit. */
export const stagedOrder: ResourceDefinition<unknown, Order> = {
  ...(orders as unknown as ResourceDefinition<unknown, Order>),
  actions: stagedActions,
  afterActions: (order, ctx) => recalculateIfStale(asCart(order), ctx),
};

/** The staged actions the mock cannot run (of the platform's set), by name. */
export const UNSUPPORTED_STAGED_ACTIONS = STAGED_ORDER_ACTIONS.filter((name) => !Object.hasOwn(stagedActions, name));

/**
 * Staged actions as a request sends them (`stagedActions[i]`, or `stagedAction`), checked: a name
 * outside the platform's set is a 400 InvalidInput, and an action the mock runs must match its
 * schema; every problem is reported together.
 */
export function checkStagedActions(raw: unknown[], field: string, indexed = true): StagedAction[] {
  const problems: ErrorObject[] = [];
  const checked = raw.map((input, index) => {
    const path = indexed ? [field, index] : [field];
    const staged = validate(StagedActionShape, input, path) as StagedAction;
    if (!STAGED_ORDER_ACTIONS.includes(staged.action)) {
      problems.push({
        code: 'InvalidInput',
        message: `Unknown staged action '${staged.action}': not a StagedOrderUpdateAction.`,
        field: `${path.join('.')}.action`,
      });
      return staged;
    }
    const declared = Object.hasOwn(stagedActions, staged.action) ? stagedActions[staged.action] : undefined;
    try {
      if (declared) validate(declared.schema, staged, path);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      problems.push(...error.errors);
    }
    return staged;
  });
  if (problems.length > 0) throw fieldErrors(problems);
  return checked;
}

export interface PreviewSuccess {
  type: 'PreviewSuccess';
  preview: Order;
  messagePayloads: MessagePayload[];
}

export interface PreviewFailure {
  type: 'PreviewFailure';
  errors: ErrorObject[];
}

/** The staged actions as the order's validated update actions (they were checked when added). */
export function stagedSteps(staged: readonly StagedAction[]): AppliedAction[] {
  return staged.map((raw) => ({ name: raw.action, payload: validate(stagedActions[raw.action]!.schema, raw) }));
}

/**
 * The order as the staged actions would leave it, with the messages they would emit, or why they
 * cannot be applied: the errors the order's update would answer.
 */
export function preview(order: Order, staged: readonly StagedAction[], ctx: ResourceContext): PreviewSuccess | PreviewFailure {
  const unsupported = staged.filter((raw) => !Object.hasOwn(stagedActions, raw.action)).map((raw) => raw.action);
  if (unsupported.length > 0) {
    return {
      type: 'PreviewFailure',
      errors: [...new Set(unsupported)].map((name) => ({
        code: 'InvalidOperation',
        message: `The staged action '${name}' cannot be previewed by this mock.`,
        action: name,
      })),
    };
  }
  const next = jsonClone(order);
  const messagePayloads: MessagePayload[] = [];
  try {
    runActions(stagedOrder, next, stagedSteps(staged), ctx, messagePayloads);
  } catch (error) {
    if (error instanceof PlatformError) return { type: 'PreviewFailure', errors: error.errors };
    throw error;
  }
  return { type: 'PreviewSuccess', preview: next, messagePayloads };
}
