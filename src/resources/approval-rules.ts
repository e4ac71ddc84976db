/**
 * Approval rules: which Orders of a business unit need approval (an Order predicate and the roles of
 * the requesters), and by whom (approver tiers: each tier a conjunction of disjunctions of associate
 * roles). Served only as an associate, under `/as-associate/{id}/in-business-unit/key={key}/approval-rules`
 * (the platform has no project-wide endpoint: `/approval-rules` is a 404 here too).
 *
 * - Any associate of the unit may read its rules; creating needs `CreateApprovalRules`, updating
 *   `UpdateApprovalRules` (403 AssociateMissingPermission otherwise). Someone who is not an associate
 *   of the unit is refused (403) before anything is looked up; another unit's rule is a 404.
 * - A rule gets the unit of the path; `key` is unique within the unit (400 DuplicateField).
 * - The predicate is parsed on create and `setPredicate` (400 SyntaxError); roles must exist (400
 *   ReferencedResourceNotFound); at most 5 tiers, at most 10 disjunctions a tier; at least one requester.
 * - Every decision goes to the permission log (reading records an allowed decision with no permission).
 *
 * Which rules an order of a unit is matched against: `rulesFor` (the unit's own Active rules, and with
 * `approvalRuleMode: ExplicitAndFromParent` those of its ancestors up the chain). Approval flows: approval-flows.ts.
 */
import * as z from 'zod';
import { errors, PlatformError } from '../http/errors.js';
import { created, ok, type ApiCall, type Reply } from '../http/context.js';
import { compileCartPredicate } from '../pricing/cart-predicate.js';
import type { StoredDocument } from '../storage/backend.js';
import { type AssociateInUnit, UNIT_PERMISSIONS } from './business-unit/permissions.js';
import { scopedAccess, type ScopedAccess, scopeFields } from '../engine/scoped-access.js';
import type { BusinessUnit } from './business-unit/model.js';
import { cartErrors } from './cart/errors.js';
import { changer, customFieldActions, customFields, type CustomFields, emitsField, setter } from '../engine/common-actions.js';
import {
  action,
  defineResource,
  type CustomRoute,
  type ResourceContext,
  type UpdateAction,
  type Locator,
  type Engine,
  type ScopePolicy,
  lifecycleMessages,
  type SdkTypes,
} from '../engine/define.js';
import type { KeyRef } from './quote-requests.js';
import { validate } from '../engine/validation.js';
import { CustomFieldsDraft, Key, type ResourceIdentifier, resourceIdentifier } from '../engine/draft-fields.js';
import type {
  ApprovalRule as SdkApprovalRule,
  ApprovalRuleDraft as SdkApprovalRuleDraft,
  BusinessUnitResourceIdentifier,
  CustomFieldsDraft as SdkCustomFieldsDraft,
} from '@commercetools/platform-sdk';

export interface RuleApprover {
  associateRole: KeyRef<'associate-role'>;
}
export interface ApproverHierarchy {
  tiers: Array<{ and: Array<{ or: RuleApprover[] }> }>;
}

export interface ApprovalRule extends StoredDocument {
  key?: string;
  name: string;
  description?: string;
  status: 'Active' | 'Inactive';
  predicate: string;
  approvers: ApproverHierarchy;
  requesters: RuleApprover[];
  businessUnit: KeyRef<'business-unit'>;
  custom?: CustomFields;
}

const RoleDraft = z.object({ associateRole: resourceIdentifier('associate-role') });
const ApproverHierarchyDraft = z.object({
  tiers: z
    .array(
      z.object({
        and: z
          .array(z.object({ or: z.array(RoleDraft).min(1) }))
          .min(1)
          .max(10),
      }),
    )
    .min(1)
    .max(5),
});
const Requesters = z.array(RoleDraft).min(1);

export const ApprovalRuleDraft = z.object({
  key: Key.optional(),
  name: z.string(),
  description: z.string().optional(),
  status: z.enum(['Active', 'Inactive']),
  predicate: z.string(),
  approvers: ApproverHierarchyDraft,
  requesters: Requesters,
  custom: CustomFieldsDraft.optional(),
  /** Not part of the platform's draft: the unit of the path, written by the scope (any value a client sends is replaced). */
  businessUnit: z.object({ typeId: z.string().optional(), key: z.string() }).optional(),
});
export type ApprovalRuleDraft = z.infer<typeof ApprovalRuleDraft>;

function roleRef(identifier: ResourceIdentifier, ctx: ResourceContext): RuleApprover {
  const reference = ctx.reference('associate-role', identifier);
  return { associateRole: { typeId: 'associate-role', key: ctx.get('associate-role', reference.id)!.key } };
}

function approversFrom(draft: z.infer<typeof ApproverHierarchyDraft>, ctx: ResourceContext): ApproverHierarchy {
  return {
    tiers: draft.tiers.map((tier) => ({
      and: tier.and.map((disjunction) => ({ or: disjunction.or.map((role) => roleRef(role.associateRole, ctx)) })),
    })),
  };
}

function requestersFrom(draft: z.infer<typeof Requesters>, ctx: ResourceContext): RuleApprover[] {
  const seen = new Set<string>();
  return draft
    .map((role) => roleRef(role.associateRole, ctx))
    .filter((role) => !seen.has(role.associateRole.key) && !!seen.add(role.associateRole.key));
}

function assertPredicate(source: string): void {
  try {
    compileCartPredicate(source);
  } catch (error) {
    throw cartErrors.syntaxError('predicate', error instanceof Error ? error.message : String(error));
  }
}

/** The key index: unique within a business unit. */
const unitKey = (rule: Pick<ApprovalRule, 'businessUnit' | 'key'>) =>
  rule.key !== undefined ? [`${rule.businessUnit.key}\u0000${rule.key}`] : [];

/** Each field's action emits `ApprovalRule<Field>Set` with the new value and the old (`old<Field>`). */
const emitsRuleField = (declared: UpdateAction<ApprovalRule>, field: string) => {
  const capitalized = `${field[0]!.toUpperCase()}${field.slice(1)}`;
  return emitsField(declared, `ApprovalRule${capitalized}Set`, field, `old${capitalized}`);
};

const actions: Record<string, UpdateAction<ApprovalRule>> = {
  setName: emitsRuleField(changer('name', z.string()), 'name'),
  setDescription: emitsRuleField(setter('description', z.string()), 'description'),
  setKey: emitsRuleField(setter('key', Key), 'key'),
  setStatus: emitsRuleField(changer('status', z.enum(['Active', 'Inactive'])), 'status'),
  setPredicate: emitsRuleField(
    action(
      () => z.object({ predicate: z.string() }),
      (rule: ApprovalRule, a) => {
        assertPredicate(a.predicate);
        rule.predicate = a.predicate;
      },
    ),
    'predicate',
  ),
  setApprovers: emitsRuleField(
    action(
      () => z.object({ approvers: ApproverHierarchyDraft }),
      (rule: ApprovalRule, a, ctx) => {
        rule.approvers = approversFrom(a.approvers, ctx);
      },
    ),
    'approvers',
  ),
  setRequesters: emitsRuleField(
    action(
      () => z.object({ requesters: Requesters }),
      (rule: ApprovalRule, a, ctx) => {
        rule.requesters = requestersFrom(a.requesters, ctx);
      },
    ),
    'requesters',
  ),
  ...customFieldActions,
};

/** Approval rules and flows: only in a business unit, with their own permission rules (approval-rules.ts, approval-flows.ts). */
const approvalRuleScope: ScopePolicy<ApprovalRule> = {
  mounts: { 'associate-unit': { routes: associateApprovalRuleRoutes() } },
  businessUnit: scopeFields.businessUnit,
};

/**
 * What seeding an approval rule takes beyond the platform's draft: its business unit (the
 * as-associate endpoint takes it from its path instead) and custom fields (the platform's rules
 * have them, set by update actions).
 */
export interface ApprovalRuleSeedDraft extends SdkApprovalRuleDraft {
  readonly businessUnit?: BusinessUnitResourceIdentifier;
  readonly custom?: SdkCustomFieldsDraft;
}

export const approvalRules = defineResource<ApprovalRuleDraft, ApprovalRule, SdkTypes<ApprovalRuleSeedDraft, SdkApprovalRule>>({
  typeId: 'approval-rule',
  messages: lifecycleMessages('ApprovalRule', 'approvalRule', false),
  path: 'approval-rules',
  scope: approvalRuleScope,
  draft: ApprovalRuleDraft,
  create(draft, ctx) {
    if (!draft.businessUnit)
      throw errors.invalidOperation(
        'An approval rule is created in a business unit: POST /as-associate/{associateId}/in-business-unit/key={key}/approval-rules.',
      );
    const unit = ctx.getByKey('business-unit', draft.businessUnit.key);
    if (!unit) throw errors.referencedResourceNotFound('business-unit', { key: draft.businessUnit.key });
    assertPredicate(draft.predicate);
    const rule = {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      status: draft.status,
      predicate: draft.predicate,
      approvers: approversFrom(draft.approvers, ctx),
      requesters: requestersFrom(draft.requesters, ctx),
      businessUnit: { typeId: 'business-unit', key: unit.key as string },
    } as Omit<ApprovalRule, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'>;
    const custom = customFields(draft.custom, ctx);
    if (custom) rule.custom = custom;
    return rule;
  },
  actions,
  // Keys are unique within a unit, not project-wide: found through the unit's index, never by `getByKey`.
  keyOf: () => undefined,
  unique: {
    key: {
      values: unitKey,
      duplicate: (_value, rule) =>
        errors.duplicateField(
          'key',
          rule.key,
          `An approval rule with the key '${rule.key}' already exists in the business unit '${rule.businessUnit.key}'.`,
        ),
    },
  },
  routes: notServedProjectWide(),
});

/** The Active rules an order of `unit` is matched against: the unit's own, and its ancestors' while the chain says ExplicitAndFromParent. */
export function rulesFor(unit: BusinessUnit, ctx: ResourceContext): ApprovalRule[] {
  const keys: string[] = [unit.key];
  let current: BusinessUnit | undefined = unit;
  while (current?.approvalRuleMode === 'ExplicitAndFromParent' && current.parentUnit) {
    current = ctx.getByKey('business-unit', current.parentUnit.key);
    if (current) keys.push(current.key);
  }
  const rules: ApprovalRule[] = [];
  for (const document of ctx.scan('approval-rule')) {
    const rule = document as ApprovalRule;
    if (rule.status === 'Active' && keys.includes(rule.businessUnit.key)) rules.push(rule);
  }
  return rules;
}

// Routes -----------------------------------------------------------------------------------------

/** The platform serves approval rules and flows only in a business unit: the project-wide paths do not exist. */
export function notServedProjectWide(): CustomRoute[] {
  const missing = (call: ApiCall): Reply => {
    throw errors.routeNotFound(call.method, `/${call.ctx.project}/...`);
  };
  return (['', ':id', 'key=:key'] as const).flatMap((path) =>
    (['GET', 'POST', 'DELETE'] as const).map((method) => ({ method, path, handle: missing })),
  );
}

/** The associate of an in-business-unit call, refused (403) when not an associate of the unit at all; every view is logged. */
export function unitMember(access: ScopedAccess, actionName: string): AssociateInUnit {
  const associate = access.associate()!;
  if (!associate.isAssociate) {
    access.engine.decisions.record({
      allowed: false,
      associateId: associate.associateId,
      businessUnitKey: associate.businessUnitKey,
      action: actionName,
      permissions: [],
      at: access.call.ctx.now,
    });
    throw new PlatformError(403, [
      {
        code: 'AssociateMissingPermission',
        message: `Associate '${associate.associateId}' has no rights to ${actionName} in business-unit '${associate.businessUnitKey}'. Needs to be an associate of the business unit.`,
        associate: { typeId: 'customer', id: associate.associateId },
        businessUnit: { typeId: 'business-unit', key: associate.businessUnitKey },
        permissions: [],
      },
    ]);
  }
  return associate;
}

/** Records an allowed view (reading a unit's rules and flows needs no permission beyond being its associate). */
export function recordView(
  access: ScopedAccess,
  associate: AssociateInUnit,
  actionName: string,
  resource?: { typeId: string; id: string },
): void {
  access.engine.decisions.record({
    allowed: true,
    associateId: associate.associateId,
    businessUnitKey: associate.businessUnitKey,
    action: actionName,
    permissions: [],
    at: access.call.ctx.now,
    ...(resource ? { resource } : {}),
  });
}

const locatorOf = (call: ApiCall): Locator => (call.params.key !== undefined ? { key: call.params.key } : { id: call.params.id! });

/** One document of the unit by id, or (rules) by its key within the unit; 404 otherwise. */
export function findInUnit<T extends StoredDocument>(access: ScopedAccess, typeId: string, locator: Locator): T {
  const ctx = access.call.ctx;
  const unit = access.scope.associate!.businessUnitKey!;
  const found = 'id' in locator ? ctx.get(typeId, locator.id) : ctx.findUnique(typeId, 'key', `${unit}\u0000${locator.key}`);
  if (!found || !access.belongs(found)) throw errors.resourceNotFound(locator);
  return found as T;
}

/** The unit's documents of `access`'s type, with the query parameters (where, sort, paging, expand). */
export function queryInUnit(access: ScopedAccess, engine: Engine) {
  const call = access.call;
  return engine.query(access.definition, call.ctx.project, call.query, { filter: (document) => access.belongs(document) });
}

/**
 * The handlers every unit-only type shares: a list and a read for any associate of the unit (each
 * view logged), an update with the permission `UNIT_PERMISSIONS` names for the type.
 */
export function unitHandlers(typeId: keyof typeof UNIT_PERMISSIONS) {
  const access = (call: ApiCall, engine: Engine) => scopedAccess(call, typeId, engine);
  return {
    query(call: ApiCall, engine: Engine): Reply {
      const scoped = access(call, engine);
      recordView(scoped, unitMember(scoped, `query ${typeId}`), `query ${typeId}`);
      return ok(queryInUnit(scoped, engine));
    },
    read(call: ApiCall, engine: Engine): Reply {
      const scoped = access(call, engine);
      const associate = unitMember(scoped, `view ${typeId}`);
      const found = findInUnit(scoped, typeId, locatorOf(call));
      recordView(scoped, associate, `view ${typeId}`, { typeId, id: found.id });
      return ok(scoped.expanded(found));
    },
    update(call: ApiCall, engine: Engine): Reply {
      const scoped = access(call, engine);
      const associate = unitMember(scoped, `update ${typeId}`);
      const found = findInUnit(scoped, typeId, locatorOf(call));
      associate.require(`update ${typeId}`, UNIT_PERMISSIONS[typeId].update, { resource: { typeId, id: found.id } });
      return ok(scoped.expanded(engine.update(scoped.definition, { id: found.id }, call.json(), call.ctx)));
    },
  };
}

/** `.../in-business-unit/key={key}/approval-rules` (+ `/{id}`, `/key={key}`). */
export function associateApprovalRuleRoutes(): CustomRoute[] {
  const { query, read, update } = unitHandlers('approval-rule');
  return [
    { method: 'GET', path: '', handle: query },
    {
      method: 'POST',
      path: '',
      handle: (call, engine) => {
        const scoped = scopedAccess<ApprovalRule>(call, 'approval-rule', engine);
        const associate = unitMember(scoped, 'create approval-rule');
        associate.require('create approval-rule', UNIT_PERMISSIONS['approval-rule'].create);
        const draft = validate(ApprovalRuleDraft, call.json());
        const rule = engine.create(
          approvalRules,
          { ...draft, businessUnit: { typeId: 'business-unit', key: associate.businessUnitKey } },
          call.ctx,
        );
        return created(scoped.expanded(rule));
      },
    },
    { method: 'GET', path: ':id', handle: read },
    { method: 'GET', path: 'key=:key', handle: read },
    { method: 'POST', path: ':id', handle: update },
    { method: 'POST', path: 'key=:key', handle: update },
  ];
}

declare module '../http/context.js' {
  interface StoredTypes {
    'approval-rule': ApprovalRule;
  }
}
