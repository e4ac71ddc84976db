/** The read path of the engine: a resource by id or key, a list query with its presenting, reference expansion. */
import * as z from 'zod';
import { errors } from '../http/errors.js';
import {
  declaredFields,
  expandReferences,
  type FieldExists,
  namesAnyField,
  type PagedResult,
  parsePredicate,
  type PredicateAst,
  parseQueryParams,
  type QueryOptions,
  runQuery,
} from '../query/index.js';
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { withFields } from '../util/json.js';
import { once } from '../util/once.js';
import type { Locator, QueryShape, ResourceDefinition } from './define.js';

/**
 * The fields every resource has besides its type's own; who made a change is not checked below. Made
 * on the first strict query: a process that never sets `strictWhere` never needs it.
 */
const baseFieldDeclared = once(() =>
  declaredFields(
    z.object({
      id: z.string(),
      version: z.number(),
      createdAt: z.string(),
      lastModifiedAt: z.string(),
      createdBy: z.record(z.string(), z.unknown()),
      lastModifiedBy: z.record(z.string(), z.unknown()),
    }),
  ),
);
const fieldsDeclaredBy = new WeakMap<ResourceDefinition, FieldExists>();

/**
 * The query options for one resource type. In strict mode (`strictWhere`) the fields its draft
 * declares are known even while no stored resource has them yet (a customer's `salutation`); the
 * fields the mock derives are known from the stored resources.
 */
export function queryOptionsFor(options: QueryOptions, definition: ResourceDefinition): QueryOptions {
  if (!options.strictFields) return options;
  let known = fieldsDeclaredBy.get(definition);
  if (!known) {
    const draftDeclared = declaredFields(definition.draft);
    known = (path) => baseFieldDeclared()(path) || draftDeclared(path);
    fieldsDeclaredBy.set(definition, known);
  }
  return { ...options, knownFields: known };
}

function* filtered<T>(documents: Iterable<T>, keep: (document: T) => boolean): Iterable<T> {
  for (const document of documents) if (keep(document)) yield document;
}

function* mapped<T, U>(documents: Iterable<T>, map: (document: T) => U): Iterable<U> {
  for (const document of documents) yield map(document);
}

export function findResource(
  storage: StorageBackend,
  definition: ResourceDefinition,
  project: string,
  locator: Locator,
): StoredDocument | undefined {
  return 'id' in locator ? storage.get(project, definition.typeId, locator.id) : storage.getByKey(project, definition.typeId, locator.key);
}

/** `findResource`, or 404 ResourceNotFound. */
export function getResource(storage: StorageBackend, definition: ResourceDefinition, project: string, locator: Locator): StoredDocument {
  const found = findResource(storage, definition, project, locator);
  if (!found) throw errors.resourceNotFound(locator);
  return found;
}

export function expandResource<T extends object>(storage: StorageBackend, project: string, document: T, paths: string[]): T {
  if (paths.length === 0) return document;
  return expandReferences(document, paths, (typeId, id) => storage.get(project, typeId, id));
}

/** A page of the type's resources for a list request's query parameters, narrowed and presented as `shape` says. */
export function queryResources(
  storage: StorageBackend,
  options: QueryOptions,
  definition: ResourceDefinition,
  project: string,
  params: URLSearchParams,
  shape: QueryShape,
): PagedResult<StoredDocument> {
  const query = parseQueryParams(params);
  const locator = options.strictFields ? undefined : pointLookup(definition, query.where);
  let documents: Iterable<StoredDocument>;
  if (locator) {
    const found = findResource(storage, definition, project, locator);
    documents = found ? [found] : [];
  } else documents = storage.scan(project, definition.typeId);
  if (shape.filter) documents = filtered(documents, shape.filter);
  // A `where` or `sort` on what presenting computes (a product's `discounted` prices) must see the
  // response's shape: then every candidate is presented first; otherwise only the page is.
  const presentFirst = shape.present !== undefined && namesAnyField(query, shape.presentedFields);
  if (presentFirst) documents = mapped(documents, shape.present as (document: StoredDocument) => StoredDocument);
  const page = runQuery(documents, query, queryOptionsFor(options, definition));
  const present = presentFirst ? undefined : shape.present;
  if (query.expand.length === 0 && !present) return page;
  return withFields(page, {
    results: page.results.map((doc) => expandResource(storage, project, present ? present(doc) : doc, query.expand) as StoredDocument),
  });
}

/**
 * The one resource a `where` can match when one of its clauses, at the top level of a conjunction,
 * is `id = "..."` or `key = "..."` (the key the type is stored by): read through the storage's
 * index instead of scanning the collection, which on a large persistent store means reading every
 * document from disk. The full predicate still runs on what is read, so the answer is the scan's.
 * Not in strict mode, where which fields exist is read from the whole collection.
 */
function pointLookup(definition: ResourceDefinition, where: readonly string[]): Locator | undefined {
  for (const source of where) {
    let predicate: PredicateAst.Predicate;
    try {
      predicate = parsePredicate(source);
    } catch {
      return undefined; // the query reports the syntax error
    }
    for (const clause of conjuncts(predicate)) {
      if (clause.kind !== 'compare' || clause.op !== '=' || clause.value.kind !== 'literal' || typeof clause.value.value !== 'string')
        continue;
      if (clause.field === 'id') return { id: clause.value.value };
      if (clause.field === 'key' && definition.keyOf === undefined) return { key: clause.value.value };
    }
  }
  return undefined;
}

const conjuncts = (predicate: PredicateAst.Predicate): PredicateAst.Predicate[] =>
  predicate.kind === 'and' ? predicate.operands.flatMap(conjuncts) : [predicate];
