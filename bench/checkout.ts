/**
 * The checkout benchmark: the whole storefront flow through the official SDK in-process (undici
 * MockAgent, client-credentials flow), one request per step: create a cart, add 3 line items, set
 * the shipping address and the shipping method, add a discount code, place the order. Prints the
 * median (and p95) of the whole flow and of each step. Aim: under 3 ms for the whole flow. Then the
 * flow with the project's messages on, off, and on with a subscription receiving them, run by run in
 * turn: what recording them costs (aim: under 20%) and what delivering them adds; and with one API
 * extension on carts (a local HTTP service answering 200 without actions): what calling it adds.
 * Run: npm run bench:build && node dist-bench/bench/checkout.js   (RUNS=… to change the number of measured runs, default 500)
 */
import { mockInternals } from '../src/api/mock.js';
import {
  createApiBuilderFromCtpClient,
  type ByProjectKeyRequestBuilder,
  type Cart,
  type CartUpdateAction,
} from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCommerceMock } from '../src/index.js';
import { interceptFetch } from '../src/adapters/transports/mock-agent.js';
import { createMockFetch } from '../src/adapters/transports/fetch.js';
import { print, type Figure } from './support.js';

const RUNS = Math.max(50, Number(process.env.RUNS ?? 500));
const WARMUP = Math.min(200, RUNS);
const EUR = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

async function catalog(apiRoot: ByProjectKeyRequestBuilder): Promise<void> {
  const tax = (
    await apiRoot
      .taxCategories()
      .post({ body: { key: 'standard', name: 'Standard', rates: [{ name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' }] } })
      .execute()
  ).body;
  const zone = (
    await apiRoot
      .zones()
      .post({ body: { key: 'de', name: 'DE', locations: [{ country: 'DE' }] } })
      .execute()
  ).body;
  const type = (
    await apiRoot
      .productTypes()
      .post({ body: { key: 'plain', name: 'plain', description: 'plain' } })
      .execute()
  ).body;
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
  await apiRoot
    .discountCodes()
    .post({ body: { code: 'SAVE10', cartDiscounts: [{ typeId: 'cart-discount', id: discount.id }] } })
    .execute();
}

const mock = createCommerceMock();
/** The official SDK with the given fetch: global fetch (served by the MockAgent), or the mock's own fetch. */
const sdkWith = (httpClient: typeof fetch) =>
  createApiBuilderFromCtpClient(
    new ClientBuilder()
      .withProjectKey('bench')
      .withClientCredentialsFlow({
        host: mock.options.authUrl,
        projectKey: 'bench',
        credentials: { clientId: 'c', clientSecret: 's' },
        httpClient,
      })
      .withHttpMiddleware({ host: mock.options.apiUrl, httpClient })
      .build(),
  ).withProjectKey({ projectKey: 'bench' });
let apiRoot = sdkWith(createMockFetch(mock));
await catalog(apiRoot);

const update = async (cart: Cart, action: CartUpdateAction) =>
  (
    await apiRoot
      .carts()
      .withId({ ID: cart.id })
      .post({ body: { version: cart.version, actions: [action] } })
      .execute()
  ).body;

const STEPS = [
  'create cart',
  'add line item 1',
  'add line item 2',
  'add line item 3',
  'set shipping address',
  'set shipping method',
  'add discount code',
  'create order',
] as const;

/** One checkout; the time of each step (ms). */
async function checkout(i: number): Promise<number[]> {
  const times: number[] = [];
  let last = performance.now();
  const lap = () => {
    const now = performance.now();
    times.push(now - last);
    last = now;
  };
  let cart = (
    await apiRoot
      .carts()
      .post({ body: { currency: 'EUR', country: 'DE' } })
      .execute()
  ).body;
  lap();
  for (let line = 0; line < 3; line++) {
    cart = await update(cart, { action: 'addLineItem', sku: `SKU-${(i + line * 7) % 50}`, quantity: 1 + line });
    lap();
  }
  cart = await update(cart, { action: 'setShippingAddress', address: { country: 'DE', city: 'Berlin' } });
  lap();
  cart = await update(cart, { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', key: 'dhl' } });
  lap();
  cart = await update(cart, { action: 'addDiscountCode', code: 'SAVE10' });
  lap();
  const order = (
    await apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
      .execute()
  ).body;
  lap();
  if (cart.discountCodes[0]?.state !== 'MatchesCart' || !cart.taxedPrice || order.totalPrice.centAmount !== cart.totalPrice.centAmount) {
    throw new Error('the flow did not compute the checkout');
  }
  return times;
}

const figure = (name: string, values: number[]): Figure => {
  const sorted = [...values].sort((a, b) => a - b);
  return { name, medianMs: sorted[Math.floor(sorted.length / 2)]!, p95Ms: sorted[Math.floor(sorted.length * 0.95)]!, runs: sorted.length };
};

/** Prints the whole flow and each step of the measured runs. */
function report(label: string, runs: number[][]): Figure {
  const whole = figure(
    `checkout, ${label} (${STEPS.length} requests)`,
    runs.map((steps) => steps.reduce((a, b) => a + b, 0)),
  );
  print(whole, `   ${(whole.medianMs / STEPS.length).toFixed(3)} ms a request`);
  STEPS.forEach((step, index) => {
    print(
      figure(
        `  ${step}`,
        runs.map((steps) => steps[index]!),
      ),
    );
  });
  return whole;
}

/** Runs the checkout RUNS times after a warm-up and prints the whole flow and each step. */
async function measure(label: string, offset: number): Promise<Figure> {
  for (let i = 0; i < WARMUP; i++) await checkout(offset + i);
  const runs: number[][] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await checkout(offset + WARMUP + i));
  return report(label, runs);
}

/** Turns the project's messages on or off (not timed). */
async function messages(enabled: boolean): Promise<void> {
  const settings = (await apiRoot.get().execute()).body;
  if (settings.messages.enabled === enabled) return;
  await apiRoot
    .post({
      body: {
        version: settings.version,
        actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled, deleteDaysAfterCreation: 15 } }],
      },
    })
    .execute();
}

/** `work` while a subscription or an extension exists: created and deleted untimed, in process. */
async function whileStored<T>(typeId: 'subscription' | 'extension', draft: object, work: () => Promise<T>): Promise<T> {
  const stored = mock.project('bench').data.create(typeId, draft);
  try {
    return await work();
  } finally {
    await mock.respond({ method: 'DELETE', url: `/bench/${typeId}s/${stored.id}?version=${stored.version}` });
  }
}

/** A subscription to the checkout's messages and its carts' and orders' changes. */
const SUBSCRIPTION = {
  destination: { type: 'GoogleCloudPubSub', projectId: 'bench', topic: 'checkout' },
  messages: [{ resourceTypeId: 'order' }],
  changes: [{ resourceTypeId: 'cart' }, { resourceTypeId: 'order' }],
};

/** An API extension on every cart create and update, at a local service answering 200 without actions. */
const extensionAt = (url: string) => ({
  destination: { type: 'HTTP', url },
  triggers: [{ resourceTypeId: 'cart', actions: ['Create', 'Update'] }],
});

const MODES = ['messages on', 'messages off', 'messages on, one subscription', 'messages on, one extension'] as const;

/**
 * Checkouts with messages on, off, and on with a subscription receiving them, in turn run by run, so
 * every mode sees the same load and the same data.
 */
async function measureMessages(offset: number): Promise<Figure[]> {
  const service = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"actions":[]}'));
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}/`;
  const runs: number[][][] = MODES.map(() => []);
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const [mode, label] of MODES.entries()) {
      await messages(label !== 'messages off');
      const run = () => checkout(offset + MODES.length * i + mode);
      const steps =
        label === 'messages on, one subscription'
          ? await whileStored('subscription', SUBSCRIPTION, run)
          : label === 'messages on, one extension'
            ? await whileStored('extension', extensionAt(url), run)
            : await run();
      if (i >= WARMUP) runs[mode]!.push(steps);
    }
  }
  service.close();
  const figures = MODES.map((label, mode) => report(`createMockFetch(mock), ${label}`, runs[mode]!));
  // Under load the whole flow's median swings with the pauses of other processes; the steps' medians hold steadier.
  const stepMedians = (modeRuns: number[][]) =>
    STEPS.reduce(
      (sum, _step, index) =>
        sum +
        figure(
          '',
          modeRuns.map((steps) => steps[index]!),
        ).medianMs,
      0,
    );
  const [stepsOn, stepsOff, stepsSubscribed, stepsExtended] = runs.map(stepMedians) as [number, number, number, number];
  const percent = (a: number, b: number) => ((a / b - 1) * 100).toFixed(1);
  console.log(
    `\nThe steps' medians added up: ${stepsOn.toFixed(3)} ms with messages, ${stepsOff.toFixed(3)} ms without (${percent(stepsOn, stepsOff)}%), ` +
      `${stepsSubscribed.toFixed(3)} ms with messages and a subscription (${percent(stepsSubscribed, stepsOff)}% over none), ` +
      `${stepsExtended.toFixed(3)} ms with messages and an extension on carts (${percent(stepsExtended, stepsOn)}% over messages alone).`,
  );
  return figures;
}

console.log(`Node ${process.version}; the official SDK in-process, two ways\n`);
const interception = await interceptFetch(mock, { allowNetConnect: false });
apiRoot = sdkWith(fetch);
const viaAgent = await measure('global fetch + MockAgent', 0);
await interception.restore();
console.log('');
apiRoot = sdkWith(createMockFetch(mock));
const viaMockFetch = await measure('httpClient: createMockFetch(mock)', WARMUP + RUNS);
console.log('');
const [messagesOn, messagesOff, withSubscription, withExtension] = (await measureMessages(2 * (WARMUP + RUNS))) as [
  Figure,
  Figure,
  Figure,
  Figure,
];
console.log(
  `${mockInternals(mock).storage.count('bench', 'order')} orders, ${mockInternals(mock).storage.count('bench', 'message')} messages and ${mockInternals(mock).storage.count('bench', 'delivery')} deliveries at the end`,
);
const cost = (messagesOn.medianMs / messagesOff.medianMs - 1) * 100;
console.log(
  `Messages cost ${cost.toFixed(1)}% of the checkout (median, on vs off, alternating runs): aim under 20% ${cost < 20 ? 'met' : 'not met'}.`,
);
console.log(
  `A subscription receiving the checkout's messages and changes: ${((withSubscription.medianMs / messagesOff.medianMs - 1) * 100).toFixed(1)}% over messages off (median).`,
);
console.log(
  `One API extension on carts (a local HTTP service, ${STEPS.length - 1} calls a checkout): ${(withExtension.medianMs - messagesOn.medianMs).toFixed(2)} ms ` +
    `(${((withExtension.medianMs / messagesOn.medianMs - 1) * 100).toFixed(1)}%) over messages on (median).`,
);
for (const whole of [viaAgent, viaMockFetch]) {
  console.log(
    `Aim: the whole checkout under 3 ms (median) — ${whole.name}: ${whole.medianMs < 3 ? 'met' : 'not met'} (${whole.medianMs.toFixed(2)} ms).`,
  );
}
