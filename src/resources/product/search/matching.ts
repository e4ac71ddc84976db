/**
 * Filter expressions compiled to variant predicates: `(product, variant index) → boolean`. A
 * product-level field holds for all of a product's variants or for none.
 */
import type { FieldColumn, FieldKeys, IndexedProduct, ViewIndex } from './catalog-index.js';
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

/**
 * The key a value is posted under in the view's field postings. Values `sameValue` takes for equal
 * share a key (numbers and numeric text by number, booleans as their text); a few unequal ones do
 * too (`"40"` and `"40.0"`), which is why postings only find candidates and the predicate decides.
 */
export function valueKey(value: Scalar): string {
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    if (!Number.isNaN(number)) return `n${number}`;
  }
  return typeof value === 'number' ? `n${value}` : `s${value}`;
}

/** Fields that are not dynamic read nothing from the request's scope: their postings are built without one. */
const NO_SCOPE = undefined as unknown as RequestScope;

const postingKeys = new WeakMap<Field, FieldKeys>();

/** The keys of every value a product holds in the field, over all its variants. */
function keysOf(target: Field): FieldKeys {
  let keys = postingKeys.get(target);
  if (!keys) {
    keys = (entry) => {
      const out = new Set<string>();
      const positions = target.level === 'product' ? 1 : entry.variants.length;
      for (let position = 0; position < positions; position++) {
        for (const value of scalars(target.values(entry, position, NO_SCOPE))) out.add(valueKey(value));
      }
      return out;
    };
    postingKeys.set(target, keys);
  }
  return keys;
}

/**
 * The products that can satisfy the expression, from the view's field postings, when they are
 * fewer than half of the view; undefined when any product can (a range, `exists` or `missing` term,
 * a field whose values depend on the request) or walking the view is as cheap.
 */
export function filterCandidates(
  expression: FilterExpression,
  view: ViewIndex,
  scope: RequestScope,
): ReadonlySet<IndexedProduct> | undefined {
  const target = field(expression.path);
  if (target.dynamic) return undefined;
  const keys: string[] = [];
  for (const term of expression.terms) {
    if (term.kind === 'value') keys.push(valueKey(term.value));
    else if (term.kind === 'subtree') for (const id of scope.subtree(term.id)) keys.push(valueKey(id));
    else return undefined;
  }
  const sets: ReadonlySet<IndexedProduct>[] = [];
  let size = 0;
  for (const key of keys) {
    const holders = view.holders(target.path, keysOf(target), key);
    if (!holders) continue;
    sets.push(holders);
    size += holders.size;
  }
  if (size >= view.size / 2) return undefined;
  if (sets.length === 1) return sets[0];
  const union = new Set<IndexedProduct>();
  for (const holders of sets) for (const entry of holders) union.add(entry);
  return union;
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
