/**
 * `expect(commerce).toHaveImported(...)` (in process and against a server, with its failure message
 * and usage errors), and the Import API's state as part of the mock's: seeded containers and
 * operations (a seeded operation is processed as an imported one), and an export imported again,
 * whose waiting operation still resolves when what it waits for arrives.
 */
import type { ByProjectKeyRequestBuilder } from '@commercetools/importapi-sdk';
import { test, expect, failureOf, withServerPerWorker, type Commerce } from '../support/commerce.js';

const quick = expect.configure({ timeout: 50 });

/** Imports one category that is imported and one that waits for its parent, into the container `catalog`. */
async function importCategories(commerce: Commerce) {
  const imports: ByProjectKeyRequestBuilder = commerce.importApiRoot;
  await imports
    .importContainers()
    .post({ body: { key: 'catalog' } })
    .execute();
  const { body } = await imports
    .categories()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'catalog' })
    .post({
      body: {
        type: 'category',
        resources: [
          { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } },
          { key: 'boots', name: { en: 'Boots' }, slug: { en: 'boots' }, parent: { typeId: 'category', key: 'footwear' } },
        ],
      },
    })
    .execute();
  return { imports, ids: body.operationStatus.map((status) => status.operationId!) };
}

test('toHaveImported holds at once in process for an imported resource, and for a waiting one in its state', async ({ commerce }) => {
  await importCategories(commerce);
  // Processed when the import request committed: no waiting, no await needed in process.
  expect(commerce).toHaveImported({ containerKey: 'catalog', resourceKey: 'shoes' });
  expect(commerce).toHaveImported({ containerKey: 'catalog' });
  expect(commerce).toHaveImported({ containerKey: 'catalog', resourceKey: 'boots', state: 'unresolved' });
  expect(commerce).not.toHaveImported({ containerKey: 'catalog', resourceKey: 'boots' });
  expect(commerce).not.toHaveImported({ containerKey: 'other', resourceKey: 'shoes' });

  await commerce.data.seed(['category', { key: 'footwear', name: { en: 'Footwear' }, slug: { en: 'footwear' } }]);
  await expect(commerce).toHaveImported({ containerKey: 'catalog', resourceKey: 'boots' });
});

test("toHaveImported's failure lists the container's operations with what they wait for", async ({ commerce }) => {
  await importCategories(commerce);
  const message = await failureOf(() => quick(commerce).toHaveImported({ containerKey: 'catalog', resourceKey: 'boots' }));
  expect(message).toContain('expect(commerce).toHaveImported(expected)');
  expect(message).toContain('Expected: an import operation of the resource "boots" in the container "catalog" in the state imported');
  expect(message).toContain('"shoes" imported');
  expect(message).toContain('"boots" unresolved (waits for category "footwear")');
  const negated = await failureOf(() => quick(commerce).not.toHaveImported({ containerKey: 'catalog', resourceKey: 'shoes' }));
  expect(negated).toContain('Expected: no import operation of the resource "shoes"');
});

test('toHaveImported refuses wrong arguments with a usage error, for .not too', async ({ commerce }) => {
  for (const negated of [false, true]) {
    const e = negated ? expect(commerce).not : expect(commerce);
    expect(await failureOf(() => e.toHaveImported(undefined as never))).toContain(
      'Matcher error: expected must be { containerKey, resourceKey?, state? }',
    );
    expect(await failureOf(() => e.toHaveImported({ resourceKey: 'shoes' } as never))).toContain(
      'Matcher error: containerKey must be a non-empty string',
    );
    expect(await failureOf(() => e.toHaveImported({ containerKey: 'catalog', key: 'shoes' } as never))).toContain(
      'Matcher error: unknown expected key "key"',
    );
    expect(await failureOf(() => e.toHaveImported({ containerKey: 'catalog', state: 'done' } as never))).toContain(
      'Matcher error: state must be one of processing, validationFailed, unresolved',
    );
  }
});

test('seeded import containers and operations: an operation seeded is processed as an imported one', async ({ commerce }) => {
  await commerce.data.seed(
    ['import-container', { key: 'seeded', resourceType: 'category' }],
    [
      'import-operation',
      {
        importContainerKey: 'seeded',
        resourceKey: 'hats',
        importType: 'category',
        resource: { key: 'hats', name: { en: 'Hats' }, slug: { en: 'hats' } },
      },
    ],
  );
  expect(commerce).toHaveImported({ containerKey: 'seeded', resourceKey: 'hats' });
  expect((await commerce.data.getByKey('category', 'hats'))?.name).toEqual({ en: 'Hats' });
  const { body } = await (commerce.importApiRoot as ByProjectKeyRequestBuilder)
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'seeded' })
    .get()
    .execute();
  expect(body).toMatchObject({ key: 'seeded', resourceType: 'category', version: 1 });
});

test('an export holds the containers and operations; imported again, a waiting operation still resolves', async ({ commerce }) => {
  const { imports, ids } = await importCategories(commerce);
  const exported = await commerce.state.export();
  await commerce.state.clear();
  expect(await commerce.data.all('import-operation')).toEqual([]);
  await commerce.state.import(exported);

  const { body: summary } = await imports
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'catalog' })
    .importSummaries()
    .get()
    .execute();
  expect(summary).toMatchObject({ total: 2, states: { imported: 1, unresolved: 1 } });
  expect((await imports.importOperations().withIdValue({ id: ids[1]! }).get().execute()).body.state).toBe('unresolved');
  await commerce.apiRoot
    .categories()
    .post({ body: { key: 'footwear', name: { en: 'Footwear' }, slug: { en: 'footwear' } } })
    .execute();
  expect((await imports.importOperations().withIdValue({ id: ids[1]! }).get().execute()).body.state).toBe('imported');
  expect(commerce).toHaveImported({ containerKey: 'catalog', resourceKey: 'boots' });
});

withServerPerWorker()(
  'against a server, toHaveImported reads the server: awaited, it holds once the import is processed',
  async ({ commerce }) => {
    await importCategories(commerce);
    await expect(commerce).toHaveImported({ containerKey: 'catalog', resourceKey: 'shoes' });
    await expect(commerce).toHaveImported({ containerKey: 'catalog', resourceKey: 'boots', state: 'unresolved' });
    await expect(commerce).not.toHaveImported({ containerKey: 'catalog', resourceKey: 'boots' });
  },
);
