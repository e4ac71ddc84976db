/**
 * Customers through the official SDK: the draft (authentication modes, stores, addresses), every
 * update action family, email uniqueness for global and Store-specific customers, and refusals
 * (platform error, nothing stored).
 */
import type { ByProjectKeyRequestBuilder, Customer, CustomerDraft, CustomerUpdateAction } from '@commercetools/platform-sdk';
import { expect, sdkFailure, test } from '../support/sdk.js';
import { expectPlatformActions, typeWithStringField } from '../support/resources.js';

/** The update actions of the platform's API specification (RAML `types/customer/updates/`). */
const PLATFORM_ACTIONS = [
  'addAddress',
  'addBillingAddressId',
  'addCustomerGroupAssignment',
  'addShippingAddressId',
  'addStore',
  'changeAddress',
  'changeEmail',
  'removeAddress',
  'removeBillingAddressId',
  'removeCustomerGroupAssignment',
  'removeShippingAddressId',
  'removeStore',
  'setAddressCustomField',
  'setAddressCustomType',
  'setAuthenticationMode',
  'setCompanyName',
  'setCustomField',
  'setCustomType',
  'setCustomerGroup',
  'setCustomerGroupAssignments',
  'setCustomerNumber',
  'setDateOfBirth',
  'setDefaultBillingAddress',
  'setDefaultShippingAddress',
  'setExternalId',
  'setFirstName',
  'setKey',
  'setLastName',
  'setLocale',
  'setMiddleName',
  'setSalutation',
  'setStores',
  'setTitle',
  'setVatId',
];

async function create(apiRoot: ByProjectKeyRequestBuilder, body: CustomerDraft): Promise<Customer> {
  const response = await apiRoot.customers().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body.customer;
}

async function update(apiRoot: ByProjectKeyRequestBuilder, customer: Customer, ...actions: CustomerUpdateAction[]): Promise<Customer> {
  const response = await apiRoot
    .customers()
    .withId({ ID: customer.id })
    .post({ body: { version: customer.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

const read = async (apiRoot: ByProjectKeyRequestBuilder, id: string) => (await apiRoot.customers().withId({ ID: id }).get().execute()).body;
const raw = <T>(value: unknown) => value as T;

async function seedStores(apiRoot: ByProjectKeyRequestBuilder, ...keys: string[]) {
  for (const key of keys) await apiRoot.stores().post({ body: { key } }).execute();
}

test('every update action of the platform is declared, and no other', () => {
  expectPlatformActions('customer', PLATFORM_ACTIONS);
});

test.describe('customers: draft', () => {
  test('maps every field: addresses with ids, default and typed address ids, groups, stores by key or id, custom', async ({ apiRoot }) => {
    await seedStores(apiRoot, 'berlin', 'paris');
    const paris = (await apiRoot.stores().withKey({ key: 'paris' }).get().execute()).body;
    const group = (
      await apiRoot
        .customerGroups()
        .post({ body: { key: 'vip', groupName: 'VIP' } })
        .execute()
    ).body;
    await typeWithStringField(apiRoot, 'customer-extra', ['customer']);
    const customer = await create(apiRoot, {
      email: 'ada@example.com',
      password: 'secret',
      key: 'ada',
      customerNumber: 'C-1',
      externalId: 'crm-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      middleName: 'King',
      title: 'Countess',
      salutation: 'Dear',
      dateOfBirth: '1815-12-10',
      companyName: 'Analytical',
      vatId: 'GB1',
      locale: 'en',
      addresses: [
        { key: 'home', country: 'GB', city: 'London' },
        { key: 'office', country: 'DE', city: 'Berlin' },
      ],
      defaultShippingAddress: 0,
      shippingAddresses: [0],
      defaultBillingAddress: 1,
      billingAddresses: [1],
      customerGroup: { typeId: 'customer-group', key: 'vip' },
      customerGroupAssignments: [{ customerGroup: { typeId: 'customer-group', id: group.id } }],
      stores: [
        { typeId: 'store', key: 'berlin' },
        { typeId: 'store', id: paris.id },
      ],
      custom: { type: { typeId: 'type', key: 'customer-extra' }, fields: { note: 'hi' } },
    });
    const [home, office] = customer.addresses;
    expect(home!.id).toEqual(expect.any(String));
    expect(customer).toMatchObject({
      version: 1,
      email: 'ada@example.com',
      key: 'ada',
      customerNumber: 'C-1',
      dateOfBirth: '1815-12-10',
      defaultShippingAddressId: home!.id,
      shippingAddressIds: [home!.id],
      defaultBillingAddressId: office!.id,
      billingAddressIds: [office!.id],
      isEmailVerified: false,
      customerGroup: { typeId: 'customer-group', id: group.id },
      customerGroupAssignments: [{ customerGroup: { typeId: 'customer-group', id: group.id } }],
      stores: [
        { typeId: 'store', key: 'berlin' },
        { typeId: 'store', key: 'paris' },
      ],
      authenticationMode: 'Password',
      custom: { type: { typeId: 'type' }, fields: { note: 'hi' } },
    });
    expect(customer.password).not.toBe('secret');
    expect(await read(apiRoot, customer.id)).toEqual(customer);
  });

  test('ExternalAuth needs no password and stores none; Password without one is RequiredField', async ({ apiRoot, mock }) => {
    const external = await create(apiRoot, { email: 'ext@example.com', authenticationMode: 'ExternalAuth', password: 'ignored' });
    expect(external.authenticationMode).toBe('ExternalAuth');
    expect(external.password).toBeUndefined();
    const noPassword = await create(apiRoot, { email: 'ext2@example.com', authenticationMode: 'ExternalAuth' });
    expect(noPassword.password).toBeUndefined();
    const failure = await sdkFailure(
      apiRoot
        .customers()
        .post({ body: { email: 'pw@example.com', authenticationMode: 'Password' } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([{ code: 'RequiredField', field: 'password', message: 'A value is required for field password.' }]);
    expect(mock.data.all('customer')).toHaveLength(2);
    // An ExternalAuth customer cannot sign in with a password.
    const login = await sdkFailure(
      apiRoot
        .login()
        .post({ body: { email: 'ext@example.com', password: 'ignored' } })
        .execute(),
    );
    expect(login.body.errors[0]!.code).toBe('InvalidCredentials');
  });

  test('customers with the same password share one stored hash; each signs in with it, not with another', async ({ apiRoot }) => {
    const create = async (email: string, password: string) =>
      (await apiRoot.customers().post({ body: { email, password } }).execute()).body.customer;
    const ada = await create('ada@example.com', 'shared-secret');
    const bob = await create('bob@example.com', 'shared-secret');
    const eve = await create('eve@example.com', 'other-secret');
    expect(ada.password).toBe(bob.password);
    expect(eve.password).not.toBe(ada.password);
    expect(ada.password).not.toContain('shared-secret');
    const signIn = (email: string, password: string) => apiRoot.login().post({ body: { email, password } }).execute();
    expect((await signIn('bob@example.com', 'shared-secret')).body.customer.id).toBe(bob.id);
    expect((await signIn('eve@example.com', 'other-secret')).body.customer.id).toBe(eve.id);
    const wrong = await sdkFailure(signIn('eve@example.com', 'shared-secret'));
    expect(wrong.body.errors[0]!.code).toBe('InvalidCredentials');
  });

  test('unknown references, a store that does not exist, an address index out of range: 400, nothing stored', async ({ apiRoot, mock }) => {
    const cases: Array<[CustomerDraft, string]> = [
      [{ email: 'a@example.com', password: 'pw', customerGroup: { typeId: 'customer-group', key: 'nope' } }, 'ReferencedResourceNotFound'],
      [{ email: 'a@example.com', password: 'pw', stores: [{ typeId: 'store', key: 'nowhere' }] }, 'ReferencedResourceNotFound'],
      [{ email: 'a@example.com', password: 'pw', addresses: [{ country: 'DE' }], defaultShippingAddress: 3 }, 'InvalidOperation'],
      [{ email: 'a@example.com', password: 'pw', dateOfBirth: 'yesterday' }, 'InvalidJsonInput'],
      [{ email: 'a@example.com', password: 'pw', dateOfBirth: '2026-02-30' }, 'InvalidJsonInput'],
    ];
    for (const [body, code] of cases) {
      const failure = await sdkFailure(apiRoot.customers().post({ body }).execute());
      expect(failure.statusCode).toBe(400);
      expect(failure.body.errors[0]!.code).toBe(code);
    }
    expect(mock.data.all('customer')).toHaveLength(0);
  });
});

test.describe('customers: email uniqueness, global and per store', () => {
  test('two customers of different stores may share an email; the same store may not', async ({ apiRoot, mock }) => {
    await seedStores(apiRoot, 'berlin', 'paris');
    await create(apiRoot, { email: 'same@example.com', password: 'pw', stores: [{ typeId: 'store', key: 'berlin' }] });
    await create(apiRoot, { email: 'Same@Example.com', password: 'pw', stores: [{ typeId: 'store', key: 'paris' }] });
    const failure = await sdkFailure(
      apiRoot
        .customers()
        .post({ body: { email: 'SAME@example.com', password: 'pw', stores: [{ typeId: 'store', key: 'berlin' }] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({
      code: 'DuplicateField',
      field: 'email',
      message: 'There is already an existing customer with the provided email.',
    });
    expect(mock.data.all('customer')).toHaveLength(2);
  });

  test('a global customer and a Store-specific one may not share an email, whichever comes first', async ({ apiRoot, mock }) => {
    await seedStores(apiRoot, 'berlin');
    await create(apiRoot, { email: 'global@example.com', password: 'pw' });
    const storeFirst = await create(apiRoot, { email: 'store@example.com', password: 'pw', stores: [{ typeId: 'store', key: 'berlin' }] });
    for (const body of [
      { email: 'global@example.com', password: 'pw', stores: [{ typeId: 'store' as const, key: 'berlin' }] },
      { email: 'STORE@example.com', password: 'pw' },
    ]) {
      const failure = await sdkFailure(apiRoot.customers().post({ body }).execute());
      expect(failure.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'email' });
    }
    // Making the Store-specific customer global while a global one holds the email is refused too.
    const other = await create(apiRoot, { email: 'twin@example.com', password: 'pw', stores: [{ typeId: 'store', key: 'berlin' }] });
    await create(apiRoot, { email: 'x@example.com', password: 'pw' });
    const moved = await sdkFailure(
      apiRoot
        .customers()
        .withId({ ID: other.id })
        .post({ body: { version: 1, actions: [{ action: 'changeEmail', email: 'x@example.com' }] } })
        .execute(),
    );
    expect(moved.body.errors[0]!.code).toBe('DuplicateField');
    expect(mock.data.get('customer', other.id)).toMatchObject({ version: 1, email: 'twin@example.com' });
    // Once the Store-specific customer becomes global, its email blocks the store's customers too.
    await update(apiRoot, storeFirst, { action: 'setStores', stores: [] });
    const now = await sdkFailure(
      apiRoot
        .customers()
        .post({ body: { email: 'store@example.com', password: 'pw', stores: [{ typeId: 'store', key: 'berlin' }] } })
        .execute(),
    );
    expect(now.body.errors[0]!.code).toBe('DuplicateField');
    expect(mock.data.all('customer')).toHaveLength(4);
  });

  test('a Store-specific customer signs in only through its store; a global one everywhere', async ({ apiRoot }) => {
    await seedStores(apiRoot, 'berlin');
    await create(apiRoot, { email: 'berliner@example.com', password: 'pw', stores: [{ typeId: 'store', key: 'berlin' }] });
    await create(apiRoot, { email: 'global@example.com', password: 'pw' });
    const failure = await sdkFailure(
      apiRoot
        .login()
        .post({ body: { email: 'berliner@example.com', password: 'pw' } })
        .execute(),
    );
    expect(failure.body.errors[0]!.code).toBe('InvalidCredentials');
    expect(
      (
        await apiRoot
          .login()
          .post({ body: { email: 'global@example.com', password: 'pw' } })
          .execute()
      ).statusCode,
    ).toBe(200);
  });
});

test.describe('customers: update actions', () => {
  test('names, dates, identifiers, locale: set and unset', async ({ apiRoot }) => {
    let customer = await create(apiRoot, { email: 'n@example.com', password: 'pw' });
    customer = await update(
      apiRoot,
      customer,
      { action: 'setFirstName', firstName: 'Grace' },
      { action: 'setLastName', lastName: 'Hopper' },
      { action: 'setMiddleName', middleName: 'Brewster' },
      { action: 'setTitle', title: 'Rear Admiral' },
      { action: 'setSalutation', salutation: 'Dear' },
      { action: 'setDateOfBirth', dateOfBirth: '1906-12-09' },
      { action: 'setCompanyName', companyName: 'Navy' },
      { action: 'setVatId', vatId: 'US1' },
      { action: 'setLocale', locale: 'en-US' },
      { action: 'setExternalId', externalId: 'x-1' },
      { action: 'setKey', key: 'grace' },
    );
    expect(customer).toMatchObject({
      version: 2,
      firstName: 'Grace',
      lastName: 'Hopper',
      middleName: 'Brewster',
      title: 'Rear Admiral',
      salutation: 'Dear',
      dateOfBirth: '1906-12-09',
      companyName: 'Navy',
      vatId: 'US1',
      locale: 'en-US',
      externalId: 'x-1',
      key: 'grace',
    });
    expect((await apiRoot.customers().withKey({ key: 'grace' }).get().execute()).body.id).toBe(customer.id);
    customer = await update(
      apiRoot,
      customer,
      ...(
        [
          'setFirstName',
          'setMiddleName',
          'setTitle',
          'setSalutation',
          'setDateOfBirth',
          'setCompanyName',
          'setVatId',
          'setLocale',
          'setExternalId',
          'setKey',
        ] as const
      ).map((name) => raw<CustomerUpdateAction>({ action: name })),
    );
    for (const field of [
      'firstName',
      'middleName',
      'title',
      'salutation',
      'dateOfBirth',
      'companyName',
      'vatId',
      'locale',
      'externalId',
      'key',
    ]) {
      expect(customer, field).not.toHaveProperty(field);
    }
    expect(customer.lastName).toBe('Hopper');
  });

  test("locale: one of the project's languages once the project names some (a region of one passes)", async ({ apiRoot, mock }) => {
    const project = (await apiRoot.get().execute()).body;
    await apiRoot.post({ body: { version: project.version, actions: [{ action: 'changeLanguages', languages: ['en', 'de'] }] } }).execute();
    let customer = await create(apiRoot, { email: 'l@example.com', password: 'pw', locale: 'de' });
    customer = await update(apiRoot, customer, { action: 'setLocale', locale: 'en-GB' });
    expect(customer.locale).toBe('en-GB');
    const draft = await sdkFailure(
      apiRoot
        .customers()
        .post({ body: { email: 'f@example.com', password: 'pw', locale: 'fr' } })
        .execute(),
    );
    expect(draft.body.errors[0]).toMatchObject({ code: 'ProjectNotConfiguredForLanguages', languages: ['fr'] });
    const action = await sdkFailure(
      apiRoot
        .customers()
        .withId({ ID: customer.id })
        .post({ body: { version: customer.version, actions: [{ action: 'setLocale', locale: 'fr' }] } })
        .execute(),
    );
    expect(action.statusCode).toBe(400);
    expect(mock.data.get('customer', customer.id)).toMatchObject({ locale: 'en-GB', version: customer.version });
    expect(mock.data.all('customer')).toHaveLength(1);
  });

  test('changeEmail resets isEmailVerified; customer number is set once', async ({ apiRoot, mock }) => {
    let customer = await create(apiRoot, { email: 'old@example.com', password: 'pw', isEmailVerified: true });
    customer = await update(
      apiRoot,
      customer,
      { action: 'changeEmail', email: 'new@example.com' },
      { action: 'setCustomerNumber', customerNumber: 'N-7' },
    );
    expect(customer).toMatchObject({ email: 'new@example.com', isEmailVerified: false, customerNumber: 'N-7' });
    const again = await sdkFailure(
      apiRoot
        .customers()
        .withId({ ID: customer.id })
        .post({ body: { version: customer.version, actions: [{ action: 'setCustomerNumber', customerNumber: 'N-8' }] } })
        .execute(),
    );
    expect(again.body.errors[0]!.code).toBe('InvalidOperation');
    const other = await create(apiRoot, { email: 'other@example.com', password: 'pw' });
    const taken = await sdkFailure(
      apiRoot
        .customers()
        .withId({ ID: other.id })
        .post({ body: { version: 1, actions: [{ action: 'setCustomerNumber', customerNumber: 'N-7' }] } })
        .execute(),
    );
    expect(taken.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'customerNumber' });
    expect(mock.data.get('customer', other.id)).toMatchObject({ version: 1 });
    expect(mock.data.get('customer', other.id)).not.toHaveProperty('customerNumber');
    // The old email is free again; login works with the new one only.
    await create(apiRoot, { email: 'old@example.com', password: 'pw' });
    const login = await apiRoot
      .login()
      .post({ body: { email: 'NEW@example.com', password: 'pw' } })
      .execute();
    expect(login.body.customer.id).toBe(customer.id);
  });

  test('addresses: add, change, remove; default and typed ids follow; by id or key', async ({ apiRoot }) => {
    let customer = await create(apiRoot, { email: 'a@example.com', password: 'pw' });
    customer = await update(
      apiRoot,
      customer,
      { action: 'addAddress', address: { key: 'home', country: 'DE', city: 'Berlin' } },
      { action: 'addAddress', address: { key: 'work', country: 'FR', city: 'Paris' } },
    );
    const [home, work] = customer.addresses;
    customer = await update(
      apiRoot,
      customer,
      { action: 'setDefaultShippingAddress', addressKey: 'home' },
      { action: 'setDefaultBillingAddress', addressId: work!.id },
      { action: 'addShippingAddressId', addressKey: 'work' },
      { action: 'addBillingAddressId', addressId: home!.id },
    );
    expect(customer).toMatchObject({
      defaultShippingAddressId: home!.id,
      shippingAddressIds: [home!.id, work!.id],
      defaultBillingAddressId: work!.id,
      billingAddressIds: [work!.id, home!.id],
    });
    customer = await update(
      apiRoot,
      customer,
      { action: 'changeAddress', addressKey: 'home', address: { key: 'home', country: 'DE', city: 'Hamburg' } },
      { action: 'removeShippingAddressId', addressId: home!.id },
      { action: 'removeBillingAddressId', addressKey: 'work' },
    );
    expect(customer.addresses[0]).toMatchObject({ id: home!.id, key: 'home', city: 'Hamburg' });
    expect(customer.shippingAddressIds).toEqual([work!.id]);
    expect(customer.defaultShippingAddressId).toBeUndefined();
    expect(customer.billingAddressIds).toEqual([home!.id]);
    expect(customer.defaultBillingAddressId).toBeUndefined();
    customer = await update(apiRoot, customer, { action: 'removeAddress', addressId: work!.id });
    expect(customer.addresses.map((a) => a.key)).toEqual(['home']);
    expect(customer.shippingAddressIds).toEqual([]);
    expect(await read(apiRoot, customer.id)).toEqual(customer);
  });

  test('addresses: unknown address or duplicate address key is refused and nothing is stored', async ({ apiRoot, mock }) => {
    let customer = await create(apiRoot, { email: 'a@example.com', password: 'pw', addresses: [{ key: 'home', country: 'DE' }] });
    const stored = mock.data.get('customer', customer.id);
    for (const actions of [
      [
        { action: 'setFirstName', firstName: 'X' },
        { action: 'removeAddress', addressId: 'nope' },
      ],
      [
        { action: 'setFirstName', firstName: 'X' },
        { action: 'addAddress', address: { key: 'home', country: 'FR' } },
      ],
      [{ action: 'setDefaultShippingAddress', addressKey: 'missing' }],
    ]) {
      const failure = await sdkFailure(
        apiRoot
          .customers()
          .withId({ ID: customer.id })
          .post({ body: { version: 1, actions: raw(actions) } })
          .execute(),
      );
      expect(failure.statusCode).toBe(400);
    }
    expect(mock.data.get('customer', customer.id)).toEqual(stored);
    customer = await read(apiRoot, customer.id);
    expect(customer.version).toBe(1);
  });

  test('customer group and group assignments', async ({ apiRoot }) => {
    const vip = (
      await apiRoot
        .customerGroups()
        .post({ body: { key: 'vip', groupName: 'VIP' } })
        .execute()
    ).body;
    const b2b = (
      await apiRoot
        .customerGroups()
        .post({ body: { key: 'b2b', groupName: 'B2B' } })
        .execute()
    ).body;
    let customer = await create(apiRoot, { email: 'g@example.com', password: 'pw' });
    customer = await update(
      apiRoot,
      customer,
      { action: 'setCustomerGroup', customerGroup: { typeId: 'customer-group', key: 'vip' } },
      { action: 'setCustomerGroupAssignments', customerGroupAssignments: [{ customerGroup: { typeId: 'customer-group', key: 'vip' } }] },
      { action: 'addCustomerGroupAssignment', customerGroupAssignment: { customerGroup: { typeId: 'customer-group', id: b2b.id } } },
      { action: 'addCustomerGroupAssignment', customerGroupAssignment: { customerGroup: { typeId: 'customer-group', id: b2b.id } } },
    );
    expect(customer.customerGroup).toEqual({ typeId: 'customer-group', id: vip.id });
    expect(customer.customerGroupAssignments.map((a) => a.customerGroup.id)).toEqual([vip.id, b2b.id]);
    customer = await update(
      apiRoot,
      customer,
      { action: 'removeCustomerGroupAssignment', customerGroup: { typeId: 'customer-group', key: 'vip' } },
      { action: 'setCustomerGroup' },
    );
    expect(customer.customerGroup).toBeUndefined();
    expect(customer.customerGroupAssignments.map((a) => a.customerGroup.id)).toEqual([b2b.id]);
    const expanded = (
      await apiRoot
        .customers()
        .withId({ ID: customer.id })
        .get({ queryArgs: { expand: ['customerGroupAssignments[*].customerGroup'] } })
        .execute()
    ).body;
    expect(expanded.customerGroupAssignments[0]!.customerGroup.obj?.key).toBe('b2b');
  });

  test('stores: add (by key or id), remove, set; unknown store refused', async ({ apiRoot, mock }) => {
    await seedStores(apiRoot, 'berlin', 'paris', 'rome');
    const rome = (await apiRoot.stores().withKey({ key: 'rome' }).get().execute()).body;
    let customer = await create(apiRoot, { email: 's@example.com', password: 'pw' });
    customer = await update(
      apiRoot,
      customer,
      { action: 'addStore', store: { typeId: 'store', key: 'berlin' } },
      { action: 'addStore', store: { typeId: 'store', id: rome.id } },
      { action: 'addStore', store: { typeId: 'store', key: 'berlin' } },
    );
    expect(customer.stores).toEqual([
      { typeId: 'store', key: 'berlin' },
      { typeId: 'store', key: 'rome' },
    ]);
    customer = await update(apiRoot, customer, { action: 'removeStore', store: { typeId: 'store', id: rome.id } });
    expect(customer.stores).toEqual([{ typeId: 'store', key: 'berlin' }]);
    customer = await update(apiRoot, customer, {
      action: 'setStores',
      stores: [
        { typeId: 'store', key: 'paris' },
        { typeId: 'store', key: 'rome' },
      ],
    });
    expect(customer.stores.map((s) => s.key)).toEqual(['paris', 'rome']);
    const failure = await sdkFailure(
      apiRoot
        .customers()
        .withId({ ID: customer.id })
        .post({ body: { version: customer.version, actions: [{ action: 'addStore', store: { typeId: 'store', key: 'oslo' } }] } })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'store', key: 'oslo' });
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: customer.version });
    customer = await update(apiRoot, customer, { action: 'setStores', stores: [] });
    expect(customer.stores).toEqual([]);
  });

  test('custom fields on the customer and on its addresses', async ({ apiRoot }) => {
    await typeWithStringField(apiRoot, 'customer-extra', ['customer']);
    await typeWithStringField(apiRoot, 'address-extra', ['address']);
    let customer = await create(apiRoot, { email: 'c@example.com', password: 'pw', addresses: [{ key: 'home', country: 'DE' }] });
    const addressId = customer.addresses[0]!.id!;
    customer = await update(
      apiRoot,
      customer,
      { action: 'setCustomType', type: { typeId: 'type', key: 'customer-extra' }, fields: { note: 'a' } },
      { action: 'setCustomField', name: 'note', value: 'b' },
      { action: 'setAddressCustomType', addressId, type: { typeId: 'type', key: 'address-extra' } },
      { action: 'setAddressCustomField', addressId, name: 'note', value: 'door code 12' },
    );
    expect(customer.custom?.fields).toEqual({ note: 'b' });
    expect(customer.addresses[0]!.custom).toMatchObject({ type: { typeId: 'type' }, fields: { note: 'door code 12' } });
    customer = await update(apiRoot, customer, { action: 'setAddressCustomType', addressId }, { action: 'setCustomType' });
    expect(customer.custom).toBeUndefined();
    expect(customer.addresses[0]!.custom).toBeUndefined();
  });

  test('authentication mode: to ExternalAuth drops the password, back to Password needs one', async ({ apiRoot, mock }) => {
    let customer = await create(apiRoot, { email: 'm@example.com', password: 'first' });
    customer = await update(apiRoot, customer, { action: 'setAuthenticationMode', authMode: 'ExternalAuth' });
    expect(customer.authenticationMode).toBe('ExternalAuth');
    expect(customer.password).toBeUndefined();
    const failure = await sdkFailure(
      apiRoot
        .customers()
        .withId({ ID: customer.id })
        .post({ body: { version: customer.version, actions: [{ action: 'setAuthenticationMode', authMode: 'Password' }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: customer.version, authenticationMode: 'ExternalAuth' });
    customer = await update(apiRoot, customer, { action: 'setAuthenticationMode', authMode: 'Password', password: 'second' });
    expect(customer.authenticationMode).toBe('Password');
    expect(
      (
        await apiRoot
          .login()
          .post({ body: { email: 'm@example.com', password: 'second' } })
          .execute()
      ).statusCode,
    ).toBe(200);
  });

  test('stale version: 409 ConcurrentModification, nothing stored', async ({ apiRoot, mock }) => {
    const customer = await create(apiRoot, { email: 'v@example.com', password: 'pw' });
    await update(apiRoot, customer, { action: 'setFirstName', firstName: 'One' });
    const failure = await sdkFailure(
      apiRoot
        .customers()
        .withId({ ID: customer.id })
        .post({ body: { version: 1, actions: [{ action: 'setFirstName', firstName: 'Two' }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(409);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(mock.data.get('customer', customer.id)).toMatchObject({ version: 2, firstName: 'One' });
  });
});
