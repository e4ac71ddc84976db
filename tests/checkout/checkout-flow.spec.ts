/**
 * A whole checkout through the official SDK, one request per step as a storefront sends them: create
 * a cart, add 3 line items, set the shipping address and the shipping method, add a discount code,
 * place the order. Every figure is worked out by hand in the comments. Then each refusal of the
 * flow: the platform's error, and nothing stored (read back).
 *
 * Catalog (carts-support.ts): A-1 19.99 EUR (standard: 19% included in DE), B-1 10.50 EUR (reduced:
 * 7% included in DE), N-1 10.50 EUR (net: 19% not included in DE); DHL ships to DE for 4.90 EUR
 * (standard tax), free above 100.00 EUR. Rounding HalfEven throughout.
 */
import type { ByProjectKeyRequestBuilder, Cart, CartUpdateAction } from '@commercetools/platform-sdk';
import { PROJECT_KEY, expect, sdkFailure, test } from '../support/sdk.js';
import {
  EUR,
  USD,
  cents,
  createCart,
  createCartDiscount,
  createDiscountCode,
  readCart,
  refusedCart,
  setupCatalog,
  taxFigures,
  updateCart,
  type Catalog,
} from './carts-support.js';

/** SAVE10: 10% off every unit of every line item, only with the code. */
async function save10(apiRoot: ByProjectKeyRequestBuilder) {
  const discount = await createCartDiscount(apiRoot, {
    name: { en: '10% off' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: '1 = 1',
    target: { type: 'lineItems', predicate: 'true' },
    sortOrder: '0.5',
    requiresDiscountCode: true,
  });
  return createDiscountCode(apiRoot, { code: 'SAVE10', cartDiscounts: [{ typeId: 'cart-discount', id: discount.id }] });
}

/** The storefront's steps up to the order, one request each. */
async function fillCart(apiRoot: ByProjectKeyRequestBuilder, catalog: Catalog): Promise<Cart> {
  let cart = await createCart(apiRoot, { currency: 'EUR', country: 'DE' });
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', sku: 'A-1', quantity: 2 });
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', productId: catalog.productB.id, variantId: 1, quantity: 1 });
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', sku: 'N-1', quantity: 3 });
  cart = await updateCart(apiRoot, cart, {
    action: 'setShippingAddress',
    address: { country: 'DE', city: 'Berlin', streetName: 'Unter den Linden' },
  });
  cart = await updateCart(apiRoot, cart, { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', key: 'dhl' } });
  return updateCart(apiRoot, cart, { action: 'addDiscountCode', code: 'SAVE10' });
}

const orderCount = async (apiRoot: ByProjectKeyRequestBuilder) => (await apiRoot.orders().get().execute()).body.total;

test('a whole checkout, every figure checked by hand', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  const code = await save10(apiRoot);

  let cart = await createCart(apiRoot, { currency: 'EUR', country: 'DE' });
  expect(cart).toMatchObject({ cartState: 'Active', totalPrice: cents(0), lineItems: [] });

  // 1. A-1 × 2: 19.99 × 2 = 39.98.
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', sku: 'A-1', quantity: 2 });
  expect(cart.totalPrice).toEqual(cents(3998));
  // 2. B-1 × 1 (by product id): 10.50. Total 50.48.
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', productId: catalog.productB.id, variantId: 1, quantity: 1 });
  expect(cart.totalPrice).toEqual(cents(5048));
  // 3. N-1 × 3: 10.50 × 3 = 31.50. Total 81.98; no address yet, so no taxes.
  cart = await updateCart(apiRoot, cart, { action: 'addLineItem', sku: 'N-1', quantity: 3 });
  expect(cart.totalPrice).toEqual(cents(8198));
  expect(cart.taxedPrice).toBeUndefined();
  expect(cart.totalLineItemQuantity).toBe(6);

  // 4. The shipping address: taxes by the DE rates (per line, HalfEven).
  //    A-1 39.98 incl. 19%: net round(3998 / 1.19 = 3359.66) = 3360, tax 638.
  //    B-1 10.50 incl. 7%:  net round(1050 / 1.07 = 981.31) = 981, tax 69.
  //    N-1 31.50 excl. 19%: tax round(3150 × 0.19 = 598.5) = 598 (HalfEven: to the even 598), gross 3748.
  //    Net 3360 + 981 + 3150 = 7491; gross 3998 + 1050 + 3748 = 8796.
  cart = await updateCart(apiRoot, cart, {
    action: 'setShippingAddress',
    address: { country: 'DE', city: 'Berlin', streetName: 'Unter den Linden' },
  });
  expect(taxFigures(cart.taxedPrice)).toEqual({
    net: 7491,
    gross: 8796,
    tax: 1305,
    portions: [
      ['Standard DE', 0.19, 638],
      ['Reduced DE', 0.07, 69],
      ['Net DE', 0.19, 598],
    ],
  });

  // 5. DHL: 4.90 (81.98 is below the 100.00 for free shipping), 19% included: net round(490 / 1.19 = 411.76) = 412, tax 78.
  //    Total 81.98 + 4.90 = 86.88.
  cart = await updateCart(apiRoot, cart, { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', key: 'dhl' } });
  expect(cart.shippingInfo).toMatchObject({ shippingMethodName: 'DHL', price: cents(490), shippingMethodState: 'MatchesCart' });
  expect(taxFigures(cart.shippingInfo!.taxedPrice)).toEqual({ net: 412, gross: 490, tax: 78, portions: [['Standard DE', 0.19, 78]] });
  expect(cart.totalPrice).toEqual(cents(8688));

  // 6. SAVE10: 10% off each unit, rounded per unit (HalfEven).
  //    19.99 − round(199.9) 2.00 = 17.99 a unit, × 2 = 35.98.
  //    B-1: 10.50 − 1.05 = 9.45.
  //    N-1: 10.50 − 1.05 = 9.45 a unit, × 3 = 28.35.
  //    Lines 35.98 + 9.45 + 28.35 = 73.78 (below 100.00: shipping stays 4.90); total 73.78 + 4.90 = 78.68.
  cart = await updateCart(apiRoot, cart, { action: 'addDiscountCode', code: 'SAVE10' });
  expect(cart.discountCodes).toEqual([{ discountCode: { typeId: 'discount-code', id: code.id }, state: 'MatchesCart' }]);
  const [a, b, n] = cart.lineItems;
  expect(a!.discountedPricePerQuantity).toEqual([
    {
      quantity: 2,
      discountedPrice: {
        value: cents(1799),
        includedDiscounts: [{ discount: { typeId: 'cart-discount', id: code.cartDiscounts[0]!.id }, discountedAmount: cents(200) }],
      },
    },
  ]);
  expect([a!.totalPrice, b!.totalPrice, n!.totalPrice]).toEqual([cents(3598), cents(945), cents(2835)]);
  expect(cart.totalPrice).toEqual(cents(7868));
  //    Taxes of the discounted lines:
  //    A-1 35.98 incl. 19%: net round(3598 / 1.19 = 3023.53) = 3024, tax 574.
  //    B-1 9.45 incl. 7%:   net round(945 / 1.07 = 883.18) = 883, tax 62.
  //    N-1 28.35 excl. 19%: tax round(2835 × 0.19 = 538.65) = 539, gross 3374.
  //    Shipping 4.90: net 412, tax 78.
  //    Net 3024 + 883 + 2835 + 412 = 7154; gross 3598 + 945 + 3374 + 490 = 8407; tax 1253.
  //    Portions: Standard DE 574 + 78 = 652; Reduced DE 62; Net DE 539.
  const expectedTaxes = {
    net: 7154,
    gross: 8407,
    tax: 1253,
    portions: [
      ['Standard DE', 0.19, 652],
      ['Reduced DE', 0.07, 62],
      ['Net DE', 0.19, 539],
    ],
  };
  expect(taxFigures(cart.taxedPrice)).toEqual(expectedTaxes);
  expect(taxFigures(cart.taxedShippingPrice)).toEqual({ net: 412, gross: 490, tax: 78, portions: [['Standard DE', 0.19, 78]] });

  // 7. The order: the cart's figures, Open, the cart Ordered.
  const response = await apiRoot
    .orders()
    .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber: 'ORDER-1', paymentState: 'Pending' } })
    .execute();
  expect(response.statusCode).toBe(201);
  const order = response.body;
  expect(order).toMatchObject({
    version: 1,
    orderNumber: 'ORDER-1',
    orderState: 'Open',
    paymentState: 'Pending',
    cart: { typeId: 'cart', id: cart.id },
    totalPrice: cents(7868),
    country: 'DE',
    origin: 'Customer',
    shippingMode: 'Single',
    shippingAddress: { country: 'DE', city: 'Berlin' },
    syncInfo: [],
    returnInfo: [],
  });
  expect(order.lineItems).toEqual(cart.lineItems);
  expect(order.shippingInfo).toEqual(cart.shippingInfo);
  expect(order.discountCodes).toEqual(cart.discountCodes);
  expect(taxFigures(order.taxedPrice)).toEqual(expectedTaxes);
  expect(order).not.toHaveProperty('cartState');
  const ordered = await readCart(apiRoot, cart);
  expect(ordered).toMatchObject({ cartState: 'Ordered', version: cart.version + 1, totalPrice: cents(7868) });

  // Found again by id and by order number, expanded to the cart.
  expect((await apiRoot.orders().withId({ ID: order.id }).get().execute()).body).toEqual(order);
  const byNumber = (
    await apiRoot
      .orders()
      .withOrderNumber({ orderNumber: 'ORDER-1' })
      .get({ queryArgs: { expand: ['cart'] } })
      .execute()
  ).body;
  expect(byNumber.cart?.obj).toMatchObject({ id: cart.id, cartState: 'Ordered' });
});

test.describe('each refusal: the platform error, nothing stored', () => {
  let catalog: Catalog;
  test.beforeEach(async ({ apiRoot }) => {
    catalog = await setupCatalog(apiRoot);
    await save10(apiRoot);
  });

  test('an out-of-date version: 409 for the cart update and for the order', async ({ apiRoot }) => {
    const cart = await fillCart(apiRoot, catalog);
    const stale = { ...cart, version: cart.version - 1 };
    const update = await refusedCart(apiRoot, stale, { action: 'addLineItem', sku: 'B-1' });
    expect(update.statusCode).toBe(409);
    expect(update.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: cart.version });
    expect(await readCart(apiRoot, cart)).toEqual(cart);

    const order = await sdkFailure(
      apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version - 1 } })
        .execute(),
    );
    expect(order.statusCode).toBe(409);
    expect(order.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: cart.version });
    expect(await orderCount(apiRoot)).toBe(0);
    expect(await readCart(apiRoot, cart)).toEqual(cart);
  });

  test('an unknown SKU: 400 InvalidInput, the cart unchanged', async ({ apiRoot }) => {
    const cart = await fillCart(apiRoot, catalog);
    const refused = await refusedCart(apiRoot, cart, { action: 'addLineItem', sku: 'NO-SUCH-SKU', quantity: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'InvalidInput',
      message: "No published product with an sku 'NO-SUCH-SKU' exists.",
    });
    expect(await readCart(apiRoot, cart)).toEqual(cart);
    // All actions of a request or none: the valid first action is not stored either.
    const both = await refusedCart(apiRoot, cart, { action: 'addLineItem', sku: 'B-1' }, { action: 'addLineItem', sku: 'NO-SUCH-SKU' });
    expect(both.statusCode).toBe(400);
    expect(await readCart(apiRoot, cart)).toEqual(cart);
  });

  test('a currency mismatch: 400 InvalidOperation, the cart unchanged', async ({ apiRoot }) => {
    const cart = await fillCart(apiRoot, catalog);
    const actions: CartUpdateAction[] = [
      {
        action: 'addCustomLineItem',
        name: { en: 'Gift wrap' },
        slug: 'wrap',
        money: USD(250),
        taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
      },
      { action: 'addLineItem', sku: 'A-1', externalPrice: USD(1000) },
    ];
    for (const action of actions) {
      const refused = await refusedCart(apiRoot, cart, action);
      expect(refused.statusCode).toBe(400);
      expect(refused.body.errors[0]!.code).toBe('InvalidOperation');
      expect(refused.body.errors[0]!.message).toContain("does not match the currency 'EUR' of the cart");
    }
    expect(await readCart(apiRoot, cart)).toEqual(cart);
    // A product without a price in the cart's currency: MatchingPriceNotFound.
    const usdCart = await createCart(apiRoot, { currency: 'USD', country: 'US' });
    const noPrice = await refusedCart(apiRoot, usdCart, { action: 'addLineItem', sku: 'B-1' });
    expect(noPrice.body.errors[0]).toMatchObject({ code: 'MatchingPriceNotFound', currency: 'USD' });
    expect(await readCart(apiRoot, usdCart)).toEqual(usdCart);
  });

  test('a discount code that does not apply: refused when added; one that stopped matching refuses the order', async ({ apiRoot }) => {
    const cart = await fillCart(apiRoot, catalog);
    const unknown = await refusedCart(apiRoot, cart, { action: 'addDiscountCode', code: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'DiscountCodeNonApplicable', discountCode: 'NOPE', reason: 'DoesNotExist' });
    const inactive = await createDiscountCode(apiRoot, {
      code: 'OFF',
      isActive: false,
      cartDiscounts: [{ typeId: 'cart-discount', id: (await save10Discount(apiRoot)).id }],
    });
    const dead = await refusedCart(apiRoot, cart, { action: 'addDiscountCode', code: 'OFF' });
    expect(dead.body.errors[0]).toMatchObject({ code: 'DiscountCodeNonApplicable', discountCode: 'OFF', discountCodeId: inactive.id });
    expect(await readCart(apiRoot, cart)).toEqual(cart);

    // BIG needs more than 100.00 EUR of line items: added, it stays DoesNotMatchCart; the order is refused.
    const big = await createCartDiscount(apiRoot, {
      name: { en: 'big' },
      value: { type: 'absolute', money: [EUR(1000)] },
      cartPredicate: 'lineItemTotal(1 = 1) > "100.00 EUR"',
      target: { type: 'totalPrice' },
      sortOrder: '0.7',
      requiresDiscountCode: true,
    });
    const bigCode = await createDiscountCode(apiRoot, { code: 'BIG', cartDiscounts: [{ typeId: 'cart-discount', id: big.id }] });
    const withBig = await updateCart(apiRoot, cart, { action: 'addDiscountCode', code: 'BIG' });
    expect(withBig.discountCodes.find((info) => info.discountCode.id === bigCode.id)?.state).toBe('DoesNotMatchCart');
    const order = await sdkFailure(
      apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: withBig.id }, version: withBig.version } })
        .execute(),
    );
    expect(order.statusCode).toBe(400);
    expect(order.body.errors[0]).toMatchObject({ code: 'DiscountCodeNonApplicable', discountCode: 'BIG', discountCodeId: bigCode.id });
    expect(await orderCount(apiRoot)).toBe(0);
    expect(await readCart(apiRoot, withBig)).toEqual(withBig);
  });

  test('ordering a cart twice: 400 InvalidOperation, one order', async ({ apiRoot }) => {
    const cart = await fillCart(apiRoot, catalog);
    const first = await apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
      .execute();
    expect(first.statusCode).toBe(201);
    const ordered = await readCart(apiRoot, cart);
    // With the cart's current version (the stale one would be a 409).
    const again = await sdkFailure(
      apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: ordered.version } })
        .execute(),
    );
    expect(again.statusCode).toBe(400);
    expect(again.body.errors[0]).toMatchObject({
      code: 'InvalidOperation',
      message: `The cart with ID '${cart.id}' has already been ordered: a cart can be ordered once.`,
    });
    const stale = await sdkFailure(
      apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    expect(await orderCount(apiRoot)).toBe(1);
    expect(await readCart(apiRoot, cart)).toEqual(ordered);
    // An ordered cart takes no more changes.
    const changed = await refusedCart(apiRoot, ordered, { action: 'addLineItem', sku: 'B-1' });
    expect(changed.body.errors[0]!.code).toBe('InvalidOperation');
  });

  test('no shipping address, unknown cart, taken order number: refused, nothing stored', async ({ apiRoot, mock }) => {
    const bare = await updateCart(apiRoot, await createCart(apiRoot, { currency: 'EUR' }), { action: 'addLineItem', sku: 'A-1' });
    const noAddress = await sdkFailure(
      apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: bare.id }, version: bare.version } })
        .execute(),
    );
    expect(noAddress.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
    const unknown = await sdkFailure(
      apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: 'nope' }, version: 1 } })
        .execute(),
    );
    expect(unknown.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'cart', id: 'nope' });

    const one = await fillCart(apiRoot, catalog);
    await apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: one.id }, version: one.version, orderNumber: 'N-1' } })
      .execute();
    const two = await fillCart(apiRoot, catalog);
    const taken = await sdkFailure(
      apiRoot
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: two.id }, version: two.version, orderNumber: 'N-1' } })
        .execute(),
    );
    expect(taken.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'orderNumber', duplicateValue: 'N-1' });
    expect(await orderCount(apiRoot)).toBe(1);
    expect((await readCart(apiRoot, two)).cartState).toBe('Active');
    expect(mock.project(PROJECT_KEY).data.all('order')).toHaveLength(1);
  });
});

async function save10Discount(apiRoot: ByProjectKeyRequestBuilder) {
  return createCartDiscount(apiRoot, {
    name: { en: 'another 10%' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: '1 = 1',
    target: { type: 'lineItems', predicate: 'true' },
    sortOrder: '0.6',
    requiresDiscountCode: true,
  });
}
