/**
 * Paging through the official SDK: `limit` (default 20, 0..500), `offset` (default 0, at most
 * 10,000), `withTotal`, and the envelope's `count` and `total`. Out-of-range values are a 400.
 */
import { test, expect, sdkFailure } from '../support/sdk.js';
import { labels, list, type QueryArgs } from './support.js';
import { seedWorld } from './world.js';

const byName = { sort: 'firstName asc' } as const;

interface PagingCase {
  args: QueryArgs;
  envelope: { limit: number; offset: number; count: number; total?: number };
  names: string[];
}

const cases: PagingCase[] = [
  { args: {}, envelope: { limit: 20, offset: 0, count: 4, total: 4 }, names: ['Anna', 'Ben', 'Clara', 'Dora'] },
  { args: { limit: 2 }, envelope: { limit: 2, offset: 0, count: 2, total: 4 }, names: ['Anna', 'Ben'] },
  { args: { limit: 2, offset: 2 }, envelope: { limit: 2, offset: 2, count: 2, total: 4 }, names: ['Clara', 'Dora'] },
  { args: { limit: 2, offset: 3 }, envelope: { limit: 2, offset: 3, count: 1, total: 4 }, names: ['Dora'] },
  { args: { offset: 4 }, envelope: { limit: 20, offset: 4, count: 0, total: 4 }, names: [] },
  { args: { offset: 10_000 }, envelope: { limit: 20, offset: 10_000, count: 0, total: 4 }, names: [] },
  { args: { limit: 0 }, envelope: { limit: 0, offset: 0, count: 0, total: 4 }, names: [] },
  { args: { limit: 500 }, envelope: { limit: 500, offset: 0, count: 4, total: 4 }, names: ['Anna', 'Ben', 'Clara', 'Dora'] },
  { args: { limit: 1, withTotal: true }, envelope: { limit: 1, offset: 0, count: 1, total: 4 }, names: ['Anna'] },
  { args: { limit: 1, withTotal: false }, envelope: { limit: 1, offset: 0, count: 1 }, names: ['Anna'] },
  { args: { withTotal: false, offset: 1 }, envelope: { limit: 20, offset: 1, count: 3 }, names: ['Ben', 'Clara', 'Dora'] },
  // total counts the matches of where, not the page
  { args: { where: 'lastName = "Schmidt"', limit: 1 }, envelope: { limit: 1, offset: 0, count: 1, total: 2 }, names: ['Anna'] },
  { args: { where: 'lastName = "Schmidt"', limit: 1, offset: 1 }, envelope: { limit: 1, offset: 1, count: 1, total: 2 }, names: ['Dora'] },
  { args: { where: 'lastName = "Nobody"' }, envelope: { limit: 20, offset: 0, count: 0, total: 0 }, names: [] },
];

test.describe('paging', () => {
  for (const c of cases) {
    test(`${JSON.stringify(c.args)} → ${JSON.stringify(c.envelope)}`, async ({ mock, apiRoot }) => {
      seedWorld(mock);
      const page = await list(apiRoot, 'customers', { ...byName, ...c.args });
      const { results, ...envelope } = page;
      expect(envelope).toEqual(c.envelope);
      expect(labels('customers', page)).toEqual(c.names);
      expect(results).toHaveLength(c.envelope.count);
    });
  }

  test('withTotal=false omits total on every resource type', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    for (const resource of [
      'categories',
      'channels',
      'products',
      'product-projections',
      'stores',
      'tax-categories',
      'customer-groups',
    ] as const) {
      const page = await list(apiRoot, resource, { withTotal: false, limit: 1 });
      expect(page, resource).not.toHaveProperty('total');
      expect(page.count, resource).toBe(1);
      const counted = await list(apiRoot, resource, { limit: 1 });
      expect(counted.total, resource).toBeGreaterThan(1);
    }
  });

  test('more than the default limit: 20 per page, the rest on the next one', async ({ mock, apiRoot }) => {
    for (let i = 0; i < 45; i++)
      mock.data.create('customer-group', { key: `group-${String(i).padStart(2, '0')}`, groupName: `Group ${i}` });
    const first = await list(apiRoot, 'customer-groups', { sort: 'key asc' });
    expect(first.count).toBe(20);
    expect(first.total).toBe(45);
    expect(first.results[19]!.key).toBe('group-19');
    const last = await list(apiRoot, 'customer-groups', { sort: 'key asc', offset: 40 });
    expect(last.results.map((g) => g.key)).toEqual(['group-40', 'group-41', 'group-42', 'group-43', 'group-44']);
    expect(last.count).toBe(5);
  });

  /** Arguments the SDK's types would refuse are sent anyway: the mock must refuse them. */
  const invalid: Array<{ args: Record<string, string | number>; message: string }> = [
    { args: { limit: 501 }, message: "Malformed parameter: limit: the value '501' must be an integer between 0 and 500." },
    { args: { limit: -1 }, message: "Malformed parameter: limit: the value '-1' must be an integer between 0 and 500." },
    { args: { limit: 1.5 }, message: "Malformed parameter: limit: the value '1.5' must be an integer between 0 and 500." },
    { args: { limit: 'ten' }, message: "Malformed parameter: limit: the value 'ten' must be an integer between 0 and 500." },
    { args: { offset: 10_001 }, message: "Malformed parameter: offset: the value '10001' must be an integer between 0 and 10000." },
    { args: { offset: -5 }, message: "Malformed parameter: offset: the value '-5' must be an integer between 0 and 10000." },
    { args: { withTotal: 'yes' }, message: "Malformed parameter: withTotal: the value 'yes' must be true or false." },
  ];
  for (const c of invalid) {
    test(`${JSON.stringify(c.args)} → 400 InvalidInput`, async ({ mock, apiRoot }) => {
      seedWorld(mock);
      const failure = await sdkFailure(list(apiRoot, 'customers', c.args as unknown as QueryArgs));
      expect(failure.statusCode).toBe(400);
      expect(failure.body.errors).toEqual([{ code: 'InvalidInput', message: c.message }]);
      expect(failure.body.message).toBe(c.message);
    });
  }

  test('out-of-range values are refused on other resource types too (one generic implementation)', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    for (const resource of ['categories', 'products', 'product-projections', 'tax-categories'] as const) {
      const failure = await sdkFailure(list(apiRoot, resource, { limit: 501 }));
      expect(failure.statusCode, resource).toBe(400);
      expect(failure.body.errors[0]!.code, resource).toBe('InvalidInput');
    }
  });
});
