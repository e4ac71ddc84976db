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
 */
import { PlatformError } from '../http/errors.js';
import type { ResourceContext } from '../resources/define.js';
import { associateRolesIn } from '../resources/business-unit/hierarchy.js';
import type { BusinessUnit } from '../resources/business-unit/model.js';
import type { Permission, PermissionDecision, PermissionLog, PermissionPair } from './permissions.js';

export { PermissionLog, type Permission, type PermissionDecision, type PermissionPair } from './permissions.js';

/** 403 AssociateMissingPermission with the platform's fields and message shapes. */
export function associateMissingPermission(args: {
  associateId: string;
  businessUnitKey: string;
  action: string;
  permissions: Permission[];
  onBehalfOf?: string | undefined;
}): PlatformError {
  const needs = args.permissions.map((p) => `'${p}'`).join(' or ');
  const forCustomer = args.onBehalfOf !== undefined ? ` for customer '${args.onBehalfOf}'` : '';
  return new PlatformError(403, [
    {
      code: 'AssociateMissingPermission',
      message: `Associate '${args.associateId}' has no rights to ${args.action}${forCustomer} in business-unit '${args.businessUnitKey}'. Needs ${needs}.`,
      associate: { typeId: 'customer', id: args.associateId },
      businessUnit: { typeId: 'business-unit', key: args.businessUnitKey },
      ...(args.onBehalfOf !== undefined ? { associateOnBehalf: { typeId: 'customer', id: args.onBehalfOf } } : {}),
      permissions: args.permissions,
    },
  ]);
}

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

// The engine ---------------------------------------------------------------------------------------

/** One associate acting in one business unit: its permissions there and the log decisions go to. */
export class AssociateInUnit {
  readonly permissions: ReadonlySet<Permission>;
  readonly isAssociate: boolean;

  constructor(
    readonly associateId: string,
    readonly unit: BusinessUnit,
    private readonly log: PermissionLog,
    private readonly now: string,
    ctx: ResourceContext,
  ) {
    const roles = associateRolesIn(unit, associateId, ctx);
    this.permissions = new Set(roles.permissions);
    this.isAssociate = roles.isAssociate;
  }

  get businessUnitKey(): string {
    return this.unit.key;
  }

  has(permission: Permission): boolean {
    return this.permissions.has(permission);
  }

  /** Records the decision; throws 403 AssociateMissingPermission when none of `permissions` is held. */
  require(
    action: string,
    permissions: readonly Permission[],
    details: { resource?: { typeId: string; id: string }; onBehalfOf?: string } = {},
  ): void {
    const allowed = permissions.some((p) => this.has(p));
    this.record({ allowed, action, permissions: [...permissions], ...details });
    if (!allowed) {
      throw associateMissingPermission({
        associateId: this.associateId,
        businessUnitKey: this.unit.key,
        action,
        permissions: [...permissions],
        onBehalfOf: details.onBehalfOf,
      });
    }
  }

  /**
   * One resource of the unit: the associate's own needs `my`, anyone else's needs `others`
   * (`owner` is the customer id the resource belongs to, if any).
   */
  requireFor(action: string, permissions: PermissionPair, owner: string | undefined, resource?: { typeId: string; id: string }): void {
    const own = owner === this.associateId;
    this.require(action, [own ? permissions.my : permissions.others], {
      ...(resource ? { resource } : {}),
      ...(!own && owner !== undefined ? { onBehalfOf: owner } : {}),
    });
  }

  /**
   * A list: `Others` shows the whole unit, `My` alone narrows it to the associate's own resources,
   * neither is a 403. Returns which it is.
   */
  requireList(action: string, permissions: PermissionPair): 'all' | 'own' {
    const wanted: Permission[] = [permissions.my, permissions.others];
    if (this.has(permissions.others)) {
      this.record({ allowed: true, action, permissions: wanted });
      return 'all';
    }
    if (this.has(permissions.my)) {
      this.record({ allowed: true, action, permissions: wanted, narrowed: true });
      return 'own';
    }
    this.require(action, wanted);
    return 'own'; // not reached: require() threw
  }

  private record(decision: Omit<PermissionDecision, 'associateId' | 'businessUnitKey' | 'at'>): void {
    this.log.record({ associateId: this.associateId, businessUnitKey: this.unit.key, at: this.now, ...decision });
  }
}
