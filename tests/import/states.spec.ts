/**
 * The processing states and lifetimes the platform documents beyond imported/unresolved: a new
 * product whose product type requires a variant attribute waits for its master variant
 * (`waitForMasterVariant`) until a product variant import brings it, in either order; a container's
 * `ttl` retention policy deletes it with its operations, and operations go 48 hours after they were
 * made, both when the mock's clock gets there.
 */
import type { ByProjectKeyRequestBuilder } from '@commercetools/importapi-sdk';
import { test, expect } from '../support/sdk.js';
import type { CommerceMock } from '../../src/index.js';
import { importApiRoot } from './support.js';

async function setUp(mock: CommerceMock, requiredSize = true) {
  mock.data.create('product-type', {
    key: 'shirts',
    name: 'Shirts',
    description: 'Shirts',
    attributes: [{ name: 'size', label: { en: 'Size' }, isRequired: requiredSize, type: { name: 'text' } }],
  });
  const imports = importApiRoot(mock);
  await imports
    .importContainers()
    .post({ body: { key: 'catalog' } })
    .execute();
  return imports;
}

const container = (imports: ByProjectKeyRequestBuilder) =>
  imports.importContainers().withImportContainerKeyValue({ importContainerKey: 'catalog' });
const tee = { key: 'tee', name: { en: 'Tee' }, slug: { en: 'tee' }, productType: { typeId: 'product-type' as const, key: 'shirts' } };
const masterVariant = {
  key: 'tee-s',
  sku: 'TEE-S',
  isMasterVariant: true,
  attributes: [{ name: 'size', type: 'text' as const, value: 'S' }],
  product: { typeId: 'product' as const, key: 'tee' },
};

async function importProduct(imports: ByProjectKeyRequestBuilder) {
  const { body } = await imports
    .products()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'catalog' })
    .post({ body: { type: 'product', resources: [tee] } })
    .execute();
  return body.operationStatus[0]!.operationId!;
}

async function importMasterVariant(imports: ByProjectKeyRequestBuilder) {
  const { body } = await imports
    .productVariants()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'catalog' })
    .post({ body: { type: 'product-variant', resources: [masterVariant] } })
    .execute();
  return body.operationStatus[0]!.operationId!;
}

const operation = async (imports: ByProjectKeyRequestBuilder, id: string) =>
  (await imports.importOperations().withIdValue({ id }).get().execute()).body;

test('a product whose type requires a variant attribute waits for its master variant, then is made with it', async ({ mock, apiRoot }) => {
  const imports = await setUp(mock);
  const productId = await importProduct(imports);
  const waiting = await operation(imports, productId);
  expect(waiting).toMatchObject({ resourceKey: 'tee', state: 'waitForMasterVariant' });
  expect(waiting.unresolvedReferences).toBeUndefined();
  expect(mock.data.getByKey('product', 'tee')).toBeUndefined();
  const { body: summary } = await container(imports).importSummaries().get().execute();
  expect(summary.states).toMatchObject({ waitForMasterVariant: 1, imported: 0 });
  const waitingState = await container(imports)
    .importOperations()
    .get({ queryArgs: { state: 'waitForMasterVariant' } })
    .execute();
  expect(waitingState.body.results.map((result) => result.id)).toEqual([productId]);

  // Another write changes nothing for it: still waiting, not rewritten.
  mock.data.create('category', { key: 'aa', name: { en: 'A' }, slug: { en: 'aa' } });
  expect(await operation(imports, productId)).toMatchObject({ state: 'waitForMasterVariant', version: waiting.version });

  // The master variant arrives: the product is made with it, and both operations are imported.
  const variantId = await importMasterVariant(imports);
  const { body: product } = await apiRoot.products().withKey({ key: 'tee' }).get().execute();
  expect(product.masterData.staged.masterVariant).toMatchObject({ key: 'tee-s', sku: 'TEE-S', attributes: [{ name: 'size', value: 'S' }] });
  expect(product.masterData.staged.variants).toEqual([]);
  expect((await operation(imports, productId)).state).toBe('imported');
  expect(await operation(imports, variantId)).toMatchObject({ state: 'imported', resourceVersion: product.version });
});

test('a master variant imported before its product waits for it, and the product import takes it', async ({ mock, apiRoot }) => {
  const imports = await setUp(mock);
  const variantId = await importMasterVariant(imports);
  expect(await operation(imports, variantId)).toMatchObject({
    state: 'unresolved',
    unresolvedReferences: [{ typeId: 'product', key: 'tee' }],
  });
  const productId = await importProduct(imports);
  expect((await operation(imports, productId)).state).toBe('imported');
  expect((await operation(imports, variantId)).state).toBe('imported');
  const { body: product } = await apiRoot.products().withKey({ key: 'tee' }).get().execute();
  expect(product.masterData.staged.masterVariant.sku).toBe('TEE-S');
});

test('a product whose type requires no variant attribute is made at once, with an empty master variant', async ({ mock, apiRoot }) => {
  const imports = await setUp(mock, false);
  expect((await operation(imports, await importProduct(imports))).state).toBe('imported');
  const { body: product } = await apiRoot.products().withKey({ key: 'tee' }).get().execute();
  expect(product.masterData.staged.masterVariant.sku).toBeUndefined();
});

test("a container's ttl retention policy deletes it and its operations when the mock's clock reaches expiresAt", async ({ mock }) => {
  const imports = importApiRoot(mock);
  // The SDK (5.18) predates retention policies in its types: the definition has them.
  const retained = { key: 'daily', retentionPolicy: { strategy: 'ttl', config: { timeToLive: '1h' } } };
  const { body: daily } = await imports
    .importContainers()
    .post({ body: retained as { key: string } })
    .execute();
  const { expiresAt } = daily as typeof daily & { expiresAt: string };
  expect(Date.parse(expiresAt) - Date.parse(daily.createdAt)).toBe(3_600_000);
  await imports
    .importContainers()
    .post({ body: { key: 'kept' } })
    .execute();
  const { body } = await imports
    .categories()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'daily' })
    .post({
      body: {
        type: 'category',
        resources: [
          { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } },
          { key: 'boots', name: { en: 'Boots' }, slug: { en: 'boots' }, parent: { typeId: 'category', key: 'missing' } },
        ],
      },
    })
    .execute();
  const ids = body.operationStatus.map((status) => status.operationId!);

  mock.clock.advance('PT59M');
  expect((await imports.importContainers().withImportContainerKeyValue({ importContainerKey: 'daily' }).get().execute()).body.key).toBe(
    'daily',
  );
  mock.clock.advance('PT1M');
  const gone = await imports
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'daily' })
    .get()
    .execute()
    .catch((error: { statusCode: number }) => error);
  expect((gone as { statusCode: number }).statusCode).toBe(404);
  for (const id of ids) {
    const missing = await imports
      .importOperations()
      .withIdValue({ id })
      .get()
      .execute()
      .catch((error: { statusCode: number }) => error);
    expect((missing as { statusCode: number }).statusCode).toBe(404);
  }
  expect(mock.data.all('import-operation')).toEqual([]);
  expect((await imports.importContainers().get().execute()).body.results.map((result) => result.key)).toEqual(['kept']);
  // What it imported stays.
  expect(mock.data.getByKey('category', 'shoes')).toBeDefined();
});

test("operations are deleted 48 hours after they were made, by the mock's clock, without any other write", async ({ mock }) => {
  const imports = importApiRoot(mock);
  await imports
    .importContainers()
    .post({ body: { key: 'cc' } })
    .execute();
  await imports
    .categories()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'cc' })
    .post({ body: { type: 'category', resources: [{ key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } }] } })
    .execute();
  mock.clock.advance('PT47H59M');
  expect(mock.data.all('import-operation')).toHaveLength(1);
  mock.clock.advance('PT1M');
  expect(mock.data.all('import-operation')).toEqual([]);
  const { body: summary } = await imports
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'cc' })
    .importSummaries()
    .get()
    .execute();
  expect(summary.total).toBe(0);
});
