import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { customFieldsDraft, draftOf } from './support.js';

export class ProductSelectionFactory extends Factory<TaggedDraft<'product-selection'>> {
  /** Mode `IndividualExclusion`: the selection lists the products it excludes. */
  excluding(): this {
    return this.params({ mode: 'IndividualExclusion' });
  }

  /** Custom fields of the Type with this key. */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/** Product selections (mode `Individual`) with a unique key (`product-selection-<n>`); products are assigned with update actions. */
export const productSelectionFactory = ProductSelectionFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'product-selection'> = {
    key: `product-selection-${sequence}`,
    name: { en: `${faker.commerce.department()} assortment` },
    mode: 'Individual',
  };
  return draftOf('product-selection', afterBuild, draft);
});
