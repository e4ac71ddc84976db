/**
 * Product tailoring: a store's own names, descriptions, slugs, meta fields, images, assets and
 * attributes of one product, current and staged (`publish`, `unpublish`) like the product's data.
 * One tailoring per store and product (a second is refused as a DuplicateField of `product`). A
 * store's product projections show its tailoring (./model.ts, applied in ../product/in-store.ts).
 *
 * Served at `/product-tailoring` (by id and key) and in a store: `/in-store/key={storeKey}/product-tailoring`
 * (the store's tailorings; a create there belongs to the store) and by product,
 * `/in-store/key={storeKey}/products/{productID}|key={productKey}/product-tailoring` (GET, POST, DELETE)
 * with its image upload (`/images`), in ./routes.ts.
 */
import { defineResource, type BaseFields, type SdkTypes } from '../../engine/define.js';
import { errors } from '../../http/errors.js';
import { stamps } from '../../engine/scoped-access.js';
import { jsonClone } from '../../util/json.js';
import { tailoringAbout, tailoringActions } from './actions.js';
import { ProductTailoringDraft, tailoringData } from './draft.js';
import { type ProductTailoring, storeProductEntry } from './model.js';
import { byProductRoutes } from './routes.js';
import type {
  ProductTailoring as SdkProductTailoring,
  ProductTailoringDraft as SdkProductTailoringDraft,
} from '@commercetools/platform-sdk';

export type { ProductTailoring, TailoringData, VariantTailoring } from './model.js';
export { tailoredProjection, tailoringOf } from './model.js';
export { ProductTailoringDraft } from './draft.js';

export const productTailorings = defineResource<
  ProductTailoringDraft,
  ProductTailoring,
  SdkTypes<SdkProductTailoringDraft, SdkProductTailoring>
>({
  typeId: 'product-tailoring',
  path: 'product-tailoring',
  draft: ProductTailoringDraft,
  create(draft, ctx) {
    const store = ctx.keyReference('store', draft.store) as ProductTailoring['store'];
    const product = ctx.reference('product', draft.product);
    const data = tailoringData(ctx.get('product', product.id)!, draft, ctx);
    const tailoring = {} as Omit<ProductTailoring, BaseFields>;
    if (draft.key !== undefined) tailoring.key = draft.key;
    tailoring.store = store;
    tailoring.product = product;
    tailoring.published = draft.publish ?? false;
    tailoring.current = data;
    tailoring.staged = jsonClone(data);
    tailoring.hasStagedChanges = false;
    return tailoring;
  },
  actions: tailoringActions,
  // The tailorings of a product or a store, which go when it goes (../product/index.ts, ../stores.ts).
  groups: {
    product: { values: (tailoring) => [tailoring.product.id] },
    store: { values: (tailoring) => [tailoring.store.key] },
  },
  unique: {
    storeProduct: {
      values: (tailoring) => [storeProductEntry(tailoring.store.key, tailoring.product.id)],
      duplicate: (_value, tailoring) =>
        errors.duplicateField(
          'product',
          tailoring.product,
          `The store '${tailoring.store.key}' has a product tailoring of the product '${tailoring.product.id}' already.`,
        ),
    },
  },
  messages: {
    created: {
      type: 'ProductTailoringCreated',
      payload: (tailoring, ctx) => ({
        ...(tailoring.key !== undefined ? { key: tailoring.key } : {}),
        ...tailoringAbout(tailoring, ctx),
        ...tailoring.staged,
        published: tailoring.published,
      }),
    },
    deleted: { type: 'ProductTailoringDeleted', payload: (tailoring, ctx) => tailoringAbout(tailoring, ctx) },
  },
  // In a store: its tailorings, and one made there is the store's.
  scope: {
    mounts: { store: { without: ['get', 'update', 'delete'], routes: byProductRoutes } },
    inStore: (tailoring, storeKey) => tailoring.store.key === storeKey,
    stamp: (draft, scope) => {
      if (scope.store !== undefined) draft.store = stamps.storeKeyReference(scope.store);
    },
  },
});

declare module '../../http/context.js' {
  interface StoredTypes {
    'product-tailoring': ProductTailoring;
  }
}
