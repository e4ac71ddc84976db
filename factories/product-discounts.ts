import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { draftOf } from './support.js';

export class ProductDiscountFactory extends Factory<TaggedDraft<'product-discount'>> {
  /** A relative discount of this many percent (`permyriad = percent × 100`). */
  relative(percent: number): this {
    return this.params({ value: { type: 'relative', permyriad: Math.round(percent * 100) } });
  }

  /** An absolute discount: an amount (minor unit) per currency, e.g. `absolute({ EUR: 500, USD: 600 })`. */
  absolute(amounts: Record<string, number>): this {
    const money = Object.entries(amounts).map(([currencyCode, centAmount]) => ({ currencyCode, centAmount }));
    return this.params({ value: { type: 'absolute', money } });
  }

  /** An external discount (its amounts are set on prices by the API client). */
  external(): this {
    return this.params({ value: { type: 'external' } });
  }

  /** A product discount predicate, e.g. `sku = "SKU-1-1"` (default: `1 = 1`, every price). */
  where(predicate: string): this {
    return this.params({ predicate });
  }

  /** `isActive: false`. */
  inactive(): this {
    return this.params({ isActive: false });
  }

  /** Valid from `validFrom` until `validUntil` (ISO 8601). */
  validBetween(validFrom: string, validUntil: string): this {
    return this.params({ validFrom, validUntil });
  }
}

/**
 * Active product discounts of 10 % on every price (`1 = 1`), with a unique key (`product-discount-<n>`)
 * and a unique `sortOrder` that grows with the build order (a later discount wins).
 */
export const productDiscountFactory = ProductDiscountFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'product-discount'> = {
    key: `product-discount-${sequence}`,
    name: { en: `${faker.commerce.productAdjective()} sale ${sequence}` },
    description: { en: faker.lorem.sentence() },
    value: { type: 'relative', permyriad: 1000 },
    predicate: '1 = 1',
    sortOrder: `0.${String(sequence).padStart(8, '0')}1`,
    isActive: true,
  };
  return draftOf('product-discount', afterBuild, draft);
});
