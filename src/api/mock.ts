import { errors } from '../http/errors.js';
import type { MockRequest, MockResponse } from '../http/exchange.js';
import { PROGRAMMATIC } from '../auth/identity.js';
import type { ExtensionHandler } from '../core/extension-calls.js';
import { TokenServer } from '../core/token-server.js';
import { type TokenFilter, type TokenGrant, type TokenRecord, TokenStore } from '../auth/tokens.js';
import { MemoryStorage } from '../storage/memory.js';
import { Clock } from '../util/time.js';
import type { StorageBackend } from '../storage/backend.js';
import type { FaultRule } from '../core/faults.js';
import { ResourceEngine } from '../engine/resource-engine.js';
import { typeCatalog } from '../resources/catalog.js';
import { loadTypeModule } from '../resources/load.js';
import type { DeliveryListener } from '../engine/outbox.js';
import type { JournalEntry, JournalFilter } from '../core/journal.js';
import { Dispatcher } from '../core/dispatcher.js';
import { RequestPipeline } from '../core/pipeline.js';
import type { PermissionDecision } from '../core/scoped-mounts.js';
import { type CommerceMockOptions, parseOptions, type ResolvedOptions } from './options.js';
import { checkedProjectKey, ProjectData, ProjectEvents, ProjectView, refuseExtraArgument } from './project.js';
import { type MockSnapshot, MockState } from './state.js';
import { MockClock } from './clock.js';
import type { CommerceSurface, FaultsNoun, JournalNoun, PermissionsNoun, TokensNoun } from './vocabulary.js';

export { CommerceMockOptions, DEFAULT_API_URL, DEFAULT_AUTH_URL, type ResolvedOptions } from './options.js';
export { MockSnapshot } from './state.js';
export type { SeedItem, SeedInput, SeededType } from './seed.js';
export { queryParams, type QueryParams, type QueryValue, type UpdateBody } from './vocabulary.js';

/** What only an in-process mock can do with events: hear each delivery as it happens. */
export class MockEvents extends ProjectEvents {
  readonly #outbox: ResourceEngine['outbox'];

  constructor(engine: ResourceEngine, projectKey: string) {
    super(engine, projectKey);
    this.#outbox = engine.outbox;
  }

  /** Calls `listener` with each delivery, of every project, after the write that made it commits; returns what stops it. */
  onDelivery(listener: DeliveryListener): () => void {
    return this.#outbox.listen(listener);
  }
}

/** In-process API extensions: a function cannot cross to a server, so only the in-process mock has them. */
export interface ExtensionsNoun {
  /**
   * Answers the requests that trigger the extension with this key with `handler` instead of its
   * destination (needed for an AWSLambda destination, which the mock cannot call). Returns what unregisters it.
   */
  register(key: string, handler: ExtensionHandler): () => void;
}

/** What the mock's own machinery (the fixture, the transports' tests) reaches past the public surface for. */
interface Internals {
  storage: StorageBackend;
  engine: ResourceEngine;
}

const internals = new WeakMap<CommerceMock, Internals>();

/** @internal The storage and engine behind a mock: not part of the public API (kept out of `index.ts`). */
export function mockInternals(mock: CommerceMock): Internals {
  return internals.get(mock)!;
}

/**
 * One isolated mock: its own storage, tokens and options. `respond()` serves any request; the
 * transports (MockAgent, HTTP server, Playwright routing) only convert to and from it. Programmatic
 * access is grouped by noun (docs/api.md): the default project's `data` and `events`, another
 * project's through `project(key)`, and `tokens`, `journal`, `state`, `faults`, `permissions`,
 * `clock`, `extensions` for the whole mock.
 */
export class CommerceMock implements CommerceSurface<'sync', MockSnapshot> {
  readonly options: ResolvedOptions;
  readonly projectKey: string;
  readonly data: ProjectData;
  readonly events: MockEvents;
  readonly tokens: TokensNoun<'sync'>;
  readonly journal: JournalNoun<'sync'>;
  readonly state: MockState;
  readonly faults: FaultsNoun<'sync'>;
  readonly permissions: PermissionsNoun<'sync'>;
  readonly extensions: ExtensionsNoun;
  readonly clock: MockClock;
  /** Faults, latency, the journal and API extensions around the dispatch of each request. */
  readonly #pipeline: RequestPipeline;
  readonly #views = new Map<string, ProjectView>();

  constructor(options?: CommerceMockOptions) {
    const { storage: storageOption, initialData, ...resolved } = parseOptions(options);
    this.options = resolved;
    const storage = storageOption === 'memory' ? new MemoryStorage() : storageOption;
    const { retention } = resolved;
    const clock = new Clock();
    const tokens = new TokenStore({
      lifetimeSeconds: resolved.tokenLifetimeSeconds,
      refreshTokensPerProject: retention.refreshTokensPerProject,
      clock,
    });
    const engine = new ResourceEngine(storage, typeCatalog(), { strictFields: resolved.strictWhere }, retention, clock);
    internals.set(this, { storage, engine });
    const tokenServer = new TokenServer(
      tokens,
      (project, email, password, storeKey) =>
        loadTypeModule('customer').authenticateCustomer(engine.context(project, PROGRAMMATIC), email, password, storeKey),
      {
        enforceExpiry: resolved.enforceTokenExpiry,
        defaultClientScope: resolved.defaultClientScope === 'project' ? `manage_project:${resolved.defaultProjectKey}` : 'todo',
        // A token whose scope names no project is the default project's.
        clientUsed: (project, clientId) => {
          // With the type not loaded, no API client is stored to mark.
          if (!engine.types.isLoaded('api-client')) return;
          loadTypeModule('api-client').recordApiClientUse(
            engine,
            engine.context(project ?? resolved.defaultProjectKey, PROGRAMMATIC),
            clientId,
          );
        },
      },
    );
    this.#pipeline = new RequestPipeline(new Dispatcher(engine, tokens, tokenServer, resolved), engine, tokens, resolved);
    const pipeline = this.#pipeline;

    this.projectKey = resolved.defaultProjectKey;
    this.data = new ProjectData(engine, this.projectKey);
    this.events = new MockEvents(engine, this.projectKey);
    this.#views.set(this.projectKey, this);
    this.state = new MockState(engine, tokens, pipeline);
    this.tokens = issuedTokens(
      tokens,
      tokenServer,
      (projectKey) => this.project(projectKey ?? this.projectKey),
      resolved.enforceTokenExpiry,
    );
    this.journal = {
      requests: (filter?: JournalFilter): JournalEntry[] => pipeline.journal.list(filter),
      lastSequence: (): number => pipeline.journal.last,
    };
    this.faults = {
      add: (rule: FaultRule): void => pipeline.faults.add(rule),
      list: (): FaultRule[] => pipeline.faults.list(),
      clear: (): void => pipeline.faults.clear(),
    };
    this.permissions = { decisions: (): PermissionDecision[] => engine.decisions.list() };
    this.extensions = { register: (key, handler) => pipeline.registerExtension(key, handler) };
    this.clock = new MockClock(engine);
    if (initialData !== undefined) this.state.import(initialData);
  }

  /** Another project's `data` and `events` (the same nouns as the mock's own, which are the default project's). */
  project(projectKey: string): ProjectView {
    let view = this.#views.get(projectKey);
    if (!view) {
      view = new ProjectView(mockInternals(this).engine, checkedProjectKey(projectKey));
      this.#views.set(projectKey, view);
    }
    return view;
  }

  /**
   * Serves one request: the token server under `/oauth/`, the API everywhere else, and records it in
   * the journal. Every response carries an `X-Correlation-ID` (the request's, or a new one). Never
   * throws (nor rejects). The answer is synchronous, unless the request triggers an API extension:
   * then it is a promise, settled once the extension answered and the request was served with its
   * answer. Every transport serves through it.
   */
  respond(request: MockRequest): MockResponse | Promise<MockResponse> {
    return this.#pipeline.respond(request);
  }

  /**
   * `respond()` for a caller that needs the answer at once (a test calling the mock directly). A
   * request that triggers an API extension cannot be answered synchronously: it is refused (500
   * General, naming `respond()`) and changes nothing.
   */
  handle(request: MockRequest): MockResponse {
    return this.#pipeline.handle(request);
  }
}

function issuedTokens(
  store: TokenStore,
  server: TokenServer,
  projectOf: (projectKey: string | undefined) => ProjectView,
  expiryEnforced: boolean,
): TokensNoun<'sync'> {
  return {
    issue(grant: TokenGrant): TokenRecord {
      refuseExtraArgument(arguments.length, 1, 'tokens.issue');
      const clientId = grant.clientId ?? 'commerce-mock';
      const { projectKey, data } = projectOf(grant.projectKey);
      if (grant.kind === 'client') return server.issueClientToken(clientId, grant.scope ?? `manage_project:${projectKey}`);
      if (grant.kind === 'anonymous') return server.issueAnonymousToken(clientId, projectKey, grant.anonymousId, grant.scope);
      if (!data.get('customer', grant.customerId)) throw errors.resourceNotFound({ id: grant.customerId });
      return server.issueCustomerToken(clientId, projectKey, grant.customerId, grant.scope, grant.storeKey);
    },
    list: (filter?: TokenFilter) => store.list(filter),
    find: (filter: TokenFilter) => store.find(filter),
    get: (accessToken: string) => store.get(accessToken),
    /** Expires the matching access tokens at once, so a suite can test its refresh flow; refresh tokens keep working. */
    expire(filter?: TokenFilter): number {
      if (!expiryEnforced) {
        throw new TypeError('commerce-mock: tokens.expire() needs the option enforceTokenExpiry: true (without it no token ever expires).');
      }
      return store.expire(filter);
    },
  };
}

export function createCommerceMock(options?: CommerceMockOptions): CommerceMock {
  return new CommerceMock(options);
}
