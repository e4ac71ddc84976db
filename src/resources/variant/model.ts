/** The stored shape of a Variant of the modular catalog (`/variants`). */
import type { StoredDocument } from '../../storage/backend.js';
import type { Reference, ResourceContext } from '../../engine/define.js';
import { SETTINGS_ID } from '../project.js';
import type { Asset } from '../assets.js';
import type { Attribute, Image } from '../product/model.js';

/** One representation of a Variant: its current (published) or staged data. */
export interface VariantData {
  sku?: string;
  images: Image[];
  attributes: Attribute[];
  assets: Asset[];
}

export interface StandaloneVariant extends StoredDocument {
  key?: string;
  /** The variant's id within its product (`ProductVariant.id`). */
  variantId: number;
  product: Reference;
  published: boolean;
  current: VariantData;
  /** Only while there are unpublished changes. */
  staged?: VariantData;
}

/** Whether the project is on the `Modular` product catalog model, which the Variants APIs need. */
export function isModular(ctx: ResourceContext): boolean {
  return ctx.get('project', SETTINGS_ID)?.productCatalogModel === 'Modular';
}
