/**
 * Standalone prices: prices kept outside the product, by SKU. Products with `priceMode:
 * Standalone` select among the active ones (see ./product/present.ts). Product discounts apply to
 * them too: `discounted` is computed when they are read, from the product variant with their SKU.
 */
import * as z from 'zod';
import { isDated, isEmptyPeriod, validityPeriodsOverlap } from '../util/validity.js';
import { errors } from '../http/errors.js';
import { MoneyDraft, typedMoney, type TypedMoney } from '../pricing/money.js';
import { jsonClone } from '../util/json.js';
import {
  action,
  defineResource,
  emits,
  emitsOneOf,
  type BaseFields,
  type Reference,
  type ResourceContext,
  type SdkTypes,
} from '../engine/define.js';
import {
  applyValidity,
  changer,
  customFieldActions,
  customFields,
  type CustomFields,
  emitsField,
  setField,
  setter,
  validityActions,
} from '../engine/common-actions.js';
import { catalogErrors } from './product/errors.js';
import { allVariants, type PriceTier } from './product/model.js';
import { CatalogRead, type StandalonePriceLike } from './product/present.js';
import { DiscountedPriceDraft, externalDiscount, overlapScope, PriceScopeDraft, PriceTierDraft, tiersFromDraft } from './product/prices.js';
import { presentedRoutes } from './product/routes.js';
import { CustomFieldsDraft, Key, resourceIdentifier } from '../engine/draft-fields.js';
import type { StandalonePrice as SdkStandalonePrice, StandalonePriceDraft as SdkStandalonePriceDraft } from '@commercetools/platform-sdk';

export interface StandalonePrice extends StandalonePriceLike {
  key?: string;
  sku: string;
  value: TypedMoney;
  country?: string;
  customerGroup?: Reference;
  channel?: Reference;
  validFrom?: string;
  validUntil?: string;
  tiers?: PriceTier[];
  discounted?: { value: TypedMoney; discount: { typeId: 'product-discount'; id: string } };
  custom?: CustomFields;
  staged?: { value: TypedMoney; discounted?: StandalonePrice['discounted'] };
  active: boolean;
  recurrencePolicy?: Reference;
}

export const StandalonePriceDraft = PriceScopeDraft.extend({
  sku: z.string().min(1),
  tiers: z.array(PriceTierDraft).optional(),
  discounted: DiscountedPriceDraft.optional(),
  custom: CustomFieldsDraft.optional(),
  recurrencePolicy: resourceIdentifier('recurrence-policy').optional(),
  staged: z.object({ value: MoneyDraft }).optional(),
  active: z.boolean().optional(),
});
export type StandalonePriceDraft = z.infer<typeof StandalonePriceDraft>;

/** The validity period as it was, for the messages that name the previous one. */
const validityOf = (price: StandalonePrice) => ({ validFrom: price.validFrom, validUntil: price.validUntil });

const scopeOf = (price: StandalonePrice) =>
  [price.sku, price.value.currencyCode, price.country ?? '', price.customerGroup?.id ?? '', price.channel?.id ?? ''].join('|');

function scopeDetails(price: StandalonePrice, other: StandalonePrice): Record<string, unknown> & { sku: string } {
  return {
    conflictingStandalonePrice: { typeId: 'standalone-price', id: other.id },
    sku: price.sku,
    ...overlapScope(price),
  };
}

/** No other standalone price of the SKU has the same scope and validity, or an overlapping dated validity. */
function assertScope(price: StandalonePrice, self: string | undefined, ctx: ResourceContext): void {
  if (isEmptyPeriod(price)) {
    throw errors.invalidOperation('The validFrom of a price must be before its validUntil.');
  }
  const scope = scopeOf(price);
  for (const document of ctx.scan('standalone-price')) {
    const other = document as StandalonePrice;
    if (other.id === self || other.sku !== price.sku || scopeOf(other) !== scope) continue;
    if (other.validFrom === price.validFrom && other.validUntil === price.validUntil) {
      throw catalogErrors.duplicateStandalonePriceScope(scopeDetails(price, other));
    }
    if (isDated(price) && isDated(other) && validityPeriodsOverlap(price, other)) {
      throw catalogErrors.overlappingStandalonePriceValidity({
        ...scopeDetails(price, other),
        ...(other.validFrom ? { conflictingValidFrom: other.validFrom } : {}),
        ...(other.validUntil ? { conflictingValidUntil: other.validUntil } : {}),
      });
    }
  }
}

/** An external discount on a standalone price, in the price's currency. */
function standaloneDiscount(
  draft: z.infer<typeof DiscountedPriceDraft>,
  currencyCode: string,
  ctx: ResourceContext,
): StandalonePrice['discounted'] {
  const discounted = externalDiscount(draft, ctx);
  if (draft.value.currencyCode !== currencyCode) throw errors.invalidOperation('The discounted value must have the currency of the price.');
  return discounted;
}

/** The set actions of the validity period, each checking the new period against the SKU's other prices. */
const validity = validityActions<StandalonePrice>((price, change, ctx) => {
  applyValidity(price, change);
  assertScope(price, price.id, ctx);
});

/** The standalone price as reads return it: with the product discount of its SKU's variant. */
export function presentStandalonePrice(price: StandalonePrice, read: CatalogRead, ctx: ResourceContext): StandalonePrice {
  const product = ctx.findUnique('product', 'sku', price.sku);
  const data = product?.masterData.current;
  const variant = data && allVariants(data).find((v) => v.sku === price.sku);
  if (!product || !data || !variant) return price;
  const discounted = read.discountedFor(product, data, variant, price);
  if (discounted === price.discounted) return price;
  const copy = { ...price };
  if (discounted) copy.discounted = discounted;
  else delete copy.discounted;
  return copy;
}

export const standalonePrices = defineResource<
  StandalonePriceDraft,
  StandalonePrice,
  SdkTypes<SdkStandalonePriceDraft, SdkStandalonePrice>
>({
  typeId: 'standalone-price',
  messages: {
    created: { type: 'StandalonePriceCreated', payload: (standalonePrice) => ({ standalonePrice }) },
    deleted: { type: 'StandalonePriceDeleted', payload: (price) => ({ sku: price.sku }) },
  },
  path: 'standalone-prices',
  draft: StandalonePriceDraft,
  create(draft, ctx) {
    const price = {} as Omit<StandalonePrice, BaseFields>;
    if (draft.key !== undefined) price.key = draft.key;
    price.sku = draft.sku;
    price.value = typedMoney(draft.value);
    if (draft.country !== undefined) price.country = draft.country;
    if (draft.customerGroup) price.customerGroup = ctx.reference('customer-group', draft.customerGroup);
    if (draft.channel) price.channel = ctx.reference('channel', draft.channel);
    applyValidity(price, draft);
    if (draft.tiers) price.tiers = tiersFromDraft(draft.tiers, draft.value.currencyCode);
    if (draft.discounted) price.discounted = standaloneDiscount(draft.discounted, draft.value.currencyCode, ctx);
    const custom = customFields(draft.custom, ctx);
    if (custom) price.custom = custom;
    if (draft.staged) price.staged = { value: typedMoney(draft.staged.value) };
    price.active = draft.active ?? true;
    if (draft.recurrencePolicy) price.recurrencePolicy = ctx.reference('recurrence-policy', draft.recurrencePolicy);
    assertScope(price as StandalonePrice, undefined, ctx);
    return price;
  },
  actions: {
    setKey: emitsField(setter('key', Key), 'StandalonePriceKeySet', 'key', 'oldKey'),
    changeValue: emits(
      action(
        () => z.object({ value: MoneyDraft, staged: z.boolean().optional() }),
        (price: StandalonePrice, a) => {
          if (a.value.currencyCode !== price.value.currencyCode)
            throw errors.invalidOperation('The currency of a standalone price cannot be changed.');
          if (a.staged) price.staged = { value: typedMoney(a.value) };
          else price.value = typedMoney(a.value);
        },
      ),
      'StandalonePriceValueChanged',
      (price: StandalonePrice, a, oldValue: TypedMoney | undefined) => ({
        value: a.staged ? price.staged!.value : price.value,
        staged: a.staged === true,
        oldValue,
      }),
      (price: StandalonePrice, a) => (a.staged ? price.staged?.value : price.value),
    ),
    applyStagedChanges: emitsOneOf(
      action(
        () => z.object({}),
        (price: StandalonePrice) => {
          if (!price.staged) return;
          price.value = price.staged.value;
          if (price.staged.discounted) price.discounted = price.staged.discounted;
          delete price.staged;
        },
      ),
      ['StandalonePriceStagedChangesApplied'],
      (_price: StandalonePrice, _a, stagedChanges: StandalonePrice['staged']) =>
        stagedChanges && { type: 'StandalonePriceStagedChangesApplied', stagedChanges },
      (price: StandalonePrice) => price.staged,
    ),
    removeStagedChanges: emitsOneOf(
      action(
        () => z.object({}),
        (price: StandalonePrice) => {
          delete price.staged;
        },
      ),
      ['StandalonePriceStagedChangesRemoved'],
      (_price: StandalonePrice, _a, stagedChanges: StandalonePrice['staged']) =>
        stagedChanges && { type: 'StandalonePriceStagedChangesRemoved', stagedChanges },
      (price: StandalonePrice) => price.staged,
    ),
    changeActive: emitsField(changer('active', z.boolean()), 'StandalonePriceActiveChanged', 'active', 'oldActive'),
    addPriceTier: emits(
      action(
        () => z.object({ tier: PriceTierDraft }),
        (price: StandalonePrice, a) => {
          const tiers = price.tiers ?? [];
          if (tiers.some((t) => t.minimumQuantity === a.tier.minimumQuantity)) {
            throw errors.invalidOperation(`The standalone price already has a tier with the minimumQuantity ${a.tier.minimumQuantity}.`);
          }
          price.tiers = [...tiers, ...tiersFromDraft([a.tier], price.value.currencyCode)].sort(
            (x, y) => x.minimumQuantity - y.minimumQuantity,
          );
        },
      ),
      'StandalonePriceTierAdded',
      (price: StandalonePrice, a) => ({ tier: price.tiers!.find((tier) => tier.minimumQuantity === a.tier.minimumQuantity) }),
    ),
    removePriceTier: emits(
      action(
        () => z.object({ minimumQuantity: z.number().int() }),
        (price: StandalonePrice, a) => {
          const tiers = price.tiers ?? [];
          if (!tiers.some((t) => t.minimumQuantity === a.minimumQuantity)) {
            throw errors.invalidOperation(`The standalone price has no tier with the minimumQuantity ${a.minimumQuantity}.`);
          }
          const rest = tiers.filter((t) => t.minimumQuantity !== a.minimumQuantity);
          setField(price, 'tiers', rest.length > 0 ? rest : undefined);
        },
      ),
      'StandalonePriceTierRemoved',
      (_price: StandalonePrice, a, tiers: PriceTier[] | undefined) => ({
        removedTier: tiers?.find((tier) => tier.minimumQuantity === a.minimumQuantity),
      }),
      (price: StandalonePrice) => price.tiers,
    ),
    setPriceTiers: emits(
      action(
        () => z.object({ tiers: z.array(PriceTierDraft) }),
        (price: StandalonePrice, a) => {
          const tiers = tiersFromDraft(a.tiers, price.value.currencyCode);
          setField(price, 'tiers', tiers.length > 0 ? tiers : undefined);
        },
      ),
      'StandalonePriceTiersSet',
      (price: StandalonePrice, _a, previousTiers: PriceTier[] | undefined) => ({
        tiers: price.tiers ?? [],
        previousTiers: previousTiers ?? [],
      }),
      (price: StandalonePrice) => price.tiers,
    ),
    setValidFrom: emits(
      validity.setValidFrom,
      'StandalonePriceValidFromSet',
      (price: StandalonePrice, _a, previous: Pick<StandalonePrice, 'validFrom'>) => ({
        validFrom: price.validFrom,
        previousValidFrom: previous.validFrom,
      }),
      validityOf,
    ),
    setValidUntil: emits(
      validity.setValidUntil,
      'StandalonePriceValidUntilSet',
      (price: StandalonePrice, _a, previous: Pick<StandalonePrice, 'validUntil'>) => ({
        validUntil: price.validUntil,
        previousValidUntil: previous.validUntil,
      }),
      validityOf,
    ),
    setValidFromAndUntil: emits(
      validity.setValidFromAndUntil,
      'StandalonePriceValidFromAndUntilSet',
      (price: StandalonePrice, _a, previous: Pick<StandalonePrice, 'validFrom' | 'validUntil'>) => ({
        validFrom: price.validFrom,
        previousValidFrom: previous.validFrom,
        validUntil: price.validUntil,
        previousValidUntil: previous.validUntil,
      }),
      validityOf,
    ),
    setDiscountedPrice: emitsField(
      action(
        () => z.object({ discounted: DiscountedPriceDraft.optional().nullable() }),
        (price: StandalonePrice, a, ctx) => {
          setField(
            price,
            'discounted',
            a.discounted ? jsonClone(standaloneDiscount(a.discounted, price.value.currencyCode, ctx)) : undefined,
          );
        },
      ),
      'StandalonePriceExternalDiscountSet',
      'discounted',
    ),
    ...customFieldActions,
  },
  routes: presentedRoutes(
    'standalone-price',
    (call) => {
      const read = CatalogRead.fromQuery(call.ctx, new URLSearchParams());
      return (document) => presentStandalonePrice(document as StandalonePrice, read, call.ctx);
    },
    { presentedFields: ['discounted'] },
  ),
});

declare module '../http/context.js' {
  interface StoredTypes {
    'standalone-price': StandalonePrice;
  }
}
