/** Assets (of categories and of product variants): drafts, stored shape and the lookups their actions share. */
import * as z from 'zod';
import { uuid } from '../util/ids.js';
import { errors } from '../http/errors.js';
import { copyWithout } from '../util/json.js';
import { customFields, type CustomFields } from '../engine/common-actions.js';
import type { ResourceContext } from '../engine/define.js';
import { CustomFieldsDraft, Key, LocalizedString } from '../engine/draft-fields.js';

export interface AssetSource {
  uri: string;
  key?: string;
  dimensions?: { w: number; h: number };
  contentType?: string;
}

export interface Asset {
  id: string;
  sources: AssetSource[];
  name: LocalizedString;
  description?: LocalizedString;
  tags?: string[];
  custom?: CustomFields;
  key?: string;
}

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
  const asset = Object.assign({ id: uuid() }, copyWithout(draft, 'custom')) as Asset;
  const fields = customFields(draft.custom, ctx);
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

/** The asset an action names by `assetId` or `assetKey`; `owner` says whose assets were searched, for the message. */
export function findAsset(assets: readonly Asset[], a: z.infer<typeof AssetLocator>, owner: string): Asset {
  if (a.assetId === undefined && a.assetKey === undefined) throw errors.invalidInput('Either assetId or assetKey is required.');
  const found = assets.find((asset) => (a.assetId !== undefined ? asset.id === a.assetId : asset.key === a.assetKey));
  if (!found) {
    throw errors.invalidInput(
      `${owner} does not have an asset with ${a.assetId !== undefined ? `ID '${a.assetId}'` : `key '${a.assetKey}'`}.`,
    );
  }
  return found;
}
