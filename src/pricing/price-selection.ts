/**
 * Product price selection (reference §6): which of a variant's prices applies to a customer who
 * pays in a currency, maybe from a country, maybe in customer groups, maybe through a channel.
 * Pure: no storage, no request; products, product projections, search and carts all call it.
 *
 * Rules:
 * - A candidate has the selection's currency and is valid at `now` (`validFrom <= now < validUntil`,
 *   each bound optional).
 * - Levels, most specific first: customerGroup+channel+country, customerGroup+channel,
 *   customerGroup+country, customerGroup, channel+country, channel, country, currency only. A level
 *   that names a dimension the selection lacks is skipped; a dimension a level does not name must be
 *   unset on the price ("none" matches only none).
 * - The first level with a candidate wins. Within it a dated price (validFrom or validUntil set)
 *   beats an undated one; with several customer groups (`customerGroupAssignments`) the lowest
 *   value wins; otherwise the first in the variant's order.
 */
import { errors } from '../http/errors.js';
import { isCurrencyCode, type Money } from './money.js';
import { millisOf } from '../util/time.js';
import { isDated, isValidAt } from '../util/validity.js';

export interface SelectablePrice {
  value: Money;
  country?: string;
  customerGroup?: { id: string };
  channel?: { id: string };
  validFrom?: string;
  validUntil?: string;
}

export interface PriceSelection {
  currency: string;
  country?: string;
  /** A customer group id. */
  customerGroup?: string;
  /** Customer group ids (customers in several groups); combined with `customerGroup`. */
  customerGroupAssignments?: readonly string[];
  /** A channel id. */
  channel?: string;
  /** The moment validity is checked against; defaults to the current time. */
  now?: string | number | Date;
}

interface Level {
  group: boolean;
  channel: boolean;
  country: boolean;
}

const LEVELS: readonly Level[] = [
  { group: true, channel: true, country: true },
  { group: true, channel: true, country: false },
  { group: true, channel: false, country: true },
  { group: true, channel: false, country: false },
  { group: false, channel: true, country: true },
  { group: false, channel: true, country: false },
  { group: false, channel: false, country: true },
  { group: false, channel: false, country: false },
];

function timeOf(value: string | number | Date | undefined): number {
  if (value === undefined) return Date.now();
  if (value instanceof Date) return value.getTime();
  return typeof value === 'number' ? value : millisOf(value);
}

/** Selects the price for `selection` from `prices`; `undefined` when none applies. */
export function selectPrice<P extends SelectablePrice>(prices: readonly P[] | undefined, selection: PriceSelection): P | undefined {
  if (!prices || prices.length === 0) return undefined;
  const now = timeOf(selection.now);
  const candidates = prices.filter((price) => price.value.currencyCode === selection.currency && isValidAt(price, now));
  if (candidates.length === 0) return undefined;
  const groups = new Set<string>(selection.customerGroupAssignments ?? []);
  if (selection.customerGroup !== undefined) groups.add(selection.customerGroup);
  const severalGroups = groups.size > 1;

  for (const level of LEVELS) {
    if (level.group && groups.size === 0) continue;
    if (level.channel && selection.channel === undefined) continue;
    if (level.country && selection.country === undefined) continue;
    let best: P | undefined;
    for (const price of candidates) {
      const group = price.customerGroup?.id;
      if (level.group ? group === undefined || !groups.has(group) : group !== undefined) continue;
      if (level.channel ? price.channel?.id !== selection.channel : price.channel !== undefined) continue;
      if (level.country ? price.country !== selection.country : price.country !== undefined) continue;
      if (best === undefined || better(price, best, severalGroups && level.group)) best = price;
    }
    if (best !== undefined) return best;
  }
  return undefined;
}

function better(candidate: SelectablePrice, best: SelectablePrice, lowestWins: boolean): boolean {
  const datedCandidate = isDated(candidate);
  const datedBest = isDated(best);
  if (datedCandidate !== datedBest) return datedCandidate;
  if (lowestWins) return candidate.value.centAmount < best.value.centAmount;
  return false;
}

const SELECTION_PARAMETERS = ['priceCountry', 'priceCustomerGroup', 'priceCustomerGroupAssignments', 'priceChannel'] as const;

/**
 * The price selection a request asks for through `priceCurrency`, `priceCountry`,
 * `priceCustomerGroup`, `priceCustomerGroupAssignments` (repeatable) and `priceChannel`;
 * `undefined` without any. The other parameters without `priceCurrency` are a 400 InvalidInput.
 */
export function priceSelectionFromQuery(query: URLSearchParams, now?: string | number | Date): PriceSelection | undefined {
  const currency = query.get('priceCurrency');
  if (currency === null) {
    const given = SELECTION_PARAMETERS.filter((name) => query.has(name));
    if (given.length === 0) return undefined;
    throw errors.invalidInput(
      `The price selection parameter${given.length > 1 ? 's' : ''} ${given.map((name) => `'${name}'`).join(', ')} can only be used in conjunction with the parameter 'priceCurrency'.`,
    );
  }
  if (!isCurrencyCode(currency)) {
    throw errors.invalidInput(`Malformed parameter: priceCurrency: '${currency}' is not a valid ISO 4217 currency code.`);
  }
  const selection: PriceSelection = { currency };
  const country = query.get('priceCountry');
  if (country !== null) {
    if (!/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(country)) {
      throw errors.invalidInput(`Malformed parameter: priceCountry: '${country}' is not a valid ISO 3166-1 country code.`);
    }
    selection.country = country;
  }
  const group = query.get('priceCustomerGroup');
  if (group !== null) selection.customerGroup = group;
  const assignments = query
    .getAll('priceCustomerGroupAssignments')
    .flatMap((value) => value.split(','))
    .filter((v) => v !== '');
  if (assignments.length > 0) selection.customerGroupAssignments = assignments;
  const channel = query.get('priceChannel');
  if (channel !== null) selection.channel = channel;
  if (now !== undefined) selection.now = now;
  return selection;
}
