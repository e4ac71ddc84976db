/**
 * Cart discounts and discount codes through the official SDK: drafts and every update action,
 * the values (relative, absolute, fixed, distributed), targets (line items, custom line items,
 * shipping, total price, multi-buy), cart predicates, sortOrder and stacking, the states of codes,
 * direct discounts and stores. Figures worked out by hand in the comments.
 */
import { expect, sdkFailure, test } from '../support/sdk.js';
import { expectPlatformActions } from '../support/resources.js';
import {
  EUR,
  cents,
  createCart,
  createCartDiscount,
  createDiscountCode,
  raw,
  readCart,
  refusedCart,
  setupCatalog,
  updateCart,
} from './carts-support.js';

const CART_DISCOUNT_ACTIONS = [
  'addStore',
  'changeCartPredicate',
  'changeIsActive',
  'changeName',
  'changeRequiresDiscountCode',
  'changeSortOrder',
  'changeStackingMode',
  'changeTarget',
  'changeValue',
  'removeStore',
  'setCustomField',
  'setCustomType',
  'setDescription',
  'setDiscountGroup',
  'setKey',
  'setRecurringOrderScope',
  'setStores',
  'setValidFrom',
  'setValidFromAndUntil',
  'setValidUntil',
];
const DISCOUNT_CODE_ACTIONS = [
  'changeCartDiscounts',
  'changeGroups',
  'changeIsActive',
  'setCartPredicate',
  'setCustomField',
  'setCustomType',
  'setDescription',
  'setKey',
  'setMaxApplications',
  'setMaxApplicationsPerCustomer',
  'setName',
  'setValidFrom',
  'setValidFromAndUntil',
  'setValidUntil',
];

for (const [typeId, actions] of [
  ['cart-discount', CART_DISCOUNT_ACTIONS],
  ['discount-code', DISCOUNT_CODE_ACTIONS],
] as const) {
  test(`${typeId}: every update action of the platform is declared, and no other`, () => {
    expectPlatformActions(typeId, actions);
  });
}

test('cart discounts: draft, stored form, update actions, refusals', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  await apiRoot
    .stores()
    .post({ body: { key: 'berlin', name: { en: 'Berlin' } } })
    .execute();
  const discount = await createCartDiscount(apiRoot, {
    key: 'shirts',
    name: { en: 'Shirts' },
    value: { type: 'absolute', money: [EUR(100)] },
    cartPredicate: `customer.customerGroup.id = "group-1" and lineItemExists(productType.id = "${catalog.productA.productType.id}")`,
    target: { type: 'lineItems', predicate: 'categories.id contains "cat-1"' },
    sortOrder: '0.4',
  });
  expect(discount).toMatchObject({
    key: 'shirts',
    value: { type: 'absolute', money: [cents(100)] },
    isActive: true,
    requiresDiscountCode: false,
    stackingMode: 'Stacking',
    stores: [],
    recurringOrderScope: { type: 'NonRecurringOrdersOnly' },
  });
  expect(discount.references).toEqual(
    expect.arrayContaining([
      { typeId: 'customer-group', id: 'group-1' },
      { typeId: 'product-type', id: catalog.productA.productType.id },
      { typeId: 'category', id: 'cat-1' },
    ]),
  );
  const updated = (
    await apiRoot
      .cartDiscounts()
      .withId({ ID: discount.id })
      .post({
        body: {
          version: discount.version,
          actions: [
            { action: 'changeName', name: { en: 'All shirts' } },
            { action: 'setDescription', description: { en: 'd' } },
            { action: 'setKey', key: 'all-shirts' },
            { action: 'changeValue', value: { type: 'relative', permyriad: 1500 } },
            { action: 'changeCartPredicate', cartPredicate: 'country = "DE"' },
            { action: 'changeTarget', target: { type: 'shipping' } },
            { action: 'changeSortOrder', sortOrder: '0.45' },
            { action: 'changeIsActive', isActive: false },
            { action: 'changeRequiresDiscountCode', requiresDiscountCode: true },
            { action: 'changeStackingMode', stackingMode: 'StopAfterThisDiscount' },
            { action: 'setValidFromAndUntil', validFrom: '2020-01-01T00:00:00.000Z', validUntil: '2090-01-01T00:00:00.000Z' },
            { action: 'addStore', store: { typeId: 'store', key: 'berlin' } },
            { action: 'setRecurringOrderScope', recurringOrderScope: { type: 'AnyOrder' } },
          ],
        },
      })
      .execute()
  ).body;
  expect(updated).toMatchObject({
    key: 'all-shirts',
    name: { en: 'All shirts' },
    description: { en: 'd' },
    value: { type: 'relative', permyriad: 1500 },
    cartPredicate: 'country = "DE"',
    target: { type: 'shipping' },
    sortOrder: '0.45',
    isActive: false,
    requiresDiscountCode: true,
    stackingMode: 'StopAfterThisDiscount',
    validFrom: '2020-01-01T00:00:00.000Z',
    validUntil: '2090-01-01T00:00:00.000Z',
    stores: [{ typeId: 'store', key: 'berlin' }],
    references: [],
    recurringOrderScope: { type: 'AnyOrder' },
  });
  const again = (
    await apiRoot
      .cartDiscounts()
      .withKey({ key: 'all-shirts' })
      .post({
        body: {
          version: updated.version,
          actions: [
            { action: 'setValidFrom' },
            { action: 'setValidUntil' },
            { action: 'removeStore', store: { typeId: 'store', key: 'berlin' } },
            { action: 'setStores', stores: [] },
          ],
        },
      })
      .execute()
  ).body;
  expect(again.validFrom).toBeUndefined();
  expect(again.validUntil).toBeUndefined();
  expect(again.stores).toEqual([]);

  const base = {
    name: { en: 'x' },
    value: { type: 'relative', permyriad: 100 },
    cartPredicate: 'true',
    target: { type: 'totalPrice' },
  } as const;
  const sameSort = await sdkFailure(
    apiRoot
      .cartDiscounts()
      .post({ body: { ...base, sortOrder: '0.45' } })
      .execute(),
  );
  expect(sameSort.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'sortOrder', duplicateValue: '0.45' });
  const syntax = await sdkFailure(
    apiRoot
      .cartDiscounts()
      .post({ body: { ...base, sortOrder: '0.46', cartPredicate: 'totalPrice >>' } })
      .execute(),
  );
  expect(syntax.body.errors[0]).toMatchObject({ code: 'SyntaxError' });
  const targetSyntax = await sdkFailure(
    apiRoot
      .cartDiscounts()
      .post({ body: { ...base, sortOrder: '0.46', target: { type: 'lineItems', predicate: 'sku = ' } } })
      .execute(),
  );
  expect(targetSyntax.body.errors[0]).toMatchObject({ code: 'SyntaxError' });
  const fixedTotal = await sdkFailure(
    apiRoot
      .cartDiscounts()
      .post({ body: { ...base, sortOrder: '0.46', value: raw({ type: 'fixed', money: [EUR(1)] }) } })
      .execute(),
  );
  expect(fixedTotal.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  const badSort = await sdkFailure(
    apiRoot
      .cartDiscounts()
      .post({ body: { ...base, sortOrder: '1.5' } })
      .execute(),
  );
  expect(badSort.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'sortOrder' });
  const noTarget = await sdkFailure(
    apiRoot
      .cartDiscounts()
      .post({ body: raw({ ...base, target: undefined, sortOrder: '0.46' }) })
      .execute(),
  );
  expect(noTarget.statusCode).toBe(400);
  expect((await apiRoot.cartDiscounts().get().execute()).body.total).toBe(1);
  // Without a sortOrder the discount gets one no other uses.
  const generated = await createCartDiscount(apiRoot, { ...base });
  expect(generated.sortOrder).toMatch(/^0\.\d*[1-9]$/);
});

test('discount codes: draft, stored form, update actions, refusals', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const one = await createCartDiscount(apiRoot, {
    name: { en: '1' },
    value: { type: 'relative', permyriad: 100 },
    cartPredicate: 'true',
    target: { type: 'totalPrice' },
    sortOrder: '0.1',
    requiresDiscountCode: true,
  });
  const two = await createCartDiscount(apiRoot, {
    name: { en: '2' },
    value: { type: 'relative', permyriad: 200 },
    cartPredicate: 'true',
    target: { type: 'totalPrice' },
    sortOrder: '0.2',
    requiresDiscountCode: true,
  });
  const code = await createDiscountCode(apiRoot, {
    code: 'WELCOME',
    cartDiscounts: [{ typeId: 'cart-discount', id: one.id }],
    groups: ['new'],
    cartPredicate: 'customer.email = "x@example.com"',
  });
  expect(code).toMatchObject({
    code: 'WELCOME',
    cartDiscounts: [{ typeId: 'cart-discount', id: one.id }],
    isActive: true,
    groups: ['new'],
    stores: [],
    references: [],
    cartPredicate: 'customer.email = "x@example.com"',
  });
  const updated = (
    await apiRoot
      .discountCodes()
      .withId({ ID: code.id })
      .post({
        body: {
          version: code.version,
          actions: [
            { action: 'setName', name: { en: 'Welcome' } },
            { action: 'setDescription', description: { en: 'for new customers' } },
            { action: 'setKey', key: 'welcome' },
            {
              action: 'changeCartDiscounts',
              cartDiscounts: [
                { typeId: 'cart-discount', id: one.id },
                { typeId: 'cart-discount', id: two.id },
              ],
            },
            { action: 'changeGroups', groups: ['new', 'spring'] },
            { action: 'changeIsActive', isActive: false },
            { action: 'setCartPredicate' },
            { action: 'setMaxApplications', maxApplications: 100 },
            { action: 'setMaxApplicationsPerCustomer', maxApplicationsPerCustomer: 1 },
            { action: 'setValidFromAndUntil', validFrom: '2020-01-01T00:00:00Z', validUntil: '2090-01-01T00:00:00Z' },
          ],
        },
      })
      .execute()
  ).body;
  expect(updated).toMatchObject({
    key: 'welcome',
    name: { en: 'Welcome' },
    description: { en: 'for new customers' },
    cartDiscounts: [
      { typeId: 'cart-discount', id: one.id },
      { typeId: 'cart-discount', id: two.id },
    ],
    groups: ['new', 'spring'],
    isActive: false,
    maxApplications: 100,
    maxApplicationsPerCustomer: 1,
    validFrom: '2020-01-01T00:00:00.000Z',
    validUntil: '2090-01-01T00:00:00.000Z',
  });
  expect(updated.cartPredicate).toBeUndefined();
  const later = (
    await apiRoot
      .discountCodes()
      .withKey({ key: 'welcome' })
      .post({ body: { version: updated.version, actions: [{ action: 'setValidFrom' }, { action: 'setValidUntil' }] } })
      .execute()
  ).body;
  expect(later.validFrom).toBeUndefined();

  const duplicate = await sdkFailure(
    apiRoot
      .discountCodes()
      .post({ body: { code: 'WELCOME', cartDiscounts: [{ typeId: 'cart-discount', id: one.id }] } })
      .execute(),
  );
  expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'code', duplicateValue: 'WELCOME' });
  const none = await sdkFailure(
    apiRoot
      .discountCodes()
      .post({ body: { code: 'EMPTY', cartDiscounts: [] } })
      .execute(),
  );
  expect(none.statusCode).toBe(400);
  const missing = await sdkFailure(
    apiRoot
      .discountCodes()
      .post({ body: { code: 'GHOST', cartDiscounts: [{ typeId: 'cart-discount', id: 'nope' }] } })
      .execute(),
  );
  expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'cart-discount' });
  const syntax = await sdkFailure(
    apiRoot
      .discountCodes()
      .post({ body: { code: 'BAD', cartDiscounts: [{ typeId: 'cart-discount', id: one.id }], cartPredicate: '= 1' } })
      .execute(),
  );
  expect(syntax.body.errors[0]).toMatchObject({ code: 'SyntaxError' });
  expect((await apiRoot.discountCodes().get().execute()).body.total).toBe(1);
});

test('fixed, absolute and distributed values on line items; a relative discount on shipping', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  // Fixed 15.00 a unit for everything: A-1 19.99 → 15.00 (4.99 off); B-1 10.50 is already below, untouched.
  const fixed = await createCartDiscount(apiRoot, {
    name: { en: 'fixed' },
    value: raw({ type: 'fixed', money: [EUR(1500)] }),
    cartPredicate: 'true',
    target: { type: 'lineItems', predicate: 'true' },
    sortOrder: '0.9',
  });
  let cart = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'A-1' }, { sku: 'B-1', quantity: 2 }] });
  expect(cart.lineItems[0]!.discountedPricePerQuantity).toEqual([
    {
      quantity: 1,
      discountedPrice: {
        value: cents(1500),
        includedDiscounts: [{ discount: { typeId: 'cart-discount', id: fixed.id }, discountedAmount: cents(499) }],
      },
    },
  ]);
  expect(cart.lineItems[1]!.discountedPricePerQuantity).toEqual([]);
  // 15.00 + 21.00.
  expect(cart.totalPrice).toEqual(cents(3600));

  // Absolute 20.00 a unit is capped at the unit price (B-1 becomes 0.00).
  const absolute = await apiRoot
    .cartDiscounts()
    .withId({ ID: fixed.id })
    .post({ body: { version: fixed.version, actions: [{ action: 'changeValue', value: { type: 'absolute', money: [EUR(2000)] } }] } })
    .execute();
  cart = await updateCart(apiRoot, cart, { action: 'recalculate' });
  expect(cart.lineItems.map((l) => l.totalPrice.centAmount)).toEqual([0, 0]);

  // 10.00 spread by price share over A-1 (19.99) and 2 × B-1 (21.00): shares 1000 × 1999 / 4099 = 487.68 → 487 and
  // 1000 × 2100 / 4099 = 512.31 → 512, the cent left to the first: 4.88 off A-1, 2.56 off each B-1.
  const proportional = await apiRoot
    .cartDiscounts()
    .withId({ ID: fixed.id })
    .post({
      body: {
        version: absolute.body.version,
        actions: [{ action: 'changeValue', value: { type: 'absolute', money: [EUR(1000)], applicationMode: 'ProportionateDistribution' } }],
      },
    })
    .execute();
  cart = await updateCart(apiRoot, cart, { action: 'recalculate' });
  expect(cart.lineItems.map((l) => [l.discountedPricePerQuantity[0]!.discountedPrice.value.centAmount, l.totalPrice.centAmount])).toEqual([
    [1511, 1511],
    [794, 1588],
  ]);
  // Evenly: 10.00 over 3 units, 3.33 each and the cent left to the first: 3.34 off A-1.
  await apiRoot
    .cartDiscounts()
    .withId({ ID: fixed.id })
    .post({
      body: {
        version: proportional.body.version,
        actions: [{ action: 'changeValue', value: { type: 'absolute', money: [EUR(1000)], applicationMode: 'EvenDistribution' } }],
      },
    })
    .execute();
  cart = await updateCart(apiRoot, cart, { action: 'recalculate' });
  expect(cart.lineItems.map((l) => l.totalPrice.centAmount)).toEqual([1665, 1434]);
  expect(cart.totalPrice).toEqual(cents(3099));

  // Half the shipping: 4.90 → 2.45.
  const shipping = await createCartDiscount(apiRoot, {
    name: { en: 'half shipping' },
    value: { type: 'relative', permyriad: 5000 },
    cartPredicate: 'true',
    target: { type: 'shipping' },
    sortOrder: '0.5',
  });
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'setShippingAddress', address: { country: 'DE' } },
    { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', key: 'dhl' } },
  );
  expect(cart.shippingInfo!.price).toEqual(cents(490));
  expect(cart.shippingInfo!.discountedPrice).toEqual({
    value: cents(245),
    includedDiscounts: [{ discount: { typeId: 'cart-discount', id: shipping.id }, discountedAmount: cents(245) }],
  });
  // 30.99 + 2.45; the shipping tax is on the discounted price: 245 / 1.19 = 205.88 → 2.06 net.
  expect(cart.totalPrice).toEqual(cents(3344));
  expect(cart.shippingInfo!.taxedPrice!.totalNet).toEqual(cents(206));
});

test('multi-buy: every third unit, the cheapest, for free', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const multiBuy = await createCartDiscount(apiRoot, {
    name: { en: '3 for 2' },
    value: { type: 'relative', permyriad: 10000 },
    cartPredicate: 'true',
    target: { type: 'multiBuyLineItems', predicate: 'true', triggerQuantity: 3, discountedQuantity: 1, selectionMode: 'Cheapest' },
    sortOrder: '0.6',
  });
  // 2 × 19.99 and 2 × 10.50: four units, one occurrence: one B-1 for free. 39.98 + 10.50 = 50.48.
  let cart = await createCart(apiRoot, {
    currency: 'EUR',
    lineItems: [
      { sku: 'A-1', quantity: 2 },
      { sku: 'B-1', quantity: 2 },
    ],
  });
  expect(cart.lineItems[0]!.discountedPricePerQuantity).toEqual([]);
  expect(cart.lineItems[1]!.discountedPricePerQuantity).toEqual([
    {
      quantity: 1,
      discountedPrice: {
        value: cents(0),
        includedDiscounts: [{ discount: { typeId: 'cart-discount', id: multiBuy.id }, discountedAmount: cents(1050) }],
      },
    },
  ]);
  expect(cart.lineItems[1]!.totalPrice).toEqual(cents(1050));
  expect(cart.totalPrice).toEqual(cents(5048));
  // Six units: two occurrences, both B-1 free: 39.98 + 0 + ... two more A-1: 4 × 19.99 = 79.96.
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0]!.id, quantity: 4 });
  expect(cart.lineItems[1]!.totalPrice).toEqual(cents(0));
  expect(cart.totalPrice).toEqual(cents(7996));
});

test('sortOrder and stacking; the states of discount codes', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const first = await createCartDiscount(apiRoot, {
    name: { en: 'first' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: 'true',
    target: { type: 'lineItems', predicate: 'true' },
    sortOrder: '0.8',
    stackingMode: 'StopAfterThisDiscount',
    requiresDiscountCode: true,
  });
  const second = await createCartDiscount(apiRoot, {
    name: { en: 'second' },
    value: { type: 'absolute', money: [EUR(500)] },
    cartPredicate: 'true',
    target: { type: 'totalPrice' },
    sortOrder: '0.7',
    requiresDiscountCode: true,
  });
  const stop = await createDiscountCode(apiRoot, { code: 'STOP', cartDiscounts: [{ typeId: 'cart-discount', id: first.id }] });
  const five = await createDiscountCode(apiRoot, { code: 'FIVE', cartDiscounts: [{ typeId: 'cart-discount', id: second.id }] });

  let cart = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'A-1' }] });
  cart = await updateCart(apiRoot, cart, { action: 'addDiscountCode', code: 'FIVE' });
  // 19.99 − 5.00.
  expect(cart.totalPrice).toEqual(cents(1499));
  // STOP applies first (0.8 > 0.7) and stops: 19.99 − 2.00 (1.999 → 2.00) = 17.99; FIVE is stopped.
  cart = await updateCart(apiRoot, cart, { action: 'addDiscountCode', code: 'STOP' });
  expect(cart.totalPrice).toEqual(cents(1799));
  expect(cart.discountOnTotalPrice).toBeUndefined();
  expect(cart.discountCodes).toEqual([
    { discountCode: { typeId: 'discount-code', id: five.id }, state: 'ApplicationStoppedByPreviousDiscount' },
    { discountCode: { typeId: 'discount-code', id: stop.id }, state: 'MatchesCart' },
  ]);
  // Stacking instead: both apply, 17.99 − 5.00 = 12.99.
  await apiRoot
    .cartDiscounts()
    .withId({ ID: first.id })
    .post({ body: { version: first.version, actions: [{ action: 'changeStackingMode', stackingMode: 'Stacking' }] } })
    .execute();
  cart = await updateCart(apiRoot, cart, { action: 'recalculate' });
  expect(cart.totalPrice).toEqual(cents(1299));
  expect(cart.discountCodes.map((c) => c.state)).toEqual(['MatchesCart', 'MatchesCart']);

  // A deactivated code: NotActive, its discounts no longer apply.
  await apiRoot
    .discountCodes()
    .withId({ ID: five.id })
    .post({ body: { version: five.version, actions: [{ action: 'changeIsActive', isActive: false }] } })
    .execute();
  cart = await updateCart(apiRoot, cart, { action: 'recalculate' });
  expect(cart.discountCodes.map((c) => c.state)).toEqual(['NotActive', 'MatchesCart']);
  expect(cart.totalPrice).toEqual(cents(1799));
  // A code past its validity: NotValid.
  const stopNow = (await apiRoot.discountCodes().withId({ ID: stop.id }).get().execute()).body;
  await apiRoot
    .discountCodes()
    .withId({ ID: stop.id })
    .post({ body: { version: stopNow.version, actions: [{ action: 'setValidUntil', validUntil: '2001-01-01T00:00:00.000Z' }] } })
    .execute();
  cart = await updateCart(apiRoot, cart, { action: 'recalculate' });
  expect(cart.discountCodes.map((c) => c.state)).toEqual(['NotActive', 'NotValid']);
  expect(cart.totalPrice).toEqual(cents(1999));
  // Such a code is refused when added again elsewhere (TimeRangeNonApplicable).
  const other = await createCart(apiRoot, { currency: 'EUR' });
  const expired = await refusedCart(apiRoot, other, { action: 'addDiscountCode', code: 'STOP' });
  expect(expired.body.errors[0]).toMatchObject({
    code: 'DiscountCodeNonApplicable',
    reason: 'TimeRangeNonApplicable',
    validUntil: '2001-01-01T00:00:00.000Z',
  });

  // Removal.
  cart = await updateCart(apiRoot, cart, { action: 'removeDiscountCode', discountCode: { typeId: 'discount-code', id: five.id } });
  expect(cart.discountCodes.map((c) => c.discountCode.id)).toEqual([stop.id]);
  const notThere = await refusedCart(apiRoot, cart, {
    action: 'removeDiscountCode',
    discountCode: { typeId: 'discount-code', id: five.id },
  });
  expect(notThere.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  expect(await readCart(apiRoot, cart)).toEqual(cart);
});

test('cart predicates: customer, line items, country, custom fields, shipping, code predicates', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const customer = (
    await apiRoot
      .customers()
      .post({ body: { email: 'vip@example.com', password: 'secret' } })
      .execute()
  ).body.customer;
  await createCartDiscount(apiRoot, {
    name: { en: 'vip' },
    value: { type: 'absolute', money: [EUR(100)] },
    cartPredicate: 'customer.email = "vip@example.com" and lineItemExists(sku = "B-1") and country = "DE" and lineItemCount(true) >= 2',
    target: { type: 'totalPrice' },
    sortOrder: '0.3',
  });
  let cart = await createCart(apiRoot, { currency: 'EUR', country: 'DE', lineItems: [{ sku: 'A-1' }, { sku: 'B-1' }] });
  // No customer: 19.99 + 10.50.
  expect(cart.totalPrice).toEqual(cents(3049));
  cart = await updateCart(apiRoot, cart, { action: 'setCustomerId', customerId: customer.id });
  expect(cart.totalPrice).toEqual(cents(2949));
  cart = await updateCart(apiRoot, cart, { action: 'setCountry', country: 'AT' });
  expect(cart.totalPrice).toEqual(cents(3049));

  // A code whose own predicate names the shipping method: DoesNotMatchCart until it is set.
  const viaShipping = await createCartDiscount(apiRoot, {
    name: { en: 'dhl' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: 'true',
    target: { type: 'lineItems', predicate: 'productKey = "product-a"' },
    sortOrder: '0.35',
    requiresDiscountCode: true,
  });
  await createDiscountCode(apiRoot, {
    code: 'DHL',
    cartPredicate: 'shippingInfo.shippingMethodName = "DHL"',
    cartDiscounts: [{ typeId: 'cart-discount', id: viaShipping.id }],
  });
  cart = await updateCart(apiRoot, cart, { action: 'setCountry', country: 'DE' }, { action: 'addDiscountCode', code: 'DHL' });
  expect(cart.discountCodes[0]!.state).toBe('DoesNotMatchCart');
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'setShippingAddress', address: { country: 'DE' } },
    { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', key: 'dhl' } },
  );
  expect(cart.discountCodes[0]!.state).toBe('MatchesCart');
  // 19.99 − 2.00; B-1 10.50; shipping 4.90; vip −1.00 → 32.39.
  expect(cart.totalPrice).toEqual(cents(3239));
});

test('direct discounts exclude discount codes; store-scoped discounts', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  await apiRoot
    .stores()
    .post({ body: { key: 'munich', name: { en: 'Munich' } } })
    .execute();
  await createCartDiscount(apiRoot, {
    name: { en: 'munich' },
    value: { type: 'absolute', money: [EUR(200)] },
    cartPredicate: 'true',
    target: { type: 'totalPrice' },
    sortOrder: '0.2',
    stores: [{ typeId: 'store', key: 'munich' }],
  });
  const plain = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'A-1' }] });
  expect(plain.totalPrice).toEqual(cents(1999));
  const inStore = await createCart(apiRoot, { currency: 'EUR', store: { typeId: 'store', key: 'munich' }, lineItems: [{ sku: 'A-1' }] });
  expect(inStore.totalPrice).toEqual(cents(1799));

  // Direct discounts replace every cart discount of the project.
  const direct = await updateCart(apiRoot, inStore, {
    action: 'setDirectDiscounts',
    discounts: [{ value: { type: 'relative', permyriad: 5000 }, target: { type: 'lineItems', predicate: 'true' } }],
  });
  expect(direct.directDiscounts).toHaveLength(1);
  // 19.99 / 2 = 9.995 → 10.00 off (HalfEven: 999.5 → 1000): 9.99.
  expect(direct.totalPrice).toEqual(cents(999));
  expect(direct.lineItems[0]!.discountedPricePerQuantity[0]!.discountedPrice.includedDiscounts[0]!.discount).toEqual({
    typeId: 'direct-discount',
    id: direct.directDiscounts[0]!.id,
  });
  const withCode = await refusedCart(apiRoot, direct, { action: 'addDiscountCode', code: 'ANY' });
  expect(withCode.statusCode).toBe(400);
});
