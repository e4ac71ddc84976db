/**
 * Messages: what the platform records of every change (`<Resource>Created`, one message per update
 * action that has one, `<Resource>Deleted`), numbered per resource, queryable at `/messages`. The
 * engine writes them (`MessageWriter`) in the transaction of the change they describe, so a refused
 * or rolled back request leaves none. The resource that serves them is src/resources/messages.ts.
 */
import type { Author } from '../http/context.js';
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { uuid } from '../util/ids.js';
import { compactCopy } from '../util/json.js';
import { millisOf } from '../util/time.js';
import type { MessagePayload, ResourceDefinition } from './define.js';
import { hasSubscriptions } from '../engine/subscription.js';

export const MESSAGE_TYPE_ID = 'message';
const SEQUENCES = 'message#sequence';
const PROJECT_SETTINGS = { typeId: 'project', id: 'settings' } as const;

/**
 * The messages configuration of a project the mock has not been told otherwise about. The platform
 * creates projects with the Messages Query API off; the mock turns it on, because a test double is
 * read by tests, and a test that wants the platform's default sends `changeMessagesConfiguration`.
 */
export const DEFAULT_MESSAGES_CONFIGURATION = { enabled: true, deleteDaysAfterCreation: 15 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long the project keeps a message, in milliseconds: its messages setting's `deleteDaysAfterCreation`. */
function retentionMs(storage: StorageBackend, project: string): number {
  const settings = storage.get(project, PROJECT_SETTINGS.typeId, PROJECT_SETTINGS.id);
  const configuration = settings?.messages as { deleteDaysAfterCreation?: number } | undefined;
  return (configuration?.deleteDaysAfterCreation ?? DEFAULT_MESSAGES_CONFIGURATION.deleteDaysAfterCreation) * DAY_MS;
}

/**
 * The oldest `createdAt` of the messages the project still keeps at `now`: its messages setting's
 * `deleteDaysAfterCreation` days back. Reads leave older ones out at once; the writer deletes them
 * as it writes (`MessageWriter.dropExpired`), as the platform deletes them.
 */
export function retainedSince(storage: StorageBackend, project: string, now: string): string {
  return new Date(Date.parse(now) - retentionMs(storage, project)).toISOString();
}

/** The longest a project's expired messages wait for the writer to look for them: a changed setting or a restore is seen within it. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Whether a stored message is still kept: created at or after `since` (ISO strings of one format compare as dates). */
export const retained = (since: string) => (message: StoredDocument) => createdAtOf(message) >= since;

/**
 * A resource's Created message is stored slim: `{ id, version, resource: '<typeId>', type, <field>:
 * <the resource> }`. Everything else it has (sequence number 1, the reference, the resource's version
 * and identifiers, the time and the author) is the created resource's own, so `fullMessage` derives
 * it on read. The writer stores the slim form only when that derivation gives back exactly the
 * message written. It saves about 130 bytes per created resource: seeding makes mostly these.
 */
const isSlim = (stored: StoredDocument) => typeof stored.resource === 'string';

/** The fields `fullMessage` adds to a slim message: a `where` or `sort` naming one reads full messages. */
export const DERIVED_MESSAGE_FIELDS = [
  'sequenceNumber',
  'resource',
  'resourceVersion',
  'resourceUserProvidedIdentifiers',
  'createdAt',
  'lastModifiedAt',
  'createdBy',
  'lastModifiedBy',
] as const;

/** The created resource a slim message carries (its one field besides the envelope's). */
function createdResource(slim: StoredDocument): [field: string, resource: StoredDocument] {
  for (const field in slim) {
    if (field !== 'id' && field !== 'version' && field !== 'resource' && field !== 'type') return [field, slim[field] as StoredDocument];
  }
  throw new Error(`commerce-mock: the slim message ${slim.id} carries no resource.`);
}

const createdAtOf = (stored: StoredDocument) => (isSlim(stored) ? createdResource(stored)[1].createdAt : stored.createdAt) as string;

/** The message as the platform shows it, from its stored form (see `isSlim`). */
export function fullMessage(stored: StoredDocument): StoredDocument {
  if (!isSlim(stored)) return stored;
  const [field, resource] = createdResource(stored);
  const about = {
    typeId: stored.resource as string,
    resource,
    resourceVersion: resource.version,
    identifiers: userProvidedIdentifiers(resource),
  };
  const at = { now: resource.createdAt as string, author: resource.createdBy as Author };
  return envelope(stored.id, 1, about, { type: stored.type as string, [field]: resource }, at);
}

/** What a message is about: the resource (of type `typeId`) at `resourceVersion`, and its identifiers then. */
interface MessageSubject {
  typeId: string;
  resource: StoredDocument;
  resourceVersion: number;
  identifiers: Record<string, unknown> | undefined;
}

/** A message with every field the platform gives one, around `payload`. */
function envelope(
  id: string,
  sequenceNumber: number,
  { typeId, resource, resourceVersion, identifiers }: MessageSubject,
  payload: MessagePayload,
  at: { now: string; author: Author },
): StoredDocument {
  return {
    id,
    version: 1,
    sequenceNumber,
    resource: { typeId, id: resource.id },
    resourceVersion,
    ...(identifiers ? { resourceUserProvidedIdentifiers: identifiers } : {}),
    ...payload,
    createdAt: at.now,
    lastModifiedAt: at.now,
    createdBy: at.author,
    lastModifiedBy: at.author,
  };
}

/**
 * What the writer stores of `message`: slim when it is the Created message of `resource` that
 * `fullMessage` gives back exactly, else the whole message, compact (see compactCopy).
 */
function storedForm(message: StoredDocument, resource: StoredDocument, payload: MessagePayload, typeId: string): StoredDocument {
  const fields = Object.keys(payload);
  const field = fields.find((name) => name !== 'type');
  const derivable =
    message.sequenceNumber === 1 &&
    fields.length === 2 &&
    field !== undefined &&
    payload[field as keyof MessagePayload] === resource &&
    message.resourceVersion === resource.version &&
    message.createdAt === resource.createdAt &&
    message.createdBy === resource.createdBy;
  if (!derivable) return compactCopy(message);
  return compactCopy({ id: message.id, version: 1, resource: typeId, type: payload.type, [field]: resource });
}

/** The identifiers a client gave the resource, as the platform repeats them on its messages. */
export function userProvidedIdentifiers(resource: StoredDocument): Record<string, unknown> | undefined {
  let identifiers: Record<string, unknown> | undefined;
  for (const field of ['key', 'externalId', 'orderNumber', 'customerNumber', 'sku'] as const) {
    if (typeof resource[field] === 'string') (identifiers ??= {})[field] = resource[field];
  }
  if (resource.slug !== null && typeof resource.slug === 'object') (identifiers ??= {}).slug = resource.slug;
  return identifiers && compactCopy(identifiers);
}

/** Writes a change's messages: the platform's fields around each payload, sequence numbers per resource. */
export class MessageWriter {
  /** Per project: the time (the mock's clock) before which no stored message comes of age, so a write before it looks for none. */
  private readonly nextSweep = new Map<string, number>();

  constructor(private readonly storage: StorageBackend) {}

  /** Whether the project records messages for `/messages` (its `messages.enabled`). */
  enabled(project: string): boolean {
    const settings = this.storage.get(project, PROJECT_SETTINGS.typeId, PROJECT_SETTINGS.id);
    const configuration = settings?.messages as { enabled?: boolean } | undefined;
    return configuration?.enabled ?? DEFAULT_MESSAGES_CONFIGURATION.enabled;
  }

  /**
   * Whether anyone reads the project's messages: `/messages`, or a subscription (which the platform
   * delivers to whatever the messages setting says). Nothing is built while no one does.
   */
  wanted(project: string): boolean {
    return this.enabled(project) || hasSubscriptions(this.storage, project);
  }

  /**
   * Stores the messages of one change of `resource` (at `resourceVersion`, the version the change
   * produced; `created` when the change created it); call inside the transaction that stores the
   * change. Returns the messages, which are stored for `/messages` only while the project's messages
   * are enabled (subscriptions get them anyway).
   *
   * Sequence numbers count from the Created message of a type that has one, which the platform
   * always generates: a resource whose only message is that one needs no stored counter (most
   * seeded resources), and a counter is stored once it has more.
   */
  write(
    project: string,
    definition: ResourceDefinition,
    resource: StoredDocument,
    resourceVersion: number,
    payloads: readonly MessagePayload[],
    at: { now: string; author: Author; created: boolean },
  ): StoredDocument[] {
    if (payloads.length === 0) return [];
    const { storage } = this;
    const counter = storage.get(project, SEQUENCES, resource.id);
    const implied = definition.messages?.created ? 1 : 0;
    let sequenceNumber = counter?.version ?? (at.created ? 0 : implied);
    const stored = this.enabled(project);
    const written: StoredDocument[] = [];
    const about = { typeId: definition.typeId, resource, resourceVersion, identifiers: userProvidedIdentifiers(resource) };
    for (const payload of payloads) {
      sequenceNumber += 1;
      const message = envelope(uuid(), sequenceNumber, about, payload, at);
      if (stored)
        storage.write(project, MESSAGE_TYPE_ID, storedForm(message, resource, payload, definition.typeId), { expectedVersion: 0 });
      written.push(message);
    }
    if (counter || sequenceNumber !== implied) {
      storage.write(project, SEQUENCES, { id: resource.id, version: sequenceNumber }, { expectedVersion: counter?.version ?? 0 });
    }
    this.dropExpired(project, at.now);
    return written;
  }

  /**
   * Deletes the project's messages older than its `deleteDaysAfterCreation`, as the platform does:
   * the oldest first, in the order they were written, up to the first one still kept. Costs a
   * comparison per write until the oldest kept message comes of age (or an hour has passed, so that
   * a shorter setting or a restored state is seen).
   */
  private dropExpired(project: string, now: string): void {
    const nowMs = millisOf(now);
    if (nowMs < (this.nextSweep.get(project) ?? 0)) return;
    const { storage } = this;
    const keptMs = retentionMs(storage, project);
    const since = new Date(nowMs - keptMs).toISOString();
    const expired: string[] = [];
    let next = nowMs + SWEEP_INTERVAL_MS;
    for (const message of storage.scan(project, MESSAGE_TYPE_ID)) {
      const createdAt = createdAtOf(message);
      if (createdAt >= since) {
        next = Math.min(next, Date.parse(createdAt) + keptMs);
        break;
      }
      expired.push(message.id);
    }
    for (const id of expired) storage.delete(project, MESSAGE_TYPE_ID, id);
    this.nextSweep.set(project, next);
  }
}

/** Which messages a test reads (`commerce.events.messages(filter)`, the admin route): every field given must match. */
export interface MessageFilter {
  /** The message type, e.g. `OrderStateChanged`. */
  type?: string;
  /** The id of the resource the message is about. */
  resourceId?: string;
  /** The type id of the resource the message is about, e.g. `order`. */
  resourceTypeId?: string;
}

export function messageMatches(message: StoredDocument, filter: MessageFilter): boolean {
  const resource = message.resource as { typeId: string; id: string };
  return (
    (filter.type === undefined || message.type === filter.type) &&
    (filter.resourceId === undefined || resource.id === filter.resourceId) &&
    (filter.resourceTypeId === undefined || resource.typeId === filter.resourceTypeId)
  );
}
