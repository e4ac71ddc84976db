/**
 * `POST /in-business-unit/key={key}/me/customers`: an associate with UpdateAssociates signs a new
 * customer up into their business unit; the customer is created and joins the unit with the roles
 * the draft assigns, both or neither.
 */
import type { ByProjectKeyRequestBuilder, MyBusinessUnitAssociateDraft } from '@commercetools/platform-sdk';
import type { CommerceMock } from '../../src/index.js';
import { graphql } from '../graphql/support.js';
import { expect, sdkApiRoot, sdkFailure, test } from '../support/sdk.js';
import { associate, call, createCustomer, createRole, createUnit, readUnit } from './support.js';

const signedIn = (mock: CommerceMock, username: string) => sdkApiRoot(mock, { kind: 'password', username, password: 'secret' });

async function b2b(apiRoot: ByProjectKeyRequestBuilder) {
  await createRole(apiRoot, 'admin', ['UpdateAssociates']);
  await createRole(apiRoot, 'buyer', ['ViewMyCarts']);
  await createRole(apiRoot, 'seller-only', [], { buyerAssignable: false });
  const [alice, bob] = [await createCustomer(apiRoot, 'alice@example.com'), await createCustomer(apiRoot, 'bob@example.com')];
  const acme = await createUnit(apiRoot, {
    key: 'acme',
    unitType: 'Company',
    name: 'ACME',
    associates: [associate(alice.id, 'admin'), associate(bob.id, 'buyer')],
  });
  await createUnit(apiRoot, { key: 'other', unitType: 'Company', name: 'Other' });
  return { alice, bob, acme };
}

const draft = (version: number, email = 'carol@example.com', role = 'buyer'): MyBusinessUnitAssociateDraft => ({
  version,
  customer: { email, password: 'carol-secret', firstName: 'Carol' },
  associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: role } }],
});

const signUpInto = (root: ByProjectKeyRequestBuilder, businessUnitKey: string, body: MyBusinessUnitAssociateDraft) =>
  root.inBusinessUnitKeyWithBusinessUnitKeyValue({ businessUnitKey }).me().customers().post({ body }).execute();

test('an associate with UpdateAssociates signs a customer up: the account is created and joins the unit with its roles', async ({
  apiRoot,
  mock,
}) => {
  const { acme, alice } = await b2b(apiRoot);
  const response = await signUpInto(signedIn(mock, 'alice@example.com'), 'acme', draft(acme.version));
  expect(response.statusCode).toBe(201);
  const carol = response.body.customer;
  expect(carol).toMatchObject({ email: 'carol@example.com', firstName: 'Carol', version: 1 });
  expect(carol.password).not.toBe('carol-secret'); // stored hashed, as on the platform
  expect(carol.createdBy?.customer).toEqual({ typeId: 'customer', id: alice.id });

  const unit = await readUnit(apiRoot, 'acme');
  expect(unit.version).toBe(acme.version + 1);
  expect(unit.associates.at(-1)).toMatchObject(associate(carol.id, 'buyer'));
  expect(mock.events.messages({ resourceId: unit.id }).map((m) => m.type)).toContain('BusinessUnitAssociateAdded');
  expect(mock.events.messages({ resourceId: carol.id }).map((m) => m.type)).toEqual(['CustomerCreated']);

  // Carol signs in with her password and sees the unit as hers.
  const asCarol = sdkApiRoot(mock, { kind: 'password', username: 'carol@example.com', password: 'carol-secret' });
  expect((await asCarol.me().businessUnits().get().execute()).body.results.map((u) => u.key)).toEqual(['acme']);
});

test('without UpdateAssociates: 403 AssociateMissingPermission, and nothing is stored', async ({ apiRoot, mock }) => {
  const { acme } = await b2b(apiRoot);
  const denied = await sdkFailure(signUpInto(signedIn(mock, 'bob@example.com'), 'acme', draft(acme.version)));
  expect(denied.statusCode).toBe(403);
  expect(denied.body.errors[0]).toMatchObject({ code: 'AssociateMissingPermission', permissions: ['UpdateAssociates'] });
  expect(mock.data.all('customer').map((c) => c.email)).not.toContain('carol@example.com');
  expect((await readUnit(apiRoot, 'acme')).version).toBe(acme.version);
});

test('a unit that does not exist, or that the caller is no associate of, is a 404', async ({ apiRoot, mock }) => {
  await b2b(apiRoot);
  const asAlice = signedIn(mock, 'alice@example.com');
  for (const key of ['nowhere', 'other']) {
    const missing = await sdkFailure(signUpInto(asAlice, key, draft(1)));
    expect(missing.statusCode, key).toBe(404);
    expect(missing.body.errors[0]).toMatchObject({ code: 'ResourceNotFound', message: `The Resource with key '${key}' was not found.` });
  }
  expect(mock.data.all('customer')).toHaveLength(2);
});

test('a stale version of the unit is a 409 and no customer is created', async ({ apiRoot, mock }) => {
  const { acme } = await b2b(apiRoot);
  const stale = await sdkFailure(signUpInto(signedIn(mock, 'alice@example.com'), 'acme', draft(acme.version - 1)));
  expect(stale.statusCode).toBe(409);
  expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: acme.version });
  expect(mock.data.all('customer').map((c) => c.email)).not.toContain('carol@example.com');
  expect((await readUnit(apiRoot, 'acme')).associates).toHaveLength(2);
});

test('bad input is refused and nothing is stored', async ({ apiRoot, mock }) => {
  const { acme } = await b2b(apiRoot);
  const asAlice = signedIn(mock, 'alice@example.com');
  const noEmail = await sdkFailure(
    signUpInto(asAlice, 'acme', { ...draft(acme.version), customer: { password: 'x' } as MyBusinessUnitAssociateDraft['customer'] }),
  );
  expect(noEmail.statusCode).toBe(400);
  expect(noEmail.body.errors[0]).toMatchObject({
    code: 'InvalidJsonInput',
    detailedErrorMessage: expect.stringContaining('customer -> email'),
  });
  const taken = await sdkFailure(signUpInto(asAlice, 'acme', draft(acme.version, 'bob@example.com')));
  expect(taken.statusCode).toBe(400);
  expect(taken.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'email' });
  const unknownRole = await sdkFailure(signUpInto(asAlice, 'acme', draft(acme.version, 'carol@example.com', 'nobody')));
  expect(unknownRole.statusCode).toBe(400);
  expect(unknownRole.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'associate-role' });
  const sellerRole = await sdkFailure(signUpInto(asAlice, 'acme', draft(acme.version, 'carol@example.com', 'seller-only')));
  expect(sellerRole.statusCode).toBe(400);
  expect(sellerRole.body.errors[0]?.code).toBe('InvalidOperation');
  expect(mock.data.all('customer').map((c) => c.email)).not.toContain('carol@example.com');
  expect((await readUnit(apiRoot, 'acme')).version).toBe(acme.version);
});

test('it acts for a signed-in customer: a client token or an anonymous session is 403', async ({ apiRoot, mock }) => {
  const { acme } = await b2b(apiRoot);
  for (const root of [apiRoot, sdkApiRoot(mock, { kind: 'anonymous' })]) {
    const refused = await sdkFailure(signUpInto(root, 'acme', draft(acme.version)));
    expect(refused.statusCode).toBe(403);
    expect(refused.body.errors[0]?.code).toBe('insufficient_scope');
  }
  // Nothing else lives under an unscoped business unit.
  expect((await call(mock, 'POST', '/in-business-unit/key=acme/customers', { body: draft(acme.version) })).status).toBe(404);
  expect(mock.data.all('customer')).toHaveLength(2);
});

test('GraphQL: signUpInMyBusinessUnit, the unit named by key or by id', async ({ apiRoot, mock }) => {
  const { acme } = await b2b(apiRoot);
  const asAlice = signedIn(mock, 'alice@example.com');
  const mutation = `mutation ($draft: SignUpInMyBusinessUnitDraft!) { signUpInMyBusinessUnit(draft: $draft) { customer { id email } } }`;
  const byKey = await graphql(asAlice, mutation, {
    draft: {
      businessUnit: { key: 'acme' },
      version: acme.version,
      customer: { email: 'dave@example.com', password: 'dave-secret' },
      associateRoleAssignments: [{ associateRole: { key: 'buyer' } }],
    },
  });
  expect(byKey.errors).toBeUndefined();
  const dave = byKey.data.signUpInMyBusinessUnit.customer;
  expect(dave.email).toBe('dave@example.com');
  const byId = await graphql(asAlice, mutation, {
    draft: {
      businessUnit: { id: acme.id },
      version: acme.version + 1,
      customer: { email: 'erin@example.com', password: 'erin-secret' },
      associateRoleAssignments: [{ associateRole: { key: 'buyer' } }],
    },
  });
  expect(byId.errors).toBeUndefined();
  const unit = await readUnit(apiRoot, 'acme');
  expect(unit.associates.slice(-2).map((a) => a.customer.id)).toEqual([dave.id, byId.data.signUpInMyBusinessUnit.customer.id]);
});
