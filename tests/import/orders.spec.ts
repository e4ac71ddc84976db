/**
 * Order imports and order patches through the Import API's SDK: an order is created as
 * `POST /orders/import` creates one (its customer, products and custom type by key, waited for while
 * missing; `OrderImported`), never overwritten; an order patch waits for its order and applies its
 * fields as the order's update actions, with their messages; a refused action fails the whole patch.
 */
import type { ByProjectKeyRequestBuilder, OrderImport, OrderPatchImport } from '@commercetools/importapi-sdk';
import { test, expect } from '../support/sdk.js';
import type { CommerceMock } from '../../src/index.js';
import { importApiRoot, money, readOperation } from './support.js';

const shippingInfo = { shippingMethodName: 'Standard', price: money(500), shippingRate: { price: money(500) } };

async function importOrders(imports: ByProjectKeyRequestBuilder, resources: OrderImport[]) {
  const { body } = await imports
    .orders()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'orders' })
    .post({ body: { type: 'order', resources } })
    .execute();
  return body.operationStatus.map((status) => status.operationId!);
}

async function importPatches(imports: ByProjectKeyRequestBuilder, patches: OrderPatchImport[]) {
  const { body } = await imports
    .orderPatches()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'orders' })
    .post({ body: { type: 'order-patch', patches } })
    .execute();
  return body.operationStatus.map((status) => status.operationId!);
}

async function containerFor(mock: CommerceMock) {
  const imports = importApiRoot(mock);
  await imports
    .importContainers()
    .post({ body: { key: 'orders' } })
    .execute();
  return imports;
}

const operation = async (imports: ByProjectKeyRequestBuilder, id: string) =>
  (await imports.importOperations().withIdValue({ id }).get().execute()).body;

test('an order waits for its customer, product and custom type, then is imported as POST /orders/import imports one', async ({
  mock,
  apiRoot,
}) => {
  const imports = await containerFor(mock);
  const order: OrderImport = {
    orderNumber: 'ord-1',
    customer: { typeId: 'customer', key: 'ada' },
    customerEmail: 'ada@example.com',
    totalPrice: money(2500),
    orderState: 'Confirmed',
    lineItems: [
      {
        name: { en: 'Mug' },
        product: { typeId: 'product', key: 'mug' },
        variant: { sku: 'MUG-1' },
        price: { value: money(1000) },
        quantity: 2,
      },
    ],
    shippingInfo,
    custom: { type: { typeId: 'type', key: 'order-extra' }, fields: { note: { type: 'String', value: 'gift' } } },
  };
  const [id] = await importOrders(imports, [order]);
  expect(await operation(imports, id!)).toMatchObject({
    resourceKey: 'ord-1',
    state: 'unresolved',
    unresolvedReferences: [
      { typeId: 'customer', key: 'ada' },
      { typeId: 'product', key: 'mug' },
      { typeId: 'type', key: 'order-extra' },
    ],
  });

  await apiRoot
    .customers()
    .post({ body: { key: 'ada', email: 'ada@example.com', password: 'secret' } })
    .execute();
  mock.data.create('product-type', { key: 'pt', name: 'Things', description: 'Things' });
  mock.data.create('product', {
    key: 'mug',
    name: { en: 'Mug' },
    slug: { en: 'mug' },
    productType: { typeId: 'product-type', key: 'pt' },
    masterVariant: { sku: 'MUG-1' },
  });
  expect((await operation(imports, id!)).unresolvedReferences).toEqual([{ typeId: 'type', key: 'order-extra' }]);
  mock.data.create('type', {
    key: 'order-extra',
    name: { en: 'Extra' },
    resourceTypeIds: ['order'],
    fieldDefinitions: [{ name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } }],
  });

  const { body: stored } = await apiRoot.orders().withOrderNumber({ orderNumber: 'ord-1' }).get().execute();
  expect(stored).toMatchObject({
    customerId: mock.data.getByKey('customer', 'ada')!.id,
    customerEmail: 'ada@example.com',
    totalPrice: { centAmount: 2500, currencyCode: 'EUR' },
    orderState: 'Confirmed',
    custom: { fields: { note: 'gift' } },
    lineItems: [{ productId: mock.data.getByKey('product', 'mug')!.id, productKey: 'mug', variant: { sku: 'MUG-1' }, quantity: 2 }],
  });
  expect(await operation(imports, id!)).toMatchObject({ state: 'imported', resourceVersion: stored.version });
  expect(mock.data.all('message').filter((message) => message.type === 'OrderImported')).toHaveLength(1);

  // An order import creates: the same order number again is refused, and the order stays as it was.
  const [again] = await importOrders(imports, [{ ...order, totalPrice: money(9999) }]);
  expect(await operation(imports, again!)).toMatchObject({ state: 'validationFailed', errors: [{ code: 'DuplicateField' }] });
  expect((await apiRoot.orders().withOrderNumber({ orderNumber: 'ord-1' }).get().execute()).body.version).toBe(stored.version);
});

test('an order patch waits for its order, then adds deliveries, parcels and return info with their messages', async ({ mock, apiRoot }) => {
  const imports = await containerFor(mock);
  const measurements = { heightInMillimeter: 20, lengthInMillimeter: 40, widthInMillimeter: 5, weightInGram: 10 };
  const [patchId] = await importPatches(imports, [
    { orderNumber: 'ord-2', fields: { addDeliveries: [{ items: [], parcels: [{ measurements, trackingData: { trackingId: 'T-1' } }] }] } },
  ]);
  expect(await operation(imports, patchId!)).toMatchObject({
    resourceKey: 'ord-2',
    state: 'unresolved',
    unresolvedReferences: [{ typeId: 'order', key: 'ord-2' }],
  });

  // The order arrives through the Import API too: the same pass imports the patch after it.
  const [orderId] = await importOrders(imports, [
    {
      orderNumber: 'ord-2',
      totalPrice: money(1000),
      lineItems: [{ name: { en: 'Lamp' }, variant: { sku: 'LAMP-1' }, price: { value: money(1000) }, quantity: 1 }],
      shippingInfo,
    },
  ]);
  expect((await operation(imports, orderId!)).state).toBe('imported');
  let order = (await apiRoot.orders().withOrderNumber({ orderNumber: 'ord-2' }).get().execute()).body;
  expect(await operation(imports, patchId!)).toMatchObject({ state: 'imported', resourceVersion: order.version });
  const delivery = order.shippingInfo!.deliveries![0]!;
  expect(delivery.parcels).toMatchObject([{ measurements, trackingData: { trackingId: 'T-1' } }]);

  const lineItemId = order.lineItems[0]!.id;
  const parcelId = delivery.parcels[0]!.id;
  const [second] = await importPatches(imports, [
    {
      orderNumber: 'ord-2',
      fields: {
        addReturnInfo: { items: [{ quantity: 1, lineItemId, shipmentState: 'Returned' }], returnTrackingId: 'R-1' },
        addParcelToDelivery: { deliveryId: delivery.id, measurements },
        setParcelTrackingData: { parcelId, trackingData: { trackingId: 'T-2', carrier: 'DHL' } },
        setParcelItems: [{ parcelId, items: [{ id: lineItemId, quantity: 1 }] }],
      },
    },
  ]);
  order = (await apiRoot.orders().withOrderNumber({ orderNumber: 'ord-2' }).get().execute()).body;
  expect(await operation(imports, second!)).toMatchObject({ state: 'imported', resourceVersion: order.version });
  expect(order.returnInfo).toMatchObject([{ returnTrackingId: 'R-1', items: [{ quantity: 1, lineItemId, shipmentState: 'Returned' }] }]);
  const parcels = order.shippingInfo!.deliveries![0]!.parcels;
  expect(parcels).toHaveLength(2);
  expect(parcels[0]).toMatchObject({ trackingData: { trackingId: 'T-2', carrier: 'DHL' }, items: [{ id: lineItemId, quantity: 1 }] });
  const types = mock.data.all('message').map((message) => message.type);
  expect(types).toEqual(
    expect.arrayContaining([
      'OrderImported',
      'DeliveryAdded',
      'ReturnInfoAdded',
      'ParcelAddedToDelivery',
      'ParcelTrackingDataUpdated',
      'ParcelItemsUpdated',
    ]),
  );

  // A patch whose action the order refuses changes nothing: validationFailed with the order's error.
  const version = order.version;
  const [refused] = await importPatches(imports, [
    { orderNumber: 'ord-2', fields: { setParcelMeasurements: { parcelId, measurements }, removeDelivery: { id: 'no-such-delivery' } } },
  ]);
  expect(await operation(imports, refused!)).toMatchObject({
    state: 'validationFailed',
    errors: [expect.objectContaining({ code: expect.any(String) })],
  });
  expect((await apiRoot.orders().withOrderNumber({ orderNumber: 'ord-2' }).get().execute()).body.version).toBe(version);
  // And a delivery can go.
  const [removal] = await importPatches(imports, [{ orderNumber: 'ord-2', fields: { removeDelivery: { id: delivery.id } } }]);
  expect((await readOperation(mock, removal!)).state).toBe('imported');
  expect((await apiRoot.orders().withOrderNumber({ orderNumber: 'ord-2' }).get().execute()).body.shippingInfo!.deliveries).toEqual([]);
});

test('order and order patch requests are validated: patches under `patches`, the fields of the definition', async ({ mock }) => {
  await containerFor(mock);
  const post = async (path: string, request: unknown) => {
    const response = await fetch(`${mock.options.importUrl}/test-project/${path}/import-containers/orders`, {
      method: 'POST',
      body: JSON.stringify(request),
    });
    const body = (await response.json()) as { errors: Array<{ code: string; detailedErrorMessage: string }> };
    return { status: response.status, details: body.errors.map((error) => `${error.code} ${error.detailedErrorMessage}`).join(' ') };
  };
  const patch = { orderNumber: 'ord-3', fields: { addReturnInfo: { items: [{ quantity: 1, shipmentState: 'Lost' }] } } };
  const wrongState = await post('order-patches', { type: 'order-patch', patches: [patch] });
  expect(wrongState.status).toBe(400);
  expect(wrongState.details).toMatch(/^InvalidJsonInput .*shipmentState/);
  // Order patches are listed as `patches`, not `resources`.
  expect((await post('order-patches', { type: 'order-patch', resources: [{ orderNumber: 'ord-3', fields: {} }] })).status).toBe(400);
  const noTotal = await post('orders', { type: 'order', resources: [{ orderNumber: 'ord-3' }] });
  expect(noTotal.status).toBe(400);
  expect(noTotal.details).toContain('totalPrice');
  expect(mock.data.all('import-operation')).toEqual([]);
});
