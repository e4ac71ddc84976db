import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, draftOf } from './support.js';

export class VariantFactory extends Factory<TaggedDraft<'variant'>> {
  /** A variant of the product with this key. */
  ofProduct(productKey: string): this {
    return this.params({ product: byKey('product', productKey) });
  }

  /** Published at once: the current variant projections show it. */
  published(): this {
    return this.params({ publish: true });
  }
}

/**
 * Variants of the modular catalog (a project on the `Modular` product catalog model) with a unique
 * key (`variant-<n>`) and SKU (`VARIANT-<n>-<word>`), of the product `product-<n>` (what
 * `productFactory` builds as its n-th) unless `ofProduct(...)` says otherwise.
 */
export const variantFactory = VariantFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'variant'> = {
    key: `variant-${sequence}`,
    sku: `VARIANT-${sequence}-${faker.string.alpha({ length: 4, casing: 'upper' })}`,
    product: byKey('product', `product-${sequence}`),
  };
  return draftOf('variant', afterBuild, draft);
});
