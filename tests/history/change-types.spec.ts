/**
 * The change types of the definition, per resource type the History API records: each update action
 * below, sent through the main API's SDK, shows up in the History API (read through the history SDK)
 * as the change type the definition gives that action on that resource type, with the fields that
 * type declares. The last test measures the share of the definition's change types the mock emits.
 */
import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import type { Change } from '@commercetools/history-sdk';
import { changeTypeOf, changeTypes } from '../../src/resources/history/change-types.js';
import { CHANGE_HISTORY_RESOURCE_TYPES } from '../../src/resources/history/index.js';
import { resourceDefinitions } from '../../src/resources/index.js';
import type { CommerceMock } from '../../src/index.js';
import { expect, test } from '../support/sdk.js';
import { historyApiRoot } from './support.js';

// In order, in one worker: the last test sums up the change types the others saw.
test.describe.configure({ mode: 'serial' });

type Body = Record<string, unknown>;

/** Every change type the tests of this file read from the History API. */
const emitted = new Set<string>();
/** A resource type's endpoint in the main API's SDK (`taxCategories`), typed loosely: the table below spans every type. */
type Endpoint = { post(args: { body: Body }): { execute(): Promise<{ body: { id: string; version: number } }> } } & {
  withId(args: { ID: string }): { post(args: { body: Body }): { execute(): Promise<{ body: { id: string; version: number } }> } };
};

async function changesOf(mock: CommerceMock, resourceType: string, id: string): Promise<Change[]> {
  const { body } = await historyApiRoot(mock)
    .withResourceTypeValue({ resourceType: resourceType as 'zone' })
    .withIDValue({ ID: id })
    .get({ queryArgs: { type: 'ResourceUpdated', limit: 500 } })
    .execute();
  // Oldest first: the order the actions below were sent in.
  const changes = body.results.reverse().flatMap((record) => record.changes);
  for (const change of changes) emitted.add(change.type);
  return changes;
}

/** Creates a resource, then sends each action alone; answers the changes its records show, oldest first. */
async function changesFor(
  mock: CommerceMock,
  apiRoot: ByProjectKeyRequestBuilder,
  endpoint: keyof ByProjectKeyRequestBuilder,
  resourceType: string,
  draft: Body,
  actions: Body[],
): Promise<Change[]> {
  const resources = (apiRoot[endpoint] as unknown as () => Endpoint).call(apiRoot);
  const { body: created } = await resources.post({ body: draft }).execute();
  // A customer's creation answers a sign-in result, the customer inside.
  let resource = (created as { customer?: { id: string; version: number } }).customer ?? created;
  for (const action of actions) {
    ({ body: resource } = await resources
      .withId({ ID: resource.id })
      .post({ body: { version: resource.version, actions: [action] } })
      .execute());
  }
  return changesOf(mock, resourceType, resource.id);
}

const typesOf = (changes: Change[]) => changes.map((change) => change.type);

test('tax categories, zones, channels, states and stores', async ({ mock, apiRoot }) => {
  const rate = { name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' };
  const taxes = await changesFor(mock, apiRoot, 'taxCategories', 'tax-category', { name: 'Standard', rates: [rate] }, [
    { action: 'setDescription', description: 'VAT' },
    { action: 'changeName', name: 'Standard rate' },
    { action: 'setKey', key: 'standard' },
    { action: 'addTaxRate', taxRate: { ...rate, name: 'AT', country: 'AT', amount: 0.2 } },
  ]);
  expect(typesOf(taxes)).toEqual(['SetDescriptionChange', 'ChangeNameChange', 'SetKeyChange', 'AddTaxRateChange']);
  expect(taxes[3]).toMatchObject({ change: 'addTaxRate', nextValue: { name: 'AT', amount: 0.2, country: 'AT' } });
  expect(taxes[3]).not.toHaveProperty('previousValue');

  const zone = await changesFor(mock, apiRoot, 'zones', 'zone', { name: 'Europe', locations: [{ country: 'DE' }] }, [
    { action: 'addLocation', location: { country: 'AT' } },
    { action: 'removeLocation', location: { country: 'DE' } },
    { action: 'setDescription', description: 'EU' },
  ]);
  expect(zone).toEqual([
    { type: 'AddLocationChange', change: 'addLocation', nextValue: { country: 'AT' } },
    { type: 'RemoveLocationChange', change: 'removeLocation', previousValue: { country: 'DE' } },
    { type: 'SetDescriptionChange', change: 'setDescription', nextValue: 'EU' },
  ]);

  const channel = await changesFor(mock, apiRoot, 'channels', 'channel', { key: 'warehouse', roles: ['InventorySupply'] }, [
    { action: 'addRoles', roles: ['ProductDistribution'] },
    { action: 'changeName', name: { en: 'Warehouse' } },
    { action: 'setGeoLocation', geoLocation: { type: 'Point', coordinates: [13.4, 52.5] } },
  ]);
  expect(typesOf(channel)).toEqual(['SetChannelRolesChange', 'ChangeLocalizedNameChange', 'SetGeoLocationChange']);
  expect(channel[0]).toMatchObject({ addedItems: ['ProductDistribution'], removedItems: [] });

  const state = await changesFor(mock, apiRoot, 'states', 'state', { key: 'picked', type: 'LineItemState' }, [
    { action: 'changeInitial', initial: false },
    { action: 'setName', name: { en: 'Picked' } },
    { action: 'setRoles', roles: ['Return'] },
  ]);
  expect(typesOf(state)).toEqual(['ChangeInitialChange', 'SetLocalizedNameChange', 'SetStateRolesChange']);

  const store = await changesFor(mock, apiRoot, 'stores', 'store', { key: 'berlin' }, [
    { action: 'setLanguages', languages: ['de'] },
    { action: 'setCountries', countries: [{ code: 'DE' }] },
    { action: 'setName', name: { en: 'Berlin' } },
  ]);
  expect(typesOf(store)).toEqual(['SetLanguagesChange', 'SetCountriesChange', 'SetLocalizedNameChange']);
  expect(store[0]).toMatchObject({ previousValue: [], nextValue: ['de'], addedItems: ['de'], removedItems: [] });
});

test('types and product types: definitions added, removed, relabelled and reordered', async ({ mock, apiRoot }) => {
  const field = (name: string) => ({ name, label: { en: name }, required: false, type: { name: 'String' }, inputHint: 'SingleLine' });
  const type = await changesFor(
    mock,
    apiRoot,
    'types',
    'type',
    { key: 'extra', name: { en: 'Extra' }, resourceTypeIds: ['order'], fieldDefinitions: [field('aa'), field('bb')] },
    [
      { action: 'addFieldDefinition', fieldDefinition: field('cc') },
      { action: 'changeLabel', fieldName: 'aa', label: { en: 'AA' } },
      { action: 'changeFieldDefinitionOrder', fieldNames: ['cc', 'bb', 'aa'] },
      { action: 'removeFieldDefinition', fieldName: 'bb' },
      { action: 'changeName', name: { en: 'Extras' } },
    ],
  );
  expect(typesOf(type)).toEqual([
    'AddFieldDefinitionChange',
    'ChangeLabelChange',
    'ChangeFieldDefinitionOrderChange',
    'RemoveFieldDefinitionChange',
    'ChangeLocalizedNameChange',
  ]);
  expect(type[1]).toEqual({
    type: 'ChangeLabelChange',
    change: 'changeLabel',
    previousValue: { en: 'aa' },
    nextValue: { en: 'AA' },
    fieldName: 'aa',
  });
  expect((type[2] as { nextValue: Array<{ name: string }> }).nextValue.map((value) => value.name)).toEqual(['cc', 'bb', 'aa']);

  const attribute = (name: string) => ({ name, label: { en: name }, type: { name: 'text' }, isRequired: false, isSearchable: true });
  const productType = await changesFor(
    mock,
    apiRoot,
    'productTypes',
    'product-type',
    { name: 'Shoe', description: 'Shoes', attributes: [attribute('size'), attribute('colour')] },
    [
      { action: 'changeIsSearchable', attributeName: 'size', isSearchable: false },
      { action: 'changeAttributeOrderByName', attributeNames: ['colour', 'size'] },
      { action: 'addAttributeDefinition', attribute: attribute('fit') },
      { action: 'changeDescription', description: 'Footwear' },
      { action: 'setInputTip', attributeName: 'fit', inputTip: { en: 'How it fits' } },
    ],
  );
  expect(typesOf(productType)).toEqual([
    'ChangeIsSearchableChange',
    'ChangeAttributeOrderByNameChange',
    'AddAttributeDefinitionChange',
    'ChangeDescriptionChange',
    'SetInputTipChange',
  ]);
  expect(productType[0]).toMatchObject({ previousValue: true, nextValue: false, attributeName: 'size' });
  expect(productType[1]).toMatchObject({ previousValue: ['size', 'colour'], nextValue: ['colour', 'size'] });
});

test('discounts, shipping methods and reviews', async ({ mock, apiRoot }) => {
  const discount = {
    name: { en: '10%' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: 'true',
    target: { type: 'lineItems', predicate: 'true' },
    sortOrder: '0.5',
  };
  const cartDiscount = await changesFor(mock, apiRoot, 'cartDiscounts', 'cart-discount', discount, [
    { action: 'changeCartPredicate', cartPredicate: 'totalPrice > "10.00 EUR"' },
    { action: 'changeSortOrder', sortOrder: '0.6' },
    { action: 'changeIsActive', isActive: false },
    { action: 'changeStackingMode', stackingMode: 'StopAfterThisDiscount' },
  ]);
  expect(typesOf(cartDiscount)).toEqual([
    'ChangeCartPredicateChange',
    'ChangeSortOrderChange',
    'ChangeIsActiveChange',
    'ChangeStackingModeChange',
  ]);
  const { body: cartDiscounts } = await apiRoot.cartDiscounts().get().execute();

  const code = await changesFor(
    mock,
    apiRoot,
    'discountCodes',
    'discount-code',
    { code: 'SAVE', cartDiscounts: [{ typeId: 'cart-discount', id: cartDiscounts.results[0]!.id }] },
    [
      { action: 'setMaxApplications', maxApplications: 10 },
      { action: 'changeGroups', groups: ['spring'] },
      { action: 'setCartPredicate', cartPredicate: 'true' },
    ],
  );
  expect(typesOf(code)).toEqual(['SetMaxApplicationsChange', 'ChangeGroupsChange', 'SetCartPredicateChange']);
  expect(code[1]).toMatchObject({ addedItems: ['spring'], removedItems: [] });

  const productDiscount = await changesFor(
    mock,
    apiRoot,
    'productDiscounts',
    'product-discount',
    { name: { en: 'Sale' }, value: { type: 'relative', permyriad: 500 }, predicate: '1 = 1', sortOrder: '0.4', isActive: true },
    [
      { action: 'changePredicate', predicate: 'sku = "R-1"' },
      { action: 'setDescription', description: { en: 'Summer' } },
    ],
  );
  expect(typesOf(productDiscount)).toEqual(['ChangePredicateChange', 'SetLocalizedDescriptionChange']);

  const { body: tax } = await apiRoot
    .taxCategories()
    .post({ body: { name: 'Shipping' } })
    .execute();
  const { body: zone } = await apiRoot
    .zones()
    .post({ body: { name: 'DE' } })
    .execute();
  const method = await changesFor(
    mock,
    apiRoot,
    'shippingMethods',
    'shipping-method',
    { key: 'dhl', name: 'DHL', taxCategory: { typeId: 'tax-category', id: tax.id }, zoneRates: [], isDefault: false },
    [
      { action: 'addZone', zone: { typeId: 'zone', id: zone.id } },
      { action: 'setKey', key: 'dhl-express' },
      { action: 'setPredicate', predicate: 'totalPrice > "1.00 EUR"' },
      { action: 'removeZone', zone: { typeId: 'zone', id: zone.id } },
    ],
  );
  expect(typesOf(method)).toEqual([
    'ShippingMethodAddZoneChange',
    'ShippingMethodSetKeyChange',
    'ShippingMethodSetPredicateChange',
    'ShippingMethodRemoveZoneChange',
  ]);

  const review = await changesFor(mock, apiRoot, 'reviews', 'review', { key: 'r-1', text: 'Good', rating: 4 }, [
    { action: 'setText', text: 'Very good' },
    { action: 'setRating', rating: 5 },
    { action: 'setAuthorName', authorName: 'Ada' },
    { action: 'setTitle', title: 'Nice' },
  ]);
  expect(typesOf(review)).toEqual(['SetTextChange', 'SetRatingChange', 'SetAuthorNameChange', 'SetTitleChange']);
});

test('customers, categories, shopping lists, payments and inventory entries', async ({ mock, apiRoot }) => {
  const customer = await changesFor(mock, apiRoot, 'customers', 'customer', { email: 'ada@example.com', password: 'secret' }, [
    { action: 'setFirstName', firstName: 'Ada' },
    { action: 'setCompanyName', companyName: 'Analytical' },
    { action: 'setDateOfBirth', dateOfBirth: '1815-12-10' },
    { action: 'setCustomerNumber', customerNumber: 'C-1' },
    { action: 'changeEmail', email: 'ada@lovelace.example' },
  ]);
  expect(typesOf(customer)).toEqual([
    'SetFirstNameChange',
    'SetCompanyNameChange',
    'SetDateOfBirthChange',
    'SetCustomerNumberChange',
    'ChangeEmailChange',
  ]);

  const category = await changesFor(mock, apiRoot, 'categories', 'category', { name: { en: 'Shoes' }, slug: { en: 'shoes' } }, [
    { action: 'changeOrderHint', orderHint: '0.3' },
    { action: 'changeSlug', slug: { en: 'all-shoes' } },
    { action: 'setMetaTitle', metaTitle: { en: 'Shoes' } },
    { action: 'setExternalId', externalId: 'ext-1' },
  ]);
  expect(typesOf(category)).toEqual(['ChangeOrderHintChange', 'ChangeSlugChange', 'SetMetaTitleChange', 'SetExternalIdChange']);

  const list = await changesFor(mock, apiRoot, 'shoppingLists', 'shopping-list', { name: { en: 'Wishes' } }, [
    { action: 'addTextLineItem', name: { en: 'Socks' }, quantity: 1 },
    { action: 'setSlug', slug: { en: 'wishes' } },
    { action: 'setDeleteDaysAfterLastModification', deleteDaysAfterLastModification: 30 },
  ]);
  expect(typesOf(list)).toEqual(['AddTextLineItemChange', 'SetSlugChange', 'SetDeleteDaysAfterLastModificationChange']);
  const { body: lists } = await apiRoot.shoppingLists().get().execute();
  const shoppingList = lists.results[0]!;
  const textLineItem = shoppingList.textLineItems[0]!;
  await apiRoot
    .shoppingLists()
    .withId({ ID: shoppingList.id })
    .post({
      body: {
        version: shoppingList.version,
        actions: [{ action: 'changeTextLineItemQuantity', textLineItemId: textLineItem.id, quantity: 3 }],
      },
    })
    .execute();
  expect((await changesOf(mock, 'shopping-list', shoppingList.id)).at(-1)).toEqual({
    type: 'ChangeTextLineItemQuantityChange',
    change: 'changeTextLineItemQuantity',
    previousValue: 1,
    nextValue: 3,
    textLineItem: { id: textLineItem.id, name: { en: 'Socks' } },
  });

  const payment = await changesFor(
    mock,
    apiRoot,
    'payments',
    'payment',
    {
      amountPlanned: { currencyCode: 'EUR', centAmount: 1000 },
      transactions: [{ type: 'Authorization', amount: { currencyCode: 'EUR', centAmount: 1000 }, state: 'Pending' }],
    },
    [
      { action: 'changeAmountPlanned', amount: { currencyCode: 'EUR', centAmount: 1200 } },
      { action: 'setStatusInterfaceCode', interfaceCode: '200' },
      { action: 'setInterfaceId', interfaceId: 'psp-1' },
    ],
  );
  expect(typesOf(payment)).toEqual(['ChangeAmountPlannedChange', 'SetStatusInterfaceCodeChange', 'SetInterfaceIdChange']);
  const { body: payments } = await apiRoot.payments().get().execute();
  const paid = payments.results[0]!;
  const transaction = paid.transactions[0]!;
  await apiRoot
    .payments()
    .withId({ ID: paid.id })
    .post({
      body: {
        version: paid.version,
        actions: [
          { action: 'changeTransactionInteractionId', transactionId: transaction.id, interactionId: 'psp-42' },
          { action: 'changeTransactionState', transactionId: transaction.id, state: 'Success' },
        ],
      },
    })
    .execute();
  // One request, two changes of the transaction: each field's change, in the order of the transaction's fields.
  const transactionChanges = (await changesOf(mock, 'payment', paid.id)).slice(3);
  expect(typesOf(transactionChanges).sort()).toEqual(['ChangeTransactionInteractionIdChange', 'ChangeTransactionStateChange']);
  const stateChange = transactionChanges.find((change) => change.type === 'ChangeTransactionStateChange');
  expect(stateChange).toMatchObject({
    previousValue: 'Pending',
    nextValue: 'Success',
    transaction: { id: transaction.id, interactionId: 'psp-42' },
  });

  const inventory = await changesFor(mock, apiRoot, 'inventory', 'inventory-entry', { sku: 'R-1', quantityOnStock: 5 }, [
    { action: 'addQuantity', quantity: 2 },
    { action: 'setRestockableInDays', restockableInDays: 3 },
    { action: 'setExpectedDelivery', expectedDelivery: '2030-01-01T00:00:00.000Z' },
  ]);
  expect(typesOf(inventory)).toEqual(['ChangeQuantityChange', 'SetRestockableInDaysChange', 'SetExpectedDeliveryChange']);
});

test('associate roles, business units, product selections and standalone prices', async ({ mock, apiRoot }) => {
  const role = await changesFor(mock, apiRoot, 'associateRoles', 'associate-role', { key: 'buyer', permissions: ['CreateMyCarts'] }, [
    { action: 'setName', name: 'Buyer' },
    { action: 'changeBuyerAssignable', buyerAssignable: false },
    { action: 'setPermissions', permissions: ['CreateMyCarts', 'UpdateMyCarts'] },
  ]);
  expect(typesOf(role)).toEqual(['SetNameChange', 'ChangeBuyerAssignableChange', 'SetPermissionsChange']);
  expect(role[2]).toMatchObject({ addedItems: ['UpdateMyCarts'], removedItems: [] });

  const unit = await changesFor(mock, apiRoot, 'businessUnits', 'business-unit', { key: 'acme', name: 'ACME', unitType: 'Company' }, [
    { action: 'changeName', name: 'ACME Inc.' },
    { action: 'setContactEmail', contactEmail: 'buy@acme.example' },
    { action: 'changeStatus', status: 'Inactive' },
  ]);
  expect(typesOf(unit)).toEqual(['ChangeNameChange', 'SetContactEmailChange', 'ChangeStatusChange']);

  const selection = await changesFor(mock, apiRoot, 'productSelections', 'product-selection', { name: { en: 'Summer' } }, [
    { action: 'changeName', name: { en: 'Summer sale' } },
    { action: 'setKey', key: 'summer' },
  ]);
  expect(typesOf(selection)).toEqual(['ChangeLocalizedNameChange', 'SetKeyChange']);

  const price = await changesFor(
    mock,
    apiRoot,
    'standalonePrices',
    'standalone-price',
    { sku: 'R-1', value: { currencyCode: 'EUR', centAmount: 100 } },
    [
      { action: 'changeValue', value: { currencyCode: 'EUR', centAmount: 120 } },
      { action: 'setKey', key: 'r-1-eur' },
      { action: 'changeActive', active: false },
      { action: 'setValidFrom', validFrom: '2030-01-01T00:00:00.000Z' },
    ],
  );
  expect(typesOf(price)).toEqual([
    'StandalonePriceChangeValueChange',
    'StandalonePriceSetKeyChange',
    'StandalonePriceChangeActiveChange',
    'StandalonePriceSetValidFromChange',
  ]);
});

test('a product: images, assets and SKU of a variant', async ({ mock, apiRoot }) => {
  const { body: productType } = await apiRoot
    .productTypes()
    .post({ body: { name: 'Plain', description: 'Plain' } })
    .execute();
  const product = await changesFor(
    mock,
    apiRoot,
    'products',
    'product',
    {
      productType: { typeId: 'product-type', id: productType.id },
      name: { en: 'Runner' },
      slug: { en: 'runner' },
      masterVariant: { sku: 'R-1', prices: [{ key: 'eur', value: { currencyCode: 'EUR', centAmount: 100 } }] },
    },
    [
      { action: 'addExternalImage', sku: 'R-1', image: { url: 'https://img.example/r1.png', dimensions: { w: 10, h: 10 } } },
      { action: 'addAsset', sku: 'R-1', asset: { name: { en: 'Manual' }, sources: [{ uri: 'https://docs.example/r1.pdf' }] } },
      { action: 'setImageLabel', sku: 'R-1', imageUrl: 'https://img.example/r1.png', label: 'Front' },
      { action: 'setSku', variantId: 1, sku: 'R-2' },
    ],
  );
  expect(typesOf(product)).toEqual(['AddExternalImageChange', 'AddAssetChange', 'SetImageLabelChange', 'SetSkuChange']);
  expect(product[1]).toMatchObject({ catalogData: 'staged', variant: 'R-1', nextValue: { name: { en: 'Manual' } } });
});

test('the share of the definition’s change types the mock emits; every one it names is the definition’s', () => {
  const definition = changeTypes();
  expect([...emitted].filter((type) => !definition.has(type))).toEqual([]);
  expect(emitted.has('UnknownChange')).toBe(false);
  // What the mock can name: the change type of every update action it serves on every resource type the API records.
  const nameable = new Set<string>();
  for (const resource of resourceDefinitions) {
    if (!(CHANGE_HISTORY_RESOURCE_TYPES as readonly string[]).includes(resource.typeId)) continue;
    for (const action of Object.keys(resource.actions)) {
      const type = changeTypeOf(resource.typeId, action);
      if (type) nameable.add(type.name);
    }
  }
  const percent = (count: number) => `${((count / definition.size) * 100).toFixed(1)}%`;
  console.log(
    `change types: ${emitted.size} of the definition's ${definition.size} seen in these tests (${percent(emitted.size)}); ` +
      `${nameable.size} (${percent(nameable.size)}) name an update action the mock serves on a recorded resource type`,
  );
  // Each test above checks its change types by name; the share must cover them all, and half of the definition be nameable.
  expect(emitted.size).toBeGreaterThanOrEqual(70);
  expect(nameable.size / definition.size).toBeGreaterThan(0.5);
});
