/**
 * How the matchers compare a recorded entry with a partial one (as `toMatchObject` does), and how they
 * show the closest entry when none matches.
 */
import { type Context, isObject } from './arguments.js';

interface AsymmetricMatcher {
  asymmetricMatch(other: unknown): boolean;
}

const isAsymmetric = (value: unknown): value is AsymmetricMatcher =>
  typeof value === 'object' && value !== null && typeof (value as Partial<AsymmetricMatcher>).asymmetricMatch === 'function';

/** `expected` is a recursive subset of `actual`: objects by the keys of `expected`, arrays element by element and of equal length. */
export function subsetMatches(actual: unknown, expected: unknown): boolean {
  if (isAsymmetric(expected)) return expected.asymmetricMatch(actual);
  if (expected instanceof RegExp)
    return typeof actual === 'string' ? expected.test(actual) : actual instanceof RegExp && String(actual) === String(expected);
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) && actual.length === expected.length && expected.every((entry, index) => subsetMatches(actual[index], entry))
    );
  }
  if (isObject(expected)) {
    return (
      isObject(actual) && !Array.isArray(actual) && Object.keys(expected).every((field) => subsetMatches(actual[field], expected[field]))
    );
  }
  return Object.is(actual, expected);
}

/** How many of the leaves of `expected` `actual` matches: to find the closest stored resource. */
function similarity(actual: unknown, expected: unknown): number {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) ? expected.reduce<number>((sum, entry, index) => sum + similarity(actual[index], entry), 0) : 0;
  }
  if (isObject(expected) && !isAsymmetric(expected) && !(expected instanceof RegExp)) {
    return isObject(actual) ? Object.keys(expected).reduce((sum, field) => sum + similarity(actual[field], expected[field]), 0) : 0;
  }
  return subsetMatches(actual, expected) ? 1 : 0;
}

/** The part of `actual` that `expected` talks about, for a readable diff. */
export function subsetOf(actual: unknown, expected: unknown): unknown {
  if (Array.isArray(expected) && Array.isArray(actual)) return actual.map((entry, index) => subsetOf(entry, expected[index]));
  if (isObject(expected) && !Array.isArray(expected) && !isAsymmetric(expected) && isObject(actual) && !Array.isArray(actual)) {
    const out: Record<string, unknown> = {};
    for (const field of Object.keys(expected)) if (field in actual) out[field] = subsetOf(actual[field], expected[field]);
    return out;
  }
  return actual;
}

/** Of `candidates` (at least one), the one that matches most of `expected`; the first of those that tie. */
export function closestTo<Entry>(candidates: readonly Entry[], expected: unknown): Entry {
  return candidates.reduce((best, one) => (similarity(one, expected) > similarity(best, expected) ? one : best));
}

/** `expected` beside the part of `actual` it talks about, as Playwright prints a diff. */
export function subsetDiff(context: Context, expected: unknown, actual: unknown): string {
  return context.utils.printDiffOrStringify(expected, subsetOf(actual, expected), 'Expected', 'Received', true);
}
