/**
 * The unit hierarchy: Companies at the top, Divisions below a parent. The hierarchy-derived fields —
 * `topLevelUnit`, `inheritedStores` (storeMode FromParent) and `inheritedAssociates` (associateMode
 * ExplicitAndFromParent) — are computed from the parent chain when a unit is created and recomputed,
 * for the unit and all its descendants, whenever an update changes a unit (`rederiveSubtree`, the
 * definition's `cascade`): the platform's "eventually consistent" values, made consistent at once.
 * The roles an associate holds in a unit, explicit and inherited, come from here too; what they
 * allow is decided in business-unit/permissions.ts.
 */
import { errors } from '../../http/errors.js';
import { jsonClone, jsonEqual } from '../../util/json.js';
import type { AssociateRole, Permission } from '../associate-roles.js';
import type { Identifier, ResourceContext } from '../../engine/define.js';
import type { BusinessUnit, InheritedAssociate, KeyReference } from './model.js';

export const unitRef = (key: string): KeyReference<'business-unit'> => ({ typeId: 'business-unit', key });

/** Finds a unit by key; the cascade passes one that sees the copies it is about to write. */
export type UnitLookup = (key: string) => BusinessUnit | undefined;

export const lookupIn =
  (ctx: ResourceContext): UnitLookup =>
  (key) =>
    ctx.getByKey('business-unit', key);

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

/** Makes the unit `identifier` names the parent of `unit`: never the unit itself or one of its descendants. */
export function setParent(unit: BusinessUnit, identifier: Identifier, ctx: ResourceContext): void {
  const lookup = lookupIn(ctx);
  // keyReference has found the unit (400 ReferencedResourceNotFound otherwise).
  const parent = lookup(ctx.keyReference('business-unit', identifier).key)!;
  if (isSelfOrDescendant(parent, unit, lookup)) {
    throw errors.invalidOperation(
      `The business unit '${parent.key}' cannot be the parent of '${unit.key}': it is the unit itself or one of its descendants.`,
    );
  }
  unit.parentUnit = unitRef(parent.key);
}

/**
 * The unit's own derived fields, then every descendant's, recomputed (in place for `next`); answers
 * the descendants that changed, to be written with it.
 */
export function rederiveSubtree(next: BusinessUnit, ctx: ResourceContext): BusinessUnit[] {
  const overrides = new Map<string, BusinessUnit>([[next.key, next]]);
  const lookup: UnitLookup = (key) => overrides.get(key) ?? ctx.getByKey('business-unit', key);
  deriveHierarchy(next, lookup);
  const children = new Map<string, BusinessUnit[]>();
  for (const unit of ctx.scan('business-unit')) {
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
  const roleByKey = (key: string) => ctx.getByKey('associate-role', key);
  const explicit = unit.associates.find((a) => a.customer.id === customerId);
  const inherited = inheritedAssociatesOf(unit, lookup).find((a) => a.customer.id === customerId);
  const rolesOf = (keys: string[]) => [...new Set(keys)].map(roleByKey).filter((role): role is AssociateRole => role !== undefined);
  const explicitRoles = rolesOf(explicit?.associateRoleAssignments.map((a) => a.associateRole.key) ?? []);
  const inheritedRoles = rolesOf(inherited?.associateRoleAssignments.map((a) => a.associateRole.key) ?? []);
  const permissions = [...new Set([...explicitRoles, ...inheritedRoles].flatMap((role) => role.permissions))];
  return { isAssociate: explicit !== undefined || inherited !== undefined, explicitRoles, inheritedRoles, permissions };
}

/** The BusinessUnitAssociateResponse: the customer's roles in the unit (explicit and inherited) and the permissions they add up to. */
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
