import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { draftOf } from './support.js';

export class DiscountGroupFactory extends Factory<TaggedDraft<'discount-group'>> {
  inactive(): this {
    return this.params({ isActive: false });
  }
}

/**
 * Discount groups with a unique key (`discount-group-<n>`) and a unique sortOrder (`0.<n>1`: a
 * decimal between 0 and 1 that never ends in 0, as the platform requires).
 */
export const discountGroupFactory = DiscountGroupFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'discount-group'> = {
    key: `discount-group-${sequence}`,
    sortOrder: `0.${sequence}1`,
    name: { en: `${faker.commerce.productAdjective()} deals ${sequence}` },
  };
  return draftOf('discount-group', afterBuild, draft);
});
