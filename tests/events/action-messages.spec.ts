/**
 * The messages of update actions, type by type, through the official SDK: each action's message
 * type, in action order, with the platform's payload (the response check validates every message
 * `/messages` answers against the platform's definition).
 */
import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import { createCart, setupCatalog } from '../checkout/carts-support.js';
import { typeWithStringField } from '../support/resources.js';
import { expect, test } from '../support/sdk.js';
import { messagesOf } from './support.js';

/** The messages of one resource after its Created message, in order, as `/messages` serves them. */
async function messagesAfterCreate(apiRoot: ByProjectKeyRequestBuilder, resourceId: string): Promise<Array<Record<string, unknown>>> {
  return (await messagesOf(apiRoot, resourceId)).slice(1);
}

/** The messages' types, each at the version the one update request produced. */
function expectTypesAt(messages: Array<Record<string, unknown>>, types: string[], version: number): void {
  expect(messages.map((m) => [m.type, m.resourceVersion])).toEqual(types.map((type) => [type, version]));
}

test('customer: address, name, group, store, custom field and password messages', async ({ apiRoot }) => {
  const type = await typeWithStringField(apiRoot, 'customer-note', ['customer', 'address']);
  const group = (
    await apiRoot
      .customerGroups()
      .post({ body: { key: 'vip', groupName: 'VIP' } })
      .execute()
  ).body;
  await apiRoot
    .stores()
    .post({ body: { key: 'berlin' } })
    .execute();
  const customer = (
    await apiRoot
      .customers()
      .post({ body: { email: 'ada@example.com', password: 'secret' } })
      .execute()
  ).body.customer;
  const address = { id: 'home-1', key: 'home', country: 'DE', city: 'Berlin' };
  const updated = (
    await apiRoot
      .customers()
      .withId({ ID: customer.id })
      .post({
        body: {
          version: customer.version,
          actions: [
            { action: 'addAddress', address },
            { action: 'addShippingAddressId', addressKey: 'home' },
            { action: 'setDefaultBillingAddress', addressKey: 'home' },
            { action: 'changeAddress', addressKey: 'home', address: { ...address, city: 'Potsdam' } },
            {
              action: 'setAddressCustomType',
              addressId: 'home-1',
              type: { key: type.key!, typeId: 'type' },
              fields: { note: 'ring twice' },
            },
            { action: 'setAddressCustomField', addressId: 'home-1', name: 'note', value: 'knock' },
            { action: 'setTitle', title: 'Countess' },
            { action: 'setCompanyName', companyName: 'Analytical Engines' },
            { action: 'setDateOfBirth', dateOfBirth: '1815-12-10' },
            { action: 'setExternalId', externalId: 'ext-1' },
            { action: 'setCustomerGroup', customerGroup: { key: 'vip', typeId: 'customer-group' } },
            { action: 'addCustomerGroupAssignment', customerGroupAssignment: { customerGroup: { key: 'vip', typeId: 'customer-group' } } },
            { action: 'addStore', store: { key: 'berlin', typeId: 'store' } },
            { action: 'setCustomType', type: { key: type.key!, typeId: 'type' } },
            { action: 'setCustomField', name: 'note', value: 'first' },
            { action: 'setCustomField', name: 'note', value: 'second' },
            { action: 'setCustomField', name: 'note' },
            { action: 'setCustomType' },
            { action: 'removeAddress', addressKey: 'home' },
          ],
        },
      })
      .execute()
  ).body;
  await apiRoot
    .customers()
    .password()
    .post({ body: { id: customer.id, version: updated.version, currentPassword: 'secret', newPassword: 'better' } })
    .execute();

  const messages = await messagesAfterCreate(apiRoot, customer.id);
  expect(messages.map((m) => m.type)).toEqual([
    'CustomerAddressAdded',
    'CustomerShippingAddressAdded',
    'CustomerDefaultBillingAddressSet',
    'CustomerAddressChanged',
    'CustomerAddressCustomTypeSet',
    'CustomerAddressCustomFieldChanged',
    'CustomerTitleSet',
    'CustomerCompanyNameSet',
    'CustomerDateOfBirthSet',
    'CustomerExternalIdSet',
    'CustomerGroupSet',
    'CustomerGroupAssignmentAdded',
    'CustomerStoresSet',
    'CustomerCustomTypeSet',
    'CustomerCustomFieldAdded',
    'CustomerCustomFieldChanged',
    'CustomerCustomFieldRemoved',
    'CustomerCustomTypeRemoved',
    'CustomerAddressRemoved',
    'CustomerPasswordUpdated',
  ]);
  expect(new Set(messages.map((m) => m.resourceVersion))).toEqual(new Set([updated.version, updated.version + 1]));
  const byType = Object.fromEntries(messages.map((m) => [m.type, m]));
  const addressId = 'home-1';
  expect(byType.CustomerAddressAdded).toMatchObject({ address: { key: 'home', city: 'Berlin' } });
  expect(byType.CustomerShippingAddressAdded).toMatchObject({ address: { id: addressId, city: 'Berlin' } });
  expect(byType.CustomerDefaultBillingAddressSet).toMatchObject({ address: { id: addressId } });
  expect(byType.CustomerAddressChanged).toMatchObject({
    address: { id: addressId, city: 'Potsdam' },
    addressRoles: ['Shipping', 'Billing'],
  });
  expect(byType.CustomerAddressCustomTypeSet).toMatchObject({
    addressId,
    customFields: { type: { typeId: 'type', id: type.id }, fields: { note: 'ring twice' } },
  });
  expect(byType.CustomerAddressCustomFieldChanged).toMatchObject({ addressId, name: 'note', value: 'knock', previousValue: 'ring twice' });
  expect(byType.CustomerTitleSet).toMatchObject({ title: 'Countess' });
  expect(byType.CustomerDateOfBirthSet).toMatchObject({ dateOfBirth: '1815-12-10' });
  expect(byType.CustomerGroupSet).toMatchObject({ customerGroup: { typeId: 'customer-group', id: group.id } });
  expect(byType.CustomerGroupAssignmentAdded).toMatchObject({ customerGroupAssignment: { customerGroup: { id: group.id } } });
  expect(byType.CustomerStoresSet).toMatchObject({ stores: [{ typeId: 'store', key: 'berlin' }], oldStores: [] });
  expect(byType.CustomerCustomTypeSet).toMatchObject({ customFields: { type: { id: type.id }, fields: {} } });
  expect(byType.CustomerCustomTypeSet).not.toHaveProperty('previousTypeId');
  expect(byType.CustomerCustomFieldAdded).toMatchObject({ name: 'note', value: 'first' });
  expect(byType.CustomerCustomFieldChanged).toMatchObject({ name: 'note', value: 'second', previousValue: 'first' });
  expect(byType.CustomerCustomFieldRemoved).toMatchObject({ name: 'note' });
  expect(byType.CustomerCustomTypeRemoved).toMatchObject({ previousTypeId: type.id });
  expect(byType.CustomerAddressRemoved).toMatchObject({
    address: { id: addressId, city: 'Potsdam' },
    addressRoles: ['Shipping', 'Billing'],
  });
  expect(byType.CustomerPasswordUpdated).toMatchObject({ reset: false });
});

test('business unit: name, status, associate, mode, store, address and custom field messages', async ({ apiRoot }) => {
  const type = await typeWithStringField(apiRoot, 'unit-note', ['business-unit']);
  await apiRoot
    .stores()
    .post({ body: { key: 'berlin' } })
    .execute();
  const role = (
    await apiRoot
      .associateRoles()
      .post({ body: { key: 'buyer', permissions: ['CreateMyCarts'] } })
      .execute()
  ).body;
  const customer = (
    await apiRoot
      .customers()
      .post({ body: { email: 'ada@example.com', password: 'secret' } })
      .execute()
  ).body.customer;
  const unit = (
    await apiRoot
      .businessUnits()
      .post({ body: { key: 'acme', unitType: 'Company', name: 'ACME' } })
      .execute()
  ).body;
  const associate = {
    customer: { id: customer.id, typeId: 'customer' as const },
    associateRoleAssignments: [{ associateRole: { key: role.key, typeId: 'associate-role' as const } }],
  };
  const updated = (
    await apiRoot
      .businessUnits()
      .withId({ ID: unit.id })
      .post({
        body: {
          version: unit.version,
          actions: [
            { action: 'changeName', name: 'ACME Inc.' },
            { action: 'setContactEmail', contactEmail: 'buy@acme.test' },
            { action: 'changeStatus', status: 'Inactive' },
            { action: 'addAssociate', associate },
            { action: 'removeAssociate', customer: { id: customer.id, typeId: 'customer' } },
            { action: 'addStore', store: { key: 'berlin', typeId: 'store' } },
            { action: 'removeStore', store: { key: 'berlin', typeId: 'store' } },
            { action: 'addAddress', address: { key: 'hq', country: 'DE' } },
            { action: 'addBillingAddressId', addressKey: 'hq' },
            { action: 'setCustomType', type: { key: type.key!, typeId: 'type' }, fields: { note: 'a' } },
            { action: 'setCustomField', name: 'note', value: 'b' },
          ],
        },
      })
      .execute()
  ).body;

  const messages = await messagesAfterCreate(apiRoot, unit.id);
  expectTypesAt(
    messages,
    [
      'BusinessUnitNameChanged',
      'BusinessUnitContactEmailSet',
      'BusinessUnitStatusChanged',
      'BusinessUnitAssociateAdded',
      'BusinessUnitAssociateRemoved',
      'BusinessUnitStoreAdded',
      'BusinessUnitStoreRemoved',
      'BusinessUnitAddressAdded',
      'BusinessUnitBillingAddressAdded',
      'BusinessUnitCustomTypeSet',
      'BusinessUnitCustomFieldChanged',
    ],
    updated.version,
  );
  const byType = Object.fromEntries(messages.map((m) => [m.type, m]));
  expect(byType.BusinessUnitNameChanged).toMatchObject({ name: 'ACME Inc.' });
  expect(byType.BusinessUnitStatusChanged).toMatchObject({ active: 'Inactive' });
  expect(byType.BusinessUnitAssociateAdded).toMatchObject({ associate: { customer: { id: customer.id } } });
  expect(byType.BusinessUnitAssociateRemoved).toMatchObject({ associate: { customer: { id: customer.id } } });
  expect(byType.BusinessUnitStoreRemoved).toMatchObject({ store: { typeId: 'store', key: 'berlin' } });
  expect(byType.BusinessUnitBillingAddressAdded).toMatchObject({ address: { key: 'hq', country: 'DE' } });
  expect(byType.BusinessUnitCustomFieldChanged).toMatchObject({ name: 'note', value: 'b', oldValue: 'a' });
});

test('order: state, customer, address, payment, delivery, parcel, return and custom field messages', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const type = await typeWithStringField(apiRoot, 'order-note', ['order', 'order-delivery']);
  const open = (
    await apiRoot
      .states()
      .post({ body: { key: 'open', type: 'OrderState', initial: true } })
      .execute()
  ).body;
  const initial = (
    await apiRoot
      .states()
      .post({ body: { key: 'Initial', type: 'LineItemState' } })
      .execute()
  ).body;
  const packed = (
    await apiRoot
      .states()
      .post({ body: { key: 'packed', type: 'LineItemState' } })
      .execute()
  ).body;
  const payment = (
    await apiRoot
      .payments()
      .post({ body: { amountPlanned: { currencyCode: 'EUR', centAmount: 100 } } })
      .execute()
  ).body;
  const cart = await createCart(apiRoot, {
    currency: 'EUR',
    country: 'DE',
    lineItems: [{ sku: 'A-1', quantity: 2 }],
    customLineItems: [
      {
        name: { en: 'Gift wrap' },
        slug: 'wrap',
        money: { currencyCode: 'EUR', centAmount: 250 },
        taxCategory: { typeId: 'tax-category', key: 'standard' },
      },
    ],
    shippingAddress: { country: 'DE', city: 'Berlin' },
    shippingMethod: { typeId: 'shipping-method', key: 'dhl' },
  });
  const order = (
    await apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
      .execute()
  ).body;
  const [lineItem] = order.lineItems;
  const [customLineItem] = order.customLineItems;
  const updated = (
    await apiRoot
      .orders()
      .withId({ ID: order.id })
      .post({
        body: {
          version: order.version,
          actions: [
            { action: 'transitionState', state: { key: 'open', typeId: 'state' } },
            {
              action: 'transitionCustomLineItemState',
              customLineItemId: customLineItem!.id,
              quantity: 1,
              fromState: { id: initial.id, typeId: 'state' },
              toState: { id: packed.id, typeId: 'state' },
            },
            { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-1' },
            { action: 'setCustomerEmail', email: 'ada@example.com' },
            { action: 'setBillingAddress', address: { country: 'DE', city: 'Hamburg' } },
            { action: 'addPayment', payment: { id: payment.id, typeId: 'payment' } },
            { action: 'removePayment', payment: { id: payment.id, typeId: 'payment' } },
            { action: 'addDelivery', deliveryKey: 'd1', items: [{ id: lineItem!.id, quantity: 1 }] },
            { action: 'setDeliveryItems', deliveryKey: 'd1', items: [{ id: lineItem!.id, quantity: 2 }] },
            { action: 'setDeliveryCustomType', deliveryKey: 'd1', type: { key: type.key!, typeId: 'type' } },
            { action: 'setDeliveryCustomField', deliveryKey: 'd1', name: 'note', value: 'fragile' },
            { action: 'addParcelToDelivery', deliveryKey: 'd1', parcelKey: 'p1' },
            { action: 'setParcelTrackingData', parcelKey: 'p1', trackingData: { trackingId: 'T-1' } },
            { action: 'removeParcelFromDelivery', parcelKey: 'p1' },
            { action: 'removeDelivery', deliveryKey: 'd1' },
            { action: 'addReturnInfo', items: [{ lineItemId: lineItem!.id, quantity: 1, shipmentState: 'Returned', key: 'r1' }] },
            { action: 'setReturnShipmentState', returnItemKey: 'r1', shipmentState: 'BackInStock' },
            { action: 'setCustomType', type: { key: type.key!, typeId: 'type' }, fields: { note: 'a' } },
            { action: 'setCustomField', name: 'note' },
          ],
        },
      })
      .execute()
  ).body;

  const messages = await messagesAfterCreate(apiRoot, order.id);
  expect(messages.map((m) => m.type)).toEqual([
    'OrderStateTransition',
    'CustomLineItemStateTransition',
    'OrderPurchaseOrderNumberSet',
    'OrderCustomerEmailSet',
    'OrderBillingAddressSet',
    'OrderPaymentAdded',
    'OrderPaymentRemoved',
    'DeliveryAdded',
    'DeliveryItemsUpdated',
    'DeliveryCustomTypeSet',
    'DeliveryCustomFieldAdded',
    'ParcelAddedToDelivery',
    'ParcelTrackingDataUpdated',
    'ParcelRemovedFromDelivery',
    'DeliveryRemoved',
    'ReturnInfoAdded',
    'OrderReturnShipmentStateChanged',
    'OrderCustomTypeSet',
    'OrderCustomFieldRemoved',
  ]);
  expect(new Set(messages.map((m) => m.resourceVersion))).toEqual(new Set([updated.version]));
  const byType = Object.fromEntries(messages.map((m) => [m.type, m]));
  expect(byType.OrderStateTransition).toMatchObject({ state: { typeId: 'state', id: open.id }, force: false });
  expect(byType.OrderStateTransition).not.toHaveProperty('oldState');
  expect(byType.CustomLineItemStateTransition).toMatchObject({
    customLineItemId: customLineItem!.id,
    quantity: 1,
    fromState: { id: initial.id },
    toState: { id: packed.id },
  });
  expect(byType.OrderPurchaseOrderNumberSet).toMatchObject({ purchaseOrderNumber: 'PO-1' });
  expect(byType.OrderCustomerEmailSet).toMatchObject({ email: 'ada@example.com' });
  expect(byType.OrderBillingAddressSet).toMatchObject({ address: { city: 'Hamburg' } });
  expect(byType.OrderPaymentRemoved).toMatchObject({ paymentRef: { id: payment.id }, removedPaymentInfo: true });
  const delivery = byType.DeliveryAdded!.delivery as { id: string };
  expect(delivery).toMatchObject({ key: 'd1', items: [{ id: lineItem!.id, quantity: 1 }] });
  expect(byType.DeliveryItemsUpdated).toMatchObject({
    deliveryId: delivery.id,
    items: [{ quantity: 2 }],
    oldItems: [{ quantity: 1 }],
  });
  expect(byType.DeliveryCustomFieldAdded).toMatchObject({ deliveryId: delivery.id, name: 'note', value: 'fragile' });
  expect(byType.ParcelAddedToDelivery).toMatchObject({ delivery: { id: delivery.id }, parcel: { key: 'p1' } });
  expect(byType.ParcelTrackingDataUpdated).toMatchObject({ deliveryId: delivery.id, trackingData: { trackingId: 'T-1' } });
  expect(byType.ParcelRemovedFromDelivery).toMatchObject({ deliveryId: delivery.id, parcel: { key: 'p1' } });
  expect(byType.DeliveryRemoved).toMatchObject({ delivery: { id: delivery.id, key: 'd1' } });
  expect(byType.ReturnInfoAdded).toMatchObject({ returnInfo: { items: [{ key: 'r1', shipmentState: 'Returned' }] } });
  expect(byType.OrderReturnShipmentStateChanged).toMatchObject({ returnShipmentState: 'BackInStock' });
  expect(byType.OrderCustomFieldRemoved).toMatchObject({ name: 'note' });
});

test('product: slug, category, variant, image, price and state messages, staged or not', async ({ apiRoot }) => {
  const type = await typeWithStringField(apiRoot, 'price-note', ['product-price']);
  const productType = (
    await apiRoot
      .productTypes()
      .post({ body: { key: 'plain', name: 'plain', description: 'plain' } })
      .execute()
  ).body;
  const category = (
    await apiRoot
      .categories()
      .post({ body: { name: { en: 'Cups' }, slug: { en: 'cups' } } })
      .execute()
  ).body;
  const state = (
    await apiRoot
      .states()
      .post({ body: { key: 'draft', type: 'ProductState', initial: true } })
      .execute()
  ).body;
  const product = (
    await apiRoot
      .products()
      .post({
        body: {
          productType: { typeId: 'product-type', id: productType.id },
          name: { en: 'Mug' },
          slug: { en: 'mug' },
          masterVariant: { sku: 'MUG-1', prices: [{ key: 'base', value: { currencyCode: 'EUR', centAmount: 1000 } }] },
        },
      })
      .execute()
  ).body;
  const basePrice = product.masterData.staged.masterVariant.prices![0]!;
  const euro = (centAmount: number) => ({ value: { currencyCode: 'EUR', centAmount } });
  const updated = (
    await apiRoot
      .products()
      .withId({ ID: product.id })
      .post({
        body: {
          version: product.version,
          actions: [
            { action: 'changeSlug', slug: { en: 'big-mug' } },
            { action: 'addToCategory', category: { id: category.id, typeId: 'category' }, staged: false },
            { action: 'transitionState', state: { id: state.id, typeId: 'state' } },
            { action: 'addVariant', sku: 'MUG-2' },
            { action: 'addExternalImage', sku: 'MUG-2', image: { url: 'https://img.test/mug.png', dimensions: { w: 10, h: 10 } } },
            { action: 'addPrice', variantId: 1, price: { ...euro(900), country: 'DE' } },
            { action: 'changePrice', priceId: basePrice.id, price: { ...euro(1100), key: 'base' } },
            { action: 'setPriceKey', priceId: basePrice.id, key: 'list' },
            { action: 'setProductPriceCustomType', priceId: basePrice.id, type: { key: type.key!, typeId: 'type' } },
            { action: 'setProductPriceCustomField', priceId: basePrice.id, name: 'note', value: 'promo' },
            { action: 'removePrice', priceId: basePrice.id },
            { action: 'removeVariant', sku: 'MUG-2' },
            { action: 'setPriceMode', priceMode: 'Standalone' },
            { action: 'revertStagedChanges' },
          ],
        },
      })
      .execute()
  ).body;

  const messages = await messagesAfterCreate(apiRoot, product.id);
  expectTypesAt(
    messages,
    [
      'ProductSlugChanged',
      'ProductAddedToCategory',
      'ProductStateTransition',
      'ProductVariantAdded',
      'ProductImageAdded',
      'ProductPriceAdded',
      'ProductPriceChanged',
      'ProductPriceKeySet',
      'ProductPriceCustomFieldsSet',
      'ProductPriceCustomFieldAdded',
      'ProductPriceRemoved',
      'ProductVariantDeleted',
      'ProductPriceModeSet',
      'ProductRevertedStagedChanges',
    ],
    updated.version,
  );
  const byType = Object.fromEntries(messages.map((m) => [m.type, m]));
  expect(byType.ProductSlugChanged).toMatchObject({ slug: { en: 'big-mug' }, oldSlug: { en: 'mug' } });
  expect(byType.ProductAddedToCategory).toMatchObject({ category: { id: category.id }, staged: false });
  expect(byType.ProductStateTransition).toMatchObject({ state: { id: state.id }, force: false });
  expect(byType.ProductVariantAdded).toMatchObject({ variant: { id: 2, sku: 'MUG-2' }, staged: true });
  expect(byType.ProductImageAdded).toMatchObject({ variantId: 2, image: { url: 'https://img.test/mug.png' }, staged: true });
  expect(byType.ProductPriceAdded).toMatchObject({ variantId: 1, price: { value: { centAmount: 900 } } });
  expect(byType.ProductPriceChanged).toMatchObject({
    variantId: 1,
    oldPrice: { id: basePrice.id, value: { centAmount: 1000 } },
    newPrice: { id: basePrice.id, value: { centAmount: 1100 } },
  });
  expect(byType.ProductPriceKeySet).toMatchObject({ priceId: basePrice.id, key: 'list', oldKey: 'base' });
  expect(byType.ProductPriceCustomFieldsSet).toMatchObject({ priceId: basePrice.id, variantId: 1, customField: { type: { id: type.id } } });
  expect(byType.ProductPriceCustomFieldAdded).toMatchObject({ priceId: basePrice.id, name: 'note', value: 'promo' });
  expect(byType.ProductPriceRemoved).toMatchObject({ variantId: 1, price: { id: basePrice.id, key: 'list' }, staged: true });
  expect(byType.ProductVariantDeleted).toMatchObject({ variant: { id: 2, sku: 'MUG-2' }, removedImageUrls: [] });
  expect(byType.ProductPriceModeSet).toMatchObject({ to: 'Standalone' });

  // Taking the state away is no transition: no message.
  await apiRoot
    .products()
    .withId({ ID: product.id })
    .post({ body: { version: updated.version, actions: [{ action: 'transitionState' }] } })
    .execute();
  expect((await messagesAfterCreate(apiRoot, product.id)).map((m) => m.type)).toHaveLength(messages.length);
});

test('standalone price and inventory: value, staged changes, tiers, validity, quantity messages', async ({ apiRoot }) => {
  const price = (
    await apiRoot
      .standalonePrices()
      .post({ body: { sku: 'MUG-1', key: 'mug-eur', value: { currencyCode: 'EUR', centAmount: 1000 } } })
      .execute()
  ).body;
  const priceUpdated = (
    await apiRoot
      .standalonePrices()
      .withId({ ID: price.id })
      .post({
        body: {
          version: price.version,
          actions: [
            { action: 'changeValue', value: { currencyCode: 'EUR', centAmount: 900 }, staged: true },
            { action: 'applyStagedChanges' },
            { action: 'changeActive', active: false },
            { action: 'addPriceTier', tier: { minimumQuantity: 10, value: { currencyCode: 'EUR', centAmount: 800 } } },
            { action: 'removePriceTier', minimumQuantity: 10 },
            { action: 'setValidFrom', validFrom: '2030-01-01T00:00:00.000Z' },
            { action: 'setKey', key: 'mug' },
          ],
        },
      })
      .execute()
  ).body;
  const entry = (
    await apiRoot
      .inventory()
      .post({ body: { sku: 'MUG-1', quantityOnStock: 5 } })
      .execute()
  ).body;
  await apiRoot
    .inventory()
    .withId({ ID: entry.id })
    .post({
      body: {
        version: entry.version,
        actions: [
          { action: 'addQuantity', quantity: 3 },
          { action: 'setReservationExpirationInMinutes', reservationExpirationInMinutes: 30 },
        ],
      },
    })
    .execute();

  const priceMessages = await messagesAfterCreate(apiRoot, price.id);
  expectTypesAt(
    priceMessages,
    [
      'StandalonePriceValueChanged',
      'StandalonePriceStagedChangesApplied',
      'StandalonePriceActiveChanged',
      'StandalonePriceTierAdded',
      'StandalonePriceTierRemoved',
      'StandalonePriceValidFromSet',
      'StandalonePriceKeySet',
    ],
    priceUpdated.version,
  );
  const byType = Object.fromEntries(priceMessages.map((m) => [m.type, m]));
  expect(byType.StandalonePriceValueChanged).toMatchObject({ value: { centAmount: 900 }, staged: true });
  // A first staged value replaces no staged one.
  expect(byType.StandalonePriceValueChanged).not.toHaveProperty('oldValue');
  expect(byType.StandalonePriceStagedChangesApplied).toMatchObject({ stagedChanges: { value: { centAmount: 900 } } });
  expect(byType.StandalonePriceActiveChanged).toMatchObject({ active: false, oldActive: true });
  expect(byType.StandalonePriceTierRemoved).toMatchObject({ removedTier: { minimumQuantity: 10, value: { centAmount: 800 } } });
  expect(byType.StandalonePriceValidFromSet).toMatchObject({ validFrom: '2030-01-01T00:00:00.000Z' });
  expect(byType.StandalonePriceKeySet).toMatchObject({ key: 'mug', oldKey: 'mug-eur' });

  const entryMessages = await messagesAfterCreate(apiRoot, entry.id);
  expect(entryMessages).toEqual([
    expect.objectContaining({
      type: 'InventoryEntryQuantitySet',
      oldQuantityOnStock: 5,
      newQuantityOnStock: 8,
      oldAvailableQuantity: 5,
      newAvailableQuantity: 8,
      sku: 'MUG-1',
    }),
    expect.objectContaining({ type: 'InventoryEntryReservationExpirationInMinutesSet', newReservationExpirationInMinutes: 30 }),
  ]);
});

test('store and payment: list changes, storefront, method info, status and transaction messages', async ({ apiRoot }) => {
  const store = (
    await apiRoot
      .stores()
      .post({ body: { key: 'berlin', countries: [{ code: 'DE' }] } })
      .execute()
  ).body;
  await apiRoot
    .stores()
    .withId({ ID: store.id })
    .post({
      body: {
        version: store.version,
        actions: [
          { action: 'setName', name: { en: 'Berlin' } },
          { action: 'setCountries', countries: [{ code: 'AT' }, { code: 'CH' }] },
          { action: 'setLanguages', languages: ['en'] },
        ],
      },
    })
    .execute();
  const storeMessages = await messagesAfterCreate(apiRoot, store.id);
  expect(storeMessages.map((m) => m.type)).toEqual(['StoreNameSet', 'StoreCountriesChanged', 'StoreLanguagesChanged']);
  expect(storeMessages[1]).toMatchObject({ addedCountries: [{ code: 'AT' }, { code: 'CH' }], removedCountries: [{ code: 'DE' }] });
  expect(storeMessages[2]).toMatchObject({ addedLanguages: ['en'] });
  expect(storeMessages[2]).not.toHaveProperty('removedLanguages');

  const payment = (
    await apiRoot
      .payments()
      .post({
        body: {
          amountPlanned: { currencyCode: 'EUR', centAmount: 100 },
          transactions: [{ type: 'Charge', amount: { currencyCode: 'EUR', centAmount: 100 } }],
        },
      })
      .execute()
  ).body;
  const paid = await apiRoot
    .payments()
    .withId({ ID: payment.id })
    .post({
      body: {
        version: payment.version,
        actions: [
          { action: 'setInterfaceId', interfaceId: 'psp-1' },
          { action: 'setMethodInfoMethod', method: 'card' },
          { action: 'setStatusInterfaceCode', interfaceCode: '200' },
          { action: 'setTransactionInterfaceId', transactionId: payment.transactions[0]!.id, interfaceId: 'tx-1' },
        ],
      },
    })
    .execute();
  expect(paid.statusCode).toBe(200);
  const paymentMessages = await messagesAfterCreate(apiRoot, payment.id);
  expect(paymentMessages).toEqual([
    expect.objectContaining({ type: 'PaymentInterfaceIdSet', interfaceId: 'psp-1' }),
    expect.objectContaining({ type: 'PaymentMethodInfoMethodSet', method: 'card' }),
    expect.objectContaining({ type: 'PaymentStatusInterfaceCodeSet', paymentId: payment.id, interfaceCode: '200' }),
    expect.objectContaining({
      type: 'PaymentTransactionInterfaceIdSet',
      transactionId: payment.transactions[0]!.id,
      newInterfaceId: 'tx-1',
    }),
  ]);
});

test('review, discount group, associate role, customer group and cart messages', async ({ apiRoot }) => {
  const review = (
    await apiRoot
      .reviews()
      .post({ body: { rating: 3, text: 'fine' } })
      .execute()
  ).body;
  await apiRoot
    .reviews()
    .withId({ ID: review.id })
    .post({ body: { version: review.version, actions: [{ action: 'setRating', rating: 5 }] } })
    .execute();
  expect(await messagesAfterCreate(apiRoot, review.id)).toEqual([
    expect.objectContaining({ type: 'ReviewRatingSet', oldRating: 3, newRating: 5, includedInStatistics: true }),
  ]);

  const group = (
    await apiRoot
      .discountGroups()
      .post({ body: { key: 'summer', sortOrder: '0.5' } })
      .execute()
  ).body;
  await apiRoot
    .discountGroups()
    .withId({ ID: group.id })
    .post({
      body: {
        version: group.version,
        actions: [
          { action: 'setSortOrder', sortOrder: '0.6' },
          { action: 'setIsActive', isActive: false },
          { action: 'setKey', key: 'summer-2030' },
        ],
      },
    })
    .execute();
  expect(await messagesAfterCreate(apiRoot, group.id)).toEqual([
    expect.objectContaining({ type: 'DiscountGroupSortOrderSet', sortOrder: '0.6', oldSortOrder: '0.5' }),
    expect.objectContaining({ type: 'DiscountGroupIsActiveSet', isActive: false }),
    expect.objectContaining({ type: 'DiscountGroupKeySet', key: 'summer-2030', oldKey: 'summer' }),
  ]);

  const role = (
    await apiRoot
      .associateRoles()
      .post({ body: { key: 'buyer', permissions: ['CreateMyCarts'] } })
      .execute()
  ).body;
  await apiRoot
    .associateRoles()
    .withId({ ID: role.id })
    .post({
      body: {
        version: role.version,
        actions: [
          { action: 'addPermission', permission: 'UpdateMyCarts' },
          { action: 'removePermission', permission: 'CreateMyCarts' },
          { action: 'changeBuyerAssignable', buyerAssignable: false },
        ],
      },
    })
    .execute();
  expect(await messagesAfterCreate(apiRoot, role.id)).toEqual([
    expect.objectContaining({ type: 'AssociateRolePermissionAdded', permission: 'UpdateMyCarts' }),
    expect.objectContaining({ type: 'AssociateRolePermissionRemoved', permission: 'CreateMyCarts' }),
    expect.objectContaining({ type: 'AssociateRoleBuyerAssignableChanged', buyerAssignable: false }),
  ]);

  const type = await typeWithStringField(apiRoot, 'group-note', ['customer-group']);
  const customerGroup = (
    await apiRoot
      .customerGroups()
      .post({ body: { groupName: 'VIP', custom: { type: { key: type.key!, typeId: 'type' }, fields: { note: 'a' } } } })
      .execute()
  ).body;
  await apiRoot
    .customerGroups()
    .withId({ ID: customerGroup.id })
    .post({
      body: {
        version: customerGroup.version,
        actions: [{ action: 'setCustomField', name: 'note', value: 'b' }, { action: 'setCustomType' }],
      },
    })
    .execute();
  // Customer groups have no Created message: their custom fields' messages are all they have.
  const groupMessages = await apiRoot
    .messages()
    .get({ queryArgs: { where: `resource(id="${customerGroup.id}")`, sort: 'sequenceNumber asc' } })
    .execute();
  expect(groupMessages.body.results).toEqual([
    expect.objectContaining({ type: 'CustomerGroupCustomFieldChanged', name: 'note', value: 'b', oldValue: 'a', sequenceNumber: 1 }),
    expect.objectContaining({ type: 'CustomerGroupCustomTypeRemoved', oldTypeId: type.id, sequenceNumber: 2 }),
  ]);

  const cart = (
    await apiRoot
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute()
  ).body;
  await apiRoot
    .carts()
    .withId({ ID: cart.id })
    .post({
      body: {
        version: cart.version,
        actions: [
          { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-7' },
          { action: 'freezeCart' },
          { action: 'unfreezeCart' },
          { action: 'lockCart' },
          { action: 'unlockCart' },
        ],
      },
    })
    .execute();
  const cartMessages = await apiRoot
    .messages()
    .get({ queryArgs: { where: `resource(id="${cart.id}")`, sort: 'sequenceNumber asc' } })
    .execute();
  expect(cartMessages.body.results.map((m) => m.type)).toEqual([
    'CartPurchaseOrderNumberSet',
    'CartFrozen',
    'CartUnfrozen',
    'CartLocked',
    'CartUnlocked',
  ]);
  expect(cartMessages.body.results[0]).toMatchObject({ purchaseOrderNumber: 'PO-7' });
});
