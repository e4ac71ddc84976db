/**
 * Payments through the official SDK: the draft, transactions and their states, interface
 * interactions, the payment method and status, states, every update action family, and refusals
 * (platform error, nothing stored).
 */
import type { ByProjectKeyRequestBuilder, Payment, PaymentDraft, PaymentUpdateAction } from '@commercetools/platform-sdk';
import { expect, invalidJson, sdkFailure, test } from '../support/sdk.js';
import { expectPlatformActions, typeWithStringField } from '../support/resources.js';

const PLATFORM_ACTIONS = [
  'addInterfaceInteraction',
  'addTransaction',
  'changeAmountPlanned',
  'changeTransactionInteractionId',
  'changeTransactionState',
  'changeTransactionTimestamp',
  'setAmountPaid',
  'setAmountRefunded',
  'setAnonymousId',
  'setAuthorization',
  'setCustomField',
  'setCustomType',
  'setCustomer',
  'setExternalId',
  'setInterfaceId',
  'setKey',
  'setMethodInfo',
  'setMethodInfoCustomField',
  'setMethodInfoCustomType',
  'setMethodInfoInterface',
  'setMethodInfoInterfaceAccount',
  'setMethodInfoMethod',
  'setMethodInfoName',
  'setMethodInfoToken',
  'setStatusInterfaceCode',
  'setStatusInterfaceText',
  'setTransactionCustomField',
  'setTransactionCustomType',
  'setTransactionInterfaceId',
  'transitionState',
];

const EUR = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
const eur = (centAmount: number) => ({ type: 'centPrecision', currencyCode: 'EUR', centAmount, fractionDigits: 2 });
const raw = <T>(value: unknown) => value as T;
/** Deprecated actions the SDK's types no longer list; the platform still accepts them. */
const deprecated = (action: object) => raw<PaymentUpdateAction>(action);

async function create(apiRoot: ByProjectKeyRequestBuilder, body: PaymentDraft): Promise<Payment> {
  const response = await apiRoot.payments().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

async function update(apiRoot: ByProjectKeyRequestBuilder, payment: Payment, ...actions: PaymentUpdateAction[]): Promise<Payment> {
  const response = await apiRoot
    .payments()
    .withId({ ID: payment.id })
    .post({ body: { version: payment.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function refused(apiRoot: ByProjectKeyRequestBuilder, payment: Payment, ...actions: PaymentUpdateAction[]) {
  return sdkFailure(
    apiRoot
      .payments()
      .withId({ ID: payment.id })
      .post({ body: { version: payment.version, actions } })
      .execute(),
  );
}

async function paymentStates(apiRoot: ByProjectKeyRequestBuilder) {
  const paid = (
    await apiRoot
      .states()
      .post({ body: { key: 'paid', type: 'PaymentState', initial: false } })
      .execute()
  ).body;
  const open = (
    await apiRoot
      .states()
      .post({ body: { key: 'open', type: 'PaymentState', initial: true, transitions: [{ typeId: 'state', id: paid.id }] } })
      .execute()
  ).body;
  const other = (
    await apiRoot
      .states()
      .post({ body: { key: 'other', type: 'PaymentState', initial: false } })
      .execute()
  ).body;
  return { open, paid, other };
}

test('every update action of the platform is declared, and no other', () => {
  expectPlatformActions('payment', PLATFORM_ACTIONS);
});

test.describe('payments: create', () => {
  test('a minimal draft: cent-precision amount, empty method info and status, no transactions', async ({ apiRoot, mock }) => {
    const payment = await create(apiRoot, { amountPlanned: EUR(1000) });
    expect(payment).toMatchObject({
      version: 1,
      amountPlanned: eur(1000),
      paymentMethodInfo: {},
      paymentStatus: {},
      transactions: [],
      interfaceInteractions: [],
    });
    expect(mock.data.get('payment', payment.id)).toEqual(JSON.parse(JSON.stringify(payment)));
  });

  test('every draft field: customer by key, transactions with ids and default state, interactions, method, status state', async ({
    apiRoot,
  }) => {
    const customer = (
      await apiRoot
        .customers()
        .post({ body: { email: 'p@example.com', password: 'pw', key: 'payer' } })
        .execute()
    ).body.customer;
    await typeWithStringField(
      apiRoot,
      'psp-call',
      ['payment-interface-interaction', 'transaction', 'payment', 'payment-method-info'],
      'code',
    );
    const { open } = await paymentStates(apiRoot);
    // `externalId` and the amounts besides `amountPlanned` are deprecated: the SDK's types no longer list them.
    const payment = await create(
      apiRoot,
      raw<PaymentDraft>({
        key: 'pay-1',
        customer: { typeId: 'customer', key: 'payer' },
        anonymousId: 'anon',
        externalId: 'ext',
        interfaceId: 'psp-123',
        amountPlanned: { currencyCode: 'EUR', type: 'highPrecision', preciseAmount: 123456, fractionDigits: 4 },
        amountAuthorized: EUR(500),
        authorizedUntil: '2030-01-01T00:00:00.000Z',
        amountPaid: EUR(100),
        amountRefunded: EUR(10),
        paymentMethodInfo: {
          paymentInterface: 'STRIPE',
          method: 'CREDIT_CARD',
          name: { en: 'Credit Card' },
          token: { value: 'tok_1' },
          interfaceAccount: 'acct_1',
          custom: { type: { typeId: 'type', key: 'psp-call' }, fields: { code: 'm' } },
        },
        paymentStatus: { interfaceCode: '200', interfaceText: 'OK', state: { typeId: 'state', key: 'open' } },
        transactions: [
          { type: 'Authorization', amount: EUR(1235), timestamp: '2024-05-01T10:00:00.000Z', interactionId: 'i-1' },
          {
            type: 'Charge',
            amount: EUR(1235),
            state: 'Pending',
            interfaceId: 'tx-9',
            custom: { type: { typeId: 'type', key: 'psp-call' } },
          },
        ],
        interfaceInteractions: [{ type: { typeId: 'type', key: 'psp-call' }, fields: { code: 'sent' } }],
        custom: { type: { typeId: 'type', key: 'psp-call' }, fields: { code: 'p' } },
      }),
    );
    expect(payment).toMatchObject({
      key: 'pay-1',
      customer: { typeId: 'customer', id: customer.id },
      anonymousId: 'anon',
      externalId: 'ext',
      interfaceId: 'psp-123',
      amountPlanned: eur(1235),
      amountAuthorized: eur(500),
      authorizedUntil: '2030-01-01T00:00:00.000Z',
      amountPaid: eur(100),
      amountRefunded: eur(10),
      paymentMethodInfo: {
        paymentInterface: 'STRIPE',
        method: 'CREDIT_CARD',
        name: { en: 'Credit Card' },
        token: { value: 'tok_1' },
        interfaceAccount: 'acct_1',
      },
      paymentStatus: { interfaceCode: '200', interfaceText: 'OK', state: { typeId: 'state', id: open.id } },
      interfaceInteractions: [{ type: { typeId: 'type' }, fields: { code: 'sent' } }],
      custom: { fields: { code: 'p' } },
    });
    const [authorization, charge] = payment.transactions;
    expect(authorization).toMatchObject({
      type: 'Authorization',
      state: 'Initial',
      amount: eur(1235),
      timestamp: '2024-05-01T10:00:00.000Z',
      interactionId: 'i-1',
    });
    expect(charge).toMatchObject({
      type: 'Charge',
      state: 'Pending',
      interfaceId: 'tx-9',
      custom: { type: { typeId: 'type' }, fields: {} },
    });
    expect(authorization!.id).not.toBe(charge!.id);
    const byKey = await apiRoot
      .payments()
      .withKey({ key: 'pay-1' })
      .get({ queryArgs: { expand: ['customer', 'paymentStatus.state'] } })
      .execute();
    expect(byKey.body.customer?.obj?.email).toBe('p@example.com');
    expect(byKey.body.paymentStatus.state?.obj?.key).toBe('open');
  });

  test('refusals: unknown customer, bad transaction type, missing amount, duplicate interfaceId per interface; nothing stored', async ({
    apiRoot,
    mock,
  }) => {
    await create(apiRoot, { amountPlanned: EUR(1), interfaceId: 'same', paymentMethodInfo: { paymentInterface: 'PSP' } });
    const cases: Array<[unknown, string, Record<string, unknown>?]> = [
      [{ amountPlanned: EUR(1), customer: { typeId: 'customer', id: 'nope' } }, 'ReferencedResourceNotFound'],
      [
        { amountPlanned: EUR(1), transactions: [{ type: 'Steal', amount: EUR(1) }] },
        'InvalidJsonInput',
        {
          detailedErrorMessage:
            'transactions[0] -> type: Unknown value "Steal"; expected one of "Authorization", "CancelAuthorization", "Charge", "Refund", "Chargeback".',
        },
      ],
      [{ paymentStatus: {} }, 'InvalidJsonInput', { detailedErrorMessage: 'amountPlanned: Missing required value.' }],
      [{ amountPlanned: { currencyCode: 'euro', centAmount: 1 } }, 'InvalidField', { field: 'amountPlanned.currencyCode' }],
      [
        { amountPlanned: EUR(1), interfaceId: 'same', paymentMethodInfo: { paymentInterface: 'PSP' } },
        'DuplicateField',
        { field: 'interfaceId' },
      ],
    ];
    for (const [body, code, fields] of cases) {
      const failure = await sdkFailure(
        apiRoot
          .payments()
          .post({ body: raw(body) })
          .execute(),
      );
      expect(failure.statusCode).toBe(400);
      expect(failure.body.errors[0]).toMatchObject({ code, ...fields });
    }
    // The same interfaceId with another payment interface is fine.
    await create(apiRoot, { amountPlanned: EUR(1), interfaceId: 'same', paymentMethodInfo: { paymentInterface: 'OTHER' } });
    expect(mock.data.all('payment')).toHaveLength(2);
  });
});

test.describe('payments: update actions', () => {
  test('transactions: add, change state / timestamp / interaction id / interface id, custom type and field', async ({ apiRoot }) => {
    await typeWithStringField(apiRoot, 'tx-extra', ['transaction'], 'code');
    let payment = await create(apiRoot, { amountPlanned: EUR(1000) });
    payment = await update(
      apiRoot,
      payment,
      { action: 'addTransaction', transaction: { type: 'Authorization', amount: EUR(1000) } },
      { action: 'addTransaction', transaction: { type: 'Charge', amount: EUR(1000), state: 'Pending' } },
    );
    const [auth, charge] = payment.transactions;
    expect(auth!.state).toBe('Initial');
    payment = await update(
      apiRoot,
      payment,
      { action: 'changeTransactionState', transactionId: auth!.id, state: 'Success' },
      { action: 'changeTransactionState', transactionId: charge!.id, state: 'Failure' },
      { action: 'changeTransactionTimestamp', transactionId: auth!.id, timestamp: '2024-01-02T03:04:05.000Z' },
      { action: 'changeTransactionInteractionId', transactionId: auth!.id, interactionId: 'psp-42' },
      { action: 'setTransactionInterfaceId', transactionId: charge!.id, interfaceId: 'if-1' },
      { action: 'setTransactionCustomType', transactionId: charge!.id, type: { typeId: 'type', key: 'tx-extra' } },
      { action: 'setTransactionCustomField', transactionId: charge!.id, name: 'code', value: 'declined' },
    );
    expect(payment.version).toBe(3);
    expect(payment.transactions[0]).toMatchObject({ state: 'Success', timestamp: '2024-01-02T03:04:05.000Z', interactionId: 'psp-42' });
    expect(payment.transactions[1]).toMatchObject({ state: 'Failure', interfaceId: 'if-1', custom: { fields: { code: 'declined' } } });
    // The same state again changes nothing: no new version.
    const same = await update(apiRoot, payment, { action: 'changeTransactionState', transactionId: auth!.id, state: 'Success' });
    expect(same.version).toBe(3);
    payment = await update(apiRoot, payment, { action: 'setTransactionInterfaceId', transactionId: charge!.id });
    expect(payment.transactions[1]).not.toHaveProperty('interfaceId');
  });

  test('transactions: unknown transaction id is InvalidOperation; a used transaction interface id is refused; nothing stored', async ({
    apiRoot,
    mock,
  }) => {
    const payment = await create(apiRoot, {
      amountPlanned: EUR(10),
      transactions: [
        { type: 'Charge', amount: EUR(10), interfaceId: 'a' },
        { type: 'Refund', amount: EUR(5) },
      ],
    });
    const before = mock.data.get('payment', payment.id);
    const unknown = await refused(
      apiRoot,
      payment,
      { action: 'changeAmountPlanned', amount: EUR(20) },
      { action: 'changeTransactionState', transactionId: 'nope', state: 'Success' },
    );
    expect(unknown.body.errors[0]!.code).toBe('InvalidOperation');
    const badState = await refused(
      apiRoot,
      payment,
      raw({ action: 'changeTransactionState', transactionId: payment.transactions[0]!.id, state: 'Done' }),
    );
    expect(badState.body.errors).toEqual([
      invalidJson('actions[0] -> state: Unknown value "Done"; expected one of "Initial", "Pending", "Success", "Failure".'),
    ]);
    const used = await refused(apiRoot, payment, {
      action: 'setTransactionInterfaceId',
      transactionId: payment.transactions[1]!.id,
      interfaceId: 'a',
    });
    expect(used.body.errors[0]!.code).toBe('DuplicateField');
    expect(mock.data.get('payment', payment.id)).toEqual(before);
  });

  test('interface interactions are appended with their custom type and fields', async ({ apiRoot }) => {
    const type = await typeWithStringField(apiRoot, 'psp-call', ['payment-interface-interaction'], 'code');
    let payment = await create(apiRoot, { amountPlanned: EUR(10) });
    payment = await update(
      apiRoot,
      payment,
      { action: 'addInterfaceInteraction', type: { typeId: 'type', key: 'psp-call' }, fields: { code: 'request' } },
      { action: 'addInterfaceInteraction', type: { typeId: 'type', id: type.id }, fields: { code: 'response' } },
    );
    expect(payment.interfaceInteractions).toEqual([
      { type: { typeId: 'type', id: type.id }, fields: { code: 'request' } },
      { type: { typeId: 'type', id: type.id }, fields: { code: 'response' } },
    ]);
    const failure = await refused(apiRoot, payment, { action: 'addInterfaceInteraction', type: { typeId: 'type', key: 'missing' } });
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'type' });
  });

  test('payment method: single-field actions, setMethodInfo for several, custom type and fields; the interface is set once', async ({
    apiRoot,
    mock,
  }) => {
    await typeWithStringField(apiRoot, 'method-extra', ['payment-method-info'], 'code');
    let payment = await create(apiRoot, { amountPlanned: EUR(10) });
    payment = await update(
      apiRoot,
      payment,
      { action: 'setMethodInfoInterface', interface: 'STRIPE' },
      { action: 'setMethodInfoMethod', method: 'CARD' },
      { action: 'setMethodInfoName', name: { en: 'Card' } },
      { action: 'setMethodInfoToken', token: { value: 'tok' } },
      { action: 'setMethodInfoInterfaceAccount', interfaceAccount: 'acct' },
      { action: 'setMethodInfoCustomType', type: { typeId: 'type', key: 'method-extra' } },
      { action: 'setMethodInfoCustomField', name: 'code', value: 'x' },
    );
    expect(payment.paymentMethodInfo).toMatchObject({
      paymentInterface: 'STRIPE',
      method: 'CARD',
      name: { en: 'Card' },
      token: { value: 'tok' },
      interfaceAccount: 'acct',
      custom: { fields: { code: 'x' } },
    });
    // setMethodInfo changes what it names (null removes) and leaves the rest.
    payment = await update(apiRoot, payment, raw({ action: 'setMethodInfo', method: 'SEPA', token: null }));
    expect(payment.paymentMethodInfo).toMatchObject({
      paymentInterface: 'STRIPE',
      method: 'SEPA',
      name: { en: 'Card' },
      interfaceAccount: 'acct',
    });
    expect(payment.paymentMethodInfo.token).toBeUndefined();
    payment = await update(
      apiRoot,
      payment,
      { action: 'setMethodInfoMethod' },
      { action: 'setMethodInfoName' },
      { action: 'setMethodInfoCustomType' },
    );
    expect(payment.paymentMethodInfo).toEqual({ paymentInterface: 'STRIPE', interfaceAccount: 'acct' });
    for (const action of [
      { action: 'setMethodInfoInterface', interface: 'ADYEN' },
      { action: 'setMethodInfo', paymentInterface: 'ADYEN' },
    ]) {
      const failure = await refused(apiRoot, payment, raw(action));
      expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    }
    expect(mock.data.get('payment', payment.id)).toMatchObject({
      version: payment.version,
      paymentMethodInfo: { paymentInterface: 'STRIPE' },
    });
  });

  test('amounts, identifiers, customer and anonymous id', async ({ apiRoot }) => {
    const customer = (
      await apiRoot
        .customers()
        .post({ body: { email: 'c@example.com', password: 'pw' } })
        .execute()
    ).body.customer;
    let payment = await create(apiRoot, { amountPlanned: EUR(10), anonymousId: 'anon-1' });
    payment = await update(
      apiRoot,
      payment,
      { action: 'changeAmountPlanned', amount: EUR(2500) },
      deprecated({ action: 'setAuthorization', amount: EUR(2500), until: '2030-01-01T00:00:00.000Z' }),
      deprecated({ action: 'setAmountPaid', amount: EUR(2500) }),
      deprecated({ action: 'setAmountRefunded', amount: EUR(100) }),
      { action: 'setKey', key: 'pay-key' },
      deprecated({ action: 'setExternalId', externalId: 'ext' }),
      { action: 'setInterfaceId', interfaceId: 'psp-1' },
      { action: 'setCustomer', customer: { typeId: 'customer', id: customer.id } },
    );
    expect(payment).toMatchObject({
      amountPlanned: eur(2500),
      amountAuthorized: eur(2500),
      authorizedUntil: '2030-01-01T00:00:00.000Z',
      amountPaid: eur(2500),
      amountRefunded: eur(100),
      key: 'pay-key',
      externalId: 'ext',
      interfaceId: 'psp-1',
      customer: { typeId: 'customer', id: customer.id },
      anonymousId: 'anon-1',
    });
    const anonymous = await refused(apiRoot, payment, { action: 'setAnonymousId', anonymousId: 'anon-2' });
    expect(anonymous.body.errors[0]!.code).toBe('InvalidOperation');
    const interfaceId = await refused(apiRoot, payment, { action: 'setInterfaceId', interfaceId: 'psp-2' });
    expect(interfaceId.body.errors[0]!.code).toBe('InvalidOperation');
    payment = await update(
      apiRoot,
      payment,
      { action: 'setCustomer' },
      { action: 'setAnonymousId', anonymousId: 'anon-2' },
      deprecated({ action: 'setAuthorization' }),
      deprecated({ action: 'setAmountPaid' }),
      deprecated({ action: 'setAmountRefunded' }),
      { action: 'setKey' },
      deprecated({ action: 'setExternalId' }),
    );
    for (const field of ['customer', 'amountAuthorized', 'authorizedUntil', 'amountPaid', 'amountRefunded', 'key', 'externalId']) {
      expect(payment, field).not.toHaveProperty(field);
    }
    expect(payment.anonymousId).toBe('anon-2');
  });

  test('status: interface code and text, state transitions (initial, allowed, forced)', async ({ apiRoot, mock }) => {
    const { open, paid, other } = await paymentStates(apiRoot);
    let payment = await create(apiRoot, { amountPlanned: EUR(10) });
    const notInitial = await refused(apiRoot, payment, { action: 'transitionState', state: { typeId: 'state', key: 'paid' } });
    expect(notInitial.body.errors[0]!.code).toBe('InvalidOperation');
    payment = await update(
      apiRoot,
      payment,
      { action: 'setStatusInterfaceCode', interfaceCode: '100' },
      { action: 'setStatusInterfaceText', interfaceText: 'pending' },
      { action: 'transitionState', state: { typeId: 'state', key: 'open' } },
    );
    expect(payment.paymentStatus).toEqual({ interfaceCode: '100', interfaceText: 'pending', state: { typeId: 'state', id: open.id } });
    const notAllowed = await refused(apiRoot, payment, { action: 'transitionState', state: { typeId: 'state', id: other.id } });
    expect(notAllowed.body.errors[0]!.code).toBe('InvalidOperation');
    const orderState = (
      await apiRoot
        .states()
        .post({ body: { key: 'order-open', type: 'OrderState' } })
        .execute()
    ).body;
    const wrongType = await refused(apiRoot, payment, { action: 'transitionState', state: { typeId: 'state', id: orderState.id } });
    expect(wrongType.body.errors[0]!.code).toBe('InvalidOperation');
    expect(mock.data.get('payment', payment.id)).toMatchObject({ version: payment.version });
    payment = await update(apiRoot, payment, { action: 'transitionState', state: { typeId: 'state', id: paid.id } });
    expect(payment.paymentStatus.state?.id).toBe(paid.id);
    payment = await update(apiRoot, payment, { action: 'transitionState', state: { typeId: 'state', id: other.id }, force: true });
    expect(payment.paymentStatus.state?.id).toBe(other.id);
    payment = await update(apiRoot, payment, { action: 'setStatusInterfaceCode' }, { action: 'setStatusInterfaceText', interfaceText: '' });
    expect(payment.paymentStatus).toEqual({ state: { typeId: 'state', id: other.id } });
  });

  test('custom fields; delete by key with version; stale version refused', async ({ apiRoot, mock }) => {
    await typeWithStringField(apiRoot, 'payment-extra', ['payment'], 'code');
    let payment = await create(apiRoot, { amountPlanned: EUR(10), key: 'p-1' });
    payment = await update(
      apiRoot,
      payment,
      { action: 'setCustomType', type: { typeId: 'type', key: 'payment-extra' }, fields: { code: 'a' } },
      { action: 'setCustomField', name: 'code', value: 'b' },
    );
    expect(payment.custom?.fields).toEqual({ code: 'b' });
    const stale = await sdkFailure(
      apiRoot
        .payments()
        .withKey({ key: 'p-1' })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    expect(mock.data.get('payment', payment.id)).toBeDefined();
    const deleted = await apiRoot
      .payments()
      .withKey({ key: 'p-1' })
      .delete({ queryArgs: { version: payment.version } })
      .execute();
    expect(deleted.body.id).toBe(payment.id);
    expect(mock.data.get('payment', payment.id)).toBeUndefined();
  });
});
