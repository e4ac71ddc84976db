import { faker } from '@faker-js/faker';
import { type DeepPartial, Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { addressDraft } from './customers.js';
import { byKey, customFieldsDraft, draftOf, slugify, type Writable } from './support.js';

type BusinessUnitDraft = Writable<DraftOf<'business-unit'>>;
type AssociateDraft = NonNullable<BusinessUnitDraft['associates']>[number];

/** An associate of a unit: the customer (by key or id) and the keys of their associate roles. */
export type AssociateSpec = ({ customerKey: string; customerId?: never } | { customerId: string; customerKey?: never }) & {
  /** Keys of associate roles (1 to 5). */
  roleKeys: string[];
  /** Whether divisions below inherit the assignments (default: the platform's `Disabled`). */
  inheritance?: 'Enabled' | 'Disabled';
};

export interface BusinessUnitTransient {
  /** One address per country code. */
  addressCountries: string[];
}

/** The AssociateDraft of a spec: the customer by key or id, one role assignment per role key. */
export function associateDraft(spec: AssociateSpec): AssociateDraft {
  const customer =
    spec.customerId !== undefined ? { typeId: 'customer' as const, id: spec.customerId } : byKey('customer', spec.customerKey);
  return {
    customer,
    associateRoleAssignments: spec.roleKeys.map((key) => ({
      associateRole: byKey('associate-role', key),
      ...(spec.inheritance !== undefined ? { inheritance: spec.inheritance } : {}),
    })),
  };
}

export class BusinessUnitFactory extends Factory<TaggedDraft<'business-unit'>, BusinessUnitTransient> {
  /** A Company: a top-level unit (the default). */
  company(): this {
    // A Company has no parent: `undefined` removes the one an earlier `division()` in the chain set.
    return this.params({ unitType: 'Company', parentUnit: undefined } as DeepPartial<TaggedDraft<'business-unit'>>);
  }

  /**
   * A Division below the unit with this key: it inherits its parent's stores (`storeMode: 'FromParent'`)
   * and associates (`associateMode: 'ExplicitAndFromParent'`), the platform's defaults for divisions.
   */
  division(parentKey: string): this {
    return this.params({ unitType: 'Division', parentUnit: byKey('business-unit', parentKey) });
  }

  /**
   * Associates: `withAssociates([{ customerKey: 'ada', roleKeys: ['buyer'] }, { customerId, roleKeys: ['admin', 'buyer'] }])`
   * (a list, or the entries as arguments). The customers and roles must exist.
   */
  withAssociates(...associates: Array<AssociateSpec | AssociateSpec[]>): this {
    return this.params({ associates: associates.flat().map(associateDraft) });
  }

  /** The stores with these keys, explicitly (`storeMode: 'Explicit'`, also on a division). */
  withStores(...storeKeys: string[]): this {
    return this.params({ storeMode: 'Explicit', stores: storeKeys.map((key) => byKey('store', key)) });
  }

  /** Addresses, one per country given (one German one if none is given), keyed `address-1`, `address-2`, ... */
  withAddresses(...countries: string[]): this {
    return this.transient({ addressCountries: countries.length > 0 ? countries : ['DE'] });
  }

  /** `status: 'Inactive'`. */
  inactive(): this {
    return this.params({ status: 'Inactive' });
  }

  /** Custom fields of the Type with this key (a Type for `business-unit`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/**
 * Active Companies with a unique key (`business-unit-<n>`), a company name and a contact email
 * (`<company>.<n>@example.com`); no associates, stores or addresses unless a trait adds them.
 */
export const businessUnitFactory = BusinessUnitFactory.define(({ sequence, params, transientParams, afterBuild }) => {
  const name = params.name ?? faker.company.name();
  const draft: BusinessUnitDraft = {
    key: `business-unit-${sequence}`,
    unitType: 'Company',
    name,
    status: 'Active',
    contactEmail: `${slugify(name)}.${sequence}@example.com`,
  };
  const countries = transientParams.addressCountries ?? [];
  if (countries.length > 0) {
    draft.addresses = countries.map((country, index) => addressDraft(country, { key: `address-${index + 1}`, company: name }));
  }
  return draftOf<'business-unit'>('business-unit', afterBuild, draft);
});
