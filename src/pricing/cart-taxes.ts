/**
 * Taxes of carts: the taxed price of one item (line item, custom line item, shipping) from its
 * amount and tax rate, and the cart's taxed price as the sum of its items'.
 *
 * One item, rate r (with sub-rates s₁…sₙ, or the rate as its only portion), rounding mode m:
 * - `includedInPrice: false` — the amount is net. Each portion is `round_m(net × sᵢ)`;
 *   gross = net + Σ portions.
 * - `includedInPrice: true` — the amount is gross. net = `round_m(gross / (1 + r))` (the net is
 *   what is rounded, the tax is the remainder); portions are `round_m(net × sᵢ)` with the last one
 *   absorbing the difference, so net + Σ portions = gross.
 * - `LineItemLevel` (default) taxes the item's total; `UnitPriceLevel` taxes one unit of each
 *   price group and multiplies by its quantity.
 * The cart: totalNet and totalGross are the sums of its items'; portions with the same name and
 * rate are added up; totalTax = totalGross − totalNet.
 */
import { withCentAmount, type CentPrecisionMoney } from './money.js';
import { applyRate, netOfGross, proportion, type RoundingMode } from './cart-rounding.js';

export interface RateLike {
  name: string;
  amount: number;
  includedInPrice: boolean;
  subRates?: ReadonlyArray<{ name: string; amount: number }>;
}

export interface TaxPortionLike {
  name?: string;
  rate: number;
  amount: CentPrecisionMoney;
}

export interface TaxedPriceLike {
  totalNet: CentPrecisionMoney;
  totalGross: CentPrecisionMoney;
  taxPortions: TaxPortionLike[];
  totalTax?: CentPrecisionMoney;
}

/** A unit amount and how many units are priced at it. */
export interface PriceGroup {
  unit: number;
  quantity: number;
}

interface Figures {
  net: number;
  gross: number;
  portions: number[];
}

function portionsOf(rate: RateLike): Array<{ name: string; amount: number }> {
  return rate.subRates && rate.subRates.length > 0 ? [...rate.subRates] : [{ name: rate.name, amount: rate.amount }];
}

function figures(amount: number, rate: RateLike, mode: RoundingMode): Figures {
  const parts = portionsOf(rate);
  if (!rate.includedInPrice) {
    const portions = parts.map((part) => applyRate(amount, part.amount, mode));
    return { net: amount, gross: amount + portions.reduce((a, b) => a + b, 0), portions };
  }
  const net = netOfGross(amount, rate.amount, mode);
  const tax = amount - net;
  const portions = parts.map((part) => applyRate(net, part.amount, mode));
  portions[portions.length - 1]! += tax - portions.reduce((a, b) => a + b, 0);
  return { net, gross: amount, portions };
}

/** The taxed price of an item priced in `groups` (LineItemLevel: the total; UnitPriceLevel: per unit). */
export function taxedItemPrice(
  currency: string,
  groups: readonly PriceGroup[],
  rate: RateLike,
  mode: RoundingMode,
  calculation: 'LineItemLevel' | 'UnitPriceLevel' = 'LineItemLevel',
): TaxedPriceLike {
  let result: Figures;
  if (calculation === 'UnitPriceLevel') {
    result = { net: 0, gross: 0, portions: portionsOf(rate).map(() => 0) };
    for (const group of groups) {
      const unit = figures(group.unit, rate, mode);
      result.net += unit.net * group.quantity;
      result.gross += unit.gross * group.quantity;
      unit.portions.forEach((portion, i) => {
        result.portions[i]! += portion * group.quantity;
      });
    }
  } else {
    result = figures(
      groups.reduce((sum, group) => sum + group.unit * group.quantity, 0),
      rate,
      mode,
    );
  }
  return taxedPriceFrom(
    currency,
    result.net,
    result.gross,
    portionsOf(rate).map((part, i) => ({ name: part.name, rate: part.amount, amount: result.portions[i]! })),
  );
}

/**
 * A tax portion, its name first when it has one. One of two literals rather than a spread of
 * `{ name }` or `{}` before the other fields: on Node 20 that spread gives each result a hidden
 * class of its own and costs about 0.6 µs, sixty times the literal.
 */
export function namedPortion<A>(name: string | undefined, rate: number, amount: A): { name?: string; rate: number; amount: A } {
  return name !== undefined ? { name, rate, amount } : { rate, amount };
}

export function taxedPriceFrom(
  currency: string,
  net: number,
  gross: number,
  portions: Array<{ name?: string; rate: number; amount: number }>,
): TaxedPriceLike {
  return {
    totalNet: withCentAmount({ currencyCode: currency }, net),
    totalGross: withCentAmount({ currencyCode: currency }, gross),
    taxPortions: portions.map((portion) =>
      namedPortion(portion.name, portion.rate, withCentAmount({ currencyCode: currency }, portion.amount)),
    ),
    totalTax: withCentAmount({ currencyCode: currency }, gross - net),
  };
}

/** The sum of several taxed prices: totals added, portions of the same name and rate merged. */
export function sumTaxedPrices(currency: string, prices: readonly TaxedPriceLike[]): TaxedPriceLike {
  let net = 0;
  let gross = 0;
  const portions: Array<{ name?: string; rate: number; amount: number }> = [];
  for (const price of prices) {
    net += price.totalNet.centAmount;
    gross += price.totalGross.centAmount;
    for (const portion of price.taxPortions) {
      const same = portions.find((p) => p.name === portion.name && p.rate === portion.rate);
      if (same) same.amount += portion.amount.centAmount;
      else portions.push(namedPortion(portion.name, portion.rate, portion.amount.centAmount));
    }
  }
  return taxedPriceFrom(currency, net, gross, portions);
}

/**
 * A taxed price reduced by the share `discount / base` (a discount on the cart's total applies
 * the same percentage to the taxed prices): net and gross are reduced by their rounded shares,
 * portions by theirs, the last portion absorbing the rounding so net + Σ portions = gross.
 */
export function reduceTaxedPrice(price: TaxedPriceLike, discount: number, base: number, mode: RoundingMode): TaxedPriceLike {
  const share = (amount: number) => proportion(amount, discount, base, mode);
  const net = price.totalNet.centAmount - share(price.totalNet.centAmount);
  const gross = price.totalGross.centAmount - share(price.totalGross.centAmount);
  const portions = price.taxPortions.map((portion) =>
    namedPortion(portion.name, portion.rate, portion.amount.centAmount - share(portion.amount.centAmount)),
  );
  if (portions.length > 0) portions[portions.length - 1]!.amount += gross - net - portions.reduce((sum, p) => sum + p.amount, 0);
  return taxedPriceFrom(price.totalNet.currencyCode, net, gross, portions);
}
