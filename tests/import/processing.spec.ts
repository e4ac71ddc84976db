/**
 * How the mock processes import operations: at once after the write that stores them, an
 * unresolved one again after every later write to its project (the done-when case of the Import
 * API: a product imported before its product type ends `imported` once the type exists), expiry
 * after 48 hours of the mock's clock.
 */
import { test, expect } from '../support/sdk.js';
import { importApiRoot } from './support.js';

const productImport = (key: string, productTypeKey: string) => ({
  key,
  name: { en: `Product ${key}` },
  slug: { en: `product-${key}` },
  productType: { typeId: 'product-type' as const, key: productTypeKey },
});

test('a product imported before its product type is unresolved, then imported once the type exists, and readable through the main API', async ({
  mock,
  apiRoot,
}) => {
  const imports = importApiRoot(mock);
  await imports
    .importContainers()
    .post({ body: { key: 'catalog' } })
    .execute();
  const { body: response } = await imports
    .products()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'catalog' })
    .post({ body: { type: 'product', resources: [productImport('shirt', 'apparel')] } })
    .execute();
  expect(response.operationStatus).toEqual([{ operationId: expect.any(String), state: 'processing' }]);
  const id = response.operationStatus[0]!.operationId!;

  const waiting = (await imports.importOperations().withIdValue({ id }).get().execute()).body;
  expect(waiting).toMatchObject({
    importContainerKey: 'catalog',
    resourceKey: 'shirt',
    state: 'unresolved',
    unresolvedReferences: [{ typeId: 'product-type', key: 'apparel' }],
  });
  expect(Date.parse(waiting.expiresAt) - Date.parse(waiting.createdAt)).toBe(48 * 3600 * 1000);
  expect(
    (
      await apiRoot
        .products()
        .withKey({ key: 'shirt' })
        .get()
        .execute()
        .catch((error: { statusCode: number }) => error)
    ).statusCode,
  ).toBe(404);

  // The product type arrives through the main API: that write resolves the waiting operation.
  await apiRoot
    .productTypes()
    .post({ body: { key: 'apparel', name: 'Apparel', description: 'Clothes' } })
    .execute();
  const { body: product } = await apiRoot.products().withKey({ key: 'shirt' }).get().execute();
  expect(product.masterData.staged.name).toEqual({ en: 'Product shirt' });
  expect(product.masterData.published).toBe(false);

  const done = (await imports.importOperations().withIdValue({ id }).get().execute()).body;
  expect(done).toMatchObject({ state: 'imported', resourceVersion: product.version });
  expect(done.unresolvedReferences).toBeUndefined();
  expect(done.version).toBeGreaterThan(waiting.version);
  // Written through the engine: its message is recorded.
  expect(
    mock.data.all('message').some((message) => message.type === 'ProductCreated' && (message.resource as { id: string }).id === product.id),
  ).toBe(true);

  const { body: summary } = await imports
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'catalog' })
    .importSummaries()
    .get()
    .execute();
  expect(summary).toEqual({
    states: {
      processing: 0,
      validationFailed: 0,
      unresolved: 0,
      waitForMasterVariant: 0,
      imported: 1,
      rejected: 0,
      canceled: 0,
      partiallyImported: 0,
    },
    total: 1,
  });
});
