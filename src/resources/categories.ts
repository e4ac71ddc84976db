import * as z from 'zod';
import { errors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { jsonClone } from '../util/json.js';
import { action, defineResource, emits, type BaseFields, type ResourceContext, type SdkTypes } from '../engine/define.js';
import {
  applyCustomField,
  applyCustomType,
  changer,
  customFieldActions,
  customFields,
  type CustomFields,
  SetCustomField,
  SetCustomType,
  setField,
  setter,
} from '../engine/common-actions.js';
import { CustomFieldsDraft, Key, LocalizedString, resourceIdentifier, Slug } from '../engine/draft-fields.js';
import { type Asset, AssetDraft, AssetLocator, AssetSourceDraft, assertUniqueAssetKeys, assetFromDraft, findAsset } from './assets.js';
import type { Category as SdkCategory, CategoryDraft as SdkCategoryDraft } from '@commercetools/platform-sdk';

export interface CategoryReference {
  typeId: 'category';
  id: string;
}

export interface Category extends StoredDocument {
  key?: string;
  name: LocalizedString;
  slug: LocalizedString;
  description?: LocalizedString;
  ancestors: CategoryReference[];
  parent?: CategoryReference;
  orderHint: string;
  externalId?: string;
  metaTitle?: LocalizedString;
  metaDescription?: LocalizedString;
  metaKeywords?: LocalizedString;
  custom?: CustomFields;
  assets: Asset[];
}

/** Slugs: per locale, 2 to 256 letters, digits, `-` and `_`. */

/** A decimal between 0 and 1, as a string (`"0.5"`, `".25"`). */
const OrderHint = z.string().regex(/^(0|1|0?\.\d+|1\.0*)$/, 'The order hint must be a decimal value between 0 and 1.');

const CategoryIdentifier = resourceIdentifier('category');

export const CategoryDraft = z.object({
  name: LocalizedString,
  slug: Slug,
  description: LocalizedString.optional(),
  parent: CategoryIdentifier.optional(),
  orderHint: OrderHint.optional(),
  externalId: z.string().optional(),
  metaTitle: LocalizedString.optional(),
  metaDescription: LocalizedString.optional(),
  metaKeywords: LocalizedString.optional(),
  custom: CustomFieldsDraft.optional(),
  assets: z.array(AssetDraft).optional(),
  key: Key.optional(),
});
export type CategoryDraft = z.infer<typeof CategoryDraft>;

/** The platform assigns a random decimal between 0 and 1 when a draft has no order hint. */
function generatedOrderHint(now: string): string {
  const random = Math.floor(Math.random() * 1e6)
    .toString()
    .padStart(6, '0');
  return `0.0000${Date.parse(now)}${random}`;
}

/** The parent as a Reference plus the ancestors that follow from it (root first, ending with the parent). */
function placeUnder(
  identifier: z.infer<typeof CategoryIdentifier>,
  ctx: ResourceContext,
): { parent: CategoryReference; ancestors: CategoryReference[] } {
  const parent = ctx.reference('category', identifier) as CategoryReference;
  const stored = ctx.get('category', parent.id)!;
  return { parent, ancestors: [...(stored.ancestors ?? []), { typeId: 'category', id: parent.id }] };
}

const slugEntries = (category: Category) => Object.entries(category.slug ?? {}).map(([locale, slug]) => `${locale}:${slug}`);

export const categories = defineResource<CategoryDraft, Category, SdkTypes<SdkCategoryDraft, SdkCategory>>({
  typeId: 'category',
  path: 'categories',
  draft: CategoryDraft,
  messages: { created: { type: 'CategoryCreated', payload: (category) => ({ category }) } },
  create(draft, ctx) {
    const assets = (draft.assets ?? []).map((asset) => assetFromDraft(asset, ctx));
    assertUniqueAssetKeys(assets);
    const category: Omit<Category, BaseFields> = {
      name: draft.name,
      slug: draft.slug,
      ancestors: [],
      orderHint: draft.orderHint ?? generatedOrderHint(ctx.now),
      assets,
    };
    for (const field of ['key', 'description', 'externalId', 'metaTitle', 'metaDescription', 'metaKeywords'] as const) {
      if (draft[field] !== undefined) (category as Record<string, unknown>)[field] = draft[field];
    }
    if (draft.parent) Object.assign(category, placeUnder(draft.parent, ctx));
    const custom = customFields(draft.custom, ctx);
    if (custom) category.custom = custom;
    return category;
  },
  unique: {
    slug: {
      values: slugEntries,
      duplicate: (value) => {
        const slug = value.slice(value.indexOf(':') + 1);
        return errors.duplicateField(
          'slug',
          slug,
          `A duplicate value '"${slug}"' exists for field 'slug' (locale '${value.slice(0, value.indexOf(':'))}').`,
        );
      },
    },
  },
  cascade(next, previous, ctx) {
    if (JSON.stringify(next.ancestors) === JSON.stringify(previous.ancestors)) return [];
    const moved: CategoryReference = { typeId: 'category', id: next.id };
    const changed: Category[] = [];
    for (const document of ctx.scan('category')) {
      const descendant = document as Category;
      const at = (descendant.ancestors ?? []).findIndex((ancestor) => ancestor.id === next.id);
      if (at === -1) continue;
      const copy = jsonClone(descendant);
      copy.ancestors = [...next.ancestors, moved, ...descendant.ancestors.slice(at + 1)];
      changed.push(copy);
    }
    return changed;
  },
  actions: {
    changeName: changer('name', LocalizedString),
    changeSlug: emits(
      changer('slug', Slug),
      'CategorySlugChanged',
      (category: Category, _a, oldSlug: Category['slug']) => ({ slug: category.slug, oldSlug }),
      (category: Category) => category.slug,
    ),
    setKey: setter('key', Key),
    setDescription: setter('description', LocalizedString),
    setExternalId: setter('externalId', z.string()),
    setMetaTitle: setter('metaTitle', LocalizedString),
    setMetaDescription: setter('metaDescription', LocalizedString),
    setMetaKeywords: setter('metaKeywords', LocalizedString),
    changeOrderHint: changer('orderHint', OrderHint),
    changeParent: action(
      () => z.object({ parent: CategoryIdentifier }),
      (category: Category, a, ctx) => {
        const target = ctx.reference('category', a.parent);
        const stored = ctx.get('category', target.id)!;
        if (target.id === category.id || (stored.ancestors ?? []).some((ancestor) => ancestor.id === category.id)) {
          throw errors.invalidOperation(
            `The category '${target.id}' cannot become the parent of '${category.id}': it would be its own ancestor.`,
          );
        }
        Object.assign(category, placeUnder({ typeId: 'category', id: target.id }, ctx));
      },
    ),
    ...customFieldActions,
    addAsset: action(
      () => z.object({ asset: AssetDraft, position: z.number().int().min(0).optional() }),
      (category: Category, a, ctx) => {
        const asset = assetFromDraft(a.asset, ctx);
        if (a.position === undefined) category.assets.push(asset);
        else {
          if (a.position > category.assets.length) {
            throw errors.invalidOperation(`The position ${a.position} is outside the assets (there are ${category.assets.length}).`);
          }
          category.assets.splice(a.position, 0, asset);
        }
        assertUniqueAssetKeys(category.assets);
      },
    ),
    removeAsset: action(AssetLocator, (category: Category, a) => {
      const asset = findAsset(category.assets, a, 'The category');
      category.assets = category.assets.filter((entry) => entry !== asset);
    }),
    changeAssetOrder: action(
      () => z.object({ assetOrder: z.array(z.string()) }),
      (category: Category, a) => {
        const current = category.assets.map((asset) => asset.id);
        const wanted = new Set(a.assetOrder);
        if (wanted.size !== a.assetOrder.length || wanted.size !== current.length || current.some((id) => !wanted.has(id))) {
          throw errors.invalidOperation('The asset order must contain the IDs of all assets of the category, each once.');
        }
        category.assets = a.assetOrder.map((id) => category.assets.find((asset) => asset.id === id)!);
      },
    ),
    changeAssetName: action(
      () => AssetLocator.extend({ name: LocalizedString }),
      (category: Category, a) => {
        findAsset(category.assets, a, 'The category').name = a.name;
      },
    ),
    setAssetDescription: action(
      () => AssetLocator.extend({ description: LocalizedString.optional().nullable() }),
      (category: Category, a) => {
        setField(findAsset(category.assets, a, 'The category'), 'description', a.description);
      },
    ),
    setAssetTags: action(
      () => AssetLocator.extend({ tags: z.array(z.string()).optional().nullable() }),
      (category: Category, a) => {
        setField(findAsset(category.assets, a, 'The category'), 'tags', a.tags);
      },
    ),
    setAssetSources: action(
      () => AssetLocator.extend({ sources: z.array(AssetSourceDraft).min(1) }),
      (category: Category, a) => {
        findAsset(category.assets, a, 'The category').sources = a.sources;
      },
    ),
    setAssetKey: action(
      () => z.object({ assetId: z.string(), assetKey: Key.optional().nullable() }),
      (category: Category, a) => {
        setField(findAsset(category.assets, { assetId: a.assetId }, 'The category'), 'key', a.assetKey);
        assertUniqueAssetKeys(category.assets);
      },
    ),
    setAssetCustomType: action(
      () => AssetLocator.extend(SetCustomType.shape),
      (category: Category, a, ctx) => applyCustomType(findAsset(category.assets, a, 'The category'), a, ctx),
    ),
    setAssetCustomField: action(
      () => AssetLocator.extend(SetCustomField.shape),
      (category: Category, a) => applyCustomField(findAsset(category.assets, a, 'The category'), a),
    ),
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    category: Category;
  }
}
