/**
 * Shopping lists through the official SDK: line items by product id (master variant by default) or
 * SKU, text line items, `key=` routes, line item expansions, every update action family, and
 * refusals (platform error, nothing stored).
 */
import type {
  ByProjectKeyRequestBuilder,
  Product,
  ShoppingList,
  ShoppingListDraft,
  ShoppingListUpdateAction,
} from '@commercetools/platform-sdk';
import { expect, sdkFailure, test } from '../support/sdk.js';
import { expectPlatformActions, typeWithStringField } from '../support/resources.js';

const PLATFORM_ACTIONS = [
  'addLineItem',
  'addTextLineItem',
  'changeLineItemQuantity',
  'changeLineItemsOrder',
  'changeName',
  'changeTextLineItemName',
  'changeTextLineItemQuantity',
  'changeTextLineItemsOrder',
  'removeLineItem',
  'removeTextLineItem',
  'setAnonymousId',
  'setBusinessUnit',
  'setCustomField',
  'setCustomType',
  'setCustomer',
  'setDeleteDaysAfterLastModification',
  'setDescription',
  'setKey',
  'setLineItemCustomField',
  'setLineItemCustomType',
  'setSlug',
  'setStore',
  'setTextLineItemCustomField',
  'setTextLineItemCustomType',
  'setTextLineItemDescription',
];

const raw = <T>(value: unknown) => value as T;

async function create(apiRoot: ByProjectKeyRequestBuilder, body: ShoppingListDraft): Promise<ShoppingList> {
  const response = await apiRoot.shoppingLists().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

async function update(
  apiRoot: ByProjectKeyRequestBuilder,
  list: ShoppingList,
  ...actions: ShoppingListUpdateAction[]
): Promise<ShoppingList> {
  const response = await apiRoot
    .shoppingLists()
    .withId({ ID: list.id })
    .post({ body: { version: list.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function refused(apiRoot: ByProjectKeyRequestBuilder, list: ShoppingList, ...actions: ShoppingListUpdateAction[]) {
  return sdkFailure(
    apiRoot
      .shoppingLists()
      .withId({ ID: list.id })
      .post({ body: { version: list.version, actions } })
      .execute(),
  );
}

/** A published product "Socks" with variants 1 (SKU socks-s) and 2 (SKU socks-m), a product attribute and a variant attribute. */
async function socks(apiRoot: ByProjectKeyRequestBuilder): Promise<Product> {
  const productType = (
    await apiRoot
      .productTypes()
      .post({
        body: {
          key: 'clothing',
          name: 'Clothing',
          description: 'Clothing',
          attributes: [
            {
              name: 'size',
              label: { en: 'Size' },
              type: { name: 'text' },
              isRequired: false,
              attributeConstraint: 'None',
              isSearchable: true,
            },
            {
              name: 'brand',
              label: { en: 'Brand' },
              type: { name: 'text' },
              isRequired: false,
              attributeConstraint: 'None',
              isSearchable: true,
              level: 'Product',
            } as never,
          ],
        },
      })
      .execute()
  ).body;
  return (
    await apiRoot
      .products()
      .post({
        body: {
          key: 'socks',
          productType: { typeId: 'product-type', id: productType.id },
          name: { en: 'Socks' },
          slug: { en: 'socks' },
          masterVariant: { sku: 'socks-s', attributes: [{ name: 'size', value: 'S' }] },
          variants: [{ sku: 'socks-m', attributes: [{ name: 'size', value: 'M' }] }],
          attributes: [{ name: 'brand', value: 'Acme' }],
          publish: true,
        } as never,
      })
      .execute()
  ).body;
}

test('every update action of the platform is declared, and no other', () => {
  expectPlatformActions('shopping-list', PLATFORM_ACTIONS);
});

test.describe('shopping lists: create', () => {
  test('line items by SKU and by product id (variantId unset = master), text line items, references, project default days', async ({
    apiRoot,
    mock,
  }) => {
    const product = await socks(apiRoot);
    const customer = (
      await apiRoot
        .customers()
        .post({ body: { email: 's@example.com', password: 'pw', key: 'shopper' } })
        .execute()
    ).body.customer;
    await apiRoot
      .stores()
      .post({ body: { key: 'berlin' } })
      .execute();
    const before = new Date().toISOString();
    const list = await create(apiRoot, {
      key: 'wishlist',
      name: { en: 'Wishlist' },
      slug: { en: 'wishlist' },
      description: { en: 'For later' },
      customer: { typeId: 'customer', key: 'shopper' },
      store: { typeId: 'store', key: 'berlin' },
      lineItems: [
        { sku: 'socks-m', quantity: 2, key: 'medium' },
        { productId: product.id },
        { productId: product.id, variantId: 1, addedAt: '2024-01-01T00:00:00.000Z' },
      ],
      textLineItems: [{ name: { en: 'Gift wrap' }, description: { en: 'Red' }, quantity: 3, key: 'wrap' }],
    });
    expect(list).toMatchObject({
      version: 1,
      key: 'wishlist',
      name: { en: 'Wishlist' },
      slug: { en: 'wishlist' },
      description: { en: 'For later' },
      customer: { typeId: 'customer', id: customer.id },
      store: { typeId: 'store', key: 'berlin' },
      deleteDaysAfterLastModification: 360,
    });
    expect(list.lineItems).toHaveLength(3);
    const [medium, master, first] = list.lineItems;
    expect(medium).toMatchObject({
      key: 'medium',
      productId: product.id,
      variantId: 2,
      quantity: 2,
      name: { en: 'Socks' },
      productType: { typeId: 'product-type', id: product.productType.id },
      published: true,
    });
    expect(medium!.addedAt >= before).toBe(true);
    expect(master).toMatchObject({ productId: product.id, quantity: 1 });
    expect(master).not.toHaveProperty('variantId');
    expect(first).toMatchObject({ variantId: 1, addedAt: '2024-01-01T00:00:00.000Z' });
    expect(list.textLineItems).toEqual([
      {
        id: expect.any(String),
        key: 'wrap',
        name: { en: 'Gift wrap' },
        description: { en: 'Red' },
        quantity: 3,
        addedAt: expect.any(String),
      },
    ]);
    expect(mock.data.get('shopping-list', list.id)).toEqual(JSON.parse(JSON.stringify(list)));
  });

  test('key= routes: get, update, delete; the project setting gives the default deleteDaysAfterLastModification', async ({
    apiRoot,
    mock,
  }) => {
    const project = (await apiRoot.get().execute()).body;
    await apiRoot
      .post({
        body: {
          version: project.version,
          actions: [{ action: 'changeShoppingListsConfiguration', shoppingListsConfiguration: { deleteDaysAfterLastModification: 30 } }],
        },
      })
      .execute();
    const list = await create(apiRoot, { key: 'list-1', name: { en: 'List' } });
    expect(list.deleteDaysAfterLastModification).toBe(30);
    const explicit = await create(apiRoot, { key: 'list-2', name: { en: 'List' }, deleteDaysAfterLastModification: 7 });
    expect(explicit.deleteDaysAfterLastModification).toBe(7);
    expect((await apiRoot.shoppingLists().withKey({ key: 'list-1' }).get().execute()).body.id).toBe(list.id);
    const updated = await apiRoot
      .shoppingLists()
      .withKey({ key: 'list-1' })
      .post({ body: { version: 1, actions: [{ action: 'changeName', name: { en: 'Renamed' } }] } })
      .execute();
    expect(updated.body).toMatchObject({ version: 2, name: { en: 'Renamed' } });
    const stale = await sdkFailure(
      apiRoot
        .shoppingLists()
        .withKey({ key: 'list-1' })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    await apiRoot
      .shoppingLists()
      .withKey({ key: 'list-1' })
      .delete({ queryArgs: { version: 2 } })
      .execute();
    expect(mock.data.get('shopping-list', list.id)).toBeUndefined();
    const gone = await sdkFailure(apiRoot.shoppingLists().withKey({ key: 'list-1' }).get().execute());
    expect(gone.statusCode).toBe(404);
  });

  test('refusals: unknown SKU, unknown product, unknown variant, bad slug, duplicate key and slug; nothing stored', async ({
    apiRoot,
    mock,
  }) => {
    const product = await socks(apiRoot);
    await create(apiRoot, { key: 'taken', name: { en: 'A' }, slug: { en: 'taken-slug' } });
    const cases: Array<[unknown, string]> = [
      [{ name: { en: 'L' }, lineItems: [{ sku: 'nope' }] }, 'InvalidOperation'],
      [{ name: { en: 'L' }, lineItems: [{ productId: 'no-such-product' }] }, 'ReferencedResourceNotFound'],
      [{ name: { en: 'L' }, lineItems: [{ productId: product.id, variantId: 9 }] }, 'InvalidOperation'],
      [{ name: { en: 'L' }, lineItems: [{ sku: 'socks-s', quantity: 0 }] }, 'InvalidField'],
      [{ name: { en: 'L' }, slug: { en: 'a b' } }, 'InvalidField'],
      [{ name: { en: 'L' }, key: 'taken' }, 'DuplicateField'],
      [{ name: { en: 'L' }, slug: { en: 'taken-slug' } }, 'DuplicateField'],
      [{ name: { en: 'L' }, customer: { typeId: 'customer', id: 'nobody' } }, 'ReferencedResourceNotFound'],
      [{ slug: { en: 'no-name' } }, 'InvalidJsonInput'],
      [{ name: { English: 'L' } }, 'InvalidJsonInput'],
    ];
    for (const [body, code] of cases) {
      const failure = await sdkFailure(
        apiRoot
          .shoppingLists()
          .post({ body: raw(body) })
          .execute(),
      );
      expect(failure.statusCode, JSON.stringify(body)).toBe(400);
      expect(failure.body.errors[0]!.code, JSON.stringify(body)).toBe(code);
    }
    expect(mock.data.all('shopping-list')).toHaveLength(1);
  });

  test('expand lineItems[*].variant and lineItems[*].productSlug: the variant with product attributes merged, the slug', async ({
    apiRoot,
  }) => {
    const product = await socks(apiRoot);
    const list = await create(apiRoot, { name: { en: 'L' }, lineItems: [{ productId: product.id }, { sku: 'socks-m' }] });
    const plain = (await apiRoot.shoppingLists().withId({ ID: list.id }).get().execute()).body;
    expect(plain.lineItems[0]).not.toHaveProperty('variant');
    const expanded = (
      await apiRoot
        .shoppingLists()
        .withId({ ID: list.id })
        .get({ queryArgs: { expand: ['lineItems[*].variant', 'lineItems[*].productSlug', 'lineItems[*].productType'] } })
        .execute()
    ).body;
    expect(expanded.lineItems[0]!.variant).toMatchObject({ id: 1, sku: 'socks-s' });
    expect(expanded.lineItems[1]!.variant).toMatchObject({ id: 2, sku: 'socks-m' });
    expect(expanded.lineItems[1]!.variant!.attributes).toEqual(
      expect.arrayContaining([
        { name: 'size', value: 'M' },
        { name: 'brand', value: 'Acme' },
      ]),
    );
    expect(expanded.lineItems[0]!.productSlug).toEqual({ en: 'socks' });
    expect(expanded.lineItems[0]!.productType.obj?.key).toBe('clothing');
    const query = (
      await apiRoot
        .shoppingLists()
        .get({ queryArgs: { expand: ['lineItems[*].variant'] } })
        .execute()
    ).body;
    expect(query.results[0]!.lineItems[1]!.variant?.sku).toBe('socks-m');
  });
});

test.describe('shopping lists: update actions', () => {
  test('line items: add merges same variant and custom fields, keeps unset variantId apart; quantities; remove; order', async ({
    apiRoot,
  }) => {
    const product = await socks(apiRoot);
    let list = await create(apiRoot, { name: { en: 'L' } });
    list = await update(
      apiRoot,
      list,
      { action: 'addLineItem', sku: 'socks-s' },
      { action: 'addLineItem', productId: product.id, variantId: 1, quantity: 2 },
      { action: 'addLineItem', productId: product.id },
      { action: 'addLineItem', sku: 'socks-m', key: 'mm' },
    );
    expect(list.lineItems.map((item) => [item.variantId ?? null, item.quantity])).toEqual([
      [1, 3],
      [null, 1],
      [2, 1],
    ]);
    const [small, master, medium] = list.lineItems;
    list = await update(
      apiRoot,
      list,
      { action: 'changeLineItemQuantity', lineItemKey: 'mm', quantity: 5 },
      { action: 'removeLineItem', lineItemId: small!.id, quantity: 1 },
      { action: 'changeLineItemsOrder', lineItemOrder: [medium!.id, small!.id, master!.id] },
    );
    expect(list.lineItems.map((item) => [item.id, item.quantity])).toEqual([
      [medium!.id, 5],
      [small!.id, 2],
      [master!.id, 1],
    ]);
    list = await update(
      apiRoot,
      list,
      { action: 'removeLineItem', lineItemId: small!.id, quantity: 10 },
      { action: 'changeLineItemQuantity', lineItemId: master!.id, quantity: 0 },
    );
    expect(list.lineItems.map((item) => item.id)).toEqual([medium!.id]);
    list = await update(apiRoot, list, { action: 'removeLineItem', lineItemKey: 'mm' });
    expect(list.lineItems).toEqual([]);
  });

  test('line items: custom type and field by id or key; a line item with other custom fields is not merged', async ({ apiRoot }) => {
    await socks(apiRoot);
    await typeWithStringField(apiRoot, 'item-extra', ['shopping-list-text-line-item', 'line-item']);
    let list = await create(apiRoot, { name: { en: 'L' }, lineItems: [{ sku: 'socks-s', key: 'ss' }] });
    list = await update(
      apiRoot,
      list,
      { action: 'setLineItemCustomType', lineItemKey: 'ss', type: { typeId: 'type', key: 'item-extra' }, fields: { note: 'gift' } },
      { action: 'setLineItemCustomField', lineItemId: list.lineItems[0]!.id, name: 'note', value: 'birthday' },
      { action: 'addLineItem', sku: 'socks-s' },
    );
    expect(list.lineItems).toHaveLength(2);
    expect(list.lineItems[0]!.custom?.fields).toEqual({ note: 'birthday' });
  });

  test('text line items: add, rename, describe, quantities, remove, order, custom fields', async ({ apiRoot }) => {
    await typeWithStringField(apiRoot, 'text-extra', ['shopping-list-text-line-item']);
    let list = await create(apiRoot, { name: { en: 'L' } });
    list = await update(
      apiRoot,
      list,
      { action: 'addTextLineItem', name: { en: 'Card' }, key: 'card' },
      { action: 'addTextLineItem', name: { en: 'Ribbon' }, quantity: 4, description: { en: 'Blue' } },
    );
    const [card, ribbon] = list.textLineItems;
    expect(card).toMatchObject({ name: { en: 'Card' }, quantity: 1, key: 'card' });
    list = await update(
      apiRoot,
      list,
      { action: 'changeTextLineItemName', textLineItemKey: 'card', name: { en: 'Greeting card' } },
      { action: 'setTextLineItemDescription', textLineItemId: card!.id, description: { en: 'Funny' } },
      { action: 'changeTextLineItemQuantity', textLineItemId: card!.id, quantity: 2 },
      { action: 'removeTextLineItem', textLineItemId: ribbon!.id, quantity: 1 },
      { action: 'changeTextLineItemsOrder', textLineItemOrder: [ribbon!.id, card!.id] },
      { action: 'setTextLineItemCustomType', textLineItemId: card!.id, type: { typeId: 'type', key: 'text-extra' } },
      { action: 'setTextLineItemCustomField', textLineItemKey: 'card', name: 'note', value: 'x' },
    );
    expect(list.textLineItems.map((item) => [item.id, item.quantity])).toEqual([
      [ribbon!.id, 3],
      [card!.id, 2],
    ]);
    expect(list.textLineItems[1]).toMatchObject({
      name: { en: 'Greeting card' },
      description: { en: 'Funny' },
      custom: { fields: { note: 'x' } },
    });
    list = await update(
      apiRoot,
      list,
      { action: 'setTextLineItemDescription', textLineItemId: card!.id },
      { action: 'changeTextLineItemQuantity', textLineItemId: ribbon!.id, quantity: 0 },
      { action: 'removeTextLineItem', textLineItemKey: 'card' },
    );
    expect(list.textLineItems).toEqual([]);
  });

  test('unknown line items, incomplete order, unknown SKU: InvalidOperation and nothing stored', async ({ apiRoot, mock }) => {
    await socks(apiRoot);
    const list = await create(apiRoot, {
      name: { en: 'L' },
      lineItems: [{ sku: 'socks-s' }, { sku: 'socks-m' }],
      textLineItems: [{ name: { en: 'T' } }],
    });
    const before = mock.data.get('shopping-list', list.id);
    const attempts: ShoppingListUpdateAction[][] = [
      [
        { action: 'changeName', name: { en: 'X' } },
        { action: 'changeLineItemQuantity', lineItemId: 'nope', quantity: 2 },
      ],
      [{ action: 'removeTextLineItem', textLineItemKey: 'nope' }],
      [{ action: 'changeLineItemsOrder', lineItemOrder: [list.lineItems[0]!.id] }],
      [{ action: 'changeTextLineItemsOrder', textLineItemOrder: [list.textLineItems[0]!.id, list.textLineItems[0]!.id] }],
      [{ action: 'addLineItem', sku: 'unknown-sku' }],
      [
        { action: 'addTextLineItem', name: { en: 'dup' }, key: 'kk' },
        { action: 'addTextLineItem', name: { en: 'dup' }, key: 'kk' },
      ],
    ];
    for (const actions of attempts) {
      const failure = await refused(apiRoot, list, ...actions);
      expect(failure.statusCode).toBe(400);
      expect(['InvalidOperation', 'DuplicateField']).toContain(failure.body.errors[0]!.code);
    }
    expect(mock.data.get('shopping-list', list.id)).toEqual(before);
  });

  test('list fields: name, key, slug, description, customer, anonymous id, store, delete days, custom', async ({ apiRoot }) => {
    const customer = (
      await apiRoot
        .customers()
        .post({ body: { email: 'c@example.com', password: 'pw' } })
        .execute()
    ).body.customer;
    await apiRoot
      .stores()
      .post({ body: { key: 'paris' } })
      .execute();
    await typeWithStringField(apiRoot, 'list-extra', ['shopping-list']);
    let list = await create(apiRoot, { name: { en: 'L' }, anonymousId: 'anon' });
    list = await update(
      apiRoot,
      list,
      { action: 'changeName', name: { en: 'Birthday', de: 'Geburtstag' } },
      { action: 'setKey', key: 'birthday' },
      { action: 'setSlug', slug: { en: 'birthday' } },
      { action: 'setDescription', description: { en: 'Ideas' } },
      { action: 'setAnonymousId', anonymousId: 'anon-2' },
      { action: 'setCustomer', customer: { typeId: 'customer', id: customer.id } },
      { action: 'setStore', store: { typeId: 'store', key: 'paris' } },
      { action: 'setDeleteDaysAfterLastModification', deleteDaysAfterLastModification: 14 },
      { action: 'setCustomType', type: { typeId: 'type', key: 'list-extra' } },
      { action: 'setCustomField', name: 'note', value: 'n' },
    );
    expect(list).toMatchObject({
      name: { en: 'Birthday', de: 'Geburtstag' },
      key: 'birthday',
      slug: { en: 'birthday' },
      description: { en: 'Ideas' },
      anonymousId: 'anon-2',
      customer: { typeId: 'customer', id: customer.id },
      store: { typeId: 'store', key: 'paris' },
      deleteDaysAfterLastModification: 14,
      custom: { fields: { note: 'n' } },
    });
    const anonymous = await refused(apiRoot, list, { action: 'setAnonymousId', anonymousId: 'x' });
    expect(anonymous.body.errors[0]!.code).toBe('InvalidOperation');
    const businessUnit = await refused(apiRoot, list, { action: 'setBusinessUnit', businessUnit: { typeId: 'business-unit', key: 'bu' } });
    expect(businessUnit.statusCode).toBe(400);
    const days = await refused(apiRoot, list, { action: 'setDeleteDaysAfterLastModification', deleteDaysAfterLastModification: 0 });
    expect(days.body.errors[0]!.code).toBe('InvalidField');
    list = await update(
      apiRoot,
      list,
      { action: 'setKey' },
      { action: 'setSlug' },
      { action: 'setDescription' },
      { action: 'setCustomer' },
      { action: 'setStore' },
      { action: 'setDeleteDaysAfterLastModification' },
      { action: 'setCustomType' },
    );
    for (const field of ['key', 'slug', 'description', 'customer', 'store', 'custom']) expect(list, field).not.toHaveProperty(field);
    expect(list.deleteDaysAfterLastModification).toBe(360);
  });
});
