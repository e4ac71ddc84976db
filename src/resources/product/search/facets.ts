/**
 * Facet results of product projection search, in the platform's shapes:
 *
 * - terms:  `{type: 'terms', dataType, missing, total, other, terms: [{term, count, productCount?}]}` —
 *   `total` counts the variants (products, for product-level fields) with a value, `missing` those
 *   without, `other` the values beyond the returned terms; terms by count descending (productCount
 *   with `counting products`), then by term.
 * - range:  `{type: 'range', ranges: [{from, fromStr, to, toStr, count, productCount?, total, min, max, mean}]}` —
 *   `*` bounds are `0` and `""`; bounds inclusive; `total`, `min`, `max`, `mean` over the values in range.
 * - filter: `{type: 'filter', count, productCount?}`.
 */
import type { IndexedProduct, TypeInfo } from './catalog-index.js';
import { field, scalars, type FacetDataType, type Scalar } from './fields.js';
import type { FacetExpression, RangeTerm } from './filter-language.js';
import { compareScalars, compileFilter, inRange, type VariantPredicate } from './matching.js';
import type { RequestScope } from './request-scope.js';

/** The platform returns at most this many terms per term facet. */
export const MAX_FACET_TERMS = 200;

/** A product with the positions of its variants that count for a facet. */
export interface FacetRow {
  entry: IndexedProduct;
  variants: readonly number[];
}

export interface TermFacetResult {
  type: 'terms';
  dataType: FacetDataType;
  missing: number;
  total: number;
  other: number;
  terms: Array<{ term: unknown; count: number; productCount?: number }>;
}

export interface RangeFacetResult {
  type: 'range';
  ranges: Array<{
    from: number;
    fromStr: string;
    to: number;
    toStr: string;
    count: number;
    productCount?: number;
    total: number;
    min: number;
    max: number;
    mean: number;
  }>;
}

export interface FilterFacetResult {
  type: 'filter';
  count: number;
  productCount?: number;
}

export type FacetResult = TermFacetResult | RangeFacetResult | FilterFacetResult;

/** A term as the platform prints it: numbers of number attributes as decimals (`1.0`), booleans as `T`/`F`. */
function formatTerm(value: Scalar, dataType: FacetDataType): unknown {
  if (typeof value === 'boolean') return value ? 'T' : 'F';
  if (typeof value === 'number')
    return dataType === 'number' && Number.isInteger(value) && !Number.isNaN(value) ? `${value}.0` : String(value);
  return value;
}

const termKey = (value: Scalar) => (typeof value === 'string' ? `s${value}` : typeof value === 'number' ? `n${value}` : `b${value}`);

function numeric(value: Scalar): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return Number(value);
  const number = Number(value);
  if (value.trim() !== '' && !Number.isNaN(number)) return number;
  return Date.parse(value);
}

function boundNumber(bound: RangeTerm['from']): number {
  if (bound === undefined) return 0;
  return typeof bound === 'number' ? bound : numeric(bound);
}

function termsFacet(expression: FacetExpression, rows: readonly FacetRow[], scope: RequestScope, types: TypeInfo): TermFacetResult {
  const target = field(expression.path);
  target.check?.(scope);
  const counts = new Map<string, { value: Scalar; count: number; products: number; lastProduct: IndexedProduct | undefined }>();
  let missing = 0;
  let total = 0;
  const productLevel = target.level === 'product';
  for (const row of rows) {
    const positions = productLevel ? [row.variants[0]!] : row.variants;
    for (const position of positions) {
      const values = scalars(target.values(row.entry, position, scope));
      if (values.length === 0) {
        missing++;
        continue;
      }
      total++;
      const seen = values.length > 1 ? new Set<string>() : undefined;
      for (const value of values) {
        const key = termKey(value);
        if (seen) {
          if (seen.has(key)) continue;
          seen.add(key);
        }
        let bucket = counts.get(key);
        if (!bucket) counts.set(key, (bucket = { value, count: 0, products: 0, lastProduct: undefined }));
        bucket.count++;
        if (bucket.lastProduct !== row.entry) {
          bucket.products++;
          bucket.lastProduct = row.entry;
        }
      }
    }
  }
  const byProducts = expression.countingProducts;
  const buckets = [...counts.values()].sort(
    (a, b) => (byProducts ? b.products - a.products : 0) || b.count - a.count || compareScalars(a.value, b.value) || 0,
  );
  const shown = buckets.slice(0, MAX_FACET_TERMS);
  const dataType = target.dataType(types);
  let other = 0;
  for (const bucket of buckets.slice(MAX_FACET_TERMS)) other += bucket.count;
  return {
    type: 'terms',
    dataType,
    missing,
    total,
    other,
    terms: shown.map((bucket) => ({
      term: formatTerm(bucket.value, dataType),
      count: bucket.count,
      ...(byProducts ? { productCount: bucket.products } : {}),
    })),
  };
}

function rangeFacet(expression: FacetExpression, rows: readonly FacetRow[], scope: RequestScope): RangeFacetResult {
  const target = field(expression.path);
  target.check?.(scope);
  const ranges = expression.terms as RangeTerm[];
  const stats = ranges.map(() => ({
    count: 0,
    products: 0,
    lastProduct: undefined as IndexedProduct | undefined,
    total: 0,
    min: Infinity,
    max: -Infinity,
    values: 0,
  }));
  const productLevel = target.level === 'product';
  for (const row of rows) {
    const positions = productLevel ? [row.variants[0]!] : row.variants;
    for (const position of positions) {
      const values = scalars(target.values(row.entry, position, scope));
      if (values.length === 0) continue;
      ranges.forEach((range, index) => {
        const stat = stats[index]!;
        let hit = false;
        for (const value of values) {
          if (!inRange(value, range.from, range.to)) continue;
          hit = true;
          const number = numeric(value);
          stat.total += number;
          stat.values++;
          if (number < stat.min) stat.min = number;
          if (number > stat.max) stat.max = number;
        }
        if (!hit) return;
        stat.count++;
        if (stat.lastProduct !== row.entry) {
          stat.products++;
          stat.lastProduct = row.entry;
        }
      });
    }
  }
  return {
    type: 'range',
    ranges: ranges.map((range, index) => {
      const stat = stats[index]!;
      const empty = stat.values === 0;
      return {
        from: boundNumber(range.from),
        fromStr: range.fromText,
        to: boundNumber(range.to),
        toStr: range.toText,
        count: stat.count,
        ...(expression.countingProducts ? { productCount: stat.products } : {}),
        total: stat.total,
        min: empty ? 0 : stat.min,
        max: empty ? 0 : stat.max,
        mean: empty ? 0 : stat.total / stat.values,
      };
    }),
  };
}

function filterFacet(expression: FacetExpression, rows: readonly FacetRow[], scope: RequestScope): FilterFacetResult {
  const predicate: VariantPredicate = compileFilter(expression, scope);
  const productLevel = field(expression.path).level === 'product';
  let count = 0;
  let products = 0;
  for (const row of rows) {
    let hits = 0;
    if (productLevel) hits = predicate(row.entry, row.variants[0]!) ? 1 : 0;
    else for (const position of row.variants) if (predicate(row.entry, position)) hits++;
    count += hits;
    if (hits > 0) products++;
  }
  return { type: 'filter', count, ...(expression.countingProducts ? { productCount: products } : {}) };
}

export function computeFacet(expression: FacetExpression, rows: readonly FacetRow[], scope: RequestScope, types: TypeInfo): FacetResult {
  switch (expression.type) {
    case 'terms':
      return termsFacet(expression, rows, scope, types);
    case 'range':
      return rangeFacet(expression, rows, scope);
    case 'filter':
      return filterFacet(expression, rows, scope);
  }
}
