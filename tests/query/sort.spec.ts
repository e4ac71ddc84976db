import { test, expect } from '@playwright/test';
import { PlatformError } from '../../src/http/errors.js';
import { runQuery } from '../../src/query/index.js';
import { categories, customers, params, products } from './fixtures.js';

type Doc = { readonly id: string };

function sorted(documents: readonly Doc[], sort: string | string[], extra: Record<string, string> = {}): string[] {
  return runQuery(documents, params({ sort, limit: '500', ...extra })).results.map((document) => document.id);
}

/** Documents whose storage order differs from every sort order used below. */
const people = [
  { id: 'p1', name: 'Carl', age: 30, city: { name: { en: 'Berlin', de: 'Berlin' } }, createdAt: '2024-03-01T00:00:00.000Z' },
  { id: 'p2', name: 'anna', age: 25, city: { name: { en: 'Munich', de: 'München' } }, createdAt: '2023-03-01T00:00:00.000Z' },
  { id: 'p3', name: 'Bert', age: 30, city: { name: { en: 'Cologne', de: 'Köln' } }, createdAt: '2025-03-01T00:00:00.000Z' },
  { id: 'p4', name: 'Anna', age: 41, createdAt: '2022-03-01T00:00:00.000Z' },
  { id: 'p5', name: 'Dora', city: { name: { en: 'Aachen' } }, createdAt: '2024-03-01T00:00:00.000Z' },
];

test.describe('sort', () => {
  test('no sort keeps storage order', () => {
    expect(sorted(people, [])).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });

  test('ascending by default and with asc', () => {
    expect(sorted(people, 'createdAt')).toEqual(['p4', 'p2', 'p1', 'p5', 'p3']);
    expect(sorted(people, 'createdAt asc')).toEqual(['p4', 'p2', 'p1', 'p5', 'p3']);
  });

  test('descending', () => {
    expect(sorted(people, 'createdAt desc')).toEqual(['p3', 'p1', 'p5', 'p2', 'p4']);
  });

  test('direction keywords are case-insensitive and whitespace is free', () => {
    expect(sorted(people, 'createdAt DESC')).toEqual(['p3', 'p1', 'p5', 'p2', 'p4']);
    expect(sorted(people, '  createdAt   Asc ')).toEqual(['p4', 'p2', 'p1', 'p5', 'p3']);
  });

  test('numbers sort numerically, not as text', () => {
    const docs = [
      { id: 'a', n: 10 },
      { id: 'b', n: 9 },
      { id: 'c', n: 100 },
      { id: 'd', n: -1.5 },
    ];
    expect(sorted(docs, 'n asc')).toEqual(['d', 'b', 'a', 'c']);
    expect(sorted(docs, 'n desc')).toEqual(['c', 'a', 'b', 'd']);
  });

  test('strings sort by code unit: upper case before lower case', () => {
    expect(sorted(people, 'name asc')).toEqual(['p4', 'p3', 'p1', 'p5', 'p2']);
  });

  test('nested and localized paths', () => {
    expect(sorted(people, 'city.name.en asc')).toEqual(['p5', 'p1', 'p3', 'p2', 'p4']);
    expect(sorted(people, 'city.name.de asc')).toEqual(['p1', 'p3', 'p2', 'p4', 'p5']);
    expect(sorted(products, 'masterData.current.name.en asc')).toEqual(['p-2', 'p-1']);
    expect(sorted(products, 'masterData.current.name.en desc')).toEqual(['p-1', 'p-2']);
    expect(sorted(categories, 'name.de desc')).toEqual(['cat-shirts', 'cat-root', 'cat-men']);
    expect(sorted(categories, 'name.de asc')).toEqual(['cat-men', 'cat-root', 'cat-shirts']);
  });

  test('missing values go last ascending and first descending', () => {
    expect(sorted(people, 'age asc')).toEqual(['p2', 'p1', 'p3', 'p4', 'p5']);
    expect(sorted(people, 'age desc')).toEqual(['p5', 'p4', 'p1', 'p3', 'p2']);
    expect(sorted(customers, 'key asc')).toEqual(['c-1', 'c-2', 'c-3']);
    expect(sorted(customers, 'key desc')).toEqual(['c-3', 'c-2', 'c-1']);
  });

  test('ties keep storage order in both directions (stable)', () => {
    expect(sorted(people, 'age asc').slice(1, 3)).toEqual(['p1', 'p3']);
    expect(sorted(people, 'age desc').slice(2, 4)).toEqual(['p1', 'p3']);
    const same = Array.from({ length: 50 }, (_, i) => ({ id: `s${i}`, v: 1 }));
    expect(sorted(same, 'v desc')).toEqual(same.map((d) => d.id));
  });

  test('several sort parameters: later ones break ties of earlier ones', () => {
    expect(sorted(people, ['age desc', 'name asc'])).toEqual(['p5', 'p4', 'p3', 'p1', 'p2']);
    expect(sorted(people, ['age asc', 'createdAt desc'])).toEqual(['p2', 'p3', 'p1', 'p4', 'p5']);
  });

  test('a path through an array sorts by its smallest element ascending and largest descending', () => {
    const docs = [
      { id: 'x', lines: [{ q: 5 }, { q: 1 }] },
      { id: 'y', lines: [{ q: 3 }] },
      { id: 'z', lines: [] },
    ];
    expect(sorted(docs, 'lines.q asc')).toEqual(['x', 'y', 'z']);
    expect(sorted(docs, 'lines.q desc')).toEqual(['z', 'x', 'y']);
  });

  test('mixed value types order by type, deterministically', () => {
    const docs = [
      { id: 'b', v: true },
      { id: 's', v: 'text' },
      { id: 'n', v: 3 },
      { id: 'o', v: { a: 1 } },
    ];
    expect(sorted(docs, 'v asc')).toEqual(['n', 's', 'b', 'o']);
  });

  test('sort combines with where and paging', () => {
    const result = runQuery(people, params({ where: 'age is defined', sort: 'age desc', limit: '2', offset: '1' }));
    expect(result.results.map((d) => d.id)).toEqual(['p1', 'p3']);
    expect(result).toMatchObject({ limit: 2, offset: 1, count: 2, total: 4 });
  });

  test('top-k selection returns the same page as a full sort over a large collection', () => {
    const docs = Array.from({ length: 3000 }, (_, i) => ({ id: `d${i}`, score: (i * 7919) % 101, group: i % 3 }));
    const full = [...docs].sort((a, b) => b.score - a.score || a.group - b.group || Number(a.id.slice(1)) - Number(b.id.slice(1)));
    for (const [offset, limit] of [
      [0, 20],
      [37, 13],
      [2990, 20],
      [0, 500],
    ] as const) {
      const page = runQuery(docs, params({ sort: ['score desc', 'group asc'], offset: String(offset), limit: String(limit) }));
      expect(page.results.map((d) => d.id)).toEqual(full.slice(offset, offset + limit).map((d) => d.id));
      expect(page.count).toBe(Math.min(limit, Math.max(0, docs.length - offset)));
    }
  });

  test('sorting does not reorder or copy the input', () => {
    const before = people.map((d) => d.id);
    const result = runQuery(people, params({ sort: 'age desc' }));
    expect(people.map((d) => d.id)).toEqual(before);
    expect(result.results[1]).toBe(people[3]);
  });
});

test.describe('sort: errors', () => {
  for (const sort of [
    'createdAt up',
    'createdAt asc desc',
    'name..en asc',
    '.name asc',
    'name. asc',
    '',
    'created At',
    'name(en) asc',
    'name.en asc,id desc',
  ]) {
    test(`'${sort}' is a 400 InvalidInput`, () => {
      let thrown: unknown;
      try {
        runQuery(people, params({ sort }));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(PlatformError);
      const error = thrown as PlatformError;
      expect(error.statusCode).toBe(400);
      expect(error.code).toBe('InvalidInput');
      expect(error.message).toContain(`Malformed parameter: sort: Invalid sort expression '${sort}'`);
    });
  }

  test('strict: an unknown sort field is rejected, a known one accepted', () => {
    expect(() => runQuery(people, params({ sort: 'nickname asc' }), { strictFields: true })).toThrow(
      "Malformed parameter: sort: Invalid query field 'nickname' in sort path.",
    );
    expect(runQuery(people, params({ sort: 'city.name.en asc' }), { strictFields: true }).count).toBe(5);
  });

  test('tolerant: an unknown sort field sorts everything as missing (storage order)', () => {
    expect(sorted(people, 'nickname asc')).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });
});
