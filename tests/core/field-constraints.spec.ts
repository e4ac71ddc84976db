/**
 * Field constraints the platform enforces, and the error each refusal comes back as: a body of the
 * wrong shape (wrong JSON type, unknown enum value, wrong ResourceIdentifier typeId, a date or
 * language tag that does not parse) is an InvalidJsonInput naming the path; a well-shaped value a
 * rule refuses (a key pattern, a length, a cap) is an InvalidField naming the field. Every refusal
 * stores nothing. Requests go through the official SDK and through plain `fetch`.
 */
import type { ByProjectKeyRequestBuilder, CustomerUpdateAction } from '@commercetools/platform-sdk';
import type { CommerceMock } from '../../src/index.js';
import { createCustomer, expect, invalidJson, PROJECT_KEY, sdkFailure, test, updateCustomer } from '../support/sdk.js';

type Json = Record<string, any>;

/** Sends a raw JSON body with plain `fetch`, as a client without the SDK does. */
async function post(mock: CommerceMock, path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** The fields and refused values of an error list of InvalidField errors only. */
const invalidFields = (errors: Json[]) =>
  errors.map((error) => {
    expect(error.code).toBe('InvalidField');
    return [error.field, error.invalidValue];
  });

const total = async (apiRoot: ByProjectKeyRequestBuilder, list: 'customers' | 'categories' | 'zones' | 'payments') =>
  (await apiRoot[list]().get().execute()).body.total;

const storedCustomer = async (apiRoot: ByProjectKeyRequestBuilder, id: string) =>
  (await apiRoot.customers().withId({ ID: id }).get().execute()).body;

test.describe('shape errors: InvalidJsonInput with the path and the problem', () => {
  test('a value of the wrong JSON type in a draft (fetch); nothing is stored', async ({ apiRoot, mock }) => {
    const refused = await post(mock, '/payments', { amountPlanned: { currencyCode: 'EUR', centAmount: '100' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      statusCode: 400,
      message: 'Request body does not contain valid JSON.',
      errors: [invalidJson('amountPlanned -> centAmount: JSON number expected.')],
    });
    const localized = await post(mock, '/categories', { name: 'Shoes', slug: { en: 'shoes' } });
    expect(localized.body.errors).toEqual([invalidJson('name: JSON object expected.')]);
    expect(await total(apiRoot, 'payments')).toBe(0);
    expect(await total(apiRoot, 'categories')).toBe(0);
  });

  test('a value of the wrong JSON type in an update action (SDK); the version stays', async ({ apiRoot }) => {
    const ada = await createCustomer(apiRoot);
    const failure = await sdkFailure(
      updateCustomer(apiRoot, ada, [
        { action: 'setFirstName', firstName: 'Ada' },
        { action: 'setLastName', lastName: 42 } as unknown as CustomerUpdateAction,
      ]),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([invalidJson('actions[1] -> lastName: JSON string expected.')]);
    const stored = await storedCustomer(apiRoot, ada.id);
    expect(stored.version).toBe(ada.version);
    expect(stored.firstName).toBeUndefined();
  });

  test('an enum value that does not exist, with the values that do; several problems are listed together', async ({ apiRoot, mock }) => {
    const refused = await post(mock, '/customers', {
      email: 'a@example.com',
      password: 'pw',
      authenticationMode: 'Magic',
      isEmailVerified: 'yes',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      invalidJson('isEmailVerified: JSON boolean expected.'),
      invalidJson('authenticationMode: Unknown value "Magic"; expected one of "Password", "ExternalAuth".'),
    ]);
    expect(await total(apiRoot, 'customers')).toBe(0);
  });

  test("a ResourceIdentifier whose typeId is not the field's type is refused, not silently replaced", async ({ apiRoot, mock }) => {
    await apiRoot
      .customerGroups()
      .post({ body: { groupName: 'VIP', key: 'vip' } })
      .execute();
    await apiRoot
      .categories()
      .post({ body: { key: 'vip', name: { en: 'VIP' }, slug: { en: 'vip' } } })
      .execute();
    const draft = await post(mock, '/customers', {
      email: 'a@example.com',
      password: 'pw',
      customerGroup: { typeId: 'category', key: 'vip' },
    });
    expect(draft.status).toBe(400);
    expect(draft.body.errors).toEqual([invalidJson('customerGroup -> typeId: Unknown value "category"; expected "customer-group".')]);
    expect(await total(apiRoot, 'customers')).toBe(0);

    const ada = await createCustomer(apiRoot);
    const action = await sdkFailure(
      updateCustomer(apiRoot, ada, [{ action: 'setCustomerGroup', customerGroup: { typeId: 'category' as 'customer-group', key: 'vip' } }]),
    );
    expect(action.body.errors).toEqual([
      invalidJson('actions[0] -> customerGroup -> typeId: Unknown value "category"; expected "customer-group".'),
    ]);
    const stored = await storedCustomer(apiRoot, ada.id);
    expect(stored.version).toBe(ada.version);
    expect(stored.customerGroup).toBeUndefined();
    // Without typeId it is refused too: the definition requires it in every ResourceIdentifier.
    const untyped = await sdkFailure(
      updateCustomer(apiRoot, ada, [{ action: 'setCustomerGroup', customerGroup: { key: 'vip' } as never }]),
    );
    expect(untyped.body.errors).toEqual([invalidJson('actions[0] -> customerGroup -> typeId: Missing required value.')]);
    const grouped = await updateCustomer(apiRoot, ada, [
      { action: 'setCustomerGroup', customerGroup: { typeId: 'customer-group', key: 'vip' } },
    ]);
    expect(grouped.body.customerGroup?.typeId).toBe('customer-group');
  });

  test('LocalizedString keys are language tags: in a draft, an action and a slug; the project languages too', async ({ apiRoot, mock }) => {
    const name = await post(mock, '/categories', { name: { english: 'Shoes' }, slug: { en: 'shoes' } });
    expect(name.status).toBe(400);
    expect(name.body.errors).toEqual([invalidJson('name: A language tag (IETF BCP 47, such as en or en-US) expected, not "english".')]);
    const slug = await post(mock, '/categories', { name: { en: 'Shoes' }, slug: { en_US: 'shoes' } });
    expect(slug.body.errors).toEqual([invalidJson('slug: A language tag (IETF BCP 47, such as en or en-US) expected, not "en_US".')]);
    expect(await total(apiRoot, 'categories')).toBe(0);

    const tags = { en: 'a', 'de-DE': 'b', 'zh-Hans-SG': 'c', 'es-419': 'd', 'sr-Latn': 'e' };
    const category = (
      await apiRoot
        .categories()
        .post({ body: { name: tags, slug: { en: 'shoes' } } })
        .execute()
    ).body;
    expect(category.name).toEqual(tags);
    const rename = await sdkFailure(
      apiRoot
        .categories()
        .withId({ ID: category.id })
        .post({ body: { version: category.version, actions: [{ action: 'changeName', name: { 'en-': 'x' } }] } })
        .execute(),
    );
    expect(rename.body.errors).toEqual([
      invalidJson('actions[0] -> name: A language tag (IETF BCP 47, such as en or en-US) expected, not "en-".'),
    ]);
    expect((await apiRoot.categories().withId({ ID: category.id }).get().execute()).body).toEqual(category);

    const project = (await apiRoot.get().execute()).body;
    const languages = await sdkFailure(
      apiRoot.post({ body: { version: project.version, actions: [{ action: 'changeLanguages', languages: ['en', 'German'] }] } }).execute(),
    );
    expect(languages.body.errors).toEqual([
      invalidJson('actions[0] -> languages[1]: A language tag (IETF BCP 47, such as en or en-US) expected, not "German".'),
    ]);
    expect((await apiRoot.get().execute()).body.version).toBe(project.version);
  });

  test('dates and date-times must be real: February 30th is refused, a leap day is not', async ({ apiRoot, mock }) => {
    const birthday = await post(mock, '/customers', { email: 'a@example.com', password: 'pw', dateOfBirth: '2026-02-30' });
    expect(birthday.status).toBe(400);
    expect(birthday.body.errors).toEqual([invalidJson('dateOfBirth: A date (ISO 8601, such as 2026-01-31) expected, not "2026-02-30".')]);
    const notLeap = await post(mock, '/customers', { email: 'a@example.com', password: 'pw', dateOfBirth: '2023-02-29' });
    expect(notLeap.body.errors[0].code).toBe('InvalidJsonInput');
    expect(await total(apiRoot, 'customers')).toBe(0);
    const leap = await apiRoot
      .customers()
      .post({ body: { email: 'a@example.com', password: 'pw', dateOfBirth: '2024-02-29' } })
      .execute();
    expect(leap.body.customer.dateOfBirth).toBe('2024-02-29');

    const discount = {
      name: { en: '10%' },
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate: 'true',
      target: { type: 'lineItems', predicate: 'true' },
      sortOrder: '0.5',
    };
    for (const validFrom of ['2026-02-30T10:00:00.000Z', '2026-04-31T10:00:00+02:00', '2026-01-01T24:00:00Z', 'tomorrow']) {
      const refused = await post(mock, '/cart-discounts', { ...discount, validFrom });
      expect
        .soft(refused.body.errors, validFrom)
        .toEqual([
          invalidJson(
            `validFrom: A date-time (ISO 8601 with an offset or Z, such as 2026-01-31T12:00:00.000Z) expected, not ${JSON.stringify(validFrom)}.`,
          ),
        ]);
    }
    expect((await apiRoot.cartDiscounts().get().execute()).body.total).toBe(0);
    const valid = await post(mock, '/cart-discounts', { ...discount, validFrom: '2024-02-29T23:59:59.999+01:00' });
    expect(valid.body.validFrom).toBeDefined();
    expect(valid.status).toBe(201);
  });

  test('a date-time attribute value must be a real date too', async ({ apiRoot }) => {
    await apiRoot
      .productTypes()
      .post({
        body: {
          key: 'dated',
          name: 'Dated',
          description: 'x',
          attributes: [{ name: 'release', label: { en: 'Release' }, isRequired: false, type: { name: 'datetime' } }],
        },
      })
      .execute();
    const product = (value: string) => ({
      productType: { typeId: 'product-type' as const, key: 'dated' },
      name: { en: 'P' },
      slug: { en: `p-${value.length}` },
      masterVariant: { sku: 'P-1', attributes: [{ name: 'release', value }] },
    });
    const failure = await sdkFailure(
      apiRoot
        .products()
        .post({ body: product('2026-02-30T10:00:00.000Z') })
        .execute(),
    );
    expect(failure.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'release', invalidValue: '2026-02-30T10:00:00.000Z' });
    expect((await apiRoot.products().get().execute()).body.total).toBe(0);
    const created = await apiRoot
      .products()
      .post({ body: product('2026-02-28T10:00:00Z') })
      .execute();
    expect(created.body.masterData.staged.masterVariant.attributes).toEqual([{ name: 'release', value: '2026-02-28T10:00:00.000Z' }]);
  });
});

test.describe('rule errors: InvalidField with the field and the refused value', () => {
  test('resource keys have 2 to 256 characters of A-Za-z0-9_- on every type', async ({ apiRoot, mock }) => {
    const long = 'k'.repeat(257);
    const drafts: Array<[string, Json]> = [
      ['/customers', { email: 'a@example.com', password: 'pw' }],
      ['/categories', { name: { en: 'C' }, slug: { en: 'cc' } }],
      ['/zones', { name: 'Z' }],
      ['/tax-categories', { name: 'T' }],
      ['/discount-groups', { sortOrder: '0.5' }],
    ];
    for (const [path, draft] of drafts) {
      for (const key of ['x', 'has space', 'ümlaut', 'dot.ted', long]) {
        const refused = await post(mock, path, { ...draft, key });
        expect.soft(refused.status, `${path} ${key.slice(0, 20)}`).toBe(400);
        expect
          .soft(invalidFields(refused.body.errors), `${path} ${key.slice(0, 20)}`)
          .toEqual([['key', key.length > 100 ? expect.any(String) : key]]);
      }
    }
    expect(mock.data.all('customer')).toHaveLength(0);
    expect(mock.data.all('category')).toHaveLength(0);
    expect(mock.data.all('zone')).toHaveLength(0);
    expect(mock.data.all('tax-category')).toHaveLength(0);
    expect(mock.data.all('discount-group')).toHaveLength(0);
    // The bounds themselves are keys.
    for (const key of ['ab', 'A_b-9', 'k'.repeat(256)]) {
      expect((await post(mock, '/zones', { name: 'Z', key })).status, key.slice(0, 20)).toBe(201);
    }
    expect(await total(apiRoot, 'zones')).toBe(3);

    const ada = await createCustomer(apiRoot);
    const setKey = await sdkFailure(updateCustomer(apiRoot, ada, [{ action: 'setKey', key: 'a' }]));
    expect(invalidFields(setKey.body.errors)).toEqual([['actions[0].key', 'a']]);
    expect((await storedCustomer(apiRoot, ada.id)).version).toBe(ada.version);
  });

  test('custom objects: container of -_~. letters and digits, key of 1 to 256 of them', async ({ apiRoot }) => {
    const attempt = (container: string, key: string) =>
      sdkFailure(
        apiRoot
          .customObjects()
          .post({ body: { container, key, value: 1 } })
          .execute(),
      );
    expect(invalidFields((await attempt('has space', 'k')).body.errors)).toEqual([['container', 'has space']]);
    expect(invalidFields((await attempt('a/b', 'k')).body.errors)).toEqual([['container', 'a/b']]);
    expect(invalidFields((await attempt('c', 'a:b')).body.errors)).toEqual([['key', 'a:b']]);
    expect(invalidFields((await attempt('c', '')).body.errors)).toEqual([['key', '']]);
    expect(invalidFields((await attempt('c', 'k'.repeat(257))).body.errors)).toEqual([
      ['key', expect.stringMatching(/^k+… \(257 characters\)$/)],
    ]);
    expect((await apiRoot.customObjects().get().execute()).body.total).toBe(0);
    for (const [container, key] of [
      ['a-b_c~d.e', 'k'],
      ['c', 'k'.repeat(256)],
      ['c', 'x'],
    ]) {
      expect(
        (
          await apiRoot
            .customObjects()
            .post({ body: { container: container!, key: key!, value: 1 } })
            .execute()
        ).statusCode,
      ).toBe(201);
    }
  });

  test('sizes the platform caps: stores of a shipping method, days of the project configurations', async ({ apiRoot, mock }) => {
    const stores = Array.from({ length: 101 }, (_, i) => ({ typeId: 'store' as const, key: `store-${i}` }));
    const method = await post(mock, '/shipping-methods', {
      name: 'Standard',
      taxCategory: { typeId: 'tax-category', key: 'none' },
      zoneRates: [],
      isDefault: false,
      stores,
    });
    expect(method.status).toBe(400);
    expect(method.body.errors).toHaveLength(1);
    expect(method.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'stores' });
    expect((await apiRoot.shippingMethods().get().execute()).body.total).toBe(0);

    const project = (await apiRoot.get().execute()).body;
    const configurations = await sdkFailure(
      apiRoot
        .post({
          body: {
            version: project.version,
            actions: [
              { action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: true, deleteDaysAfterCreation: 91 } },
              { action: 'changeCartsConfiguration', cartsConfiguration: { deleteDaysAfterLastModification: 0 } },
              { action: 'changeShoppingListsConfiguration', shoppingListsConfiguration: { deleteDaysAfterLastModification: 365_251 } },
            ],
          },
        })
        .execute(),
    );
    expect(invalidFields(configurations.body.errors)).toEqual([
      ['actions[0].messagesConfiguration.deleteDaysAfterCreation', 91],
      ['actions[1].cartsConfiguration.deleteDaysAfterLastModification', 0],
      ['actions[2].shoppingListsConfiguration.deleteDaysAfterLastModification', 365_251],
    ]);
    const after = (await apiRoot.get().execute()).body;
    expect(after.version).toBe(project.version);
    expect(after.messages.deleteDaysAfterCreation).toBe(project.messages.deleteDaysAfterCreation);
  });

  test('a well-shaped body reports every rule it breaks together; a shape error reports the shape alone', async ({ apiRoot, mock }) => {
    const rules = await post(mock, '/customers', { email: 'a@example.com', password: 'pw', key: 'x', addresses: [{ country: 'Germany' }] });
    expect(invalidFields(rules.body.errors)).toEqual([
      ['key', 'x'],
      ['addresses[0].country', 'Germany'],
    ]);
    const shape = await post(mock, '/customers', { email: 'a@example.com', password: 'pw', key: 'x', addresses: [{ country: 7 }] });
    expect(shape.body.errors).toEqual([invalidJson('addresses[0] -> country: JSON string expected.')]);
    expect(await total(apiRoot, 'customers')).toBe(0);
  });
});

test.describe('identifier limits at their bounds: 2 to 256 of A-Za-z0-9_- (SDK)', () => {
  const accepted = ['ab', 'k'.repeat(256), `type-field-name-${crypto.randomUUID()}`];
  const refused = ['a', 'k'.repeat(257), 'has space'];
  /** The refused value as `invalidValue` quotes it: a long string by its beginning and length. */
  const quoted = (value: string) => (value.length > 100 ? `${value.slice(0, 100)}… (${value.length} characters)` : value);

  test('custom field names: a Type draft and addFieldDefinition; the 52 characters of a UUID-named field fit', async ({ apiRoot }) => {
    const field = (name: string) => ({ name, label: { en: 'F' }, required: false, type: { name: 'String' as const } });
    for (const name of refused) {
      const failure = await sdkFailure(
        apiRoot
          .types()
          .post({ body: { key: 'refused', name: { en: 'T' }, resourceTypeIds: ['payment'], fieldDefinitions: [field(name)] } })
          .execute(),
      );
      expect.soft(failure.statusCode, name.slice(0, 20)).toBe(400);
      expect.soft(invalidFields(failure.body.errors), name.slice(0, 20)).toEqual([['fieldDefinitions[0].name', quoted(name)]]);
    }
    expect((await apiRoot.types().get().execute()).body.total).toBe(0);

    const type = (
      await apiRoot
        .types()
        .post({ body: { key: 'fields', name: { en: 'T' }, resourceTypeIds: ['payment'], fieldDefinitions: accepted.map(field) } })
        .execute()
    ).body;
    expect(type.fieldDefinitions.map((definition) => definition.name)).toEqual(accepted);

    const add = await sdkFailure(
      apiRoot
        .types()
        .withId({ ID: type.id })
        .post({ body: { version: type.version, actions: [{ action: 'addFieldDefinition', fieldDefinition: field('k'.repeat(257)) }] } })
        .execute(),
    );
    expect(invalidFields(add.body.errors)).toEqual([['actions[0].fieldDefinition.name', quoted('k'.repeat(257))]]);
    const added = await apiRoot
      .types()
      .withId({ ID: type.id })
      .post({ body: { version: type.version, actions: [{ action: 'addFieldDefinition', fieldDefinition: field('j'.repeat(256)) }] } })
      .execute();
    expect(added.body.fieldDefinitions.at(-1)?.name).toBe('j'.repeat(256));
  });

  test('attribute names of a product type', async ({ apiRoot }) => {
    const attribute = (name: string) => ({ name, label: { en: 'A' }, isRequired: false, type: { name: 'text' as const } });
    for (const name of refused) {
      const failure = await sdkFailure(
        apiRoot
          .productTypes()
          .post({ body: { name: 'P', description: 'p', attributes: [attribute(name)] } })
          .execute(),
      );
      expect.soft(invalidFields(failure.body.errors), name.slice(0, 20)).toEqual([['attributes[0].name', quoted(name)]]);
    }
    expect((await apiRoot.productTypes().get().execute()).body.total).toBe(0);
    const created = await apiRoot
      .productTypes()
      .post({ body: { name: 'P', description: 'p', attributes: accepted.map(attribute) } })
      .execute();
    expect(created.body.attributes?.map((definition) => definition.name)).toEqual(accepted);
  });

  test('slugs of a category', async ({ apiRoot }) => {
    for (const slug of refused) {
      const failure = await sdkFailure(
        apiRoot
          .categories()
          .post({ body: { name: { en: 'C' }, slug: { en: slug } } })
          .execute(),
      );
      expect.soft(invalidFields(failure.body.errors), slug.slice(0, 20)).toEqual([['slug.en', quoted(slug)]]);
    }
    expect(await total(apiRoot, 'categories')).toBe(0);
    for (const slug of accepted) {
      const created = await apiRoot
        .categories()
        .post({ body: { name: { en: 'C' }, slug: { en: slug } } })
        .execute();
      expect(created.body.slug).toEqual({ en: slug });
    }
  });

  test('keys of custom line items', async ({ apiRoot }) => {
    const cart = (key: string) => ({
      currency: 'EUR',
      taxMode: 'Disabled' as const,
      customLineItems: [
        { key, name: { en: 'Gift wrap' }, slug: 'gift-wrap', quantity: 1, money: { currencyCode: 'EUR', centAmount: 300 } },
      ],
    });
    for (const key of refused) {
      const failure = await sdkFailure(
        apiRoot
          .carts()
          .post({ body: cart(key) })
          .execute(),
      );
      expect.soft(invalidFields(failure.body.errors), key.slice(0, 20)).toEqual([['customLineItems[0].key', quoted(key)]]);
    }
    expect((await apiRoot.carts().get().execute()).body.total).toBe(0);
    for (const key of accepted) {
      const created = await apiRoot
        .carts()
        .post({ body: cart(key) })
        .execute();
      expect(created.body.customLineItems[0]?.key).toBe(key);
    }
  });
});

test.describe('identifier limits inside an imported order (SDK)', () => {
  const EUR = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
  const importing = (key: string) => ({
    totalPrice: EUR(1000),
    lineItems: [
      {
        key,
        name: { en: 'Shirt' },
        variant: { sku: 'A-1' },
        quantity: 1,
        price: { key, value: EUR(1000) },
        taxRate: { key, name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' },
      },
    ],
  });

  test('keys of line items, their prices and tax rates: 2 to 256 of A-Za-z0-9_-', async ({ apiRoot }) => {
    for (const key of ['a', 'k'.repeat(257), 'dot.ted']) {
      const failure = await sdkFailure(
        apiRoot
          .orders()
          .importOrder()
          .post({ body: importing(key) })
          .execute(),
      );
      expect.soft(failure.statusCode, key.slice(0, 20)).toBe(400);
      expect
        .soft(
          invalidFields(failure.body.errors).map(([field]) => field),
          key.slice(0, 20),
        )
        .toEqual(['lineItems[0].key', 'lineItems[0].price.key', 'lineItems[0].taxRate.key']);
    }
    expect((await apiRoot.orders().get().execute()).body.total).toBe(0);
    for (const key of ['ab', 'k'.repeat(256)]) {
      const item = (
        await apiRoot
          .orders()
          .importOrder()
          .post({ body: importing(key) })
          .execute()
      ).body.lineItems[0]!;
      expect([item.key, item.price.key, item.taxRate?.key]).toEqual([key, key, key]);
    }
  });
});

test.describe('currency codes as the API reference has them (SDK)', () => {
  test("ISO 4217 codes and the platform's non-standard ones (HUF0...: no fraction digits); anything else is refused", async ({
    apiRoot,
  }) => {
    for (const currency of ['EUR0', 'EU', 'eur', 'HUF00']) {
      const failure = await sdkFailure(apiRoot.carts().post({ body: { currency } }).execute());
      expect.soft(failure.statusCode, currency).toBe(400);
      expect.soft(invalidFields(failure.body.errors), currency).toEqual([['currency', currency]]);
    }
    expect((await apiRoot.carts().get().execute()).body.total).toBe(0);

    const cart = await apiRoot
      .carts()
      .post({
        body: {
          currency: 'HUF0',
          taxMode: 'Disabled',
          customLineItems: [
            { name: { en: 'Gift wrap' }, slug: 'gift-wrap', quantity: 2, money: { currencyCode: 'HUF0', centAmount: 1500 } },
          ],
        },
      })
      .execute();
    expect(cart.body.totalPrice).toEqual({ type: 'centPrecision', currencyCode: 'HUF0', centAmount: 3000, fractionDigits: 0 });
    const standard = await apiRoot
      .carts()
      .post({ body: { currency: 'HUF' } })
      .execute();
    expect(standard.body.totalPrice).toEqual({ type: 'centPrecision', currencyCode: 'HUF', centAmount: 0, fractionDigits: 2 });
  });
});
