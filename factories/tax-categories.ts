import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { draftOf } from './support.js';

type TaxCategoryDraft = DraftOf<'tax-category'>;
type TaxRateDraft = NonNullable<TaxCategoryDraft['rates']>[number];

/** Standard VAT rates of some countries; others get 20 %. */
export const STANDARD_TAX_RATES: Readonly<Record<string, number>> = {
  AT: 0.2,
  BE: 0.21,
  CH: 0.081,
  DE: 0.19,
  DK: 0.25,
  ES: 0.21,
  FR: 0.2,
  GB: 0.2,
  IT: 0.22,
  NL: 0.21,
  PL: 0.23,
  SE: 0.25,
  US: 0,
};

export interface TaxCategoryTransient {
  /** One rate per country (default `['DE']`). */
  countries: string[];
  /** Whether prices include the tax (default true, as in Europe). */
  includedInPrice: boolean;
}

export function taxRateDraft(country: string, includedInPrice = true): TaxRateDraft {
  const amount = STANDARD_TAX_RATES[country] ?? 0.2;
  return {
    key: `${country.toLowerCase()}-standard`,
    name: `${Math.round(amount * 1000) / 10}% ${country} standard`,
    amount,
    includedInPrice,
    country,
  };
}

export class TaxCategoryFactory extends Factory<TaggedDraft<'tax-category'>, TaxCategoryTransient> {
  /** One standard rate per country (see `STANDARD_TAX_RATES`); none when no country is given. */
  withRates(...countries: string[]): this {
    return this.transient({ countries });
  }

  /** Rates whose prices do not include the tax (`includedInPrice: false`, as for US net prices). */
  excludedFromPrice(): this {
    return this.transient({ includedInPrice: false });
  }
}

/** Tax categories with a unique key (`tax-category-<n>`) and name, and one German 19 % rate included in the price. */
export const taxCategoryFactory = TaxCategoryFactory.define(({ sequence, transientParams, afterBuild }) => {
  const includedInPrice = transientParams.includedInPrice ?? true;
  const draft: TaxCategoryDraft = {
    key: `tax-category-${sequence}`,
    name: `${faker.commerce.productAdjective()} goods ${sequence}`,
    description: faker.lorem.sentence(),
    rates: (transientParams.countries ?? ['DE']).map((country) => taxRateDraft(country, includedInPrice)),
  };
  return draftOf('tax-category', afterBuild, draft);
});
