/**
 * Shipping rates: which zone a location is in, which rate of a shipping method applies to a
 * currency, and what it costs for a cart.
 *
 * - A zone contains a location when one of its locations has the same country and either the
 *   same state or no state; zones naming the state come first.
 * - A method's rate for a location and currency: the first of its zone rates whose zone contains
 *   the location, and in it the shipping rate priced in that currency.
 * - The cost: the rate's `price`, replaced by the matching tier's price when the project's
 *   `shippingRateInputType` is set — `CartValue`: the tier with the highest `minimumCentAmount`
 *   not above the cart value; `CartClassification`: the tier whose `value` is the cart's
 *   `shippingRateInput.key`; `CartScore`: the tier whose `score` is the cart's score (its `price`,
 *   or its `priceFunction` evaluated with x = score). Then free (0) when `freeAbove` is set and the
 *   cart value reaches it. The cart value is the sum of the (custom) line items' `totalPrice`.
 */
import { withCentAmount, type CentPrecisionMoney } from './money.js';
import { withFields } from '../util/json.js';

export interface LocationLike {
  country: string;
  state?: string;
}

export interface ZoneLike {
  id: string;
  locations: readonly LocationLike[];
}

/**
 * A shipping rate tier as shipping methods store it and carts show it. Its one declaration is here,
 * below both resources (shipping-methods.ts imports the cart model, so declaring it there would make
 * an import cycle); the zod draft in shipping-methods.ts has another shape (one object type per tier
 * type, drafted money).
 */
export interface ShippingRateTier {
  type: 'CartValue' | 'CartClassification' | 'CartScore';
  minimumCentAmount?: number;
  value?: string;
  score?: number;
  price?: CentPrecisionMoney;
  priceFunction?: { currencyCode: string; function: string };
  isMatching?: boolean;
}

/** A shipping rate as stored (cart/model.ts: ShippingRate). */
export interface ShippingRate {
  price: CentPrecisionMoney;
  freeAbove?: CentPrecisionMoney;
  isMatching?: boolean;
  tiers: ShippingRateTier[];
}

export interface ZoneRateLike {
  zone: { typeId: 'zone'; id: string };
  shippingRates: ShippingRate[];
}

export interface ShippingMethodLike {
  id: string;
  zoneRates: readonly ZoneRateLike[];
}

export type RateInputType = { type: 'CartValue' } | { type: 'CartClassification'; values?: unknown[] } | { type: 'CartScore' };
export type RateInput = { type: 'Classification'; key: string } | { type: 'Score'; score: number };

/** The ids of the zones containing the location, those naming its state first. */
export function zonesContaining(location: LocationLike, zones: Iterable<ZoneLike>): string[] {
  const exact: string[] = [];
  const countryWide: string[] = [];
  for (const zone of zones) {
    for (const entry of zone.locations) {
      if (entry.country !== location.country) continue;
      if (entry.state !== undefined && entry.state === location.state) {
        exact.push(zone.id);
        break;
      }
      if (entry.state === undefined) {
        countryWide.push(zone.id);
        break;
      }
    }
  }
  return [...exact, ...countryWide.filter((id) => !exact.includes(id))];
}

/** The method's shipping rate for a location (given as the zones containing it) and a currency. */
export function rateFor(method: ShippingMethodLike, zoneIds: readonly string[], currency: string): ShippingRate | undefined {
  for (const zoneId of zoneIds) {
    for (const zoneRate of method.zoneRates) {
      if (zoneRate.zone.id !== zoneId) continue;
      const rate = zoneRate.shippingRates.find((r) => r.price.currencyCode === currency);
      if (rate) return rate;
    }
  }
  return undefined;
}

/** Evaluates a tier price function (`(50 * x) + 4950`): numbers, x, + - * /, parentheses. */
export function evaluatePriceFunction(source: string, x: number): number | undefined {
  const tokens = source.match(/\d+(?:\.\d+)?|[x()+\-*/]|\S/g) ?? [];
  let index = 0;
  const peek = () => tokens[index];
  const expression = (): number => {
    let value = term();
    while (peek() === '+' || peek() === '-') value = tokens[index++] === '+' ? value + term() : value - term();
    return value;
  };
  const term = (): number => {
    let value = factor();
    while (peek() === '*' || peek() === '/') value = tokens[index++] === '*' ? value * factor() : value / factor();
    return value;
  };
  const factor = (): number => {
    const token = tokens[index++];
    if (token === '(') {
      const value = expression();
      if (tokens[index++] !== ')') throw new Error('expected )');
      return value;
    }
    if (token === '-') return -factor();
    if (token === 'x') return x;
    if (token !== undefined && /^\d/.test(token)) return Number(token);
    throw new Error(`unexpected ${token ?? 'end'}`);
  };
  try {
    const value = expression();
    if (index !== tokens.length || !Number.isFinite(value)) return undefined;
    return Math.round(value);
  } catch {
    return undefined;
  }
}

/**
 * What a rate costs for a cart: the price in cents and a copy of the rate with `isMatching` on its
 * tiers (the tier used, if any, is `true`; the others `false`).
 */
export function rateCost(
  rate: ShippingRate,
  cartValue: number,
  inputType: RateInputType | undefined,
  input: RateInput | undefined,
): { price: CentPrecisionMoney; rate: ShippingRate } {
  let cents = rate.price.centAmount;
  let matching: ShippingRateTier | undefined;
  const tiers = rate.tiers.filter((tier) => inputType !== undefined && tier.type === inputType.type);
  if (inputType?.type === 'CartValue') {
    for (const tier of tiers) {
      if ((tier.minimumCentAmount ?? 0) <= cartValue && (!matching || (tier.minimumCentAmount ?? 0) > (matching.minimumCentAmount ?? 0)))
        matching = tier;
    }
    if (matching?.price) cents = matching.price.centAmount;
  } else if (inputType?.type === 'CartClassification' && input?.type === 'Classification') {
    matching = tiers.find((tier) => tier.value === input.key);
    if (matching?.price) cents = matching.price.centAmount;
  } else if (inputType?.type === 'CartScore' && input?.type === 'Score') {
    matching = tiers.find((tier) => tier.score === input.score);
    if (matching?.price) cents = matching.price.centAmount;
    else if (matching?.priceFunction) cents = evaluatePriceFunction(matching.priceFunction.function, input.score) ?? cents;
  }
  if (rate.freeAbove && cartValue >= rate.freeAbove.centAmount) cents = 0;
  const shown: ShippingRate = withFields(rate, {
    tiers: rate.tiers.map((tier) =>
      inputType !== undefined && tier.type === inputType.type ? withFields(tier, { isMatching: tier === matching }) : tier,
    ),
  });
  return { price: withCentAmount(rate.price, cents), rate: shown };
}
