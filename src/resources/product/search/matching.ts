/**
 * Filter expressions compiled to variant filters: whether a variant (a product and a variant index)
 * passes. A product-level field holds for all of a product's variants or for none.
 */
import type { FieldColumn, IndexedProduct, ViewIndex } from './catalog-index.js';
import { columnOf, field, scalars, type Field, type Scalar } from './fields.js';
import type { Bound, FilterExpression, RangeTerm, Term } from './filter-language.js';
import type { RequestScope } from './request-scope.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** Equality across the types the language mixes: `size:40` finds the text "40", `flag:"true"` the boolean. */
export function sameValue(actual: Scalar, wanted: Scalar): boolean {
  if (actual === wanted) return true;
  const actualType = typeof actual;
  const wantedType = typeof wanted;
  if (actualType === wantedType) return false;
  if (actualType === 'number' && wantedType === 'string') return (wanted as string).trim() !== '' && Number(wanted) === actual;
  if (actualType === 'string' && wantedType === 'number') return (actual as string).trim() !== '' && Number(actual) === wanted;
  return String(actual) === String(wanted);
}

/** Orders two values of a field: numbers numerically, dates by time, other strings lexically; NaN when incomparable. */
export function compareScalars(a: Scalar, b: Scalar): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number' && typeof b === 'string' && b.trim() !== '' && !Number.isNaN(Number(b))) return a - Number(b);
  if (typeof a === 'string' && typeof b === 'number' && a.trim() !== '' && !Number.isNaN(Number(a))) return Number(a) - b;
  if (typeof a === 'string' && typeof b === 'string') {
    if (ISO_DATE.test(a) && ISO_DATE.test(b)) {
      const ta = Date.parse(a);
      const tb = Date.parse(b);
      if (!Number.isNaN(ta) && !Number.isNaN(tb)) return ta - tb;
    }
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return Number.NaN;
}

/** Whether `value` lies in the range; both bounds inclusive, `*` open. */
export function inRange(value: Scalar, from: Bound, to: Bound): boolean {
  if (from !== undefined) {
    const c = compareScalars(value, from);
    if (!(c >= 0)) return false;
  }
  if (to !== undefined) {
    const c = compareScalars(value, to);
    if (!(c <= 0)) return false;
  }
  return true;
}

/** Whether one scalar value passes a term; the filter holds for a variant when one of its values does. */
type ScalarTest = (value: Scalar) => boolean;

/** The scalar test of a term; undefined for `exists` and `missing`, which look at every value, objects too. */
function scalarTest(term: Term, scope: RequestScope): ScalarTest | undefined {
  switch (term.kind) {
    case 'exists':
    case 'missing':
      return undefined;
    case 'value': {
      const wanted = term.value;
      return (actual) => sameValue(actual, wanted);
    }
    case 'subtree': {
      const ids = scope.subtree(term.id);
      return (actual) => typeof actual === 'string' && ids.has(actual);
    }
    case 'range':
      return (actual) => inRange(actual, term.from, term.to);
  }
}

/** Whether a variant's values pass a term. */
function valuesTest(term: Term, scope: RequestScope): (values: readonly unknown[]) => boolean {
  if (term.kind === 'exists') return (values) => values.length > 0;
  if (term.kind === 'missing') return (values) => values.length === 0;
  const test = scalarTest(term, scope)!;
  return (values) => {
    for (const value of scalars(values)) if (test(value)) return true;
    return false;
  };
}

/** Any of the tests (the terms of one expression are alternatives). */
function anyOf<T>(tests: ReadonlyArray<(value: T) => boolean>): (value: T) => boolean {
  if (tests.length === 1) return tests[0]!;
  return (value) => {
    for (const test of tests) if (test(value)) return true;
    return false;
  };
}

/**
 * A filter compiled for one request: whether a variant passes, given the product's storage
 * position in the view (`IndexedProduct.position`), its first variant slot and the variant's index.
 */
export interface VariantFilter {
  holds(position: number, firstSlot: number, variant: number): boolean;
}

/**
 * A filter over a field's column: each distinct value is decided once (on first sight), then a
 * variant's value ids are looked up. A product-level column answers for all of a product's variants.
 */
export class ColumnFilter implements VariantFilter {
  /** Per value id: 0 not decided yet, 1 passes, 2 does not. */
  private readonly answers: Uint8Array;

  constructor(
    private readonly column: FieldColumn,
    private readonly test: ScalarTest,
  ) {
    this.answers = new Uint8Array(column.values.length);
  }

  holds(_position: number, firstSlot: number, variant: number): boolean {
    const { column, answers } = this;
    const slot = column.productLevel ? firstSlot : firstSlot + variant;
    const { pool } = column;
    for (let i = column.start[slot]!, end = i + column.count[slot]!; i < end; i++) {
      const id = pool[i]!;
      let answer = answers[id]!;
      if (answer === 0) answers[id] = answer = this.test(column.values[id]!) ? 1 : 2;
      if (answer === 1) return true;
    }
    return false;
  }
}

/** A filter on a field read per variant (a value the request computes, or `exists`/`missing`). */
class ReadFilter implements VariantFilter {
  constructor(
    private readonly view: ViewIndex,
    private readonly target: Field,
    private readonly scope: RequestScope,
    private readonly test: (values: readonly unknown[]) => boolean,
  ) {}

  holds(position: number, _firstSlot: number, variant: number): boolean {
    return this.test(this.target.values(this.view.ordered[position]!, variant, this.scope));
  }
}

/** A filter on a product-level field read per product: the same answer for all of its variants, decided once. */
class ProductFilter implements VariantFilter {
  /** By storage position: 0 not decided yet, 1 passes, 2 does not. */
  private readonly answers: Uint8Array;

  constructor(
    private readonly view: ViewIndex,
    private readonly target: Field,
    private readonly scope: RequestScope,
    private readonly test: (values: readonly unknown[]) => boolean,
  ) {
    this.answers = new Uint8Array(view.size);
  }

  holds(position: number): boolean {
    let answer = this.answers[position]!;
    if (answer === 0) this.answers[position] = answer = this.test(this.target.values(this.view.ordered[position]!, 0, this.scope)) ? 1 : 2;
    return answer === 1;
  }
}

class AllOf implements VariantFilter {
  constructor(private readonly filters: readonly VariantFilter[]) {}

  holds(position: number, firstSlot: number, variant: number): boolean {
    const { filters } = this;
    for (let i = 0; i < filters.length; i++) if (!filters[i]!.holds(position, firstSlot, variant)) return false;
    return true;
  }
}

/**
 * Compiles one filter expression over the view; its terms are alternatives. A field read from the
 * stored product is read from the view's column, and each distinct value is tested once.
 */
export function compileFilter(expression: FilterExpression, scope: RequestScope, view: ViewIndex): VariantFilter {
  const target: Field = field(expression.path);
  target.check?.(scope);
  const tests = expression.terms.map((term) => scalarTest(term, scope));
  const column = tests.every((test) => test !== undefined) ? columnOf(view, target) : undefined;
  if (column) return new ColumnFilter(column, anyOf(tests as ScalarTest[]));
  const test = anyOf(expression.terms.map((term) => valuesTest(term, scope)));
  return target.level === 'product' ? new ProductFilter(view, target, scope, test) : new ReadFilter(view, target, scope, test);
}

/**
 * Some variants of some products of a view: the storage positions of the products holding at least
 * one (ascending), and a flag per variant slot (`IndexedProduct.slot`), 1 for the variants in.
 */
export class Selection {
  private list: IndexedProduct[] | undefined;

  constructor(
    readonly view: ViewIndex,
    readonly positions: Int32Array,
    readonly selected: Uint8Array,
  ) {}

  /** The products, in storage order. */
  get products(): readonly IndexedProduct[] {
    if (!this.list) {
      const { ordered } = this.view;
      const { positions } = this;
      this.list = new Array<IndexedProduct>(positions.length);
      for (let i = 0; i < positions.length; i++) this.list[i] = ordered[positions[i]!]!;
    }
    return this.list;
  }

  get size(): number {
    return this.positions.length;
  }
}

/** The storage positions 0 to `count` - 1. */
export function firstPositions(count: number): Int32Array {
  const positions = new Int32Array(count);
  for (let i = 0; i < count; i++) positions[i] = i;
  return positions;
}

/** Every variant of every product of the view. */
export function everything(view: ViewIndex): Selection {
  return new Selection(view, firstPositions(view.size), new Uint8Array(view.slotCount).fill(1));
}

/** The selected variants that pass the filter (all of them without one). */
export function narrow(selection: Selection, filter: VariantFilter | undefined): Selection {
  if (!filter) return selection;
  const { view, positions: before, selected: was } = selection;
  const { firstSlots, variantCounts } = view;
  const selected = new Uint8Array(was.length);
  const positions = new Int32Array(before.length);
  let kept = 0;
  for (let i = 0; i < before.length; i++) {
    const position = before[i]!;
    const first = firstSlots[position]!;
    let any = false;
    for (let variant = 0, count = variantCounts[position]!; variant < count; variant++) {
      const slot = first + variant;
      if (was[slot] === 1 && filter.holds(position, first, variant)) {
        selected[slot] = 1;
        any = true;
      }
    }
    if (any) positions[kept++] = position;
  }
  return new Selection(view, positions.subarray(0, kept), selected);
}

/**
 * The first `count` of the indices `0 .. length - 1` in the order `compare` gives (a total order),
 * sorted: a full sort when that is about as cheap, otherwise one pass keeping the best so far.
 */
export function firstOf(length: number, count: number, compare: (a: number, b: number) => number): number[] {
  if (count <= 0) return [];
  if (length <= count * 4)
    return Array.from({ length }, (_, i) => i)
      .sort(compare)
      .slice(0, count);
  const best: number[] = [];
  for (let item = 0; item < length; item++) {
    if (best.length === count && compare(item, best[count - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(best[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}

/** The positions of the product's selected variants. */
export function selectedPositions(selection: Selection, entry: IndexedProduct): number[] {
  const positions: number[] = [];
  for (let position = 0; position < entry.variants.length; position++)
    if (selection.selected[entry.slot + position] === 1) positions.push(position);
  return positions;
}

/** All of the filters (an empty list holds for everything). */
export function allOf(filters: readonly VariantFilter[]): VariantFilter | undefined {
  if (filters.length === 0) return undefined;
  return filters.length === 1 ? filters[0] : new AllOf(filters);
}

export type { RangeTerm };
