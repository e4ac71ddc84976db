import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, customFieldsDraft, draftOf } from './support.js';

/**
 * The key of the cart discount codes from the factory bring unless `forCartDiscounts(...)`: seed one with
 * it, e.g. `cartDiscountFactory.requiringCode().build({ key: DEFAULT_CART_DISCOUNT_KEY })`.
 */
export const DEFAULT_CART_DISCOUNT_KEY = 'code-discount';

export class DiscountCodeFactory extends Factory<TaggedDraft<'discount-code'>> {
  /** Codes that bring the cart discounts with these keys (1 to 10) instead of `DEFAULT_CART_DISCOUNT_KEY`. */
  forCartDiscounts(...cartDiscountKeys: string[]): this {
    return this.params({ cartDiscounts: cartDiscountKeys.map((key) => byKey('cart-discount', key)) });
  }

  /** `isActive: false` (a cart refuses it). */
  inactive(): this {
    return this.params({ isActive: false });
  }

  /** Only for carts this cart predicate matches, e.g. `'totalPrice.centAmount > 5000'`. */
  where(cartPredicate: string): this {
    return this.params({ cartPredicate });
  }

  /** At most this many orders, in all (`maxApplications`) and per customer (`maxApplicationsPerCustomer`, if given). */
  limitedTo(maxApplications: number, maxApplicationsPerCustomer?: number): this {
    return this.params({ maxApplications, ...(maxApplicationsPerCustomer !== undefined ? { maxApplicationsPerCustomer } : {}) });
  }

  /** In these groups. */
  inGroups(...groups: string[]): this {
    return this.params({ groups });
  }

  /** Valid from `validFrom` until `validUntil` (ISO 8601). */
  validBetween(validFrom: string, validUntil: string): this {
    return this.params({ validFrom, validUntil });
  }

  /** Custom fields of the Type with this key (a Type for `discount-code`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/**
 * Active discount codes with a unique key (`discount-code-<n>`) and code (`<WORD><n>`, e.g. `SUMMER12`),
 * bringing the cart discount with key `DEFAULT_CART_DISCOUNT_KEY` unless `forCartDiscounts(...)`.
 */
export const discountCodeFactory = DiscountCodeFactory.define(({ sequence, afterBuild }) => {
  const word =
    faker.word
      .adjective({ length: { min: 4, max: 8 } })
      .toUpperCase()
      .replace(/[^A-Z]/g, '') || 'CODE';
  const draft: DraftOf<'discount-code'> = {
    key: `discount-code-${sequence}`,
    code: `${word}${sequence}`,
    name: { en: `${word.charAt(0)}${word.slice(1).toLowerCase()} code ${sequence}` },
    cartDiscounts: [byKey('cart-discount', DEFAULT_CART_DISCOUNT_KEY)],
    isActive: true,
  };
  return draftOf('discount-code', afterBuild, draft);
});
