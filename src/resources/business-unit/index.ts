/**
 * Business units: Companies (top level) and Divisions (with a parent), their associates and role
 * assignments, stores, addresses and every update action of the platform. The hierarchy and the
 * fields derived from it live in hierarchy.ts, the draft in draft.ts.
 */
import * as z from 'zod';
import { ok, type ApiCall } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { jsonEqual } from '../../util/json.js';
import { addressBookActions } from '../address-book.js';
import { changer, customFieldActionsWithMessages, emitsField, setter } from '../../engine/common-actions.js';
import {
  action,
  type CustomRoute,
  defineResource,
  emits,
  emitsOneOf,
  type Engine,
  type MessagePayload,
  type Reference,
  lifecycleMessages,
  type SdkTypes,
} from '../../engine/define.js';
import { resourceIdentifier } from '../../engine/draft-fields.js';
import {
  AssociateDraft,
  associateFromDraft,
  associatesFromDrafts,
  assertModeAllowed,
  BusinessUnitDraft,
  businessUnitFromDraft,
  CustomerGroupAssignmentDraft,
  customerGroupAssignment,
  Mode,
  Status,
  StoreModeSchema,
  storeReferences,
  UnitTypeSchema,
} from './draft.js';
import {
  associateResponse,
  associateRolesIn,
  deriveHierarchy,
  effectiveStores,
  inheritedAssociatesOf,
  lookupIn,
  rederiveSubtree,
  setParent,
} from './hierarchy.js';
import type { Associate, BusinessUnit, KeyReference } from './model.js';
import { businessUnitScope } from './business-unit-scope.js';
import { associateBusinessUnitRoutes, myBusinessUnitCustomerRoutes } from './associate-routes.js';
import type { BusinessUnit as SdkBusinessUnit, BusinessUnitDraft as SdkBusinessUnitDraft } from '@commercetools/platform-sdk';
import { businessUnitSearchRoutes } from './search.js';

function assertExplicitStores(unit: BusinessUnit): void {
  if (unit.storeMode !== 'Explicit')
    throw errors.invalidOperation("Stores can only be set on a business unit whose storeMode is 'Explicit'.");
}

function findAssociate(unit: BusinessUnit, id: string): Associate {
  const found = unit.associates.find((a) => a.customer.id === id);
  if (!found) throw errors.invalidOperation(`The customer '${id}' is not an associate of the business unit '${unit.key}'.`);
  return found;
}

/** `BusinessUnitTopLevelUnitSet` when a change moved the unit under another top-level unit (to another company, or made it one). */
function topLevelUnitSet(unit: BusinessUnit, oldTopLevelUnit: KeyReference<'business-unit'>): MessagePayload[] {
  if (unit.topLevelUnit.key === oldTopLevelUnit.key) return [];
  return [{ type: 'BusinessUnitTopLevelUnitSet', topLevelUnit: unit.topLevelUnit, oldTopLevelUnit }];
}

export const businessUnits = defineResource<BusinessUnitDraft, BusinessUnit, SdkTypes<SdkBusinessUnitDraft, SdkBusinessUnit>>({
  typeId: 'business-unit',
  messages: lifecycleMessages('BusinessUnit', 'businessUnit'),
  path: 'business-units',
  scope: businessUnitScope,
  mounted: (engine) => [
    { router: 'me', prefix: 'business-units', routes: associateBusinessUnitRoutes(engine, 'me') },
    { router: 'associate', prefix: 'business-units', routes: associateBusinessUnitRoutes(engine, 'associate') },
    { router: 'unit-me', prefix: 'customers', routes: myBusinessUnitCustomerRoutes(engine) },
  ],
  associateRoles: associateRolesIn,
  draft: BusinessUnitDraft,
  create: businessUnitFromDraft,
  /** The unit's own derived fields, then every descendant's, recomputed; descendants that changed are written too. */
  cascade: (next, _previous, ctx) => rederiveSubtree(next, ctx),
  /** A unit with children cannot go: they name it as `parentUnit`. */
  referencedBy: ['business-unit'],
  actions: {
    changeName: emits(changer('name', z.string()), 'BusinessUnitNameChanged', (unit: BusinessUnit) => ({ name: unit.name })),
    setContactEmail: emitsField(setter('contactEmail', z.string()), 'BusinessUnitContactEmailSet', 'contactEmail'),
    changeStatus: emits(changer('status', Status), 'BusinessUnitStatusChanged', (unit: BusinessUnit) => ({ active: unit.status })),

    // Associates
    addAssociate: emits(
      action(
        () => z.object({ associate: AssociateDraft }),
        (unit: BusinessUnit, a, ctx) => {
          const associate = associateFromDraft(a.associate, ctx);
          if (unit.associates.some((existing) => existing.customer.id === associate.customer.id)) {
            throw errors.invalidOperation(
              `The customer '${associate.customer.id}' is already an associate of the business unit '${unit.key}'.`,
            );
          }
          unit.associates.push(associate);
        },
      ),
      'BusinessUnitAssociateAdded',
      (unit: BusinessUnit) => ({ associate: unit.associates.at(-1) }),
    ),
    removeAssociate: emits(
      action(
        () => z.object({ customer: resourceIdentifier('customer') }),
        (unit: BusinessUnit, a, ctx) => {
          const id = a.customer.id ?? ctx.reference('customer', a.customer).id;
          findAssociate(unit, id);
          unit.associates = unit.associates.filter((associate) => associate.customer.id !== id);
        },
      ),
      'BusinessUnitAssociateRemoved',
      (_unit: BusinessUnit, a, before: Associate[], ctx) => {
        const id = a.customer.id ?? ctx.reference('customer', a.customer).id;
        return { associate: before.find((associate) => associate.customer.id === id) };
      },
      (unit: BusinessUnit) => unit.associates,
    ),
    changeAssociate: emits(
      action(
        () => z.object({ associate: AssociateDraft }),
        (unit: BusinessUnit, a, ctx) => {
          const associate = associateFromDraft(a.associate, ctx);
          findAssociate(unit, associate.customer.id).associateRoleAssignments = associate.associateRoleAssignments;
        },
      ),
      'BusinessUnitAssociateChanged',
      (unit: BusinessUnit, a, _old, ctx) => {
        const id = ctx.reference('customer', a.associate.customer).id;
        return { associate: unit.associates.find((associate) => associate.customer.id === id) };
      },
    ),
    setAssociates: emitsField(
      action(
        () => z.object({ associates: z.array(AssociateDraft).max(2000) }),
        (unit: BusinessUnit, a, ctx) => {
          unit.associates = associatesFromDrafts(a.associates, ctx);
        },
      ),
      'BusinessUnitAssociatesSet',
      'associates',
    ),
    changeAssociateMode: emitsField(
      action(
        () => z.object({ associateMode: Mode, makeInheritedAssociatesExplicit: z.boolean().optional() }),
        (unit: BusinessUnit, a, ctx) => {
          assertModeAllowed(unit, 'associateMode', a.associateMode);
          if (a.associateMode === 'Explicit' && unit.associateMode === 'ExplicitAndFromParent' && a.makeInheritedAssociatesExplicit) {
            for (const inherited of inheritedAssociatesOf(unit, lookupIn(ctx))) {
              let associate = unit.associates.find((existing) => existing.customer.id === inherited.customer.id);
              if (!associate) unit.associates.push((associate = { associateRoleAssignments: [], customer: { ...inherited.customer } }));
              for (const assignment of inherited.associateRoleAssignments) {
                if (!associate.associateRoleAssignments.some((existing) => existing.associateRole.key === assignment.associateRole.key)) {
                  associate.associateRoleAssignments.push({ associateRole: { ...assignment.associateRole }, inheritance: 'Disabled' });
                }
              }
            }
          }
          unit.associateMode = a.associateMode;
        },
      ),
      'BusinessUnitAssociateModeChanged',
      'associateMode',
      'oldAssociateMode',
    ),
    changeApprovalRuleMode: emitsField(
      action(
        () => z.object({ approvalRuleMode: Mode }),
        (unit: BusinessUnit, a) => {
          assertModeAllowed(unit, 'approvalRuleMode', a.approvalRuleMode);
          unit.approvalRuleMode = a.approvalRuleMode;
        },
      ),
      'BusinessUnitApprovalRuleModeChanged',
      'approvalRuleMode',
      'oldApprovalRuleMode',
    ),

    // Hierarchy
    changeParentUnit: emitsOneOf(
      action(
        () => z.object({ parentUnit: resourceIdentifier('business-unit') }),
        (unit: BusinessUnit, a, ctx) => {
          if (unit.unitType !== 'Division')
            throw errors.invalidOperation('A Company has no parent unit; use setUnitType to make it a Division.');
          const lookup = lookupIn(ctx);
          const before = unit.parentUnit ? lookup(unit.parentUnit.key) : undefined;
          setParent(unit, a.parentUnit, ctx);
          const after = lookup(unit.parentUnit!.key)!;
          // RAML: the new parent must be associated with the same stores as the old one (what a FromParent unit inherits).
          const keysOf = (u: BusinessUnit | undefined) =>
            u
              ? effectiveStores(u)
                  .map((s) => s.key)
                  .sort()
              : [];
          if (unit.storeMode === 'FromParent' && before && !jsonEqual(keysOf(before), keysOf(after))) {
            throw errors.invalidOperation(
              `The new parent unit '${after.key}' must be associated with the same stores as the old parent unit '${before.key}'.`,
            );
          }
          deriveHierarchy(unit, lookup);
        },
      ),
      ['BusinessUnitParentChanged', 'BusinessUnitTopLevelUnitSet'],
      (unit: BusinessUnit, _a, old: Pick<BusinessUnit, 'parentUnit' | 'topLevelUnit'>) => [
        { type: 'BusinessUnitParentChanged', oldParentUnit: old.parentUnit, newParentUnit: unit.parentUnit },
        ...topLevelUnitSet(unit, old.topLevelUnit),
      ],
      (unit: BusinessUnit) => ({ parentUnit: unit.parentUnit, topLevelUnit: unit.topLevelUnit }),
    ),
    setUnitType: emitsOneOf(
      action(
        () => z.object({ unitType: UnitTypeSchema, parentUnit: resourceIdentifier('business-unit').optional() }),
        (unit: BusinessUnit, a, ctx) => {
          if (a.unitType === 'Company') {
            if (unit.storeMode !== 'Explicit' || unit.associateMode !== 'Explicit' || unit.approvalRuleMode !== 'Explicit') {
              throw errors.invalidOperation("A Company needs storeMode, associateMode and approvalRuleMode 'Explicit'; change them first.");
            }
            unit.unitType = 'Company';
            delete unit.parentUnit;
          } else {
            if (!a.parentUnit) throw errors.invalidOperation('A Division needs a parentUnit.');
            unit.unitType = 'Division';
            setParent(unit, a.parentUnit, ctx);
          }
          deriveHierarchy(unit, lookupIn(ctx));
        },
      ),
      ['BusinessUnitTypeSet', 'BusinessUnitTopLevelUnitSet'],
      (unit: BusinessUnit, _a, old: Pick<BusinessUnit, 'unitType' | 'parentUnit' | 'topLevelUnit'>) => [
        {
          type: 'BusinessUnitTypeSet',
          unitType: unit.unitType,
          oldUnitType: old.unitType,
          parentUnit: unit.parentUnit,
          oldParentUnit: old.parentUnit,
        },
        ...topLevelUnitSet(unit, old.topLevelUnit),
      ],
      (unit: BusinessUnit) => ({ unitType: unit.unitType, parentUnit: unit.parentUnit, topLevelUnit: unit.topLevelUnit }),
    ),

    // Stores
    setStoreMode: emits(
      action(
        () => z.object({ storeMode: StoreModeSchema, stores: z.array(resourceIdentifier('store')).optional().nullable() }),
        (unit: BusinessUnit, a, ctx) => {
          assertModeAllowed(unit, 'storeMode', a.storeMode);
          if (a.storeMode === 'FromParent') {
            if (a.stores && a.stores.length > 0) throw errors.invalidOperation("Stores can only be given with storeMode 'Explicit'.");
            unit.storeMode = 'FromParent';
            delete unit.stores;
            return;
          }
          unit.storeMode = 'Explicit';
          unit.stores = storeReferences(a.stores ?? [], ctx);
          delete unit.inheritedStores;
        },
      ),
      'BusinessUnitStoreModeChanged',
      (unit: BusinessUnit, _a, old: Pick<BusinessUnit, 'storeMode' | 'stores'>) => ({
        storeMode: unit.storeMode,
        stores: unit.stores ?? [],
        oldStoreMode: old.storeMode,
        oldStores: old.stores ?? [],
      }),
      (unit: BusinessUnit) => ({ storeMode: unit.storeMode, stores: unit.stores }),
    ),
    setStores: emitsField(
      action(
        () => z.object({ stores: z.array(resourceIdentifier('store')) }),
        (unit: BusinessUnit, a, ctx) => {
          assertExplicitStores(unit);
          unit.stores = storeReferences(a.stores, ctx);
        },
      ),
      'BusinessUnitStoresSet',
      'stores',
    ),
    addStore: emits(
      action(
        () => z.object({ store: resourceIdentifier('store') }),
        (unit: BusinessUnit, a, ctx) => {
          assertExplicitStores(unit);
          const store = ctx.keyReference('store', a.store) as KeyReference<'store'>;
          if (!unit.stores!.some((s) => s.key === store.key)) unit.stores!.push(store);
        },
      ),
      'BusinessUnitStoreAdded',
      (_unit: BusinessUnit, a, _old, ctx) => ({ store: ctx.keyReference('store', a.store) }),
    ),
    removeStore: emits(
      action(
        () => z.object({ store: resourceIdentifier('store') }),
        (unit: BusinessUnit, a, ctx) => {
          assertExplicitStores(unit);
          const key = a.store.key ?? ctx.keyReference('store', a.store).key;
          unit.stores = unit.stores!.filter((s) => s.key !== key);
        },
      ),
      'BusinessUnitStoreRemoved',
      (_unit: BusinessUnit, a, _old, ctx) => ({
        store: a.store.key ? { typeId: 'store', key: a.store.key } : ctx.keyReference('store', a.store),
      }),
    ),

    ...addressBookActions({ holder: 'business unit', messages: { prefix: 'BusinessUnit', naming: 'old' } }),

    // Customer groups (beta)
    addCustomerGroupAssignment: emits(
      action(
        () => z.object({ customerGroupAssignment: CustomerGroupAssignmentDraft }),
        (unit: BusinessUnit, a, ctx) => {
          const assignment = customerGroupAssignment(a.customerGroupAssignment, ctx);
          const assignments = (unit.customerGroupAssignments ??= []);
          if (!assignments.some((g) => g.customerGroup.id === assignment.customerGroup.id)) assignments.push(assignment);
        },
      ),
      'BusinessUnitCustomerGroupAssignmentAdded',
      (_unit: BusinessUnit, a, _old, ctx) => ({ customerGroupAssignment: customerGroupAssignment(a.customerGroupAssignment, ctx) }),
    ),
    removeCustomerGroupAssignment: emits(
      action(
        () => z.object({ customerGroup: resourceIdentifier('customer-group') }),
        (unit: BusinessUnit, a, ctx) => {
          const { id } = ctx.reference('customer-group', a.customerGroup);
          if (unit.customerGroupAssignments)
            unit.customerGroupAssignments = unit.customerGroupAssignments.filter((g) => g.customerGroup.id !== id);
        },
      ),
      'BusinessUnitCustomerGroupAssignmentRemoved',
      (_unit: BusinessUnit, a, _old, ctx) => ({
        customerGroupAssignment: { customerGroup: ctx.reference('customer-group', a.customerGroup) },
      }),
    ),
    setCustomerGroupAssignments: emitsField(
      action(
        () => z.object({ customerGroupAssignments: z.array(CustomerGroupAssignmentDraft).optional().nullable() }),
        (unit: BusinessUnit, a, ctx) => {
          const assignments: Array<{ customerGroup: Reference }> = [];
          for (const draft of a.customerGroupAssignments ?? []) {
            const assignment = customerGroupAssignment(draft, ctx);
            if (!assignments.some((g) => g.customerGroup.id === assignment.customerGroup.id)) assignments.push(assignment);
          }
          unit.customerGroupAssignments = assignments;
        },
      ),
      'BusinessUnitCustomerGroupAssignmentsSet',
      'customerGroupAssignments',
      'oldCustomerGroupAssignments',
    ),

    ...customFieldActionsWithMessages('BusinessUnit', 'old'),
  },
  routes: [associateRoute(':id'), associateRoute('key=:key'), ...businessUnitSearchRoutes],
});

/**
 * `GET /business-units/{id|key=}/associates/{associateId}`: the customer's roles in the unit
 * (explicit and inherited) and the permissions they add up to (BusinessUnitAssociateResponse).
 */
function associateRoute(locator: ':id' | 'key=:key'): CustomRoute {
  return {
    method: 'GET',
    path: `${locator}/associates/:associateId`,
    handle: (call: ApiCall, engine: Engine) => {
      const unit = engine.get(businessUnits, call.ctx.project, locator === ':id' ? { id: call.params.id! } : { key: call.params.key! });
      return ok(associateResponse(unit, call.params.associateId!, call.ctx));
    },
  };
}

declare module '../../http/context.js' {
  interface StoredTypes {
    'business-unit': BusinessUnit;
  }
}
