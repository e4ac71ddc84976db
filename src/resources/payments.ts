/**
 * Payments: the planned amount, the payment method and status, financial transactions with their
 * states, and the interactions logged with the payment service (PSP). Every platform update action,
 * the deprecated ones included.
 *
 * Decisions where the platform leaves it open:
 * - `changeTransactionState` accepts any TransactionState (the specification names no transition rules
 *   and no error for them).
 * - `setMethodInfo` changes only the fields the action names (`null` removes one), as its description says.
 * - `setTransactionInterfaceId` requires the value to be unused by the payment's other transactions.
 * - `interfaceId` together with `paymentMethodInfo.paymentInterface` is unique in the project
 *   (DuplicateField `interfaceId`); neither can be changed once set (InvalidOperation).
 */
import { uuid } from '../util/ids.js';
import * as z from 'zod';
import { errors } from '../http/errors.js';
import { type CentPrecisionMoney, MoneyDraft, type TypedMoney, typedMoney, withCentAmount } from '../pricing/money.js';
import type { StoredDocument } from '../storage/backend.js';
import {
  action,
  defineResource,
  emits,
  type Reference,
  type ResourceContext,
  type CustomRoute,
  type ScopePolicy,
  type SdkTypes,
} from '../engine/define.js';
import {
  anonymousIdSetter,
  applyCustomField,
  applyCustomType,
  customerSetter,
  customFieldActions,
  customFields,
  type CustomFields,
  type CustomMessages,
  emitsCustomField,
  emitsCustomType,
  emitsField,
  SetCustomField,
  SetCustomType,
  setField,
  setter,
} from '../engine/common-actions.js';
import { validate } from '../engine/validation.js';
import { CustomFieldsDraft, Key, LocalizedString, type ResourceIdentifier, resourceIdentifier, DateTime } from '../engine/draft-fields.js';
import { created } from '../http/context.js';
import { scopedAccess, scopeFields, stampScope } from '../engine/scoped-access.js';
import type { Payment as SdkPayment, PaymentDraft as SdkPaymentDraft } from '@commercetools/platform-sdk';

export const TransactionType = z.enum(['Authorization', 'CancelAuthorization', 'Charge', 'Refund', 'Chargeback']);
export const TransactionState = z.enum(['Initial', 'Pending', 'Success', 'Failure']);

export interface Transaction {
  id: string;
  timestamp?: string;
  type: z.infer<typeof TransactionType>;
  amount: CentPrecisionMoney;
  interactionId?: string;
  state: z.infer<typeof TransactionState>;
  custom?: CustomFields;
  interfaceId?: string;
}

export interface PaymentMethodInfo {
  paymentInterface?: string;
  method?: string;
  name?: LocalizedString;
  token?: { value: string };
  interfaceAccount?: string;
  custom?: CustomFields;
}

export interface PaymentStatus {
  interfaceCode?: string;
  interfaceText?: string;
  state?: Reference;
}

export interface Payment extends StoredDocument {
  key?: string;
  customer?: Reference;
  anonymousId?: string;
  externalId?: string;
  interfaceId?: string;
  amountPlanned: CentPrecisionMoney;
  amountAuthorized?: TypedMoney;
  authorizedUntil?: string;
  amountPaid?: TypedMoney;
  amountRefunded?: TypedMoney;
  paymentMethodInfo: PaymentMethodInfo;
  paymentStatus: PaymentStatus;
  transactions: Transaction[];
  interfaceInteractions: CustomFields[];
  custom?: CustomFields;
}

const PaymentMethodToken = z.object({ value: z.string() });

export const TransactionDraft = z.object({
  timestamp: DateTime.optional(),
  type: TransactionType,
  amount: MoneyDraft,
  interactionId: z.string().optional(),
  state: TransactionState.optional(),
  custom: CustomFieldsDraft.optional(),
  interfaceId: z.string().optional(),
});

const PaymentMethodInfoDraft = z.object({
  paymentInterface: z.string().optional(),
  method: z.string().optional(),
  name: LocalizedString.optional(),
  token: PaymentMethodToken.optional(),
  interfaceAccount: z.string().optional(),
  custom: CustomFieldsDraft.optional(),
});

export const PaymentDraft = z.object({
  key: Key.optional(),
  customer: resourceIdentifier('customer').optional(),
  anonymousId: z.string().optional(),
  externalId: z.string().optional(),
  interfaceId: z.string().optional(),
  amountPlanned: MoneyDraft,
  amountAuthorized: MoneyDraft.optional(),
  authorizedUntil: DateTime.optional(),
  amountPaid: MoneyDraft.optional(),
  amountRefunded: MoneyDraft.optional(),
  paymentMethodInfo: PaymentMethodInfoDraft.optional(),
  paymentStatus: z
    .object({ interfaceCode: z.string().optional(), interfaceText: z.string().optional(), state: resourceIdentifier('state').optional() })
    .optional(),
  transactions: z.array(TransactionDraft).optional(),
  interfaceInteractions: z.array(CustomFieldsDraft).optional(),
  custom: CustomFieldsDraft.optional(),
});
export type PaymentDraft = z.infer<typeof PaymentDraft>;

/** Payments hold cent-precision amounts: a high-precision draft is rounded to cents. */
function centPrecision(draft: MoneyDraft): CentPrecisionMoney {
  const money = typedMoney(draft);
  return money.type === 'centPrecision' ? money : withCentAmount(money, money.centAmount);
}

function transactionFrom(draft: z.infer<typeof TransactionDraft>, ctx: ResourceContext): Transaction {
  const transaction: Transaction = { id: uuid(), type: draft.type, amount: centPrecision(draft.amount), state: draft.state ?? 'Initial' };
  if (draft.timestamp !== undefined) transaction.timestamp = draft.timestamp;
  if (draft.interactionId !== undefined) transaction.interactionId = draft.interactionId;
  const custom = customFields(draft.custom, ctx);
  if (custom) transaction.custom = custom;
  if (draft.interfaceId !== undefined) transaction.interfaceId = draft.interfaceId;
  return transaction;
}

function methodInfoFrom(draft: z.infer<typeof PaymentMethodInfoDraft> | undefined, ctx: ResourceContext): PaymentMethodInfo {
  const info: PaymentMethodInfo = {};
  if (!draft) return info;
  for (const field of ['paymentInterface', 'method', 'name', 'token', 'interfaceAccount'] as const) {
    if (draft[field] !== undefined) (info as Record<string, unknown>)[field] = draft[field];
  }
  const custom = customFields(draft.custom, ctx);
  if (custom) info.custom = custom;
  return info;
}

function findTransaction(payment: Payment, transactionId: string): Transaction {
  const transaction = payment.transactions.find((t) => t.id === transactionId);
  if (!transaction) throw errors.invalidOperation(`The payment has no transaction with ID '${transactionId}'.`);
  return transaction;
}

/** Fields that can be set once and never changed afterwards (setting the same value again changes nothing). */
function setOnce(target: object, field: string, value: string, label: string): void {
  const current = (target as Record<string, unknown>)[field];
  if (current !== undefined && current !== value) throw errors.invalidOperation(`The ${label} is already set and cannot be changed.`);
  (target as Record<string, unknown>)[field] = value;
}

/**
 * `transitionState` as the platform checks it (unless `force`): the state must be of `type`; with no
 * current state it must be initial; otherwise, when the current state lists transitions, it must be
 * one of them. Returns the new state's reference.
 */
export function stateTransition(
  current: Reference | undefined,
  a: { state: ResourceIdentifier; force?: boolean | undefined },
  type: string,
  ctx: ResourceContext,
): Reference {
  const reference = ctx.reference('state', a.state);
  if (a.force) return reference;
  const state = ctx.get('state', reference.id)!;
  const name = (state.key as string | undefined) ?? reference.id;
  if (state.type !== type) throw errors.invalidOperation(`The state '${name}' is of type '${String(state.type)}', not '${type}'.`);
  if (!current) {
    if (state.initial !== true) throw errors.invalidOperation(`The state '${name}' is not an initial state.`);
    return reference;
  }
  const from = ctx.get('state', current.id);
  const transitions = from?.transitions as Array<{ id: string }> | undefined;
  if (transitions && current.id !== reference.id && !transitions.some((t) => t.id === reference.id)) {
    throw errors.invalidOperation(
      `A transition from state '${(from!.key as string | undefined) ?? current.id}' to state '${name}' is not allowed.`,
    );
  }
  return reference;
}

const TransactionLocator = z.object({ transactionId: z.string() });
const setMoney = (field: 'amountPaid' | 'amountRefunded') =>
  action(
    () => z.object({ amount: MoneyDraft.optional().nullable() }),
    (payment: Payment, a) => setField(payment, field, a.amount ? typedMoney(a.amount) : undefined),
  );

const SetMethodInfo = z.object({
  paymentInterface: z.string().optional().nullable(),
  method: z.string().optional().nullable(),
  name: LocalizedString.optional().nullable(),
  token: PaymentMethodToken.optional().nullable(),
  interfaceAccount: z.string().optional().nullable(),
  custom: CustomFieldsDraft.optional().nullable(),
});

// Under /me/payments: a MyPaymentDraft (one transaction, Authorization or Charge); MyPayment answers ---

const MyPaymentDraft = z.object({
  amountPlanned: MoneyDraft,
  paymentMethodInfo: PaymentDraft.shape.paymentMethodInfo,
  custom: CustomFieldsDraft.optional(),
  transaction: z
    .object({
      timestamp: DateTime.optional(),
      type: TransactionType.refine((type) => type === 'Authorization' || type === 'Charge', 'Only Authorization or Charge.'),
      amount: MoneyDraft,
      interactionId: z.string().optional(),
      custom: CustomFieldsDraft.optional(),
      interfaceId: z.string().optional(),
    })
    .optional(),
});

const myPaymentRoutes: CustomRoute[] = [
  {
    method: 'POST',
    path: '',
    handle: (call, engine) => {
      const { transaction, ...rest } = validate(MyPaymentDraft, call.json());
      const access = scopedAccess(call, 'payment', engine);
      return created(access.expanded(access.create({ ...rest, ...(transaction ? { transactions: [transaction] } : {}) })));
    },
  },
];

const MY_PAYMENT_FIELDS = [
  'id',
  'version',
  'customer',
  'anonymousId',
  'amountPlanned',
  'paymentMethodInfo',
  'transactions',
  'custom',
] as const;

/** A payment as `/me/payments` shows it (MyPayment). */
function presentMyPayment(document: StoredDocument): object {
  const shown: Record<string, unknown> = {};
  for (const field of MY_PAYMENT_FIELDS) if (document[field] !== undefined) shown[field] = document[field];
  return shown;
}

/** Payments: `customer` (Reference) / `anonymousId`. */
const paymentScope: ScopePolicy<Payment> = {
  mounts: {
    me: {
      without: ['byKey'],
      routes: myPaymentRoutes,
      actions: [
        'addTransaction',
        'changeAmountPlanned',
        'setCustomField',
        'setMethodInfoCustomField',
        'setMethodInfoCustomType',
        'setMethodInfoInterfaceAccount',
        'setMethodInfoInterface',
        'setMethodInfoMethod',
        'setMethodInfoName',
        'setTransactionCustomField',
      ],
    },
  },
  owner: (payment) => ({ customerId: scopeFields.idOf(payment.customer), anonymousId: payment.anonymousId }),
  present: () => presentMyPayment,
  stamp: (draft, scope) => stampScope(draft, scope, 'customer'),
};

/** The custom fields of a payment's method info have messages of their own (`PaymentMethodInfoCustomTypeSet`, ...). */
const methodInfoCustom: CustomMessages<Payment> = {
  prefix: 'PaymentMethodInfo',
  naming: 'old',
  holder: (payment) => payment.paymentMethodInfo,
};

/** `setMethodInfo<Field>`: sets or removes one field of the payment method, with `PaymentMethodInfo<Field>Set`. */
function methodInfoSetter(field: 'method' | 'name' | 'token' | 'interfaceAccount', schema: z.ZodType) {
  const Field = `${field[0]!.toUpperCase()}${field.slice(1)}`;
  return emits(
    action(
      () => z.object({ [field]: schema.optional().nullable() }),
      (payment: Payment, a) => setField(payment.paymentMethodInfo, field, a[field]),
    ),
    `PaymentMethodInfo${Field}Set`,
    (payment: Payment, _a, old: unknown) => ({ [field]: payment.paymentMethodInfo[field], [`old${Field}`]: old }),
    (payment: Payment) => payment.paymentMethodInfo[field],
  );
}

export const payments = defineResource<PaymentDraft, Payment, SdkTypes<SdkPaymentDraft, SdkPayment>>({
  typeId: 'payment',
  path: 'payments',
  scope: paymentScope,
  draft: PaymentDraft,
  messages: { created: { type: 'PaymentCreated', payload: (payment) => ({ payment }) } },
  create(draft, ctx) {
    const payment = {} as Omit<Payment, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'> as Payment;
    if (draft.key !== undefined) payment.key = draft.key;
    if (draft.customer) payment.customer = ctx.reference('customer', draft.customer);
    if (draft.anonymousId !== undefined) payment.anonymousId = draft.anonymousId;
    if (draft.externalId !== undefined) payment.externalId = draft.externalId;
    if (draft.interfaceId !== undefined) payment.interfaceId = draft.interfaceId;
    payment.amountPlanned = centPrecision(draft.amountPlanned);
    if (draft.amountAuthorized) payment.amountAuthorized = typedMoney(draft.amountAuthorized);
    if (draft.authorizedUntil !== undefined) payment.authorizedUntil = draft.authorizedUntil;
    if (draft.amountPaid) payment.amountPaid = typedMoney(draft.amountPaid);
    if (draft.amountRefunded) payment.amountRefunded = typedMoney(draft.amountRefunded);
    payment.paymentMethodInfo = methodInfoFrom(draft.paymentMethodInfo, ctx);
    const status: PaymentStatus = {};
    if (draft.paymentStatus?.interfaceCode !== undefined) status.interfaceCode = draft.paymentStatus.interfaceCode;
    if (draft.paymentStatus?.interfaceText !== undefined) status.interfaceText = draft.paymentStatus.interfaceText;
    if (draft.paymentStatus?.state) status.state = ctx.reference('state', draft.paymentStatus.state);
    payment.paymentStatus = status;
    payment.transactions = (draft.transactions ?? []).map((t) => transactionFrom(t, ctx));
    payment.interfaceInteractions = (draft.interfaceInteractions ?? []).map((i) => customFields(i, ctx)!);
    const custom = customFields(draft.custom, ctx);
    if (custom) payment.custom = custom;
    return payment;
  },
  unique: {
    interfaceId: {
      values: (payment) =>
        payment.interfaceId !== undefined
          ? [JSON.stringify([payment.paymentMethodInfo.paymentInterface ?? null, payment.interfaceId])]
          : [],
      duplicate: (_value, payment) => errors.duplicateField('interfaceId', payment.interfaceId),
    },
  },
  actions: {
    // Amounts and identifiers -------------------------------------------------------------------
    changeAmountPlanned: action(
      () => z.object({ amount: MoneyDraft }),
      (payment, a) => {
        payment.amountPlanned = centPrecision(a.amount);
      },
    ),
    setAmountPaid: setMoney('amountPaid'),
    setAmountRefunded: setMoney('amountRefunded'),
    setAuthorization: action(
      () => z.object({ amount: MoneyDraft.optional().nullable(), until: DateTime.optional().nullable() }),
      (payment, a) => {
        setField(payment, 'amountAuthorized', a.amount ? typedMoney(a.amount) : undefined);
        setField(payment, 'authorizedUntil', a.amount ? a.until : undefined);
      },
    ),
    setKey: setter('key', Key),
    setExternalId: setter('externalId', z.string()),
    setInterfaceId: emitsField(
      action(
        () => z.object({ interfaceId: z.string() }),
        (payment, a) => setOnce(payment, 'interfaceId', a.interfaceId, 'interfaceId of the payment'),
      ),
      'PaymentInterfaceIdSet',
      'interfaceId',
      'oldInterfaceId',
    ),
    setCustomer: customerSetter,
    setAnonymousId: anonymousIdSetter('payment'),

    // Payment method -----------------------------------------------------------------------------
    setMethodInfo: action(SetMethodInfo, (payment, a, ctx) => {
      const info = payment.paymentMethodInfo;
      const given = (field: keyof typeof a) => Object.hasOwn(a, field);
      if (given('paymentInterface')) {
        if (a.paymentInterface == null) {
          if (info.paymentInterface !== undefined)
            throw errors.invalidOperation('The paymentInterface is already set and cannot be changed.');
        } else setOnce(info, 'paymentInterface', a.paymentInterface, 'paymentInterface of the payment method');
      }
      for (const field of ['method', 'name', 'token', 'interfaceAccount'] as const) if (given(field)) setField(info, field, a[field]);
      if (given('custom')) setField(info, 'custom', a.custom ? customFields(a.custom, ctx) : undefined);
    }),
    setMethodInfoInterface: emits(
      action(
        () => z.object({ interface: z.string() }),
        (payment, a) => setOnce(payment.paymentMethodInfo, 'paymentInterface', a.interface, 'paymentInterface of the payment method'),
      ),
      'PaymentMethodInfoInterfaceSet',
      (payment: Payment, _a, old: unknown) => ({ interface: payment.paymentMethodInfo.paymentInterface, oldInterface: old }),
      (payment: Payment) => payment.paymentMethodInfo.paymentInterface,
    ),
    setMethodInfoMethod: methodInfoSetter('method', z.string()),
    setMethodInfoName: methodInfoSetter('name', LocalizedString),
    setMethodInfoToken: methodInfoSetter('token', PaymentMethodToken),
    setMethodInfoInterfaceAccount: methodInfoSetter('interfaceAccount', z.string()),
    setMethodInfoCustomType: emitsCustomType(
      action(SetCustomType, (payment, a, ctx) => applyCustomType(payment.paymentMethodInfo, a, ctx)),
      methodInfoCustom,
    ),
    setMethodInfoCustomField: emitsCustomField(
      action(SetCustomField, (payment, a) => applyCustomField(payment.paymentMethodInfo, a)),
      methodInfoCustom,
    ),

    // Status -----------------------------------------------------------------------------------------
    setStatusInterfaceCode: emits(
      action(
        () => z.object({ interfaceCode: z.string().optional().nullable() }),
        (payment, a) => setField(payment.paymentStatus, 'interfaceCode', a.interfaceCode),
      ),
      'PaymentStatusInterfaceCodeSet',
      (payment: Payment) => ({ paymentId: payment.id, interfaceCode: payment.paymentStatus.interfaceCode }),
    ),
    setStatusInterfaceText: action(
      () => z.object({ interfaceText: z.string() }),
      (payment, a) => setField(payment.paymentStatus, 'interfaceText', a.interfaceText === '' ? undefined : a.interfaceText),
    ),
    transitionState: emits(
      action(
        () => z.object({ state: resourceIdentifier('state'), force: z.boolean().optional() }),
        (payment: Payment, a, ctx) => {
          payment.paymentStatus.state = stateTransition(payment.paymentStatus.state, a, 'PaymentState', ctx);
        },
      ),
      'PaymentStatusStateTransition',
      (payment: Payment, a) => ({ state: payment.paymentStatus.state, force: a.force ?? false }),
    ),

    // Transactions -------------------------------------------------------------------------------
    addTransaction: emits(
      action(
        () => z.object({ transaction: TransactionDraft }),
        (payment: Payment, a, ctx) => {
          payment.transactions.push(transactionFrom(a.transaction, ctx));
        },
      ),
      'PaymentTransactionAdded',
      (payment: Payment) => ({ transaction: payment.transactions.at(-1) }),
    ),
    changeTransactionState: emits(
      action(
        () => TransactionLocator.extend({ state: TransactionState }),
        (payment: Payment, a) => {
          findTransaction(payment, a.transactionId).state = a.state;
        },
      ),
      'PaymentTransactionStateChanged',
      (_payment: Payment, a) => ({ transactionId: a.transactionId, state: a.state }),
    ),
    changeTransactionTimestamp: action(
      () => TransactionLocator.extend({ timestamp: DateTime }),
      (payment, a) => {
        findTransaction(payment, a.transactionId).timestamp = a.timestamp;
      },
    ),
    changeTransactionInteractionId: action(
      () => TransactionLocator.extend({ interactionId: z.string() }),
      (payment, a) => {
        findTransaction(payment, a.transactionId).interactionId = a.interactionId;
      },
    ),
    setTransactionInterfaceId: emits(
      action(
        () => TransactionLocator.extend({ interfaceId: z.string().optional().nullable() }),
        (payment, a) => {
          const transaction = findTransaction(payment, a.transactionId);
          if (a.interfaceId != null && payment.transactions.some((t) => t !== transaction && t.interfaceId === a.interfaceId)) {
            throw errors.duplicateField('transactions.interfaceId', a.interfaceId);
          }
          setField(transaction, 'interfaceId', a.interfaceId);
        },
      ),
      'PaymentTransactionInterfaceIdSet',
      (payment: Payment, a, oldInterfaceId?: string) => ({
        transactionId: a.transactionId,
        newInterfaceId: findTransaction(payment, a.transactionId).interfaceId,
        oldInterfaceId,
      }),
      (payment: Payment, a) => findTransaction(payment, a.transactionId).interfaceId,
    ),
    setTransactionCustomType: action(
      () => TransactionLocator.extend(SetCustomType.shape),
      (payment, a, ctx) => applyCustomType(findTransaction(payment, a.transactionId), a, ctx),
    ),
    setTransactionCustomField: action(
      () => TransactionLocator.extend(SetCustomField.shape),
      (payment, a) => applyCustomField(findTransaction(payment, a.transactionId), a),
    ),

    // Interface interactions and custom fields ---------------------------------------------------
    addInterfaceInteraction: emits(
      action(
        () => z.object({ type: resourceIdentifier('type'), fields: z.record(z.string(), z.unknown()).optional() }),
        (payment, a, ctx) => {
          payment.interfaceInteractions.push(customFields({ type: a.type, fields: a.fields }, ctx)!);
        },
      ),
      'PaymentInteractionAdded',
      (payment: Payment) => ({ interaction: payment.interfaceInteractions.at(-1) }),
    ),
    ...customFieldActions,
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    payment: Payment;
  }
}
