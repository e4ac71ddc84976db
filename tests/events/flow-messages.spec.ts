/**
 * Messages of changes that are no update action: an order import, the customer token routes, the
 * last approval of an approval flow. Through the official SDK; the response check validates every
 * message `/messages` answers against the platform's definition.
 */
import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import { expect, test } from '../support/sdk.js';

/** The messages of one resource, in order, as `/messages` serves them. */
async function messagesOf(apiRoot: ByProjectKeyRequestBuilder, resourceId: string): Promise<Array<Record<string, unknown>>> {
  const page = await apiRoot
    .messages()
    .get({ queryArgs: { where: `resource(id="${resourceId}")`, sort: 'sequenceNumber asc', limit: 100 } })
    .execute();
  return page.body.results as unknown as Array<Record<string, unknown>>;
}

test('an imported order: OrderImported with the order, no OrderCreated; its next change is number 2', async ({ apiRoot }) => {
  const EUR = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
  const productType = (
    await apiRoot
      .productTypes()
      .post({ body: { name: 'plain', description: 'plain' } })
      .execute()
  ).body;
  await apiRoot
    .products()
    .post({
      body: {
        productType: { typeId: 'product-type', id: productType.id },
        name: { en: 'Shirt' },
        slug: { en: 'shirt' },
        masterVariant: { sku: 'A-1' },
      },
    })
    .execute();
  const order = (
    await apiRoot
      .orders()
      .importOrder()
      .post({
        body: {
          orderNumber: 'LEGACY-7',
          totalPrice: EUR(1999),
          lineItems: [{ name: { en: 'Shirt' }, variant: { sku: 'A-1' }, quantity: 1, price: { value: EUR(1999) } }],
        },
      })
      .execute()
  ).body;
  await apiRoot
    .orders()
    .withId({ ID: order.id })
    .post({ body: { version: order.version, actions: [{ action: 'changeOrderState', orderState: 'Complete' }] } })
    .execute();

  const messages = await messagesOf(apiRoot, order.id);
  expect(messages.map((m) => [m.type, m.sequenceNumber, m.resourceVersion])).toEqual([
    ['OrderImported', 1, 1],
    ['OrderStateChanged', 2, 2],
  ]);
  expect(messages[0]).toMatchObject({
    resourceUserProvidedIdentifiers: { orderNumber: 'LEGACY-7' },
    order: { id: order.id, orderNumber: 'LEGACY-7', totalPrice: { centAmount: 1999 } },
  });
});

test('the token routes: Customer...TokenCreated about the customer, whose version stays; the value only for a short-lived token', async ({
  apiRoot,
}) => {
  const customer = (
    await apiRoot
      .customers()
      .post({ body: { email: 'ada@example.com', password: 'secret' } })
      .execute()
  ).body.customer;
  const passwordToken = (
    await apiRoot
      .customers()
      .passwordToken()
      .post({ body: { email: 'ada@example.com' } })
      .execute()
  ).body;
  const emailToken = (
    await apiRoot
      .customers()
      .emailToken()
      .post({ body: { id: customer.id, ttlMinutes: 30, invalidateOlderTokens: true } })
      .execute()
  ).body;
  const after = (await apiRoot.customers().withId({ ID: customer.id }).get().execute()).body;
  expect([after.version, after.lastModifiedAt]).toEqual([customer.version, customer.lastModifiedAt]);
  await apiRoot
    .customers()
    .withId({ ID: customer.id })
    .post({ body: { version: after.version, actions: [{ action: 'setFirstName', firstName: 'Ada' }] } })
    .execute();

  const messages = await messagesOf(apiRoot, customer.id);
  expect(messages.map((m) => [m.type, m.sequenceNumber, m.resourceVersion])).toEqual([
    ['CustomerCreated', 1, 1],
    ['CustomerPasswordTokenCreated', 2, 1],
    ['CustomerEmailTokenCreated', 3, 1],
    ['CustomerFirstNameSet', 4, 2],
  ]);
  // A day's token is not told (the platform's rule: the value only for 60 minutes or less).
  expect(messages[1]).toEqual(
    expect.objectContaining({ customerId: customer.id, expiresAt: passwordToken.expiresAt, invalidateOlderTokens: false }),
  );
  expect(messages[1]).not.toHaveProperty('value');
  expect(messages[2]).toMatchObject({
    customerId: customer.id,
    expiresAt: emailToken.expiresAt,
    value: emailToken.value,
    invalidateOlderTokens: true,
  });
});
