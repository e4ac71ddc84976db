/**
 * The root fields served last, through the official SDK's `apiRoot.graphql()`: `limits`, `inStores`,
 * `associate`, the project's `productSelectionAssignments`, `productProjectionVariantAttributes`
 * (at the root and in a store), a store's `product`, `variantProjection` and `variantProjections`,
 * and the mutations `applyOrderEdit`, `deleteVariant` and `bulkUpdateVariants`. Each answers what its
 * REST route answers (data read back through REST where it writes), and one error case each.
 */
import type { ByProjectKeyRequestBuilder, Order, ProjectUpdateAction } from '@commercetools/platform-sdk';
import { expect, test } from '../support/sdk.js';
import { createCart, setupCatalog } from '../checkout/carts-support.js';
import { graphql } from './support.js';

async function setModular(apiRoot: ByProjectKeyRequestBuilder) {
  const project = (await apiRoot.get().execute()).body;
  // platform-sdk 8.27 predates the action.
  const action = { action: 'setProductCatalogModel', productCatalogModel: 'Modular' } as unknown as ProjectUpdateAction;
  await apiRoot.post({ body: { version: project.version, actions: [action] } }).execute();
}

const variantAttribute = (name: string) => ({
  name,
  label: { en: name },
  type: { name: 'text' as const },
  isRequired: false,
  attributeConstraint: 'None' as const,
  isSearchable: true,
  level: 'Variant',
});

/** A modular project with the product `tee`: variants `tee-s` (T-S) and `tee-m` (T-M), staged (not published). */
async function modularTee(apiRoot: ByProjectKeyRequestBuilder) {
  await setModular(apiRoot);
  await apiRoot
    .productTypes()
    .post({
      body: { key: 'tee', name: 'tee', description: 'tee', attributes: [variantAttribute('size'), variantAttribute('colour')] as never },
    })
    .execute();
  const product = (
    await apiRoot
      .products()
      .post({
        body: {
          key: 'tee',
          productType: { typeId: 'product-type', key: 'tee' },
          name: { en: 'Tee' },
          slug: { en: 'tee' },
          masterVariant: {
            sku: 'T-S',
            key: 'tee-s',
            attributes: [
              { name: 'size', value: 'S' },
              { name: 'colour', value: 'red' },
            ],
          },
          variants: [
            {
              sku: 'T-M',
              key: 'tee-m',
              attributes: [
                { name: 'size', value: 'M' },
                { name: 'colour', value: 'blue' },
              ],
            },
          ],
        },
      })
      .execute()
  ).body;
  const { data } = await graphql(apiRoot, '{ variants(sort: "variantId asc") { results { id key version } } }');
  return { product, variants: data.variants.results as Array<{ id: string; key: string; version: number }> };
}

test('limits: the documented defaults, and the project’s count where a limit is on a total', async ({ apiRoot }) => {
  for (const email of ['a@example.com', 'b@example.com'])
    await apiRoot
      .customers()
      .post({ body: { email, password: 'x' } })
      .execute();
  const { data, errors } = await graphql(
    apiRoot,
    `{ limits {
      query { offset { limit } }
      customers { total { limit current } }
      cartDiscounts { totalActiveWithoutDiscountCodes { limit current } }
      businessUnits { maxDepthLimit { limit } maxDivisions { limit } }
      products { variants { limit } pricesPerVariant { limit } }
    } }`,
  );
  expect(errors).toBeUndefined();
  expect(data.limits).toEqual({
    query: { offset: { limit: 10000 } },
    customers: { total: { limit: 1000000, current: 2 } },
    cartDiscounts: { totalActiveWithoutDiscountCodes: { limit: 100, current: 0 } },
    businessUnits: { maxDepthLimit: { limit: 5 }, maxDivisions: { limit: null } },
    products: { variants: { limit: 100 }, pricesPerVariant: { limit: 100 } },
  });
  // The count of refresh tokens is the token server's, which the mock does not count: an error naming it.
  const tokens = await graphql(apiRoot, '{ limits { refreshTokens { total { limit current } } } }');
  expect(tokens.errors?.[0]).toMatchObject({ extensions: { code: 'InvalidOperation' } });
  expect(tokens.errors?.[0].message).toContain("'RefreshTokenLimitWithCurrent.current'");
});

test('inStores: one store’s resources; several stores at once are refused with InvalidInput', async ({ apiRoot }) => {
  await apiRoot
    .stores()
    .post({ body: { key: 'berlin' } })
    .execute();
  await apiRoot
    .stores()
    .post({ body: { key: 'paris' } })
    .execute();
  await apiRoot
    .inStoreKeyWithStoreKeyValue({ storeKey: 'berlin' })
    .carts()
    .post({ body: { currency: 'EUR' } })
    .execute();
  await apiRoot
    .carts()
    .post({ body: { currency: 'EUR' } })
    .execute();
  const { data } = await graphql(apiRoot, '{ inStores(keys: ["berlin"]) { carts { total results { store { key } } } } }');
  expect(data.inStores.carts).toEqual({ total: 1, results: [{ store: { key: 'berlin' } }] });
  const several = await apiRoot
    .graphql()
    .post({ body: { query: '{ inStores(keys: ["berlin", "paris"]) { carts { total } } }' } })
    .execute()
    .catch((error) => error);
  const body = several.body ?? several;
  expect(body.errors[0]).toMatchObject({ path: ['inStores'], extensions: { code: 'InvalidInput' } });
});

test('associate: the roles and permissions of an associate in a unit, by its key or id; null for a stranger', async ({ apiRoot }) => {
  const customer = (
    await apiRoot
      .customers()
      .post({ body: { email: 'ada@example.com', password: 'x' } })
      .execute()
  ).body.customer;
  await apiRoot
    .associateRoles()
    .post({ body: { key: 'buyer', buyerAssignable: true, permissions: ['CreateMyCarts', 'ViewMyCarts'] } })
    .execute();
  const unit = (
    await apiRoot
      .businessUnits()
      .post({
        body: {
          key: 'acme',
          unitType: 'Company',
          name: 'ACME',
          associates: [
            {
              customer: { typeId: 'customer', id: customer.id },
              associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'buyer' } }],
            },
          ],
        },
      })
      .execute()
  ).body;
  const query = `query ($id: String!, $unitId: String, $unitKey: String) {
    associate(associateId: $id, businessUnitId: $unitId, businessUnitKey: $unitKey) {
      customer { email } associateRoles { key } inheritedAssociateRoles { key } permissions
    } }`;
  const expected = {
    customer: { email: 'ada@example.com' },
    associateRoles: [{ key: 'buyer' }],
    inheritedAssociateRoles: [],
    permissions: ['CreateMyCarts', 'ViewMyCarts'],
  };
  expect((await graphql(apiRoot, query, { id: customer.id, unitKey: 'acme' })).data.associate).toEqual(expected);
  expect((await graphql(apiRoot, query, { id: customer.id, unitId: unit.id })).data.associate).toEqual(expected);
  expect((await graphql(apiRoot, query, { id: 'stranger', unitKey: 'acme' })).data.associate).toBeNull();
  // Neither the unit's id nor its key: InvalidInput, answered with a 400.
  const unnamed = await apiRoot
    .graphql()
    .post({ body: { query, variables: { id: customer.id } } })
    .execute()
    .catch((error) => error);
  expect(unnamed.statusCode).toBe(400);
  expect(unnamed.body.errors[0]).toMatchObject({ extensions: { code: 'InvalidInput' } });
});

test('productSelectionAssignments: every selection’s assignments in the project, with where and paging', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const products = (
    await apiRoot
      .products()
      .get({ queryArgs: { sort: 'createdAt asc' } })
      .execute()
  ).body.results;
  expect(products.length).toBeGreaterThan(0);
  const first = products[0]!;
  for (const key of ['summer', 'winter']) {
    const selection = (
      await apiRoot
        .productSelections()
        .post({ body: { key, name: { en: key } } })
        .execute()
    ).body;
    await apiRoot
      .productSelections()
      .withId({ ID: selection.id })
      .post({ body: { version: selection.version, actions: [{ action: 'addProduct', product: { typeId: 'product', id: first.id } }] } })
      .execute();
  }
  const { data } = await graphql(
    apiRoot,
    `{ productSelectionAssignments(sort: "productSelection.id asc") { total exists results { product { id } productSelection { key } } } }`,
  );
  expect(data.productSelectionAssignments.total).toBe(2);
  expect(data.productSelectionAssignments.exists).toBe(true);
  expect(data.productSelectionAssignments.results.map((entry: any) => entry.product.id)).toEqual([first.id, first.id]);
  expect(data.productSelectionAssignments.results.map((entry: any) => entry.productSelection.key).sort()).toEqual(['summer', 'winter']);
  const none = await graphql(apiRoot, `{ productSelectionAssignments(where: "product(id = \\"nope\\")") { total exists } }`);
  expect(none.data.productSelectionAssignments).toEqual({ total: 0, exists: false });
  const bad = await apiRoot
    .graphql()
    .post({ body: { query: '{ productSelectionAssignments(where: "product(") { total } }' } })
    .execute()
    .catch((error) => error);
  expect(bad.statusCode).toBe(400);
  expect(bad.body.errors[0]).toMatchObject({ extensions: { code: 'InvalidInput' } });
});

test('productProjectionVariantAttributes: the named attributes of each Variant and its stock, at the root and in a store', async ({
  apiRoot,
}) => {
  const { product } = await modularTee(apiRoot);
  const channel = (
    await apiRoot
      .channels()
      .post({ body: { key: 'warehouse', roles: ['InventorySupply'] } })
      .execute()
  ).body;
  await apiRoot
    .inventory()
    .post({ body: { sku: 'T-S', quantityOnStock: 5 } })
    .execute();
  await apiRoot
    .inventory()
    .post({ body: { sku: 'T-S', quantityOnStock: 2, supplyChannel: { typeId: 'channel', id: channel.id } } })
    .execute();
  await apiRoot
    .stores()
    .post({ body: { key: 'berlin' } })
    .execute();
  const selection = `productKey attributes { name type label(locale: "en") }
    variants { key sku attributesRaw { name value } availability { noChannel { isOnStock availableQuantity } channels { channelRef { id } availability { availableQuantity } } } }`;
  const { data, errors } = await graphql(
    apiRoot,
    `query ($channel: String!) {
      root: productProjectionVariantAttributes(key: "tee", staged: true, includeAttributeNames: ["size"]) { ${selection} }
      withChannel: productProjectionVariantAttributes(key: "tee", staged: true, includeAttributeNames: ["size"], includeChannelIds: [$channel]) {
        variants { key availability { channels { channelRef { id } availability { availableQuantity } } } }
      }
      inStore(key: "berlin") { productProjectionVariantAttributes(id: "${product.id}", staged: true, includeAttributeNames: ["colour"]) { variants { key attributesRaw { name value } } } }
    }`,
    { channel: channel.id },
  );
  expect(errors).toBeUndefined();
  expect(data.root).toEqual({
    productKey: 'tee',
    attributes: [{ name: 'size', type: 'text', label: 'size' }],
    variants: [
      {
        key: 'tee-s',
        sku: 'T-S',
        attributesRaw: [{ name: 'size', value: 'S' }],
        availability: { noChannel: { isOnStock: true, availableQuantity: 5 }, channels: [] },
      },
      { key: 'tee-m', sku: 'T-M', attributesRaw: [{ name: 'size', value: 'M' }], availability: null },
    ],
  });
  expect(data.withChannel.variants[0].availability.channels).toEqual([
    { channelRef: { id: channel.id }, availability: { availableQuantity: 2 } },
  ]);
  expect(data.inStore.productProjectionVariantAttributes.variants).toEqual([
    { key: 'tee-s', attributesRaw: [{ name: 'colour', value: 'red' }] },
    { key: 'tee-m', attributesRaw: [{ name: 'colour', value: 'blue' }] },
  ]);
  // Its current projection does not exist (never published): null, as a missing resource is.
  const current = await graphql(
    apiRoot,
    '{ productProjectionVariantAttributes(key: "tee", includeAttributeNames: ["size"]) { productId } }',
  );
  expect(current.data.productProjectionVariantAttributes).toBeNull();
  // No attribute named: REST's InvalidInput, a 400.
  const none = await apiRoot
    .graphql()
    .post({ body: { query: '{ productProjectionVariantAttributes(key: "tee", staged: true, includeAttributeNames: []) { productId } }' } })
    .execute()
    .catch((error) => error);
  expect(none.statusCode).toBe(400);
  expect(none.body.errors[0]).toMatchObject({ extensions: { code: 'InvalidInput' } });
});

test('a store’s product, variantProjection and variantProjections: only what the store’s assortment holds', async ({ apiRoot }) => {
  const { product } = await modularTee(apiRoot);
  const other = (
    await apiRoot
      .products()
      .post({
        body: {
          key: 'cap',
          productType: { typeId: 'product-type', key: 'tee' },
          name: { en: 'Cap' },
          slug: { en: 'cap' },
          masterVariant: { sku: 'C-1', key: 'cap-1' },
        },
      })
      .execute()
  ).body;
  const selection = (
    await apiRoot
      .productSelections()
      .post({ body: { key: 'tees', name: { en: 'Tees' } } })
      .execute()
  ).body;
  await apiRoot
    .productSelections()
    .withId({ ID: selection.id })
    .post({ body: { version: selection.version, actions: [{ action: 'addProduct', product: { typeId: 'product', id: product.id } }] } })
    .execute();
  await apiRoot
    .stores()
    .post({
      body: { key: 'berlin', productSelections: [{ productSelection: { typeId: 'product-selection', key: 'tees' }, active: true }] },
    })
    .execute();
  const { data, errors } = await graphql(
    apiRoot,
    `{ inStore(key: "berlin") {
      tee: product(key: "tee") { id key }
      cap: product(key: "cap") { id }
      teeBySku: product(sku: "T-M") { key }
      capByVariantKey: product(variantKey: "cap-1") { id }
      bySku: variantProjection(sku: "T-M", staged: true) { key sku }
      capVariant: variantProjection(key: "cap-1", staged: true) { key }
      variantProjections(staged: true, sort: "variantId asc", includeNames: ["size"]) { total results { key attributes { name value } } }
    } }`,
  );
  expect(errors).toBeUndefined();
  expect(data.inStore).toEqual({
    tee: { id: product.id, key: 'tee' },
    cap: null,
    teeBySku: { key: 'tee' },
    capByVariantKey: null,
    bySku: { key: 'tee-m', sku: 'T-M' },
    capVariant: null,
    variantProjections: {
      total: 2,
      results: [
        { key: 'tee-s', attributes: [{ name: 'size', value: 'S' }] },
        { key: 'tee-m', attributes: [{ name: 'size', value: 'M' }] },
      ],
    },
  });
  expect(other.key).toBe('cap');
  // At the root too: a product by a variant's SKU or key (REST has no path for either: a query).
  const root = await graphql(
    apiRoot,
    '{ bySku: product(sku: "C-1") { key } byVariantKey: product(variantKey: "tee-m") { key } none: product(sku: "NOPE") { key } }',
  );
  expect(root.data).toEqual({ bySku: { key: 'cap' }, byVariantKey: { key: 'tee' }, none: null });
  // A store that does not exist: REST's 404 is the field's null.
  const unknown = await graphql(apiRoot, '{ inStore(key: "nowhere") { product(key: "tee") { id } } }');
  expect(unknown.data.inStore.product).toBeNull();
});

test('deleteVariant and bulkUpdateVariants: the Variants API’s writes, with their version checks', async ({ apiRoot }) => {
  const { product, variants } = await modularTee(apiRoot);
  const [small, medium] = variants as [(typeof variants)[0], (typeof variants)[0]];
  const bulk = await graphql(
    apiRoot,
    `mutation ($input: BulkUpdateVariantsInput!) { bulkUpdateVariants(input: $input) {
      successCount failureCount results { status resource { id version } errors { code } } } }`,
    {
      input: {
        items: [
          { id: small.id, version: small.version },
          { id: medium.id, version: 99 },
        ],
        actions: [{ unpublish: {} }],
      },
    },
  );
  expect(bulk.errors).toBeUndefined();
  expect(bulk.data.bulkUpdateVariants).toEqual({
    successCount: 1,
    failureCount: 1,
    results: [
      { status: 'Success', resource: { id: small.id, version: small.version + 1 }, errors: null },
      { status: 'Fail', resource: null, errors: [{ code: 'ConcurrentModification' }] },
    ],
  });
  const { data } = await graphql(apiRoot, `{ variant(id: "${small.id}") { published version } }`);
  expect(data.variant).toEqual({ published: false, version: small.version + 1 });

  const conflict = await graphql(apiRoot, `mutation { deleteVariant(key: "tee-m", version: 99) { variant { id } } }`);
  expect(conflict.errors?.[0]).toMatchObject({ extensions: { code: 'ConcurrentModification', currentVersion: medium.version } });
  const deleted = await graphql(
    apiRoot,
    `mutation { deleteVariant(key: "tee-m", version: ${medium.version}) { variant { id key } warnings { __typename } } }`,
  );
  expect(deleted.data.deleteVariant).toEqual({ variant: { id: medium.id, key: 'tee-m' }, warnings: [] });
  expect((await graphql(apiRoot, `{ variant(id: "${medium.id}") { id } }`)).data.variant).toBeNull();
  const read = (await apiRoot.products().withId({ ID: product.id }).get().execute()).body;
  expect(read.masterData.staged.variants.map((variant) => variant.sku)).toEqual([]);
});

/** An order of 2 × A-1, shipped to Berlin with DHL. */
async function place(apiRoot: ByProjectKeyRequestBuilder): Promise<Order> {
  await setupCatalog(apiRoot);
  const cart = await createCart(apiRoot, {
    currency: 'EUR',
    country: 'DE',
    lineItems: [{ sku: 'A-1', quantity: 2 }],
    shippingAddress: { country: 'DE', city: 'Berlin' },
    shippingMethod: { typeId: 'shipping-method', key: 'dhl' },
  });
  return (
    await apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
      .execute()
  ).body;
}

test('applyOrderEdit: the staged actions applied to the order; a stale edit version is a ConcurrentModification', async ({ apiRoot }) => {
  const order = await place(apiRoot);
  const edit = (
    await apiRoot
      .orders()
      .edits()
      .post({
        body: {
          resource: { typeId: 'order', id: order.id },
          stagedActions: [{ action: 'changeLineItemQuantity', lineItemId: order.lineItems[0]!.id, quantity: 3 }],
        },
      })
      .execute()
  ).body;
  const mutation = `mutation ($id: String!, $editVersion: Long!, $resourceVersion: Long!) {
    applyOrderEdit(id: $id, editVersion: $editVersion, resourceVersion: $resourceVersion) { id version result { type } } }`;
  const stale = await graphql(apiRoot, mutation, { id: edit.id, editVersion: edit.version + 5, resourceVersion: order.version });
  expect(stale.errors?.[0]).toMatchObject({ extensions: { code: 'ConcurrentModification' } });
  expect(stale.data.applyOrderEdit).toBeNull();

  const { data, errors } = await graphql(apiRoot, mutation, { id: edit.id, editVersion: edit.version, resourceVersion: order.version });
  expect(errors).toBeUndefined();
  expect(data.applyOrderEdit).toMatchObject({ id: edit.id, result: { type: 'Applied' } });
  const after = (await apiRoot.orders().withId({ ID: order.id }).get().execute()).body;
  expect(after.lineItems[0]!.quantity).toBe(3);
  expect(after.version).toBeGreaterThan(order.version);
});
