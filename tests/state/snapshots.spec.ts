/**
 * Snapshots: `mock.state.snapshot()` captures every project's data and the issued tokens, `mock.state.restore()`
 * brings them back exactly, whatever happened since; cheap on the memory backend, correct on SQLite.
 */
import { mockInternals } from '../../src/api/mock.js';
import { productFactory, productTypeFactory } from '../../factories/index.js';
import { createCommerceMock, sqliteStorage, type CommerceMock } from '../../src/index.js';
import { expect, PROJECT_KEY, sdkFailure, test } from '../support/sdk.js';
import { temporarySqlite } from '../storage/backends.js';

function seedProducts(mock: CommerceMock, count: number) {
  mock.data.seed(productTypeFactory.asDefault().build());
  return mock.data.seed(productFactory.published().buildList(count));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test.describe('snapshot and restore', () => {
  test('restore undoes creates, updates and deletes made through the API, in every project', async ({ mock, apiRoot }) => {
    const [product] = seedProducts(mock, 2);
    mock.project('other-project').data.seed([['channel', { key: 'elsewhere', roles: ['InventorySupply'] }]]);
    const productIds = mock.data.all('product').map((p) => p.id);
    const snapshot = mock.state.snapshot();

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
    const second = mock.data.all('product')[1]!;
    await apiRoot
      .products()
      .withId({ ID: second.id })
      .delete({ queryArgs: { version: second.version } })
      .execute();
    mock.state.clear();
    expect(mock.data.all('product')).toHaveLength(0);

    mock.state.restore(snapshot);
    const restored = (await apiRoot.products().withId({ ID: product!.id }).get().execute()).body;
    expect(restored).toEqual(product);
    expect(mock.data.all('product').map((p) => p.id)).toEqual(productIds);
    expect((await sdkFailure(apiRoot.customers().withId({ ID: extra.id }).get().execute())).statusCode).toBe(404);
    expect(mock.project('other-project').data.getByKey('channel', 'elsewhere')).toBeDefined();
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
    const before = mock.tokens.issue({ kind: 'client' });
    const snapshot = mock.state.snapshot();
    const after = mock.tokens.issue({ kind: 'client' });
    const status = (token: string) =>
      mock.handle({ method: 'GET', url: `/${PROJECT_KEY}/products`, headers: { authorization: `Bearer ${token}` } }).status;
    expect(status(after.accessToken)).toBe(200);
    mock.state.restore(snapshot);
    expect(status(before.accessToken)).toBe(200);
    expect(status(after.accessToken)).toBe(401);
    expect(mock.tokens.list().map((t) => t.accessToken)).toEqual([before.accessToken]);
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
    const snapshot = mock.state.snapshot();
    // Both renames write version 2 within the same millisecond: only the document itself differs.
    const realNow = Date.now;
    const frozen = realNow();
    Date.now = () => frozen;
    try {
      await rename('Zeppelin');
      expect(await search('zeppelin')).toEqual([product!.id]);
      mock.state.restore(snapshot);
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
      const snapshot = mock.state.snapshot();
      mock.data.update('product', product!.id, { version: 1, actions: [{ action: 'setKey', key: 'changed' }] });
      mock.data.seed(productFactory.buildList(2));
      mock.state.restore(snapshot);
      expect(mock.data.all('product').map((p) => p.id)).toHaveLength(3);
      expect(mock.data.get('product', product!.id)).toEqual(product);
      expect(mock.data.getByKey('product', 'changed')).toBeUndefined();
    } finally {
      storage.close();
    }
  });

  test('a backend without snapshots, or something that is not a snapshot, is refused with a clear message', { tag: '@sqlite' }, () => {
    const mock = createCommerceMock({ storage: { ...new MemoryLike() } as never });
    expect(() => mock.state.snapshot()).toThrow(/the plain storage cannot take snapshots/);
    const memory = createCommerceMock();
    expect(() => memory.state.restore({} as never)).toThrow(/state\.restore\(\) takes what state\.snapshot\(\) returned/);
    const sqlite = createCommerceMock({ storage: sqliteStorage({ file: ':memory:' }) });
    expect(() => memory.state.restore(sqlite.state.snapshot())).toThrow(
      /the memory storage cannot restore a snapshot of the sqlite storage/,
    );
    mockInternals(sqlite).storage.close?.();
  });
});

test.describe('snapshot cost', () => {
  test.use({ mockOptions: { defaultProjectKey: PROJECT_KEY, storage: 'memory' } });

  test('restoring a 1,000-product catalog takes well under 5 ms on the memory backend', async ({ mock, apiRoot }) => {
    const seedStarted = performance.now();
    seedProducts(mock, 1000);
    const seedMs = performance.now() - seedStarted;
    const snapshot = mock.state.snapshot();
    const restores: number[] = [];
    for (let round = 0; round < 20; round++) {
      const [product] = mock.data.all('product');
      // Each round writes (so the next restore has something to undo) and restores.
      mock.data.update('product', product!.id, { version: product!.version, actions: [{ action: 'setKey', key: `round-${round}` }] });
      const started = performance.now();
      mock.state.restore(snapshot);
      restores.push(performance.now() - started);
    }
    const restoreMs = median(restores);
    console.log(`seeding 1,000 products: ${seedMs.toFixed(1)} ms; restoring them: median ${(restoreMs * 1000).toFixed(0)} µs`);
    expect(restoreMs).toBeLessThan(5);
    expect(mock.data.all('product')).toHaveLength(1000);
    expect(mock.data.all('product')[0]!.key).not.toMatch(/^round-/);
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
