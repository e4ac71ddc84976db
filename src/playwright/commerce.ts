import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import type { CommerceMock, ProjectScoped, QueryParams, SeedItem, SeededType } from '../mock.js';
import type { AuthStore, TokenRecord } from '../auth/tokens.js';
import type { PagedResult } from '../query/index.js';
import type { ResourceOf, TypeId } from '../resources/type-map.js';
import type { PermissionDecision } from '../scopes/index.js';
import { createMockFetch } from '../transports/fetch.js';

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

/**
 * What a test gets as `commerce`: the worker's mock, emptied for this test, with helpers to seed,
 * read, obtain tokens and talk to it through the official SDK.
 */
export class Commerce {
  private defaultApiRoot: ByProjectKeyRequestBuilder | undefined;
  private mockFetch: typeof fetch | undefined;

  constructor(
    readonly mock: CommerceMock,
    private readonly serverUrl: () => Promise<string>,
    private readonly sdk: SdkModules | undefined,
  ) {}

  get projectKey(): string {
    return this.mock.options.defaultProjectKey;
  }

  get apiUrl(): string {
    return this.mock.options.apiUrl;
  }

  get authUrl(): string {
    return this.mock.options.authUrl;
  }

  /**
   * The URL of a real localhost port serving this same mock (API and token routes), started on first
   * use: for Playwright's `request` fixture and for processes the test starts.
   */
  url(): Promise<string> {
    return this.serverUrl();
  }

  /** Creates resources from factory output or `[typeId, draft]` pairs, in order; returns them as stored. */
  async seed<const I extends ReadonlyArray<SeedItem | readonly SeedItem[]>>(...items: I): Promise<Array<ResourceOf<SeededType<I>>>> {
    return this.mock.seed(items) as Array<ResourceOf<SeededType<I>>>;
  }

  get<T extends TypeId>(typeId: T, id: string, scope?: ProjectScoped): ResourceOf<T> | undefined {
    return this.mock.get(typeId, id, scope);
  }

  getByKey<T extends TypeId>(typeId: T, key: string, scope?: ProjectScoped): ResourceOf<T> | undefined {
    return this.mock.getByKey(typeId, key, scope);
  }

  all<T extends TypeId>(typeId: T, scope?: ProjectScoped): Array<ResourceOf<T>> {
    return this.mock.all(typeId, scope);
  }

  query<T extends TypeId>(typeId: T, params: QueryParams = {}, scope?: ProjectScoped): PagedResult<ResourceOf<T>> {
    return this.mock.query(typeId, params, scope);
  }

  /** Every as-associate permission decision the mock made in this test (allowed or denied, with why). */
  permissionDecisions(): PermissionDecision[] {
    return this.mock.permissionDecisions();
  }

  /** The tokens the mock has issued (all of them, in this test). */
  get tokens(): AuthStore {
    return this.mock.authStore();
  }

  /** A customer token, recorded as if the customer had signed in. */
  customerToken(customerId: string, options: { storeKey?: string } = {}): TokenRecord {
    return this.mock.issueToken({ kind: 'customer', customerId, ...options });
  }

  /** An anonymous-session token; pass an id to continue that session. */
  anonymousToken(anonymousId?: string): TokenRecord {
    return this.mock.issueToken({ kind: 'anonymous', ...(anonymousId ? { anonymousId } : {}) });
  }

  clientToken(scope?: string): TokenRecord {
    return this.mock.issueToken({ kind: 'client', ...(scope ? { scope } : {}) });
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
    // The mock's own fetch: about twice as fast as going through the MockAgent, and independent of it.
    const httpClient = (this.mockFetch ??= createMockFetch(this.mock));
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
