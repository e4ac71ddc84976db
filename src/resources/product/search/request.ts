/** What the JSON search APIs (product search, order search) share in reading a request body. */
import { errors } from '../../../http/errors.js';
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
    /**
     * Reads a request's `sort` list: each entry's `order` (required unless there is a `fallbackOrder`)
     * and `mode` here, the rest by `entry`.
     */
    sort<T>(sort: unknown, fallbackOrder: 'asc' | undefined, entry: (spec: Json, path: string, direction: SortDirection) => T): T[] {
      if (sort === undefined) return [];
      if (!Array.isArray(sort)) invalid('sort', 'must be an array.');
      return sort.map((spec, index) => {
        const path = `sort[${index}]`;
        if (!isObject(spec)) invalid(path, 'must be an object.');
        const order = spec.order ?? fallbackOrder;
        if (order !== 'asc' && order !== 'desc') invalid(`${path}.order`, "must be 'asc' or 'desc'.");
        const descending = order === 'desc';
        const mode = spec.mode ?? (descending ? 'max' : 'min');
        if (mode !== 'min' && mode !== 'max' && mode !== 'avg' && mode !== 'sum')
          invalid(`${path}.mode`, "must be 'min', 'max', 'avg' or 'sum'.");
        return entry(spec, path, { descending, mode });
      });
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

export type RequestReader = ReturnType<typeof requestReader>;

export type SortMode = 'min' | 'max' | 'avg' | 'sum';

export interface SortDirection {
  descending: boolean;
  /** How a multi-valued field gives one key. */
  mode: SortMode;
}

/**
 * Orders two hits by their sort keys, one per sort entry; 0 when every key ties. A hit without a
 * value for a key comes last, whatever the direction.
 */
export function compareSortKeys(
  a: ReadonlyArray<Scalar | undefined>,
  b: ReadonlyArray<Scalar | undefined>,
  directions: readonly SortDirection[],
): number {
  for (let i = 0; i < directions.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) {
      if (x === y) continue;
      return x === undefined ? 1 : -1;
    }
    const c = compareScalars(x, y);
    if (c !== 0 && !Number.isNaN(c)) return directions[i]!.descending ? -c : c;
  }
  return 0;
}

/** One sort key from a field's values: the smallest or largest, or the sum or average of the numbers. */
export function sortValue(values: Scalar[], mode: SortMode): Scalar | undefined {
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
