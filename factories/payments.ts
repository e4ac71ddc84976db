import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKeyOrId } from './identifiers.js';
import { byKey, customFieldsDraft, draftOf, type Writable } from './support.js';

type PaymentDraft = Writable<DraftOf<'payment'>>;
export type TransactionDraft = NonNullable<PaymentDraft['transactions']>[number];
export type TransactionType = TransactionDraft['type'];

/** A transaction: its type (`'Charge'`), or a partial TransactionDraft (`{ type: 'Refund', amount, state: 'Pending' }`). */
export type TransactionSpec = TransactionType | (Partial<TransactionDraft> & { type: TransactionType });

export interface PaymentTransient {
  transactions: TransactionSpec[];
}

/** The payment interface (PSP) the factory's payments name. */
export const MOCK_PAYMENT_INTERFACE = 'mock-psp';

const METHODS = ['CREDIT_CARD', 'PAYPAL', 'SEPA_DEBIT', 'KLARNA', 'APPLE_PAY'];

export class PaymentFactory extends Factory<TaggedDraft<'payment'>, PaymentTransient> {
  /**
   * Transactions, e.g. `withTransactions('Authorization', 'Charge')`: each of the planned amount and in
   * state `Success` unless the spec says otherwise (`{ type: 'Refund', amount: { currencyCode: 'EUR', centAmount: 500 }, state: 'Pending' }`).
   */
  withTransactions(...transactions: TransactionSpec[]): this {
    return this.transient({ transactions });
  }

  /** The payment of the customer with this key or id. */
  forCustomer(customerKeyOrId: string): this {
    return this.params({ customer: byKeyOrId('customer', customerKeyOrId) });
  }

  /** The payment of an anonymous session (this id, or a generated one per build). */
  anonymous(anonymousId?: string): this {
    if (anonymousId !== undefined) return this.params({ anonymousId });
    return this.afterBuild((draft) => {
      (draft as PaymentDraft).anonymousId ??= faker.string.uuid();
    });
  }

  /** This planned amount (minor unit) and currency. */
  withAmount(centAmount: number, currencyCode = 'EUR'): this {
    return this.params({ amountPlanned: { currencyCode, centAmount } });
  }

  /** In the payment state with this key (a `PaymentState`). */
  inState(stateKey: string): this {
    return this.params({ paymentStatus: { state: byKey('state', stateKey) } });
  }

  /** Custom fields of the Type with this key (a Type for `payment`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/**
 * Payments with a unique key (`payment-<n>`) and `interfaceId` (`psp-<n>`), a planned EUR amount of
 * 10.00 to 500.00, a payment method of the `MOCK_PAYMENT_INTERFACE` PSP, and no transactions.
 */
export const paymentFactory = PaymentFactory.define(({ sequence, params, transientParams, afterBuild }) => {
  const currencyCode = params.amountPlanned?.currencyCode ?? 'EUR';
  const centAmount = params.amountPlanned?.centAmount ?? faker.number.int({ min: 1000, max: 50_000 });
  const method = faker.helpers.arrayElement(METHODS);
  const draft: PaymentDraft = {
    key: `payment-${sequence}`,
    interfaceId: `psp-${sequence}`,
    amountPlanned: { currencyCode, centAmount },
    paymentMethodInfo: { paymentInterface: MOCK_PAYMENT_INTERFACE, method, name: { en: method.replace(/_/g, ' ').toLowerCase() } },
    paymentStatus: { interfaceCode: 'OK', interfaceText: 'Accepted' },
  };
  if (transientParams.transactions) {
    const start = faker.date.recent({ days: 1 }).getTime();
    draft.transactions = transientParams.transactions.map((spec, index) => {
      const { type, ...given } = typeof spec === 'string' ? { type: spec } : structuredClone(spec);
      return {
        type,
        timestamp: new Date(start + index * 1000).toISOString(),
        amount: { currencyCode, centAmount },
        state: 'Success',
        interactionId: `psp-${sequence}-${index + 1}`,
        ...given,
      };
    });
  }
  return draftOf('payment', afterBuild, draft);
});
