import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, draftOf } from './support.js';

export class ProductTailoringFactory extends Factory<TaggedDraft<'product-tailoring'>> {
  /** Of the product with this key (one tailoring per store and product). */
  ofProduct(productKey: string): this {
    return this.params({ product: byKey('product', productKey) });
  }

  /** In the store with this key. */
  inStore(storeKey: string): this {
    return this.params({ store: byKey('store', storeKey) });
  }

  /** Published at once: a store's current product projections show it. */
  published(): this {
    return this.params({ publish: true });
  }
}

/**
 * Product tailorings with a unique key (`product-tailoring-<n>`) and a tailored English name and
 * description, of the product `product-<n>` in the store `store-<n>` (what `productFactory` and
 * `storeFactory` build as their n-th) unless `ofProduct(...)` and `inStore(...)` say otherwise.
 */
export const productTailoringFactory = ProductTailoringFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'product-tailoring'> = {
    key: `product-tailoring-${sequence}`,
    store: byKey('store', `store-${sequence}`),
    product: byKey('product', `product-${sequence}`),
    name: { en: `${faker.commerce.productAdjective()} ${faker.commerce.product()}` },
    description: { en: faker.commerce.productDescription() },
  };
  return draftOf('product-tailoring', afterBuild, draft);
});
