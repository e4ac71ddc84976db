import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { draftOf } from './support.js';

type ProductTypeDraft = DraftOf<'product-type'>;
export type AttributeDefinitionDraft = NonNullable<ProductTypeDraft['attributes']>[number];

/** The key `productFactory` points its products at unless `.ofType(key)` names another product type. */
export const DEFAULT_PRODUCT_TYPE_KEY = 'default-product-type';

/**
 * The attributes a product type from the factory has unless `withAttributes()` says otherwise: `color`
 * (text) and `size` (enum S, M, L, XL), both optional and per variant. Attributes of the same name must
 * have the same type in every product type of a project.
 */
export const DEFAULT_ATTRIBUTE_DEFINITIONS: readonly AttributeDefinitionDraft[] = [
  {
    name: 'color',
    type: { name: 'text' },
    label: { en: 'Color' },
    isRequired: false,
    level: 'Variant',
    attributeConstraint: 'None',
    isSearchable: true,
  },
  {
    name: 'size',
    type: { name: 'enum', values: ['S', 'M', 'L', 'XL'].map((size) => ({ key: size, label: size })) },
    label: { en: 'Size' },
    isRequired: false,
    level: 'Variant',
    attributeConstraint: 'None',
    isSearchable: true,
  },
];

export class ProductTypeFactory extends Factory<TaggedDraft<'product-type'>> {
  /** The product type `productFactory` uses by default (key `DEFAULT_PRODUCT_TYPE_KEY`); seed it once per test. */
  asDefault(): this {
    return this.params({ key: DEFAULT_PRODUCT_TYPE_KEY });
  }

  /** These attribute definitions instead of the default ones (`color`, `size`). */
  withAttributes(...attributes: AttributeDefinitionDraft[]): this {
    return this.params({ attributes });
  }
}

/** Product types with a unique key (`product-type-<n>`) and name, and the attributes `color` and `size`. */
export const productTypeFactory = ProductTypeFactory.define(({ sequence, afterBuild }) => {
  const draft: ProductTypeDraft = {
    key: `product-type-${sequence}`,
    name: `${faker.commerce.department()} ${sequence}`,
    description: faker.commerce.productDescription(),
    attributes: DEFAULT_ATTRIBUTE_DEFINITIONS.map((definition) => structuredClone(definition)),
  };
  return draftOf('product-type', afterBuild, draft);
});
