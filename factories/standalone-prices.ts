import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, draftOf } from './support.js';

export class StandalonePriceFactory extends Factory<TaggedDraft<'standalone-price'>> {
  /** A price of this SKU (e.g. a variant of `productFactory.standalonePrices()`). */
  forSku(sku: string): this {
    return this.params({ sku });
  }

  /** This amount (in the currency's minor unit) and currency. */
  withValue(centAmount: number, currencyCode = 'EUR'): this {
    return this.params({ value: { currencyCode, centAmount } });
  }

  /** Valid in this country only. */
  forCountry(country: string): this {
    return this.params({ country });
  }

  /** For the channel with this key. */
  forChannel(channelKey: string): this {
    return this.params({ channel: byKey('channel', channelKey) });
  }

  /** For the customer group with this key. */
  forCustomerGroup(customerGroupKey: string): this {
    return this.params({ customerGroup: byKey('customer-group', customerGroupKey) });
  }

  /** Valid from `validFrom` until `validUntil` (ISO 8601). */
  validBetween(validFrom: string, validUntil: string): this {
    return this.params({ validFrom, validUntil });
  }

  /** `active: false`. */
  inactive(): this {
    return this.params({ active: false });
  }
}

/** Active standalone prices in EUR with a unique key (`standalone-price-<n>`) and SKU (`SKU-SP-<n>`). */
export const standalonePriceFactory = StandalonePriceFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'standalone-price'> = {
    key: `standalone-price-${sequence}`,
    sku: `SKU-SP-${sequence}`,
    value: { currencyCode: 'EUR', centAmount: faker.number.int({ min: 100, max: 50_000 }) },
    active: true,
  };
  return draftOf('standalone-price', afterBuild, draft);
});
