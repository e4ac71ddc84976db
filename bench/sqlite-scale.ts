/**
 * A million customers on the SQLite backend (issue 30; `CUSTOMERS=100000` for a quick run): the
 * seeding rate (`mock.data.seed`, batches of 10,000 in one transaction each), a get by key, a
 * two-clause `where` pinned to the key (`key = "..." and firstName = "..."`, read through the key
 * index), and the process's heap after a full GC as the store grows: the documents are on disk and
 * the heap holds the backend's bounded cache of parsed documents (`cacheSize`, default 100,000), so
 * it stays flat once the cache is full. Messages are recorded (the mock's default), so the file also
 * holds a CustomerCreated message per customer.
 * Run: npm run bench:sqlite   (the script re-runs itself with --expose-gc)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CUSTOMERS = Number(process.env.CUSTOMERS ?? 1_000_000);
const BATCH = 10_000;
const FIRST = ['Ada', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas'];
const COUNTRIES = ['DE', 'US', 'FR', 'GB', 'NL'];

if (!(globalThis as { gc?: unknown }).gc) {
  execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], { stdio: 'inherit' });
  process.exit(0);
}

const { createCommerceMock } = await import('../src/index.js');
const { sqliteStorage } = await import('../src/storage/sqlite.js');

const heapMiB = () => {
  (globalThis as unknown as { gc: () => void }).gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const draft = (i: number) => ({
  email: `customer-${i}@example.com`,
  password: 'secret',
  key: `customer-${i}`,
  firstName: FIRST[i % FIRST.length],
  lastName: `Last ${i % 97}`,
  addresses: [{ country: COUNTRIES[i % COUNTRIES.length], city: `City ${i % 13}` }],
});
/** Deterministic pseudo-random customer numbers. */
let state = 7;
const pick = () => {
  state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
  return state % CUSTOMERS;
};
/** Median microseconds of `runs` calls. */
function median(runs: number, work: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push((performance.now() - start) * 1000);
  }
  return times.sort((a, b) => a - b)[runs >> 1]!;
}

const directory = mkdtempSync(join(tmpdir(), 'commerce-mock-sqlite-scale-'));
const file = join(directory, 'customers.db');
try {
  console.log(`Node ${process.version}, load average ${loadavg()[0]!.toFixed(2)}; ${CUSTOMERS.toLocaleString('en')} customers on SQLite\n`);
  const storage = sqliteStorage({ file });
  const mock = createCommerceMock({ defaultProjectKey: 'bench', storage });
  const before = heapMiB();
  console.log(`heap before seeding                 ${before.toFixed(1)} MiB`);
  const started = performance.now();
  for (let n = 0; n < CUSTOMERS; ) {
    const batch: Array<['customer', ReturnType<typeof draft>]> = [];
    for (let b = 0; b < BATCH && n < CUSTOMERS; b++, n++) batch.push(['customer', draft(n)]);
    mock.data.seed(batch);
    if (n % (CUSTOMERS / 10) === 0 || n === CUSTOMERS) {
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `  ${n.toLocaleString('en').padStart(9)} seeded  ${seconds.toFixed(1).padStart(6)} s  ${Math.round(n / seconds)
          .toLocaleString('en')
          .padStart(6)} customers/s  heap ${heapMiB().toFixed(1).padStart(6)} MiB`,
      );
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const after = heapMiB();
  console.log(
    `seeding                             ${seconds.toFixed(1)} s, ${Math.round(CUSTOMERS / seconds).toLocaleString('en')} customers/s`,
  );
  console.log(
    `heap after seeding                  ${after.toFixed(1)} MiB (+${(after - before).toFixed(1)} MiB; file ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB)`,
  );

  const getByKey = median(2000, () => {
    const n = pick();
    if (mock.data.getByKey<{ key: string }>('customer', `customer-${n}`)?.key !== `customer-${n}`) throw new Error('get by key missed');
  });
  console.log(`get by key (random, mostly uncached) median ${getByKey.toFixed(1)} µs`);
  const where = median(2000, () => {
    const n = pick();
    const page = mock.data.query('customer', { where: `key = "customer-${n}" and firstName = "${FIRST[n % FIRST.length]}"` });
    if (page.total !== 1) throw new Error('the where found nothing');
  });
  console.log(`where key = ... and firstName = ...  median ${where.toFixed(1)} µs`);
  console.log(`heap at the end                     ${heapMiB().toFixed(1)} MiB`);
  storage.close();
} finally {
  rmSync(directory, { recursive: true, force: true });
}
