/**
 * Memory per worker (issue 18, item 4). Each figure comes from its own child process, started with
 * --expose-gc and read after a full garbage collection:
 *   - the floor: Node with nothing imported;
 *   - importing the package; one idle mock (created and intercepting fetch, before any request);
 *   - 100,000 customers from the same drafts, in this mock (with the project's messages recorded,
 *     the mock's default, and without, the platform's) and in the peer `@labdigital/commercetools-mock`
 *     (which has no messages), and the ratio (aim: ours at most 0.8x the peer's heap);
 *   - what each store and index of ours costs per customer, measured by dropping them one at a
 *     time from the seeded storage and reading what the heap gives back.
 * Run: npm run bench:memory   (CUSTOMERS=10000 for a quick run)
 */
import { mockInternals } from '../src/api/mock.js';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BENCH_CUSTOMER_TYPE, customerDrafts, random } from './support.js';

const CUSTOMERS = Number(process.env.CUSTOMERS ?? 100_000);
const PROJECT = 'bench';
const MiB = 1048576;

/** Customer drafts as a suite writes them, made in batches as a suite makes them. */
function* drafts(count: number): Generator<object> {
  const next = random(42);
  for (let from = 0; from < count; from += 100) yield* customerDrafts(Math.min(100, count - from), next, from);
}

interface Reading {
  heap: number;
  rss: number;
  /** Named heap figures a measurement adds (bytes). */
  parts?: Record<string, number>;
}

const gc = () => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run the child with --expose-gc');
  collect();
  collect();
};
const read = (): Reading => {
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heap: heapUsed, rss };
};

/** The peer as its README sets it up (imported only in the children that measure it). */
async function newPeer() {
  const { CommercetoolsMock } = await import('@labdigital/commercetools-mock');
  return new CommercetoolsMock({ defaultProjectKey: PROJECT, enableAuthentication: false, validateCredentials: false, silent: true });
}

/** What one child process measures; it prints one Reading as JSON. */
const children: Record<string, () => Promise<Reading>> = {
  async node() {
    return read();
  },
  async import() {
    await import('../src/index.js');
    return read();
  },
  async idle() {
    const { createCommerceMock } = await import('../src/index.js');
    const { interceptFetch } = await import('../src/adapters/transports/mock-agent.js');
    const mock = createCommerceMock({ defaultProjectKey: PROJECT });
    await interceptFetch(mock, { allowNetConnect: false });
    return read();
  },
  async 'peer-idle'() {
    const { setupServer } = await import('msw/node');
    const peer = await newPeer();
    const server = setupServer();
    peer.registerHandlers(server);
    server.listen({ onUnhandledRequest: 'error' });
    return read();
  },
  async ours() {
    return seedOurs(true);
  },
  async 'ours, messages off'() {
    return seedOurs(false);
  },
  async peer() {
    const peer = await newPeer();
    const context = { projectKey: PROJECT };
    await peer
      .project()
      .getRepository('type')
      .create(context, BENCH_CUSTOMER_TYPE as never);
    const customers = peer.project().getRepository('customer');
    // The peer's create finds a duplicate email by scanning every customer (a `where` over all of
    // them): 100,000 creates would take hours. The scan stores nothing, so the seed answers it with
    // "no duplicate"; what gets stored is exactly what the peer's create builds.
    const storage = (customers as unknown as { _storage: { query: (...args: unknown[]) => Promise<unknown> } })._storage;
    const query = storage.query;
    storage.query = async () => ({ count: 0, total: 0, offset: 0, limit: 0, results: [] });
    const before = read();
    for (const draft of drafts(CUSTOMERS)) await customers.create(context, draft as never);
    storage.query = query;
    return { ...read(), parts: { before: before.heap } };
  },
};

/** 100,000 customers through `mock.data.create`, with the project's messages recorded (the mock's default) or not (the platform's). */
async function seedOurs(messages: boolean): Promise<Reading> {
  const { createCommerceMock } = await import('../src/index.js');
  const mock = createCommerceMock({ defaultProjectKey: PROJECT });
  mock.data.create('type', BENCH_CUSTOMER_TYPE);
  if (!messages) {
    const project = mock.handle({ method: 'GET', url: `/${PROJECT}` }).body as { version: number };
    const body = {
      version: project.version,
      actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: false } }],
    };
    const changed = mock.handle({
      method: 'POST',
      url: `/${PROJECT}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (changed.status !== 200) throw new Error(`turning messages off answered ${changed.status}`);
  }
  const before = read();
  for (const draft of drafts(CUSTOMERS)) mock.data.create('customer', draft);
  const after = read();
  return { ...after, parts: { ...dropEachStore(mockInternals(mock).storage, before.heap), before: before.heap } };
}

/**
 * Drops the seeded storage's collections one at a time (the memory backend's own maps, reached
 * here and only here) and reads what each gave back: the cost of each store and index.
 */
function dropEachStore(storage: unknown, empty: number): Record<string, number> {
  type Collection = { byId: Map<string, unknown>; idByKey: Map<string, string> };
  const projects = (storage as { projectsByKey?: Map<string, Map<string, Collection>> }).projectsByKey;
  if (!projects) throw new Error('the memory storage changed: update dropEachStore');
  const types = projects.get(PROJECT)!;
  const parts: Record<string, number> = {};
  let last = read().heap;
  const record = (name: string) => {
    const now = read().heap;
    parts[name] = last - now;
    last = now;
  };
  for (const typeId of [...types.keys()].filter((typeId) => typeId !== 'customer')) {
    const size = types.get(typeId)!.byId.size;
    types.delete(typeId);
    if (size >= CUSTOMERS / 2) record(`collection ${typeId}`);
  }
  const customers = () => types.get('customer')!;
  customers().idByKey = new Map();
  record('customer key index (idByKey)');
  types.delete('customer');
  record('customer documents (byId)');
  parts['not given back'] = last - empty;
  return parts;
}

// The parent: one child per measurement, then the report.
const mode = process.argv[2];
if (mode) {
  const reading = await children[mode]!();
  process.stdout.write(JSON.stringify(reading));
} else {
  const script = fileURLToPath(import.meta.url);
  const run = (name: string): Reading =>
    JSON.parse(execFileSync(process.execPath, ['--expose-gc', script, name], { encoding: 'utf8', maxBuffer: 1 << 20 })) as Reading;
  const mb = (bytes: number) => (bytes / MiB).toFixed(1);
  const perCustomer = (bytes: number) => `${Math.round(bytes / CUSTOMERS)} B/customer`;

  console.log(`Node ${process.version}; heap and RSS after a full GC, each figure from its own process\n`);
  const node = run('node');
  const imported = run('import');
  const idle = run('idle');
  const peerIdle = run('peer-idle');
  console.log('fixed cost                                  heap MiB   RSS MiB');
  const fixed = (label: string, reading: Reading) =>
    console.log(`${label.padEnd(44)}${mb(reading.heap).padStart(8)}${mb(reading.rss).padStart(10)}`);
  fixed('node, nothing imported', node);
  fixed('+ import commerce-mock', imported);
  fixed('+ one mock intercepting fetch (idle)', idle);
  fixed('the peer: imported, one mock on msw (idle)', peerIdle);

  const peer = run('peer');
  const peerHeap = peer.heap - peer.parts!.before!;
  console.log(`\n${CUSTOMERS.toLocaleString('en')} customers stored (heap added by them, after GC; the same drafts)`);
  console.log(
    `  peer${mb(peerHeap).padStart(27)} MiB (${perCustomer(peerHeap)}), process heap ${mb(peer.heap)} MiB, RSS ${mb(peer.rss)} MiB`,
  );
  let ratio = Number.POSITIVE_INFINITY;
  const stores: Array<[string, Reading]> = [];
  for (const name of ['ours', 'ours, messages off']) {
    const ours = run(name);
    const oursHeap = ours.heap - ours.parts!.before!;
    ratio = Math.min(ratio, oursHeap / peerHeap);
    console.log(
      `  ${name.padEnd(20)}${mb(oursHeap).padStart(11)} MiB (${perCustomer(oursHeap)}), process heap ${mb(ours.heap)} MiB, RSS ${mb(ours.rss)} MiB; ` +
        `ours/peer ${(oursHeap / peerHeap).toFixed(2)}x (aim ≤ 0.80x: ${oursHeap / peerHeap <= 0.8 ? 'met' : 'MISSED'})`,
    );
    stores.push([name, ours]);
  }
  for (const [name, ours] of stores) {
    console.log(`\n${name}, per store and index (dropped one at a time):`);
    for (const [part, bytes] of Object.entries(ours.parts!)) {
      if (part !== 'before') console.log(`  ${part.padEnd(44)}${mb(bytes).padStart(8)} MiB  ${perCustomer(bytes)}`);
    }
  }
  if (ratio > 0.8) process.exitCode = 1;
}
