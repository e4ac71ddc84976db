import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, draftOf } from './support.js';

export class PaymentMethodFactory extends Factory<TaggedDraft<'payment-method'>> {
  /** Belongs to the customer with this key (seeding resolves it). */
  forCustomer(customerKey: string): this {
    return this.params({ customer: byKey('customer', customerKey) });
  }

  /** The default of its owner. */
  asDefault(): this {
    return this.params({ default: true });
  }

  inactive(): this {
    return this.params({ paymentMethodStatus: 'Inactive' });
  }
}

/** Active card payment methods with a unique key (`payment-method-<n>`) and a PSP token. */
export const paymentMethodFactory = PaymentMethodFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'payment-method'> = {
    key: `payment-method-${sequence}`,
    name: { en: `Card ending ${faker.string.numeric(4)}` },
    method: 'CreditCard',
    paymentInterface: 'psp',
    token: { value: faker.string.alphanumeric(24) },
    paymentMethodStatus: 'Active',
  };
  return draftOf('payment-method', afterBuild, draft);
});
