import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, customFieldsDraft, draftOf, type Writable } from './support.js';

type ShippingMethodDraft = Writable<DraftOf<'shipping-method'>>;
type ZoneRateDraft = ShippingMethodDraft['zoneRates'][number];
type ShippingRateDraft = Writable<NonNullable<ZoneRateDraft['shippingRates']>[number]>;

/**
 * The key of the tax category shipping methods from the factory name unless `withTaxCategory(key)`:
 * seed one with it, e.g. `taxCategoryFactory.build({ key: DEFAULT_TAX_CATEGORY_KEY })`.
 */
export const DEFAULT_TAX_CATEGORY_KEY = 'standard';

/** A shipping rate in a zone: what shipping costs in a currency, free from `freeAbove` on (both in the currency's minor unit). */
export interface ZoneRateSpec {
  /** Default `'EUR'`. */
  currency?: string;
  /** Default 499. */
  centAmount?: number;
  /** The cart value (minor unit) from which shipping is free. */
  freeAbove?: number;
}

const NAMES = ['Standard', 'Express', 'Economy', 'Overnight', 'Same day', 'Pick-up point'];

export class ShippingMethodFactory extends Factory<TaggedDraft<'shipping-method'>> {
  /**
   * Ships to the zone with this key at this rate, e.g. `forZone('europe', { currency: 'EUR', centAmount: 499, freeAbove: 5000 })`.
   * Chains: each call adds a zone, or a rate in another currency to a zone already added.
   */
  forZone(zoneKey: string, { currency = 'EUR', centAmount = 499, freeAbove }: ZoneRateSpec = {}): this {
    return this.afterBuild((draft) => {
      const rate: ShippingRateDraft = { price: { currencyCode: currency, centAmount } };
      if (freeAbove !== undefined) rate.freeAbove = { currencyCode: currency, centAmount: freeAbove };
      const at = draft.zoneRates.findIndex((zoneRate) => zoneRate.zone.key === zoneKey && zoneRate.zone.id === undefined);
      const existing = draft.zoneRates[at];
      if (existing) draft.zoneRates[at] = { ...existing, shippingRates: [...(existing.shippingRates ?? []), rate] };
      else draft.zoneRates.push({ zone: byKey('zone', zoneKey), shippingRates: [rate] });
    });
  }

  /** The project's default shipping method (`isDefault: true`); a project has at most one. */
  asDefault(): this {
    return this.params({ isDefault: true });
  }

  /** With the tax category of this key (instead of `DEFAULT_TAX_CATEGORY_KEY`). */
  withTaxCategory(taxCategoryKey: string): this {
    return this.params({ taxCategory: byKey('tax-category', taxCategoryKey) });
  }

  /** Only for carts this cart predicate matches, e.g. `'totalPrice.centAmount > 10000'`. */
  where(predicate: string): this {
    return this.params({ predicate });
  }

  /** Only for carts of the stores with these keys. */
  inStores(...storeKeys: string[]): this {
    return this.params({ stores: storeKeys.map((key) => byKey('store', key)) });
  }

  /** `active: false`. */
  inactive(): this {
    return this.params({ active: false });
  }

  /** Custom fields of the Type with this key (a Type for `shipping-method`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/**
 * Active shipping methods with a unique key (`shipping-method-<n>`) and name, the tax category with key
 * `DEFAULT_TAX_CATEGORY_KEY`, not the default, and no zones: `forZone(...)` adds where they ship.
 */
export const shippingMethodFactory = ShippingMethodFactory.define(({ sequence, afterBuild }) => {
  const name = `${faker.helpers.arrayElement(NAMES)} ${sequence}`;
  const draft: ShippingMethodDraft = {
    key: `shipping-method-${sequence}`,
    name,
    localizedName: { en: name },
    description: faker.lorem.sentence(),
    taxCategory: byKey('tax-category', DEFAULT_TAX_CATEGORY_KEY),
    zoneRates: [],
    isDefault: false,
    active: true,
  };
  return draftOf('shipping-method', afterBuild, draft);
});
