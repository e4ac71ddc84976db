import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, customFieldsDraft, draftOf, slugify, type Writable } from './support.js';

type CategoryDraft = Writable<DraftOf<'category'>>;

export interface CategoryTransient {
  /** The locales of `name`, `slug` and `description` (default `['en']`). */
  locales: string[];
  /** How many assets (default none). */
  assets: number;
}

export class CategoryFactory extends Factory<TaggedDraft<'category'>, CategoryTransient> {
  /** A subcategory of the category with this key. */
  childOf(parentKey: string): this {
    return this.params({ parent: byKey('category', parentKey) });
  }

  /** Name, slug and description in each of these locales (instead of `en` only). */
  inLocales(...locales: string[]): this {
    return this.transient({ locales });
  }

  /** Image assets (keyed `asset-1`, ...), one source each. */
  withAssets(count = 1): this {
    return this.transient({ assets: count });
  }

  /** Custom fields of the Type with this key. */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/**
 * Categories with a unique key (`category-<n>`) and slug (`<name>-<n>`, unique per locale project-wide),
 * and an order hint that follows the build order.
 */
export const categoryFactory = CategoryFactory.define(({ sequence, params, transientParams, afterBuild }) => {
  const locales = transientParams.locales ?? ['en'];
  const given = params.name && Object.values(params.name).find((value) => typeof value === 'string');
  const name = given ?? faker.commerce.department();
  const perLocale = <V>(value: (locale: string) => V) => Object.fromEntries(locales.map((locale) => [locale, value(locale)]));
  const draft: CategoryDraft = {
    key: `category-${sequence}`,
    name: perLocale(() => name),
    slug: perLocale(() => `${slugify(name)}-${sequence}`),
    description: perLocale(() => faker.commerce.productDescription()),
    orderHint: `0.${String(sequence).padStart(8, '0')}`,
  };
  if (transientParams.assets) {
    draft.assets = Array.from({ length: transientParams.assets }, (_, index) => ({
      key: `asset-${index + 1}`,
      name: perLocale(() => faker.commerce.productName()),
      sources: [{ uri: faker.image.url(), contentType: 'image/jpeg', dimensions: { w: 640, h: 480 } }],
    }));
  }
  return draftOf('category', afterBuild, draft);
});
