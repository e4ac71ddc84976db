/**
 * What Checkout does to the main API's payments, as its payment lifecycle describes it
 * (docs.commercetools.com/checkout/payments-lifecycle). The mock plays the Connector and the payment
 * service provider (PSP): every request it accepts is approved at once, so each transaction it adds
 * ends `Success`; a request the payment cannot honour (more than was authorized or captured) is
 * refused with 400 InvalidInput before anything is stored.
 */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { CurrencyCode } from '../../pricing/money.js';
import type { Engine, ResourceContext } from '../../engine/define.js';
import type { Payment, Transaction } from '../payments.js';

/** The Checkout API's Amount: cents and a currency. */
export const Amount = z.object({ centAmount: z.number().int(), currencyCode: CurrencyCode });
export type Amount = z.infer<typeof Amount>;

type TransactionType = Transaction['type'];

/** The amounts a payment's successful transactions add up to, by type. */
export function settled(payment: Payment): Record<TransactionType, number> {
  const sums: Record<TransactionType, number> = { Authorization: 0, CancelAuthorization: 0, Charge: 0, Refund: 0, Chargeback: 0 };
  for (const transaction of payment.transactions)
    if (transaction.state === 'Success') sums[transaction.type] += transaction.amount.centAmount;
  return sums;
}

/** What may still be captured: authorized, not cancelled, not yet captured. */
export function capturable(payment: Payment): number {
  const sums = settled(payment);
  return Math.max(0, sums.Authorization - sums.CancelAuthorization - sums.Charge);
}

/** What may still be refunded: captured and not yet refunded. */
export function refundable(payment: Payment): number {
  const sums = settled(payment);
  return Math.max(0, sums.Charge - sums.Refund - sums.Chargeback);
}

/** An amount of the payment's currency, more than zero. */
export function checkedAmount(amount: Amount, payment: Payment, what: string): void {
  if (amount.currencyCode !== payment.amountPlanned.currencyCode) {
    throw errors.invalidInput(
      `The ${what} amount is in ${amount.currencyCode}, and the Payment '${payment.id}' is in ${payment.amountPlanned.currencyCode}.`,
    );
  }
  if (amount.centAmount <= 0) throw errors.invalidInput(`The ${what} amount must be more than zero.`);
}

/** Adds a transaction the PSP approved to the payment (PaymentTransactionAdded); answers the payment as stored. */
export function addApprovedTransaction(
  engine: Engine,
  payment: Payment,
  type: TransactionType,
  centAmount: number,
  ctx: ResourceContext,
): Payment {
  const definition = engine.definition('payment');
  const addTransaction = {
    action: 'addTransaction',
    transaction: {
      type,
      amount: { centAmount, currencyCode: payment.amountPlanned.currencyCode },
      state: 'Success',
      timestamp: ctx.now,
    },
  };
  return engine.apply(definition, payment, engine.validateActions(definition, [addTransaction]), ctx);
}

/** Moves the payment's transaction `transactionId` to `state` (PaymentTransactionStateChanged). */
export function changeTransactionState(
  engine: Engine,
  payment: Payment,
  transactionId: string,
  state: Transaction['state'],
  ctx: ResourceContext,
): Payment {
  const definition = engine.definition('payment');
  const action = { action: 'changeTransactionState', transactionId, state };
  return engine.apply(definition, payment, engine.validateActions(definition, [action]), ctx);
}
