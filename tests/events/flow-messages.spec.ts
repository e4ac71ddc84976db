/**
 * Messages of changes that are no update action: an order import, the customer token routes, the
 * last approval of an approval flow. Through the official SDK; the response check validates every
 * message `/messages` answers against the platform's definition.
 */
import { expect, test } from '../support/sdk.js';
import { messagesOf, subscribe } from './support.js';

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
  mock,
}) => {
  await subscribe(apiRoot, {
    key: 'accounts',
    messages: [{ resourceTypeId: 'customer', types: ['CustomerPasswordTokenCreated', 'CustomerEmailTokenCreated'] }],
    changes: [{ resourceTypeId: 'customer' }],
  });
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
  // Subscribers get the token messages; a token is no change of the customer, so no change notification.
  const delivered = mock.events.deliveries().filter((delivery) => delivery.resource.typeId === 'customer');
  expect(delivered.map((delivery) => [delivery.notificationType, delivery.messageType, delivery.payload.version])).toEqual([
    ['ResourceCreated', undefined, 1],
    ['Message', 'CustomerPasswordTokenCreated', 1],
    ['Message', 'CustomerEmailTokenCreated', 1],
    ['ResourceUpdated', undefined, 2],
  ]);
});

test('a business unit moved under another top-level unit: BusinessUnitTopLevelUnitSet after its own message, not for a move within its company', async ({
  apiRoot,
}) => {
  const unit = async (body: object) =>
    (
      await apiRoot
        .businessUnits()
        .post({ body: body as never })
        .execute()
    ).body;
  await unit({ key: 'acme', unitType: 'Company', name: 'Acme' });
  await unit({ key: 'globex', unitType: 'Company', name: 'Globex' });
  await unit({ key: 'globex-eu', unitType: 'Division', name: 'Globex EU', parentUnit: { typeId: 'business-unit', key: 'globex' } });
  let division = await unit({
    key: 'sales',
    unitType: 'Division',
    name: 'Sales',
    parentUnit: { typeId: 'business-unit', key: 'acme' },
    storeMode: 'Explicit',
    associateMode: 'Explicit',
    approvalRuleMode: 'Explicit',
  });
  const update = async (action: object) =>
    (division = (
      await apiRoot
        .businessUnits()
        .withId({ ID: division.id })
        .post({ body: { version: division.version, actions: [action as never] } })
        .execute()
    ).body);
  await update({ action: 'changeParentUnit', parentUnit: { typeId: 'business-unit', key: 'globex' } });
  await update({ action: 'changeParentUnit', parentUnit: { typeId: 'business-unit', key: 'globex-eu' } });
  await update({ action: 'setUnitType', unitType: 'Company' });
  expect(division.topLevelUnit).toEqual({ typeId: 'business-unit', key: 'sales' });

  const messages = await messagesOf(apiRoot, division.id);
  const topLevel = (m: Record<string, unknown>) =>
    [m.oldTopLevelUnit, m.topLevelUnit].map((ref) => (ref as { key: string } | undefined)?.key);
  expect(messages.map((m) => [m.type, m.resourceVersion, ...topLevel(m)])).toEqual([
    ['BusinessUnitCreated', 1, undefined, undefined],
    ['BusinessUnitParentChanged', 2, undefined, undefined],
    ['BusinessUnitTopLevelUnitSet', 2, 'acme', 'globex'],
    ['BusinessUnitParentChanged', 3, undefined, undefined],
    ['BusinessUnitTypeSet', 4, undefined, undefined],
    ['BusinessUnitTopLevelUnitSet', 4, 'globex', 'sales'],
  ]);
});
