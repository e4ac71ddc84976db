/**
 * The update actions of a product tailoring. Those that take `staged` (default `true`) change the
 * staged data only, or with `staged: false` the current data too; `hasStagedChanges` is recomputed
 * after each. A variant is named by `variantId` (`id` for add and remove) or `sku` of the product's
 * variants. The actions that add or set something of a variant (an image, the images, an asset, an
 * attribute) start its tailoring when it has none; the others need one. Every message names the
 * tailoring's store and product (`store`, `product`, `productKey`).
 */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { jsonClone, jsonEqual } from '../../util/json.js';
import { applyCustomField, applyCustomType, SetCustomField, SetCustomType, setField } from '../../engine/common-actions.js';
import { action, emits, type ResourceContext, type UpdateAction } from '../../engine/define.js';
import { Key, LocalizedString, Slug } from '../../engine/draft-fields.js';
import { type Asset, assertUniqueAssetKeys, assetFromDraft, AssetDraft, AssetLocator, AssetSourceDraft, findAsset } from '../assets.js';
import { ImageDraft } from '../product/draft.js';
import { allVariants, type Attribute } from '../product/model.js';
import { productOfTailoring, tailoredAttributeValue, TailoringAttribute, variantIdOf, variantTailoringFromDraft } from './draft.js';
import type { ProductTailoring, TailoringData, VariantTailoring } from './model.js';

const Staged = z.object({ staged: z.boolean().optional() });
const VariantLocator = Staged.extend({ variantId: z.number().int().optional(), sku: z.string().optional() });
type VariantLocator = z.infer<typeof VariantLocator>;

/** The data sets an action changes: staged only, or (staged: false) staged and current. */
function targets(tailoring: ProductTailoring, staged: boolean | undefined): TailoringData[] {
  return staged === false ? [tailoring.staged, tailoring.current] : [tailoring.staged];
}

/** A tailoring action: applies, then recomputes `hasStagedChanges`. */
function tailoringAction<S extends z.ZodType>(
  schema: S | (() => S),
  apply: (tailoring: ProductTailoring, a: z.infer<S>, ctx: ResourceContext) => void,
): UpdateAction<ProductTailoring> {
  return action(schema, (tailoring: ProductTailoring, a: z.infer<S>, ctx: ResourceContext) => {
    apply(tailoring, a, ctx);
    tailoring.hasStagedChanges = !jsonEqual(tailoring.current, tailoring.staged);
  });
}

/** What every tailoring message carries: the store, the product and its key. */
export function tailoringAbout(tailoring: ProductTailoring, ctx: ResourceContext): Record<string, unknown> {
  const productKey = ctx.get('product', tailoring.product.id)?.key;
  return { store: tailoring.store, ...(productKey !== undefined ? { productKey } : {}), product: tailoring.product };
}

function tailoringEmits<Old = undefined>(
  declared: UpdateAction<ProductTailoring>,
  type: string,
  payload: (tailoring: ProductTailoring, a: any, old: Old, ctx: ResourceContext) => Record<string, unknown> = () => ({}),
  before?: (tailoring: ProductTailoring, a: any) => Old,
): UpdateAction<ProductTailoring> {
  return emits(
    declared,
    type,
    (tailoring: ProductTailoring, a, old: Old, ctx) => ({ ...tailoringAbout(tailoring, ctx), ...payload(tailoring, a, old, ctx) }),
    before,
  );
}

/**
 * Runs `change` on the tailoring of the located variant in each target data set. `start`: a variant
 * without one gets one; otherwise it must have one in the staged data (the current is changed where
 * it has one).
 */
function eachVariant(
  tailoring: ProductTailoring,
  a: VariantLocator,
  ctx: ResourceContext,
  start: boolean,
  change: (variant: VariantTailoring) => void,
): number {
  const id = variantIdOf(productOfTailoring(tailoring, ctx), a);
  for (const data of targets(tailoring, a.staged)) {
    let variant = data.variants?.find((entry) => entry.id === id);
    if (!variant && start) {
      variant = { id };
      (data.variants ??= []).push(variant);
    }
    if (!variant) {
      if (data === tailoring.staged) throw errors.invalidOperation(`The product tailoring has no tailoring of the variant ${id}.`);
      continue;
    }
    change(variant);
  }
  return id;
}

/** The variant tailoring an action named, in the staged data, after the action. */
const stagedVariant = (tailoring: ProductTailoring, id: number) => tailoring.staged.variants?.find((entry) => entry.id === id);

function textAction(field: 'name' | 'description' | 'metaTitle' | 'metaDescription' | 'metaKeywords' | 'slug') {
  const schema = field === 'slug' ? Slug : LocalizedString;
  return tailoringAction(
    () => Staged.extend({ [field]: schema.optional().nullable() }),
    (tailoring, a: Record<string, unknown> & { staged?: boolean }) => {
      for (const data of targets(tailoring, a.staged)) setField(data, field, a[field]);
    },
  );
}

/** `NameSet`, `DescriptionSet`, `SlugSet`: the staged value after the action and before it. */
function textMessage(field: 'name' | 'description' | 'slug', type: string) {
  const Old = `old${field[0]!.toUpperCase()}${field.slice(1)}`;
  return tailoringEmits(
    textAction(field),
    type,
    (tailoring, _a, old: LocalizedString | undefined) => ({ [field]: tailoring.staged[field], [Old]: old }),
    (tailoring) => tailoring.staged[field],
  );
}

function findImageIndex(variant: VariantTailoring, url: string): number {
  const index = (variant.images ?? []).findIndex((image) => image.url === url);
  if (index === -1) throw errors.invalidOperation(`The tailoring of variant ${variant.id} has no image with the URL '${url}'.`);
  return index;
}

function variantAsset(variant: VariantTailoring, locator: z.infer<typeof AssetLocator>): Asset {
  return findAsset(variant.assets ?? [], locator, `The tailoring of variant ${variant.id}`);
}

const AssetAction = VariantLocator.extend(AssetLocator.shape);

/** An asset action on the located variant tailoring (which must exist). */
function assetAction<S extends z.ZodType>(
  schema: () => S,
  change: (variant: VariantTailoring, a: z.infer<S>, ctx: ResourceContext) => void,
) {
  return tailoringAction(schema, (tailoring, a: z.infer<S>, ctx) => {
    eachVariant(tailoring, a as VariantLocator, ctx, false, (variant) => change(variant, a, ctx));
  });
}

/** Sets or (no value) removes one tailored attribute. */
function setAttributeIn(data: { attributes?: Attribute[] }, name: string, value: unknown): void {
  const attributes = data.attributes ?? [];
  const index = attributes.findIndex((attribute) => attribute.name === name);
  if (value === undefined) {
    if (index !== -1) attributes.splice(index, 1);
  } else if (index === -1) attributes.push({ name, value: jsonClone(value) });
  else attributes[index] = { name, value: jsonClone(value) };
  if (attributes.length > 0) data.attributes = attributes;
  else delete data.attributes;
}

const AttributeChange = { name: z.string(), value: z.unknown().optional() };

const moveItem = <T>(list: T[], from: number, to: number) => list.splice(to, 0, list.splice(from, 1)[0]!);

export const tailoringActions: Record<string, UpdateAction<ProductTailoring>> = {
  setKey: tailoringEmits(
    action(z.object({ key: Key.optional().nullable() }), (tailoring: ProductTailoring, a) => setField(tailoring, 'key', a.key)),
    'ProductTailoringKeySet',
    (tailoring, _a, old: string | undefined) => ({ key: tailoring.key, oldKey: old }),
    (tailoring) => tailoring.key,
  ),
  setName: textMessage('name', 'ProductTailoringNameSet'),
  setDescription: textMessage('description', 'ProductTailoringDescriptionSet'),
  setSlug: textMessage('slug', 'ProductTailoringSlugSet'),
  setMetaTitle: textAction('metaTitle'),
  setMetaDescription: textAction('metaDescription'),
  setMetaKeywords: textAction('metaKeywords'),
  setMetaAttributes: tailoringAction(
    () =>
      Staged.extend({
        metaTitle: LocalizedString.optional().nullable(),
        metaDescription: LocalizedString.optional().nullable(),
        metaKeywords: LocalizedString.optional().nullable(),
      }),
    (tailoring, a) => {
      for (const data of targets(tailoring, a.staged)) {
        setField(data, 'metaTitle', a.metaTitle);
        setField(data, 'metaDescription', a.metaDescription);
        setField(data, 'metaKeywords', a.metaKeywords);
      }
    },
  ),
  publish: tailoringEmits(
    tailoringAction(z.object({}), (tailoring) => {
      tailoring.current = jsonClone(tailoring.staged);
      tailoring.published = true;
    }),
    'ProductTailoringPublished',
  ),
  unpublish: tailoringEmits(
    tailoringAction(z.object({}), (tailoring) => {
      tailoring.published = false;
    }),
    'ProductTailoringUnpublished',
  ),
  addVariant: tailoringEmits(
    tailoringAction(
      () =>
        Staged.extend({
          id: z.number().int().optional(),
          sku: z.string().optional(),
          images: z.array(ImageDraft).optional(),
          assets: z.array(AssetDraft).optional(),
          attributes: z.array(TailoringAttribute).optional(),
        }),
      (tailoring, a, ctx) => {
        const product = productOfTailoring(tailoring, ctx);
        const variant = variantTailoringFromDraft(product, a, ctx);
        for (const data of targets(tailoring, a.staged)) {
          if (data.variants?.some((entry) => entry.id === variant.id)) {
            throw errors.invalidOperation(`The variant ${variant.id} is tailored already.`);
          }
          (data.variants ??= []).push(jsonClone(variant));
        }
      },
    ),
    'ProductVariantTailoringAdded',
    (tailoring, a, _old, ctx) => {
      const id = variantIdOf(productOfTailoring(tailoring, ctx), { variantId: a.id, sku: a.sku });
      return { variantId: id, variant: stagedVariant(tailoring, id) };
    },
  ),
  removeVariant: tailoringEmits(
    tailoringAction(
      () => Staged.extend({ id: z.number().int().optional(), sku: z.string().optional() }),
      (tailoring, a, ctx) => {
        const id = variantIdOf(productOfTailoring(tailoring, ctx), { variantId: a.id, sku: a.sku });
        for (const data of targets(tailoring, a.staged)) {
          const index = data.variants?.findIndex((entry) => entry.id === id) ?? -1;
          if (index === -1) {
            if (data === tailoring.staged) throw errors.invalidOperation(`The product tailoring has no tailoring of the variant ${id}.`);
            continue;
          }
          data.variants!.splice(index, 1);
          if (data.variants!.length === 0) delete data.variants;
        }
      },
    ),
    'ProductVariantTailoringRemoved',
    (tailoring, a, old: VariantTailoring[] | undefined, ctx) => {
      const id = variantIdOf(productOfTailoring(tailoring, ctx), { variantId: a.id, sku: a.sku });
      return { variantId: id, variant: old?.find((entry) => entry.id === id) };
    },
    (tailoring) => jsonClone(tailoring.staged.variants),
  ),
  addExternalImage: tailoringEmits(
    tailoringAction(
      () => VariantLocator.extend({ image: ImageDraft }),
      (tailoring, a, ctx) => {
        eachVariant(tailoring, a, ctx, true, (variant) => (variant.images ??= []).push(jsonClone(a.image)));
      },
    ),
    'ProductTailoringImageAdded',
    (tailoring, a, _old, ctx) => {
      const id = variantIdOf(productOfTailoring(tailoring, ctx), a);
      return { variantId: id, image: stagedVariant(tailoring, id)?.images?.at(-1) };
    },
  ),
  setImages: tailoringEmits(
    tailoringAction(
      () => VariantLocator.extend({ images: z.array(ImageDraft).optional().nullable() }),
      (tailoring, a, ctx) => {
        eachVariant(tailoring, a, ctx, true, (variant) => setField(variant, 'images', a.images && jsonClone(a.images)));
      },
    ),
    'ProductTailoringImagesSet',
    (tailoring, a, old: VariantTailoring[] | undefined, ctx) => {
      const id = variantIdOf(productOfTailoring(tailoring, ctx), a);
      return { variantId: id, oldImages: old?.find((entry) => entry.id === id)?.images, images: stagedVariant(tailoring, id)?.images };
    },
    (tailoring) => jsonClone(tailoring.staged.variants),
  ),
  removeImage: tailoringAction(
    () => VariantLocator.extend({ imageUrl: z.string() }),
    (tailoring, a, ctx) => {
      eachVariant(tailoring, a, ctx, false, (variant) => void variant.images!.splice(findImageIndex(variant, a.imageUrl), 1));
    },
  ),
  moveImageToPosition: tailoringAction(
    () => VariantLocator.extend({ imageUrl: z.string(), position: z.number().int().min(0) }),
    (tailoring, a, ctx) => {
      eachVariant(tailoring, a, ctx, false, (variant) => {
        const index = findImageIndex(variant, a.imageUrl);
        const images = variant.images!;
        if (a.position >= images.length) {
          throw errors.invalidOperation(
            `The position ${a.position} is outside the images of variant ${variant.id} (there are ${images.length}).`,
          );
        }
        moveItem(images, index, a.position);
      });
    },
  ),
  setImageLabel: tailoringAction(
    () => VariantLocator.extend({ imageUrl: z.string(), label: z.string().optional().nullable() }),
    (tailoring, a, ctx) => {
      eachVariant(tailoring, a, ctx, false, (variant) => setField(variant.images![findImageIndex(variant, a.imageUrl)]!, 'label', a.label));
    },
  ),
  addAsset: tailoringAction(
    () => VariantLocator.extend({ asset: AssetDraft, position: z.number().int().min(0).optional() }),
    (tailoring, a, ctx) => {
      const asset = assetFromDraft(a.asset, ctx);
      eachVariant(tailoring, a, ctx, true, (variant) => {
        const assets = (variant.assets ??= []);
        if (a.position === undefined) assets.push(jsonClone(asset));
        else {
          if (a.position > assets.length) {
            throw errors.invalidOperation(
              `The position ${a.position} is outside the assets of variant ${variant.id} (there are ${assets.length}).`,
            );
          }
          assets.splice(a.position, 0, jsonClone(asset));
        }
        assertUniqueAssetKeys(assets);
      });
    },
  ),
  removeAsset: assetAction(
    () => AssetAction,
    (variant, a) => {
      const asset = variantAsset(variant, a);
      variant.assets = variant.assets!.filter((entry) => entry !== asset);
    },
  ),
  changeAssetOrder: assetAction(
    () => VariantLocator.extend({ assetOrder: z.array(z.string()) }),
    (variant, a) => {
      const assets = variant.assets ?? [];
      const wanted = new Set(a.assetOrder);
      if (wanted.size !== a.assetOrder.length || wanted.size !== assets.length || assets.some((asset) => !wanted.has(asset.id))) {
        throw errors.invalidOperation('The asset order must contain the IDs of all assets of the variant tailoring, each once.');
      }
      variant.assets = a.assetOrder.map((id) => assets.find((asset) => asset.id === id)!);
    },
  ),
  changeAssetName: assetAction(
    () => AssetAction.extend({ name: LocalizedString }),
    (variant, a) => void (variantAsset(variant, a).name = a.name),
  ),
  setAssetDescription: assetAction(
    () => AssetAction.extend({ description: LocalizedString.optional().nullable() }),
    (variant, a) => setField(variantAsset(variant, a), 'description', a.description),
  ),
  setAssetTags: assetAction(
    () => AssetAction.extend({ tags: z.array(z.string()).optional().nullable() }),
    (variant, a) => setField(variantAsset(variant, a), 'tags', a.tags),
  ),
  setAssetSources: assetAction(
    () => AssetAction.extend({ sources: z.array(AssetSourceDraft).min(1) }),
    (variant, a) => void (variantAsset(variant, a).sources = jsonClone(a.sources)),
  ),
  setAssetKey: assetAction(
    () => VariantLocator.extend({ assetId: z.string(), assetKey: Key.optional().nullable() }),
    (variant, a) => {
      setField(variantAsset(variant, { assetId: a.assetId }), 'key', a.assetKey);
      assertUniqueAssetKeys(variant.assets!);
    },
  ),
  setAssetCustomType: assetAction(
    () => AssetAction.extend(SetCustomType.shape),
    (variant, a, ctx) => applyCustomType(variantAsset(variant, a), a, ctx),
  ),
  setAssetCustomField: assetAction(
    () => AssetAction.extend(SetCustomField.shape),
    (variant, a) => applyCustomField(variantAsset(variant, a), a),
  ),
  setAttribute: tailoringAction(
    () => VariantLocator.extend(AttributeChange),
    (tailoring, a, ctx) => {
      const value = tailoredAttributeValue(productOfTailoring(tailoring, ctx), a, 'Variant', ctx);
      eachVariant(tailoring, a, ctx, true, (variant) => setAttributeIn(variant, a.name, value));
    },
  ),
  setAttributeInAllVariants: tailoringAction(
    () => Staged.extend(AttributeChange),
    (tailoring, a, ctx) => {
      const product = productOfTailoring(tailoring, ctx);
      const value = tailoredAttributeValue(product, a, 'Variant', ctx);
      for (const variant of allVariants(product.masterData.staged)) {
        eachVariant(tailoring, { variantId: variant.id, staged: a.staged }, ctx, true, (entry) => setAttributeIn(entry, a.name, value));
      }
    },
  ),
  setProductAttribute: tailoringAction(
    () => Staged.extend(AttributeChange),
    (tailoring, a, ctx) => {
      const value = tailoredAttributeValue(productOfTailoring(tailoring, ctx), a, 'Product', ctx);
      for (const data of targets(tailoring, a.staged)) setAttributeIn(data, a.name, value);
    },
  ),
};
