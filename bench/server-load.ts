/**
 * A loaded server: the standalone server in its own process, driven by concurrent clients from
 * another process running a storefront session (category listing with price selection, product by
 * slug, password sign-in, cart create, two line items, shipping address and method, order) for a
 * fixed time. Reports throughput, p50/p99 latency and the server's CPU per request, for this mock,
 * the peer's Fastify server and a floor (a bare `node:http` server replaying our answers: what Node's
 * HTTP layer alone costs under the same load), and the ratios. Every answer is checked, the order's
 * total too.
 * Run: npm run bench:build && node dist-bench/bench/server-load.js
 * Env: LOAD_SECONDS (default 10), LOAD_CLIENTS (default 16), LOAD_TARGETS (default "ours,peer,floor").
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const PROJECT = 'bench';
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 16);
const TARGETS = (process.env.LOAD_TARGETS ?? 'ours,peer,floor').split(',') as Target[];
const WARMUP_SESSIONS = 20;

const PRODUCTS = 5;
const priceOf = (n: number) => 1000 + 100 * n;
const SHIPPING = 490;
const PASSWORD = 'secret-123';

type Role = 'server' | 'load';
type Target = 'ours' | 'peer' | 'floor';
type Message =
  | { kind: 'listening'; url: string }
  | { kind: 'usage'; cpuMicros: number }
  | { kind: 'ready' }
  | { kind: 'done'; requests: number; failures: string[]; latenciesMs: number[]; seconds: number };

/** Each target's server, started in the server process; it stops when that process exits. Each answers its URL. */
const servers: Record<Target, () => Promise<string>> = {
  ours: async () => (await startOurs()).url,
  peer: async () => {
    const { CommercetoolsMock } = await import('@labdigital/commercetools-mock');
    const peer = new CommercetoolsMock({
      defaultProjectKey: PROJECT,
      enableAuthentication: false,
      validateCredentials: false,
      silent: true,
    });
    await peer.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(peer.app.server.address() as AddressInfo).port}`;
  },
  floor: serveFloor,
};

// --- the server process ------------------------------------------------------------------------

async function serve(target: Target): Promise<void> {
  const url = await servers[target]();
  process.on('message', (message: { kind: string }) => {
    // A normal exit, so that `--cpu-prof` writes its profile.
    if (message.kind === 'exit') process.exit(0);
    if (message.kind !== 'usage') return;
    const { user, system } = process.cpuUsage();
    process.send!({ kind: 'usage', cpuMicros: user + system } satisfies Message);
  });
  process.send!({ kind: 'listening', url } satisfies Message);
}

async function startOurs() {
  const { createCommerceMock } = await import('../src/index.js');
  const { startServer } = await import('../src/adapters/transports/node-server.js');
  return startServer(createCommerceMock({ defaultProjectKey: PROJECT }), { port: 0 });
}

interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Each kind of request's answers, in the order our server gave them. */
type Recording = Map<string, { answers: RecordedAnswer[]; served: number }>;

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const VERSION = /"version":(\d+)/;

/**
 * A request's kind: its method, its path and query with ids blanked out, and the version its body
 * names (which of a cart's updates it is, or the order).
 */
const kindOf = (method: string, url: string, body: string) => `${method} ${url.replace(ID, ':id')} ${VERSION.exec(body)?.[1] ?? ''}`;

/** Response headers Node's HTTP server writes by itself, so they are not recorded. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The floor: a bare `node:http` server that answers each request with the answer our server gave
 * that kind of request (status, headers, body text), recorded before the timed window by seeding
 * our server in this process and running one session against it. In the window it only reads the
 * request and its body, looks its kind up and writes the recorded answer: no JSON, no engine, and
 * no fresh ids or correlation ids. A kind's answers are replayed in the order they were recorded, the
 * last one repeated: the seeding gets the five products it made, every session the recorded
 * session's sign-in, cart (the same cart id for every session) and order. So the load runs the
 * recorded session's products against it (see `session`), and every check holds.
 */
async function serveFloor(): Promise<string> {
  const recording = await recordOurAnswers();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const kind = kindOf(request.method!, request.url!, Buffer.concat(chunks).toString());
      const replay = recording.get(kind);
      if (!replay) return void response.writeHead(500).end(JSON.stringify({ message: `no recorded answer for ${kind}` }));
      const answer = replay.answers[Math.min(replay.served++, replay.answers.length - 1)]!;
      response.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Seeds our server and runs one session against it, keeping every answer by the request's kind. */
async function recordOurAnswers(): Promise<Recording> {
  const ours = await startOurs();
  const recording: Recording = new Map();
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.text();
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !WRITTEN_BY_NODE.has(name)));
    const kind = kindOf(init?.method ?? 'GET', String(input).slice(ours.url.length), String(init?.body ?? ''));
    const replay = recording.get(kind) ?? { answers: [], served: 0 };
    replay.answers.push({ status: response.status, headers, body });
    recording.set(kind, replay);
    return new Response(body, { status: response.status, headers: response.headers });
  };
  const seeded = { ...(await seed(ours.url, recordingFetch)), target: 'floor' as const };
  await session(client(ours.url, seeded.token, recordingFetch), seeded, 0, () => {});
  await ours.close();
  return recording;
}

// --- the load process --------------------------------------------------------------------------

interface Seeded {
  token: string;
  categoryId: string;
  slugs: string[];
  productIds: string[];
  /**
   * Where a target's session departs from the others. The peer departs from the platform: it serves
   * password sign-in only at `/me/login` (the platform, and this mock, at `/login` too), and leaves
   * shipping out of the order's total price. The floor replays one recorded session, so each of its
   * sessions takes that session's products.
   */
  target: Target;
}

async function load(url: string, target: Target): Promise<void> {
  const seeded = { ...(await seed(url)), target };
  const api = client(url, seeded.token);
  for (let i = 0; i < WARMUP_SESSIONS; i++) await session(api, seeded, i, () => {});
  process.send!({ kind: 'ready' } satisfies Message);
  await new Promise<void>((resolve) => process.once('message', () => resolve()));

  const latenciesMs: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const until = started + SECONDS * 1000;
  const timed = (ms: number) => latenciesMs.push(ms);
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, clientIndex) => {
      for (let i = 0; performance.now() < until; i++) {
        try {
          await session(api, seeded, clientIndex * 1_000_000 + i, timed);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  process.send!({ kind: 'done', requests: latenciesMs.length, failures: failures.slice(0, 5), latenciesMs, seconds } satisfies Message);
}

type Api = (method: string, path: string, body?: unknown, onTime?: (ms: number) => void) => Promise<any>;

function client(url: string, token: string, send = fetch): Api {
  return async (method, path, body, onTime) => {
    const start = performance.now();
    const response = await send(`${url}/${PROJECT}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = await response.json();
    onTime?.(performance.now() - start);
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return answer;
  };
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`wrong answer: ${what}`);
}

/** One storefront visit: nine requests, each answer checked. */
async function session(api: Api, seeded: Seeded, n: number, onTime: (ms: number) => void): Promise<void> {
  const listing = await api(
    'GET',
    `/product-projections?where=${encodeURIComponent(`categories(id="${seeded.categoryId}")`)}&priceCurrency=EUR&priceCountry=DE&limit=20`,
    undefined,
    onTime,
  );
  check(listing.results.length === PRODUCTS, `listing has ${listing.results.length} products`);
  for (const product of listing.results) {
    const index = seeded.productIds.indexOf(product.id);
    check(product.masterVariant.price?.value.centAmount === priceOf(index), `selected price of ${product.key}`);
  }
  const first = seeded.target === 'floor' ? 0 : n % PRODUCTS;
  const second = (first + 1) % PRODUCTS;
  const bySlug = await api(
    'GET',
    `/product-projections?where=${encodeURIComponent(`slug(en="${seeded.slugs[first]}")`)}`,
    undefined,
    onTime,
  );
  check(bySlug.results[0]?.id === seeded.productIds[first], 'product by slug');
  const signIn = await api(
    'POST',
    seeded.target === 'peer' ? '/me/login' : '/login',
    { email: 'shopper@example.com', password: PASSWORD },
    onTime,
  );
  check(signIn.customer?.email === 'shopper@example.com', 'signed-in customer');
  let cart = await api('POST', '/carts', { currency: 'EUR', country: 'DE', customerId: signIn.customer.id }, onTime);
  const update = async (action: object) => {
    cart = await api('POST', `/carts/${cart.id}`, { version: cart.version, actions: [action] }, onTime);
  };
  await update({ action: 'addLineItem', productId: seeded.productIds[first], variantId: 1, quantity: 2 });
  await update({ action: 'addLineItem', productId: seeded.productIds[second], variantId: 1, quantity: 1 });
  await update({ action: 'setShippingAddress', address: { country: 'DE', city: 'Berlin' } });
  await update({ action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', key: 'standard' } });
  const order = await api('POST', '/orders', { cart: { typeId: 'cart', id: cart.id }, version: cart.version }, onTime);
  const items = 2 * priceOf(first) + priceOf(second);
  check(order.shippingInfo?.price.centAmount === SHIPPING, 'shipping price');
  const expected = seeded.target === 'peer' ? items : items + SHIPPING;
  check(order.totalPrice.centAmount === expected, `order total ${order.totalPrice.centAmount}, expected ${expected}`);
}

async function seed(url: string, send = fetch): Promise<Omit<Seeded, 'target'>> {
  const credentials = Buffer.from('client:secret').toString('base64');
  const tokenResponse = await send(`${url}/oauth/token?grant_type=client_credentials&scope=manage_project:${PROJECT}`, {
    method: 'POST',
    headers: { authorization: `Basic ${credentials}` },
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const api = client(url, token, send);
  await api('POST', '/tax-categories', {
    key: 'standard',
    name: 'Standard',
    rates: [{ name: 'DE 19%', amount: 0.19, includedInPrice: true, country: 'DE' }],
  });
  await api('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] });
  await api('POST', '/shipping-methods', {
    key: 'standard',
    name: 'Standard',
    isDefault: false,
    taxCategory: { typeId: 'tax-category', key: 'standard' },
    zoneRates: [{ zone: { typeId: 'zone', key: 'de' }, shippingRates: [{ price: { currencyCode: 'EUR', centAmount: SHIPPING } }] }],
  });
  await api('POST', '/product-types', { key: 'plain', name: 'Plain', description: 'Plain', attributes: [] });
  const category = await api('POST', '/categories', { key: 'mugs', name: { en: 'Mugs' }, slug: { en: 'mugs' } });
  const slugs: string[] = [];
  const productIds: string[] = [];
  for (let n = 0; n < PRODUCTS; n++) {
    const product = await api('POST', '/products', {
      key: `mug-${n}`,
      productType: { typeId: 'product-type', key: 'plain' },
      taxCategory: { typeId: 'tax-category', key: 'standard' },
      categories: [{ typeId: 'category', id: category.id }],
      name: { en: `Mug ${n}` },
      slug: { en: `mug-${n}` },
      masterVariant: {
        sku: `MUG-${n}`,
        prices: [
          { value: { currencyCode: 'USD', centAmount: 9999 } },
          { value: { currencyCode: 'EUR', centAmount: priceOf(n) }, country: 'DE' },
        ],
      },
      publish: true,
    });
    slugs.push(`mug-${n}`);
    productIds.push(product.id);
  }
  await api('POST', '/customers', { email: 'shopper@example.com', password: PASSWORD, firstName: 'Sam' });
  return { token, categoryId: category.id, slugs, productIds };
}

// --- the orchestrating process -----------------------------------------------------------------

function next(child: ChildProcess, kind: Message['kind']): Promise<Message> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Message) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before '${kind}'`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function cpuMicros(server: ChildProcess): Promise<number> {
  const answer = next(server, 'usage');
  server.send({ kind: 'usage' });
  return ((await answer) as Extract<Message, { kind: 'usage' }>).cpuMicros;
}

interface Result {
  target: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  failures: string[];
}

async function run(target: Target): Promise<Result> {
  const self = fileURLToPath(import.meta.url);
  const server = fork(self, ['server', target], { execArgv: serverExecArgv() });
  let loader: ChildProcess | undefined;
  try {
    const { url } = (await next(server, 'listening')) as Extract<Message, { kind: 'listening' }>;
    loader = fork(self, ['load', url, target]);
    await next(loader, 'ready');
    const before = await cpuMicros(server);
    const done = next(loader, 'done');
    loader.send({ kind: 'go' });
    const result = (await done) as Extract<Message, { kind: 'done' }>;
    const after = await cpuMicros(server);
    const sorted = result.latenciesMs.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
    return {
      target,
      requestsPerSecond: result.requests / result.seconds,
      p50: at(0.5),
      p99: at(0.99),
      cpuMsPerRequest: (after - before) / 1000 / result.requests,
      failures: result.failures,
    };
  } finally {
    loader?.kill();
    if (server.connected) server.send({ kind: 'exit' });
    else server.kill();
  }
}

/** `LOAD_PROFILE=dir` profiles the server process (node --cpu-prof), for finding what costs. */
function serverExecArgv(): string[] {
  const dir = process.env.LOAD_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** The machine's load average over the last minute: these machines are shared, and a busy one moves every figure. */
const loadAverage = () => loadavg()[0]!.toFixed(1);

/** `a/b`: how many times b's CPU per request a uses, and its throughput over b's. */
function compare(a: Result | undefined, b: Result | undefined): void {
  if (!a || !b) return;
  const extra = b.target === 'floor' ? ` (${(a.cpuMsPerRequest - b.cpuMsPerRequest).toFixed(3)} ms a request above the floor)` : '';
  console.log(
    `${a.target}/${b.target}: CPU per request ${(a.cpuMsPerRequest / b.cpuMsPerRequest).toFixed(2)}x${extra}, throughput ${(a.requestsPerSecond / b.requestsPerSecond).toFixed(2)}x`,
  );
}

async function orchestrate(): Promise<void> {
  const loadBefore = loadAverage();
  const results: Result[] = [];
  for (const target of TARGETS) results.push(await run(target));
  console.log(
    `Node ${process.version}; ${CLIENTS} clients for ${SECONDS} s, storefront sessions of nine requests, every answer checked; load average ${loadBefore} before, ${loadAverage()} after`,
  );
  console.log(
    `${'server'.padEnd(8)}${'req/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'CPU ms/req'.padStart(12)}  failures`,
  );
  for (const result of results) {
    console.log(
      `${result.target.padEnd(8)}${result.requestsPerSecond.toFixed(0).padStart(10)}${result.p50.toFixed(2).padStart(10)}${result.p99.toFixed(2).padStart(10)}${result.cpuMsPerRequest.toFixed(3).padStart(12)}  ${result.failures.length === 0 ? 'none' : result.failures.join(' | ')}`,
    );
  }
  const of = (target: Target) => results.find((result) => result.target === target);
  compare(of('peer'), of('ours'));
  compare(of('ours'), of('floor'));
  if (results.some((result) => result.failures.length > 0)) process.exitCode = 1;
}

// Last, so that every constant above is set before a role runs.
const role = process.argv[2] as Role | undefined;
if (role === 'server') await serve(process.argv[3] as Target);
else if (role === 'load') await load(process.argv[3]!, process.argv[4] as Target);
else await orchestrate();
