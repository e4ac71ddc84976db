/** What the JSON search APIs (product search, order search) share in reading a request body. */
import { errors } from '../http/errors.js';
import type { Scalar } from './fields.js';
import { compareScalars } from './matching.js';

export type Json = Record<string, unknown>;
export type Invalid = (path: string, message: string) => never;

export const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A locale as search requests and localized values name it: `en`, `de-CH`. */
export const LOCALE = /^[a-z]{2}(-[A-Z]{2})?$/;

/** Readers of one search API's request fields; every refusal is a 400 InvalidInput naming that API and the field path. */
export function requestReader(api: string) {
  const invalid: Invalid = (path, message) => {
    throw errors.invalidInput(`Invalid ${api} request: ${path}: ${message}`);
  };
  return {
    invalid,
    language(path: string, body: Json): string | undefined {
      const language = body.language;
      if (language === undefined) return undefined;
      if (typeof language !== 'string' || !LOCALE.test(language))
        invalid(`${path}.language`, `'${String(language)}' is not a valid locale.`);
      return language;
    },
    boost(path: string, body: Json): number {
      if (body.boost === undefined) return 1;
      if (typeof body.boost !== 'number' || !(body.boost >= 0)) invalid(`${path}.boost`, 'must be a non-negative number.');
      return body.boost;
    },
    flag(path: string, body: Json, name: string): boolean {
      const value = body[name];
      if (value === undefined) return false;
      if (typeof value !== 'boolean') invalid(`${path}.${name}`, 'must be true or false.');
      return value;
    },
    integer(body: Json, name: string, fallback: number, max: number): number {
      const value = body[name];
      if (value === undefined) return fallback;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max)
        invalid(name, `must be an integer between 0 and ${max}.`);
      return value;
    },
  };
}

/** One sort key from a field's values: the smallest or largest, or the sum or average of the numbers. */
export function sortValue(values: Scalar[], mode: 'min' | 'max' | 'avg' | 'sum'): Scalar | undefined {
  if (values.length === 0) return undefined;
  if (mode === 'avg' || mode === 'sum') {
    const numbers = values.filter((value): value is number => typeof value === 'number');
    if (numbers.length === 0) return undefined;
    const sum = numbers.reduce((a, b) => a + b, 0);
    return mode === 'sum' ? sum : sum / numbers.length;
  }
  return values.reduce((best, value) => {
    const c = compareScalars(value, best);
    return (mode === 'min' ? c < 0 : c > 0) ? value : best;
  });
}
