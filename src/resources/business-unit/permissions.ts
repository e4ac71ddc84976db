/**
 * The as-associate permission engine (spec: "as-associate permission rules").
 *
 * 1. The business unit comes from the path; the associate's permissions there are the union of the
 *    permissions of its roles in that unit, explicit and inherited (associateMode ExplicitAndFromParent).
 * 2. A permission has a `My` form (the associate's own resources: their customer is the associate) and
 *    an `Others` form (the rest of the unit's resources).
 * 3. A list where only `My` is held is narrowed to the associate's own resources, not refused.
 * 4. A missing permission is 403 AssociateMissingPermission naming the permissions that would have
 *    sufficed; a resource of another business unit is a 404 (decided by the caller of this engine).
 *
 * Every decision (allowed or denied) is recorded in the mock's PermissionLog so tests can assert on it.
 *
 * This module holds the platform's tables; the mechanism (AssociateInUnit, the log) is the engine's
 * (engine/permissions.ts), and the roles an associate holds in a unit come from the business unit
 * type's `associateRoles` (./hierarchy.ts).
 */
import type { Permission, PermissionPair } from '../../engine/permissions.js';

export {
  AssociateInUnit,
  associateMissingPermission,
  PermissionLog,
  type Permission,
  type PermissionDecision,
  type PermissionPair,
} from '../../engine/permissions.js';

// Resource families --------------------------------------------------------------------------------

const pair = (my: Permission, others: Permission): PermissionPair => ({ my, others });

/**
 * The platform's permission table for the B2B resources, by typeId and operation. Operations that
 * are not My/Others pairs (approval rules and flows) have `any` instead: one of them suffices.
 */
export const RESOURCE_PERMISSIONS = {
  cart: {
    view: pair('ViewMyCarts', 'ViewOthersCarts'),
    update: pair('UpdateMyCarts', 'UpdateOthersCarts'),
    create: pair('CreateMyCarts', 'CreateOthersCarts'),
    delete: pair('DeleteMyCarts', 'DeleteOthersCarts'),
  },
  order: {
    view: pair('ViewMyOrders', 'ViewOthersOrders'),
    update: pair('UpdateMyOrders', 'UpdateOthersOrders'),
    createFromCart: pair('CreateMyOrdersFromMyCarts', 'CreateOrdersFromOthersCarts'),
    createFromQuote: pair('CreateMyOrdersFromMyQuotes', 'CreateOrdersFromOthersQuotes'),
  },
  quote: {
    view: pair('ViewMyQuotes', 'ViewOthersQuotes'),
    accept: pair('AcceptMyQuotes', 'AcceptOthersQuotes'),
    decline: pair('DeclineMyQuotes', 'DeclineOthersQuotes'),
    renegotiate: pair('RenegotiateMyQuotes', 'RenegotiateOthersQuotes'),
    reassign: pair('ReassignMyQuotes', 'ReassignOthersQuotes'),
  },
  'quote-request': {
    view: pair('ViewMyQuoteRequests', 'ViewOthersQuoteRequests'),
    update: pair('UpdateMyQuoteRequests', 'UpdateOthersQuoteRequests'),
    create: pair('CreateMyQuoteRequestsFromMyCarts', 'CreateQuoteRequestsFromOthersCarts'),
  },
  'shopping-list': {
    view: pair('ViewMyShoppingLists', 'ViewOthersShoppingLists'),
    update: pair('UpdateMyShoppingLists', 'UpdateOthersShoppingLists'),
    create: pair('CreateMyShoppingLists', 'CreateOthersShoppingLists'),
    delete: pair('DeleteMyShoppingLists', 'DeleteOthersShoppingLists'),
  },
} as const satisfies Record<string, Record<string, PermissionPair>>;

/** Approval rules and flows: one permission each, no My/Others (viewing needs none beyond being an associate). */
export const UNIT_PERMISSIONS = {
  'approval-rule': { create: ['CreateApprovalRules'], update: ['UpdateApprovalRules'] },
  'approval-flow': { update: ['UpdateApprovalFlows'] },
} as const satisfies Record<string, Record<string, readonly Permission[]>>;

/** Which business-unit update action needs which permission (as an associate or through /me). */
export const BUSINESS_UNIT_ACTION_PERMISSIONS: Record<string, Permission> = {
  addAssociate: 'UpdateAssociates',
  removeAssociate: 'UpdateAssociates',
  changeAssociate: 'UpdateAssociates',
  setAssociates: 'UpdateAssociates',
  changeParentUnit: 'UpdateParentUnit',
  // Everything else changes the unit's details.
};
export const businessUnitActionPermission = (action: string): Permission =>
  BUSINESS_UNIT_ACTION_PERMISSIONS[action] ?? 'UpdateBusinessUnitDetails';
