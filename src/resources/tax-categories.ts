import * as z from 'zod';
import { uuid } from '../util/ids.js';
import { errors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { action, defineResource, type SdkTypes } from '../engine/define.js';
import { changer, setter } from '../engine/common-actions.js';
import { Country, Key } from '../engine/draft-fields.js';
import type { TaxCategory as SdkTaxCategory, TaxCategoryDraft as SdkTaxCategoryDraft } from '@commercetools/platform-sdk';

export interface SubRate {
  name: string;
  amount: number;
}

export interface TaxRate {
  id: string;
  key?: string;
  name: string;
  amount: number;
  includedInPrice: boolean;
  country: string;
  state?: string;
  subRates?: SubRate[];
}

export interface TaxCategory extends StoredDocument {
  key?: string;
  name: string;
  description?: string;
  rates: TaxRate[];
}

const Amount = z.number().min(0).max(1);

const SubRateDraft = z.object({ name: z.string(), amount: Amount });

export const TaxRateDraft = z.object({
  name: z.string(),
  amount: Amount.optional(),
  includedInPrice: z.boolean(),
  country: Country,
  state: z.string().optional(),
  subRates: z.array(SubRateDraft).optional(),
  key: Key.optional(),
});
export type TaxRateDraft = z.infer<typeof TaxRateDraft>;

export const TaxCategoryDraft = z.object({
  name: z.string(),
  description: z.string().optional(),
  rates: z.array(TaxRateDraft).optional(),
  key: Key.optional(),
});
export type TaxCategoryDraft = z.infer<typeof TaxCategoryDraft>;

/** Sums of sub-rates are compared with a tolerance: 0.05 + 0.08 is not exactly 0.13 in binary floating point. */
const sameAmount = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/** A TaxRateDraft as stored: a generated id, `amount` derived from `subRates` when absent, an empty `state` dropped. */
function taxRateFromDraft(draft: TaxRateDraft): TaxRate {
  const subRatesTotal = draft.subRates?.reduce((sum, subRate) => sum + subRate.amount, 0);
  let amount = draft.amount;
  if (amount === undefined) {
    if (subRatesTotal === undefined) throw errors.invalidOperation('Either amount or subRates must be defined for a tax rate.');
    amount = Math.round(subRatesTotal * 1e9) / 1e9;
  } else if (subRatesTotal !== undefined && draft.subRates!.length > 0 && !sameAmount(amount, subRatesTotal)) {
    throw errors.invalidOperation(`The tax rate amount ${amount} does not equal the sum of its subRates (${subRatesTotal}).`);
  }
  const rate: TaxRate = {
    id: uuid().slice(0, 8),
    name: draft.name,
    amount,
    includedInPrice: draft.includedInPrice,
    country: draft.country,
  };
  if (draft.key !== undefined) rate.key = draft.key;
  if (draft.state !== undefined && draft.state !== '') rate.state = draft.state;
  if (draft.subRates !== undefined) rate.subRates = draft.subRates.map((subRate) => ({ name: subRate.name, amount: subRate.amount }));
  return rate;
}

/** One category holds at most one rate per country+state, and rate keys are unique within it. */
function checkRateUnique(rates: TaxRate[], rate: TaxRate): void {
  for (const other of rates) {
    if (other.country === rate.country && (other.state ?? '') === (rate.state ?? '')) {
      throw errors.duplicateField(
        'rates.country',
        rate.country,
        `A tax rate for country '${rate.country}'${rate.state !== undefined ? ` and state '${rate.state}'` : ''} already exists in this tax category.`,
      );
    }
    if (rate.key !== undefined && other.key === rate.key) throw errors.duplicateField('rates.key', rate.key);
  }
}

const TaxRateLocator = z.object({ taxRateId: z.string().optional(), taxRateKey: z.string().optional() });

function findRateIndex(category: TaxCategory, a: z.infer<typeof TaxRateLocator>): number {
  if (a.taxRateId === undefined && a.taxRateKey === undefined)
    throw errors.invalidOperation('Either taxRateId or taxRateKey must be provided.');
  const index = category.rates.findIndex((rate) => (a.taxRateId !== undefined ? rate.id === a.taxRateId : rate.key === a.taxRateKey));
  if (index < 0) {
    throw errors.invalidOperation(
      `The tax category does not contain a tax rate with ${a.taxRateId !== undefined ? `ID '${a.taxRateId}'` : `key '${a.taxRateKey}'`}.`,
    );
  }
  return index;
}

export const taxCategories = defineResource<TaxCategoryDraft, TaxCategory, SdkTypes<SdkTaxCategoryDraft, SdkTaxCategory>>({
  typeId: 'tax-category',
  path: 'tax-categories',
  referencedBy: ['product', 'shipping-method', 'cart', 'order', 'quote', 'staged-quote'],
  draft: TaxCategoryDraft,
  create(draft) {
    const rates: TaxRate[] = [];
    for (const rateDraft of draft.rates ?? []) {
      const rate = taxRateFromDraft(rateDraft);
      checkRateUnique(rates, rate);
      rates.push(rate);
    }
    const category: Omit<TaxCategory, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'> = {
      name: draft.name,
      rates,
    };
    if (draft.key !== undefined) category.key = draft.key;
    if (draft.description !== undefined) category.description = draft.description;
    return category;
  },
  unique: {
    // The platform refuses a second TaxCategory with the same name with InvalidOperation (not DuplicateField).
    name: {
      values: (category) => [category.name],
      duplicate: (name) => errors.invalidOperation(`A tax category with the name '${name}' already exists.`),
    },
  },
  actions: {
    changeName: changer('name', z.string()),
    setDescription: setter('description', z.string()),
    setKey: setter('key', Key),
    addTaxRate: action(
      () => z.object({ taxRate: TaxRateDraft }),
      (category: TaxCategory, a) => {
        const rate = taxRateFromDraft(a.taxRate);
        checkRateUnique(category.rates, rate);
        category.rates.push(rate);
      },
    ),
    replaceTaxRate: action(
      () => TaxRateLocator.extend({ taxRate: TaxRateDraft }),
      (category: TaxCategory, a) => {
        const index = findRateIndex(category, a);
        const rate = taxRateFromDraft(a.taxRate);
        checkRateUnique(
          category.rates.filter((_, i) => i !== index),
          rate,
        );
        category.rates[index] = rate;
      },
    ),
    removeTaxRate: action(TaxRateLocator, (category: TaxCategory, a) => {
      const index = findRateIndex(category, a);
      category.rates.splice(index, 1);
    }),
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    'tax-category': TaxCategory;
  }
}
