import { z } from 'zod';
import { errors, PlatformError } from '../http/errors.js';
import { MAX_BODY_BYTES, byteLength } from '../http/body.js';
import { header, type MockRequest, type MockResponse } from '../http/exchange.js';
import { CORRELATION_HEADER, correlationId } from '../http/correlation.js';
import { Call, decodeSegment, type Expander, Router } from '../http/router.js';
import { requestTarget } from '../http/target.js';
import type { Method, RawRequest, Reply } from '../http/context.js';
import { identityOf, PROGRAMMATIC } from '../auth/identity.js';
import { isoNow } from '../util/time.js';
import { Repeatable, repeatably } from '../util/repeatable.js';
import { type ExtensionCall, ExtensionsPending, type ExtensionVerdict } from '../engine/extension-gate.js';
import { callExtension, type ExtensionHandler } from '../core/extension-calls.js';
import { TokenServer } from '../core/token-server.js';
import {
  type AuthStore,
  isExpired,
  TOKEN_LIFETIME_SECONDS,
  type TokenFilter,
  type TokenRecord,
  type TokenSnapshot,
  TokenStore,
} from '../auth/tokens.js';
import { MemoryStorage } from '../storage/memory.js';
import type { StorageBackend, StorageSnapshot, StoredDocument } from '../storage/backend.js';
import { distrustVersions } from '../resources/product/search/catalog-index.js';
import { type FaultAnswer, Faults } from '../core/faults.js';
import { type ExportOptions, exportStorage, ImportError, loadStorage, type MockExport, parseExport } from './export.js';
import type { Author, ResourceDefinition } from '../engine/define.js';
import { Repository } from '../engine/repository.js';
import { resourceRoutes } from '../engine/generic-routes.js';
import { projectRoutes } from '../resources/project.js';
import { authenticateCustomer } from '../resources/customer/authentication.js';
import { loginRoutes } from '../resources/customer/sign-in.js';
import { IMAGES_SEGMENT, storedImage } from '../resources/product/images.js';
import { resourceDefinitions } from '../resources/index.js';
import { fullMessage, MESSAGE_TYPE_ID, type MessageFilter, messageMatches, retained, retainedSince } from '../engine/messages.js';
import { DELIVERY_TYPE_ID, type Delivery, type DeliveryFilter, type DeliveryListener, deliveryMatches } from '../engine/outbox.js';
import type { PagedResult } from '../query/index.js';
import { seedPairs, type SeedInput, type SeededType } from './seed.js';
export type { SeedItem, SeedInput, SeededType } from './seed.js';
import type { ResourceOf, TypeId } from '../resources/type-map.js';
import { FAILING_STATUSES, SUBSCRIPTION_TYPE_ID, type Subscription, type SubscriptionStatus } from '../engine/subscription.js';
import { type JournalCaller, type JournalEntry, type JournalFilter, RequestJournal } from '../core/journal.js';
import { type RestCall, serveGraphql } from '../core/graphql/index.js';
import { NOT_SCOPED, Scopes, type PermissionDecision, type ScopedMatch } from '../core/scoped-mounts.js';

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

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Headers as a literal of their own, not a spread of shared ones: `finish` adds the correlation id
 * to them, and on Node 20 a field added to a spread's copy takes a slow path (0.6 µs of a get by id).
 */
function reply(status: number, body: unknown, method: string): MockResponse {
  const headers: Record<string, string> = { 'content-type': JSON_CONTENT_TYPE };
  return method === 'HEAD' ? { status, headers } : { status, headers, body };
}

/** The one place errors become the platform's envelope. */
function errorResponse(error: unknown, method: string): MockResponse {
  const platformError = error instanceof PlatformError ? error : errors.general(error instanceof Error ? error.message : String(error));
  if (!(error instanceof PlatformError)) console.error('commerce-mock: internal error', error);
  return reply(platformError.statusCode, platformError.toJSON(), method);
}

const METHODS = new Set<string>(['GET', 'POST', 'DELETE', 'HEAD']);

/** Extension calls one request may make (each write can trigger several): far more than any real request. */
const MAX_EXTENSION_CALLS = 50;

export interface ProjectScoped {
  projectKey?: string;
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
  readonly repository: Repository;
  private readonly tokens: TokenStore;
  private readonly tokenServer: TokenServer;
  private readonly router = new Router();
  /** `/me`, `/in-store/key=`, `/as-associate/`: their own routers, and the as-associate decision log. */
  private readonly scopes: Scopes;
  private readonly expander: Expander;
  private readonly journal: RequestJournal;
  /** Fault injection: matching requests fail before anything is served (see docs/state-and-faults.md). */
  readonly faults = new Faults();
  /** In-process API extensions by key (`registerExtension`). */
  private readonly extensionHandlers = new Map<string, ExtensionHandler>();

  constructor(options?: CommerceMockOptions) {
    const { storage, initialData, ...resolved } = parseOptions(options);
    this.options = resolved;
    this.tokens = new TokenStore(resolved.tokenLifetimeSeconds);
    this.journal = new RequestJournal(resolved.journal, (authorization) => this.callerOf(authorization));
    this.storage = storage === 'memory' ? new MemoryStorage() : storage;
    this.repository = new Repository(this.storage, new Map(resourceDefinitions.map((d) => [d.typeId, d])), {
      strictFields: resolved.strictWhere,
    });
    this.expander = (project, document, paths) => this.repository.expand(project, document, paths);
    this.tokenServer = new TokenServer(
      this.tokens,
      (project, email, password, storeKey) =>
        authenticateCustomer(this.repository.context(project, PROGRAMMATIC), email, password, storeKey),
      resolved.enforceTokenExpiry,
    );
    this.router.add('', projectRoutes(this.repository));
    this.router.add('login', loginRoutes(this.repository));
    for (const definition of resourceDefinitions) {
      if (definition.path) this.router.add(definition.path, resourceRoutes(definition, this.repository));
    }
    this.scopes = new Scopes(this.repository);
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
    return this.recorded(request, true);
  }

  /**
   * `respond()` for a caller that needs the answer at once (a test calling the mock directly). A
   * request that triggers an API extension cannot be answered synchronously: it is refused (500
   * General, naming `respond()`) and changes nothing.
   */
  handle(request: MockRequest): MockResponse {
    return this.recorded(request, false) as MockResponse;
  }

  /** Serves a request and records it in the journal once it is answered. */
  private recorded(request: MockRequest, mayAwait: boolean): MockResponse | Promise<MockResponse> {
    if (this.journal.size === 0) return this.serve(request, mayAwait);
    const time = isoNow();
    const started = performance.now();
    const response = this.serve(request, mayAwait);
    if (response instanceof Promise) return response.then((settled) => this.record(request, settled, time, started));
    return this.record(request, response, time, started);
  }

  private record(request: MockRequest, response: MockResponse, time: string, started: number): MockResponse {
    this.journal.record({
      time,
      method: request.method.toUpperCase(),
      url: request.url,
      authorization: header(request, 'authorization'),
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      // A binary body (an uploaded image) is recorded by its size, not as text.
      requestBody: request.body ?? (request.bytes ? `(${request.bytes.length} bytes)` : undefined),
      response: response.body,
    });
    return response;
  }

  /**
   * Registers an in-process API extension: requests that trigger the extension with this key are
   * answered by `handler` instead of its destination (needed for an AWSLambda destination, which the
   * mock cannot call). Returns what unregisters it.
   */
  registerExtension(key: string, handler: ExtensionHandler): () => void {
    this.extensionHandlers.set(key, handler);
    return () => {
      if (this.extensionHandlers.get(key) === handler) this.extensionHandlers.delete(key);
    };
  }

  private serve(request: MockRequest, mayAwait: boolean): MockResponse | Promise<MockResponse> {
    const fault = this.faults.isEmpty ? undefined : this.faultFor(request);
    // A faulted request is not served at all, so it changes nothing. A dropped one gets no answer (status 0, as browsers report it).
    if (fault?.dropConnection) return { status: 0, headers: {}, dropConnection: true };
    if (fault?.error) return this.finish(request, this.faultResponse(fault.error, fault.headers, request.method), fault);
    const response = this.answer(request, mayAwait);
    return response instanceof Promise
      ? response.then((settled) => this.finish(request, settled, fault))
      : this.finish(request, response, fault);
  }

  private finish(request: MockRequest, response: MockResponse, fault: FaultAnswer | undefined): MockResponse {
    const delayMs = (fault?.delayMs ?? 0) + this.latency();
    if (delayMs > 0) response.delayMs = delayMs;
    response.headers[CORRELATION_HEADER] = correlationId(request);
    return response;
  }

  private faultFor(request: MockRequest): FaultAnswer | undefined {
    const path = new URL(request.url, 'http://localhost').pathname;
    return this.faults.match(request.method.toUpperCase(), path, request.body);
  }

  private faultResponse(error: PlatformError, headers: Record<string, string>, method: string): MockResponse {
    const response = errorResponse(error, method.toUpperCase());
    Object.assign(response.headers, headers);
    return response;
  }

  /** The `latencyMs` option's delay for one response. */
  private latency(): number {
    const { latencyMs } = this.options;
    if (typeof latencyMs === 'number') return latencyMs;
    const [min, max] = latencyMs;
    return min + Math.random() * (max - min);
  }

  /**
   * One run of a request. A write that triggers API extensions stops it (`ExtensionsPending`: rolled
   * back, nothing stored); the extensions are called, and the request runs again with their answers
   * (the same ids and time: `Repeatable`), until it is served or refused.
   */
  private answer(
    request: MockRequest,
    mayAwait: boolean,
    run = new Repeatable(),
    answers = new Map<string, ExtensionVerdict>(),
  ): MockResponse | Promise<MockResponse> {
    const method = request.method.toUpperCase();
    const decisions = this.repository.decisions.size;
    try {
      return repeatably(run, () => this.repository.extensions.serving(answers, () => this.answerOnce(request, method)));
    } catch (error) {
      if (!(error instanceof ExtensionsPending)) return errorResponse(error, method);
      // The run is void, as its writes are: the next run decides again, and records its own decisions.
      this.repository.decisions.forgetSince(decisions);
      if (!mayAwait) {
        return errorResponse(
          errors.general(`${error.message} Extensions are called asynchronously: serve the request with mock.respond().`),
          method,
        );
      }
      if (answers.size + error.calls.length > MAX_EXTENSION_CALLS) {
        return errorResponse(errors.general(`The request triggered more than ${MAX_EXTENSION_CALLS} API extension calls.`), method);
      }
      // A refusal is answered by the next run, where the write meets it: a REST error, or the error of a GraphQL field.
      return this.callExtensions(error.calls, answers).then(() => this.answer(request, mayAwait, run, answers));
    }
  }

  /** Calls the extensions of one write, together, and files their answers. */
  private async callExtensions(calls: ExtensionCall[], answers: Map<string, ExtensionVerdict>): Promise<void> {
    const verdicts = await Promise.all(calls.map((call) => callExtension(call, this.extensionHandlers)));
    for (const [index, call] of calls.entries()) answers.set(call.answerKey, verdicts[index]!);
  }

  private answerOnce(request: MockRequest, method: string): MockResponse {
    if (
      (request.body !== undefined && request.body.length > MAX_BODY_BYTES / 3 && byteLength(request.body) > MAX_BODY_BYTES) ||
      (request.bytes !== undefined && request.bytes.length > MAX_BODY_BYTES)
    ) {
      throw errors.contentTooLarge(MAX_BODY_BYTES);
    }
    const { segments, query } = requestTarget(request.url);
    if (segments[0] === 'oauth') {
      const result = this.tokenServer.handle({
        method,
        segments: segments.slice(1),
        query,
        body: request.body,
        authorization: header(request, 'authorization'),
      });
      return reply(result.status, result.body, method);
    }
    // Uploaded images are public files, as on the platform's CDN: served before any token is read.
    if (segments[1] === IMAGES_SEGMENT && segments.length === 3 && (method === 'GET' || method === 'HEAD')) {
      return this.serveImage(decodeSegment(segments[0]!), decodeSegment(segments[2]!), method);
    }
    const result = this.serveApi(method, segments, query, request);
    return reply(result.status, result.body, method);
  }

  private serveApi(method: string, segments: string[], query: URLSearchParams, request: MockRequest): Reply {
    // The path as requested, for errors only: most requests never need it joined.
    const path = () => `/${segments.join('/')}`;
    if (!METHODS.has(method)) throw errors.methodNotAllowed(method, path());
    const [project, ...rest] = segments;
    if (project === undefined) throw errors.routeNotFound(method, path());
    // The one hop that derives the request's context: project, author and caller, then the scope.
    const projectKey = decodeSegment(project);
    const token = this.recognisedToken(request);
    const { author, caller } = identityOf(token, projectKey, path);
    if (rest.length === 1 && rest[0] === 'graphql') {
      if (method !== 'POST') throw errors.methodNotAllowed(method, path());
      return serveGraphql(request.body, this.restFor(projectKey, request), (work) => this.repository.transaction(work));
    }
    // A caller-scoped prefix is served by its own router only (fail closed), with the scope on the context.
    const scoped = this.scopes.resolve(method as Method, rest, token, caller);
    const found: ScopedMatch = scoped === NOT_SCOPED ? this.router.resolve(method as Method, rest) : scoped;
    if (found === undefined) throw errors.routeNotFound(method, path());
    if (found === 'method-not-allowed') throw errors.methodNotAllowed(method, path());
    const ctx = this.repository.context(projectKey, author, isoNow(), found.scope);
    const raw: RawRequest = { apiOrigin: this.options.apiUrl };
    const contentType = header(request, 'content-type');
    if (contentType !== undefined) raw.contentType = contentType;
    if (request.bytes !== undefined) raw.bytes = request.bytes;
    const call = new Call(method as Method, found.params, query, request.body, ctx, this.expander, raw);
    const result = found.route.handle(call);
    // HEAD on a query answers whether anything matches: 404 for an empty page, as the platform does.
    if (method === 'HEAD' && isEmptyPage(result.body)) throw errors.resourceNotFound({ key: path() });
    return result;
  }

  /**
   * What a GraphQL request's resolvers call: the API route for a method and path, served with the
   * GraphQL request's own headers (its token, so its caller and scope), answering the route's body.
   */
  private restFor(projectKey: string, request: MockRequest): RestCall {
    return (method, path, query = new URLSearchParams(), body = undefined) => {
      // The project itself is the project key's own path.
      const segments = path === '' ? [projectKey] : [projectKey, ...path.split('/')];
      const inner: MockRequest = {
        method,
        url: `/${segments.join('/')}`,
        headers: { ...request.headers, 'content-type': 'application/json' },
      };
      if (body !== undefined) inner.body = JSON.stringify(body);
      return this.serveApi(method, segments, query, inner).body;
    };
  }

  /** `GET /{projectKey}/images/{file}`: an uploaded image, its bytes with their content type. */
  private serveImage(project: string, file: string, method: string): MockResponse {
    const image = storedImage(this.storage, project, file);
    if (!image) throw errors.resourceNotFound({ key: file });
    const headers = { 'content-type': image.contentType, 'cache-control': 'public, max-age=31536000, immutable' };
    return method === 'HEAD' ? { status: 200, headers } : { status: 200, headers, bytes: image.bytes };
  }

  /** The token behind `Authorization: Bearer`, if the mock issued it; enforces the authentication options. */
  private recognisedToken(request: MockRequest): TokenRecord | undefined {
    const authorization = header(request, 'authorization');
    const bearer = authorization && /^Bearer\s+(\S+)/i.exec(authorization)?.[1];
    const token = bearer ? this.tokens.get(bearer) : undefined;
    if (this.options.enableAuthentication && this.options.validateCredentials && !token) throw errors.invalidToken();
    // The platform answers an expired token as it answers an unknown one.
    if (token && this.options.enforceTokenExpiry && isExpired(token)) throw errors.invalidToken();
    return token;
  }

  /** Who sent a request, for the journal: its bearer token's holder, or on the token routes the Basic client id. */
  private callerOf(authorization = ''): JournalCaller {
    const bearer = /^Bearer\s+(\S+)/i.exec(authorization)?.[1];
    if (bearer) {
      const token = this.tokens.get(bearer);
      if (!token) return { kind: 'none' };
      if (token.customerId) return { kind: 'customer', id: token.customerId };
      if (token.anonymousId) return { kind: 'anonymous', id: token.anonymousId };
      return { kind: 'client', id: token.clientId };
    }
    const basic = /^Basic\s+(\S+)/i.exec(authorization)?.[1];
    const clientId = basic && Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
    return clientId ? { kind: 'client', id: clientId } : { kind: 'none' };
  }

  /** Removes all data, all issued tokens, the fault rules, the in-process extensions, the permission decisions and the request journal. */
  clear(): void {
    this.faults.clear();
    this.extensionHandlers.clear();
    this.storage.clear();
    this.tokens.clear();
    this.repository.decisions.clear();
    this.journal.clear();
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
      this.repository.rebuildGroups();
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
    return this.journal.list(filter);
  }

  /** The `sequence` of the newest journal entry: pass it as `since` to read only what comes after. */
  get lastRequestSequence(): number {
    return this.journal.last;
  }

  /** Every as-associate permission decision since the last `clear()`, oldest first (allowed and denied). */
  permissionDecisions(): PermissionDecision[] {
    return this.repository.decisions.list();
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
    return scope?.projectKey ?? this.options.defaultProjectKey;
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
    const ctx = this.repository.context(this.project(scope), scope?.author ?? PROGRAMMATIC);
    return this.repository.create(this.definitionFor(typeId), asRequestBody(draft), ctx) as T;
  }

  /** Applies update actions as `POST /{projectKey}/{resource}/{id}` does (version checked), the body taken as JSON. */
  update<K extends TypeId>(typeId: K, id: string, body: UpdateBody, scope?: ProjectScoped): ResourceOf<K>;
  update<T = StoredDocument>(typeIdOrPath: string, id: string, body: UpdateBody, scope?: ProjectScoped): T;
  update<T>(typeId: string, id: string, body: UpdateBody, scope?: ProjectScoped): T {
    const ctx = this.repository.context(this.project(scope), PROGRAMMATIC);
    return this.repository.update(this.definitionFor(typeId), { id }, asRequestBody(body), ctx) as T;
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
    const pairs = seedPairs(items);
    return this.repository.transaction(() => pairs.map(([typeId, draft]) => this.create(typeId, draft, scope)));
  }

  /**
   * Issues a token without the credentials round trip (for tests that need a signed-in customer or an
   * anonymous session quickly); it is recorded and recognised exactly like one from the token server.
   */
  issueToken(
    grant:
      | { kind: 'client'; clientId?: string; scope?: string }
      | { kind: 'customer'; customerId: string; clientId?: string; scope?: string; storeKey?: string }
      | { kind: 'anonymous'; anonymousId?: string; clientId?: string; scope?: string },
    scope?: ProjectScoped,
  ): TokenRecord {
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
    this.repository.outbox.setStatus(this.project(scope), this.subscriptionByKey(subscriptionKey, scope), status);
  }

  /**
   * The subscription's destination works again: a `TemporaryError` or `ConfigurationError` turns
   * `Healthy` and what was held back is delivered, in order. A stopped one stays stopped, as on the
   * platform. Returns the status the subscription has now.
   */
  repairDestination(subscriptionKey: string, scope?: ProjectScoped): SubscriptionStatus {
    const subscription = this.subscriptionByKey(subscriptionKey, scope);
    if (subscription.status === 'ConfigurationErrorDeliveryStopped') return subscription.status;
    this.repository.outbox.setStatus(this.project(scope), subscription, 'Healthy');
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
    return this.repository.outbox.listen(listener);
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
    return this.repository.query(this.definitionFor(typeId), this.project(scope), search) as PagedResult<T>;
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

function isEmptyPage(body: unknown): boolean {
  const page = body as { results?: unknown; total?: unknown } | undefined;
  return Array.isArray(page?.results) && page.results.length === 0 && (page.total === undefined || page.total === 0);
}

export function createCommerceMock(options?: CommerceMockOptions): CommerceMock {
  return new CommerceMock(options);
}
