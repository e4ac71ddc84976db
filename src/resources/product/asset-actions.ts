/** The product update actions on a variant's assets. */
import { z } from 'zod';
import { errors } from '../../http/errors.js';
import { jsonClone } from '../../util/json.js';
import { applyCustomField, applyCustomType, SetCustomField, SetCustomType, setField } from '../../engine/common-actions.js';
import type { UpdateAction } from '../../engine/define.js';
import { Key, LocalizedString } from '../../engine/validation.js';
import { type Asset, assertUniqueAssetKeys, assetFromDraft, AssetDraft, AssetLocator, AssetSourceDraft, findAsset } from '../assets.js';
import type { Product, Variant } from './model.js';
import { eachVariant, productAction, VariantLocator } from './product-action.js';

const AssetAction = VariantLocator.extend(AssetLocator.shape);

/** The asset of the variant the locator names; none is refused, naming the variant. */
function variantAsset(variant: Variant, locator: z.infer<typeof AssetLocator>): Asset {
  return findAsset(variant.assets, locator, `The variant ${variant.id}`);
}

export const assetActions: Record<string, UpdateAction<Product>> = {
  addAsset: productAction(
    () => VariantLocator.extend({ asset: AssetDraft, position: z.number().int().min(0).optional() }),
    (product, a, ctx) => {
      const asset = assetFromDraft(a.asset, ctx);
      eachVariant(product, a, (variant) => {
        if (a.position === undefined) variant.assets.push(jsonClone(asset));
        else {
          if (a.position > variant.assets.length) {
            throw errors.invalidOperation(
              `The position ${a.position} is outside the assets of variant ${variant.id} (there are ${variant.assets.length}).`,
            );
          }
          variant.assets.splice(a.position, 0, jsonClone(asset));
        }
        assertUniqueAssetKeys(variant.assets);
      });
    },
  ),
  removeAsset: productAction(AssetAction, (product, a) => {
    eachVariant(product, a, (variant) => {
      const asset = variantAsset(variant, a);
      variant.assets = variant.assets.filter((entry) => entry !== asset);
    });
  }),
  changeAssetOrder: productAction(
    () => VariantLocator.extend({ assetOrder: z.array(z.string()) }),
    (product, a) => {
      eachVariant(product, a, (variant) => {
        const current = variant.assets.map((asset) => asset.id);
        const wanted = new Set(a.assetOrder);
        if (wanted.size !== a.assetOrder.length || wanted.size !== current.length || current.some((id) => !wanted.has(id))) {
          throw errors.invalidOperation('The asset order must contain the IDs of all assets of the variant, each once.');
        }
        variant.assets = a.assetOrder.map((id) => variant.assets.find((asset) => asset.id === id)!);
      });
    },
  ),
  changeAssetName: productAction(
    () => AssetAction.extend({ name: LocalizedString }),
    (product, a) => {
      eachVariant(product, a, (variant) => void (variantAsset(variant, a).name = a.name));
    },
  ),
  setAssetDescription: productAction(
    () => AssetAction.extend({ description: LocalizedString.optional().nullable() }),
    (product, a) => {
      eachVariant(product, a, (variant) => setField(variantAsset(variant, a), 'description', a.description));
    },
  ),
  setAssetTags: productAction(
    () => AssetAction.extend({ tags: z.array(z.string()).optional().nullable() }),
    (product, a) => {
      eachVariant(product, a, (variant) => setField(variantAsset(variant, a), 'tags', a.tags));
    },
  ),
  setAssetSources: productAction(
    () => AssetAction.extend({ sources: z.array(AssetSourceDraft).min(1) }),
    (product, a) => {
      eachVariant(product, a, (variant) => void (variantAsset(variant, a).sources = jsonClone(a.sources)));
    },
  ),
  setAssetKey: productAction(
    () => VariantLocator.extend({ assetId: z.string(), assetKey: Key.optional().nullable() }),
    (product, a) => {
      eachVariant(product, a, (variant) => {
        setField(variantAsset(variant, { assetId: a.assetId }), 'key', a.assetKey);
        assertUniqueAssetKeys(variant.assets);
      });
    },
  ),
  setAssetCustomType: productAction(
    () => AssetAction.extend(SetCustomType.shape),
    (product, a, ctx) => {
      eachVariant(product, a, (variant) => applyCustomType(variantAsset(variant, a), a, ctx));
    },
  ),
  setAssetCustomField: productAction(
    () => AssetAction.extend(SetCustomField.shape),
    (product, a) => {
      eachVariant(product, a, (variant) => applyCustomField(variantAsset(variant, a), a));
    },
  ),
};
