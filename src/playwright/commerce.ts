import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import type { CommerceMock, ProjectScoped, QueryParams, SeedItem, SeededType } from '../api/mock.js';
import type { TokenFilter, TokenRecord } from '../auth/tokens.js';
import type { MockClient, SnapshotId } from '../adapters/client.js';
import type { ExportOptions, MockExport } from '../api/export.js';
import type { FaultRule } from '../core/faults.js';
import type { JournalEntry, JournalFilter } from '../core/journal.js';
import type { MessageFilter } from '../engine/messages.js';
import type { Delivery, DeliveryFilter } from '../engine/outbox.js';
import type { SubscriptionStatus } from '../engine/subscription.js';
import type { PagedResult } from '../query/index.js';
import type { ResourceOf, TypeId } from '../resources/type-map.js';
import type { PermissionDecision } from '../core/scoped-mounts.js';
import { createMockFetch } from '../adapters/transports/fetch.js';

/** The official SDK's builders, when the SDK is installed (it is an optional peer). */
export interface SdkModules {
  createApiBuilderFromCtpClient: typeof import('@commercetools/platform-sdk').createApiBuilderFromCtpClient;
  ClientBuilder: typeof import('@commercetools/ts-client').ClientBuilder;
}

/** How an SDK client authenticates against the mock's token server. */
export type SdkAuth =
  | { client: { clientId?: string; scopes?: string[] } }
  | { customer: { email: string; password: string } }
  | { anonymous: { anonymousId?: string } }
  | { token: string };

export const TEST_CREDENTIALS = { clientId: 'commerce-mock-client', clientSecret: 'commerce-mock-secret' };

/** The tokens the mock issued, read asynchronously (the mock may be a server in another process). */
export interface IssuedTokens {
  /** Every issued token matching the filter, oldest first. */
  list(filter?: TokenFilter): Promise<TokenRecord[]>;
  /** The most recently issued token matching the filter. */
  find(filter: TokenFilter): Promise<TokenRecord | undefined>;
}

/** Where the fixture's mock is: in this worker, or a server the test process does not own. */
export type CommerceTarget =
  | { kind: 'in-process'; mock: CommerceMock; client: MockClient; serverUrl: () => Promise<string> }
  | { kind: 'remote'; client: MockClient; serverUrl: string; projectKey: string; clearAllowed: boolean };

/** What the fixture's own machinery reads of a `commerce` (kept off its public surface). */
interface Internals {
  target: CommerceTarget;
  /** The journal's last sequence number when the test began: `requests()` reads what came after. */
  journalStart: number;
}

/** A GraphQL answer: its HTTP status, `data` (absent when the request did not validate) and `errors`. */
export interface GraphqlResult<T = unknown> {
  status: number;
  data?: T | null;
  errors?: Array<{
    message: string;
    path?: Array<string | number>;
    locations?: Array<{ line: number; column: number }>;
    extensions?: { code: string; [field: string]: unknown };
  }>;
}

const internals = new WeakMap<Commerce, Internals>();

export function internalsOf(commerce: Commerce): Internals {
  return internals.get(commerce)!;
}

/**
 * What a test gets as `commerce`: the worker's mock (in process, or a running server in remote mode),
 * emptied for this test where that is safe, with helpers to seed, read, obtain tokens, read the
 * request journal and talk to it through the official SDK. Reads are asynchronous in both modes.
 */
export class Commerce {
  private defaultApiRoot: ByProjectKeyRequestBuilder | undefined;
  private mockFetch: typeof fetch | undefined;
  private readonly target: CommerceTarget;
  private readonly client: MockClient;

  constructor(
    target: CommerceTarget,
    private readonly sdk: SdkModules | undefined,
    journalStart = 0,
  ) {
    this.target = target;
    this.client = target.client;
    internals.set(this, { target, journalStart });
  }

  /** The mock behind the fixture: 'in-process', or the URL of the server in remote mode. */
  get location(): string {
    return this.target.client.location;
  }

  /** The worker's in-process `CommerceMock` (synchronous, programmatic API). Not available in remote mode. */
  get mock(): CommerceMock {
    if (this.target.kind === 'remote') {
      throw new Error(
        `commerce-mock: commerce.mock is the in-process mock, and this test uses the server at ${this.target.serverUrl} (remote mode). Use commerce's own methods (seed, get, query, tokens, requests, ...).`,
      );
    }
    return this.target.mock;
  }

  get projectKey(): string {
    return this.target.kind === 'remote' ? this.target.projectKey : this.target.mock.options.defaultProjectKey;
  }

  /** The API URL to point clients at: the platform's host, intercepted in process; the server in remote mode. */
  get apiUrl(): string {
    return this.target.kind === 'remote' ? this.target.serverUrl : this.target.mock.options.apiUrl;
  }

  get authUrl(): string {
    return this.target.kind === 'remote' ? this.target.serverUrl : this.target.mock.options.authUrl;
  }

  /**
   * The URL of a real localhost port serving this same mock (API and token routes): in process, started
   * on first use, for Playwright's `request` fixture and processes the test starts; in remote mode, the server.
   */
  async url(): Promise<string> {
    return this.target.kind === 'remote' ? this.target.serverUrl : this.target.serverUrl();
  }

  /** Creates resources from factory output or `[typeId, draft]` pairs, in order; returns them as stored. One refused draft stores none. */
  async seed<const I extends ReadonlyArray<SeedItem | readonly SeedItem[]>>(...items: I): Promise<Array<ResourceOf<SeededType<I>>>> {
    return (await this.client.seed(items)) as unknown as Array<ResourceOf<SeededType<I>>>;
  }

  async get<T extends TypeId>(typeId: T, id: string, scope?: ProjectScoped): Promise<ResourceOf<T> | undefined> {
    return (await this.client.get(typeId, id, scope)) as ResourceOf<T> | undefined;
  }

  async getByKey<T extends TypeId>(typeId: T, key: string, scope?: ProjectScoped): Promise<ResourceOf<T> | undefined> {
    return (await this.client.getByKey(typeId, key, scope)) as ResourceOf<T> | undefined;
  }

  async all<T extends TypeId>(typeId: T, scope?: ProjectScoped): Promise<Array<ResourceOf<T>>> {
    return (await this.client.all(typeId, scope)) as unknown as Array<ResourceOf<T>>;
  }

  async query<T extends TypeId>(typeId: T, params: QueryParams = {}, scope?: ProjectScoped): Promise<PagedResult<ResourceOf<T>>> {
    return (await this.client.query(typeId, params, scope)) as unknown as PagedResult<ResourceOf<T>>;
  }

  /** Every as-associate permission decision the mock made in this test (allowed or denied, with why). */
  permissionDecisions(): Promise<PermissionDecision[]> {
    return this.client.permissionDecisions();
  }

  /** The tokens the mock has issued. */
  get tokens(): IssuedTokens {
    const client = this.client;
    return {
      list: (filter) => client.tokens(filter),
      find: async (filter) => (await client.tokens(filter)).at(-1),
    };
  }

  /** The requests the mock served during this test (its journal since the test began), oldest first. */
  requests(filter: JournalFilter = {}): Promise<JournalEntry[]> {
    return this.client.requests({ ...filter, since: Math.max(filter.since ?? 0, internalsOf(this).journalStart) });
  }

  /** The messages the project recorded (what `/messages` serves), oldest first; `filter` narrows them by type and resource. */
  async messages(filter: MessageFilter = {}, scope?: ProjectScoped): Promise<Array<ResourceOf<'message'>>> {
    return (await this.client.messages(filter, scope)) as unknown as Array<ResourceOf<'message'>>;
  }

  /**
   * What the project's subscriptions received, oldest first: one entry per notification and
   * subscription, its `payload` in the subscription's format (Platform or CloudEvents).
   */
  deliveries(filter: DeliveryFilter = {}, scope?: ProjectScoped): Promise<Delivery[]> {
    return this.client.deliveries(filter, scope);
  }

  /**
   * Makes the destination of the subscription with this key fail, reported in its `status` as the
   * platform does: `TemporaryError` and `ConfigurationError` hold notifications back, a stopped one
   * drops them (see docs/events.md#failing-destinations).
   */
  async failDestination(subscriptionKey: string, status: Exclude<SubscriptionStatus, 'Healthy'>, scope?: ProjectScoped): Promise<void> {
    await this.client.setDestinationStatus(subscriptionKey, status, scope);
  }

  /** The destination works again: held back notifications are delivered; a stopped one stays stopped. Resolves with the status now. */
  repairDestination(subscriptionKey: string, scope?: ProjectScoped): Promise<SubscriptionStatus> {
    return this.client.setDestinationStatus(subscriptionKey, 'Healthy', scope);
  }

  /**
   * Expires the matching access tokens at once (every one without a filter), so a test can check its
   * refresh flow; refresh tokens keep working. Needs the option `enforceTokenExpiry: true`.
   */
  expireTokens(filter?: TokenFilter): Promise<number> {
    return this.client.expireTokens(filter);
  }

  /** A customer token, recorded as if the customer had signed in. */
  customerToken(customerId: string, options: { storeKey?: string } = {}): Promise<TokenRecord> {
    return this.client.issueToken({ kind: 'customer', customerId, ...options });
  }

  /** An anonymous-session token; pass an id to continue that session. */
  anonymousToken(anonymousId?: string): Promise<TokenRecord> {
    return this.client.issueToken({ kind: 'anonymous', ...(anonymousId ? { anonymousId } : {}) });
  }

  clientToken(scope?: string): Promise<TokenRecord> {
    return this.client.issueToken({ kind: 'client', ...(scope ? { scope } : {}) });
  }

  /**
   * Sends a GraphQL request to `POST /{projectKey}/graphql`, as a client would (a client token of its
   * own, or `options.token`, e.g. from `customerToken`), and answers its HTTP status and GraphQL body.
   */
  async graphql<T = unknown>(
    query: string,
    variables?: Record<string, unknown>,
    options: { token?: string; projectKey?: string } = {},
  ): Promise<GraphqlResult<T>> {
    const token = options.token ?? (await this.clientToken()).accessToken;
    const httpClient = this.target.kind === 'remote' ? fetch : (this.mockFetch ??= createMockFetch(this.target.mock));
    const response = await httpClient(`${this.apiUrl}/${encodeURIComponent(options.projectKey ?? this.projectKey)}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(variables ? { query, variables } : { query }),
    });
    return { status: response.status, ...((await response.json()) as Omit<GraphqlResult<T>, 'status'>) };
  }

  /**
   * Removes all data, tokens, decisions and the journal. The fixture does this before every test where
   * no other worker can be using the mock; in remote mode with several workers it refuses, because the
   * other workers' tests share the server.
   */
  async clear(): Promise<void> {
    this.refuseSharedServer('commerce.clear() would empty');
    await this.client.clear();
  }

  /** Captures the mock's data and tokens, for `restore()`: cheap on the memory backend, whatever the size. */
  snapshot(): Promise<SnapshotId> {
    return this.client.snapshot();
  }

  /** Brings back exactly the data and tokens of `snapshot()` (refused on a server other workers share, as `clear()` is). */
  async restore(snapshot: SnapshotId): Promise<void> {
    this.refuseSharedServer('commerce.restore() would replace the data of');
    await this.client.restore(snapshot);
  }

  /** The whole state as versioned JSON (docs/state-and-faults.md); with `{ tokens: true }` the issued tokens too. */
  export(options?: ExportOptions): Promise<MockExport> {
    return this.client.export(options);
  }

  /**
   * Replaces the mock's data and tokens by an export (an object or its JSON text). A bad file rejects
   * naming its first problem, and nothing changes. Refused on a server other workers share, as `clear()` is.
   */
  async import(data: MockExport | string): Promise<void> {
    this.refuseSharedServer('commerce.import() would replace the data of');
    await this.client.import(data);
  }

  /**
   * Fault injection: `add(rule)` makes the next matching requests fail (a status in the platform's
   * envelope, `times`, seeded `probability`); `clear()` removes every rule. Rules start empty in every test.
   */
  get faults(): { add(rule: FaultRule): Promise<void>; clear(): Promise<void> } {
    return { add: (rule) => this.client.addFault(rule), clear: () => this.client.clearFaults() };
  }

  private refuseSharedServer(what: string): void {
    if (this.target.kind === 'remote' && !this.target.clearAllowed) {
      throw new Error(
        `commerce-mock: ${what} the server at ${this.target.serverUrl} under the tests of the other workers. Run the tests that use it with one worker (workers: 1 in the config or the project), or give each test its own data (the factories make unique keys and emails).`,
      );
    }
  }

  /** The official SDK, client-credentials flow, pointed at the mock (needs @commercetools/platform-sdk and ts-client). */
  get apiRoot(): ByProjectKeyRequestBuilder {
    return (this.defaultApiRoot ??= this.apiRootFor({ client: {} }));
  }

  /** The official SDK authenticating as a client, a customer (password flow), an anonymous session, or with a given token. */
  apiRootFor(auth: SdkAuth, projectKey = this.projectKey): ByProjectKeyRequestBuilder {
    if (!this.sdk) {
      throw new Error(
        'commerce-mock: the official SDK is not installed: npm install -D @commercetools/platform-sdk @commercetools/ts-client',
      );
    }
    const host = this.authUrl;
    // In process, the mock's own fetch: about twice as fast as going through the MockAgent, and independent of it.
    const httpClient = this.target.kind === 'remote' ? fetch : (this.mockFetch ??= createMockFetch(this.target.mock));
    const scopes = [`manage_project:${projectKey}`];
    let builder = new this.sdk.ClientBuilder().withProjectKey(projectKey);
    if ('client' in auth) {
      const credentials = { ...TEST_CREDENTIALS, ...(auth.client.clientId ? { clientId: auth.client.clientId } : {}) };
      builder = builder.withClientCredentialsFlow({ host, projectKey, credentials, scopes: auth.client.scopes ?? scopes, httpClient });
    } else if ('customer' in auth) {
      const user = { username: auth.customer.email, password: auth.customer.password };
      builder = builder.withPasswordFlow({ host, projectKey, credentials: { ...TEST_CREDENTIALS, user }, scopes, httpClient });
    } else if ('anonymous' in auth) {
      const anonymousId = auth.anonymous.anonymousId;
      builder = builder.withAnonymousSessionFlow({
        host,
        projectKey,
        credentials: { ...TEST_CREDENTIALS, ...(anonymousId ? { anonymousId } : {}) },
        scopes,
        httpClient,
      });
    } else {
      builder = builder.withExistingTokenFlow(`Bearer ${auth.token}`, { force: true });
    }
    const client = builder.withHttpMiddleware({ host: this.apiUrl, httpClient }).build();
    return this.sdk.createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
  }
}
