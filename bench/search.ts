/**
 * Product search benchmark: 10,000 published products of 3 variants each, seeded from the factories
 * (target: under 3 s), then a product projection search with text, two filters and two facets
 * (target: median under 50 ms), through `mock.handle()` with the JSON body serialised as a transport
 * would. Also: the first search (builds the index), a search right after one product update
 * (incremental re-index), the Product Search API, and the SDK over the in-process MockAgent.
 *
 * Run with `npm run bench:build && node dist-bench/bench/search.js`.
 */
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { faker, productFactory, productTypeFactory } from '../factories/index.js';
import { createCommerceMock } from '../src/index.js';
import { interceptFetch } from '../src/adapters/transports/mock-agent.js';
import { measure, print, residentMegabytes } from './support.js';

const PRODUCTS = 10_000;
const RUNS = 30;
const COLORS = ['red', 'blue', 'green', 'black', 'white', 'yellow', 'grey', 'navy'];
const SIZES = ['S', 'M', 'L', 'XL'];

faker.seed(42);
const mock = createCommerceMock({ defaultProjectKey: 'bench' });
mock.data.seed(productTypeFactory.asDefault().build());

const seedStart = performance.now();
const perColor = PRODUCTS / COLORS.length;
const drafts = COLORS.flatMap((color) =>
  productFactory.withVariants(2).published().withAttributes({ name: 'color', value: color }).buildList(perColor),
);
drafts.forEach((draft, i) => {
  // Sizes differ per variant, so variant-level filters and facets have something to tell apart.
  [draft.masterVariant!, ...(draft.variants ?? [])].forEach((variant, index) => {
    // The SDK declares draft fields read-only; this bench edits the built drafts in place.
    (variant as { attributes?: unknown[] }).attributes = [
      ...(variant.attributes ?? []),
      { name: 'size', value: SIZES[(i + index) % SIZES.length]! },
    ];
  });
});
const built = performance.now();
mock.data.seed(drafts);
const seeded = performance.now();
console.log(
  `seeding ${PRODUCTS} products × 3 variants: ${((seeded - seedStart) / 1000).toFixed(2)} s ` +
    `(factories ${((built - seedStart) / 1000).toFixed(2)} s, mock.data.seed ${((seeded - built) / 1000).toFixed(2)} s)   target < 3 s`,
);

// A word that occurs in many product names (faker's productName: "<adjective> <material> <product>").
const words = new Map<string, number>();
for (const draft of drafts) for (const word of draft.name.en!.toLowerCase().split(/\s+/)) words.set(word, (words.get(word) ?? 0) + 1);
const [word, frequency] = [...words.entries()].sort((a, b) => b[1] - a[1])[0]!;

const search = new URLSearchParams();
search.set('text.en', word);
search.append('filter.query', 'variants.attributes.size.key:"M","L"');
search.append('filter', 'variants.price.centAmount:range (1000 to 30000)');
search.append('facet', 'variants.attributes.color');
search.append('facet', 'variants.price.centAmount:range (0 to 10000), (10000 to *)');
const url = `/bench/product-projections/search?${search}`;
const run = () => {
  const response = mock.handle({ method: 'GET', url, headers: {} });
  if (response.status !== 200) throw new Error(`search failed: ${JSON.stringify(response.body)}`);
  return JSON.stringify(response.body);
};

const firstStart = performance.now();
const first = JSON.parse(run()) as { total: number; facets: Record<string, unknown> };
const firstMs = performance.now() - firstStart;
console.log(`search: text.en=${word} (in ${frequency} names), 2 filters, 2 facets → total ${first.total}`);
console.log(`first search (builds the index)              ${firstMs.toFixed(1)} ms`);
const figure = await measure('search: text + 2 filters + 2 facets', RUNS, run, 5);
print(figure, '   target < 50 ms');

const noText = `/bench/product-projections/search?${new URLSearchParams([
  ['filter.query', 'variants.attributes.color:"red"'],
  ['filter', 'variants.attributes.size.key:"M"'],
  ['facet', 'variants.attributes.size.key'],
  ['facet', 'variants.attributes.color counting products'],
  ['sort', 'variants.price.centAmount asc'],
])}`;
print(
  await measure(
    'search: no text, 2 filters, 2 facets, sort',
    RUNS,
    () => JSON.stringify(mock.handle({ method: 'GET', url: noText, headers: {} }).body),
    5,
  ),
);

const fuzzy = `/bench/product-projections/search?text.en=${encodeURIComponent(`${word.slice(0, -1)}x`)}&fuzzy=true`;
print(await measure('search: fuzzy text', RUNS, () => JSON.stringify(mock.handle({ method: 'GET', url: fuzzy, headers: {} }).body), 5));

const priced = `/bench/product-projections/search?priceCurrency=EUR&filter=${encodeURIComponent('variants.scopedPrice.currentValue.centAmount:range (* to 20000)')}&sort=${encodeURIComponent('variants.scopedPrice.currentValue.centAmount asc')}`;
print(
  await measure(
    'search: scoped price filter + sort',
    RUNS,
    () => JSON.stringify(mock.handle({ method: 'GET', url: priced, headers: {} }).body),
    5,
  ),
);

// One write, then search: only the changed product is analysed again.
const products = mock.data.all<{ id: string; version: number }>('product');
let target = products[PRODUCTS >> 1]!;
print(
  await measure(
    'update one product, then search',
    RUNS,
    (i) => {
      target = mock.data.update('product', target.id, {
        version: target.version,
        actions: [{ action: 'changeName', name: { en: `Renamed ${word} ${i}` }, staged: false }],
      });
      return run();
    },
    3,
  ),
);

const productSearchBody = JSON.stringify({
  query: {
    and: [
      { fullText: { field: 'name', language: 'en', value: word } },
      { exact: { field: 'variants.attributes.size.key', fieldType: 'enum', values: ['M', 'L'] } },
    ],
  },
  facets: [{ distinct: { name: 'color', field: 'variants.attributes.color', fieldType: 'text' } }],
  markMatchingVariants: true,
});
print(
  await measure(
    'products/search: fullText + exact + facet',
    RUNS,
    () => JSON.stringify(mock.handle({ method: 'POST', url: '/bench/products/search', headers: {}, body: productSearchBody }).body),
    5,
  ),
);

// The same search through the official SDK over the in-process MockAgent (token, fetch, JSON).
const interception = await interceptFetch(mock, { allowNetConnect: false });
const client = new ClientBuilder()
  .withProjectKey('bench')
  .withClientCredentialsFlow({
    host: mock.options.authUrl,
    projectKey: 'bench',
    credentials: { clientId: 'c', clientSecret: 's' },
    httpClient: fetch,
  })
  .withHttpMiddleware({ host: mock.options.apiUrl, httpClient: fetch })
  .build();
const apiRoot = createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: 'bench' });
const queryArgs = Object.fromEntries([...new Set(search.keys())].map((name) => [name, search.getAll(name)]));
print(await measure('SDK (MockAgent): same search', RUNS, () => apiRoot.productProjections().search().get({ queryArgs }).execute(), 5));
await interception.restore();

console.log(`resident memory: ${residentMegabytes()} MB`);
