/**
 * Filter expressions compiled to variant predicates: `(product, variant index) → boolean`. A
 * product-level field holds for all of a product's variants or for none.
 */
import type { IndexedProduct } from './catalog-index.js';
import { field, scalars, type Field, type Scalar } from './fields.js';
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

/** Compiles one filter expression; its terms are alternatives. */
export function compileFilter(expression: FilterExpression, scope: RequestScope): VariantPredicate {
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
