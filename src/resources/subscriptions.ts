/**
 * Subscriptions: where the platform pushes messages and change notifications (a queue, a topic, an
 * event bus). The draft is validated as the platform validates it: each destination type with its
 * required fields in their formats, the resource types a subscription may name, and at least one of
 * `messages`, `changes` or `events`. The mock contacts no destination.
 */
import { z } from 'zod';
import { errors } from '../http/errors.js';
import type { StorageBackend, StoredDocument } from '../storage/types.js';
import { setter } from './common.js';
import { action, defineResource, type ResourceContext } from './define.js';
import { Key } from './validation.js';

const Required = z.string().min(1);
const AwsRegion = z.string().regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'An AWS region such as eu-central-1.');
const AwsAccountId = z.string().regex(/^\d{12}$/, 'An AWS account id: 12 digits.');
const HttpsUrl = z.string().regex(/^https:\/\/[^\s/?#]+(\/\S*)?$/, 'An https URL.');

const AwsCredentials = {
  accessKey: z.string().optional(),
  accessSecret: z.string().optional(),
  authenticationMode: z.enum(['Credentials', 'IAM']).optional(),
};

export const Destination = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('SQS'),
    queueUrl: z.string().regex(/^https:\/\/sqs\.[a-z0-9-]+\.amazonaws\.com\/\d{12}\/[\w-]+(\.fifo)?$/, 'An SQS queue URL.'),
    region: AwsRegion,
    ...AwsCredentials,
  }),
  z.object({
    type: z.literal('SNS'),
    topicArn: z.string().regex(/^arn:aws:sns:[a-z0-9-]+:\d{12}:[\w-]+(\.fifo)?$/, 'An SNS topic ARN.'),
    ...AwsCredentials,
  }),
  z.object({ type: z.literal('EventBridge'), region: AwsRegion, accountId: AwsAccountId }),
  z.object({
    type: z.literal('AzureServiceBus'),
    connectionString: z
      .string()
      .regex(
        /^Endpoint=sb:\/\/[^;]+;SharedAccessKeyName=[^;]+;SharedAccessKey=[^;]+;EntityPath=[^;]+$/,
        'A Service Bus connection string.',
      ),
  }),
  z.object({ type: z.literal('EventGrid'), uri: HttpsUrl, accessKey: Required }),
  z.object({ type: z.literal('GoogleCloudPubSub'), projectId: Required, topic: Required }),
  z.object({
    type: z.literal('ConfluentCloud'),
    bootstrapServer: Required,
    apiKey: Required,
    apiSecret: Required,
    acks: z.enum(['0', '1', '-1', 'all']),
    topic: Required,
    key: z.string().optional(),
  }),
]);
type Destination = z.infer<typeof Destination>;

/** The resource types whose messages a subscription may name (the platform's MessageSubscriptionResourceTypeId). */
const MessageResourceTypeId = z.enum([
  'approval-flow',
  'approval-rule',
  'associate-role',
  'business-unit',
  'category',
  'customer',
  'customer-email-token',
  'customer-group',
  'customer-password-token',
  'inventory-entry',
  'order',
  'payment',
  'product',
  'product-selection',
  'product-tailoring',
  'quote',
  'quote-request',
  'review',
  'shopping-list',
  'staged-quote',
  'standalone-price',
  'store',
]);
const MessageSubscription = z.object({ resourceTypeId: MessageResourceTypeId, types: z.array(Required).optional() });
/** Change notifications may name any resource type the platform has (its ChangeSubscriptionResourceTypeId). */
const ChangeSubscription = z.object({ resourceTypeId: Required });
/**
 * Events come from Checkout and the Import API (the platform's EventSubscriptionResourceTypeId), each
 * type from one of them; the mock serves neither, so an events subscription is stored and never delivered to.
 */
const EVENT_TYPES = {
  checkout: [
    'CheckoutOrderCreationFailed',
    'CheckoutPaymentAuthorizationCancelled',
    'CheckoutPaymentAuthorizationFailed',
    'CheckoutPaymentAuthorized',
    'CheckoutPaymentCancelAuthorizationFailed',
    'CheckoutPaymentCharged',
    'CheckoutPaymentChargeFailed',
    'CheckoutPaymentRefunded',
    'CheckoutPaymentRefundFailed',
  ],
  'import-api': [
    'ImportContainerCreated',
    'ImportContainerDeleted',
    'ImportOperationRejected',
    'ImportUnresolved',
    'ImportValidationFailed',
    'ImportWaitForMasterVariant',
  ],
} as const;
const EventType = z.enum([...EVENT_TYPES.checkout, ...EVENT_TYPES['import-api']]);
const EventSubscription = z.object({
  resourceTypeId: z.enum(['checkout', 'import-api']),
  types: z.array(EventType).optional(),
});
const DeliveryFormat = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Platform') }),
  z.object({ type: z.literal('CloudEvents'), cloudEventsVersion: z.literal('1.0') }),
]);

export const SubscriptionDraft = z.object({
  key: Key.optional(),
  destination: Destination,
  messages: z.array(MessageSubscription).optional(),
  changes: z.array(ChangeSubscription).optional(),
  events: z.array(EventSubscription).optional(),
  format: DeliveryFormat.optional(),
});
type SubscriptionDraft = z.infer<typeof SubscriptionDraft>;

export interface Subscription extends StoredDocument {
  key?: string;
  destination: Destination;
  messages: Array<z.infer<typeof MessageSubscription>>;
  changes: Array<z.infer<typeof ChangeSubscription>>;
  events: Array<z.infer<typeof EventSubscription>>;
  format: z.infer<typeof DeliveryFormat>;
  /** The destination's health as the platform reports it; a test makes it fail with `mock.failDestination`. */
  status: SubscriptionStatus;
}

/**
 * `Healthy` delivers; `TemporaryError` and `ConfigurationError` hold notifications back until the
 * destination works again; `ConfigurationErrorDeliveryStopped` drops them until `changeDestination`.
 */
export const FAILING_STATUSES = ['TemporaryError', 'ConfigurationError', 'ConfigurationErrorDeliveryStopped'] as const;
export type SubscriptionStatus = 'Healthy' | (typeof FAILING_STATUSES)[number];

/**
 * The destination as stored: an EventBridge destination gains the `source` its events carry, which
 * the platform derives from the project and the subscription.
 */
function storedDestination(destination: Destination, ctx: ResourceContext, key: string | undefined): Destination {
  if (destination.type !== 'EventBridge') return destination;
  return { ...destination, source: `aws.partner/commercetools.com/${ctx.project}/${key ?? 'subscription'}` } as Destination;
}

export const SUBSCRIPTION_TYPE_ID = 'subscription';

/** Whether the project has any subscription: a lookup, so a project without one pays nothing more for deliveries. */
export function hasSubscriptions(storage: StorageBackend, project: string): boolean {
  return storage.count(project, SUBSCRIPTION_TYPE_ID) > 0;
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

export const subscriptions = defineResource<SubscriptionDraft, Subscription>({
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
      () => z.object({ destination: Destination }),
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
});
