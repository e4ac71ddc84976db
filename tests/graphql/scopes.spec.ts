/**
 * Caller- and store-scoped GraphQL: sign-up and sign-in, `me`, `inStore`, the `...My...` mutations,
 * custom object upserts and orders from carts, all with the REST scopes' token rules.
 */
import { test, expect, sdkApiRoot } from '../support/sdk.js';
import { graphql } from './support.js';
import type { CommerceMock } from '../../src/index.js';

const SIGN_UP =
  'mutation ($draft: CustomerSignUpDraft!, $store: KeyReferenceInput) { customerSignUp(draft: $draft, storeKey: $store) { customer { id email version storesRef { key } } } }';

test('customerSignUp and customerSignIn, global and in a store', async ({ apiRoot, mock }) => {
  mock.data.create('store', { key: 'berlin' });
  const global = await graphql(apiRoot, SIGN_UP, { draft: { email: 'ada@example.com', password: 'secret' } });
  expect(global.data.customerSignUp.customer).toMatchObject({ email: 'ada@example.com', version: 1, storesRef: [] });
  expect(mock.data.get('customer', global.data.customerSignUp.customer.id)).toBeDefined();
  const inStore = await graphql(apiRoot, SIGN_UP, { draft: { email: 'grace@example.com', password: 'secret' }, store: 'berlin' });
  expect(inStore.data.customerSignUp.customer.storesRef).toEqual([{ key: 'berlin' }]);

  const signIn = 'mutation ($draft: CustomerSignInDraft!) { customerSignIn(draft: $draft) { customer { email } } }';
  expect((await graphql(apiRoot, signIn, { draft: { email: 'ada@example.com', password: 'secret' } })).data.customerSignIn).toEqual({
    customer: { email: 'ada@example.com' },
  });
  const wrong = await graphql(apiRoot, signIn, { draft: { email: 'ada@example.com', password: 'wrong' } });
  expect(wrong.data).toBeNull();
  expect(wrong.errors?.[0].extensions.code).toBe('InvalidCredentials');
});

test('me: the signed-in customer, their carts and active cart, with the customer token', async ({ mock }) => {
  const customer = mock.data.create('customer', { email: 'ada@example.com', password: 'secret', firstName: 'Ada' });
  const shop = sdkApiRoot(mock, { kind: 'password', username: 'ada@example.com', password: 'secret' });
  const created = await graphql(shop, 'mutation { createMyCart(draft: { currency: "EUR" }) { id customerId } }');
  expect(created.data.createMyCart.customerId).toBe(customer.id);
  const { data, errors } = await graphql(shop, '{ me { customer { id firstName } activeCart { id } carts { total results { id } } } }');
  expect(errors).toBeUndefined();
  expect(data.me).toEqual({
    customer: { id: customer.id, firstName: 'Ada' },
    activeCart: { id: created.data.createMyCart.id },
    carts: { total: 1, results: [{ id: created.data.createMyCart.id }] },
  });
});

test('me with a client token: the REST scope refusal, as a GraphQL error', async ({ apiRoot }) => {
  const failure = await apiRoot
    .graphql()
    .post({ body: { query: '{ me { customer { id } } }' } })
    .execute()
    .then(
      (response) => response.body as any,
      (error) => error.body,
    );
  expect(failure.errors[0]).toMatchObject({ path: ['me', 'customer'], extensions: { code: 'insufficient_scope' } });
});

test('updateMyCustomer acts on the token holder', async ({ mock }) => {
  const customer = mock.data.create('customer', { email: 'ada@example.com', password: 'secret' });
  const shop = sdkApiRoot(mock, { kind: 'password', username: 'ada@example.com', password: 'secret' });
  const { data } = await graphql(
    shop,
    'mutation { updateMyCustomer(version: 1, actions: [{ setFirstName: { firstName: "Ada" } }]) { version firstName } }',
  );
  expect(data.updateMyCustomer).toEqual({ version: 2, firstName: 'Ada' });
  expect(mock.data.get('customer', customer.id)?.firstName).toBe('Ada');
});

test('inStore(key): only the store customers', async ({ apiRoot, mock }) => {
  mock.data.create('store', { key: 'berlin' });
  mock.data.create('store', { key: 'hamburg' });
  mock.data.create('customer', { email: 'in@example.com', password: 'secret', stores: [{ typeId: 'store', key: 'berlin' }] });
  mock.data.create('customer', { email: 'out@example.com', password: 'secret', stores: [{ typeId: 'store', key: 'hamburg' }] });
  const { data } = await graphql(apiRoot, '{ inStore(key: "berlin") { customers { total results { email } } } }');
  expect(data.inStore.customers).toEqual({ total: 1, results: [{ email: 'in@example.com' }] });
});

test('custom objects: upsert with a JSON value, read by container and key, delete', async ({ apiRoot, mock }) => {
  const upsert =
    'mutation ($value: String!) { createOrUpdateCustomObject(draft: { container: "prefs", key: "ada", value: $value }) { version value } }';
  expect((await graphql(apiRoot, upsert, { value: '{"theme":"dark"}' })).data.createOrUpdateCustomObject).toEqual({
    version: 1,
    value: { theme: 'dark' },
  });
  expect((await graphql(apiRoot, upsert, { value: '{"theme":"light"}' })).data.createOrUpdateCustomObject.version).toBe(2);
  const read = await graphql(
    apiRoot,
    '{ customObject(container: "prefs", key: "ada") { value } customObjects(container: "prefs") { total } }',
  );
  expect(read.data).toEqual({ customObject: { value: { theme: 'light' } }, customObjects: { total: 1 } });
  await graphql(apiRoot, 'mutation { deleteCustomObject(container: "prefs", key: "ada", version: 2) { key } }');
  expect(mock.data.all('key-value-document')).toEqual([]);
});

test('createOrderFromCart: the order reads back through REST, the cart is ordered', async ({ apiRoot, mock }) => {
  const cart = mock.data.create('cart', { currency: 'EUR', customerEmail: 'ada@example.com', shippingAddress: { country: 'DE' } });
  const { data, errors } = await graphql(
    apiRoot,
    `mutation { createOrderFromCart(draft: { id: "${cart.id}", version: 1, orderNumber: "A-1" }) { id orderNumber cartRef { id } } }`,
  );
  expect(errors).toBeUndefined();
  expect(data.createOrderFromCart).toMatchObject({ orderNumber: 'A-1', cartRef: { id: cart.id } });
  const { body } = await apiRoot.orders().withOrderNumber({ orderNumber: 'A-1' }).get().execute();
  expect(body.id).toBe(data.createOrderFromCart.id);
  expect(mock.data.get('cart', cart.id)?.cartState).toBe('Ordered');
  const byNumber = await graphql(apiRoot, '{ order(orderNumber: "A-1") { id } }');
  expect(byNumber.data.order.id).toBe(body.id);
});

/** Ada, associate of the company 'acme'; Grace, of 'other'; `member` makes an associate with the role 'buyer'. */
function companies(mock: CommerceMock) {
  const ada = mock.data.create('customer', { email: 'ada@example.com', password: 'secret' });
  const grace = mock.data.create('customer', { email: 'grace@example.com', password: 'secret' });
  mock.data.create('associate-role', { key: 'buyer', permissions: [] });
  const member = (customer: { id: string }) => ({
    customer: { typeId: 'customer', id: customer.id },
    associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'buyer' } }],
  });
  const acme = mock.data.create('business-unit', { key: 'acme', unitType: 'Company', name: 'ACME', associates: [member(ada)] });
  mock.data.create('business-unit', { key: 'other', unitType: 'Company', name: 'Other', associates: [member(grace)] });
  return { ada, acme, member };
}

test("me { businessUnits }: the caller's units only, by id and key as /me/business-units serves them", async ({ mock }) => {
  const { acme } = companies(mock);
  const shop = sdkApiRoot(mock, { kind: 'password', username: 'ada@example.com', password: 'secret' });
  const { data, errors } = await graphql(
    shop,
    '{ me { businessUnits { total results { key } } acme: businessUnit(key: "acme") { id name } other: businessUnit(key: "other") { id } } }',
  );
  expect(errors).toBeUndefined();
  expect(data.me).toEqual({ businessUnits: { total: 1, results: [{ key: 'acme' }] }, acme: { id: acme.id, name: 'ACME' }, other: null });
});

test('asAssociate { businessUnit, businessUnits }: the associate units only, as /as-associate/{id}/business-units serves them', async ({
  apiRoot,
  mock,
}) => {
  const { ada, acme, member } = companies(mock);
  mock.data.create('business-unit', { key: 'beta', unitType: 'Company', name: 'Beta', associates: [member(ada)] });
  const { data, errors } = await graphql(
    apiRoot,
    `query ($ada: String!, $acme: String) { asAssociate(associateId: $ada, businessUnitKey: "acme") {
      businessUnits(sort: "key asc") { total results { key } }
      named: businessUnits(where: "key = \\"beta\\"") { total }
      byId: businessUnit(id: $acme) { key name }
      byKey: businessUnit(key: "beta") { key }
      foreign: businessUnit(key: "other") { key }
    } }`,
    { ada: ada.id, acme: acme.id },
  );
  expect(errors).toBeUndefined();
  expect(data.asAssociate).toEqual({
    businessUnits: { total: 2, results: [{ key: 'acme' }, { key: 'beta' }] },
    named: { total: 1 },
    byId: { key: 'acme', name: 'ACME' },
    byKey: { key: 'beta' },
    foreign: null,
  });
  const { body: rest } = await apiRoot.asAssociate().withAssociateIdValue({ associateId: ada.id }).businessUnits().get().execute();
  expect(rest.total).toBe(2);
});
