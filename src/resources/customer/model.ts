/** A customer as the mock stores it (the platform's Customer, with the password as a hash). */
import type { StoredDocument } from '../../storage/backend.js';
import type { Address, CustomFields } from '../../engine/common-actions.js';
import type { Reference } from '../../engine/define.js';

export interface Customer extends StoredDocument {
  email: string;
  password?: string;
  key?: string;
  customerNumber?: string;
  externalId?: string;
  firstName?: string;
  lastName?: string;
  middleName?: string;
  title?: string;
  salutation?: string;
  dateOfBirth?: string;
  companyName?: string;
  vatId?: string;
  locale?: string;
  addresses: Address[];
  defaultShippingAddressId?: string;
  defaultBillingAddressId?: string;
  shippingAddressIds: string[];
  billingAddressIds: string[];
  isEmailVerified: boolean;
  customerGroup?: Reference;
  customerGroupAssignments: Array<{ customerGroup: Reference }>;
  custom?: CustomFields;
  stores: Array<{ typeId: 'store'; key: string }>;
  authenticationMode: 'Password' | 'ExternalAuth';
}
