/**
 * `GET|POST /{projectKey}/product-projections/search` (reference §7).
 *
 * Evaluation, per request, over the up-to-date index of the view (`staged`):
 * 1. `text.<locale>` (all tokens must match; `fuzzy`, `fuzzyLevel`) and `filter.query` select the
 *    products and, within each, the matching variants;
 * 2. facets are computed over those variants, each further restricted by the `filter.facets`
 *    expressions on other fields than its own (multi-select faceting);
 * 3. `filter` then narrows the results (not the facets);
 * 4. sorting (`score desc` by default with text; variant fields use the lowest value of the
 *    matching variants ascending, the highest descending; products without a value last), paging,
 *    and presenting the page: price selection (`price`, `scopedPrice`, `scopedPriceDiscounted`),
 *    product discounts, availability, `isMatchingVariant` with `markMatchingVariants`, `expand`.
 */
import { errors } from '../../../http/errors.js';
import type { ApiCall } from '../../../http/context.js';
import type { Price, Variant } from '../model.js';
import { CatalogRead, presentProjection, productProjection, type ProductProjection } from '../present.js';
import { catalogView, type IndexedProduct, type ViewIndex } from './catalog-index.js';
import { computeFacet, type FacetResult } from './facets.js';
import { field, scalars, type Scalar } from './fields.js';
import { parseFacet, parseFilter, type FacetExpression, type FilterExpression } from './filter-language.js';
import { allOf, compareScalars, compileFilter, everything, firstOf, narrow, Selection, selectedPositions } from './matching.js';
import { assertLocale, booleanParam, integerParam } from './params.js';
import { RequestScope, toScopedPrice } from './request-scope.js';
import { autoFuzzyLevel, normalise, tokenize } from './text.js';
import { matchText, type TextMatch, type TextQuery } from './text-query.js';
import type { Engine } from '../../../engine/define.js';

export const MAX_LIMIT = 500;
export const MAX_OFFSET = 10_000;

interface SortKey {
  path: string;
  descending: boolean;
}

interface Hit {
  entry: IndexedProduct;
  score: number;
  /** Positions of the variants that match text, `filter.query` and `filter`. */
  variants: number[];
  /** Storage position, the final tie-breaker. */
  order: number;
  keys?: Array<Scalar | undefined>;
}

function parseSort(values: readonly string[]): SortKey[] {
  return values.map((value) => {
    const match = /^\s*([A-Za-z0-9_.-]+)\s+(asc|desc)\s*$/i.exec(value);
    if (!match)
      throw errors.invalidInput(`Malformed parameter: sort: '${value}' must be a field path followed by asc or desc, e.g. 'name.en asc'.`);
    return { path: match[1]!, descending: match[2]!.toLowerCase() === 'desc' };
  });
}

function textQueries(params: URLSearchParams): TextQuery[] {
  const fuzzy = booleanParam(params, 'fuzzy') ?? false;
  const level = params.has('fuzzyLevel') ? integerParam(params, 'fuzzyLevel', 0, 2) : undefined;
  const queries: TextQuery[] = [];
  for (const [name, value] of params) {
    if (!name.startsWith('text.')) continue;
    const locale = name.slice(5);
    assertLocale(locale, name);
    // An empty text (what a storefront sends without a search term) is no text: it narrows nothing.
    if (value.trim() === '') continue;
    if (fuzzy && level !== undefined) {
      const allowed = autoFuzzyLevel(value.trim());
      if (level > allowed) {
        throw errors.invalidInput(
          `Malformed parameter: fuzzyLevel: the value ${level} exceeds the maximum fuzzy level ${allowed} for a text of ${[...value.trim()].length} characters.`,
        );
      }
    }
    const tokens = tokenize(value);
    queries.push({ locale, tokens, levels: tokens.map((token) => (fuzzy ? (level ?? autoFuzzyLevel(token)) : 0)) });
  }
  return queries;
}

function stagedParam(params: URLSearchParams): boolean {
  return booleanParam(params, 'staged') ?? false;
}

/** The sort value of one hit for one key: variant fields over the matching variants (min ascending, max descending). */
function sortValue(hit: Hit, key: SortKey, scope: RequestScope): Scalar | undefined {
  if (key.path === 'score') return hit.score;
  const target = field(key.path);
  const positions = target.level === 'product' ? [0] : hit.variants;
  let best: Scalar | undefined;
  for (const position of positions) {
    for (let value of scalars(target.values(hit.entry, position, scope))) {
      if (typeof value === 'string') value = normalise(value);
      if (best === undefined) best = value;
      else {
        const c = compareScalars(value, best);
        if (key.descending ? c > 0 : c < 0) best = value;
      }
    }
  }
  return best;
}

function compareHits(a: Hit, b: Hit, keys: readonly SortKey[]): number {
  for (let i = 0; i < keys.length; i++) {
    const x = a.keys![i];
    const y = b.keys![i];
    if (x === undefined || y === undefined) {
      if (x === y) continue;
      return x === undefined ? 1 : -1; // missing values last, whatever the direction
    }
    const c = compareScalars(x, y);
    if (c !== 0 && !Number.isNaN(c)) return keys[i]!.descending ? -c : c;
  }
  return a.order - b.order;
}

/** The variant as search returns it: scoped price and matching flag on top of the read decorations. */
function searchVariant(variant: Variant & { price?: Price }, matching: boolean | undefined, scoped: boolean): Variant {
  if (!scoped && matching === undefined) return variant;
  const result: Record<string, unknown> = { ...variant };
  if (scoped && variant.price) {
    result.scopedPrice = toScopedPrice(variant.price);
    result.scopedPriceDiscounted = variant.price.discounted !== undefined;
  }
  if (matching !== undefined) result.isMatchingVariant = matching;
  return result as unknown as Variant;
}

/** The variants the text selects: its products in storage order, each with the variants it matched in (all without a mask). */
function textSelection(view: ViewIndex, matches: ReadonlyMap<IndexedProduct, TextMatch>): Selection {
  const positions = Int32Array.from(matches.keys(), (entry) => entry.position).sort();
  const selected = new Uint8Array(view.slotCount);
  for (const [entry, { variants }] of matches) {
    for (let position = 0; position < entry.variants.length; position++)
      if (!variants || variants[position]) selected[entry.slot + position] = 1;
  }
  return new Selection(view, positions, selected);
}

export interface ProjectionSearchResponse {
  limit: number;
  offset: number;
  count: number;
  total: number;
  results: ProductProjection[];
  facets: Record<string, FacetResult>;
}

export function searchProductProjections(call: ApiCall, engine: Engine, params: URLSearchParams): ProjectionSearchResponse {
  // Parameters first: every malformed one is a 400 before any work.
  const staged = stagedParam(params);
  const limit = integerParam(params, 'limit', 20, MAX_LIMIT);
  const offset = integerParam(params, 'offset', 0, MAX_OFFSET);
  const markMatchingVariants = booleanParam(params, 'markMatchingVariants') ?? false;
  const texts = textQueries(params);
  const queryFilters = params.getAll('filter.query').map((source) => parseFilter(source, 'filter.query'));
  const resultFilters = params.getAll('filter').map((source) => parseFilter(source, 'filter'));
  const facetFilters = params.getAll('filter.facets').map((source) => parseFilter(source, 'filter.facets'));
  const facetExpressions = params.getAll('facet').map(parseFacet);
  const sortKeys = parseSort(params.getAll('sort'));
  if (sortKeys.length === 0 && texts.length > 0) sortKeys.push({ path: 'score', descending: true });
  const read = CatalogRead.fromQuery(call.ctx, params);
  const scope = new RequestScope(call.ctx, read);
  for (const key of sortKeys) if (key.path !== 'score') field(key.path).check?.(scope);

  const view = catalogView(engine.storage, call.ctx, staged);
  const compile = (expressions: FilterExpression[]) => allOf(expressions.map((expression) => compileFilter(expression, scope, view)));
  const queryFilter = compile(queryFilters);
  const resultFilter = compile(resultFilters);
  const facetFilterList = facetFilters.map((expression) => ({ path: expression.path, filter: compileFilter(expression, scope, view) }));
  const textMatches = texts.length > 0 ? matchText(view, texts) : undefined;

  // The variants text and `filter.query` select, by slot, and the products holding any, in storage order.
  const base = narrow(textMatches ? textSelection(view, textMatches) : everything(view), queryFilter);

  const facets: Record<string, FacetResult> = {};
  const selectionFor = new Map<string, Selection>();
  for (const expression of facetExpressions) {
    const applicable = facetFilterList.filter((filter) => filter.path !== expression.path);
    const cacheKey = applicable.map((filter) => facetFilterList.indexOf(filter)).join(',');
    let rows = selectionFor.get(cacheKey);
    if (!rows) {
      rows = narrow(base, allOf(applicable.map(({ filter }) => filter)));
      selectionFor.set(cacheKey, rows);
    }
    // A defined property, not an assignment: an alias `__proto__` is a facet name like any other.
    Object.defineProperty(facets, expression.key, {
      value: computeFacet(expression as FacetExpression, rows, scope, view),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }

  // `filter` narrows the results, not the facets. Without sorting the results stay in storage order,
  // and only the page's products become hits.
  const matching = narrow(base, resultFilter);
  const hitOf = (entry: IndexedProduct): Hit => ({
    entry,
    score: textMatches?.get(entry)?.score ?? 0,
    variants: selectedPositions(matching, entry),
    order: entry.position,
  });
  let hits: Hit[];
  if (sortKeys.length === 1 && sortKeys[0]!.path === 'score') {
    // By score alone (the default with text), only the page needs ordering: the best `offset + limit`, ties in storage order.
    const { products } = matching;
    const scores = products.map((entry) => textMatches?.get(entry)?.score ?? 0);
    const sign = sortKeys[0]!.descending ? -1 : 1;
    hits = firstOf(products.length, offset + limit, (a, b) => sign * (scores[a]! - scores[b]!) || a - b).map((i) => hitOf(products[i]!));
  } else if (sortKeys.length > 0) {
    hits = matching.products.map(hitOf);
    for (const hit of hits) hit.keys = sortKeys.map((key) => sortValue(hit, key, scope));
    hits.sort((a, b) => compareHits(a, b, sortKeys));
  } else hits = Array.from(matching.positions.subarray(0, offset + limit), (position) => hitOf(view.ordered[position]!));

  const page = hits.slice(offset, offset + limit);
  const expand = params.getAll('expand');
  const scoped = read.selection !== undefined;
  const results = page.map((hit) => {
    const { entry } = hit;
    const projection = presentProjection(entry.product, productProjection(entry.product, staged), read);
    if (scoped || markMatchingVariants) {
      const matching = markMatchingVariants ? new Set(hit.variants) : undefined;
      projection.masterVariant = searchVariant(projection.masterVariant, matching?.has(0), scoped);
      projection.variants = projection.variants.map((variant, index) => searchVariant(variant, matching?.has(index + 1), scoped));
    }
    return engine.expand(call.ctx.project, projection, expand);
  });
  return { limit, offset, count: results.length, total: matching.size, results, facets };
}
