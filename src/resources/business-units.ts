/**
 * Business units: Companies (top level) and Divisions (with a parent), their associates and role
 * assignments, stores, addresses and every update action of the platform.
 *
 * The hierarchy-derived fields — `topLevelUnit`, `inheritedStores` (storeMode FromParent) and
 * `inheritedAssociates` (associateMode ExplicitAndFromParent) — are computed from the parent chain
 * when a unit is created and recomputed, for the unit and all its descendants, whenever an update
 * changes a unit (`cascade`): the platform's "eventually consistent" values, made consistent at once.
 * What an associate may do in a unit is decided in src/scopes/associate-permissions.ts from
 * `associateRolesIn()` below.
 */
import { z } from 'zod';
import { errors } from '../http/errors.js';
import { ok, type ApiCall } from '../context.js';
import type { StoredDocument } from '../storage/types.js';
import { jsonClone, jsonEqual } from '../util/json.js';
import { action, defineResource, type BaseFields, type CustomRoute, type Reference, type ResourceContext, type Engine } from './define.js';
import { addressBookActions, addressIdAt } from './address-book.js';
import { type Address, addressFromDraft, customFieldActions, customFields, type CustomFields, setField } from './common.js';
import type { AssociateRole, Permission } from './associate-roles.js';
import { BaseAddress, CustomFieldsDraft, Key, requiredWhen, ResourceIdentifier } from './validation.js';

export interface KeyReference<T extends string> {
  typeId: T;
  key: string;
}

export type InheritanceMode = 'Enabled' | 'Disabled';
export type AssociateMode = 'Explicit' | 'ExplicitAndFromParent';
export type StoreMode = 'Explicit' | 'FromParent';
export type UnitType = 'Company' | 'Division';

export interface AssociateRoleAssignment {
  associateRole: KeyReference<'associate-role'>;
  inheritance: InheritanceMode;
}

export interface Associate {
  associateRoleAssignments: AssociateRoleAssignment[];
  customer: { typeId: 'customer'; id: string };
}

export interface InheritedAssociate {
  associateRoleAssignments: Array<{ associateRole: KeyReference<'associate-role'>; source: KeyReference<'business-unit'> }>;
  customer: { typeId: 'customer'; id: string };
}

export interface BusinessUnit extends StoredDocument {
  key: string;
  unitType: UnitType;
  name: string;
  status: 'Active' | 'Inactive';
  /** Only with storeMode Explicit. */
  stores?: Array<KeyReference<'store'>>;
  /** Only with storeMode FromParent: the stores of the closest ancestor that sets them. */
  inheritedStores?: Array<KeyReference<'store'>>;
  storeMode: StoreMode;
  contactEmail?: string;
  custom?: CustomFields;
  customerGroupAssignments?: Array<{ customerGroup: Reference }>;
  addresses: Address[];
  shippingAddressIds: string[];
  defaultShippingAddressId?: string;
  billingAddressIds: string[];
  defaultBillingAddressId?: string;
  associateMode: AssociateMode;
  associates: Associate[];
  /** Only with associateMode ExplicitAndFromParent. */
  inheritedAssociates?: InheritedAssociate[];
  /** Only for Divisions. */
  parentUnit?: KeyReference<'business-unit'>;
  topLevelUnit: KeyReference<'business-unit'>;
  approvalRuleMode: AssociateMode;
}

// Drafts -----------------------------------------------------------------------------------------

const Status = z.enum(['Active', 'Inactive']);
const StoreModeSchema = z.enum(['Explicit', 'FromParent']);
const Mode = z.enum(['Explicit', 'ExplicitAndFromParent']);
const UnitTypeSchema = z.enum(['Company', 'Division']);

export const AssociateRoleAssignmentDraft = z.object({
  associateRole: ResourceIdentifier,
  inheritance: z.enum(['Enabled', 'Disabled']).optional(),
});

export const AssociateDraft = z.object({
  associateRoleAssignments: z.array(AssociateRoleAssignmentDraft).min(1).max(5),
  /** Deprecated (`Admin` / `Buyer`); accepted and ignored, as `associateRoleAssignments` is what counts. */
  roles: z.array(z.enum(['Admin', 'Buyer'])).optional(),
  customer: ResourceIdentifier,
});
export type AssociateDraft = z.infer<typeof AssociateDraft>;

const CustomerGroupAssignmentDraft = z.object({ customerGroup: ResourceIdentifier });

export const BusinessUnitDraft = z
  .object({
    key: Key,
    unitType: UnitTypeSchema,
    name: z.string(),
    status: Status.optional(),
    stores: z.array(ResourceIdentifier).optional(),
    storeMode: StoreModeSchema.optional(),
    contactEmail: z.string().optional(),
    associateMode: Mode.optional(),
    associates: z.array(AssociateDraft).max(2000).optional(),
    approvalRuleMode: Mode.optional(),
    addresses: z.array(BaseAddress).optional(),
    shippingAddresses: z.array(z.number().int().min(0)).optional(),
    defaultShippingAddress: z.number().int().min(0).optional(),
    billingAddresses: z.array(z.number().int().min(0)).optional(),
    defaultBillingAddress: z.number().int().min(0).optional(),
    custom: CustomFieldsDraft.optional(),
    customerGroupAssignments: z.array(CustomerGroupAssignmentDraft).optional(),
    /** DivisionDraft only (required there). */
    parentUnit: ResourceIdentifier.optional(),
  })
  .check(requiredWhen('parentUnit', (draft) => draft.unitType === 'Division'));
export type BusinessUnitDraft = z.infer<typeof BusinessUnitDraft>;

// References -------------------------------------------------------------------------------------

type Identifier = { id?: string | undefined; key?: string | undefined };

const identified = (identifier: Identifier) => (identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key ?? '' });

function resolve(ctx: ResourceContext, typeId: string, identifier: Identifier): StoredDocument {
  const found = identifier.id !== undefined ? ctx.get(typeId, identifier.id) : ctx.getByKey(typeId, identifier.key ?? '');
  if (!found) throw errors.referencedResourceNotFound(typeId, identified(identifier));
  return found;
}

const unitRef = (key: string): KeyReference<'business-unit'> => ({ typeId: 'business-unit', key });

function storeRef(ctx: ResourceContext, identifier: Identifier): KeyReference<'store'> {
  return { typeId: 'store', key: resolve(ctx, 'store', identifier).key as string };
}

function storeRefs(ctx: ResourceContext, identifiers: Identifier[]): Array<KeyReference<'store'>> {
  const refs: Array<KeyReference<'store'>> = [];
  for (const identifier of identifiers) {
    const ref = storeRef(ctx, identifier);
    if (!refs.some((r) => r.key === ref.key)) refs.push(ref);
  }
  return refs;
}

function customerId(ctx: ResourceContext, identifier: Identifier): string {
  return resolve(ctx, 'customer', identifier).id;
}

export function associateFromDraft(draft: AssociateDraft, ctx: ResourceContext): Associate {
  const assignments: AssociateRoleAssignment[] = [];
  for (const assignment of draft.associateRoleAssignments) {
    const role = resolve(ctx, 'associate-role', assignment.associateRole);
    const entry: AssociateRoleAssignment = {
      associateRole: { typeId: 'associate-role', key: role.key as string },
      inheritance: assignment.inheritance ?? 'Disabled',
    };
    if (!assignments.some((a) => a.associateRole.key === entry.associateRole.key)) assignments.push(entry);
  }
  return { associateRoleAssignments: assignments, customer: { typeId: 'customer', id: customerId(ctx, draft.customer) } };
}

function associatesFromDrafts(drafts: AssociateDraft[], ctx: ResourceContext): Associate[] {
  const associates = drafts.map((draft) => associateFromDraft(draft, ctx));
  const seen = new Set<string>();
  for (const associate of associates) {
    if (seen.has(associate.customer.id))
      throw errors.invalidInput(`The customer '${associate.customer.id}' is given more than once as an associate.`);
    seen.add(associate.customer.id);
  }
  return associates;
}

const customerGroupAssignment = (draft: z.infer<typeof CustomerGroupAssignmentDraft>, ctx: ResourceContext) => ({
  customerGroup: ctx.reference('customer-group', draft.customerGroup),
});

// The hierarchy ----------------------------------------------------------------------------------

/** Finds a unit by key; the cascade passes one that sees the copies it is about to write. */
export type UnitLookup = (key: string) => BusinessUnit | undefined;

export const lookupIn =
  (ctx: ResourceContext): UnitLookup =>
  (key) =>
    ctx.getByKey('business-unit', key) as BusinessUnit | undefined;

/** The stores a unit works in: its own (Explicit) or those it inherits (FromParent). */
export function effectiveStores(unit: BusinessUnit): Array<KeyReference<'store'>> {
  return (unit.storeMode === 'Explicit' ? unit.stores : unit.inheritedStores) ?? [];
}

/**
 * The role assignments a unit inherits: up the parent chain while each unit passes associates on
 * (associateMode ExplicitAndFromParent), every explicit assignment with inheritance Enabled.
 */
export function inheritedAssociatesOf(unit: BusinessUnit, lookup: UnitLookup): InheritedAssociate[] {
  if (unit.associateMode !== 'ExplicitAndFromParent' || !unit.parentUnit) return [];
  const byCustomer = new Map<string, InheritedAssociate>();
  const seen = new Set<string>([unit.key]);
  let parent = lookup(unit.parentUnit.key);
  while (parent && !seen.has(parent.key)) {
    seen.add(parent.key);
    for (const associate of parent.associates) {
      for (const assignment of associate.associateRoleAssignments) {
        if (assignment.inheritance !== 'Enabled') continue;
        let inherited = byCustomer.get(associate.customer.id);
        if (!inherited)
          byCustomer.set(associate.customer.id, (inherited = { associateRoleAssignments: [], customer: { ...associate.customer } }));
        inherited.associateRoleAssignments.push({ associateRole: { ...assignment.associateRole }, source: unitRef(parent.key) });
      }
    }
    if (parent.associateMode !== 'ExplicitAndFromParent' || !parent.parentUnit) break;
    parent = lookup(parent.parentUnit.key);
  }
  return [...byCustomer.values()];
}

/** Recomputes the fields a unit takes from its parent chain (in place). */
export function deriveHierarchy(unit: BusinessUnit, lookup: UnitLookup): void {
  const parent = unit.unitType === 'Division' && unit.parentUnit ? lookup(unit.parentUnit.key) : undefined;
  unit.topLevelUnit =
    unit.unitType === 'Company' || !unit.parentUnit ? unitRef(unit.key) : { ...(parent?.topLevelUnit ?? unit.parentUnit) };
  if (unit.storeMode === 'FromParent') {
    delete unit.stores;
    unit.inheritedStores = parent ? effectiveStores(parent).map((store) => ({ ...store })) : [];
  } else {
    unit.stores ??= [];
    delete unit.inheritedStores;
  }
  if (unit.associateMode === 'ExplicitAndFromParent') unit.inheritedAssociates = inheritedAssociatesOf(unit, lookup);
  else delete unit.inheritedAssociates;
}

/** Whether `candidate` is `unit` itself or lies below it. */
function isSelfOrDescendant(candidate: BusinessUnit, unit: BusinessUnit, lookup: UnitLookup): boolean {
  const seen = new Set<string>();
  for (
    let current: BusinessUnit | undefined = candidate;
    current && !seen.has(current.key);
    current = current.parentUnit ? lookup(current.parentUnit.key) : undefined
  ) {
    if (current.key === unit.key) return true;
    seen.add(current.key);
  }
  return false;
}

function setParent(unit: BusinessUnit, identifier: Identifier, ctx: ResourceContext): void {
  const parent = resolve(ctx, 'business-unit', identifier) as BusinessUnit;
  if (isSelfOrDescendant(parent, unit, lookupIn(ctx))) {
    throw errors.invalidOperation(
      `The business unit '${parent.key}' cannot be the parent of '${unit.key}': it is the unit itself or one of its descendants.`,
    );
  }
  unit.parentUnit = unitRef(parent.key);
}

/** The roles a customer holds in a unit (explicitly and inherited) and the permissions they add up to. */
export interface AssociateRolesInUnit {
  /** Whether the customer is an associate of the unit at all (explicitly or through inheritance). */
  isAssociate: boolean;
  explicitRoles: AssociateRole[];
  inheritedRoles: AssociateRole[];
  /** The union of the roles' permissions, in the platform's enum order of first appearance. */
  permissions: Permission[];
}

export function associateRolesIn(
  unit: BusinessUnit,
  customerId: string,
  ctx: ResourceContext,
  lookup: UnitLookup = lookupIn(ctx),
): AssociateRolesInUnit {
  const roleByKey = (key: string) => ctx.getByKey('associate-role', key) as AssociateRole | undefined;
  const explicit = unit.associates.find((a) => a.customer.id === customerId);
  const inherited = inheritedAssociatesOf(unit, lookup).find((a) => a.customer.id === customerId);
  const rolesOf = (keys: string[]) => [...new Set(keys)].map(roleByKey).filter((role): role is AssociateRole => role !== undefined);
  const explicitRoles = rolesOf(explicit?.associateRoleAssignments.map((a) => a.associateRole.key) ?? []);
  const inheritedRoles = rolesOf(inherited?.associateRoleAssignments.map((a) => a.associateRole.key) ?? []);
  const permissions = [...new Set([...explicitRoles, ...inheritedRoles].flatMap((role) => role.permissions))];
  return { isAssociate: explicit !== undefined || inherited !== undefined, explicitRoles, inheritedRoles, permissions };
}

// Mode rules -------------------------------------------------------------------------------------

function assertModeAllowed(
  unit: Pick<BusinessUnit, 'unitType'>,
  field: 'associateMode' | 'approvalRuleMode' | 'storeMode',
  value: string,
): void {
  if (unit.unitType === 'Company' && value !== 'Explicit') {
    throw errors.invalidOperation(`The ${field} of a Company is always 'Explicit': only a Division can use '${value}'.`);
  }
}

function assertExplicitStores(unit: BusinessUnit): void {
  if (unit.storeMode !== 'Explicit')
    throw errors.invalidOperation("Stores can only be set on a business unit whose storeMode is 'Explicit'.");
}

function findAssociate(unit: BusinessUnit, id: string): Associate {
  const found = unit.associates.find((a) => a.customer.id === id);
  if (!found) throw errors.invalidOperation(`The customer '${id}' is not an associate of the business unit '${unit.key}'.`);
  return found;
}

// The resource -----------------------------------------------------------------------------------

export const businessUnits = defineResource<BusinessUnitDraft, BusinessUnit>({
  typeId: 'business-unit',
  path: 'business-units',
  draft: BusinessUnitDraft,
  create(draft, ctx) {
    const unitType = draft.unitType;
    const storeMode = draft.storeMode ?? (unitType === 'Company' ? 'Explicit' : 'FromParent');
    const associateMode = draft.associateMode ?? (unitType === 'Company' ? 'Explicit' : 'ExplicitAndFromParent');
    const approvalRuleMode = draft.approvalRuleMode ?? (unitType === 'Company' ? 'Explicit' : 'ExplicitAndFromParent');
    assertModeAllowed({ unitType }, 'storeMode', storeMode);
    assertModeAllowed({ unitType }, 'associateMode', associateMode);
    assertModeAllowed({ unitType }, 'approvalRuleMode', approvalRuleMode);
    if (unitType === 'Company' && draft.parentUnit !== undefined)
      throw errors.invalidInput('A Company is a top-level unit and has no parentUnit.');
    if (storeMode === 'FromParent' && draft.stores !== undefined) {
      throw errors.invalidInput("Stores can only be set when storeMode is 'Explicit'; a Division inherits its parent's stores by default.");
    }
    const addresses = (draft.addresses ?? []).map((address) => addressFromDraft(address, ctx));
    const keys = addresses.map((a) => a.key).filter((key) => key !== undefined);
    if (new Set(keys).size !== keys.length)
      throw errors.duplicateField(
        'addresses.key',
        keys.find((key, i) => keys.indexOf(key) !== i),
      );
    const shippingAddressIds = (draft.shippingAddresses ?? []).map((i) => addressIdAt(addresses, i, 'shippingAddresses')!);
    const billingAddressIds = (draft.billingAddresses ?? []).map((i) => addressIdAt(addresses, i, 'billingAddresses')!);
    const unit: Omit<BusinessUnit, BaseFields> = {
      key: draft.key,
      status: draft.status ?? 'Active',
      storeMode,
      unitType,
      name: draft.name,
      addresses,
      shippingAddressIds,
      billingAddressIds,
      associateMode,
      associates: associatesFromDrafts(draft.associates ?? [], ctx),
      topLevelUnit: unitRef(draft.key),
      approvalRuleMode,
    };
    if (storeMode === 'Explicit') unit.stores = storeRefs(ctx, draft.stores ?? []);
    const defaultShipping = addressIdAt(addresses, draft.defaultShippingAddress, 'defaultShippingAddress');
    const defaultBilling = addressIdAt(addresses, draft.defaultBillingAddress, 'defaultBillingAddress');
    if (defaultShipping !== undefined) {
      unit.defaultShippingAddressId = defaultShipping;
      if (!shippingAddressIds.includes(defaultShipping)) shippingAddressIds.push(defaultShipping);
    }
    if (defaultBilling !== undefined) {
      unit.defaultBillingAddressId = defaultBilling;
      if (!billingAddressIds.includes(defaultBilling)) billingAddressIds.push(defaultBilling);
    }
    if (draft.contactEmail !== undefined) unit.contactEmail = draft.contactEmail;
    const custom = customFields(draft.custom, ctx);
    if (custom) unit.custom = custom;
    if (draft.customerGroupAssignments !== undefined)
      unit.customerGroupAssignments = draft.customerGroupAssignments.map((a) => customerGroupAssignment(a, ctx));
    if (draft.parentUnit !== undefined) unit.parentUnit = unitRef(resolve(ctx, 'business-unit', draft.parentUnit).key as string);
    deriveHierarchy(unit as BusinessUnit, lookupIn(ctx));
    return unit;
  },
  /** The unit's own derived fields, then every descendant's, recomputed; descendants that changed are written too. */
  cascade(next, _previous, ctx) {
    const overrides = new Map<string, BusinessUnit>([[next.key, next]]);
    const lookup: UnitLookup = (key) => overrides.get(key) ?? (ctx.getByKey('business-unit', key) as BusinessUnit | undefined);
    deriveHierarchy(next, lookup);
    const children = new Map<string, BusinessUnit[]>();
    for (const unit of ctx.scan('business-unit') as Iterable<BusinessUnit>) {
      if (unit.parentUnit && unit.id !== next.id) children.set(unit.parentUnit.key, [...(children.get(unit.parentUnit.key) ?? []), unit]);
    }
    const related: BusinessUnit[] = [];
    const visited = new Set<string>([next.key]);
    const queue = [next.key];
    while (queue.length > 0) {
      for (const child of children.get(queue.shift()!) ?? []) {
        if (visited.has(child.key)) continue;
        visited.add(child.key);
        const copy = jsonClone(child);
        deriveHierarchy(copy, lookup);
        overrides.set(copy.key, copy);
        if (!jsonEqual(copy, child)) related.push(copy);
        queue.push(child.key);
      }
    }
    return related;
  },
  /** A unit with children cannot go: they name it as `parentUnit`. */
  referencedBy: ['business-unit'],
  actions: {
    changeName: action(z.object({ name: z.string() }), (unit: BusinessUnit, a) => {
      unit.name = a.name;
    }),
    setContactEmail: action(z.object({ contactEmail: z.string().optional().nullable() }), (unit: BusinessUnit, a) =>
      setField(unit, 'contactEmail', a.contactEmail),
    ),
    changeStatus: action(z.object({ status: Status }), (unit: BusinessUnit, a) => {
      unit.status = a.status;
    }),

    // Associates
    addAssociate: action(z.object({ associate: AssociateDraft }), (unit: BusinessUnit, a, ctx) => {
      const associate = associateFromDraft(a.associate, ctx);
      if (unit.associates.some((existing) => existing.customer.id === associate.customer.id)) {
        throw errors.invalidOperation(
          `The customer '${associate.customer.id}' is already an associate of the business unit '${unit.key}'.`,
        );
      }
      unit.associates.push(associate);
    }),
    removeAssociate: action(z.object({ customer: ResourceIdentifier }), (unit: BusinessUnit, a, ctx) => {
      const id = a.customer.id ?? customerId(ctx, a.customer);
      findAssociate(unit, id);
      unit.associates = unit.associates.filter((associate) => associate.customer.id !== id);
    }),
    changeAssociate: action(z.object({ associate: AssociateDraft }), (unit: BusinessUnit, a, ctx) => {
      const associate = associateFromDraft(a.associate, ctx);
      findAssociate(unit, associate.customer.id).associateRoleAssignments = associate.associateRoleAssignments;
    }),
    setAssociates: action(z.object({ associates: z.array(AssociateDraft).max(2000) }), (unit: BusinessUnit, a, ctx) => {
      unit.associates = associatesFromDrafts(a.associates, ctx);
    }),
    changeAssociateMode: action(
      z.object({ associateMode: Mode, makeInheritedAssociatesExplicit: z.boolean().optional() }),
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
    changeApprovalRuleMode: action(z.object({ approvalRuleMode: Mode }), (unit: BusinessUnit, a) => {
      assertModeAllowed(unit, 'approvalRuleMode', a.approvalRuleMode);
      unit.approvalRuleMode = a.approvalRuleMode;
    }),

    // Hierarchy
    changeParentUnit: action(z.object({ parentUnit: ResourceIdentifier }), (unit: BusinessUnit, a, ctx) => {
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
    }),
    setUnitType: action(z.object({ unitType: UnitTypeSchema, parentUnit: ResourceIdentifier.optional() }), (unit: BusinessUnit, a, ctx) => {
      if (a.unitType === 'Company') {
        if (unit.storeMode !== 'Explicit' || unit.associateMode !== 'Explicit' || unit.approvalRuleMode !== 'Explicit') {
          throw errors.invalidOperation("A Company needs storeMode, associateMode and approvalRuleMode 'Explicit'; change them first.");
        }
        unit.unitType = 'Company';
        delete unit.parentUnit;
        return;
      }
      if (!a.parentUnit) throw errors.invalidOperation('A Division needs a parentUnit.');
      unit.unitType = 'Division';
      setParent(unit, a.parentUnit, ctx);
    }),

    // Stores
    setStoreMode: action(
      z.object({ storeMode: StoreModeSchema, stores: z.array(ResourceIdentifier).optional().nullable() }),
      (unit: BusinessUnit, a, ctx) => {
        assertModeAllowed(unit, 'storeMode', a.storeMode);
        if (a.storeMode === 'FromParent') {
          if (a.stores && a.stores.length > 0) throw errors.invalidOperation("Stores can only be given with storeMode 'Explicit'.");
          unit.storeMode = 'FromParent';
          delete unit.stores;
          return;
        }
        unit.storeMode = 'Explicit';
        unit.stores = storeRefs(ctx, a.stores ?? []);
        delete unit.inheritedStores;
      },
    ),
    setStores: action(z.object({ stores: z.array(ResourceIdentifier) }), (unit: BusinessUnit, a, ctx) => {
      assertExplicitStores(unit);
      unit.stores = storeRefs(ctx, a.stores);
    }),
    addStore: action(z.object({ store: ResourceIdentifier }), (unit: BusinessUnit, a, ctx) => {
      assertExplicitStores(unit);
      const store = storeRef(ctx, a.store);
      if (!unit.stores!.some((s) => s.key === store.key)) unit.stores!.push(store);
    }),
    removeStore: action(z.object({ store: ResourceIdentifier }), (unit: BusinessUnit, a, ctx) => {
      assertExplicitStores(unit);
      const key = a.store.key ?? storeRef(ctx, a.store).key;
      unit.stores = unit.stores!.filter((s) => s.key !== key);
    }),

    ...addressBookActions({ holder: 'business unit' }),

    // Customer groups (beta)
    addCustomerGroupAssignment: action(
      z.object({ customerGroupAssignment: CustomerGroupAssignmentDraft }),
      (unit: BusinessUnit, a, ctx) => {
        const assignment = customerGroupAssignment(a.customerGroupAssignment, ctx);
        const assignments = (unit.customerGroupAssignments ??= []);
        if (!assignments.some((g) => g.customerGroup.id === assignment.customerGroup.id)) assignments.push(assignment);
      },
    ),
    removeCustomerGroupAssignment: action(z.object({ customerGroup: ResourceIdentifier }), (unit: BusinessUnit, a, ctx) => {
      const { id } = ctx.reference('customer-group', a.customerGroup);
      if (unit.customerGroupAssignments)
        unit.customerGroupAssignments = unit.customerGroupAssignments.filter((g) => g.customerGroup.id !== id);
    }),
    setCustomerGroupAssignments: action(
      z.object({ customerGroupAssignments: z.array(CustomerGroupAssignmentDraft).optional().nullable() }),
      (unit: BusinessUnit, a, ctx) => {
        const assignments: Array<{ customerGroup: Reference }> = [];
        for (const draft of a.customerGroupAssignments ?? []) {
          const assignment = customerGroupAssignment(draft, ctx);
          if (!assignments.some((g) => g.customerGroup.id === assignment.customerGroup.id)) assignments.push(assignment);
        }
        unit.customerGroupAssignments = assignments;
      },
    ),

    ...customFieldActions,
  },
  routes: [associateRoute(':id'), associateRoute('key=:key')],
});

/**
 * `GET /business-units/{id|key=}/associates/{associateId}`: the customer's roles in the unit
 * (explicit and inherited) and the permissions they add up to (BusinessUnitAssociateResponse).
 */
function associateRoute(locator: ':id' | 'key=:key'): CustomRoute {
  return {
    method: 'GET',
    path: `${locator}/associates/:associateId`,
    handle: (call: ApiCall, repository: Engine) => {
      const unit = repository.get(
        businessUnits,
        call.ctx.project,
        locator === ':id' ? { id: call.params.id! } : { key: call.params.key! },
      ) as BusinessUnit;
      return ok(associateResponse(unit, call.params.associateId!, call.ctx));
    },
  };
}

export function associateResponse(unit: BusinessUnit, associateId: string, ctx: ResourceContext) {
  const roles = associateRolesIn(unit, associateId, ctx);
  if (!roles.isAssociate) throw errors.resourceNotFound({ id: associateId });
  return {
    customer: { typeId: 'customer', id: associateId },
    associateRoles: roles.explicitRoles,
    inheritedAssociateRoles: roles.inheritedRoles,
    permissions: roles.permissions,
  };
}
