/**
 * The change types of a record, found by comparing the resource's two versions: products' catalog
 * data (staged and current, publishing, variants, prices, attributes), custom fields (and `expand`),
 * addresses, inventory quantities, payment transactions, a type's own prefixed types, and the
 * fallback for a difference the definition has no type for.
 */
import { createCustomer, expect, test, updateCustomer } from '../support/sdk.js';
import { historyApiRoot } from './support.js';

test('a product: staged changes, publishing, variants, prices and attributes, labelled by name and slug', async ({ mock, apiRoot }) => {
  const { body: productType } = await apiRoot
    .productTypes()
    .post({
      body: {
        name: 'Shoe',
        description: 'Shoes',
        attributes: [{ name: 'size', label: { en: 'Size' }, type: { name: 'number' }, isRequired: false }],
      },
    })
    .execute();
  const { body: product } = await apiRoot
    .products()
    .post({
      body: {
        key: 'runner',
        productType: { typeId: 'product-type', id: productType.id },
        name: { en: 'Runner' },
        slug: { en: 'runner' },
        masterVariant: { sku: 'R-1', attributes: [{ name: 'size', value: 42 }] },
      },
    })
    .execute();
  const { body: renamed } = await apiRoot
    .products()
    .withId({ ID: product.id })
    .post({
      body: {
        version: 1,
        actions: [
          { action: 'changeName', name: { en: 'Trail runner' } },
          { action: 'setAttribute', variantId: 1, name: 'size', value: 43 },
          { action: 'addPrice', variantId: 1, price: { value: { currencyCode: 'EUR', centAmount: 9900 } } },
          { action: 'addVariant', sku: 'R-2' },
        ],
      },
    })
    .execute();
  await apiRoot
    .products()
    .withId({ ID: product.id })
    .post({ body: { version: renamed.version, actions: [{ action: 'publish' }] } })
    .execute();

  const history = historyApiRoot(mock);
  const { body } = await history.withResourceTypeValue({ resourceType: 'product' }).withIDValue({ ID: product.id }).get().execute();
  const [published, changed, created] = body.results;
  expect(created).toMatchObject({
    type: 'ResourceCreated',
    label: { type: 'ProductLabel', name: { en: 'Runner' }, slug: { en: 'runner' } },
    resource: { typeId: 'product', id: product.id, key: 'runner' },
  });
  const price = renamed.masterData.staged.masterVariant.prices![0]!;
  expect(changed!.label).toEqual({ type: 'ProductLabel', name: { en: 'Trail runner' }, slug: { en: 'runner' } });
  expect(changed!.previousLabel).toEqual({ type: 'ProductLabel', name: { en: 'Runner' }, slug: { en: 'runner' } });
  expect(changed!.changes).toEqual([
    {
      type: 'ChangeLocalizedNameChange',
      change: 'changeName',
      catalogData: 'staged',
      previousValue: { en: 'Runner' },
      nextValue: { en: 'Trail runner' },
    },
    { type: 'AddPriceChange', change: 'addPrice', catalogData: 'staged', variant: 'R-1', priceId: price.id, nextValue: price },
    {
      type: 'SetAttributeChange',
      change: 'setAttribute',
      catalogData: 'staged',
      variant: 'R-1',
      previousValue: { name: 'size', value: 42 },
      nextValue: { name: 'size', value: 43 },
    },
    { type: 'AddVariantChange', change: 'addVariant', catalogData: 'staged', nextValue: { id: 2, sku: 'R-2' } },
  ]);
  // Publishing makes the current data the staged data: one PublishChange, not the staged changes again.
  expect(published!.changes).toEqual([{ type: 'PublishChange', change: 'publish' }]);
});

test('custom fields: the field changed with its type, and with expand its name and label', async ({ mock, apiRoot }) => {
  const { body: type } = await apiRoot
    .types()
    .post({
      body: {
        key: 'customer-extras',
        name: { en: 'Extras' },
        resourceTypeIds: ['customer'],
        fieldDefinitions: [{ name: 'nickname', label: { en: 'Nickname' }, required: false, type: { name: 'String' } }],
      },
    })
    .execute();
  const customer = await createCustomer(apiRoot);
  const { body: typed } = await updateCustomer(apiRoot, customer, [
    { action: 'setCustomType', type: { typeId: 'type', key: 'customer-extras' }, fields: { nickname: 'Countess' } },
  ]);
  await updateCustomer(apiRoot, typed, [{ action: 'setCustomField', name: 'nickname', value: 'Enchantress' }]);

  const byId = historyApiRoot(mock).withResourceTypeValue({ resourceType: 'customer' }).withIDValue({ ID: customer.id });
  const [fieldSet, typeSet] = (await byId.get().execute()).body.results;
  expect(typeSet!.changes).toEqual([
    {
      type: 'SetCustomTypeChange',
      change: 'setCustomType',
      nextValue: { type: { typeId: 'type', id: type.id }, fields: { nickname: 'Countess' } },
    },
  ]);
  expect(fieldSet!.changes).toEqual([
    {
      type: 'SetCustomFieldChange',
      change: 'setCustomField',
      name: 'nickname',
      customTypeId: type.id,
      previousValue: 'Countess',
      nextValue: 'Enchantress',
    },
  ]);
  const expanded = (await byId.get({ queryArgs: { expand: true, changes: 'setCustomField' } }).execute()).body.results;
  expect(expanded[0]!.changes[0]).toMatchObject({
    previousValue: { name: 'nickname', value: 'Countess', label: { en: 'Nickname' } },
    nextValue: { name: 'nickname', value: 'Enchantress', label: { en: 'Nickname' } },
  });
});

test('addresses, the default address, a verified email and a new password', async ({ mock, apiRoot }) => {
  const customer = await createCustomer(apiRoot);
  const { body: withAddress } = await updateCustomer(apiRoot, customer, [
    { action: 'addAddress', address: { key: 'home', country: 'DE', city: 'Berlin' } },
  ]);
  const address = withAddress.addresses[0]!;
  const { body: defaulted } = await updateCustomer(apiRoot, withAddress, [
    { action: 'setDefaultShippingAddress', addressKey: 'home' },
    { action: 'changeAddress', addressKey: 'home', address: { key: 'home', country: 'DE', city: 'Hamburg' } },
  ]);
  const { body: token } = await apiRoot
    .customers()
    .emailToken()
    .post({ body: { id: customer.id, ttlMinutes: 10 } })
    .execute();
  await apiRoot
    .customers()
    .emailConfirm()
    .post({ body: { tokenValue: token.value } })
    .execute();
  await apiRoot
    .customers()
    .password()
    .post({ body: { id: customer.id, version: defaulted.version + 1, currentPassword: 'secret', newPassword: 'new secret' } })
    .execute();

  const { body } = await historyApiRoot(mock)
    .withResourceTypeValue({ resourceType: 'customer' })
    .withIDValue({ ID: customer.id })
    .get()
    .execute();
  const [password, verified, moved, added] = body.results;
  expect(added!.changes).toEqual([{ type: 'AddAddressChange', change: 'addAddress', nextValue: address }]);
  const hamburg = { ...address, city: 'Hamburg' };
  expect(moved!.changes).toEqual([
    { type: 'ChangeAddressChange', change: 'changeAddress', previousValue: address, nextValue: hamburg },
    // The default shipping address is a shipping address too.
    {
      type: 'AddShippingAddressIdChange',
      change: 'addShippingAddressId',
      previousValue: [],
      nextValue: [address.id],
      address: hamburg,
    },
    { type: 'SetDefaultShippingAddressChange', change: 'setDefaultShippingAddress', nextValue: hamburg },
  ]);
  expect(verified!.changes).toEqual([{ type: 'VerifyEmailChange', change: 'verifyEmail' }]);
  // The hash is never shown.
  expect(password!.changes).toEqual([{ type: 'SetPasswordChange', change: 'setPassword' }]);
});

test('an inventory entry, a payment, a shipping method and an order', async ({ mock, apiRoot }) => {
  const { body: entry } = await apiRoot
    .inventory()
    .post({ body: { sku: 'R-1', quantityOnStock: 10 } })
    .execute();
  await apiRoot
    .inventory()
    .withId({ ID: entry.id })
    .post({ body: { version: 1, actions: [{ action: 'removeQuantity', quantity: 3 }] } })
    .execute();
  const { body: payment } = await apiRoot
    .payments()
    .post({ body: { key: 'pay-1', amountPlanned: { currencyCode: 'EUR', centAmount: 1000 } } })
    .execute();
  const { body: paid } = await apiRoot
    .payments()
    .withId({ ID: payment.id })
    .post({
      body: {
        version: 1,
        actions: [{ action: 'addTransaction', transaction: { type: 'Charge', amount: { currencyCode: 'EUR', centAmount: 1000 } } }],
      },
    })
    .execute();
  const { body: zone } = await apiRoot
    .zones()
    .post({ body: { name: 'Europe' } })
    .execute();
  const { body: tax } = await apiRoot
    .taxCategories()
    .post({ body: { name: 'Standard' } })
    .execute();
  const { body: method } = await apiRoot
    .shippingMethods()
    .post({ body: { key: 'dhl', name: 'DHL', taxCategory: { typeId: 'tax-category', id: tax.id }, zoneRates: [], isDefault: false } })
    .execute();
  await apiRoot
    .shippingMethods()
    .withId({ ID: method.id })
    .post({
      body: {
        version: 1,
        actions: [
          { action: 'changeName', name: 'DHL Express' },
          { action: 'changeIsDefault', isDefault: true },
        ],
      },
    })
    .execute();

  const history = historyApiRoot(mock);
  const latest = async (resourceType: string, ID: string) =>
    (await history.withResourceTypeValue({ resourceType }).withIDValue({ ID }).get().execute()).body.results[0]!;
  expect((await latest('inventory-entry', entry.id)).changes).toEqual([
    {
      type: 'ChangeQuantityChange',
      change: 'changeQuantity',
      previousValue: { quantityOnStock: 10, availableQuantity: 10 },
      nextValue: { quantityOnStock: 7, availableQuantity: 7 },
    },
  ]);
  const paymentRecord = await latest('payment', payment.id);
  expect(paymentRecord.label).toEqual({ type: 'PaymentLabel', key: 'pay-1', amountPlanned: payment.amountPlanned });
  expect(paymentRecord.changes).toEqual([{ type: 'AddTransactionChange', change: 'addTransaction', nextValue: paid.transactions[0] }]);
  const methodRecord = await latest('shipping-method', method.id);
  expect(methodRecord.label).toEqual({ type: 'ShippingMethodLabel', key: 'dhl', name: 'DHL Express' });
  expect(methodRecord.changes).toEqual([
    { type: 'ShippingMethodChangeNameChange', change: 'changeName', previousValue: 'DHL', nextValue: 'DHL Express' },
    { type: 'ShippingMethodChangeIsDefaultChange', change: 'changeIsDefault', previousValue: false, nextValue: true },
  ]);
  expect((await latest('zone', zone.id)).label).toEqual({ type: 'StringLabel', value: 'Europe' });

  const { body: order } = await apiRoot
    .orders()
    .importOrder()
    .post({
      body: {
        orderNumber: 'O-1',
        customerEmail: 'ada@example.com',
        totalPrice: { currencyCode: 'EUR', centAmount: 0 },
        lineItems: [
          { name: { en: 'Runner' }, variant: { sku: 'R-1' }, price: { value: { currencyCode: 'EUR', centAmount: 0 } }, quantity: 1 },
        ],
      },
    })
    .execute();
  await apiRoot
    .orders()
    .withId({ ID: order.id })
    .post({ body: { version: order.version, actions: [{ action: 'changeOrderState', orderState: 'Complete' }] } })
    .execute();
  const orderRecord = await latest('order', order.id);
  expect(orderRecord.label).toEqual({ type: 'OrderLabel', customerEmail: 'ada@example.com', orderNumber: 'O-1' });
  expect(orderRecord.changes).toEqual([
    { type: 'ChangeOrderStateChange', change: 'changeOrderState', previousValue: 'Open', nextValue: 'Complete' },
  ]);
});

test('a difference the definition has no change type for is an UnknownChange named after its action', async ({ mock, apiRoot }) => {
  const { body: store } = await apiRoot
    .stores()
    .post({ body: { key: 'berlin', name: { en: 'Berlin' } } })
    .execute();
  await apiRoot
    .stores()
    .withId({ ID: store.id })
    .post({ body: { version: 1, actions: [{ action: 'setName', name: { en: 'Berlin Mitte' } }] } })
    .execute();
  const { body } = await historyApiRoot(mock)
    .withResourceTypeValue({ resourceType: 'store' })
    .get({ queryArgs: { resourceKey: 'berlin' } })
    .execute();
  expect(body.results[0]!.changes).toEqual([
    { type: 'SetLocalizedNameChange', change: 'setName', previousValue: { en: 'Berlin' }, nextValue: { en: 'Berlin Mitte' } },
  ]);
  // A type's enum values have change types of their own, which the mock does not single out: the field definition's `type` differs.
  const { body: type } = await apiRoot
    .types()
    .post({
      body: {
        key: 'gift',
        name: { en: 'Gift' },
        resourceTypeIds: ['order'],
        fieldDefinitions: [
          { name: 'wrap', label: { en: 'Wrap' }, required: false, type: { name: 'Enum', values: [{ key: 'red', label: 'Red' }] } },
        ],
      },
    })
    .execute();
  await apiRoot
    .types()
    .withId({ ID: type.id })
    .post({ body: { version: 1, actions: [{ action: 'addEnumValue', fieldName: 'wrap', value: { key: 'blue', label: 'Blue' } }] } })
    .execute();
  const { body: types } = await historyApiRoot(mock)
    .withResourceTypeValue({ resourceType: 'type' })
    .withIDValue({ ID: type.id })
    .get()
    .execute();
  expect(types.results[0]!.changes).toEqual([
    {
      type: 'UnknownChange',
      change: 'setFieldDefinitionType',
      previousValue: { name: 'Enum', values: [{ key: 'red', label: 'Red' }] },
      nextValue: {
        name: 'Enum',
        values: [
          { key: 'red', label: 'Red' },
          { key: 'blue', label: 'Blue' },
        ],
      },
    },
  ]);
});
