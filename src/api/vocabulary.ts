/**
 * The one vocabulary every surface speaks: the in-process `CommerceMock` (synchronous), `MockClient`
 * (asynchronous, in process or a server's admin API) and the Playwright `commerce` fixture. Each is a
 * `CommerceSurface` of its mode, so a member on one exists, with the same arity, on the others; the
 * few that cannot cross a process (a listener, a handler) are declared apart, on the in-process mock.
 */
import type { TokenFilter, TokenGrant, TokenRecord } from '../auth/tokens.js';
import type { FaultRule } from '../core/faults.js';
import type { JournalEntry, JournalFilter } from '../core/journal.js';
import type { PermissionDecision } from '../core/scoped-mounts.js';
import type { Author } from '../engine/define.js';
import type { MessageFilter } from '../engine/messages.js';
import type { Delivery, DeliveryFilter } from '../engine/outbox.js';
import type { SubscriptionStatus } from '../engine/subscription.js';
import type { PagedResult } from '../query/index.js';
import type { ResourceOf, TypeId } from '../resources/type-map.js';
import type { ExportOptions, MockExport } from './export.js';
import type { SeedItem, SeededType } from './seed.js';

/** `sync`: answers at once (the in-process mock); `async`: answers with promises (a client, the fixture). */
export type Mode = 'sync' | 'async';
export type Out<M extends Mode, T> = M extends 'sync' ? T : Promise<T>;

/** Seed arguments: factory output or `[typeId, draft]` pairs, each alone or in a list (`buildList` output). */
export type SeedArguments = ReadonlyArray<SeedItem | readonly SeedItem[]>;

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

export interface CreateOptions {
  /** Who the resource's `createdBy` and messages name (the programmatic caller by default). */
  author?: Author;
}

/**
 * A project's resources, read and written as its REST routes would: drafts and update actions are
 * validated, versions checked. Typed as the SDK's resource for a type id; a misspelt type id does not
 * compile. (The in-process mock also takes path names, `'customers'`, typed as `StoredDocument`.)
 */
export interface DataNoun<M extends Mode> {
  /** Creates every draft in order (factory output or `[typeId, draft]` pairs, lists allowed); one refused draft stores none. */
  seed<const I extends SeedArguments>(...items: I): Out<M, Array<ResourceOf<SeededType<I>>>>;
  create<K extends TypeId>(typeId: K, draft: unknown, options?: CreateOptions): Out<M, ResourceOf<K>>;
  update<K extends TypeId>(typeId: K, id: string, body: UpdateBody): Out<M, ResourceOf<K>>;
  get<K extends TypeId>(typeId: K, id: string): Out<M, ResourceOf<K> | undefined>;
  getByKey<K extends TypeId>(typeId: K, key: string): Out<M, ResourceOf<K> | undefined>;
  /** Every stored resource of the type, in creation order. */
  all<K extends TypeId>(typeId: K): Out<M, Array<ResourceOf<K>>>;
  /** The query the type's list endpoint runs: `where`, `sort`, paging, `expand`. */
  query<K extends TypeId>(typeId: K, params?: QueryParams): Out<M, PagedResult<ResourceOf<K>>>;
}

/** What a project's messages and subscriptions recorded, and the health of the subscriptions' destinations. */
export interface EventsNoun<M extends Mode> {
  /** The messages the project recorded (what `/messages` serves), oldest first; `filter` narrows them. */
  messages(filter?: MessageFilter): Out<M, Array<ResourceOf<'message'>>>;
  /** What the project's subscriptions received, oldest first, each `payload` in its subscription's format. */
  deliveries(filter?: DeliveryFilter): Out<M, Delivery[]>;
  /**
   * Makes the destination of the subscription with this key fail, reported in its `status` as the
   * platform does: `TemporaryError` and `ConfigurationError` hold notifications back until
   * `repairDestination`; `ConfigurationErrorDeliveryStopped` drops them (docs/events.md).
   */
  failDestination(subscriptionKey: string, status: Exclude<SubscriptionStatus, 'Healthy'>): Out<M, void>;
  /** The destination works again and what it held back is delivered; a stopped one stays stopped. Answers the status now. */
  repairDestination(subscriptionKey: string): Out<M, SubscriptionStatus>;
}

/** The tokens the mock issued, of every project. */
export interface TokensNoun<M extends Mode> {
  /**
   * Issues a token without the credentials round trip, recorded and recognised like one from the token
   * server; in the grant's `projectKey` (the default project unless given). A customer's must exist.
   */
  issue(grant: TokenGrant): Out<M, TokenRecord>;
  /** Every issued access token matching the filter, oldest first. */
  list(filter?: TokenFilter): Out<M, TokenRecord[]>;
  /** The most recently issued token matching the filter. */
  find(filter: TokenFilter): Out<M, TokenRecord | undefined>;
  /** The record behind an access token, if the mock issued it. */
  get(accessToken: string): Out<M, TokenRecord | undefined>;
  /** Expires the matching access tokens now (all without a filter; needs `enforceTokenExpiry`); answers how many. */
  expire(filter?: TokenFilter): Out<M, number>;
}

/** The requests the mock served. */
export interface JournalNoun<M extends Mode> {
  /** The journal's entries (the newest `journal.size`), oldest first; `filter` narrows them. */
  requests(filter?: JournalFilter): Out<M, JournalEntry[]>;
  /** The `sequence` of the newest entry: pass it as `since` to read only what comes after. */
  lastSequence(): Out<M, number>;
}

/** Fault injection: matching requests fail before anything is served (docs/state-and-faults.md). */
export interface FaultsNoun<M extends Mode> {
  /** Adds a rule (a bad rule is refused naming the problem). */
  add(rule: FaultRule): Out<M, void>;
  list(): Out<M, FaultRule[]>;
  /** Removes every rule. */
  clear(): Out<M, void>;
}

/** The as-associate permission checks the mock made. */
export interface PermissionsNoun<M extends Mode> {
  /** Every decision since the last clear, oldest first, allowed and denied, with why. */
  decisions(): Out<M, PermissionDecision[]>;
}

/**
 * The mock's time, which a test moves (docs/state-and-faults.md#the-clock): every timestamp the mock
 * writes, every expiry and every schedule reads it. It runs on from where it was moved, as real time does.
 */
export interface ClockNoun<M extends Mode> {
  /** The mock's time now, ISO 8601. */
  now(): Out<M, string>;
  /**
   * Moves the clock on by an ISO 8601 duration (`'P1M'`, `'P3D'`, `'PT2H'`: months and years by the
   * calendar) or by milliseconds, does what fell due meanwhile (recurring orders), and answers the time now.
   */
  advance(duration: string | number): Out<M, string>;
  /** The clock reads `time` (ISO 8601 or a `Date`) now and runs on from there; does what fell due; answers the time now. */
  set(time: string | Date): Out<M, string>;
  /** Back to the real time; answers it. */
  reset(): Out<M, string>;
}

/** Names a snapshot a mock (in process or a server) holds, for `restore`. */
export interface SnapshotId {
  readonly snapshotId: string;
}

/** The whole state: every project's data and the issued tokens. */
export interface StateNoun<M extends Mode, Snapshot = M extends 'sync' ? unknown : SnapshotId> {
  /** Removes all data, tokens, fault rules, in-process extensions, permission decisions and the journal; the clock is real time again. */
  clear(): Out<M, void>;
  /** Captures every project's data and the issued tokens, for `restore` (the journal is history: not captured). */
  snapshot(): Out<M, Snapshot>;
  /** Brings back exactly what `snapshot` captured; the snapshot stays usable. */
  restore(snapshot: Snapshot): Out<M, void>;
  /** The whole state as versioned JSON (docs/state-and-faults.md); with `{ tokens: true }` the issued tokens too. */
  export(options?: ExportOptions): Out<M, MockExport>;
  /** Replaces the state by an export (an object or its JSON text); a bad one is refused naming its first problem, and nothing changes. */
  import(data: MockExport | string): Out<M, void>;
}

/** One project's view: its data and its events. */
export interface ProjectSurface<M extends Mode> {
  readonly projectKey: string;
  readonly data: DataNoun<M>;
  readonly events: EventsNoun<M>;
}

/** A whole mock: the default project's view, any other project's through `project(key)`, and what all projects share. */
export interface CommerceSurface<M extends Mode, Snapshot = M extends 'sync' ? unknown : SnapshotId> extends ProjectSurface<M> {
  /** The same nouns for another project: `project('shop').data.get(...)`. */
  project(projectKey: string): ProjectSurface<M>;
  readonly tokens: TokensNoun<M>;
  readonly journal: JournalNoun<M>;
  readonly state: StateNoun<M, Snapshot>;
  readonly faults: FaultsNoun<M>;
  readonly permissions: PermissionsNoun<M>;
  readonly clock: ClockNoun<M>;
}

/** Query parameters as the URL spells them: lists repeat a parameter, `undefined` leaves it out. */
export function queryParams(params: QueryParams = {}): URLSearchParams {
  if (params instanceof URLSearchParams) return params;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of [value].flat()) if (one !== undefined) search.append(name, String(one));
  }
  return search;
}
