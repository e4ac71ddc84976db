/**
 * Shipping methods: zone rates with shipping rates per currency (`freeAbove`, price tiers), a tax
 * category, an optional cart predicate, stores. `GET /shipping-methods/matching-cart?cartId=`,
 * `matching-cart-location?cartId=&country=&state=` and `matching-location?country=&state=&currency=`
 * answer the methods that can ship there, the default one first, each rate that applies flagged
 * `isMatching: true`. What a rate costs a cart is src/pricing/cart-shipping.ts.
 */
import * as z from 'zod';
import { errors } from '../http/errors.js';
import { ok, type ApiCall } from '../http/context.js';
import { compileCartPredicate } from '../pricing/cart-predicate.js';
import { rateFor, zonesContaining, type ZoneLike } from '../pricing/cart-shipping.js';
import { MoneyDraft, typedMoney, type CentPrecisionMoney } from '../pricing/money.js';
import type { StoredDocument } from '../storage/backend.js';
import { assertCartPredicate } from './cart/errors.js';
import type { Cart, ShippingRate, ShippingRateTier } from './cart/model.js';
import { changer, customFieldActions, customFields, setField, setter, type CustomFields } from '../engine/common-actions.js';
import { action, defineResource, type Reference, type ResourceContext, type SdkTypes } from '../engine/define.js';
import { predicateScope } from './cart/predicate-scope.js';
import { validate } from '../engine/validation.js';
import { Country, Currency, CustomFieldsDraft, Key, LocalizedString, resourceIdentifier } from '../engine/draft-fields.js';
import type {
  ShippingMethod as SdkShippingMethod,
  ShippingMethodDraft as SdkShippingMethodDraft,
  StoreResourceIdentifier,
} from '@commercetools/platform-sdk';

export interface ZoneRate {
  zone: { typeId: 'zone'; id: string };
  shippingRates: ShippingRate[];
}

export interface ShippingMethod extends StoredDocument {
  key?: string;
  name: string;
  localizedName?: LocalizedString;
  description?: string;
  localizedDescription?: LocalizedString;
  taxCategory: Reference;
  zoneRates: ZoneRate[];
  active: boolean;
  isDefault: boolean;
  predicate?: string;
  custom?: CustomFields;
  stores: Array<{ typeId: 'store'; key: string }>;
  carrier?: string;
}

const CentMoneyDraft = MoneyDraft;

export const ShippingRateTierDraft = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('CartValue'),
    minimumCentAmount: z.number().int().min(0),
    price: CentMoneyDraft,
    isMatching: z.boolean().optional(),
  }),
  z.object({ type: z.literal('CartClassification'), value: z.string(), price: CentMoneyDraft, isMatching: z.boolean().optional() }),
  z.object({
    type: z.literal('CartScore'),
    score: z.number().int(),
    price: CentMoneyDraft.optional(),
    priceFunction: z.object({ currencyCode: z.string(), function: z.string() }).optional(),
    isMatching: z.boolean().optional(),
  }),
]);

export const ShippingRateDraft = z.object({
  price: CentMoneyDraft,
  freeAbove: CentMoneyDraft.optional(),
  tiers: z.array(ShippingRateTierDraft).optional(),
});
export type ShippingRateDraft = z.infer<typeof ShippingRateDraft>;

/** The platform takes at most 100 stores per shipping method. */
const StoreIdentifiers = z.array(resourceIdentifier('store')).max(100);
const ZoneRateDraft = z.object({ zone: resourceIdentifier('zone'), shippingRates: z.array(ShippingRateDraft) });

export const ShippingMethodDraft = z.object({
  key: Key.optional(),
  name: z.string().min(1),
  localizedName: LocalizedString.optional(),
  description: z.string().optional(),
  localizedDescription: LocalizedString.optional(),
  taxCategory: resourceIdentifier('tax-category'),
  zoneRates: z.array(ZoneRateDraft),
  active: z.boolean().optional(),
  isDefault: z.boolean(),
  predicate: z.string().optional(),
  custom: CustomFieldsDraft.optional(),
  stores: StoreIdentifiers.optional(),
  carrier: z.string().optional(),
});
export type ShippingMethodDraft = z.infer<typeof ShippingMethodDraft>;

const cents = (draft: z.infer<typeof MoneyDraft>) => {
  const money = typedMoney(draft);
  return {
    type: 'centPrecision',
    currencyCode: money.currencyCode,
    centAmount: money.centAmount,
    fractionDigits: money.fractionDigits,
  } as CentPrecisionMoney;
};

/** A ShippingRateDraft as stored: cent-precision money, `tiers` always present, currencies consistent. */
export function shippingRateFromDraft(draft: ShippingRateDraft): ShippingRate {
  const price = cents(draft.price);
  const rate: ShippingRate = { price, tiers: [] };
  if (draft.freeAbove) {
    if (draft.freeAbove.currencyCode !== price.currencyCode) {
      throw errors.invalidOperation(
        `The currency of freeAbove (${draft.freeAbove.currencyCode}) must be the currency of the shipping rate's price (${price.currencyCode}).`,
      );
    }
    rate.freeAbove = cents(draft.freeAbove);
  }
  for (const tierDraft of draft.tiers ?? []) {
    const tier: ShippingRateTier = { type: tierDraft.type };
    if (tierDraft.type === 'CartValue') tier.minimumCentAmount = tierDraft.minimumCentAmount;
    if (tierDraft.type === 'CartClassification') tier.value = tierDraft.value;
    if (tierDraft.type === 'CartScore') {
      tier.score = tierDraft.score;
      if (!tierDraft.price === !tierDraft.priceFunction)
        throw errors.invalidOperation('A CartScore tier has either a price or a priceFunction.');
      if (tierDraft.priceFunction) tier.priceFunction = tierDraft.priceFunction;
    }
    if (tierDraft.price) {
      if (tierDraft.price.currencyCode !== price.currencyCode) {
        throw errors.invalidOperation(
          `The currency of a price tier (${tierDraft.price.currencyCode}) must be the currency of the shipping rate (${price.currencyCode}).`,
        );
      }
      tier.price = cents(tierDraft.price);
    }
    rate.tiers.push(tier);
  }
  return rate;
}

function assertRates(zoneRate: ZoneRate): void {
  const seen = new Set<string>();
  for (const rate of zoneRate.shippingRates) {
    if (seen.has(rate.price.currencyCode)) {
      throw errors.invalidOperation(
        `The zone '${zoneRate.zone.id}' already has a shipping rate in the currency '${rate.price.currencyCode}'.`,
      );
    }
    seen.add(rate.price.currencyCode);
  }
}

function findZoneRate(method: ShippingMethod, zone: Reference): ZoneRate {
  const found = method.zoneRates.find((z) => z.zone.id === zone.id);
  if (!found) throw errors.invalidOperation(`The shipping method does not contain the zone '${zone.id}'.`);
  return found;
}

const sameRate = (a: ShippingRate, b: ShippingRate) =>
  a.price.currencyCode === b.price.currencyCode &&
  a.price.centAmount === b.price.centAmount &&
  (a.freeAbove?.centAmount ?? null) === (b.freeAbove?.centAmount ?? null);

/** The platform's shipping method draft takes `stores`; SDK 8's type does not declare it yet. */
export interface ShippingMethodStoresDraft extends SdkShippingMethodDraft {
  readonly stores?: StoreResourceIdentifier[];
}

export const shippingMethods = defineResource<ShippingMethodDraft, ShippingMethod, SdkTypes<ShippingMethodStoresDraft, SdkShippingMethod>>({
  typeId: 'shipping-method',
  path: 'shipping-methods',
  draft: ShippingMethodDraft,
  create(draft, ctx) {
    assertCartPredicate(draft.predicate, 'predicate');
    const method = {} as ShippingMethod;
    if (draft.key !== undefined) method.key = draft.key;
    method.name = draft.name;
    if (draft.localizedName !== undefined) method.localizedName = draft.localizedName;
    if (draft.description !== undefined) method.description = draft.description;
    if (draft.localizedDescription !== undefined) method.localizedDescription = draft.localizedDescription;
    method.taxCategory = ctx.reference('tax-category', draft.taxCategory);
    method.zoneRates = [];
    for (const zoneRateDraft of draft.zoneRates) {
      const zone = ctx.reference('zone', zoneRateDraft.zone) as ZoneRate['zone'];
      if (method.zoneRates.some((z) => z.zone.id === zone.id))
        throw errors.invalidOperation(`The zone '${zone.id}' is given more than once.`);
      const zoneRate: ZoneRate = { zone, shippingRates: zoneRateDraft.shippingRates.map(shippingRateFromDraft) };
      assertRates(zoneRate);
      method.zoneRates.push(zoneRate);
    }
    method.active = draft.active ?? true;
    method.isDefault = draft.isDefault;
    if (draft.predicate !== undefined) method.predicate = draft.predicate;
    const custom = customFields(draft.custom, ctx);
    if (custom) method.custom = custom;
    method.stores = (draft.stores ?? []).map((store) => ctx.keyReference('store', store) as { typeId: 'store'; key: string });
    if (draft.carrier !== undefined) method.carrier = draft.carrier;
    return method;
  },
  unique: {
    // "Only one ShippingMethod can be default in a Project."
    isDefault: {
      values: (method) => (method.isDefault ? ['default'] : []),
      duplicate: () => errors.duplicateField('isDefault', true, 'Only one shipping method can be the default of the project.'),
    },
  },
  actions: {
    setKey: setter('key', Key),
    changeName: changer('name', z.string().min(1)),
    setLocalizedName: setter('localizedName', LocalizedString),
    setDescription: setter('description', z.string()),
    setLocalizedDescription: setter('localizedDescription', LocalizedString),
    changeTaxCategory: action(
      () => z.object({ taxCategory: resourceIdentifier('tax-category') }),
      (method: ShippingMethod, a, ctx) => {
        method.taxCategory = ctx.reference('tax-category', a.taxCategory);
      },
    ),
    changeActive: changer('active', z.boolean()),
    changeIsDefault: changer('isDefault', z.boolean()),
    setPredicate: action(
      () => z.object({ predicate: z.string().optional().nullable() }),
      (method: ShippingMethod, a) => {
        assertCartPredicate(a.predicate, 'predicate');
        setField(method, 'predicate', a.predicate);
      },
    ),
    setCarrier: setter('carrier', z.string()),
    addZone: action(
      () => z.object({ zone: resourceIdentifier('zone') }),
      (method: ShippingMethod, a, ctx) => {
        const zone = ctx.reference('zone', a.zone) as ZoneRate['zone'];
        if (method.zoneRates.some((z) => z.zone.id === zone.id))
          throw errors.invalidOperation(`The shipping method already contains the zone '${zone.id}'.`);
        method.zoneRates.push({ zone, shippingRates: [] });
      },
    ),
    removeZone: action(
      () => z.object({ zone: resourceIdentifier('zone') }),
      (method: ShippingMethod, a, ctx) => {
        const zoneRate = findZoneRate(method, a.zone.id !== undefined ? { typeId: 'zone', id: a.zone.id } : ctx.reference('zone', a.zone));
        method.zoneRates = method.zoneRates.filter((z) => z !== zoneRate);
      },
    ),
    addShippingRate: action(
      () => z.object({ zone: resourceIdentifier('zone'), shippingRate: ShippingRateDraft }),
      (method: ShippingMethod, a, ctx) => {
        const zoneRate = findZoneRate(method, ctx.reference('zone', a.zone));
        zoneRate.shippingRates.push(shippingRateFromDraft(a.shippingRate));
        assertRates(zoneRate);
      },
    ),
    removeShippingRate: action(
      () => z.object({ zone: resourceIdentifier('zone'), shippingRate: ShippingRateDraft }),
      (method: ShippingMethod, a, ctx) => {
        const zoneRate = findZoneRate(method, a.zone.id !== undefined ? { typeId: 'zone', id: a.zone.id } : ctx.reference('zone', a.zone));
        const target = shippingRateFromDraft(a.shippingRate);
        const index = zoneRate.shippingRates.findIndex((rate) => sameRate(rate, target));
        if (index < 0) throw errors.invalidOperation('The zone does not contain the given shipping rate.');
        zoneRate.shippingRates.splice(index, 1);
      },
    ),
    addStore: action(
      () => z.object({ store: resourceIdentifier('store') }),
      (method: ShippingMethod, a, ctx) => {
        const store = ctx.keyReference('store', a.store) as { typeId: 'store'; key: string };
        if (!method.stores.some((s) => s.key === store.key)) method.stores.push(store);
      },
    ),
    removeStore: action(
      () => z.object({ store: resourceIdentifier('store') }),
      (method: ShippingMethod, a, ctx) => {
        const key = a.store.key ?? (a.store.id !== undefined ? ctx.get('store', a.store.id)?.key : undefined);
        method.stores = method.stores.filter((s) => s.key !== key);
      },
    ),
    setStores: action(
      () => z.object({ stores: StoreIdentifiers.optional() }),
      (method: ShippingMethod, a, ctx) => {
        method.stores = (a.stores ?? []).map((store) => ctx.keyReference('store', store) as { typeId: 'store'; key: string });
      },
    ),
    ...customFieldActions,
  },
  // In a store: the methods matching one of the store's carts.
  scope: {
    mounts: {
      store: {
        without: ['list', 'create', 'get', 'update', 'delete'],
        routes: [{ method: 'GET', path: 'matching-cart', handle: (call) => ok(matchingPage(call, matchingForCart(call))) }],
      },
    },
  },
  routes: [
    { method: 'GET', path: 'matching-cart', handle: (call) => ok(matchingPage(call, matchingForCart(call))) },
    {
      method: 'GET',
      path: 'matching-cart-location',
      handle: (call) => ok(matchingPage(call, matchingForCartLocation(call))),
    },
    {
      method: 'GET',
      path: 'matching-location',
      handle: (call) => ok(matchingPage(call, matchingForLocation(call))),
    },
  ],
});

// Matching --------------------------------------------------------------------------------------

const LocationQuery = z.object({
  country: Country,
  state: z.string().optional(),
  currency: Currency.optional(),
});

function requiredParam(call: ApiCall, name: string): string {
  const value = call.query.get(name);
  if (value === null || value === '') throw errors.invalidInput(`Missing required query parameter '${name}'.`);
  return value;
}

function zonesOf(ctx: ResourceContext): ZoneLike[] {
  return [...ctx.scan('zone')];
}

/** Stores: a method with stores serves only carts of one of them; a method without stores serves all. */
export function methodServesStore(method: ShippingMethod, storeKey: string | undefined): boolean {
  return method.stores.length === 0 || (storeKey !== undefined && method.stores.some((s) => s.key === storeKey));
}

/** The method as a matching endpoint shows it: only the zone rates of the location, the rates that apply flagged. */
function flagged(method: ShippingMethod, zoneIds: readonly string[], currency: string | undefined): ShippingMethod | undefined {
  const zoneRates: ZoneRate[] = [];
  let any = false;
  for (const zoneRate of method.zoneRates) {
    if (!zoneIds.includes(zoneRate.zone.id)) continue;
    const shippingRates = zoneRate.shippingRates
      .filter((rate) => currency === undefined || rate.price.currencyCode === currency)
      .map((rate) => ({ ...rate, isMatching: true }));
    if (shippingRates.length === 0) continue;
    any = true;
    zoneRates.push({ zone: zoneRate.zone, shippingRates });
  }
  if (!any) return undefined;
  if (currency !== undefined) {
    // Exactly one rate matches: the one `rateFor` picks (first zone in order).
    const chosen = rateFor(method, zoneIds, currency);
    for (const zoneRate of zoneRates)
      for (const rate of zoneRate.shippingRates) rate.isMatching = chosen !== undefined && sameRate(rate, chosen);
  }
  return { ...method, zoneRates };
}

function defaultFirst(methods: ShippingMethod[]): ShippingMethod[] {
  return [...methods.filter((m) => m.isDefault), ...methods.filter((m) => !m.isDefault)];
}

/** The active methods that ship to a location (and currency), predicate or not. */
function candidates(
  ctx: ResourceContext,
  location: { country: string; state?: string },
  currency: string | undefined,
  storeKey?: string,
): ShippingMethod[] {
  const zoneIds = zonesContaining(location, zonesOf(ctx));
  const out: ShippingMethod[] = [];
  for (const document of ctx.scan('shipping-method')) {
    const method = document as ShippingMethod;
    if (!method.active || !methodServesStore(method, storeKey)) continue;
    const shown = flagged(method, zoneIds, currency);
    if (shown) out.push(shown);
  }
  return out;
}

/** The cart of `cartId`; in a store, one of the store's carts only (another's is 404). */
function cartOf(call: ApiCall): Cart {
  const cartId = requiredParam(call, 'cartId');
  const cart = call.ctx.get('cart', cartId);
  const store = call.ctx.scope?.store;
  if (!cart || (store !== undefined && cart.store?.key !== store)) throw errors.resourceNotFound({ id: cartId });
  return cart;
}

function matchingForCart(call: ApiCall): ShippingMethod[] {
  const cart = cartOf(call);
  if (!cart.shippingAddress) return [];
  return forCart(call.ctx, cart, cart.shippingAddress);
}

function matchingForCartLocation(call: ApiCall): ShippingMethod[] {
  const cart = cartOf(call);
  const location = validate(LocationQuery, { country: requiredParam(call, 'country'), state: call.query.get('state') ?? undefined });
  return forCart(call.ctx, cart, location);
}

function forCart(ctx: ResourceContext, cart: Cart, location: { country: string; state?: string }): ShippingMethod[] {
  const scope = predicateScope(cart, ctx);
  return candidates(ctx, location, cart.totalPrice.currencyCode, cart.store?.key).filter(
    (method) => method.predicate === undefined || compileCartPredicate(method.predicate)(scope),
  );
}

function matchingForLocation(call: ApiCall): ShippingMethod[] {
  const query = validate(LocationQuery, {
    country: requiredParam(call, 'country'),
    state: call.query.get('state') ?? undefined,
    currency: call.query.get('currency') ?? undefined,
  });
  const location =
    query.state !== undefined && query.state !== '' ? { country: query.country, state: query.state } : { country: query.country };
  return candidates(call.ctx, location, query.currency).filter((method) => method.predicate === undefined);
}

function matchingPage(call: ApiCall, methods: ShippingMethod[]) {
  const ordered = defaultFirst(methods);
  // HEAD answers whether a matching method exists: 200, or 404 when none does.
  if (call.method === 'HEAD' && ordered.length === 0) throw errors.resourceNotFound({ key: 'matching shipping method' });
  const results = ordered.map((method) => call.expand(method));
  return { limit: results.length, offset: 0, count: results.length, total: results.length, results };
}

declare module '../http/context.js' {
  interface StoredTypes {
    'shipping-method': ShippingMethod;
  }
}
