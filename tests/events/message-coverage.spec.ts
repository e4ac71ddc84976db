/**
 * Which messages each resource type declares, checked against the platform's definition: every
 * declared type is one of the platform's message types, the types that emit nothing are listed here,
 * and the lifecycle messages of the catalog and store types come out in the platform's shape (the
 * response check validates every message `/messages` answers).
 */
import { resourceDefinitions } from '../../src/resources/index.js';
import { definition } from '../support/openapi.js';
import { expect, test } from '../support/sdk.js';

function declaredMessageTypes(): Map<string, string[]> {
  const declared = new Map<string, string[]>();
  for (const resource of resourceDefinitions) {
    const types = [resource.messages?.created?.type, resource.messages?.imported?.type, resource.messages?.deleted?.type];
    for (const [name, action] of Object.entries({ ...resource.actions, ...resource.internalActions })) {
      for (const type of action.message?.types ?? []) types.push(`${type} (${name})`);
    }
    declared.set(
      resource.typeId,
      types.filter((type): type is string => type !== undefined),
    );
  }
  return declared;
}

test('every declared message type is one of the platform message types', () => {
  const mapping = definition().components.schemas.Message!.allOf![1]!.discriminator!.mapping!;
  const known = new Set(Object.keys(mapping));
  const unknown = [...declaredMessageTypes().values()]
    .flat()
    .map((type) => type.split(' ')[0]!)
    .filter((type) => !known.has(type));
  expect(unknown).toEqual([]);
});

test('a type emits messages exactly when the platform has message types named for it', () => {
  const { schemas } = definition().components;
  // The order's messages (OrderMessage subtypes, OrderEditApplied among them) are the order's, whatever their name starts with.
  const orderMessage = (type: string) => schemas[`${type}Message`]?.allOf?.[0]?.$ref === '#/components/schemas/OrderMessage';
  const platformTypes = Object.keys(schemas.Message!.allOf![1]!.discriminator!.mapping!);
  const pascal = (typeId: string) => typeId.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
  // Derived from the registry and the platform's definition, so a new type needs no line here.
  for (const [typeId, types] of declaredMessageTypes()) {
    const named = platformTypes.filter((type) => type.startsWith(pascal(typeId)) && (typeId === 'order' || !orderMessage(type)));
    // 'Customer' also starts the customer groups' messages: what counts is a message of the type's own resource.
    const own = named.filter(
      (type) =>
        !resourceDefinitions.some(
          (other) => other.typeId !== typeId && other.typeId.startsWith(`${typeId}-`) && type.startsWith(pascal(other.typeId)),
        ),
    );
    expect(types.length > 0, `${typeId}: the platform has ${own.length > 0 ? own.slice(0, 3).join(', ') : 'no message type'} for it`).toBe(
      own.length > 0,
    );
  }
});

test('what the types that emit messages declare', () => {
  const declared = declaredMessageTypes();
  // Each action that has a message on the platform, by name: the order's are most of its actions.
  expect(declared.get('order')).toEqual(
    expect.arrayContaining([
      'OrderCreated',
      'OrderDeleted',
      'OrderStateChanged (changeOrderState)',
      'OrderStateTransition (transitionState)',
      'LineItemStateTransition (transitionLineItemState)',
      'CustomLineItemStateTransition (transitionCustomLineItemState)',
      'OrderPaymentAdded (addPayment)',
      'OrderPaymentRemoved (removePayment)',
      'DeliveryAdded (addDelivery)',
      'ParcelAddedToDelivery (addParcelToDelivery)',
      'ReturnInfoAdded (addReturnInfo)',
      'OrderCustomFieldChanged (setCustomField)',
      'OrderEditApplied (recordOrderEdit)',
    ]),
  );
});

test('the update actions without a message, per type that emits any: the platform has none for them', () => {
  const silent = Object.fromEntries(
    resourceDefinitions
      .filter((resource) => resource.messages?.created || Object.values(resource.actions).some((action) => action.message))
      .map((resource) => [
        resource.typeId,
        Object.entries(resource.actions)
          .filter(([, action]) => !action.message)
          .map(([name]) => name)
          .sort(),
      ]),
  );
  const customFields = ['setCustomField', 'setCustomType'];
  expect(silent).toEqual({
    customer: ['setAuthenticationMode', 'setCustomerNumber', 'setKey', 'setLocale', 'setMiddleName', 'setSalutation', 'setVatId'],
    category: expect.arrayContaining(['changeName', 'changeParent', 'addAsset', ...customFields]),
    'customer-group': ['changeName', 'setKey'],
    store: customFields,
    product: expect.arrayContaining(['changeName', 'setAttribute', 'removeImage', 'setKey', 'addAsset']),
    'inventory-entry': expect.arrayContaining(['setKey', 'setRestockableInDays', 'setSupplyChannel', ...customFields]),
    'standalone-price': customFields,
    // The platform's Variant messages: created, deleted, image added, images set, key set, SKU set, published, unpublished, staged changes removed.
    variant: [
      'addAsset',
      'changeAssetName',
      'changeAssetOrder',
      'moveImageToPosition',
      'removeAsset',
      'removeImage',
      'setAssetCustomField',
      'setAssetCustomType',
      'setAssetDescription',
      'setAssetKey',
      'setAssetSources',
      'setAssetTags',
      'setAssets',
      'setAttribute',
      'setAttributes',
      'setImageLabel',
    ],
    'product-selection': ['changeName', ...customFields, 'setKey'],
    // The platform's tailoring messages: key, name, description, slug, publishing, variants added and removed, images added and set.
    'product-tailoring': [
      'addAsset',
      'changeAssetName',
      'changeAssetOrder',
      'moveImageToPosition',
      'removeAsset',
      'removeImage',
      'setAssetCustomField',
      'setAssetCustomType',
      'setAssetDescription',
      'setAssetKey',
      'setAssetSources',
      'setAssetTags',
      'setAttribute',
      'setAttributeInAllVariants',
      'setImageLabel',
      'setMetaAttributes',
      'setMetaDescription',
      'setMetaKeywords',
      'setMetaTitle',
      'setProductAttribute',
    ],
    payment: expect.arrayContaining(['changeAmountPlanned', 'setAmountPaid', 'setKey', 'setTransactionCustomField', ...customFields]),
    review: expect.arrayContaining(['setAuthorName', 'setTarget', 'setText', ...customFields]),
    'associate-role': customFields,
    'business-unit': [],
    // Every payment method action has its message.
    'payment-method': [],
    'cart-discount': expect.arrayContaining(['changeName', 'changeValue', 'changeIsActive', ...customFields]),
    'discount-code': expect.arrayContaining(['setName', 'changeIsActive', 'changeCartDiscounts', ...customFields]),
    'discount-group': ['setDescription', 'setName'],
    cart: expect.not.arrayContaining([
      'freezeCart',
      'unfreezeCart',
      'lockCart',
      'unlockCart',
      'setPurchaseOrderNumber',
      'setEstimatedDelivery',
    ]),
    order: [
      'addItemShippingAddress',
      'importCustomLineItemState',
      'importLineItemState',
      'removeItemShippingAddress',
      'setBillingAddressCustomField',
      'setBillingAddressCustomType',
      'setCustomLineItemCustomField',
      'setCustomLineItemCustomType',
      'setCustomLineItemShippingDetails',
      'setDeliveryAddressCustomField',
      'setDeliveryAddressCustomType',
      'setItemShippingAddressCustomField',
      'setItemShippingAddressCustomType',
      'setLineItemCustomField',
      'setLineItemCustomType',
      'setLineItemShippingDetails',
      'setLocale',
      'setOrderNumber',
      'setParcelCustomField',
      'setParcelCustomType',
      'setReturnItemCustomField',
      'setReturnItemCustomType',
      'setReturnPaymentState',
      'setShippingAddressCustomField',
      'setShippingAddressCustomType',
      'setShippingCustomField',
      'setShippingCustomType',
      'updateItemShippingAddress',
      'updateSyncInfo',
    ],
    'quote-request': customFields,
    'staged-quote': customFields,
    quote: customFields,
    'approval-rule': customFields,
    'approval-flow': customFields,
    // The platform has no message for a skip configuration.
    'recurring-order': ['setOrderSkipConfiguration'],
  });
});

test('the platform message types the mock never produces: of resources or flows it does not serve, or events it does not model', () => {
  const mapping = definition().components.schemas.Message!.allOf![1]!.discriminator!.mapping!;
  const produced = new Set<string>();
  for (const resource of resourceDefinitions) {
    for (const type of [
      resource.messages?.created?.type,
      resource.messages?.imported?.type,
      resource.messages?.recurring?.type,
      resource.messages?.deleted?.type,
    ]) {
      if (type) produced.add(type);
    }
    for (const action of Object.values({ ...resource.actions, ...resource.internalActions })) {
      for (const type of action.message?.types ?? []) produced.add(type);
    }
  }
  const never = Object.keys(mapping).filter((type) => !produced.has(type));
  // A recurring order's failures (payment, stock) and "order now" are not modelled: it orders when due, or is Failed when its cart is gone.
  const recurringOrderEvents = /^RecurringOrder(Failed|NowRequested)$/;
  // What order edits change of an order's items, discounts and shipping: the staged actions run as the cart's, which have none of these messages.
  const orderEdits = /^Order(LineItem|CustomLineItem|DiscountCode|ShippingInfo|ShippingRateInput|CustomerGroup)[A-Z]/;
  expect(never.filter((type) => !recurringOrderEvents.test(type) && !orderEdits.test(type)).sort()).toEqual([
    // Stock thresholds crossed: the mock does not store an entry's `stockLevels` (reorderPoint, safetyStock) yet.
    'InventoryEntryOutOfStock',
    'InventoryEntryReorderPoint',
    'InventoryEntrySafetyStock',
    // Recalculated product discounts on prices: the mock discounts at read time.
    'ProductPriceDiscountsSet',
    'StandalonePriceDiscountSet',
  ]);
});

test('products, stores, inventory and categories: their lifecycle messages in the platform shape', async ({ apiRoot }) => {
  const productType = (
    await apiRoot
      .productTypes()
      .post({ body: { key: 'plain', name: 'plain', description: 'plain' } })
      .execute()
  ).body;
  const product = (
    await apiRoot
      .products()
      .post({
        body: {
          key: 'mug',
          productType: { typeId: 'product-type', id: productType.id },
          name: { en: 'Mug' },
          slug: { en: 'mug' },
          masterVariant: { sku: 'MUG-1' },
        },
      })
      .execute()
  ).body;
  const publish = async (version: number, action: 'publish' | 'unpublish') =>
    (
      await apiRoot
        .products()
        .withId({ ID: product.id })
        .post({ body: { version, actions: [{ action }] } })
        .execute()
    ).body;
  const published = await publish((await publish(product.version, 'publish')).version, 'unpublish');
  await apiRoot
    .products()
    .withId({ ID: product.id })
    .delete({ queryArgs: { version: published.version } })
    .execute();
  const store = (
    await apiRoot
      .stores()
      .post({ body: { key: 'berlin', name: { en: 'Berlin' }, languages: ['en'] } })
      .execute()
  ).body;
  const entry = (
    await apiRoot
      .inventory()
      .post({ body: { sku: 'MUG-1', quantityOnStock: 3 } })
      .execute()
  ).body;
  await apiRoot
    .inventory()
    .withId({ ID: entry.id })
    .delete({ queryArgs: { version: entry.version } })
    .execute();
  const category = (
    await apiRoot
      .categories()
      .post({ body: { name: { en: 'Cups' }, slug: { en: 'cups' } } })
      .execute()
  ).body;
  await apiRoot
    .categories()
    .withId({ ID: category.id })
    .post({ body: { version: category.version, actions: [{ action: 'changeSlug', slug: { en: 'mugs' } }] } })
    .execute();

  const messages = (
    await apiRoot
      .messages()
      .get({ queryArgs: { limit: 100 } })
      .execute()
  ).body.results;
  expect(messages.map((m) => [m.type, m.resource.typeId, m.sequenceNumber, m.resourceVersion])).toEqual([
    ['ProductCreated', 'product', 1, 1],
    ['ProductPublished', 'product', 2, 2],
    ['ProductUnpublished', 'product', 3, 3],
    ['ProductDeleted', 'product', 4, 4],
    ['StoreCreated', 'store', 1, 1],
    ['InventoryEntryCreated', 'inventory-entry', 1, 1],
    ['InventoryEntryDeleted', 'inventory-entry', 2, 2],
    ['CategoryCreated', 'category', 1, 1],
    ['CategorySlugChanged', 'category', 2, 2],
  ]);
  const byType = Object.fromEntries(messages.map((m) => [m.type, m as unknown as Record<string, unknown>]));
  expect(byType.ProductCreated).toMatchObject({
    productProjection: { id: product.id, name: { en: 'Mug' }, masterVariant: { sku: 'MUG-1' } },
  });
  expect(byType.ProductPublished).toMatchObject({
    scope: 'All',
    removedImageUrls: [],
    productProjection: { id: product.id, published: true },
  });
  expect(byType.ProductDeleted).toMatchObject({ removedImageUrls: [], currentProjection: { id: product.id } });
  expect(byType.StoreCreated).toMatchObject({ name: { en: 'Berlin' }, languages: ['en'], distributionChannels: [], supplyChannels: [] });
  expect(byType.StoreCreated).toMatchObject({ resource: { id: store.id }, resourceUserProvidedIdentifiers: { key: 'berlin' } });
  expect(byType.InventoryEntryDeleted).toMatchObject({ sku: 'MUG-1', resourceUserProvidedIdentifiers: { sku: 'MUG-1' } });
  expect(byType.CategorySlugChanged).toMatchObject({ slug: { en: 'mugs' }, oldSlug: { en: 'cups' } });
});
