/** Parsing and validation of the list query parameters shared by every query endpoint. */
import { errors } from '../http/errors.js';
import type { Variables } from './predicate.js';

export interface QueryParams {
  where: string[];
  sort: string[];
  expand: string[];
  limit: number;
  offset: number;
  withTotal: boolean;
  /** Input variables by name: `var.<name>`, else a plain `<name>` parameter; a name may repeat (used by `in`). */
  variables: Variables;
}

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
  return {
    where: params.getAll('where'),
    sort: params.getAll('sort'),
    expand: params.getAll('expand'),
    limit: integerParam(params, 'limit', 20, MAX_LIMIT),
    offset: integerParam(params, 'offset', 0, MAX_OFFSET),
    withTotal: withTotal !== 'false',
    variables: inputVariables(params),
  };
}

/**
 * `:name` takes the values of `var.name`. The platform also reads a plain `name` parameter (its own
 * SDK tests send `sku=...` for `:sku`), so that is the fallback; `var.name` wins when both are given.
 */
function inputVariables(params: URLSearchParams): Variables {
  const prefixed = new Map<string, string[]>();
  for (const [name, value] of params) {
    if (!name.startsWith('var.')) continue;
    const list = prefixed.get(name.slice(4));
    if (list) list.push(value);
    else prefixed.set(name.slice(4), [value]);
  }
  return {
    get: (name) => {
      const values = prefixed.get(name) ?? params.getAll(name);
      return values.length > 0 ? values : undefined;
    },
  };
}

/**
 * Whether the query's `where` or `sort` names one of `fields` (as a whole word, anywhere: a quoted
 * value that happens to be such a word counts too, which only costs time). `undefined`: any
 * `where` or `sort` counts.
 */
export function namesAnyField(query: QueryParams, fields: readonly string[] | undefined): boolean {
  const expressions = [...query.where, ...query.sort];
  if (fields === undefined || expressions.length === 0) return expressions.length > 0;
  if (fields.length === 0) return false;
  const word = new RegExp(`\\b(?:${fields.join('|')})\\b`);
  return expressions.some((expression) => word.test(expression));
}
