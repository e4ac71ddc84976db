/**
 * The Variant update actions. Those that take `staged` (default `true`) change the staged data
 * (made from the current data when the Variant has none), or with `staged: false` the current data
 * and any staged data alike, as product actions do; `publish` makes the staged data current.
 */
import * as z from 'zod';
import { jsonClone } from '../../util/json.js';
import { setField } from '../../engine/common-actions.js';
import { action, emits, type AnyPayload, type ResourceContext, type UpdateAction } from '../../engine/define.js';
import { FreeKey } from '../../engine/draft-fields.js';
import type { ProductType } from '../product-types.js';
import { assertUniqueAssetKeys, assetFromDraft, AssetDraft } from '../assets.js';
import { assertRequired, attributesFromDraft } from '../product/attributes.js';
import { AttributeDraft, ImageDraft, productTypeOf } from '../product/draft.js';
import { isStaged, Staged } from '../product/product-action.js';
import { assetEdits, attributeEdits, imageEdits, type VariantEdit } from '../product/variant-edits.js';
import type { StandaloneVariant, VariantData } from './model.js';

function productTypeOfVariant(variant: StandaloneVariant, ctx: ResourceContext): ProductType {
  const product = ctx.get('product', variant.product.id);
  return productTypeOf(ctx, product?.productType ?? { id: '' });
}

/** The data sets an action changes: the staged data, or (staged: false) the current data and any staged data. */
function dataSets(variant: StandaloneVariant, staged: boolean | undefined): VariantData[] {
  if (staged !== false) {
    variant.staged ??= jsonClone(variant.current);
    return [variant.staged];
  }
  return variant.staged ? [variant.current, variant.staged] : [variant.current];
}

/** The staged data as messages report it after a change: the staged data, or the current data without staged changes. */
const stagedData = (variant: StandaloneVariant) => variant.staged ?? variant.current;

/** A Variant action from a variant edit shared with products. */
function variantEdit(edit: VariantEdit): UpdateAction<StandaloneVariant> {
  return action(
    () => Staged.extend(edit.fields()),
    (variant: StandaloneVariant, a: AnyPayload, ctx) => {
      const payload = edit.prepare ? edit.prepare(a, ctx) : a;
      let productType: ProductType | undefined;
      const at = {
        ctx,
        owner: 'The variant',
        get productType() {
          productType ??= productTypeOfVariant(variant, ctx);
          return productType;
        },
      };
      for (const data of dataSets(variant, a.staged)) edit.edit(data, payload, at);
    },
  );
}

/** An action that sets one field of the data sets it changes to the value `value` makes of the payload. */
function dataSetter<S extends z.ZodType<{ staged?: boolean | undefined }>>(
  field: 'sku' | 'images' | 'assets' | 'attributes',
  schema: () => S,
  value: (a: z.infer<S>, variant: StandaloneVariant, ctx: ResourceContext) => unknown,
): UpdateAction<StandaloneVariant> {
  return action(schema, (variant: StandaloneVariant, a: z.infer<S>, ctx) => {
    const next = value(a, variant, ctx);
    for (const data of dataSets(variant, a.staged)) setField(data, field, jsonClone(next));
  });
}

const imageAndAssetActions = Object.fromEntries(
  Object.entries({ ...imageEdits, ...assetEdits, ...attributeEdits }).map(([name, edit]) => [name, variantEdit(edit)]),
);

export const variantActions: Record<string, UpdateAction<StandaloneVariant>> = {
  ...imageAndAssetActions,
  addExternalImage: emits(variantEdit(imageEdits.addExternalImage), 'VariantImageAdded', (_variant: StandaloneVariant, a) => ({
    image: a.image,
    staged: isStaged(a),
  })),
  setImages: emits(
    dataSetter(
      'images',
      () => Staged.extend({ images: z.array(ImageDraft) }),
      (a) => a.images,
    ),
    'VariantImagesSet',
    (variant: StandaloneVariant, a, oldImages) => ({ images: stagedData(variant).images, oldImages, staged: isStaged(a) }),
    (variant: StandaloneVariant) => jsonClone(stagedData(variant).images),
  ),
  setAssets: dataSetter(
    'assets',
    () => Staged.extend({ assets: z.array(AssetDraft) }),
    (a, _variant, ctx) => {
      const assets = a.assets.map((draft) => assetFromDraft(draft, ctx));
      assertUniqueAssetKeys(assets);
      return assets;
    },
  ),
  setAttributes: dataSetter(
    'attributes',
    () => Staged.extend({ attributes: z.array(AttributeDraft) }),
    (a, variant, ctx) => {
      const productType = productTypeOfVariant(variant, ctx);
      const attributes = attributesFromDraft(a.attributes, productType, 'Variant', ctx);
      assertRequired(attributes, productType, 'Variant');
      return attributes;
    },
  ),
  setSku: emits(
    dataSetter(
      'sku',
      () => Staged.extend({ sku: z.string().min(1).optional().nullable() }),
      (a) => a.sku ?? undefined,
    ),
    'VariantSkuSet',
    (variant: StandaloneVariant, a, oldSku: string | undefined) => ({ sku: stagedData(variant).sku, oldSku, staged: isStaged(a) }),
    (variant: StandaloneVariant) => stagedData(variant).sku,
  ),
  setKey: emits(
    action(
      () => z.object({ key: FreeKey.optional().nullable() }),
      (variant: StandaloneVariant, a) => setField(variant, 'key', a.key),
    ),
    'VariantKeySet',
    (variant: StandaloneVariant, _a, oldKey: string | undefined) => ({ key: variant.key, oldKey }),
    (variant: StandaloneVariant) => variant.key,
  ),
  publish: emits(
    action(z.object({}), (variant: StandaloneVariant) => {
      if (variant.staged) variant.current = variant.staged;
      delete variant.staged;
      variant.published = true;
    }),
    'VariantPublished',
  ),
  unpublish: emits(
    action(z.object({}), (variant: StandaloneVariant) => {
      variant.published = false;
    }),
    'VariantUnpublished',
    (variant: StandaloneVariant) => ({ product: variant.product }),
  ),
  removeStagedChanges: emits(
    action(z.object({}), (variant: StandaloneVariant) => {
      delete variant.staged;
    }),
    'VariantStagedChangesRemoved',
  ),
};
