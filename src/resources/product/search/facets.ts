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
import type { FieldColumn, IndexedProduct, ViewIndex } from './catalog-index.js';
import { columnOf, field, scalars, termKey, type FacetDataType, type Field, type Scalar } from './fields.js';
import type { FacetExpression, RangeTerm } from './filter-language.js';
import { compareScalars, compileFilter, inRange, selectedPositions, type Selection, type VariantPredicate } from './matching.js';
import type { RequestScope } from './request-scope.js';

/** The platform returns at most this many terms per term facet. */
export const MAX_FACET_TERMS = 200;

/**
 * The positions of the product's variants that count for a facet of a field: the selected ones, or
 * for a product-level field the first (its values are the same for all).
 */
function countedPositions(rows: Selection, entry: IndexedProduct, productLevel: boolean): number[] {
  const positions = selectedPositions(rows, entry);
  return productLevel ? positions.slice(0, 1) : positions;
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

/** A term's count of variants, and of products (`lastProduct` counts each product once). */
interface Bucket {
  value: Scalar;
  count: number;
  products: number;
  lastProduct: IndexedProduct | undefined;
}

/** Counts the rows' values of a field read from the stored product, from its column (by value id). */
function countColumn(column: FieldColumn, rows: Selection): { buckets: Bucket[]; missing: number; total: number } {
  const counts = new Int32Array(column.values.length);
  const productCounts = new Int32Array(column.values.length);
  /** Per value id: the row (index + 1) and the variant (slot + 1) that last counted it; when it was first counted. */
  const lastRow = new Int32Array(column.values.length);
  const lastSlot = new Int32Array(column.values.length);
  const firstSeen = new Int32Array(column.values.length);
  let seen = 0;
  const { pool, start, count } = column;
  let missing = 0;
  let total = 0;
  const { products, selected } = rows;
  for (let r = 0; r < products.length; r++) {
    const entry = products[r]!;
    const slots = column.productLevel ? 1 : entry.variants.length;
    for (let v = 0; v < slots; v++) {
      const slot = entry.slot + v;
      if (!column.productLevel && selected[slot] !== 1) continue;
      const n = count[slot]!;
      if (n === 0) {
        missing++;
        continue;
      }
      total++;
      for (let i = start[slot]!, end = i + n; i < end; i++) {
        const id = pool[i]!;
        if (lastSlot[id] === slot + 1) continue; // the same value twice in one variant
        lastSlot[id] = slot + 1;
        if (counts[id]!++ === 0) firstSeen[id] = seen++;
        if (lastRow[id] !== r + 1) {
          productCounts[id]!++;
          lastRow[id] = r + 1;
        }
      }
    }
  }
  // In the order the rows first hold them, as counting value by value would list them (ties keep that order).
  const buckets = new Array<Bucket>(seen);
  for (let id = 0; id < counts.length; id++) {
    if (counts[id]! > 0)
      buckets[firstSeen[id]!] = { value: column.values[id]!, count: counts[id]!, products: productCounts[id]!, lastProduct: undefined };
  }
  return { buckets, missing, total };
}

/** Counts the rows' values of a field read per request (price selection, inventory). */
function countValues(target: Field, rows: Selection, scope: RequestScope): { buckets: Bucket[]; missing: number; total: number } {
  const counts = new Map<string, Bucket>();
  let missing = 0;
  let total = 0;
  const productLevel = target.level === 'product';
  for (const entry of rows.products) {
    for (const position of countedPositions(rows, entry, productLevel)) {
      const values = scalars(target.values(entry, position, scope));
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
        if (bucket.lastProduct !== entry) {
          bucket.products++;
          bucket.lastProduct = entry;
        }
      }
    }
  }
  return { buckets: [...counts.values()], missing, total };
}

function termsFacet(expression: FacetExpression, rows: Selection, scope: RequestScope, view: ViewIndex): TermFacetResult {
  const target = field(expression.path);
  target.check?.(scope);
  const column = columnOf(view, target);
  const { buckets: counted, missing, total } = column ? countColumn(column, rows) : countValues(target, rows, scope);
  const byProducts = expression.countingProducts;
  const buckets = counted.sort(
    (a, b) => (byProducts ? b.products - a.products : 0) || b.count - a.count || compareScalars(a.value, b.value) || 0,
  );
  const shown = buckets.slice(0, MAX_FACET_TERMS);
  const dataType = target.dataType(view.typeInfo);
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

function rangeFacet(expression: FacetExpression, rows: Selection, scope: RequestScope, view: ViewIndex): RangeFacetResult {
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
  /** Adds one variant's values (their numbers, and whether each lies in a range) to the ranges' figures. */
  const tally = (entry: IndexedProduct, length: number, numberAt: (i: number) => number, inside: (i: number, range: number) => boolean) => {
    for (let index = 0; index < ranges.length; index++) {
      const stat = stats[index]!;
      let hit = false;
      for (let i = 0; i < length; i++) {
        if (!inside(i, index)) continue;
        hit = true;
        const number = numberAt(i);
        stat.total += number;
        stat.values++;
        if (number < stat.min) stat.min = number;
        if (number > stat.max) stat.max = number;
      }
      if (!hit) continue;
      stat.count++;
      if (stat.lastProduct !== entry) {
        stat.products++;
        stat.lastProduct = entry;
      }
    }
  };
  const productLevel = target.level === 'product';
  const column = columnOf(view, target);
  if (column) {
    // Each distinct value is placed once (its number, and per range whether it lies in it); a variant's values are then looked up by id.
    const known = new Uint8Array(column.values.length);
    const numbers = new Float64Array(column.values.length);
    const insides = new Uint8Array(column.values.length * ranges.length);
    const { pool, start, count } = column;
    let from = 0;
    const idAt = (i: number) => {
      const id = pool[from + i]!;
      if (known[id] === 0) {
        const value = column.values[id]!;
        numbers[id] = numeric(value);
        ranges.forEach((range, index) => {
          insides[id * ranges.length + index] = inRange(value, range.from, range.to) ? 1 : 0;
        });
        known[id] = 1;
      }
      return id;
    };
    const numberAt = (i: number) => numbers[idAt(i)]!;
    const inside = (i: number, range: number) => insides[idAt(i) * ranges.length + range] === 1;
    for (const entry of rows.products) {
      const positions = productLevel ? 1 : entry.variants.length;
      for (let p = 0; p < positions; p++) {
        const slot = entry.slot + p;
        if ((!productLevel && rows.selected[slot] !== 1) || count[slot] === 0) continue;
        from = start[slot]!;
        tally(entry, count[slot]!, numberAt, inside);
      }
    }
  } else {
    for (const entry of rows.products) {
      for (const position of countedPositions(rows, entry, productLevel)) {
        const values = scalars(target.values(entry, position, scope));
        if (values.length === 0) continue;
        tally(
          entry,
          values.length,
          (i) => numeric(values[i]!),
          (i, index) => inRange(values[i]!, ranges[index]!.from, ranges[index]!.to),
        );
      }
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

function filterFacet(expression: FacetExpression, rows: Selection, scope: RequestScope, view: ViewIndex): FilterFacetResult {
  const predicate: VariantPredicate = compileFilter(expression, scope, view);
  const productLevel = field(expression.path).level === 'product';
  let count = 0;
  let products = 0;
  for (const entry of rows.products) {
    let hits = 0;
    for (const position of countedPositions(rows, entry, productLevel)) if (predicate(entry, position)) hits++;
    count += hits;
    if (hits > 0) products++;
  }
  return { type: 'filter', count, ...(expression.countingProducts ? { productCount: products } : {}) };
}

export function computeFacet(expression: FacetExpression, rows: Selection, scope: RequestScope, view: ViewIndex): FacetResult {
  switch (expression.type) {
    case 'terms':
      return termsFacet(expression, rows, scope, view);
    case 'range':
      return rangeFacet(expression, rows, scope, view);
    case 'filter':
      return filterFacet(expression, rows, scope, view);
  }
}
