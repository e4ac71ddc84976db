import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { DEFAULT_PRODUCT_TYPE_KEY } from './product-types.js';
import { byKey, draftOf, slugify, type Writable } from './support.js';

type ProductDraft = Writable<DraftOf<'product'>>;
type VariantDraft = Writable<NonNullable<ProductDraft['masterVariant']>>;
type PriceDraft = NonNullable<VariantDraft['prices']>[number];
export type AttributeDraft = NonNullable<VariantDraft['attributes']>[number];

export interface ProductTransient {
  /** Variants besides the master variant (default 0). */
  variants: number;
  /** One embedded price per currency on every variant (default `['EUR']`; none with `standalonePrices()`). */
  currencies: string[];
  /** Attributes of every variant. */
  attributes: AttributeDraft[];
}

/** A price in this currency from faker: 1.00 to 500.00 (in the currency's minor unit). */
export function priceDraft(currencyCode = 'EUR', overrides: Partial<PriceDraft> = {}): PriceDraft {
  return { value: { currencyCode, centAmount: faker.number.int({ min: 100, max: 50_000 }) }, ...overrides };
}

export class ProductFactory extends Factory<TaggedDraft<'product'>, ProductTransient> {
  /** Products of the product type with this key (instead of `DEFAULT_PRODUCT_TYPE_KEY`). */
  ofType(productTypeKey: string): this {
    return this.params({ productType: byKey('product-type', productTypeKey) });
  }

  /** `count` variants besides the master variant, each with its own SKU and prices. */
  withVariants(count = 2): this {
    return this.transient({ variants: count });
  }

  /** One embedded price per currency on every variant, e.g. `withPrices('EUR', 'USD', 'GBP')`. */
  withPrices(...currencies: string[]): this {
    return this.transient({ currencies });
  }

  /** `priceMode: 'Standalone'` and no embedded prices: give the SKUs `standalonePriceFactory.forSku(...)` prices. */
  standalonePrices(): this {
    return this.params({ priceMode: 'Standalone' }).transient({ currencies: [] });
  }

  /** These attributes on every variant (they must be defined by the product type, e.g. `{ name: 'color', value: 'red' }`). */
  withAttributes(...attributes: AttributeDraft[]): this {
    return this.transient({ attributes });
  }

  /** In the categories with these keys. */
  inCategories(...categoryKeys: string[]): this {
    return this.params({ categories: categoryKeys.map((key) => byKey('category', key)) });
  }

  /** With the tax category of this key (carts need one to price a line item). */
  withTaxCategory(taxCategoryKey: string): this {
    return this.params({ taxCategory: byKey('tax-category', taxCategoryKey) });
  }

  /** Published on creation (`publish: true`): the current projection shows it. */
  published(): this {
    return this.params({ publish: true });
  }
}

/**
 * Products with a unique key (`product-<n>`), slug (`<name>-<n>`), SKUs (`SKU-<n>-<variant>`) and variant
 * keys (`variant-<n>-<variant>`: unique in the project, as the modular catalog's Variants need), of the
 * product type with key `DEFAULT_PRODUCT_TYPE_KEY` unless `.ofType(key)`, a master variant with an
 * image and a EUR price, not published.
 */
export const productFactory = ProductFactory.define(({ sequence, params, transientParams, afterBuild }) => {
  const given = params.name && Object.values(params.name).find((value) => typeof value === 'string');
  const name = given ?? faker.commerce.productName();
  const currencies = transientParams.currencies ?? ['EUR'];
  const variant = (number: number): VariantDraft => {
    const draft: VariantDraft = {
      sku: `SKU-${sequence}-${number}`,
      key: `variant-${sequence}-${number}`,
      images: [{ url: faker.image.url({ width: 800, height: 600 }), dimensions: { w: 800, h: 600 }, label: name }],
    };
    if (currencies.length > 0) draft.prices = currencies.map((currency) => priceDraft(currency));
    if (transientParams.attributes) draft.attributes = structuredClone(transientParams.attributes);
    return draft;
  };
  const draft: ProductDraft = {
    key: `product-${sequence}`,
    productType: byKey('product-type', DEFAULT_PRODUCT_TYPE_KEY),
    name: { en: name },
    slug: { en: `${slugify(name)}-${sequence}` },
    description: { en: faker.commerce.productDescription() },
    masterVariant: variant(1),
  };
  if (transientParams.variants) draft.variants = Array.from({ length: transientParams.variants }, (_, index) => variant(index + 2));
  return draftOf('product', afterBuild, draft);
});
