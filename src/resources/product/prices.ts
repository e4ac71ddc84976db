/** Embedded prices: drafts, stored form, and the per-variant scope rules. */
import * as z from 'zod';
import { uuid } from '../../util/ids.js';
import { errors } from '../../http/errors.js';
import { MoneyDraft, typedMoney } from '../../pricing/money.js';
import { applyValidity, customFields } from '../../engine/common-actions.js';
import { isDated, isEmptyPeriod, validityPeriodsOverlap } from '../../util/validity.js';
import type { ResourceContext } from '../../engine/define.js';
import { Country, CustomFieldsDraft, Key, resourceIdentifier, DateTime } from '../../engine/draft-fields.js';
import { catalogErrors } from './errors.js';
import type { Price, PriceTier } from './model.js';

export const PriceTierDraft = z.object({ minimumQuantity: z.number().int().min(2), value: MoneyDraft });

export const DiscountedPriceDraft = z.object({
  value: MoneyDraft,
  discount: z.object({ typeId: z.literal('product-discount'), id: z.string() }),
});

/**
 * What every price draft has, embedded, standalone or imported with an order: its key, its value and
 * its scope (country, customer group, channel and validity).
 */
export const PriceScopeDraft = z.object({
  key: Key.optional(),
  value: MoneyDraft,
  country: Country.optional(),
  customerGroup: resourceIdentifier('customer-group').optional(),
  channel: resourceIdentifier('channel').optional(),
  validFrom: DateTime.optional(),
  validUntil: DateTime.optional(),
});

export const PriceDraft = PriceScopeDraft.extend({
  discounted: DiscountedPriceDraft.optional(),
  tiers: z.array(PriceTierDraft).optional(),
  custom: CustomFieldsDraft.optional(),
  recurrencePolicy: resourceIdentifier('recurrence-policy').optional(),
});
export type PriceDraft = z.infer<typeof PriceDraft>;

export function tiersFromDraft(drafts: Array<z.infer<typeof PriceTierDraft>>, currencyCode: string): PriceTier[] {
  const seen = new Set<number>();
  return drafts.map((draft) => {
    if (draft.value.currencyCode !== currencyCode) {
      throw errors.invalidOperation(
        `The currency of a price tier (${draft.value.currencyCode}) must be the currency of the price (${currencyCode}).`,
      );
    }
    if (seen.has(draft.minimumQuantity)) {
      throw errors.invalidOperation(`The price tiers contain the minimumQuantity ${draft.minimumQuantity} more than once.`);
    }
    seen.add(draft.minimumQuantity);
    return { minimumQuantity: draft.minimumQuantity, value: typedMoney(draft.value) };
  });
}

/** The stored Price of a draft, with a new id unless one is given. */
export function priceFromDraft(draft: PriceDraft, ctx: ResourceContext, id: string = uuid()): Price {
  const price: Price = { id, value: typedMoney(draft.value) };
  if (draft.key !== undefined) price.key = draft.key;
  if (draft.country !== undefined) price.country = draft.country;
  if (draft.customerGroup) price.customerGroup = ctx.reference('customer-group', draft.customerGroup);
  if (draft.channel) price.channel = ctx.reference('channel', draft.channel);
  applyValidity(price, { validFrom: draft.validFrom, validUntil: draft.validUntil });
  if (isEmptyPeriod(price)) throw errors.invalidOperation('The validFrom of a price must be before its validUntil.');
  if (draft.discounted) {
    price.discounted = {
      value: typedMoney(draft.discounted.value),
      discount: ctx.reference('product-discount', draft.discounted.discount) as { typeId: 'product-discount'; id: string },
    };
  }
  if (draft.tiers) price.tiers = tiersFromDraft(draft.tiers, draft.value.currencyCode);
  const custom = customFields(draft.custom, ctx);
  if (custom) price.custom = custom;
  if (draft.recurrencePolicy) price.recurrencePolicy = ctx.reference('recurrence-policy', draft.recurrencePolicy);
  return price;
}

const scopeOf = (price: Price) =>
  [price.value.currencyCode, price.country ?? '', price.customerGroup?.id ?? '', price.channel?.id ?? ''].join('|');

function describeScope(price: Price): string {
  const parts = [price.value.currencyCode];
  if (price.country) parts.push(price.country);
  if (price.customerGroup) parts.push(`customerGroup ${price.customerGroup.id}`);
  if (price.channel) parts.push(`channel ${price.channel.id}`);
  if (price.validFrom) parts.push(`from ${price.validFrom}`);
  if (price.validUntil) parts.push(`until ${price.validUntil}`);
  return parts.join(' ');
}

/**
 * The prices of one variant: no two with the same scope (currency, country, customer group,
 * channel, validFrom, validUntil); dated prices of one scope must not overlap; keys are unique.
 */
export function assertVariantPrices(prices: readonly Price[]): void {
  for (let i = 0; i < prices.length; i++) {
    const price = prices[i]!;
    for (let j = 0; j < i; j++) {
      const other = prices[j]!;
      if (price.key !== undefined && price.key === other.key) throw catalogErrors.duplicatePriceKey(other, price.key);
      if (scopeOf(price) !== scopeOf(other)) continue;
      if (price.validFrom === other.validFrom && price.validUntil === other.validUntil) {
        throw catalogErrors.duplicatePriceScope(other, describeScope(price));
      }
      if (isDated(price) && isDated(other) && validityPeriodsOverlap(price, other)) {
        throw catalogErrors.overlappingPriceValidity({
          conflictingPrice: other.id,
          ...overlapScope(price),
          ...(other.validFrom ? { conflictingValidFrom: other.validFrom } : {}),
          ...(other.validUntil ? { conflictingValidUntil: other.validUntil } : {}),
        });
      }
    }
  }
}

/** Whether a stored price has the scope and value a draft describes (removePrice by value). */
export function priceMatchesDraft(price: Price, draft: PriceDraft, ctx: ResourceContext): boolean {
  const candidate = priceFromDraft({ ...draft, discounted: undefined, custom: undefined, tiers: undefined, key: undefined }, ctx, price.id);
  return (
    candidate.value.currencyCode === price.value.currencyCode &&
    candidate.value.centAmount === price.value.centAmount &&
    scopeOf(candidate) === scopeOf(price) &&
    candidate.validFrom === price.validFrom &&
    candidate.validUntil === price.validUntil
  );
}

/** The scope an overlapping-validity error names: the currency, and each scope field the price has. */
export function overlapScope(price: {
  value: { currencyCode: string };
  country?: string | undefined;
  customerGroup?: unknown;
  channel?: unknown;
  validFrom?: string | undefined;
  validUntil?: string | undefined;
}): Record<string, unknown> {
  return {
    currency: price.value.currencyCode,
    ...(price.country ? { country: price.country } : {}),
    ...(price.customerGroup ? { customerGroup: price.customerGroup } : {}),
    ...(price.channel ? { channel: price.channel } : {}),
    ...(price.validFrom ? { validFrom: price.validFrom } : {}),
    ...(price.validUntil ? { validUntil: price.validUntil } : {}),
  };
}

/** A price's `discounted` as `setDiscountedPrice` sets it: only an active product discount of type external can be set. */
export function externalDiscount(draft: z.infer<typeof DiscountedPriceDraft>, ctx: ResourceContext): NonNullable<Price['discounted']> {
  const reference = ctx.reference('product-discount', draft.discount);
  const discount = ctx.get('product-discount', reference.id)!;
  if (discount.value.type !== 'external') {
    throw errors.invalidOperation(
      `The product discount '${reference.id}' is not of type external; only external discounts can be set on a price.`,
    );
  }
  if (!discount.isActive) throw errors.invalidOperation(`The product discount '${reference.id}' is not active.`);
  return { value: typedMoney(draft.value), discount: { typeId: 'product-discount', id: reference.id } };
}
