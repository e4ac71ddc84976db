/**
 * Root fields over the REST account, cart and shipping routes: password and email tokens (create,
 * read the customer by token, reset, confirm; global, in a store and for the signed-in customer),
 * password changes, cart replication and merge, a customer's active cart, matching shipping methods
 * and order import.
 */
import { test, expect, sdkApiRoot } from '../support/sdk.js';
import { graphql } from './support.js';
import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';

const signsIn = async (apiRoot: ByProjectKeyRequestBuilder, email: string, password: string) =>
  apiRoot
    .login()
    .post({ body: { email, password } })
    .execute()
    .then(
      () => true,
      () => false,
    );

test('password reset: a token by email, the customer by token, the reset; REST signs in with the new password', async ({
  apiRoot,
  mock,
}) => {
  const customer = mock.data.create('customer', { email: 'ada@example.com', password: 'old-secret' });
  const created = await graphql(
    apiRoot,
    `mutation { customerCreatePasswordResetToken(email: "ada@example.com", ttlMinutes: 30) {
      id version customerId value expiresAt invalidateOlderTokens createdAt lastModifiedAt
    } }`,
  );
  expect(created.errors).toBeUndefined();
  const token = created.data.customerCreatePasswordResetToken;
  // GraphQL's token is Versioned (a token is never modified: version 1); REST's CustomerToken has no version.
  expect(token).toMatchObject({ version: 1, customerId: customer.id, invalidateOlderTokens: false });
  const { body: rest } = await apiRoot
    .customers()
    .passwordToken()
    .post({ body: { email: 'ada@example.com' } })
    .execute();
  expect(rest).not.toHaveProperty('version');
  expect(Object.keys(rest).sort()).toEqual(
    Object.keys(token)
      .filter((field) => field !== 'version')
      .sort(),
  );
  const owner = await graphql(apiRoot, 'query ($token: String) { customer(passwordToken: $token) { id email } }', { token: token.value });
  expect(owner.data.customer).toEqual({ id: customer.id, email: 'ada@example.com' });

  const reset = await graphql(
    apiRoot,
    'mutation ($token: String!) { customerResetPassword(tokenValue: $token, newPassword: "new-secret") { id version } }',
    { token: token.value },
  );
  expect(reset.errors).toBeUndefined();
  expect(reset.data.customerResetPassword).toEqual({ id: customer.id, version: 2 });
  expect(await signsIn(apiRoot, 'ada@example.com', 'new-secret')).toBe(true);
  expect(await signsIn(apiRoot, 'ada@example.com', 'old-secret')).toBe(false);

  const spent = await graphql(apiRoot, 'mutation { customerResetPassword(tokenValue: "nope", newPassword: "x") { id } }');
  expect(spent.data).toEqual({ customerResetPassword: null });
  expect(spent.errors?.[0]).toMatchObject({ path: ['customerResetPassword'], extensions: { code: 'ResourceNotFound' } });
  const unknown = await graphql(apiRoot, 'mutation { customerCreatePasswordResetToken(email: "nobody@example.com") { value } }');
  expect(unknown.errors?.[0].extensions.code).toBe('ResourceNotFound');
});

test('email verification: a token by id, the customer by token, the confirmation', async ({ apiRoot, mock }) => {
  const customer = mock.data.create('customer', { email: 'ada@example.com', password: 'secret' });
  const created = await graphql(
    apiRoot,
    'mutation ($id: String!) { customerCreateEmailVerificationToken(id: $id, version: 1, ttlMinutes: 60) { version customerId value } }',
    { id: customer.id },
  );
  expect(created.errors).toBeUndefined();
  expect(created.data.customerCreateEmailVerificationToken).toMatchObject({ version: 1, customerId: customer.id });
  const { value } = created.data.customerCreateEmailVerificationToken;
  const owner = await graphql(apiRoot, 'query ($token: String) { customer(emailToken: $token) { id } }', { token: value });
  expect(owner.data.customer).toEqual({ id: customer.id });
  const confirmed = await graphql(apiRoot, 'mutation ($token: String!) { customerConfirmEmail(tokenValue: $token) { isEmailVerified } }', {
    token: value,
  });
  expect(confirmed.data.customerConfirmEmail).toEqual({ isEmailVerified: true });
  expect(mock.data.get('customer', customer.id)).toMatchObject({ isEmailVerified: true });
});

test('customerChangePassword: the current password checked, the version too; in a store only its customers', async ({ apiRoot, mock }) => {
  mock.data.create('store', { key: 'berlin' });
  mock.data.create('store', { key: 'munich' });
  const customer = mock.data.create('customer', {
    email: 'ada@example.com',
    password: 'secret',
    stores: [{ typeId: 'store', key: 'munich' }],
  });
  const change = `mutation ($id: String!, $version: Long!, $current: String!, $store: KeyReferenceInput) {
    customerChangePassword(id: $id, version: $version, currentPassword: $current, newPassword: "changed", storeKey: $store) { version } }`;
  const wrong = await graphql(apiRoot, change, { id: customer.id, version: 1, current: 'wrong' });
  expect(wrong.errors?.[0].extensions.code).toBe('InvalidCurrentPassword');
  const stale = await graphql(apiRoot, change, { id: customer.id, version: 7, current: 'secret' });
  expect(stale.errors?.[0].extensions).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
  const inStore = await graphql(apiRoot, change, { id: customer.id, version: 1, current: 'secret', store: 'berlin' });
  expect(inStore.errors?.[0].extensions.code).toBe('ResourceNotFound');
  const changed = await graphql(apiRoot, change, { id: customer.id, version: 1, current: 'secret' });
  expect(changed.data.customerChangePassword).toEqual({ version: 2 });
  // The new password is the current one now, in the customer's store too.
  const inItsStore = await graphql(apiRoot, change, { id: customer.id, version: 2, current: 'changed', store: 'munich' });
  expect(inItsStore.data.customerChangePassword).toEqual({ version: 3 });
});

test('the signed-in customer: customerChangeMyPassword, customerResetMyPassword, customerConfirmMyEmail', async ({ apiRoot, mock }) => {
  const customer = mock.data.create('customer', { email: 'ada@example.com', password: 'secret' });
  const shop = sdkApiRoot(mock, { kind: 'password', username: 'ada@example.com', password: 'secret' });
  const changed = await graphql(
    shop,
    'mutation { customerChangeMyPassword(version: 1, currentPassword: "secret", newPassword: "second") { version } }',
  );
  expect(changed.errors).toBeUndefined();
  expect(changed.data.customerChangeMyPassword).toEqual({ version: 2 });

  const { value: passwordToken } = (
    await graphql(apiRoot, 'mutation { customerCreatePasswordResetToken(email: "ada@example.com") { value } }')
  ).data.customerCreatePasswordResetToken;
  const reset = await graphql(
    shop,
    'mutation ($token: String!) { customerResetMyPassword(tokenValue: $token, newPassword: "third") { version } }',
    {
      token: passwordToken,
    },
  );
  expect(reset.data.customerResetMyPassword).toEqual({ version: 3 });
  expect(await signsIn(apiRoot, 'ada@example.com', 'third')).toBe(true);

  const { value: emailToken } = (
    await graphql(apiRoot, 'mutation ($id: String!) { customerCreateEmailVerificationToken(id: $id, ttlMinutes: 60) { value } }', {
      id: customer.id,
    })
  ).data.customerCreateEmailVerificationToken;
  const confirmed = await graphql(shop, 'mutation ($token: String!) { customerConfirmMyEmail(tokenValue: $token) { isEmailVerified } }', {
    token: emailToken,
  });
  expect(confirmed.data.customerConfirmMyEmail).toEqual({ isEmailVerified: true });

  // Without a customer token there is no "my" customer.
  const anonymous = await graphql(
    apiRoot,
    'mutation { customerChangeMyPassword(version: 4, currentPassword: "third", newPassword: "x") { version } }',
  );
  expect(anonymous.errors?.[0].extensions.code).toBeDefined();
  expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 4 });
});

test('replicateCart, replicateMyCart, mergeCart and customerActiveCart', async ({ apiRoot, mock }) => {
  const customer = mock.data.create('customer', { email: 'ada@example.com', password: 'secret' });
  const source = mock.data.create('cart', {
    currency: 'EUR',
    key: 'source',
    customerEmail: 'ada@example.com',
    shippingAddress: { country: 'DE' },
  });
  const replica = await graphql(
    apiRoot,
    'mutation ($id: String!) { replicateCart(reference: { typeId: "cart", id: $id }, key: "copy") { id key customerEmail cartState } }',
    { id: source.id },
  );
  expect(replica.errors).toBeUndefined();
  expect(replica.data.replicateCart).toMatchObject({ key: 'copy', customerEmail: 'ada@example.com', cartState: 'Active' });
  expect(replica.data.replicateCart.id).not.toBe(source.id);
  const { body: restRead } = await apiRoot.carts().withKey({ key: 'copy' }).get().execute();
  expect(restRead.id).toBe(replica.data.replicateCart.id);

  const anonymousCart = mock.data.create('cart', { currency: 'EUR', anonymousId: 'visitor' });
  const merged = await graphql(
    apiRoot,
    `mutation ($customer: String!, $cart: String!) { mergeCart(customerId: $customer, draft: { anonymousCart: { typeId: "cart", id: $cart }, mergeMode: UseAsNewActiveCustomerCart }) { id customerId } }`,
    { customer: customer.id, cart: anonymousCart.id },
  );
  expect(merged.errors).toBeUndefined();
  expect(merged.data.mergeCart).toEqual({ id: anonymousCart.id, customerId: customer.id });
  const active = await graphql(apiRoot, 'query ($customer: String!) { customerActiveCart(customerId: $customer) { id } }', {
    customer: customer.id,
  });
  expect(active.data.customerActiveCart).toEqual({ id: anonymousCart.id });
  const none = await graphql(apiRoot, '{ customerActiveCart(customerId: "nobody") { id } }');
  expect(none).toEqual({ data: { customerActiveCart: null } });

  const shop = sdkApiRoot(mock, { kind: 'password', username: 'ada@example.com', password: 'secret' });
  const mine = await graphql(shop, 'mutation ($id: String!) { replicateMyCart(reference: { typeId: "cart", id: $id }) { customerId } }', {
    id: anonymousCart.id,
  });
  expect(mine.data.replicateMyCart).toEqual({ customerId: customer.id });
  // Another's cart is out of the caller's reach.
  const foreign = await graphql(shop, 'mutation ($id: String!) { replicateMyCart(reference: { typeId: "cart", id: $id }) { id } }', {
    id: source.id,
  });
  expect(foreign.errors?.[0].extensions.code).toBe('ReferencedResourceNotFound');
});

test('shippingMethodsByLocation and shippingMethodsByCart: the matching methods', async ({ apiRoot, mock }) => {
  mock.data.create('zone', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] });
  mock.data.create('tax-category', {
    key: 'standard',
    name: 'Standard',
    rates: [{ name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' }],
  });
  const rate = (centAmount: number) => ({ price: { currencyCode: 'EUR', centAmount } });
  mock.data.create('shipping-method', {
    key: 'dhl',
    name: 'DHL',
    isDefault: true,
    taxCategory: { typeId: 'tax-category', key: 'standard' },
    zoneRates: [{ zone: { typeId: 'zone', key: 'de' }, shippingRates: [rate(490)] }],
  });
  mock.data.create('shipping-method', {
    key: 'bulky',
    name: 'Bulky',
    isDefault: false,
    predicate: 'lineItemCount(1 = 1) >= 3',
    taxCategory: { typeId: 'tax-category', key: 'standard' },
    zoneRates: [{ zone: { typeId: 'zone', key: 'de' }, shippingRates: [rate(2500)] }],
  });
  const byLocation = await graphql(
    apiRoot,
    '{ de: shippingMethodsByLocation(country: "DE") { key } fr: shippingMethodsByLocation(country: "FR") { key } }',
  );
  expect(byLocation.data).toEqual({ de: [{ key: 'dhl' }], fr: [] });
  const cart = mock.data.create('cart', { currency: 'EUR', shippingAddress: { country: 'DE' } });
  const byCart = await graphql(apiRoot, 'query ($id: String!) { shippingMethodsByCart(id: $id) { key zoneRates { zone { key } } } }', {
    id: cart.id,
  });
  expect(byCart.data.shippingMethodsByCart).toEqual([{ key: 'dhl', zoneRates: [{ zone: { key: 'de' } }] }]);
  // In a store: the store's cart only, as `in-store/key=/shipping-methods/matching-cart` answers.
  mock.data.create('store', { key: 'berlin' });
  const storeCart = mock.data.create('cart', {
    currency: 'EUR',
    shippingAddress: { country: 'DE' },
    store: { typeId: 'store', key: 'berlin' },
  });
  const inStore = 'query ($id: String!) { inStore(key: "berlin") { shippingMethodsByCart(id: $id) { key } } }';
  expect((await graphql(apiRoot, inStore, { id: storeCart.id })).data.inStore.shippingMethodsByCart).toEqual([{ key: 'dhl' }]);
  const outside = await graphql(apiRoot, inStore, { id: cart.id });
  expect(outside.errors?.[0].extensions.code).toBe('ResourceNotFound');
});

test('importOrder: an order imported as REST imports it', async ({ apiRoot }) => {
  const { data, errors } = await graphql(
    apiRoot,
    `mutation { importOrder(draft: {
      orderNumber: "IMP-1", customerEmail: "ada@example.com",
      totalPrice: { currencyCode: "EUR", centAmount: 1000 },
      customLineItems: [{ name: [{ locale: "en", value: "Gift" }], slug: "gift", quantity: 1, money: { centPrecision: { currencyCode: "EUR", centAmount: 1000 } } }]
    }) { orderNumber totalPrice { centAmount } origin customLineItems { name(locale: "en") } } }`,
  );
  expect(errors).toBeUndefined();
  expect(data.importOrder).toEqual({
    orderNumber: 'IMP-1',
    totalPrice: { centAmount: 1000 },
    origin: 'Customer',
    customLineItems: [{ name: 'Gift' }],
  });
  const { body } = await apiRoot.orders().withOrderNumber({ orderNumber: 'IMP-1' }).get().execute();
  expect(body.customerEmail).toBe('ada@example.com');
});
