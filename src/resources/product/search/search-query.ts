/**
 * The search query language that product search and order search share: compound expressions
 * (`and`, `or`, `not`, `filter`) over leaf expressions (`exact`, `prefix`, `wildcard`, `range`,
 * `exists`, and the full-text family `fullText`, `fullTextPrefix`, `fuzzy`).
 *
 * An expression compiles to a scorer: a score ≥ 0 when its subject matches (each matching leaf adds
 * its `boost`, full-text leaves per matched term), `NO_MATCH` otherwise. What a subject is (an
 * order, or a product's variant) and how a leaf's `field` reads it are the API's: it compiles each
 * leaf into a scorer, using `valuesTest` here for what the leaf does with the values it read.
 */
import { scalars, type Scalar } from './fields.js';
import { compareScalars, sameValue } from './matching.js';
import { type Invalid, isObject, type Json, type RequestReader } from './request.js';
import { autoFuzzyLevel, fuzzyDistance, tokenize, wildcardPattern } from './text.js';

export const NO_MATCH = -1;

/** A compiled expression: the score of one subject (`A` is how the API names it). */
export type Scorer<A extends unknown[]> = (...args: A) => number;

/** A compiled leaf, given the values its field read from a subject (and the subject, for caches). */
export type ValuesTest<S> = (values: readonly unknown[], subject: S) => number;

export const COMPOUND = ['and', 'or', 'not', 'filter'] as const;
export const LEAVES = ['exact', 'fullText', 'fullTextPrefix', 'prefix', 'wildcard', 'range', 'exists', 'fuzzy'] as const;
export type Leaf = (typeof LEAVES)[number];

/** One API's dialect of the language. */
export interface SearchDialect<C, A extends unknown[]> {
  request: RequestReader;
  /** The leaves this API accepts, in the order its error messages list them. */
  leaves: readonly Leaf[];
  /** Compiles one leaf; `body` is the leaf's object, not yet checked. */
  leaf(kind: Leaf, path: string, body: unknown, context: C): Scorer<A>;
}

/** Compiles a search query (at `path` of the request, for error messages). */
export function compileSearchQuery<C, A extends unknown[]>(
  dialect: SearchDialect<C, A>,
  query: unknown,
  path: string,
  context: C,
): Scorer<A> {
  const invalid: Invalid = dialect.request.invalid;
  if (!isObject(query)) invalid(path, 'a search query must be an object.');
  const keys = Object.keys(query);
  if (keys.length !== 1)
    invalid(
      path,
      `a search query has exactly one of ${[...COMPOUND, ...dialect.leaves].join(', ')}; found ${keys.length === 0 ? 'none' : keys.join(', ')}.`,
    );
  const kind = keys[0]!;
  if ((dialect.leaves as readonly string[]).includes(kind)) return dialect.leaf(kind as Leaf, `${path}.${kind}`, query[kind], context);
  if (!(COMPOUND as readonly string[]).includes(kind)) invalid(path, `unknown search expression '${kind}'.`);
  const list = query[kind];
  if (!Array.isArray(list) || list.length === 0) invalid(`${path}.${kind}`, 'must be a non-empty array of search queries.');
  const parts = list.map((inner, index) => compileSearchQuery(dialect, inner, `${path}.${kind}[${index}]`, context));
  // `and` or `or` of one expression scores as that expression.
  if (parts.length === 1 && (kind === 'and' || kind === 'or')) return parts[0]!;
  switch (kind) {
    case 'and':
    case 'filter':
      return (...args) => {
        let total = 0;
        for (const part of parts) {
          const score = part(...args);
          if (score < 0) return NO_MATCH;
          total += score;
        }
        return kind === 'filter' ? 0 : total;
      };
    case 'or':
      return (...args) => {
        let total = NO_MATCH;
        for (const part of parts) {
          const score = part(...args);
          if (score >= 0) total = Math.max(total, 0) + score;
        }
        return total;
      };
    default:
      // not: none of them may match.
      return (...args) => {
        for (const part of parts) if (part(...args) >= 0) return NO_MATCH;
        return 0;
      };
  }
}

/** Where the two APIs word a refusal differently. */
export interface LeafMessages {
  /** `exact` without a usable `value` or `values`. */
  exactValues: string;
  /** A `range` bound of the wrong type. */
  rangeBound: string;
  /** A `range` without bounds. */
  rangeBounds: string;
}

export interface LeafOptions<S> {
  request: RequestReader;
  messages: LeafMessages;
  boost: number;
  /** The full-text tokens of a field's values (the API decides which values count, and may cache). */
  tokens(values: readonly unknown[], subject: S): ReadonlySet<string>;
}

function stringValue(request: RequestReader, path: string, value: unknown): string {
  const invalid: Invalid = request.invalid;
  if (typeof value !== 'string') invalid(`${path}.value`, 'must be a string.');
  return value;
}

/** Compiles what a leaf does with its field's values; the caller has read `field`, `language` and `boost`. */
export function valuesTest<S>(kind: Leaf, path: string, body: Json, options: LeafOptions<S>): ValuesTest<S> {
  const { request, messages, boost } = options;
  const invalid: Invalid = request.invalid;
  const caseInsensitive = request.flag(path, body, 'caseInsensitive');
  const fold = (value: string) => (caseInsensitive ? value.toLowerCase() : value);
  switch (kind) {
    case 'exact': {
      const wanted: unknown[] =
        body.values !== undefined
          ? Array.isArray(body.values)
            ? body.values
            : invalid(`${path}.values`, 'must be an array.')
          : [body.value];
      if (wanted.length === 0 || wanted.some((value) => value === undefined || value === null || typeof value === 'object')) {
        invalid(path, messages.exactValues);
      }
      const targets = (wanted as Scalar[]).map((value) => (typeof value === 'string' ? fold(value) : value));
      return (values) => {
        for (const actual of scalars(values)) {
          const comparable = typeof actual === 'string' ? fold(actual) : actual;
          if (targets.some((value) => sameValue(comparable, value))) return boost;
        }
        return NO_MATCH;
      };
    }
    case 'prefix': {
      const prefix = fold(stringValue(request, path, body.value));
      return (values) =>
        scalars(values).some((actual) => typeof actual === 'string' && fold(actual).startsWith(prefix)) ? boost : NO_MATCH;
    }
    case 'wildcard': {
      const pattern = wildcardPattern(stringValue(request, path, body.value), caseInsensitive);
      return (values) => (scalars(values).some((actual) => typeof actual === 'string' && pattern.test(actual)) ? boost : NO_MATCH);
    }
    case 'range': {
      const bounds: Array<['gt' | 'gte' | 'lt' | 'lte', Scalar]> = [];
      for (const operator of ['gt', 'gte', 'lt', 'lte'] as const) {
        const bound = body[operator];
        if (bound === undefined) continue;
        if (typeof bound !== 'number' && typeof bound !== 'string') invalid(`${path}.${operator}`, messages.rangeBound);
        bounds.push([operator, bound]);
      }
      if (bounds.length === 0) invalid(path, messages.rangeBounds);
      return (values) => {
        for (const actual of scalars(values)) {
          const inside = bounds.every(([operator, bound]) => {
            const c = compareScalars(actual, bound);
            if (Number.isNaN(c)) return false;
            return operator === 'gt' ? c > 0 : operator === 'gte' ? c >= 0 : operator === 'lt' ? c < 0 : c <= 0;
          });
          if (inside) return boost;
        }
        return NO_MATCH;
      };
    }
    case 'exists':
      return (values) => (values.length > 0 ? boost : NO_MATCH);
    case 'fullText':
    case 'fullTextPrefix':
    case 'fuzzy':
      return fullTextTest(kind, path, body, options);
  }
}

function fullTextTest<S>(kind: 'fullText' | 'fullTextPrefix' | 'fuzzy', path: string, body: Json, options: LeafOptions<S>): ValuesTest<S> {
  const { request, boost } = options;
  const tokens = tokenize(stringValue(request, path, body.value));
  const mustMatch = body.mustMatch ?? 'all';
  if (mustMatch !== 'all' && mustMatch !== 'any') request.invalid(`${path}.mustMatch`, "must be 'all' or 'any'.");
  let level = 0;
  if (kind === 'fuzzy') {
    if (body.level !== undefined && (typeof body.level !== 'number' || ![0, 1, 2].includes(body.level)))
      request.invalid(`${path}.level`, 'must be 0, 1 or 2.');
    level = (body.level as number | undefined) ?? 2;
  }
  if (tokens.length === 0) return () => NO_MATCH;
  return (values, subject) => {
    if (values.length === 0) return NO_MATCH;
    const have = options.tokens(values, subject);
    let matched = 0;
    tokens.forEach((token, index) => {
      let hit = have.has(token);
      if (!hit && kind === 'fullTextPrefix' && index === tokens.length - 1)
        for (const candidate of have) if (candidate.startsWith(token)) hit = true;
      if (!hit && kind === 'fuzzy') {
        const allowed = Math.min(level, autoFuzzyLevel(token));
        for (const candidate of have) if (fuzzyDistance(token, candidate, allowed) >= 0) hit = true;
      }
      if (hit) matched++;
    });
    const ok = mustMatch === 'all' ? matched === tokens.length : matched > 0;
    return ok ? boost * matched : NO_MATCH;
  };
}
