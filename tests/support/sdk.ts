/**
 * Test support: an isolated mock per test, served in-process on an undici MockAgent, and official
 * SDK clients pointed at it, so the project's tests drive the mock the way users do.
 */
import { test as base, expect } from './response-check.js';
import { ClientBuilder, type Client, type HttpMiddlewareOptions } from '@commercetools/ts-client';
import {
  createApiBuilderFromCtpClient,
  type ByProjectKeyRequestBuilder,
  type Customer,
  type CustomerDraft,
  type CustomerUpdateAction,
  type Project,
  type ProjectUpdateAction,
} from '@commercetools/platform-sdk';
import { createCommerceMock, type CommerceMock, type CommerceMockOptions } from '../../src/index.js';
import { interceptFetch } from '../../src/adapters/transports/mock-agent.js';
import { storageFromEnvironment } from '../storage/backends.js';

export const PROJECT_KEY = 'test-project';
export const CREDENTIALS = { clientId: 'test-client', clientSecret: 'test-secret' };

/**
 * A ts-client client of `projectKey` for one of the other APIs: a client token for `scopes` from the
 * token server at `authUrl`, requests to `host`, over global fetch (in process, the MockAgent).
 */
export function otherApiClient(authUrl: string, host: string, scopes: string[], projectKey = PROJECT_KEY) {
  return new ClientBuilder()
    .withProjectKey(projectKey)
    .withClientCredentialsFlow({ host: authUrl, projectKey, credentials: CREDENTIALS, scopes, httpClient: fetch })
    .withHttpMiddleware({ host, httpClient: fetch })
    .build();
}

export type SdkFlow =
  | { kind: 'client'; scopes?: string[]; clientId?: string }
  | { kind: 'password'; username: string; password: string }
  | { kind: 'anonymous'; anonymousId?: string }
  | { kind: 'existing'; authorization: string }
  | { kind: 'none' };

/** What a test adds to the SDK client it builds. */
export interface SdkClientOptions {
  /** The HTTP middleware's options beyond its host and fetch: retries, timeouts. */
  http?: Omit<HttpMiddlewareOptions, 'host' | 'httpClient'>;
  /** Middleware before the HTTP middleware (the correlation-id middleware, ...). */
  middleware?: (builder: ClientBuilder) => ClientBuilder;
  /** The fetch the client sends with; global fetch (served by the MockAgent) by default. */
  httpClient?: typeof fetch;
}

/**
 * An official-SDK API root for a mock (at its own origins) or a server (its URL serves API and token
 * routes alike), authenticating with the given flow against the token server there.
 */
export function sdkApiRoot(
  target: CommerceMock | string,
  flow: SdkFlow = { kind: 'client' },
  projectKey = PROJECT_KEY,
  options: SdkClientOptions = {},
): ByProjectKeyRequestBuilder {
  return createApiBuilderFromCtpClient(sdkClient(target, flow, projectKey, options)).withProjectKey({ projectKey });
}

export function sdkClient(
  target: CommerceMock | string,
  flow: SdkFlow = { kind: 'client' },
  projectKey = PROJECT_KEY,
  options: SdkClientOptions = {},
): Client {
  const { apiUrl, authUrl: host } = typeof target === 'string' ? { apiUrl: target, authUrl: target } : target.options;
  const httpClient = options.httpClient ?? fetch;
  let builder = new ClientBuilder().withProjectKey(projectKey);
  switch (flow.kind) {
    case 'client':
      builder = builder.withClientCredentialsFlow({
        host,
        projectKey,
        credentials: { ...CREDENTIALS, ...(flow.clientId ? { clientId: flow.clientId } : {}) },
        scopes: flow.scopes ?? [`manage_project:${projectKey}`],
        httpClient,
      });
      break;
    case 'password':
      builder = builder.withPasswordFlow({
        host,
        projectKey,
        credentials: { ...CREDENTIALS, user: { username: flow.username, password: flow.password } },
        scopes: [`manage_project:${projectKey}`],
        httpClient,
      });
      break;
    case 'anonymous':
      builder = builder.withAnonymousSessionFlow({
        host,
        projectKey,
        credentials: { ...CREDENTIALS, ...(flow.anonymousId ? { anonymousId: flow.anonymousId } : {}) },
        scopes: [`manage_project:${projectKey}`],
        httpClient,
      });
      break;
    case 'existing':
      builder = builder.withExistingTokenFlow(flow.authorization, { force: true });
      break;
    case 'none':
      break;
  }
  if (options.middleware) builder = options.middleware(builder);
  return builder.withHttpMiddleware({ ...options.http, host: apiUrl, httpClient }).build();
}

/** Creates a customer through the SDK and returns it as stored: ada@example.com unless the draft says otherwise. */
export async function createCustomer(apiRoot: ByProjectKeyRequestBuilder, draft: Partial<CustomerDraft> = {}): Promise<Customer> {
  const body = { email: 'ada@example.com', password: 'secret', ...draft };
  return (await apiRoot.customers().post({ body }).execute()).body.customer;
}

/** Sends update actions for a customer at the version it was read with (or any version given), through the SDK. */
export function updateCustomer(
  apiRoot: ByProjectKeyRequestBuilder,
  customer: Pick<Customer, 'id' | 'version'>,
  actions: CustomerUpdateAction[],
) {
  return apiRoot
    .customers()
    .withId({ ID: customer.id })
    .post({ body: { version: customer.version, actions } })
    .execute();
}

export interface SdkFailure {
  statusCode: number;
  body: {
    statusCode: number;
    message: string;
    errors: Array<{ code: string; message: string; [extra: string]: unknown }>;
    [extra: string]: unknown;
  };
}

/** Awaits a request that must fail and returns the status and platform error body the SDK received. */
export async function sdkFailure(request: Promise<unknown>): Promise<SdkFailure> {
  try {
    await request;
  } catch (error) {
    const e = error as { statusCode?: number; body?: SdkFailure['body'] };
    expect(e.body, `expected a platform error body, got ${String(error)}`).toBeDefined();
    return { statusCode: e.statusCode ?? e.body!.statusCode, body: e.body! };
  }
  throw new Error('expected the request to fail, but it succeeded');
}

/** The platform's error object for a body of the wrong shape, with the path and problem it names. */
export function invalidJson(detailedErrorMessage: string) {
  return { code: 'InvalidJsonInput', message: 'Request body does not contain valid JSON.', detailedErrorMessage };
}

/**
 * A project update action refused twice, changing nothing: `action` at a stale version (409
 * ConcurrentModification), then `invalid` (a value its schema refuses) at the current one (400
 * InvalidJsonInput). Answers the project as it stands after both.
 */
export async function expectProjectActionRefusals(
  apiRoot: ByProjectKeyRequestBuilder,
  staleVersion: number,
  action: ProjectUpdateAction,
  invalid: unknown,
): Promise<Project> {
  const stale = await sdkFailure(apiRoot.post({ body: { version: staleVersion, actions: [action] } }).execute());
  expect(stale.statusCode).toBe(409);
  expect(stale.body.errors[0]!.code).toBe('ConcurrentModification');
  const current = (await apiRoot.get().execute()).body;
  const bad = await sdkFailure(apiRoot.post({ body: { version: current.version, actions: [invalid as ProjectUpdateAction] } }).execute());
  expect(bad.statusCode).toBe(400);
  expect(bad.body.errors[0]!.code).toBe('InvalidJsonInput');
  expect((await apiRoot.get().execute()).body).toEqual(current);
  return current;
}

export interface MockFixtures {
  mockOptions: CommerceMockOptions;
  /** A fresh mock for this test, intercepting global fetch; other hosts are refused. */
  mock: CommerceMock;
  /** The official SDK, client-credentials flow, pointed at `mock`. */
  apiRoot: ByProjectKeyRequestBuilder;
}

export const test = base.extend<MockFixtures>({
  mockOptions: [{}, { option: true }],
  mock: async ({ mockOptions }, use) => {
    // COMMERCE_MOCK_TEST_STORAGE=sqlite: a fresh SQLite file per test (unless the test picks a backend).
    const storage = mockOptions.storage === undefined ? storageFromEnvironment() : undefined;
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, ...mockOptions, ...(storage ? { storage } : {}) });
    const interception = await interceptFetch(mock, { allowNetConnect: false });
    await use(mock);
    await interception.restore();
    storage?.close?.();
  },
  apiRoot: async ({ mock }, use) => {
    await use(sdkApiRoot(mock));
  },
});

export { expect };
