/**
 * Filters, sorts and pages a collection in one pass: the predicate is compiled once, documents
 * are never copied, and with a sort only the first `offset + limit` entries are kept (top-k).
 */
import { expandReferences, type ResolveReference } from './expand.js';
import { fieldExistsIn, type FieldExists } from './fields.js';
import type { QueryParams } from './params.js';
import { compilePredicate, type DocumentPredicate } from './predicate.js';
import { entryComparator, parseSort, sortValueReader, TopK, type SortKey, type SortValue } from './sort.js';

export interface QueryOptions {
  /** Reject `where`/`sort` fields that no document has (the platform's behaviour); default tolerant. */
  strictFields?: boolean;
  /** Replaces the data-driven existence check of strict mode, e.g. with one based on a schema. */
  fieldExists?: FieldExists;
  /** In strict mode, fields known even when no document has them (the type's declared fields). */
  knownFields?: FieldExists;
  /** When given, each returned document is expanded with the query's `expand` paths. */
  resolve?: ResolveReference;
}

export interface PagedResult<T> {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: T[];
}

export function runQuery<T extends object>(documents: Iterable<T>, query: QueryParams, options: QueryOptions = {}): PagedResult<T> {
  let source = documents;
  let fieldExists: FieldExists | undefined;
  if (options.strictFields) {
    fieldExists = options.fieldExists;
    if (!fieldExists) {
      // The data-driven check needs a second look at the collection, so materialise it once.
      const list = Array.isArray(source) ? (source as T[]) : [...source];
      source = list;
      const stored = fieldExistsIn(list);
      const known = options.knownFields;
      fieldExists = known ? (path) => known(path) || stored(path) : stored;
    }
  }
  const matches = compilePredicate(query.where, query.variables, { strictFields: options.strictFields ?? false, fieldExists });
  const sortKeys = parseSort(query.sort, fieldExists);

  const { page, total } = sortKeys.length === 0 ? pageInOrder(source, matches, query) : pageSorted(source, matches, sortKeys, query);
  const results = options.resolve && query.expand.length > 0 ? expandAll(page, query.expand, options.resolve) : page;
  return query.withTotal
    ? { limit: query.limit, offset: query.offset, count: results.length, total, results }
    : { limit: query.limit, offset: query.offset, count: results.length, results };
}

interface Page<T> {
  page: T[];
  /** Number of matching documents; only complete when the query asked for `withTotal`. */
  total: number;
}

function pageInOrder<T extends object>(documents: Iterable<T>, matches: DocumentPredicate, query: QueryParams): Page<T> {
  const page: T[] = [];
  const end = query.offset + query.limit;
  let total = 0;
  for (const document of documents) {
    if (!matches(document)) continue;
    if (total >= query.offset && total < end) page.push(document);
    total++;
    // Without a total to report, nothing after the page matters.
    if (!query.withTotal && total >= end) break;
  }
  return { page, total };
}

function pageSorted<T extends object>(
  documents: Iterable<T>,
  matches: DocumentPredicate,
  keys: readonly SortKey[],
  query: QueryParams,
): Page<T> {
  const top = new TopK<T>(query.offset + query.limit, entryComparator<T>(keys));
  const readers = keys.map(sortValueReader);
  const values: SortValue[] = new Array<SortValue>(readers.length);
  let total = 0;
  let index = 0;
  for (const document of documents) {
    const position = index++;
    if (!matches(document)) continue;
    total++;
    for (let i = 0; i < readers.length; i++) values[i] = readers[i]!(document);
    top.offer(document, position, values);
  }
  const page = top
    .sorted()
    .slice(query.offset)
    .map((entry) => entry.document);
  return { page, total };
}

function expandAll<T extends object>(documents: T[], paths: readonly string[], resolve: ResolveReference): T[] {
  return documents.map((document) => expandReferences(document, paths, resolve));
}
