/**
 * The ID-first search APIs — Order Search, Customer Search, Business Unit Search: the search query
 * language (`product/search/search-query.ts`) over one type's stored documents, each leaf's
 * `field` a path into the document.
 *
 * - Simple expressions: `exact` (`value`, or `values` for any of several; `caseInsensitive`),
 *   `fullText` (`value` tokenised like product search; `mustMatch` `all` (default) or `any`),
 *   `prefix`, `wildcard` (`*`, `?`; `caseInsensitive`), `range` (`gte`, `lte`, also `gt`, `lt`;
 *   numbers or date-times), `exists`. Each names a `field`, optionally a `language` (localised
 *   fields) and a `boost`; custom fields are `custom.<name>` (with `customType`).
 * - Compound expressions: `and`, `or`, `not` (none of its expressions matches), `filter` (like
 *   `and`, without relevance).
 * - Fields are paths into the document (arrays are walked), plus the API's aliases.
 * - `sort`: `[{field, order, language?, mode?}]` (mode min/max/avg/sum for multi-valued fields;
 *   default min ascending, max descending; documents without a value come last); without `sort`,
 *   relevance descending, then newest first.
 * - `relevance` is the score relative to the best hit (0–1; 1 for every hit of a query without
 *   scoring expressions).
 */
import type { CustomRoute, ResourceContext } from '../engine/define.js';
import { ok, type ApiCall, type StoredTypes } from '../http/context.js';
import { errors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { navigate, scalars, type Scalar } from './product/search/fields.js';
import { compareSortKeys, type Invalid, isObject, LOCALE, requestReader, type SortDirection, sortValue } from './product/search/request.js';
import { compileSearchQuery, type LeafMessages, type SearchDialect, valuesTest } from './product/search/search-query.js';
import { normalise, tokenize } from './product/search/text.js';
import { type SearchIndex, SETTINGS_ID, searchIndexing } from './project.js';

/** The values a field has in one document. */
export type FieldReader<T> = (document: T, ctx: ResourceContext) => unknown[];

export interface IdSearchApi<T extends StoredDocument> {
  /** Names the API in its refusals: `Invalid order search request: ...`. */
  name: string;
  /** Fields that are not plain paths into the stored document, by name; given the leaf's `language`. */
  aliases?: Record<string, (language: string | undefined) => FieldReader<T>>;
  /** Top-level fields the API never reads (a customer's password hash): a path through them has no values. */
  hidden?: readonly string[];
  defaultLimit: number;
  maxLimit: number;
  maxOffset: number;
}

export interface IdSearchPage<T> {
  total: number;
  offset: number;
  limit: number;
  hits: Array<{ document: T; relevance: number }>;
}

const MESSAGES: LeafMessages = {
  exactValues: "needs 'value' (or a non-empty 'values') of strings, numbers or booleans.",
  rangeBound: 'must be a number or a date-time string.',
  rangeBounds: 'needs at least one of gte, lte (or gt, lt).',
};

const REQUEST_FIELDS = new Set(['query', 'sort', 'limit', 'offset']);

/** A LocalizedString (an object of locale → text) becomes its text in `language`, or all of its texts. */
export function localised(values: unknown[], language: string | undefined): unknown[] {
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

/** Enum values count by their key, as `exact` and the others compare them. */
const tokensOf = (values: readonly unknown[]): ReadonlySet<string> =>
  new Set(scalars(values).flatMap((value) => (typeof value === 'string' ? tokenize(value) : [])));

/** One API's search: `(documents, body, ctx)` → the page of matching documents with their relevance. */
export function idSearch<T extends StoredDocument>(api: IdSearchApi<T>) {
  const request = requestReader(api.name);
  // Typed here: an assertion (`never`) narrows only through a declared type.
  const invalid: Invalid = request.invalid;
  const { language: languageOf, boost: boostOf, integer } = request;
  const hidden = new Set(api.hidden);

  function reader(path: string, field: unknown, language: string | undefined): FieldReader<T> {
    if (typeof field !== 'string' || field.trim() === '') invalid(`${path}.field`, 'a field name is required.');
    if (api.aliases && Object.hasOwn(api.aliases, field)) return api.aliases[field]!(language);
    // Custom fields: `custom.<name>` reads the document's `custom.fields.<name>`.
    const segments =
      field.startsWith('custom.') && !field.startsWith('custom.fields.')
        ? ['custom', 'fields', ...field.slice(7).split('.')]
        : field.split('.');
    if (hidden.has(segments[0]!)) return () => [];
    return (document) => localised(navigate(document, segments), language);
  }

  const dialect: SearchDialect<ResourceContext, [T]> = {
    request,
    leaves: ['exact', 'fullText', 'prefix', 'wildcard', 'range', 'exists'],
    leaf(kind, path, body, ctx) {
      if (!isObject(body)) invalid(path, 'must be an object.');
      const read = reader(path, body.field, languageOf(path, body));
      const test = valuesTest<T>(kind, path, body, { request, messages: MESSAGES, boost: boostOf(path, body), tokens: tokensOf });
      return (document) => test(read(document, ctx), document);
    },
  };

  interface SortSpec extends SortDirection {
    read: FieldReader<T>;
  }

  const sortKey = (document: T, spec: SortSpec, ctx: ResourceContext): Scalar | undefined =>
    sortValue(
      scalars(spec.read(document, ctx)).map((value) => (typeof value === 'string' ? normalise(value) : value)),
      spec.mode,
    );

  return (documents: Iterable<T>, body: unknown, ctx: ResourceContext): IdSearchPage<T> => {
    if (!isObject(body)) invalid('body', 'must be an object.');
    for (const key of Object.keys(body))
      if (!REQUEST_FIELDS.has(key)) invalid(key, `unknown field (allowed: ${[...REQUEST_FIELDS].join(', ')}).`);
    if (body.query === undefined) invalid('query', 'is required.');
    const score = compileSearchQuery(dialect, body.query, 'query', ctx);
    const specs = request.sort(
      body.sort,
      'asc',
      (spec, path, direction): SortSpec => ({ read: reader(path, spec.field, languageOf(path, spec)), ...direction }),
    );
    const limit = integer(body, 'limit', api.defaultLimit, api.maxLimit);
    const offset = integer(body, 'offset', 0, api.maxOffset);

    const matches: Array<{ document: T; score: number; keys: Array<Scalar | undefined> }> = [];
    for (const document of documents) {
      const s = score(document);
      if (s >= 0) matches.push({ document, score: s, keys: specs.map((spec) => sortKey(document, spec, ctx)) });
    }
    matches.sort((a, b) => {
      const byKeys = compareSortKeys(a.keys, b.keys, specs);
      if (byKeys !== 0) return byKeys;
      if (specs.length === 0 && a.score !== b.score) return b.score - a.score;
      const created = String(b.document.createdAt).localeCompare(String(a.document.createdAt));
      return created !== 0 ? created : a.document.id.localeCompare(b.document.id);
    });
    const best = matches.reduce((max, match) => Math.max(max, match.score), 0);
    return {
      total: matches.length,
      offset,
      limit,
      hits: matches.slice(offset, offset + limit).map((match) => ({
        document: match.document,
        relevance: best > 0 ? Math.round((match.score / best) * 10_000) / 10_000 : 1,
      })),
    };
  };
}

export interface IdSearchEndpoint<T extends StoredDocument> {
  /** What the platform calls it in its errors: `Customer Search`. */
  title: string;
  typeId: keyof StoredTypes & string;
  /** The project's index that switches it on and off. */
  index: SearchIndex;
  /** The search itself and how a hit is answered. */
  search: (documents: Iterable<T>, body: unknown, ctx: ResourceContext) => IdSearchPage<T>;
}

/**
 * `POST {type}/search`, `HEAD {type}/search` (200 while the index is on, 409 when it is off) and
 * `GET {type}/search/indexing-status` of an ID-first search API whose index a project action
 * switches: every one of them a 409 `SearchNotReady` while it is off.
 */
export function idSearchRoutes<T extends StoredDocument>(endpoint: IdSearchEndpoint<T>): CustomRoute[] {
  const settings = (call: ApiCall) => searchIndexing(call.ctx.get('project', SETTINGS_ID), endpoint.index);
  const ready = (call: ApiCall) => {
    if (settings(call).status !== 'Activated') throw errors.searchNotReady(endpoint.title);
  };
  return [
    {
      method: 'POST',
      path: 'search',
      handle: (call) => {
        ready(call);
        const { hits, ...page } = endpoint.search(call.ctx.scan(endpoint.typeId) as Iterable<T>, call.json(), call.ctx);
        return ok({ ...page, results: hits.map(({ document, relevance }) => ({ id: document.id, relevance })) });
      },
    },
    {
      // HEAD runs this route without its body. A GET is the platform's GET by ID, and no resource has the ID 'search'.
      method: 'GET',
      path: 'search',
      handle: (call) => {
        if (call.method !== 'HEAD') throw errors.resourceNotFound({ id: 'search' });
        ready(call);
        return ok(undefined);
      },
    },
    {
      method: 'GET',
      path: 'search/indexing-status',
      handle: (call) => {
        ready(call);
        const { lastModifiedAt } = settings(call);
        // The mock indexes as it writes: an active index is always complete.
        return ok(lastModifiedAt === undefined ? { status: 'Ready' } : { status: 'Ready', startedAt: lastModifiedAt, lastModifiedAt });
      },
    },
  ];
}
