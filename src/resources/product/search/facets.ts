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
import { compareScalars, compileFilter, inRange, selectedPositions, type Selection } from './matching.js';
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
  const { positions, selected, view } = rows;
  const { firstSlots, variantCounts } = view;
  for (let r = 0; r < positions.length; r++) {
    const first = firstSlots[positions[r]!]!;
    const slots = column.productLevel ? 1 : variantCounts[positions[r]!]!;
    for (let slot = first; slot < first + slots; slot++) {
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

/**
 * The figures of range facets as values are added: per range, the variants and products with a
 * value in it, and the sum, count, min and max of those values.
 */
class RangeTally {
  readonly count: Int32Array;
  readonly products: Int32Array;
  readonly total: Float64Array;
  readonly values: Int32Array;
  readonly min: Float64Array;
  readonly max: Float64Array;
  /** Per range: the product (row + 1) that last counted, and whether the current variant did. */
  private readonly lastRow: Int32Array;
  private readonly inVariant: Uint8Array;

  constructor(ranges: number) {
    this.count = new Int32Array(ranges);
    this.products = new Int32Array(ranges);
    this.total = new Float64Array(ranges);
    this.values = new Int32Array(ranges);
    this.min = new Float64Array(ranges).fill(Infinity);
    this.max = new Float64Array(ranges).fill(-Infinity);
    this.lastRow = new Int32Array(ranges);
    this.inVariant = new Uint8Array(ranges);
  }

  /** One value of the current variant, in range `range`. */
  add(range: number, number: number): void {
    this.inVariant[range] = 1;
    this.total[range]! += number;
    this.values[range]!++;
    if (number < this.min[range]!) this.min[range] = number;
    if (number > this.max[range]!) this.max[range] = number;
  }

  /** Ends a variant of the product at `row`: each range it had a value in counts it, and its product once. */
  endVariant(row: number): void {
    const { inVariant } = this;
    for (let range = 0; range < inVariant.length; range++) {
      if (inVariant[range] === 0) continue;
      inVariant[range] = 0;
      this.count[range]!++;
      if (this.lastRow[range] !== row + 1) {
        this.products[range]!++;
        this.lastRow[range] = row + 1;
      }
    }
  }
}

function rangeFacet(expression: FacetExpression, rows: Selection, scope: RequestScope, view: ViewIndex): RangeFacetResult {
  const target = field(expression.path);
  target.check?.(scope);
  const ranges = expression.terms as RangeTerm[];
  const tally = new RangeTally(ranges.length);
  const productLevel = target.level === 'product';
  const column = columnOf(view, target);
  if (column) {
    // Each distinct value is placed once (its number, and per range whether it lies in it); a variant's values are then looked up by id.
    const known = new Uint8Array(column.values.length);
    const numbers = new Float64Array(column.values.length);
    const insides = new Uint8Array(column.values.length * ranges.length);
    const { pool, start, count } = column;
    const { positions, selected } = rows;
    const { firstSlots, variantCounts } = view;
    for (let row = 0; row < positions.length; row++) {
      const first = firstSlots[positions[row]!]!;
      const end = first + (productLevel ? 1 : variantCounts[positions[row]!]!);
      for (let slot = first; slot < end; slot++) {
        if (!productLevel && selected[slot] !== 1) continue;
        for (let i = start[slot]!, last = i + count[slot]!; i < last; i++) {
          const id = pool[i]!;
          if (known[id] === 0) {
            const value = column.values[id]!;
            numbers[id] = numeric(value);
            for (let range = 0; range < ranges.length; range++)
              insides[id * ranges.length + range] = inRange(value, ranges[range]!.from, ranges[range]!.to) ? 1 : 0;
            known[id] = 1;
          }
          for (let range = 0; range < ranges.length; range++) if (insides[id * ranges.length + range] === 1) tally.add(range, numbers[id]!);
        }
        tally.endVariant(row);
      }
    }
  } else {
    const { products } = rows;
    for (let row = 0; row < products.length; row++) {
      const entry = products[row]!;
      for (const position of countedPositions(rows, entry, productLevel)) {
        for (const value of scalars(target.values(entry, position, scope)))
          for (let range = 0; range < ranges.length; range++)
            if (inRange(value, ranges[range]!.from, ranges[range]!.to)) tally.add(range, numeric(value));
        tally.endVariant(row);
      }
    }
  }
  return {
    type: 'range',
    ranges: ranges.map((range, index) => {
      const empty = tally.values[index] === 0;
      return {
        from: boundNumber(range.from),
        fromStr: range.fromText,
        to: boundNumber(range.to),
        toStr: range.toText,
        count: tally.count[index]!,
        ...(expression.countingProducts ? { productCount: tally.products[index]! } : {}),
        total: tally.total[index]!,
        min: empty ? 0 : tally.min[index]!,
        max: empty ? 0 : tally.max[index]!,
        mean: empty ? 0 : tally.total[index]! / tally.values[index]!,
      };
    }),
  };
}

function filterFacet(expression: FacetExpression, rows: Selection, scope: RequestScope, view: ViewIndex): FilterFacetResult {
  const filter = compileFilter(expression, scope, view);
  const productLevel = field(expression.path).level === 'product';
  const { positions, selected } = rows;
  const { firstSlots, variantCounts } = view;
  let count = 0;
  let products = 0;
  for (const position of positions) {
    const first = firstSlots[position]!;
    let hits = 0;
    for (let variant = 0; variant < variantCounts[position]!; variant++) {
      if (selected[first + variant] !== 1 || !filter.holds(position, first, variant)) continue;
      hits++;
      if (productLevel) break; // a product-level field counts the product's first selected variant only
    }
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
