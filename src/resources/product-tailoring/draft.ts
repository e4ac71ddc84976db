/**
 * A product tailoring's draft and the checks its parts pass: the variants it names exist in the
 * product (by `id` or `sku`), and its attributes are the product type's (`Variant` ones on variants,
 * `Product` ones on the product), with values of their types; nested attributes cannot be tailored.
 */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import type { ResourceContext } from '../../engine/define.js';
import { Key, LocalizedString, resourceIdentifier, Slug } from '../../engine/draft-fields.js';
import { assetFromDraft, AssetDraft } from '../assets.js';
import { attributeDefinition, attributeValue } from '../product/attributes.js';
import { ImageDraft, productTypeOf } from '../product/draft.js';
import type { Attribute, Product } from '../product/model.js';
import { type ProductTailoring, TAILORED_TEXTS, type TailoringData, type VariantTailoring } from './model.js';
import { findVariant, requireLocator, variantNotFound } from '../product/product-action.js';

export const TailoringAttribute = z.object({ name: z.string(), value: z.unknown() });

/** An asset of a variant tailoring's draft: an AssetDraft, with the `id` the platform's Asset type allows. */
const DraftAsset = AssetDraft.extend({ id: z.string().optional() });

const VariantTailoringDraft = z.object({
  id: z.number().int().optional(),
  sku: z.string().optional(),
  images: z.array(ImageDraft).optional(),
  assets: z.array(DraftAsset).optional(),
  attributes: z.array(TailoringAttribute).optional(),
});
type VariantTailoringDraft = z.infer<typeof VariantTailoringDraft>;

/** ProductTailoringInStoreDraft: the store is the path's. */
export const ProductTailoringInStoreDraft = z.object({
  key: Key.optional(),
  product: resourceIdentifier('product'),
  name: LocalizedString.optional(),
  description: LocalizedString.optional(),
  metaTitle: LocalizedString.optional(),
  metaDescription: LocalizedString.optional(),
  metaKeywords: LocalizedString.optional(),
  slug: Slug.optional(),
  publish: z.boolean().optional(),
  variants: z.array(VariantTailoringDraft).optional(),
  attributes: z.array(TailoringAttribute).optional(),
});

export const ProductTailoringDraft = ProductTailoringInStoreDraft.extend({ store: resourceIdentifier('store') });
export type ProductTailoringDraft = z.infer<typeof ProductTailoringDraft>;

/** The product a tailoring belongs to; a 400 once the product is gone. */
export function productOfTailoring(tailoring: ProductTailoring, ctx: ResourceContext): Product {
  const product = ctx.get('product', tailoring.product.id);
  if (!product) throw errors.referencedResourceNotFound('product', { id: tailoring.product.id });
  return product;
}

/** The id of the product's variant the locator names; 400 when the product has none such. */
export function variantIdOf(product: Product, locator: { variantId?: number | undefined; sku?: string | undefined }): number {
  requireLocator(locator);
  const found = findVariant(product.masterData.staged, locator) ?? findVariant(product.masterData.current, locator);
  if (!found) throw variantNotFound(locator);
  return found.id;
}

/** A tailored attribute's value checked against the product type's definition of the level; none or null: removed. */
export function tailoredAttributeValue(
  product: Product,
  attribute: { name: string; value?: unknown },
  level: 'Product' | 'Variant',
  ctx: ResourceContext,
): unknown {
  const definition = attributeDefinition(productTypeOf(ctx, product.productType), attribute.name, level);
  if (definition.type.name === 'nested') throw errors.invalidOperation(`The nested attribute '${attribute.name}' cannot be tailored.`);
  return attribute.value === undefined || attribute.value === null ? undefined : attributeValue(definition, attribute.value, ctx);
}

function tailoredAttributes(
  product: Product,
  drafts: ReadonlyArray<{ name: string; value?: unknown }>,
  level: 'Product' | 'Variant',
  ctx: ResourceContext,
) {
  const attributes: Attribute[] = [];
  for (const draft of drafts) {
    const value = tailoredAttributeValue(product, draft, level, ctx);
    if (value === undefined) continue;
    const index = attributes.findIndex((entry) => entry.name === draft.name);
    if (index === -1) attributes.push({ name: draft.name, value });
    else attributes[index] = { name: draft.name, value };
  }
  return attributes;
}

/** A variant tailoring from a draft (or `addVariant`), for a variant of the product. */
export function variantTailoringFromDraft(
  product: Product,
  draft: Omit<VariantTailoringDraft, 'assets'> & { assets?: AssetDraft[] | undefined },
  ctx: ResourceContext,
): VariantTailoring {
  const variant: VariantTailoring = { id: variantIdOf(product, { variantId: draft.id, sku: draft.sku }) };
  if (draft.images !== undefined) variant.images = draft.images;
  if (draft.assets !== undefined) {
    variant.assets = draft.assets.map((asset) => {
      const made = assetFromDraft(asset, ctx);
      const given = (asset as { id?: string }).id;
      return given !== undefined ? { ...made, id: given } : made;
    });
  }
  if (draft.attributes !== undefined && draft.attributes.length > 0)
    variant.attributes = tailoredAttributes(product, draft.attributes, 'Variant', ctx);
  return variant;
}

/** The tailored data a draft holds. */
export function tailoringData(product: Product, draft: ProductTailoringDraft, ctx: ResourceContext): TailoringData {
  const data: TailoringData = {};
  for (const field of TAILORED_TEXTS) {
    if (draft[field] !== undefined) data[field] = draft[field];
  }
  if (draft.variants !== undefined && draft.variants.length > 0) {
    const variants = draft.variants.map((variant) => variantTailoringFromDraft(product, variant, ctx));
    const ids = new Set(variants.map((variant) => variant.id));
    if (ids.size !== variants.length) throw errors.invalidInput('A variant can be tailored only once.');
    data.variants = variants;
  }
  if (draft.attributes !== undefined && draft.attributes.length > 0)
    data.attributes = tailoredAttributes(product, draft.attributes, 'Product', ctx);
  return data;
}
