/**
 * The shape of a subscription, which the outbox reads to deliver (outbox.ts) and the subscription
 * resource type validates and stores (resources/subscriptions.ts): destinations, what a subscription
 * names, its delivery format and its health.
 */
import * as z from 'zod';
import type { Reply } from '../http/context.js';
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { once } from '../util/once.js';
import { partiallyHidden, withHidden } from './secrets.js';

/**
 * Events come from Checkout and the Import API (the platform's EventSubscriptionResourceTypeId), each
 * type from one of them; the mock serves neither, so an events subscription is stored and never delivered to.
 */
export const EVENT_TYPES = {
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

/**
 * The schemas of a subscription's parts (its destination, what it names, its format), made on first
 * use: the subscription type's module reads them when it is loaded.
 */
export const subscriptionSchemas = once(() => {
  const Required = z.string().min(1);
  const AwsRegion = z.string().regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'An AWS region such as eu-central-1.');
  const AwsAccountId = z.string().regex(/^\d{12}$/, 'An AWS account id: 12 digits.');
  const HttpsUrl = z.string().regex(/^https:\/\/[^\s/?#]+(\/\S*)?$/, 'An https URL.');

  const AwsCredentials = {
    accessKey: z.string().optional(),
    accessSecret: z.string().optional(),
    authenticationMode: z.enum(['Credentials', 'IAM']).optional(),
  };

  const Destination = z.discriminatedUnion('type', [
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
  const EventType = z.enum([...EVENT_TYPES.checkout, ...EVENT_TYPES['import-api']]);
  const EventSubscription = z.object({
    resourceTypeId: z.enum(['checkout', 'import-api']),
    types: z.array(EventType).optional(),
  });
  const DeliveryFormat = z.discriminatedUnion('type', [
    z.object({ type: z.literal('Platform') }),
    z.object({ type: z.literal('CloudEvents'), cloudEventsVersion: z.literal('1.0') }),
  ]);
  return { Destination, MessageSubscription, ChangeSubscription, EventSubscription, DeliveryFormat };
});
type SubscriptionSchemas = ReturnType<typeof subscriptionSchemas>;
export type Destination = z.infer<SubscriptionSchemas['Destination']>;

/** The fields of each destination type the platform partially hides on retrieval. */
const SECRET_FIELDS: Partial<Record<Destination['type'], readonly string[]>> = {
  SQS: ['accessKey', 'accessSecret'],
  SNS: ['accessKey', 'accessSecret'],
  EventGrid: ['accessKey'],
  ConfluentCloud: ['apiKey', 'apiSecret'],
};

/** The destination as responses show it: its secrets partially hidden (a Service Bus connection string's SharedAccessKey alone). */
export function shownDestination(destination: Destination): Destination {
  if (destination.type === 'AzureServiceBus') {
    const connectionString = destination.connectionString.replace(
      /(SharedAccessKey=)([^;]+)/,
      (_, name: string, key: string) => name + partiallyHidden(key),
    );
    return { ...destination, connectionString };
  }
  return withHidden(destination, SECRET_FIELDS[destination.type] ?? []);
}

export interface Subscription extends StoredDocument {
  key?: string;
  destination: Destination;
  messages: Array<z.infer<SubscriptionSchemas['MessageSubscription']>>;
  changes: Array<z.infer<SubscriptionSchemas['ChangeSubscription']>>;
  events: Array<z.infer<SubscriptionSchemas['EventSubscription']>>;
  format: z.infer<SubscriptionSchemas['DeliveryFormat']>;
  /** The destination's health as the platform reports it; a test makes it fail with `mock.events.failDestination`. */
  status: SubscriptionStatus;
}

/**
 * `Healthy` delivers; `TemporaryError` and `ConfigurationError` hold notifications back until the
 * destination works again; `ConfigurationErrorDeliveryStopped` drops them until `changeDestination`.
 */
export const FAILING_STATUSES = ['TemporaryError', 'ConfigurationError', 'ConfigurationErrorDeliveryStopped'] as const;
export type SubscriptionStatus = 'Healthy' | (typeof FAILING_STATUSES)[number];

export const SUBSCRIPTION_TYPE_ID = 'subscription';

/** Whether the project has any subscription: a lookup, so a project without one pays nothing more for deliveries. */
export function hasSubscriptions(storage: StorageBackend, project: string): boolean {
  return storage.count(project, SUBSCRIPTION_TYPE_ID) > 0;
}

/**
 * `GET /subscriptions/{id}/health`: the subscription's `status` as the HTTP status a monitoring
 * system polls: 200 `Healthy`, 503 `TemporaryError`, 400 for a configuration error (and the
 * platform's `ManuallySuspended`). The platform documents no body; the mock answers one in JSON
 * (the status, as an error envelope when failing), because the official SDK parses every answer
 * (docs/deviations.md).
 */
export function subscriptionHealth(subscription: Subscription): Reply {
  const { status } = subscription;
  if (status === 'Healthy') return { status: 200, body: { status } };
  const statusCode = status === 'TemporaryError' ? 503 : 400;
  const message = `The Subscription's destination is not healthy: ${status}.`;
  return { status: statusCode, body: { statusCode, message, errors: [{ code: status, message }] } };
}
