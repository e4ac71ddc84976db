/**
 * `/me` and `/in-store/key={storeKey}/...` through the official SDK, with the token flows a storefront
 * uses: the customer password flow, anonymous sessions, and in-store customer tokens.
 */
import type { ByProjectKeyRequestBuilder, Customer, MyBusinessUnitUpdateAction } from '@commercetools/platform-sdk';
import type { CommerceMock } from '../../src/index.js';
import { test, expect, sdkApiRoot, sdkFailure } from '../support/sdk.js';
import { associate, createCustomer, createRole, createUnit, readUnit } from './support.js';

const signedIn = (mock: CommerceMock, username: string, password = 'secret') => sdkApiRoot(mock, { kind: 'password', username, password });
const withToken = (mock: CommerceMock, token: string) => sdkApiRoot(mock, { kind: 'existing', authorization: `Bearer ${token}` });

test.describe('/me: the signed-in customer', () => {
  test('GET, update (MyCustomerUpdate actions only) and DELETE act on the token’s customer', async ({ apiRoot, mock }) => {
    const alice = await createCustomer(apiRoot, 'alice@example.com');
    await createCustomer(apiRoot, 'bob@example.com');
    const me = signedIn(mock, 'alice@example.com');
    const read = (await me.me().get().execute()).body;
    expect(read).toMatchObject({ id: alice.id, email: 'alice@example.com' });
    const updated = (
      await me
        .me()
        .post({
          body: {
            version: read.version,
            actions: [
              { action: 'setFirstName', firstName: 'Alice' },
              { action: 'addAddress', address: { country: 'DE' } },
            ],
          },
        })
        .execute()
    ).body;
    expect(updated).toMatchObject({ id: alice.id, firstName: 'Alice', version: read.version + 1 });
    const forbidden = await sdkFailure(
      me
        .me()
        .post({ body: { version: updated.version, actions: [{ action: 'setCustomerGroup' } as never] } })
        .execute(),
    );
    expect(forbidden.statusCode).toBe(400);
    expect(forbidden.body.errors[0]).toMatchObject({ code: 'InvalidInput', field: 'actions[0].action' });
    const stale = await sdkFailure(
      me
        .me()
        .post({ body: { version: 1, actions: [{ action: 'setLastName', lastName: 'A' }] } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    const deleted = await me
      .me()
      .delete({ queryArgs: { version: updated.version } })
      .execute();
    expect(deleted.body.id).toBe(alice.id);
    expect(mock.data.get('customer', alice.id)).toBeUndefined();
    expect(mock.data.all('customer')).toHaveLength(1);
  });

  test('no caller: a client token, no token or an unknown token is 403 insufficient_scope, never a customer', async ({ apiRoot, mock }) => {
    await createCustomer(apiRoot, 'alice@example.com');
    for (const root of [apiRoot, sdkApiRoot(mock, { kind: 'none' }), withToken(mock, 'never-issued')]) {
      const failure = await sdkFailure(root.me().get().execute());
      expect(failure.statusCode).toBe(403);
      expect(failure.body).toMatchObject({ error: 'insufficient_scope', errors: [{ code: 'insufficient_scope' }] });
      expect(JSON.stringify(failure.body)).not.toContain('alice');
    }
  });

  test('a client-credentials token signs in and up through /me/login and /me/signup; the rest of /me still needs a caller', async ({
    apiRoot,
    mock,
  }) => {
    const alice = await createCustomer(apiRoot, 'alice@example.com');
    const login = await apiRoot
      .me()
      .login()
      .post({ body: { email: 'alice@example.com', password: 'secret' } })
      .execute();
    expect(login.statusCode).toBe(200);
    expect(login.body.customer.id).toBe(alice.id);
    const wrong = await sdkFailure(
      apiRoot
        .me()
        .login()
        .post({ body: { email: 'alice@example.com', password: 'wrong' } })
        .execute(),
    );
    expect(wrong.body.errors[0]!.code).toBe('InvalidCredentials');

    const signUp = await apiRoot
      .me()
      .signup()
      .post({ body: { email: 'bob@example.com', password: 'pw', key: 'not-mine' } as never })
      .execute();
    expect(signUp.statusCode).toBe(201);
    expect(signUp.body.customer).toMatchObject({ email: 'bob@example.com' });
    expect(signUp.body.customer).not.toHaveProperty('key');
    expect(signUp.body.customer).not.toHaveProperty('anonymousId');
    expect(mock.data.all('customer')).toHaveLength(2);

    // Signing in establishes no caller for the token: the rest of /me keeps refusing it.
    for (const request of [apiRoot.me().get().execute(), apiRoot.me().carts().get().execute()]) {
      const refused = await sdkFailure(request);
      expect(refused.statusCode).toBe(403);
      expect(refused.body.errors[0]!.code).toBe('insufficient_scope');
    }
  });

  test('an anonymous session has no account: /me is 403; it signs up and its shopping lists pass to the new customer', async ({ mock }) => {
    const anonymous = sdkApiRoot(mock, { kind: 'anonymous', anonymousId: 'anon-1' });
    expect((await sdkFailure(anonymous.me().get().execute())).statusCode).toBe(403);
    const list = (
      await anonymous
        .me()
        .shoppingLists()
        .post({ body: { name: { en: 'wish list' } } })
        .execute()
    ).body;
    expect(list).toMatchObject({ anonymousId: 'anon-1' });
    expect(list).not.toHaveProperty('customer');
    const signUp = await anonymous
      .me()
      .signup()
      .post({ body: { email: 'new@example.com', password: 'pw', firstName: 'New' } })
      .execute();
    expect(signUp.statusCode).toBe(201);
    const customer = signUp.body.customer;
    expect(customer).toMatchObject({ email: 'new@example.com', firstName: 'New' });
    expect(mock.data.get<{ customer?: { id: string } }>('shopping-list', list.id)?.customer?.id).toBe(customer.id);
    // The new customer signs in and sees the list.
    const me = signedIn(mock, 'new@example.com', 'pw');
    expect((await me.me().shoppingLists().get().execute()).body.results.map((l) => l.id)).toEqual([list.id]);
  });

  test('sign-up takes only MyCustomerDraft fields', async ({ apiRoot, mock }) => {
    const group = (
      await apiRoot
        .customerGroups()
        .post({ body: { groupName: 'VIP', key: 'vip' } })
        .execute()
    ).body;
    const anonymous = sdkApiRoot(mock, { kind: 'anonymous' });
    const body = {
      email: 'sneaky@example.com',
      password: 'pw',
      isEmailVerified: true,
      customerGroup: { typeId: 'customer-group', id: group.id },
      key: 'sneaky',
    };
    const customer = (
      await anonymous
        .me()
        .signup()
        .post({ body: body as never })
        .execute()
    ).body.customer;
    expect(customer.isEmailVerified).toBe(false);
    expect(customer).not.toHaveProperty('customerGroup');
    expect(customer).not.toHaveProperty('key');
  });

  test('login checks the credentials (InvalidCredentials) and answers {customer}', async ({ apiRoot, mock }) => {
    const alice = await createCustomer(apiRoot, 'alice@example.com');
    const anonymous = sdkApiRoot(mock, { kind: 'anonymous' });
    const result = await anonymous
      .me()
      .login()
      .post({ body: { email: 'ALICE@example.com', password: 'secret' } })
      .execute();
    expect(result.body.customer.id).toBe(alice.id);
    const failure = await sdkFailure(
      anonymous
        .me()
        .login()
        .post({ body: { email: 'alice@example.com', password: 'wrong' } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'InvalidCredentials' });
  });

  test('password change: current password checked, version checked, new password signs in', async ({ apiRoot, mock }) => {
    await createCustomer(apiRoot, 'alice@example.com');
    const me = signedIn(mock, 'alice@example.com');
    const { version } = (await me.me().get().execute()).body;
    const wrong = await sdkFailure(
      me
        .me()
        .password()
        .post({ body: { version, currentPassword: 'nope', newPassword: 'new' } })
        .execute(),
    );
    expect(wrong.body.errors[0]!.code).toBe('InvalidCurrentPassword');
    const stale = await sdkFailure(
      me
        .me()
        .password()
        .post({ body: { version: version + 5, currentPassword: 'secret', newPassword: 'new' } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    await me
      .me()
      .password()
      .post({ body: { version, currentPassword: 'secret', newPassword: 'new' } })
      .execute();
    const anonymous = sdkApiRoot(mock, { kind: 'anonymous' });
    expect(
      (
        await anonymous
          .me()
          .login()
          .post({ body: { email: 'alice@example.com', password: 'new' } })
          .execute()
      ).statusCode,
    ).toBe(200);
  });

  test('password reset and email confirmation only with the caller’s own token values', async ({ apiRoot, mock }) => {
    const alice = await createCustomer(apiRoot, 'alice@example.com');
    const bob = await createCustomer(apiRoot, 'bob@example.com');
    const me = signedIn(mock, 'alice@example.com');
    const bobsReset = (
      await apiRoot
        .customers()
        .passwordToken()
        .post({ body: { email: 'bob@example.com' } })
        .execute()
    ).body;
    const foreign = await sdkFailure(
      me
        .me()
        .password()
        .reset()
        .post({ body: { tokenValue: bobsReset.value, newPassword: 'pwned' } })
        .execute(),
    );
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(bob.id);
    const alicesReset = (
      await apiRoot
        .customers()
        .passwordToken()
        .post({ body: { email: 'alice@example.com' } })
        .execute()
    ).body;
    const reset = await me
      .me()
      .password()
      .reset()
      .post({ body: { tokenValue: alicesReset.value, newPassword: 'fresh' } })
      .execute();
    expect(reset.body.id).toBe(alice.id);

    const bobsEmail = (
      await apiRoot
        .customers()
        .emailToken()
        .post({ body: { id: bob.id, ttlMinutes: 10 } })
        .execute()
    ).body;
    expect(
      (
        await sdkFailure(
          me
            .me()
            .emailConfirm()
            .post({ body: { tokenValue: bobsEmail.value } })
            .execute(),
        )
      ).statusCode,
    ).toBe(404);
    expect(mock.data.get<Customer>('customer', bob.id)?.isEmailVerified).toBe(false);
    const alicesEmail = (
      await apiRoot
        .customers()
        .emailToken()
        .post({ body: { id: alice.id, ttlMinutes: 10 } })
        .execute()
    ).body;
    const confirmed = await me
      .me()
      .emailConfirm()
      .post({ body: { tokenValue: alicesEmail.value } })
      .execute();
    expect(confirmed.body).toMatchObject({ id: alice.id, isEmailVerified: true });
  });
});

test.describe('/me/shopping-lists', () => {
  test('created lists carry the caller; another caller’s list is a 404 everywhere', async ({ apiRoot, mock }) => {
    const alice = await createCustomer(apiRoot, 'alice@example.com');
    await createCustomer(apiRoot, 'bob@example.com');
    const asAlice = signedIn(mock, 'alice@example.com');
    const asBob = signedIn(mock, 'bob@example.com');
    const list = (
      await asAlice
        .me()
        .shoppingLists()
        .post({ body: { name: { en: 'alice list' }, key: 'alice-list', customer: { typeId: 'customer', id: 'someone-else' } } as never })
        .execute()
    ).body;
    expect(list.customer).toEqual({ typeId: 'customer', id: alice.id });
    await asBob
      .me()
      .shoppingLists()
      .post({ body: { name: { en: 'bob list' } } })
      .execute();
    expect((await asAlice.me().shoppingLists().get().execute()).body.results.map((l) => l.name.en)).toEqual(['alice list']);
    for (const request of [
      asBob.me().shoppingLists().withId({ ID: list.id }).get().execute(),
      asBob.me().shoppingLists().withKey({ key: 'alice-list' }).get().execute(),
      asBob
        .me()
        .shoppingLists()
        .withId({ ID: list.id })
        .post({ body: { version: 1, actions: [{ action: 'changeName', name: { en: 'x' } }] } })
        .execute(),
      asBob
        .me()
        .shoppingLists()
        .withId({ ID: list.id })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    ]) {
      const failure = await sdkFailure(request);
      expect(failure.statusCode).toBe(404);
      expect(JSON.stringify(failure.body)).not.toContain('alice list');
    }
    const renamed = await asAlice
      .me()
      .shoppingLists()
      .withKey({ key: 'alice-list' })
      .post({ body: { version: 1, actions: [{ action: 'changeName', name: { en: 'mine' } }] } })
      .execute();
    expect(renamed.body.name).toEqual({ en: 'mine' });
    // MyShoppingListUpdate has no setCustomer: a list cannot be handed to someone else.
    const handOver = await sdkFailure(
      asAlice
        .me()
        .shoppingLists()
        .withId({ ID: list.id })
        .post({ body: { version: 2, actions: [{ action: 'setCustomer', customer: { typeId: 'customer', id: 'x' } } as never] } })
        .execute(),
    );
    expect(handOver.statusCode).toBe(400);
  });
});

test.describe('/me/business-units', () => {
  async function b2b(apiRoot: ByProjectKeyRequestBuilder) {
    await createRole(apiRoot, 'admin', ['UpdateBusinessUnitDetails', 'AddChildUnits', 'UpdateAssociates']);
    await createRole(apiRoot, 'buyer', []);
    const [alice, bob] = [await createCustomer(apiRoot, 'alice@example.com'), await createCustomer(apiRoot, 'bob@example.com')];
    await createUnit(apiRoot, {
      key: 'acme',
      unitType: 'Company',
      name: 'ACME',
      associates: [associate(alice.id, { key: 'admin', inheritance: 'Enabled' }), associate(bob.id, 'buyer')],
    });
    await createUnit(apiRoot, { key: 'other', unitType: 'Company', name: 'Other' });
    return { alice, bob };
  }

  test('lists and reads the caller’s units only; updates need the permission; MyBusinessUnitUpdate actions only', async ({
    apiRoot,
    mock,
  }) => {
    const { alice } = await b2b(apiRoot);
    const asAlice = signedIn(mock, 'alice@example.com');
    const asBob = signedIn(mock, 'bob@example.com');
    expect((await asAlice.me().businessUnits().get().execute()).body.results.map((u) => u.key)).toEqual(['acme']);
    const other = await readUnit(apiRoot, 'other');
    expect((await sdkFailure(asAlice.me().businessUnits().withId({ ID: other.id }).get().execute())).statusCode).toBe(404);
    const acme = (await asAlice.me().businessUnits().withKey({ key: 'acme' }).get().execute()).body;
    const rename: MyBusinessUnitUpdateAction = { action: 'changeName', name: 'ACME Corp' };
    const denied = await sdkFailure(
      asBob
        .me()
        .businessUnits()
        .withKey({ key: 'acme' })
        .post({ body: { version: acme.version, actions: [rename] } })
        .execute(),
    );
    expect(denied.body.errors[0]).toMatchObject({ code: 'AssociateMissingPermission', permissions: ['UpdateBusinessUnitDetails'] });
    const renamed = (
      await asAlice
        .me()
        .businessUnits()
        .withId({ ID: acme.id })
        .post({ body: { version: acme.version, actions: [rename] } })
        .execute()
    ).body;
    expect(renamed.name).toBe('ACME Corp');
    const status = await sdkFailure(
      asAlice
        .me()
        .businessUnits()
        .withId({ ID: acme.id })
        .post({ body: { version: renamed.version, actions: [{ action: 'changeStatus', status: 'Inactive' } as never] } })
        .execute(),
    );
    expect(status.statusCode).toBe(400);
    expect(mock.permissions.decisions().map((d) => [d.associateId, d.allowed])).toEqual([
      [expect.any(String), false],
      [alice.id, true],
    ]);
  });

  test('expanding associates’ customers is refused', async ({ apiRoot, mock }) => {
    await b2b(apiRoot);
    const asAlice = signedIn(mock, 'alice@example.com');
    const failure = await sdkFailure(
      asAlice
        .me()
        .businessUnits()
        .get({ queryArgs: { expand: ['associates[*].customer'] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'Unauthorized' });
    expect(JSON.stringify(failure.body)).not.toContain('bob@example.com');
  });

  test('creating a unit assigns the caller the configured default role; a Division needs AddChildUnits', async ({ apiRoot, mock }) => {
    const { alice } = await b2b(apiRoot);
    const asAlice = signedIn(mock, 'alice@example.com');
    const unconfigured = await sdkFailure(
      asAlice
        .me()
        .businessUnits()
        .post({ body: { key: 'mine', unitType: 'Company', name: 'Mine' } })
        .execute(),
    );
    expect(unconfigured.body.errors[0]!.code).toBe('InvalidOperation');
    // The project's settings for business units created through /me.
    const { version } = (await apiRoot.get().execute()).body;
    await apiRoot
      .post({
        body: {
          version,
          actions: [
            { action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: { typeId: 'associate-role', key: 'admin' } },
            { action: 'changeMyBusinessUnitStatusOnCreation', status: 'Active' },
          ],
        },
      })
      .execute();
    const created = (
      await asAlice
        .me()
        .businessUnits()
        .post({ body: { key: 'mine', unitType: 'Company', name: 'Mine' } })
        .execute()
    ).body;
    expect(created).toMatchObject({ status: 'Active', associates: [associate(alice.id, { key: 'admin', inheritance: 'Disabled' })] });
    const division = await asAlice
      .me()
      .businessUnits()
      .post({ body: { key: 'acme-sub', unitType: 'Division', name: 'Sub', parentUnit: { typeId: 'business-unit', key: 'acme' } } })
      .execute();
    expect(division.statusCode).toBe(201);
    const asBob = signedIn(mock, 'bob@example.com');
    const denied = await sdkFailure(
      asBob
        .me()
        .businessUnits()
        .post({ body: { key: 'bob-sub', unitType: 'Division', name: 'X', parentUnit: { typeId: 'business-unit', key: 'acme' } } })
        .execute(),
    );
    expect(denied.body.errors[0]).toMatchObject({ code: 'AssociateMissingPermission', permissions: ['AddChildUnits'] });
  });

  test('an anonymous session has no business units (403)', async ({ mock }) => {
    const failure = await sdkFailure(sdkApiRoot(mock, { kind: 'anonymous' }).me().businessUnits().get().execute());
    expect(failure.statusCode).toBe(403);
  });
});

test.describe('in-store', () => {
  async function stores(apiRoot: ByProjectKeyRequestBuilder) {
    for (const key of ['berlin', 'paris']) await apiRoot.stores().post({ body: { key } }).execute();
    const global = await createCustomer(apiRoot, 'global@example.com');
    const berliner = await createCustomer(apiRoot, 'berliner@example.com', 'secret', { stores: [{ typeId: 'store', key: 'berlin' }] });
    const parisian = await createCustomer(apiRoot, 'parisian@example.com', 'secret', { stores: [{ typeId: 'store', key: 'paris' }] });
    return { global, berliner, parisian };
  }
  const berlin = (apiRoot: ByProjectKeyRequestBuilder) => apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'berlin' });

  test('customers of the store (and global ones); a customer of another store is a 404', async ({ apiRoot }) => {
    const { global, berliner, parisian } = await stores(apiRoot);
    const emails = (await berlin(apiRoot).customers().get().execute()).body.results.map((c) => c.email).sort();
    expect(emails).toEqual(['berliner@example.com', 'global@example.com']);
    expect((await berlin(apiRoot).customers().withId({ ID: berliner.id }).get().execute()).body.id).toBe(berliner.id);
    expect((await berlin(apiRoot).customers().withId({ ID: global.id }).get().execute()).body.id).toBe(global.id);
    for (const request of [
      berlin(apiRoot).customers().withId({ ID: parisian.id }).get().execute(),
      berlin(apiRoot)
        .customers()
        .withId({ ID: parisian.id })
        .post({ body: { version: 1, actions: [{ action: 'setFirstName', firstName: 'x' }] } })
        .execute(),
      berlin(apiRoot)
        .customers()
        .withId({ ID: parisian.id })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    ]) {
      const failure = await sdkFailure(request);
      expect(failure.statusCode).toBe(404);
      expect(JSON.stringify(failure.body)).not.toContain('parisian@');
    }
  });

  test('sign-up in the store makes a customer of it; login follows the store’s rules', async ({ apiRoot }) => {
    await stores(apiRoot);
    const created = await berlin(apiRoot)
      .customers()
      .post({ body: { email: 'new@example.com', password: 'pw' } })
      .execute();
    expect(created.body.customer.stores).toEqual([{ typeId: 'store', key: 'berlin' }]);
    expect(
      (
        await berlin(apiRoot)
          .login()
          .post({ body: { email: 'berliner@example.com', password: 'secret' } })
          .execute()
      ).body.customer.email,
    ).toBe('berliner@example.com');
    const failure = await sdkFailure(
      berlin(apiRoot)
        .login()
        .post({ body: { email: 'parisian@example.com', password: 'secret' } })
        .execute(),
    );
    expect(failure.body.errors[0]!.code).toBe('InvalidCredentials');
  });

  test('in-store /me with an in-store token; that token works only in its store', async ({ apiRoot, mock }) => {
    const { berliner } = await stores(apiRoot);
    const token = mock.tokens.issue({ kind: 'customer', customerId: berliner.id, storeKey: 'berlin' }).accessToken;
    const root = withToken(mock, token);
    expect((await berlin(root).me().get().execute()).body.id).toBe(berliner.id);
    const list = (
      await berlin(root)
        .me()
        .shoppingLists()
        .post({ body: { name: { en: 'berlin list' } } })
        .execute()
    ).body;
    expect(list).toMatchObject({ store: { typeId: 'store', key: 'berlin' }, customer: { id: berliner.id } });
    for (const request of [root.inStoreKeyWithStoreKeyValue({ storeKey: 'paris' }).me().get().execute(), root.me().get().execute()]) {
      const failure = await sdkFailure(request);
      expect(failure.statusCode).toBe(403);
      expect(failure.body.errors[0]!.code).toBe('insufficient_scope');
    }
  });

  test('a global token of a customer of another store reaches nothing in this store', async ({ apiRoot, mock }) => {
    const { parisian } = await stores(apiRoot);
    const root = withToken(mock, mock.tokens.issue({ kind: 'customer', customerId: parisian.id }).accessToken);
    const failure = await sdkFailure(berlin(root).me().get().execute());
    expect(failure.statusCode).toBe(404);
    expect(JSON.stringify(failure.body)).not.toContain('parisian@');
  });

  test('in-store /me/signup and /me/login', async ({ apiRoot, mock }) => {
    await stores(apiRoot);
    const anonymous = sdkApiRoot(mock, { kind: 'anonymous' });
    const created = (
      await berlin(anonymous)
        .me()
        .signup()
        .post({ body: { email: 'signed@example.com', password: 'pw', stores: [{ typeId: 'store', key: 'paris' }] } })
        .execute()
    ).body.customer;
    expect(created.stores).toEqual([{ typeId: 'store', key: 'berlin' }]);
    expect(
      (
        await berlin(anonymous)
          .me()
          .login()
          .post({ body: { email: 'signed@example.com', password: 'pw' } })
          .execute()
      ).body.customer.id,
    ).toBe(created.id);
    const failure = await sdkFailure(
      anonymous
        .inStoreKeyWithStoreKeyValue({ storeKey: 'paris' })
        .me()
        .login()
        .post({ body: { email: 'signed@example.com', password: 'pw' } })
        .execute(),
    );
    expect(failure.body.errors[0]!.code).toBe('InvalidCredentials');
  });

  test('in-store shopping lists and business units are the store’s', async ({ apiRoot }) => {
    await stores(apiRoot);
    const list = (
      await berlin(apiRoot)
        .shoppingLists()
        .post({ body: { name: { en: 'in berlin' } } })
        .execute()
    ).body;
    expect(list.store).toEqual({ typeId: 'store', key: 'berlin' });
    await apiRoot
      .shoppingLists()
      .post({ body: { name: { en: 'in paris' }, store: { typeId: 'store', key: 'paris' } } })
      .execute();
    expect((await berlin(apiRoot).shoppingLists().get().execute()).body.results.map((l) => l.name.en)).toEqual(['in berlin']);
    const unit = (
      await berlin(apiRoot)
        .businessUnits()
        .post({ body: { key: 'berlin-co', unitType: 'Company', name: 'B' } })
        .execute()
    ).body;
    expect(unit.stores).toEqual([{ typeId: 'store', key: 'berlin' }]);
    const parisUnit = await createUnit(apiRoot, {
      key: 'paris-co',
      unitType: 'Company',
      name: 'P',
      stores: [{ typeId: 'store', key: 'paris' }],
    });
    expect((await sdkFailure(berlin(apiRoot).businessUnits().withId({ ID: parisUnit.id }).get().execute())).statusCode).toBe(404);
    expect((await berlin(apiRoot).businessUnits().get().execute()).body.results.map((u) => u.key)).toEqual(['berlin-co']);
  });
});
