/**
 * Whole suites (issue 18, item 5): the same tests run through Playwright on this package's fixture
 * and on the peer `@labdigital/commercetools-mock` set up as its README tells users (a
 * CommercetoolsMock and an msw server per file, handlers registered before each test, the mock
 * cleared after it). Each test seeds a customer and five products from this package's factories,
 * signs the customer in with the SDK's password flow, runs a checkout through the official SDK (a
 * cart, five line items, a shipping address, an order) and asserts on what was stored: with the
 * commerce matchers on ours, with `expect` on the peer's stored order on the peer.
 *
 * The spec files and a Playwright config per target are written to a temporary directory and run by
 * `playwright test` in a child process with the JSON reporter, with 1 and 2 workers, the targets
 * interleaved. Printed: wall time, time per test (the reporter's durations: fixtures and hooks
 * included), and each worker's peak RSS (`process.resourceUsage().maxRSS`, written by a worker
 * fixture at teardown), with the ratios.
 *
 * Run: npm run bench:suite   (SUITE_TESTS=40 for a quick run; the default is 200)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TESTS = Number(process.env.SUITE_TESTS ?? 200);
const FILES = Math.min(20, TESTS);
const WORKERS = [1, 2];
/** The repository root (this file runs from dist-bench/bench/). */
const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const PLAYWRIGHT_CLI = join(ROOT, 'node_modules/@playwright/test/cli.js');
const from = (path: string) => JSON.stringify(join(ROOT, path));

const CONFIG = (use: string) => `import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: '.', fullyParallel: true, retries: 0, timeout: 30_000, use: ${use} });
`;

/**
 * A worker fixture that records the worker's memory once the mock is up, before its first test
 * (`needs`: the fixture that starts the mock), and its peak RSS when the worker ends.
 */
const WORKER_MEMORY = (needs: string) => `export const workerMemory = [
  async ({ ${needs} }, use) => {
    const { rss, heapUsed } = process.memoryUsage();
    await use(undefined);
    const file = join(dirname(fileURLToPath(import.meta.url)), 'rss', \`\${process.pid}.json\`);
    const peakRss = process.resourceUsage().maxRSS * 1024;
    (globalThis as { gc?: () => void }).gc?.();
    writeFileSync(file, JSON.stringify({ startRss: rss, startHeap: heapUsed, peakRss, endHeap: process.memoryUsage().heapUsed }));
  },
  { scope: 'worker', auto: true },
] as const;`;

const FIXTURE_IMPORTS = `import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';`;

/** The checkout both targets run, as the signed-in customer (`shop`) with the seeded `products`. */
const CHECKOUT = `    let cart = (await shop.me().carts().post({ body: { currency: 'EUR', country: 'DE' } }).execute()).body;
    const lines = products.map((product) => ({ action: 'addLineItem' as const, sku: product.masterData.current.masterVariant.sku!, quantity: 1 }));
    cart = (await shop.me().carts().withId({ ID: cart.id }).post({ body: { version: cart.version, actions: lines } }).execute()).body;
    const address = { action: 'setShippingAddress' as const, address: { country: 'DE', city: 'Berlin' } };
    cart = (await shop.me().carts().withId({ ID: cart.id }).post({ body: { version: cart.version, actions: [address] } }).execute()).body;
    const order = (await shop.me().orders().post({ body: { id: cart.id, version: cart.version } }).execute()).body;`;

const ours = {
  config: CONFIG("{ commerceMock: { defaultProjectKey: 'shop' } } as never"),
  fixtures: `${FIXTURE_IMPORTS}
import { test as base } from ${from('src/playwright/index.js')};
export { expect } from ${from('src/playwright/index.js')};
${WORKER_MEMORY('_commerceWorker')}
export const test = base.extend<{}, { workerMemory: undefined }>({ workerMemory });
`,
  spec: (
    file: number,
    count: number,
  ) => `import { customerFactory, productFactory, productTypeFactory, taxCategoryFactory } from ${from('factories/index.js')};
import { expect, test } from './fixtures.js';

for (let i = 0; i < ${count}; i++) {
  test(\`checkout ${file}-\${i}\`, async ({ commerce }) => {
    await commerce.data.seed(productTypeFactory.asDefault().build(), taxCategoryFactory.withRates('DE').build({ key: 'standard' }));
    const products = await commerce.data.seed(productFactory.withVariants(1).withPrices('EUR').withTaxCategory('standard').published().buildList(5));
    const draft = customerFactory.withDefaultAddresses().build();
    const [customer] = await commerce.data.seed(draft);

    const shop = commerce.apiRootFor({ customer: { email: draft.email, password: draft.password } });
${CHECKOUT}
    await expect(commerce).toHaveIssuedCustomerToken(customer.id);
    await expect(commerce).toHaveStored('order', { id: order.id, customerId: customer.id, cart: { id: cart.id } });
    await expect(commerce).toHaveStoredCount('product', 5);
    expect(order.lineItems).toHaveLength(5);
    expect(order.totalPrice.centAmount).toBeGreaterThan(0);
  });
}
`,
};

const peer = {
  config: CONFIG('{}'),
  fixtures: `${FIXTURE_IMPORTS}
import { test as base } from '@playwright/test';
export { expect } from '@playwright/test';
${WORKER_MEMORY('')}
export const test = base.extend<{}, { workerMemory: undefined }>({ workerMemory });
`,
  spec: (file: number, count: number) => `import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { CommercetoolsMock } from '@labdigital/commercetools-mock';
import { setupServer } from 'msw/node';
import { customerFactory, productFactory, productTypeFactory, taxCategoryFactory } from ${from('factories/index.js')};
import { expect, test } from './fixtures.js';

const projectKey = 'shop';
const host = 'https://api.europe-west1.gcp.commercetools.com';
const authHost = 'https://auth.europe-west1.gcp.commercetools.com';
// The peer's README: one mock, an msw server, handlers registered before each test, cleared after it.
const ctMock = new CommercetoolsMock({ apiHost: host, authHost, enableAuthentication: false, validateCredentials: false, defaultProjectKey: projectKey, silent: true });
const mswServer = setupServer();
test.beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
test.beforeEach(() => ctMock.registerHandlers(mswServer));
test.afterEach(async () => {
  mswServer.resetHandlers();
  await ctMock.clear();
});
test.afterAll(() => mswServer.close());

const httpClient: typeof fetch = (input, init) => fetch(input, init);
const credentials = { clientId: 'client', clientSecret: 'secret' };
const client = (builder: ClientBuilder) => createApiBuilderFromCtpClient(builder.withHttpMiddleware({ host, httpClient }).build()).withProjectKey({ projectKey });
const admin = () => client(new ClientBuilder().withProjectKey(projectKey).withClientCredentialsFlow({ host: authHost, projectKey, credentials, httpClient }));

for (let i = 0; i < ${count}; i++) {
  test(\`checkout ${file}-\${i}\`, async () => {
    const api = admin();
    await api.productTypes().post({ body: productTypeFactory.asDefault().build() }).execute();
    await api.taxCategories().post({ body: taxCategoryFactory.withRates('DE').build({ key: 'standard' }) }).execute();
    const products = [];
    for (const draft of productFactory.withVariants(1).withPrices('EUR').withTaxCategory('standard').published().buildList(5)) {
      products.push((await api.products().post({ body: draft }).execute()).body);
    }
    const draft = customerFactory.withDefaultAddresses().build();
    const customer = (await api.customers().post({ body: draft }).execute()).body.customer;

    const user = { username: draft.email, password: draft.password };
    const shop = client(new ClientBuilder().withProjectKey(projectKey).withPasswordFlow({ host: authHost, projectKey, credentials: { ...credentials, user }, httpClient }));
${CHECKOUT}
    const stored = await ctMock.project(projectKey).get('order', order.id);
    expect(stored).toMatchObject({ id: order.id, cart: { id: cart.id } });
    expect(await ctMock.project(projectKey).get('customer', customer.id)).toMatchObject({ id: customer.id });
    expect(await ctMock.project(projectKey).getRepository('product').query({ projectKey })).toMatchObject({ total: 5 });
    expect(order.lineItems).toHaveLength(5);
    expect(order.totalPrice.centAmount).toBeGreaterThan(0);
  });
}
`,
};

const targets = { ours, peer };
type Target = keyof typeof targets;

interface Run {
  wallMs: number;
  perTestMs: number;
  medianTestMs: number;
  /** Per worker, largest first. */
  workers: WorkerMemory[];
}

interface WorkerMemory {
  startRss: number;
  startHeap: number;
  peakRss: number;
  /** After the last test, after a full GC: what the worker keeps. */
  endHeap: number;
}

function write(directory: string, target: (typeof targets)[Target]): void {
  mkdirSync(join(directory, 'rss'), { recursive: true });
  writeFileSync(join(directory, 'package.json'), JSON.stringify({ type: 'module' }));
  writeFileSync(join(directory, 'playwright.config.ts'), target.config);
  writeFileSync(join(directory, 'fixtures.ts'), target.fixtures);
  for (let file = 0; file < FILES; file++) {
    const count = Math.floor(TESTS / FILES) + (file < TESTS % FILES ? 1 : 0);
    writeFileSync(join(directory, `checkout-${String(file).padStart(2, '0')}.spec.ts`), target.spec(file, count));
  }
}

interface JsonReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: JsonSuite[];
  errors: Array<{ message: string }>;
}
interface JsonSuite {
  specs: Array<{
    title: string;
    tests: Array<{ results: Array<{ duration: number; status: string; errors: Array<{ message: string }> }> }>;
  }>;
  suites?: JsonSuite[];
}

function durations(suites: JsonSuite[]): number[] {
  return suites.flatMap((suite) => [
    ...suite.specs.flatMap((spec) => spec.tests.flatMap((test) => test.results.map((result) => result.duration))),
    ...durations(suite.suites ?? []),
  ]);
}

function firstFailure(suites: JsonSuite[]): string | undefined {
  for (const suite of suites) {
    for (const spec of suite.specs)
      for (const test of spec.tests)
        for (const result of test.results)
          if (result.status !== 'passed') return `${spec.title}: ${result.errors[0]?.message ?? result.status}`;
    const nested = firstFailure(suite.suites ?? []);
    if (nested) return nested;
  }
  return undefined;
}

function run(directory: string, workerCount: number): Run {
  const report = join(directory, 'report.json');
  const rss = join(directory, 'rss');
  for (const file of readdirSync(rss)) rmSync(join(rss, file));
  const start = performance.now();
  const child = spawnSync(process.execPath, [PLAYWRIGHT_CLI, 'test', '--reporter=json', `--workers=${workerCount}`], {
    cwd: directory,
    // --expose-gc reaches the workers, so each can read its heap after a full GC when it ends.
    env: {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      FORCE_COLOR: '0',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`,
    },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const wallMs = performance.now() - start;
  let parsed: JsonReport;
  try {
    parsed = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  } catch {
    throw new Error(`playwright test wrote no report in ${directory}:\n${child.stdout}\n${child.stderr}`);
  }
  const passed = parsed.stats.expected;
  if (passed !== TESTS || parsed.stats.unexpected > 0) {
    const why = firstFailure(parsed.suites) ?? parsed.errors[0]?.message ?? child.stderr;
    throw new Error(`${directory}: ${passed} of ${TESTS} tests passed; first failure: ${why}`);
  }
  const times = durations(parsed.suites).sort((a, b) => a - b);
  const workers = readdirSync(rss).map((file) => JSON.parse(readFileSync(join(rss, file), 'utf8')) as WorkerMemory);
  return {
    wallMs,
    perTestMs: times.reduce((sum, time) => sum + time, 0) / times.length,
    medianTestMs: times[Math.floor(times.length / 2)]!,
    workers: workers.sort((a, b) => b.peakRss - a.peakRss),
  };
}

const temporary = mkdtempSync(join(tmpdir(), 'commerce-mock-suite-'));
try {
  // The generated specs resolve @playwright/test, the SDK and the peer from this repository's packages.
  symlinkSync(join(ROOT, 'node_modules'), join(temporary, 'node_modules'), 'dir');
  for (const name of Object.keys(targets) as Target[]) write(join(temporary, name), targets[name]);
  console.log(
    `Node ${process.version}; ${TESTS} tests in ${FILES} files, each: seed a customer and five products from the factories, sign in, checkout through the official SDK, assert`,
  );
  const results = new Map<string, Run>();
  for (const workers of WORKERS) {
    for (const name of Object.keys(targets) as Target[]) results.set(`${name}/${workers}`, run(join(temporary, name), workers));
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const mib = (bytes: number) => `${(bytes / 1048576).toFixed(0)}`;
  console.log(
    `\n${'workers'.padEnd(9)}${'target'.padEnd(7)}${'wall'.padStart(9)}${'per test (mean / median)'.padStart(27)}   per worker, MiB: peak RSS (RSS, heap before the first test; heap after the last, after GC)`,
  );
  for (const workers of WORKERS) {
    for (const name of Object.keys(targets) as Target[]) {
      const result = results.get(`${name}/${workers}`)!;
      const rss = result.workers.map((w) => `${mib(w.peakRss)} (${mib(w.startRss)}, ${mib(w.startHeap)}; ${mib(w.endHeap)})`).join(', ');
      console.log(
        `${String(workers).padEnd(9)}${name.padEnd(7)}${s(result.wallMs).padStart(9)}${`${ms(result.perTestMs)} / ${ms(result.medianTestMs)}`.padStart(27)}   ${rss}`,
      );
    }
    const a = results.get(`ours/${workers}`)!;
    const b = results.get(`peer/${workers}`)!;
    const perTest = b.perTestMs / a.perTestMs;
    console.log(
      `${''.padEnd(9)}${'peer/ours'.padEnd(9)}${`${(b.wallMs / a.wallMs).toFixed(2)}x`.padStart(7)}${`${perTest.toFixed(2)}x / ${(b.medianTestMs / a.medianTestMs).toFixed(2)}x`.padStart(27)}   ` +
        `${(b.workers[0]!.peakRss / a.workers[0]!.peakRss).toFixed(2)}x   (aim: per test ≥ 3x: ${perTest >= 3 ? 'met' : 'MISSED'})`,
    );
  }
} finally {
  rmSync(temporary, { recursive: true, force: true });
}
