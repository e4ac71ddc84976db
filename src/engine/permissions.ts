/**
 * The associate permissions as data: the platform's Permission enum, the My/Others pairs, and the
 * log of decisions a mock records. A leaf module, so that resource declarations (define.ts) and the
 * permission engine (associate-permissions.ts) can both name these types without importing each other.
 */
import { PlatformError } from '../http/errors.js';
import { droppedAtOnce } from '../util/bounds.js';

/** The platform's Permission enum (RAML `types/associate-role/Permission.raml`), in its order. */
export const PERMISSIONS = [
  'AddChildUnits',
  'UpdateAssociates',
  'UpdateBusinessUnitDetails',
  'UpdateParentUnit',
  'ViewMyCarts',
  'ViewOthersCarts',
  'UpdateMyCarts',
  'UpdateOthersCarts',
  'CreateMyCarts',
  'CreateOthersCarts',
  'DeleteMyCarts',
  'DeleteOthersCarts',
  'ViewMyOrders',
  'ViewOthersOrders',
  'UpdateMyOrders',
  'UpdateOthersOrders',
  'CreateMyOrdersFromMyCarts',
  'CreateMyOrdersFromMyQuotes',
  'CreateOrdersFromOthersCarts',
  'CreateOrdersFromOthersQuotes',
  'ViewMyQuotes',
  'ViewOthersQuotes',
  'AcceptMyQuotes',
  'AcceptOthersQuotes',
  'DeclineMyQuotes',
  'DeclineOthersQuotes',
  'RenegotiateMyQuotes',
  'RenegotiateOthersQuotes',
  'ReassignMyQuotes',
  'ReassignOthersQuotes',
  'ViewMyQuoteRequests',
  'ViewOthersQuoteRequests',
  'UpdateMyQuoteRequests',
  'UpdateOthersQuoteRequests',
  'CreateMyQuoteRequestsFromMyCarts',
  'CreateQuoteRequestsFromOthersCarts',
  'CreateApprovalRules',
  'UpdateApprovalRules',
  'UpdateApprovalFlows',
  'ViewMyShoppingLists',
  'ViewOthersShoppingLists',
  'UpdateMyShoppingLists',
  'UpdateOthersShoppingLists',
  'CreateMyShoppingLists',
  'CreateOthersShoppingLists',
  'DeleteMyShoppingLists',
  'DeleteOthersShoppingLists',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** A permission pair: `my` covers the associate's own resources, `others` the rest of the unit's. */
export interface PermissionPair {
  my: Permission;
  others: Permission;
}

/** One permission decision, as `mock.permissions.decisions()` lists it. */
export interface PermissionDecision {
  allowed: boolean;
  /** The customer id of the associate acting. */
  associateId: string;
  businessUnitKey: string;
  /** What was attempted: `view cart`, `query cart`, `create shopping-list`, `update business-unit`, `update associates`, `add child unit`, ... */
  action: string;
  /** The permissions that suffice (any one of them); for a denial, those the associate lacked. */
  permissions: Permission[];
  /** ISO timestamp of the request. */
  at: string;
  /** The resource acted on, when there is one. */
  resource?: { typeId: string; id: string };
  /** The customer whose resource it is, when it is not the associate's own. */
  onBehalfOf?: string;
  /** For an allowed list: whether it was narrowed to the associate's own resources (only `My` held). */
  narrowed?: boolean;
}

/** The decisions a mock keeps by default (the `retention.permissionDecisions` option). */
export const PERMISSION_DECISIONS_KEPT = 10_000;

/**
 * The decisions of one mock instance, oldest first, at most `limit` of them (past it the oldest go,
 * see `droppedAtOnce`); cleared by `mock.state.clear()`.
 */
export class PermissionLog {
  private entries: PermissionDecision[] = [];
  /** How many of the oldest decisions were dropped for the limit: marks count them too. */
  private dropped = 0;

  constructor(private readonly limit = PERMISSION_DECISIONS_KEPT) {}

  record(decision: PermissionDecision): void {
    this.entries.push(decision);
    if (this.entries.length > this.limit) this.dropOldest(this.entries.length - this.limit + droppedAtOnce(this.limit));
  }

  /** How many decisions were ever recorded (since the last clear): a mark to `forgetSince`. */
  get size(): number {
    return this.dropped + this.entries.length;
  }

  /** Forgets the decisions recorded since `mark` (a run of a request that is run again). */
  forgetSince(mark: number): void {
    this.entries.length = Math.max(0, mark - this.dropped);
  }

  list(): PermissionDecision[] {
    return this.entries.map((entry) => ({ ...entry, permissions: [...entry.permissions] }));
  }

  clear(): void {
    this.entries = [];
    this.dropped = 0;
  }

  private dropOldest(count: number): void {
    this.entries = this.entries.slice(count);
    this.dropped += count;
  }
}

/** What an associate holds in a business unit: whether it is an associate there at all, and the union of its roles' permissions. */
export interface AssociateRoles {
  isAssociate: boolean;
  permissions: readonly Permission[];
}

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

/** One associate acting in one business unit: its permissions there and the log decisions go to. */
export class AssociateInUnit {
  readonly permissions: ReadonlySet<Permission>;
  readonly isAssociate: boolean;

  constructor(
    readonly associateId: string,
    readonly businessUnitKey: string,
    held: AssociateRoles,
    private readonly log: PermissionLog,
    private readonly now: string,
  ) {
    this.permissions = new Set(held.permissions);
    this.isAssociate = held.isAssociate;
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
        businessUnitKey: this.businessUnitKey,
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
    this.log.record({ associateId: this.associateId, businessUnitKey: this.businessUnitKey, at: this.now, ...decision });
  }
}
