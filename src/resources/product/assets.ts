/** Variant assets: drafts and lookups shared by the product asset actions. */
import { z } from 'zod';
import { v4 as uuid } from 'uuid';
import { errors } from '../../http/errors.js';
import { customFields } from '../common.js';
import type { ResourceContext } from '../define.js';
import { CustomFieldsDraft, Key, LocalizedString } from '../validation.js';
import type { Asset, Variant } from './model.js';

export const AssetSourceDraft = z.object({
  uri: z.string(),
  key: Key.optional(),
  dimensions: z.object({ w: z.number().int(), h: z.number().int() }).optional(),
  contentType: z.string().optional(),
});

export const AssetDraft = z.object({
  sources: z.array(AssetSourceDraft).min(1),
  name: LocalizedString,
  description: LocalizedString.optional(),
  tags: z.array(z.string()).optional(),
  custom: CustomFieldsDraft.optional(),
  key: Key.optional(),
});
export type AssetDraft = z.infer<typeof AssetDraft>;

export const AssetLocator = z.object({ assetId: z.string().optional(), assetKey: z.string().optional() });

export function assetFromDraft(draft: AssetDraft, ctx: ResourceContext): Asset {
  const { custom, ...rest } = draft;
  const asset: Asset = { id: uuid(), ...rest };
  const fields = customFields(custom, ctx);
  if (fields) asset.custom = fields;
  return asset;
}

export function assertUniqueAssetKeys(assets: readonly Asset[]): void {
  const seen = new Set<string>();
  for (const asset of assets) {
    if (asset.key === undefined) continue;
    if (seen.has(asset.key)) throw errors.duplicateField('assets.key', asset.key);
    seen.add(asset.key);
  }
}

export function findAsset(variant: Variant, a: z.infer<typeof AssetLocator>): Asset {
  if (a.assetId === undefined && a.assetKey === undefined) throw errors.invalidInput('Either assetId or assetKey is required.');
  const found = variant.assets.find((asset) => (a.assetId !== undefined ? asset.id === a.assetId : asset.key === a.assetKey));
  if (!found) {
    throw errors.invalidOperation(
      `The variant ${variant.id} has no asset with ${a.assetId !== undefined ? `ID '${a.assetId}'` : `key '${a.assetKey}'`}.`,
    );
  }
  return found;
}
