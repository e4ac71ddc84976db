/**
 * Secrets a client configures stay secret: an extension's Authorization header, a subscription's
 * access keys and a Service Bus connection string's SharedAccessKey are stored whole (the mock's own
 * calls use them) and partially hidden in every response (REST create, read, query, update, delete;
 * GraphQL), as the platform documents. An SQS or SNS destination without `authenticationMode` is
 * `Credentials`.
 */
import type { Destination, ExtensionDraft } from '@commercetools/platform-sdk';
import { type ExtensionService, startExtensionService } from '../support/extension-service.js';
import { expect, test } from '../support/sdk.js';

const SERVICE_BUS =
  'Endpoint=sb://shop.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=c2VjcmV0LWtleS12YWx1ZQ=;EntityPath=orders';

test('subscriptions: keys partially hidden in every response, stored whole; authenticationMode defaults to Credentials', async ({
  apiRoot,
  mock,
}) => {
  const sqs: Destination = {
    type: 'SQS',
    queueUrl: 'https://sqs.eu-central-1.amazonaws.com/123456789012/orders',
    region: 'eu-central-1',
    accessKey: 'AKIAIOSFODNN7EXAMPLE',
    accessSecret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  };
  const created = (
    await apiRoot
      .subscriptions()
      .post({ body: { key: 'orders', destination: sqs, changes: [{ resourceTypeId: 'order' }] } })
      .execute()
  ).body;
  const shownSqs = {
    ...sqs,
    authenticationMode: 'Credentials',
    accessKey: '****************MPLE',
    accessSecret: '************************************EKEY',
  };
  expect(created.destination).toEqual(shownSqs);
  expect((await apiRoot.subscriptions().withKey({ key: 'orders' }).get().execute()).body.destination).toEqual(shownSqs);
  expect((await apiRoot.subscriptions().get().execute()).body.results.map((found) => found.destination)).toEqual([shownSqs]);
  // Queries match what is stored, not what is shown.
  const byStoredKey = await apiRoot
    .subscriptions()
    .get({ queryArgs: { where: `destination(accessKey = "${sqs.accessKey}")` } })
    .execute();
  expect(byStoredKey.body.total).toBe(1);
  expect(mock.data.get('subscription', created.id)?.destination).toEqual({ ...sqs, authenticationMode: 'Credentials' });

  const serviceBus: Destination = { type: 'AzureServiceBus', connectionString: SERVICE_BUS };
  const changed = (
    await apiRoot
      .subscriptions()
      .withId({ ID: created.id })
      .post({ body: { version: created.version, actions: [{ action: 'changeDestination', destination: serviceBus }] } })
      .execute()
  ).body;
  expect(changed.destination).toEqual({
    type: 'AzureServiceBus',
    connectionString:
      'Endpoint=sb://shop.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=*******************1ZQ=;EntityPath=orders',
  });
  const gql = await apiRoot
    .graphql()
    .post({ body: { query: '{ subscription(key: "orders") { destination { ... on AzureServiceBusDestination { connectionString } } } }' } })
    .execute();
  expect(gql.body.data.subscription.destination.connectionString).toBe(
    changed.destination.type === 'AzureServiceBus' && changed.destination.connectionString,
  );
  const deleted = (
    await apiRoot
      .subscriptions()
      .withId({ ID: created.id })
      .delete({ queryArgs: { version: changed.version } })
      .execute()
  ).body;
  expect(deleted.destination).toEqual(changed.destination);

  const iam: Destination = { type: 'SNS', topicArn: 'arn:aws:sns:eu-central-1:123456789012:orders', authenticationMode: 'IAM' };
  const sns = (
    await apiRoot
      .subscriptions()
      .post({ body: { destination: iam, changes: [{ resourceTypeId: 'order' }] } })
      .execute()
  ).body;
  expect(sns.destination).toEqual(iam);
});

test.describe('extensions', () => {
  let service: ExtensionService | undefined;
  test.afterEach(async () => service?.close());

  test('the Authorization header is partially hidden in responses and sent whole to the extension', async ({ apiRoot, mock }) => {
    service = await startExtensionService(() => ({ status: 200 }));
    const draft: ExtensionDraft = {
      key: 'carts',
      destination: {
        type: 'HTTP',
        url: service.url,
        authentication: { type: 'AuthorizationHeader', headerValue: 'Bearer extension-secret' },
      },
      triggers: [{ resourceTypeId: 'cart', actions: ['Create'] }],
    };
    const created = (await apiRoot.extensions().post({ body: draft }).execute()).body;
    const shown = {
      type: 'HTTP',
      url: service.url,
      authentication: { type: 'AuthorizationHeader', headerValue: '*******************cret' },
    };
    expect(created.destination).toEqual(shown);
    expect((await apiRoot.extensions().withKey({ key: 'carts' }).get().execute()).body.destination).toEqual(shown);
    expect(mock.data.get('extension', created.id)?.destination).toEqual(draft.destination);

    await apiRoot
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute();
    expect(service.calls.map((call) => call.headers.authorization)).toEqual(['Bearer extension-secret']);
  });

  test('an AWS Lambda destination and an Azure Functions key: short secrets are hidden whole', async ({ apiRoot }) => {
    const lambda = (
      await apiRoot
        .extensions()
        .post({
          body: {
            destination: {
              type: 'AWSLambda',
              arn: 'arn:aws:lambda:eu-central-1:123456789012:function:carts',
              accessKey: 'AKIA',
              accessSecret: 'secretsecret',
            },
            triggers: [{ resourceTypeId: 'cart', actions: ['Create'] }],
          },
        })
        .execute()
    ).body;
    expect(lambda.destination).toMatchObject({ accessKey: '****', accessSecret: '********cret' });
    const azure = (
      await apiRoot
        .extensions()
        .post({
          body: {
            destination: {
              type: 'HTTP',
              url: 'https://shop.azurewebsites.net/api/carts',
              authentication: { type: 'AzureFunctions', key: 'functions-key-1' },
            },
            triggers: [{ resourceTypeId: 'payment', actions: ['Create'] }],
          },
        })
        .execute()
    ).body;
    expect(azure.destination).toMatchObject({ authentication: { type: 'AzureFunctions', key: '***********ey-1' } });
  });
});
