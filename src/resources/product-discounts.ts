/**
 * Product discounts: relative, absolute and external values; a predicate in the product discount
 * predicate language (see src/pricing/product-discounts.ts for the fields covered); `sortOrder`
 * unique in the project (highest wins). Prices show the discount when they are read.
 * `POST /product-discounts/matching` answers which discount applies to a variant's price.
 */
import * as z from 'zod';
import { errors, fieldErrors } from '../http/errors.js';
import { ok } from '../http/context.js';
import { DiscountPredicateError, parseDiscountPredicate, type DiscountPredicateNode, type Operand } from '../pricing/discount-predicate.js';
import { MoneyDraft, typedMoney, type TypedMoney } from '../pricing/money.js';
import { ProductDiscountSet, type ProductDiscountValue } from '../pricing/product-discounts.js';
import type { StoredDocument } from '../storage/backend.js';
import { action, defineResource, type BaseFields, type Reference, type SdkTypes } from '../engine/define.js';
import { changer, setter, setValidity, uniqueSortOrder, validityActions } from '../engine/common-actions.js';
import { catalogErrors } from './product/errors.js';
import { allVariants } from './product/model.js';
import { validate } from '../engine/validation.js';
import { Key, LocalizedString, SortOrder, DateTime } from '../engine/draft-fields.js';
import type { ProductDiscount as SdkProductDiscount, ProductDiscountDraft as SdkProductDiscountDraft } from '@commercetools/platform-sdk';

export interface ProductDiscount extends StoredDocument {
  key?: string;
  name: LocalizedString;
  description?: LocalizedString;
  value: { type: 'relative'; permyriad: number } | { type: 'absolute'; money: TypedMoney[] } | { type: 'external' };
  predicate: string;
  sortOrder: string;
  isActive: boolean;
  references: Reference[];
  validFrom?: string;
  validUntil?: string;
}

export const ProductDiscountValueDraft = z.discriminatedUnion('type', [
  z.object({ type: z.literal('relative'), permyriad: z.number().int().min(0).max(10000) }),
  z.object({ type: z.literal('absolute'), money: z.array(MoneyDraft).min(1) }),
  z.object({ type: z.literal('external') }),
]);

export const ProductDiscountDraft = z.object({
  name: LocalizedString,
  key: Key.optional(),
  description: LocalizedString.optional(),
  value: ProductDiscountValueDraft,
  predicate: z.string(),
  sortOrder: SortOrder,
  isActive: z.boolean(),
  validFrom: DateTime.optional(),
  validUntil: DateTime.optional(),
});
export type ProductDiscountDraft = z.infer<typeof ProductDiscountDraft>;

function storedValue(draft: z.infer<typeof ProductDiscountValueDraft>): ProductDiscount['value'] {
  if (draft.type === 'absolute') {
    const currencies = draft.money.map((m) => m.currencyCode);
    if (new Set(currencies).size !== currencies.length)
      throw errors.invalidOperation('An absolute discount has at most one amount per currency.');
    return { type: 'absolute', money: draft.money.map((m) => typedMoney(m)) };
  }
  return draft;
}

const REFERENCE_FIELDS: Record<string, string> = {
  'product.id': 'product',
  'productType.id': 'product-type',
  'categories.id': 'category',
  'categoriesWithAncestors.id': 'category',
};

/** The resources a predicate names by id (`product.id = "..."`, `categories.id contains "..."`). */
function referencesIn(tree: DiscountPredicateNode): Reference[] {
  const found: Reference[] = [];
  const add = (operand: Operand, values: unknown[]) => {
    if (operand.kind !== 'path') return;
    const typeId = REFERENCE_FIELDS[operand.path.join('.')];
    if (!typeId) return;
    for (const value of values) {
      if (typeof value === 'string' && !found.some((r) => r.typeId === typeId && r.id === value)) found.push({ typeId, id: value });
    }
  };
  const walk = (node: DiscountPredicateNode): void => {
    switch (node.kind) {
      case 'and':
      case 'or':
        node.operands.forEach(walk);
        return;
      case 'not':
        walk(node.operand);
        return;
      case 'compare':
        if (node.right.kind === 'literal') add(node.left, [node.right.value]);
        if (node.left.kind === 'literal') add(node.right, [node.left.value]);
        return;
      case 'in':
      case 'contains':
        add(node.operand, node.values);
        return;
      default:
        return;
    }
  };
  walk(tree);
  return found;
}

function parsedPredicate(predicate: string): DiscountPredicateNode {
  try {
    return parseDiscountPredicate(predicate);
  } catch (error) {
    if (error instanceof DiscountPredicateError) throw fieldErrors([errors.invalidField('predicate', predicate, error.message)]);
    throw error;
  }
}

const MatchQuery = z.object({
  productId: z.string(),
  variantId: z.number().int(),
  staged: z.boolean(),
  price: z.object({
    id: z.string().optional(),
    value: MoneyDraft,
    country: z.string().optional(),
    customerGroup: z.object({ typeId: z.literal('customer-group'), id: z.string() }).optional(),
    channel: z.object({ typeId: z.literal('channel'), id: z.string() }).optional(),
    validFrom: DateTime.optional(),
    validUntil: DateTime.optional(),
    tiers: z.array(z.unknown()).optional(),
    discounted: z.unknown().optional(),
    custom: z.unknown().optional(),
  }),
});

export const productDiscounts = defineResource<
  ProductDiscountDraft,
  ProductDiscount,
  SdkTypes<SdkProductDiscountDraft, SdkProductDiscount>
>({
  typeId: 'product-discount',
  path: 'product-discounts',
  draft: ProductDiscountDraft,
  create(draft) {
    const tree = parsedPredicate(draft.predicate);
    const discount = {} as Omit<ProductDiscount, BaseFields>;
    if (draft.key !== undefined) discount.key = draft.key;
    discount.name = draft.name;
    if (draft.description !== undefined) discount.description = draft.description;
    discount.value = storedValue(draft.value);
    discount.predicate = draft.predicate;
    discount.sortOrder = draft.sortOrder;
    discount.isActive = draft.isActive;
    discount.references = referencesIn(tree);
    setValidity(discount, draft);
    return discount;
  },
  unique: { sortOrder: uniqueSortOrder },
  actions: {
    setKey: setter('key', Key),
    changeName: changer('name', LocalizedString),
    setDescription: setter('description', LocalizedString),
    changeValue: action(
      () => z.object({ value: ProductDiscountValueDraft }),
      (discount: ProductDiscount, a) => {
        discount.value = storedValue(a.value);
      },
    ),
    changePredicate: action(
      () => z.object({ predicate: z.string() }),
      (discount: ProductDiscount, a) => {
        discount.references = referencesIn(parsedPredicate(a.predicate));
        discount.predicate = a.predicate;
      },
    ),
    changeSortOrder: changer('sortOrder', SortOrder),
    changeIsActive: changer('isActive', z.boolean()),
    ...validityActions<ProductDiscount>(setValidity),
  },
  routes: [
    {
      method: 'POST',
      path: 'matching',
      handle: (call) => {
        const query = validate(MatchQuery, call.json());
        const product = call.ctx.get('product', query.productId);
        if (!product) throw errors.resourceNotFound({ id: query.productId });
        const data = query.staged ? product.masterData.staged : product.masterData.current;
        const variant = allVariants(data).find((v) => v.id === query.variantId);
        const value = typedMoney(query.price.value);
        const price = { ...query.price, value } as Parameters<ProductDiscountSet['bestFor']>[0]['price'];
        const best =
          variant &&
          new ProductDiscountSet(call.ctx.scan('product-discount'), Date.parse(call.ctx.now), (t, id) => call.ctx.get(t, id)).bestFor({
            product: { id: product.id, key: product.key, productType: product.productType },
            categories: data.categories,
            productAttributes: data.attributes,
            variant,
            price,
          });
        if (!best)
          throw catalogErrors.noMatchingProductDiscountFound(product.id, query.variantId, { value, tiers: query.price.tiers ?? [] });
        return ok(best);
      },
    },
  ],
});

export type { ProductDiscountValue };

declare module '../http/context.js' {
  interface StoredTypes {
    'product-discount': ProductDiscount;
  }
}
