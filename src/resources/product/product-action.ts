/**
 * What every product update action shares. Actions that take `staged` (default `true`) change only
 * the staged data, or with `staged: false` both current and staged. After every action
 * `hasStagedChanges` is recomputed (`productAction`); an action that changes what the product
 * data's rules cover (SKUs, variant keys, prices, attribute constraints) checks the data sets it
 * changed (`checkChangedData`).
 */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { action, type ResourceContext, type UpdateAction } from '../../engine/define.js';
import { assertProductData, dataDiffers, productTypeOf } from './draft.js';
import { allVariants, type Product, type ProductData, type Variant } from './model.js';
import { assertVariantPrices } from './prices.js';
import type { VariantEdit } from './variant-edits.js';

export const Staged = z.object({ staged: z.boolean().optional() });
export const VariantLocator = Staged.extend({ variantId: z.number().int().optional(), sku: z.string().optional() });
export type VariantLocator = z.infer<typeof VariantLocator>;

/** The data sets an action changes: staged only, or (staged: false) staged and current. */
export function targets(product: Product, staged: boolean | undefined): ProductData[] {
  return staged === false ? [product.masterData.staged, product.masterData.current] : [product.masterData.staged];
}

export function findVariant(data: ProductData, locator: { variantId?: number | undefined; sku?: string | undefined }): Variant | undefined {
  return allVariants(data).find((variant) =>
    locator.variantId !== undefined ? variant.id === locator.variantId : variant.sku === locator.sku,
  );
}

export function variantNotFound(locator: { variantId?: number | undefined; sku?: string | undefined }) {
  return errors.invalidOperation(
    locator.variantId !== undefined
      ? `The product has no variant with ID '${locator.variantId}'.`
      : `The product has no variant with SKU '${locator.sku}'.`,
  );
}

export function requireLocator(locator: { variantId?: number | undefined; sku?: string | undefined }): void {
  if (locator.variantId === undefined && locator.sku === undefined) throw errors.invalidInput('Either variantId or sku is required.');
}

/**
 * Runs `change` on the located variant in each target data set. The variant must exist in the
 * staged data; in the current data it is changed where it exists.
 */
export function eachVariant(
  product: Product,
  locator: VariantLocator,
  change: (variant: Variant, data: ProductData) => void,
): ProductData[] {
  requireLocator(locator);
  const changed: ProductData[] = [];
  for (const data of targets(product, locator.staged)) {
    const variant = findVariant(data, locator);
    if (!variant) {
      if (data === product.masterData.staged) throw variantNotFound(locator);
      continue;
    }
    change(variant, data);
    changed.push(data);
  }
  return changed;
}

/** The checks every change of product data passes, on the data sets an action changed. */
export function checkChangedData(product: Product, datas: readonly ProductData[], ctx: ResourceContext): void {
  if (datas.length === 0) return;
  const productType = productTypeOf(ctx, product.productType);
  for (const data of datas) {
    assertProductData(data, productType);
    for (const variant of allVariants(data)) assertVariantPrices(variant.prices);
  }
}

/** Whether an action changed the staged data only, as product messages say (`staged`). */
export const isStaged = (a: { staged?: boolean | undefined }) => a.staged !== false;

/** A product action: applies, then recomputes `hasStagedChanges`. */
export function productAction<S extends z.ZodType>(
  schema: S | (() => S),
  apply: (product: Product, a: z.infer<S>, ctx: ResourceContext) => void,
): UpdateAction<Product> {
  return action(schema, (product: Product, a: z.infer<S>, ctx: ResourceContext) => {
    apply(product, a, ctx);
    product.masterData.hasStagedChanges = dataDiffers(product.masterData.current, product.masterData.staged);
  });
}

/** A product action that applies a variant edit to the variant it names, in the data sets `staged` picks. */
export function productEdit(edit: VariantEdit): UpdateAction<Product> {
  return productAction(
    () => VariantLocator.extend(edit.fields()),
    (product, a, ctx) => {
      const payload = edit.prepare ? edit.prepare(a, ctx) : a;
      const changed = eachVariant(product, a, (variant) =>
        edit.edit(variant, payload, {
          ctx,
          owner: `The variant ${variant.id}`,
          get productType() {
            return productTypeOf(ctx, product.productType);
          },
        }),
      );
      checkChangedData(product, changed, ctx);
    },
  );
}
