/**
 * `POST /{projectKey}/orders/search`: the Order Search query language (RAML types/order-search)
 * over the project's orders.
 *
 * Unlike the platform's documented behaviour as the project's specification reads it (order search
 * answering without filtering), the mock evaluates the query: `hits` are the matching orders only
 * (docs/deviations.md).
 *
 * - Simple expressions: `exact` (`value`, or `values` for any of several; `caseInsensitive`),
 *   `fullText` (`value` tokenised like product search; `mustMatch` `all` (default) or `any`),
 *   `prefix`, `wildcard` (`*`, `?`; `caseInsensitive`), `range` (`gte`, `lte`, also `gt`, `lt`; numbers or
 *   date-times), `exists`. Each names a `field`, optionally a `language` (localised fields) and a
 *   `boost`; custom fields are `custom.<name>` (with `customType`).
 * - Compound expressions: `and`, `or`, `not` (none of its expressions matches), `filter` (like
 *   `and`, without relevance).
 * - Fields are paths into the order (`orderNumber`, `customerEmail`, `orderState`, `paymentState`,
 *   `shipmentState`, `totalPrice.centAmount`, `totalPrice.currencyCode`, `createdAt`,
 *   `lastModifiedAt`, `customerId`, `store.key`, `lineItems.variant.sku`, `lineItems.name`,
 *   `customLineItems.name`, `shippingAddress.country`, `billingAddress.lastName`, ...; arrays are
 *   walked), plus `lineItems.sku` (= `lineItems.variant.sku`), `store.name` (the store's name),
 *   `state.key` (the State's key) and `customer.email` (= `customerEmail`).
 * - `sort`: `[{field, order, language?, mode?}]` (mode min/max/avg/sum for multi-valued fields;
 *   default min ascending, max descending; orders without a value come last); without `sort`,
 *   relevance descending, then newest first.
 * - `limit` 0–100 (default 10), `offset` 0–10,000 (default 0).
 * - Answer: `{total, offset, limit, hits: [{id, version, relevance}]}`; `relevance` is the score
 *   relative to the best hit (0–1; 1 for every hit of a query without scoring expressions).
 */
import type { ResourceContext } from '../../engine/define.js';
import type { Order } from './model.js';
import { navigate, scalars, type Scalar } from '../product/search/fields.js';
import {
  compareSortKeys,
  type Invalid,
  isObject,
  LOCALE,
  requestReader,
  type SortDirection,
  sortValue,
} from '../product/search/request.js';
import { compileSearchQuery, type LeafMessages, type SearchDialect, valuesTest } from '../product/search/search-query.js';
import { normalise, tokenize } from '../product/search/text.js';

const request = requestReader('order search');
const invalid: Invalid = request.invalid;
const { language: languageOf, boost: boostOf, integer } = request;

export const MAX_ORDER_SEARCH_LIMIT = 100;
export const MAX_ORDER_SEARCH_OFFSET = 10_000;

// Fields -------------------------------------------------------------------------------------------

type Reader = (order: Order, ctx: ResourceContext) => unknown[];

/** Fields that are not plain paths into the stored order. */
const ALIASES: Record<string, (language: string | undefined) => Reader> = {
  'lineItems.sku': () => (order) => navigate(order.lineItems, ['variant', 'sku']),
  'customer.email': () => (order) => navigate(order, ['customerEmail']),
  'store.name': (language) => (order, ctx) => {
    const key = order.store?.key;
    const store = key === undefined ? undefined : ctx.getByKey('store', key);
    return localised(navigate(store, ['name']), language);
  },
  'state.key': () => (order, ctx) => (order.state ? navigate(ctx.get('state', order.state.id), ['key']) : []),
};

/** A LocalizedString (an object of locale → text) becomes its text in `language`, or all of its texts. */
function localised(values: unknown[], language: string | undefined): unknown[] {
  const out: unknown[] = [];
  for (const value of values) {
    if (isObject(value) && !('key' in value && 'label' in value) && Object.keys(value).every((k) => LOCALE.test(k))) {
      if (language !== undefined) {
        if (value[language] !== undefined) out.push(value[language]);
      } else {
        out.push(...Object.values(value));
      }
    } else {
      out.push(value);
    }
  }
  return out;
}

function reader(path: string, field: unknown, language: string | undefined): Reader {
  if (typeof field !== 'string' || field.trim() === '') invalid(`${path}.field`, 'a field name is required.');
  if (Object.hasOwn(ALIASES, field)) return ALIASES[field]!(language);
  // Custom fields: `custom.<name>` reads the order's `custom.fields.<name>`.
  const segments =
    field.startsWith('custom.') && !field.startsWith('custom.fields.')
      ? ['custom', 'fields', ...field.slice(7).split('.')]
      : field.split('.');
  return (order) => localised(navigate(order, segments), language);
}

// Expressions --------------------------------------------------------------------------------------

const MESSAGES: LeafMessages = {
  exactValues: "needs 'value' (or a non-empty 'values') of strings, numbers or booleans.",
  rangeBound: 'must be a number or a date-time string.',
  rangeBounds: 'needs at least one of gte, lte (or gt, lt).',
};

/** Enum values count by their key, as `exact` and the others compare them. */
const tokensOf = (values: readonly unknown[]): ReadonlySet<string> =>
  new Set(scalars(values).flatMap((value) => (typeof value === 'string' ? tokenize(value) : [])));

const ORDER_SEARCH: SearchDialect<ResourceContext, [Order]> = {
  request,
  leaves: ['exact', 'fullText', 'prefix', 'wildcard', 'range', 'exists'],
  leaf(kind, path, body, ctx) {
    if (!isObject(body)) invalid(path, 'must be an object.');
    const read = reader(path, body.field, languageOf(path, body));
    const test = valuesTest<Order>(kind, path, body, { request, messages: MESSAGES, boost: boostOf(path, body), tokens: tokensOf });
    return (order) => test(read(order, ctx), order);
  },
};

// Sorting and paging -------------------------------------------------------------------------------

interface SortSpec extends SortDirection {
  read: Reader;
}

function sortKey(order: Order, spec: SortSpec, ctx: ResourceContext): Scalar | undefined {
  const values = scalars(spec.read(order, ctx)).map((value) => (typeof value === 'string' ? normalise(value) : value));
  return sortValue(values, spec.mode);
}

const REQUEST_FIELDS = new Set(['query', 'sort', 'limit', 'offset']);

export interface OrderSearchResponse {
  total: number;
  offset: number;
  limit: number;
  hits: Array<{ id: string; version: number; relevance: number }>;
}

/** Runs an OrderSearchRequest over `orders`. */
export function searchOrders(orders: Iterable<Order>, body: unknown, ctx: ResourceContext): OrderSearchResponse {
  if (!isObject(body)) invalid('body', 'must be an object.');
  for (const key of Object.keys(body))
    if (!REQUEST_FIELDS.has(key)) invalid(key, `unknown field (allowed: ${[...REQUEST_FIELDS].join(', ')}).`);
  if (body.query === undefined) invalid('query', 'is required.');
  const score = compileSearchQuery(ORDER_SEARCH, body.query, 'query', ctx);
  const specs = request.sort(
    body.sort,
    'asc',
    (spec, path, direction): SortSpec => ({
      read: reader(path, spec.field, languageOf(path, spec)),
      ...direction,
    }),
  );
  const limit = integer(body, 'limit', 10, MAX_ORDER_SEARCH_LIMIT);
  const offset = integer(body, 'offset', 0, MAX_ORDER_SEARCH_OFFSET);

  const matches: Array<{ order: Order; score: number; keys: Array<Scalar | undefined> }> = [];
  for (const order of orders) {
    const s = score(order);
    if (s >= 0) matches.push({ order, score: s, keys: specs.map((spec) => sortKey(order, spec, ctx)) });
  }
  matches.sort((a, b) => {
    const byKeys = compareSortKeys(a.keys, b.keys, specs);
    if (byKeys !== 0) return byKeys;
    if (specs.length === 0 && a.score !== b.score) return b.score - a.score;
    const created = String(b.order.createdAt).localeCompare(String(a.order.createdAt));
    return created !== 0 ? created : a.order.id.localeCompare(b.order.id);
  });
  const best = matches.reduce((max, match) => Math.max(max, match.score), 0);
  return {
    total: matches.length,
    offset,
    limit,
    hits: matches.slice(offset, offset + limit).map((match) => ({
      id: match.order.id,
      version: match.order.version,
      relevance: best > 0 ? Math.round((match.score / best) * 10_000) / 10_000 : 1,
    })),
  };
}
