/**
 * Associate roles: named sets of Permissions that business units assign to their associates
 * (`associates[].associateRoleAssignments[].associateRole` is a KeyReference to one). What a set of
 * roles allows is decided in business-unit/permissions.ts.
 */
import * as z from 'zod';
import type { StoredDocument } from '../storage/backend.js';
import { action, defineResource, type BaseFields, lifecycleMessages, emits, type SdkTypes } from '../engine/define.js';
import { changer, customFieldActions, customFields, type CustomFields, setter, emitsField } from '../engine/common-actions.js';
import { CustomFieldsDraft, Key } from '../engine/draft-fields.js';
import { PERMISSIONS } from '../engine/permissions.js';
import type { AssociateRole as SdkAssociateRole, AssociateRoleDraft as SdkAssociateRoleDraft } from '@commercetools/platform-sdk';

export { PERMISSIONS } from '../engine/permissions.js';

/** A permission of the platform's Permission enum. */
export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;

export interface AssociateRole extends StoredDocument {
  key: string;
  buyerAssignable: boolean;
  name?: string;
  permissions: Permission[];
  custom?: CustomFields;
}

export const AssociateRoleDraft = z.object({
  key: Key,
  name: z.string().optional(),
  buyerAssignable: z.boolean().optional(),
  permissions: z.array(Permission).optional(),
  custom: CustomFieldsDraft.optional(),
});
export type AssociateRoleDraft = z.infer<typeof AssociateRoleDraft>;

/** Permissions without repeats, in the order first given. */
const distinct = (permissions: readonly Permission[]): Permission[] => [...new Set(permissions)];

export const associateRoles = defineResource<AssociateRoleDraft, AssociateRole, SdkTypes<SdkAssociateRoleDraft, SdkAssociateRole>>({
  typeId: 'associate-role',
  messages: lifecycleMessages('AssociateRole', 'associateRole'),
  path: 'associate-roles',
  draft: AssociateRoleDraft,
  create(draft, ctx) {
    const role: Omit<AssociateRole, BaseFields> = {
      key: draft.key,
      buyerAssignable: draft.buyerAssignable ?? true,
      permissions: distinct(draft.permissions ?? []),
    };
    if (draft.name !== undefined) role.name = draft.name;
    const custom = customFields(draft.custom, ctx);
    if (custom) role.custom = custom;
    return role;
  },
  /** A role some business unit still assigns cannot go: its assignments would dangle. */
  referencedBy: ['business-unit'],
  actions: {
    addPermission: emits(
      action(
        () => z.object({ permission: Permission }),
        (role: AssociateRole, a) => {
          if (!role.permissions.includes(a.permission)) role.permissions.push(a.permission);
        },
      ),
      'AssociateRolePermissionAdded',
      (_role: AssociateRole, a) => ({ permission: a.permission }),
    ),
    removePermission: emits(
      action(
        () => z.object({ permission: Permission }),
        (role: AssociateRole, a) => {
          role.permissions = role.permissions.filter((p) => p !== a.permission);
        },
      ),
      'AssociateRolePermissionRemoved',
      (_role: AssociateRole, a) => ({ permission: a.permission }),
    ),
    setPermissions: emitsField(
      action(
        () => z.object({ permissions: z.array(Permission).optional().nullable() }),
        (role: AssociateRole, a) => {
          role.permissions = distinct(a.permissions ?? []);
        },
      ),
      'AssociateRolePermissionsSet',
      'permissions',
    ),
    changeBuyerAssignable: emitsField(changer('buyerAssignable', z.boolean()), 'AssociateRoleBuyerAssignableChanged', 'buyerAssignable'),
    setName: emitsField(setter('name', z.string()), 'AssociateRoleNameSet', 'name'),
    ...customFieldActions,
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    'associate-role': AssociateRole;
  }
}
