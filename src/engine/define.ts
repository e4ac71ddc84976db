/**
 * The declaration API: what a resource module declares (its draft, how a draft becomes a resource,
 * its update actions, its own routes, how it lives under the caller-scoped prefixes) and the engine
 * interface its routes call. Imports no implementation, so every resource module and the engine can
 * depend on it without an import cycle.
 */
import type * as z from 'zod';
import type { ApiCall, CallScope, Method, Mount, Reply, ResourceContext, StoredOf } from '../http/context.js';
import type { PlatformError } from '../http/errors.js';
import type { OtherApi } from '../http/apis.js';
import type { PagedResult, QueryOptions } from '../query/index.js';
import type { Route } from '../http/router.js';
import type { AssociateInUnit, AssociateRoles, PermissionLog, PermissionPair } from './permissions.js';
import type { StorageBackend, StoredDocument } from '../storage/backend.js';

export type { Author, Identifier, KeyReference, Reference, ResourceContext } from '../http/context.js';

/**
 * The resource an action's functions receive when neither the action nor its use says which (an
 * action or a message callback left unannotated, the project settings, which have no stored
 * interface): the callbacks read their type's fields directly. `unknown` would make each callback
 * narrow its own resource again; `StoredDocument` would refuse the spreads of the settings' objects.
 */
export type AnyResource = any;

/**
 * The payload of an action whose type does not say which (one of a type's `actions`, or one built
 * without `action`, such as a wrapper that forwards to other actions): its schema parsed it, and its
 * functions annotate the fields they read. Actions with different payloads share one record, and the
 * engine hands each the payload its schema parsed, so no single payload type fits them all.
 */
export type AnyPayload = any;

export interface UpdateAction<R, Payload = AnyPayload> {
  schema: z.ZodType;
  apply(resource: R, action: Payload, ctx: ResourceContext): void;
  /**
   * The action only refreshes a field the platform derives out of band (a product's review rating
   * statistics): stored without a new version or audit change, so clients keep the version they know.
   */
  keepsVersion?: boolean;
  /**
   * The action only assigns the resource's own fields, never changing an object or list they hold
   * (nor does the type's `afterActions` after it): the engine then applies it to a shallow copy,
   * which shares the rest with the stored version, instead of a deep one.
   */
  shallow?: boolean;
  /** The message the platform emits for the action (its API reference names one per action that has one). */
  message?: MessageOf<R, unknown, Payload>;
}

/** The parsed payload an update action's functions receive (`AnyPayload` for one that does not say). */
export type PayloadOf<A> = A extends UpdateAction<never, infer Payload> ? Payload : never;

/** A message's type and payload: what the platform adds to the fields every message has. */
export interface MessagePayload {
  type: string;
  [field: string]: unknown;
}

/**
 * How an update action's message is made: `before` reads what the payload needs of the resource as it
 * was (an old email), `payload` builds it from the changed resource, or returns nothing when this use
 * of the action has no message. Neither runs while messages are off.
 */
export interface MessageOf<R = unknown, Old = unknown, Payload = AnyPayload> {
  /** The message types the action may emit (`setCustomField`: added, changed or removed), e.g. `CustomerEmailChanged`. */
  types: readonly string[];
  before?(resource: R, action: Payload): Old;
  payload(resource: R, action: Payload, old: Old, ctx: ResourceContext): MessagePayload | readonly MessagePayload[] | undefined;
}

/**
 * Declares one update action: its payload schema and how it changes a copy of the resource.
 *
 * The schema is best given as a function that builds it (`action(() => z.object({...}), apply)`):
 * `schema` is then a getter that builds it on first read, once. A suite sends few of the ~600
 * actions, and building every schema at import cost about 2 MiB of each worker's heap. A schema
 * that exists anyway (a module-level constant that several places share) may be given as is.
 * Copies of a declared action keep the getter unread through `extendAction`, never a spread.
 */
export function action<S extends z.ZodType, R = AnyResource>(
  schema: S | (() => S),
  apply: (resource: R, action: z.infer<S>, ctx: ResourceContext) => void,
): UpdateAction<R, z.infer<S>> & { readonly schema: S } {
  const build = typeof schema === 'function' ? schema : () => schema;
  let built: S | undefined;
  return {
    get schema() {
      built ??= build();
      return built;
    },
    apply,
  };
}

/**
 * `declared` with `extra` added (a message, `keepsVersion`): its properties copied as they are,
 * so its `schema` getter is copied, not read, and a schema not built yet stays so (a spread
 * would build it).
 */
export function extendAction<A extends UpdateAction<never>>(declared: A, extra: Partial<Omit<UpdateAction<never>, 'schema'>>): A {
  return Object.assign(Object.defineProperties({}, Object.getOwnPropertyDescriptors(declared)), extra) as A;
}

/**
 * The action with the message it emits, `type` plus what `payload` returns; `before` reads what the
 * payload needs of the resource as it was before the action.
 */
export function emits<R = AnyResource, Old = undefined, A extends UpdateAction<R> = UpdateAction<R>>(
  declared: A,
  type: string,
  payload: (resource: R, action: PayloadOf<A>, old: Old, ctx: ResourceContext) => Record<string, unknown> = () => ({}),
  before?: (resource: R, action: PayloadOf<A>) => Old,
): A {
  return emitsOneOf(declared, [type], (resource, action, old: Old, ctx) => ({ type, ...payload(resource, action, old, ctx) }), before);
}

/**
 * The action with a message whose type depends on what it did (a custom type set or removed): `payload`
 * returns the whole message payload, its `type` one of `types`, or nothing when there is no message;
 * or several, in order, when the action has more than one effect (the last approval completes a flow).
 */
export function emitsOneOf<R = AnyResource, Old = undefined, A extends UpdateAction<R> = UpdateAction<R>>(
  declared: A,
  types: readonly string[],
  payload: MessageOf<R, Old, PayloadOf<A>>['payload'],
  before?: (resource: R, action: PayloadOf<A>) => Old,
): A {
  const message: MessageOf<R, Old, PayloadOf<A>> = { types, payload };
  if (before) message.before = before;
  return extendAction(declared, { message });
}

export interface UniqueIndex<R> {
  /** The normalised values the resource holds in this index (several for e.g. SKUs of variants). */
  values(resource: R): string[];
  duplicate(value: string, resource: R): PlatformError;
}

export interface GroupIndex<R> {
  /** The values the resource is filed under (none when it belongs to no group). */
  values(resource: R): readonly string[];
}

export interface CustomRoute {
  /** PUT is the Import API's only (it replaces an import container). */
  method: Exclude<Method, 'HEAD'>;
  /**
   * Relative to the resource path: '' for the collection, 'password-token', ':container/:key', ...;
   * a path starting with '/' is at the root of the type's API (the Checkout API's
   * `/payment-intents/:paymentId`, which acts on payments and stores nothing of its own; the Import
   * API's `/categories/import-containers/:importContainerKey`, served by the import container type).
   */
  path: string;
  /** Every read and write goes through `engine`, the mock's one ResourceEngine. */
  handle(call: ApiCall, engine: Engine): Reply;
}

/** The fields every stored resource (and every message) has: its identity, version and audit fields. */
export const BASE_FIELDS = ['id', 'version', 'createdAt', 'lastModifiedAt', 'createdBy', 'lastModifiedBy'] as const;

export type BaseFields = (typeof BASE_FIELDS)[number];

/**
 * The official SDK's draft and resource types of a resource type (`@commercetools/platform-sdk`, an
 * optional peer, imported for types only): what users seed and read it as. `draft: never` for a type
 * nobody seeds (made through its endpoints, or recorded by the engine).
 */
export interface SdkTypes<Draft = unknown, Resource = unknown> {
  draft: Draft;
  resource: Resource;
}

export interface ResourceDefinition<Draft = unknown, R extends StoredDocument = StoredDocument, Sdk extends SdkTypes = SdkTypes> {
  typeId: string;
  /** Type only, never set: the SDK's types of the resource (`type-map.ts` reads them from the registry). */
  readonly sdk?: Sdk;
  /** The path segment under /{projectKey}/. */
  path: string;
  /** The API whose routes these are, when not the main API's (http/apis.ts). */
  api?: OtherApi;
  draft: z.ZodType<Draft>;
  /** Builds the type's own fields from a validated draft; base fields (id, version, audit) are added around it. */
  create(draft: Draft, ctx: ResourceContext): Omit<R, BaseFields>;
  actions: Record<string, UpdateAction<R>>;
  /**
   * Changes only the engine makes (a cart marked Ordered, a customer's new password hash): applied
   * with `engine.apply`. An update request reaches one only where the endpoint's `allowed` names it
   * (the /me actions of a type that are not among its own, e.g. MyQuoteUpdateAction's `changeMyQuoteState`).
   */
  internalActions?: Record<string, UpdateAction<R>>;
  /**
   * Runs once after all actions of one request (or one `apply`) changed the copy, before it is
   * compared and stored: derived state that every action would otherwise recompute (cart totals).
   */
  afterActions?(resource: R, ctx: ResourceContext, actions: ReadonlyArray<AppliedAction>): void;
  /** The value `key=` routes find the resource by; defaults to its `key` field. */
  keyOf?(resource: R): string | undefined;
  unique?: Record<string, UniqueIndex<R>>;
  /**
   * Indexes whose values many resources may share: the values a resource is filed under (none when it
   * is in no group). `ctx.grouped` lists a group's members without scanning the collection (a
   * customer's active carts among every cart of a long-running server).
   */
  groups?: Record<string, GroupIndex<R>>;
  /**
   * The resource as every response shows it, when that is not the resource as stored (secrets
   * partially hidden); `where` and `sort` still match the stored resource. The in-process API reads
   * what is stored.
   */
  responseBody?(resource: R): R;
  /** The body of a 201 for a create; defaults to the resource (as `responseBody` shows it). */
  createdBody?(resource: R): unknown;
  /** Routes the generic shape does not cover; matched before it. */
  routes?: CustomRoute[];
  /**
   * Routes of the type outside its own path, each under a prefix of one router: the project's
   * settings at the project key itself, a customer's sign-in at `login` and their account at `/me`,
   * an associate's business units. Added before the type's other routes.
   */
  mounted?(engine: Engine): MountedRoutes[];
  /**
   * Runs before every route of the type, its own and the generic ones, and throws to refuse the
   * request (the Variants APIs serve only projects on the modular catalog model).
   */
  guard?(call: ApiCall): void;
  /**
   * Generic routes the type does not serve (e.g. custom objects are not updated by id with actions;
   * Checkout transactions are not listed; the Import API's operations are listed per container only).
   */
  without?: Array<'list' | 'update' | 'create' | 'delete' | 'byKey'>;
  /**
   * Other stored documents of the same type that must change together with an updated resource (a moved
   * category's descendants get new `ancestors`): their changed copies, written in the same transaction
   * as `next`, each with version +1.
   */
  cascade?(next: R, previous: R, ctx: ResourceContext): R[];
  /**
   * Keeps resources of other types in step with a stored change of this one, inside the same
   * transaction (a modular catalog's variants and the products that embed them): `next` is
   * undefined for a deletion, `previous` for a creation. It writes through `engine`, and must write
   * nothing when the other side already agrees, since that side's own `sync` answers in turn.
   */
  sync?(next: R | undefined, previous: R | undefined, ctx: ResourceContext, engine: Engine): void;
  /**
   * The types whose resources may reference this one. A delete is refused with 400 ReferenceExists
   * while one of them holds a Reference or KeyReference to it anywhere in the document.
   */
  referencedBy?: string[];
  /** How the type is served under `/me`, `/in-store/key=` and `/as-associate/` (src/scopes); not at all without one. */
  scope?: ScopePolicy<R>;
  /** For the type whose resources have associates (business units): what an associate holds in one. */
  associateRoles?(unit: R, associateId: string, ctx: ResourceContext): AssociateRoles;
  /**
   * Runs when the whole state was replaced (a restore, an import): what the type keeps beside the
   * storage that names ids and versions (a search index) may now name other documents.
   */
  stateReplaced?(storage: StorageBackend): void;
  /** Called before delete; throws to refuse it. */
  beforeDelete?(resource: R, ctx: ResourceContext): void;
  /**
   * Runs after every outermost transaction that wrote to a project commits, with the context of its
   * last write there (the Import API processes its pending import operations here: an operation
   * waiting for a resource is imported by the write that makes it). Its own writes are transactions
   * of their own, after which it runs again.
   */
  afterCommit?(ctx: ResourceContext, engine: Engine): void;
  /**
   * For the type whose documents record the changes of other types (the Change History API's
   * records): what it makes of each change a served request stores. The engine writes the record
   * in the transaction of the change, so a refused or rolled back request records nothing.
   */
  recordsChanges?: ChangeRecorder;
  /**
   * Work a resource asks for when the mock's clock reaches a time it names (a recurring order places
   * its next order at `nextOrderAt`): `at` is that time, `undefined` when nothing is due. `run` does
   * the work through `engine` in `ctx` (its project, and the time that was due as `now`) and must move
   * `at` on or clear it. The engine runs what is due before each request and when a test moves the
   * clock (engine/due-work.ts).
   */
  due?: {
    at(resource: R): string | undefined;
    run(resource: R, ctx: ResourceContext, engine: Engine): void;
  };
  /**
   * The messages the platform emits when a resource of the type is created and deleted (`<Resource>Created`,
   * `<Resource>Deleted`); `imported` instead of `created` for one made by the type's import route (`OrderImported`).
   */
  messages?: {
    created?: LifecycleMessage<R>;
    imported?: LifecycleMessage<R>;
    recurring?: LifecycleMessage<R>;
    deleted?: LifecycleMessage<R>;
  };
}

/** The routers a request is routed by: the main API's, the other APIs', and each caller-scoped mount's. */
export type RouterName = 'api' | OtherApi | Mount;

/** Routes a type adds under `prefix` on one router (`mounted`). */
export interface MountedRoutes {
  router: RouterName;
  prefix: string;
  routes: Route[];
}

/** One stored change of a resource, as the engine reports it to the type that records changes (`recordsChanges`). */
export interface RecordedChange {
  /** The changed resource's type. */
  definition: ResourceDefinition;
  kind: 'ResourceCreated' | 'ResourceUpdated' | 'ResourceDeleted';
  /** The resource before the change; none for a creation. */
  previous: StoredDocument | undefined;
  /** The resource after the change; none for a deletion. */
  next: StoredDocument | undefined;
  /** The resource's version after the change: the platform counts a deletion as one more version. */
  version: number;
  ctx: ResourceContext;
}

/** What records changes: which types it follows, and the document it stores for one change. */
export interface ChangeRecorder {
  tracks(typeId: string): boolean;
  /** The record to store (its own `id`; its `version` is the resource's after the change). */
  record(change: RecordedChange): StoredDocument;
}

/** How a resource came to be, which names its first message in the type's `messages`. */
export type CreateOrigin = 'created' | 'imported' | 'recurring';

/** The message of a create or a delete: its type and what it carries of the resource. */
export interface LifecycleMessage<R = StoredDocument> {
  type: string;
  /** What the message carries; `ctx` reads what else it names (the recurring order an order came from). */
  payload?(resource: R, ctx: ResourceContext): Record<string, unknown>;
}

/** The `messages` of a type whose Created message carries the resource in `field` and whose Deleted message has no payload (or none at all). */
export function lifecycleMessages(resourceName: string, field: string, deleted = true): ResourceDefinition['messages'] {
  return {
    created: { type: `${resourceName}Created`, payload: (resource) => ({ [field]: resource }) },
    ...(deleted ? { deleted: { type: `${resourceName}Deleted` } } : {}),
  };
}

/** A type users neither seed nor read as an SDK type (the project settings, product projections). */
export type NoSdkTypes = SdkTypes<never, never>;

export function defineResource<Draft, R extends StoredDocument, Sdk extends SdkTypes = NoSdkTypes>(
  definition: ResourceDefinition<Draft, R, Sdk>,
): ResourceDefinition<Draft, R, Sdk> {
  return definition;
}

export type Locator = { id: string } | { key: string };

/** One validated update action, ready to apply: its name and its parsed payload. */
export interface AppliedAction {
  name: string;
  payload: unknown;
}

/** What a list query keeps and how it presents each result (the caller-scoped routes narrow and present). */
export interface QueryShape {
  filter?(document: StoredDocument): boolean;
  present?(document: StoredDocument): object;
  /**
   * The fields `present` adds, changes or hides (a product's `discounted`, `price`, `availability`):
   * a `where` or `sort` that names one is matched against presented documents, as the platform
   * matches what it shows. Presenting every candidate costs time, so only then; without the list,
   * whenever there is a `where` or `sort`.
   */
  presentedFields?: readonly string[];
}

/**
 * The engine every route and resource function works through: the one place resources are read,
 * written and versioned. Writes go through `create`, `insert`, `update`, `apply`, `replace` and
 * `remove` only.
 */
export interface Engine {
  readonly storage: StorageBackend;
  /** How list queries treat unknown fields (`strictWhere`). */
  readonly queryOptions: QueryOptions;
  /** Every as-associate permission decision of this mock. */
  readonly decisions: PermissionLog;
  /** An associate acting in a unit, its roles there read through the unit type's `associateRoles`; decisions go to `decisions`. */
  associateIn(unit: StoredDocument, associateId: string, ctx: ResourceContext): AssociateInUnit;
  /** The type's definition, its resource typed as the type's stored shape (`StoredOf`). */
  definition<TypeId extends string>(typeId: TypeId): ResourceDefinition<unknown, StoredOf<TypeId> & StoredDocument>;
  /** Whether this mock serves the type (a test harness may serve a few). */
  serves(typeId: string): boolean;
  /** How the type lives under the caller-scoped prefixes, if it does. */
  scopePolicy(typeId: string): ScopePolicy | undefined;
  find<R extends StoredDocument>(definition: ResourceDefinition<unknown, R>, project: string, locator: Locator): R | undefined;
  get<R extends StoredDocument>(definition: ResourceDefinition<unknown, R>, project: string, locator: Locator): R;
  query(definition: ResourceDefinition, project: string, params: URLSearchParams, shape?: QueryShape): PagedResult<StoredDocument>;
  expand<T extends object>(project: string, document: T, paths: string[]): T;
  /** A resource from a client's draft, validated first; `origin` picks its lifecycle message (`imported` for an import route). */
  create<R extends StoredDocument>(
    definition: ResourceDefinition<unknown, R>,
    draft: unknown,
    ctx: ResourceContext,
    origin?: CreateOrigin,
  ): R;
  /** A resource the engine built itself (an order from a cart): base fields added, version 1. */
  insert<R extends StoredDocument>(
    definition: ResourceDefinition<unknown, R>,
    fields: object,
    ctx: ResourceContext,
    origin?: CreateOrigin,
  ): R;
  /**
   * An update request `{version, actions}`; `allowed` limits the actions (a scoped endpoint's subset)
   * and may name internal actions the endpoint offers.
   */
  update<R extends StoredDocument>(
    definition: ResourceDefinition<unknown, R>,
    locator: Locator,
    body: unknown,
    ctx: ResourceContext,
    allowed?: readonly string[],
  ): R;
  /** Each action of an update request validated against its schema (all problems reported together); `allowed` as for `update`. */
  validateActions(definition: ResourceDefinition, actions: Array<{ action: string }>, allowed?: readonly string[]): AppliedAction[];
  /** Validated actions, public or internal, applied to the stored resource (no version check). */
  apply<R extends StoredDocument>(
    definition: ResourceDefinition<unknown, R>,
    current: StoredDocument,
    actions: AppliedAction[],
    ctx: ResourceContext,
  ): R;
  /** A whole new state of the resource: version + 1, even when nothing changed. */
  replace<R extends StoredDocument>(
    definition: ResourceDefinition<unknown, R>,
    current: StoredDocument,
    next: object,
    ctx: ResourceContext,
  ): R;
  remove<R extends StoredDocument>(
    definition: ResourceDefinition<unknown, R>,
    locator: Locator,
    version: number | undefined,
    ctx: ResourceContext,
  ): R;
  /** Runs `work` atomically: every write inside it lands, or none does. */
  transaction<T>(work: () => T): T;
}

// How a type lives under the caller-scoped prefixes (src/scopes) -------------------------------------

export type ScopedOperation = 'view' | 'create' | 'update' | 'delete';

export interface MountOptions {
  /** Generic routes this mount does not serve (e.g. `/me/orders` has no delete). */
  without?: Array<'list' | 'create' | 'get' | 'update' | 'delete' | 'byKey'>;
  /** The update actions allowed here (e.g. the MyCartUpdateAction subset); any other is a 400 as if unknown. */
  actions?: readonly string[];
  /** Routes of this mount the generic shape does not cover; matched first. A path starting with '/' is at the mount's root. */
  routes?: CustomRoute[];
  /** Under `/me`: only customers, not anonymous sessions (403 insufficient_scope for those). */
  customersOnly?: boolean;
}

/** How one resource type lives under the caller-scoped prefixes (a definition's `scope`). */
export interface ScopePolicy<R extends StoredDocument = StoredDocument> {
  /** Where the type is served, with per-mount options. */
  mounts: Partial<Record<Exclude<CallScope['mount'], 'associate'>, MountOptions>>;
  /** Whose the resource is (`/me` matches the caller against it; as-associate: `My` vs `Others`). */
  owner?(resource: R): { customerId?: string | undefined; anonymousId?: string | undefined };
  /** Whether the resource belongs to the store of `in-store/key={storeKey}` (`ctx` reads what it refers to). */
  inStore?(resource: R, storeKey: string, ctx: ResourceContext): boolean;
  /** The key of the business unit the resource belongs to. */
  businessUnit?(resource: R): string | undefined;
  /** Writes the scope into a create draft, over whatever the client sent (caller, store, unit). */
  stamp?(draft: Record<string, unknown>, scope: CallScope): void;
  /** as-associate: the My/Others permission of each operation (an operation without one is not served). */
  permissions?: Partial<Record<ScopedOperation, PermissionPair>>;
  /**
   * The response body of a stored document when it is not the document as-is (what a type's
   * presented routes add at read time, e.g. expanded line item variants); expansion runs after it.
   */
  present?(call: ApiCall, engine: Engine): (document: StoredDocument) => object;
}
