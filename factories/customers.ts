import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, customFieldsDraft, DEFAULT_PASSWORD, draftOf, slugify, type Writable } from './support.js';

type CustomerDraft = Writable<DraftOf<'customer'>>;

/** The platform's CustomerDraft with the password set: the plain one to sign in with. */
export type CustomerDraftWithPassword = DraftOf<'customer'> & { readonly password: string };
type AddressDraft = NonNullable<CustomerDraft['addresses']>[number];

export interface CustomerTransient {
  /** One address per country code. */
  addressCountries: string[];
  /** Make the first address the default shipping address and the second (or the first) the default billing one. */
  defaultAddresses: boolean;
}

/** A postal address from faker, in the given country. */
export function addressDraft(country = 'DE', overrides: Partial<AddressDraft> = {}): AddressDraft {
  return {
    firstName: faker.person.firstName(),
    lastName: faker.person.lastName(),
    streetName: faker.location.street(),
    streetNumber: faker.location.buildingNumber(),
    postalCode: faker.location.zipCode(),
    city: faker.location.city(),
    country,
    ...overrides,
  };
}

export class CustomerFactory extends Factory<CustomerDraftWithPassword & TaggedDraft<'customer'>, CustomerTransient> {
  /** Addresses, one per country given (two in Germany when none is given), keyed `address-1`, `address-2`, ... */
  withAddresses(...countries: string[]): this {
    return this.transient({ addressCountries: countries.length > 0 ? countries : ['DE', 'DE'] });
  }

  /**
   * Default shipping and billing addresses: the first address ships, the second (or the only one) bills;
   * they are also listed in `shippingAddresses` / `billingAddresses`. Adds two addresses if there are none.
   */
  withDefaultAddresses(): this {
    return this.transient({ defaultAddresses: true });
  }

  /** A customer of these stores (references by key). */
  inStores(...storeKeys: string[]): this {
    return this.params({ stores: storeKeys.map((key) => byKey('store', key)) });
  }

  /** A member of the customer group with this key. */
  inGroup(customerGroupKey: string): this {
    return this.params({ customerGroup: byKey('customer-group', customerGroupKey) });
  }

  /** `isEmailVerified: true`. */
  verified(): this {
    return this.params({ isEmailVerified: true });
  }

  /** Custom fields of the Type with this key. */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/**
 * Customers with a unique email (`first.last.<n>@example.com`) and key (`customer-<n>`), and the
 * password `DEFAULT_PASSWORD` (`'password123'`) unless `build({ password })` gives another: the
 * draft's `password` is the plain one to sign in with.
 */
export const customerFactory = CustomerFactory.define(({ sequence, params, transientParams, afterBuild }) => {
  const firstName = params.firstName ?? faker.person.firstName();
  const lastName = params.lastName ?? faker.person.lastName();
  const draft: Writable<CustomerDraftWithPassword> = {
    email: `${slugify(firstName)}.${slugify(lastName)}.${sequence}@example.com`,
    password: DEFAULT_PASSWORD,
    key: `customer-${sequence}`,
    firstName,
    lastName,
  };
  let countries = transientParams.addressCountries ?? [];
  if (transientParams.defaultAddresses && countries.length === 0) countries = ['DE', 'DE'];
  if (countries.length > 0) {
    draft.addresses = countries.map((country, index) => addressDraft(country, { key: `address-${index + 1}`, firstName, lastName }));
  }
  if (transientParams.defaultAddresses) {
    // Addresses given as params replace the generated ones: index into those.
    const count = params.addresses?.length ?? countries.length;
    const billing = count > 1 ? 1 : 0;
    Object.assign(draft, {
      defaultShippingAddress: 0,
      shippingAddresses: [0],
      defaultBillingAddress: billing,
      billingAddresses: [billing],
    });
  }
  return draftOf('customer', afterBuild, draft);
});
