/**
 * Approval flows: the approval process of one Order of a business unit, started when the Order
 * matches Active approval rules (approval-rules.ts). Served only as an associate, under
 * `/as-associate/{id}/in-business-unit/key={key}/approval-flows` (read: any associate of the unit;
 * update: `UpdateApprovalFlows`); `/approval-flows` project-wide is a 404, as on the platform.
 *
 * - `startApprovalFlow(engine, ctx, order)`: when an order with a `businessUnit` is created, the
 *   rules of its unit (`rulesFor`) whose requesters include a role the order's customer holds in the
 *   unit and whose predicate (the Order predicate language: the cart predicate fields) matches the
 *   order give one flow (status Pending) holding copies of those rules. Called when an order is
 *   created from a cart as an associate (below) and from a quote on any endpoint (order/from-quote.ts).
 * - Tiers: each rule's approver hierarchy is worked through tier by tier. A tier is approved when each
 *   of its disjunctions has an approval from an associate holding one of its roles; the next tier is
 *   then current. The flow is Approved when every rule's last tier is; one rejection rejects it.
 * - `approve`: the associate in the path must hold (in the unit) a role of a pending disjunction of a
 *   current tier; `reject` (`reason?`): a role of a current tier, even after approving. Otherwise, or
 *   when the flow is no longer Pending: 400 InvalidOperation.
 * - `eligibleApprovers` (roles of the current and later tiers), `pendingApprovers` (roles of the
 *   disjunctions still to approve, all remaining tiers), `currentTierPendingApprovers` (those of the
 *   current tiers) are recomputed after each change; all three are empty once the flow is decided.
 */
import * as z from 'zod';
import { errors } from '../http/errors.js';
import { created, type ApiCall } from '../http/context.js';
import { compileCartPredicate } from '../pricing/cart-predicate.js';
import type { StoredDocument } from '../storage/backend.js';
import { jsonClone } from '../util/json.js';
import { RESOURCE_PERMISSIONS } from './business-unit/permissions.js';
import { scopedAccess, scopeFields } from '../engine/scoped-access.js';
import { notServedProjectWide, rulesFor, unitHandlers, type ApprovalRule, type RuleApprover } from './approval-rules.js';
import { associateRolesIn } from './business-unit/hierarchy.js';
import type { Associate, BusinessUnit } from './business-unit/model.js';
import type { Cart } from './cart/model.js';
import { predicateScope } from './cart/predicate-scope.js';
import { customFieldActions, type CustomFields } from '../engine/common-actions.js';
import {
  action,
  emitsOneOf,
  defineResource,
  type MessagePayload,
  type CustomRoute,
  type ResourceContext,
  type UpdateAction,
  type Engine,
  type ScopePolicy,
  lifecycleMessages,
  type SdkTypes,
} from '../engine/define.js';
import type { KeyRef } from './quote-requests.js';
import { OrderFromCartDraft, type Order } from './order/model.js';
import { cartOfDraft, placeOrder } from './order/place.js';
import { orderNumberRoutes } from './order/routes.js';
import { validate } from '../engine/validation.js';
import { ReplicaCartDraft, replicate } from './cart/replicate.js';
import type { ApprovalFlow as SdkApprovalFlow } from '@commercetools/platform-sdk';

export interface ApprovalFlow extends StoredDocument {
  order: { typeId: 'order'; id: string };
  businessUnit: KeyRef<'business-unit'>;
  rules: ApprovalRule[];
  status: 'Pending' | 'Approved' | 'Rejected';
  rejection?: { rejecter: Associate; rejectedAt: string; reason?: string };
  approvals: Array<{ approver: Associate; approvedAt: string }>;
  eligibleApprovers: RuleApprover[];
  pendingApprovers: RuleApprover[];
  currentTierPendingApprovers: RuleApprover[];
  custom?: CustomFields;
}

// Progress through the tiers -----------------------------------------------------------------------

const rolesOfApprover = (approver: Associate) => new Set(approver.associateRoleAssignments.map((a) => a.associateRole.key));

interface RuleProgress {
  rule: ApprovalRule;
  /** Index of the current tier; `tiers.length` when the rule is fully approved. */
  tier: number;
  /** Which disjunctions of the current tier are approved. */
  done: boolean[];
}

/** Replays the approvals over each rule's tiers (an approval counts for the tier that was current when it was given). */
function progressOf(flow: Pick<ApprovalFlow, 'rules' | 'approvals'>): RuleProgress[] {
  const progress = flow.rules.map((rule): RuleProgress => ({ rule, tier: 0, done: rule.approvers.tiers[0]?.and.map(() => false) ?? [] }));
  for (const approval of flow.approvals) {
    const roles = rolesOfApprover(approval.approver);
    for (const entry of progress) advance(entry, roles);
  }
  return progress;
}

function advance(entry: RuleProgress, roles: Set<string>): boolean {
  const tier = entry.rule.approvers.tiers[entry.tier];
  if (!tier) return false;
  let changed = false;
  tier.and.forEach((disjunction, index) => {
    if (!entry.done[index] && disjunction.or.some((approver) => roles.has(approver.associateRole.key))) {
      entry.done[index] = true;
      changed = true;
    }
  });
  if (entry.done.every(Boolean)) {
    entry.tier += 1;
    entry.done = entry.rule.approvers.tiers[entry.tier]?.and.map(() => false) ?? [];
  }
  return changed;
}

function uniqueRoles(approvers: Iterable<RuleApprover>): RuleApprover[] {
  const seen = new Map<string, RuleApprover>();
  for (const approver of approvers)
    if (!seen.has(approver.associateRole.key))
      seen.set(approver.associateRole.key, { associateRole: { typeId: 'associate-role', key: approver.associateRole.key } });
  return [...seen.values()];
}

/** Status and the three approver lists, from the rules and approvals. */
function recompute(flow: ApprovalFlow): void {
  const progress = progressOf(flow);
  if (flow.status !== 'Rejected' && progress.every((entry) => entry.tier >= entry.rule.approvers.tiers.length)) flow.status = 'Approved';
  if (flow.status !== 'Pending') {
    flow.eligibleApprovers = [];
    flow.pendingApprovers = [];
    flow.currentTierPendingApprovers = [];
    return;
  }
  const eligible: RuleApprover[] = [];
  const pending: RuleApprover[] = [];
  const current: RuleApprover[] = [];
  for (const entry of progress) {
    entry.rule.approvers.tiers.forEach((tier, index) => {
      if (index < entry.tier) return;
      tier.and.forEach((disjunction, d) => {
        eligible.push(...disjunction.or);
        const open = index > entry.tier || !entry.done[d];
        if (open) pending.push(...disjunction.or);
        if (open && index === entry.tier) current.push(...disjunction.or);
      });
    });
  }
  flow.eligibleApprovers = uniqueRoles(eligible);
  flow.pendingApprovers = uniqueRoles(pending);
  flow.currentTierPendingApprovers = uniqueRoles(current);
}

/** The associate entry of `customerId` in the unit as approvals and rejections record it (explicit, else inherited roles). */
function associateEntry(unit: BusinessUnit, customerId: string, ctx: ResourceContext): Associate {
  const explicit = unit.associates.find((a) => a.customer.id === customerId);
  const roles = associateRolesIn(unit, customerId, ctx);
  const assignments = explicit ? jsonClone(explicit.associateRoleAssignments) : [];
  for (const role of roles.inheritedRoles) {
    if (!assignments.some((a) => a.associateRole.key === role.key))
      assignments.push({ associateRole: { typeId: 'associate-role', key: role.key }, inheritance: 'Enabled' });
  }
  return { associateRoleAssignments: assignments, customer: { typeId: 'customer', id: customerId } };
}

function assertPending(flow: ApprovalFlow): void {
  if (flow.status !== 'Pending') throw errors.invalidOperation(`The approval flow '${flow.id}' is already ${flow.status}.`);
}

/** Who approves or rejects: the associate of the request's `as-associate/{id}/in-business-unit/key={key}`. */
function approver(ctx: ResourceContext): Associate {
  const associate = ctx.scope?.associate;
  const unit = associate?.businessUnitKey !== undefined ? ctx.getByKey('business-unit', associate.businessUnitKey) : undefined;
  if (!associate || !unit)
    throw errors.invalidOperation('Approval flows are approved and rejected by an associate: use the as-associate endpoint.');
  return associateEntry(unit, associate.id, ctx);
}

/** `ApprovalFlowCompleted` once the flow is decided: by its last approval or by a rejection. */
const completion = (flow: ApprovalFlow): MessagePayload[] =>
  flow.status === 'Pending' ? [] : [{ type: 'ApprovalFlowCompleted', status: flow.status, order: flow.order }];

const actions: Record<string, UpdateAction<ApprovalFlow>> = {
  approve: emitsOneOf(
    action(
      () => z.object({}),
      (flow: ApprovalFlow, _a, ctx) => {
        assertPending(flow);
        const entry = approver(ctx);
        const roles = rolesOfApprover(entry);
        const progress = progressOf(flow);
        if (!progress.some((rule) => advance(rule, roles))) {
          throw errors.invalidOperation(
            `The associate '${entry.customer.id}' holds no role that is pending approval in the current tier of the approval flow.`,
          );
        }
        flow.approvals.push({ approver: entry, approvedAt: ctx.now });
        recompute(flow);
      },
    ),
    ['ApprovalFlowApproved', 'ApprovalFlowCompleted'],
    (flow: ApprovalFlow) => [
      { type: 'ApprovalFlowApproved', associate: flow.approvals.at(-1)!.approver.customer, order: flow.order },
      ...completion(flow),
    ],
  ),
  reject: emitsOneOf(
    action(
      () => z.object({ reason: z.string().optional() }),
      (flow: ApprovalFlow, a, ctx) => {
        assertPending(flow);
        const entry = approver(ctx);
        const roles = rolesOfApprover(entry);
        const inCurrentTier = progressOf(flow).some((rule) =>
          (rule.rule.approvers.tiers[rule.tier]?.and ?? []).some((disjunction) =>
            disjunction.or.some((role) => roles.has(role.associateRole.key)),
          ),
        );
        if (!inCurrentTier)
          throw errors.invalidOperation(`The associate '${entry.customer.id}' holds no role of the current tier of the approval flow.`);
        flow.status = 'Rejected';
        flow.rejection = { rejecter: entry, rejectedAt: ctx.now, ...(a.reason !== undefined ? { reason: a.reason } : {}) };
        recompute(flow);
      },
    ),
    ['ApprovalFlowRejected', 'ApprovalFlowCompleted'],
    (flow: ApprovalFlow) => [
      {
        type: 'ApprovalFlowRejected',
        associate: flow.rejection!.rejecter.customer,
        rejectionReason: flow.rejection!.reason,
        order: flow.order,
      },
      ...completion(flow),
    ],
  ),
  ...customFieldActions,
};

const approvalFlowScope: ScopePolicy<ApprovalFlow> = {
  mounts: { 'associate-unit': { routes: associateApprovalFlowRoutes() } },
  businessUnit: scopeFields.businessUnit,
};

export const approvalFlows = defineResource<unknown, ApprovalFlow, SdkTypes<never, SdkApprovalFlow>>({
  typeId: 'approval-flow',
  messages: lifecycleMessages('ApprovalFlow', 'approvalFlow', false),
  path: 'approval-flows',
  scope: approvalFlowScope,
  draft: z.never(),
  create: () => {
    throw errors.invalidOperation('Approval flows are started by the platform when an order matches approval rules.');
  },
  actions,
  without: ['create', 'delete', 'byKey'],
  routes: notServedProjectWide(),
});

// Starting a flow ----------------------------------------------------------------------------------

/**
 * Starts the approval flow of a newly created order when it matches approval rules of its unit (see
 * the module comment); returns it, or `undefined` when no rule applies. Run it in the order's
 * transaction.
 */
export function startApprovalFlow(engine: Engine, ctx: ResourceContext, order: StoredDocument): ApprovalFlow | undefined {
  const unitKey = (order.businessUnit as { key?: string } | undefined)?.key;
  const customerId = order.customerId as string | undefined;
  if (unitKey === undefined || customerId === undefined || !engine.serves('approval-flow')) return undefined;
  const unit = ctx.getByKey('business-unit', unitKey);
  if (!unit) return undefined;
  const held = associateRolesIn(unit, customerId, ctx);
  const roles = new Set([...held.explicitRoles, ...held.inheritedRoles].map((role) => role.key));
  const scope = predicateScope(order as unknown as Cart, ctx);
  const matching = rulesFor(unit, ctx).filter(
    (rule) => rule.requesters.some((r) => roles.has(r.associateRole.key)) && matches(rule, scope),
  );
  if (matching.length === 0) return undefined;
  const flow = {
    order: { typeId: 'order', id: order.id },
    businessUnit: { typeId: 'business-unit', key: unit.key },
    rules: matching.map((rule) => jsonClone(rule)),
    status: 'Pending',
    approvals: [],
    eligibleApprovers: [],
    pendingApprovers: [],
    currentTierPendingApprovers: [],
  } as unknown as ApprovalFlow;
  recompute(flow);
  return engine.insert(approvalFlows, flow, ctx);
}

function matches(rule: ApprovalRule, scope: ReturnType<typeof predicateScope>): boolean {
  try {
    return compileCartPredicate(rule.predicate)(scope) === true;
  } catch {
    return false; // a predicate that cannot be evaluated against this order does not match it
  }
}

// Routes -------------------------------------------------------------------------------------------

/** `.../in-business-unit/key={key}/approval-flows` (+ `/{id}`): read as any associate of the unit, update with UpdateApprovalFlows. */
export function associateApprovalFlowRoutes(): CustomRoute[] {
  const { query, read, update } = unitHandlers('approval-flow');
  return [
    { method: 'GET', path: '', handle: query },
    { method: 'GET', path: ':id', handle: read },
    { method: 'POST', path: ':id', handle: update },
  ];
}

// Checkout as an associate ---------------------------------------------------------------------------

/**
 * `POST .../in-business-unit/key={key}/orders`: an order from a cart of the unit (OrderFromCartDraft),
 * placed by the orders module (`placeOrder`), with the order's approval flow started in the same
 * transaction. The associate's own cart needs CreateMyOrdersFromMyCarts, anyone else's
 * CreateOrdersFromOthersCarts. A cart that does not exist: 400 ReferencedResourceNotFound; a cart of
 * another unit (or of none): 400 InvalidOperation (the platform's answer for this endpoint).
 */
export function associateOrderFromCartRoute(): CustomRoute {
  return {
    method: 'POST',
    path: '',
    handle: (call, engine) => {
      const draft = validate(OrderFromCartDraft, call.json());
      const access = scopedAccess(call, 'order', engine);
      const associate = access.associate()!;
      const pair = RESOURCE_PERMISSIONS.order.createFromCart;
      if (!associate.isAssociate) associate.require('create order from cart', [pair.my, pair.others]);
      const carts = engine.definition('cart');
      const cart = cartOfDraft(draft, (locator) => engine.find(carts, call.ctx.project, locator));
      if (cart.businessUnit?.key !== associate.businessUnitKey) {
        throw errors.invalidOperation(`The cart does not belong to the business unit '${associate.businessUnitKey}'.`);
      }
      associate.requireFor('create order from cart', pair, cart.customerId, { typeId: 'cart', id: cart.id });
      const order = engine.transaction(() => {
        const placed = placeOrder(engine, call.ctx, cart, draft);
        if (!access.belongs(placed)) throw errors.invalidOperation('The order cannot be created outside the scope of this endpoint.');
        startApprovalFlow(engine, call.ctx, placed);
        return placed;
      });
      return created(access.expanded(order));
    },
  };
}

/** `.../in-business-unit/key={key}/orders/order-number={orderNumber}`: GET and POST (update), through the scope's order access. */
export function associateOrderNumberRoutes(): CustomRoute[] {
  const access = (call: ApiCall, engine: Engine) => scopedAccess<Order>(call, 'order', engine);
  return orderNumberRoutes({
    get: (call, engine, orderNumber) => access(call, engine).find({ key: orderNumber }),
    update: (call, engine, orderNumber) => access(call, engine).update({ key: orderNumber }, call.json()),
    remove: () => {
      throw errors.general('not served');
    },
  }).filter((route) => route.method !== 'DELETE');
}

/**
 * `POST .../in-business-unit/key={key}/carts/replicate`: a new cart of the unit from a cart or order
 * of the unit (the carts module's replication: items re-priced, no payments or deliveries). Needs
 * the view permission of the source (ViewMy/OthersCarts or ViewMy/OthersOrders) and the create
 * permission of the replica (CreateMyCarts for the associate's own, CreateOthersCarts otherwise: the
 * replica keeps the source's customer). A source that does not exist: 400 ReferencedResourceNotFound;
 * one of another unit: 400 InvalidOperation.
 */
export function associateReplicateCartRoute(): CustomRoute {
  return {
    method: 'POST',
    path: 'replicate',
    handle: (call, engine) => {
      const draft = validate(ReplicaCartDraft, call.json());
      const access = scopedAccess<Cart>(call, 'cart', engine);
      const associate = access.associate()!;
      const create = RESOURCE_PERMISSIONS.cart.create;
      if (!associate.isAssociate) associate.require('create cart', [create.my, create.others]);
      const source = call.ctx.get(draft.reference.typeId, draft.reference.id);
      if (!source) throw errors.referencedResourceNotFound(draft.reference.typeId, { id: draft.reference.id });
      if ((source.businessUnit as { key?: string } | undefined)?.key !== associate.businessUnitKey) {
        throw errors.invalidOperation(`The ${draft.reference.typeId} does not belong to the business unit '${associate.businessUnitKey}'.`);
      }
      const view = draft.reference.typeId === 'cart' ? RESOURCE_PERMISSIONS.cart.view : RESOURCE_PERMISSIONS.order.view;
      associate.requireFor(`view ${draft.reference.typeId}`, view, source.customerId as string | undefined, {
        typeId: draft.reference.typeId,
        id: source.id,
      });
      // The replica belongs to the unit from its creation: one insert, version 1.
      const replica = engine.transaction(() => {
        const fields = {
          ...replicate(source as Cart, draft.key, call.ctx),
          businessUnit: { typeId: 'business-unit', key: associate.businessUnitKey },
        };
        const made = engine.insert(engine.definition('cart'), fields, call.ctx);
        associate.requireFor('create cart', create, made.customerId, { typeId: 'cart', id: made.id });
        return made;
      });
      return created(access.expanded(replica));
    },
  };
}

declare module '../http/context.js' {
  interface StoredTypes {
    'approval-flow': ApprovalFlow;
  }
}
