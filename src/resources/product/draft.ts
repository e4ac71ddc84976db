/** Product drafts, variants built from drafts, and the checks every change of product data passes. */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { jsonEqual } from '../../util/json.js';
import type { Reference, ResourceContext } from '../../engine/define.js';
import type { ProductType } from '../product-types.js';
import { FreeKey, LocalizedString, localized, resourceIdentifier, Slug } from '../../engine/draft-fields.js';
import { assetFromDraft, AssetDraft, assertUniqueAssetKeys } from '../assets.js';
import { assertAttributeConstraints, assertRequired, attributesFromDraft } from './attributes.js';
import { catalogErrors } from './errors.js';
import { allVariants, type Image, type ProductData, type Variant } from './model.js';
import { assertVariantPrices, priceFromDraft, PriceDraft } from './prices.js';

/** A decimal strictly between 0 and 1: `0.` followed by digits, not ending in 0. */
export const CategoryOrderHint = z
  .string()
  .regex(/^0\.[0-9]*[1-9]$/, "An order hint is a decimal between 0 and 1 that starts with '0.' and does not end with 0.");

export const ImageDraft = z.object({
  url: z.string().min(1),
  dimensions: z.object({ w: z.number().int().min(0), h: z.number().int().min(0) }),
  label: z.string().optional(),
});

export const AttributeDraft = z.object({ name: z.string(), value: z.unknown() });

export const SearchKeywordsDraft = localized(
  z.array(
    z.object({
      text: z.string(),
      suggestTokenizer: z
        .discriminatedUnion('type', [
          z.object({ type: z.literal('whitespace') }),
          z.object({ type: z.literal('custom'), inputs: z.array(z.string()) }),
        ])
        .optional(),
    }),
  ),
);

export const VariantDraft = z.object({
  sku: z.string().min(1).optional(),
  key: FreeKey.optional(),
  prices: z.array(PriceDraft).max(100).optional(),
  attributes: z.array(AttributeDraft).optional(),
  images: z.array(ImageDraft).optional(),
  assets: z.array(AssetDraft).optional(),
});
export type VariantDraft = z.infer<typeof VariantDraft>;

export const ProductDraft = z.object({
  productType: resourceIdentifier('product-type'),
  name: LocalizedString,
  slug: Slug,
  key: FreeKey.optional(),
  description: LocalizedString.optional(),
  categories: z.array(resourceIdentifier('category')).optional(),
  categoryOrderHints: z.record(z.string(), CategoryOrderHint).optional(),
  metaTitle: LocalizedString.optional(),
  metaDescription: LocalizedString.optional(),
  metaKeywords: LocalizedString.optional(),
  masterVariant: VariantDraft.optional(),
  variants: z.array(VariantDraft).max(100).optional(),
  taxCategory: resourceIdentifier('tax-category').optional(),
  searchKeywords: SearchKeywordsDraft.optional(),
  state: resourceIdentifier('state').optional(),
  publish: z.boolean().optional(),
  priceMode: z.enum(['Embedded', 'Standalone']).optional(),
  attributes: z.array(AttributeDraft).optional(),
});
export type ProductDraft = z.infer<typeof ProductDraft>;

export function productTypeOf(ctx: ResourceContext, reference: { id: string }): ProductType {
  const productType = ctx.get('product-type', reference.id);
  if (!productType) throw errors.referencedResourceNotFound('product-type', { id: reference.id });
  return productType;
}

/** A variant from its draft: prices get ids, attributes are checked and normalised, required ones enforced. */
export function variantFromDraft(id: number, draft: VariantDraft, productType: ProductType, ctx: ResourceContext): Variant {
  const variant = { id } as Variant;
  if (draft.sku !== undefined) variant.sku = draft.sku;
  if (draft.key !== undefined) variant.key = draft.key;
  variant.prices = (draft.prices ?? []).map((price) => priceFromDraft(price, ctx));
  variant.images = (draft.images ?? []).map((image) => ({ ...image }) as Image);
  variant.attributes = attributesFromDraft(draft.attributes, productType, 'Variant', ctx);
  variant.assets = (draft.assets ?? []).map((asset) => assetFromDraft(asset, ctx));
  assertRequired(variant.attributes, productType, 'Variant');
  assertVariantPrices(variant.prices);
  assertUniqueAssetKeys(variant.assets);
  return variant;
}

export function categoryReferences(drafts: ReadonlyArray<{ id?: string; key?: string }> | undefined, ctx: ResourceContext): Reference[] {
  const references: Reference[] = [];
  for (const draft of drafts ?? []) {
    const reference = ctx.reference('category', draft);
    if (!references.some((r) => r.id === reference.id)) references.push(reference);
  }
  return references;
}

export function assertOrderHintsAssigned(data: ProductData): void {
  for (const categoryId of Object.keys(data.categoryOrderHints ?? {})) {
    if (!data.categories.some((c) => c.id === categoryId)) {
      throw errors.invalidOperation(`The category '${categoryId}' has an order hint but is not one of the product's categories.`);
    }
  }
}

const variantSignature = (variant: Variant) =>
  JSON.stringify({
    sku: variant.sku,
    key: variant.key,
    images: variant.images,
    prices: variant.prices.map(({ id: _id, discounted: _d, ...rest }) => rest),
    attributes: [...variant.attributes].sort((a, b) => a.name.localeCompare(b.name)),
  });

/**
 * The rules one data set (current or staged) must keep after any change: SKUs and variant keys
 * unique within the product, no two identical variants, attribute constraints, at most 100 variants.
 */
export function assertProductData(data: ProductData, productType: ProductType): void {
  const variants = allVariants(data);
  if (data.variants.length > 100) throw errors.invalidOperation('A product can have at most 100 variants besides the master variant.');
  const skus = new Set<string>();
  const keys = new Set<string>();
  const signatures = new Map<string, Variant>();
  for (const variant of variants) {
    if (variant.sku !== undefined) {
      if (skus.has(variant.sku)) throw errors.duplicateField('sku', variant.sku);
      skus.add(variant.sku);
    }
    if (variant.key !== undefined) {
      if (keys.has(variant.key)) throw errors.duplicateField('variants.key', variant.key);
      keys.add(variant.key);
    }
    const signature = variantSignature(variant);
    if (signatures.has(signature)) {
      throw catalogErrors.duplicateVariantValues({
        ...(variant.sku !== undefined ? { sku: variant.sku } : {}),
        prices: variant.prices.map(({ id: _id, discounted: _d, ...rest }) => rest),
        attributes: variant.attributes,
      });
    }
    signatures.set(signature, variant);
  }
  assertAttributeConstraints(data, productType);
}

/** Whether the two data sets differ (`hasStagedChanges`). */
export function dataDiffers(current: ProductData, staged: ProductData): boolean {
  return !jsonEqual(current, staged);
}
