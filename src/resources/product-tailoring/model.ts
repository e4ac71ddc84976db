/**
 * The stored shape of a product tailoring and what a store's product projection makes of it.
 *
 * A tailoring overlays the product data it names, field by field: a LocalizedString per locale (a
 * locale it does not tailor keeps the product's value), a variant's `images` and `assets` as a whole,
 * and attributes (the product's and each variant's) by name, a tailored value over the product's.
 */
import type { StoredDocument } from '../../storage/backend.js';
import type { Engine, Reference, ResourceContext } from '../../engine/define.js';
import type { LocalizedString } from '../../engine/draft-fields.js';
import type { Asset } from '../assets.js';
import type { Attribute, Image, Variant } from '../product/model.js';
import type { ProductProjection } from '../product/present.js';

export interface VariantTailoring {
  id: number;
  images?: Image[];
  assets?: Asset[];
  attributes?: Attribute[];
}

export interface TailoringData {
  name?: LocalizedString;
  description?: LocalizedString;
  metaTitle?: LocalizedString;
  metaDescription?: LocalizedString;
  metaKeywords?: LocalizedString;
  slug?: LocalizedString;
  variants?: VariantTailoring[];
  attributes?: Attribute[];
}

export interface ProductTailoring extends StoredDocument {
  key?: string;
  store: { typeId: 'store'; key: string };
  product: Reference;
  published: boolean;
  current: TailoringData;
  staged: TailoringData;
  hasStagedChanges: boolean;
}

/** The localized fields a tailoring may hold, in the order the platform lists them. */
export const TAILORED_TEXTS = ['name', 'description', 'metaTitle', 'metaDescription', 'metaKeywords', 'slug'] as const;

/** The value of the unique index that allows one tailoring per store and product. */
export const storeProductEntry = (storeKey: string, productId: string) => `${storeKey}/${productId}`;

/** The store's tailoring of the product, if it has one (an index lookup, no scan). */
export function tailoringOf(ctx: ResourceContext, storeKey: string, productId: string): ProductTailoring | undefined {
  return ctx.findUnique('product-tailoring', 'storeProduct', storeProductEntry(storeKey, productId));
}

function mergedAttributes(original: readonly Attribute[], tailored: readonly Attribute[] | undefined): Attribute[] {
  if (!tailored || tailored.length === 0) return original as Attribute[];
  const byName = new Map(tailored.map((attribute) => [attribute.name, attribute]));
  const merged = original.map((attribute) => byName.get(attribute.name) ?? attribute);
  for (const attribute of tailored) if (!original.some((entry) => entry.name === attribute.name)) merged.push(attribute);
  return merged;
}

function tailoredVariant(variant: Variant, tailoring: VariantTailoring | undefined): Variant {
  if (!tailoring) return variant;
  const result = { ...variant };
  if (tailoring.images !== undefined) result.images = tailoring.images;
  if (tailoring.assets !== undefined) result.assets = tailoring.assets;
  result.attributes = mergedAttributes(variant.attributes, tailoring.attributes);
  return result;
}

/**
 * The projection as the store shows it: with the staged tailoring for `staged=true`, with the current
 * one only while the tailoring is published. A new shallow object; the stored data is not touched.
 */
export function tailoredProjection(
  projection: ProductProjection,
  tailoring: ProductTailoring | undefined,
  staged: boolean,
): ProductProjection {
  if (!tailoring || (!staged && !tailoring.published)) return projection;
  const data = staged ? tailoring.staged : tailoring.current;
  const result = { ...projection };
  for (const field of TAILORED_TEXTS) {
    const tailored = data[field];
    if (tailored !== undefined) result[field] = { ...(projection[field] ?? {}), ...tailored };
  }
  result.attributes = mergedAttributes(projection.attributes, data.attributes);
  const variantTailoring = (id: number) => data.variants?.find((entry) => entry.id === id);
  result.masterVariant = tailoredVariant(projection.masterVariant, variantTailoring(projection.masterVariant.id));
  result.variants = projection.variants.map((variant) => tailoredVariant(variant, variantTailoring(variant.id)));
  return result;
}

/**
 * A product or a store deleted takes its tailorings with it, as on the platform (each with its
 * ProductTailoringDeleted); a tailoring names its product by id only, so a new product key needs nothing.
 */
export function removeTailoringsOf(of: 'product' | 'store', idOrKey: string, ctx: ResourceContext, engine: Engine): void {
  const definition = engine.definition('product-tailoring');
  for (const tailoring of ctx.grouped('product-tailoring', of, idOrKey)) {
    engine.remove(definition, { id: tailoring.id }, undefined, ctx);
  }
}
