/**
 * The Business Unit Search API (`POST /business-units/search`, `HEAD`,
 * `GET /business-units/search/indexing-status`): the search query language over the project's
 * business units (`../id-search.ts`), switched on and off by the project's
 * `changeBusinessUnitSearchStatus`.
 *
 * - Fields are paths into the unit (`key`, `name`, `status`, `unitType`, `storeMode`,
 *   `associateMode`, `approvalRuleMode`, `contactEmail`, `stores.key`, `parentUnit.key`,
 *   `topLevelUnit.key`, `associates.customer.id`, `addresses.country`, `addresses.city`,
 *   `createdAt`, `lastModifiedAt`, `custom.<name>`, ...), plus `all` (the key, name, contact email
 *   and the addresses' company, city and postal code).
 * - `limit` 0–100 (default 20), `offset` 0–9,900.
 * - Answer: `{total, offset, limit, results: [{id, relevance}]}`.
 */
import type { BusinessUnit } from './model.js';
import { navigate } from '../product/search/fields.js';
import { idSearch, idSearchRoutes } from '../id-search.js';

const TEXT_FIELDS = ['key', 'name', 'contactEmail'];
const ADDRESS_FIELDS = ['company', 'city', 'postalCode'];

const search = idSearch<BusinessUnit>({
  name: 'business unit search',
  aliases: {
    all: () => (unit) => [
      ...TEXT_FIELDS.flatMap((field) => navigate(unit, [field])),
      ...ADDRESS_FIELDS.flatMap((field) => navigate(unit.addresses, [field])),
    ],
  },
  defaultLimit: 20,
  maxLimit: 100,
  maxOffset: 9_900,
});

export const businessUnitSearchRoutes = idSearchRoutes<BusinessUnit>({
  title: 'Business Unit Search',
  typeId: 'business-unit',
  index: 'businessUnits',
  search,
});
