/**
 * `POST /{projectKey}/products/search`: the Product Search API (search query language).
 *
 * Searches the current data of published products. The query is evaluated per variant: an
 * expression on a product field holds for all of the product's variants or none, one on a variant
 * field (`variants.*`) for that variant; compound expressions combine per variant (so `and` of two
 * variant expressions needs one variant that satisfies both); a product matches when any variant
 * matches the whole query. Relevance: each matching expression adds its `boost` (default 1),
 * `fullText` and `fuzzy` add per matched term.
 *
 * Request: `query`, `postFilter`, `sort` (`score` or a field; `order`; `language` for localised
 * fields; `mode` min/max/avg/sum for multi-valued fields, default min ascending and max
 * descending), `limit` (≤ 100), `offset` (≤ 10,000), `markMatchingVariants`,
 * `productProjectionParameters` (each result then carries `productProjection`), `facets`
 * (`distinct`, `ranges`, `count`, `stats`; `scope`, `filter`, `level`).
 */
import type { ApiCall } from '../../../http/context.js';
import type { Price } from '../model.js';
import { CatalogRead, presentProjection, priceCandidates, productProjection, type ProductProjection } from '../present.js';
import { catalogView, type ColumnRead, type FieldColumn, type IndexedProduct, type ViewIndex } from './catalog-index.js';
import { navigate, scalars, type Scalar } from './fields.js';
import { compareScalars, firstOf, firstPositions, Selection, selectedPositions } from './matching.js';
import { RequestScope } from './request-scope.js';
import {
  compileSearchQuery,
  LEAVES,
  type Leaf,
  type LeafMessages,
  NO_MATCH,
  type Scorer,
  type SearchDialect,
  type ValuesTest,
  valuesTest,
} from './search-query.js';
import { normalise, tokenize } from './text.js';
import { compareSortKeys, type Invalid, isObject, type Json, requestReader, type SortDirection, sortValue } from './request.js';
import type { Engine } from '../../../engine/define.js';

const request = requestReader('product search');
const invalid: Invalid = request.invalid;
const { language: languageOf, boost: boostOf, integer } = request;

export const MAX_SEARCH_LIMIT = 100;
export const MAX_SEARCH_OFFSET = 10_000;

const FIELD_TYPES = new Set([
  'boolean',
  'text',
  'ltext',
  'enum',
  'lenum',
  'number',
  'money',
  'date',
  'datetime',
  'time',
  'reference',
  'set_boolean',
  'set_text',
  'set_ltext',
  'set_enum',
  'set_lenum',
  'set_number',
  'set_money',
  'set_date',
  'set_datetime',
  'set_time',
  'set_reference',
]);

// ---------------------------------------------------------------------------------------------
// Fields

type FieldKind = 'text' | 'ltext' | 'number' | 'datetime' | 'date' | 'time' | 'boolean' | 'reference' | 'enum' | 'lenum' | 'money';

interface SearchField {
  name: string;
  kind: FieldKind;
  level: 'product' | 'variant';
  /** Values for `language` (localised fields: that locale's text; without a language, every locale's). */
  values(entry: IndexedProduct, variant: number, scope: RequestScope): readonly unknown[];
  /** For a variant field read from the stored variant alone: its column's key and reader (`ViewIndex.column`). */
  stored?: { key: string; read: ColumnRead };
}

function localized(value: unknown, language: string | undefined): unknown[] {
  if (!isObject(value)) return [];
  if (language !== undefined) return value[language] === undefined ? [] : [value[language]];
  return Object.values(value);
}

function productField(
  name: string,
  kind: FieldKind,
  read: (entry: IndexedProduct, scope: RequestScope) => readonly unknown[],
): SearchField {
  return { name, kind, level: 'product', values: (entry, _variant, scope) => read(entry, scope) };
}

function variantField(
  name: string,
  kind: FieldKind,
  read: (entry: IndexedProduct, variant: number, scope: RequestScope) => readonly unknown[],
): SearchField {
  return { name, kind, level: 'variant', values: read };
}

/**
 * A variant field read from the stored variant alone (its attributes, SKU, key): read once per
 * indexed product version for all its variants and kept on the index entry under `cacheKey`, as the
 * projection search keeps its fields. Reading them again for every variant of every product on
 * every request was most of a search's time over a large catalog.
 */
function storedVariantField(
  name: string,
  kind: FieldKind,
  cacheKey: string,
  read: (entry: IndexedProduct, variant: number) => readonly unknown[],
): SearchField {
  const key = `ps:${cacheKey}`;
  const field = variantField(name, kind, (entry, variant) => {
    let perVariant = entry.cache.get(key) as ReadonlyArray<readonly unknown[]> | undefined;
    if (perVariant === undefined) entry.cache.set(key, (perVariant = entry.variants.map((_, position) => read(entry, position))));
    return perVariant[variant] ?? [];
  });
  return { ...field, stored: { key, read } };
}

/** The prices a variant is searched by: embedded, or the SKU's active standalone prices. */
function pricesOf(entry: IndexedProduct, variant: number, scope: RequestScope): readonly Price[] {
  return priceCandidates(entry.product.priceMode, entry.variants[variant]!, (sku) => scope.read.standalonePrices(sku)) as readonly Price[];
}

function fieldKindOf(fieldType: string): FieldKind {
  const base = fieldType.startsWith('set_') ? fieldType.slice(4) : fieldType;
  return base as FieldKind;
}

/** Resolves a `field` (with its `language` and `fieldType`) to a reader; 400 for fields that are not searchable. */
function searchField(path: string, name: unknown, language: string | undefined, fieldType: unknown): SearchField {
  if (typeof name !== 'string' || name === '') invalid(`${path}.field`, 'a field name is required.');
  if (fieldType !== undefined && (typeof fieldType !== 'string' || !FIELD_TYPES.has(fieldType))) {
    invalid(`${path}.fieldType`, `'${String(fieldType)}' is not a valid field type (${[...FIELD_TYPES].join(', ')}).`);
  }
  const ltext = (read: (entry: IndexedProduct) => unknown) => productField(name, 'ltext', (entry) => localized(read(entry), language));
  switch (name) {
    case 'id':
    case 'key':
      return productField(name, 'text', (entry) => navigate(entry.product, [name]));
    case 'createdAt':
    case 'lastModifiedAt':
      return productField(name, 'datetime', (entry) => navigate(entry.product, [name]));
    case 'name':
    case 'description':
    case 'slug':
      return ltext((entry) => entry.data[name]);
    case 'searchKeywords':
      return productField(name, 'ltext', (entry) => {
        const keywords = entry.data.searchKeywords ?? {};
        const locales = language !== undefined ? [language] : Object.keys(keywords);
        return locales.flatMap((locale) => (keywords[locale] ?? []).map((keyword) => keyword.text));
      });
    case 'productType':
    case 'taxCategory':
    case 'state':
      return productField(name, 'reference', (entry) => navigate(entry.product[name], ['id']));
    case 'categories':
      return productField(name, 'reference', (entry) => entry.data.categories.map((category) => category.id));
    case 'categoriesSubTree':
      return productField(name, 'reference', (entry, scope) => {
        const ids = new Set<string>();
        for (const category of entry.data.categories) {
          ids.add(category.id);
          for (const ancestor of scope.ancestors(category.id)) ids.add(ancestor);
        }
        return [...ids];
      });
    case 'variants.id':
      return variantField(name, 'number', (entry, variant) => [entry.variants[variant]!.id]);
    case 'variants.sku':
    case 'variants.key': {
      const field = name === 'variants.sku' ? 'sku' : 'key';
      return storedVariantField(name, 'text', name, (entry, variant) => navigate(entry.variants[variant], [field]));
    }
    case 'variants.prices.centAmount':
    case 'variants.prices.currencyCode': {
      const money = name.slice('variants.prices.'.length);
      return variantField(name, money === 'centAmount' ? 'number' : 'text', (entry, variant, scope) =>
        pricesOf(entry, variant, scope).map((price) => (price.value as unknown as Json)[money]),
      );
    }
    case 'variants.prices.country':
    case 'variants.prices.validFrom':
    case 'variants.prices.validUntil': {
      const inner = name.slice('variants.prices.'.length);
      return variantField(name, inner === 'country' ? 'text' : 'datetime', (entry, variant, scope) =>
        navigate(pricesOf(entry, variant, scope), [inner]),
      );
    }
    case 'variants.prices.customerGroup':
    case 'variants.prices.channel': {
      const inner = name.slice('variants.prices.'.length);
      return variantField(name, 'reference', (entry, variant, scope) => navigate(pricesOf(entry, variant, scope), [inner, 'id']));
    }
    case 'variants.availability.isOnStock':
      return variantField(name, 'boolean', (entry, variant, scope) => navigate(scope.availability(entry, variant), ['isOnStock']));
    case 'variants.availability.availableQuantity':
      return variantField(name, 'number', (entry, variant, scope) => navigate(scope.availability(entry, variant), ['availableQuantity']));
    case 'variants.availability.isOnStockForChannel':
      return variantField(name, 'reference', (entry, variant, scope) =>
        Object.entries(scope.availability(entry, variant)?.channels ?? {})
          .filter(([, channel]) => channel.isOnStock)
          .map(([id]) => id),
      );
    default:
      break;
  }
  if (name.startsWith('variants.attributes.')) {
    const [attribute, ...rest] = name.slice('variants.attributes.'.length).split('.');
    if (!attribute) invalid(`${path}.field`, `'${name}' names no attribute.`);
    if (fieldType === undefined) invalid(`${path}.fieldType`, `a fieldType is required for the attribute field '${name}'.`);
    const kind = fieldKindOf(fieldType as string);
    return storedVariantField(name, kind, `${name}|${fieldType}|${language ?? ''}`, (entry, variant) => {
      const found = entry.variants[variant]!.attributes?.find((a) => a.name === attribute);
      if (found === undefined) return [];
      const values = navigate(found.value, rest);
      if (kind === 'ltext' && rest.length === 0) return values.flatMap((value) => localized(value, language));
      if (kind === 'lenum' && rest[0] === 'label') return values.flatMap((value) => localized(value, language));
      if (kind === 'reference' && rest.length === 0) return navigate(values, ['id']);
      return values;
    });
  }
  invalid(`${path}.field`, `'${name}' is not a searchable field.`);
}

// ---------------------------------------------------------------------------------------------
// Query compilation: each expression becomes a per-variant scorer (score ≥ 0 when it matches, -1 otherwise).

/** Scores a variant given its product's storage position in the view, first variant slot, and its index. */
type VariantScorer = Scorer<[position: number, firstSlot: number, variant: number]>;

interface Compiled {
  score: VariantScorer;
  /** Whether any leaf reads a variant field. */
  variantLevel: boolean;
  /** The storage positions of the only products it can match, ascending (`candidatesOf`); undefined: any. */
  candidates: Int32Array | undefined;
}

/** The leaves that hold for a variant when one of its values does: over a column, decided once per distinct value. */
const ANY_VALUE_LEAVES = new Set(['exact', 'prefix', 'wildcard', 'range']);

/**
 * Makes a per-variant scorer, deciding product-level fields once per product, and a leaf that
 * holds when any value does once per distinct value of a stored field (from the view's column).
 */
function scorer(kind: Leaf, target: SearchField, compilation: Compilation, test: ValuesTest<IndexedProduct>): VariantScorer {
  const { scope, view } = compilation;
  const { ordered } = view;
  if (target.level === 'product') {
    const decided = new Float64Array(view.size).fill(Number.NaN);
    return (position) => {
      let result = decided[position]!;
      if (Number.isNaN(result)) {
        const entry = ordered[position]!;
        decided[position] = result = test(target.values(entry, 0, scope), entry);
      }
      return result;
    };
  }
  if (target.stored && ANY_VALUE_LEAVES.has(kind)) {
    const column = view.column(target.stored.key, false, target.stored.read);
    const decided = new Float64Array(column.values.length).fill(Number.NaN);
    return (position, firstSlot, variant) => {
      const slot = firstSlot + variant;
      for (let i = column.start[slot]!, end = i + column.count[slot]!; i < end; i++) {
        const id = column.pool[i]!;
        let score = decided[id]!;
        if (Number.isNaN(score)) decided[id] = score = test([column.values[id]], ordered[position]!);
        if (score >= 0) return score;
      }
      return NO_MATCH;
    };
  }
  return (position, _firstSlot, variant) => {
    const entry = ordered[position]!;
    return test(target.values(entry, variant, scope), entry);
  };
}

const MESSAGES: LeafMessages = {
  exactValues: "needs 'value' or a non-empty 'values' of strings, numbers or booleans.",
  rangeBound: 'must be a number or a date/time string.',
  rangeBounds: 'needs at least one of gt, gte, lt, lte.',
};

/** What compiling one query needs: the request's scope and the view, and whether a leaf read a variant field. */
interface Compilation {
  scope: RequestScope;
  view: ViewIndex;
  variantLevel: boolean;
}

const PRODUCT_SEARCH: SearchDialect<Compilation, [position: number, firstSlot: number, variant: number]> = {
  request,
  leaves: LEAVES,
  leaf(kind, path, body, compilation) {
    if (!isObject(body)) invalid(path, 'must be an object.');
    const language = languageOf(path, body);
    const target = searchField(path, body.field, language, body.fieldType);
    const boost = boostOf(path, body);
    if (
      (target.kind === 'ltext' || target.kind === 'lenum') &&
      language === undefined &&
      (kind === 'fullText' || kind === 'fullTextPrefix' || kind === 'fuzzy')
    ) {
      invalid(`${path}.language`, `a language is required for the localized field '${target.name}'.`);
    }
    if (target.level === 'variant') compilation.variantLevel = true;
    const cacheKey = `ps-tokens:${target.name}:${language ?? '*'}`;
    const tokens = (values: readonly unknown[], entry: IndexedProduct): ReadonlySet<string> => {
      // Product-level text is analysed once per indexed product; variant-level per request.
      if (target.level === 'product') {
        let cached = entry.cache.get(cacheKey) as Set<string> | undefined;
        if (!cached) entry.cache.set(cacheKey, (cached = textTokens(values)));
        return cached;
      }
      return textTokens(values);
    };
    return scorer(kind, target, compilation, valuesTest(kind, path, body, { request, messages: MESSAGES, boost, tokens }));
  },
};

const textTokens = (values: readonly unknown[]) => new Set(values.flatMap((value) => (typeof value === 'string' ? tokenize(value) : [])));

/** Product-level text fields the view's postings hold under their locale, tokenised as `fullText` reads them. */
const POSTED_TEXT_FIELDS = new Set(['name', 'description', 'slug', 'searchKeywords']);

/**
 * The products a (compiled, so well-formed) query can match, when the view's postings tell: a
 * `fullText` leaf on a posted text field matches only products holding its tokens in its language
 * (the postings hold them, and more); `and` and `filter` match within any part's candidates, `or`
 * within the union when every part has some. Undefined: any product may match. In storage order.
 */
function candidatesOf(query: unknown, view: ViewIndex): Int32Array | undefined {
  const found = possibleMatches(query, view);
  return found && Int32Array.from(found, (entry) => entry.position).sort();
}

function possibleMatches(query: unknown, view: ViewIndex): Set<IndexedProduct> | undefined {
  const [kind, body] = Object.entries(query as Json)[0]!;
  if (kind === 'fullText') {
    const leaf = body as Json;
    if (!POSTED_TEXT_FIELDS.has(leaf.field as string) || typeof leaf.language !== 'string') return undefined;
    const tokens = tokenize(leaf.value as string);
    const holders = tokens.map((token) => new Set(view.postingOf(leaf.language as string, token)?.entries));
    if (holders.length === 0) return new Set();
    return leaf.mustMatch === 'any' ? union(holders) : intersection(holders);
  }
  if (kind !== 'and' && kind !== 'filter' && kind !== 'or') return undefined;
  const parts = (body as unknown[]).map((part) => possibleMatches(part, view));
  const known = parts.filter((part) => part !== undefined);
  if (kind === 'or') return known.length === parts.length ? union(known) : undefined;
  return known.length === 0 ? undefined : intersection(known);
}

const union = <T>(sets: ReadonlyArray<ReadonlySet<T>>): Set<T> => new Set(sets.flatMap((set) => [...set]));

/** What every one of the (one or more) sets holds, walking the smallest. */
function intersection<T>(sets: ReadonlyArray<ReadonlySet<T>>): Set<T> {
  const [smallest, ...others] = [...sets].sort((a, b) => a.size - b.size);
  return new Set([...smallest!].filter((item) => others.every((set) => set.has(item))));
}

function compileQuery(query: unknown, path: string, scope: RequestScope, view: ViewIndex): Compiled {
  const compilation: Compilation = { scope, view, variantLevel: false };
  const score = compileSearchQuery(PRODUCT_SEARCH, query, path, compilation);
  return { score, variantLevel: compilation.variantLevel, candidates: candidatesOf(query, view) };
}

// ---------------------------------------------------------------------------------------------
// Request

/** What a query matched: the selected variants, and the products' scores (in the order of `products`; none: all 0). */
class Matched extends Selection {
  constructor(
    view: ViewIndex,
    positions: Int32Array,
    selected: Uint8Array,
    readonly scores: readonly number[] | undefined,
  ) {
    super(view, positions, selected);
  }
}

interface Match {
  entry: IndexedProduct;
  score: number;
  variants: number[];
  order: number;
  keys?: Array<Scalar | undefined>;
}

interface SortSpec extends SortDirection {
  score: boolean;
  field?: SearchField;
}

function parseSortSpecs(sort: unknown): SortSpec[] {
  return request.sort(sort, undefined, (spec, path, direction) => {
    if (spec.field === 'score') return { score: true, ...direction };
    const language = languageOf(path, spec);
    const target = searchField(path, spec.field, language, spec.fieldType);
    if ((target.kind === 'ltext' || target.kind === 'lenum') && language === undefined)
      invalid(`${path}.language`, `a language is required to sort by the localized field '${target.name}'.`);
    return { score: false, field: target, ...direction };
  });
}

function sortKey(match: Match, spec: SortSpec, scope: RequestScope): Scalar | undefined {
  if (spec.score) return match.score;
  const target = spec.field!;
  const positions = target.level === 'product' ? [0] : match.entry.variants.map((_, index) => index);
  const values: Scalar[] = [];
  for (const position of positions) {
    for (const value of scalars(target.values(match.entry, position, scope)))
      values.push(typeof value === 'string' ? normalise(value) : value);
  }
  return sortValue(values, spec.mode);
}

const REQUEST_FIELDS = new Set([
  'query',
  'sort',
  'limit',
  'offset',
  'markMatchingVariants',
  'productProjectionParameters',
  'facets',
  'postFilter',
]);
const PROJECTION_PARAMETERS = new Set([
  'expand',
  'staged',
  'priceCurrency',
  'priceCountry',
  'priceCustomerGroup',
  'priceCustomerGroupAssignments',
  'priceChannel',
  'localeProjection',
  'storeProjection',
]);

function projectionParams(value: unknown): URLSearchParams | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) invalid('productProjectionParameters', 'must be an object.');
  const params = new URLSearchParams();
  for (const [name, inner] of Object.entries(value)) {
    if (!PROJECTION_PARAMETERS.has(name)) invalid(`productProjectionParameters.${name}`, 'is not a known parameter.');
    for (const item of Array.isArray(inner) ? inner : [inner]) {
      if (typeof item !== 'string' && typeof item !== 'boolean' && typeof item !== 'number')
        invalid(`productProjectionParameters.${name}`, 'must be a string, boolean or list of strings.');
      params.append(name, String(item));
    }
  }
  const staged = params.get('staged');
  if (staged !== null && staged !== 'true' && staged !== 'false') invalid('productProjectionParameters.staged', 'must be true or false.');
  return params;
}

export interface ProductSearchResult {
  id: string;
  productProjection?: ProductProjection;
  matchingVariants?: { allMatched: boolean; matchedVariants: Array<{ id: number; sku?: string }> };
}

export interface ProductSearchResponse {
  total: number;
  offset: number;
  limit: number;
  facets: unknown[];
  results: ProductSearchResult[];
}

export function searchProducts(call: ApiCall, engine: Engine): ProductSearchResponse {
  const body = call.json();
  if (!isObject(body)) invalid('body', 'the request body must be a JSON object.');
  for (const name of Object.keys(body)) if (!REQUEST_FIELDS.has(name)) invalid(name, 'is not a field of a product search request.');
  const limit = integer(body, 'limit', 20, MAX_SEARCH_LIMIT);
  const offset = integer(body, 'offset', 0, MAX_SEARCH_OFFSET);
  if (body.markMatchingVariants !== undefined && typeof body.markMatchingVariants !== 'boolean')
    invalid('markMatchingVariants', 'must be true or false.');
  const markMatchingVariants = body.markMatchingVariants === true;
  const projection = projectionParams(body.productProjectionParameters);
  const read = projection ? CatalogRead.fromQuery(call.ctx, projection) : new CatalogRead(call.ctx, undefined);
  const scope = new RequestScope(call.ctx, read);
  const view = catalogView(engine.storage, call.ctx, false);
  const query = body.query === undefined ? undefined : compileQuery(body.query, 'query', scope, view);
  const postFilter = body.postFilter === undefined ? undefined : compileQuery(body.postFilter, 'postFilter', scope, view);
  const sorts = parseSortSpecs(body.sort);
  if (sorts.length === 0) sorts.push({ score: true, descending: true, mode: 'max' });
  const facetSpecs = parseFacets(body.facets, scope, view);

  let everything: Matched | undefined;
  const all = (): Matched =>
    (everything ??= new Matched(view, firstPositions(view.size), new Uint8Array(view.slotCount).fill(1), undefined));
  /** The candidates (every product without them) with the variants that match, their best score added. */
  const evaluate = (compiled: Compiled | undefined, candidates?: Matched): Matched => {
    if (!compiled) return candidates ?? all();
    const selected = new Uint8Array(view.slotCount);
    const scores: number[] = [];
    const from = candidates?.positions ?? compiled.candidates ?? firstPositions(view.size);
    const { firstSlots, variantCounts } = view;
    const positions = new Int32Array(from.length);
    let kept = 0;
    for (let i = 0; i < from.length; i++) {
      const position = from[i]!;
      const first = firstSlots[position]!;
      let best = NO_MATCH;
      for (let variant = 0, count = variantCounts[position]!; variant < count; variant++) {
        if (candidates && candidates.selected[first + variant] !== 1) continue;
        const score = compiled.score(position, first, variant);
        if (score < 0) continue;
        selected[first + variant] = 1;
        if (score > best) best = score;
      }
      if (best < 0) continue;
      positions[kept++] = position;
      scores.push((candidates?.scores?.[i] ?? 0) + best);
    }
    return new Matched(view, positions.subarray(0, kept), selected, scores);
  };
  const matched = evaluate(query);
  const facets = facetSpecs.map((facet) => facet.compute(facet.scope === 'all' ? all() : matched, evaluate));
  const results = evaluate(postFilter, matched);

  const scoreOf = (i: number) => results.scores?.[i] ?? 0;
  const matchOf = (i: number): Match => {
    const entry = view.ordered[results.positions[i]!]!;
    return { entry, score: scoreOf(i), variants: selectedPositions(results, entry), order: entry.position };
  };
  let ordered: Match[];
  if (sorts.length === 1 && sorts[0]!.score) {
    // Sorted by score alone (the default), only the page needs ordering: the first `offset + limit` by score, then storage order.
    const sign = sorts[0]!.descending ? -1 : 1;
    const position = (i: number) => results.positions[i]!;
    ordered = firstOf(results.size, offset + limit, (a, b) => sign * (scoreOf(a) - scoreOf(b)) || position(a) - position(b)).map(matchOf);
  } else {
    ordered = Array.from({ length: results.size }, (_, i) => matchOf(i));
    for (const match of ordered) match.keys = sorts.map((spec) => sortKey(match, spec, scope));
    ordered.sort((a, b) => compareSortKeys(a.keys!, b.keys!, sorts) || a.order - b.order);
  }

  const variantLevel = (query?.variantLevel ?? false) || (postFilter?.variantLevel ?? false);
  const staged = projection?.get('staged') === 'true';
  const expand = projection?.getAll('expand') ?? [];
  const page = ordered.slice(offset, offset + limit).map((match): ProductSearchResult => {
    const result: ProductSearchResult = { id: match.entry.id };
    if (markMatchingVariants) {
      result.matchingVariants = variantLevel
        ? {
            allMatched: false,
            matchedVariants: match.variants.map((position) => {
              const variant = match.entry.variants[position]!;
              return variant.sku === undefined ? { id: variant.id } : { id: variant.id, sku: variant.sku };
            }),
          }
        : { allMatched: true, matchedVariants: [] };
    }
    if (projection) {
      const presented = presentProjection(match.entry.product, productProjection(match.entry.product, staged), read);
      result.productProjection = engine.expand(call.ctx.project, presented, expand);
    }
    return result;
  });
  return { total: results.size, offset, limit, facets, results: page };
}

// ---------------------------------------------------------------------------------------------
// Facets

interface FacetSpec {
  scope: 'query' | 'all';
  compute(rows: Matched, evaluate: (compiled: Compiled | undefined, rows?: Matched) => Matched): unknown;
}

function parseFacets(facets: unknown, scope: RequestScope, view: ViewIndex): FacetSpec[] {
  if (facets === undefined) return [];
  if (!Array.isArray(facets)) invalid('facets', 'must be an array.');
  return facets.map((facet, index) => {
    const path = `facets[${index}]`;
    if (!isObject(facet) || Object.keys(facet).length !== 1) invalid(path, 'a facet has exactly one of distinct, ranges, count, stats.');
    const kind = Object.keys(facet)[0]!;
    const spec = facet[kind];
    if (!isObject(spec)) invalid(`${path}.${kind}`, 'must be an object.');
    const at = `${path}.${kind}`;
    if (typeof spec.name !== 'string' || spec.name === '') invalid(`${at}.name`, 'a facet needs a name.');
    const name = spec.name;
    const facetScope = spec.scope ?? 'query';
    if (facetScope !== 'query' && facetScope !== 'all') invalid(`${at}.scope`, "must be 'query' or 'all'.");
    const level = spec.level ?? 'products';
    if (level !== 'products' && level !== 'variants') invalid(`${at}.level`, "must be 'products' or 'variants'.");
    const filter = spec.filter === undefined ? undefined : compileQuery(spec.filter, `${at}.filter`, scope, view);
    const byVariants = level === 'variants';
    switch (kind) {
      case 'count':
        return {
          scope: facetScope,
          compute: (rows, evaluate) => {
            const counted = evaluate(filter, rows);
            const variants = () => counted.products.reduce((sum, entry) => sum + selectedPositions(counted, entry).length, 0);
            return { name, value: byVariants ? variants() : counted.size };
          },
        };
      case 'distinct':
      case 'ranges':
      case 'stats': {
        const language = languageOf(at, spec);
        const target = searchField(at, spec.field, language, spec.fieldType);
        const valuesOf = (rows: Selection, entry: IndexedProduct): Scalar[][] => {
          const positions = selectedPositions(rows, entry);
          return (target.level === 'product' ? positions.slice(0, 1) : positions).map((position) =>
            scalars(target.values(entry, position, scope)),
          );
        };
        if (kind === 'stats') {
          return {
            scope: facetScope,
            compute: (rows, evaluate) => {
              const counted = evaluate(filter, rows);
              const values = counted.products.flatMap((entry) => valuesOf(counted, entry).flat());
              if (values.length === 0) return { name, min: null, max: null, count: 0 };
              let min = values[0]!;
              let max = values[0]!;
              for (const value of values) {
                if (compareScalars(value, min) < 0) min = value;
                if (compareScalars(value, max) > 0) max = value;
              }
              const numbers = values.filter((value): value is number => typeof value === 'number');
              const result: Json = { name, min, max };
              if (numbers.length === values.length) {
                const sum = numbers.reduce((a, b) => a + b, 0);
                result.mean = sum / numbers.length;
                result.sum = sum;
              }
              result.count = values.length;
              return result;
            },
          };
        }
        if (kind === 'ranges') {
          if (!Array.isArray(spec.ranges) || spec.ranges.length === 0) invalid(`${at}.ranges`, 'must be a non-empty array.');
          const ranges = spec.ranges.map((range: unknown, i: number) => {
            if (!isObject(range)) invalid(`${at}.ranges[${i}]`, 'must be an object.');
            const from = range.from as Scalar | undefined;
            const to = range.to as Scalar | undefined;
            const key = typeof range.key === 'string' ? range.key : `${from ?? '*'}-${to ?? '*'}`;
            return { from, to, key };
          });
          return {
            scope: facetScope,
            compute: (rows, evaluate) => {
              const counted = evaluate(filter, rows);
              return {
                name,
                buckets: ranges.map(({ from, to, key }: { from: Scalar | undefined; to: Scalar | undefined; key: string }) => {
                  const within = (value: Scalar) =>
                    (from === undefined || compareScalars(value, from) >= 0) && (to === undefined || compareScalars(value, to) < 0);
                  let count = 0;
                  for (const entry of counted.products) {
                    const hits = valuesOf(counted, entry).filter((values) => values.some(within)).length;
                    count += byVariants ? hits : hits > 0 ? 1 : 0;
                  }
                  return { key, count };
                }),
              };
            },
          };
        }
        // distinct
        const limit = spec.limit ?? 10;
        if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > 200)
          invalid(`${at}.limit`, 'must be an integer between 0 and 200.');
        const includes =
          spec.includes === undefined
            ? undefined
            : Array.isArray(spec.includes)
              ? new Set(spec.includes.map(String))
              : invalid(`${at}.includes`, 'must be an array.');
        const sort = spec.sort === undefined ? { by: 'count', order: 'desc' } : (spec.sort as Json);
        if (sort.by !== 'count' && sort.by !== 'key') invalid(`${at}.sort.by`, "must be 'count' or 'key'.");
        if (sort.order !== undefined && sort.order !== 'asc' && sort.order !== 'desc')
          invalid(`${at}.sort.order`, "must be 'asc' or 'desc'.");
        const missing = typeof spec.missing === 'string' ? spec.missing : undefined;
        const column = target.stored ? view.column(target.stored.key, false, target.stored.read) : undefined;
        return {
          scope: facetScope,
          compute: (rows, evaluate) => {
            const counted = evaluate(filter, rows);
            const counts = column ? countDistinct(column, counted, byVariants, missing) : new Map<string, number>();
            if (!column)
              for (const entry of counted.products) {
                const keys = new Set<string>();
                for (const values of valuesOf(counted, entry)) {
                  const variantKeys = new Set(values.map(String));
                  if (variantKeys.size === 0 && missing !== undefined) variantKeys.add(missing);
                  if (byVariants) for (const key of variantKeys) counts.set(key, (counts.get(key) ?? 0) + 1);
                  else for (const key of variantKeys) keys.add(key);
                }
                if (!byVariants) for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
              }
            const descending = (sort.order ?? (sort.by === 'count' ? 'desc' : 'asc')) === 'desc';
            const buckets = [...counts.entries()]
              .filter(([key]) => !includes || includes.has(key))
              .map(([key, count]) => ({ key, count }))
              .sort((a, b) => {
                const byKey = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
                if (sort.by === 'count') return (descending ? b.count - a.count : a.count - b.count) || byKey;
                return descending ? -byKey : byKey;
              });
            return { name, buckets: buckets.slice(0, limit) };
          },
        };
      }
      default:
        return invalid(path, `unknown facet '${kind}': use distinct, ranges, count or stats.`);
    }
  });
}

/**
 * A distinct facet's counts from a column: per key (a value as text), how many of the rows'
 * variants (`byVariants`) or products hold it; a variant without a value counts under `missing`
 * when it is given.
 */
function countDistinct(column: FieldColumn, rows: Selection, byVariants: boolean, missing: string | undefined): Map<string, number> {
  const keys: string[] = [];
  const indexOfKey = new Map<string, number>();
  const keyOf = (text: string) => {
    let index = indexOfKey.get(text);
    if (index === undefined) {
      indexOfKey.set(text, (index = keys.length));
      keys.push(text);
    }
    return index;
  };
  const keyOfId = new Int32Array(column.values.length).fill(-1);
  const counts: number[] = [];
  /** Per key: the variant (slot + 1) and the row (index + 1) that last counted it. */
  const lastVariant: number[] = [];
  const lastRow: number[] = [];
  const count = (key: number, slot: number, row: number) => {
    if (lastVariant[key] === slot + 1) return; // twice in one variant
    lastVariant[key] = slot + 1;
    if (!byVariants) {
      if (lastRow[key] === row + 1) return; // twice in one product
      lastRow[key] = row + 1;
    }
    counts[key] = (counts[key] ?? 0) + 1;
  };
  const { positions, selected, view } = rows;
  for (let row = 0; row < positions.length; row++) {
    const first = view.firstSlots[positions[row]!]!;
    for (let slot = first, last = first + view.variantCounts[positions[row]!]!; slot < last; slot++) {
      if (selected[slot] !== 1) continue;
      const from = column.start[slot]!;
      const end = from + column.count[slot]!;
      if (from === end && missing !== undefined) count(keyOf(missing), slot, row);
      for (let i = from; i < end; i++) {
        const id = column.pool[i]!;
        let key = keyOfId[id]!;
        if (key < 0) keyOfId[id] = key = keyOf(String(column.values[id]));
        count(key, slot, row);
      }
    }
  }
  const out = new Map<string, number>();
  counts.forEach((value, key) => {
    out.set(keys[key]!, value);
  });
  return out;
}
