/**
 * One variant, two resources: in a project on the `Modular` catalog model every variant of a
 * product is also a Variant (`/variants`), and the two are kept in step in both directions, in the
 * transaction of the write that changed either (the types' `sync`).
 *
 * Why a stored Variant that writes through its product, rather than a view computed from the
 * product: a Variant has its own id, key, version, audit fields and messages, and is queried,
 * subscribed to, exported and stored on SQLite like any resource; a stored document gets all of
 * that from the engine. The product keeps embedding the variant, so everything that reads products
 * (projections, search, carts, GraphQL, the Import API) sees variants made through `/variants`.
 *
 * How the two map (`mirroredFields`): the Variant's staged data (or its current data, without
 * staged changes) is the product's staged variant; a published Variant's current data is the
 * product's current variant, and an unpublished one is not in the product's current data at all.
 * A product's master variant that no Variant made and that holds nothing (a product created
 * without variants) is a placeholder, not a Variant; the first Variant of the product takes its place.
 */
import * as z from 'zod';
import { jsonClone, jsonEqual } from '../../util/json.js';
import type { BaseFields, Engine, ResourceContext } from '../../engine/define.js';
import { allVariants, maxVariantId, type Product, type ProductData, type Variant as ProductVariant } from '../product/model.js';
import { checkChangedData, findVariant, productAction } from '../product/product-action.js';
import { isModular, type StandaloneVariant, type VariantData } from './model.js';

export type VariantFields = Omit<StandaloneVariant, BaseFields>;

export function variantData(variant: Pick<ProductVariant, 'sku' | 'images' | 'attributes' | 'assets'>): VariantData {
  const data = {} as VariantData;
  if (variant.sku !== undefined) data.sku = variant.sku;
  data.images = jsonClone(variant.images);
  data.attributes = jsonClone(variant.attributes);
  data.assets = jsonClone(variant.assets);
  return data;
}

/** A master variant with nothing in it that no Variant made (see the module comment). */
function isPlaceholder(variant: ProductVariant, data: ProductData, variants: ReadonlyMap<number, unknown>): boolean {
  return (
    variant === data.masterVariant &&
    !variants.has(variant.id) &&
    variant.sku === undefined &&
    variant.key === undefined &&
    variant.prices.length + variant.images.length + variant.attributes.length + variant.assets.length === 0
  );
}

/** The Variants of the product's variants: every variant of its staged or current data but a placeholder. */
function mirroredIds(product: Product, variants: ReadonlyMap<number, unknown>): number[] {
  const ids = new Set<number>();
  for (const data of [product.masterData.staged, product.masterData.current]) {
    for (const variant of allVariants(data)) if (!isPlaceholder(variant, data, variants)) ids.add(variant.id);
  }
  return [...ids];
}

/** The Variant fields of the product's variant `variantId`; `existing` keeps the current data of an unpublished one. */
function mirroredFields(product: Product, variantId: number, existing: StandaloneVariant | undefined): VariantFields {
  const inStaged = findVariant(product.masterData.staged, { variantId });
  const inCurrent = findVariant(product.masterData.current, { variantId });
  const current = inCurrent ? variantData(inCurrent) : (existing?.current ?? variantData(inStaged!));
  const fields = {} as VariantFields;
  const key = (inStaged ?? inCurrent)!.key;
  if (key !== undefined) fields.key = key;
  fields.variantId = variantId;
  fields.product = { typeId: 'product', id: product.id };
  fields.published = inCurrent !== undefined;
  fields.current = current;
  if (inStaged) {
    const staged = variantData(inStaged);
    if (!jsonEqual(staged, current)) fields.staged = staged;
  }
  return fields;
}

function ownFields(variant: StandaloneVariant): VariantFields {
  const { id: _id, version: _v, createdAt: _c, lastModifiedAt: _m, createdBy: _cb, lastModifiedBy: _mb, ...own } = variant;
  return own;
}

/** The Variants of the product, by their id within it. */
export function variantsOf(productId: string, ctx: ResourceContext): Map<number, StandaloneVariant> {
  return new Map(ctx.grouped('variant', 'product', productId).map((variant) => [variant.variantId, variant]));
}

/** Product → Variants: each variant of the product as a Variant, created, changed or deleted to match. */
export function syncVariantsOfProduct(
  next: Product | undefined,
  previous: Product | undefined,
  ctx: ResourceContext,
  engine: Engine,
): void {
  if (!isModular(ctx)) return;
  const product = (next ?? previous)!;
  const definition = engine.definition('variant');
  const variants = variantsOf(product.id, ctx);
  const ids = next ? mirroredIds(next, variants) : [];
  for (const variantId of ids) {
    const existing = variants.get(variantId);
    const fields = mirroredFields(next!, variantId, existing);
    if (!existing) engine.insert(definition, fields, ctx);
    else if (!jsonEqual(ownFields(existing), fields)) engine.replace(definition, existing, fields, ctx);
  }
  for (const [variantId, variant] of variants) {
    if (!ids.includes(variantId)) engine.remove(definition, { id: variant.id }, undefined, ctx);
  }
}

/** Variant → product: the product's variant changed to match the Variant (or removed with it). */
export function syncProductOfVariant(
  next: StandaloneVariant | undefined,
  previous: StandaloneVariant | undefined,
  ctx: ResourceContext,
  engine: Engine,
): void {
  const variant = (next ?? previous)!;
  const definition = engine.definition('product');
  // A product deleted takes its Variants with it: nothing left to change.
  const product = engine.find(definition, ctx.project, { id: variant.product.id });
  if (!product) return;
  const payload: SyncVariant = { id: variant.id, variantId: variant.variantId, variant: next ?? null };
  engine.apply(definition, product, [{ name: 'syncVariant', payload }], ctx);
}

interface SyncVariant {
  /** The Variant's own id (a product's `defaultVariant` names it). */
  id: string;
  variantId: number;
  variant: StandaloneVariant | null;
}

/** The id a new Variant of the product gets: its placeholder master's, or the next free one. */
export function nextVariantId(product: Product, ctx: ResourceContext): number {
  const { staged } = product.masterData;
  return isPlaceholder(staged.masterVariant, staged, variantsOf(product.id, ctx)) ? staged.masterVariant.id : maxVariantId(product) + 1;
}

/** The product variant a Variant's data stands for; the embedded prices (none in a modular catalog) stay. */
function productVariant(variantId: number, key: string | undefined, data: VariantData, before: ProductVariant | undefined): ProductVariant {
  const variant = { id: variantId } as ProductVariant;
  if (data.sku !== undefined) variant.sku = data.sku;
  if (key !== undefined) variant.key = key;
  variant.prices = before?.prices ?? [];
  variant.images = jsonClone(data.images);
  variant.attributes = jsonClone(data.attributes);
  variant.assets = jsonClone(data.assets);
  return variant;
}

/**
 * Puts `wanted` in the data set as its variant `variantId` (in the place of the one there, or of a
 * placeholder master), or without `wanted` takes that variant out; a product keeps a master
 * variant, the next one or a new placeholder (`freeId`).
 */
function place(
  data: ProductData,
  variantId: number,
  wanted: ProductVariant | undefined,
  variants: ReadonlyMap<number, unknown>,
  freeId: number,
): void {
  const existing = findVariant(data, { variantId });
  if (wanted) {
    if (existing === data.masterVariant || (!existing && isPlaceholder(data.masterVariant, data, variants))) data.masterVariant = wanted;
    else if (existing) data.variants = data.variants.map((v) => (v === existing ? wanted : v));
    else data.variants.push(wanted);
  } else if (existing && existing !== data.masterVariant) {
    data.variants = data.variants.filter((v) => v !== existing);
  } else if (existing) {
    const [first, ...rest] = data.variants;
    data.masterVariant = first ?? { id: freeId, prices: [], images: [], attributes: [], assets: [] };
    data.variants = rest;
  }
}

/** The product's internal action behind `syncProductOfVariant`. */
export const syncVariantAction = productAction(
  () => z.object({ id: z.string(), variantId: z.number().int(), variant: z.custom<StandaloneVariant>().nullable() }),
  (product, a: SyncVariant, ctx) => {
    const { staged, current } = product.masterData;
    const { variant, variantId } = a;
    const variants = variantsOf(product.id, ctx);
    const freeId = maxVariantId(product) + 1;
    for (const data of [staged, current]) {
      const wanted = !variant
        ? undefined
        : data === staged
          ? (variant.staged ?? variant.current)
          : variant.published
            ? variant.current
            : undefined;
      const before = findVariant(data, { variantId });
      place(data, variantId, wanted && productVariant(variantId, variant!.key, wanted, before), variants, freeId);
      if (!variant && data.defaultVariant?.id === a.id) delete data.defaultVariant;
    }
    checkChangedData(product, [staged, current], ctx);
  },
);
