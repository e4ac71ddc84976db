import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, customFieldsDraft, draftOf } from './support.js';

type CartDiscountDraft = DraftOf<'cart-discount'>;
export type CartDiscountValueDraft = CartDiscountDraft['value'];
export type CartDiscountTargetDraft = NonNullable<CartDiscountDraft['target']>;

/** Amounts per currency, in the currency's minor unit (`{ EUR: 500, USD: 600 }`), or as Money (`[{ currencyCode: 'EUR', centAmount: 500 }]`). */
export type MoneyAmounts = Record<string, number> | ReadonlyArray<{ currencyCode: string; centAmount: number }>;

export interface CartDiscountTransient {
  /** Replaces the value wholesale (params would merge a new value into the old one). */
  value: CartDiscountValueDraft;
  /** Replaces the target wholesale. */
  target: CartDiscountTargetDraft;
}

/** Cent-precision money drafts, one per currency. */
export function moneyList(amounts: MoneyAmounts) {
  const entries = Array.isArray(amounts)
    ? amounts.map((money) => [money.currencyCode, money.centAmount] as const)
    : Object.entries(amounts);
  return entries.map(([currencyCode, centAmount]) => ({ type: 'centPrecision' as const, currencyCode, centAmount }));
}

export class CartDiscountFactory extends Factory<TaggedDraft<'cart-discount'>, CartDiscountTransient> {
  /** A relative discount of this many permyriad (1000 = 10 %, 10000 = 100 %). */
  relative(permyriad: number): this {
    return this.transient({ value: { type: 'relative', permyriad } });
  }

  /** An absolute discount: an amount (minor unit) per currency, e.g. `absolute({ EUR: 500, USD: 600 })`. */
  absolute(money: MoneyAmounts): this {
    return this.transient({ value: { type: 'absolute', money: moneyList(money) } });
  }

  /** A fixed price: the target costs this (minor unit) per currency; not for `onTotal()`. */
  fixed(money: MoneyAmounts): this {
    return this.transient({ value: { type: 'fixed', money: moneyList(money) } });
  }

  /** On the cart's total price (the default target). */
  onTotal(): this {
    return this.transient({ target: { type: 'totalPrice' } });
  }

  /** On the line items this line item predicate matches (default `1 = 1`, every line item), e.g. `'sku = "SKU-1-1"'`. */
  onLineItems(predicate = '1 = 1'): this {
    return this.transient({ target: { type: 'lineItems', predicate } });
  }

  /** On the shipping costs. */
  onShipping(): this {
    return this.transient({ target: { type: 'shipping' } });
  }

  /** Only for carts this cart predicate matches (default `1 = 1`, every cart), e.g. `'totalPrice.centAmount > 5000'`. */
  where(cartPredicate: string): this {
    return this.params({ cartPredicate });
  }

  /** Applies only through a discount code (`requiresDiscountCode: true`): `discountCodeFactory.forCartDiscounts(key)`. */
  requiringCode(): this {
    return this.params({ requiresDiscountCode: true });
  }

  /** No discount with a lower sort order applies after it (`stackingMode: 'StopAfterThisDiscount'`). */
  stopping(): this {
    return this.params({ stackingMode: 'StopAfterThisDiscount' });
  }

  /** Only for carts of the stores with these keys. */
  inStores(...storeKeys: string[]): this {
    return this.params({ stores: storeKeys.map((key) => byKey('store', key)) });
  }

  /** `isActive: false`. */
  inactive(): this {
    return this.params({ isActive: false });
  }

  /** Valid from `validFrom` until `validUntil` (ISO 8601). */
  validBetween(validFrom: string, validUntil: string): this {
    return this.params({ validFrom, validUntil });
  }

  /** Custom fields of the Type with this key (a Type for `cart-discount`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/**
 * Active cart discounts of 10 % (`permyriad: 1000`) on the total price of every cart (`1 = 1`) that
 * apply without a code, with a unique key (`cart-discount-<n>`) and a unique `sortOrder` that grows
 * with the build order (a later discount applies first).
 */
export const cartDiscountFactory = CartDiscountFactory.define(({ sequence, transientParams, afterBuild }) => {
  const draft: CartDiscountDraft = {
    key: `cart-discount-${sequence}`,
    name: { en: `${faker.commerce.productAdjective()} deal ${sequence}` },
    description: { en: faker.lorem.sentence() },
    value: structuredClone(transientParams.value ?? { type: 'relative', permyriad: 1000 }),
    cartPredicate: '1 = 1',
    target: structuredClone(transientParams.target ?? { type: 'totalPrice' }),
    sortOrder: `0.${String(sequence).padStart(8, '0')}1`,
    isActive: true,
    requiresDiscountCode: false,
  };
  return draftOf('cart-discount', afterBuild, draft);
});
