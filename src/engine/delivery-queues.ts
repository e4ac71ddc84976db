/**
 * The deliveries to SQS destinations as queues an app consumes (served over the SQS protocol by
 * adapters/sqs.ts). A queue holds what its destination was delivered, of every project, in order; what
 * a consumer did with each delivery is a receipt stored beside it (how often it was received, until
 * when it is invisible, whether it was deleted), so clearing, snapshots and exports take the queue's
 * progress along with the deliveries. No receipt: not received yet.
 */
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { DELIVERY_TYPE_ID, type Delivery } from './outbox.js';
import { SUBSCRIPTION_TYPE_ID, type Subscription } from './subscription.js';

export const RECEIPT_TYPE_ID = 'delivery-receipt';

/** A queue as SQS names it: the account and the queue's name, the last two segments of its URL. */
export interface QueueName {
  account: string;
  name: string;
}

/** A queue some subscription delivers to (or delivered to): its name and the region of its URL. */
export interface Queue extends QueueName {
  region: string;
}

/** What a consumer did with one delivery; its id is the delivery's. */
interface Receipt extends StoredDocument {
  receiveCount: number;
  /** When the delivery is visible again (epoch milliseconds), unless deleted. */
  visibleAt: number;
  firstReceivedAt: number;
  deleted?: true;
}

/** A delivery handed to a consumer, with the handle that deletes it or changes its visibility. */
export interface Received {
  delivery: Delivery;
  receiveCount: number;
  firstReceivedAt: number;
  receiptHandle: string;
}

/** Why a receipt handle is refused: SQS's error names. */
export class QueueRefusal extends Error {
  constructor(
    readonly reason: 'ReceiptHandleIsInvalid' | 'MessageNotInflight',
    message: string,
  ) {
    super(message);
  }
}

const QUEUE_URL_END = /\/(\d{12})\/([\w-]{1,80})\/?$/;

/** The queue a URL names: the platform's (`https://sqs.<region>.amazonaws.com/<account>/<name>`) or the mock's, whose host differs. */
export function queueNameOf(queueUrl: string): QueueName | undefined {
  const found = QUEUE_URL_END.exec(queueUrl.split(/[?#]/)[0]!);
  return found ? { account: found[1]!, name: found[2]! } : undefined;
}

const sameQueue = (a: QueueName, b: QueueName) => a.account === b.account && a.name === b.name;

/** The queue an SQS destination names. */
function queueOfDestination(destination: Subscription['destination']): Queue | undefined {
  if (destination.type !== 'SQS') return undefined;
  const name = queueNameOf(destination.queueUrl);
  return name && { ...name, region: destination.region };
}

/** A receipt handle: which delivery, in which project, and which receive of it (only the latest one deletes it). */
function handleOf(project: string, deliveryId: string, receiveCount: number): string {
  return Buffer.from(JSON.stringify([project, deliveryId, receiveCount])).toString('base64url');
}

function readHandle(handle: string): [project: string, deliveryId: string, receiveCount: number] | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(handle, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      Number.isInteger(value[2])
    ) {
      return value as [string, string, number];
    }
  } catch {
    // not one of ours: refused below
  }
  return undefined;
}

export class DeliveryQueues {
  constructor(private readonly storage: StorageBackend) {}

  /**
   * The queue with this name that a subscription of any project delivers to or delivered to; the
   * first of that name when no account is given.
   */
  find(wanted: { name: string; account?: string | undefined }): Queue | undefined {
    const matches = (queue: Queue | undefined): queue is Queue =>
      queue !== undefined && queue.name === wanted.name && (wanted.account === undefined || queue.account === wanted.account);
    for (const project of this.storage.projects()) {
      for (const subscription of this.storage.scan(project, SUBSCRIPTION_TYPE_ID) as Iterable<Subscription>) {
        const queue = queueOfDestination(subscription.destination);
        if (matches(queue)) return queue;
      }
      for (const delivery of this.storage.scan(project, DELIVERY_TYPE_ID) as Iterable<Delivery>) {
        const queue = queueOfDestination(delivery.destination);
        if (matches(queue)) return queue;
      }
    }
    return undefined;
  }

  /**
   * Up to `max` visible deliveries of the queue, oldest first, each made invisible for `visibilityMs`:
   * never received, or received and neither deleted nor still within its visibility timeout.
   */
  receive(queue: QueueName, max: number, visibilityMs: number, now: number): Received[] {
    const received: Received[] = [];
    this.storage.transaction(() => {
      for (const { project, delivery, receipt } of this.#entries(queue)) {
        if (received.length === max) break;
        if (receipt?.deleted || (receipt && receipt.visibleAt > now)) continue;
        const next: Receipt = {
          id: delivery.id,
          version: (receipt?.version ?? 0) + 1,
          receiveCount: (receipt?.receiveCount ?? 0) + 1,
          visibleAt: now + visibilityMs,
          firstReceivedAt: receipt?.firstReceivedAt ?? now,
        };
        this.storage.write(project, RECEIPT_TYPE_ID, next, { expectedVersion: receipt?.version ?? 0 });
        const { receiveCount, firstReceivedAt } = next;
        received.push({ delivery, receiveCount, firstReceivedAt, receiptHandle: handleOf(project, delivery.id, receiveCount) });
      }
    });
    return received;
  }

  /**
   * Deletes the delivery the handle names. A handle of an earlier receive deletes nothing and is no
   * error, as SQS documents (only the latest receipt handle deletes); a deleted delivery stays deleted.
   */
  delete(queue: QueueName, handle: string): void {
    const { project, receipt, latest } = this.#receiptOf(queue, handle);
    if (!latest || receipt.deleted) return;
    this.storage.write(
      project,
      RECEIPT_TYPE_ID,
      { ...receipt, version: receipt.version + 1, deleted: true },
      { expectedVersion: receipt.version },
    );
  }

  /** Makes the received delivery visible again in `visibilityMs` from now (0: at once); it must be in flight. */
  changeVisibility(queue: QueueName, handle: string, visibilityMs: number, now: number): void {
    const { project, receipt, latest } = this.#receiptOf(queue, handle);
    if (!latest || receipt.deleted || receipt.visibleAt <= now) {
      throw new QueueRefusal('MessageNotInflight', 'The message referred to is not in flight.');
    }
    const next = { ...receipt, version: receipt.version + 1, visibleAt: now + visibilityMs };
    this.storage.write(project, RECEIPT_TYPE_ID, next, { expectedVersion: receipt.version });
  }

  /** How many deliveries of the queue are visible, how many in flight, and when the next in flight one is visible again. */
  census(queue: QueueName, now: number): { visible: number; inFlight: number; nextVisibleAt: number | undefined } {
    let visible = 0;
    let inFlight = 0;
    let nextVisibleAt: number | undefined;
    for (const { receipt } of this.#entries(queue)) {
      if (receipt?.deleted) continue;
      if (!receipt || receipt.visibleAt <= now) visible++;
      else {
        inFlight++;
        nextVisibleAt = Math.min(nextVisibleAt ?? receipt.visibleAt, receipt.visibleAt);
      }
    }
    return { visible, inFlight, nextVisibleAt };
  }

  /** The queue's deliveries in the order they were delivered (project by project), each with its receipt. */
  *#entries(queue: QueueName): Generator<{ project: string; delivery: Delivery; receipt: Receipt | undefined }> {
    for (const project of this.storage.projects()) {
      for (const delivery of this.storage.scan(project, DELIVERY_TYPE_ID) as Iterable<Delivery>) {
        if (delivery.undelivered !== undefined) continue;
        const target = queueOfDestination(delivery.destination);
        if (!target || !sameQueue(target, queue)) continue;
        yield { project, delivery, receipt: this.storage.get(project, RECEIPT_TYPE_ID, delivery.id) as Receipt | undefined };
      }
    }
  }

  #receiptOf(queue: QueueName, handle: string): { project: string; receipt: Receipt; latest: boolean } {
    const read = readHandle(handle);
    const delivery = read && (this.storage.get(read[0], DELIVERY_TYPE_ID, read[1]) as Delivery | undefined);
    const target = delivery && queueOfDestination(delivery.destination);
    const receipt = read && (this.storage.get(read[0], RECEIPT_TYPE_ID, read[1]) as Receipt | undefined);
    if (!read || !target || !sameQueue(target, queue) || !receipt || read[2] < 1 || read[2] > receipt.receiveCount) {
      throw new QueueRefusal('ReceiptHandleIsInvalid', `The input receipt handle "${handle}" is not a valid receipt handle.`);
    }
    return { project: read[0], receipt, latest: read[2] === receipt.receiveCount };
  }
}
