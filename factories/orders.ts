import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { PaymentReference } from '@commercetools/platform-sdk';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { addressDraft } from './customers.js';
import { byKey, customFieldsDraft, draftOf, slugify, type Writable } from './support.js';

type OrderImportDraft = Writable<DraftOf<'order'>>;
export type OrderState = NonNullable<OrderImportDraft['orderState']>;
export type OrderPaymentState = NonNullable<OrderImportDraft['paymentState']>;
export type OrderShipmentState = NonNullable<OrderImportDraft['shipmentState']>;

/** A line item of an imported order: a SKU, or the SKU with quantity, unit price (minor unit) and name. */
export type OrderLineSpec = string | { sku: string; quantity?: number; centAmount?: number; name?: string };

export interface OrderTransient {
  /** The line items (default: one, SKU `SKU-ORDER-<n>-1`). */
  lines: OrderLineSpec[];
  /** The customer: `customerId` and `customerEmail` when given. */
  customer: { id?: string; email?: string };
  /** The country of the shipping and billing address (default `DE`). */
  addressCountry: string;
}

export class OrderFactory extends Factory<TaggedDraft<'order'>, OrderTransient> {
  /**
   * These line items, e.g. `withLineItems('TEE', { sku: 'MUG', quantity: 2, centAmount: 1299 })`. An
   * imported order keeps the prices given (a random one when none is): the products need not exist;
   * one that has the SKU gives the line item its product id and type.
   */
  withLineItems(...lines: OrderLineSpec[]): this {
    return this.transient({ lines });
  }

  /** The order of this customer: an id (`forCustomer(customer.id)`) or a stored customer (id and email). */
  forCustomer(customer: string | { id: string; email?: string }): this {
    return this.transient({
      customer:
        typeof customer === 'string'
          ? { id: customer }
          : { id: customer.id, ...(customer.email !== undefined ? { email: customer.email } : {}) },
    });
  }

  /** In this currency instead of EUR. */
  inCurrency(currencyCode: string): this {
    return this.params({ totalPrice: { currencyCode } });
  }

  /** Shipping and billing address in this country. */
  withShippingAddress(country: string): this {
    return this.transient({ addressCountry: country });
  }

  /** This order state instead of `Open`. */
  withOrderState(orderState: OrderState): this {
    return this.params({ orderState });
  }

  /** `paymentState: 'Paid'`. */
  paid(): this {
    return this.params({ paymentState: 'Paid' });
  }

  /** `shipmentState: 'Shipped'`. */
  shipped(): this {
    return this.params({ shipmentState: 'Shipped' });
  }

  /** A completed order: `Complete`, paid, delivered, with `completedAt`. */
  completed(completedAt: string = new Date().toISOString()): this {
    return this.params({ orderState: 'Complete', paymentState: 'Paid', shipmentState: 'Delivered', completedAt });
  }

  /** In the store with this key. */
  inStore(storeKey: string): this {
    return this.params({ store: byKey('store', storeKey) });
  }

  /** An order of the business unit with this key. */
  forBusinessUnit(businessUnitKey: string): this {
    return this.params({ businessUnit: byKey('business-unit', businessUnitKey) });
  }

  /** Paid with the payments of these keys (`paymentInfo`). */
  withPayments(...paymentKeys: string[]): this {
    // By key, which seeding resolves: the platform's PaymentInfo takes references by id only.
    const payments = paymentKeys.map((key) => byKey('payment', key) as unknown as PaymentReference);
    return this.params({ paymentInfo: { payments } });
  }

  /** In the order state (a State of type `OrderState`) with this key. */
  inState(stateKey: string): this {
    return this.params({ state: byKey('state', stateKey) });
  }

  /** Custom fields of the Type with this key (a Type for `order`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/**
 * Imported orders (OrderImportDraft: what seeding and `POST /orders/import` take) with a unique order
 * number (`ORDER-<n>`), a customer email, one EUR line item (SKU `SKU-ORDER-<n>-1`), German shipping and
 * billing addresses, `orderState: 'Open'`, and `totalPrice` the sum of the line items.
 */
export const orderFactory = OrderFactory.define(({ sequence, params, transientParams, afterBuild }) => {
  const currencyCode = params.totalPrice?.currencyCode ?? 'EUR';
  const customer = transientParams.customer;
  const lines = (transientParams.lines ?? [`SKU-ORDER-${sequence}-1`]).map((spec) => (typeof spec === 'string' ? { sku: spec } : spec));
  const lineItems = lines.map((line) => {
    const unit = line.centAmount ?? faker.number.int({ min: 100, max: 20_000 });
    const quantity = line.quantity ?? 1;
    return {
      name: { en: line.name ?? faker.commerce.productName() },
      variant: { sku: line.sku },
      price: { value: { currencyCode, centAmount: unit } },
      quantity,
    };
  });
  const total = lineItems.reduce((sum, line) => sum + line.price.value.centAmount * line.quantity, 0);
  const country = transientParams.addressCountry ?? 'DE';
  const address = addressDraft(country);
  const draft: OrderImportDraft = {
    orderNumber: `ORDER-${sequence}`,
    customerEmail: customer?.email ?? `${slugify(`${address.firstName ?? 'buyer'}.${address.lastName ?? ''}`)}.${sequence}@example.com`,
    lineItems,
    totalPrice: { currencyCode, centAmount: total },
    shippingAddress: address,
    billingAddress: { ...address },
    orderState: 'Open',
  };
  if (customer?.id !== undefined) draft.customerId = customer.id;
  return draftOf('order', afterBuild, draft);
});
