/**
 * One request's context, derived once from its path and token (by the dispatcher, core/dispatcher.ts): the
 * project, who is calling, under which caller-scoped prefix, and what route and resource code may
 * read from the rest of the project. A leaf module: the types every layer shares, importing none of
 * them, so the layers above can all depend on it without depending on each other.
 */
import type { StoredDocument } from '../storage/backend.js';

export type Method = 'GET' | 'POST' | 'DELETE' | 'HEAD' | 'PUT';

/** Who made a change, as the platform records it on `createdBy` / `lastModifiedBy`. */
export interface Author {
  isPlatformClient: false;
  clientId?: string;
  customer?: { typeId: 'customer'; id: string };
  anonymousId?: string;
  /** The platform's Attribution: a write made for an import (the Import API's processing), and the client that asked for it. */
  attributedTo?: { clientId?: string; source: 'Import' | 'Export' };
}

/** Who `/me` acts for: the customer or the anonymous session the bearer token was issued for. */
export type Caller = { customerId: string; anonymousId?: undefined } | { anonymousId: string; customerId?: undefined };

/**
 * The caller-scoped prefixes:
 *
 *   /{pk}/me/...                                         'me'              caller from the token
 *   /{pk}/in-store/key={storeKey}/...                    'store'           store
 *   /{pk}/in-store/key={storeKey}/me/...                 'store-me'        store + caller
 *   /{pk}/as-associate/{associateId}/...                 'associate'       associate (path)
 *   /{pk}/as-associate/{associateId}/in-business-unit/key={key}/...
 *                                                        'associate-unit'  associate + unit
 *   /{pk}/in-business-unit/key={key}/me/...              'unit-me'         caller from the token, as an associate of the unit
 */
export type Mount = 'me' | 'store' | 'store-me' | 'associate' | 'associate-unit' | 'unit-me';

/** The scope of a call under a caller-scoped prefix: plain data, read by the scope rules (src/scopes). */
export interface CallScope {
  mount: Mount;
  /** `in-store/key={storeKey}`. */
  store?: string;
  /** `/me`: always set there (no caller is a 403 before any route runs), but on sign-in and sign-up, which establish it. */
  caller?: Caller;
  /** `as-associate/{associateId}` (+ `in-business-unit/key={businessUnitKey}`); under `in-business-unit/key={key}/me`, the caller. */
  associate?: { id: string; businessUnitKey?: string };
}

export interface Reference {
  typeId: string;
  id: string;
}

export interface KeyReference {
  typeId: string;
  key: string;
}

/** A draft's way of naming another resource: by id or by key (a ResourceIdentifier). */
export interface Identifier {
  id?: string | undefined;
  key?: string | undefined;
}

/**
 * The stored shape of each resource type, by type id. Empty here: the shapes are the resource
 * modules' own, which this layer may not import, so each module adds its own line by declaration
 * merging (`declare module '.../http/context.js'`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging from resources/
export interface StoredTypes {}

/** What a read of `typeId` returns: its registered stored shape, or any stored document for a type not registered. */
export type StoredOf<TypeId extends string> = TypeId extends keyof StoredTypes ? StoredTypes[TypeId] : StoredDocument;

/** What resource code may use while it builds or changes a resource: who asks, and the rest of the project. */
export interface ResourceContext {
  project: string;
  /** One timestamp per request, so every field a request sets agrees. */
  now: string;
  author: Author;
  /** Set under a caller-scoped prefix (`/me`, `/in-store/key=`, `/as-associate/`). */
  scope?: CallScope;
  get<TypeId extends string>(typeId: TypeId, id: string): StoredOf<TypeId> | undefined;
  getByKey<TypeId extends string>(typeId: TypeId, key: string): StoredOf<TypeId> | undefined;
  scan<TypeId extends string>(typeId: TypeId): Iterable<StoredOf<TypeId>>;
  /** Turns a draft's `{id}` or `{key}` into a Reference; 400 ReferencedResourceNotFound when nothing is there. */
  reference(typeId: string, identifier: Identifier): Reference;
  /** The same, as a KeyReference (`{typeId: 'store', key}`), for fields the platform stores by key. */
  keyReference(typeId: string, identifier: Identifier): KeyReference;
  /** Finds the resource that holds `value` in a unique index declared by its type (e.g. customer email). */
  findUnique<TypeId extends string>(typeId: TypeId, index: string, value: string): StoredOf<TypeId> | undefined;
  /** The resources filed under `value` in a group index declared by their type, in the order they joined it. */
  grouped<TypeId extends string>(typeId: TypeId, group: string, value: string): Array<StoredOf<TypeId>>;
}

/** What a route may read of the request beyond its path, query and JSON body. */
export interface RawRequest {
  /** The origin the mock serves the API on: where the files it keeps (uploaded images) are served. */
  apiOrigin: string;
  /** The `Content-Type` header, if any. */
  contentType?: string;
  /** The body as bytes, when its content type is not text or not given (an uploaded image). */
  bytes?: Uint8Array;
}

/** One API request as route handlers see it. */
export interface ApiCall {
  method: Method;
  /** Named path parameters (`:id`, `key=:key`), URL-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  rawBody: string | undefined;
  raw: RawRequest;
  /** The body parsed as JSON (InvalidJsonInput otherwise); parsed once, on first use. */
  json(): unknown;
  ctx: ResourceContext;
  /** `?version=` of a DELETE: required, an integer (400 InvalidInput otherwise). */
  version(): number;
  /** The reply body for a document: its references expanded as the `expand` parameters ask. */
  expand<T extends object>(document: T): T;
  /** The same call with another JSON body (and path parameters): a translated body handed to another route. */
  withBody(body: unknown, params?: Record<string, string>): ApiCall;
}

export interface Reply {
  status: number;
  body?: unknown;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
