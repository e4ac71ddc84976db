/**
 * What an update action does to one variant's content (its images, assets and attributes), written
 * once for the two resources that hold variants: a product applies an edit to the variant its
 * `variantId`/`sku` names in the data sets `staged` picks (./product-action.ts), a standalone
 * Variant of the modular catalog to its current or staged data (../variant/actions.ts).
 */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { jsonClone } from '../../util/json.js';
import { applyCustomField, applyCustomType, SetCustomField, SetCustomType, setField } from '../../engine/common-actions.js';
import type { AnyPayload, ResourceContext } from '../../engine/define.js';
import { Key, LocalizedString } from '../../engine/draft-fields.js';
import type { ProductType } from '../product-types.js';
import { type Asset, assertUniqueAssetKeys, assetFromDraft, AssetDraft, AssetLocator, AssetSourceDraft, findAsset } from '../assets.js';
import { assertRequired, attributeDefinition, attributeValue } from './attributes.js';
import { ImageDraft } from './draft.js';
import type { Attribute, Image } from './model.js';

/** The parts of a variant the edits change. */
export interface VariantContent {
  images: Image[];
  attributes: Attribute[];
  assets: Asset[];
}

/** What an edit reads besides the variant: the request, the variant's name for messages, its product type. */
export interface EditContext {
  ctx: ResourceContext;
  /** `The variant 3`: whose images or assets an error names. */
  owner: string;
  readonly productType: ProductType;
}

export interface VariantEdit {
  /** The action's fields besides the variant it names and `staged`. */
  fields(): z.ZodRawShape;
  /** Runs once per action before the edits of its data sets: what they share (an added asset's id). */
  prepare?(a: AnyPayload, ctx: ResourceContext): AnyPayload;
  edit(variant: VariantContent, a: AnyPayload, at: EditContext): void;
}

function moveItem<T>(list: T[], from: number, to: number): void {
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item!);
}

function findImageIndex(variant: VariantContent, url: string, owner: string): number {
  const index = variant.images.findIndex((image) => image.url === url);
  if (index === -1) throw errors.invalidOperation(`${owner} has no image with the URL '${url}'.`);
  return index;
}

export const imageEdits = {
  addExternalImage: {
    fields: () => ({ image: ImageDraft }),
    edit: (variant, a) => void variant.images.push(jsonClone(a.image)),
  },
  removeImage: {
    fields: () => ({ imageUrl: z.string() }),
    edit: (variant, a, at) => void variant.images.splice(findImageIndex(variant, a.imageUrl, at.owner), 1),
  },
  moveImageToPosition: {
    fields: () => ({ imageUrl: z.string(), position: z.number().int().min(0) }),
    edit(variant, a, at) {
      const index = findImageIndex(variant, a.imageUrl, at.owner);
      if (a.position >= variant.images.length) {
        throw errors.invalidOperation(
          `The position ${a.position} is outside the images of ${at.owner.toLowerCase()} (there are ${variant.images.length}).`,
        );
      }
      moveItem(variant.images, index, a.position);
    },
  },
  setImageLabel: {
    fields: () => ({ imageUrl: z.string(), label: z.string().optional().nullable() }),
    edit: (variant, a, at) => setField(variant.images[findImageIndex(variant, a.imageUrl, at.owner)]!, 'label', a.label),
  },
} satisfies Record<string, VariantEdit>;

const assetOf = (variant: VariantContent, a: z.infer<typeof AssetLocator>, at: EditContext) => findAsset(variant.assets, a, at.owner);

export const assetEdits = {
  addAsset: {
    fields: () => ({ asset: AssetDraft, position: z.number().int().min(0).optional() }),
    // One asset (one id) for every data set the action changes.
    prepare: (a, ctx) => ({ ...a, asset: assetFromDraft(a.asset, ctx) }),
    edit(variant, a, at) {
      if (a.position === undefined) variant.assets.push(jsonClone(a.asset));
      else {
        if (a.position > variant.assets.length) {
          throw errors.invalidOperation(
            `The position ${a.position} is outside the assets of ${at.owner.toLowerCase()} (there are ${variant.assets.length}).`,
          );
        }
        variant.assets.splice(a.position, 0, jsonClone(a.asset));
      }
      assertUniqueAssetKeys(variant.assets);
    },
  },
  removeAsset: {
    fields: () => AssetLocator.shape,
    edit(variant, a, at) {
      const asset = assetOf(variant, a, at);
      variant.assets = variant.assets.filter((entry) => entry !== asset);
    },
  },
  changeAssetOrder: {
    fields: () => ({ assetOrder: z.array(z.string()) }),
    edit(variant, a) {
      const current = variant.assets.map((asset) => asset.id);
      const wanted = new Set<string>(a.assetOrder);
      if (wanted.size !== a.assetOrder.length || wanted.size !== current.length || current.some((id) => !wanted.has(id))) {
        throw errors.invalidOperation('The asset order must contain the IDs of all assets of the variant, each once.');
      }
      variant.assets = a.assetOrder.map((id: string) => variant.assets.find((asset) => asset.id === id)!);
    },
  },
  changeAssetName: {
    fields: () => ({ ...AssetLocator.shape, name: LocalizedString }),
    edit: (variant, a, at) => void (assetOf(variant, a, at).name = a.name),
  },
  setAssetDescription: {
    fields: () => ({ ...AssetLocator.shape, description: LocalizedString.optional().nullable() }),
    edit: (variant, a, at) => setField(assetOf(variant, a, at), 'description', a.description),
  },
  setAssetTags: {
    fields: () => ({ ...AssetLocator.shape, tags: z.array(z.string()).optional().nullable() }),
    edit: (variant, a, at) => setField(assetOf(variant, a, at), 'tags', a.tags),
  },
  setAssetSources: {
    fields: () => ({ ...AssetLocator.shape, sources: z.array(AssetSourceDraft).min(1) }),
    edit: (variant, a, at) => void (assetOf(variant, a, at).sources = jsonClone(a.sources)),
  },
  setAssetKey: {
    fields: () => ({ assetId: z.string(), assetKey: Key.optional().nullable() }),
    edit(variant, a, at) {
      setField(assetOf(variant, { assetId: a.assetId }, at), 'key', a.assetKey);
      assertUniqueAssetKeys(variant.assets);
    },
  },
  setAssetCustomType: {
    fields: () => ({ ...AssetLocator.shape, ...SetCustomType.shape }),
    edit: (variant, a, at) => applyCustomType(assetOf(variant, a, at), a, at.ctx),
  },
  setAssetCustomField: {
    fields: () => ({ ...AssetLocator.shape, ...SetCustomField.shape }),
    edit: (variant, a, at) => applyCustomField(assetOf(variant, a, at), a),
  },
} satisfies Record<string, VariantEdit>;

/** Sets (or, with no value or null, removes) one attribute of a list. */
export function setAttributeIn(attributes: Attribute[], name: string, value: unknown): void {
  const index = attributes.findIndex((attribute) => attribute.name === name);
  if (value === undefined) {
    if (index !== -1) attributes.splice(index, 1);
  } else if (index === -1) attributes.push({ name, value });
  else attributes[index] = { name, value };
}

/** The value an action sets, checked against the product type's definition of the attribute; null or none: the attribute is removed. */
export function changedValue(
  productType: ProductType,
  a: { name: string; value?: unknown },
  level: 'Product' | 'Variant',
  ctx: ResourceContext,
): unknown {
  const definition = attributeDefinition(productType, a.name, level);
  return a.value === undefined || a.value === null ? undefined : attributeValue(definition, a.value, ctx);
}

export const attributeEdits = {
  setAttribute: {
    fields: () => ({ name: z.string(), value: z.unknown().optional() }),
    edit(variant, a, at) {
      setAttributeIn(variant.attributes, a.name, jsonClone(changedValue(at.productType, a, 'Variant', at.ctx)));
      assertRequired(variant.attributes, at.productType, 'Variant');
    },
  },
} satisfies Record<string, VariantEdit>;
