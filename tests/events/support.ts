/** What the event specs share: a destination for their subscriptions and a way to create one. */
import type { ByProjectKeyRequestBuilder, Destination, SubscriptionDraft } from '@commercetools/platform-sdk';

/** An SQS queue: a destination the platform accepts; the mock records what it would receive. */
export const sqs: Destination = {
  type: 'SQS',
  queueUrl: 'https://sqs.eu-central-1.amazonaws.com/123456789012/orders',
  region: 'eu-central-1',
  authenticationMode: 'IAM',
};

/** Creates a subscription through the SDK (to `sqs` unless the draft names a destination) and returns it as stored. */
export async function subscribe(
  apiRoot: ByProjectKeyRequestBuilder,
  draft: Omit<SubscriptionDraft, 'destination'> & { destination?: Destination },
) {
  return (
    await apiRoot
      .subscriptions()
      .post({ body: { destination: sqs, ...draft } })
      .execute()
  ).body;
}
