/** The product update actions on a variant's assets. */
import { z } from 'zod';
import { errors } from '../../http/errors.js';
import { jsonClone } from '../../util/json.js';
import { applyCustomField, applyCustomType, SetCustomField, SetCustomType, setField } from '../../engine/common-actions.js';
import type { UpdateAction } from '../../engine/define.js';
import { Key, LocalizedString } from '../../engine/validation.js';
import { assertUniqueAssetKeys, assetFromDraft, AssetDraft, AssetLocator, AssetSourceDraft, findAsset } from '../assets.js';
import type { Product } from './model.js';
import { eachVariant, productAction, VariantLocator } from './product-action.js';

const AssetAction = VariantLocator.extend(AssetLocator.shape);

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
      const asset = findAsset(variant.assets, a, `The variant ${variant.id}`);
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
      eachVariant(product, a, (variant) => void (findAsset(variant.assets, a, `The variant ${variant.id}`).name = a.name));
    },
  ),
  setAssetDescription: productAction(
    () => AssetAction.extend({ description: LocalizedString.optional().nullable() }),
    (product, a) => {
      eachVariant(product, a, (variant) =>
        setField(findAsset(variant.assets, a, `The variant ${variant.id}`), 'description', a.description),
      );
    },
  ),
  setAssetTags: productAction(
    () => AssetAction.extend({ tags: z.array(z.string()).optional().nullable() }),
    (product, a) => {
      eachVariant(product, a, (variant) => setField(findAsset(variant.assets, a, `The variant ${variant.id}`), 'tags', a.tags));
    },
  ),
  setAssetSources: productAction(
    () => AssetAction.extend({ sources: z.array(AssetSourceDraft).min(1) }),
    (product, a) => {
      eachVariant(product, a, (variant) => void (findAsset(variant.assets, a, `The variant ${variant.id}`).sources = jsonClone(a.sources)));
    },
  ),
  setAssetKey: productAction(
    () => VariantLocator.extend({ assetId: z.string(), assetKey: Key.optional().nullable() }),
    (product, a) => {
      eachVariant(product, a, (variant) => {
        setField(findAsset(variant.assets, { assetId: a.assetId }, `The variant ${variant.id}`), 'key', a.assetKey);
        assertUniqueAssetKeys(variant.assets);
      });
    },
  ),
  setAssetCustomType: productAction(
    () => AssetAction.extend(SetCustomType.shape),
    (product, a, ctx) => {
      eachVariant(product, a, (variant) => applyCustomType(findAsset(variant.assets, a, `The variant ${variant.id}`), a, ctx));
    },
  ),
  setAssetCustomField: productAction(
    () => AssetAction.extend(SetCustomField.shape),
    (product, a) => {
      eachVariant(product, a, (variant) => applyCustomField(findAsset(variant.assets, a, `The variant ${variant.id}`), a));
    },
  ),
};
