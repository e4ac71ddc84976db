/**
 * The Customer Search API (`POST /customers/search`, `HEAD`, `GET /customers/search/indexing-status`):
 * the search query language over the project's customers (`../id-search.ts`), switched on and off
 * by the project's `changeCustomerSearchStatus`.
 *
 * - Fields are paths into the customer (`email`, `firstName`, `lastName`, `companyName`,
 *   `customerNumber`, `externalId`, `key`, `dateOfBirth`, `isEmailVerified`, `authenticationMode`,
 *   `customerGroup.id`, `customerGroupAssignments.customerGroup.id`, `stores.key`,
 *   `addresses.country`, `addresses.city`, `createdAt`, `lastModifiedAt`, `custom.<name>`, ...),
 *   plus `fullName` (first, middle and last name) and `all` (every text field a person would search
 *   a customer by: the names, email, company, numbers, key, and the addresses' names, street, city,
 *   postal code, email and phones). The password hash is never searched.
 * - `limit` 0–100 (default 20), `offset` 0–9,900.
 * - Answer: `{total, offset, limit, results: [{id, relevance}]}`.
 */
import type { Customer } from './model.js';
import { navigate } from '../product/search/fields.js';
import { idSearch, idSearchRoutes } from '../id-search.js';

const NAME_FIELDS = ['firstName', 'middleName', 'lastName'] as const;
const TEXT_FIELDS = [...NAME_FIELDS, 'email', 'companyName', 'customerNumber', 'externalId', 'key', 'vatId'] as const;
const ADDRESS_FIELDS = ['firstName', 'lastName', 'company', 'streetName', 'streetNumber', 'city', 'postalCode', 'email', 'phone', 'mobile'];

const search = idSearch<Customer>({
  name: 'customer search',
  aliases: {
    fullName: () => (customer) => [NAME_FIELDS.flatMap((field) => navigate(customer, [field])).join(' ')].filter(Boolean),
    all: () => (customer) => [
      ...TEXT_FIELDS.flatMap((field) => navigate(customer, [field])),
      ...ADDRESS_FIELDS.flatMap((field) => navigate(customer.addresses, [field])),
    ],
  },
  hidden: ['password'],
  defaultLimit: 20,
  maxLimit: 100,
  maxOffset: 9_900,
});

export const customerSearchRoutes = idSearchRoutes<Customer>({ title: 'Customer Search', typeId: 'customer', index: 'customers', search });
