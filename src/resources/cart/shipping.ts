/**
 * Shipping of a cart: the shipping info a shipping method (or a custom one) gives it, in shipping
 * mode Single (`shippingInfo`) or Multiple (`shipping`, one entry per shipping key), and the
 * shipping update actions, external shipping taxes included. Rates and prices are recomputed by
 * `recalculate` (./shipping-rates.ts).
 */
import * as z from 'zod';
import { errors, fieldErrors } from '../../http/errors.js';
import { compileCartPredicate } from '../../pricing/cart-predicate.js';
import { rateFor, zonesContaining } from '../../pricing/cart-shipping.js';
import {
  applyCustomField,
  applyCustomType,
  customFields,
  SetCustomField,
  SetCustomType,
  setField,
  storedAddress,
} from '../../engine/common-actions.js';
import type { Address, CustomFields } from '../../engine/common-actions.js';
import { emits, type ResourceContext } from '../../engine/define.js';
import { SETTINGS_ID } from '../project.js';
import { methodServesStore, shippingRateFromDraft, ShippingRateDraft, type ShippingMethod } from '../shipping-methods.js';
import {
  BaseAddress,
  CustomFieldsDraft,
  type LocalizedString,
  type ResourceIdentifier,
  resourceIdentifier,
} from '../../engine/draft-fields.js';
import { cartErrors } from './errors.js';
import { assertCurrency, assertExternalTaxMode, externalTaxRate } from './line-items.js';
import type { Cart, Shipping, ShippingInfo, ShippingRateInput } from './model.js';
import { predicateScope } from './predicate-scope.js';
import { ExternalTaxAmountDraft, ExternalTaxRateDraft, Optional, ShippingRateInputDraft } from './schemas.js';
import { recalculateIfStale } from './stale.js';
import { setTaxAmount } from './taxes.js';
import { cartAction, type CartAction, changesShipping } from './state.js';

export function methodFor(identifier: ResourceIdentifier, ctx: ResourceContext): ShippingMethod {
  const reference = ctx.reference('shipping-method', identifier);
  return ctx.get('shipping-method', reference.id)!;
}

/** The shipping info a shipping method gives the cart at `address`; InvalidOperation when it may not ship there. */
export function shippingInfoFor(cart: Cart, method: ShippingMethod, address: Address | undefined, ctx: ResourceContext): ShippingInfo {
  if (!address) throw cartErrors.missingShippingAddress();
  if (!method.active) throw cartErrors.invalidOperation(`The shipping method with ID '${method.id}' is not active.`);
  if (!methodServesStore(method, cart.store?.key)) {
    throw cartErrors.invalidOperation(`The shipping method with ID '${method.id}' is not allowed for the store of the cart.`);
  }
  const zones = [...ctx.scan('zone')];
  const rate = rateFor(method, zonesContaining(address, zones), cart.totalPrice.currencyCode);
  if (!rate) throw cartErrors.noShippingRate(method.id, cart.id);
  if (method.predicate !== undefined) {
    recalculateIfStale(cart, ctx); // the predicate reads the cart's totals
    if (!compileCartPredicate(method.predicate)(predicateScope(cart, ctx))) {
      throw cartErrors.invalidOperation(`The predicate of the shipping method with ID '${method.id}' does not match the cart.`);
    }
  }
  return {
    shippingMethodName: method.name,
    price: rate.price,
    shippingRate: rate as ShippingInfo['shippingRate'],
    taxCategory: method.taxCategory,
    shippingMethod: { typeId: 'shipping-method', id: method.id },
    deliveries: [],
    shippingMethodState: 'MatchesCart',
  };
}

export function customShippingInfo(
  cart: Cart,
  draft: {
    shippingMethodName: string;
    shippingRate: z.infer<typeof ShippingRateDraft>;
    taxCategory?: ResourceIdentifier | undefined;
  },
  ctx: ResourceContext,
): ShippingInfo {
  assertCurrency(draft.shippingRate.price, cart, 'shippingRate.price');
  const rate = shippingRateFromDraft(draft.shippingRate);
  const info: ShippingInfo = {
    shippingMethodName: draft.shippingMethodName,
    price: rate.price,
    shippingRate: rate,
    deliveries: [],
    shippingMethodState: 'MatchesCart',
  };
  if (draft.taxCategory) info.taxCategory = ctx.reference('tax-category', draft.taxCategory);
  return info;
}

export function withExternalRate(info: ShippingInfo, cart: Cart, draft: ExternalTaxRateDraft | undefined): ShippingInfo {
  if (draft) {
    assertExternalTaxMode(cart);
    info.taxRate = externalTaxRate(draft);
  }
  return info;
}

function assertSingle(cart: Cart): void {
  if (cart.shippingMode !== 'Single') throw cartErrors.invalidOperation('This action needs a cart with the shipping mode Single.');
}

export function assertMultiple(cart: Cart): void {
  if (cart.shippingMode !== 'Multiple') throw cartErrors.invalidOperation('This action needs a cart with the shipping mode Multiple.');
}

/**
 * The cart's shippings are read after recalculation: it drops those whose method no longer ships to
 * their address, so an earlier action of the request may have taken one away.
 */
function findShipping(cart: Cart, key: string, ctx: ResourceContext): Shipping {
  recalculateIfStale(cart, ctx);
  const found = cart.shipping.find((s) => s.shippingKey === key);
  if (!found) throw cartErrors.invalidOperation(`The cart has no shipping with the key '${key}'.`);
  return found;
}

/** The shipping info an action addresses: the cart's (Single mode) or the shipping with `shippingKey`. */
function shippingInfoOf(cart: Cart, shippingKey: string | undefined, ctx: ResourceContext): ShippingInfo {
  recalculateIfStale(cart, ctx); // recalculation may drop the cart's shipping info too (see findShipping)
  if (shippingKey !== undefined) return findShipping(cart, shippingKey, ctx).shippingInfo;
  if (cart.shippingMode === 'Multiple')
    throw cartErrors.invalidOperation('A shippingKey is required for a cart with the shipping mode Multiple.');
  if (!cart.shippingInfo) throw cartErrors.invalidOperation('The cart has no shipping method.');
  return cart.shippingInfo;
}

/**
 * A shipping rate input as a cart holds it: a classification carries the label of the project's
 * CartClassification value with its key; a key the project does not define is refused.
 */
export function rateInput(draft: z.infer<typeof ShippingRateInputDraft>, ctx: ResourceContext): ShippingRateInput {
  if (draft.type !== 'Classification') return draft;
  const inputType = ctx.get('project', SETTINGS_ID)?.shippingRateInputType;
  const values = (inputType?.type === 'CartClassification' ? (inputType.values ?? []) : []) as { key: string; label: LocalizedString }[];
  const value = values.find((candidate) => candidate.key === draft.key);
  if (!value) {
    const allowed = values.map((candidate) => candidate.key);
    throw fieldErrors([
      errors.invalidField('shippingRateInput.key', draft.key, "It is not a key of the project's CartClassification values.", allowed),
    ]);
  }
  return { type: 'Classification', key: draft.key, label: value.label };
}

/** Adds a shipping (shipping mode Multiple) with its rate input and custom fields; DuplicateField for a key the cart has. */
export function addShipping(
  cart: Cart,
  entry: Shipping,
  draft: { shippingRateInput?: z.infer<typeof ShippingRateInputDraft> | undefined; custom?: CustomFieldsDraft | undefined },
  ctx: ResourceContext,
): void {
  if (draft.shippingRateInput) entry.shippingRateInput = rateInput(draft.shippingRateInput, ctx);
  const fields = customFields(draft.custom, ctx);
  if (fields) entry.shippingCustomFields = fields;
  if (cart.shipping.some((s) => s.shippingKey === entry.shippingKey)) {
    throw errors.duplicateField(
      'shippingKey',
      entry.shippingKey,
      `A shipping with the key '${entry.shippingKey}' already exists in the cart.`,
    );
  }
  cart.shipping.push(entry);
}

export const shippingActions: Record<string, CartAction> = {
  setShippingMethod: cartAction(
    () =>
      z.object({
        shippingMethod: Optional(resourceIdentifier('shipping-method')),
        externalTaxRate: Optional(ExternalTaxRateDraft),
        estimatedDelivery: z.unknown().optional(),
      }),
    (cart, a, ctx) => {
      assertSingle(cart);
      if (!a.shippingMethod) {
        delete cart.shippingInfo;
        return;
      }
      const info = withExternalRate(
        shippingInfoFor(cart, methodFor(a.shippingMethod, ctx), cart.shippingAddress, ctx),
        cart,
        a.externalTaxRate ?? undefined,
      );
      if (a.estimatedDelivery !== undefined && a.estimatedDelivery !== null) info.estimatedDelivery = a.estimatedDelivery;
      cart.shippingInfo = info;
    },
    changesShipping,
  ),
  setCustomShippingMethod: cartAction(
    () =>
      z.object({
        shippingMethodName: z.string(),
        shippingRate: ShippingRateDraft,
        taxCategory: resourceIdentifier('tax-category').optional(),
        externalTaxRate: ExternalTaxRateDraft.optional(),
        custom: CustomFieldsDraft.optional(),
        estimatedDelivery: z.unknown().optional(),
      }),
    (cart, a, ctx) => {
      assertSingle(cart);
      const info = withExternalRate(customShippingInfo(cart, a, ctx), cart, a.externalTaxRate);
      if (a.estimatedDelivery !== undefined && a.estimatedDelivery !== null) info.estimatedDelivery = a.estimatedDelivery;
      cart.shippingInfo = info;
      setField(cart, 'shippingCustomFields', customFields(a.custom, ctx));
    },
    changesShipping,
  ),
  setShippingMethodTaxRate: cartAction(
    () => z.object({ shippingKey: z.string().optional(), externalTaxRate: Optional(ExternalTaxRateDraft) }),
    (cart, a, ctx) => {
      assertExternalTaxMode(cart);
      const info = shippingInfoOf(cart, a.shippingKey, ctx);
      if (a.externalTaxRate) info.taxRate = externalTaxRate(a.externalTaxRate);
      else delete info.taxRate;
    },
  ),
  setShippingMethodTaxAmount: cartAction(
    () => z.object({ shippingKey: z.string().optional(), externalTaxAmount: Optional(ExternalTaxAmountDraft) }),
    (cart, a, ctx) => {
      const info = shippingInfoOf(cart, a.shippingKey, ctx);
      setTaxAmount(cart, info, a.externalTaxAmount, () => (info.discountedPrice?.value ?? info.price).centAmount, ctx);
    },
  ),
  setShippingRateInput: cartAction(
    () => z.object({ shippingRateInput: Optional(ShippingRateInputDraft) }),
    (cart, a, ctx) => {
      setField(cart, 'shippingRateInput', a.shippingRateInput && rateInput(a.shippingRateInput, ctx));
    },
  ),
  setShippingCustomType: cartAction(
    () => SetCustomType.extend({ shippingKey: z.string().optional() }),
    (cart, a, ctx) => {
      const target = a.shippingKey !== undefined ? findShipping(cart, a.shippingKey, ctx) : cart;
      const holder = { custom: target.shippingCustomFields } as { custom?: CustomFields };
      applyCustomType(holder, a, ctx);
      setField(target, 'shippingCustomFields', holder.custom);
    },
  ),
  setShippingCustomField: cartAction(
    () => SetCustomField.extend({ shippingKey: z.string().optional() }),
    (cart, a, ctx) => {
      const target = a.shippingKey !== undefined ? findShipping(cart, a.shippingKey, ctx) : cart;
      const holder = { custom: target.shippingCustomFields } as { custom?: CustomFields };
      applyCustomField(holder, a);
    },
  ),
  addShippingMethod: cartAction(
    () =>
      z.object({
        shippingKey: z.string(),
        shippingMethod: resourceIdentifier('shipping-method'),
        shippingAddress: BaseAddress,
        shippingRateInput: ShippingRateInputDraft.optional(),
        externalTaxRate: ExternalTaxRateDraft.optional(),
        deliveries: z.array(z.unknown()).optional(),
        custom: CustomFieldsDraft.optional(),
        estimatedDelivery: z.unknown().optional(),
      }),
    (cart, a, ctx) => {
      recalculateIfStale(cart, ctx); // the key must be free among the shippings recalculation keeps (see findShipping)
      assertMultiple(cart);
      const address = storedAddress(a.shippingAddress, ctx);
      const info = withExternalRate(shippingInfoFor(cart, methodFor(a.shippingMethod, ctx), address, ctx), cart, a.externalTaxRate);
      if (a.estimatedDelivery !== undefined) info.estimatedDelivery = a.estimatedDelivery;
      const entry: Shipping = { shippingKey: a.shippingKey, shippingInfo: info, shippingAddress: address };
      addShipping(cart, entry, a, ctx);
    },
  ),
  addCustomShippingMethod: cartAction(
    () =>
      z.object({
        shippingKey: z.string(),
        shippingMethodName: z.string(),
        shippingAddress: BaseAddress,
        shippingRate: ShippingRateDraft,
        shippingRateInput: ShippingRateInputDraft.optional(),
        taxCategory: resourceIdentifier('tax-category').optional(),
        externalTaxRate: ExternalTaxRateDraft.optional(),
        deliveries: z.array(z.unknown()).optional(),
        custom: CustomFieldsDraft.optional(),
      }),
    (cart, a, ctx) => {
      recalculateIfStale(cart, ctx); // the key must be free among the shippings recalculation keeps (see findShipping)
      assertMultiple(cart);
      const entry: Shipping = {
        shippingKey: a.shippingKey,
        shippingInfo: withExternalRate(customShippingInfo(cart, a, ctx), cart, a.externalTaxRate),
        shippingAddress: storedAddress(a.shippingAddress, ctx),
      };
      addShipping(cart, entry, a, ctx);
    },
  ),
  removeShippingMethod: cartAction(
    () => z.object({ shippingKey: z.string() }),
    (cart, a, ctx) => {
      assertMultiple(cart);
      const entry = findShipping(cart, a.shippingKey, ctx);
      cart.shipping = cart.shipping.filter((s) => s !== entry);
    },
  ),
  setEstimatedDelivery: emits(
    cartAction(
      () => z.object({ shippingKey: z.string().optional(), estimatedDelivery: z.unknown().optional() }),
      (cart, a, ctx) => {
        const info = shippingInfoOf(cart, a.shippingKey, ctx);
        setField(info, 'estimatedDelivery', a.estimatedDelivery);
      },
    ),
    'CartEstimatedDeliverySet',
    (_cart: Cart, a) => ({ estimatedDelivery: a.estimatedDelivery, shippingKey: a.shippingKey }),
  ),
};
