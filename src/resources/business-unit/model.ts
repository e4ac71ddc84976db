/** A business unit as stored, and the associates it holds. */
import type { StoredDocument } from '../../storage/backend.js';
import type { Address, CustomFields } from '../../engine/common-actions.js';
import type { Reference } from '../../engine/define.js';

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
