import { test, expect } from '@playwright/test';
import { PlatformError } from '../../src/http/errors.js';
import { namesAnyField, parseQueryParams, runQuery } from '../../src/query/index.js';
import { params } from './fixtures.js';

const docs = Array.from({ length: 45 }, (_, i) => ({ id: `d${String(i).padStart(2, '0')}`, n: i, even: i % 2 === 0 }));

test.describe('paging', () => {
  test('defaults: limit 20, offset 0, with total', () => {
    const result = runQuery(docs, params());
    expect(result).toMatchObject({ limit: 20, offset: 0, count: 20, total: 45 });
    expect(result.results[0]).toBe(docs[0]);
    expect(result.results[19]).toBe(docs[19]);
  });

  test('offset and limit select a window; count is the number returned', () => {
    const result = runQuery(docs, params({ offset: '40', limit: '10' }));
    expect(result).toMatchObject({ limit: 10, offset: 40, count: 5, total: 45 });
    expect(result.results.map((d) => d.n)).toEqual([40, 41, 42, 43, 44]);
  });

  test('an offset past the end gives an empty page with the total', () => {
    expect(runQuery(docs, params({ offset: '100' }))).toEqual({ limit: 20, offset: 100, count: 0, total: 45, results: [] });
  });

  test('limit 0 returns only the total', () => {
    expect(runQuery(docs, params({ limit: '0', where: 'even = true' }))).toEqual({ limit: 0, offset: 0, count: 0, total: 23, results: [] });
    expect(runQuery(docs, params({ limit: '0', sort: 'n desc' }))).toMatchObject({ count: 0, total: 45, results: [] });
  });

  test('withTotal=false omits total', () => {
    const result = runQuery(docs, params({ withTotal: 'false', limit: '3', where: 'n >= 10' }));
    expect(result).toEqual({ limit: 3, offset: 0, count: 3, results: [docs[10], docs[11], docs[12]] });
    expect('total' in result).toBe(false);
  });

  test('total counts matches, not documents', () => {
    const result = runQuery(docs, params({ where: 'even = false', offset: '20', limit: '5' }));
    expect(result).toMatchObject({ count: 2, total: 22 });
    expect(result.results.map((d) => d.n)).toEqual([41, 43]);
  });

  test('accepts any iterable, e.g. a Map of stored documents', () => {
    const stored = new Map(docs.map((d) => [d.id, d]));
    const result = runQuery(stored.values(), params({ where: 'n < 3', sort: 'n desc' }));
    expect(result.results.map((d) => d.n)).toEqual([2, 1, 0]);
    const strict = runQuery(new Map(docs.map((d) => [d.id, d])).values(), params({ where: 'n < 2' }), { strictFields: true });
    expect(strict.total).toBe(2);
  });
});

test.describe('parseQueryParams', () => {
  test('reads repeated where, sort, expand and var parameters', () => {
    const query = parseQueryParams(
      new URLSearchParams('where=a%3D1&where=b%3D2&sort=createdAt+asc&sort=id+desc&expand=productType&var.s=Open&var.s=Merged&var.n=1'),
    );
    expect(query.where).toEqual(['a=1', 'b=2']);
    expect(query.sort).toEqual(['createdAt asc', 'id desc']);
    expect(query.expand).toEqual(['productType']);
    expect(query.variables.get('s')).toEqual(['Open', 'Merged']);
    expect(query.variables.get('n')).toEqual(['1']);
    expect(query.variables.get('x')).toBeUndefined();
  });

  test('namesAnyField: whether a where or sort names one of the fields, as a whole word', () => {
    const query = (text: string) => parseQueryParams(new URLSearchParams(text));
    const fields = ['discounted', 'price'];
    expect(namesAnyField(query('where=variants(prices(discounted+is+defined))'), fields)).toBe(true);
    expect(namesAnyField(query('sort=masterVariant.price.value.centAmount+asc'), fields)).toBe(true);
    expect(namesAnyField(query('where=variants(prices(value(centAmount+%3D+1)))'), fields)).toBe(false);
    expect(namesAnyField(query('where=name(en+%3D+%22x%22)'), undefined)).toBe(true);
    expect(namesAnyField(query('limit=1'), undefined)).toBe(false);
    expect(namesAnyField(query('where=discounted+is+defined'), [])).toBe(false);
  });

  test('a variable without var. is read from the plain parameter; var. wins', () => {
    const query = parseQueryParams(new URLSearchParams('sku=A&sku=B&name=plain&var.name=prefixed'));
    expect(query.variables.get('sku')).toEqual(['A', 'B']);
    expect(query.variables.get('name')).toEqual(['prefixed']);
  });

  for (const [name, value] of [
    ['limit', '501'],
    ['limit', '-1'],
    ['limit', 'ten'],
    ['limit', '1.5'],
    ['offset', '10001'],
    ['offset', ''],
    ['withTotal', 'yes'],
  ] as const) {
    test(`${name}=${value} is a 400 InvalidInput`, () => {
      let thrown: unknown;
      try {
        parseQueryParams(new URLSearchParams({ [name]: value }));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(PlatformError);
      expect((thrown as PlatformError).statusCode).toBe(400);
      expect((thrown as PlatformError).code).toBe('InvalidInput');
      expect((thrown as PlatformError).message).toContain(`Malformed parameter: ${name}`);
    });
  }

  test('the bounds themselves are accepted', () => {
    expect(parseQueryParams(new URLSearchParams({ limit: '500', offset: '10000', withTotal: 'true' }))).toMatchObject({
      limit: 500,
      offset: 10000,
      withTotal: true,
    });
    expect(parseQueryParams(new URLSearchParams({ limit: '0' })).limit).toBe(0);
  });
});
