/**
 * Filter expressions compiled to variant predicates: `(product, variant index) → boolean`. A
 * product-level field holds for all of a product's variants or for none.
 */
import type { FieldColumn, IndexedProduct, ViewIndex } from './catalog-index.js';
import { columnOf, field, scalars, type Field, type Scalar } from './fields.js';
import type { Bound, FilterExpression, RangeTerm, Term } from './filter-language.js';
import type { RequestScope } from './request-scope.js';

export type VariantPredicate = (entry: IndexedProduct, variant: number) => boolean;

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

function termMatcher(term: Term, scope: RequestScope): (values: readonly unknown[]) => boolean {
  switch (term.kind) {
    case 'exists':
      return (values) => values.length > 0;
    case 'missing':
      return (values) => values.length === 0;
    case 'value': {
      const wanted = term.value;
      return (values) => scalars(values).some((actual) => sameValue(actual, wanted));
    }
    case 'subtree': {
      const ids = scope.subtree(term.id);
      return (values) => scalars(values).some((actual) => typeof actual === 'string' && ids.has(actual));
    }
    case 'range':
      return (values) => scalars(values).some((actual) => inRange(actual, term.from, term.to));
  }
}

/**
 * Compiles one filter expression; its terms are alternatives. With the view, a field read from the
 * stored product is read from the view's column, and each distinct value is tested once.
 */
export function compileFilter(expression: FilterExpression, scope: RequestScope, view?: ViewIndex): VariantPredicate {
  const target: Field = field(expression.path);
  target.check?.(scope);
  const matchers = expression.terms.map((term) => termMatcher(term, scope));
  const test =
    matchers.length === 1
      ? matchers[0]!
      : (values: readonly unknown[]) => {
          for (const matcher of matchers) if (matcher(values)) return true;
          return false;
        };
  // `exists` and `missing` look at every value, objects too; the other terms hold when one scalar does.
  const column =
    view && expression.terms.every((term) => term.kind !== 'exists' && term.kind !== 'missing') ? columnOf(view, target) : undefined;
  if (column) return columnPredicate(column, (value) => test([value]));
  if (target.level === 'product') {
    // Same answer for every variant: decide once per product (per request).
    const decided = new Map<IndexedProduct, boolean>();
    return (entry) => {
      let answer = decided.get(entry);
      if (answer === undefined) decided.set(entry, (answer = test(target.values(entry, 0, scope))));
      return answer;
    };
  }
  return (entry, variant) => test(target.values(entry, variant, scope));
}

/**
 * A predicate over a column: whether any of the variant's values passes `holds` (asked once per
 * distinct value). A product-level column answers for all of a product's variants.
 */
export function columnPredicate(column: FieldColumn, holds: (value: Scalar) => boolean): VariantPredicate {
  const decided = new Uint8Array(column.values.length); // 0: not asked yet, 1: holds, 2: does not
  const { productLevel } = column;
  return (entry, variant) => {
    const slot = productLevel ? entry.slot : entry.slot + variant;
    const { pool } = column;
    for (let i = column.start[slot]!, end = i + column.count[slot]!; i < end; i++) {
      const id = pool[i]!;
      let answer = decided[id]!;
      if (answer === 0) decided[id] = answer = holds(column.values[id]!) ? 1 : 2;
      if (answer === 1) return true;
    }
    return false;
  };
}

/**
 * Some variants of some products: the products (in storage order) holding at least one, and a flag
 * per variant slot of the view (`IndexedProduct.slot`), 1 for the variants in.
 */
export interface Selection {
  products: readonly IndexedProduct[];
  selected: Uint8Array;
}

/** The selected variants that satisfy the predicate (all of them without one). */
export function narrow(selection: Selection, predicate: VariantPredicate | undefined): Selection {
  if (!predicate) return selection;
  const selected = new Uint8Array(selection.selected.length);
  const products: IndexedProduct[] = [];
  for (const entry of selection.products) {
    let any = false;
    for (let position = 0; position < entry.variants.length; position++) {
      const slot = entry.slot + position;
      if (selection.selected[slot] === 1 && predicate(entry, position)) {
        selected[slot] = 1;
        any = true;
      }
    }
    if (any) products.push(entry);
  }
  return { products, selected };
}

/** The positions of the product's selected variants. */
export function selectedPositions(selection: Selection, entry: IndexedProduct): number[] {
  const positions: number[] = [];
  for (let position = 0; position < entry.variants.length; position++)
    if (selection.selected[entry.slot + position] === 1) positions.push(position);
  return positions;
}

/** All of the predicates (an empty list holds for everything). */
export function allOf(predicates: readonly VariantPredicate[]): VariantPredicate | undefined {
  if (predicates.length === 0) return undefined;
  if (predicates.length === 1) return predicates[0];
  return (entry, variant) => {
    for (const predicate of predicates) if (!predicate(entry, variant)) return false;
    return true;
  };
}

export type { RangeTerm };
