/**
 * The examples of docs/import-api.md and of `toHaveImported` in docs/playwright.md, run as written
 * (the regions between `doc-example:start` and `doc-example:end`, which tests/core/doc-examples.spec.ts
 * matches with the pages' blocks).
 */
import type { ByProjectKeyRequestBuilder } from '@commercetools/importapi-sdk';
import { test, expect } from '../support/commerce.js';

test('docs/import-api.md: a product imported before its product type', async ({ commerce }) => {
  // doc-example:start
  const imports: ByProjectKeyRequestBuilder = commerce.importApiRoot;
  await imports
    .importContainers()
    .post({ body: { key: 'catalog' } })
    .execute();
  const { body } = await imports
    .products()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'catalog' })
    .post({
      body: {
        type: 'product',
        resources: [{ key: 'lamp', name: { en: 'Lamp' }, slug: { en: 'lamp' }, productType: { typeId: 'product-type', key: 'lights' } }],
      },
    })
    .execute();
  const id = body.operationStatus[0]!.operationId!;
  // The product type does not exist yet: the operation waits for it.
  expect((await imports.importOperations().withIdValue({ id }).get().execute()).body.state).toBe('unresolved');

  await commerce.apiRoot
    .productTypes()
    .post({ body: { key: 'lights', name: 'Lights', description: 'Lights' } })
    .execute();
  // That write imported the product.
  expect((await imports.importOperations().withIdValue({ id }).get().execute()).body.state).toBe('imported');
  await commerce.apiRoot.products().withKey({ key: 'lamp' }).get().execute();
  // doc-example:end
});

test('docs/import-api.md: an order patch that waits for its order', async ({ commerce }) => {
  // doc-example:start
  const imports: ByProjectKeyRequestBuilder = commerce.importApiRoot;
  const container = { importContainerKey: 'orders' };
  await imports
    .importContainers()
    .post({ body: { key: 'orders' } })
    .execute();
  await imports
    .orderPatches()
    .importContainers()
    .withImportContainerKeyValue(container)
    .post({
      body: {
        type: 'order-patch',
        patches: [{ orderNumber: 'A-1', fields: { addDeliveries: [{ items: [], parcels: [{ trackingData: { trackingId: 'T-1' } }] }] } }],
      },
    })
    .execute();
  await expect(commerce).toHaveImported({ containerKey: 'orders', resourceKey: 'A-1', state: 'unresolved' });

  const eur = (centAmount: number) => ({ type: 'centPrecision' as const, currencyCode: 'EUR', centAmount, fractionDigits: 2 });
  await imports
    .orders()
    .importContainers()
    .withImportContainerKeyValue(container)
    .post({
      body: {
        type: 'order',
        resources: [
          {
            orderNumber: 'A-1',
            totalPrice: eur(1500),
            lineItems: [{ name: { en: 'Lamp' }, variant: { sku: 'LAMP-1' }, price: { value: eur(1000) }, quantity: 1 }],
            shippingInfo: { shippingMethodName: 'Standard', price: eur(500), shippingRate: { price: eur(500) } },
          },
        ],
      },
    })
    .execute();
  // The order, then the patch that waited for it.
  await expect(commerce).not.toHaveImported({ containerKey: 'orders', state: 'unresolved' });
  const { body: order } = await commerce.apiRoot.orders().withOrderNumber({ orderNumber: 'A-1' }).get().execute();
  expect(order.shippingInfo?.deliveries?.[0]?.parcels[0]?.trackingData?.trackingId).toBe('T-1');
  // doc-example:end
  expect(commerce).toHaveImported({ containerKey: 'orders', resourceKey: 'A-1' });
});

test('docs/playwright.md: toHaveImported', async ({ commerce }) => {
  const imports: ByProjectKeyRequestBuilder = commerce.importApiRoot;
  await imports
    .importContainers()
    .post({ body: { key: 'catalog' } })
    .execute();
  await commerce.data.seed(['product-type', { key: 'lights', name: 'Lights', description: 'Lights' }]);
  const product = (key: string, productType: string) => ({
    key,
    name: { en: key },
    slug: { en: key },
    productType: { typeId: 'product-type' as const, key: productType },
  });
  await imports
    .products()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'catalog' })
    .post({ body: { type: 'product', resources: [product('lamp', 'lights'), product('shirt', 'apparel')] } })
    .execute();
  // doc-example:start
  await expect(commerce).toHaveImported({ containerKey: 'catalog', resourceKey: 'lamp' });
  await expect(commerce).toHaveImported({ containerKey: 'catalog', resourceKey: 'shirt', state: 'unresolved' });
  await expect(commerce).not.toHaveImported({ containerKey: 'catalog', state: 'validationFailed' });
  // doc-example:end
});
