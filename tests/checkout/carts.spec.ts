/**
 * Carts through the official SDK: a whole cart whose figures are worked out by hand in the
 * comments (line prices, taxes included and excluded, shipping with freeAbove, a relative and an
 * absolute discount, totals), HalfEven rounding, and every refusal with the platform's error and
 * nothing stored.
 */
import type { Cart } from '@commercetools/platform-sdk';
import { PROJECT_KEY, expect, sdkClient, invalidJson, sdkFailure, test } from '../support/sdk.js';
import { expectPlatformActions } from '../support/resources.js';
import {
  EUR,
  USD,
  cents,
  createCart,
  createCartDiscount,
  createDiscountCode,
  readCart,
  refusedCart,
  raw,
  setupCatalog,
  taxFigures,
  updateCart,
} from './carts-support.js';

/** The update actions of the platform's API specification (RAML types/cart/updates). */
const PLATFORM_CART_ACTIONS = [
  'addCustomLineItem',
  'addCustomShippingMethod',
  'addDiscountCode',
  'addItemShippingAddress',
  'addLineItem',
  'addPayment',
  'addShippingMethod',
  'addShoppingList',
  'applyDeltaToCustomLineItemShippingDetailsTargets',
  'applyDeltaToLineItemShippingDetailsTargets',
  'changeCustomLineItemMoney',
  'changeCustomLineItemPriceMode',
  'changeCustomLineItemQuantity',
  'changeLineItemQuantity',
  'changeLineItemsOrder',
  'changePriceRoundingMode',
  'changeTaxCalculationMode',
  'changeTaxMode',
  'changeTaxRoundingMode',
  'freezeCart',
  'lockCart',
  'recalculate',
  'removeCustomLineItem',
  'removeDiscountCode',
  'removeItemShippingAddress',
  'removeLineItem',
  'removePayment',
  'removeShippingMethod',
  'setAnonymousId',
  'setBillingAddress',
  'setBillingAddressCustomField',
  'setBillingAddressCustomType',
  'setBusinessUnit',
  'setCartTotalTax',
  'setCountry',
  'setCustomField',
  'setCustomLineItemCustomField',
  'setCustomLineItemCustomType',
  'setCustomLineItemRecurrenceInfo',
  'setCustomLineItemShippingDetails',
  'setCustomLineItemTaxAmount',
  'setCustomLineItemTaxRate',
  'setCustomShippingMethod',
  'setCustomType',
  'setCustomerEmail',
  'setCustomerGroup',
  'setCustomerId',
  'setDeleteDaysAfterLastModification',
  'setDirectDiscounts',
  'setEstimatedDelivery',
  'setItemShippingAddressCustomField',
  'setItemShippingAddressCustomType',
  'setKey',
  'setLineItemCustomField',
  'setLineItemCustomType',
  'setLineItemDistributionChannel',
  'setLineItemInventoryMode',
  'setLineItemPrice',
  'setLineItemRecurrenceInfo',
  'setLineItemShippingDetails',
  'setLineItemSupplyChannel',
  'setLineItemTaxAmount',
  'setLineItemTaxRate',
  'setLineItemTotalPrice',
  'setLocale',
  'setPurchaseOrderNumber',
  'setReservationExpirationInMinutes',
  'setShippingAddress',
  'setShippingAddressCustomField',
  'setShippingAddressCustomType',
  'setShippingCustomField',
  'setShippingCustomType',
  'setShippingMethod',
  'setShippingMethodTaxAmount',
  'setShippingMethodTaxRate',
  'setShippingRateInput',
  'unfreezeCart',
  'unlockCart',
  'updateItemShippingAddress',
];

test('cart: every update action of the platform is declared, and no other', () => {
  expectPlatformActions('cart', PLATFORM_CART_ACTIONS);
});

test('a whole cart, every figure checked by hand', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  // SAVE10: 10% off each unit of A-1, only with the code (sortOrder 0.9, applies first).
  const tenPercent = await createCartDiscount(apiRoot, {
    name: { en: '10% on shirts' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: '1 = 1',
    target: { type: 'lineItems', predicate: 'sku = "A-1"' },
    sortOrder: '0.9',
    requiresDiscountCode: true,
  });
  const code = await createDiscountCode(apiRoot, { code: 'SAVE10', cartDiscounts: [{ typeId: 'cart-discount', id: tenPercent.id }] });
  // 5.00 EUR off the total when the line items are worth more than 50.00 EUR (no code needed).
  const fiveOff = await createCartDiscount(apiRoot, {
    name: { en: '5 EUR off' },
    value: { type: 'absolute', money: [EUR(500)] },
    cartPredicate: 'lineItemTotal(1 = 1) > "50.00 EUR"',
    target: { type: 'totalPrice' },
    sortOrder: '0.1',
  });

  let cart = await createCart(apiRoot, {
    currency: 'EUR',
    country: 'DE',
    lineItems: [
      { sku: 'A-1', quantity: 2 },
      { productId: catalog.productB.id, variantId: 1, quantity: 3 },
    ],
    customLineItems: [
      { name: { en: 'Gift wrap' }, slug: 'gift-wrap', money: EUR(250), taxCategory: { typeId: 'tax-category', id: catalog.standard.id } },
    ],
  });
  // Before the address: prices and totals, no taxes yet.
  // A-1 19.99 × 2 = 39.98; B-1 10.50 × 3 = 31.50; wrap 2.50. Total 73.98; the 5 EUR discount applies (71.48 > 50.00): 68.98.
  expect(cart.lineItems.map((l) => [l.variant.sku, l.price.value.centAmount, l.quantity, l.totalPrice.centAmount])).toEqual([
    ['A-1', 1999, 2, 3998],
    ['B-1', 1050, 3, 3150],
  ]);
  expect(cart.totalPrice).toEqual(cents(6898));
  expect(cart.taxedPrice).toBeUndefined();
  expect(cart.totalLineItemQuantity).toBe(5);

  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'setShippingAddress', address: { country: 'DE', city: 'Berlin' } },
    { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: catalog.dhl.id } },
    { action: 'addDiscountCode', code: 'SAVE10' },
  );

  // 10% of 19.99 = 1.999 → 2.00 (HalfEven), 17.99 a unit, × 2 = 35.98.
  const [shirt, book] = cart.lineItems;
  expect(shirt!.discountedPricePerQuantity).toEqual([
    {
      quantity: 2,
      discountedPrice: {
        value: cents(1799),
        includedDiscounts: [{ discount: { typeId: 'cart-discount', id: tenPercent.id }, discountedAmount: cents(200) }],
      },
    },
  ]);
  expect(shirt!.totalPrice).toEqual(cents(3598));
  // B-1: not targeted, 31.50.
  expect(book!.discountedPricePerQuantity).toEqual([]);
  expect(book!.totalPrice).toEqual(cents(3150));
  expect(cart.customLineItems[0]!.totalPrice).toEqual(cents(250));

  // Shipping: the cart is worth 73.98 before cart discounts, below freeAbove 100.00: 4.90.
  expect(cart.shippingInfo).toMatchObject({
    shippingMethodName: 'DHL',
    price: cents(490),
    shippingRate: { price: cents(490), freeAbove: cents(10000), tiers: [] },
    shippingMethod: { typeId: 'shipping-method', id: catalog.dhl.id },
    taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
    shippingMethodState: 'MatchesCart',
  });

  // Taxes, all included in the prices (net = gross / (1 + rate), rounded HalfEven; tax = gross − net):
  //   shirts 35.98 at 19%: 3598 / 1.19 = 3023.53 → 30.24 net, 5.74 tax
  //   books  31.50 at  7%: 3150 / 1.07 = 2943.93 → 29.44 net, 2.06 tax
  //   wrap    2.50 at 19%:  250 / 1.19 =  210.08 →  2.10 net, 0.40 tax
  //   shipping 4.90 at 19%: 490 / 1.19 =  411.76 →  4.12 net, 0.78 tax
  expect(taxFigures(shirt!.taxedPrice)).toEqual({ net: 3024, gross: 3598, tax: 574, portions: [['Standard DE', 0.19, 574]] });
  expect(taxFigures(book!.taxedPrice)).toEqual({ net: 2944, gross: 3150, tax: 206, portions: [['Reduced DE', 0.07, 206]] });
  expect(taxFigures(cart.customLineItems[0]!.taxedPrice)).toEqual({ net: 210, gross: 250, tax: 40, portions: [['Standard DE', 0.19, 40]] });
  expect(taxFigures(cart.shippingInfo!.taxedPrice)).toEqual({ net: 412, gross: 490, tax: 78, portions: [['Standard DE', 0.19, 78]] });
  expect(shirt!.taxRate).toMatchObject({ name: 'Standard DE', amount: 0.19, includedInPrice: true, country: 'DE' });

  // Total before the discount on the total: 35.98 + 31.50 + 2.50 + 4.90 = 74.88; minus 5.00 = 69.88.
  expect(cart.totalPrice).toEqual(cents(6988));
  // The taxed price: net 30.24 + 29.44 + 2.10 + 4.12 = 65.90, gross 74.88, portions 19%: 5.74 + 0.40 + 0.78 = 6.92, 7%: 2.06;
  // reduced by the share 5.00 / 74.88: net 6590 × 500 / 7488 = 440.04 → 4.40 off → 61.50; gross 5.00 off → 69.88;
  // 19%: 692 × 500 / 7488 = 46.21 → 0.46 off → 6.46; 7%: 206 × 500 / 7488 = 13.76 → 0.14 off → 1.92 (6.46 + 1.92 = 69.88 − 61.50).
  expect(taxFigures(cart.taxedPrice)).toEqual({
    net: 6150,
    gross: 6988,
    tax: 838,
    portions: [
      ['Standard DE', 0.19, 646],
      ['Reduced DE', 0.07, 192],
    ],
  });
  expect(cart.discountOnTotalPrice).toEqual({
    discountedAmount: cents(500),
    includedDiscounts: [{ discount: { typeId: 'cart-discount', id: fiveOff.id }, discountedAmount: cents(500) }],
    discountedNetAmount: cents(440),
    discountedGrossAmount: cents(500),
  });
  // Shipping's share: net 412 × 500 / 7488 = 27.51 → 28 off → 3.84; gross 32.72 → 33 off → 4.57; tax 0.73.
  expect(taxFigures(cart.taxedShippingPrice)).toEqual({ net: 384, gross: 457, tax: 73, portions: [['Standard DE', 0.19, 73]] });
  expect(cart.discountCodes).toEqual([{ discountCode: { typeId: 'discount-code', id: code.id }, state: 'MatchesCart' }]);

  // Two more books: the cart is worth 19.99 × 2 + 10.50 × 5 + 2.50 = 94.98 before discounts, still below 100.00.
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: book!.id, quantity: 5 });
  expect(cart.shippingInfo!.price).toEqual(cents(490));
  // One more: 105.48 ≥ 100.00, shipping is free; total 35.98 + 63.00 + 2.50 + 0 − 5.00 = 96.48.
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: book!.id, quantity: 6 });
  expect(cart.shippingInfo!.price).toEqual(cents(0));
  expect(cart.totalPrice).toEqual(cents(9648));

  // Read back: what was answered is what is stored.
  expect(await readCart(apiRoot, cart)).toEqual(cart);
});

test('taxes excluded from the price, state rates with sub-rates, HalfEven rounding', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  // Net DE 19% excluded: 10.50 × 0.19 = 1.995 → 2.00 (HalfEven: 199.5 → 200); 11.50 × 0.19 = 2.185 → 2.18 (218.5 → 218).
  let cart = await createCart(apiRoot, {
    currency: 'EUR',
    country: 'DE',
    shippingAddress: { country: 'DE' },
    lineItems: [{ sku: 'N-1' }, { sku: 'N-2' }],
  });
  expect(cart.lineItems.map((line) => taxFigures(line.taxedPrice))).toEqual([
    { net: 1050, gross: 1250, tax: 200, portions: [['Net DE', 0.19, 200]] },
    { net: 1150, gross: 1368, tax: 218, portions: [['Net DE', 0.19, 218]] },
  ]);
  // The cart: net 22.00, tax 4.18, gross 26.18; the total price is the net sum (prices exclude tax).
  expect(taxFigures(cart.taxedPrice)).toEqual({ net: 2200, gross: 2618, tax: 418, portions: [['Net DE', 0.19, 418]] });
  expect(cart.totalPrice).toEqual(cents(2200));

  // HalfUp rounds both halves up: 2.00 and 2.19.
  cart = await updateCart(apiRoot, cart, { action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfUp' });
  expect(cart.lineItems.map((line) => line.taxedPrice!.totalTax!.centAmount)).toEqual([200, 219]);
  // HalfDown rounds both halves down: 1.99 and 2.18.
  cart = await updateCart(apiRoot, cart, { action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfDown' });
  expect(cart.lineItems.map((line) => line.taxedPrice!.totalTax!.centAmount)).toEqual([199, 218]);

  // New York: 8.875% as State 4% + City 4.875% on 20.00 USD: 80 + 97.5 → 98 (HalfEven) = 1.78.
  const usCart = await createCart(apiRoot, {
    currency: 'USD',
    country: 'US',
    shippingAddress: { country: 'US', state: 'NY' },
    lineItems: [{ sku: 'N-1' }],
  });
  expect(usCart.lineItems[0]!.taxRate).toMatchObject({ name: 'NY', amount: 0.08875, state: 'NY', includedInPrice: false });
  expect(taxFigures(usCart.lineItems[0]!.taxedPrice)).toEqual({
    net: 2000,
    gross: 2178,
    tax: 178,
    portions: [
      ['State', 0.04, 80],
      ['City', 0.04875, 98],
    ],
  });
  // Another state: the category has no rate for US/CA (and no country fallback): no tax rate, no taxed price.
  const caCart = await updateCart(apiRoot, usCart, { action: 'setShippingAddress', address: { country: 'US', state: 'CA' } });
  expect(caCart.lineItems[0]!.taxRate).toBeUndefined();
  expect(caCart.taxedPrice).toBeUndefined();
});

test('relative discounts round per unit with the price rounding mode (HalfEven)', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  await createCartDiscount(apiRoot, {
    name: { en: '10% on custom items' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: 'true',
    target: { type: 'customLineItems', predicate: 'true' },
    sortOrder: '0.5',
  });
  // 10% of 0.25 is 0.025 → 0.02 (HalfEven: 2.5 → 2), 0.23 a unit; of 0.35, 3.5 → 4: 0.31 a unit.
  let cart = await createCart(apiRoot, {
    currency: 'EUR',
    customLineItems: [
      { name: { en: 'a' }, slug: 'a', money: EUR(25), quantity: 3, taxCategory: { typeId: 'tax-category', id: catalog.standard.id } },
      { name: { en: 'b' }, slug: 'b', money: EUR(35) },
    ],
  });
  expect(
    cart.customLineItems.map((l) => [l.discountedPricePerQuantity[0]!.discountedPrice.value.centAmount, l.totalPrice.centAmount]),
  ).toEqual([
    [23, 69],
    [31, 31],
  ]);
  cart = await updateCart(apiRoot, cart, { action: 'changePriceRoundingMode', priceRoundingMode: 'HalfUp' });
  expect(cart.customLineItems.map((l) => l.discountedPricePerQuantity[0]!.discountedPrice.value.centAmount)).toEqual([22, 31]);
  expect(cart.priceRoundingMode).toBe('HalfUp');
});

test('price selection: country, customer group, channel, tiers, product discounts', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  const vip = (
    await apiRoot
      .customerGroups()
      .post({ body: { groupName: 'VIP', key: 'vip' } })
      .execute()
  ).body;
  const outlet = (
    await apiRoot
      .channels()
      .post({ body: { key: 'outlet', roles: ['ProductDistribution'] } })
      .execute()
  ).body;
  // Addressed by its SKU below.
  await apiRoot
    .products()
    .post({
      body: {
        productType: catalog.productA.productType,
        name: { en: 'Mug' },
        slug: { en: 'mug' },
        taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
        masterVariant: {
          sku: 'MUG',
          prices: [
            { value: EUR(1000), tiers: [{ minimumQuantity: 10, value: EUR(800) }] },
            { value: EUR(900), country: 'AT' },
            { value: EUR(700), customerGroup: { typeId: 'customer-group', id: vip.id } },
            { value: EUR(600), channel: { typeId: 'channel', id: outlet.id } },
          ],
        },
        publish: true,
      },
    })
    .execute();
  const customer = (
    await apiRoot
      .customers()
      .post({ body: { email: 'vip@example.com', password: 'secret', customerGroup: { typeId: 'customer-group', id: vip.id } } })
      .execute()
  ).body.customer;

  let cart = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'MUG' }] });
  expect(cart.lineItems[0]!.price.value.centAmount).toBe(1000);
  cart = await updateCart(apiRoot, cart, { action: 'setCountry', country: 'AT' });
  expect(cart.lineItems[0]!.price.value.centAmount).toBe(900);
  // The customer's group: the cart takes it over from the customer.
  cart = await updateCart(apiRoot, cart, { action: 'setCustomerId', customerId: customer.id });
  expect(cart.customerGroup).toEqual({ typeId: 'customer-group', id: vip.id });
  expect(cart.lineItems[0]!.price.value.centAmount).toBe(700);
  // A line with the distribution channel.
  cart = await updateCart(apiRoot, cart, {
    action: 'setLineItemDistributionChannel',
    lineItemId: cart.lineItems[0]!.id,
    distributionChannel: { typeId: 'channel', key: 'outlet' },
  });
  expect(cart.lineItems[0]!.price.value.centAmount).toBe(700); // customer group beats channel alone
  // Tiers: 10 mugs without group or country cost 8.00 each.
  const tiered = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'MUG', quantity: 10 }] });
  expect(tiered.lineItems[0]!.price.value.centAmount).toBe(800);
  expect(tiered.totalPrice).toEqual(cents(8000));

  // A product discount of 20%: the line's price carries it, the total uses it.
  await apiRoot
    .productDiscounts()
    .post({
      body: {
        name: { en: '20%' },
        value: { type: 'relative', permyriad: 2000 },
        predicate: 'sku = "MUG"',
        sortOrder: '0.3',
        isActive: true,
      },
    })
    .execute();
  const discounted = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'MUG', quantity: 2 }] });
  expect(discounted.lineItems[0]!.price.discounted?.value.centAmount).toBe(800);
  expect(discounted.lineItems[0]!.totalPrice).toEqual(cents(1600));
});

test('custom line items, external prices, tax modes', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  let cart = await createCart(apiRoot, { currency: 'EUR', country: 'DE', shippingAddress: { country: 'DE' }, lineItems: [{ sku: 'A-1' }] });
  cart = await updateCart(apiRoot, cart, { action: 'setLineItemPrice', lineItemId: cart.lineItems[0]!.id, externalPrice: EUR(1500) });
  expect(cart.lineItems[0]).toMatchObject({ priceMode: 'ExternalPrice', price: { value: cents(1500) }, totalPrice: cents(1500) });
  cart = await updateCart(apiRoot, cart, {
    action: 'setLineItemTotalPrice',
    lineItemId: cart.lineItems[0]!.id,
    externalTotalPrice: { price: EUR(1500), totalPrice: EUR(1234) },
  });
  expect(cart.lineItems[0]).toMatchObject({ priceMode: 'ExternalTotal', totalPrice: cents(1234) });
  cart = await updateCart(apiRoot, cart, { action: 'setLineItemPrice', lineItemId: cart.lineItems[0]!.id });
  expect(cart.lineItems[0]).toMatchObject({ priceMode: 'Platform', price: { value: cents(1999) }, totalPrice: cents(1999) });

  // Disabled: no tax anywhere.
  cart = await updateCart(apiRoot, cart, { action: 'changeTaxMode', taxMode: 'Disabled' });
  expect(cart.taxedPrice).toBeUndefined();
  expect(cart.lineItems[0]!.taxRate).toBeUndefined();

  // External: the rate comes from the client; 19.99 net at 20% → 4.00 (399.8 → 400).
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'changeTaxMode', taxMode: 'External' },
    { action: 'setLineItemTaxRate', lineItemId: cart.lineItems[0]!.id, externalTaxRate: { name: 'ext', amount: 0.2, country: 'DE' } },
  );
  expect(taxFigures(cart.taxedPrice)).toEqual({ net: 1999, gross: 2399, tax: 400, portions: [['ext', 0.2, 400]] });

  // ExternalAmount: amounts set by the client; a price change drops them.
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'changeTaxMode', taxMode: 'ExternalAmount' },
    {
      action: 'setLineItemTaxAmount',
      lineItemId: cart.lineItems[0]!.id,
      externalTaxAmount: { totalGross: EUR(2300), taxRate: { name: 'ext', amount: 0.15, country: 'DE' } },
    },
    { action: 'setCartTotalTax', externalTotalGross: EUR(2300), externalTaxPortions: [{ name: 'ext', rate: 0.15, amount: EUR(301) }] },
  );
  expect(taxFigures(cart.lineItems[0]!.taxedPrice)).toEqual({ net: 1999, gross: 2300, tax: 301, portions: [['ext', 0.15, 301]] });
  expect(taxFigures(cart.taxedPrice)).toEqual({ net: 1999, gross: 2300, tax: 301, portions: [['ext', 0.15, 301]] });
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0]!.id, quantity: 2 });
  expect(cart.lineItems[0]!.taxedPrice).toBeUndefined();
  expect(cart.taxedPrice).toBeUndefined();

  // Custom line items: money, quantity, price mode; removal.
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'changeTaxMode', taxMode: 'Platform' },
    {
      action: 'addCustomLineItem',
      name: { en: 'Service' },
      slug: 'service',
      key: 'service',
      money: EUR(1000),
      quantity: 2,
      taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
    },
  );
  const service = cart.customLineItems[0]!;
  expect(service).toMatchObject({
    key: 'service',
    money: cents(1000),
    quantity: 2,
    totalPrice: cents(2000),
    priceMode: 'Standard',
    taxRate: { name: 'Standard DE' },
  });
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'changeCustomLineItemMoney', customLineItemKey: 'service', money: EUR(1100) },
    { action: 'changeCustomLineItemQuantity', customLineItemId: service.id, quantity: 3 },
  );
  expect(cart.customLineItems[0]!.totalPrice).toEqual(cents(3300));
  cart = await updateCart(apiRoot, cart, { action: 'removeCustomLineItem', customLineItemId: service.id });
  expect(cart.customLineItems).toEqual([]);
});

test('line items: merging, quantities, removal, order, keys', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  let cart = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'A-1' }] });
  // The same variant again raises the quantity of the existing line.
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', productId: catalog.productA.id, variantId: 1, quantity: 2 });
  expect(cart.lineItems.map((l) => l.quantity)).toEqual([3]);
  expect(cart.lineItems[0]!.state).toEqual([{ quantity: 3, state: { typeId: 'state', id: expect.any(String) } }]);
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', sku: 'B-1', key: 'book' });
  cart = await updateCart(apiRoot, cart, { action: 'removeLineItem', lineItemId: cart.lineItems[0]!.id, quantity: 1 });
  expect(cart.lineItems.map((l) => [l.variant.sku, l.quantity])).toEqual([
    ['A-1', 2],
    ['B-1', 1],
  ]);
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemsOrder', lineItemOrder: [cart.lineItems[1]!.id, cart.lineItems[0]!.id] });
  expect(cart.lineItems.map((l) => l.variant.sku)).toEqual(['B-1', 'A-1']);
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemKey: 'book', quantity: 0 });
  expect(cart.lineItems.map((l) => l.variant.sku)).toEqual(['A-1']);
  expect(cart.totalPrice).toEqual(cents(3998));
  cart = await updateCart(apiRoot, cart, { action: 'removeLineItem', lineItemId: cart.lineItems[0]!.id });
  expect(cart.lineItems).toEqual([]);
  expect(cart.totalLineItemQuantity).toBeUndefined();
  expect(cart.totalPrice).toEqual(cents(0));
});

test('cart fields: customer, addresses, locale, key, custom fields, payments, state transitions', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const type = (
    await apiRoot
      .types()
      .post({
        body: {
          key: 'cart-fields',
          name: { en: 'fields' },
          resourceTypeIds: ['order', 'line-item', 'address'],
          fieldDefinitions: [{ name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } }],
        },
      })
      .execute()
  ).body;
  let cart = await createCart(apiRoot, { currency: 'EUR', anonymousId: 'anon-1', lineItems: [{ sku: 'A-1' }], key: 'my-cart' });
  expect(cart).toMatchObject({
    cartState: 'Active',
    taxMode: 'Platform',
    inventoryMode: 'None',
    shippingMode: 'Single',
    origin: 'Customer',
    priceRoundingMode: 'HalfEven',
    taxRoundingMode: 'HalfEven',
    taxCalculationMode: 'LineItemLevel',
    anonymousId: 'anon-1',
    shipping: [],
    itemShippingAddresses: [],
    discountCodes: [],
    directDiscounts: [],
    refusedGifts: [],
  });
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'setCustomerEmail', email: 'a@example.com' },
    { action: 'setLocale', locale: 'en' },
    { action: 'setBillingAddress', address: { country: 'DE', firstName: 'Ada' } },
    { action: 'setCustomType', type: { typeId: 'type', key: 'cart-fields' }, fields: { note: 'hello' } },
    { action: 'setLineItemCustomType', lineItemId: cart.lineItems[0]!.id, type: { typeId: 'type', id: type.id } },
    { action: 'setLineItemCustomField', lineItemId: cart.lineItems[0]!.id, name: 'note', value: 'gift' },
    { action: 'setBillingAddressCustomType', type: { typeId: 'type', id: type.id }, fields: { note: 'billing' } },
    { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-1' },
    { action: 'setKey', key: 'renamed' },
  );
  expect(cart).toMatchObject({
    customerEmail: 'a@example.com',
    locale: 'en',
    key: 'renamed',
    purchaseOrderNumber: 'PO-1',
    billingAddress: { country: 'DE', firstName: 'Ada', custom: { fields: { note: 'billing' } } },
    custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'hello' } },
  });
  expect(cart.lineItems[0]!.custom?.fields).toEqual({ note: 'gift' });
  expect((await apiRoot.carts().withKey({ key: 'renamed' }).get().execute()).body.id).toBe(cart.id);

  // Freeze: price-changing actions are refused; unfreeze restores them.
  cart = await updateCart(apiRoot, cart, { action: 'freezeCart' });
  expect(cart).toMatchObject({ cartState: 'Frozen', freezeStrategy: 'SoftFreeze' });
  const frozen = await refusedCart(apiRoot, cart, { action: 'addLineItem', sku: 'B-1' });
  expect(frozen.statusCode).toBe(400);
  expect(frozen.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  cart = await updateCart(apiRoot, cart, { action: 'setCustomerEmail', email: 'b@example.com' });
  cart = await updateCart(apiRoot, cart, { action: 'unfreezeCart' });
  expect(cart.cartState).toBe('Active');
  expect(cart.freezeStrategy).toBeUndefined();
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', sku: 'B-1' });
  expect(cart.lineItems).toHaveLength(2);

  // Lock and unlock.
  cart = await updateCart(apiRoot, cart, { action: 'lockCart' });
  expect(cart.lock).toMatchObject({ createdAt: expect.any(String) });
  cart = await updateCart(apiRoot, cart, { action: 'unlockCart' });
  expect(cart.lock).toBeUndefined();

  // Payments.
  const payment = (
    await apiRoot
      .payments()
      .post({ body: { amountPlanned: EUR(1999) } })
      .execute()
  ).body;
  cart = await updateCart(apiRoot, cart, { action: 'addPayment', payment: { typeId: 'payment', id: payment.id } });
  expect(cart.paymentInfo).toEqual({ payments: [{ typeId: 'payment', id: payment.id }] });
  cart = await updateCart(apiRoot, cart, { action: 'removePayment', payment: { typeId: 'payment', id: payment.id } });
  expect(cart.paymentInfo).toBeUndefined();

  // Nothing changes, nothing is stored: the version stays.
  const same = await updateCart(apiRoot, cart, { action: 'setLocale', locale: 'en' });
  expect(same.version).toBe(cart.version);
});

test('GET /carts/customer-id={id}: the most recently modified active cart of the customer', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const customer = (
    await apiRoot
      .customers()
      .post({ body: { email: 'c@example.com', password: 'secret' } })
      .execute()
  ).body.customer;
  const first = await createCart(apiRoot, { currency: 'EUR', customerId: customer.id });
  const second = await createCart(apiRoot, { currency: 'EUR', customerId: customer.id });
  await new Promise((resolve) => setTimeout(resolve, 5));
  const touched = await updateCart(apiRoot, first, { action: 'addLineItem', sku: 'A-1' });
  const found = await apiRoot.carts().withCustomerId({ customerId: customer.id }).get().execute();
  expect(found.body.id).toBe(touched.id);
  await updateCart(apiRoot, touched, { action: 'freezeCart' });
  expect((await apiRoot.carts().withCustomerId({ customerId: customer.id }).get().execute()).body.id).toBe(second.id);
  const none = await sdkFailure(apiRoot.carts().withCustomerId({ customerId: 'nobody' }).get().execute());
  expect(none.statusCode).toBe(404);
  expect(none.body.errors[0]!.code).toBe('ResourceNotFound');
});

test("GET /carts?customerId= (the legacy lookup): the customer's active cart itself, not a page; 404 without one", async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const customer = (
    await apiRoot
      .customers()
      .post({ body: { email: 'c@example.com', password: 'secret' } })
      .execute()
  ).body.customer;
  const other = await createCart(apiRoot, { currency: 'EUR' });
  const cart = await createCart(apiRoot, { currency: 'EUR', customerId: customer.id, lineItems: [{ sku: 'A-1' }] });
  const lookup = (queryArgs: Record<string, string | string[]>) => apiRoot.carts().get({ queryArgs }).execute();

  const found = (await lookup({ customerId: customer.id })).body as unknown as Cart;
  expect(found).not.toHaveProperty('results');
  expect(found).toMatchObject({ id: cart.id, customerId: customer.id, version: cart.version });
  // The same next to a where and an expand: still the cart itself.
  const withWhere = (await lookup({ customerId: customer.id, where: 'cartState = "Active"', expand: 'lineItems[*].productType' }))
    .body as unknown as Cart;
  expect(withWhere.id).toBe(cart.id);
  expect(withWhere.lineItems[0]!.productType.obj).toBeDefined();
  expect(
    (
      await apiRoot
        .carts()
        .head({ queryArgs: { customerId: customer.id } })
        .execute()
    ).statusCode,
  ).toBe(200);

  // Without the parameter, the list as always.
  const page = (await lookup({ sort: 'createdAt asc' })).body;
  expect(page.results.map((c) => c.id)).toEqual([other.id, cart.id]);

  await updateCart(apiRoot, cart, { action: 'freezeCart' });
  const frozen = await sdkFailure(lookup({ customerId: customer.id }));
  expect(frozen.statusCode).toBe(404);
  expect(frozen.body.errors[0]!.code).toBe('ResourceNotFound');
  expect((await sdkFailure(lookup({ customerId: 'nobody' }))).statusCode).toBe(404);
});

test("GET /in-store/key=/carts?customerId=: the customer's active cart of that store", async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  for (const key of ['berlin', 'munich']) {
    await apiRoot.stores().post({ body: { key } }).execute();
  }
  const customer = (
    await apiRoot
      .customers()
      .post({ body: { email: 'c@example.com', password: 'secret' } })
      .execute()
  ).body.customer;
  const berlin = await createCart(apiRoot, { currency: 'EUR', customerId: customer.id, store: { typeId: 'store', key: 'berlin' } });
  const inStore = (key: string) =>
    apiRoot
      .inStoreKeyWithStoreKeyValue({ storeKey: key })
      .carts()
      .get({ queryArgs: { customerId: customer.id } })
      .execute();
  expect(((await inStore('berlin')).body as unknown as Cart).id).toBe(berlin.id);
  expect((await sdkFailure(inStore('munich'))).statusCode).toBe(404);
  const page = (await apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'berlin' }).carts().get().execute()).body;
  expect(page.results.map((c) => c.id)).toEqual([berlin.id]);
});

test('POST /carts/replicate: a new active cart priced anew', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  let source = await createCart(apiRoot, {
    currency: 'EUR',
    country: 'DE',
    shippingAddress: { country: 'DE' },
    shippingMethod: { typeId: 'shipping-method', key: 'dhl' },
    lineItems: [{ sku: 'A-1', quantity: 2 }],
    customLineItems: [{ name: { en: 'Wrap' }, slug: 'wrap', money: EUR(250) }],
  });
  source = await updateCart(apiRoot, source, { action: 'freezeCart' });
  // The product gets cheaper after the source was made.
  await apiRoot
    .products()
    .withId({ ID: catalog.productA.id })
    .post({
      body: {
        version: catalog.productA.version,
        actions: [
          {
            action: 'changePrice',
            priceId: catalog.productA.masterData.current.masterVariant.prices![0]!.id,
            price: { value: EUR(1799) },
            staged: false,
          },
        ],
      },
    })
    .execute();
  const response = await apiRoot
    .carts()
    .replicate()
    .post({ body: { reference: { typeId: 'cart', id: source.id } } })
    .execute();
  expect(response.statusCode).toBe(201);
  const replica = response.body;
  expect(replica.id).not.toBe(source.id);
  expect(replica.cartState).toBe('Active');
  expect(replica.lineItems.map((l) => [l.variant.sku, l.quantity, l.price.value.centAmount])).toEqual([['A-1', 2, 1799]]);
  expect(replica.lineItems[0]!.id).not.toBe(source.lineItems[0]!.id);
  expect(replica.customLineItems.map((l) => l.totalPrice.centAmount)).toEqual([250]);
  expect(replica.shippingInfo?.shippingMethod?.id).toBe(catalog.dhl.id);
  // 17.99 × 2 + 2.50 + 4.90 = 43.38.
  expect(replica.totalPrice).toEqual(cents(4338));
  const missing = await sdkFailure(
    apiRoot
      .carts()
      .replicate()
      .post({ body: { reference: { typeId: 'cart', id: 'nope' } } })
      .execute(),
  );
  expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound' });
});

test('POST /carts/customer-id={id}/merge: an anonymous cart merges into the customer cart', async ({ apiRoot, mock }) => {
  await setupCatalog(apiRoot);
  const customer = (
    await apiRoot
      .customers()
      .post({ body: { email: 'm@example.com', password: 'secret' } })
      .execute()
  ).body.customer;
  const own = await createCart(apiRoot, { currency: 'EUR', customerId: customer.id, lineItems: [{ sku: 'A-1' }] });
  const anonymous = await createCart(apiRoot, {
    currency: 'EUR',
    anonymousId: 'anon-m',
    lineItems: [{ sku: 'A-1', quantity: 3 }, { sku: 'B-1' }],
  });
  // The SDK has no builder for this endpoint: its client sends the request as is.
  const response = await sdkClient(mock).execute({
    method: 'POST',
    uri: `/${PROJECT_KEY}/carts/customer-id=${customer.id}/merge`,
    headers: { 'Content-Type': 'application/json' },
    body: { anonymousCart: { typeId: 'cart', id: anonymous.id } },
  });
  const merged = response.body as Cart;
  expect(merged.id).toBe(own.id);
  expect(merged.lineItems.map((l) => [l.variant.sku, l.quantity])).toEqual([
    ['A-1', 3],
    ['B-1', 1],
  ]);
  expect((await readCart(apiRoot, anonymous)).cartState).toBe('Merged');
});

test.describe('refusals: the platform error, nothing stored', () => {
  test('an out-of-date version', async ({ apiRoot }) => {
    await setupCatalog(apiRoot);
    const cart = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'A-1' }] });
    await updateCart(apiRoot, cart, { action: 'setLocale', locale: 'en' });
    const failure = await refusedCart(apiRoot, cart, { action: 'addLineItem', sku: 'B-1' });
    expect(failure.statusCode).toBe(409);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: cart.version + 1 });
    const stored = await readCart(apiRoot, cart);
    expect(stored.version).toBe(cart.version + 1);
    expect(stored.lineItems.map((l) => l.variant.sku)).toEqual(['A-1']);
  });

  test('an unknown SKU, in a draft and in an update with other actions', async ({ apiRoot }) => {
    await setupCatalog(apiRoot);
    const onCreate = await sdkFailure(
      apiRoot
        .carts()
        .post({ body: { currency: 'EUR', lineItems: [{ sku: 'NOPE' }] } })
        .execute(),
    );
    expect(onCreate.statusCode).toBe(400);
    expect(onCreate.body.errors[0]).toEqual({ code: 'InvalidInput', message: "No published product with an sku 'NOPE' exists." });
    expect((await apiRoot.carts().get().execute()).body.total).toBe(0);

    const cart = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'A-1' }] });
    const failure = await refusedCart(
      apiRoot,
      cart,
      { action: 'setLocale', locale: 'de' },
      { action: 'addLineItem', sku: 'B-1' },
      { action: 'addLineItem', sku: 'NOPE' },
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]!.code).toBe('InvalidInput');
    expect(await readCart(apiRoot, cart)).toEqual(cart);
  });

  test('a currency that is not the cart currency', async ({ apiRoot }) => {
    await setupCatalog(apiRoot);
    const cart = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'A-1' }] });
    const custom = await refusedCart(apiRoot, cart, { action: 'addCustomLineItem', name: { en: 'x' }, slug: 'x', money: USD(100) });
    expect(custom.statusCode).toBe(400);
    expect(custom.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    expect(custom.body.errors[0]!.message).toContain("'USD'");
    const external = await refusedCart(apiRoot, cart, {
      action: 'setLineItemPrice',
      lineItemId: cart.lineItems[0]!.id,
      externalPrice: USD(100),
    });
    expect(external.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    expect(await readCart(apiRoot, cart)).toEqual(cart);
    const onCreate = await sdkFailure(
      apiRoot
        .carts()
        .post({ body: { currency: 'EUR', customLineItems: [{ name: { en: 'x' }, slug: 'x', money: USD(100) }] } })
        .execute(),
    );
    expect(onCreate.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    expect((await apiRoot.carts().get().execute()).body.total).toBe(1);
  });

  test('no price in the cart currency', async ({ apiRoot }) => {
    await setupCatalog(apiRoot);
    const failure = await sdkFailure(
      apiRoot
        .carts()
        .post({ body: { currency: 'GBP', lineItems: [{ sku: 'A-1' }] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]).toMatchObject({ code: 'MatchingPriceNotFound', variantId: 1, currency: 'GBP' });
    expect((await apiRoot.carts().get().execute()).body.total).toBe(0);
  });

  test('a discount code that does not exist or cannot apply', async ({ apiRoot }) => {
    await setupCatalog(apiRoot);
    const inactive = await createCartDiscount(apiRoot, {
      name: { en: 'off' },
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate: 'true',
      target: { type: 'totalPrice' },
      sortOrder: '0.2',
      requiresDiscountCode: true,
      isActive: false,
    });
    const code = await createDiscountCode(apiRoot, { code: 'DEAD', cartDiscounts: [{ typeId: 'cart-discount', id: inactive.id }] });
    const cart = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'A-1' }] });

    const unknown = await refusedCart(apiRoot, cart, { action: 'addDiscountCode', code: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'DiscountCodeNonApplicable', discountCode: 'NOPE', reason: 'DoesNotExist' });
    const dead = await refusedCart(apiRoot, cart, { action: 'addDiscountCode', code: 'DEAD' });
    expect(dead.body.errors[0]).toMatchObject({ code: 'DiscountCodeNonApplicable', discountCode: 'DEAD', discountCodeId: code.id });
    expect(dead.body.errors[0]!.message).toBe(`The discountCode ${code.id} cannot be applied to the cart.`);
    expect(await readCart(apiRoot, cart)).toEqual(cart);

    // Creating a cart with a code whose predicate does not match it is refused too.
    const picky = await createCartDiscount(apiRoot, {
      name: { en: 'big carts' },
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate: 'totalPrice > "1000.00 EUR"',
      target: { type: 'totalPrice' },
      sortOrder: '0.3',
      requiresDiscountCode: true,
    });
    await createDiscountCode(apiRoot, { code: 'BIG', cartDiscounts: [{ typeId: 'cart-discount', id: picky.id }] });
    const onCreate = await sdkFailure(
      apiRoot
        .carts()
        .post({ body: { currency: 'EUR', lineItems: [{ sku: 'A-1' }], discountCodes: ['BIG'] } })
        .execute(),
    );
    expect(onCreate.body.errors[0]).toMatchObject({ code: 'DiscountCodeNonApplicable', discountCode: 'BIG' });
    expect((await apiRoot.carts().get().execute()).body.total).toBe(1);
    // Added to an existing cart, a code that does not match stays with the state DoesNotMatchCart.
    const added = await updateCart(apiRoot, cart, { action: 'addDiscountCode', code: 'BIG' });
    expect(added.discountCodes.map((c) => c.state)).toEqual(['DoesNotMatchCart']);
    expect(added.totalPrice).toEqual(cart.totalPrice);
  });

  test('malformed drafts and actions', async ({ apiRoot }) => {
    await setupCatalog(apiRoot);
    const noCurrency = await sdkFailure(
      apiRoot
        .carts()
        .post({ body: raw({ lineItems: [] }) })
        .execute(),
    );
    expect(noCurrency.body.errors).toEqual([invalidJson('currency: Missing required value.')]);
    const cart = await createCart(apiRoot, { currency: 'EUR' });
    const unknownAction = await refusedCart(apiRoot, cart, raw({ action: 'teleport' }));
    expect(unknownAction.body.errors[0]).toMatchObject({ code: 'InvalidInput' });
    const badQuantity = await refusedCart(apiRoot, cart, raw({ action: 'addLineItem', sku: 'A-1', quantity: 'two' }));
    expect(badQuantity.body.errors).toEqual([invalidJson('actions[0] -> quantity: JSON number expected.')]);
    const noLine = await refusedCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: 'nope', quantity: 2 });
    expect(noLine.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    expect(await readCart(apiRoot, cart)).toEqual(cart);
  });
});

test('queries and reference expansion on carts', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const discount = await createCartDiscount(apiRoot, {
    name: { en: '10%' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: 'true',
    target: { type: 'lineItems', predicate: 'true' },
    sortOrder: '0.5',
    requiresDiscountCode: true,
  });
  const code = await createDiscountCode(apiRoot, { code: 'TEN', cartDiscounts: [{ typeId: 'cart-discount', id: discount.id }] });
  const cart = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'A-1' }], discountCodes: ['TEN'] });
  await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'B-1' }] });
  const found = await apiRoot
    .carts()
    .get({ queryArgs: { where: 'lineItems(variant(sku = "A-1"))' } })
    .execute();
  expect(found.body.results.map((c) => c.id)).toEqual([cart.id]);
  const expanded = await apiRoot
    .carts()
    .withId({ ID: cart.id })
    .get({
      queryArgs: {
        expand: [
          'discountCodes[*].discountCode',
          'lineItems[*].discountedPricePerQuantity[*].discountedPrice.includedDiscounts[*].discount',
        ],
      },
    })
    .execute();
  expect(expanded.body.discountCodes[0]!.discountCode.obj?.code).toBe(code.code);
  expect(
    raw<{ obj?: unknown }>(expanded.body.lineItems[0]!.discountedPricePerQuantity[0]!.discountedPrice.includedDiscounts[0]!.discount).obj,
  ).toMatchObject({ id: discount.id });
  // Deleting a cart takes its version.
  const deleted = await apiRoot
    .carts()
    .withId({ ID: cart.id })
    .delete({ queryArgs: { version: cart.version } })
    .execute();
  expect(deleted.body.id).toBe(cart.id);
  expect((await sdkFailure(apiRoot.carts().withId({ ID: cart.id }).get().execute())).statusCode).toBe(404);
});
