/**
 * Storage benchmark: the same workload on the in-memory backend and on SQLite, through the mock's
 * programmatic API (the engine's validation, versioning and unique indexes included), over 10,000
 * customers. Prints medians per operation and the sqlite/memory ratios (aim: get and update within 3x).
 * Run: npm run bench:build && node dist-bench/bench/storage.js   (or npm run bench:storage)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCommerceMock, type CommerceMock } from '../src/index.js';
import { sqliteStorage } from '../src/storage/sqlite.js';

const RESOURCES = 10_000;
const FIRST = ['Ada', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas'];
const COUNTRIES = ['DE', 'US', 'FR', 'GB', 'NL'];

interface Customer {
  id: string;
  version: number;
}

/** Deterministic pseudo-random numbers: every backend gets the same sequence of ids to read and update. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median time per operation in microseconds, timing batches of `batch` operations. */
function perOperation(samples: number, batch: number, work: (i: number) => void): number {
  let i = 0;
  for (let w = 0; w < Math.min(samples, 20) * batch; w++) work(i++); // warm-up
  const times: number[] = [];
  for (let s = 0; s < samples; s++) {
    const start = performance.now();
    for (let b = 0; b < batch; b++) work(i++);
    times.push(((performance.now() - start) * 1000) / batch);
  }
  return median(times);
}

const draft = (i: number) => ({
  email: `customer-${i}@example.com`,
  password: 'secret',
  key: `customer-${i}`,
  firstName: FIRST[i % FIRST.length],
  lastName: `Last ${i % 97}`,
  addresses: [{ country: COUNTRIES[i % COUNTRIES.length], city: `City ${i % 13}` }],
});

type Figures = Record<'create' | 'get' | 'getByKey' | 'update' | 'query', number>;

function run(mock: CommerceMock): Figures {
  const customers: Customer[] = [];
  // create: 10,000 customers, timed in batches of 100.
  let n = 0;
  const creates: number[] = [];
  while (n < RESOURCES) {
    const start = performance.now();
    for (let b = 0; b < 100; b++, n++) customers.push(mock.data.create<Customer>('customer', draft(n)));
    creates.push(((performance.now() - start) * 1000) / 100);
  }
  const create = median(creates);

  const next = random(7);
  const pick = () => customers[Math.floor(next() * customers.length)]!;
  const get = perOperation(200, 100, () => mock.data.get('customer', pick().id));
  const getByKey = perOperation(200, 100, () => mock.data.getByKey('customer', `customer-${Math.floor(next() * RESOURCES)}`));
  const update = perOperation(200, 10, (i) => {
    const customer = pick();
    const updated = mock.data.update<Customer>('customer', customer.id, {
      version: customer.version,
      actions: [
        { action: 'setFirstName', firstName: FIRST[i % FIRST.length]! },
        { action: 'setMiddleName', middleName: `m${i}` },
      ],
    });
    customer.version = updated.version;
  });
  const query = perOperation(30, 1, (i) => {
    const page = mock.data.query('customer', {
      where: `firstName = "${FIRST[i % FIRST.length]}" and addresses(country = "DE")`,
      sort: 'lastName asc',
      limit: '20',
    });
    if (page.total === 0) throw new Error('the query found nothing');
  });
  return { create, get, getByKey, update, query };
}

const directory = mkdtempSync(join(tmpdir(), 'commerce-mock-bench-'));
try {
  console.log(`storage benchmark: ${RESOURCES} customers through mock.data.create/get/getByKey/update/query; medians per operation (µs)\n`);
  const memory = run(createCommerceMock());
  const sqlite = run(createCommerceMock({ storage: sqliteStorage({ file: join(directory, 'cached.db') }) }));
  const uncached = run(createCommerceMock({ storage: sqliteStorage({ file: join(directory, 'uncached.db'), cacheSize: 0 }) }));

  const aims: Partial<Record<keyof Figures, number>> = { get: 3, update: 3 };
  const format = (value: number) => value.toFixed(value < 10 ? 2 : 1).padStart(10);
  console.log(
    `${'operation'.padEnd(12)}${'memory'.padStart(10)}${'sqlite'.padStart(10)}${'ratio'.padStart(8)}   ${'sqlite, no cache'.padStart(16)}${'ratio'.padStart(8)}   aim`,
  );
  let missed = false;
  for (const operation of Object.keys(memory) as Array<keyof Figures>) {
    const ratio = sqlite[operation] / memory[operation];
    const aim = aims[operation];
    const verdict = aim === undefined ? '' : ratio <= aim ? `≤ ${aim}x: met` : `≤ ${aim}x: MISSED`;
    if (aim !== undefined && ratio > aim) missed = true;
    console.log(
      `${operation.padEnd(12)}${format(memory[operation])}${format(sqlite[operation])}${`${ratio.toFixed(2)}x`.padStart(8)}   ` +
        `${format(uncached[operation]).padStart(16)}${`${(uncached[operation] / memory[operation]).toFixed(2)}x`.padStart(8)}   ${verdict}`,
    );
  }
  console.log('\n"sqlite" is the default (parsed-document cache on); "no cache" is cacheSize: 0, every read parses JSON from the file.');
  if (missed) process.exitCode = 1;
} finally {
  rmSync(directory, { recursive: true, force: true });
}
