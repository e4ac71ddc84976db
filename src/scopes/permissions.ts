/**
 * The associate permissions as data: the platform's Permission enum, the My/Others pairs, and the
 * log of decisions a mock records. A leaf module, so that resource declarations (define.ts) and the
 * permission engine (associate-permissions.ts) can both name these types without importing each other.
 */
import { z } from 'zod';

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

export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;

/** A permission pair: `my` covers the associate's own resources, `others` the rest of the unit's. */
export interface PermissionPair {
  my: Permission;
  others: Permission;
}

/** One permission decision, as `mock.permissionDecisions()` lists it. */
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

/** The decisions of one mock instance, oldest first; cleared by `mock.clear()`. */
export class PermissionLog {
  private entries: PermissionDecision[] = [];

  record(decision: PermissionDecision): void {
    this.entries.push(decision);
  }

  /** How many decisions are recorded: a mark to `forgetSince`. */
  get size(): number {
    return this.entries.length;
  }

  /** Forgets the decisions recorded since `mark` (a run of a request that is run again). */
  forgetSince(mark: number): void {
    this.entries.length = mark;
  }

  list(): PermissionDecision[] {
    return this.entries.map((entry) => ({ ...entry, permissions: [...entry.permissions] }));
  }

  clear(): void {
    this.entries = [];
  }
}
