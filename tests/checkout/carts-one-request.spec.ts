/**
 * Several update actions in one request give the same cart as the same actions sent one per
 * request, also when a later action reads what an earlier one changed: shipping tiers, freeAbove
 * and a shipping method predicate that read the cart total, a discount code whose predicate reads
 * it, external tax amounts given for a total, a hard freeze that keeps the shipping as it is, an
 * external price that keeps the id of the price the line was given.
 */
import type { ByProjectKeyRequestBuilder, Cart, CartDraft, CartUpdateAction } from '@commercetools/platform-sdk';
import { expect, test } from '../support/sdk.js';
import {
  EUR,
  cents,
  createCart,
  createCartDiscount,
  createDiscountCode,
  createShippingMethod,
  raw,
  refusedCart,
  setupCatalog,
  taxFigures,
  updateCart,
} from './carts-support.js';

/** The cart without what differs between two carts built alike: ids, versions, timestamps, authors. */
function comparable(cart: Cart): unknown {
  const copy = structuredClone(cart) as unknown as Record<string, any>;
  for (const field of ['id', 'version', 'createdAt', 'lastModifiedAt', 'createdBy', 'lastModifiedBy']) delete copy[field];
  for (const item of [...copy.lineItems, ...copy.customLineItems]) {
    delete item.id;
    delete item.addedAt;
    delete item.lastModifiedAt;
  }
  delete copy.lock?.createdAt;
  return copy;
}

/** Two carts from one draft: one takes `actions` one per request, the other all in one; both must end alike. */
async function sameAsOnePerRequest(apiRoot: ByProjectKeyRequestBuilder, draft: CartDraft, actions: CartUpdateAction[]): Promise<Cart> {
  let stepwise = await createCart(apiRoot, draft);
  for (const action of actions) stepwise = await updateCart(apiRoot, stepwise, action);
  const together = await updateCart(apiRoot, await createCart(apiRoot, draft), ...actions);
  expect(comparable(together)).toEqual(comparable(stepwise));
  return together;
}

test('line items, a tiered shipping method with a predicate, then a discount code that reads the total', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  const settings = (await apiRoot.get().execute()).body;
  await apiRoot
    .post({
      body: {
        version: settings.version,
        actions: [{ action: 'setShippingRateInputType', shippingRateInputType: { type: 'CartValue' } }],
      },
    })
    .execute();
  const tiered = await createShippingMethod(apiRoot, {
    key: 'tiered',
    name: 'Tiered',
    isDefault: false,
    taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
    predicate: 'totalPrice > "15.00 EUR"',
    zoneRates: [
      {
        zone: { typeId: 'zone', id: catalog.germany.id },
        shippingRates: [
          {
            price: EUR(1000),
            freeAbove: EUR(9000),
            tiers: [
              { type: 'CartValue', minimumCentAmount: 3000, price: EUR(500) },
              { type: 'CartValue', minimumCentAmount: 6000, price: EUR(300) },
            ],
          },
        ],
      },
    ],
  });
  const big = await createCartDiscount(apiRoot, {
    name: { en: '10% above 40.00' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: 'totalPrice > "40.00 EUR"',
    target: { type: 'lineItems', predicate: 'true' },
    sortOrder: '0.4',
    requiresDiscountCode: true,
  });
  await createDiscountCode(apiRoot, { code: 'BIG', cartDiscounts: [{ typeId: 'cart-discount', id: big.id }] });
  const draft: CartDraft = { currency: 'EUR', shippingAddress: { country: 'DE' } };
  const shipping: CartUpdateAction = { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: tiered.id } };

  // 19.99 + 2 × 10.50 + 10.50 = 51.49: the 5.00 tier, and the code applies.
  const cart = await sameAsOnePerRequest(apiRoot, draft, [
    { action: 'addLineItem', sku: 'A-1' },
    { action: 'addLineItem', sku: 'B-1', quantity: 2 },
    { action: 'addLineItem', sku: 'N-1' },
    shipping,
    { action: 'addDiscountCode', code: 'BIG' },
  ]);
  expect(cart.shippingInfo!.price).toEqual(cents(500));
  expect(cart.discountCodes[0]!.state).toBe('MatchesCart');
  expect(cart.discountOnTotalPrice).toBeUndefined();
  expect(cart.lineItems[0]!.discountedPricePerQuantity[0]!.discountedPrice.value).toEqual(cents(1799));
  expect(cart.totalPrice).toEqual(cents(1799 + 2 * 945 + 945 + 500));
  expect(taxFigures(cart.taxedPrice)!.gross).toBe(cart.totalPrice.centAmount + Math.round(945 * 0.19));

  // More of the same after the method is set: the value passes the next tier, then freeAbove.
  const free = await sameAsOnePerRequest(apiRoot, draft, [
    { action: 'addLineItem', sku: 'A-1', key: 'shirt' },
    shipping,
    { action: 'changeLineItemQuantity', lineItemKey: 'shirt', quantity: 4 },
    { action: 'addDiscountCode', code: 'BIG' },
    { action: 'changeLineItemQuantity', lineItemKey: 'shirt', quantity: 5 },
  ]);
  expect(free.shippingInfo!.price).toEqual(cents(0));
  expect(free.discountCodes[0]!.state).toBe('MatchesCart');
});

test('external tax amounts given for the totals earlier actions of the request made', async ({ apiRoot }) => {
  await setupCatalog(apiRoot);
  const draft: CartDraft = {
    currency: 'EUR',
    taxMode: 'ExternalAmount',
    shippingAddress: { country: 'DE' },
    lineItems: [{ sku: 'A-1', key: 'shirt' }],
  };
  const rate = { name: 'ext', amount: 0.15, country: 'DE' };
  const cart = await sameAsOnePerRequest(apiRoot, draft, [
    { action: 'changeLineItemQuantity', lineItemKey: 'shirt', quantity: 2 },
    { action: 'setLineItemTaxAmount', lineItemKey: 'shirt', externalTaxAmount: { totalGross: EUR(4600), taxRate: rate } },
    { action: 'setCartTotalTax', externalTotalGross: EUR(4600), externalTaxPortions: [{ name: 'ext', rate: 0.15, amount: EUR(602) }] },
  ]);
  expect(taxFigures(cart.lineItems[0]!.taxedPrice)).toEqual({ net: 3998, gross: 4600, tax: 602, portions: [['ext', 0.15, 602]] });
  expect(taxFigures(cart.taxedPrice)).toEqual({ net: 3998, gross: 4600, tax: 602, portions: [['ext', 0.15, 602]] });

  // A total that changes and changes back within the request still drops the amounts given for it.
  const dropped = await sameAsOnePerRequest(apiRoot, draft, [
    { action: 'setLineItemTaxAmount', lineItemKey: 'shirt', externalTaxAmount: { totalGross: EUR(2300), taxRate: rate } },
    { action: 'setCartTotalTax', externalTotalGross: EUR(2300) },
    { action: 'changeLineItemQuantity', lineItemKey: 'shirt', quantity: 3 },
    { action: 'changeLineItemQuantity', lineItemKey: 'shirt', quantity: 1 },
  ]);
  expect(dropped.lineItems[0]!.taxedPrice).toBeUndefined();
  expect(dropped.taxedPrice).toBeUndefined();
});

test('a hard freeze keeps the shipping the earlier actions of the request priced', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  const draft: CartDraft = {
    currency: 'EUR',
    shippingAddress: { country: 'DE' },
    lineItems: [{ sku: 'A-1', key: 'shirt' }],
    shippingMethod: { typeId: 'shipping-method', id: catalog.dhl.id },
  };
  const cart = await sameAsOnePerRequest(apiRoot, draft, [
    { action: 'changeLineItemQuantity', lineItemKey: 'shirt', quantity: 6 },
    { action: 'freezeCart', strategy: 'HardFreeze' },
  ]);
  expect(cart.cartState).toBe('Frozen');
  expect(cart.shippingInfo!.price).toEqual(cents(0)); // 6 × 19.99 is above DHL's freeAbove
});

test('line items added and then changed in the same request', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  const draft: CartDraft = { currency: 'EUR', shippingAddress: { country: 'DE' } };
  const cart = await sameAsOnePerRequest(apiRoot, draft, [
    { action: 'addLineItem', sku: 'A-1', key: 'shirt' },
    { action: 'setLineItemPrice', lineItemKey: 'shirt', externalPrice: EUR(1500) },
    { action: 'addLineItem', sku: 'B-1' },
    { action: 'addLineItem', sku: 'B-1' },
    { action: 'setShippingAddress', address: { country: 'DE', city: 'Berlin' } },
    { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: catalog.dhl.id } },
    { action: 'recalculate', updateProductData: true },
  ]);
  expect(cart.lineItems[0]!.price.id).toBe(catalog.productA.masterData.current.masterVariant.prices![0]!.id);
  expect(cart.lineItems[0]!.priceMode).toBe('ExternalPrice');
});

test('an action refused after the earlier ones were sent alone is refused in one request too', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  const draft: CartDraft = {
    currency: 'EUR',
    shippingAddress: { country: 'DE' },
    lineItems: [{ sku: 'A-1' }],
    shippingMethod: { typeId: 'shipping-method', id: catalog.dhl.id },
  };
  // DHL has no EUR rate in the US: recalculation drops the shipping method, so there is no delivery to date.
  const moved: CartUpdateAction = { action: 'setShippingAddress', address: { country: 'US', state: 'NY' } };
  const dated = raw<CartUpdateAction>({ action: 'setEstimatedDelivery', estimatedDelivery: { type: 'Date', date: '2030-01-01' } });
  const stepwise = await updateCart(apiRoot, await createCart(apiRoot, draft), moved);
  expect(stepwise.shippingInfo).toBeUndefined();
  const alone = await refusedCart(apiRoot, stepwise, dated);
  const together = await refusedCart(apiRoot, await createCart(apiRoot, draft), moved, dated);
  expect(together.body.errors).toEqual(alone.body.errors);
  expect(together.body.errors[0]).toMatchObject({ code: 'InvalidOperation', message: 'The cart has no shipping method.' });
});
