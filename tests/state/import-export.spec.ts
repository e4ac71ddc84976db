/**
 * Import and export: `mock.state.export()` writes the whole state as versioned JSON, `initialData` and
 * `mock.state.import()` load it, checked whole first (a bad file names its first problem and loads
 * nothing); the server's `GET /__mock/state/export` and `POST /__mock/state/import`.
 */
import { mockInternals } from '../../src/api/mock.js';
import { productFactory, productTypeFactory } from '../../factories/index.js';
import {
  createCommerceMock,
  EXPORT_FORMAT,
  ImportError,
  type MockExport,
  sqliteStorage,
  interceptFetch,
  startServer,
  type CommerceMock,
} from '../../src/index.js';
import { expect, PROJECT_KEY, sdkApiRoot, sdkFailure, test } from '../support/sdk.js';

function seedShop(mock: CommerceMock) {
  mock.data.seed(productTypeFactory.asDefault().build());
  const products = mock.data.seed(productFactory.published().buildList(3));
  mock.project('other-project').data.seed([['channel', { key: 'elsewhere', roles: ['InventorySupply'] }]]);
  return products;
}

/** Runs `work` with the SDK's requests served by `target` (in place of the `mock` fixture, if any). */
async function servedBy<T>(target: CommerceMock, work: () => Promise<T>): Promise<T> {
  const interception = await interceptFetch(target, { allowNetConnect: false });
  try {
    return await work();
  } finally {
    await interception.restore();
  }
}

/** A copy through JSON text, as a file would carry it. */
const throughJson = (data: MockExport): MockExport => JSON.parse(JSON.stringify(data));

test.describe('export and import', () => {
  test('an export loaded into a new mock serves the same data, indexes and messages, in every project', async ({ mock, apiRoot }) => {
    const products = seedShop(mock);
    const customer = (
      await apiRoot
        .customers()
        .post({ body: { email: 'ann@example.com', password: 'secret' } })
        .execute()
    ).body.customer;

    const data = mock.state.export();
    expect(data).toMatchObject({ format: EXPORT_FORMAT, version: 1, exportedAt: expect.any(String) });
    expect(data.tokens).toBeUndefined();
    expect(Object.keys(data.projects).sort()).toEqual(['other-project', PROJECT_KEY]);

    const copy = createCommerceMock({ defaultProjectKey: PROJECT_KEY, initialData: throughJson(data) });
    await servedBy(copy, async () => {
      const copyRoot = sdkApiRoot(copy);
      expect((await copyRoot.products().withId({ ID: products[0]!.id }).get().execute()).body).toEqual(products[0]);
      expect(copy.data.all('product').map((p) => p.id)).toEqual(products.map((p) => p.id));
      expect(copy.project('other-project').data.getByKey('channel', 'elsewhere')).toBeDefined();
      expect(copy.events.messages()).toEqual(mock.events.messages());
      // The password hash and the unique email index came along: sign-in works, a second Ann is refused.
      const signIn = await copyRoot
        .login()
        .post({ body: { email: 'ann@example.com', password: 'secret' } })
        .execute();
      expect(signIn.body.customer.id).toBe(customer.id);
      const duplicate = await sdkFailure(
        copyRoot
          .customers()
          .post({ body: { email: 'ann@example.com', password: 'x' } })
          .execute(),
      );
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'email' });
      // Versions go on from the exported ones.
      const product = products[1]!;
      const updated = await copyRoot
        .products()
        .withId({ ID: product.id })
        .post({ body: { version: product.version, actions: [{ action: 'setKey', key: 'after-import' }] } })
        .execute();
      expect(updated.body.version).toBe(product.version + 1);
      // The copy served it: its own data changed, not the original's.
      expect(copy.data.get('product', product.id)?.version).toBe(product.version + 1);
      expect(mock.data.get('product', product.id)?.version).toBe(product.version);
    });
  });

  test('import() replaces the whole state: what the file does not hold is gone', async ({ mock }) => {
    const source = createCommerceMock({ defaultProjectKey: PROJECT_KEY });
    source.data.seed([['channel', { key: 'from-file', roles: ['InventorySupply'] }]]);
    seedShop(mock);

    mock.state.import(JSON.stringify(source.state.export()));
    expect(mock.data.all('product')).toEqual([]);
    expect(mock.data.all('channel').map((c) => c.key)).toEqual(['from-file']);
    expect(mock.project('other-project').data.all('channel')).toEqual([]);
  });

  test('tokens are exported only when asked, and then stay valid in the mock that imports them', async () => {
    const auth = { defaultProjectKey: PROJECT_KEY, enableAuthentication: true, validateCredentials: true } as const;
    const source = createCommerceMock(auth);
    const token = source.tokens.issue({ kind: 'client' });
    expect(source.state.export().tokens).toBeUndefined();
    const data = throughJson(source.state.export({ tokens: true }));
    expect(data.tokens).toEqual([token]);

    const withTokens = createCommerceMock({ ...auth, initialData: data });
    const withoutTokens = createCommerceMock({ ...auth, initialData: source.state.export() });
    const call = (target: CommerceMock) =>
      target.handle({ method: 'GET', url: `/${PROJECT_KEY}/channels`, headers: { authorization: `Bearer ${token.accessToken}` } });
    expect(call(withTokens).status).toBe(200);
    expect(call(withoutTokens).status).toBe(401);
    expect(withTokens.tokens.get(token.accessToken)).toEqual(token);
  });

  test('a bad file is refused with the path of its first problem, and the mock keeps its state', async ({ mock, apiRoot }) => {
    const products = seedShop(mock);
    const good = throughJson(mock.state.export());
    const cases: Array<[string, (data: MockExport) => unknown, RegExp]> = [
      ['format', (data) => ({ ...data, format: 'something-else' }), /import refused at format: /],
      ['version', (data) => ({ ...data, version: 2 }), /import refused at version: /],
      [
        'a document without a version',
        (data) => {
          delete (data.projects[PROJECT_KEY]!.product![1]!.document as { version?: number }).version;
          return data;
        },
        new RegExp(`import refused at projects\\.${PROJECT_KEY}\\.product\\[1\\]\\.document\\.version: `),
      ],
      [
        'a project key the platform cannot have',
        (data) => ({ ...data, projects: { 'Not A Key': {} } }),
        /import refused at projects\.Not A Key: /,
      ],
      [
        'an id twice',
        (data) => {
          const list = data.projects[PROJECT_KEY]!.product!;
          list.push({ document: { ...list[0]!.document } });
          return data;
        },
        new RegExp(
          `import refused at projects\\.${PROJECT_KEY}\\.product\\[3\\]\\.document\\.id: the id '${products[0]!.id}' appears twice`,
        ),
      ],
      [
        'a key twice',
        (data) => {
          const list = data.projects[PROJECT_KEY]!.product!;
          list[2] = { key: list[0]!.key!, document: list[2]!.document };
          return data;
        },
        new RegExp(`import refused at projects\\.${PROJECT_KEY}\\.product\\[2\\]\\.key: the key '${products[0]!.key}' appears twice`),
      ],
      ['an unknown field', (data) => ({ ...data, extra: true }), /import refused at \(root\): /],
    ];
    for (const [name, spoil, message] of cases) {
      const bad = spoil(structuredClone(good));
      expect(() => mock.state.import(bad as MockExport), name).toThrow(message);
      expect(() => mock.state.import(bad as MockExport), name).toThrow(ImportError);
    }
    expect(() => mock.state.import('{"format":')).toThrow(/import refused at \(root\): not JSON/);
    expect(() => createCommerceMock({ initialData: { ...good, version: 0 } as never })).toThrow(/import refused at version/);

    // Nothing was half-loaded: the data served is the data seeded.
    expect(mock.data.all('product')).toEqual(products);
    expect((await apiRoot.products().withId({ ID: products[2]!.id }).get().execute()).body).toEqual(products[2]);
  });

  test('an export moves between the memory and the SQLite backends', { tag: '@sqlite' }, async () => {
    const memory = createCommerceMock({ defaultProjectKey: PROJECT_KEY });
    const products = seedShop(memory);
    const sqlite = createCommerceMock({ defaultProjectKey: PROJECT_KEY, storage: sqliteStorage({ file: ':memory:' }) });
    try {
      sqlite.state.import(throughJson(memory.state.export()));
      expect(sqlite.data.all('product')).toEqual(products);
      const back = createCommerceMock({ defaultProjectKey: PROJECT_KEY, initialData: throughJson(sqlite.state.export()) });
      expect(back.state.export().projects).toEqual(memory.state.export().projects);
      const found = await servedBy(sqlite, () => sdkApiRoot(sqlite).products().withKey({ key: products[0]!.key! }).get().execute());
      expect(found.body.id).toBe(products[0]!.id);
    } finally {
      mockInternals(sqlite).storage.close?.();
    }
  });
});

test.describe('export and import on the server', () => {
  test('GET /__mock/state/export and POST /__mock/state/import carry the state between servers; a bad file is a 400 naming its path', async () => {
    const source = createCommerceMock({ defaultProjectKey: PROJECT_KEY });
    const target = createCommerceMock({ defaultProjectKey: PROJECT_KEY });
    const products = seedShop(source);
    target.data.seed([['channel', { key: 'kept', roles: ['InventorySupply'] }]]);
    const [from, to] = await Promise.all([startServer(source, { port: 0 }), startServer(target, { port: 0 })]);
    try {
      const exported = await fetch(`${from.url}/__mock/state/export?tokens=true`);
      expect(exported.status).toBe(200);
      const data = (await exported.json()) as MockExport;
      expect(data.tokens).toEqual([]);

      const bad = structuredClone(data);
      delete (bad.projects[PROJECT_KEY]!.product![0]!.document as { id?: string }).id;
      const refused = await fetch(`${to.url}/__mock/state/import`, { method: 'POST', body: JSON.stringify(bad) });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        statusCode: 400,
        errors: [
          {
            code: 'InvalidInput',
            message: expect.stringMatching(`import refused at projects\\.${PROJECT_KEY}\\.product\\[0\\]\\.document\\.id`),
          },
        ],
      });
      expect(target.data.all('channel').map((c) => c.key)).toEqual(['kept']);

      const imported = await fetch(`${to.url}/__mock/state/import`, { method: 'POST', body: JSON.stringify(data) });
      expect(imported.status).toBe(200);
      const served = await fetch(`${to.url}/${PROJECT_KEY}/products/${products[0]!.id}`);
      expect(await served.json()).toEqual(products[0]);
      expect(target.data.all('channel')).toEqual([]);
      expect((await fetch(`${from.url}/__mock/state/export?tokens=maybe`)).status).toBe(400);
    } finally {
      await Promise.all([from.close(), to.close()]);
    }
  });
});
