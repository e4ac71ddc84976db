import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { customFieldsDraft, draftOf } from './support.js';

export class CustomerGroupFactory extends Factory<TaggedDraft<'customer-group'>> {
  /** Custom fields of the Type with this key. */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/** Customer groups with a unique key (`customer-group-<n>`); the draft names the group `groupName`. */
export const customerGroupFactory = CustomerGroupFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'customer-group'> = {
    key: `customer-group-${sequence}`,
    groupName: `${faker.commerce.department()} customers ${sequence}`,
  };
  return draftOf('customer-group', afterBuild, draft);
});
