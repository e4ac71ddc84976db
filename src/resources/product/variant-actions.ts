/** The product update actions on variants: adding and removing them, the master variant, SKUs and variant keys, reverting one. */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { jsonClone } from '../../util/json.js';
import { setField } from '../../engine/common-actions.js';
import { emits, type ResourceContext, type UpdateAction } from '../../engine/define.js';
import { FreeKey, resourceIdentifier } from '../../engine/draft-fields.js';
import { productTypeOf, VariantDraft, variantFromDraft } from './draft.js';
import { catalogErrors } from './errors.js';
import { isModular } from '../variant/model.js';
import { maxVariantId, type Product, type Variant } from './model.js';
import {
  checkChangedData,
  eachVariant,
  findVariant,
  isStaged,
  productAction,
  requireLocator,
  Staged,
  targets,
  VariantLocator,
  variantNotFound,
} from './product-action.js';

/** A SKU that inventory entries use cannot be changed or removed (platform rule). */
function changeSku(variant: Variant, sku: string | null | undefined, ctx: ResourceContext): void {
  const next = sku ?? undefined;
  if (variant.sku !== undefined && variant.sku !== next) {
    for (const entry of ctx.scan('inventory-entry')) {
      if (entry.sku === variant.sku) {
        throw errors.invalidOperation(`The SKU '${variant.sku}' cannot be changed or removed: inventory entries use it.`);
      }
    }
  }
  setField(variant, 'sku', next);
}

const setSku = productAction(
  () => Staged.extend({ variantId: z.number().int(), sku: z.string().min(1).optional().nullable() }),
  (product, a, ctx) => {
    checkChangedData(
      product,
      eachVariant(product, { variantId: a.variantId, staged: a.staged }, (variant) => changeSku(variant, a.sku, ctx)),
      ctx,
    );
  },
);

export const variantActions: Record<string, UpdateAction<Product>> = {
  addVariant: emits(
    productAction(
      () => VariantDraft.extend(Staged.shape),
      (product, a, ctx) => {
        const productType = productTypeOf(ctx, product.productType);
        const variant = variantFromDraft(maxVariantId(product) + 1, a, productType, ctx);
        const datas = targets(product, a.staged);
        for (const data of datas) data.variants.push(jsonClone(variant));
        checkChangedData(product, datas, ctx);
      },
    ),
    'ProductVariantAdded',
    (product: Product, a) => ({ variant: product.masterData.staged.variants.at(-1), staged: isStaged(a) }),
  ),
  removeVariant: emits(
    productAction(
      () => Staged.extend({ id: z.number().int().optional(), sku: z.string().optional() }),
      (product, a) => {
        const locator = { variantId: a.id, sku: a.sku };
        requireLocator(locator);
        for (const data of targets(product, a.staged)) {
          const variant = findVariant(data, locator);
          if (!variant) {
            if (data === product.masterData.staged) throw variantNotFound(locator);
            continue;
          }
          if (variant === data.masterVariant)
            throw errors.invalidOperation('The master variant cannot be removed; make another variant the master variant first.');
          data.variants = data.variants.filter((v) => v !== variant);
        }
      },
    ),
    'ProductVariantDeleted',
    (_product: Product, a, variant: Variant | undefined) => ({ variant, removedImageUrls: [], staged: isStaged(a) }),
    (product: Product, a) => findVariant(product.masterData.staged, { variantId: a.id, sku: a.sku }),
  ),
  changeMasterVariant: productAction(VariantLocator, (product, a) => {
    eachVariant(product, a, (variant, data) => {
      if (variant === data.masterVariant) return;
      const previous = data.masterVariant;
      data.variants = [...data.variants.filter((v) => v !== variant), previous];
      data.masterVariant = variant;
    });
  }),
  setSku,
  // The platform still takes the action's former name.
  setSKU: setSku,
  setProductVariantKey: productAction(
    () => VariantLocator.extend({ key: FreeKey.optional().nullable() }),
    (product, a, ctx) => {
      checkChangedData(
        product,
        eachVariant(product, a, (variant) => setField(variant, 'key', a.key)),
        ctx,
      );
    },
  ),
  revertStagedVariantChanges: productAction(
    () => z.object({ variantId: z.number().int() }),
    (product, a) => {
      const { current, staged } = product.masterData;
      const original = findVariant(current, { variantId: a.variantId });
      const changed = findVariant(staged, { variantId: a.variantId });
      if (!original) throw errors.invalidOperation(`The variant ${a.variantId} has no current version to revert to.`);
      if (!changed) throw variantNotFound({ variantId: a.variantId });
      const copy = jsonClone(original);
      if (staged.masterVariant === changed) staged.masterVariant = copy;
      else staged.variants = staged.variants.map((v) => (v === changed ? copy : v));
    },
  ),
  setDefaultVariant: productAction(
    () => Staged.extend({ variant: resourceIdentifier('variant').optional().nullable() }),
    (product, a, ctx) => {
      if (!isModular(ctx)) throw catalogErrors.notModularCatalog();
      const reference = a.variant ? ctx.reference('variant', a.variant) : undefined;
      if (reference && ctx.get('variant', reference.id)?.product.id !== product.id) {
        throw errors.invalidOperation(`The variant '${reference.id}' is not a variant of the product.`);
      }
      for (const data of targets(product, a.staged)) setField(data, 'defaultVariant', reference);
    },
  ),
};
