/**
 * Products: current and staged data, variants, embedded prices, attributes checked against the
 * product type. Reads add product discounts (`discounted`), price selection (`price`) and inventory
 * (`availability`); see ./present.ts. The image upload (`POST /products/{id}/images`) is in ./images.ts.
 *
 * The update actions, by topic (what they share, staged or current data and the checks after each
 * action, is in ./product-action.ts):
 *   field-actions.ts        the product's own fields: descriptive data, key, tax category, price mode, state
 *   category-actions.ts     categories and order hints
 *   variant-actions.ts      variants, SKUs, variant keys
 *   attribute-actions.ts    attribute values
 *   image-actions.ts, price-actions.ts, asset-actions.ts
 *                           a variant's images, embedded prices, assets
 *   publishing-actions.ts   publishing, unpublishing, reverting staged changes
 */
import { errors } from '../../http/errors.js';
import { ok } from '../../http/context.js';
import { parseQueryParams, runQuery } from '../../query/index.js';
import { jsonClone } from '../../util/json.js';
import { defineResource, type BaseFields, type SdkTypes } from '../../engine/define.js';
import { assetActions } from './asset-actions.js';
import { attributeActions } from './attribute-actions.js';
import { categoryActions } from './category-actions.js';
import { fieldActions } from './field-actions.js';
import { imageActions } from './image-actions.js';
import { priceActions } from './price-actions.js';
import { publishingActions } from './publishing-actions.js';
import { variantActions } from './variant-actions.js';
import { assertRequired, attributesFromDraft } from './attributes.js';
import { assertOrderHintsAssigned, assertProductData, categoryReferences, ProductDraft, productTypeOf, variantFromDraft } from './draft.js';
import { allVariants, type Product, type ProductData } from './model.js';
import { CatalogRead, PRESENTED_VARIANT_FIELDS, presentProduct, productProjection } from './present.js';
import { presentedRoutes } from './routes.js';
import { imageUploadRoute } from './images.js';
import { productSearchRoutes } from './search/routes.js';
import { productSearch, productSearchIfLoaded } from './search-module.js';
import type { StorageBackend } from '../../storage/backend.js';
import type { ResourceContext } from '../../http/context.js';
import { reviewStatisticsActions } from '../review-statistics.js';
import { isModular } from '../variant/model.js';
import { syncVariantAction, syncVariantsOfProduct } from '../variant/sync.js';
import { removeTailoringsOf } from '../product-tailoring/model.js';
import type { Product as SdkProduct, ProductDraft as SdkProductDraft } from '@commercetools/platform-sdk';

export type { Product, ProductData, Variant, Price, Attribute, Image } from './model.js';
export { ProductDraft } from './draft.js';
export { sellingPrice, presentProduct, presentVariant, CatalogRead } from './present.js';
// What the mock's other layers call, through the type's module once loaded (resources/load.ts).
export { priceCandidates, standaloneAsPrice, type StandalonePriceLike } from './present.js';

/** Builds the search index of the published products now (a catalog seeded in bulk), loading search. */
export function buildSearchIndex(storage: StorageBackend, ctx: ResourceContext): void {
  productSearch().catalogView(storage, ctx, false);
}

function skusOf(product: Product): string[] {
  const skus = new Set<string>();
  for (const data of [product.masterData.current, product.masterData.staged]) {
    for (const variant of allVariants(data)) if (variant.sku !== undefined) skus.add(variant.sku);
  }
  return [...skus];
}

function slugsOf(product: Product): string[] {
  const slugs = new Set<string>();
  for (const data of [product.masterData.current, product.masterData.staged]) {
    for (const [locale, slug] of Object.entries(data.slug ?? {})) slugs.add(`${locale}:${slug}`);
  }
  return [...slugs];
}

export const products = defineResource<ProductDraft, Product, SdkTypes<SdkProductDraft, SdkProduct>>({
  typeId: 'product',
  messages: {
    created: { type: 'ProductCreated', payload: (product) => ({ productProjection: productProjection(product, true) }) },
    deleted: {
      type: 'ProductDeleted',
      payload: (product) => ({ removedImageUrls: [], currentProjection: productProjection(product, false) }),
    },
  },
  path: 'products',
  draft: ProductDraft,
  // The search indexes name products by id and version, which a replaced state may give to others.
  stateReplaced: (storage) => productSearchIfLoaded()?.distrustVersions(storage),
  create(draft, ctx) {
    const productType = productTypeOf(ctx, ctx.reference('product-type', draft.productType));
    const categories = categoryReferences(draft.categories, ctx);
    const variantDrafts = [draft.masterVariant ?? {}, ...(draft.variants ?? [])];
    const variants = variantDrafts.map((variant, index) => variantFromDraft(index + 1, variant, productType, ctx));
    const attributes = attributesFromDraft(draft.attributes, productType, 'Product', ctx);
    assertRequired(attributes, productType, 'Product');
    const data = { name: draft.name, categories } as ProductData;
    if (draft.categoryOrderHints !== undefined && Object.keys(draft.categoryOrderHints).length > 0)
      data.categoryOrderHints = { ...draft.categoryOrderHints };
    if (draft.description !== undefined) data.description = draft.description;
    data.slug = draft.slug;
    if (draft.metaTitle !== undefined) data.metaTitle = draft.metaTitle;
    if (draft.metaDescription !== undefined) data.metaDescription = draft.metaDescription;
    if (draft.metaKeywords !== undefined) data.metaKeywords = draft.metaKeywords;
    data.masterVariant = variants[0]!;
    data.variants = variants.slice(1);
    data.searchKeywords = draft.searchKeywords ?? {};
    data.attributes = attributes;
    assertOrderHintsAssigned(data);
    assertProductData(data, productType);

    const product = {} as Omit<Product, BaseFields>;
    if (draft.key !== undefined) product.key = draft.key;
    product.productType = { typeId: 'product-type', id: productType.id };
    product.masterData = { published: draft.publish ?? false, current: data, staged: jsonClone(data), hasStagedChanges: false };
    if (draft.taxCategory) product.taxCategory = ctx.reference('tax-category', draft.taxCategory);
    if (draft.state) product.state = ctx.reference('state', draft.state);
    if (draft.priceMode !== undefined) product.priceMode = draft.priceMode;
    // The modular catalog prices with standalone prices only.
    else if (isModular(ctx)) product.priceMode = 'Standalone';
    return product;
  },
  unique: {
    sku: {
      values: skusOf,
      duplicate: (value) => errors.duplicateField('sku', value),
    },
    slug: {
      values: slugsOf,
      duplicate: (value) => {
        const at = value.indexOf(':');
        return errors.duplicateField(`slug.${value.slice(0, at)}`, value.slice(at + 1));
      },
    },
  },
  actions: {
    ...fieldActions,
    ...categoryActions,
    ...variantActions,
    ...attributeActions,
    ...imageActions,
    ...priceActions,
    ...assetActions,
    ...publishingActions,
  },
  internalActions: { ...reviewStatisticsActions('product'), syncVariant: syncVariantAction },
  // In a modular catalog, each variant is a Variant too (../variant/sync.ts); a deleted product's tailorings go with it.
  sync(next, previous, ctx, engine) {
    syncVariantsOfProduct(next, previous, ctx, engine);
    if (!next) removeTailoringsOf('product', previous!.id, ctx, engine);
  },
  routes: [
    ...productSearchRoutes,
    imageUploadRoute,
    {
      method: 'GET',
      path: ':id/product-selections',
      handle: (call) => ok(assignedSelections(call.ctx, { id: call.params.id! }, call.query)),
    },
    {
      method: 'GET',
      path: 'key=:key/product-selections',
      handle: (call) => ok(assignedSelections(call.ctx, { key: call.params.key! }, call.query)),
    },
    ...presentedRoutes(
      'product',
      (call) => {
        const read = CatalogRead.fromQuery(call.ctx, call.query);
        return (document) => presentProduct(document as Product, read);
      },
      { presentedFields: PRESENTED_VARIANT_FIELDS },
    ),
  ],
});

/** `GET /products/{id}/product-selections`: the selections the product is assigned to. */
function assignedSelections(ctx: Parameters<typeof productTypeOf>[0], locator: { id: string } | { key: string }, query: URLSearchParams) {
  const product = 'id' in locator ? ctx.get('product', locator.id) : ctx.getByKey('product', locator.key);
  if (!product) throw errors.resourceNotFound(locator);
  const entries: object[] = [];
  for (const selection of ctx.scan('product-selection')) {
    const assignment = (
      (selection.assignments as Array<{
        product: { id: string };
        variantSelection?: unknown;
        variantExclusion?: unknown;
        createdAt: string;
      }>) ?? []
    ).find((a) => a.product.id === product.id);
    if (!assignment) continue;
    const entry: Record<string, unknown> = { productSelection: { typeId: 'product-selection', id: selection.id } };
    if (assignment.variantSelection !== undefined) entry.variantSelection = assignment.variantSelection;
    if (assignment.variantExclusion !== undefined) entry.variantExclusion = assignment.variantExclusion;
    entry.createdAt = assignment.createdAt;
    entries.push(entry);
  }
  const params = new URLSearchParams(query);
  if (!params.has('withTotal')) params.set('withTotal', 'false');
  return runQuery(entries, parseQueryParams(params));
}

declare module '../../http/context.js' {
  interface StoredTypes {
    product: Product;
  }
}
