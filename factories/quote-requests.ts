import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKeyOrId } from './identifiers.js';
import { byKey, customFieldsDraft, draftOf } from './support.js';

/**
 * The key of the cart quote requests from the factory are for unless `forCart(...)`: a cart of a customer,
 * with a shipping address and no discount codes, at version 1 (as seeded), e.g.
 * `cartFactory.forCustomer(customer).withShippingAddress().withLineItems('SKU-1-1').build({ key: DEFAULT_QUOTE_CART_KEY })`.
 */
export const DEFAULT_QUOTE_CART_KEY = 'quote-cart';

export class QuoteRequestFactory extends Factory<TaggedDraft<'quote-request'>> {
  /** For the cart with this key or id, at this version (default 1, a freshly seeded cart's). */
  forCart(cartKeyOrId: string, cartVersion = 1): this {
    return this.params({ cart: byKeyOrId('cart', cartKeyOrId), cartVersion });
  }

  /** In the state (a State of type `QuoteRequestState`) with this key. */
  inState(stateKey: string): this {
    return this.params({ state: byKey('state', stateKey) });
  }

  /** With this purchase order number. */
  withPurchaseOrderNumber(purchaseOrderNumber: string): this {
    return this.params({ purchaseOrderNumber });
  }

  /** Custom fields of the Type with this key (a Type for `quote-request`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/**
 * Quote requests with a unique key (`quote-request-<n>`) and a comment, for version 1 of the cart with
 * key `DEFAULT_QUOTE_CART_KEY` unless `forCart(...)`.
 */
export const quoteRequestFactory = QuoteRequestFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'quote-request'> = {
    key: `quote-request-${sequence}`,
    cart: byKey('cart', DEFAULT_QUOTE_CART_KEY),
    cartVersion: 1,
    comment: faker.lorem.sentence(),
  };
  return draftOf('quote-request', afterBuild, draft);
});
