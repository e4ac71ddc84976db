/** Shared set-up for the caller-scoped tests: roles, customers, business units, raw calls. */
import type {
  AssociateRole,
  AssociateRoleDraft,
  BusinessUnit,
  BusinessUnitDraft,
  BusinessUnitUpdateAction,
  ByProjectKeyRequestBuilder,
  Customer,
  Permission,
} from '@commercetools/platform-sdk';
import type { CommerceMock } from '../../src/index.js';
import { expect, PROJECT_KEY } from '../support/sdk.js';

export type Json = Record<string, any>;

export async function createRole(
  apiRoot: ByProjectKeyRequestBuilder,
  key: string,
  permissions: Permission[],
  extra: Partial<AssociateRoleDraft> = {},
): Promise<AssociateRole> {
  const response = await apiRoot
    .associateRoles()
    .post({ body: { key, permissions, ...extra } })
    .execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

export async function createCustomer(
  apiRoot: ByProjectKeyRequestBuilder,
  email: string,
  password = 'secret',
  extra: Json = {},
): Promise<Customer> {
  const response = await apiRoot
    .customers()
    .post({ body: { email, password, ...extra } })
    .execute();
  expect(response.statusCode).toBe(201);
  return response.body.customer;
}

export async function createUnit(apiRoot: ByProjectKeyRequestBuilder, body: BusinessUnitDraft): Promise<BusinessUnit> {
  const response = await apiRoot.businessUnits().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

export async function updateUnit(
  apiRoot: ByProjectKeyRequestBuilder,
  unit: BusinessUnit,
  ...actions: BusinessUnitUpdateAction[]
): Promise<BusinessUnit> {
  const response = await apiRoot
    .businessUnits()
    .withId({ ID: unit.id })
    .post({ body: { version: unit.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

export const readUnit = async (apiRoot: ByProjectKeyRequestBuilder, key: string): Promise<BusinessUnit> =>
  (await apiRoot.businessUnits().withKey({ key }).get().execute()).body;

export const associate = (customerId: string, ...roles: Array<string | { key: string; inheritance: 'Enabled' | 'Disabled' }>) => ({
  customer: { typeId: 'customer' as const, id: customerId },
  associateRoleAssignments: roles.map((role) =>
    typeof role === 'string'
      ? { associateRole: { typeId: 'associate-role' as const, key: role } }
      : { associateRole: { typeId: 'associate-role' as const, key: role.key }, inheritance: role.inheritance },
  ),
});

/** A request straight through fetch (the SDK cannot send what a hostile client sends). */
export async function call(
  mock: CommerceMock,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: Json; text: string }> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Json), text };
}
