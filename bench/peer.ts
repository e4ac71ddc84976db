/**
 * Side by side in one process and run: this mock, the peer `@labdigital/commercetools-mock` (msw
 * in process, Fastify over HTTP) and the floors, a MockAgent and a bare `node:http` server answering
 * one fixed JSON body. In process, one more floor: a MockAgent answering each workload with the
 * bodies our mock answered it (what real-sized bodies cost the SDK and fetch), so `ours - bodies`
 * is what our engine and transport add. Every figure goes through the same official SDK client, sequential requests;
 * five interleaved rounds (`BENCH_ROUNDS`), the median of the rounds' medians. Absolute times on shared machines
 * wander: read the ratios.
 * Run: npm run bench:build && node dist-bench/bench/peer.js
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import { CommercetoolsMock } from '@labdigital/commercetools-mock';
import { setupServer } from 'msw/node';
import { getGlobalDispatcher, MockAgent, setGlobalDispatcher } from 'undici';
import { createCommerceMock, DEFAULT_API_URL, DEFAULT_AUTH_URL } from '../src/index.js';
import { interceptFetch } from '../src/adapters/transports/mock-agent.js';
import { startServer } from '../src/adapters/transports/node-server.js';
import { CORS_HEADERS } from '../src/http/cors.js';
import { measure, median, mugCatalog, mugCheckout, sdkApiRoot } from './support.js';

const PROJECT = 'bench';
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
/** Interleaved rounds; the figure is the median of their medians (five: one busy moment does not move it). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** `in-process`, `http` or both (the default): one side alone is quicker while working on it. */
const SIDES = (process.env.BENCH_SIDES ?? 'in-process,http').split(',');

/** Resolved at call time, so whichever interceptor is installed (MockAgent, msw) serves the call. */
const httpClient: typeof fetch = (input, init) => globalThis.fetch(input, init);

const sdk = (apiUrl: string, authUrl: string) => sdkApiRoot(PROJECT, apiUrl, authUrl, httpClient);

/** A mock (or a floor) made ready for the workloads, and how to take it down again. */
interface Target {
  name: string;
  start(): Promise<{ api: ByProjectKeyRequestBuilder; stop(): Promise<void> }>;
}

/** One body for every request: what a transport costs with no engine behind it. */
const FIXED = JSON.stringify({
  id: 'fixed',
  version: 1,
  key: 'fixed',
  access_token: 'token',
  token_type: 'Bearer',
  expires_in: 172800,
  scope: `manage_project:${PROJECT}`,
  results: [],
  lineItems: [],
  totalPrice: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 0, fractionDigits: 2 },
});

/** A category as our server answers it: the body of the shape floor. */
const CATEGORY = JSON.stringify({
  id: '62a42cd5-9aa7-450b-b6cd-4446a0edc942',
  version: 1,
  name: { en: 'Category 1' },
  slug: { en: 'category-1' },
  ancestors: [],
  orderHint: '0.00001795522233124452335',
  assets: [],
  key: 'category-1',
  createdAt: '2026-11-24T12:10:33.124Z',
  lastModifiedAt: '2026-11-24T12:10:33.124Z',
  createdBy: { isPlatformClient: false },
  lastModifiedBy: { isPlatformClient: false },
});

const inProcess: Target[] = [
  {
    name: 'ours',
    async start() {
      const mock = createCommerceMock({ defaultProjectKey: PROJECT });
      const interception = await interceptFetch(mock, { allowNetConnect: false });
      return { api: sdk(DEFAULT_API_URL, DEFAULT_AUTH_URL), stop: () => interception.restore() };
    },
  },
  {
    name: 'peer',
    async start() {
      const peer = new CommercetoolsMock({
        defaultProjectKey: PROJECT,
        enableAuthentication: false,
        validateCredentials: false,
        apiHost: DEFAULT_API_URL,
        authHost: DEFAULT_AUTH_URL,
        silent: true,
      });
      const server = setupServer();
      peer.registerHandlers(server);
      server.listen({ onUnhandledRequest: 'error' });
      return {
        api: sdk(DEFAULT_API_URL, DEFAULT_AUTH_URL),
        stop: async () => server.close(),
      };
    },
  },
  {
    name: 'bodies floor',
    async start() {
      await recordOurAnswers();
      let next = 0;
      return installFloorAgent(() => {
        const answers = recordedAnswers.get(runningWorkload)!;
        const answer = answers[next++ % answers.length]!;
        return { statusCode: answer.status, data: answer.body, responseOptions: { headers: answer.headers } };
      });
    },
  },
  {
    name: 'MockAgent floor',
    start: async () =>
      installFloorAgent(() => ({ statusCode: 200, data: FIXED, responseOptions: { headers: { 'content-type': 'application/json' } } })),
  },
];

/** A MockAgent as the global dispatcher: tokens from a fixed body, every API request answered by `reply`. */
function installFloorAgent(reply: () => { statusCode: number; data: string; responseOptions: { headers: Record<string, string> } }) {
  const previous = getGlobalDispatcher();
  const agent = new MockAgent();
  agent.disableNetConnect();
  agent
    .get(DEFAULT_AUTH_URL)
    .intercept({ path: () => true, method: () => true })
    .reply(200, FIXED, { headers: { 'content-type': 'application/json' } })
    .persist();
  agent
    .get(DEFAULT_API_URL)
    .intercept({ path: () => true, method: () => true })
    .reply(reply)
    .persist();
  setGlobalDispatcher(agent);
  return {
    api: sdk(DEFAULT_API_URL, DEFAULT_AUTH_URL),
    stop: async () => {
      setGlobalDispatcher(previous);
      await agent.close();
    },
  };
}

/** The workload running now: the bodies floor answers with what our mock answered to it. */
let runningWorkload = '';

interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Per workload, what our mock answered to its timed requests (the token server's answers left out). */
const recordedAnswers = new Map<string, RecordedAnswer[]>();

/**
 * Runs every workload once through our mock and keeps its answers: a MockAgent replaying them costs
 * the SDK and fetch what bodies of the real size cost, which a fixed small body does not show.
 */
async function recordOurAnswers(): Promise<void> {
  if (recordedAnswers.size > 0) return;
  const interception = await interceptFetch(createCommerceMock({ defaultProjectKey: PROJECT }), { allowNetConnect: false });
  let recording: RecordedAnswer[] | undefined;
  const recordingClient: typeof fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    const body = await response.text();
    if (recording && String(input).startsWith(DEFAULT_API_URL)) {
      recording.push({ status: response.status, headers: Object.fromEntries(response.headers), body });
    }
    return new Response(body, { status: response.status, headers: response.headers });
  };
  const api = sdkApiRoot(PROJECT, DEFAULT_API_URL, DEFAULT_AUTH_URL, recordingClient);
  categories = [];
  try {
    for (const workload of workloads) {
      recording = undefined;
      await workload.prepare?.(api);
      recording = [];
      for (let i = 0; i < 50; i++) await workload.run(api, i);
      recordedAnswers.set(workload.name, recording);
    }
  } finally {
    categories = [];
    await interception.restore();
  }
}

const overHttp: Target[] = [
  {
    name: 'ours',
    async start() {
      const server = await startServer(createCommerceMock({ defaultProjectKey: PROJECT }), { port: 0 });
      return { api: sdk(server.url, server.url), stop: () => server.close() };
    },
  },
  {
    name: 'peer',
    async start() {
      const port = await freePort();
      const peer = new CommercetoolsMock({
        defaultProjectKey: PROJECT,
        enableAuthentication: false,
        validateCredentials: false,
        silent: true,
      });
      await peer.runServer(port);
      const url = `http://localhost:${port}`;
      return { api: sdk(url, url), stop: () => peer.app.close() };
    },
  },
  {
    name: 'node:http floor',
    async start() {
      const server = createServer((_request, response) => {
        _request.resume();
        _request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(FIXED));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return { api: sdk(url, url), stop: () => closeServer(server) };
    },
  },
  {
    // What no engine can go below: our answer's shape (a category body, the headers every answer of
    // ours carries) written by a bare node:http server.
    name: 'node:http, our shape',
    async start() {
      const server = createServer((request, response) => {
        request.resume();
        request.on('end', () => {
          const body = request.url?.startsWith('/oauth') ? FIXED : CATEGORY;
          response
            .writeHead(200, {
              ...CORS_HEADERS,
              'content-type': 'application/json; charset=utf-8',
              'x-correlation-id': `projects-${PROJECT}-${randomUUID()}`,
              'content-length': Buffer.byteLength(body),
            })
            .end(body);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return { api: sdk(url, url), stop: () => closeServer(server) };
    },
  },
];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await closeServer(probe);
  return port;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

interface Workload {
  name: string;
  /** Data the workload needs, made through the same API before it is timed. */
  prepare?(api: ByProjectKeyRequestBuilder): Promise<void>;
  run(api: ByProjectKeyRequestBuilder, i: number): Promise<unknown>;
}

const categoryDraft = (i: number) => ({ key: `category-${i}`, name: { en: `Category ${i}` }, slug: { en: `category-${i}` } });

/** Ids and versions the workloads share within one target's run. */
let categories: Array<{ id: string; version: number }> = [];

const workloads: Workload[] = [
  {
    name: 'create a category',
    run: async (api, i) => {
      const { body } = await api
        .categories()
        .post({ body: categoryDraft(i) })
        .execute();
      categories.push({ id: body.id, version: body.version });
    },
  },
  {
    name: 'get a category by id',
    run: (api, i) =>
      api
        .categories()
        .withId({ ID: categories[i % categories.length]!.id })
        .get()
        .execute(),
  },
  {
    name: 'query: where key = ...',
    run: (api, i) =>
      api
        .categories()
        .get({ queryArgs: { where: `key = "category-${i % categories.length}"`, limit: 5 } })
        .execute(),
  },
  {
    name: 'update: changeName',
    run: async (api, i) => {
      const category = categories[i % categories.length]!;
      const { body } = await api
        .categories()
        .withId({ ID: category.id })
        .post({ body: { version: category.version, actions: [{ action: 'changeName', name: { en: `Renamed ${i}` } }] } })
        .execute();
      category.version = body.version;
    },
  },
  {
    name: 'checkout: cart, line item, address, order',
    prepare: mugCatalog,
    run: mugCheckout,
  },
];

/** Per workload and target, the median of each round. */
type Rounds = Map<string, Map<string, number[]>>;

async function runRounds(targets: Target[], chosen: Workload[], rounds: Rounds): Promise<void> {
  for (const target of targets) {
    const { api, stop } = await target.start();
    categories = [];
    try {
      for (const workload of chosen) {
        runningWorkload = workload.name;
        await workload.prepare?.(api);
        const figure = await measure(workload.name, RUNS, (i) => workload.run(api, i), 50);
        const byTarget = rounds.get(workload.name) ?? new Map<string, number[]>();
        byTarget.set(target.name, [...(byTarget.get(target.name) ?? []), figure.medianMs]);
        rounds.set(workload.name, byTarget);
      }
    } catch (error) {
      console.error(`${target.name}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await stop();
    }
  }
}

const ms = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(3));

/** One line per workload: ours, the peer, each floor, then the peer over ours and ours over each floor. */
function report(title: string, rounds: Rounds, floors: string[]): void {
  console.log(`\n${title} (ms, median of ${ROUNDS} rounds of ${RUNS} requests)`);
  const floorHeads = floors.map((floor) => floor.padStart(22)).join('');
  const ratioHeads = floors.map((floor) => `ours/${floor}`.padStart(28)).join('');
  console.log(`${'workload'.padEnd(44)}${'ours'.padStart(9)}${'peer'.padStart(9)}${floorHeads}  peer/ours${ratioHeads}`);
  const ratio = (a: number | undefined, b: number | undefined) => (a && b ? `${(a / b).toFixed(2)}x` : '—');
  for (const [workload, byTarget] of rounds) {
    const figure = (target: string) => byTarget.get(target) && median(byTarget.get(target)!);
    const ours = figure('ours');
    const floorFigures = floors.map((floor) => ms(figure(floor)).padStart(22)).join('');
    const floorRatios = floors.map((floor) => ratio(ours, figure(floor)).padStart(28)).join('');
    console.log(
      `${workload.padEnd(44)}${ms(ours).padStart(9)}${ms(figure('peer')).padStart(9)}${floorFigures}  ${ratio(figure('peer'), ours).padStart(9)}${floorRatios}`,
    );
  }
}

const inProcessRounds: Rounds = new Map();
const httpRounds: Rounds = new Map();
const overHttpWorkloads = workloads.filter((workload) => workload.name !== 'checkout: cart, line item, address, order');
for (let round = 0; round < ROUNDS; round++) {
  if (SIDES.includes('in-process')) await runRounds(inProcess, workloads, inProcessRounds);
  if (SIDES.includes('http')) await runRounds(overHttp, overHttpWorkloads, httpRounds);
}
console.log(`Node ${process.version}; the official SDK (platform-sdk + ts-client), sequential requests`);
if (inProcessRounds.size > 0)
  report(
    'In process: our MockAgent, the peer on msw, a MockAgent answering a fixed body, and one answering the bodies our mock answered',
    inProcessRounds,
    ['MockAgent floor', 'bodies floor'],
  );
if (httpRounds.size > 0)
  report('Over HTTP from this process: our server, the peer on Fastify, node:http answering a fixed body and our shape', httpRounds, [
    'node:http floor',
    'node:http, our shape',
  ]);
