/**
 * Discount codes: a `code` unique in the project that brings cart discounts (1 to 10) into carts
 * that add it; an optional cart predicate, validity, `maxApplications`, groups. What a code does in
 * a cart (its `DiscountCodeState`) is decided by the cart's recalculation (./cart/recalculate.ts).
 */
import * as z from 'zod';
import { errors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { assertCartPredicate } from './cart/errors.js';
import { referencesIn } from './cart-discounts.js';
import {
  changer,
  customFieldActions,
  customFields,
  setField,
  setter,
  setValidity,
  type CustomFields,
  emitsField,
  validityActions,
} from '../engine/common-actions.js';
import { action, defineResource, type Reference, type ResourceContext, lifecycleMessages, type SdkTypes } from '../engine/define.js';
import { CustomFieldsDraft, Key, LocalizedString, resourceIdentifier, DateTime } from '../engine/draft-fields.js';
import type { DiscountCode as SdkDiscountCode, DiscountCodeDraft as SdkDiscountCodeDraft } from '@commercetools/platform-sdk';

export interface DiscountCode extends StoredDocument {
  key?: string;
  name?: LocalizedString;
  description?: LocalizedString;
  code: string;
  cartDiscounts: Reference[];
  stores: Array<{ typeId: 'store'; key: string }>;
  cartPredicate?: string;
  isActive: boolean;
  references: Reference[];
  maxApplications?: number;
  maxApplicationsPerCustomer?: number;
  custom?: CustomFields;
  groups: string[];
  validFrom?: string;
  validUntil?: string;
  applicationVersion?: number;
}

const CartDiscountList = z.array(resourceIdentifier('cart-discount')).min(1).max(10);

export const DiscountCodeDraft = z.object({
  key: Key.optional(),
  name: LocalizedString.optional(),
  description: LocalizedString.optional(),
  code: z.string().min(1),
  cartDiscounts: CartDiscountList,
  cartPredicate: z.string().optional(),
  isActive: z.boolean().optional(),
  maxApplications: z.number().int().min(0).optional(),
  maxApplicationsPerCustomer: z.number().int().min(0).optional(),
  custom: CustomFieldsDraft.optional(),
  groups: z.array(z.string()).optional(),
  validFrom: DateTime.optional(),
  validUntil: DateTime.optional(),
});
export type DiscountCodeDraft = z.infer<typeof DiscountCodeDraft>;

function discountReferences(identifiers: z.infer<typeof CartDiscountList>, ctx: ResourceContext): Reference[] {
  const references: Reference[] = [];
  for (const identifier of identifiers) {
    const reference = ctx.reference('cart-discount', identifier);
    if (!references.some((r) => r.id === reference.id)) references.push(reference);
  }
  return references;
}

export const discountCodes = defineResource<DiscountCodeDraft, DiscountCode, SdkTypes<SdkDiscountCodeDraft, SdkDiscountCode>>({
  typeId: 'discount-code',
  messages: lifecycleMessages('DiscountCode', 'discountCode'),
  path: 'discount-codes',
  draft: DiscountCodeDraft,
  // In a store (read only): the codes whose every cart discount is one of the store's.
  scope: {
    mounts: { store: { without: ['create', 'update', 'delete'] } },
    inStore: (code, storeKey, ctx) =>
      code.cartDiscounts.every(
        (discount) => ctx.get('cart-discount', discount.id)?.stores.some((store) => store.key === storeKey) ?? false,
      ),
  },
  create(draft, ctx) {
    assertCartPredicate(draft.cartPredicate, 'cartPredicate');
    const code = {} as DiscountCode;
    if (draft.key !== undefined) code.key = draft.key;
    if (draft.name !== undefined) code.name = draft.name;
    if (draft.description !== undefined) code.description = draft.description;
    code.code = draft.code;
    code.cartDiscounts = discountReferences(draft.cartDiscounts, ctx);
    code.stores = [];
    if (draft.cartPredicate !== undefined) code.cartPredicate = draft.cartPredicate;
    code.isActive = draft.isActive ?? true;
    code.references = referencesIn(draft.cartPredicate);
    if (draft.maxApplications !== undefined) code.maxApplications = draft.maxApplications;
    if (draft.maxApplicationsPerCustomer !== undefined) code.maxApplicationsPerCustomer = draft.maxApplicationsPerCustomer;
    const custom = customFields(draft.custom, ctx);
    if (custom) code.custom = custom;
    code.groups = draft.groups ?? [];
    setValidity(code, draft);
    return code;
  },
  unique: {
    code: {
      values: (code) => [code.code],
      duplicate: (value) => errors.duplicateField('code', value, `A discount code with code '${value}' already exists.`),
    },
  },
  actions: {
    setKey: emitsField(setter('key', Key), 'DiscountCodeKeySet', 'key', 'oldKey'),
    setName: setter('name', LocalizedString),
    setDescription: setter('description', LocalizedString),
    setCartPredicate: action(
      () => z.object({ cartPredicate: z.string().optional().nullable() }),
      (code: DiscountCode, a) => {
        assertCartPredicate(a.cartPredicate, 'cartPredicate');
        setField(code, 'cartPredicate', a.cartPredicate);
        code.references = referencesIn(a.cartPredicate ?? undefined);
      },
    ),
    setMaxApplications: setter('maxApplications', z.number().int().min(0)),
    setMaxApplicationsPerCustomer: setter('maxApplicationsPerCustomer', z.number().int().min(0)),
    changeCartDiscounts: action(
      () => z.object({ cartDiscounts: CartDiscountList }),
      (code: DiscountCode, a, ctx) => {
        code.cartDiscounts = discountReferences(a.cartDiscounts, ctx);
      },
    ),
    changeIsActive: changer('isActive', z.boolean()),
    changeGroups: changer('groups', z.array(z.string())),
    ...validityActions<DiscountCode>(setValidity),
    ...customFieldActions,
  },
});

/** The discount code with this code, if any. */
export function discountCodeByCode(ctx: ResourceContext, code: string): DiscountCode | undefined {
  return ctx.findUnique('discount-code', 'code', code);
}

declare module '../http/context.js' {
  interface StoredTypes {
    'discount-code': DiscountCode;
  }
}
