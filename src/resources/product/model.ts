import type { Asset } from '../assets.js';
/** The stored shapes of products (classic catalog model: master variant plus variants, current and staged). */
import type { StoredDocument } from '../../storage/backend.js';
import type { TypedMoney } from '../../pricing/money.js';
import type { DiscountedPrice } from '../../pricing/product-discounts.js';
import type { CustomFields } from '../../engine/common-actions.js';
import type { Reference } from '../../engine/define.js';
import type { LocalizedString } from '../../engine/draft-fields.js';

export interface Image {
  url: string;
  dimensions: { w: number; h: number };
  label?: string;
}

export interface PriceTier {
  minimumQuantity: number;
  value: TypedMoney;
}

export interface Price {
  id: string;
  key?: string;
  value: TypedMoney;
  country?: string;
  customerGroup?: Reference;
  channel?: Reference;
  validFrom?: string;
  validUntil?: string;
  discounted?: DiscountedPrice;
  tiers?: PriceTier[];
  custom?: CustomFields;
  recurrencePolicy?: Reference;
}

export interface Attribute {
  name: string;
  value: unknown;
}

export interface Variant {
  id: number;
  sku?: string;
  key?: string;
  prices: Price[];
  images: Image[];
  attributes: Attribute[];
  assets: Asset[];
}

export interface SearchKeyword {
  text: string;
  suggestTokenizer?: { type: 'whitespace' } | { type: 'custom'; inputs: string[] };
}

export interface ProductData {
  name: LocalizedString;
  categories: Reference[];
  categoryOrderHints?: Record<string, string>;
  description?: LocalizedString;
  slug: LocalizedString;
  metaTitle?: LocalizedString;
  metaDescription?: LocalizedString;
  metaKeywords?: LocalizedString;
  masterVariant: Variant;
  variants: Variant[];
  searchKeywords: Record<string, SearchKeyword[]>;
  attributes: Attribute[];
  /** The modular catalog's default Variant of the product (`setDefaultVariant`). */
  defaultVariant?: Reference;
}

export interface ProductCatalogData {
  published: boolean;
  current: ProductData;
  staged: ProductData;
  hasStagedChanges: boolean;
}

export interface Product extends StoredDocument {
  key?: string;
  productType: Reference;
  masterData: ProductCatalogData;
  taxCategory?: Reference;
  state?: Reference;
  priceMode?: 'Embedded' | 'Standalone';
}

/** Every variant of one projected data set, master first. */
export function allVariants(data: ProductData): Variant[] {
  return [data.masterVariant, ...data.variants];
}

/** The highest variant id the product uses in either data set. */
export function maxVariantId(product: Product): number {
  let max = 0;
  for (const data of [product.masterData.current, product.masterData.staged]) {
    for (const variant of allVariants(data)) max = Math.max(max, variant.id);
  }
  return max;
}
