import { createCommerceMock } from '../src/index.js';
import { createMockFetch } from '../src/adapters/transports/fetch.js';
import { measure, print, sdkApiRoot, type Figure } from './support.js';

const RUNS = Math.max(50, Number(process.env.RUNS ?? 500));
const WARMUP = Math.min(200, RUNS);
const ACTIONS = 20;
const PRODUCTS = 50;
const PROJECT = 'bench';
const EUR = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

interface Ref {
  id: string;
  version: number;
}

const mock = createCommerceMock({ defaultProjectKey: PROJECT });
const tax = mock.data.create<Ref>('tax-category', {
  key: 'standard',
  name: 'Standard',
  rates: [{ name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' }],
});
const zone = mock.data.create<Ref>('zone', { key: 'de', name: 'DE', locations: [{ country: 'DE' }] });
const productType = mock.data.create<Ref>('product-type', { key: 'plain', name: 'plain', description: 'plain' });
for (let i = 0; i < PRODUCTS; i++) {
  mock.data.create('product', {
    productType: { typeId: 'product-type', id: productType.id },
    name: { en: `Product ${i}` },
    slug: { en: `product-${i}` },
    taxCategory: { typeId: 'tax-category', id: tax.id },
    masterVariant: { sku: `SKU-${i}`, prices: [{ value: EUR(1000 + i) }, { value: EUR(900 + i), country: 'DE' }] },
    publish: true,
  });
}
const dhl = mock.data.create<Ref>('shipping-method', {
  key: 'dhl',
  name: 'DHL',
  isDefault: true,
  taxCategory: { typeId: 'tax-category', id: tax.id },
  zoneRates: [{ zone: { typeId: 'zone', id: zone.id }, shippingRates: [{ price: EUR(490), freeAbove: EUR(20000) }] }],
});
mock.data.create('cart-discount', {
  name: { en: '5% from 3 items' },
  value: { type: 'relative', permyriad: 500 },
  cartPredicate: 'lineItemCount(1 = 1) >= 3',
  target: { type: 'lineItems', predicate: 'true' },
  sortOrder: '0.5',
});

const newCart = () =>
  mock.data.create<Ref>('cart', {
    currency: 'EUR',
    country: 'DE',
    shippingAddress: { country: 'DE', city: 'Berlin' },
    shippingMethod: { typeId: 'shipping-method', id: dhl.id },
  });
/** Twenty different products, a different twenty from run to run. */
const addLineItems = (run: number) =>
  Array.from({ length: ACTIONS }, (_, n) => ({ action: 'addLineItem', sku: `SKU-${(run + n) % PRODUCTS}`, quantity: 1 + (n % 3) }));

function checked(cart: { lineItems: unknown[]; taxedPrice?: unknown; shippingInfo?: unknown }): void {
  if (cart.lineItems.length !== ACTIONS || !cart.taxedPrice || !cart.shippingInfo) throw new Error('the request did not build the cart');
}

const perAction = (figure: Figure): Figure => ({
  ...figure,
  name: '  one action of it',
  medianMs: figure.medianMs / ACTIONS,
  p95Ms: figure.p95Ms / ACTIONS,
});

console.log(`Node ${process.version}; one update request with ${ACTIONS} addLineItem actions, a fresh cart each run\n`);

const handled = Array.from({ length: WARMUP + RUNS }, newCart);
const viaHandle = await measure(
  `mock.handle(): ${ACTIONS} × addLineItem`,
  RUNS,
  (i) => {
    const cart = handled[i]!;
    const response = mock.handle({
      method: 'POST',
      url: `/${PROJECT}/carts/${cart.id}`,
      body: JSON.stringify({ version: cart.version, actions: addLineItems(i) }),
    });
    const body = JSON.stringify(response.body);
    if (response.status !== 200) throw new Error(`status ${response.status}: ${body}`);
    checked(response.body as Parameters<typeof checked>[0]);
  },
  WARMUP,
);
print(viaHandle);
print(perAction(viaHandle));

const httpClient = createMockFetch(mock);
const apiRoot = sdkApiRoot(PROJECT, mock.options.apiUrl, mock.options.authUrl, httpClient);
const viaSdk = Array.from({ length: WARMUP + RUNS }, newCart);
const sdk = await measure(
  `SDK + createMockFetch: ${ACTIONS} × addLineItem`,
  RUNS,
  async (i) => {
    const cart = viaSdk[i]!;
    const response = await apiRoot
      .carts()
      .withId({ ID: cart.id })
      .post({ body: { version: cart.version, actions: addLineItems(i) as never } })
      .execute();
    checked(response.body);
  },
  WARMUP,
);
print(sdk);
print(perAction(sdk));
