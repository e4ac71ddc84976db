import { createRequire } from 'node:module';
import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import type { CommerceMock } from '../api/mock.js';
import type { MockClient } from '../adapters/client.js';
import type { ExportOptions, MockExport } from '../api/export.js';
import type { JournalFilter } from '../core/journal.js';
import type {
  ClockNoun,
  CommerceSurface,
  DataNoun,
  EventsNoun,
  FaultsNoun,
  JournalNoun,
  PermissionsNoun,
  ProjectSurface,
  SnapshotId,
  StateNoun,
  TokensNoun,
} from '../api/vocabulary.js';
import { createMockFetch } from '../adapters/transports/fetch.js';
import { type ApiName, apisAt } from '../http/apis.js';
import { originsOf } from '../api/options.js';

/** The official SDK's builders, when the SDK is installed (it is an optional peer). */
export interface SdkModules {
  createApiBuilderFromCtpClient: typeof import('@commercetools/platform-sdk').createApiBuilderFromCtpClient;
  ClientBuilder: typeof import('@commercetools/ts-client').ClientBuilder;
}

/**
 * The Import API SDK's `ByProjectKeyRequestBuilder` (`@commercetools/importapi-sdk`). That package is
 * optional and not among the README's install lines, and a declaration that named it would stop the
 * compiler of every project without it: so `any`, which a test annotates with the SDK's type
 * (`const imports: ByProjectKeyRequestBuilder = commerce.importApiRoot`) for its completions.
 */
export type ImportApiRoot = any;

/** The Checkout SDK's `ByProjectKeyRequestBuilder` (`@commercetools/checkout-sdk`): `any` for the same reason as `ImportApiRoot`. */
export type CheckoutApiRoot = any;

/** The Change History SDK's `ByProjectKeyRequestBuilder` (`@commercetools/history-sdk`): `any` for the same reason as `ImportApiRoot`. */
export type HistoryApiRoot = any;

/**
 * One of the other APIs' official SDKs, loaded when its root is first read (most suites never read
 * one): its `createApiBuilderFromCtpClient`, or an error that says what to install.
 */
function optionalSdk<Builder>(packageName: string, sdkName: string): { createApiBuilderFromCtpClient: Builder } {
  try {
    return createRequire(import.meta.url)(packageName);
  } catch {
    throw new Error(`commerce-mock: ${sdkName} is not installed: npm install -D ${packageName} @commercetools/ts-client`);
  }
}

/** How an SDK client authenticates against the mock's token server. */
export type SdkAuth =
  | { client: { clientId?: string; scopes?: string[] } }
  | { customer: { email: string; password: string } }
  | { anonymous: { anonymousId?: string } }
  | { token: string };

export const TEST_CREDENTIALS = { clientId: 'commerce-mock-client', clientSecret: 'commerce-mock-secret' };

/** What `commerce.url()` and the worker fixture `commerceUrl()` take. */
export interface UrlOptions {
  /** The port to serve the worker's mock on; without it, a free one. */
  port?: number;
}

/** Where the fixture's mock is: in this worker, or a server the test process does not own. */
export type CommerceTarget =
  | { kind: 'in-process'; mock: CommerceMock; client: MockClient; serverUrl: (options?: UrlOptions) => Promise<string> }
  | { kind: 'remote'; client: MockClient; serverUrl: string; projectKey: string; clearAllowed: boolean };

/**
 * The URL of a real port serving the target's mock: in process, the worker's own server (started on
 * first use); in remote mode, the server, whose port its own command line chose.
 */
export async function urlOf(target: CommerceTarget, options: UrlOptions = {}): Promise<string> {
  if (target.kind === 'in-process') return target.serverUrl(options);
  const server = new URL(target.serverUrl);
  const serverPort = Number(server.port || (server.protocol === 'https:' ? 443 : 80));
  if (options.port !== undefined && options.port !== 0 && options.port !== serverPort) {
    throw new Error(
      `commerce-mock: url({ port: ${options.port} }) asks for a port of its own, and this worker's mock is the server at ${target.serverUrl} (remote mode), whose port its own --port chose.`,
    );
  }
  return target.serverUrl;
}

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
export class Commerce implements CommerceSurface<'async'> {
  #defaultApiRoot: ByProjectKeyRequestBuilder | undefined;
  #importApiRoot: ImportApiRoot | undefined;
  #checkoutApiRoot: CheckoutApiRoot | undefined;
  #historyApiRoot: HistoryApiRoot | undefined;
  #mockFetch: typeof fetch | undefined;
  readonly #target: CommerceTarget;
  readonly #client: MockClient;
  readonly #sdk: SdkModules | undefined;

  constructor(target: CommerceTarget, sdk: SdkModules | undefined, journalStart = 0) {
    this.#target = target;
    this.#client = target.client;
    this.#sdk = sdk;
    internals.set(this, { target, journalStart });
  }

  /** The mock behind the fixture: 'in-process', or the URL of the server in remote mode. */
  get location(): string {
    return this.#target.client.location;
  }

  /** The worker's in-process `CommerceMock` (synchronous, programmatic API). Not available in remote mode. */
  get mock(): CommerceMock {
    if (this.#target.kind === 'remote') {
      throw new Error(
        `commerce-mock: commerce.mock is the in-process mock, and this test uses the server at ${this.#target.serverUrl} (remote mode). Use commerce's own methods (seed, get, query, tokens, requests, ...).`,
      );
    }
    return this.#target.mock;
  }

  get projectKey(): string {
    return this.#target.kind === 'remote' ? this.#target.projectKey : this.#target.mock.options.defaultProjectKey;
  }

  /** The API URL to point clients at: the platform's host, intercepted in process; the server in remote mode. */
  get apiUrl(): string {
    return this.#apis().api;
  }

  /** The token server's URL. */
  get authUrl(): string {
    return this.#apis().auth;
  }

  /** The Import API's base URL: the platform's host, intercepted in process; under the server's origin in remote mode. */
  get importUrl(): string {
    return this.#apis().import;
  }

  /** The Change History API's base URL. */
  get historyUrl(): string {
    return this.#apis().history;
  }

  /** The Checkout API's base URL. */
  get checkoutUrl(): string {
    return this.#apis().checkout;
  }

  #apis(): Record<ApiName, string> {
    return this.#target.kind === 'remote' ? apisAt(new URL(this.#target.serverUrl).origin) : originsOf(this.#target.mock.options);
  }

  /**
   * The URL of a real localhost port serving this same mock (API and token routes): in process, started
   * on first use (on `port`, or a free one), for Playwright's `request` fixture and processes the test
   * starts; in remote mode, the server.
   */
  async url(options?: UrlOptions): Promise<string> {
    return urlOf(this.#target, options);
  }

  /** Another project's `data` and `events`, as `commerce.data` and `commerce.events` are the default project's. */
  project(projectKey: string): ProjectSurface<'async'> {
    return this.#client.project(projectKey);
  }

  get data(): DataNoun<'async'> {
    return this.#client.data;
  }

  get events(): EventsNoun<'async'> {
    return this.#client.events;
  }

  get tokens(): TokensNoun<'async'> {
    return this.#client.tokens;
  }

  get faults(): FaultsNoun<'async'> {
    return this.#client.faults;
  }

  get permissions(): PermissionsNoun<'async'> {
    return this.#client.permissions;
  }

  /**
   * The mock's time. The fixture sets it back to real time before every test where it clears the
   * state; in remote mode with several workers, moving it is refused, because the other workers'
   * tests share the server's clock.
   */
  get clock(): ClockNoun<'async'> {
    const { clock } = this.#client;
    return {
      now: () => clock.now(),
      advance: async (duration: string | number) => {
        this.#refuseSharedServer('commerce.clock.advance() would move the clock of');
        return clock.advance(duration);
      },
      set: async (time: string | Date) => {
        this.#refuseSharedServer('commerce.clock.set() would move the clock of');
        return clock.set(time);
      },
      reset: async () => {
        this.#refuseSharedServer('commerce.clock.reset() would move the clock of');
        return clock.reset();
      },
    };
  }

  /** The journal since this test began: `requests()` reads only what the test's requests made. */
  get journal(): JournalNoun<'async'> {
    const client = this.#client;
    const journalStart = internalsOf(this).journalStart;
    return {
      requests: (filter?: JournalFilter) => client.journal.requests({ ...filter, since: Math.max(filter?.since ?? 0, journalStart) }),
      lastSequence: () => client.journal.lastSequence(),
    };
  }

  /**
   * The whole state. The fixture clears it before every test where no other worker can be using the
   * mock; in remote mode with several workers, `clear`, `restore` and `import` are refused, because the
   * other workers' tests share the server.
   */
  get state(): StateNoun<'async'> {
    const { state } = this.#client;
    return {
      clear: async () => {
        this.#refuseSharedServer('commerce.state.clear() would empty');
        await state.clear();
      },
      snapshot: () => state.snapshot(),
      restore: async (snapshot: SnapshotId) => {
        this.#refuseSharedServer('commerce.state.restore() would replace the data of');
        await state.restore(snapshot);
      },
      export: (options?: ExportOptions) => state.export(options),
      import: async (data: MockExport | string) => {
        this.#refuseSharedServer('commerce.state.import() would replace the data of');
        await state.import(data);
      },
    };
  }

  /**
   * Sends a GraphQL request to `POST /{projectKey}/graphql`, as a client would (a client token of its
   * own, or `options.token`, e.g. from `customerToken`), and answers its HTTP status and GraphQL body.
   */
  async graphql<T = unknown>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string; projectKey?: string },
  ): Promise<GraphqlResult<T>> {
    const token = options?.token ?? (await this.tokens.issue({ kind: 'client' })).accessToken;
    const httpClient = this.#target.kind === 'remote' ? fetch : (this.#mockFetch ??= createMockFetch(this.#target.mock));
    const response = await httpClient(`${this.apiUrl}/${encodeURIComponent(options?.projectKey ?? this.projectKey)}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(variables ? { query, variables } : { query }),
    });
    return { status: response.status, ...((await response.json()) as Omit<GraphqlResult<T>, 'status'>) };
  }

  #refuseSharedServer(what: string): void {
    if (this.#target.kind === 'remote' && !this.#target.clearAllowed) {
      throw new Error(
        `commerce-mock: ${what} the server at ${this.#target.serverUrl} under the tests of the other workers. Run the tests that use it with one worker (workers: 1 in the config or the project), or give each worker a server of its own (exclusiveServer), or give each test data no other worker builds (the factories' keys and emails are unique within one worker process only).`,
      );
    }
  }

  /** The official SDK, client-credentials flow, pointed at the mock (needs @commercetools/platform-sdk and ts-client). */
  get apiRoot(): ByProjectKeyRequestBuilder {
    return (this.#defaultApiRoot ??= this.apiRootFor({ client: {} }));
  }

  /** The official SDK authenticating as a client, a customer (password flow), an anonymous session, or with a given token. */
  apiRootFor(auth: SdkAuth, project?: string): ByProjectKeyRequestBuilder {
    const projectKey = project ?? this.projectKey;
    if (!this.#sdk) {
      throw new Error(
        'commerce-mock: the official SDK is not installed: npm install -D @commercetools/platform-sdk @commercetools/ts-client',
      );
    }
    const host = this.authUrl;
    const httpClient = this.#httpClient();
    const scopes = [`manage_project:${projectKey}`];
    let builder = new this.#sdk.ClientBuilder().withProjectKey(projectKey);
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
    return this.#sdk.createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
  }

  /** In process, the mock's own fetch: about twice as fast as going through the MockAgent, and independent of it. */
  #httpClient(): typeof fetch {
    return this.#target.kind === 'remote' ? fetch : (this.#mockFetch ??= createMockFetch(this.#target.mock));
  }

  /** An official SDK client (ts-client) of the fixture's project, client-credentials flow with `scopes`, sending to `host`. */
  #clientCredentialsClient(host: string, scopes: string[], sdkName: string) {
    if (!this.#sdk) {
      throw new Error(`commerce-mock: ${sdkName} needs @commercetools/ts-client: npm install -D @commercetools/ts-client`);
    }
    const { projectKey } = this;
    const httpClient = this.#httpClient();
    return new this.#sdk.ClientBuilder()
      .withProjectKey(projectKey)
      .withClientCredentialsFlow({ host: this.authUrl, projectKey, credentials: TEST_CREDENTIALS, scopes, httpClient })
      .withHttpMiddleware({ host, httpClient })
      .build();
  }

  /**
   * The Import API's official SDK (`@commercetools/importapi-sdk`), client-credentials flow with the
   * `manage_import_containers` scope, pointed at `importUrl`.
   */
  get importApiRoot(): ImportApiRoot {
    if (this.#importApiRoot) return this.#importApiRoot;
    const importApi = optionalSdk<
      (client: unknown, baseUri: string) => { withProjectKeyValue(args: { projectKey: string }): ImportApiRoot }
    >('@commercetools/importapi-sdk', 'the Import API SDK');
    const { projectKey } = this;
    const client = this.#clientCredentialsClient(this.importUrl, [`manage_import_containers:${projectKey}`], 'the Import API SDK');
    this.#importApiRoot = importApi.createApiBuilderFromCtpClient(client, this.importUrl).withProjectKeyValue({ projectKey });
    return this.#importApiRoot;
  }

  /**
   * The official Checkout SDK (`@commercetools/checkout-sdk`, with ts-client) pointed at `checkoutUrl`,
   * authenticating as a client with the Checkout scopes.
   */
  get checkoutApiRoot(): CheckoutApiRoot {
    if (this.#checkoutApiRoot) return this.#checkoutApiRoot;
    const checkout = optionalSdk<(client: unknown) => { withProjectKey(args: { projectKey: string }): CheckoutApiRoot }>(
      '@commercetools/checkout-sdk',
      'the Checkout SDK',
    );
    const { projectKey } = this;
    const scopes = ['applications', 'payment_integrations', 'payment_intents', 'transactions'].map(
      (scope) => `manage_checkout_${scope}:${projectKey}`,
    );
    const client = this.#clientCredentialsClient(this.checkoutUrl, scopes, 'the Checkout SDK');
    this.#checkoutApiRoot = checkout.createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
    return this.#checkoutApiRoot;
  }

  /**
   * The Change History API through the official `@commercetools/history-sdk` (an optional peer),
   * client-credentials flow with the scope `view_audit_log`, pointed at `historyUrl`.
   */
  get historyApiRoot(): HistoryApiRoot {
    if (this.#historyApiRoot) return this.#historyApiRoot;
    const history = optionalSdk<(client: unknown) => { withProjectKeyValue(args: { projectKey: string }): HistoryApiRoot }>(
      '@commercetools/history-sdk',
      'the Change History SDK',
    );
    const { projectKey } = this;
    const client = this.#clientCredentialsClient(this.historyUrl, [`view_audit_log:${projectKey}`], 'the Change History SDK');
    this.#historyApiRoot = history.createApiBuilderFromCtpClient(client).withProjectKeyValue({ projectKey });
    return this.#historyApiRoot;
  }
}
