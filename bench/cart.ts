/**
 * The cart part of the checkout benchmark, through the official SDK in-process: create a cart,
 * add 3 line items, set the shipping address and the shipping method, add a discount code (one
 * request each, the way a storefront does it). Orders add their step (create the order) to this flow.
 * Run: npx tsx bench/cart.ts
 */
import { createApiBuilderFromCtpClient, type ByProjectKeyRequestBuilder, type Cart, type CartUpdateAction } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { createCommerceMock } from '../src/index.js';
import { interceptFetch } from '../src/transports/mock-agent.js';
import { measure, print } from './support.js';

const RUNS = Number(process.env.RUNS ?? 1000);
const EUR = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

async function catalog(apiRoot: ByProjectKeyRequestBuilder): Promise<void> {
  const tax = (
    await apiRoot.taxCategories().post({ body: { key: 'standard', name: 'Standard', rates: [{ name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' }] } }).execute()
  ).body;
  const zone = (await apiRoot.zones().post({ body: { key: 'de', name: 'DE', locations: [{ country: 'DE' }] } }).execute()).body;
  const type = (await apiRoot.productTypes().post({ body: { key: 'plain', name: 'plain', description: 'plain' } }).execute()).body;
  for (let i = 0; i < 50; i++) {
    await apiRoot
      .products()
      .post({
        body: {
          productType: { typeId: 'product-type', id: type.id },
          name: { en: `Product ${i}` },
          slug: { en: `product-${i}` },
          taxCategory: { typeId: 'tax-category', id: tax.id },
          masterVariant: { sku: `SKU-${i}`, prices: [{ value: EUR(1000 + i) }, { value: EUR(900 + i), country: 'DE' }] },
          publish: true,
        },
      })
      .execute();
  }
  await apiRoot
    .shippingMethods()
    .post({
      body: {
        key: 'dhl',
        name: 'DHL',
        isDefault: true,
        taxCategory: { typeId: 'tax-category', id: tax.id },
        zoneRates: [{ zone: { typeId: 'zone', id: zone.id }, shippingRates: [{ price: EUR(490), freeAbove: EUR(10000) }] }],
      },
    })
    .execute();
  const discount = (
    await apiRoot
      .cartDiscounts()
      .post({
        body: {
          name: { en: '10%' },
          value: { type: 'relative', permyriad: 1000 },
          cartPredicate: 'lineItemCount(1 = 1) >= 2',
          target: { type: 'lineItems', predicate: 'true' },
          sortOrder: '0.5',
          requiresDiscountCode: true,
        },
      })
      .execute()
  ).body;
  await apiRoot.discountCodes().post({ body: { code: 'SAVE10', cartDiscounts: [{ typeId: 'cart-discount', id: discount.id }] } }).execute();
}

const mock = createCommerceMock();
const interception = await interceptFetch(mock, { allowNetConnect: false });
const apiRoot = createApiBuilderFromCtpClient(
  new ClientBuilder()
    .withProjectKey('bench')
    .withClientCredentialsFlow({ host: mock.options.authUrl, projectKey: 'bench', credentials: { clientId: 'c', clientSecret: 's' }, httpClient: fetch })
    .withHttpMiddleware({ host: mock.options.apiUrl, httpClient: fetch })
    .build(),
).withProjectKey({ projectKey: 'bench' });
await catalog(apiRoot);

const update = async (cart: Cart, action: CartUpdateAction) => (await apiRoot.carts().withId({ ID: cart.id }).post({ body: { version: cart.version, actions: [action] } }).execute()).body;

const flow = await measure('cart flow (7 requests)', RUNS, async (i) => {
  let cart = (await apiRoot.carts().post({ body: { currency: 'EUR', country: 'DE' } }).execute()).body;
  for (let line = 0; line < 3; line++) cart = await update(cart, { action: 'addLineItem', sku: `SKU-${(i + line * 7) % 50}`, quantity: 1 + line });
  cart = await update(cart, { action: 'setShippingAddress', address: { country: 'DE', city: 'Berlin' } });
  cart = await update(cart, { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', key: 'dhl' } });
  cart = await update(cart, { action: 'addDiscountCode', code: 'SAVE10' });
  if (cart.discountCodes[0]?.state !== 'MatchesCart' || !cart.taxedPrice) throw new Error('the flow did not compute the cart');
});
await interception.restore();

console.log(`Node ${process.version}, ${mock.storage.count('bench', 'cart')} carts at the end\n`);
print(flow, `   ${(flow.medianMs / 7).toFixed(3)} ms a request`);
console.log(`\nAim (whole checkout incl. the order < 3 ms): the cart part takes ${flow.medianMs.toFixed(2)} ms`);
