/**
 * One asynchronous view of a mock, whether it runs in this process or is a server this process does
 * not own: what the Playwright fixture and its matchers read and write through. `localClient` wraps
 * an in-process mock; `connectCommerceMock` talks to a server's admin API (`/__mock/...`).
 */
import { errors, PlatformError, type ErrorObject } from '../http/errors.js';
import { type CommerceMock, checkedScope, type MockSnapshot, type ProjectScoped, type QueryParams, queryParams } from '../api/mock.js';
import type { TokenFilter, TokenGrant, TokenRecord } from '../auth/tokens.js';
import type { JournalEntry, JournalFilter } from '../core/journal.js';
import type { MessageFilter } from '../engine/messages.js';
import type { Delivery, DeliveryFilter } from '../engine/outbox.js';
import type { SubscriptionStatus } from '../engine/subscription.js';
import type { PagedResult } from '../query/index.js';
import type { PermissionDecision } from '../core/scoped-mounts.js';
import type { StoredDocument } from '../storage/backend.js';
import { seedPairs } from '../api/seed.js';
import type { FaultRule } from '../core/faults.js';
import type { ExportOptions, MockExport } from '../api/export.js';

export type { TokenGrant } from '../auth/tokens.js';

export interface MockInfo {
  defaultProjectKey: string;
  storage: string;
}

export interface MockClient {
  /** Where the mock is: 'in-process', or the server's URL. */
  readonly location: string;
  info(): Promise<MockInfo>;
  /** Creates every draft (factory output or `[typeId, draft]` pairs) in order; one refused draft stores none. */
  seed(items: unknown, scope?: ProjectScoped): Promise<StoredDocument[]>;
  get(typeId: string, id: string, scope?: ProjectScoped): Promise<StoredDocument | undefined>;
  getByKey(typeId: string, key: string, scope?: ProjectScoped): Promise<StoredDocument | undefined>;
  all(typeId: string, scope?: ProjectScoped): Promise<StoredDocument[]>;
  query(typeId: string, params?: QueryParams, scope?: ProjectScoped): Promise<PagedResult<StoredDocument>>;
  tokens(filter?: TokenFilter): Promise<TokenRecord[]>;
  issueToken(grant: TokenGrant, scope?: ProjectScoped): Promise<TokenRecord>;
  /** Expires the matching access tokens now (needs `enforceTokenExpiry`); resolves with how many. */
  expireTokens(filter?: TokenFilter): Promise<number>;
  permissionDecisions(): Promise<PermissionDecision[]>;
  requests(filter?: JournalFilter): Promise<JournalEntry[]>;
  /** The messages the project recorded, oldest first. */
  messages(filter?: MessageFilter, scope?: ProjectScoped): Promise<StoredDocument[]>;
  /** What the project's subscriptions received, oldest first. */
  deliveries(filter?: DeliveryFilter, scope?: ProjectScoped): Promise<Delivery[]>;
  /** Makes the subscription's destination fail (`Healthy`: work again); resolves with the subscription's status now. */
  setDestinationStatus(subscriptionKey: string, status: SubscriptionStatus, scope?: ProjectScoped): Promise<SubscriptionStatus>;
  /** The `sequence` of the newest journal entry. */
  lastRequestSequence(): Promise<number>;
  clear(): Promise<void>;
  /** Captures the mock's data and tokens; the id names the snapshot for `restore`. */
  snapshot(): Promise<SnapshotId>;
  /** Brings back the data and tokens of a snapshot this mock took. */
  restore(snapshot: SnapshotId): Promise<void>;
  /** The whole state as versioned JSON (`mock.export()`); with `{ tokens: true }` the issued tokens too. */
  export(options?: ExportOptions): Promise<MockExport>;
  /** Replaces the state by an export (an object or its JSON text); a bad file rejects naming its first problem and changes nothing. */
  import(data: MockExport | string): Promise<void>;
  /** Adds a fault rule: matching requests fail with its status (a bad rule rejects naming the problem). */
  addFault(rule: FaultRule): Promise<void>;
  /** Removes every fault rule. */
  clearFaults(): Promise<void>;
}

/** Names a snapshot a mock (in process or a server) holds. */
export interface SnapshotId {
  readonly snapshotId: string;
}

/** The in-process mock behind the asynchronous interface. */
export function localClient(mock: CommerceMock): MockClient {
  const snapshots = snapshotShelf(mock);
  return {
    location: 'in-process',
    info: async () => ({ defaultProjectKey: mock.options.defaultProjectKey, storage: mock.storage.name }),
    seed: async (items, scope) => mock.seed(seedPairs(items) as never, scope) as StoredDocument[],
    get: async (typeId, id, scope) => mock.get<StoredDocument>(typeId, id, scope),
    getByKey: async (typeId, key, scope) => mock.getByKey<StoredDocument>(typeId, key, scope),
    all: async (typeId, scope) => mock.all<StoredDocument>(typeId, scope),
    query: async (typeId, params, scope) => mock.query<StoredDocument>(typeId, params, scope),
    tokens: async (filter) => mock.authStore().list(filter),
    issueToken: async (grant, scope) => mock.issueToken(grant, scope),
    expireTokens: async (filter) => mock.expireTokens(filter),
    permissionDecisions: async () => mock.permissionDecisions(),
    requests: async (filter) => mock.requests(filter),
    messages: async (filter, scope) => mock.messages(filter, scope) as unknown as StoredDocument[],
    deliveries: async (filter, scope) => mock.deliveries(filter, scope),
    setDestinationStatus: async (key, status, scope) => mock.setDestinationStatus(key, status, scope),
    lastRequestSequence: async () => mock.lastRequestSequence,
    clear: async () => mock.clear(),
    snapshot: async () => ({ snapshotId: snapshots.keep(mock.snapshot()) }),
    restore: async ({ snapshotId }) => mock.restore(snapshots.find(snapshotId)),
    export: async (options) => mock.export(options),
    import: async (data) => mock.import(data),
    addFault: async (rule) => mock.faults.add(rule),
    clearFaults: async () => mock.faults.clear(),
  };
}

/** The snapshots taken of one mock, by id: what a client's `snapshot()` returns names one of them. */
export interface SnapshotShelf {
  keep(snapshot: MockSnapshot): string;
  find(snapshotId: string): MockSnapshot;
}

const shelves = new WeakMap<CommerceMock, SnapshotShelf>();

/** The mock's one shelf, shared by its local client and its admin API. */
export function snapshotShelf(mock: CommerceMock): SnapshotShelf {
  let shelf = shelves.get(mock);
  if (!shelf) {
    const byId = new Map<string, MockSnapshot>();
    shelf = {
      keep: (snapshot) => {
        const id = `snapshot-${byId.size + 1}`;
        byId.set(id, snapshot);
        return id;
      },
      find: (snapshotId) => {
        const snapshot = byId.get(snapshotId);
        if (!snapshot) throw errors.resourceNotFound({ id: snapshotId });
        return snapshot;
      },
    };
    shelves.set(mock, shelf);
  }
  return shelf;
}

export interface RemoteOptions {
  /** The server's `--admin-token`, if it was started with one. */
  adminToken?: string;
}

/** A client of a running commerce-mock server (`npx commerce-mock serve`, the container image). */
export function connectCommerceMock(serverUrl: string, options: RemoteOptions = {}): MockClient {
  const base = serverUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(options.adminToken ? { authorization: `Bearer ${options.adminToken}` } : {}),
  };
  /** A `body` given as a string is sent as it is (JSON text already). */
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, notFound?: T): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}/__mock${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
    } catch (error) {
      const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new Error(`commerce-mock: the server at ${base} cannot be reached (${reason}). Is it running?`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(
        `commerce-mock: ${base} answered ${method} /__mock${path} with ${response.status} and no JSON: is it a commerce-mock server?`,
      );
    }
    if (response.ok) return parsed as T;
    if (response.status === 404 && notFound !== undefined) return notFound;
    const failure = parsed as { statusCode?: number; errors?: ErrorObject[]; message?: string };
    throw new PlatformError(response.status, failure.errors ?? [{ code: 'General', message: failure.message ?? text }]);
  }
  const project = (scope: ProjectScoped | undefined) => {
    const { projectKey } = checkedScope(scope) ?? {};
    return projectKey ? { projectKey } : {};
  };
  const search = (values: Record<string, string | number | undefined>) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) if (value !== undefined) query.set(name, String(value));
    const text = query.toString();
    return text ? `?${text}` : '';
  };
  const resource = (typeId: string, rest = '', scope?: ProjectScoped) =>
    `/resources/${encodeURIComponent(typeId)}${rest}${search(project(scope))}`;
  const MISSING = null;
  return {
    location: base,
    info: () => call('GET', '/info'),
    seed: async (items, scope) => {
      checkedScope(scope, 'seed');
      return (await call<{ results: StoredDocument[] }>('POST', '/seed', { ...project(scope), items: seedPairs(items) })).results;
    },
    get: async (typeId, id, scope) =>
      (await call<StoredDocument | null>('GET', resource(typeId, `/${encodeURIComponent(id)}`, scope), undefined, MISSING)) ?? undefined,
    getByKey: async (typeId, key, scope) =>
      (await call<StoredDocument | null>('GET', resource(typeId, `/key=${encodeURIComponent(key)}`, scope), undefined, MISSING)) ??
      undefined,
    all: async (typeId, scope) => (await call<{ results: StoredDocument[] }>('GET', resource(typeId, '', scope))).results,
    query: async (typeId, params, scope) => {
      const query = queryParams(params);
      if (scope?.projectKey) query.set('projectKey', scope.projectKey);
      return call('GET', `/resources/${encodeURIComponent(typeId)}/query?${query}`);
    },
    tokens: async (filter = {}) => (await call<{ results: TokenRecord[] }>('GET', `/tokens${search({ ...filter })}`)).results,
    issueToken: (grant, scope) => call('POST', '/tokens', { ...grant, ...project(scope) }),
    expireTokens: async (filter = {}) => (await call<{ expired: number }>('POST', '/tokens/expire', filter)).expired,
    permissionDecisions: async () => (await call<{ results: PermissionDecision[] }>('GET', '/permission-decisions')).results,
    requests: async (filter = {}) => {
      const { path, ...rest } = filter;
      const pathFields =
        path === undefined
          ? {}
          : typeof path === 'string'
            ? { path }
            : { pathPattern: path.source, pathFlags: path.flags.replace(/[gy]/g, '') };
      return (await call<{ results: JournalEntry[] }>('GET', `/requests${search({ ...rest, ...pathFields })}`)).results;
    },
    messages: async (filter = {}, scope) =>
      (await call<{ results: StoredDocument[] }>('GET', `/messages${search({ ...filter, ...project(scope) })}`)).results,
    deliveries: async ({ undelivered, ...filter } = {}, scope) => {
      const query = search({ ...filter, undelivered: undelivered ? 'true' : undefined, ...project(scope) });
      return (await call<{ results: Delivery[] }>('GET', `/deliveries${query}`)).results;
    },
    setDestinationStatus: async (key, status, scope) => {
      const path = `/subscriptions/${encodeURIComponent(key)}/status${search(project(scope))}`;
      return (await call<{ status: SubscriptionStatus }>('POST', path, { status })).status;
    },
    lastRequestSequence: async () => (await call<{ lastSequence: number }>('GET', '/requests?limit=0')).lastSequence,
    clear: async () => {
      await call('POST', '/clear', {});
    },
    snapshot: () => call('POST', '/snapshots', {}),
    restore: async ({ snapshotId }) => {
      await call('POST', `/snapshots/${encodeURIComponent(snapshotId)}/restore`, {});
    },
    export: (options = {}) => call('GET', `/export${search({ tokens: options.tokens ? 'true' : undefined })}`),
    import: async (data) => {
      // JSON text goes as it is, so the server judges it (and names what is wrong) as mock.import() would.
      await call('POST', '/import', data);
    },
    addFault: async (rule) => {
      await call('POST', '/faults', rule);
    },
    clearFaults: async () => {
      await call('POST', '/faults/clear', {});
    },
  };
}
