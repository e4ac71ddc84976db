/**
 * The engine's own time, measured inside `mock.respond`, alone and in place, beside a reference
 * function that is not the engine's (a JSON round trip of a small category) timed the same way:
 * what any code costs in each setting.
 *
 * On our MockAgent, for the four-request checkout (create a cart, add a line item, set the shipping
 * address, place the order), round by round in turn:
 * - alone: the four requests sent to `mock.respond` one after another in a tight loop, the answers
 *   stringified and parsed between them as a transport and a client would;
 * - between the SDK's work: the same checkout through the official SDK and `fetch`, timing only the
 *   calls to `mock.respond` the transport makes.
 * Over HTTP, for a get by id: our server in a child process, the official SDK sending from this one;
 * the child times `mock.respond` (and, on every other request, the reference instead) as requests
 * arrive, then the same request and the reference in a tight loop.
 * The same code serves the same requests in each pair; the difference is what ran just before on
 * the core (the SDK's, `fetch`'s and undici's work, or Node's HTTP layer and another process),
 * which leaves the engine's data and code out of the caches. The reference shows the engine is not
 * alone in that: it is why the engine's share of a request is larger than a loop suggests.
 * Run: npm run bench:build && node dist-bench/bench/engine.js
 *   (RUNS=… checkouts per round, default 1000; ROUNDS=…, default 5; GETS=… gets over HTTP, default 20000)
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createCommerceMock, DEFAULT_API_URL, DEFAULT_AUTH_URL, startServer } from '../src/index.js';
import type { MockRequest, MockResponse } from '../src/http/exchange.js';
import { interceptFetch } from '../src/adapters/transports/mock-agent.js';
import { median, mugCatalog, mugCheckout, sdkApiRoot } from './support.js';

const RUNS = Math.max(100, Number(process.env.RUNS ?? 1000));
const ROUNDS = Math.max(3, Number(process.env.ROUNDS ?? 5));
const GETS = Math.max(2000, Number(process.env.GETS ?? 20_000));
const PROJECT = 'bench';

/** The reference: no engine code, only work every mock does with an answer (make its JSON, read it back). */
const CATEGORY = { id: '62a42cd5-9aa7-450b-b6cd-4446a0edc942', version: 1, name: { en: 'Mugs' }, slug: { en: 'mugs' }, ancestors: [] };
const reference = () => JSON.parse(JSON.stringify(CATEGORY)).version as number;

/** Milliseconds spent in the timed calls since the counters were last read, and how many of each. */
const spent = { engine: 0, engineCalls: 0, reference: 0, referenceCalls: 0 };
/** What a call of `mock.respond` times: the engine, or the reference just before it. */
let timing: 'engine' | 'reference' = 'engine';

/** `mock.respond`, timed as `timing` says. */
function timedRespond(mock: ReturnType<typeof createCommerceMock>): (request: MockRequest) => ReturnType<typeof mock.respond> {
  const respond = mock.respond.bind(mock);
  return (request) => {
    if (timing === 'reference') {
      const started = performance.now();
      reference();
      spent.reference += performance.now() - started;
      spent.referenceCalls++;
      return respond(request);
    }
    const started = performance.now();
    const answer = respond(request);
    spent.engine += performance.now() - started;
    spent.engineCalls++;
    return answer;
  };
}

function readSpent(): typeof spent {
  const read = { ...spent };
  Object.assign(spent, { engine: 0, engineCalls: 0, reference: 0, referenceCalls: 0 });
  return read;
}

const us = (value: number, digits = 0) => `${value.toFixed(digits).padStart(5)} µs`;

type Message =
  | { kind: 'listening'; url: string }
  | { kind: 'reset' }
  | { kind: 'report' }
  | { kind: 'figures'; inPlace: { engine: number; reference: number }; alone: { engine: number; reference: number } };

/** The server side of the HTTP setting. */
async function serve(): Promise<void> {
  const mock = createCommerceMock({ defaultProjectKey: PROJECT });
  const untimed = mock.respond.bind(mock);
  const respond = timedRespond(mock);
  let lastGet: MockRequest | undefined;
  let served = 0;
  mock.respond = (request) => {
    if (request.method !== 'GET') return untimed(request);
    lastGet = request;
    // Every other get times the reference, so each figure comes from requests as they arrive.
    timing = served++ % 2 === 0 ? 'engine' : 'reference';
    return respond(request);
  };
  const server = await startServer(mock, { port: 0 });
  process.on('message', (message: Message) => {
    if (message.kind === 'reset') readSpent();
    if (message.kind !== 'report' || !lastGet) return;
    const { engine, engineCalls, reference: ref, referenceCalls } = readSpent();
    const inPlace = { engine: (engine / engineCalls) * 1000, reference: (ref / referenceCalls) * 1000 };
    const loop = (work: () => unknown) => {
      for (let i = 0; i < 20_000; i++) work();
      const started = performance.now();
      for (let i = 0; i < GETS; i++) work();
      return ((performance.now() - started) / GETS) * 1000;
    };
    const request = lastGet;
    const alone = { engine: loop(() => untimed(request)), reference: loop(reference) };
    process.send!({ kind: 'figures', inPlace, alone } satisfies Message, () => server.close().then(() => process.exit(0)));
  });
  process.send!({ kind: 'listening', url: server.url } satisfies Message);
}

/** The HTTP setting: gets through the official SDK against the server child. */
async function overHttp(): Promise<Extract<Message, { kind: 'figures' }>> {
  const child = fork(fileURLToPath(import.meta.url), ['server']);
  const next = () => new Promise<Message>((resolve) => child.once('message', resolve));
  const { url } = (await next()) as Extract<Message, { kind: 'listening' }>;
  const api = sdkApiRoot(PROJECT, url, url, fetch);
  const category = (
    await api
      .categories()
      .post({ body: { name: { en: 'Mugs' }, slug: { en: 'mugs' } } })
      .execute()
  ).body;
  const get = () => api.categories().withId({ ID: category.id }).get().execute();
  for (let i = 0; i < 2000; i++) await get();
  child.send({ kind: 'reset' } satisfies Message);
  for (let i = 0; i < GETS; i++) await get();
  const figures = next();
  child.send({ kind: 'report' } satisfies Message);
  return (await figures) as Extract<Message, { kind: 'figures' }>;
}

/** The MockAgent setting: the checkout alone and between the SDK's work. */
async function inProcess() {
  const mock = createCommerceMock({ defaultProjectKey: PROJECT });
  /** The SDK's bearer token, so that both settings serve the same authenticated requests. */
  let authorization = '';
  const respond = timedRespond(mock);
  mock.respond = (request: MockRequest) => {
    const given = String(request.headers?.authorization ?? '');
    if (given.startsWith('Bearer ')) authorization = given;
    return respond(request);
  };
  const interception = await interceptFetch(mock, { allowNetConnect: false });
  const api = sdkApiRoot(PROJECT, DEFAULT_API_URL, DEFAULT_AUTH_URL, (input, init) => globalThis.fetch(input, init));
  await mugCatalog(api);

  /** One request as the MockAgent transport hands it over, its answer serialized and parsed as the SDK would. */
  const sent = (method: string, path: string, body: unknown): any => {
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
  };
  const alone = () => {
    let cart = sent('POST', '/carts', { currency: 'EUR', country: 'DE' });
    cart = sent('POST', `/carts/${cart.id}`, { version: cart.version, actions: [{ action: 'addLineItem', sku: 'MUG', quantity: 2 }] });
    cart = sent('POST', `/carts/${cart.id}`, {
      version: cart.version,
      actions: [{ action: 'setShippingAddress', address: { country: 'DE' } }],
    });
    sent('POST', '/orders', { cart: { typeId: 'cart', id: cart.id }, version: cart.version });
  };

  /** Microseconds of what `timing` times per checkout, and the whole checkout's. */
  const round = async (checkout: () => unknown, timed: typeof timing) => {
    timing = timed;
    readSpent();
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) await checkout();
    const whole = ((performance.now() - started) / RUNS) * 1000;
    const { engine, reference: ref } = readSpent();
    return { timed: ((timed === 'engine' ? engine : ref) / RUNS) * 1000, whole };
  };
  const sdkCheckout = () => mugCheckout(api);
  for (const timed of ['engine', 'reference'] as const) {
    await round(alone, timed);
    await round(sdkCheckout, timed);
  }
  const figures = { engineAlone: [] as number[], engineSdk: [] as number[], refAlone: [] as number[], refSdk: [] as number[] };
  const wholes = { alone: [] as number[], sdk: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    const a = await round(alone, 'engine');
    const s = await round(sdkCheckout, 'engine');
    figures.engineAlone.push(a.timed);
    figures.engineSdk.push(s.timed);
    wholes.alone.push(a.whole);
    wholes.sdk.push(s.whole);
    figures.refAlone.push((await round(alone, 'reference')).timed);
    figures.refSdk.push((await round(sdkCheckout, 'reference')).timed);
  }
  await interception.restore();
  return { figures, wholes };
}

if (process.argv[2] === 'server') {
  await serve();
} else {
  const { figures, wholes } = await inProcess();
  const http = await overHttp();
  const m = (values: number[]) => median(values);
  console.log(
    `Node ${process.version}; on the MockAgent ${ROUNDS} rounds of ${RUNS} checkouts in each setting, medians; over HTTP ${GETS} gets`,
  );
  console.log('\nOn our MockAgent, one checkout (four calls of mock.respond):');
  console.log(
    `  engine, alone in a loop:           ${us(m(figures.engineAlone))} a checkout (the loop with its JSON: ${us(m(wholes.alone))})`,
  );
  console.log(`  engine, between the SDK's work:    ${us(m(figures.engineSdk))} a checkout (the whole SDK checkout: ${us(m(wholes.sdk))})`);
  console.log(`  between the SDK's work / alone:    ${(m(figures.engineSdk) / m(figures.engineAlone)).toFixed(2)}x`);
  console.log(
    `  the reference, four calls:         ${us(m(figures.refAlone), 1)} alone, ${us(m(figures.refSdk), 1)} between the SDK's work: ${(m(figures.refSdk) / m(figures.refAlone)).toFixed(2)}x`,
  );
  console.log('\nOver HTTP, one get by id (the server in its own process):');
  console.log(`  engine, alone in a loop:           ${us(http.alone.engine, 1)}`);
  console.log(
    `  engine, as requests arrive:        ${us(http.inPlace.engine, 1)}: ${(http.inPlace.engine / http.alone.engine).toFixed(2)}x`,
  );
  console.log(
    `  the reference:                     ${us(http.alone.reference, 1)} alone, ${us(http.inPlace.reference, 1)} as requests arrive: ${(http.inPlace.reference / http.alone.reference).toFixed(2)}x`,
  );
}
