/** One project's data and events, in process: what `mock.data`, `mock.events` and `mock.project(key)` are. */
import { PROGRAMMATIC } from '../auth/identity.js';
import { PROJECT_KEY_PATTERN } from '../engine/validation.js';
import { fullMessage, MESSAGE_TYPE_ID, type MessageFilter, messageMatches, retained, retainedSince } from '../engine/messages.js';
import { DELIVERY_TYPE_ID, type Delivery, type DeliveryFilter, deliveryMatches } from '../engine/outbox.js';
import type { ResourceEngine } from '../engine/resource-engine.js';
import { FAILING_STATUSES, SUBSCRIPTION_TYPE_ID, type Subscription, type SubscriptionStatus } from '../engine/subscription.js';
import type { PagedResult } from '../query/index.js';
import { SERVED_TYPE_IDS, servedTypeOf } from '../resources/catalog.js';
import { typeManifest } from '../resources/manifest.js';
import { loadTypeModule } from '../resources/load.js';
import type { ResourceOf, TypeId } from '../resources/type-map.js';
import type { StoredDocument } from '../storage/backend.js';
import { didYouMean } from '../util/did-you-mean.js';
import { type SeededType, seedItemError, seedPairs } from './seed.js';
import {
  type CreateOptions,
  type DataNoun,
  type EventsNoun,
  type ProjectSurface,
  type QueryParams,
  queryParams,
  type SeedArguments,
  type UpdateBody,
} from './vocabulary.js';

/** The project key `project(key)` was given, checked: a typo should fail here, not read an empty project. */
export function checkedProjectKey(projectKey: unknown): string {
  if (typeof projectKey === 'string' && PROJECT_KEY_PATTERN.test(projectKey)) return projectKey;
  throw new TypeError(
    `commerce-mock: project() takes a project key (2 to 36 characters: a-z, 0-9, - and _), and was given ${JSON.stringify(projectKey)}.`,
  );
}

/**
 * Refuses an argument past the last one a method takes: before 0.x's one vocabulary, a trailing
 * `{ projectKey }` chose the project, and a call still written that way would read the default project in silence.
 */
export function refuseExtraArgument(given: number, takes: number, method: string): void {
  if (given > takes) {
    throw new TypeError(
      `commerce-mock: ${method}() takes ${takes} argument${takes === 1 ? '' : 's'} and was given ${given}. For another project, use project(key).${method}(...).`,
    );
  }
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

/** The type a type id or a collection's path names; a `TypeError` for one the mock does not serve. */
export function typeIdFor(typeIdOrPath: string): string {
  const typeId = servedTypeOf(typeIdOrPath);
  if (typeId === undefined) {
    const known = SERVED_TYPE_IDS.flatMap((id) => (typeManifest[id].path === '' ? [id] : [id, typeManifest[id].path]));
    throw new TypeError(`commerce-mock: unknown resource type '${typeIdOrPath}'${didYouMean(String(typeIdOrPath), known) || '.'}`);
  }
  return typeId;
}

const CREATE_OPTIONS = new Set(['author']);

/**
 * A seed call of at least this many products builds the search index of the published products
 * (about 45 µs a product) before it returns; a smaller one leaves it to the first search, so tests
 * that seed a few products and never search pay nothing.
 */
const INDEX_ON_SEED = 1000;

export class ProjectData implements DataNoun<'sync'> {
  readonly #engine: ResourceEngine;
  readonly #projectKey: string;

  constructor(engine: ResourceEngine, projectKey: string) {
    this.#engine = engine;
    this.#projectKey = projectKey;
  }

  seed<const I extends SeedArguments>(...items: I): Array<ResourceOf<SeededType<I>>> {
    const pairs = seedPairs(items);
    // One transaction: when an item is refused, none of them is stored.
    const seeded = this.#engine.transaction(() =>
      pairs.map(([typeId, draft], index) => {
        try {
          return this.create(typeId, draft);
        } catch (error) {
          throw seedItemError(error, index, typeId);
        }
      }),
    );
    // A catalog seeded in bulk is seeded to be searched: its search index is built now, not on the first search.
    let products = 0;
    for (const [typeId] of pairs) if (typeId === 'product') products++;
    if (products >= INDEX_ON_SEED)
      loadTypeModule('product').buildSearchIndex(this.#engine.storage, this.#engine.context(this.#projectKey, PROGRAMMATIC));
    return seeded as never;
  }

  /** Validated exactly as `POST /{projectKey}/{resource}` validates it; the draft is taken as JSON, as a request body is. */
  create<K extends TypeId>(typeId: K, draft: unknown, options?: CreateOptions): ResourceOf<K>;
  create<T = StoredDocument>(typeIdOrPath: string, draft: unknown, options?: CreateOptions): T;
  create<T>(typeId: string, draft: unknown, options?: CreateOptions): T {
    refuseExtraArgument(arguments.length, 3, 'data.create');
    const unknown = options === undefined ? [] : Object.keys(options).filter((name) => !CREATE_OPTIONS.has(name));
    if (unknown.length > 0) {
      throw new TypeError(
        `commerce-mock: data.create() options know 'author' only, and were given ${unknown.map((name) => `'${name}'`).join(', ')}. For another project, use project(key).data.create(...).`,
      );
    }
    const ctx = this.#engine.context(this.#projectKey, options?.author ?? PROGRAMMATIC);
    return this.#engine.create(this.#engine.definition(typeIdFor(typeId)), asRequestBody(draft), ctx) as T;
  }

  /** Applies update actions as `POST /{projectKey}/{resource}/{id}` does (version checked), the body taken as JSON. */
  update<K extends TypeId>(typeId: K, id: string, body: UpdateBody): ResourceOf<K>;
  update<T = StoredDocument>(typeIdOrPath: string, id: string, body: UpdateBody): T;
  update<T>(typeId: string, id: string, body: UpdateBody): T {
    refuseExtraArgument(arguments.length, 3, 'data.update');
    const ctx = this.#engine.context(this.#projectKey, PROGRAMMATIC);
    return this.#engine.update(this.#engine.definition(typeIdFor(typeId)), { id }, asRequestBody(body), ctx) as T;
  }

  get<K extends TypeId>(typeId: K, id: string): ResourceOf<K> | undefined;
  get<T = StoredDocument>(typeIdOrPath: string, id: string): T | undefined;
  get<T>(typeId: string, id: string): T | undefined {
    refuseExtraArgument(arguments.length, 2, 'data.get');
    return this.#engine.storage.get(this.#projectKey, typeIdFor(typeId), id) as T | undefined;
  }

  getByKey<K extends TypeId>(typeId: K, key: string): ResourceOf<K> | undefined;
  getByKey<T = StoredDocument>(typeIdOrPath: string, key: string): T | undefined;
  getByKey<T>(typeId: string, key: string): T | undefined {
    refuseExtraArgument(arguments.length, 2, 'data.getByKey');
    return this.#engine.storage.getByKey(this.#projectKey, typeIdFor(typeId), key) as T | undefined;
  }

  all<K extends TypeId>(typeId: K): Array<ResourceOf<K>>;
  all<T = StoredDocument>(typeIdOrPath: string): T[];
  all<T>(typeId: string): T[] {
    refuseExtraArgument(arguments.length, 1, 'data.all');
    return [...this.#engine.storage.scan(this.#projectKey, typeIdFor(typeId))] as T[];
  }

  query<K extends TypeId>(typeId: K, params?: QueryParams): PagedResult<ResourceOf<K>>;
  query<T = StoredDocument>(typeIdOrPath: string, params?: QueryParams): PagedResult<T>;
  query<T>(typeId: string, params?: QueryParams): PagedResult<T> {
    refuseExtraArgument(arguments.length, 2, 'data.query');
    return this.#engine.query(this.#engine.definition(typeIdFor(typeId)), this.#projectKey, queryParams(params)) as PagedResult<T>;
  }
}

export class ProjectEvents implements EventsNoun<'sync'> {
  readonly #engine: ResourceEngine;
  readonly #projectKey: string;

  constructor(engine: ResourceEngine, projectKey: string) {
    this.#engine = engine;
    this.#projectKey = projectKey;
  }

  messages(filter?: MessageFilter): Array<ResourceOf<'message'>> {
    refuseExtraArgument(arguments.length, 1, 'events.messages');
    const storage = this.#engine.storage;
    const kept = retained(retainedSince(storage, this.#projectKey, this.#engine.clock.now()));
    const recorded = [...storage.scan(this.#projectKey, MESSAGE_TYPE_ID)].filter(kept).map(fullMessage);
    return recorded.filter((message) => messageMatches(message, filter ?? {})) as unknown as Array<ResourceOf<'message'>>;
  }

  deliveries(filter?: DeliveryFilter): Delivery[] {
    refuseExtraArgument(arguments.length, 1, 'events.deliveries');
    const recorded = this.#engine.storage.scan(this.#projectKey, DELIVERY_TYPE_ID) as Iterable<Delivery>;
    return [...recorded].filter((delivery) => deliveryMatches(delivery, filter ?? {}));
  }

  failDestination(subscriptionKey: string, status: Exclude<SubscriptionStatus, 'Healthy'>): void {
    refuseExtraArgument(arguments.length, 2, 'events.failDestination');
    if (!FAILING_STATUSES.includes(status))
      throw new TypeError(`commerce-mock: a failing destination is one of ${FAILING_STATUSES.join(', ')}.`);
    this.#engine.outbox.setStatus(this.#projectKey, this.#subscriptionByKey(subscriptionKey), status);
  }

  repairDestination(subscriptionKey: string): SubscriptionStatus {
    refuseExtraArgument(arguments.length, 1, 'events.repairDestination');
    const subscription = this.#subscriptionByKey(subscriptionKey);
    if (subscription.status === 'ConfigurationErrorDeliveryStopped') return subscription.status;
    this.#engine.outbox.setStatus(this.#projectKey, subscription, 'Healthy');
    return 'Healthy';
  }

  #subscriptionByKey(key: string): Subscription {
    const subscription = this.#engine.storage.getByKey(this.#projectKey, SUBSCRIPTION_TYPE_ID, key) as Subscription | undefined;
    if (!subscription) throw new TypeError(`commerce-mock: no subscription has the key '${key}'.`);
    return subscription;
  }
}

/** A project's nouns, in process. */
export class ProjectView implements ProjectSurface<'sync'> {
  readonly data: ProjectData;
  readonly events: ProjectEvents;

  constructor(
    engine: ResourceEngine,
    readonly projectKey: string,
  ) {
    this.data = new ProjectData(engine, projectKey);
    this.events = new ProjectEvents(engine, projectKey);
  }
}
