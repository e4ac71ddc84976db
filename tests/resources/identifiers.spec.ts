/**
 * Identifier rules as the platform's API reference states them: resource keys (2 to 256 characters
 * of `A-Za-z0-9_-` where a type's key carries that pattern, anything where it carries none), custom
 * object containers and keys, a ResourceIdentifier's required `typeId`, a LocalizedString member
 * named like an object property (`__proto__`), a zone rate's required `shippingRates`. Each refusal
 * is the platform's error and stores nothing.
 */
import type { CategoryDraft, CategoryUpdateAction, ProductDraft, ShippingMethodDraft } from '@commercetools/platform-sdk';
import type { CommerceMock } from '../../src/index.js';
import { graphql } from '../graphql/support.js';
import { expect, invalidJson, PROJECT_KEY, sdkFailure, test } from '../support/sdk.js';

type Json = Record<string, any>;
/** A body the SDK's types would refuse: for validation tests. */
const raw = <T>(value: unknown) => value as T;

async function post(mock: CommerceMock, path: string, body: string | Uint8Array): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const keyError = (field: string, invalidValue: unknown) =>
  expect.objectContaining({ code: 'InvalidField', field, invalidValue, message: expect.stringContaining('Keys have 2 to 256 characters') });

/** A million characters: what a key of a type without the pattern may be, and what one with it may not. */
const HUGE = 'k'.repeat(1_000_000);
/** Not keys where the reference gives the pattern: a space, one character, 257, a million, other characters. */
const BAD_KEYS = [' 1 ', 'k', 'k'.repeat(257), HUGE, 'a.b', 'ä-b'];

/** A valid draft of each type whose key carries the pattern (`^[A-Za-z0-9_-]+$`, 2 to 256) in the reference. */
const PATTERNED: Array<[path: string, typeId: string, draft: (key: string) => Json]> = [
  ['product-types', 'product-type', (key) => ({ key, name: 'pt', description: 'pt' })],
  ['categories', 'category', (key) => ({ key, name: { en: 'c' }, slug: { en: 'c-slug' } })],
  ['tax-categories', 'tax-category', (key) => ({ key, name: 'tc' })],
  ['zones', 'zone', (key) => ({ key, name: 'z' })],
  ['customer-groups', 'customer-group', (key) => ({ key, groupName: 'g' })],
  ['types', 'type', (key) => ({ key, name: { en: 't' }, resourceTypeIds: ['category'] })],
  ['stores', 'store', (key) => ({ key })],
  ['discount-groups', 'discount-group', (key) => ({ key, sortOrder: '0.5' })],
  ['customers', 'customer', (key) => ({ key, email: 'ada@example.com', password: 'secret' })],
  ['inventory', 'inventory-entry', (key) => ({ key, sku: 'S-1', quantityOnStock: 1 })],
  ['attribute-groups', 'attribute-group', (key) => ({ key, name: { en: 'ag' }, attributes: [] })],
  ['payments', 'payment', (key) => ({ key, amountPlanned: { currencyCode: 'EUR', centAmount: 100 } })],
];

test.describe('resource keys', () => {
  for (const [path, typeId, draft] of PATTERNED) {
    test(`${typeId}: a key outside 2 to 256 characters of A-Za-z0-9_- is an InvalidField; nothing is stored`, async ({ mock }) => {
      for (const key of BAD_KEYS) {
        const refused = await post(mock, path, JSON.stringify(draft(key)));
        expect(refused.status, `${typeId} key of ${key.length} characters`).toBe(400);
        // A long value is quoted by its first 100 characters and its length.
        const quoted = key.length > 100 ? `${key.slice(0, 100)}… (${key.length} characters)` : key;
        expect(refused.body.errors).toEqual([keyError('key', quoted)]);
      }
      expect(mock.data.all(typeId as never)).toEqual([]);
      const accepted = await post(mock, path, JSON.stringify(draft(`Key_2-${'x'.repeat(250)}`)));
      expect(accepted.status).toBe(201);
    });
  }

  test('a setKey action with the pattern refuses such a key too (SDK)', async ({ apiRoot }) => {
    const body: CategoryDraft = { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } };
    const category = (await apiRoot.categories().post({ body }).execute()).body;
    const actions: CategoryUpdateAction[] = [{ action: 'setKey', key: ' 1 ' }];
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .withId({ ID: category.id })
        .post({ body: { version: 1, actions } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([keyError('actions[0].key', ' 1 ')]);
    expect((await apiRoot.categories().withId({ ID: category.id }).get().execute()).body).toMatchObject({ version: 1, key: 'shoes' });
  });

  test("an address's key follows the pattern (BaseAddress): a customer with an address key ' 1 ' is refused", async ({ mock }) => {
    const draft = { email: 'ada@example.com', password: 'secret', addresses: [{ key: ' 1 ', country: 'DE' }] };
    const refused = await post(mock, 'customers', JSON.stringify(draft));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([keyError('addresses[0].key', ' 1 ')]);
    expect(mock.data.all('customer')).toEqual([]);
    const accepted = await post(mock, 'customers', JSON.stringify({ ...draft, addresses: [{ key: 'home', country: 'DE' }] }));
    expect(accepted.status).toBe(201);
  });

  test('types whose key has no pattern in the reference keep any key: products, channels, states (SDK)', async ({ apiRoot, mock }) => {
    const productType = (
      await apiRoot
        .productTypes()
        .post({ body: { key: 'plain', name: 'plain', description: 'plain' } })
        .execute()
    ).body;
    const product: ProductDraft = {
      key: HUGE,
      name: { en: 'Long' },
      slug: { en: 'long' },
      productType: { typeId: 'product-type', id: productType.id },
    };
    expect((await apiRoot.products().post({ body: product }).execute()).body.key).toHaveLength(1_000_000);
    expect(
      (
        await apiRoot
          .channels()
          .post({ body: { key: ' 1 ' } })
          .execute()
      ).body.key,
    ).toBe(' 1 ');
    expect(
      (
        await apiRoot
          .states()
          .post({ body: { key: 'a.b c', type: 'LineItemState' } })
          .execute()
      ).body.key,
    ).toBe('a.b c');
    expect(mock.data.all('channel')).toHaveLength(1);
  });

  test('a body that is not UTF-8 (a channel key of invalid bytes) is InvalidJsonInput; nothing is stored', async ({ mock }) => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"key":"'), 0xc3, 0x28, 0xff, ...new TextEncoder().encode('"}')]);
    const refused = await post(mock, 'channels', bytes);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ code: 'InvalidJsonInput' })]);
    expect(mock.data.all('channel')).toEqual([]);
  });
});

test.describe('custom object containers and keys', () => {
  const object = (container: string, key: string) => JSON.stringify({ container, key, value: 1 });

  test('a container outside -_~. letters and digits is an InvalidField; its length is not limited', async ({ mock }) => {
    for (const container of [' 1 ', 'a/b', 'ä', '']) {
      const refused = await post(mock, 'custom-objects', object(container, 'k'));
      expect(refused.status, JSON.stringify(container)).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ code: 'InvalidField', field: 'container', invalidValue: container })]);
    }
    expect(mock.data.all('key-value-document')).toEqual([]);
    expect((await post(mock, 'custom-objects', object('-_~.Az09', 'k'))).status).toBe(201);
    expect((await post(mock, 'custom-objects', object('c'.repeat(1000), 'k'))).status).toBe(201);
  });

  test('a key has 1 to 256 of the same characters', async ({ mock }) => {
    for (const key of [' 1 ', 'k'.repeat(257), '']) {
      const refused = await post(mock, 'custom-objects', object('c', key));
      expect(refused.status, `key of ${key.length}`).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ code: 'InvalidField', field: 'key' })]);
    }
    expect(mock.data.all('key-value-document')).toEqual([]);
    for (const key of ['k', 'k'.repeat(256), '~.-_']) expect((await post(mock, 'custom-objects', object('c', key))).status).toBe(201);
  });
});

test.describe('a ResourceIdentifier without typeId', () => {
  test('is InvalidJsonInput naming the path, in a draft and nested (SDK); nothing is stored', async ({ apiRoot, mock }) => {
    const productType = (
      await apiRoot
        .productTypes()
        .post({ body: { key: 'plain', name: 'plain', description: 'plain' } })
        .execute()
    ).body;
    const body = raw<ProductDraft>({
      name: { en: 'P' },
      slug: { en: 'p-1' },
      productType: { id: productType.id },
      categories: [{ key: 'shoes' }],
      masterVariant: { prices: [{ value: { currencyCode: 'EUR', centAmount: 1 }, channel: { key: 'store' } }] },
    });
    const failure = await sdkFailure(apiRoot.products().post({ body }).execute());
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([
      invalidJson('productType -> typeId: Missing required value.'),
      invalidJson('categories[0] -> typeId: Missing required value.'),
      invalidJson('masterVariant -> prices[0] -> channel -> typeId: Missing required value.'),
    ]);
    expect(mock.data.all('product')).toEqual([]);
  });

  test('is refused in an update action and in custom fields too', async ({ apiRoot }) => {
    const body: CategoryDraft = { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } };
    const category = (await apiRoot.categories().post({ body }).execute()).body;
    const actions = raw<CategoryUpdateAction[]>([
      { action: 'changeParent', parent: { key: 'shoes' } },
      { action: 'setCustomType', type: { key: 'fields' } },
    ]);
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .withId({ ID: category.id })
        .post({ body: { version: 1, actions } })
        .execute(),
    );
    expect(failure.body.errors).toEqual([
      invalidJson('actions[0] -> parent -> typeId: Missing required value.'),
      invalidJson('actions[1] -> type -> typeId: Missing required value.'),
    ]);
    const created = await sdkFailure(
      apiRoot
        .categories()
        .post({ body: raw<CategoryDraft>({ name: { en: 'C' }, slug: { en: 'c-2' }, custom: { type: { key: 'fields' } } }) })
        .execute(),
    );
    expect(created.body.errors).toEqual([invalidJson('custom -> type -> typeId: Missing required value.')]);
  });

  test("GraphQL's ResourceIdentifierInput may leave typeId out: the field's type names the target", async ({ apiRoot, mock }) => {
    mock.data.create('product-type', { key: 'plain', name: 'plain', description: 'plain' });
    mock.data.create('category', { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } });
    const { data, errors } = await graphql(
      apiRoot,
      `mutation ($draft: ProductDraft!) { createProduct(draft: $draft) { key productType { key } } }`,
      {
        draft: {
          key: 'p1',
          name: [{ locale: 'en', value: 'P' }],
          slug: [{ locale: 'en', value: 'p-1' }],
          productType: { key: 'plain' },
          categories: [{ key: 'shoes', id: null }],
        },
      },
    );
    expect(errors).toBeUndefined();
    expect(data.createProduct).toEqual({ key: 'p1', productType: { key: 'plain' } });
    expect(mock.data.all('product')[0]!.masterData.staged.categories).toEqual([
      { typeId: 'category', id: mock.data.all('category')[0]!.id },
    ]);
  });
});

test.describe('a LocalizedString member named like an object property', () => {
  /** `{"__proto__": ...}` as JSON text: an own member once parsed, as on the wire. */
  const withProto = (json: string) => json.replace('"PROTO"', '"__proto__"');

  test('__proto__ in a draft is not a language tag: InvalidJsonInput; nothing stored, nothing polluted', async ({ mock }) => {
    const refused = await post(mock, 'categories', withProto('{"name":{"PROTO":{"polluted":true},"en":"a"},"slug":{"en":"a-1"}}'));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      invalidJson('name: A language tag (IETF BCP 47, such as en or en-US) expected, not "__proto__".'),
    ]);
    const slug = await post(mock, 'categories', withProto('{"name":{"en":"a"},"slug":{"PROTO":"x","en":"a-1"}}'));
    expect(slug.body.errors).toEqual([invalidJson('slug: A language tag (IETF BCP 47, such as en or en-US) expected, not "__proto__".')]);
    const ctor = await post(mock, 'categories', '{"name":{"constructor":"x","en":"a"},"slug":{"en":"a-1"}}');
    expect(ctor.body.errors).toEqual([invalidJson('name: A language tag (IETF BCP 47, such as en or en-US) expected, not "constructor".')]);
    expect(mock.data.all('category')).toEqual([]);
    expect(({} as Json).polluted).toBeUndefined();
  });

  test('__proto__ in an update action is refused the same way (SDK); the resource keeps its version', async ({ apiRoot }) => {
    const body: CategoryDraft = { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } };
    const category = (await apiRoot.categories().post({ body }).execute()).body;
    // A computed member name defines an own `__proto__`, which JSON.stringify writes like any member.
    const name = { ['__proto__']: 'x', en: 'Boots' };
    const actions: CategoryUpdateAction[] = [{ action: 'changeName', name }];
    const failure = await sdkFailure(
      apiRoot
        .categories()
        .withId({ ID: category.id })
        .post({ body: { version: 1, actions } })
        .execute(),
    );
    expect(failure.body.errors).toEqual([
      invalidJson('actions[0] -> name: A language tag (IETF BCP 47, such as en or en-US) expected, not "__proto__".'),
    ]);
    expect((await apiRoot.categories().withId({ ID: category.id }).get().execute()).body).toMatchObject({
      version: 1,
      name: { en: 'Shoes' },
    });
  });

  test('a GraphQL locale __proto__ is refused as well', async ({ apiRoot, mock }) => {
    const { errors } = await graphql(apiRoot, `mutation ($draft: CategoryDraft!) { createCategory(draft: $draft) { id } }`, {
      draft: {
        name: [
          { locale: '__proto__', value: 'x' },
          { locale: 'en', value: 'a' },
        ],
        slug: [{ locale: 'en', value: 'a-1' }],
      },
    });
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'InvalidJsonInput' });
    expect(mock.data.all('category')).toEqual([]);
  });
});

test.describe('a shipping method zone rate', () => {
  test('without shippingRates is InvalidJsonInput (the reference requires them); nothing is stored', async ({ apiRoot, mock }) => {
    const taxCategory = (
      await apiRoot
        .taxCategories()
        .post({ body: { key: 'standard', name: 'standard' } })
        .execute()
    ).body;
    const zone = (
      await apiRoot
        .zones()
        .post({ body: { key: 'eu', name: 'EU' } })
        .execute()
    ).body;
    const draft = {
      key: 'standard',
      name: 'Standard',
      isDefault: false,
      taxCategory: { typeId: 'tax-category', id: taxCategory.id },
      zoneRates: [{ zone: { typeId: 'zone', id: zone.id } }],
    };
    const failure = await sdkFailure(
      apiRoot
        .shippingMethods()
        .post({ body: raw<ShippingMethodDraft>(draft) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([invalidJson('zoneRates[0] -> shippingRates: Missing required value.')]);
    expect(mock.data.all('shipping-method')).toEqual([]);
    const body = raw<ShippingMethodDraft>({ ...draft, zoneRates: [{ ...draft.zoneRates[0], shippingRates: [] }] });
    expect((await apiRoot.shippingMethods().post({ body }).execute()).body.zoneRates).toEqual([
      { zone: { typeId: 'zone', id: zone.id }, shippingRates: [] },
    ]);
  });

  test("GraphQL's ZoneRateDraft defaults shippingRates to the empty list", async ({ apiRoot, mock }) => {
    mock.data.create('tax-category', { key: 'standard', name: 'standard' });
    mock.data.create('zone', { key: 'eu', name: 'EU' });
    const { data, errors } = await graphql(
      apiRoot,
      `mutation ($draft: ShippingMethodDraft!) { createShippingMethod(draft: $draft) { key zoneRates { shippingRates { isMatching } } } }`,
      {
        draft: {
          key: 'standard',
          name: 'Standard',
          isDefault: false,
          taxCategory: { typeId: 'tax-category', key: 'standard' },
          zoneRates: [{ zone: { typeId: 'zone', key: 'eu' } }],
        },
      },
    );
    expect(errors).toBeUndefined();
    expect(data.createShippingMethod).toEqual({ key: 'standard', zoneRates: [{ shippingRates: [] }] });
  });
});
