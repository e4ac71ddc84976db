/**
 * Mutations over the REST core: create, update and delete of any type, GraphQL inputs converted to
 * REST drafts and actions by the schema's input types; one world with REST; errors with REST codes.
 */
import { test, expect, sdkFailure } from '../support/sdk.js';
import { graphql, graphqlFailure } from './support.js';

test('create: a LocalizedString as [{locale, value}], read back identically through REST', async ({ apiRoot }) => {
  const { data } = await graphql(
    apiRoot,
    `mutation ($draft: CategoryDraft!) { createCategory(draft: $draft) { id version key nameAllLocales { locale value } } }`,
    {
      draft: {
        key: 'shoes',
        name: [
          { locale: 'en', value: 'Shoes' },
          { locale: 'de', value: 'Schuhe' },
        ],
        slug: [{ locale: 'en', value: 'shoes' }],
      },
    },
  );
  expect(data.createCategory).toMatchObject({
    version: 1,
    key: 'shoes',
    nameAllLocales: [
      { locale: 'en', value: 'Shoes' },
      { locale: 'de', value: 'Schuhe' },
    ],
  });
  const { body } = await apiRoot.categories().withId({ ID: data.createCategory.id }).get().execute();
  expect(body).toMatchObject({ key: 'shoes', version: 1, name: { en: 'Shoes', de: 'Schuhe' }, slug: { en: 'shoes' } });
});

test('update: actions as { actionName: {...} } objects, the version advances as in REST', async ({ apiRoot, mock }) => {
  const group = mock.data.create('customer-group', { key: 'vip', groupName: 'VIP' });
  const { data, errors } = await graphql(
    apiRoot,
    `mutation ($id: String, $version: Long!) {
      updateCustomerGroup(id: $id, version: $version, actions: [{ changeName: { name: "Very important" } }, { setKey: { key: "very-important" } }]) {
        version name key
      }
    }`,
    { id: group.id, version: 1 },
  );
  expect(errors).toBeUndefined();
  expect(data.updateCustomerGroup).toEqual({ version: 2, name: 'Very important', key: 'very-important' });
  expect(mock.data.get('customer-group', group.id)).toMatchObject({ version: 2, name: 'Very important', key: 'very-important' });
});

test('a REST write reads back through GraphQL with the same version', async ({ apiRoot }) => {
  const { body: zone } = await apiRoot
    .zones()
    .post({ body: { key: 'eu', name: 'EU' } })
    .execute();
  await apiRoot
    .zones()
    .withId({ ID: zone.id })
    .post({ body: { version: 1, actions: [{ action: 'setDescription', description: 'Europe' }] } })
    .execute();
  const { data } = await graphql(apiRoot, '{ zone(key: "eu") { id version description } }');
  expect(data.zone).toEqual({ id: zone.id, version: 2, description: 'Europe' });
});

test('custom fields: typeKey and JSON-encoded values', async ({ apiRoot, mock }) => {
  mock.data.create('type', {
    key: 'loyalty',
    name: { en: 'Loyalty' },
    resourceTypeIds: ['customer-group'],
    fieldDefinitions: [{ name: 'points', label: { en: 'Points' }, required: false, type: { name: 'Number' }, inputHint: 'SingleLine' }],
  });
  const { data, errors } = await graphql(
    apiRoot,
    `mutation { createCustomerGroup(draft: { groupName: "VIP", key: "vip", custom: { typeKey: "loyalty", fields: [{ name: "points", value: "42" }] } }) { id } }`,
  );
  expect(errors).toBeUndefined();
  expect(mock.data.get('customer-group', data.createCustomerGroup.id)).toMatchObject({ custom: { fields: { points: 42 } } });
});

test('a cart: draft defaults left out, three actions with money as { centPrecision }', async ({ apiRoot, mock }) => {
  mock.data.create('product-type', { key: 'shoe', name: 'Shoe', description: 'Shoes' });
  mock.data.create('product', {
    productType: { typeId: 'product-type', key: 'shoe' },
    name: { en: 'Runner' },
    slug: { en: 'runner' },
    masterVariant: { sku: 'RUN-1', prices: [{ value: { currencyCode: 'EUR', centAmount: 1000 } }] },
    publish: true,
  });
  const created = await graphql(apiRoot, 'mutation { createCart(draft: { currency: "EUR" }) { id version } }');
  const cart = created.data.createCart;
  const { data, errors } = await graphql(
    apiRoot,
    `mutation ($id: String, $version: Long!) { updateCart(id: $id, version: $version, actions: [
      { addLineItem: { sku: "RUN-1", quantity: 2 } },
      { setCountry: { country: "DE" } },
      { addCustomLineItem: { name: [{ locale: "en", value: "Gift wrap" }], slug: "gift-wrap", quantity: 1, money: { centPrecision: { currencyCode: "EUR", centAmount: 250 } } } }
    ]) { version country totalPrice { centAmount } lineItems { quantity } customLineItems { slug } } }`,
    { id: cart.id, version: cart.version },
  );
  expect(errors).toBeUndefined();
  expect(data.updateCart).toEqual({
    version: 2,
    country: 'DE',
    totalPrice: { centAmount: 2250 },
    lineItems: [{ quantity: 2 }],
    customLineItems: [{ slug: 'gift-wrap' }],
  });
});

test('delete: gone from REST afterwards', async ({ apiRoot, mock }) => {
  const state = mock.data.create('state', { key: 'open', type: 'OrderState' });
  const { data } = await graphql(apiRoot, `mutation { deleteState(key: "open", version: 1) { id } }`);
  expect(data.deleteState.id).toBe(state.id);
  const failure = await sdkFailure(apiRoot.states().withId({ ID: state.id }).get().execute());
  expect(failure.statusCode).toBe(404);
});

test('a stale version: ConcurrentModification with currentVersion in extensions, HTTP 200, nothing stored', async ({ mock }) => {
  const group = mock.data.create('customer-group', { key: 'vip', groupName: 'VIP' });
  mock.data.update('customer-group', group.id, { version: 1, actions: [{ action: 'changeName', name: 'V2' }] });
  const { status, body } = await fetchGraphql(mock.options.apiUrl, {
    query: `mutation { updateCustomerGroup(key: "vip", version: 1, actions: [{ changeName: { name: "Late" } }]) { version } }`,
  });
  expect(status).toBe(200);
  expect(body.data).toEqual({ updateCustomerGroup: null });
  expect(body.errors).toEqual([
    {
      message: expect.stringContaining('version'),
      path: ['updateCustomerGroup'],
      locations: [{ line: 1, column: 12 }],
      extensions: { code: 'ConcurrentModification', currentVersion: 2 },
    },
  ]);
  expect(mock.data.get('customer-group', group.id)).toMatchObject({ version: 2, name: 'V2' });
});

test('a duplicate key: DuplicateField with its field and value', async ({ apiRoot, mock }) => {
  mock.data.create('customer-group', { key: 'vip', groupName: 'VIP' });
  const { errors } = await graphql(apiRoot, 'mutation { createCustomerGroup(draft: { groupName: "Other", key: "vip" }) { id } }');
  expect(errors?.[0].extensions).toEqual({ code: 'DuplicateField', field: 'key', duplicateValue: 'vip' });
  expect(mock.data.all('customer-group')).toHaveLength(1);
});

test('an update on a missing resource: ResourceNotFound', async ({ apiRoot }) => {
  const { data, errors } = await graphql(apiRoot, 'mutation { deleteZone(key: "nowhere", version: 1) { id } }');
  expect(data).toEqual({ deleteZone: null });
  expect(errors?.[0].extensions.code).toBe('ResourceNotFound');
});

test('an action with two names at once is InvalidInput, 400', async ({ apiRoot, mock }) => {
  mock.data.create('customer-group', { key: 'vip', groupName: 'VIP' });
  const failure = await sdkFailure(
    apiRoot
      .graphql()
      .post({
        body: {
          query:
            'mutation { updateCustomerGroup(key: "vip", version: 1, actions: [{ changeName: { name: "A" }, setKey: { key: "bb" } }]) { id } }',
        },
      })
      .execute(),
  );
  expect(failure.statusCode).toBe(400);
  expect((failure.body.errors as any[])[0].extensions.code).toBe('InvalidInput');
  expect(mock.data.getByKey('customer-group', 'vip')).toMatchObject({ version: 1 });
});

async function fetchGraphql(origin: string, request: object) {
  const response = await fetch(`${origin}/test-project/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  return { status: response.status, body: (await response.json()) as any };
}

test('subscriptions (CommercetoolsSubscription): create with a one-of destination, query, delete', async ({ apiRoot }) => {
  const created = await graphql(
    apiRoot,
    `mutation ($draft: SubscriptionDraft!) { createSubscription(draft: $draft) { id version key destination { type ... on SQSDestination { queueUrl region } } messages { resourceTypeId types } } }`,
    {
      draft: {
        key: 'orders',
        destination: {
          SQS: {
            queueUrl: 'https://sqs.eu-central-1.amazonaws.com/123456789012/orders',
            region: 'eu-central-1',
            accessKey: 'k',
            accessSecret: 's',
          },
        },
        messages: [{ resourceTypeId: 'order', types: ['OrderCreated'] }],
      },
    },
  );
  expect(created.errors).toBeUndefined();
  expect(created.data.createSubscription).toMatchObject({
    version: 1,
    key: 'orders',
    destination: { type: 'SQS', queueUrl: 'https://sqs.eu-central-1.amazonaws.com/123456789012/orders', region: 'eu-central-1' },
    messages: [{ resourceTypeId: 'order', types: ['OrderCreated'] }],
  });
  const { body: rest } = await apiRoot.subscriptions().withKey({ key: 'orders' }).get().execute();
  expect(rest).toMatchObject({ id: created.data.createSubscription.id, destination: { type: 'SQS', region: 'eu-central-1' } });
  const listed = await graphql(apiRoot, '{ subscriptions { total results { key } } subscription(key: "orders") { id } }');
  expect(listed.data).toEqual({ subscriptions: { total: 1, results: [{ key: 'orders' }] }, subscription: { id: rest.id } });
  const deleted = await graphql(apiRoot, 'mutation { deleteSubscription(key: "orders", version: 1) { key } }');
  expect(deleted.data.deleteSubscription).toEqual({ key: 'orders' });
  expect((await graphql(apiRoot, '{ subscription(key: "orders") { id } }')).data.subscription).toBeNull();
});

test('project and updateProject: the project settings, one world with REST', async ({ apiRoot }) => {
  const before = await graphql(apiRoot, '{ project { key version name currencies } }');
  expect(before.errors).toBeUndefined();
  const { body: rest } = await apiRoot.get().execute();
  expect(before.data.project).toEqual({ key: rest.key, version: rest.version, name: rest.name, currencies: rest.currencies });
  const updated = await graphql(
    apiRoot,
    'mutation ($version: Long!) { updateProject(version: $version, actions: [{ changeName: { name: "Renamed" } }, { changeCurrencies: { currencies: ["EUR", "USD"] } }]) { name version currencies } }',
    { version: rest.version },
  );
  expect(updated.errors).toBeUndefined();
  expect(updated.data.updateProject).toEqual({ name: 'Renamed', version: rest.version + 1, currencies: ['EUR', 'USD'] });
  expect((await apiRoot.get().execute()).body).toMatchObject({ name: 'Renamed', currencies: ['EUR', 'USD'] });
  const stale = await graphql(apiRoot, 'mutation { updateProject(version: 1000, actions: [{ changeName: { name: "x" } }]) { name } }');
  expect(stale.errors?.[0].extensions).toMatchObject({ code: 'ConcurrentModification' });
});

test('mutation inputs as written: a single action for a list, variables inside literals, an unset variable left out', async ({
  apiRoot,
  mock,
}) => {
  const group = mock.data.create('customer-group', { key: 'vip', groupName: 'VIP' });
  const single = await graphql(
    apiRoot,
    'mutation ($id: String, $name: String!) { updateCustomerGroup(id: $id, version: 1, actions: { changeName: { name: $name } }) { version name } }',
    { id: group.id, name: 'Very important' },
  );
  expect(single.errors).toBeUndefined();
  expect(single.data.updateCustomerGroup).toEqual({ version: 2, name: 'Very important' });
  // `key: $key` with $key not given is a setKey without a key: the key is removed, as REST removes it.
  const unset = await graphql(
    apiRoot,
    'mutation ($id: String, $key: String) { updateCustomerGroup(id: $id, version: 2, actions: [{ setKey: { key: $key } }]) { version key } }',
    {
      id: group.id,
    },
  );
  expect(unset.data.updateCustomerGroup).toEqual({ version: 3, key: null });
  expect(mock.data.get('customer-group', group.id)).not.toHaveProperty('key');
  // An input of the wrong type inside a literal is still refused before anything runs.
  const wrong = await graphqlFailure(
    apiRoot,
    `mutation { updateCustomerGroup(key: "x", version: 1, actions: [{ changeName: { name: 42 } }]) { version } }`,
  );
  expect(wrong.statusCode).toBe(400);
  expect(mock.data.get('customer-group', group.id)).toMatchObject({ version: 3 });
});

test("introspection shows the platform's mutation arguments, whatever mutations execute against", async ({ apiRoot }) => {
  await graphql(apiRoot, 'mutation { createCustomerGroup(draft: { groupName: "VIP" }) { id } }');
  const { data } = await graphql(
    apiRoot,
    '{ __type(name: "Mutation") { fields { name args { name type { kind name ofType { kind name ofType { kind name ofType { name } } } } } } } }',
  );
  const updateCart = data.__type.fields.find((field: { name: string }) => field.name === 'updateCart');
  const actions = updateCart.args.find((arg: { name: string }) => arg.name === 'actions');
  expect(actions.type).toEqual({
    kind: 'NON_NULL',
    name: null,
    ofType: { kind: 'LIST', name: null, ofType: { kind: 'NON_NULL', name: null, ofType: { name: 'CartUpdateAction' } } },
  });
  const names = JSON.stringify(data);
  expect(names).not.toContain('CommerceMock');
});

test('an update names its cart by exactly one of id and key, each action by exactly one field, on every request', async ({ mock }) => {
  const cart = mock.data.create<{ id: string }>('cart', { currency: 'EUR', key: 'cart-one' });
  const update = (names: string, action: string) =>
    fetchGraphql(mock.options.apiUrl, { query: `mutation { updateCart(${names}, version: 1, actions: [${action}]) { version country } }` });
  // Twice: what the first request works out (the locator, each action's conversion) serves the second the same.
  for (let round = 0; round < 2; round++) {
    for (const [names, given] of [
      [`id: "${cart.id}", key: "cart-one"`, 2],
      ['storeKey: null', 0],
    ] as const) {
      const { status, body } = await update(names, '{ setCountry: { country: "DE" } }');
      expect(status).toBe(400);
      expect(body.data).toEqual({ updateCart: null });
      expect(body.errors[0]).toMatchObject({
        message: `Exactly one of the arguments 'id' and 'key' must be given, not ${given}.`,
        extensions: { code: 'InvalidInput' },
      });
    }
    const twoFields = await update('key: "cart-one"', '{ setCountry: { country: "DE" }, setCustomerEmail: { email: "ada@example.com" } }');
    expect(twoFields.status).toBe(400);
    expect(twoFields.body.errors[0].message).toBe('Exactly one field of CartUpdateAction must be given, not 2.');
    expect(mock.data.get('cart', cart.id)).toMatchObject({ version: 1 });
  }
  const byKey = await update('key: "cart-one"', '{ setCountry: { country: "DE" } }');
  expect(byKey).toEqual({ status: 200, body: { data: { updateCart: { version: 2, country: 'DE' } } } });
  expect(mock.data.get('cart', cart.id)).toMatchObject({ version: 2, country: 'DE' });
});
