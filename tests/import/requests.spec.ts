/**
 * Import requests: a route for every import type of the definition, bodies validated before
 * anything is stored (the platform's error format), at most 20 resources, the container's resource
 * type, and what happens to an import type the mock does not write (`rejected`, saying so).
 */
import { test, expect } from '../support/sdk.js';
import type { CommerceMock } from '../../src/index.js';

const money = { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1000, fractionDigits: 2 };

/** One valid resource of each import type, by the path segment of its route. */
const RESOURCES: Record<string, [type: string, resource: Record<string, unknown>]> = {
  'business-units': ['business-unit', { key: 'bu', name: 'Unit', unitType: 'Company' }],
  categories: ['category', { key: 'cat', name: { en: 'Cat' }, slug: { en: 'cat' } }],
  customers: ['customer', { key: 'ada', email: 'ada@example.com', password: 'secret' }],
  'discount-codes': ['discount-code', { key: 'dc', code: 'SAVE', cartDiscounts: [{ typeId: 'cart-discount', key: 'cd' }], isActive: true }],
  inventories: ['inventory', { key: 'inv', sku: 'SKU-1', quantityOnStock: 3 }],
  orders: ['order', { orderNumber: 'o-1', totalPrice: money }],
  'order-patches': ['order-patch', { orderNumber: 'o-1', fields: {} }],
  prices: [
    'price',
    { key: 'p', value: money, product: { typeId: 'product', key: 'x' }, productVariant: { typeId: 'product-variant', key: 'x-1' } },
  ],
  'product-drafts': [
    'product-draft',
    { key: 'pd', name: { en: 'P' }, slug: { en: 'pd' }, productType: { typeId: 'product-type', key: 'pt' } },
  ],
  'product-selections': ['product-selection', { key: 'ps', name: { en: 'Selection' } }],
  'product-tailorings': [
    'product-tailoring',
    { key: 'tl', product: { typeId: 'product', key: 'x' }, store: { typeId: 'store', key: 's' } },
  ],
  'product-types': ['product-type', { key: 'pt', name: 'Type', description: 'A type' }],
  'product-variant-patches': ['product-variant-patch', { productVariant: { typeId: 'product-variant', key: 'x-1' } }],
  'product-variants': ['product-variant', { key: 'x-2', isMasterVariant: false, product: { typeId: 'product', key: 'x' } }],
  products: ['product', { key: 'pr', name: { en: 'P' }, slug: { en: 'pr' }, productType: { typeId: 'product-type', key: 'pt' } }],
  'standalone-prices': ['standalone-price', { key: 'sp', sku: 'SKU-1', value: money }],
  types: ['type', { key: 'ty', name: { en: 'Type' }, resourceTypeIds: ['category'] }],
  variants: ['variant', { key: 'v', sku: 'SKU-9', product: { typeId: 'product', key: 'x' } }],
};

async function post(mock: CommerceMock, path: string, body: unknown, origin = mock.options.importUrl) {
  const response = await fetch(`${origin}/test-project/${path}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

test('every import type of the definition has its import request route, answering an ImportResponse', async ({ mock }) => {
  await post(mock, 'import-containers', { key: 'all' });
  expect(Object.keys(RESOURCES)).toHaveLength(18);
  for (const [path, [type, resource]] of Object.entries(RESOURCES)) {
    // The patch types list theirs as `patches`.
    const items = type.endsWith('-patch') ? 'patches' : 'resources';
    const { status, body } = await post(mock, `${path}/import-containers/all`, { type, [items]: [resource] });
    expect(status, path).toBe(201);
    expect(body, path).toEqual({ operationStatus: [{ operationId: expect.any(String), state: 'processing' }] });
    const operation = (await (
      await fetch(`${mock.options.importUrl}/test-project/import-operations/${body.operationStatus[0].operationId}`)
    ).json()) as Record<string, any>;
    // Every import type is written: none is refused as one the mock does not import.
    expect(['imported', 'unresolved', 'validationFailed'], path).toContain(operation.state);
  }
  const summary = (await (await fetch(`${mock.options.importUrl}/test-project/import-containers/all/import-summaries`)).json()) as {
    total: number;
    states: Record<string, number>;
  };
  expect(summary.total).toBe(18);
  expect(summary.states.rejected).toBe(0);
});

test('a request of the wrong shape is refused in the platform format and stores nothing', async ({ mock }) => {
  await post(mock, 'import-containers', { key: 'c1' });
  // No name, a slug that is no LocalizedString, the type of another route.
  const refused = await post(mock, 'categories/import-containers/c1', { type: 'product', resources: [{ key: 'x', slug: 'x' }] });
  expect(refused.status).toBe(400);
  expect(refused.body.statusCode).toBe(400);
  expect(refused.body.errors.every((error: { code: string }) => error.code === 'InvalidJsonInput')).toBe(true);
  expect(refused.body.errors.map((error: { detailedErrorMessage: string }) => error.detailedErrorMessage).join(' ')).toMatch(
    /type|name|slug/,
  );

  const tooMany = Array.from({ length: 21 }, (_, index) => ({ key: `c${index}`, name: { en: 'C' }, slug: { en: `c${index}` } }));
  expect((await post(mock, 'categories/import-containers/c1', { type: 'category', resources: tooMany })).status).toBe(400);
  expect((await post(mock, 'categories/import-containers/c1', { type: 'category', resources: [] })).status).toBe(400);
  expect(mock.data.all('import-operation')).toEqual([]);
  expect(mock.data.all('category')).toEqual([]);

  // Twenty is the most one request takes.
  expect((await post(mock, 'categories/import-containers/c1', { type: 'category', resources: tooMany.slice(0, 20) })).status).toBe(201);
  expect(mock.data.all('category')).toHaveLength(20);
});

test('a standalone price without its sku is refused, naming the field; with it, the price is imported', async ({ mock }) => {
  await post(mock, 'import-containers', { key: 'prices' });
  const price = { key: 'sp', value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 100, fractionDigits: 2 }, active: true };
  const refused = await post(mock, 'standalone-prices/import-containers/prices', { type: 'standalone-price', resources: [price] });
  expect(refused.status).toBe(400);
  expect(refused.body.errors[0].code).toBe('InvalidJsonInput');
  expect(refused.body.errors.map((error: { detailedErrorMessage: string }) => error.detailedErrorMessage).join(' ')).toContain('sku');
  expect(mock.data.all('import-operation')).toEqual([]);
  const notABoolean = await post(mock, 'standalone-prices/import-containers/prices', {
    type: 'standalone-price',
    resources: [{ ...price, sku: 'SKU-1', active: 'yes' }],
  });
  expect(notABoolean.status).toBe(400);
  expect(mock.data.all('import-operation')).toEqual([]);

  const accepted = await post(mock, 'standalone-prices/import-containers/prices', {
    type: 'standalone-price',
    resources: [{ ...price, sku: 'SKU-1' }],
  });
  expect(accepted.status).toBe(201);
  expect(mock.data.all('import-operation')).toHaveLength(1);
});

test('a missing container is a 404; a container of another resource type refuses the request', async ({ mock }) => {
  const resource = { key: 'cat', name: { en: 'Cat' }, slug: { en: 'cat' } };
  const missing = await post(mock, 'categories/import-containers/nowhere', { type: 'category', resources: [resource] });
  expect(missing.status).toBe(404);
  expect(missing.body.errors[0]).toMatchObject({ code: 'ResourceNotFound' });

  await post(mock, 'import-containers', { key: 'prices-only', resourceType: 'price' });
  const other = await post(mock, 'categories/import-containers/prices-only', { type: 'category', resources: [resource] });
  expect(other.status).toBe(400);
  expect(other.body.errors[0].message).toContain("takes resources of the type 'price' only");
  expect(mock.data.all('import-operation')).toEqual([]);
});

test("the Import API's routes answer on the main API's base URL too, where no main route takes the path", async ({ mock }) => {
  const created = await post(mock, 'import-containers', { key: 'via-api' }, mock.options.apiUrl);
  expect(created.status).toBe(201);
  const imported = await post(
    mock,
    'categories/import-containers/via-api',
    { type: 'category', resources: [{ key: 'cat', name: { en: 'Cat' }, slug: { en: 'cat' } }] },
    mock.options.apiUrl,
  );
  expect(imported.status).toBe(201);
  expect(mock.data.getByKey('category', 'cat')).toBeDefined();
  // The main API's own category routes are untouched.
  expect((await fetch(`${mock.options.apiUrl}/test-project/categories/key=cat`)).status).toBe(200);
});
