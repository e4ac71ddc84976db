/**
 * The memory of a long-running server (issue 34, item 5): the live heap, after a full GC, as a
 * storefront mix runs for hundreds of thousands of requests, and what it grows per 100,000 requests.
 *
 * The mix, one visit of twelve requests, every answer checked: an anonymous-session token, the
 * category listing with price selection, a product by slug, the password flow, a cart through
 * `/me/carts`, two line items, a shipping address and method, the order through `/me/orders`, a
 * refresh of the customer's token, and `/me` with the new token. A subscription receives every
 * OrderCreated message (a delivery per visit); the project records messages (the mock's default).
 * Requests go through `mock.handle()`, the one entry every transport serves through: the HTTP layer
 * keeps nothing per request, so the figures are a server's.
 *
 * Each configuration runs in its own process (`--expose-gc`):
 *   - unbounded: every `retention` limit out of reach, the real clock (nothing expires within the
 *     run): what the mock kept before these limits, when tokens and messages were never dropped;
 *   - defaults: the default limits, the real clock: the caps alone;
 *   - defaults, fast clock: the default limits, and the mock's clock (`Date.now()`) a day on every
 *     5,000 requests, so that access tokens pass their lifetime (about 10,000 requests) and messages
 *     their `deleteDaysAfterCreation` (15 days: 75,000 requests) within the run: a server's steady state.
 * Run: npm run bench:soak   (SOAK_REQUESTS=… total per configuration, default 200,000; SOAK_EVERY=… between readings, default 25,000)
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mockInternals } from '../src/api/mock.js';
import type { CommerceMock } from '../src/index.js';

const REQUESTS = Number(process.env.SOAK_REQUESTS ?? 200_000);
const EVERY = Number(process.env.SOAK_EVERY ?? 25_000);
const PROJECT = 'bench';
const MiB = 1048576;
const DAY = 24 * 60 * 60 * 1000;
const REQUESTS_PER_DAY = 5_000;
const PRODUCTS = 5;
const priceOf = (n: number) => 1000 + 100 * n;
const SHIPPING = 490;
const BASIC = `Basic ${Buffer.from('storefront:secret').toString('base64')}`;
const OUT_OF_REACH = 1_000_000_000;

type Configuration = 'unbounded' | 'defaults' | 'defaults, fast clock';
const CONFIGURATIONS: Configuration[] = ['unbounded', 'defaults', 'defaults, fast clock'];

interface Reading {
  requests: number;
  heap: number;
}

interface Run {
  readings: Reading[];
  /** What the mock holds at the end: stored documents by type, and tokens. */
  held: Record<string, number>;
  seconds: number;
}

const gc = () => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run the child with --expose-gc');
  collect();
  collect();
};

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`wrong answer: ${what}`);
}

/** One request through the mock; a failing status stops the run. */
function send(mock: CommerceMock, method: string, url: string, options: { token?: string; body?: unknown; form?: string } = {}): any {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.form !== undefined) {
    headers.authorization = BASIC;
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = options.form;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = mock.handle({ method, url, headers, ...(body === undefined ? {} : { body }) });
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
  return response.body;
}

interface Catalog {
  categoryId: string;
  productIds: string[];
}

function seed(mock: CommerceMock): Catalog {
  const api = (method: string, path: string, body?: unknown) => send(mock, method, `/${PROJECT}${path}`, { body });
  api('POST', '/tax-categories', {
    key: 'standard',
    name: 'Standard',
    rates: [{ name: 'DE 19%', amount: 0.19, includedInPrice: true, country: 'DE' }],
  });
  api('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] });
  api('POST', '/shipping-methods', {
    key: 'standard',
    name: 'Standard',
    isDefault: false,
    taxCategory: { typeId: 'tax-category', key: 'standard' },
    zoneRates: [{ zone: { typeId: 'zone', key: 'de' }, shippingRates: [{ price: { currencyCode: 'EUR', centAmount: SHIPPING } }] }],
  });
  api('POST', '/product-types', { key: 'plain', name: 'Plain', description: 'Plain', attributes: [] });
  const category = api('POST', '/categories', { key: 'mugs', name: { en: 'Mugs' }, slug: { en: 'mugs' } });
  const productIds: string[] = [];
  for (let n = 0; n < PRODUCTS; n++) {
    const product = api('POST', '/products', {
      key: `mug-${n}`,
      productType: { typeId: 'product-type', key: 'plain' },
      taxCategory: { typeId: 'tax-category', key: 'standard' },
      categories: [{ typeId: 'category', id: category.id }],
      name: { en: `Mug ${n}` },
      slug: { en: `mug-${n}` },
      masterVariant: { sku: `MUG-${n}`, prices: [{ value: { currencyCode: 'EUR', centAmount: priceOf(n) }, country: 'DE' }] },
      publish: true,
    });
    productIds.push(product.id);
  }
  api('POST', '/customers', { email: 'shopper@example.com', password: 'secret-123', firstName: 'Sam' });
  api('POST', '/subscriptions', {
    key: 'orders',
    destination: { type: 'GoogleCloudPubSub', projectId: 'shop', topic: 'orders' },
    messages: [{ resourceTypeId: 'order', types: ['OrderCreated'] }],
  });
  return { categoryId: category.id, productIds };
}

/** One storefront visit: twelve requests. */
function visit(mock: CommerceMock, catalog: Catalog, n: number): void {
  const anonymous = send(mock, 'POST', `/oauth/${PROJECT}/anonymous/token`, { form: 'grant_type=client_credentials' });
  const where = (predicate: string) => encodeURIComponent(predicate);
  const listing = send(
    mock,
    'GET',
    `/${PROJECT}/product-projections?where=${where(`categories(id="${catalog.categoryId}")`)}&priceCurrency=EUR&priceCountry=DE&limit=20`,
    { token: anonymous.access_token },
  );
  check(listing.results.length === PRODUCTS, 'listing');
  const first = n % PRODUCTS;
  const second = (first + 1) % PRODUCTS;
  const bySlug = send(mock, 'GET', `/${PROJECT}/product-projections?where=${where(`slug(en="mug-${first}")`)}`, {
    token: anonymous.access_token,
  });
  check(bySlug.results[0]?.id === catalog.productIds[first], 'product by slug');
  const signedIn = send(mock, 'POST', `/oauth/${PROJECT}/customers/token`, {
    form: 'grant_type=password&username=shopper%40example.com&password=secret-123',
  });
  const me = (method: string, path: string, body?: unknown) =>
    send(mock, method, `/${PROJECT}/me${path}`, { token: signedIn.access_token, body });
  let cart = me('POST', '/carts', { currency: 'EUR', country: 'DE' });
  const update = (action: object) => {
    cart = me('POST', `/carts/${cart.id}`, { version: cart.version, actions: [action] });
  };
  update({ action: 'addLineItem', productId: catalog.productIds[first], variantId: 1, quantity: 2 });
  update({ action: 'addLineItem', productId: catalog.productIds[second], variantId: 1, quantity: 1 });
  update({ action: 'setShippingAddress', address: { country: 'DE', city: 'Berlin' } });
  update({ action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', key: 'standard' } });
  const order = me('POST', '/orders', { id: cart.id, version: cart.version });
  check(order.totalPrice.centAmount === 2 * priceOf(first) + priceOf(second) + SHIPPING, 'order total');
  const refreshed = send(mock, 'POST', '/oauth/token', {
    form: `grant_type=refresh_token&refresh_token=${encodeURIComponent(signedIn.refresh_token)}`,
  });
  check(send(mock, 'GET', `/${PROJECT}/me`, { token: refreshed.access_token }).email === 'shopper@example.com', 'me');
}
const REQUESTS_PER_VISIT = 12;

async function soak(configuration: Configuration): Promise<Run> {
  const { createCommerceMock } = await import('../src/index.js');
  const mock = createCommerceMock({
    defaultProjectKey: PROJECT,
    ...(configuration === 'unbounded'
      ? {
          retention: {
            refreshTokensPerProject: OUT_OF_REACH,
            deliveriesPerProject: OUT_OF_REACH,
            permissionDecisions: OUT_OF_REACH,
            snapshots: OUT_OF_REACH,
          },
        }
      : {}),
  });
  const realNow = Date.now;
  let offset = 0;
  if (configuration === 'defaults, fast clock') Date.now = () => realNow() + offset;
  const catalog = seed(mock);
  const readings: Reading[] = [];
  const read = (requests: number) => {
    gc();
    readings.push({ requests, heap: process.memoryUsage().heapUsed });
  };
  const started = performance.now();
  read(0);
  let served = 0;
  for (let n = 0; served < REQUESTS; n++) {
    visit(mock, catalog, n);
    served += REQUESTS_PER_VISIT;
    offset += (REQUESTS_PER_VISIT * DAY) / REQUESTS_PER_DAY;
    if (Math.floor(served / EVERY) > Math.floor((served - REQUESTS_PER_VISIT) / EVERY)) read(served);
  }
  const seconds = (performance.now() - started) / 1000;
  const storage = mockInternals(mock).storage;
  const held: Record<string, number> = {};
  for (const [typeId, name] of [
    ['cart', 'carts'],
    ['order', 'orders'],
    ['message', 'messages'],
    ['delivery', 'deliveries'],
  ] as const)
    held[name] = storage.count(PROJECT, typeId);
  held['access tokens'] = mock.tokens.list().length;
  return { readings, held, seconds };
}

/** Heap growth per 100,000 requests between two readings. */
const slope = (from: Reading, to: Reading) => ((to.heap - from.heap) / (to.requests - from.requests)) * 100_000;

const mode = process.argv[2] as Configuration | undefined;
if (mode) {
  process.stdout.write(JSON.stringify(await soak(mode)));
} else {
  const script = fileURLToPath(import.meta.url);
  const runs = new Map<Configuration, Run>();
  for (const configuration of CONFIGURATIONS) {
    const output = execFileSync(process.execPath, ['--expose-gc', script, configuration], { encoding: 'utf8', maxBuffer: 1 << 24 });
    runs.set(configuration, JSON.parse(output) as Run);
  }
  const mb = (bytes: number) => (bytes / MiB).toFixed(1);
  console.log(
    `Node ${process.version}; live heap after a full GC (MiB), storefront visits of ${REQUESTS_PER_VISIT} requests through mock.handle(), each configuration in its own process\n`,
  );
  console.log(`${'requests'.padStart(10)}${CONFIGURATIONS.map((name) => name.padStart(24)).join('')}`);
  const first = runs.get(CONFIGURATIONS[0]!)!;
  first.readings.forEach((reading, i) => {
    const cells = CONFIGURATIONS.map((name) => mb(runs.get(name)!.readings[i]?.heap ?? Number.NaN).padStart(24));
    console.log(`${reading.requests.toLocaleString('en').padStart(10)}${cells.join('')}`);
  });
  console.log('\ngrowth per 100,000 requests (MiB), over the whole run and over its second half; what the mock holds at the end');
  for (const name of CONFIGURATIONS) {
    const { readings, held, seconds } = runs.get(name)!;
    const last = readings.at(-1)!;
    const middle = readings.find((reading) => reading.requests >= last.requests / 2)!;
    const holds = Object.entries(held)
      .map(([what, count]) => `${count.toLocaleString('en')} ${what}`)
      .join(', ');
    console.log(
      `  ${name.padEnd(22)} whole ${mb(slope(readings[0]!, last)).padStart(6)}, second half ${mb(slope(middle, last)).padStart(6)}   (${seconds.toFixed(0)} s; ${holds})`,
    );
  }
}
