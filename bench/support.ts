import {
  createApiBuilderFromCtpClient,
  type ByProjectKeyRequestBuilder,
  type Cart,
  type CartUpdateAction,
} from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
/** Small timing helpers shared by the benchmarks: warm up, then report the median of many runs. */
export interface Figure {
  name: string;
  medianMs: number;
  p95Ms: number;
  runs: number;
}

export async function measure(name: string, runs: number, work: (i: number) => unknown, warmup = Math.min(200, runs)): Promise<Figure> {
  for (let i = 0; i < warmup; i++) await work(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work(warmup + i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, medianMs: times[Math.floor(times.length / 2)]!, p95Ms: times[Math.floor(times.length * 0.95)]!, runs };
}

/**
 * Works measured in turn, run by run (one run of each, then the next of each), for a ratio of two
 * figures: measured one after the other, the first pays for the JIT's warming and the heap the
 * second inherits, which moved a ratio by a quarter on a quiet machine.
 */
export async function measureInTurn(
  runs: number,
  works: ReadonlyArray<readonly [name: string, work: (i: number) => unknown]>,
  warmup = Math.min(200, runs),
): Promise<Figure[]> {
  const times = works.map((): number[] => []);
  for (let i = 0; i < warmup + runs; i++) {
    for (const [index, [, work]] of works.entries()) {
      const start = performance.now();
      await work(i);
      if (i >= warmup) times[index]!.push(performance.now() - start);
    }
  }
  return works.map(([name], index) => {
    const sorted = times[index]!.sort((a, b) => a - b);
    return { name, medianMs: sorted[Math.floor(runs / 2)]!, p95Ms: sorted[Math.floor(runs * 0.95)]!, runs };
  });
}

export function print(figure: Figure, extra = ''): void {
  const ms = (value: number) => (value < 1 ? value.toFixed(3) : value.toFixed(2));
  console.log(
    `${figure.name.padEnd(44)} median ${ms(figure.medianMs).padStart(8)} ms   p95 ${ms(figure.p95Ms).padStart(8)} ms   (${figure.runs} runs)${extra}`,
  );
}

/** The middle of the sorted values (the upper one of the two middles for an even count). */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export function residentMegabytes(): number {
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}

/** The official SDK, client-credentials flow, against the given API and auth origins through `httpClient`. */
export function sdkApiRoot(projectKey: string, apiUrl: string, authUrl: string, httpClient: typeof fetch): ByProjectKeyRequestBuilder {
  const client = new ClientBuilder()
    .withProjectKey(projectKey)
    .withClientCredentialsFlow({ host: authUrl, projectKey, credentials: { clientId: 'c', clientSecret: 's' }, httpClient })
    .withHttpMiddleware({ host: apiUrl, httpClient })
    .build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
}

/**
 * The catalog the checkout benchmarks order from: one mug with a price and a tax category (the
 * platform orders a cart only when its products have a tax category for the address's country).
 */
export async function mugCatalog(api: ByProjectKeyRequestBuilder): Promise<void> {
  await api
    .taxCategories()
    .post({
      body: { key: 'standard', name: 'Standard', rates: [{ name: 'DE 19%', amount: 0.19, includedInPrice: true, country: 'DE' }] },
    })
    .execute();
  await api
    .productTypes()
    .post({ body: { key: 'plain', name: 'Plain', description: 'Plain', attributes: [] } })
    .execute();
  await api
    .products()
    .post({
      body: {
        key: 'mug',
        productType: { typeId: 'product-type', key: 'plain' },
        taxCategory: { typeId: 'tax-category', key: 'standard' },
        name: { en: 'Mug' },
        slug: { en: 'mug' },
        masterVariant: { sku: 'MUG', prices: [{ value: { currencyCode: 'EUR', centAmount: 1200 } }] },
        publish: true,
      },
    })
    .execute();
}

/** The four-request checkout the benchmarks compare: create a cart, add the mug, set the shipping address, order. */
export async function mugCheckout(api: ByProjectKeyRequestBuilder): Promise<void> {
  const update = async (cart: Cart, action: CartUpdateAction) =>
    (
      await api
        .carts()
        .withId({ ID: cart.id })
        .post({ body: { version: cart.version, actions: [action] } })
        .execute()
    ).body;
  let cart = (
    await api
      .carts()
      .post({ body: { currency: 'EUR', country: 'DE' } })
      .execute()
  ).body;
  cart = await update(cart, { action: 'addLineItem', sku: 'MUG', quantity: 2 });
  cart = await update(cart, { action: 'setShippingAddress', address: { country: 'DE' } });
  await api
    .orders()
    .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
    .execute();
}

const COUNTRIES = ['DE', 'US', 'FR', 'GB', 'NL', 'ES', 'IT', 'PL'];
const CITIES = ['Berlin', 'Munich', 'Paris', 'London', 'Amsterdam', 'Madrid', 'Rome', 'Warsaw'];
const TIERS = ['bronze', 'silver', 'gold', 'platinum'];
const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas'];
const LAST = ['Schmidt', 'Miller', 'Dubois', 'Smith', 'de Vries', 'Garcia', 'Rossi', 'Nowak', 'Meyer', 'Brown'];

/** Deterministic pseudo-random numbers, so every run (and every mock) gets the same data. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const pick = <T>(list: readonly T[], next: () => number): T => list[Math.floor(next() * list.length)]!;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Customer drafts as a test suite would write them: addresses, a date of birth, custom fields.
 * `from` numbers them, so batches made one after another from the same `next` continue one sequence.
 */
export function customerDrafts(count: number, next = random(42), from = 0): object[] {
  return Array.from({ length: count }, (_, n) => {
    const i = from + n;
    const firstName = pick(FIRST, next);
    const lastName = pick(LAST, next);
    const addresses = [{ key: 'home', country: pick(COUNTRIES, next), city: pick(CITIES, next) }];
    if (next() < 0.3) addresses.push({ key: 'work', country: pick(COUNTRIES, next), city: pick(CITIES, next) });
    return {
      key: `customer-${i}`,
      email: `customer${i}@example.com`,
      password: 'secret',
      firstName,
      lastName,
      dateOfBirth: `${1950 + Math.floor(next() * 55)}-${pad(1 + Math.floor(next() * 12), 2)}-${pad(1 + Math.floor(next() * 28), 2)}`,
      isEmailVerified: next() < 0.5,
      addresses,
      custom: { type: { typeId: 'type', key: 'bench-customer' }, fields: { tier: pick(TIERS, next), points: Math.floor(next() * 5000) } },
    };
  });
}

/** The custom type the drafts of `customerDrafts` name. */
export const BENCH_CUSTOMER_TYPE = {
  key: 'bench-customer',
  name: { en: 'Bench customer' },
  resourceTypeIds: ['customer'],
  fieldDefinitions: [
    { name: 'tier', label: { en: 'Tier' }, required: false, type: { name: 'String' } },
    { name: 'points', label: { en: 'Points' }, required: false, type: { name: 'Number' } },
  ],
};
