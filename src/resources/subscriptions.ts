/**
 * Subscriptions: where the platform pushes messages and change notifications (a queue, a topic, an
 * event bus). The draft is validated as the platform validates it: each destination type with its
 * required fields in their formats, the resource types a subscription may name, and at least one of
 * `messages`, `changes` or `events`. The mock contacts no destination. The shape the outbox reads is
 * in engine/subscription.ts.
 */
import * as z from 'zod';
import { errors } from '../http/errors.js';
import { setter } from '../engine/common-actions.js';
import { action, defineResource, type ResourceContext, type SdkTypes } from '../engine/define.js';
import {
  type Destination,
  EVENT_TYPES,
  SUBSCRIPTION_TYPE_ID,
  shownDestination,
  type Subscription,
  subscriptionSchemas,
} from '../engine/subscription.js';
import { Key } from '../engine/draft-fields.js';
import type { Subscription as SdkSubscription, SubscriptionDraft as SdkSubscriptionDraft } from '@commercetools/platform-sdk';

const schemas = subscriptionSchemas();
const { ChangeSubscription, DeliveryFormat, EventSubscription, MessageSubscription } = schemas;

export const SubscriptionDraft = z.object({
  key: Key.optional(),
  destination: schemas.Destination,
  messages: z.array(MessageSubscription).optional(),
  changes: z.array(ChangeSubscription).optional(),
  events: z.array(EventSubscription).optional(),
  format: DeliveryFormat.optional(),
});
type SubscriptionDraft = z.infer<typeof SubscriptionDraft>;

/**
 * The destination as stored: an EventBridge destination gains the `source` its events carry, which
 * the platform derives from the project and the subscription; an SQS or SNS destination its
 * `authenticationMode`, `Credentials` unless given.
 */
function storedDestination(destination: Destination, ctx: ResourceContext, key: string | undefined): Destination {
  if (destination.type === 'SQS' || destination.type === 'SNS')
    return { ...destination, authenticationMode: destination.authenticationMode ?? 'Credentials' };
  if (destination.type !== 'EventBridge') return destination;
  return { ...destination, source: `aws.partner/commercetools.com/${ctx.project}/${key ?? 'subscription'}` } as Destination;
}

/**
 * Refused at create and after every update: a subscription that names nothing to deliver, and an
 * event type of another resource type than the one it is listed under.
 */
function assertValid(subscription: Pick<Subscription, 'messages' | 'changes' | 'events'>): void {
  if (subscription.messages.length + subscription.changes.length + subscription.events.length === 0)
    throw errors.invalidInput("A subscription needs at least one of 'messages', 'changes' or 'events'.");
  for (const { resourceTypeId, types } of subscription.events) {
    const foreign = types?.find((type) => !(EVENT_TYPES[resourceTypeId] as readonly string[]).includes(type));
    if (foreign) throw errors.invalidInput(`The event type '${foreign}' is not an event of the resource type '${resourceTypeId}'.`);
  }
}

export const subscriptions = defineResource<SubscriptionDraft, Subscription, SdkTypes<SdkSubscriptionDraft, SdkSubscription>>({
  typeId: SUBSCRIPTION_TYPE_ID,
  path: 'subscriptions',
  draft: SubscriptionDraft,
  create(draft, ctx) {
    const subscription = {
      destination: storedDestination(draft.destination, ctx, draft.key),
      messages: draft.messages ?? [],
      changes: draft.changes ?? [],
      events: draft.events ?? [],
      format: draft.format ?? { type: 'Platform' },
      status: 'Healthy' as const,
      ...(draft.key !== undefined ? { key: draft.key } : {}),
    };
    assertValid(subscription);
    return subscription;
  },
  actions: {
    setKey: setter('key', Key),
    changeDestination: action(
      () => z.object({ destination: schemas.Destination }),
      (subscription: Subscription, a, ctx) => {
        subscription.destination = storedDestination(a.destination, ctx, subscription.key);
        // A new destination is a fixed configuration: the platform turns the subscription healthy again.
        subscription.status = 'Healthy';
      },
    ),
    setMessages: action(
      () => z.object({ messages: z.array(MessageSubscription).optional() }),
      (subscription: Subscription, a) => {
        subscription.messages = a.messages ?? [];
      },
    ),
    setChanges: action(
      () => z.object({ changes: z.array(ChangeSubscription).optional() }),
      (subscription: Subscription, a) => {
        subscription.changes = a.changes ?? [];
      },
    ),
    setEvents: action(
      () => z.object({ events: z.array(EventSubscription).optional() }),
      (subscription: Subscription, a) => {
        subscription.events = a.events ?? [];
      },
    ),
  },
  afterActions: assertValid,
  responseBody: (subscription) => ({ ...subscription, destination: shownDestination(subscription.destination) }),
});

declare module '../http/context.js' {
  interface StoredTypes {
    subscription: Subscription;
  }
}
