/**
 * Exact money arithmetic for carts: amounts are integer minor units, rates are decimals
 * (`0.19`, `0.075`), and every division rounds once, with the cart's rounding mode
 * (`HalfEven` by default, `HalfUp`, `HalfDown`). BigInt keeps `amount * rate` exact where binary
 * floating point would not (1050 * 0.19 is 199.49999999999997 in doubles; here it is 199.5 → 200).
 */

export type RoundingMode = 'HalfEven' | 'HalfUp' | 'HalfDown';

/** `num / den` rounded to an integer with `mode`; `den` must be positive. */
export function divRound(num: bigint, den: bigint, mode: RoundingMode): number {
  const negative = num < 0n;
  const n = negative ? -num : num;
  const quotient = n / den;
  const twice = (n % den) * 2n;
  let result = quotient;
  if (twice > den) result = quotient + 1n;
  else if (twice === den) {
    if (mode === 'HalfUp') result = quotient + 1n;
    else if (mode === 'HalfEven') result = quotient % 2n === 0n ? quotient : quotient + 1n;
  }
  return Number(negative ? -result : result);
}

const fractions = new Map<number, [bigint, bigint]>();

/** A decimal rate as an exact fraction: 0.19 → 19/100, 0.075 → 75/1000. */
export function rateFraction(rate: number): [bigint, bigint] {
  let cached = fractions.get(rate);
  if (cached) return cached;
  let text = String(rate);
  if (/e/i.test(text)) text = rate.toFixed(20).replace(/0+$/, '');
  const [whole, decimals = ''] = text.split('.');
  const den = 10n ** BigInt(decimals.length);
  // Rates are never negative (0..1).
  const num = BigInt(whole!) * den + BigInt(decimals === '' ? '0' : decimals);
  cached = [num, den];
  if (fractions.size > 1000) fractions.clear();
  fractions.set(rate, cached);
  return cached;
}

/** `amount * rate`, rounded. */
export function applyRate(amount: number, rate: number, mode: RoundingMode): number {
  const [num, den] = rateFraction(rate);
  return divRound(BigInt(amount) * num, den, mode);
}

/** The net amount inside a gross amount that includes tax at `rate`: `gross / (1 + rate)`, rounded. */
export function netOfGross(gross: number, rate: number, mode: RoundingMode): number {
  const [num, den] = rateFraction(rate);
  return divRound(BigInt(gross) * den, den + num, mode);
}

/** `amount * numerator / denominator`, rounded (proportional shares). */
export function proportion(amount: number, numerator: number, denominator: number, mode: RoundingMode): number {
  if (denominator === 0) return 0;
  return divRound(BigInt(amount) * BigInt(numerator), BigInt(denominator), mode);
}

/** `amount * permyriad / 10000`, rounded (relative discounts). */
export function permyriadOf(amount: number, permyriad: number, mode: RoundingMode): number {
  return divRound(BigInt(amount) * BigInt(permyriad), 10000n, mode);
}

/** A high-precision amount (`preciseAmount` with `fractionDigits`) times a quantity, in cents of `currencyDigits`. */
export function preciseTotal(
  preciseAmount: number,
  fractionDigits: number,
  quantity: number,
  currencyDigits: number,
  mode: RoundingMode,
): number {
  const shift = fractionDigits - currencyDigits;
  if (shift <= 0) return preciseAmount * quantity * 10 ** -shift;
  return divRound(BigInt(preciseAmount) * BigInt(quantity), 10n ** BigInt(shift), mode);
}
