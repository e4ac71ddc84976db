import { createCommerceMock } from '../src/index.js';
import { createMockFetch } from '../src/adapters/transports/fetch.js';
import { type Figure, measureInTurn, print, sdkApiRoot } from './support.js';

const RUNS = Math.max(20, Number(process.env.RUNS ?? 200));
const PRODUCTS = 10_000;
const PROJECT = 'bench';

interface Ref {
  id: string;
  version: number;
}

const mock = createCommerceMock({ defaultProjectKey: PROJECT });
const httpClient = createMockFetch(mock);
const apiRoot = sdkApiRoot(PROJECT, mock.options.apiUrl, mock.options.authUrl, httpClient);

const graphql = async (query: string, variables?: Record<string, unknown>) => {
  const { body } = await apiRoot
    .graphql()
    .post({ body: variables ? { query, variables } : { query } })
    .execute();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as Record<string, any>;
};

const firstStarted = performance.now();
await graphql('{ zones(limit: 1) { total } }');
const first = performance.now() - firstStarted;
console.log(`Node ${process.version}\n`);
console.log(
  `${'first GraphQL request (schema built)'.padEnd(44)} ${first.toFixed(1).padStart(8)} ms   aim < 500 ms: ${first < 500 ? 'met' : 'NOT met'}`,
);

const productType = mock.data.create<Ref>('product-type', { key: 'plain', name: 'plain', description: 'plain' });
mock.data.seed(
  Array.from({ length: PRODUCTS }, (_, i) => [
    'product',
    {
      productType: { typeId: 'product-type', id: productType.id },
      name: { en: `Product ${i}`, de: `Produkt ${i}` },
      slug: { en: `product-${i}` },
      masterVariant: {
        sku: `SKU-${i}`,
        prices: [{ value: { currencyCode: 'EUR', centAmount: 1000 + i } }],
        images: [{ url: `https://img.example.com/${i}.png`, dimensions: { w: 100, h: 100 } }],
      },
      publish: true,
    },
  ]) as never,
);

const LISTING = `query ($offset: Int) { products(limit: 20, offset: $offset, sort: ["createdAt asc"]) { results { id masterData { current {
  name(locale: "en") slug(locale: "en")
  masterVariant { sku prices { value { centAmount currencyCode } } images { url } }
} } } } }`;
const [graphqlListing, restListing] = (await measureInTurn(RUNS, [
  [
    'GraphQL: listing of 20 of 10,000 products',
    async (i) => {
      const data = await graphql(LISTING, { offset: (i * 20) % PRODUCTS });
      if (data.products.results.length !== 20) throw new Error('not 20 products');
    },
  ],
  [
    'REST (SDK): the same 20 products',
    async (i) => {
      const { body } = await apiRoot
        .products()
        .get({ queryArgs: { limit: 20, offset: (i * 20) % PRODUCTS, sort: 'createdAt asc' } })
        .execute();
      if (body.results.length !== 20) throw new Error('not 20 products');
    },
  ],
])) as [Figure, Figure];
const listingRatio = graphqlListing.medianMs / restListing.medianMs;
print(graphqlListing, `   ${listingRatio.toFixed(2)}× REST, aim ≤ 1.2×: ${listingRatio <= 1.2 ? 'met' : 'NOT met'}`);
print(restListing);

const newCart = () => mock.data.create<Ref>('cart', { currency: 'EUR' });
const UPDATE = `mutation ($id: String, $version: Long!, $sku: String) { updateCart(id: $id, version: $version, actions: [
  { addLineItem: { sku: $sku, quantity: 2 } }, { setCountry: { country: "DE" } }, { setCustomerEmail: { email: "ada@example.com" } }
]) { id version totalPrice { centAmount } } }`;
const graphqlCarts = Array.from({ length: RUNS + 200 }, newCart);
const restCarts = Array.from({ length: RUNS + 200 }, newCart);
const [graphqlUpdate, restUpdate] = (await measureInTurn(RUNS, [
  [
    'GraphQL: cart update, 3 actions',
    async (i) => {
      const cart = graphqlCarts[i]!;
      const data = await graphql(UPDATE, { id: cart.id, version: cart.version, sku: `SKU-${i % PRODUCTS}` });
      if (data.updateCart.version !== 2) throw new Error('not updated');
    },
  ],
  [
    'REST (SDK): the same update',
    async (i) => {
      const cart = restCarts[i]!;
      const actions = [
        { action: 'addLineItem' as const, sku: `SKU-${i % PRODUCTS}`, quantity: 2 },
        { action: 'setCountry' as const, country: 'DE' },
        { action: 'setCustomerEmail' as const, email: 'ada@example.com' },
      ];
      const { body } = await apiRoot
        .carts()
        .withId({ ID: cart.id })
        .post({ body: { version: cart.version, actions } })
        .execute();
      if (body.version !== 2) throw new Error('not updated');
    },
  ],
])) as [Figure, Figure];
const updateRatio = graphqlUpdate.medianMs / restUpdate.medianMs;
print(graphqlUpdate, `   ${updateRatio.toFixed(2)}× REST, aim ≤ 1.1×: ${updateRatio <= 1.1 ? 'met' : 'NOT met'}`);
print(restUpdate);
