/**
 * One asynchronous view of a mock, whether it runs in this process or is a server this process does
 * not own: what the Playwright fixture and its matchers read and write through. `localClient` wraps
 * an in-process mock; `connectCommerceMock` talks to a server's admin API (`/__mock/...`).
 */
import { errors, PlatformError, type ErrorObject } from '../http/errors.js';
import { type CommerceMock, type MockSnapshot, mockInternals } from '../api/mock.js';
import { checkedProjectKey, type ProjectView } from '../api/project.js';
import {
  type CommerceSurface,
  type CreateOptions,
  type DataNoun,
  type ProjectSurface,
  type QueryParams,
  queryParams,
  type SeedArguments,
  type SnapshotId,
  type UpdateBody,
} from '../api/vocabulary.js';
import type { ResourceOf } from '../resources/type-map.js';
import type { TokenFilter, TokenGrant, TokenRecord } from '../auth/tokens.js';
import type { JournalEntry, JournalFilter } from '../core/journal.js';
import type { MessageFilter } from '../engine/messages.js';
import type { Delivery, DeliveryFilter } from '../engine/outbox.js';
import type { SubscriptionStatus } from '../engine/subscription.js';
import type { PermissionDecision } from '../core/scoped-mounts.js';
import type { StoredDocument } from '../storage/backend.js';
import { SeedError, seedPairs } from '../api/seed.js';
import type { FaultRule } from '../core/faults.js';
import type { ExportOptions, MockExport } from '../api/export.js';
import type { ApiName } from '../http/apis.js';
import { originsOf } from '../api/options.js';

export type { TokenGrant } from '../auth/tokens.js';
export type { SnapshotId } from '../api/vocabulary.js';

export interface MockInfo {
  defaultProjectKey: string;
  storage: string;
  /** The base URL of each API and of the token server: in process the mock's origins, on a server its base URLs. */
  apis: Record<ApiName, string>;
}

/**
 * The asynchronous mirror of `CommerceMock`: the same nouns and members with the same arities, each
 * answering a promise, whether the mock is in this process (`localClient`) or a server
 * (`connectCommerceMock`). Snapshots are named by id, since a server keeps them.
 */
export interface MockClient extends CommerceSurface<'async'> {
  /** Where the mock is: 'in-process', or the server's URL. */
  readonly location: string;
  info(): Promise<MockInfo>;
}

/** The in-process mock behind the asynchronous interface. */
export function localClient(mock: CommerceMock): MockClient {
  const snapshots = snapshotShelf(mock);
  const view = (project: ProjectView): ProjectSurface<'async'> => ({
    projectKey: project.projectKey,
    data: {
      seed: async (...items: SeedArguments) => project.data.seed(...items),
      create: async (typeId: string, draft: unknown, options?: CreateOptions) => project.data.create(typeId, draft, options),
      update: async (typeId: string, id: string, body: UpdateBody) => project.data.update(typeId, id, body),
      get: async (typeId: string, id: string) => project.data.get(typeId, id),
      getByKey: async (typeId: string, key: string) => project.data.getByKey(typeId, key),
      all: async (typeId: string) => project.data.all(typeId),
      query: async (typeId: string, params?: QueryParams) => project.data.query(typeId, params),
    } as unknown as DataNoun<'async'>,
    events: {
      messages: async (filter?: MessageFilter) => project.events.messages(filter),
      deliveries: async (filter?: DeliveryFilter) => project.events.deliveries(filter),
      failDestination: async (key: string, status: Exclude<SubscriptionStatus, 'Healthy'>) => project.events.failDestination(key, status),
      repairDestination: async (key: string) => project.events.repairDestination(key),
    },
  });
  return {
    location: 'in-process',
    info: async () => ({
      defaultProjectKey: mock.options.defaultProjectKey,
      storage: mockInternals(mock).storage.name,
      apis: originsOf(mock.options),
    }),
    ...view(mock),
    project: (projectKey: string) => view(mock.project(projectKey)),
    tokens: {
      issue: async (grant: TokenGrant) => mock.tokens.issue(grant),
      list: async (filter?: TokenFilter) => mock.tokens.list(filter),
      find: async (filter: TokenFilter) => mock.tokens.find(filter),
      get: async (accessToken: string) => mock.tokens.get(accessToken),
      expire: async (filter?: TokenFilter) => mock.tokens.expire(filter),
    },
    journal: {
      requests: async (filter?: JournalFilter) => mock.journal.requests(filter),
      lastSequence: async () => mock.journal.lastSequence(),
    },
    state: {
      clear: async () => mock.state.clear(),
      snapshot: async () => ({ snapshotId: snapshots.keep(mock.state.snapshot()) }),
      restore: async ({ snapshotId }: SnapshotId) => mock.state.restore(snapshots.find(snapshotId)),
      export: async (options?: ExportOptions) => mock.state.export(options),
      import: async (data: MockExport | string) => mock.state.import(data),
    },
    faults: {
      add: async (rule: FaultRule) => mock.faults.add(rule),
      list: async () => mock.faults.list(),
      clear: async () => mock.faults.clear(),
    },
    permissions: { decisions: async () => mock.permissions.decisions() },
    clock: {
      now: async () => mock.clock.now(),
      advance: async (duration: string | number) => mock.clock.advance(duration),
      set: async (time: string | Date) => mock.clock.set(time),
      reset: async () => mock.clock.reset(),
    },
  };
}

/**
 * The client with `projectKey` as its default project: its `data`, `events` and `projectKey` are that
 * project's, and tokens are issued there unless a grant names another. What the fixture uses in
 * remote mode, where the server's default project may be another than the fixture's.
 */
export function inProject(client: MockClient, projectKey: string): MockClient {
  const { data, events } = client.project(projectKey);
  const issue = (grant: TokenGrant) => client.tokens.issue({ ...grant, projectKey: grant.projectKey ?? projectKey });
  return { ...client, projectKey, data, events, tokens: { ...client.tokens, issue } };
}

/** The snapshots taken of one mock, by id: what a client's `snapshot()` returns names one of them. */
export interface SnapshotShelf {
  keep(snapshot: MockSnapshot): string;
  find(snapshotId: string): MockSnapshot;
}

const shelves = new WeakMap<CommerceMock, SnapshotShelf>();

/**
 * The mock's one shelf, shared by its local client and its admin API. It keeps the
 * `retention.snapshots` most recently taken or restored snapshots: a snapshot holds on to the whole
 * state it captured, so a server that keeps taking them would otherwise keep every state it ever had.
 */
export function snapshotShelf(mock: CommerceMock): SnapshotShelf {
  let shelf = shelves.get(mock);
  if (!shelf) {
    const limit = mock.options.retention.snapshots;
    /** Least recently used first. */
    const byId = new Map<string, MockSnapshot>();
    let taken = 0;
    shelf = {
      keep: (snapshot) => {
        const id = `snapshot-${++taken}`;
        byId.set(id, snapshot);
        for (const oldest of byId.keys()) {
          if (byId.size <= limit) break;
          byId.delete(oldest);
        }
        return id;
      },
      find: (snapshotId) => {
        const snapshot = byId.get(snapshotId);
        if (!snapshot) {
          const number = /^snapshot-(\d+)$/.exec(snapshotId)?.[1];
          if (number !== undefined && Number(number) >= 1 && Number(number) <= taken) {
            throw new PlatformError(404, [
              {
                code: 'ResourceNotFound',
                message: `The snapshot '${snapshotId}' is no longer kept: the mock keeps its ${limit} most recently taken or restored snapshots (the option retention.snapshots).`,
              },
            ]);
          }
          throw errors.resourceNotFound({ id: snapshotId });
        }
        byId.delete(snapshotId);
        byId.set(snapshotId, snapshot);
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
    const failure = parsed as { statusCode?: number; errors?: ErrorObject[]; message?: string; seedItem?: unknown };
    const refusal = failure.errors ?? [{ code: 'General', message: failure.message ?? text }];
    // A refused seed item is thrown as in process: the same SeedError, built from the same fields.
    throw (
      SeedError.fromJSON(response.status, { errors: refusal, seedItem: failure.seedItem }) ?? new PlatformError(response.status, refusal)
    );
  }
  const search = (values: Record<string, string | number | undefined>) => {
    const text = queryParams(values).toString();
    return text ? `?${text}` : '';
  };
  const MISSING = null;
  const view = (projectKey: string | undefined): ProjectSurface<'async'> => {
    const inProject = projectKey === undefined ? {} : { projectKey };
    const data = (typeId: string, rest = '', query: Record<string, string | undefined> = {}) =>
      `/data/${encodeURIComponent(typeId)}${rest}${search({ ...query, ...inProject })}`;
    const read = async (path: string) => (await call<StoredDocument | null>('GET', path, undefined, MISSING)) ?? undefined;
    return {
      projectKey: projectKey ?? defaultProjectKey,
      data: {
        seed: async (...items: SeedArguments) =>
          (await call<{ results: StoredDocument[] }>('POST', `/data/seed${search(inProject)}`, { items: seedPairs(items) })).results,
        create: (typeId: string, draft: unknown, options?: CreateOptions) => call('POST', data(typeId), { draft, ...options }),
        update: (typeId: string, id: string, body: UpdateBody) => call('POST', data(typeId, `/${encodeURIComponent(id)}`), body),
        get: (typeId: string, id: string) => read(data(typeId, `/${encodeURIComponent(id)}`)),
        getByKey: (typeId: string, key: string) => read(data(typeId, `/key=${encodeURIComponent(key)}`)),
        all: async (typeId: string) => (await call<{ results: StoredDocument[] }>('GET', data(typeId))).results,
        query: (typeId: string, params?: QueryParams) => {
          const query = new URLSearchParams(queryParams(params));
          if (projectKey !== undefined) query.set('projectKey', projectKey);
          return call('GET', `/data/${encodeURIComponent(typeId)}/query?${query}`);
        },
      } as unknown as DataNoun<'async'>,
      events: {
        messages: async (filter?: MessageFilter) =>
          (await call<{ results: Array<ResourceOf<'message'>> }>('GET', `/events/messages${search({ ...filter, ...inProject })}`)).results,
        deliveries: async (filters?: DeliveryFilter) => {
          const { undelivered, ...filter } = filters ?? {};
          const query = search({ ...filter, undelivered: undelivered ? 'true' : undefined, ...inProject });
          return (await call<{ results: Delivery[] }>('GET', `/events/deliveries${query}`)).results;
        },
        failDestination: async (key: string, status: Exclude<SubscriptionStatus, 'Healthy'>) => {
          await call('POST', `/events/destinations/${encodeURIComponent(key)}/fail${search(inProject)}`, { status });
        },
        repairDestination: async (key: string) =>
          (
            await call<{ status: SubscriptionStatus }>(
              'POST',
              `/events/destinations/${encodeURIComponent(key)}/repair${search(inProject)}`,
              {},
            )
          ).status,
      },
    };
  };
  // The server's default project is not known without asking; `projectKey` reads it from the first `info()`.
  let defaultProjectKey = '';
  return {
    location: base,
    info: async () => {
      const info = await call<MockInfo>('GET', '/info');
      defaultProjectKey = info.defaultProjectKey;
      return info;
    },
    ...view(undefined),
    get projectKey() {
      return defaultProjectKey;
    },
    project: (projectKey: string) => view(checkedProjectKey(projectKey)),
    tokens: {
      issue: (grant: TokenGrant) => call('POST', '/tokens', grant),
      list: async (filter?: TokenFilter) => (await call<{ results: TokenRecord[] }>('GET', `/tokens${search({ ...filter })}`)).results,
      find: async (filter: TokenFilter) =>
        (await call<{ results: TokenRecord[] }>('GET', `/tokens${search({ ...filter })}`)).results.at(-1),
      get: async (accessToken: string) =>
        (await call<TokenRecord | null>('GET', `/tokens/${encodeURIComponent(accessToken)}`, undefined, MISSING)) ?? undefined,
      expire: async (filter?: TokenFilter) => (await call<{ expired: number }>('POST', '/tokens/expire', filter ?? {})).expired,
    },
    journal: {
      requests: async (filter?: JournalFilter) => {
        const { path, limit, ...rest } = filter ?? {};
        if (!(path instanceof RegExp)) {
          const query = search({ ...rest, ...(path !== undefined ? { path } : {}), ...(limit !== undefined ? { limit } : {}) });
          return (await call<{ results: JournalEntry[] }>('GET', `/journal/requests${query}`)).results;
        }
        // The server runs no regular expression: the journal (a bounded ring) is read and matched here.
        const entries = (await call<{ results: JournalEntry[] }>('GET', `/journal/requests${search(rest)}`)).results;
        const matching = entries.filter((entry) => entry.path.search(path) >= 0);
        return limit === undefined ? matching : matching.slice(Math.max(0, matching.length - limit));
      },
      lastSequence: async () => (await call<{ lastSequence: number }>('GET', '/journal/last-sequence')).lastSequence,
    },
    state: {
      clear: async () => {
        await call('POST', '/state/clear', {});
      },
      snapshot: () => call('POST', '/state/snapshots', {}),
      restore: async ({ snapshotId }: SnapshotId) => {
        await call('POST', `/state/snapshots/${encodeURIComponent(snapshotId)}/restore`, {});
      },
      export: (options?: ExportOptions) => call('GET', `/state/export${search({ tokens: options?.tokens ? 'true' : undefined })}`),
      import: async (data: MockExport | string) => {
        // JSON text goes as it is, so the server judges it (and names what is wrong) as state.import() would.
        await call('POST', '/state/import', data);
      },
    },
    faults: {
      add: async (rule: FaultRule) => {
        await call('POST', '/faults', rule);
      },
      list: async () => (await call<{ results: FaultRule[] }>('GET', '/faults')).results,
      clear: async () => {
        await call('POST', '/faults/clear', {});
      },
    },
    permissions: {
      decisions: async () => (await call<{ results: PermissionDecision[] }>('GET', '/permissions/decisions')).results,
    },
    clock: {
      now: async () => (await call<{ now: string }>('GET', '/clock')).now,
      advance: async (duration: string | number) => (await call<{ now: string }>('POST', '/clock/advance', { duration })).now,
      // A Date crosses as its ISO text.
      set: async (time: string | Date) => (await call<{ now: string }>('POST', '/clock/set', { time })).now,
      reset: async () => (await call<{ now: string }>('POST', '/clock/reset', {})).now,
    },
  };
}
