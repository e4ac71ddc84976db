import type { z } from 'zod';
import type { PlatformError } from '../http/errors.js';
import type { StoredDocument } from '../storage/types.js';
import type { ApiCall, Reply } from '../http/router.js';
import type { Repository } from './repository.js';

/** Who made a change, as the platform records it on `createdBy` / `lastModifiedBy`. */
export interface Author {
  isPlatformClient: false;
  clientId?: string;
  customer?: { typeId: 'customer'; id: string };
  anonymousId?: string;
}

export interface Reference {
  typeId: string;
  id: string;
}

/** What resource code may use while it builds or changes a resource: the rest of the project. */
export interface ResourceContext {
  project: string;
  /** One timestamp per request, so every field a request sets agrees. */
  now: string;
  author: Author;
  get(typeId: string, id: string): StoredDocument | undefined;
  getByKey(typeId: string, key: string): StoredDocument | undefined;
  scan(typeId: string): Iterable<StoredDocument>;
  /** Turns a draft's `{id}` or `{key}` into a Reference; 400 ReferencedResourceNotFound when nothing is there. */
  reference(typeId: string, identifier: { id?: string; key?: string }): Reference;
  /** Finds the resource that holds `value` in a unique index declared by its type (e.g. customer email). */
  findUnique(typeId: string, index: string, value: string): StoredDocument | undefined;
}

export interface UpdateAction<R> {
  schema: z.ZodType;
  apply(resource: R, action: any, ctx: ResourceContext): void;
}

/** Declares one update action: its payload schema and how it changes a copy of the resource. */
export function action<S extends z.ZodType, R = any>(
  schema: S,
  apply: (resource: R, action: z.infer<S>, ctx: ResourceContext) => void,
): UpdateAction<R> {
  return { schema, apply };
}

export interface UniqueIndex<R> {
  /** The normalised values the resource holds in this index (several for e.g. SKUs of variants). */
  values(resource: R): string[];
  duplicate(value: string, resource: R): PlatformError;
}

export interface CustomRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** Relative to the resource path: '' for the collection, 'password-token', ':container/:key', ... */
  path: string;
  /** `repository` is the mock's engine, for routes that create or replace through it (custom objects' upsert). */
  handle(call: ApiCall, repository: Repository): Reply;
}

export type BaseFields = 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy';

export interface ResourceDefinition<Draft = any, R extends StoredDocument = any> {
  typeId: string;
  /** The path segment under /{projectKey}/. */
  path: string;
  draft: z.ZodType<Draft>;
  /** Builds the type's own fields from a validated draft; base fields (id, version, audit) are added around it. */
  create(draft: Draft, ctx: ResourceContext): Omit<R, BaseFields>;
  actions: Record<string, UpdateAction<R>>;
  /** The value `key=` routes find the resource by; defaults to its `key` field. */
  keyOf?(resource: R): string | undefined;
  unique?: Record<string, UniqueIndex<R>>;
  /** The body of a 201 for a create; defaults to the resource. */
  createdBody?(resource: R): unknown;
  /** Routes the generic shape does not cover; matched before it. */
  routes?: CustomRoute[];
  /** Generic routes the type does not serve (e.g. custom objects are not updated by id with actions). */
  without?: Array<'update' | 'create' | 'delete' | 'byKey'>;
  /**
   * Other stored documents of the same type that must change together with an updated resource (a moved
   * category's descendants get new `ancestors`): their changed copies, written in the same transaction
   * as `next`, each with version +1.
   */
  cascade?(next: R, previous: R, ctx: ResourceContext): R[];
  /**
   * The types whose resources may reference this one. A delete is refused with 400 ReferenceExists
   * while one of them holds a Reference or KeyReference to it anywhere in the document.
   */
  referencedBy?: string[];
  /** Called before delete; throws to refuse it. */
  beforeDelete?(resource: R, ctx: ResourceContext): void;
}

export function defineResource<Draft, R extends StoredDocument>(definition: ResourceDefinition<Draft, R>): ResourceDefinition<Draft, R> {
  return definition;
}
