/**
 * Names a client chooses (update actions, path segments, fields of `where`/`sort`/`expand`, search
 * fields, facet names and aliases, custom field names, enum values, custom object containers) are
 * looked up as own properties only: `constructor`, `toString`, `__proto__`, `hasOwnProperty` and
 * `valueOf` never reach Object.prototype, so none of them is a 500.
 */
import type { CommerceMock } from '../../src/index.js';
import { PROJECT_KEY, expect, test } from '../support/sdk.js';

const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'] as const;

type Json = Record<string, any>;

async function send(mock: CommerceMock, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}${path}`, {
    method,
    ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

function seed(mock: CommerceMock) {
  mock.data.create('type', {
    key: 'notes',
    name: { en: 'Notes' },
    resourceTypeIds: ['customer'],
    fieldDefinitions: [{ name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } }],
  });
  const customer = mock.data.create<{ id: string; version: number }>('customer', {
    email: 'ada@example.com',
    password: 'secret',
    custom: { type: { typeId: 'type', key: 'notes' }, fields: {} },
  });
  const productType = mock.data.create<{ id: string }>('product-type', { name: 'shirt', description: 'Shirts', attributes: [] });
  mock.data.create('product', {
    productType: { typeId: 'product-type', id: productType.id },
    name: { en: 'Shirt' },
    slug: { en: 'shirt' },
    masterVariant: { sku: 'shirt-1' },
  });
  return customer;
}

for (const name of NAMES) {
  test(`'${name}' as a client-chosen name: never a 500, never read from Object.prototype`, async ({ mock }) => {
    const customer = seed(mock);
    const encoded = encodeURIComponent(name);

    const action = await send(mock, 'POST', `/customers/${customer.id}`, { version: customer.version, actions: [{ action: name }] });
    expect(action.status).toBe(400);
    expect(action.body.errors[0]).toMatchObject({ code: 'InvalidInput', field: 'actions[0].action' });

    const orders = await send(mock, 'POST', '/orders/search', { query: { exact: { field: name, value: 'x' } } });
    expect(orders.status).toBe(200);
    expect(orders.body.hits).toEqual([]);

    const aliased = await send(mock, 'GET', `/product-projections/search?facet=${encodeURIComponent(`variants.sku as ${name}`)}`);
    expect(aliased.status).toBe(200);
    expect(Object.hasOwn(aliased.body.facets, name)).toBe(true);
    expect(aliased.body.facets[name]).toMatchObject({ type: 'terms' });

    const requests: Array<[string, string, unknown?]> = [
      ['GET', `/${encoded}`],
      ['GET', `/customers/${encoded}`],
      ['GET', `/customers?sort=${encoded}+asc`],
      ['GET', `/customers?expand=${encoded}`],
      ['GET', `/customers?where=${encodeURIComponent(`${name} is defined`)}`],
      ['GET', `/product-projections/search?facet=${encoded}`],
      ['GET', `/product-projections/search?filter=${encodeURIComponent(`${name}:"x"`)}`],
      ['GET', `/product-projections/search?sort=${encoded}+asc`],
      ['POST', '/products/search', { query: { exact: { field: name, value: 'x' } } }],
      ['POST', '/products/search', { query: { [name]: {} } }],
      ['POST', '/products/search', { facets: [{ distinct: { name, field: 'variants.sku', fieldType: 'text' } }] }],
      ['POST', '/orders/search', { query: { [name]: {} } }],
      ['POST', `/customers/${customer.id}`, { version: customer.version, actions: [{ action: 'setCustomField', name, value: 'x' }] }],
      ['POST', '/channels', { key: 'web-channel', roles: [name] }],
      ['POST', '/carts', { currency: 'EUR', taxMode: name }],
      ['POST', '/custom-objects', { container: name, key: name, value: 1 }],
      ['GET', `/custom-objects/${encoded}/${encoded}`],
      ['GET', `/in-store/key=${encoded}/carts`],
    ];
    for (const [method, path, body] of requests) {
      const answer = await send(mock, method, path, body);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
    }
  });
}
