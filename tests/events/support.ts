/** What the event specs share: a destination for their subscriptions, a way to create one, a resource's messages. */
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

/** The messages of one resource, in order (by sequence number), as `/messages` serves them. */
export async function messagesOf(apiRoot: ByProjectKeyRequestBuilder, resourceId: string): Promise<Array<Record<string, unknown>>> {
  const page = await apiRoot
    .messages()
    .get({ queryArgs: { where: `resource(id="${resourceId}")`, sort: 'sequenceNumber asc', limit: 500 } })
    .execute();
  return page.body.results as unknown as Array<Record<string, unknown>>;
}
