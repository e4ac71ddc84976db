/**
 * The search fields: `productProjectionSearch` (the REST `product-projections/search` parameters, the
 * filter and facet models written out in the filter language), `productsSearch` (the REST product
 * search body, whose GraphQL input differs only in typed ranges) and `productProjectionsSuggest`.
 * All three are requests to the search module, so results, facets and errors are those of REST.
 */
import type { GraphQLFieldResolver } from 'graphql';
import { errors } from '../../http/errors.js';
import type { GraphqlContext } from './resolvers.js';

type Args = Record<string, unknown>;
type Document = Record<string, unknown>;
type Resolver = GraphQLFieldResolver<unknown, GraphqlContext>;

const quoted = (value: string) => (/^-?\d+(\.\d+)?$/.test(value) ? value : JSON.stringify(value));
const ranges = (list: Array<{ from: string; to: string }>) =>
  list.map(({ from, to }) => `(${from === '*' ? '*' : quoted(from)} to ${to === '*' ? '*' : quoted(to)})`).join(', ');

/** A `SearchFilterInput`: its `string` as written, or its `model` in the filter language. */
function filterExpression(filter: { string?: string; model?: Record<string, any> }): string {
  if (typeof filter.string === 'string') return filter.string;
  const model = filter.model ?? {};
  if (model.value) return `${model.value.path}:${(model.value.values as string[]).map(quoted).join(',')}`;
  if (model.range) return `${model.range.path}:range ${ranges(model.range.ranges)}`;
  if (model.missing) return `${model.missing.path}:missing`;
  if (model.exists) return `${model.exists.path}:exists`;
  if (model.tree) {
    const { path, rootValues, subTreeValues } = model.tree as { path: string; rootValues: string[]; subTreeValues: string[] };
    return `${path}:${[...rootValues.map(quoted), ...subTreeValues.map((id) => `subtree(${JSON.stringify(id)})`)].join(',')}`;
  }
  throw errors.invalidInput('A search filter needs its `string` or one field of its `model`.');
}

/** A `SearchFacetInput`: its `string` as written, or a terms or range `model`, with its alias and product counting. */
function facetExpression(facet: { string?: string; model?: Record<string, any> }): string {
  if (typeof facet.string === 'string') return facet.string;
  const model = facet.model?.terms ?? facet.model?.range;
  if (!model) throw errors.invalidInput('A search facet needs its `string` or one field of its `model`.');
  let expression = facet.model!.range ? `${model.path}:range ${ranges(model.ranges)}` : model.path;
  if (model.alias) expression += ` as ${model.alias}`;
  if (model.countProducts) expression += ' counting products';
  return expression;
}

const productProjectionSearch: Resolver = (_, a, { rest }) => {
  const query = new URLSearchParams();
  const set = (name: string, value: unknown) => {
    if (value !== undefined && value !== null) query.set(name, String(value));
  };
  if (typeof a.text === 'string') {
    if (typeof a.locale !== 'string') throw errors.invalidInput("A search 'text' needs its 'locale'.");
    query.set(`text.${a.locale}`, a.text);
  }
  for (const [argument, parameter] of [
    ['filters', 'filter'],
    ['queryFilters', 'filter.query'],
    ['facetFilters', 'filter.facets'],
  ] as const) {
    for (const filter of (a[argument] as Args[] | undefined) ?? []) query.append(parameter, filterExpression(filter));
  }
  for (const facet of (a.facets as Args[] | undefined) ?? []) query.append('facet', facetExpression(facet));
  for (const sort of (a.sorts as string[] | undefined) ?? []) query.append('sort', sort);
  for (const locale of (a.localeProjection as string[] | undefined) ?? []) query.append('localeProjection', locale);
  set('limit', a.limit);
  set('offset', a.offset);
  if (a.fuzzy) set('fuzzy', true);
  set('fuzzyLevel', a.fuzzyLevel);
  set('markMatchingVariants', a.markMatchingVariants ?? a.markMatchingVariant);
  set('staged', a.staged);
  set('storeProjection', a.storeProjection);
  const price = a.priceSelector as Record<string, any> | undefined;
  if (price) {
    set('priceCurrency', price.currency);
    set('priceCountry', price.country);
    set('priceCustomerGroup', price.customerGroup?.id);
    set('priceChannel', price.channel?.id);
  }
  return rest('GET', 'product-projections/search', query);
};

/**
 * The REST search body from the GraphQL input: the same tree, except that a `range` names its type
 * (`{ range: { long: { field, gte } } }` is REST's `{ range: { field, gte, fieldType } }`, less the type).
 */
function searchBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(searchBody);
  if (typeof value !== 'object' || value === null) return value;
  const body: Document = {};
  for (const [name, inner] of Object.entries(value)) {
    if (inner === undefined || inner === null) continue;
    if (name === 'range' && typeof inner === 'object' && !Array.isArray(inner)) {
      const typed = Object.values(inner as Document).filter((range) => range !== null && range !== undefined);
      if (typed.length !== 1) throw errors.invalidInput('A search range needs exactly one of date, datetime, time, long, float.');
      body.range = searchBody(typed[0]);
    } else {
      body[name] = searchBody(inner);
    }
  }
  return body;
}

const productsSearch: Resolver = (_, a, { rest }) => rest('POST', 'products/search', undefined, searchBody(a));

/** `{ "searchKeywords.en": [{ text }] }` as `{ searchKeywords: [{ locale: "en", suggestions }] }`. */
const productProjectionsSuggest: Resolver = (_, a, { rest }) => {
  const query = new URLSearchParams();
  for (const { locale, searchKeyword } of a.searchKeywords as Array<{ locale: string; searchKeyword: string }>) {
    query.append(`searchKeywords.${locale}`, searchKeyword);
  }
  if (a.fuzzy !== undefined && a.fuzzy !== null) query.set('fuzzy', String(a.fuzzy));
  query.set('limit', String(a.limit));
  query.set('staged', String(a.staged));
  const found = rest('GET', 'product-projections/suggest', query) as Record<string, Array<{ text: string }>>;
  return {
    searchKeywords: Object.entries(found).map(([parameter, suggestions]) => ({
      locale: parameter.slice('searchKeywords.'.length),
      suggestions,
    })),
  };
};

/** A product search hit's `product`: the product itself, read through REST (its projection parameters are not applied). */
const searchedProduct: Resolver = (source, _, { rest }) => rest('GET', `products/${encodeURIComponent((source as { id: string }).id)}`);

export const SEARCH_ROOT_FIELDS: Record<string, Resolver> = {
  'Query.productProjectionSearch': productProjectionSearch,
  'Query.productsSearch': productsSearch,
  'Query.productProjectionsSuggest': productProjectionsSuggest,
};

export const SEARCH_RESULT_FIELDS: Record<string, Resolver> = { 'ProductSearchResult.product': searchedProduct };
