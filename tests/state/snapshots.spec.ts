/**
 * Snapshots: `mock.snapshot()` captures every project's data and the issued tokens, `mock.restore()`
 * brings them back exactly, whatever happened since; cheap on the memory backend, correct on SQLite.
 */
import { productFactory, productTypeFactory } from '../../factories/index.js';
import { createCommerceMock, sqliteStorage, type CommerceMock } from '../../src/index.js';
import { expect, PROJECT_KEY, sdkFailure, test } from '../support/sdk.js';
import { temporarySqlite } from '../storage/backends.js';

function seedProducts(mock: CommerceMock, count: number) {
  mock.seed(productTypeFactory.asDefault().build());
  return mock.seed(productFactory.published().buildList(count));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test.describe('snapshot and restore', () => {
  test('restore undoes creates, updates and deletes made through the API, in every project', async ({ mock, apiRoot }) => {
    const [product] = seedProducts(mock, 2);
    mock.seed([['channel', { key: 'elsewhere', roles: ['InventorySupply'] }]], { projectKey: 'other-project' });
    const productIds = mock.all('product').map((p) => p.id);
    const snapshot = mock.snapshot();

    await apiRoot
      .products()
      .withId({ ID: product!.id })
      .post({ body: { version: product!.version, actions: [{ action: 'changeName', name: { en: 'Renamed' }, staged: false }] } })
      .execute();
    const extra = (
      await apiRoot
        .customers()
        .post({ body: { email: 'new@example.com', password: 'secret' } })
        .execute()
    ).body.customer;
    const second = mock.all('product')[1]!;
    await apiRoot
      .products()
      .withId({ ID: second.id })
      .delete({ queryArgs: { version: second.version } })
      .execute();
    mock.clear();
    expect(mock.all('product')).toHaveLength(0);

    mock.restore(snapshot);
    const restored = (await apiRoot.products().withId({ ID: product!.id }).get().execute()).body;
    expect(restored).toEqual(product);
    expect(mock.all('product').map((p) => p.id)).toEqual(productIds);
    expect((await sdkFailure(apiRoot.customers().withId({ ID: extra.id }).get().execute())).statusCode).toBe(404);
    expect(mock.getByKey('channel', 'elsewhere', { projectKey: 'other-project' })).toBeDefined();
    // The data goes on as usual: the version restored is the one to write against.
    const updated = await apiRoot
      .products()
      .withId({ ID: product!.id })
      .post({ body: { version: product!.version, actions: [{ action: 'setKey', key: 'after-restore' }] } })
      .execute();
    expect(updated.body.version).toBe(product!.version + 1);
  });

  test('tokens are part of the state: one issued after the snapshot is unknown after restore', async () => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, enableAuthentication: true, validateCredentials: true });
    const before = mock.issueToken({ kind: 'client' });
    const snapshot = mock.snapshot();
    const after = mock.issueToken({ kind: 'client' });
    const status = (token: string) =>
      mock.handle({ method: 'GET', url: `/${PROJECT_KEY}/products`, headers: { authorization: `Bearer ${token}` } }).status;
    expect(status(after.accessToken)).toBe(200);
    mock.restore(snapshot);
    expect(status(before.accessToken)).toBe(200);
    expect(status(after.accessToken)).toBe(401);
    expect(
      mock
        .authStore()
        .list()
        .map((t) => t.accessToken),
    ).toEqual([before.accessToken]);
  });

  test('search sees the restored catalog, even when a write after the restore repeats a version with other values', async ({
    mock,
    apiRoot,
  }) => {
    const [product] = seedProducts(mock, 3);
    const search = async (text: string) =>
      (
        await apiRoot
          .productProjections()
          .search()
          .get({ queryArgs: { 'text.en': text } })
          .execute()
      ).body.results.map((p) => p.id);
    const rename = async (name: string) =>
      apiRoot
        .products()
        .withId({ ID: product!.id })
        .post({ body: { version: product!.version, actions: [{ action: 'changeName', name: { en: name }, staged: false }] } })
        .execute();
    const snapshot = mock.snapshot();
    // Both renames write version 2 within the same millisecond: only the document itself differs.
    const realNow = Date.now;
    const frozen = realNow();
    Date.now = () => frozen;
    try {
      await rename('Zeppelin');
      expect(await search('zeppelin')).toEqual([product!.id]);
      mock.restore(snapshot);
      // No search in between: the index last saw version 2 named Zeppelin.
      await rename('Dirigible');
      expect(await search('dirigible')).toEqual([product!.id]);
      expect(await search('zeppelin')).toEqual([]);
    } finally {
      Date.now = realNow;
    }
  });

  test('the SQLite backend restores by rewriting its table: the same result, at a cost that grows with the data', {
    tag: '@sqlite',
  }, async () => {
    const storage = temporarySqlite();
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, storage });
    try {
      const [product] = seedProducts(mock, 3);
      const snapshot = mock.snapshot();
      mock.update('product', product!.id, { version: 1, actions: [{ action: 'setKey', key: 'changed' }] });
      mock.seed(productFactory.buildList(2));
      mock.restore(snapshot);
      expect(mock.all('product').map((p) => p.id)).toHaveLength(3);
      expect(mock.get('product', product!.id)).toEqual(product);
      expect(mock.getByKey('product', 'changed')).toBeUndefined();
    } finally {
      storage.close();
    }
  });

  test('a backend without snapshots, or something that is not a snapshot, is refused with a clear message', { tag: '@sqlite' }, () => {
    const mock = createCommerceMock({ storage: { ...new MemoryLike() } as never });
    expect(() => mock.snapshot()).toThrow(/the plain storage cannot take snapshots/);
    const memory = createCommerceMock();
    expect(() => memory.restore({} as never)).toThrow(/restore\(\) takes what snapshot\(\) returned/);
    const sqlite = createCommerceMock({ storage: sqliteStorage({ file: ':memory:' }) });
    expect(() => memory.restore(sqlite.snapshot())).toThrow(/the memory storage cannot restore a snapshot of the sqlite storage/);
    sqlite.storage.close?.();
  });
});

test.describe('snapshot cost', () => {
  test.use({ mockOptions: { defaultProjectKey: PROJECT_KEY, storage: 'memory' } });

  test('restoring a 1,000-product catalog takes well under 5 ms on the memory backend', async ({ mock, apiRoot }) => {
    const seedStarted = performance.now();
    seedProducts(mock, 1000);
    const seedMs = performance.now() - seedStarted;
    const snapshot = mock.snapshot();
    const restores: number[] = [];
    for (let round = 0; round < 20; round++) {
      const [product] = mock.all('product');
      // Each round writes (so the next restore has something to undo) and restores.
      mock.update('product', product!.id, { version: product!.version, actions: [{ action: 'setKey', key: `round-${round}` }] });
      const started = performance.now();
      mock.restore(snapshot);
      restores.push(performance.now() - started);
    }
    const restoreMs = median(restores);
    console.log(`seeding 1,000 products: ${seedMs.toFixed(1)} ms; restoring them: median ${(restoreMs * 1000).toFixed(0)} µs`);
    expect(restoreMs).toBeLessThan(5);
    expect(mock.all('product')).toHaveLength(1000);
    expect(mock.all('product')[0]!.key).not.toMatch(/^round-/);
    expect(
      (
        await apiRoot
          .products()
          .get({ queryArgs: { limit: 1 } })
          .execute()
      ).body.total,
    ).toBe(1000);
  });
});

/** A minimal backend without snapshot() and restore(). */
class MemoryLike {
  name = 'plain';
  get = () => undefined;
  getByKey = () => undefined;
  write = () => {};
  delete = () => undefined;
  scan = () => [];
  count = () => 0;
  transaction = <T>(work: () => T) => work();
  projects = () => [];
  clear = () => {};
}
