/**
 * Customer account flows through the official SDK: password change, password reset tokens, email
 * verification tokens, sign-in (`POST /login`) and sign-up with an anonymous session's resources.
 * Expired and used tokens are refused with the platform's errors, and nothing is stored.
 */
import { mockInternals } from '../../src/api/mock.js';
import type { ByProjectKeyRequestBuilder, Customer } from '@commercetools/platform-sdk';
import type { CommerceMock } from '../../src/index.js';
import { TOKEN_COLLECTIONS } from '../../src/resources/customer/tokens.js';
import { expect, PROJECT_KEY, sdkApiRoot, invalidJson, sdkFailure, test } from '../support/sdk.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

async function signUp(apiRoot: ByProjectKeyRequestBuilder, email: string, password = 'old-secret'): Promise<Customer> {
  return (await apiRoot.customers().post({ body: { email, password } }).execute()).body.customer;
}

/** Signs in through the token server with the SDK's password flow; true when the API accepted the token. */
async function canSignIn(mock: CommerceMock, username: string, password: string): Promise<boolean> {
  const root = sdkApiRoot(mock, { kind: 'password', username, password });
  try {
    await root
      .customers()
      .get({ queryArgs: { limit: 1 } })
      .execute();
    return true;
  } catch (error) {
    // The SDK's auth middleware reports token server errors with the OAuth code at the top.
    expect((error as { code?: string }).code).toBe('invalid_customer_account_credentials');
    return false;
  }
}

/** Moves a stored token's expiry into the past (the mock's clock is the real one). */
function expire(mock: CommerceMock, kind: 'password' | 'email', value: string): void {
  const collection = TOKEN_COLLECTIONS[kind];
  const token = mockInternals(mock).storage.getByKey(PROJECT_KEY, collection, value)!;
  mockInternals(mock).storage.write(
    PROJECT_KEY,
    collection,
    { ...token, expiresAt: new Date(Date.now() - 1000).toISOString() },
    { expectedVersion: token.version, key: value },
  );
}

test.describe('POST /customers/password', () => {
  test('with the current password: new version, the new password signs in, the old one no longer', async ({ apiRoot, mock }) => {
    const customer = await signUp(apiRoot, 'ada@example.com');
    const changed = await apiRoot
      .customers()
      .password()
      .post({ body: { id: customer.id, version: 1, currentPassword: 'old-secret', newPassword: 'new-secret' } })
      .execute();
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toMatchObject({ id: customer.id, version: 2 });
    expect(changed.body.password).not.toBe(customer.password);
    expect(await canSignIn(mock, 'ada@example.com', 'new-secret')).toBe(true);
    expect(await canSignIn(mock, 'ada@example.com', 'old-secret')).toBe(false);
    const login = await sdkFailure(
      apiRoot
        .login()
        .post({ body: { email: 'ada@example.com', password: 'old-secret' } })
        .execute(),
    );
    expect(login.body.errors[0]!.code).toBe('InvalidCredentials');
  });

  test('a wrong current password: 400 InvalidCurrentPassword; a stale version: 409; an unknown id: 404; nothing stored', async ({
    apiRoot,
    mock,
  }) => {
    const customer = await signUp(apiRoot, 'ada@example.com');
    const wrong = await sdkFailure(
      apiRoot
        .customers()
        .password()
        .post({ body: { id: customer.id, version: 1, currentPassword: 'nope', newPassword: 'x' } })
        .execute(),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.errors[0]).toEqual({ code: 'InvalidCurrentPassword', message: 'The given current password does not match.' });
    const stale = await sdkFailure(
      apiRoot
        .customers()
        .password()
        .post({ body: { id: customer.id, version: 7, currentPassword: 'old-secret', newPassword: 'x' } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    const unknown = await sdkFailure(
      apiRoot
        .customers()
        .password()
        .post({ body: { id: 'no-such-id', version: 1, currentPassword: 'old-secret', newPassword: 'x' } })
        .execute(),
    );
    expect(unknown.statusCode).toBe(404);
    const missing = await sdkFailure(
      apiRoot
        .customers()
        .password()
        .post({ body: { id: customer.id, version: 1, currentPassword: 'old-secret' } as never })
        .execute(),
    );
    expect(missing.body.errors).toEqual([invalidJson('newPassword: Missing required value.')]);
    expect(mock.data.get('customer', customer.id)).toEqual(JSON.parse(JSON.stringify(customer)));
    expect(await canSignIn(mock, 'ada@example.com', 'old-secret')).toBe(true);
  });
});

test.describe('password reset', () => {
  test('token → customer by token → reset → sign in with the new password through the token server', async ({ apiRoot, mock }) => {
    const customer = await signUp(apiRoot, 'Grace@Example.com');
    const before = Date.now();
    const token = (
      await apiRoot
        .customers()
        .passwordToken()
        .post({ body: { email: 'grace@example.COM', ttlMinutes: 30 } })
        .execute()
    ).body;
    expect(token).toEqual({
      id: expect.any(String),
      customerId: customer.id,
      value: expect.any(String),
      expiresAt: expect.stringMatching(ISO),
      invalidateOlderTokens: false,
      createdAt: expect.stringMatching(ISO),
      lastModifiedAt: token.createdAt,
    });
    const ttl = Date.parse(token.expiresAt) - Date.parse(token.createdAt);
    expect(ttl).toBe(30 * 60_000);
    expect(Date.parse(token.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const byToken = await apiRoot.customers().withPasswordToken({ passwordToken: token.value }).get().execute();
    expect(byToken.body).toMatchObject({ id: customer.id, version: 1 });

    const reset = await apiRoot
      .customers()
      .passwordReset()
      .post({ body: { tokenValue: token.value, newPassword: 'fresh-secret' } })
      .execute();
    expect(reset.body).toMatchObject({ id: customer.id, version: 2 });
    expect(await canSignIn(mock, 'grace@example.com', 'fresh-secret')).toBe(true);
    expect(await canSignIn(mock, 'grace@example.com', 'old-secret')).toBe(false);
    expect(mock.tokens.find({ kind: 'customer', customerId: customer.id })).toBeDefined();

    // The token is used up: 404 for the lookup and for a second reset; nothing changes.
    const lookup = await sdkFailure(apiRoot.customers().withPasswordToken({ passwordToken: token.value }).get().execute());
    expect(lookup.statusCode).toBe(404);
    expect(lookup.body.errors[0]!.code).toBe('ResourceNotFound');
    const again = await sdkFailure(
      apiRoot
        .customers()
        .passwordReset()
        .post({ body: { tokenValue: token.value, newPassword: 'third' } })
        .execute(),
    );
    expect(again.statusCode).toBe(404);
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 2 });
  });

  test('the default lifetime is 1440 minutes; an unknown email is 404', async ({ apiRoot, mock }) => {
    await signUp(apiRoot, 'a@example.com');
    const token = (
      await apiRoot
        .customers()
        .passwordToken()
        .post({ body: { email: 'a@example.com' } })
        .execute()
    ).body;
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(1440 * 60_000);
    const unknown = await sdkFailure(
      apiRoot
        .customers()
        .passwordToken()
        .post({ body: { email: 'nobody@example.com' } })
        .execute(),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.errors[0]!.code).toBe('ResourceNotFound');
    expect([...mockInternals(mock).storage.scan(PROJECT_KEY, TOKEN_COLLECTIONS.password)]).toHaveLength(1);
  });

  test('an expired token: 400 ExpiredCustomerPasswordToken for the lookup and the reset; the password stays', async ({ apiRoot, mock }) => {
    const customer = await signUp(apiRoot, 'a@example.com');
    const token = (
      await apiRoot
        .customers()
        .passwordToken()
        .post({ body: { email: 'a@example.com', ttlMinutes: 5 } })
        .execute()
    ).body;
    expire(mock, 'password', token.value);
    const lookup = await sdkFailure(apiRoot.customers().withPasswordToken({ passwordToken: token.value }).get().execute());
    expect(lookup.statusCode).toBe(400);
    expect(lookup.body.errors[0]).toEqual({ code: 'ExpiredCustomerPasswordToken', message: 'The given password token has expired.' });
    const reset = await sdkFailure(
      apiRoot
        .customers()
        .passwordReset()
        .post({ body: { tokenValue: token.value, newPassword: 'new' } })
        .execute(),
    );
    expect(reset.body.errors[0]!.code).toBe('ExpiredCustomerPasswordToken');
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 1 });
    expect(await canSignIn(mock, 'a@example.com', 'old-secret')).toBe(true);
  });

  test('a stale version on reset is 409 and keeps the token; invalidateOlderTokens revokes earlier tokens', async ({ apiRoot, mock }) => {
    const customer = await signUp(apiRoot, 'a@example.com');
    const first = (
      await apiRoot
        .customers()
        .passwordToken()
        .post({ body: { email: 'a@example.com' } })
        .execute()
    ).body;
    const stale = await sdkFailure(
      apiRoot
        .customers()
        .passwordReset()
        .post({ body: { tokenValue: first.value, newPassword: 'n', version: 9 } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    expect((await apiRoot.customers().withPasswordToken({ passwordToken: first.value }).get().execute()).statusCode).toBe(200);
    const second = (
      await apiRoot
        .customers()
        .passwordToken()
        .post({ body: { email: 'a@example.com', invalidateOlderTokens: true } })
        .execute()
    ).body;
    expect(second.invalidateOlderTokens).toBe(true);
    expect((await sdkFailure(apiRoot.customers().withPasswordToken({ passwordToken: first.value }).get().execute())).statusCode).toBe(404);
    const reset = await apiRoot
      .customers()
      .passwordReset()
      .post({ body: { tokenValue: second.value, newPassword: 'n', version: 1 } })
      .execute();
    expect(reset.body.version).toBe(2);
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 2 });
  });

  test('tokens of a Store-specific customer are not issued on the global endpoint', async ({ apiRoot }) => {
    await apiRoot
      .stores()
      .post({ body: { key: 'berlin' } })
      .execute();
    await apiRoot
      .customers()
      .post({ body: { email: 'b@example.com', password: 'pw', stores: [{ typeId: 'store', key: 'berlin' }] } })
      .execute();
    const failure = await sdkFailure(
      apiRoot
        .customers()
        .passwordToken()
        .post({ body: { email: 'b@example.com' } })
        .execute(),
    );
    expect(failure.statusCode).toBe(404);
  });
});

test.describe('email verification', () => {
  test('email token → customer by token → confirm: isEmailVerified, new version, the token is used up', async ({ apiRoot, mock }) => {
    const customer = await signUp(apiRoot, 'e@example.com');
    expect(customer.isEmailVerified).toBe(false);
    const token = (
      await apiRoot
        .customers()
        .emailToken()
        .post({ body: { id: customer.id, version: 1, ttlMinutes: 60 } })
        .execute()
    ).body;
    expect(token).toMatchObject({ customerId: customer.id, invalidateOlderTokens: false });
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(60 * 60_000);
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 1 });

    const byToken = await apiRoot.customers().withEmailToken({ emailToken: token.value }).get().execute();
    expect(byToken.body.id).toBe(customer.id);
    const confirmed = await apiRoot
      .customers()
      .emailConfirm()
      .post({ body: { tokenValue: token.value } })
      .execute();
    expect(confirmed.body).toMatchObject({ id: customer.id, version: 2, isEmailVerified: true });
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 2, isEmailVerified: true });

    const again = await sdkFailure(
      apiRoot
        .customers()
        .emailConfirm()
        .post({ body: { tokenValue: token.value } })
        .execute(),
    );
    expect(again.statusCode).toBe(404);
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 2 });
  });

  test('refusals: expired token 400 ExpiredCustomerEmailToken, stale version 409, unknown customer 404, missing ttl InvalidJsonInput', async ({
    apiRoot,
    mock,
  }) => {
    const customer = await signUp(apiRoot, 'e@example.com');
    const token = (
      await apiRoot
        .customers()
        .emailToken()
        .post({ body: { id: customer.id, ttlMinutes: 10 } })
        .execute()
    ).body;
    expire(mock, 'email', token.value);
    const lookup = await sdkFailure(apiRoot.customers().withEmailToken({ emailToken: token.value }).get().execute());
    expect(lookup.statusCode).toBe(400);
    expect(lookup.body.errors[0]).toEqual({ code: 'ExpiredCustomerEmailToken', message: 'The given email token has expired.' });
    const confirm = await sdkFailure(
      apiRoot
        .customers()
        .emailConfirm()
        .post({ body: { tokenValue: token.value } })
        .execute(),
    );
    expect(confirm.body.errors[0]!.code).toBe('ExpiredCustomerEmailToken');
    const stale = await sdkFailure(
      apiRoot
        .customers()
        .emailToken()
        .post({ body: { id: customer.id, version: 3, ttlMinutes: 10 } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    const unknown = await sdkFailure(
      apiRoot
        .customers()
        .emailToken()
        .post({ body: { id: 'nope', ttlMinutes: 10 } })
        .execute(),
    );
    expect(unknown.statusCode).toBe(404);
    const noTtl = await sdkFailure(
      apiRoot
        .customers()
        .emailToken()
        .post({ body: { id: customer.id } as never })
        .execute(),
    );
    expect(noTtl.body.errors).toEqual([invalidJson('ttlMinutes: Missing required value.')]);
    const unknownToken = await sdkFailure(apiRoot.customers().withEmailToken({ emailToken: 'made-up' }).get().execute());
    expect(unknownToken.statusCode).toBe(404);
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 1, isEmailVerified: false });
    expect([...mockInternals(mock).storage.scan(PROJECT_KEY, TOKEN_COLLECTIONS.email)]).toHaveLength(1);
  });
});

test.describe('sign-in and sign-up with an anonymous session', () => {
  test("POST /login with anonymousId signs the session's payments and shopping lists over; others stay", async ({ apiRoot, mock }) => {
    const customer = await signUp(apiRoot, 'shopper@example.com', 'pw');
    const mine = (
      await apiRoot
        .payments()
        .post({ body: { anonymousId: 'session-1', amountPlanned: { currencyCode: 'EUR', centAmount: 100 } } })
        .execute()
    ).body;
    const theirs = (
      await apiRoot
        .payments()
        .post({ body: { anonymousId: 'session-2', amountPlanned: { currencyCode: 'EUR', centAmount: 200 } } })
        .execute()
    ).body;
    const list = (
      await apiRoot
        .shoppingLists()
        .post({ body: { name: { en: 'Wishlist' }, anonymousId: 'session-1' } })
        .execute()
    ).body;

    const login = await apiRoot
      .login()
      .post({ body: { email: 'shopper@example.com', password: 'pw', anonymousId: 'session-1' } })
      .execute();
    expect(login.statusCode).toBe(200);
    expect(login.body.customer.id).toBe(customer.id);
    expect(login.body.cart).toBeUndefined();
    expect(mock.data.get('payment', mine.id)).toMatchObject({
      version: 2,
      customer: { typeId: 'customer', id: customer.id },
      anonymousId: 'session-1',
    });
    expect(mock.data.get('shopping-list', list.id)).toMatchObject({ version: 2, customer: { typeId: 'customer', id: customer.id } });
    expect(mock.data.get('payment', theirs.id)).toMatchObject({ version: 1 });
    expect(mock.data.get('payment', theirs.id)).not.toHaveProperty('customer');
  });

  test('a failed sign-in assigns nothing', async ({ apiRoot, mock }) => {
    await signUp(apiRoot, 'shopper@example.com', 'pw');
    const payment = (
      await apiRoot
        .payments()
        .post({ body: { anonymousId: 'session-1', amountPlanned: { currencyCode: 'EUR', centAmount: 100 } } })
        .execute()
    ).body;
    const failure = await sdkFailure(
      apiRoot
        .login()
        .post({ body: { email: 'shopper@example.com', password: 'wrong', anonymousId: 'session-1' } })
        .execute(),
    );
    expect(failure.body.errors[0]!.code).toBe('InvalidCredentials');
    expect(mock.data.get('payment', payment.id)).toMatchObject({ version: 1 });
  });

  test('sign-up with anonymousId does the same', async ({ apiRoot, mock }) => {
    const list = (
      await apiRoot
        .shoppingLists()
        .post({ body: { name: { en: 'Wishlist' }, anonymousId: 'session-9' } })
        .execute()
    ).body;
    const created = await apiRoot
      .customers()
      .post({ body: { email: 'new@example.com', password: 'pw', anonymousId: 'session-9' } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(mock.data.get('shopping-list', list.id)).toMatchObject({ customer: { typeId: 'customer', id: created.body.customer.id } });
  });
});

test.describe('sign-in and sign-up: the anonymous cart', () => {
  /** A published product with SKU `A-1` at 10.00 EUR and `B-1` at 5.00 EUR. */
  async function catalog(apiRoot: ByProjectKeyRequestBuilder) {
    const productType = (
      await apiRoot
        .productTypes()
        .post({ body: { key: 'plain', name: 'Plain', description: 'Plain' } })
        .execute()
    ).body;
    for (const [key, sku, centAmount] of [
      ['product-a', 'A-1', 1000],
      ['product-b', 'B-1', 500],
    ] as const) {
      await apiRoot
        .products()
        .post({
          body: {
            key,
            productType: { typeId: 'product-type', id: productType.id },
            name: { en: key },
            slug: { en: key },
            masterVariant: { sku, prices: [{ value: { currencyCode: 'EUR', centAmount } }] },
            publish: true,
          },
        })
        .execute();
    }
  }

  const cartOf = (
    apiRoot: ByProjectKeyRequestBuilder,
    body: Parameters<ReturnType<ByProjectKeyRequestBuilder['carts']>['post']>[0]['body'],
  ) =>
    apiRoot
      .carts()
      .post({ body })
      .execute()
      .then((response) => response.body);

  test("no customer cart: the anonymous cart becomes the customer's and is answered as `cart`", async ({ apiRoot, mock }) => {
    await catalog(apiRoot);
    const customer = await signUp(apiRoot, 'shopper@example.com', 'pw');
    const anonymous = await cartOf(apiRoot, { currency: 'EUR', anonymousId: 'session-1', lineItems: [{ sku: 'A-1', quantity: 2 }] });
    const login = await apiRoot
      .login()
      .post({
        body: {
          email: 'shopper@example.com',
          password: 'pw',
          anonymousCart: { typeId: 'cart', id: anonymous.id },
          anonymousId: 'session-1',
        },
      })
      .execute();
    expect(login.body.cart).toMatchObject({
      id: anonymous.id,
      customerId: customer.id,
      cartState: 'Active',
      totalPrice: { centAmount: 2000 },
    });
    expect(mock.data.get('cart', anonymous.id)).toMatchObject({ customerId: customer.id });
  });

  test("MergeWithExistingCustomerCart (default): line items join the customer's active cart; the anonymous one is Merged", async ({
    apiRoot,
    mock,
  }) => {
    await catalog(apiRoot);
    const customer = await signUp(apiRoot, 'shopper@example.com', 'pw');
    const own = await cartOf(apiRoot, { currency: 'EUR', customerId: customer.id, lineItems: [{ sku: 'B-1', quantity: 1 }] });
    const anonymous = await cartOf(apiRoot, { currency: 'EUR', anonymousId: 'session-1', lineItems: [{ sku: 'A-1', quantity: 1 }] });
    const login = await apiRoot
      .login()
      .post({ body: { email: 'shopper@example.com', password: 'pw', anonymousId: 'session-1' } })
      .execute();
    expect(login.body.cart?.id).toBe(own.id);
    expect(login.body.cart?.lineItems.map((item) => item.variant.sku).sort()).toEqual(['A-1', 'B-1']);
    expect(login.body.cart?.totalPrice.centAmount).toBe(1500);
    expect(mock.data.get('cart', anonymous.id)).toMatchObject({ cartState: 'Merged' });
  });

  test('UseAsNewActiveCustomerCart: the anonymous cart becomes the active one; nothing is merged', async ({ apiRoot, mock }) => {
    await catalog(apiRoot);
    const customer = await signUp(apiRoot, 'shopper@example.com', 'pw');
    const own = await cartOf(apiRoot, { currency: 'EUR', customerId: customer.id, lineItems: [{ sku: 'B-1', quantity: 1 }] });
    const anonymous = await cartOf(apiRoot, {
      key: 'anon-cart',
      currency: 'EUR',
      anonymousId: 'session-1',
      lineItems: [{ sku: 'A-1', quantity: 1 }],
    });
    const login = await apiRoot
      .login()
      .post({
        body: {
          email: 'shopper@example.com',
          password: 'pw',
          anonymousCart: { typeId: 'cart', key: 'anon-cart' },
          anonymousCartSignInMode: 'UseAsNewActiveCustomerCart',
        },
      })
      .execute();
    expect(login.body.cart).toMatchObject({ id: anonymous.id, customerId: customer.id });
    expect(login.body.cart?.lineItems.map((item) => item.variant.sku)).toEqual(['A-1']);
    expect(mock.data.get('cart', own.id)).toMatchObject({ version: own.version, cartState: 'Active' });
  });

  test('an anonymousId that does not own the anonymous cart: 400 InvalidOperation, nothing changes', async ({ apiRoot, mock }) => {
    await catalog(apiRoot);
    await signUp(apiRoot, 'shopper@example.com', 'pw');
    const anonymous = await cartOf(apiRoot, { currency: 'EUR', anonymousId: 'session-1', lineItems: [{ sku: 'A-1', quantity: 1 }] });
    const payment = (
      await apiRoot
        .payments()
        .post({ body: { anonymousId: 'session-2', amountPlanned: { currencyCode: 'EUR', centAmount: 100 } } })
        .execute()
    ).body;
    const failure = await sdkFailure(
      apiRoot
        .login()
        .post({
          body: {
            email: 'shopper@example.com',
            password: 'pw',
            anonymousCart: { typeId: 'cart', id: anonymous.id },
            anonymousId: 'session-2',
          },
        })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]!.code).toBe('InvalidOperation');
    expect(mock.data.get('cart', anonymous.id)).toMatchObject({ version: anonymous.version });
    expect(mock.data.get('cart', anonymous.id)).not.toHaveProperty('customerId');
    expect(mock.data.get('payment', payment.id)).toMatchObject({ version: 1 });
  });

  test('sign-up with anonymousCart answers {customer, cart}; a plain sign-in answers the active cart too', async ({ apiRoot }) => {
    await catalog(apiRoot);
    const anonymous = await cartOf(apiRoot, { currency: 'EUR', anonymousId: 'session-1', lineItems: [{ sku: 'A-1', quantity: 1 }] });
    const created = await apiRoot
      .customers()
      .post({ body: { email: 'new@example.com', password: 'pw', anonymousCart: { typeId: 'cart', id: anonymous.id } } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(created.body.cart).toMatchObject({ id: anonymous.id, customerId: created.body.customer.id });
    const login = await apiRoot
      .login()
      .post({ body: { email: 'new@example.com', password: 'pw' } })
      .execute();
    expect(login.body.cart?.id).toBe(anonymous.id);
  });
});
