/**
 * Shipping methods through the official SDK: drafts and every update action, the matching
 * endpoints, and what a method costs a cart (rates per zone and currency, freeAbove, tiers by cart
 * value, classification and score, predicates, stores, custom shipping methods, multiple shipping).
 */
import { expect, sdkFailure, test } from '../support/sdk.js';
import { expectPlatformActions } from '../support/resources.js';
import {
  EUR,
  USD,
  cents,
  createCart,
  createShippingMethod,
  raw,
  readCart,
  refusedCart,
  setupCatalog,
  taxFigures,
  updateCart,
} from './carts-support.js';

const PLATFORM_ACTIONS = [
  'addShippingRate',
  'addStore',
  'addZone',
  'changeActive',
  'changeIsDefault',
  'changeName',
  'changeTaxCategory',
  'removeShippingRate',
  'removeStore',
  'removeZone',
  'setCarrier',
  'setCustomField',
  'setCustomType',
  'setDescription',
  'setKey',
  'setLocalizedDescription',
  'setLocalizedName',
  'setPredicate',
  'setStores',
];

test('shipping-method: every update action of the platform is declared, and no other', () => {
  expectPlatformActions('shipping-method', PLATFORM_ACTIONS);
});

test('draft, stored form and update actions', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  expect(catalog.dhl).toMatchObject({
    key: 'dhl',
    name: 'DHL',
    active: true,
    isDefault: true,
    stores: [],
    taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
    zoneRates: [
      { zone: { typeId: 'zone', id: catalog.germany.id }, shippingRates: [{ price: cents(490), freeAbove: cents(10000), tiers: [] }] },
      { zone: { typeId: 'zone', id: catalog.usa.id }, shippingRates: [{ price: cents(990, 'USD'), tiers: [] }] },
    ],
  });
  const store = (
    await apiRoot
      .stores()
      .post({ body: { key: 'berlin', name: { en: 'Berlin' } } })
      .execute()
  ).body;
  const austria = (
    await apiRoot
      .zones()
      .post({ body: { key: 'at', name: 'Austria', locations: [{ country: 'AT' }] } })
      .execute()
  ).body;
  const response = await apiRoot
    .shippingMethods()
    .withId({ ID: catalog.dhl.id })
    .post({
      body: {
        version: catalog.dhl.version,
        actions: [
          { action: 'changeName', name: 'DHL Express' },
          { action: 'setLocalizedName', localizedName: { en: 'DHL Express' } },
          { action: 'setDescription', description: 'fast' },
          { action: 'setLocalizedDescription', localizedDescription: { en: 'fast' } },
          { action: 'setKey', key: 'dhl-express' },
          raw({ action: 'setCarrier', carrier: 'DHL' }),
          { action: 'changeTaxCategory', taxCategory: { typeId: 'tax-category', key: 'reduced' } },
          { action: 'addZone', zone: { typeId: 'zone', id: austria.id } },
          { action: 'addShippingRate', zone: { typeId: 'zone', id: austria.id }, shippingRate: { price: EUR(990) } },
          {
            action: 'removeShippingRate',
            zone: { typeId: 'zone', id: catalog.germany.id },
            shippingRate: { price: EUR(490), freeAbove: EUR(10000) },
          },
          { action: 'removeZone', zone: { typeId: 'zone', id: catalog.usa.id } },
          raw({ action: 'addStore', store: { typeId: 'store', key: 'berlin' } }),
          { action: 'setPredicate', predicate: 'totalPrice > "10.00 EUR"' },
          { action: 'changeIsDefault', isDefault: false },
          { action: 'changeActive', active: false },
        ],
      },
    })
    .execute();
  expect(response.body).toMatchObject({
    key: 'dhl-express',
    name: 'DHL Express',
    localizedName: { en: 'DHL Express' },
    description: 'fast',
    localizedDescription: { en: 'fast' },
    carrier: 'DHL',
    taxCategory: { typeId: 'tax-category', id: catalog.reduced.id },
    zoneRates: [
      { zone: { typeId: 'zone', id: catalog.germany.id }, shippingRates: [] },
      { zone: { typeId: 'zone', id: austria.id }, shippingRates: [{ price: cents(990) }] },
    ],
    stores: [{ typeId: 'store', key: store.key }],
    predicate: 'totalPrice > "10.00 EUR"',
    isDefault: false,
    active: false,
  });
  const cleared = await apiRoot
    .shippingMethods()
    .withKey({ key: 'dhl-express' })
    .post({
      body: {
        version: response.body.version,
        actions: [
          raw({ action: 'setStores', stores: [] }),
          { action: 'setPredicate' },
          raw({ action: 'removeStore', store: { typeId: 'store', key: 'berlin' } }),
        ],
      },
    })
    .execute();
  expect(raw<{ stores: unknown[] }>(cleared.body).stores).toEqual([]);
  expect(cleared.body.predicate).toBeUndefined();
});

test('refusals: duplicate rates and zones, bad predicates, currencies, a second default', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  const tax = { typeId: 'tax-category' as const, id: catalog.standard.id };
  const zone = { typeId: 'zone' as const, id: catalog.germany.id };
  const twice = await sdkFailure(
    apiRoot
      .shippingMethods()
      .post({
        body: {
          name: 'x',
          isDefault: false,
          taxCategory: tax,
          zoneRates: [{ zone, shippingRates: [{ price: EUR(1) }, { price: EUR(2) }] }],
        },
      })
      .execute(),
  );
  expect(twice.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  const freeAbove = await sdkFailure(
    apiRoot
      .shippingMethods()
      .post({
        body: {
          name: 'x',
          isDefault: false,
          taxCategory: tax,
          zoneRates: [{ zone, shippingRates: [{ price: EUR(1), freeAbove: USD(2) }] }],
        },
      })
      .execute(),
  );
  expect(freeAbove.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  const predicate = await sdkFailure(
    apiRoot
      .shippingMethods()
      .post({ body: { name: 'x', isDefault: false, taxCategory: tax, zoneRates: [], predicate: 'totalPrice >' } })
      .execute(),
  );
  expect(predicate.body.errors[0]).toMatchObject({ code: 'SyntaxError' });
  const secondDefault = await sdkFailure(
    apiRoot
      .shippingMethods()
      .post({ body: { name: 'x', isDefault: true, taxCategory: tax, zoneRates: [] } })
      .execute(),
  );
  expect(secondDefault.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'isDefault' });
  const unknownZone = await sdkFailure(
    apiRoot
      .shippingMethods()
      .post({
        body: { name: 'x', isDefault: false, taxCategory: tax, zoneRates: [{ zone: { typeId: 'zone', id: 'nope' }, shippingRates: [] }] },
      })
      .execute(),
  );
  expect(unknownZone.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'zone' });
  expect((await apiRoot.shippingMethods().get().execute()).body.total).toBe(1);
});

test('matching-location by a non-standard currency: HUF0 rates only', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  await createShippingMethod(apiRoot, {
    key: 'forint',
    name: 'Forint',
    isDefault: false,
    taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
    zoneRates: [
      {
        zone: { typeId: 'zone', id: catalog.germany.id },
        shippingRates: [{ price: { currencyCode: 'HUF0', centAmount: 2500 } }, { price: { currencyCode: 'HUF', centAmount: 250_000 } }],
      },
    ],
  });
  const forint = (
    await apiRoot
      .shippingMethods()
      .matchingLocation()
      .get({ queryArgs: { country: 'DE', currency: 'HUF0' } })
      .execute()
  ).body;
  expect(forint.results.map((m) => m.key)).toEqual(['forint']);
  expect(forint.results[0]!.zoneRates[0]!.shippingRates).toEqual([
    { price: { type: 'centPrecision', currencyCode: 'HUF0', centAmount: 2500, fractionDigits: 0 }, tiers: [], isMatching: true },
  ]);
});

test('matching-location and matching-cart', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  const ups = await createShippingMethod(apiRoot, {
    key: 'ups',
    name: 'UPS',
    isDefault: false,
    taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
    zoneRates: [{ zone: { typeId: 'zone', id: catalog.germany.id }, shippingRates: [{ price: EUR(690) }, { price: USD(790) }] }],
  });
  const bulky = await createShippingMethod(apiRoot, {
    key: 'bulky',
    name: 'Bulky',
    isDefault: false,
    predicate: 'lineItemCount(1 = 1) >= 3',
    taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
    zoneRates: [{ zone: { typeId: 'zone', id: catalog.germany.id }, shippingRates: [{ price: EUR(2500) }] }],
  });
  await createShippingMethod(apiRoot, {
    key: 'off',
    name: 'Off',
    isDefault: false,
    active: false,
    taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
    zoneRates: [{ zone: { typeId: 'zone', id: catalog.germany.id }, shippingRates: [{ price: EUR(1) }] }],
  });

  // By location: active methods for DE (the default first), none with a predicate; every rate there flagged.
  const de = (
    await apiRoot
      .shippingMethods()
      .matchingLocation()
      .get({ queryArgs: { country: 'DE' } })
      .execute()
  ).body;
  expect(de.results.map((m) => m.key)).toEqual(['dhl', 'ups']);
  expect(de.results[1]!.zoneRates[0]!.shippingRates.map((r) => [r.price.currencyCode, r.isMatching])).toEqual([
    ['EUR', true],
    ['USD', true],
  ]);
  // With a currency, only rates in it (exactly one matching).
  const usd = (
    await apiRoot
      .shippingMethods()
      .matchingLocation()
      .get({ queryArgs: { country: 'DE', currency: 'USD' } })
      .execute()
  ).body;
  expect(usd.results.map((m) => m.key)).toEqual(['ups']);
  expect(usd.results[0]!.zoneRates[0]!.shippingRates).toEqual([{ price: cents(790, 'USD'), tiers: [], isMatching: true }]);
  expect(
    (
      await apiRoot
        .shippingMethods()
        .matchingLocation()
        .get({ queryArgs: { country: 'FR' } })
        .execute()
    ).body.results,
  ).toEqual([]);

  // By cart: its shipping address and currency; predicates are evaluated against the cart.
  let cart = await createCart(apiRoot, { currency: 'EUR', shippingAddress: { country: 'DE' }, lineItems: [{ sku: 'A-1', quantity: 2 }] });
  const forCart = async () =>
    (
      await apiRoot
        .shippingMethods()
        .matchingCart()
        .get({ queryArgs: { cartId: cart.id } })
        .execute()
    ).body.results.map((m) => m.key);
  expect(await forCart()).toEqual(['dhl', 'ups']);
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0]!.id, quantity: 3 });
  expect(await forCart()).toEqual(['dhl', 'ups', 'bulky']);
  const cartLocation = (
    await apiRoot
      .shippingMethods()
      .matchingCartLocation()
      .get({ queryArgs: { cartId: cart.id, country: 'US' } })
      .execute()
  ).body;
  expect(cartLocation.results).toEqual([]);
  // HEAD: 200 when a method matches, 404 when none does.
  expect(
    (
      await apiRoot
        .shippingMethods()
        .matchingLocation()
        .head({ queryArgs: { country: 'DE' } })
        .execute()
    ).statusCode,
  ).toBe(200);
  const headNone = await apiRoot
    .shippingMethods()
    .matchingLocation()
    .head({ queryArgs: { country: 'FR' } })
    .execute()
    .catch((error: { statusCode?: number }) => error);
  expect(headNone.statusCode).toBe(404);
  const noCart = await sdkFailure(
    apiRoot
      .shippingMethods()
      .matchingCart()
      .get({ queryArgs: { cartId: 'nope' } })
      .execute(),
  );
  expect(noCart.statusCode).toBe(404);

  // Setting a method whose predicate does not match is refused; once set, the state follows the cart.
  cart = await updateCart(apiRoot, cart, { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: bulky.id } });
  expect(cart.shippingInfo).toMatchObject({ shippingMethodName: 'Bulky', price: cents(2500), shippingMethodState: 'MatchesCart' });
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0]!.id, quantity: 1 });
  expect(cart.shippingInfo!.shippingMethodState).toBe('DoesNotMatchCart');
  const refused = await refusedCart(apiRoot, cart, {
    action: 'setShippingMethod',
    shippingMethod: { typeId: 'shipping-method', id: bulky.id },
  });
  expect(refused.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  const inactive = await refusedCart(apiRoot, cart, {
    action: 'setShippingMethod',
    shippingMethod: { typeId: 'shipping-method', key: 'off' },
  });
  expect(inactive.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  void ups;
});

test('setting a shipping method: address, zone, currency, freeAbove, removal', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  let cart = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'A-1' }] });
  const noAddress = await refusedCart(apiRoot, cart, {
    action: 'setShippingMethod',
    shippingMethod: { typeId: 'shipping-method', id: catalog.dhl.id },
  });
  expect(noAddress.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  cart = await updateCart(apiRoot, cart, { action: 'setShippingAddress', address: { country: 'FR' } });
  const noZone = await refusedCart(apiRoot, cart, {
    action: 'setShippingMethod',
    shippingMethod: { typeId: 'shipping-method', id: catalog.dhl.id },
  });
  expect(noZone.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  expect(await readCart(apiRoot, cart)).toEqual(cart);

  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'setShippingAddress', address: { country: 'DE' } },
    { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', key: 'dhl' } },
  );
  // 19.99 + 4.90.
  expect(cart.totalPrice).toEqual(cents(2489));
  // Five more shirts: 119.94 ≥ 100.00, free.
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0]!.id, quantity: 6 });
  expect(cart.shippingInfo!.price).toEqual(cents(0));
  expect(cart.totalPrice).toEqual(cents(11994));
  expect(taxFigures(cart.shippingInfo!.taxedPrice)).toEqual({ net: 0, gross: 0, tax: 0, portions: [['Standard DE', 0.19, 0]] });
  // The address moves where the method does not ship: the shipping info goes.
  cart = await updateCart(apiRoot, cart, { action: 'setShippingAddress', address: { country: 'FR' } });
  expect(cart.shippingInfo).toBeUndefined();
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'setShippingAddress', address: { country: 'DE' } },
    { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: catalog.dhl.id } },
  );
  cart = await updateCart(apiRoot, cart, { action: 'setShippingMethod' });
  expect(cart.shippingInfo).toBeUndefined();
});

test('price tiers: cart value, classification, score', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  const project = async (actions: unknown[]) => {
    const current = (await apiRoot.get().execute()).body;
    await apiRoot.post({ body: { version: current.version, actions: raw(actions) } }).execute();
  };
  const tax = { typeId: 'tax-category' as const, id: catalog.standard.id };
  const zone = { typeId: 'zone' as const, id: catalog.germany.id };

  // Cart value: 10.00 base, 5.00 from 30.00, free from 50.00 (tiers as given; the highest reached applies).
  await project([{ action: 'setShippingRateInputType', shippingRateInputType: { type: 'CartValue' } }]);
  const byValue = await createShippingMethod(apiRoot, {
    key: 'by-value',
    name: 'By value',
    isDefault: false,
    taxCategory: tax,
    zoneRates: [
      {
        zone,
        shippingRates: [
          {
            price: EUR(1000),
            tiers: [
              { type: 'CartValue', minimumCentAmount: 3000, price: EUR(500) },
              { type: 'CartValue', minimumCentAmount: 5000, price: EUR(0) },
            ],
          },
        ],
      },
    ],
  });
  let cart = await createCart(apiRoot, {
    currency: 'EUR',
    shippingAddress: { country: 'DE' },
    shippingMethod: { typeId: 'shipping-method', id: byValue.id },
    lineItems: [{ sku: 'A-1' }],
  });
  expect(cart.shippingInfo!.price).toEqual(cents(1000));
  expect(cart.shippingInfo!.shippingRate.tiers.map((t) => t.isMatching)).toEqual([false, false]);
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0]!.id, quantity: 2 });
  // 39.98 ≥ 30.00.
  expect(cart.shippingInfo!.price).toEqual(cents(500));
  expect(cart.shippingInfo!.shippingRate.tiers.map((t) => t.isMatching)).toEqual([true, false]);
  cart = await updateCart(apiRoot, cart, { action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0]!.id, quantity: 3 });
  expect(cart.shippingInfo!.price).toEqual(cents(0));

  // Classification: the cart's shippingRateInput key picks the tier.
  await project([
    {
      action: 'setShippingRateInputType',
      shippingRateInputType: {
        type: 'CartClassification',
        values: [
          { key: 'Small', label: { en: 'Small' } },
          { key: 'Heavy', label: { en: 'Heavy' } },
        ],
      },
    },
  ]);
  const byClass = await createShippingMethod(apiRoot, {
    key: 'by-class',
    name: 'By class',
    isDefault: false,
    taxCategory: tax,
    zoneRates: [{ zone, shippingRates: [{ price: EUR(700), tiers: [{ type: 'CartClassification', value: 'Heavy', price: EUR(2000) }] }] }],
  });
  cart = await updateCart(apiRoot, cart, { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: byClass.id } });
  expect(cart.shippingInfo!.price).toEqual(cents(700));
  const unknownKey = await sdkFailure(
    updateCart(apiRoot, cart, { action: 'setShippingRateInput', shippingRateInput: { type: 'Classification', key: 'Huge' } }),
  );
  expect(unknownKey.statusCode).toBe(400);
  expect(unknownKey.body.errors[0]).toMatchObject({
    code: 'InvalidField',
    field: 'shippingRateInput.key',
    invalidValue: 'Huge',
    allowedValues: ['Small', 'Heavy'],
  });
  cart = await updateCart(apiRoot, cart, { action: 'setShippingRateInput', shippingRateInput: { type: 'Classification', key: 'Heavy' } });
  expect(cart.shippingInfo!.price).toEqual(cents(2000));
  // The input carries the label of the project's value with that key, as the platform's ClassificationShippingRateInput does.
  expect(cart.shippingRateInput).toEqual({ type: 'Classification', key: 'Heavy', label: { en: 'Heavy' } });

  // Score: a fixed price or a function of the score (x = 3: 50 × 3 + 100 = 2.50).
  await project([{ action: 'setShippingRateInputType', shippingRateInputType: { type: 'CartScore' } }]);
  const byScore = await createShippingMethod(apiRoot, {
    key: 'by-score',
    name: 'By score',
    isDefault: false,
    taxCategory: tax,
    zoneRates: [
      {
        zone,
        shippingRates: [
          {
            price: EUR(900),
            tiers: [
              { type: 'CartScore', score: 1, price: EUR(100) },
              { type: 'CartScore', score: 3, priceFunction: { currencyCode: 'EUR', function: '(50 * x) + 100' } },
            ],
          },
        ],
      },
    ],
  });
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'setShippingRateInput', shippingRateInput: { type: 'Score', score: 3 } },
    { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: byScore.id } },
  );
  expect(cart.shippingInfo!.price).toEqual(cents(250));
  cart = await updateCart(apiRoot, cart, { action: 'setShippingRateInput', shippingRateInput: { type: 'Score', score: 1 } });
  expect(cart.shippingInfo!.price).toEqual(cents(100));
});

test('custom shipping methods, multiple shipping, external shipping taxes', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  let cart = await createCart(apiRoot, { currency: 'EUR', shippingAddress: { country: 'DE' }, lineItems: [{ sku: 'A-1' }] });
  cart = await updateCart(apiRoot, cart, {
    action: 'setCustomShippingMethod',
    shippingMethodName: 'Courier',
    shippingRate: { price: EUR(1190) },
    taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
  });
  // 11.90 gross at 19% included: 1190 / 1.19 = 10.00 net.
  expect(cart.shippingInfo).toMatchObject({ shippingMethodName: 'Courier', price: cents(1190) });
  expect(cart.shippingInfo!.shippingMethod).toBeUndefined();
  expect(taxFigures(cart.shippingInfo!.taxedPrice)).toEqual({ net: 1000, gross: 1190, tax: 190, portions: [['Standard DE', 0.19, 190]] });
  const wrongCurrency = await refusedCart(apiRoot, cart, {
    action: 'setCustomShippingMethod',
    shippingMethodName: 'x',
    shippingRate: { price: USD(1) },
  });
  expect(wrongCurrency.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });

  // External tax mode: the shipping's rate comes from the client.
  cart = await updateCart(
    apiRoot,
    cart,
    { action: 'changeTaxMode', taxMode: 'External' },
    { action: 'setLineItemTaxRate', lineItemId: cart.lineItems[0]!.id, externalTaxRate: { name: 'ext', amount: 0.1, country: 'DE' } },
    { action: 'setShippingMethodTaxRate', externalTaxRate: { name: 'ext', amount: 0.1, country: 'DE' } },
  );
  // Net prices: 19.99 + 11.90 = 31.89 net; tax 2.00 (1.999 → 2.00) + 1.19 = 3.19.
  expect(taxFigures(cart.taxedPrice)).toEqual({ net: 3189, gross: 3508, tax: 319, portions: [['ext', 0.1, 319]] });

  // Multiple shipping mode: several methods, each to its address.
  let multi = await createCart(apiRoot, { currency: 'EUR', shippingMode: 'Multiple', lineItems: [{ sku: 'A-1', quantity: 2 }] });
  multi = await updateCart(
    apiRoot,
    multi,
    {
      action: 'addShippingMethod',
      shippingKey: 'home',
      shippingMethod: { typeId: 'shipping-method', id: catalog.dhl.id },
      shippingAddress: { country: 'DE', key: 'home' },
    },
    {
      action: 'addCustomShippingMethod',
      shippingKey: 'office',
      shippingMethodName: 'Bike',
      shippingRate: { price: EUR(300) },
      shippingAddress: { country: 'DE', key: 'office' },
    },
  );
  expect(multi.shipping.map((s) => [s.shippingKey, s.shippingInfo.price.centAmount])).toEqual([
    ['home', 490],
    ['office', 300],
  ]);
  // 39.98 + 4.90 + 3.00.
  expect(multi.totalPrice).toEqual(cents(4788));
  const single = await refusedCart(apiRoot, multi, {
    action: 'setShippingMethod',
    shippingMethod: { typeId: 'shipping-method', id: catalog.dhl.id },
  });
  expect(single.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  multi = await updateCart(apiRoot, multi, { action: 'removeShippingMethod', shippingKey: 'office' });
  expect(multi.shipping.map((s) => s.shippingKey)).toEqual(['home']);
  expect(multi.totalPrice).toEqual(cents(4488));
});

test('stores: a method of a store serves only carts of that store', async ({ apiRoot }) => {
  const catalog = await setupCatalog(apiRoot);
  await apiRoot
    .stores()
    .post({ body: { key: 'hamburg', name: { en: 'Hamburg' } } })
    .execute();
  const local = await createShippingMethod(apiRoot, {
    key: 'local',
    name: 'Local',
    isDefault: false,
    ...raw<object>({ stores: [{ typeId: 'store', key: 'hamburg' }] }),
    taxCategory: { typeId: 'tax-category', id: catalog.standard.id },
    zoneRates: [{ zone: { typeId: 'zone', id: catalog.germany.id }, shippingRates: [{ price: EUR(100) }] }],
  });
  const outside = await createCart(apiRoot, { currency: 'EUR', shippingAddress: { country: 'DE' } });
  const refused = await refusedCart(apiRoot, outside, {
    action: 'setShippingMethod',
    shippingMethod: { typeId: 'shipping-method', id: local.id },
  });
  expect(refused.body.errors[0]).toMatchObject({ code: 'InvalidOperation' });
  const inside = await createCart(apiRoot, {
    currency: 'EUR',
    store: { typeId: 'store', key: 'hamburg' },
    shippingAddress: { country: 'DE' },
  });
  const set = await updateCart(apiRoot, inside, {
    action: 'setShippingMethod',
    shippingMethod: { typeId: 'shipping-method', id: local.id },
  });
  expect(set.shippingInfo!.shippingMethodName).toBe('Local');
  expect(
    (
      await apiRoot
        .shippingMethods()
        .matchingCart()
        .get({ queryArgs: { cartId: outside.id } })
        .execute()
    ).body.results.map((m) => m.key),
  ).toEqual(['dhl']);
  expect(
    (
      await apiRoot
        .shippingMethods()
        .matchingCart()
        .get({ queryArgs: { cartId: inside.id } })
        .execute()
    ).body.results.map((m) => m.key),
  ).toEqual(['dhl', 'local']);
});
