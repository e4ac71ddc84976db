import { z } from 'zod';
import { errors } from '../http/errors.js';
import type { MockRequest, MockResponse } from '../http/exchange.js';
import { PROGRAMMATIC } from '../auth/identity.js';
import { isoNow } from '../util/time.js';
import type { ExtensionHandler } from '../core/extension-calls.js';
import { TokenServer } from '../core/token-server.js';
import {
  type AuthStore,
  TOKEN_LIFETIME_SECONDS,
  type TokenFilter,
  type TokenGrant,
  type TokenRecord,
  type TokenSnapshot,
  TokenStore,
} from '../auth/tokens.js';
import { MemoryStorage } from '../storage/memory.js';
import type { StorageBackend, StorageSnapshot, StoredDocument } from '../storage/backend.js';
import { distrustVersions } from '../resources/product/search/catalog-index.js';
import type { Faults } from '../core/faults.js';
import { type ExportOptions, exportStorage, ImportError, loadStorage, type MockExport, parseExport } from './export.js';
import type { Author, ResourceDefinition } from '../engine/define.js';
import { ResourceEngine } from '../engine/resource-engine.js';
import { authenticateCustomer } from '../resources/customer/authentication.js';
import { resourceDefinitions } from '../resources/index.js';
import { fullMessage, MESSAGE_TYPE_ID, type MessageFilter, messageMatches, retained, retainedSince } from '../engine/messages.js';
import { DELIVERY_TYPE_ID, type Delivery, type DeliveryFilter, type DeliveryListener, deliveryMatches } from '../engine/outbox.js';
import type { PagedResult } from '../query/index.js';
import { seedPairs, type SeedInput, type SeededType } from './seed.js';
export type { SeedItem, SeedInput, SeededType } from './seed.js';
import type { ResourceOf, TypeId } from '../resources/type-map.js';
import { FAILING_STATUSES, SUBSCRIPTION_TYPE_ID, type Subscription, type SubscriptionStatus } from '../engine/subscription.js';
import type { JournalEntry, JournalFilter } from '../core/journal.js';
import { Dispatcher } from '../core/dispatcher.js';
import { RequestPipeline } from '../core/pipeline.js';
import type { PermissionDecision } from '../core/scoped-mounts.js';

export const DEFAULT_API_URL = 'https://api.europe-west1.gcp.commercetools.com';
export const DEFAULT_AUTH_URL = 'https://auth.europe-west1.gcp.commercetools.com';

const isStorage = (value: unknown): value is StorageBackend =>
  typeof value === 'object' &&
  value !== null &&
  ['get', 'getByKey', 'write', 'delete', 'scan', 'transaction', 'clear'].every(
    (method) => typeof (value as Record<string, unknown>)[method] === 'function',
  );

/** A bare origin (scheme, host, port): a path or query would be mistaken for the project key. */
const Origin = z
  .url({ protocol: /^https?$/ })
  .refine((value) => {
    if (!URL.canParse(value)) return true; // z.url() has reported it already
    const url = new URL(value);
    return /^\/*$/.test(url.pathname) && !url.search && !url.hash;
  }, 'Expected a bare origin such as https://api.example.com, without a path or query.')
  .transform((value) => new URL(value).origin);

export const CommerceMockOptions = z
  .object({
    /** The project programmatic calls use when they name none. */
    defaultProjectKey: z
      .string()
      .regex(/^[a-z0-9_-]{2,36}$/, 'Project keys have 2 to 36 characters: a-z, 0-9, - and _.')
      .default('test-project'),
    apiUrl: Origin.default(DEFAULT_API_URL),
    authUrl: Origin.default(DEFAULT_AUTH_URL),
    /** Check API requests for a bearer token. Alone it refuses nothing: a token stays optional and unverified. */
    enableAuthentication: z.boolean().default(false),
    /** With `enableAuthentication`: require a token the mock issued (401 `invalid_token` otherwise). Alone it enforces nothing. */
    validateCredentials: z.boolean().default(false),
    /** Refuse an access token whose lifetime is over (401 `invalid_token`); the spec never does, so off by default. */
    enforceTokenExpiry: z.boolean().default(false),
    /** The lifetime of the tokens the mock issues (`expires_in`): two days, as on the platform, unless set. */
    tokenLifetimeSeconds: z.number().int().min(1).max(TOKEN_LIFETIME_SECONDS).default(TOKEN_LIFETIME_SECONDS),
    /** Reject `where` predicates on fields no resource has, as the platform does (the spec's default tolerates them). */
    strictWhere: z.boolean().default(false),
    /** The request journal: how many requests to keep (0: none) and how much of each body. */
    journal: z
      .object({ size: z.number().int().min(0).max(100_000).default(1000), bodyLimit: z.number().int().min(0).default(4096) })
      .strict()
      .default({ size: 1000, bodyLimit: 4096 }),
    /** Answer like a remote service: every response this many milliseconds late, or a random delay in `[min, max]`. */
    latencyMs: z
      .union([
        z.number().min(0).max(60_000),
        z
          .tuple([z.number().min(0).max(60_000), z.number().min(0).max(60_000)])
          .refine(([min, max]) => min <= max, 'Expected [min, max] with min <= max.'),
      ])
      .default(0),
    /** The state to start from: what `export()` gave (validated as `import()` validates it). */
    initialData: z.custom<MockExport | string>(() => true).optional(),
    storage: z
      .custom<StorageBackend | 'memory'>(
        (value) => value === 'memory' || isStorage(value),
        'Expected "memory" or a storage backend object.',
      )
      .default('memory'),
  })
  .strict();

export type CommerceMockOptions = z.input<typeof CommerceMockOptions>;
export type ResolvedOptions = Omit<z.output<typeof CommerceMockOptions>, 'storage' | 'initialData'>;

function parseOptions(input: CommerceMockOptions | undefined): z.output<typeof CommerceMockOptions> {
  const result = CommerceMockOptions.safeParse(input ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') return `unknown option ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
    return `option '${issue.path.join('.')}': ${issue.message}`;
  });
  throw new TypeError(`commerce-mock: invalid options: ${problems.join('; ')}`);
}

export interface ProjectScoped {
  projectKey?: string;
}

const SCOPE_FIELDS = new Set(['projectKey', 'author']);

/**
 * The trailing `{ projectKey }` argument, checked: anything else in its place is a mistake the mock
 * would otherwise pass over in silence (`mock.seed(a, b)` took `b` for it and stored only `a`).
 */
export function checkedScope<S extends ProjectScoped>(scope: S | undefined, method?: string): S | undefined {
  if (scope === undefined) return scope;
  const unexpected = typeof scope === 'object' && scope !== null ? Object.keys(scope).filter((name) => !SCOPE_FIELDS.has(name)) : [];
  if (typeof scope !== 'object' || scope === null || Array.isArray(scope) || unexpected.length > 0) {
    const given = unexpected.length > 0 ? `an object with ${unexpected.map((name) => `'${name}'`).join(', ')}` : JSON.stringify(scope);
    const seeding = method === 'seed' ? ' To seed several drafts, pass them in one list: seed([a, b, c]).' : '';
    throw new TypeError(
      `commerce-mock: ${method ? `${method}()` : 'a programmatic call'} takes { projectKey } as its last argument, and was given ${given}.${seeding}`,
    );
  }
  return scope;
}

/**
 * A programmatic draft or update body as the mock would receive it over HTTP: JSON. The mock then
 * keeps no reference into the caller's objects, and the strings it stores are flat: a factory's
 * `customer-${n}` is a chain of its pieces (a V8 cons string, about 50 bytes more per string) as
 * long as something keeps it.
 */
function asRequestBody<T>(body: T): T {
  return body === undefined ? body : JSON.parse(JSON.stringify(body));
}

/**
 * One isolated mock: its own storage, tokens and options. `handle()` serves any request; the
 * transports (MockAgent, HTTP server, Playwright routing) only convert to and from it.
 */
export class CommerceMock {
  readonly options: ResolvedOptions;
  readonly storage: StorageBackend;
  /** @internal The engine every request and programmatic call goes through; not part of the public API. */
  readonly engine: ResourceEngine;
  private readonly tokens: TokenStore;
  private readonly tokenServer: TokenServer;
  /** Faults, latency, the journal and API extensions around the dispatch of each request. */
  private readonly pipeline: RequestPipeline;
  /** Fault injection: matching requests fail before anything is served (see docs/state-and-faults.md). */
  readonly faults: Faults;

  constructor(options?: CommerceMockOptions) {
    const { storage, initialData, ...resolved } = parseOptions(options);
    this.options = resolved;
    this.tokens = new TokenStore(resolved.tokenLifetimeSeconds);
    this.storage = storage === 'memory' ? new MemoryStorage() : storage;
    this.engine = new ResourceEngine(this.storage, new Map(resourceDefinitions.map((d) => [d.typeId, d])), {
      strictFields: resolved.strictWhere,
    });
    this.tokenServer = new TokenServer(
      this.tokens,
      (project, email, password, storeKey) => authenticateCustomer(this.engine.context(project, PROGRAMMATIC), email, password, storeKey),
      resolved.enforceTokenExpiry,
    );
    const dispatcher = new Dispatcher(this.engine, this.tokens, this.tokenServer, resolved);
    this.pipeline = new RequestPipeline(dispatcher, this.engine, this.tokens, resolved);
    this.faults = this.pipeline.faults;
    if (initialData !== undefined) this.import(initialData);
  }

  /**
   * Serves one request: the token server under `/oauth/`, the API everywhere else, and records it in
   * the journal. Every response carries an `X-Correlation-ID` (the request's, or a new one). Never
   * throws (nor rejects). The answer is synchronous, unless the request triggers an API extension:
   * then it is a promise, settled once the extension answered and the request was served with its
   * answer. Every transport serves through it.
   */
  respond(request: MockRequest): MockResponse | Promise<MockResponse> {
    return this.pipeline.respond(request);
  }

  /**
   * `respond()` for a caller that needs the answer at once (a test calling the mock directly). A
   * request that triggers an API extension cannot be answered synchronously: it is refused (500
   * General, naming `respond()`) and changes nothing.
   */
  handle(request: MockRequest): MockResponse {
    return this.pipeline.handle(request);
  }

  /**
   * Registers an in-process API extension: requests that trigger the extension with this key are
   * answered by `handler` instead of its destination (needed for an AWSLambda destination, which the
   * mock cannot call). Returns what unregisters it.
   */
  registerExtension(key: string, handler: ExtensionHandler): () => void {
    return this.pipeline.registerExtension(key, handler);
  }

  /** Removes all data, all issued tokens, the fault rules, the in-process extensions, the permission decisions and the request journal. */
  clear(): void {
    this.pipeline.clear();
    this.storage.clear();
    this.tokens.clear();
    this.engine.decisions.clear();
  }

  /**
   * Captures the whole state, every project's data and the issued tokens, for `restore()`. Later
   * writes do not change it. The journal and the permission decisions are history, not state: not
   * captured. On the memory backend it costs microseconds whatever the size (structure is shared).
   */
  snapshot(): MockSnapshot {
    return new MockSnapshot(this.storageSnapshots().snapshot(), this.tokens.snapshot());
  }

  /** Brings back exactly the data and tokens `snapshot` captured; the snapshot stays usable. */
  restore(snapshot: MockSnapshot): void {
    if (!(snapshot instanceof MockSnapshot)) throw new TypeError('commerce-mock: restore() takes what snapshot() returned.');
    this.storageSnapshots().restore(snapshot.storage);
    this.tokens.restore(snapshot.tokens);
    distrustVersions(this.storage);
  }

  /**
   * The whole state as plain, versioned JSON (docs/state-and-faults.md): every project's data, and
   * with `{ tokens: true }` the issued tokens. `import()` and the `initialData` option load it.
   */
  export(options: ExportOptions = {}): MockExport {
    return exportStorage(this.storage, options.tokens ? this.tokens.list() : undefined);
  }

  /**
   * Replaces every project's data and the issued tokens by an export's (an object or its JSON text).
   * The file is checked whole first: a bad one is refused with the path of its first problem
   * (`ImportError`), and the mock keeps its state. The journal and the fault rules stay.
   */
  import(data: MockExport | string): void {
    const parsed = parseExport(typeof data === 'string' ? parseJson(data) : data);
    const before = this.storage.snapshot?.();
    this.storage.clear();
    try {
      loadStorage(this.storage, parsed);
      this.engine.rebuildGroups();
    } catch (error) {
      if (before) this.storage.restore!(before);
      throw error;
    }
    this.tokens.load(parsed.tokens ?? []);
    distrustVersions(this.storage);
  }

  private storageSnapshots(): Required<Pick<StorageBackend, 'snapshot' | 'restore'>> {
    const { storage } = this;
    if (storage.snapshot && storage.restore) return storage as Required<StorageBackend>;
    throw new TypeError(`commerce-mock: the ${storage.name} storage cannot take snapshots (it has no snapshot() and restore()).`);
  }

  /** The requests this mock served (the newest `journal.size`, 1000 by default), oldest first. */
  requests(filter?: JournalFilter): JournalEntry[] {
    return this.pipeline.journal.list(filter);
  }

  /** The `sequence` of the newest journal entry: pass it as `since` to read only what comes after. */
  get lastRequestSequence(): number {
    return this.pipeline.journal.last;
  }

  /** Every as-associate permission decision since the last `clear()`, oldest first (allowed and denied). */
  permissionDecisions(): PermissionDecision[] {
    return this.engine.decisions.list();
  }

  /** The issued tokens: list and find them by kind, customer, anonymous session or client. */
  authStore(): AuthStore {
    return this.tokens;
  }

  /**
   * Expires the matching access tokens at once (all without a filter), so a suite can test its
   * refresh flow; their refresh tokens keep working. Needs `enforceTokenExpiry: true`. Returns how many.
   */
  expireTokens(filter?: TokenFilter): number {
    if (!this.options.enforceTokenExpiry) {
      throw new TypeError('commerce-mock: expireTokens() needs the option enforceTokenExpiry: true (without it no token ever expires).');
    }
    return this.tokens.expire(filter);
  }

  // Programmatic access, for seeding and assertions -----------------------------------------

  private definitionFor(typeIdOrPath: string): ResourceDefinition {
    const definition = resourceDefinitions.find((d) => d.typeId === typeIdOrPath || (d.path !== '' && d.path === typeIdOrPath));
    if (!definition) throw new TypeError(`commerce-mock: unknown resource type '${typeIdOrPath}'.`);
    return definition;
  }

  private project(scope: ProjectScoped | undefined): string {
    return checkedScope(scope)?.projectKey ?? this.options.defaultProjectKey;
  }

  // The programmatic reads and writes: typed as the SDK's resource for a type id, as `T` (a
  // `StoredDocument` unless given) for a path name (`'customers'`) or a type without a draft type.

  /**
   * Creates a resource from a draft, validated exactly as `POST /{projectKey}/{resource}` validates it.
   * The draft is taken as JSON, as a request body is (see `asRequestBody`).
   */
  create<K extends TypeId>(typeId: K, draft: unknown, scope?: ProjectScoped & { author?: Author }): ResourceOf<K>;
  create<T = StoredDocument>(typeIdOrPath: string, draft: unknown, scope?: ProjectScoped & { author?: Author }): T;
  create<T>(typeId: string, draft: unknown, scope?: ProjectScoped & { author?: Author }): T {
    const ctx = this.engine.context(this.project(scope), scope?.author ?? PROGRAMMATIC);
    return this.engine.create(this.definitionFor(typeId), asRequestBody(draft), ctx) as T;
  }

  /** Applies update actions as `POST /{projectKey}/{resource}/{id}` does (version checked), the body taken as JSON. */
  update<K extends TypeId>(typeId: K, id: string, body: UpdateBody, scope?: ProjectScoped): ResourceOf<K>;
  update<T = StoredDocument>(typeIdOrPath: string, id: string, body: UpdateBody, scope?: ProjectScoped): T;
  update<T>(typeId: string, id: string, body: UpdateBody, scope?: ProjectScoped): T {
    const ctx = this.engine.context(this.project(scope), PROGRAMMATIC);
    return this.engine.update(this.definitionFor(typeId), { id }, asRequestBody(body), ctx) as T;
  }

  get<K extends TypeId>(typeId: K, id: string, scope?: ProjectScoped): ResourceOf<K> | undefined;
  get<T = StoredDocument>(typeIdOrPath: string, id: string, scope?: ProjectScoped): T | undefined;
  get<T>(typeId: string, id: string, scope?: ProjectScoped): T | undefined {
    return this.storage.get(this.project(scope), this.definitionFor(typeId).typeId, id) as T | undefined;
  }

  getByKey<K extends TypeId>(typeId: K, key: string, scope?: ProjectScoped): ResourceOf<K> | undefined;
  getByKey<T = StoredDocument>(typeIdOrPath: string, key: string, scope?: ProjectScoped): T | undefined;
  getByKey<T>(typeId: string, key: string, scope?: ProjectScoped): T | undefined {
    return this.storage.getByKey(this.project(scope), this.definitionFor(typeId).typeId, key) as T | undefined;
  }

  /**
   * Creates every draft, in order, from factory output (tagged with its type) or `[typeId, draft]`
   * pairs; lists may nest. Each draft is validated as its create route validates it; when one is
   * refused, none of them is stored.
   */
  seed<const I extends SeedInput>(items: I, scope?: ProjectScoped): Array<ResourceOf<SeededType<I>>> {
    checkedScope(scope, 'seed');
    const pairs = seedPairs(items);
    return this.engine.transaction(() => pairs.map(([typeId, draft]) => this.create(typeId, draft, scope)));
  }

  /**
   * Issues a token without the credentials round trip (for tests that need a signed-in customer or an
   * anonymous session quickly); it is recorded and recognised exactly like one from the token server.
   */
  issueToken(grant: TokenGrant, scope?: ProjectScoped): TokenRecord {
    const clientId = grant.clientId ?? 'commerce-mock';
    const projectKey = this.project(scope);
    if (grant.kind === 'client') return this.tokenServer.issueClientToken(clientId, grant.scope ?? `manage_project:${projectKey}`);
    if (grant.kind === 'anonymous') return this.tokenServer.issueAnonymousToken(clientId, projectKey, grant.anonymousId, grant.scope);
    if (!this.get('customer', grant.customerId, scope)) throw errors.resourceNotFound({ id: grant.customerId });
    return this.tokenServer.issueCustomerToken(clientId, projectKey, grant.customerId, grant.scope, grant.storeKey);
  }

  /** Every stored resource of a type, in creation order. */
  /** The messages the project recorded, oldest first (in the order the changes were made); `filter` narrows them. */
  messages(filter: MessageFilter = {}, scope?: ProjectScoped): Array<ResourceOf<'message'>> {
    const project = this.project(scope);
    const kept = retained(retainedSince(this.storage, project, isoNow()));
    const recorded = [...this.storage.scan(project, MESSAGE_TYPE_ID)].filter(kept).map(fullMessage);
    return recorded.filter((message) => messageMatches(message, filter)) as unknown as Array<ResourceOf<'message'>>;
  }

  /**
   * What the project's subscriptions received, oldest first: one entry per notification and
   * subscription, its `payload` in the subscription's format; `filter` narrows them.
   */
  deliveries(filter: DeliveryFilter = {}, scope?: ProjectScoped): Delivery[] {
    const recorded = this.storage.scan(this.project(scope), DELIVERY_TYPE_ID) as Iterable<Delivery>;
    return [...recorded].filter((delivery) => deliveryMatches(delivery, filter));
  }

  /**
   * Makes the destination of the subscription with this key fail, as the platform reports it in the
   * subscription's `status`: `TemporaryError` or `ConfigurationError` hold notifications back (read
   * them with `deliveries({ undelivered: true })`) until `repairDestination` or `changeDestination`;
   * `ConfigurationErrorDeliveryStopped` drops them, and only `changeDestination` makes it healthy again.
   */
  failDestination(subscriptionKey: string, status: Exclude<SubscriptionStatus, 'Healthy'>, scope?: ProjectScoped): void {
    if (!FAILING_STATUSES.includes(status))
      throw new TypeError(`commerce-mock: a failing destination is one of ${FAILING_STATUSES.join(', ')}.`);
    this.engine.outbox.setStatus(this.project(scope), this.subscriptionByKey(subscriptionKey, scope), status);
  }

  /**
   * The subscription's destination works again: a `TemporaryError` or `ConfigurationError` turns
   * `Healthy` and what was held back is delivered, in order. A stopped one stays stopped, as on the
   * platform. Returns the status the subscription has now.
   */
  repairDestination(subscriptionKey: string, scope?: ProjectScoped): SubscriptionStatus {
    const subscription = this.subscriptionByKey(subscriptionKey, scope);
    if (subscription.status === 'ConfigurationErrorDeliveryStopped') return subscription.status;
    this.engine.outbox.setStatus(this.project(scope), subscription, 'Healthy');
    return 'Healthy';
  }

  /** Sets the destination's health: `Healthy` is `repairDestination`, any other status `failDestination`; returns the status now. */
  setDestinationStatus(subscriptionKey: string, status: SubscriptionStatus, scope?: ProjectScoped): SubscriptionStatus {
    if (status === 'Healthy') return this.repairDestination(subscriptionKey, scope);
    this.failDestination(subscriptionKey, status, scope);
    return status;
  }

  private subscriptionByKey(key: string, scope?: ProjectScoped): Subscription {
    const subscription = this.storage.getByKey(this.project(scope), SUBSCRIPTION_TYPE_ID, key) as Subscription | undefined;
    if (!subscription) throw new TypeError(`commerce-mock: no subscription has the key '${key}'.`);
    return subscription;
  }

  /** Calls `listener` with each delivery, of every project, after the write that made it commits; returns what stops it. */
  onDelivery(listener: DeliveryListener): () => void {
    return this.engine.outbox.listen(listener);
  }

  all<K extends TypeId>(typeId: K, scope?: ProjectScoped): Array<ResourceOf<K>>;
  all<T = StoredDocument>(typeIdOrPath: string, scope?: ProjectScoped): T[];
  all<T>(typeId: string, scope?: ProjectScoped): T[] {
    return [...this.storage.scan(this.project(scope), this.definitionFor(typeId).typeId)] as T[];
  }

  /** The same query a list endpoint runs: `where`, `sort`, paging, `expand`. */
  query<K extends TypeId>(typeId: K, params?: QueryParams, scope?: ProjectScoped): PagedResult<ResourceOf<K>>;
  query<T = StoredDocument>(typeIdOrPath: string, params?: QueryParams, scope?: ProjectScoped): PagedResult<T>;
  query<T>(typeId: string, params: QueryParams = {}, scope?: ProjectScoped): PagedResult<T> {
    const search = queryParams(params);
    return this.engine.query(this.definitionFor(typeId), this.project(scope), search) as PagedResult<T>;
  }
}

/** The state `CommerceMock.snapshot()` captured: opaque, for `restore()`. */
export class MockSnapshot {
  /** @internal */
  constructor(
    readonly storage: StorageSnapshot,
    readonly tokens: TokenSnapshot,
  ) {}
}

/** An update request's body. */
export interface UpdateBody {
  version: number;
  actions: object[];
}

/** A parameter's value as the platform takes it: `limit: 20`, `withTotal: false`, `staged: true`, a list for a repeated one. */
export type QueryValue = string | number | boolean;

/**
 * The query parameters of a list endpoint (`where`, `sort`, `limit`, `offset`, `withTotal`, `expand`,
 * `var.*`, ...), as the URL spells them or as values; `undefined` leaves a parameter out.
 */
export type QueryParams = Record<string, QueryValue | readonly QueryValue[] | undefined> | URLSearchParams;

/** Query parameters as the URL spells them: lists repeat a parameter, `undefined` leaves it out. */
export function queryParams(params: QueryParams = {}): URLSearchParams {
  if (params instanceof URLSearchParams) return params;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of [value].flat()) if (one !== undefined) search.append(name, String(one));
  }
  return search;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportError('', `not JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
}

export function createCommerceMock(options?: CommerceMockOptions): CommerceMock {
  return new CommerceMock(options);
}
