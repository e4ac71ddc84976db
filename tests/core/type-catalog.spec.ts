/**
 * Resource types loaded on first use (src/engine/type-catalog.ts): a mock starts with only the type
 * that records the others' changes, a request loads the types routed under its path, a write loads
 * its type, and documents in the storage load theirs, so what the engine does for every type at once
 * (due work, group indexes) reaches every stored document, in a mock that never served the type.
 */
import { test, expect } from '@playwright/test';
import { createCommerceMock, type CommerceMock } from '../../src/index.js';
import { mockInternals } from '../../src/api/mock.js';
import { createMockFetch } from '../../src/adapters/transports/fetch.js';
import { TypeCatalog } from '../../src/engine/type-catalog.js';
import { typeManifest } from '../../src/resources/manifest.js';
import { registeredTypes } from '../../src/resources/index.js';
import { categories } from '../../src/resources/categories.js';
import { MemoryStorage } from '../../src/storage/memory.js';
import { recurringCart } from '../checkout/carts-support.js';
import { expect as sdkExpect, test as sdkTest } from '../support/sdk.js';

const loaded = (mock: CommerceMock) => [...mockInternals(mock).engine.types.loaded()].map((definition) => definition.typeId).sort();

const API = 'https://api.europe-west1.gcp.commercetools.com';

test('a new mock has loaded no type; the one that records changes (the Change History API) loads at the first served write', async () => {
  const recording = Object.entries(typeManifest)
    .filter(([, entry]) => 'recordsChanges' in entry && entry.recordsChanges)
    .map(([typeId]) => typeId);
  expect(recording).toEqual(['change-history']);
  const mock = createCommerceMock();
  expect(loaded(mock)).toEqual([]);
  // Written through the in-process API, not served: nothing is recorded, and the recorder stays unloaded.
  mock.data.create('category', { name: { en: 'Shoes' }, slug: { en: 'shoes' } });
  expect(loaded(mock)).toEqual(['category']);
  const created = await createMockFetch(mock)(`${API}/test-project/categories`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: { en: 'Boots' }, slug: { en: 'boots' } }),
  });
  expect(created.status).toBe(201);
  expect(loaded(mock)).toEqual(['category', 'change-history']);
  expect(mock.data.all('change-history')).toEqual([
    expect.objectContaining({ type: 'ResourceCreated', resource: expect.objectContaining({ typeId: 'category' }) }),
  ]);
});

test('a request loads the types routed under its path, and only those', async () => {
  const mock = createCommerceMock();
  const mockFetch = createMockFetch(mock);
  const project = await mockFetch(`${API}/test-project`);
  expect(project.status).toBe(200);
  expect(loaded(mock)).toEqual(['project']);

  const listed = await mockFetch(`${API}/test-project/categories`);
  expect(listed.status).toBe(200);
  expect(((await listed.json()) as { total: number }).total).toBe(0);
  expect(loaded(mock)).toEqual(['category', 'project']);

  // A scoped mount's path: the store's carts; the login under a store is the customer type's.
  expect((await mockFetch(`${API}/test-project/in-store/key=berlin/carts`)).status).toBe(200);
  expect(loaded(mock)).toContain('cart');
  expect(loaded(mock)).not.toContain('customer');
  const login = await mockFetch(`${API}/test-project/in-store/key=berlin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@example.com', password: 'secret' }),
  });
  expect(login.status).toBe(400);
  expect(((await login.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('InvalidCredentials');
  expect(loaded(mock)).toContain('customer');

  // A path no type is routed under loads nothing, and is a 404.
  const before = loaded(mock);
  expect((await mockFetch(`${API}/test-project/no-such-things`)).status).toBe(404);
  expect(loaded(mock)).toEqual(before);
  expect(loaded(mock)).not.toContain('product');
});

test('creating through the in-process API loads the type; a bad draft is refused the same way', () => {
  const mock = createCommerceMock();
  expect(() => mock.data.create('category', { name: { en: 'Shoes' }, slug: { en: 'x' } })).toThrow(/slug\.en/);
  expect(loaded(mock)).toContain('category');
  expect(mock.data.all('category')).toEqual([]);
  const created = mock.data.create('category', { name: { en: 'Shoes' }, slug: { en: 'shoes' } });
  expect(mock.data.get('category', created.id)?.slug).toEqual({ en: 'shoes' });
});

test('a catalog notifies each listener once per type, the types loaded before it listened first', () => {
  const definitions = new Map([['category', categories]]);
  let loads = 0;
  const catalog = new TypeCatalog(new Map([['category', { path: 'categories', routed: { api: ['categories'] } }]]), (typeId) => {
    loads++;
    return definitions.get(typeId)!;
  });
  expect(catalog.has('category')).toBe(true);
  expect(catalog.isLoaded('category')).toBe(false);
  catalog.loadRouted('api', 'products');
  expect(catalog.isLoaded('category')).toBe(false);
  catalog.loadRouted('api', 'categories');
  catalog.use(categories);
  expect(catalog.definition('category')).toBe(categories);
  expect(loads).toBe(1);
  const seen: string[] = [];
  catalog.onLoad((definition) => seen.push(definition.typeId));
  expect(seen).toEqual(['category']);
  expect(catalog.definition('product')).toBeUndefined();

  const storage = new MemoryStorage();
  const empty = new TypeCatalog(new Map([['category', { path: 'categories', routed: {} }]]), () => categories);
  empty.loadStored(storage);
  expect(empty.isLoaded('category')).toBe(false);
  storage.write('p', 'category', { id: 'c1', version: 1 }, { expectedVersion: 0 });
  empty.loadStored(storage);
  expect(empty.isLoaded('category')).toBe(true);
});

test('the manifest names each registered type with its definition, and nothing else', () => {
  expect(Object.keys(typeManifest).sort()).toEqual(Object.keys(registeredTypes).sort());
});

sdkTest(
  "a mock given another mock's export loads the stored types: its clock places the recurring order it never served",
  async ({ apiRoot, mock }) => {
    const { cart } = await recurringCart(apiRoot);
    mock.clock.set('2031-01-31T08:00:00Z');
    const recurring = await apiRoot
      .recurringOrders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, cartVersion: cart.version, startsAt: '2031-02-01T09:00:00.000Z' } })
      .execute();
    sdkExpect(recurring.statusCode).toBe(201);

    const fresh = createCommerceMock({ initialData: mock.state.export() });
    sdkExpect(loaded(fresh)).toContain('recurring-order');
    fresh.clock.set('2031-02-01T10:00:00Z');
    // Due work runs before each request: any request of the fresh mock places the order.
    sdkExpect((await createMockFetch(fresh)(`${API}/${mock.projectKey}`)).status).toBe(200);
    const orders = fresh.data.all('order');
    sdkExpect(orders).toHaveLength(1);
    sdkExpect(orders[0]).toMatchObject({
      origin: 'RecurringOrder',
      cart: { typeId: 'cart', id: cart.id },
      createdAt: '2031-02-01T09:00:00.000Z',
    });
    sdkExpect(fresh.data.get('recurring-order', recurring.body.id)).toMatchObject({ lastOrderAt: '2031-02-01T09:00:00.000Z' });
  },
);
