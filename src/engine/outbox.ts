/**
 * Deliveries: what the project's subscriptions receive. The engine reports every change it
 * stores (`Outbox.record`, inside the change's transaction); once the outermost transaction commits,
 * each change is matched against the subscriptions' `changes` and `messages` and delivered in the
 * subscription's format: recorded for `mock.events.deliveries()` and handed to `mock.events.onDelivery` listeners.
 * A change whose transaction is rolled back is forgotten, so a refused request delivers nothing.
 */
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { droppedAtOnce } from '../util/bounds.js';
import { uuid } from '../util/ids.js';
import { jsonEqual } from '../util/json.js';
import { BASE_FIELDS } from './define.js';
import { userProvidedIdentifiers } from './messages.js';
import { hasSubscriptions, SUBSCRIPTION_TYPE_ID, type Subscription, type SubscriptionStatus } from '../engine/subscription.js';

export const DELIVERY_TYPE_ID = 'delivery';

/** The deliveries a project keeps by default (the `retention.deliveriesPerProject` option). */
export const DELIVERIES_KEPT = 10_000;

/** One stored change of a resource, as the engine reports it. */
export interface Change {
  project: string;
  typeId: string;
  /** The resource's URL segment (`orders`), for a CloudEvent's `source`. */
  path: string | undefined;
  /** The change notification it makes; none when it kept the version (a token issued for a customer): messages only. */
  kind: 'ResourceCreated' | 'ResourceUpdated' | 'ResourceDeleted' | undefined;
  /** The resource after the change (as it was, for a deletion). */
  resource: StoredDocument;
  /** The resource before an update. */
  previous?: StoredDocument | undefined;
  /** The messages the change recorded, in order. */
  messages: readonly StoredDocument[];
  at: string;
}

/** What a subscription received: the notification as its destination gets it, in its format. */
export interface Delivery extends StoredDocument {
  subscription: { typeId: 'subscription'; id: string };
  subscriptionKey?: string;
  destination: Subscription['destination'];
  format: Subscription['format']['type'];
  /** `Message`, `ResourceCreated`, `ResourceUpdated` or `ResourceDeleted`. */
  notificationType: string;
  /** The message type, for a message. */
  messageType?: string;
  resource: { typeId: string; id: string };
  /** The body a queue would hold: a Platform-format notification or a CloudEvent around one. */
  payload: Record<string, unknown>;
  /**
   * Set while the destination fails: `Retrying` (held back, delivered once the destination works
   * again) or `Dropped` (given up on). Absent on a delivered notification.
   */
  undelivered?: 'Retrying' | 'Dropped';
}

/** Which deliveries a test reads: every field given must match. */
export interface DeliveryFilter {
  /** The subscription's key. */
  subscriptionKey?: string;
  subscriptionId?: string;
  /** `Message`, `ResourceCreated`, `ResourceUpdated` or `ResourceDeleted`. */
  notificationType?: string;
  /** The message type, e.g. `OrderCreated`. */
  type?: string;
  resourceId?: string;
  resourceTypeId?: string;
  /** `true` reads the notifications a failing destination did not get (see `Delivery.undelivered`) instead of the delivered ones. */
  undelivered?: boolean;
}

export function deliveryMatches(delivery: Delivery, filter: DeliveryFilter): boolean {
  return (
    (delivery.undelivered !== undefined) === (filter.undelivered ?? false) &&
    (filter.subscriptionKey === undefined || delivery.subscriptionKey === filter.subscriptionKey) &&
    (filter.subscriptionId === undefined || delivery.subscription.id === filter.subscriptionId) &&
    (filter.notificationType === undefined || delivery.notificationType === filter.notificationType) &&
    (filter.type === undefined || delivery.messageType === filter.type) &&
    (filter.resourceId === undefined || delivery.resource.id === filter.resourceId) &&
    (filter.resourceTypeId === undefined || delivery.resource.typeId === filter.resourceTypeId)
  );
}

export type DeliveryListener = (delivery: Delivery) => void;

/** The Platform-format notification of a change (without its messages). */
function changeNotification(change: Change): Record<string, unknown> {
  const { resource } = change;
  const identifiers = userProvidedIdentifiers(resource);
  return {
    notificationType: change.kind,
    projectKey: change.project,
    resource: { typeId: change.typeId, id: resource.id },
    ...(identifiers ? { resourceUserProvidedIdentifiers: identifiers } : {}),
    version: resource.version,
    ...(change.kind === 'ResourceUpdated' && change.previous ? { oldVersion: change.previous.version } : {}),
    modifiedAt: change.at,
  };
}

/**
 * The largest notification each destination type's service takes, in bytes (the services' own
 * limits: 256 KB for the AWS queues and Service Bus, 1 MB for Event Grid, 8 MB for a Confluent Cloud
 * topic, 10 MB for Pub/Sub). A message that does not fit is delivered without its payload.
 */
const KB = 1024;
export const MAX_NOTIFICATION_BYTES: Record<Subscription['destination']['type'], number> = {
  SQS: 256 * KB,
  SNS: 256 * KB,
  EventBridge: 256 * KB,
  AzureServiceBus: 256 * KB,
  EventGrid: 1024 * KB,
  ConfluentCloud: 8 * 1024 * KB,
  GoogleCloudPubSub: 10 * 1024 * KB,
};

/** The fields every message has; what a message notification keeps when its payload is left out. */
const MESSAGE_ENVELOPE = [
  'notificationType',
  'projectKey',
  ...BASE_FIELDS,
  'sequenceNumber',
  'resource',
  'resourceVersion',
  'resourceUserProvidedIdentifiers',
] as const;

/** A message notification without its payload (its `type` and type-specific fields), saying why, as the platform sends it. */
function withoutPayload(data: Record<string, unknown>): Record<string, unknown> {
  const envelope = Object.fromEntries(MESSAGE_ENVELOPE.filter((field) => field in data).map((field) => [field, data[field]]));
  return { ...envelope, payloadNotIncluded: { reason: 'Payload too large', payloadType: data.type } };
}

/** What a destination in each status does with a new notification: hold it back, drop it, or (absent) take it. */
const HOLDING: Record<SubscriptionStatus, Delivery['undelivered']> = {
  Healthy: undefined,
  TemporaryError: 'Retrying',
  ConfigurationError: 'Retrying',
  ConfigurationErrorDeliveryStopped: 'Dropped',
};

const byteLength = (body: unknown) => Buffer.byteLength(JSON.stringify(body), 'utf8');

/** Whether the change gives a subscription a destination it has not had: created, or its destination changed. */
function needsTestMessage(change: Change): boolean {
  if (change.typeId !== SUBSCRIPTION_TYPE_ID || change.kind === 'ResourceDeleted' || change.kind === undefined) return false;
  return change.kind === 'ResourceCreated' || !jsonEqual(change.previous?.destination, change.resource.destination);
}

/**
 * A CloudEvent (1.0) around a Platform-format notification, as the platform's CloudEvents format sends
 * it: a message carries its `sequence`, and its `dataref` while `/messages` serves it.
 */
function cloudEvent(
  change: Change,
  kind: string,
  data: Record<string, unknown>,
  message?: { id: string; sequenceNumber: number; queryable: boolean },
) {
  return {
    specversion: '1.0',
    id: uuid(),
    type: `com.commercetools.${change.typeId}.${message ? 'message' : 'change'}.${kind}`,
    source: `/${change.project}/${change.path ?? change.typeId}`,
    subject: change.resource.id,
    time: change.at,
    ...(message ? { sequence: String(message.sequenceNumber), sequencetype: 'Integer' } : {}),
    ...(message?.queryable ? { dataref: `/${change.project}/messages/${message.id}` } : {}),
    data,
  };
}

/**
 * Collects the changes of the running transaction and delivers them when the outermost one commits.
 * Nested transactions behave as savepoints, like the storage's: an inner one that fails takes back only
 * its own changes.
 */
export class Outbox {
  private pending: Change[] | undefined;
  private readonly listeners = new Set<DeliveryListener>();

  constructor(
    private readonly storage: StorageBackend,
    /** Whether `/messages` serves the project's messages (a CloudEvent's `dataref` points there). */
    private readonly messagesQueryable: (project: string) => boolean,
    /** The deliveries kept per project; past it the oldest go (see `droppedAtOnce`). */
    private readonly deliveriesPerProject = DELIVERIES_KEPT,
  ) {}

  /** Runs `work` (which opens the storage transaction) and delivers its changes if it commits outermost. */
  around<T>(work: () => T): T {
    const outermost = this.pending === undefined;
    const pending = (this.pending ??= []);
    const mark = pending.length;
    try {
      const result = work();
      if (outermost) {
        this.pending = undefined;
        if (pending.length > 0) this.deliver(pending);
      }
      return result;
    } catch (error) {
      pending.length = mark;
      throw error;
    } finally {
      if (outermost) this.pending = undefined;
    }
  }

  /** Notes a stored change; costs a lookup when the project has no subscription. */
  record(change: Change): void {
    if (!hasSubscriptions(this.storage, change.project)) return;
    if (this.pending) this.pending.push(change);
    else this.deliver([change]);
  }

  /** Calls `listener` with every delivery from now on; returns what stops it. */
  listen(listener: DeliveryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private deliver(changes: readonly Change[]): void {
    const projects = new Set<string>();
    for (const change of changes) {
      projects.add(change.project);
      if (needsTestMessage(change)) {
        // The platform checks a new destination with a test message: a ResourceCreated notification of the subscription itself.
        const test = { ...change, kind: 'ResourceCreated' as const };
        this.send(change.resource as Subscription, test, test.kind, changeNotification(test));
        // A destination changed from a failing one gets what was held back for it, after the test message.
        this.settleHeld(change.project, change.resource.id, (change.resource as Subscription).status);
      }
      const subscriptions = [...this.storage.scan(change.project, SUBSCRIPTION_TYPE_ID)] as Subscription[];
      for (const subscription of subscriptions) {
        if (change.kind && subscription.changes.some((wanted) => wanted.resourceTypeId === change.typeId)) {
          const data = changeNotification(change);
          this.send(subscription, change, change.kind, data);
        }
        const wanted = subscription.messages.filter((entry) => entry.resourceTypeId === change.typeId);
        if (wanted.length === 0) continue;
        for (const message of change.messages) {
          const type = message.type as string;
          if (!wanted.some((entry) => !entry.types?.length || entry.types.includes(type))) continue;
          const data = { notificationType: 'Message', projectKey: change.project, ...message };
          this.send(subscription, change, type, data, message);
        }
      }
    }
    for (const project of projects) this.dropOldest(project);
  }

  /** Past the project's limit, drops its oldest deliveries, held back or not: the order `scan` gives is the order they were recorded. */
  private dropOldest(project: string): void {
    const count = this.storage.count(project, DELIVERY_TYPE_ID);
    if (count <= this.deliveriesPerProject) return;
    const dropping = count - this.deliveriesPerProject + droppedAtOnce(this.deliveriesPerProject);
    const oldest: string[] = [];
    for (const delivery of this.storage.scan(project, DELIVERY_TYPE_ID)) {
      if (oldest.push(delivery.id) === dropping) break;
    }
    for (const id of oldest) this.storage.delete(project, DELIVERY_TYPE_ID, id);
  }

  private cloudEvent(change: Change, kind: string, data: Record<string, unknown>, message: StoredDocument | undefined) {
    if (!message) return cloudEvent(change, kind, data);
    const queryable = this.messagesQueryable(change.project);
    return cloudEvent(change, kind, data, { id: message.id, sequenceNumber: message.sequenceNumber as number, queryable });
  }

  /** The body the destination gets: the notification itself, or a CloudEvent around it. */
  private formatted(subscription: Subscription, change: Change, kind: string, data: Record<string, unknown>, message?: StoredDocument) {
    return subscription.format.type === 'CloudEvents' ? this.cloudEvent(change, kind, data, message) : data;
  }

  /** Records one notification (`kind`: the change or the message type) and hands it to the listeners. */
  private send(subscription: Subscription, change: Change, kind: string, data: Record<string, unknown>, message?: StoredDocument): void {
    const limit = MAX_NOTIFICATION_BYTES[subscription.destination.type];
    let payload = this.formatted(subscription, change, kind, data, message);
    if (message && byteLength(payload) > limit) payload = this.formatted(subscription, change, kind, withoutPayload(data), message);
    const delivery: Delivery = {
      id: uuid(),
      version: 1,
      subscription: { typeId: 'subscription', id: subscription.id },
      ...(subscription.key !== undefined ? { subscriptionKey: subscription.key } : {}),
      destination: subscription.destination,
      format: subscription.format.type,
      notificationType: data.notificationType as string,
      ...(message ? { messageType: kind } : {}),
      resource: { typeId: change.typeId, id: change.resource.id },
      payload,
    };
    const held = HOLDING[subscription.status];
    if (held) delivery.undelivered = held;
    this.storage.write(change.project, DELIVERY_TYPE_ID, delivery, { expectedVersion: 0 });
    if (!held) this.announce(delivery);
  }

  /**
   * Reports the subscription's destination as failing (`status`) or working again (`Healthy`), as the
   * platform's health check does: without a new version. Working again delivers what was held back,
   * in order; stopping drops it.
   */
  setStatus(project: string, subscription: Subscription, status: SubscriptionStatus): void {
    this.storage.write(
      project,
      SUBSCRIPTION_TYPE_ID,
      { ...subscription, status },
      {
        expectedVersion: subscription.version,
        ...(subscription.key !== undefined ? { key: subscription.key } : {}),
      },
    );
    this.settleHeld(project, subscription.id, status);
  }

  /** Delivers (when healthy) or drops (when stopped) the notifications held back for a subscription. */
  private settleHeld(project: string, subscriptionId: string, status: SubscriptionStatus): void {
    if (status !== 'Healthy' && status !== 'ConfigurationErrorDeliveryStopped') return;
    for (const delivery of [...this.storage.scan(project, DELIVERY_TYPE_ID)] as Delivery[]) {
      if (delivery.subscription.id !== subscriptionId || delivery.undelivered !== 'Retrying') continue;
      const { undelivered: _, ...settled } = delivery;
      const next: Delivery = status === 'Healthy' ? settled : { ...settled, undelivered: 'Dropped' };
      // Settled now, so it moves to the end: deliveries read in the order the destination got them.
      this.storage.delete(project, DELIVERY_TYPE_ID, delivery.id);
      this.storage.write(project, DELIVERY_TYPE_ID, next, { expectedVersion: 0 });
      if (status === 'Healthy') this.announce(next);
    }
  }

  private announce(delivery: Delivery): void {
    for (const listener of this.listeners) {
      try {
        listener(delivery);
      } catch (error) {
        // The change is stored already: a failing listener must not turn it into a failed request.
        console.error('commerce-mock: an onDelivery listener threw', error);
      }
    }
  }
}
