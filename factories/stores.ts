import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, customFieldsDraft, draftOf } from './support.js';

export class StoreFactory extends Factory<TaggedDraft<'store'>> {
  /** Distribution channels by key (the channels need the `ProductDistribution` role: `channelFactory.forDistribution()`). */
  withDistributionChannels(...channelKeys: string[]): this {
    return this.params({ distributionChannels: channelKeys.map((key) => byKey('channel', key)) });
  }

  /** Supply channels by key (the channels need the `InventorySupply` role, the channel factory's default). */
  withSupplyChannels(...channelKeys: string[]): this {
    return this.params({ supplyChannels: channelKeys.map((key) => byKey('channel', key)) });
  }

  /** Languages (a project whose settings name languages accepts only those). */
  withLanguages(...languages: string[]): this {
    return this.params({ languages });
  }

  /** Countries, as two-letter codes. */
  withCountries(...countries: string[]): this {
    return this.params({ countries: countries.map((code) => ({ code })) });
  }

  /** Product selections by key, active unless `active: false`. */
  withProductSelections(productSelectionKeys: string[], active = true): this {
    return this.params({
      productSelections: productSelectionKeys.map((key) => ({ productSelection: byKey('product-selection', key), active })),
    });
  }

  /** Custom fields of the Type with this key. */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/** Stores with a unique key (`store-<n>`) and a name; no languages, countries or channels unless a trait adds them. */
export const storeFactory = StoreFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'store'> = { key: `store-${sequence}`, name: { en: `${faker.location.city()} store` } };
  return draftOf('store', afterBuild, draft);
});
