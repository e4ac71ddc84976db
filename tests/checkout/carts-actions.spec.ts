/**
 * The remaining cart update actions (item shipping addresses and details, custom fields on every
 * part, tax calculation mode, shopping lists, external taxes on custom line items and shipping,
 * ...), and what orders use: `orderableCart`, `markCartOrdered`, `snapshotCart`.
 */
import { mockInternals } from '../../src/api/mock.js';
import type { Cart as StoredCart } from '../../src/resources/cart/model.js';
import { orderableCart, markCartOrdered, snapshotCart } from '../../src/resources/cart/ordering.js';
import { PROJECT_KEY, expect, test } from '../support/sdk.js';
import {
  EUR,
  createCart,
  raw,
  createCartDiscount,
  createDiscountCode,
  readCart,
  refusedCart,
  setupCatalog,
  taxFigures,
  updateCart,
} from './carts-support.js';

test('item shipping addresses and shipping details', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const type = (
    await apiRoot
      .types()
      .post({
        body: {
          key: 'addr',
          name: { en: 'addr' },
          resourceTypeIds: ['address'],
          fieldDefinitions: [{ name: 'door', label: { en: 'Door' }, required: false, type: { name: 'String' } }],
        },
      })
      .execute()
  ).body;
  let cart = await createCart(apiRoot, {
    currency: 'EUR',
    itemShippingAddresses: [{ key: 'home', country: 'DE' }],
    lineItems: [{ sku: 'A-1', quantity: 3 }],
    customLineItems: [{ name: { en: 'wrap' }, slug: 'wrap', money: EUR(100), quantity: 2 }],
  });
  const line = cart.lineItems[0]!;
  const custom = cart.customLineItems[0]!;
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'addItemShippingAddress', address: { key: 'office', country: 'DE', city: 'Hamburg' } },
    { action: 'setLineItemShippingDetails', lineItemId: line.id, shippingDetails: { targets: [{ addressKey: 'home', quantity: 2 }] } },
    { action: 'applyDeltaToLineItemShippingDetailsTargets', lineItemId: line.id, targetsDelta: [{ addressKey: 'office', quantity: 1 }] },
    {
      action: 'setCustomLineItemShippingDetails',
      customLineItemId: custom.id,
      shippingDetails: { targets: [{ addressKey: 'home', quantity: 1 }] },
    },
    {
      action: 'applyDeltaToCustomLineItemShippingDetailsTargets',
      customLineItemId: custom.id,
      targetsDelta: [{ addressKey: 'home', quantity: 1 }],
    },
    { action: 'updateItemShippingAddress', address: { key: 'office', country: 'DE', city: 'Bremen' } },
    { action: 'setItemShippingAddressCustomType', addressKey: 'office', type: { typeId: 'type', id: type.id } },
    { action: 'setItemShippingAddressCustomField', addressKey: 'office', name: 'door', value: '3' },
  );
  expect(cart.lineItems[0]!.shippingDetails).toEqual({
    targets: [
      { addressKey: 'home', quantity: 2 },
      { addressKey: 'office', quantity: 1 },
    ],
    valid: true,
  });
  expect(cart.customLineItems[0]!.shippingDetails).toEqual({ targets: [{ addressKey: 'home', quantity: 2 }], valid: true });
  expect(cart.itemShippingAddresses[1]).toMatchObject({ key: 'office', city: 'Bremen', custom: { fields: { door: '3' } } });
  // More units than targets: the details are no longer valid.
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: line.id, quantity: 4 });
  expect(cart.lineItems[0]!.shippingDetails!.valid).toBe(false);
  // An address in use cannot go; an unknown key is refused.
  const inUse = await refusedCart(apiRoot, cart, { action: 'removeItemShippingAddress', addressKey: 'office' });
  expect(inUse.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  const unknown = await refusedCart(apiRoot, cart, {
    action: 'setLineItemShippingDetails',
    lineItemId: line.id,
    shippingDetails: { targets: [{ addressKey: 'moon', quantity: 1 }] },
  });
  expect(unknown.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'setLineItemShippingDetails', lineItemId: line.id },
    { action: 'removeItemShippingAddress', addressKey: 'office' },
  );
  expect(cart.itemShippingAddresses.map((a) => a.key)).toEqual(['home']);
  expect(cart.lineItems[0]!.shippingDetails).toBeUndefined();
});

test('custom fields on addresses, custom line items and shipping; other line item settings', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  const type = (
    await apiRoot
      .types()
      .post({
        body: {
          key: 'note',
          name: { en: 'note' },
          resourceTypeIds: ['address', 'custom-line-item', 'shipping', 'line-item'],
          fieldDefinitions: [{ name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } }],
        },
      })
      .execute()
  ).body;
  const supply = (
    await apiRoot
      .channels()
      .post({ body: { key: 'warehouse', roles: ['InventorySupply'] } })
      .execute()
  ).body;
  const group = (
    await apiRoot
      .customerGroups()
      .post({ body: { groupName: 'B2B', key: 'b2b' } })
      .execute()
  ).body;
  let cart = await createCart(apiRoot, {
    currency: 'EUR',
    shippingAddress: { country: 'DE' },
    lineItems: [{ sku: 'A-1' }],
    customLineItems: [
      {
        name: { en: 'wrap' },
        slug: 'wrap',
        key: 'wrap',
        money: EUR(100),
        taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
      },
    ],
    shippingMethod: { typeId: 'shipping-method', key: 'dhl' },
  });
  const typeRef = { typeId: 'type' as const, id: type.id };
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'setShippingAddressCustomType', type: typeRef, fields: { note: 'ring twice' } },
    { action: 'setShippingAddressCustomField', name: 'note', value: 'ring once' },
    { action: 'setBillingAddress', address: { country: 'DE' } },
    { action: 'setBillingAddressCustomType', type: typeRef },
    { action: 'setBillingAddressCustomField', name: 'note', value: 'invoice' },
    { action: 'setCustomLineItemCustomType', customLineItemKey: 'wrap', type: typeRef },
    { action: 'setCustomLineItemCustomField', customLineItemKey: 'wrap', name: 'note', value: 'red paper' },
    { action: 'setShippingCustomType', type: typeRef, fields: { note: 'fragile' } },
    { action: 'setShippingCustomField', name: 'note', value: 'very fragile' },
    { action: 'setLineItemSupplyChannel', lineItemId: cart.lineItems[0]!.id, supplyChannel: { typeId: 'channel', id: supply.id } },
    { action: 'setLineItemInventoryMode', lineItemId: cart.lineItems[0]!.id, inventoryMode: 'ReserveOnOrder' },
    { action: 'setLineItemRecurrenceInfo', lineItemId: cart.lineItems[0]!.id },
    { action: 'setCustomLineItemRecurrenceInfo', customLineItemKey: 'wrap' },
    { action: 'changeCustomLineItemPriceMode', customLineItemKey: 'wrap', mode: 'External' },
    { action: 'setCustomerGroup', customerGroup: { typeId: 'customer-group', id: group.id } },
    { action: 'setAnonymousId', anonymousId: 'anon-9' },
    { action: 'setDeleteDaysAfterLastModification', deleteDaysAfterLastModification: 30 },
    raw({ action: 'setEstimatedDelivery', estimatedDelivery: { type: 'Date', date: '2030-01-01' } }),
    raw({ action: 'setReservationExpirationInMinutes', reservationExpirationInMinutes: 10 }),
  );
  expect(cart.shippingAddress!.custom?.fields).toEqual({ note: 'ring once' });
  expect(cart.billingAddress!.custom?.fields).toEqual({ note: 'invoice' });
  expect(cart.customLineItems[0]).toMatchObject({ custom: { fields: { note: 'red paper' } }, priceMode: 'External' });
  expect(cart.shippingCustomFields?.fields).toEqual({ note: 'very fragile' });
  expect(cart.lineItems[0]).toMatchObject({ supplyChannel: { typeId: 'channel', id: supply.id }, inventoryMode: 'ReserveOnOrder' });
  expect(cart).toMatchObject({
    customerGroup: { typeId: 'customer-group', id: group.id },
    anonymousId: 'anon-9',
    deleteDaysAfterLastModification: 30,
  });
  expect(raw<{ estimatedDelivery?: unknown }>(cart.shippingInfo).estimatedDelivery).toEqual({ type: 'Date', date: '2030-01-01' });
  // A customer's cart takes its group from the customer: setCustomerGroup is refused.
  const customer = (
    await apiRoot
      .customers()
      .post({ body: { email: 'g@example.com', password: 'secret' } })
      .execute()
  ).body.customer;
  cart = await updateCart(apiRoot, cart, { action: 'setCustomerId', customerId: customer.id });
  const refused = await refusedCart(apiRoot, cart, {
    action: 'setCustomerGroup',
    customerGroup: { typeId: 'customer-group', id: group.id },
  });
  expect(refused.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
});

test('tax calculation per unit, external taxes on custom line items and shipping', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  // 1.08 × 3 at 19% (net): line level (3.24 × 0.19 = 0.6156 → 0.62) 3.86; unit level (1.08 × 0.19 = 0.2052 → 0.21, × 3) 3.87.
  let cart = await createCart(apiRoot, {
    currency: 'EUR',
    shippingAddress: { country: 'DE' },
    customLineItems: [
      { name: { en: 'x' }, slug: 'x', money: EUR(108), quantity: 3, taxCategory: { typeId: 'tax-category', id: catalog.net.id } },
    ],
  });
  expect(taxFigures(cart.taxedPrice)).toEqual({ net: 324, gross: 386, tax: 62, portions: [['Net DE', 0.19, 62]] });
  cart = await updateCart(apiRoot, cart, { action: 'changeTaxCalculationMode', taxCalculationMode: 'UnitPriceLevel' });
  expect(taxFigures(cart.taxedPrice)).toEqual({ net: 324, gross: 387, tax: 63, portions: [['Net DE', 0.19, 63]] });

  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'changeTaxCalculationMode', taxCalculationMode: 'LineItemLevel' },
    { action: 'setCustomShippingMethod', shippingMethodName: 'Courier', shippingRate: { price: EUR(500) } },
    { action: 'changeTaxMode', taxMode: 'External' },
    {
      action: 'setCustomLineItemTaxRate',
      customLineItemId: cart.customLineItems[0]!.id,
      externalTaxRate: { name: 'ext', amount: 0.1, country: 'DE' },
    },
  );
  // The shipping has no rate yet: no taxed price for the cart.
  expect(cart.taxedPrice).toBeUndefined();
  cart = await updateCart(apiRoot, cart, {
    action: 'setShippingMethodTaxRate',
    externalTaxRate: { name: 'ext', amount: 0.1, country: 'DE' },
  });
  // 3.24 + 5.00 net, 0.32 (0.324) + 0.50 tax.
  expect(taxFigures(cart.taxedPrice)).toEqual({ net: 824, gross: 906, tax: 82, portions: [['ext', 0.1, 82]] });

  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'changeTaxMode', taxMode: 'ExternalAmount' },
    {
      action: 'setCustomLineItemTaxAmount',
      customLineItemId: cart.customLineItems[0]!.id,
      externalTaxAmount: { totalGross: EUR(360), taxRate: { name: 'ext', amount: 0.11, country: 'DE' } },
    },
    {
      action: 'setShippingMethodTaxAmount',
      externalTaxAmount: { totalGross: EUR(550), taxRate: { name: 'ext', amount: 0.1, country: 'DE' } },
    },
  );
  expect(taxFigures(cart.customLineItems[0]!.taxedPrice)).toEqual({ net: 324, gross: 360, tax: 36, portions: [['ext', 0.11, 36]] });
  expect(taxFigures(cart.shippingInfo!.taxedPrice)).toEqual({ net: 500, gross: 550, tax: 50, portions: [['ext', 0.1, 50]] });
  const wrongMode = await refusedCart(apiRoot, cart, {
    action: 'setCustomLineItemTaxRate',
    customLineItemId: cart.customLineItems[0]!.id,
    externalTaxRate: { name: 'x', amount: 0.1, country: 'DE' },
  });
  expect(wrongMode.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
});

test('addShoppingList adds its line items', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  const list = (
    await apiRoot
      .shoppingLists()
      .post({
        body: {
          name: { en: 'wishes' },
          lineItems: [
            { sku: 'A-1', quantity: 2 },
            { productId: catalog.productB.id, variantId: 1 },
          ],
        },
      })
      .execute()
  ).body;
  let cart = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'A-1' }] });
  cart = await updateCart(apiRoot, cart, { action: 'addShoppingList', shoppingList: { typeId: 'shopping-list', id: list.id } });
  expect(cart.lineItems.map((l) => [l.variant.sku, l.quantity])).toEqual([
    ['A-1', 3],
    ['B-1', 1],
  ]);
});

test('what orders use: orderableCart, markCartOrdered, snapshotCart', async ({ apiRoot, mock }) => {
  await setupCatalog(apiRoot);
  const discount = await createCartDiscount(apiRoot, {
    name: { en: 'big' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: 'lineItemCount(true) >= 2',
    target: { type: 'totalPrice' },
    sortOrder: '0.5',
    requiresDiscountCode: true,
  });
  await createDiscountCode(apiRoot, { code: 'TWO', cartDiscounts: [{ typeId: 'cart-discount', id: discount.id }] });
  let cart = await createCart(apiRoot, {
    currency: 'EUR',
    shippingAddress: { country: 'DE' },
    shippingMethod: { typeId: 'shipping-method', key: 'dhl' },
    lineItems: [{ sku: 'A-1', quantity: 2 }],
    discountCodes: ['TWO'],
  });
  const ctx = mockInternals(mock).engine.context(PROJECT_KEY, { isPlatformClient: false });
  const stored = () => mockInternals(mock).storage.get(PROJECT_KEY, 'cart', cart.id) as StoredCart;

  // Orderable as it stands: the copy has the same figures.
  expect(orderableCart(stored(), ctx).totalPrice).toEqual(cart.totalPrice);
  // A code that no longer matches cannot be ordered.
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0]!.id, quantity: 1 });
  expect(cart.discountCodes[0]!.state).toBe('DoesNotMatchCart');
  expect(() => orderableCart(stored(), ctx)).toThrow(expect.objectContaining({ code: 'DiscountCodeNonApplicable' }));
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0]!.id, quantity: 2 });

  const snapshot = snapshotCart(stored());
  expect(snapshot).toMatchObject({
    cart: { typeId: 'cart', id: cart.id },
    totalPrice: cart.totalPrice,
    taxedPrice: cart.taxedPrice,
    lineItems: cart.lineItems,
    shippingInfo: cart.shippingInfo,
  });
  expect(snapshot).not.toHaveProperty('id');
  expect(snapshot).not.toHaveProperty('version');
  expect(snapshot).not.toHaveProperty('cartState');

  const before = stored();
  const beforeText = JSON.stringify(before);
  const ordered = markCartOrdered(mockInternals(mock).engine, before, ctx);
  expect(ordered).toMatchObject({ cartState: 'Ordered', version: cart.version + 1 });
  // Only the state and the version's bookkeeping change (the engine copies the cart shallowly for
  // it); the version before is left as it was.
  const { cartState, version, lastModifiedAt, lastModifiedBy, ...kept } = ordered;
  const { cartState: _s, version: _v, lastModifiedAt: _a, lastModifiedBy: _b, ...keptBefore } = before;
  expect(kept).toEqual(keptBefore);
  expect(JSON.stringify(before)).toBe(beforeText);
  expect(before.cartState).toBe('Active');
  const after = await readCart(apiRoot, cart);
  expect(after.cartState).toBe('Ordered');
  const refused = await refusedCart(apiRoot, after, { action: 'addLineItem', sku: 'B-1' });
  expect(refused.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  expect(() => orderableCart(stored(), ctx)).toThrow(expect.objectContaining({ code: 'InvalidOperation' }));
});
