import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { draftOf } from './support.js';

export class CheckoutApplicationFactory extends Factory<TaggedDraft<'checkout-application'>> {
  /** The whole checkout flow (addresses, shipping, payment), which the platform shows with a logo. */
  completeFlow(): this {
    return this.params({ mode: 'CompleteFlow', logo: { url: 'https://cdn.example.com/logo.png' } });
  }

  /** For carts shipped to these countries (two-letter codes). */
  forCountries(...countries: string[]): this {
    return this.params({ countries });
  }

  inactive(): this {
    return this.params({ status: 'Inactive' });
  }
}

/** Checkout Applications with a unique key (`checkout-application-<n>`): payment only, for Germany, drop-in components, every origin allowed. */
export const checkoutApplicationFactory = CheckoutApplicationFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'checkout-application'> = {
    key: `checkout-application-${sequence}`,
    name: `Checkout ${sequence}`,
    countries: ['DE'],
    allowedOrigins: { allowAll: true },
    mode: 'PaymentOnly',
    paymentsConfiguration: { activePaymentComponentType: 'DropIn' },
  };
  return draftOf('checkout-application', afterBuild, draft);
});
