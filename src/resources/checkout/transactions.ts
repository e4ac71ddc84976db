/**
 * Checkout Transactions (the Checkout API's `/transactions`): a payment for a Cart through a Payment
 * Integration, without the Checkout UI (docs.commercetools.com/checkout/transactions-api). Created,
 * then read by id or key; never listed, changed or deleted.
 *
 * Creating one does, in one transaction of the mock (a refused request stores nothing), what the
 * platform's payment lifecycle describes:
 * 1. the Application must exist and not be Inactive, the Payment Integration must exist, belong to it,
 *    be Active and serve the cart (its predicate; 400 ReferencedResourceNotFound, InvalidInput); the Cart must exist, be Active,
 *    have line items, be in one of the Application's countries (when it lists any), and the amount
 *    (the cart's total when the item has none) must be in the cart's currency and not more than
 *    what the cart's payments leave open (400 InvalidInput);
 * 2. a Payment of the main API is created: `amountPlanned` the amount, `paymentMethodInfo` naming the
 *    integration (`paymentInterface` its id, `method` its type, `name` its label), the cart's customer
 *    or anonymous session, and an Authorization transaction `Initial` (PaymentCreated);
 * 3. the transaction goes `Pending` (PaymentTransactionStateChanged) and the Payment is added to the cart;
 * 4. once the cart's payments cover its total, an Order is created from the cart (OrderCreated, with
 *    the payment in its `paymentInfo`, by the main API's own rules: a cart without a shipping address
 *    is refused) and the Transaction is `Completed` with the `order`; otherwise it stays `Pending`
 *    for the rest (a gift card and a card, say);
 * 5. the mock's PSP approves the authorization at once: `Success` (PaymentTransactionStateChanged).
 *
 * Through an integration served by the declining Connector (`DECLINING_CONNECTOR`) the PSP declines
 * instead, before any Order: the authorization goes `Failure`, the Payment stays on the cart as a
 * failed attempt (covering nothing), no Order is made, and the Transaction is `Failed` with the
 * error `PaymentFailure`. The cart stays Active for another try.
 */
import * as z from 'zod';
import { created } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import type { StoredDocument } from '../../storage/backend.js';
import type { Engine, ResourceContext } from '../../engine/define.js';
import { defineResource, type SdkTypes } from '../../engine/define.js';
import { UNPARSABLE, validate } from '../../engine/validation.js';
import { Key } from '../../engine/draft-fields.js';
import type { Cart } from '../cart/model.js';
import { placeOrder } from '../order/place.js';
import type { Payment } from '../payments.js';
import type { Application } from './applications.js';
import { paymentIntentRoute } from './payment-intents.js';
import { DECLINING_CONNECTOR, type PaymentIntegration, servesCart } from './payment-integrations.js';
import { Amount, changeTransactionState } from './payments.js';

/** A ResourceIdentifier of the Checkout API: `id` or `key`, not both (InvalidJsonInput, as the reference says). */
const identifier = <T extends string>(typeId: T) =>
  z
    .object({ typeId: z.literal(typeId), id: z.string().optional(), key: z.string().optional() })
    .refine((r) => (r.id === undefined) !== (r.key === undefined), {
      message: 'Either id or key is required, not both',
      params: { [UNPARSABLE]: true },
    });
type Identifier = { id?: string | undefined; key?: string | undefined };

export const TransactionDraft = z.object({
  key: Key.optional(),
  application: identifier('application'),
  transactionItems: z
    .array(z.object({ paymentIntegration: identifier('payment-integration'), amount: Amount.optional() }))
    .min(1)
    .max(1),
  cart: identifier('cart'),
});
export type TransactionDraft = z.infer<typeof TransactionDraft>;

type TransactionState = 'Initial' | 'Pending' | 'Completed' | 'Failed';

export interface Transaction extends StoredDocument {
  key?: string;
  application: { typeId: 'application'; id: string };
  transactionItems: Array<{
    amount: Amount;
    payment: { typeId: 'payment'; id: string };
    paymentIntegration: { typeId: 'payment-integration'; id: string };
  }>;
  cart: { typeId: 'cart'; id: string };
  transactionStatus: { state: TransactionState; errors?: Array<{ code: string; message: string }> };
  order?: { typeId: 'order'; id: string };
}

/** A document the draft names by id or key, or 400 ReferencedResourceNotFound with the reference's type id. */
function named<T>(typeId: string, identifier: Identifier, find: (id: Identifier) => T | undefined): T {
  const found = find(identifier);
  if (found === undefined) {
    throw errors.referencedResourceNotFound(typeId, identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key! });
  }
  return found;
}

function lookup<TypeId extends 'checkout-application' | 'checkout-payment-integration' | 'cart'>(typeId: TypeId, ctx: ResourceContext) {
  return (identifier: Identifier) => (identifier.id !== undefined ? ctx.get(typeId, identifier.id) : ctx.getByKey(typeId, identifier.key!));
}

/** What the cart's customer pays: its gross total when taxed. */
const cartTotal = (cart: Cart) => cart.taxedPrice?.totalGross ?? cart.totalPrice;

/** What the cart's payments already cover: the planned amounts of those with an authorization or charge not failed. */
function covered(cart: Cart, ctx: ResourceContext): number {
  let sum = 0;
  for (const reference of cart.paymentInfo?.payments ?? []) {
    const payment = ctx.get('payment', reference.id);
    const paying = payment?.transactions.some((t) => (t.type === 'Authorization' || t.type === 'Charge') && t.state !== 'Failure');
    if (payment && paying) sum += payment.amountPlanned.centAmount;
  }
  return sum;
}

/** Step 1 of the module comment: what the draft names, checked; answers the amount to pay. */
function checked(draft: TransactionDraft, ctx: ResourceContext) {
  const application = named<Application>('application', draft.application, lookup('checkout-application', ctx));
  if (application.status === 'Inactive') throw errors.invalidInput(`The Application '${application.key}' is inactive.`);
  const item = draft.transactionItems[0]!;
  const integration = named<PaymentIntegration>(
    'payment-integration',
    item.paymentIntegration,
    lookup('checkout-payment-integration', ctx),
  );
  if (integration.application.id !== application.id) {
    throw errors.invalidInput(`The Payment Integration '${integration.id}' does not belong to the Application '${application.key}'.`);
  }
  if (integration.status !== 'Active') throw errors.invalidInput(`The Payment Integration '${integration.id}' is inactive.`);
  const cart = named<Cart>('cart', draft.cart, lookup('cart', ctx));
  if (cart.cartState !== 'Active') throw errors.invalidInput(`The Cart '${cart.id}' is ${cart.cartState}, not Active.`);
  if (!servesCart(integration, cart, ctx)) {
    throw errors.invalidInput(
      `The Payment Integration '${integration.id}' is not available for the Cart '${cart.id}': its predicate '${integration.predicate}' does not match.`,
    );
  }
  if (cart.lineItems.length === 0 && cart.customLineItems.length === 0) throw errors.invalidInput(`The Cart '${cart.id}' is empty.`);
  const country = cart.shippingAddress?.country ?? cart.country;
  if (application.countries.length > 0 && (country === undefined || !application.countries.includes(country))) {
    throw errors.invalidInput(`The Application '${application.key}' does not support the Cart's country '${country ?? ''}'.`);
  }
  const total = cartTotal(cart);
  const open = total.centAmount - covered(cart, ctx);
  const amount = item.amount ?? { centAmount: open, currencyCode: total.currencyCode };
  if (amount.currencyCode !== total.currencyCode) {
    throw errors.invalidInput(`The amount is in ${amount.currencyCode}, and the Cart '${cart.id}' is in ${total.currencyCode}.`);
  }
  if (amount.centAmount <= 0 || amount.centAmount > open) {
    throw errors.invalidInput(`The amount ${amount.centAmount} must be more than zero and at most what the Cart leaves to pay (${open}).`);
  }
  return { application, integration, cart, amount, completes: amount.centAmount === open };
}

/** Steps 2–5 of the module comment: the Payment, the Cart, the Order, and the Transaction that records them. */
function execute(engine: Engine, draft: TransactionDraft, ctx: ResourceContext): Transaction {
  const { application, integration, cart, amount, completes } = checked(draft, ctx);
  return engine.transaction(() => {
    const paymentDraft: Record<string, unknown> = {
      amountPlanned: amount,
      paymentMethodInfo: {
        paymentInterface: integration.id,
        method: integration.type,
        ...(integration.displayInfo?.label ? { name: integration.displayInfo.label } : {}),
      },
      transactions: [{ type: 'Authorization', amount, state: 'Initial', timestamp: ctx.now }],
    };
    if (cart.customerId !== undefined) paymentDraft.customer = { typeId: 'customer', id: cart.customerId };
    else if (cart.anonymousId !== undefined) paymentDraft.anonymousId = cart.anonymousId;
    let payment = engine.create(engine.definition('payment'), paymentDraft, ctx) as Payment;
    const authorization = payment.transactions[0]!.id;
    payment = changeTransactionState(engine, payment, authorization, 'Pending', ctx);
    const carts = engine.definition('cart');
    const addPayment = { action: 'addPayment', payment: { typeId: 'payment', id: payment.id } };
    const paid = engine.apply(carts, cart, engine.validateActions(carts, [addPayment]), ctx) as Cart;
    const declined = integration.connectorDeployment.id === DECLINING_CONNECTOR;
    const order = completes && !declined ? placeOrder(engine, ctx, paid, { version: paid.version }) : undefined;
    changeTransactionState(engine, payment, authorization, declined ? 'Failure' : 'Success', ctx);
    const transaction: Omit<Transaction, 'id' | 'version' | 'createdAt' | 'lastModifiedAt'> = {
      application: { typeId: 'application', id: application.id },
      transactionItems: [
        {
          amount,
          payment: { typeId: 'payment', id: payment.id },
          paymentIntegration: { typeId: 'payment-integration', id: integration.id },
        },
      ],
      cart: { typeId: 'cart', id: cart.id },
      transactionStatus: declined
        ? { state: 'Failed', errors: [{ code: 'PaymentFailure', message: 'The payment service declined the authorization.' }] }
        : { state: order ? 'Completed' : 'Pending' },
    };
    if (draft.key !== undefined) transaction.key = draft.key;
    if (order) transaction.order = { typeId: 'order', id: order.id };
    return engine.insert(engine.definition('checkout-transaction'), transaction, ctx);
  });
}

export const checkoutTransactions = defineResource<TransactionDraft, Transaction, SdkTypes<never, Transaction>>({
  typeId: 'checkout-transaction',
  path: 'transactions',
  api: 'checkout',
  draft: TransactionDraft,
  // Made by the route below only: a transaction is what its payment did.
  create() {
    throw errors.invalidInput('Checkout Transactions are created through POST /{projectKey}/transactions only.');
  },
  actions: {},
  without: ['list', 'create', 'update', 'delete'],
  routes: [
    { method: 'POST', path: '', handle: (call, engine) => created(execute(engine, validate(TransactionDraft, call.json()), call.ctx)) },
    paymentIntentRoute,
  ],
});

declare module '../../http/context.js' {
  interface StoredTypes {
    'checkout-transaction': Transaction;
  }
}
