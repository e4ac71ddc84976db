/**
 * Applying product discounts to prices. Pure: the caller supplies the active discounts and a way
 * to look up categories and product types (for `productType.key`, `categories.key` and
 * `categoriesWithAncestors.*`).
 *
 * A price gets the discount with the highest `sortOrder` among the active, currently valid
 * discounts whose predicate matches the product, variant and price and whose value applies to
 * the price's currency (an absolute discount without money in that currency does not apply).
 * Relative: `centAmount - round(centAmount * permyriad / 10000)`. Absolute: `max(0, centAmount - money)`.
 * External: the value the client set with `setDiscountedPrice`, kept only while that discount is the
 * best match.
 *
 * Predicate fields (the product discount predicate language):
 * - product: `product.id`, `product.key`, `productType.id`, `productType.key`, `categories.id`,
 *   `categories.key`, `categoriesWithAncestors.id`, `categoriesWithAncestors.key`
 * - variant: `variant.id`, `variant.key`, `sku` (also `variant.sku`), `attributes.<name>` (variant
 *   and product-level attributes; `.key`, `.label`, `.<locale>`, `.centAmount`, `.currencyCode`,
 *   `.id` navigate into the value)
 * - price: `centAmount`, `currencyCode`, `country`, `customerGroup.id`, `customerGroup.key`,
 *   `channel.id`, `channel.key`, `validFrom`, `validUntil`, `key` (each also under `price.`)
 */
import { compileDiscountPredicate, type CompiledDiscountPredicate, type FieldResolver } from './discount-predicate.js';
import { type Money, withCentAmount, type TypedMoney } from './money.js';
import { isValidAt } from '../util/validity.js';

export type ProductDiscountValue = { type: 'relative'; permyriad: number } | { type: 'absolute'; money: Money[] } | { type: 'external' };

export interface ProductDiscountLike {
  id: string;
  predicate: string;
  sortOrder: string;
  isActive: boolean;
  value: ProductDiscountValue;
  validFrom?: string;
  validUntil?: string;
}

export interface DiscountedPrice {
  value: TypedMoney;
  discount: { typeId: 'product-discount'; id: string };
}

interface AttributeLike {
  name: string;
  value: unknown;
}

export interface DiscountablePrice {
  value: Money;
  key?: string;
  country?: string;
  customerGroup?: { id: string };
  channel?: { id: string };
  validFrom?: string;
  validUntil?: string;
  discounted?: DiscountedPrice;
}

/** What a predicate sees: the product (with the projected data the price belongs to), the variant, the price. */
export interface DiscountTarget {
  product: { id: string; key?: string; productType: { id: string } };
  categories: ReadonlyArray<{ id: string }>;
  productAttributes?: readonly AttributeLike[];
  variant: { id: number; key?: string; sku?: string; attributes?: readonly AttributeLike[] };
  price: DiscountablePrice;
}

/** Looks up a stored resource (category, product type, customer group, channel) for key and ancestor fields. */
export type Lookup = (typeId: string, id: string) => Record<string, unknown> | undefined;

const compiled = new Map<string, CompiledDiscountPredicate | null>();

/** Compiles (and caches) a predicate; `null` for one that does not parse (it then matches nothing). */
export function compiledPredicate(source: string): CompiledDiscountPredicate | null {
  let entry = compiled.get(source);
  if (entry === undefined) {
    try {
      entry = compileDiscountPredicate(source);
    } catch {
      entry = null;
    }
    if (compiled.size > 5000) compiled.clear();
    compiled.set(source, entry);
  }
  return entry;
}

export function isDiscountValidAt(discount: ProductDiscountLike, now: number): boolean {
  return discount.isActive && isValidAt(discount, now);
}

/** The discounted value of `value` under a relative or absolute discount; undefined when it does not apply. */
export function discountedValue(value: Money, discount: ProductDiscountValue): TypedMoney | undefined {
  if (discount.type === 'relative') {
    const off = Math.round((value.centAmount * discount.permyriad) / 10000);
    return withCentAmount(value, Math.max(0, value.centAmount - off));
  }
  if (discount.type === 'absolute') {
    const money = discount.money.find((m) => m.currencyCode === value.currencyCode);
    if (!money) return undefined;
    return withCentAmount(value, Math.max(0, value.centAmount - money.centAmount));
  }
  return undefined;
}

function navigate(value: unknown, rest: readonly string[]): unknown {
  let current = value;
  for (const part of rest) {
    if (Array.isArray(current)) {
      current = current.map((element) => navigate(element, [part])).filter((v) => v !== undefined);
      continue;
    }
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function attributeValue(target: DiscountTarget, name: string): unknown {
  const found = target.variant.attributes?.find((a) => a.name === name) ?? target.productAttributes?.find((a) => a.name === name);
  return found?.value;
}

/** The field resolver of the product discount predicate language for one price. */
export function productDiscountFields(target: DiscountTarget, lookup: Lookup): FieldResolver {
  const keyOf = (typeId: string, id: string | undefined) =>
    id === undefined ? undefined : (lookup(typeId, id)?.key as string | undefined);
  const withAncestors = () => {
    const ids = new Set<string>();
    for (const category of target.categories) {
      ids.add(category.id);
      const stored = lookup('category', category.id);
      for (const ancestor of (stored?.ancestors as Array<{ id: string }> | undefined) ?? []) ids.add(ancestor.id);
    }
    return [...ids];
  };
  const priceField = (path: readonly string[]): unknown => {
    const { price } = target;
    const [head, ...rest] = path;
    switch (head) {
      case 'centAmount':
        return price.value.centAmount;
      case 'currencyCode':
        return price.value.currencyCode;
      case 'value':
        return navigate(price.value, rest);
      case 'country':
        return price.country;
      case 'key':
        return price.key;
      case 'validFrom':
        return price.validFrom;
      case 'validUntil':
        return price.validUntil;
      case 'customerGroup':
        return rest[0] === 'key' ? keyOf('customer-group', price.customerGroup?.id) : price.customerGroup?.id;
      case 'channel':
        return rest[0] === 'key' ? keyOf('channel', price.channel?.id) : price.channel?.id;
      default:
        return undefined;
    }
  };
  return (path) => {
    const [head, second, ...rest] = path;
    switch (head) {
      case 'product':
        if (second === 'id') return target.product.id;
        if (second === 'key') return target.product.key;
        return undefined;
      case 'productKey':
        return target.product.key;
      case 'productType':
        if (second === 'id') return target.product.productType.id;
        if (second === 'key') return keyOf('product-type', target.product.productType.id);
        return undefined;
      case 'variant':
        if (second === 'id') return target.variant.id;
        if (second === 'key') return target.variant.key;
        if (second === 'sku') return target.variant.sku;
        return undefined;
      case 'variantId':
        return target.variant.id;
      case 'variantKey':
        return target.variant.key;
      case 'sku':
        return target.variant.sku;
      case 'categories':
        if (second === 'key') return target.categories.map((c) => keyOf('category', c.id)).filter((k) => k !== undefined);
        return target.categories.map((c) => c.id);
      case 'categoriesWithAncestors': {
        const ids = withAncestors();
        return second === 'key' ? ids.map((id) => keyOf('category', id)).filter((k) => k !== undefined) : ids;
      }
      case 'attributes':
        if (second === undefined) return undefined;
        return navigate(attributeValue(target, second), rest);
      case 'price':
        return second === undefined ? undefined : priceField([second, ...rest]);
      default:
        return priceField(path);
    }
  };
}

/**
 * The active discounts of a project at one moment, sorted by `sortOrder` (highest first) with their
 * predicates compiled: build once per request, then ask it for each price.
 */
export class ProductDiscountSet {
  private readonly entries: Array<{ discount: ProductDiscountLike; matches: CompiledDiscountPredicate }>;

  constructor(
    discounts: Iterable<ProductDiscountLike>,
    now: number,
    private readonly lookup: Lookup,
  ) {
    this.entries = [];
    for (const discount of discounts) {
      if (!isDiscountValidAt(discount, now)) continue;
      const matches = compiledPredicate(discount.predicate);
      if (matches) this.entries.push({ discount, matches });
    }
    this.entries.sort((a, b) => Number(b.discount.sortOrder) - Number(a.discount.sortOrder));
  }

  get size(): number {
    return this.entries.length;
  }

  /** The best matching discount for the price (relative and absolute ones only if they apply to its currency). */
  bestFor(target: DiscountTarget): ProductDiscountLike | undefined {
    if (this.entries.length === 0) return undefined;
    const fields = productDiscountFields(target, this.lookup);
    for (const { discount, matches } of this.entries) {
      if (discount.value.type === 'absolute' && !discount.value.money.some((m) => m.currencyCode === target.price.value.currencyCode))
        continue;
      if (matches(fields)) return discount;
    }
    return undefined;
  }

  /** The `discounted` field the price carries: computed for relative/absolute, kept for a matching external one. */
  discountedFor(target: DiscountTarget): DiscountedPrice | undefined {
    const best = this.bestFor(target);
    if (!best) return undefined;
    if (best.value.type === 'external') {
      const stored = target.price.discounted;
      return stored && stored.discount.id === best.id ? stored : undefined;
    }
    const value = discountedValue(target.price.value, best.value);
    return value ? { value, discount: { typeId: 'product-discount', id: best.id } } : undefined;
  }
}
