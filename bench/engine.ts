/**
 * The engine's own time for one checkout (create a cart, add a line item, set the shipping address,
 * place the order), measured inside `mock.respond` in two settings, round by round in turn:
 * - alone: the four requests sent to `mock.respond` one after another in a tight loop, the answers
 *   stringified and parsed between them as a transport and a client would;
 * - between the SDK's work: the same checkout through the official SDK and `fetch` on our MockAgent,
 *   timing only the calls to `mock.respond` the transport makes.
 * The same code serves the same requests in both; the difference is what runs between the calls
 * (the SDK's, `fetch`'s and undici's work displacing the engine's data and code from the caches,
 * and their garbage). It shows why the engine's share of an in-process checkout is larger than a
 * loop of the engine alone suggests.
 * Run: npm run bench:build && node dist-bench/bench/engine.js   (RUNS=… checkouts per round, default 1000; ROUNDS=…, default 5)
 */
import { createCommerceMock, DEFAULT_API_URL, DEFAULT_AUTH_URL } from '../src/index.js';
import type { MockRequest, MockResponse } from '../src/http/types.js';
import { interceptFetch } from '../src/transports/mock-agent.js';
import { mugCatalog, mugCheckout, sdkApiRoot } from './support.js';

const RUNS = Math.max(100, Number(process.env.RUNS ?? 1000));
const ROUNDS = Math.max(3, Number(process.env.ROUNDS ?? 5));
const PROJECT = 'bench';

const mock = createCommerceMock({ defaultProjectKey: PROJECT });
let engineMs = 0;
/** The SDK's bearer token, so that both settings serve the same authenticated requests. */
let authorization = '';
const respond = mock.respond.bind(mock);
mock.respond = (request: MockRequest) => {
  const given = String(request.headers?.authorization ?? '');
  if (given.startsWith('Bearer ')) authorization = given;
  const started = performance.now();
  const answer = respond(request);
  engineMs += performance.now() - started;
  return answer;
};
const interception = await interceptFetch(mock, { allowNetConnect: false });
const api = sdkApiRoot(PROJECT, DEFAULT_API_URL, DEFAULT_AUTH_URL, (input, init) => globalThis.fetch(input, init));

await mugCatalog(api);

/** One request as the MockAgent transport hands it over, its answer serialized and parsed as the SDK would. */
function sent(method: string, path: string, body: unknown): any {
  const request: MockRequest = {
    method,
    url: `${DEFAULT_API_URL}/${PROJECT}${path}`,
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  if (!authorization.startsWith('Bearer ')) throw new Error('the SDK sent no bearer token');
  const answer = mock.respond(request) as MockResponse;
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return JSON.parse(JSON.stringify(answer.body));
}

function alone(): void {
  let cart = sent('POST', '/carts', { currency: 'EUR', country: 'DE' });
  cart = sent('POST', `/carts/${cart.id}`, { version: cart.version, actions: [{ action: 'addLineItem', sku: 'MUG', quantity: 2 }] });
  cart = sent('POST', `/carts/${cart.id}`, {
    version: cart.version,
    actions: [{ action: 'setShippingAddress', address: { country: 'DE' } }],
  });
  sent('POST', '/orders', { cart: { typeId: 'cart', id: cart.id }, version: cart.version });
}

/** Microseconds inside `mock.respond` per checkout, and the whole checkout's. */
async function round(checkout: () => unknown): Promise<{ engine: number; whole: number }> {
  engineMs = 0;
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await checkout();
  return { engine: (engineMs / RUNS) * 1000, whole: ((performance.now() - started) / RUNS) * 1000 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
await round(alone);
await round(() => mugCheckout(api));
const figures = { alone: [] as number[], sdk: [] as number[], sdkWhole: [] as number[], aloneWhole: [] as number[] };
for (let r = 0; r < ROUNDS; r++) {
  const a = await round(alone);
  const s = await round(() => mugCheckout(api));
  figures.alone.push(a.engine);
  figures.aloneWhole.push(a.whole);
  figures.sdk.push(s.engine);
  figures.sdkWhole.push(s.whole);
}
await interception.restore();

const us = (value: number) => `${value.toFixed(0).padStart(5)} µs`;
console.log(`Node ${process.version}; ${ROUNDS} rounds of ${RUNS} checkouts in each setting, medians`);
console.log(
  `engine, alone in a loop:            ${us(median(figures.alone))} a checkout (the loop with its JSON: ${us(median(figures.aloneWhole))})`,
);
console.log(
  `engine, between the SDK's work:     ${us(median(figures.sdk))} a checkout (the whole SDK checkout: ${us(median(figures.sdkWhole))})`,
);
console.log(`between the SDK's work / alone:     ${(median(figures.sdk) / median(figures.alone)).toFixed(2)}x`);
