/**
 * Query engine benchmark: 100,000 customer-like documents, median of 20 runs per case.
 * Run with `npx tsx bench/query.ts`.
 */
import { compilePredicate, parseQueryParams, runQuery } from '../src/query/index.js';

const DOCUMENTS = 100_000;
const RUNS = 20;

const COUNTRIES = ['DE', 'US', 'FR', 'GB', 'NL', 'ES', 'IT', 'PL'];
const CITIES = ['Berlin', 'Munich', 'Paris', 'London', 'Amsterdam', 'Madrid', 'Rome', 'Warsaw'];
const TIERS = ['bronze', 'silver', 'gold', 'platinum'];
const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas'];
const LAST = ['Schmidt', 'Miller', 'Dubois', 'Smith', 'de Vries', 'Garcia', 'Rossi', 'Nowak', 'Meyer', 'Brown'];

/** Deterministic pseudo-random numbers, so every run measures the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function pick<T>(list: readonly T[], next: () => number): T {
  return list[Math.floor(next() * list.length)]!;
}

function buildCustomers(count: number): object[] {
  const next = random(42);
  const start = Date.parse('2020-01-01T00:00:00.000Z');
  return Array.from({ length: count }, (_, i) => {
    const country = pick(COUNTRIES, next);
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      version: 1 + Math.floor(next() * 5),
      key: `customer-${i}`,
      email: `customer${i}@example.com`,
      firstName: pick(FIRST, next),
      lastName: pick(LAST, next),
      age: 18 + Math.floor(next() * 60),
      createdAt: new Date(start + Math.floor(next() * 5 * 365 * 86_400_000)).toISOString(),
      addresses: [{ country, city: pick(CITIES, next) }, ...(next() < 0.3 ? [{ country: pick(COUNTRIES, next), city: pick(CITIES, next) }] : [])],
      custom: { fields: { tier: pick(TIERS, next) } },
    };
  });
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function measure(label: string, run: () => unknown, digits = 2): void {
  run(); // warm-up: JIT and inline caches
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  console.log(`${label}: ${median(samples).toFixed(digits)} ms median`);
}

const customers = buildCustomers(DOCUMENTS);

const where3Sort = parseQueryParams(
  new URLSearchParams({
    where: 'age >= 30 and addresses(country = "DE") and custom(fields(tier in ("gold", "platinum")))',
    sort: 'lastName asc',
    limit: '20',
  }),
);
const where2 = parseQueryParams(
  new URLSearchParams({ where: 'createdAt > "2022-01-01" and firstName = "Anna"', limit: '20' }),
);
const sortOnly = parseQueryParams(new URLSearchParams({ sort: 'createdAt desc', limit: '20' }));
const compileOnly = 'age >= 30 and addresses(country = "DE") and custom(fields(tier in ("gold", "platinum"))) or not (lastName = "Smith")';

const check3 = runQuery(customers, where3Sort);
const check2 = runQuery(customers, where2);
console.log(`documents: ${DOCUMENTS}; where3+sort matches ${check3.total}, where2 matches ${check2.total}`);

measure('where3+sort', () => runQuery(customers, where3Sort));
measure('where2 (no sort)', () => runQuery(customers, where2));
measure('sort only (all match, top 20)', () => runQuery(customers, sortOnly));
measure('parse+compile', () => compilePredicate(compileOnly), 3);
