import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { PERMISSIONS, type Permission } from '../src/resources/associate-roles.js';
import { customFieldsDraft, draftOf } from './support.js';

export type { Permission };

/** What a role from the factory allows unless `withPermissions()` says otherwise: a buyer's own carts, orders and shopping lists. */
export const DEFAULT_ASSOCIATE_PERMISSIONS: readonly Permission[] = [
  'ViewMyCarts',
  'CreateMyCarts',
  'UpdateMyCarts',
  'DeleteMyCarts',
  'ViewMyOrders',
  'CreateMyOrdersFromMyCarts',
  'ViewMyShoppingLists',
  'CreateMyShoppingLists',
  'UpdateMyShoppingLists',
];

export class AssociateRoleFactory extends Factory<TaggedDraft<'associate-role'>> {
  /** These permissions instead of `DEFAULT_ASSOCIATE_PERMISSIONS` (none when none are given). */
  withPermissions(...permissions: Permission[]): this {
    return this.params({ permissions });
  }

  /** Every permission there is (an administrator of the unit). */
  admin(): this {
    return this.withPermissions(...PERMISSIONS);
  }

  /** `buyerAssignable: true`: associates may assign it themselves (My Business Unit endpoints). */
  buyerAssignable(): this {
    return this.params({ buyerAssignable: true });
  }

  /** Custom fields of the Type with this key (a Type for `associate-role`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/**
 * Associate roles with a unique key (`associate-role-<n>`) and a name, the permissions
 * `DEFAULT_ASSOCIATE_PERMISSIONS`, not buyer-assignable (`buyerAssignable: false`).
 */
export const associateRoleFactory = AssociateRoleFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'associate-role'> = {
    key: `associate-role-${sequence}`,
    name: `${faker.person.jobTitle()} ${sequence}`,
    buyerAssignable: false,
    permissions: [...DEFAULT_ASSOCIATE_PERMISSIONS],
  };
  return draftOf('associate-role', afterBuild, draft);
});
