/** The BusinessUnitDraft (CompanyDraft / DivisionDraft) and the unit built from it. */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { addressIdAt } from '../address-book.js';
import { addressFromDraft, customFields } from '../../engine/common-actions.js';
import type { BaseFields, Identifier, ResourceContext } from '../../engine/define.js';
import { requiredWhen } from '../../engine/validation.js';
import { BaseAddress, CustomFieldsDraft, Key, resourceIdentifier } from '../../engine/draft-fields.js';
import { deriveHierarchy, lookupIn, unitRef } from './hierarchy.js';
import type { Associate, AssociateRoleAssignment, BusinessUnit, KeyReference } from './model.js';

export const Status = z.enum(['Active', 'Inactive']);
export const StoreModeSchema = z.enum(['Explicit', 'FromParent']);
export const Mode = z.enum(['Explicit', 'ExplicitAndFromParent']);
export const UnitTypeSchema = z.enum(['Company', 'Division']);

export const AssociateRoleAssignmentDraft = z.object({
  associateRole: resourceIdentifier('associate-role'),
  inheritance: z.enum(['Enabled', 'Disabled']).optional(),
});

export const AssociateDraft = z.object({
  associateRoleAssignments: z.array(AssociateRoleAssignmentDraft).min(1).max(5),
  /** Deprecated (`Admin` / `Buyer`); accepted and ignored, as `associateRoleAssignments` is what counts. */
  roles: z.array(z.enum(['Admin', 'Buyer'])).optional(),
  customer: resourceIdentifier('customer'),
});
export type AssociateDraft = z.infer<typeof AssociateDraft>;

export const CustomerGroupAssignmentDraft = z.object({ customerGroup: resourceIdentifier('customer-group') });

export const BusinessUnitDraft = z
  .object({
    key: Key,
    unitType: UnitTypeSchema,
    name: z.string(),
    status: Status.optional(),
    stores: z.array(resourceIdentifier('store')).optional(),
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
    parentUnit: resourceIdentifier('business-unit').optional(),
  })
  .check(requiredWhen('parentUnit', (draft) => draft.unitType === 'Division'));
export type BusinessUnitDraft = z.infer<typeof BusinessUnitDraft>;

/** The stores of a unit, each once, as KeyReferences (the platform stores them by key). */
export function storeReferences(identifiers: Identifier[], ctx: ResourceContext): Array<KeyReference<'store'>> {
  const references: Array<KeyReference<'store'>> = [];
  for (const identifier of identifiers) {
    const reference = ctx.keyReference('store', identifier) as KeyReference<'store'>;
    if (!references.some((r) => r.key === reference.key)) references.push(reference);
  }
  return references;
}

export function associateFromDraft(draft: AssociateDraft, ctx: ResourceContext): Associate {
  const assignments: AssociateRoleAssignment[] = [];
  for (const assignment of draft.associateRoleAssignments) {
    const entry: AssociateRoleAssignment = {
      associateRole: ctx.keyReference('associate-role', assignment.associateRole) as KeyReference<'associate-role'>,
      inheritance: assignment.inheritance ?? 'Disabled',
    };
    if (!assignments.some((a) => a.associateRole.key === entry.associateRole.key)) assignments.push(entry);
  }
  return { associateRoleAssignments: assignments, customer: ctx.reference('customer', draft.customer) as Associate['customer'] };
}

export function associatesFromDrafts(drafts: AssociateDraft[], ctx: ResourceContext): Associate[] {
  const associates = drafts.map((draft) => associateFromDraft(draft, ctx));
  const seen = new Set<string>();
  for (const associate of associates) {
    if (seen.has(associate.customer.id))
      throw errors.invalidInput(`The customer '${associate.customer.id}' is given more than once as an associate.`);
    seen.add(associate.customer.id);
  }
  return associates;
}

export const customerGroupAssignment = (draft: z.infer<typeof CustomerGroupAssignmentDraft>, ctx: ResourceContext) => ({
  customerGroup: ctx.reference('customer-group', draft.customerGroup),
});

export function assertModeAllowed(
  unit: Pick<BusinessUnit, 'unitType'>,
  field: 'associateMode' | 'approvalRuleMode' | 'storeMode',
  value: string,
): void {
  if (unit.unitType === 'Company' && value !== 'Explicit') {
    throw errors.invalidOperation(`The ${field} of a Company is always 'Explicit': only a Division can use '${value}'.`);
  }
}

export function businessUnitFromDraft(draft: BusinessUnitDraft, ctx: ResourceContext): Omit<BusinessUnit, BaseFields> {
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
  if (storeMode === 'Explicit') unit.stores = storeReferences(draft.stores ?? [], ctx);
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
  if (draft.parentUnit !== undefined)
    unit.parentUnit = ctx.keyReference('business-unit', draft.parentUnit) as KeyReference<'business-unit'>;
  deriveHierarchy(unit as BusinessUnit, lookupIn(ctx));
  return unit;
}
