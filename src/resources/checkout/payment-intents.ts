/**
 * `POST /{projectKey}/payment-intents/{paymentId}`: capture, refund, cancel or reverse a Payment of the
 * main API (docs.commercetools.com/checkout/payment-intents-api). One action per request (400
 * MultipleActionsNotAllowed otherwise); the Payment must exist (404 ResourceNotFound). The approved
 * request adds its transaction to the Payment, with the main API's PaymentTransactionAdded, and
 * answers `{ outcome: 'approved' }`:
 * - `capturePayment`: a Charge of `amount`, at most what is authorized and not yet captured;
 * - `refundPayment`: a Refund of `amount`, at most what is captured and not yet refunded (and, with
 *   `transactionId`, at most that Charge's amount);
 * - `cancelPayment`: a CancelAuthorization of what is authorized, refused once anything is captured;
 * - `reversePayment`: undoes what is left of the payment: a Refund of what is captured and not
 *   refunded, and a CancelAuthorization of what is authorized and not captured (refused when neither is left).
 * `merchantReference` is accepted and not kept: the Payment has no field for it.
 */
import * as z from 'zod';
import { ok } from '../../http/context.js';
import { PlatformError, errors } from '../../http/errors.js';
import type { CustomRoute } from '../../engine/define.js';
import { validate } from '../../engine/validation.js';
import type { Payment } from '../payments.js';
import { Amount, addApprovedTransaction, capturable, checkedAmount, refundable, settled } from './payments.js';

const merchantReference = z.string().optional();

const PaymentIntentAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('capturePayment'), amount: Amount, merchantReference }),
  z.object({ action: z.literal('refundPayment'), amount: Amount, transactionId: z.string().optional(), merchantReference }),
  z.object({ action: z.literal('cancelPayment'), merchantReference }),
  z.object({ action: z.literal('reversePayment'), merchantReference }),
]);
type PaymentIntentAction = z.infer<typeof PaymentIntentAction>;

const PaymentIntent = z.object({ actions: z.array(z.unknown()).min(1) });

type Added = { type: 'Charge' | 'Refund' | 'CancelAuthorization'; centAmount: number };

/** The transactions an approved action adds: type and amount (refused with InvalidInput when the payment cannot honour it). */
function transactionsFor(payment: Payment, intent: PaymentIntentAction): Added[] {
  switch (intent.action) {
    case 'capturePayment': {
      checkedAmount(intent.amount, payment, 'capture');
      const open = capturable(payment);
      if (intent.amount.centAmount > open) {
        throw errors.invalidInput(
          `The capture amount ${intent.amount.centAmount} is more than the authorized amount not yet captured (${open}).`,
        );
      }
      return [{ type: 'Charge', centAmount: intent.amount.centAmount }];
    }
    case 'refundPayment': {
      checkedAmount(intent.amount, payment, 'refund');
      let open = refundable(payment);
      if (intent.transactionId !== undefined) {
        const charge = payment.transactions.find((t) => t.id === intent.transactionId);
        if (charge?.type !== 'Charge' || charge.state !== 'Success') {
          throw errors.invalidInput(`The Payment '${payment.id}' has no successful Charge transaction with ID '${intent.transactionId}'.`);
        }
        open = Math.min(open, charge.amount.centAmount);
      }
      if (intent.amount.centAmount > open) {
        throw errors.invalidInput(
          `The refund amount ${intent.amount.centAmount} is more than the captured amount not yet refunded (${open}).`,
        );
      }
      return [{ type: 'Refund', centAmount: intent.amount.centAmount }];
    }
    case 'cancelPayment': {
      if (settled(payment).Charge > 0)
        throw errors.invalidInput(`The Payment '${payment.id}' is captured: its authorization cannot be cancelled.`);
      const open = capturable(payment);
      if (open === 0) throw errors.invalidInput(`The Payment '${payment.id}' has no authorization to cancel.`);
      return [{ type: 'CancelAuthorization', centAmount: open }];
    }
    case 'reversePayment': {
      const left: Added[] = [
        { type: 'Refund', centAmount: refundable(payment) },
        { type: 'CancelAuthorization', centAmount: capturable(payment) },
      ];
      const reversed = left.filter((added) => added.centAmount > 0);
      if (reversed.length === 0) throw errors.invalidInput(`The Payment '${payment.id}' has nothing to reverse.`);
      return reversed;
    }
  }
}

/** Served at the Checkout API's root: payment intents store nothing of their own; they act on the main API's Payment. */
export const paymentIntentRoute: CustomRoute = {
  method: 'POST',
  path: '/payment-intents/:paymentId',
  handle(call, engine) {
    const body = validate(PaymentIntent, call.json());
    if (body.actions.length > 1) {
      throw new PlatformError(400, [{ code: 'MultipleActionsNotAllowed', message: 'A Payment Intent takes exactly one action.' }]);
    }
    const intent = validate(PaymentIntentAction, body.actions[0], ['actions', 0]);
    const payment = call.ctx.get('payment', call.params.paymentId!);
    if (!payment) throw errors.resourceNotFound({ id: call.params.paymentId! });
    const added = transactionsFor(payment, intent);
    engine.transaction(() =>
      added.reduce((current, { type, centAmount }) => addApprovedTransaction(engine, current, type, centAmount, call.ctx), payment),
    );
    return ok({ outcome: 'approved' });
  },
};
