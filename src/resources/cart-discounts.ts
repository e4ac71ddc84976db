/**
 * Cart discounts: a value (relative, absolute, fixed, gift line item), a cart predicate, a target
 * (line items, custom line items, shipping, total price, multi-buy, pattern), `sortOrder` unique in
 * the project (higher applies first), stacking mode, `requiresDiscountCode`, validity, stores.
 * How they apply to a cart is src/pricing/cart-discounts.ts; the fields predicates see are listed
 * in src/resources/cart/predicate-scope.ts.
 */
import * as z from 'zod';
import { uuid } from '../util/ids.js';
import { isValidAt } from '../util/validity.js';
import { errors } from '../http/errors.js';
import { compileCartPredicate, compileItemPredicate } from '../pricing/cart-predicate.js';
import { MoneyDraft, typedMoney, type TypedMoney } from '../pricing/money.js';
import type { StoredDocument } from '../storage/backend.js';
import { cartErrors } from './cart/errors.js';
import {
  changer,
  customFieldActions,
  customFields,
  setField,
  setter,
  setValidity,
  type CustomFields,
  uniqueSortOrder,
  emitsField,
  validityActions,
} from '../engine/common-actions.js';
import { action, defineResource, type Reference, type ResourceContext, lifecycleMessages, emits, type SdkTypes } from '../engine/define.js';
import { CustomFieldsDraft, Key, LocalizedString, SortOrder, resourceIdentifier, DateTime } from '../engine/draft-fields.js';
import { stamps } from '../engine/scoped-access.js';
import type { CartDiscount as SdkCartDiscount, CartDiscountDraft as SdkCartDiscountDraft } from '@commercetools/platform-sdk';

const ApplicationMode = z.enum(['ProportionateDistribution', 'EvenDistribution', 'IndividualApplication']);

export const CartDiscountValueDraft = z.discriminatedUnion('type', [
  z.object({ type: z.literal('relative'), permyriad: z.number().int().min(0).max(10000), applicationMode: ApplicationMode.optional() }),
  z.object({ type: z.literal('absolute'), money: z.array(MoneyDraft).min(1), applicationMode: ApplicationMode.optional() }),
  z.object({ type: z.literal('fixed'), money: z.array(MoneyDraft).min(1), applicationMode: ApplicationMode.optional() }),
  z.object({
    type: z.literal('giftLineItem'),
    product: resourceIdentifier('product'),
    variantId: z.number().int().min(1),
    supplyChannel: resourceIdentifier('channel').optional(),
    distributionChannel: resourceIdentifier('channel').optional(),
  }),
]);
export type CartDiscountValueDraft = z.infer<typeof CartDiscountValueDraft>;

const SelectionMode = z.enum(['Cheapest', 'MostExpensive']);
const PatternComponent = z.object({
  type: z.enum(['CountOnLineItemUnits', 'CountOnCustomLineItemUnits']),
  predicate: z.string(),
  minCount: z.number().int().min(0).optional(),
  maxCount: z.number().int().min(1).optional(),
  excludeCount: z.number().int().optional(),
});

export const CartDiscountTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('lineItems'), predicate: z.string() }),
  z.object({ type: z.literal('customLineItems'), predicate: z.string() }),
  z.object({ type: z.literal('shipping') }),
  z.object({ type: z.literal('totalPrice') }),
  z.object({
    type: z.literal('multiBuyLineItems'),
    predicate: z.string(),
    triggerQuantity: z.number().int().min(2),
    discountedQuantity: z.number().int().min(1),
    maxOccurrence: z.number().int().min(1).optional(),
    selectionMode: SelectionMode,
  }),
  z.object({
    type: z.literal('multiBuyCustomLineItems'),
    predicate: z.string(),
    triggerQuantity: z.number().int().min(2),
    discountedQuantity: z.number().int().min(1),
    maxOccurrence: z.number().int().min(1).optional(),
    selectionMode: SelectionMode,
  }),
  z.object({
    type: z.literal('pattern'),
    triggerPattern: z.array(PatternComponent),
    targetPattern: z.array(PatternComponent),
    maxOccurrence: z.number().int().optional(),
    selectionMode: SelectionMode,
  }),
]);
export type CartDiscountTarget = z.infer<typeof CartDiscountTarget>;

export type CartDiscountValue =
  | { type: 'relative'; permyriad: number; applicationMode?: string }
  | { type: 'absolute'; money: TypedMoney[]; applicationMode?: string }
  | { type: 'fixed'; money: TypedMoney[]; applicationMode?: string }
  | { type: 'giftLineItem'; product: Reference; variantId: number; supplyChannel?: Reference; distributionChannel?: Reference };

export interface CartDiscount extends StoredDocument {
  key?: string;
  name: LocalizedString;
  description?: LocalizedString;
  value: CartDiscountValue;
  cartPredicate: string;
  target?: CartDiscountTarget;
  sortOrder: string;
  stores: Array<{ typeId: 'store'; key: string }>;
  isActive: boolean;
  validFrom?: string;
  validUntil?: string;
  requiresDiscountCode: boolean;
  references: Reference[];
  stackingMode: 'Stacking' | 'StopAfterThisDiscount';
  custom?: CustomFields;
  discountGroup?: Reference;
  recurringOrderScope: { type: string; [field: string]: unknown };
}

const StackingMode = z.enum(['Stacking', 'StopAfterThisDiscount']);
const RecurringOrderScope = z.object({ type: z.string() }).loose();

export const CartDiscountDraft = z.object({
  name: LocalizedString,
  key: Key.optional(),
  description: LocalizedString.optional(),
  value: CartDiscountValueDraft,
  cartPredicate: z.string(),
  target: CartDiscountTarget.optional(),
  sortOrder: SortOrder.optional(),
  stores: z.array(resourceIdentifier('store')).max(500).optional(),
  isActive: z.boolean().optional(),
  validFrom: DateTime.optional(),
  validUntil: DateTime.optional(),
  requiresDiscountCode: z.boolean().optional(),
  stackingMode: StackingMode.optional(),
  custom: CustomFieldsDraft.optional(),
  discountGroup: resourceIdentifier('discount-group').optional(),
  recurringOrderScope: RecurringOrderScope.optional(),
});
export type CartDiscountDraft = z.infer<typeof CartDiscountDraft>;

function storedValue(draft: CartDiscountValueDraft, ctx: ResourceContext): CartDiscountValue {
  switch (draft.type) {
    case 'relative':
      return draft.applicationMode !== undefined
        ? { type: 'relative', permyriad: draft.permyriad, applicationMode: draft.applicationMode }
        : { type: 'relative', permyriad: draft.permyriad };
    case 'absolute':
    case 'fixed': {
      const currencies = draft.money.map((m) => m.currencyCode);
      if (new Set(currencies).size !== currencies.length)
        throw errors.invalidOperation(`A ${draft.type} discount has at most one amount per currency.`);
      if (draft.type === 'absolute' && draft.money.some((m) => m.type === 'highPrecision')) {
        throw errors.invalidOperation('An absolute cart discount takes cent precision money only.');
      }
      const value = { type: draft.type, money: draft.money.map((m) => typedMoney(m)) } as CartDiscountValue & { applicationMode?: string };
      if (draft.applicationMode !== undefined) value.applicationMode = draft.applicationMode;
      return value;
    }
    case 'giftLineItem': {
      const product = ctx.reference('product', draft.product);
      const value: CartDiscountValue = { type: 'giftLineItem', product, variantId: draft.variantId };
      if (draft.supplyChannel) value.supplyChannel = ctx.reference('channel', draft.supplyChannel);
      if (draft.distributionChannel) value.distributionChannel = ctx.reference('channel', draft.distributionChannel);
      return value;
    }
  }
}

function assertCartPredicate(source: string, field = 'cartPredicate'): void {
  try {
    compileCartPredicate(source);
  } catch (error) {
    throw cartErrors.syntaxError(field, error instanceof Error ? error.message : String(error));
  }
}

function assertItemPredicate(source: string, field: string): void {
  try {
    compileItemPredicate(source);
  } catch (error) {
    throw cartErrors.syntaxError(field, error instanceof Error ? error.message : String(error));
  }
}

function assertTarget(target: CartDiscountTarget | undefined): void {
  if (!target) return;
  if ('predicate' in target) assertItemPredicate(target.predicate, 'target.predicate');
  if (target.type === 'pattern') {
    for (const component of [...target.triggerPattern, ...target.targetPattern])
      assertItemPredicate(component.predicate, 'target.pattern.predicate');
  }
}

/** The platform's combination rules for value and target. */
function assertCombination(discount: { value: CartDiscountValue; target?: CartDiscountTarget }): void {
  const { value, target } = discount;
  if (value.type === 'giftLineItem') {
    if (target) throw errors.invalidOperation('A cart discount with a giftLineItem value has no target.');
    return;
  }
  if (!target) throw fieldRequired('target');
  if (value.type === 'absolute' && (target.type === 'multiBuyLineItems' || target.type === 'multiBuyCustomLineItems')) {
    throw errors.invalidOperation(`An absolute discount value is not allowed for the target '${target.type}'.`);
  }
  if (value.type === 'fixed' && target.type === 'totalPrice')
    throw errors.invalidOperation("A fixed discount value is not allowed for the target 'totalPrice'.");
}

const fieldRequired = (field: string) => errors.invalidOperation(`A value is required for field ${field}.`);

const REFERENCE_FIELDS: Record<string, string> = {
  'product.id': 'product',
  productId: 'product',
  'productType.id': 'product-type',
  'categories.id': 'category',
  'categoriesWithAncestors.id': 'category',
  'customerGroup.id': 'customer-group',
  'customer.customerGroup.id': 'customer-group',
  'customer.id': 'customer',
  customerId: 'customer',
  'supplyChannel.id': 'channel',
  'distributionChannel.id': 'channel',
  'taxCategory.id': 'tax-category',
  'shippingInfo.shippingMethod.id': 'shipping-method',
};

/** The resources predicates name by id (`categories.id = "..."`), as the platform lists them in `references`. */
export function referencesIn(...predicates: Array<string | undefined>): Reference[] {
  const found: Reference[] = [];
  const pattern = /([A-Za-z][A-Za-z.]*)\s*(?:=|!=|<>|\bnot\s+in\b|\bin\b|\bcontains(?:\s+any|\s+all)?)\s*\(?((?:\s*"[^"]*"\s*,?)+)\)?/g;
  for (const predicate of predicates) {
    if (predicate === undefined) continue;
    for (const match of predicate.matchAll(pattern)) {
      const typeId = REFERENCE_FIELDS[match[1]!];
      if (!typeId) continue;
      for (const value of match[2]!.matchAll(/"([^"]*)"/g)) {
        if (!found.some((r) => r.typeId === typeId && r.id === value[1])) found.push({ typeId, id: value[1]! });
      }
    }
  }
  return found;
}

function refreshReferences(discount: CartDiscount): void {
  const target = discount.target;
  const targetPredicates = !target
    ? []
    : 'predicate' in target
      ? [target.predicate]
      : target.type === 'pattern'
        ? [...target.triggerPattern, ...target.targetPattern].map((c) => c.predicate)
        : [];
  discount.references = referencesIn(discount.cartPredicate, ...targetPredicates);
}

/** A sortOrder no cart discount uses yet (the draft may leave it out). */
function freeSortOrder(ctx: ResourceContext): string {
  for (;;) {
    const candidate = `0.${uuid()
      .replace(/[^0-9]/g, '')
      .slice(0, 12)
      .replace(/0+$/, '')}1`;
    if (!ctx.findUnique('cart-discount', 'sortOrder', candidate)) return candidate;
  }
}

export const cartDiscounts = defineResource<CartDiscountDraft, CartDiscount, SdkTypes<SdkCartDiscountDraft, SdkCartDiscount>>({
  typeId: 'cart-discount',
  messages: lifecycleMessages('CartDiscount', 'cartDiscount'),
  path: 'cart-discounts',
  draft: CartDiscountDraft,
  // In a store: the cart discounts whose `stores` include it; one created there gets that store.
  scope: {
    mounts: { store: {} },
    inStore: (discount, storeKey) => discount.stores.some((store) => store.key === storeKey),
    stamp: (draft, scope) => {
      if (scope.store !== undefined) draft.stores = [stamps.storeKeyReference(scope.store)];
    },
  },
  create(draft, ctx) {
    assertCartPredicate(draft.cartPredicate);
    assertTarget(draft.target);
    const discount = {} as CartDiscount;
    if (draft.key !== undefined) discount.key = draft.key;
    discount.name = draft.name;
    if (draft.description !== undefined) discount.description = draft.description;
    discount.value = storedValue(draft.value, ctx);
    discount.cartPredicate = draft.cartPredicate;
    if (draft.target) discount.target = draft.target;
    assertCombination(discount);
    discount.sortOrder = draft.sortOrder ?? freeSortOrder(ctx);
    discount.stores = (draft.stores ?? []).map((store) => ctx.keyReference('store', store) as { typeId: 'store'; key: string });
    discount.isActive = draft.isActive ?? true;
    setValidity(discount, draft);
    discount.requiresDiscountCode = draft.requiresDiscountCode ?? false;
    refreshReferences(discount);
    discount.stackingMode = draft.stackingMode ?? 'Stacking';
    const custom = customFields(draft.custom, ctx);
    if (custom) discount.custom = custom;
    if (draft.discountGroup) discount.discountGroup = ctx.reference('discount-group', draft.discountGroup);
    discount.recurringOrderScope = draft.recurringOrderScope ?? { type: 'NonRecurringOrdersOnly' };
    return discount;
  },
  unique: { sortOrder: uniqueSortOrder },
  actions: {
    setKey: setter('key', Key),
    changeName: changer('name', LocalizedString),
    setDescription: setter('description', LocalizedString),
    changeValue: action(
      () => z.object({ value: CartDiscountValueDraft }),
      (discount: CartDiscount, a, ctx) => {
        discount.value = storedValue(a.value, ctx);
        assertCombination(discount);
      },
    ),
    changeCartPredicate: action(
      () => z.object({ cartPredicate: z.string() }),
      (discount: CartDiscount, a) => {
        assertCartPredicate(a.cartPredicate);
        discount.cartPredicate = a.cartPredicate;
        refreshReferences(discount);
      },
    ),
    changeTarget: action(
      () => z.object({ target: CartDiscountTarget }),
      (discount: CartDiscount, a) => {
        assertTarget(a.target);
        discount.target = a.target;
        assertCombination(discount);
        refreshReferences(discount);
      },
    ),
    changeSortOrder: changer('sortOrder', SortOrder),
    changeIsActive: changer('isActive', z.boolean()),
    changeRequiresDiscountCode: changer('requiresDiscountCode', z.boolean()),
    changeStackingMode: changer('stackingMode', StackingMode),
    ...validityActions<CartDiscount>(setValidity),
    addStore: emits(
      action(
        () => z.object({ store: resourceIdentifier('store') }),
        (discount: CartDiscount, a, ctx) => {
          const store = ctx.keyReference('store', a.store) as { typeId: 'store'; key: string };
          if (!discount.stores.some((s) => s.key === store.key)) discount.stores.push(store);
        },
      ),
      'CartDiscountStoreAdded',
      (_discount: CartDiscount, a, _old, ctx) => ({ store: ctx.keyReference('store', a.store) }),
    ),
    removeStore: emits(
      action(
        () => z.object({ store: resourceIdentifier('store') }),
        (discount: CartDiscount, a, ctx) => {
          const key = a.store.key ?? (a.store.id !== undefined ? ctx.get('store', a.store.id)?.key : undefined);
          discount.stores = discount.stores.filter((s) => s.key !== key);
        },
      ),
      'CartDiscountStoreRemoved',
      (_discount: CartDiscount, a, old: CartDiscount['stores']) => ({
        store: old.find((store) => store.key === a.store.key) ?? { typeId: 'store', key: a.store.key },
      }),
      (discount: CartDiscount) => discount.stores,
    ),
    setStores: emitsField(
      action(
        () => z.object({ stores: z.array(resourceIdentifier('store')).max(500).optional() }),
        (discount: CartDiscount, a, ctx) => {
          discount.stores = (a.stores ?? []).map((store) => ctx.keyReference('store', store) as { typeId: 'store'; key: string });
        },
      ),
      'CartDiscountStoresSet',
      'stores',
    ),
    setDiscountGroup: action(
      () => z.object({ discountGroup: resourceIdentifier('discount-group').optional().nullable(), sortOrder: SortOrder.optional() }),
      (discount: CartDiscount, a, ctx) => {
        setField(discount, 'discountGroup', a.discountGroup ? ctx.reference('discount-group', a.discountGroup) : undefined);
        if (a.sortOrder !== undefined) discount.sortOrder = a.sortOrder;
      },
    ),
    setRecurringOrderScope: changer('recurringOrderScope', RecurringOrderScope),
    ...customFieldActions,
  },
});

/** Whether a discount is active and valid at `now` (ms). */
export function isCartDiscountEffective(discount: Pick<CartDiscount, 'isActive' | 'validFrom' | 'validUntil'>, now: number): boolean {
  return discount.isActive && isValidAt(discount, now);
}

declare module '../http/context.js' {
  interface StoredTypes {
    'cart-discount': CartDiscount;
  }
}
