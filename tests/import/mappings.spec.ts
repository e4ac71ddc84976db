/**
 * What an import writes to the main API, per mapped import type: created by key, then updated to
 * what a second import describes (through update actions, so their messages are recorded);
 * references waited for, also within one request; a write the main API refuses ends
 * `validationFailed` with its errors.
 */
import { test, expect } from '../support/sdk.js';
import type { CommerceMock } from '../../src/index.js';
import { importApiRoot, importResources, money } from './support.js';

const messageTypes = (mock: CommerceMock) => mock.data.all('message').map((message) => message.type as string);

test('categories: a child before its parent in one request waits for it; a second import updates with actions', async ({ mock }) => {
  const child = { key: 'shirts', name: { en: 'Shirts' }, slug: { en: 'shirts' }, parent: { typeId: 'category', key: 'men' } };
  const parent = { key: 'men', name: { en: 'Men' }, slug: { en: 'men' }, orderHint: '0.1' };
  const [first, second] = await importResources(mock, 'categories', 'category', [child, parent]);
  expect([first!.state, second!.state]).toEqual(['imported', 'imported']);
  const men = mock.data.getByKey('category', 'men')!;
  expect(mock.data.getByKey('category', 'shirts')!.parent).toEqual({ typeId: 'category', id: men.id });

  const changed = { ...parent, name: { en: 'Gentlemen' }, slug: { en: 'gentlemen' }, description: { en: 'For men' } };
  const [update] = await importResources(mock, 'categories', 'category', [changed]);
  const updated = mock.data.getByKey('category', 'men')!;
  expect(updated).toMatchObject({ version: 2, name: { en: 'Gentlemen' }, slug: { en: 'gentlemen' }, description: { en: 'For men' } });
  expect(update).toMatchObject({ state: 'imported', resourceVersion: 2 });
  expect(messageTypes(mock)).toEqual(['CategoryCreated', 'CategoryCreated', 'CategorySlugChanged']);
  // The same import again changes nothing.
  await importResources(mock, 'categories', 'category', [changed]);
  expect(mock.data.getByKey('category', 'men')!.version).toBe(2);
});

test('customers: created with their addresses and customer group by key, then their email and names updated', async ({ mock }) => {
  mock.data.create('customer-group', { key: 'vip', groupName: 'VIP' });
  const customer = {
    key: 'ada',
    email: 'ada@example.com',
    password: 'secret',
    firstName: 'Ada',
    customerGroup: { typeId: 'customer-group', key: 'vip' },
    addresses: [{ key: 'home', country: 'DE', city: 'Berlin' }],
    defaultShippingAddress: 0,
  };
  expect((await importResources(mock, 'customers', 'customer', [customer]))[0]!.state).toBe('imported');
  const stored = mock.data.getByKey('customer', 'ada')!;
  expect(stored.customerGroup).toEqual({ typeId: 'customer-group', id: mock.data.getByKey('customer-group', 'vip')!.id });
  expect(stored.addresses[0]).toMatchObject({ key: 'home', country: 'DE', city: 'Berlin' });
  expect(stored.defaultShippingAddressId).toBe(stored.addresses[0]!.id);

  await importResources(mock, 'customers', 'customer', [
    { ...customer, email: 'ada@lovelace.example', firstName: undefined, lastName: 'Lovelace' },
  ]);
  const updated = mock.data.getByKey('customer', 'ada')!;
  expect(updated).toMatchObject({ email: 'ada@lovelace.example', lastName: 'Lovelace' });
  expect(updated.firstName).toBeUndefined();
  expect(messageTypes(mock)).toEqual(
    expect.arrayContaining(['CustomerCreated', 'CustomerEmailChanged', 'CustomerLastNameSet', 'CustomerFirstNameSet']),
  );
});

test('inventories and standalone prices: created by key, their quantity and value changed by a second import', async ({ mock }) => {
  await importResources(mock, 'inventories', 'inventory', [{ key: 'stock-1', sku: 'SKU-1', quantityOnStock: 5 }]);
  await importResources(mock, 'inventories', 'inventory', [{ key: 'stock-1', sku: 'SKU-1', quantityOnStock: 8, restockableInDays: 3 }]);
  expect(mock.data.getByKey('inventory-entry', 'stock-1')).toMatchObject({
    sku: 'SKU-1',
    quantityOnStock: 8,
    availableQuantity: 8,
    restockableInDays: 3,
    version: 2,
  });

  await importResources(mock, 'standalone-prices', 'standalone-price', [{ key: 'sp-1', sku: 'SKU-1', value: money(1000), country: 'DE' }]);
  await importResources(mock, 'standalone-prices', 'standalone-price', [{ key: 'sp-1', sku: 'SKU-1', value: money(1200), country: 'DE' }]);
  expect(mock.data.getByKey('standalone-price', 'sp-1')).toMatchObject({ value: { centAmount: 1200 }, country: 'DE', version: 2 });
  expect(messageTypes(mock)).toEqual(expect.arrayContaining(['InventoryEntryQuantitySet', 'StandalonePriceValueChanged']));
});

test('types and product types: created, then renamed and given the new definitions', async ({ mock }) => {
  const field = (name: string) => ({ name, label: { en: name }, required: false, type: { name: 'String' } });
  await importResources(mock, 'types', 'type', [
    { key: 'extra', name: { en: 'Extra' }, resourceTypeIds: ['category'], fieldDefinitions: [field('aa')] },
  ]);
  await importResources(mock, 'types', 'type', [
    { key: 'extra', name: { en: 'More' }, resourceTypeIds: ['category'], fieldDefinitions: [field('aa'), field('bb')] },
  ]);
  const type = mock.data.getByKey('type', 'extra')!;
  expect(type.name).toEqual({ en: 'More' });
  expect(type.fieldDefinitions.map((definition) => definition.name)).toEqual(['aa', 'bb']);

  const attribute = (name: string) => ({ name, label: { en: name }, isRequired: false, type: { name: 'text' } });
  await importResources(mock, 'product-types', 'product-type', [
    { key: 'pt', name: 'Shirts', description: 'Shirts', attributes: [attribute('color')] },
  ]);
  await importResources(mock, 'product-types', 'product-type', [
    { key: 'pt', name: 'Shirts', description: 'All shirts', attributes: [attribute('color'), attribute('size')] },
  ]);
  const productType = mock.data.getByKey('product-type', 'pt')!;
  expect(productType.description).toBe('All shirts');
  expect(productType.attributes!.map((definition) => definition.name)).toEqual(['color', 'size']);
});

test('product drafts, prices and product variants build a published product step by step', async ({ mock, apiRoot }) => {
  await importResources(mock, 'product-types', 'product-type', [
    {
      key: 'pt',
      name: 'Shirts',
      description: 'Shirts',
      attributes: [{ name: 'color', label: { en: 'Color' }, isRequired: false, type: { name: 'text' } }],
    },
  ]);
  const draft = {
    key: 'shirt',
    name: { en: 'Shirt' },
    slug: { en: 'shirt' },
    productType: { typeId: 'product-type', key: 'pt' },
    masterVariant: {
      key: 'shirt-1',
      sku: 'SHIRT-1',
      attributes: [{ name: 'color', type: 'text', value: 'red' }],
      prices: [{ key: 'eur', value: money(1999) }],
    },
    publish: true,
  };
  expect((await importResources(mock, 'product-drafts', 'product-draft', [draft]))[0]!.state).toBe('imported');
  let product = (await apiRoot.products().withKey({ key: 'shirt' }).get().execute()).body;
  expect(product.masterData.published).toBe(true);
  expect(product.masterData.current.masterVariant).toMatchObject({
    sku: 'SHIRT-1',
    attributes: [{ name: 'color', value: 'red' }],
    prices: [{ key: 'eur', value: { centAmount: 1999 } }],
  });

  // A second variant, and the master variant's color changed: staged, then published.
  await importResources(mock, 'product-drafts', 'product-draft', [
    {
      ...draft,
      masterVariant: { ...draft.masterVariant, attributes: [{ name: 'color', type: 'text', value: 'blue' }] },
      variants: [{ key: 'shirt-2', sku: 'SHIRT-2' }],
    },
  ]);
  product = (await apiRoot.products().withKey({ key: 'shirt' }).get().execute()).body;
  expect(product.masterData.current.masterVariant.attributes).toEqual([{ name: 'color', value: 'blue' }]);
  expect(product.masterData.current.variants.map((variant) => variant.sku)).toEqual(['SHIRT-2']);
  expect(product.masterData.hasStagedChanges).toBe(false);

  // An embedded price by key: added, then changed, staged unless asked to publish.
  const price = {
    key: 'usd',
    value: { ...money(2500), currencyCode: 'USD' },
    product: { typeId: 'product', key: 'shirt' },
    productVariant: { typeId: 'product-variant', key: 'shirt-2' },
  };
  await importResources(mock, 'prices', 'price', [price]);
  product = (await apiRoot.products().withKey({ key: 'shirt' }).get().execute()).body;
  expect(product.masterData.staged.variants[0]!.prices).toMatchObject([{ key: 'usd', value: { centAmount: 2500 } }]);
  expect(product.masterData.current.variants[0]!.prices).toEqual([]);
  await importResources(mock, 'prices', 'price', [{ ...price, value: { ...price.value, centAmount: 2700 }, publish: true }]);
  product = (await apiRoot.products().withKey({ key: 'shirt' }).get().execute()).body;
  expect(product.masterData.current.variants[0]!.prices).toMatchObject([{ key: 'usd', value: { centAmount: 2700 } }]);

  // A product variant import adds a third variant.
  await importResources(mock, 'product-variants', 'product-variant', [
    {
      key: 'shirt-3',
      sku: 'SHIRT-3',
      isMasterVariant: false,
      product: { typeId: 'product', key: 'shirt' },
      attributes: [{ name: 'color', type: 'text', value: 'green' }],
    },
  ]);
  product = (await apiRoot.products().withKey({ key: 'shirt' }).get().execute()).body;
  expect(product.masterData.staged.variants.map((variant) => variant.key)).toEqual(['shirt-2', 'shirt-3']);
  expect(messageTypes(mock)).toEqual(
    expect.arrayContaining(['ProductCreated', 'ProductPublished', 'ProductVariantAdded', 'ProductPriceAdded']),
  );
});

test('a product import updates the product-level fields and publishes when asked', async ({ mock, apiRoot }) => {
  mock.data.create('product-type', { key: 'pt', name: 'T', description: 'T' });
  mock.data.create('category', { key: 'aa', name: { en: 'A' }, slug: { en: 'aa' } });
  mock.data.create('category', { key: 'bb', name: { en: 'B' }, slug: { en: 'bb' } });
  const base = { key: 'mug', name: { en: 'Mug' }, slug: { en: 'mug' }, productType: { typeId: 'product-type', key: 'pt' } };
  await importResources(mock, 'products', 'product', [
    { ...base, categories: [{ typeId: 'category', key: 'aa' }], description: { en: 'Old' } },
  ]);
  await importResources(mock, 'products', 'product', [
    { ...base, name: { en: 'Big mug' }, categories: [{ typeId: 'category', key: 'bb' }], publish: true },
  ]);
  const product = (await apiRoot.products().withKey({ key: 'mug' }).get().execute()).body;
  expect(product.masterData.published).toBe(true);
  expect(product.masterData.current.name).toEqual({ en: 'Big mug' });
  expect(product.masterData.current.description).toBeUndefined();
  expect(product.masterData.current.categories).toEqual([{ typeId: 'category', id: mock.data.getByKey('category', 'bb')!.id }]);
});

test('product tailorings: created for their store and product, then brought to a second import with actions, published when asked', async ({
  mock,
}) => {
  mock.data.create('product-type', {
    key: 'pt',
    name: 'Type',
    description: 'A type',
    attributes: [{ name: 'colour', label: { en: 'Colour' }, isRequired: false, type: { name: 'text' } }],
  });
  mock.data.create('store', { key: 'dach' });
  const tailoring = {
    key: 'mug-dach',
    store: { typeId: 'store', key: 'dach' },
    product: { typeId: 'product', key: 'mug' },
    name: { de: 'Tasse' },
    variants: [{ sku: 'MUG-1', attributes: [{ name: 'colour', type: 'text', value: 'rot' }] }],
  };
  // Waits for its product.
  expect((await importResources(mock, 'product-tailorings', 'product-tailoring', [tailoring]))[0]!.state).toBe('unresolved');
  const product = mock.data.create('product', {
    key: 'mug',
    productType: { typeId: 'product-type', key: 'pt' },
    name: { en: 'Mug' },
    slug: { en: 'mug' },
    masterVariant: { sku: 'MUG-1' },
  });
  const made = mock.data.getByKey('product-tailoring', 'mug-dach')!;
  expect(made).toMatchObject({
    version: 1,
    store: { typeId: 'store', key: 'dach' },
    product: { typeId: 'product', id: product.id },
    published: false,
    staged: { name: { de: 'Tasse' }, variants: [{ id: 1, attributes: [{ name: 'colour', value: 'rot' }] }] },
  });

  const changed = { ...tailoring, name: { de: 'Becher' }, slug: { de: 'becher' }, variants: [], publish: true };
  const [update] = await importResources(mock, 'product-tailorings', 'product-tailoring', [changed]);
  expect(update).toMatchObject({ state: 'imported', resourceVersion: 2 });
  const updated = mock.data.getByKey('product-tailoring', 'mug-dach')!;
  expect(updated).toMatchObject({ published: true, hasStagedChanges: false, current: { name: { de: 'Becher' }, slug: { de: 'becher' } } });
  expect(updated.current.variants).toBeUndefined();
  expect(messageTypes(mock)).toEqual(
    expect.arrayContaining([
      'ProductTailoringCreated',
      'ProductTailoringNameSet',
      'ProductTailoringSlugSet',
      'ProductVariantTailoringRemoved',
      'ProductTailoringPublished',
    ]),
  );
  // The same import again changes nothing; another store or product under the key is refused.
  await importResources(mock, 'product-tailorings', 'product-tailoring', [changed]);
  expect(mock.data.getByKey('product-tailoring', 'mug-dach')!.version).toBe(2);
  mock.data.create('store', { key: 'uk' });
  const [moved] = await importResources(mock, 'product-tailorings', 'product-tailoring', [
    { ...changed, store: { typeId: 'store', key: 'uk' } },
  ]);
  expect(moved).toMatchObject({ state: 'validationFailed', errors: [{ code: 'InvalidOperation' }] });
});

test('a resource the main API refuses ends validationFailed with its errors, and nothing is written', async ({ mock }) => {
  mock.data.create('category', { key: 'taken', name: { en: 'Taken' }, slug: { en: 'same' } });
  const [operation] = await importResources(mock, 'categories', 'category', [
    { key: 'other', name: { en: 'Other' }, slug: { en: 'same' } },
  ]);
  expect(operation).toMatchObject({ state: 'validationFailed', errors: [{ code: 'DuplicateField', field: 'slug' }] });
  expect(mock.data.getByKey('category', 'other')).toBeUndefined();
});

test('import operations are listed per container, filtered by state and resource key; debug shows unresolved references', async ({
  mock,
}) => {
  await importResources(mock, 'categories', 'category', [
    { key: 'aa', name: { en: 'A' }, slug: { en: 'aa' } },
    { key: 'bb', name: { en: 'B' }, slug: { en: 'bb' }, parent: { typeId: 'category', key: 'missing' } },
  ]);
  const container = importApiRoot(mock).importContainers().withImportContainerKeyValue({ importContainerKey: 'cc' });
  const all = (await container.importOperations().get().execute()).body;
  expect(all).toMatchObject({ limit: 20, offset: 0, count: 2, total: 2 });
  expect(all.results.map((operation) => [operation.resourceKey, operation.state])).toEqual([
    ['aa', 'imported'],
    ['bb', 'unresolved'],
  ]);
  expect(all.results[1]!.unresolvedReferences).toBeUndefined();
  const unresolved = (
    await container
      .importOperations()
      .get({ queryArgs: { state: 'unresolved', debug: true } })
      .execute()
  ).body;
  expect(unresolved.results).toHaveLength(1);
  expect(unresolved.results[0]!.unresolvedReferences).toEqual([{ typeId: 'category', key: 'missing' }]);
  const byKey = (
    await container
      .importOperations()
      .get({ queryArgs: { resourceKey: 'aa' } })
      .execute()
  ).body;
  expect(byKey.results.map((operation) => operation.resourceKey)).toEqual(['aa']);
});

test('an unresolved operation expires 48 hours after it was made (the mock clock): deleted, never imported', async ({ mock }) => {
  const [operation] = await importResources(mock, 'categories', 'category', [
    { key: 'late', name: { en: 'Late' }, slug: { en: 'late' }, parent: { typeId: 'category', key: 'parent' } },
  ]);
  expect(operation!.state).toBe('unresolved');
  const realNow = Date.now;
  Date.now = () => realNow() + 48 * 3600 * 1000 + 1000;
  try {
    expect((await fetch(`${mock.options.importUrl}/test-project/import-operations/${operation!.id}`)).status).toBe(404);
    mock.data.create('category', { key: 'parent', name: { en: 'Parent' }, slug: { en: 'parent' } });
  } finally {
    Date.now = realNow;
  }
  expect(mock.data.getByKey('category', 'late')).toBeUndefined();
  expect(mock.data.all('import-operation')).toEqual([]);
});

test('variants: a Variant of the modular catalog created by key, then given the import’s data; refused outside a modular project', async ({
  mock,
  apiRoot,
}) => {
  mock.data.create('product-type', {
    key: 'pt',
    name: 'T',
    description: 'T',
    attributes: [{ name: 'size', label: { en: 'Size' }, isRequired: false, type: { name: 'text' } }],
  });
  mock.data.create('product', { key: 'tee', name: { en: 'Tee' }, slug: { en: 'tee' }, productType: { typeId: 'product-type', key: 'pt' } });
  const resource = {
    key: 'tee-s',
    sku: 'TEE-S',
    product: { typeId: 'product', key: 'tee' },
    attributes: [{ name: 'size', type: 'text', value: 'S' }],
    publish: true,
  };
  const [classic] = await importResources(mock, 'variants', 'variant', [resource]);
  expect(classic).toMatchObject({ state: 'validationFailed', errors: [{ code: 'InvalidOperation' }] });

  const project = (await apiRoot.get().execute()).body;
  const modular = { action: 'setProductCatalogModel', productCatalogModel: 'Modular' } as never;
  await expect(apiRoot.post({ body: { version: project.version, actions: [modular] } }).execute()).rejects.toMatchObject({
    statusCode: 400,
  });
  // The model changes only while the project has no products: start again in a modular project.
  const tee = mock.data.getByKey('product', 'tee')!;
  await apiRoot
    .products()
    .withId({ ID: tee.id })
    .delete({ queryArgs: { version: tee.version } })
    .execute();
  await apiRoot.post({ body: { version: project.version, actions: [modular] } }).execute();
  mock.data.create('product', { key: 'tee', name: { en: 'Tee' }, slug: { en: 'tee' }, productType: { typeId: 'product-type', key: 'pt' } });

  const [created] = await importResources(mock, 'variants', 'variant', [resource]);
  expect(created!.state).toBe('imported');
  const variant = mock.data.getByKey('variant', 'tee-s')!;
  expect(variant).toMatchObject({ published: true, current: { sku: 'TEE-S', attributes: [{ name: 'size', value: 'S' }] } });
  expect(mock.data.getByKey('product', 'tee')!.masterData.current.masterVariant).toMatchObject({ key: 'tee-s', sku: 'TEE-S' });

  const [updated] = await importResources(mock, 'variants', 'variant', [{ ...resource, sku: 'TEE-SMALL', attributes: [] }]);
  expect(updated!.state).toBe('imported');
  expect(mock.data.getByKey('variant', 'tee-s')).toMatchObject({
    version: variant.version + 1,
    current: { sku: 'TEE-SMALL', attributes: [] },
  });
  expect(messageTypes(mock)).toEqual(expect.arrayContaining(['VariantCreated', 'VariantSkuSet']));
});

test('product variant patches set and remove attributes of the variant they name, staged unless told otherwise', async ({ mock }) => {
  mock.data.create('product-type', {
    key: 'pt',
    name: 'T',
    description: 'T',
    attributes: [
      { name: 'color', label: { en: 'Color' }, isRequired: false, type: { name: 'text' } },
      { name: 'size', label: { en: 'Size' }, isRequired: false, type: { name: 'text' } },
    ],
  });
  mock.data.create('product', {
    key: 'shirt',
    name: { en: 'Shirt' },
    slug: { en: 'shirt' },
    productType: { typeId: 'product-type', key: 'pt' },
    masterVariant: { key: 'shirt-1', sku: 'SHIRT-1', attributes: [{ name: 'size', value: 'M' }] },
    publish: true,
  });
  const patch = {
    productVariant: { typeId: 'product-variant', key: 'shirt-1' },
    attributes: { color: { type: 'text', value: 'red' }, size: null },
  };
  const [staged] = await importResources(mock, 'product-variant-patches', 'product-variant-patch', [patch]);
  expect(staged!.state).toBe('imported');
  let product = mock.data.getByKey('product', 'shirt')!;
  expect(product.masterData.staged.masterVariant.attributes).toEqual([{ name: 'color', value: 'red' }]);
  expect(product.masterData.current.masterVariant.attributes).toEqual([{ name: 'size', value: 'M' }]);

  await importResources(mock, 'product-variant-patches', 'product-variant-patch', [
    { ...patch, attributes: { color: { type: 'text', value: 'blue' } }, staged: false },
  ]);
  product = mock.data.getByKey('product', 'shirt')!;
  // The staged removal of `size` stays staged; `color` changes in both.
  expect(product.masterData.current.masterVariant.attributes).toEqual([
    { name: 'size', value: 'M' },
    { name: 'color', value: 'blue' },
  ]);
  expect(product.masterData.staged.masterVariant.attributes).toEqual([{ name: 'color', value: 'blue' }]);

  const [other] = await importResources(mock, 'product-variant-patches', 'product-variant-patch', [
    { ...patch, product: { typeId: 'product', key: 'shirt' }, productVariant: { typeId: 'product-variant', key: 'nope' } },
  ]);
  expect(other!.state).toBe('unresolved');
});
