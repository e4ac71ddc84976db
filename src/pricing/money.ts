/**
 * Money as the platform stores it: a draft `{currencyCode, centAmount}` (or a high-precision draft)
 * becomes a TypedMoney with `type` and `fractionDigits`. Pure helpers, shared by every resource type
 * that holds prices (products, standalone prices, product discounts; carts and orders later).
 */
import * as z from 'zod';

export interface CentPrecisionMoney {
  type: 'centPrecision';
  currencyCode: string;
  centAmount: number;
  fractionDigits: number;
}

export interface HighPrecisionMoney {
  type: 'highPrecision';
  currencyCode: string;
  centAmount: number;
  preciseAmount: number;
  fractionDigits: number;
}

export type TypedMoney = CentPrecisionMoney | HighPrecisionMoney;

/** An amount in a currency's minor units: all of a money, whatever its form, that predicates and discounts read. */
export interface Money {
  currencyCode: string;
  centAmount: number;
}

/** ISO 4217 minor units that differ from the common 2. */
const MINOR_UNITS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
  // The platform's non-standard currencies: ISO ones without fraction digits, priced apart from them.
  CZK0: 0,
  HUF0: 0,
  ILS0: 0,
  KZT0: 0,
  TRY0: 0,
  TWD0: 0,
};

export function currencyFractionDigits(currencyCode: string): number {
  return MINOR_UNITS[currencyCode] ?? 2;
}

const CURRENCY_CODE = /^([A-Z]{3}|CZK0|HUF0|ILS0|KZT0|TRY0|TWD0)$/;

/** An ISO 4217 code, or one of the platform's non-standard currencies. */
export const isCurrencyCode = (code: string) => CURRENCY_CODE.test(code);

export const CurrencyCode = z
  .string()
  .regex(CURRENCY_CODE, 'A currency is a three-letter ISO 4217 code or one of the non-standard CZK0, HUF0, ILS0, KZT0, TRY0, TWD0.');

/** `Money` in a draft; also accepts the TypedMoneyDraft forms (`type`, `fractionDigits`, `preciseAmount`). */
export const MoneyDraft = z
  .object({
    currencyCode: CurrencyCode,
    centAmount: z.number().int().optional(),
    type: z.enum(['centPrecision', 'highPrecision']).optional(),
    fractionDigits: z.number().int().min(0).max(20).optional(),
    preciseAmount: z.number().int().optional(),
  })
  .refine(
    (m) => (m.type === 'highPrecision' ? m.preciseAmount !== undefined && m.fractionDigits !== undefined : m.centAmount !== undefined),
    {
      message: 'A centPrecision amount needs centAmount; a highPrecision amount needs preciseAmount and fractionDigits.',
    },
  );
export type MoneyDraft = z.infer<typeof MoneyDraft>;

/** The stored form of a money draft. High precision amounts keep `preciseAmount` and get a rounded `centAmount`. */
export function typedMoney(draft: MoneyDraft): TypedMoney {
  const digits = currencyFractionDigits(draft.currencyCode);
  if (draft.type === 'highPrecision') {
    const fractionDigits = draft.fractionDigits!;
    const preciseAmount = draft.preciseAmount!;
    const centAmount = Math.round(preciseAmount / 10 ** (fractionDigits - digits));
    return { type: 'highPrecision', currencyCode: draft.currencyCode, centAmount, preciseAmount, fractionDigits };
  }
  return { type: 'centPrecision', currencyCode: draft.currencyCode, centAmount: draft.centAmount!, fractionDigits: digits };
}

/** A cent-precision money of the same currency with another amount. */
export function withCentAmount(money: { currencyCode: string }, centAmount: number): CentPrecisionMoney {
  return {
    type: 'centPrecision',
    currencyCode: money.currencyCode,
    centAmount,
    fractionDigits: currencyFractionDigits(money.currencyCode),
  };
}

/** `"10.00 EUR"`-style MoneyString (used in discount predicates) to cents; undefined when malformed. */
export function parseMoneyString(text: string): Money | undefined {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s+([A-Z]{3})\s*$/.exec(text);
  if (!match) return undefined;
  const currencyCode = match[2]!;
  const centAmount = Math.round(Number(match[1]) * 10 ** currencyFractionDigits(currencyCode));
  return { currencyCode, centAmount };
}
