/**
 * Payment methods through the official SDK: the draft (owners by customer, business unit or both),
 * every update action with its message, reads by id and key, a version conflict, bad drafts and
 * actions refused with nothing stored, the default rule, deletion, queries, and GraphQL.
 */
import type { ByProjectKeyRequestBuilder, PaymentMethod, PaymentMethodUpdateAction } from '@commercetools/platform-sdk';
import { paymentMethodFactory } from '../../factories/index.js';
import { graphql } from '../graphql/support.js';
import { expectPlatformActions } from '../support/resources.js';
import { createCustomer, expect, sdkFailure, test } from '../support/sdk.js';

const raw = <T>(value: unknown) => value as T;

function update(
  apiRoot: ByProjectKeyRequestBuilder,
  method: Pick<PaymentMethod, 'id' | 'version'>,
  ...actions: PaymentMethodUpdateAction[]
) {
  return apiRoot
    .paymentMethods()
    .withId({ ID: method.id })
    .post({ body: { version: method.version, actions } })
    .execute();
}

test('declares exactly the platform update actions', () => {
  expectPlatformActions('payment-method', [
    'setCustomField',
    'setCustomType',
    'setDefault',
    'setInterfaceAccount',
    'setKey',
    'setMethod',
    'setName',
    'setPaymentInterface',
    'setPaymentMethodStatus',
  ]);
});

test("a customer's card: created with its defaults, read by id and key, queried by owner; PaymentMethodCreated", async ({
  apiRoot,
  mock,
}) => {
  const customer = await createCustomer(apiRoot, { key: 'ada' });
  const created = await apiRoot
    .paymentMethods()
    .post({
      body: {
        key: 'ada-visa',
        name: { en: 'Visa ending 4242' },
        customer: { typeId: 'customer', key: 'ada' },
        method: 'CreditCard',
        paymentInterface: 'psp',
        token: { value: 'tok_4242' },
      },
    })
    .execute();
  expect(created.statusCode).toBe(201);
  expect(created.body).toMatchObject({
    version: 1,
    key: 'ada-visa',
    customer: { typeId: 'customer', id: customer.id },
    method: 'CreditCard',
    paymentInterface: 'psp',
    token: { value: 'tok_4242' },
    paymentMethodStatus: 'Active',
    default: false,
  });
  expect(created.body).not.toHaveProperty('businessUnit');
  expect((await apiRoot.paymentMethods().withKey({ key: 'ada-visa' }).get().execute()).body).toEqual(created.body);
  expect((await apiRoot.paymentMethods().withId({ ID: created.body.id }).get().execute()).body).toEqual(created.body);
  await apiRoot.paymentMethods().post({ body: paymentMethodFactory.build() }).execute();
  const owned = await apiRoot
    .paymentMethods()
    .get({ queryArgs: { where: `customer(id = "${customer.id}")` } })
    .execute();
  expect(owned.body.results.map((method) => method.key)).toEqual(['ada-visa']);
  expect(mock.events.messages({ type: 'PaymentMethodCreated' })[0]).toMatchObject({
    resource: { typeId: 'payment-method', id: created.body.id },
    paymentMethod: { key: 'ada-visa', customer: { id: customer.id } },
  });
});

test('every action changes its field and records its message; removing a field', async ({ apiRoot, mock }) => {
  const method = (
    await apiRoot
      .paymentMethods()
      .post({ body: { key: 'card', method: 'Card', interfaceAccount: 'eu' } })
      .execute()
  ).body;
  const { body: updated } = await update(
    apiRoot,
    method,
    { action: 'setKey', key: 'card-2' },
    { action: 'setName', name: { en: 'Card' } },
    { action: 'setMethod', method: 'DirectDebit' },
    { action: 'setPaymentInterface', paymentInterface: 'adyen' },
    { action: 'setInterfaceAccount' },
    { action: 'setDefault', default: true },
  );
  expect(updated).toMatchObject({
    version: 2,
    key: 'card-2',
    name: { en: 'Card' },
    method: 'DirectDebit',
    paymentInterface: 'adyen',
    default: true,
  });
  expect(updated).not.toHaveProperty('interfaceAccount');
  const { body: inactive } = await update(
    apiRoot,
    updated,
    { action: 'setDefault', default: false },
    { action: 'setPaymentMethodStatus', paymentMethodStatus: 'Inactive' },
  );
  expect(inactive).toMatchObject({ version: 3, default: false, paymentMethodStatus: 'Inactive' });

  const payloads = mock.events.messages({ resourceTypeId: 'payment-method' }).map(({ type, ...message }) => {
    const fields = Object.fromEntries(
      Object.entries(message).filter(
        ([field]) =>
          ![
            'id',
            'version',
            'sequenceNumber',
            'resource',
            'resourceVersion',
            'resourceUserProvidedIdentifiers',
            'createdAt',
            'lastModifiedAt',
            'createdBy',
            'lastModifiedBy',
          ].includes(field),
      ),
    );
    return { type, ...fields };
  });
  expect(payloads.slice(1)).toEqual([
    { type: 'PaymentMethodKeySet', key: 'card-2', oldKey: 'card' },
    { type: 'PaymentMethodNameSet', name: { en: 'Card' } },
    { type: 'PaymentMethodMethodSet', method: 'DirectDebit', oldMethod: 'Card' },
    { type: 'PaymentMethodPaymentInterfaceSet', paymentInterface: 'adyen' },
    { type: 'PaymentMethodInterfaceAccountSet', oldInterfaceAccount: 'eu' },
    { type: 'PaymentMethodDefaultSet', default: true, oldDefault: false },
    { type: 'PaymentMethodDefaultSet', default: false, oldDefault: true },
    { type: 'PaymentMethodPaymentMethodStatusSet', status: 'Inactive', oldStatus: 'Active' },
  ]);
});

test('custom fields and their messages', async ({ apiRoot, mock }) => {
  await apiRoot
    .types()
    .post({
      body: {
        key: 'card-fields',
        name: { en: 'Card fields' },
        resourceTypeIds: ['payment-method'],
        fieldDefinitions: [{ name: 'brand', label: { en: 'Brand' }, required: false, type: { name: 'String' }, inputHint: 'SingleLine' }],
      },
    })
    .execute();
  const method = (
    await apiRoot
      .paymentMethods()
      .post({ body: { custom: { type: { typeId: 'type', key: 'card-fields' }, fields: { brand: 'Visa' } } } })
      .execute()
  ).body;
  expect(method.custom?.fields).toEqual({ brand: 'Visa' });
  const { body } = await update(apiRoot, method, { action: 'setCustomField', name: 'brand', value: 'Mastercard' });
  expect(body.custom?.fields).toEqual({ brand: 'Mastercard' });
  expect(mock.events.messages({ resourceTypeId: 'payment-method' }).map((m) => m.type)).toEqual([
    'PaymentMethodCreated',
    'PaymentMethodCustomFieldChanged',
  ]);
});

test('an inactive payment method cannot be the default: 400 InvalidOperation, nothing stored', async ({ apiRoot, mock }) => {
  const refused = await sdkFailure(
    apiRoot
      .paymentMethods()
      .post({ body: { key: 'off', paymentMethodStatus: 'Inactive', default: true } })
      .execute(),
  );
  expect(refused.statusCode).toBe(400);
  expect(refused.body.errors).toEqual([{ code: 'InvalidOperation', message: 'An inactive PaymentMethod cannot be the default.' }]);
  expect(mock.data.all('payment-method')).toEqual([]);

  const method = (
    await apiRoot
      .paymentMethods()
      .post({ body: { key: 'off', paymentMethodStatus: 'Inactive' } })
      .execute()
  ).body;
  const failure = await sdkFailure(update(apiRoot, method, { action: 'setDefault', default: true }));
  expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
  expect(mock.data.get('payment-method', method.id)).toMatchObject({ version: 1, default: false });
});

test("an associate's payment method: the customer must be an associate of the business unit", async ({ apiRoot }) => {
  const associate = await createCustomer(apiRoot, { email: 'buyer@acme.example', key: 'buyer' });
  await createCustomer(apiRoot, { email: 'stranger@example.com', key: 'stranger' });
  await apiRoot
    .associateRoles()
    .post({ body: { key: 'buyer', permissions: ['CreateMyOrdersFromMyCarts'] } })
    .execute();
  await apiRoot
    .businessUnits()
    .post({
      body: {
        key: 'acme',
        name: 'Acme',
        unitType: 'Company',
        associates: [
          {
            customer: { typeId: 'customer', id: associate.id },
            associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'buyer' } }],
          },
        ],
      },
    })
    .execute();
  const made = await apiRoot
    .paymentMethods()
    .post({
      body: { customer: { typeId: 'customer', key: 'buyer' }, businessUnit: { typeId: 'business-unit', key: 'acme' }, default: true },
    })
    .execute();
  expect(made.body).toMatchObject({
    businessUnit: { typeId: 'business-unit', key: 'acme' },
    customer: { id: associate.id },
    default: true,
  });

  const refused = await sdkFailure(
    apiRoot
      .paymentMethods()
      .post({ body: { customer: { typeId: 'customer', key: 'stranger' }, businessUnit: { typeId: 'business-unit', key: 'acme' } } })
      .execute(),
  );
  expect(refused.statusCode).toBe(400);
  expect(refused.body.errors[0]!.code).toBe('InvalidInput');
  const missing = await sdkFailure(
    apiRoot
      .paymentMethods()
      .post({ body: { businessUnit: { typeId: 'business-unit', key: 'nope' } } })
      .execute(),
  );
  expect(missing.body.errors[0]!.code).toBe('ReferencedResourceNotFound');
});

test('bad drafts and actions are refused naming the field; a stale version is a 409; nothing is stored', async ({ apiRoot, mock }) => {
  for (const body of [{ paymentMethodStatus: 'Paused' }, { token: { secret: 'x' } }, { default: 'yes' }, { key: 'x' }]) {
    const failure = await sdkFailure(
      apiRoot
        .paymentMethods()
        .post({ body: raw(body) })
        .execute(),
    );
    expect(failure.statusCode, JSON.stringify(body)).toBe(400);
  }
  expect(mock.data.all('payment-method')).toEqual([]);

  const method = (
    await apiRoot
      .paymentMethods()
      .post({ body: { key: 'card' } })
      .execute()
  ).body;
  const bad = await sdkFailure(update(apiRoot, method, raw({ action: 'setPaymentMethodStatus', paymentMethodStatus: 'Gone' })));
  expect(bad.statusCode).toBe(400);
  await update(apiRoot, method, { action: 'setMethod', method: 'Card' });
  const stale = await sdkFailure(update(apiRoot, method, { action: 'setMethod', method: 'Other' }));
  expect(stale.statusCode).toBe(409);
  expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
  expect(mock.data.get('payment-method', method.id)).toMatchObject({ version: 2, method: 'Card' });

  const duplicate = await sdkFailure(
    apiRoot
      .paymentMethods()
      .post({ body: { key: 'card' } })
      .execute(),
  );
  expect(duplicate.body.errors[0]!.code).toBe('DuplicateField');
});

test('deleted by key, with PaymentMethodDeleted; GraphQL reads and writes the same payment methods', async ({ apiRoot, mock }) => {
  const made = await graphql(
    apiRoot,
    'mutation { createPaymentMethod(draft: { key: "gql", method: "Card" }) { id key version paymentMethodStatus } }',
  );
  expect(made.errors).toBeUndefined();
  expect(made.data.createPaymentMethod).toMatchObject({ key: 'gql', version: 1, paymentMethodStatus: 'Active' });
  const read = await graphql(apiRoot, '{ paymentMethod(key: "gql") { method } paymentMethods { total } }');
  expect(read.data).toEqual({ paymentMethod: { method: 'Card' }, paymentMethods: { total: 1 } });

  const deleted = await apiRoot
    .paymentMethods()
    .withKey({ key: 'gql' })
    .delete({ queryArgs: { version: 1 } })
    .execute();
  expect(deleted.body.key).toBe('gql');
  expect(mock.events.messages({ type: 'PaymentMethodDeleted' })[0]).toMatchObject({ paymentMethod: { key: 'gql' } });
  expect((await sdkFailure(apiRoot.paymentMethods().withKey({ key: 'gql' }).get().execute())).statusCode).toBe(404);
});
