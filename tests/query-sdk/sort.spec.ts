/**
 * `sort` through the official SDK. The spec listed "sort is ignored" as a deviation; commerce-mock
 * sorts for real: asc/desc, several keys, nested and localized paths, stable ties, missing values
 * placed as if they were the largest value (last for asc, first for desc). Each case asserts the
 * exact order.
 */
import { test, expect, sdkFailure } from '../support/sdk.js';
import { labels, list, type ListResource, type QueryArgs } from './support.js';
import { seedWorld } from './world.js';

interface SortCase {
  resource: ListResource;
  args: QueryArgs;
  expected: string[];
  note?: string;
}

const cases: SortCase[] = [
  // one key, both directions
  { resource: 'customers', args: { sort: 'firstName asc' }, expected: ['Anna', 'Ben', 'Clara', 'Dora'] },
  { resource: 'customers', args: { sort: 'firstName desc' }, expected: ['Dora', 'Clara', 'Ben', 'Anna'] },
  { resource: 'customers', args: { sort: 'email desc' }, expected: ['Dora', 'Clara', 'Ben', 'Anna'] },
  {
    resource: 'customers',
    args: { sort: 'firstName DESC' },
    expected: ['Dora', 'Clara', 'Ben', 'Anna'],
    note: 'direction is case-insensitive',
  },
  // ties keep the storage (creation) order, in both directions
  { resource: 'customers', args: { sort: 'lastName asc' }, expected: ['Ben', 'Clara', 'Anna', 'Dora'] },
  { resource: 'customers', args: { sort: 'lastName desc' }, expected: ['Anna', 'Dora', 'Clara', 'Ben'] },
  { resource: 'customers', args: { sort: 'isEmailVerified desc' }, expected: ['Anna', 'Clara', 'Ben', 'Dora'] },
  // several sort parameters: the first decides, the next breaks its ties
  { resource: 'customers', args: { sort: ['lastName asc', 'firstName desc'] }, expected: ['Ben', 'Clara', 'Dora', 'Anna'] },
  { resource: 'customers', args: { sort: ['lastName desc', 'firstName desc'] }, expected: ['Dora', 'Anna', 'Clara', 'Ben'] },
  { resource: 'customers', args: { sort: ['isEmailVerified asc', 'firstName desc'] }, expected: ['Dora', 'Ben', 'Clara', 'Anna'] },
  // missing values: as if largest, so last ascending and first descending
  { resource: 'customers', args: { sort: 'dateOfBirth asc' }, expected: ['Dora', 'Anna', 'Ben', 'Clara'] },
  { resource: 'customers', args: { sort: 'dateOfBirth desc' }, expected: ['Clara', 'Ben', 'Anna', 'Dora'] },
  { resource: 'customers', args: { sort: 'key desc' }, expected: ['Clara', 'Dora', 'Ben', 'Anna'] },
  // nested paths; numbers order numerically (1200 after 80)
  { resource: 'customers', args: { sort: 'custom.fields.points asc' }, expected: ['Dora', 'Ben', 'Anna', 'Clara'] },
  { resource: 'customers', args: { sort: 'custom.fields.points desc' }, expected: ['Clara', 'Anna', 'Ben', 'Dora'] },
  // a path through an array sorts by the smallest element ascending, the largest descending
  { resource: 'customers', args: { sort: 'addresses.city asc' }, expected: ['Anna', 'Ben', 'Dora', 'Clara'] },
  { resource: 'customers', args: { sort: 'addresses.city desc' }, expected: ['Clara', 'Anna', 'Dora', 'Ben'] },
  // localized paths
  { resource: 'categories', args: { sort: 'name.en asc' }, expected: ['clothing', 'men', 'sale', 'shirts', 'women'] },
  { resource: 'categories', args: { sort: 'name.en desc' }, expected: ['women', 'shirts', 'sale', 'men', 'clothing'] },
  { resource: 'categories', args: { sort: 'name.de asc' }, expected: ['women', 'shirts', 'men', 'clothing', 'sale'] },
  { resource: 'categories', args: { sort: 'name.de desc' }, expected: ['sale', 'clothing', 'men', 'shirts', 'women'] },
  { resource: 'categories', args: { sort: 'orderHint asc' }, expected: ['women', 'men', 'shirts', 'clothing', 'sale'] },
  { resource: 'categories', args: { sort: ['parent.id asc', 'key desc'], where: 'parent is not defined' }, expected: ['sale', 'clothing'] },
  { resource: 'products', args: { sort: 'masterData.current.name.en asc' }, expected: ['blue-jeans', 'green-cap', 'red-shirt'] },
  { resource: 'products', args: { sort: 'masterData.current.name.en desc' }, expected: ['red-shirt', 'green-cap', 'blue-jeans'] },
  { resource: 'products', args: { sort: 'masterData.current.name.de asc' }, expected: ['green-cap', 'red-shirt', 'blue-jeans'] },
  { resource: 'products', args: { sort: 'masterData.current.name.de desc' }, expected: ['blue-jeans', 'red-shirt', 'green-cap'] },
  { resource: 'products', args: { sort: ['masterData.published desc', 'key asc'] }, expected: ['green-cap', 'red-shirt', 'blue-jeans'] },
  {
    resource: 'products',
    args: { sort: 'masterData.current.masterVariant.prices.value.centAmount desc' },
    expected: ['blue-jeans', 'red-shirt', 'green-cap'],
  },
  { resource: 'product-projections', args: { sort: 'name.en desc' }, expected: ['red-shirt', 'green-cap'] },
  { resource: 'product-projections', args: { sort: 'name.en asc', staged: true }, expected: ['blue-jeans', 'green-cap', 'red-shirt'] },
  { resource: 'product-projections', args: { sort: 'masterVariant.sku asc' }, expected: ['green-cap', 'red-shirt'] },
  // numbers in arrays of objects
  { resource: 'tax-categories', args: { sort: 'rates.amount desc' }, expected: ['zero', 'standard', 'reduced'] },
  { resource: 'tax-categories', args: { sort: 'rates.amount asc' }, expected: ['standard', 'reduced', 'zero'] },
  { resource: 'channels', args: { sort: 'key asc' }, expected: ['berlin', 'munich', 'online', 'potsdam'] },
  { resource: 'stores', args: { sort: 'languages desc' }, expected: ['global', 'paris-store', 'berlin-store'] },
  // sort with where and paging: sorted first, then paged
  { resource: 'customers', args: { sort: 'firstName desc', where: 'isEmailVerified = true' }, expected: ['Clara', 'Anna'] },
  { resource: 'customers', args: { sort: 'firstName asc', limit: 2 }, expected: ['Anna', 'Ben'] },
  { resource: 'customers', args: { sort: 'firstName asc', limit: 2, offset: 1 }, expected: ['Ben', 'Clara'] },
  { resource: 'customers', args: { sort: 'firstName desc', limit: 2, offset: 3 }, expected: ['Anna'] },
  { resource: 'customers', args: { sort: 'dateOfBirth desc', limit: 1 }, expected: ['Clara'] },
];

test.describe('sort', () => {
  for (const c of cases) {
    test(`${c.resource} ${JSON.stringify(c.args)} → ${c.expected.join(', ')}${c.note ? ` (${c.note})` : ''}`, async ({ mock, apiRoot }) => {
      seedWorld(mock);
      const page = await list(apiRoot, c.resource, c.args);
      expect(labels(c.resource, page)).toEqual(c.expected);
      expect(page.count).toBe(c.expected.length);
    });
  }

  test('without sort: creation order', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    expect(labels('customers', await list(apiRoot, 'customers'))).toEqual(['Anna', 'Ben', 'Clara', 'Dora']);
    expect(labels('categories', await list(apiRoot, 'categories'))).toEqual(['clothing', 'men', 'shirts', 'women', 'sale']);
    expect(labels('channels', await list(apiRoot, 'channels', { where: 'roles contains any ("ProductDistribution")' }))).toEqual([
      'berlin',
      'munich',
      'online',
    ]);
  });

  test('by a reference id: groups in id order, customers without a group last', async ({ mock, apiRoot }) => {
    const world = seedWorld(mock);
    const page = await list(apiRoot, 'customers', { sort: ['customerGroup.id asc', 'firstName asc'] });
    const goldFirst = world.groups.gold.id < world.groups.silver.id;
    expect(labels('customers', page)).toEqual(goldFirst ? ['Anna', 'Dora', 'Ben', 'Clara'] : ['Ben', 'Anna', 'Dora', 'Clara']);
  });

  test('stable: paging through a sort with ties gives every resource once, in the order of the full result', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    for (let i = 0; i < 20; i++) {
      mock.data.create('customer', { email: `tie-${i}@example.com`, password: 'x', firstName: 'Tie', lastName: i % 2 ? 'Odd' : 'Even' });
    }
    const full = await list(apiRoot, 'customers', { sort: ['firstName asc', 'lastName desc'], limit: 500 });
    expect(full.total).toBe(24);
    const emails = (page: { results: Array<Record<string, unknown>> }) => page.results.map((c) => String(c.email));
    const paged: string[] = [];
    for (let offset = 0; offset < 24; offset += 5) {
      paged.push(...emails(await list(apiRoot, 'customers', { sort: ['firstName asc', 'lastName desc'], limit: 5, offset })));
    }
    expect(paged).toEqual(emails(full));
    expect(new Set(paged).size).toBe(24);
    // Ties keep creation order: the Odd ones (1, 3, ...) first, each group in creation order.
    const ties = emails(full).filter((email) => email.startsWith('tie-'));
    expect(ties).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `tie-${2 * i + 1}@example.com`),
      ...Array.from({ length: 10 }, (_, i) => `tie-${2 * i}@example.com`),
    ]);
  });

  test('sort does not change the result set, count or total', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const sorted = await list(apiRoot, 'customers', { sort: 'firstName desc', where: 'lastName = "Schmidt"', limit: 1 });
    expect(labels('customers', sorted)).toEqual(['Dora']);
    expect(sorted.count).toBe(1);
    expect(sorted.total).toBe(2);
  });

  test('a malformed sort expression is a 400 InvalidInput', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    for (const sort of ['firstName up', 'firstName asc desc', 'first name asc', 'name.en. asc', '']) {
      const failure = await sdkFailure(list(apiRoot, 'customers', { sort }));
      expect(failure.statusCode, sort).toBe(400);
      expect(failure.body.errors[0]!.code).toBe('InvalidInput');
      expect(failure.body.message).toBe(
        `Malformed parameter: sort: Invalid sort expression '${sort}'. Expected '<field> asc' or '<field> desc', e.g. 'createdAt desc' or 'name.en asc'.`,
      );
    }
  });
});
