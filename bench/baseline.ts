/**
 * The worker baseline benchmark: a suite of 100 tests on a 1,000-product catalog, each test reading
 * the catalog, updating a product and creating a cart through `mock.handle()`. Run twice: once
 * restoring a snapshot of the catalog before each test (what the `baseline` option of the Playwright
 * fixture does), once emptying the mock and seeding the catalog again before each test. Prints the
 * time per test of each, and of the state preparation alone.
 * Run: npm run bench:build && node dist-bench/bench/baseline.js   (TESTS=… to change the number of tests, default 100)
 */
import { productFactory, productTypeFactory } from '../factories/index.js';
import { type CommerceMock, createCommerceMock } from '../src/index.js';

const TESTS = Math.max(10, Number(process.env.TESTS ?? 100));
const PRODUCTS = 1000;
const PROJECT = 'bench';

const productType = productTypeFactory.asDefault().build();
// Built once: both runs store the same drafts, so only the way the state is prepared differs.
const products = productFactory.published().buildList(PRODUCTS);

function seedCatalog(mock: CommerceMock): void {
  mock.data.seed(productType);
  mock.data.seed(products);
}

/** One test's own work: what a typical catalog test does through the API. */
function runTest(mock: CommerceMock, i: number): void {
  const request = (method: string, path: string, body?: unknown) => {
    const response = mock.handle({
      method,
      url: `/${PROJECT}${path}`,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as { results: Array<{ id: string; version: number }> } & { id: string; version: number };
  };
  const page = request('GET', `/products?limit=20&offset=${(i * 20) % PRODUCTS}`);
  const product = page.results[0]!;
  request('POST', `/products/${product.id}`, {
    version: product.version,
    actions: [{ action: 'changeName', name: { en: `Test ${i}` }, staged: false }],
  });
  request('POST', '/carts', { currency: 'EUR' });
}

interface Run {
  name: string;
  totalMs: number;
  prepareMs: number;
}

function runSuite(name: string, prepare: (mock: CommerceMock) => void, mock: CommerceMock, tests = TESTS): Run {
  let prepareMs = 0;
  const started = performance.now();
  for (let i = 0; i < tests; i++) {
    const before = performance.now();
    prepare(mock);
    prepareMs += performance.now() - before;
    runTest(mock, i);
  }
  return { name, totalMs: performance.now() - started, prepareMs };
}

function print(run: Run): void {
  const perTest = (ms: number) => `${(ms / TESTS).toFixed(3).padStart(9)} ms`;
  console.log(
    `${run.name.padEnd(34)} suite ${run.totalMs.toFixed(0).padStart(6)} ms   per test ${perTest(run.totalMs)}   preparing the state ${perTest(run.prepareMs)}`,
  );
}

const reseed = (mock: CommerceMock) => {
  mock.state.clear();
  seedCatalog(mock);
};

// Restore: seeded once (as the fixture does per worker), restored before each test.
const restoring = createCommerceMock({ defaultProjectKey: PROJECT });
const seedStarted = performance.now();
seedCatalog(restoring);
const seedOnceMs = performance.now() - seedStarted;
const baseline = restoring.state.snapshot();
const restore = (mock: CommerceMock) => mock.state.restore(baseline);
const reseeding = createCommerceMock({ defaultProjectKey: PROJECT });

// A few tests of each first, so that neither suite pays for warming up the JIT.
runSuite('warm-up', restore, restoring, 10);
runSuite('warm-up', reseed, reseeding, 10);
const restored = runSuite('baseline restored per test', restore, restoring);
const reseeded = runSuite('emptied and reseeded per test', reseed, reseeding);

console.log(`${TESTS} tests on a ${PRODUCTS}-product catalog (seeding it once: ${seedOnceMs.toFixed(0)} ms)`);
print(restored);
print(reseeded);
console.log(`restoring is ${(reseeded.totalMs / restored.totalMs).toFixed(0)}× faster over the suite`);
