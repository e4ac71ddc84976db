/**
 * Validity periods (`validFrom`, `validUntil`) as prices, product and cart discounts and discount
 * codes hold them. Stored ends are canonical date-times (`canonicalDateTime`), so they order as text.
 */

/** From `validFrom` (inclusive) until `validUntil` (exclusive); an end that is absent is open. */
export interface ValidityPeriod {
  validFrom?: string;
  validUntil?: string;
}

/** Whether `now` (milliseconds) falls within the period. */
export function isValidAt(period: ValidityPeriod, now: number): boolean {
  if (period.validFrom !== undefined && Date.parse(period.validFrom) > now) return false;
  if (period.validUntil !== undefined && Date.parse(period.validUntil) <= now) return false;
  return true;
}

/** Whether either end is set: prices of one scope may share it only when both are dated and do not overlap. */
export const isDated = (period: ValidityPeriod) => period.validFrom !== undefined || period.validUntil !== undefined;

/** Whether two periods share a moment, an open end reaching to the beginning or the end of time. */
export function validityPeriodsOverlap(a: ValidityPeriod, b: ValidityPeriod): boolean {
  const from = (period: ValidityPeriod) => (period.validFrom === undefined ? -Infinity : Date.parse(period.validFrom));
  const until = (period: ValidityPeriod) => (period.validUntil === undefined ? Infinity : Date.parse(period.validUntil));
  return from(a) < until(b) && from(b) < until(a);
}

/** Whether the period ends before (or when) it starts, which the platform refuses. */
export const isEmptyPeriod = (period: ValidityPeriod) =>
  period.validFrom !== undefined && period.validUntil !== undefined && period.validFrom >= period.validUntil;
