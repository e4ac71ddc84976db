import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { addressDraft } from './customers.js';
import { byKey, customFieldsDraft, draftOf, slugify, type Writable } from './support.js';

type CartDraft = Writable<DraftOf<'cart'>>;
export type CartLineItemDraft = NonNullable<CartDraft['lineItems']>[number];

/** A line item: a SKU (quantity 1), or a LineItemDraft (`{ sku: 'SKU-1-1', quantity: 3 }`, `{ productId, variantId }`). */
export type LineItemSpec = string | CartLineItemDraft;

/** A product whose master variant goes into the cart: a product draft (`productFactory` output) or a stored product. */
export type ProductWithSku = { masterVariant?: { sku?: string } } | { masterData: { current: { masterVariant: { sku?: string } } } };

/** Who a cart belongs to. */
export type CartOwner = { kind: 'customer'; id?: string; email?: string } | { kind: 'anonymous'; anonymousId?: string };

export interface CartTransient {
  owner: CartOwner;
  /** Give the cart a shipping address in this country. */
  shippingCountry: string;
}

/** The LineItemDraft for a spec (a fresh object). */
export const lineItemDraft = (spec: LineItemSpec): CartLineItemDraft =>
  typeof spec === 'string' ? { sku: spec, quantity: 1 } : structuredClone(spec);

function masterSku(product: ProductWithSku): string {
  const sku = 'masterData' in product ? product.masterData.current.masterVariant.sku : product.masterVariant?.sku;
  if (sku === undefined) throw new TypeError('cartFactory.withProducts: the product has no master variant SKU.');
  return sku;
}

export class CartFactory extends Factory<TaggedDraft<'cart'>, CartTransient> {
  /**
   * Line items by SKU (`withLineItems('SKU-1-1', 'SKU-2-1')`) or as drafts (`{ sku, quantity: 2 }`). The
   * products must be published and have a price in the cart's currency (`productFactory.withPrices(...).published()`).
   */
  withLineItems(...items: LineItemSpec[]): this {
    return this.params({ lineItems: items.map(lineItemDraft) });
  }

  /** One line item per product, its master variant (the products as built by `productFactory`, or as stored). */
  withProducts(...products: ProductWithSku[]): this {
    return this.withLineItems(...products.map(masterSku));
  }

  /**
   * A customer's cart. Given an id (`forCustomer(customer.id)`) or a stored customer (`forCustomer(customer)`):
   * `customerId` (and the customer's `customerEmail`); given nothing: a guest cart with a generated `customerEmail`.
   */
  forCustomer(customer?: string | { id: string; email?: string }): this {
    const owner: CartOwner =
      typeof customer === 'string'
        ? { kind: 'customer', id: customer }
        : customer
          ? { kind: 'customer', id: customer.id, ...(customer.email !== undefined ? { email: customer.email } : {}) }
          : { kind: 'customer' };
    return this.transient({ owner });
  }

  /** An anonymous session's cart: this `anonymousId`, or a generated one. */
  anonymous(anonymousId?: string): this {
    return this.transient({ owner: anonymousId !== undefined ? { kind: 'anonymous', anonymousId } : { kind: 'anonymous' } });
  }

  /** A shipping address in this country (default `DE`): prices, taxes and shipping rates follow it. */
  withShippingAddress(country = 'DE'): this {
    return this.transient({ shippingCountry: country });
  }

  /**
   * The shipping method with this key; it needs a rate in the cart's currency for a zone holding the
   * shipping address (a German one is added unless `withShippingAddress(country)` or params give one).
   */
  withShippingMethod(shippingMethodKey: string): this {
    return this.params({ shippingMethod: byKey('shipping-method', shippingMethodKey) });
  }

  /** These discount codes (by code); each must be active and bring an active cart discount that applies. */
  withDiscountCodes(...codes: string[]): this {
    return this.params({ discountCodes: codes });
  }

  /** In this currency instead of EUR (line items need prices in it). */
  inCurrency(currency: string): this {
    return this.params({ currency });
  }

  /** In the store with this key. */
  inStore(storeKey: string): this {
    return this.params({ store: byKey('store', storeKey) });
  }

  /** A cart of the business unit with this key (B2B). */
  forBusinessUnit(businessUnitKey: string): this {
    return this.params({ businessUnit: byKey('business-unit', businessUnitKey) });
  }

  /** Custom fields of the Type with this key (a Type for `order`, which carts use too). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/**
 * Empty EUR carts with a unique key (`cart-<n>`) and no owner, address or shipping method unless a trait
 * adds them. Line items need published products with a price in the cart's currency.
 */
export const cartFactory = CartFactory.define(({ sequence, params, transientParams, afterBuild }) => {
  const draft: CartDraft = { key: `cart-${sequence}`, currency: 'EUR' };
  const owner = transientParams.owner;
  if (owner?.kind === 'customer') {
    if (owner.id !== undefined) draft.customerId = owner.id;
    if (owner.email !== undefined) draft.customerEmail = owner.email;
    else if (owner.id === undefined) draft.customerEmail = `${slugify(faker.person.firstName())}.${sequence}@example.com`;
  }
  if (owner?.kind === 'anonymous') draft.anonymousId = owner.anonymousId ?? faker.string.uuid();
  const shippingCountry = transientParams.shippingCountry ?? (params.shippingMethod && !params.shippingAddress ? 'DE' : undefined);
  if (shippingCountry !== undefined) draft.shippingAddress = addressDraft(shippingCountry, { email: `shipping.${sequence}@example.com` });
  return draftOf('cart', afterBuild, draft);
});
