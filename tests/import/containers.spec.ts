/**
 * Import containers through the Import API's SDK: create with a resource type and a retention
 * policy, read, list with paging, replace (PUT, versioned), delete with their operations; and
 * their refusals, which store nothing.
 */
import { test, expect, sdkFailure } from '../support/sdk.js';
import { importApiRoot } from './support.js';

test('a container is created, read, listed, replaced with its version and deleted with its operations', async ({ mock }) => {
  const imports = importApiRoot(mock);
  const { body: created, statusCode } = await imports
    .importContainers()
    .post({ body: { key: 'products-1', resourceType: 'product' } })
    .execute();
  expect(statusCode).toBe(201);
  expect(created).toEqual({
    key: 'products-1',
    resourceType: 'product',
    version: 1,
    createdAt: expect.any(String),
    lastModifiedAt: created.createdAt,
  });
  await imports
    .importContainers()
    .post({ body: { key: 'anything' } })
    .execute();
  // The SDK 5's types predate retention policies: the draft is sent as the definition has it.
  const retained = { key: 'kept-a-day', retentionPolicy: { strategy: 'ttl', config: { timeToLive: '1d' } } };
  await imports
    .importContainers()
    .post({ body: retained as { key: string } })
    .execute();

  const container = imports.importContainers().withImportContainerKeyValue({ importContainerKey: 'products-1' });
  expect((await container.get().execute()).body).toEqual(created);
  const kept = (await imports.importContainers().withImportContainerKeyValue({ importContainerKey: 'kept-a-day' }).get().execute())
    .body as Record<string, any>;
  expect(kept.retentionPolicy).toEqual({ strategy: 'ttl', config: { timeToLive: '1d' } });
  expect(Date.parse(kept.expiresAt) - Date.parse(kept.createdAt)).toBe(86_400_000);

  const page = (
    await imports
      .importContainers()
      .get({ queryArgs: { limit: 2, offset: 1, sort: 'key asc' } })
      .execute()
  ).body;
  expect(page).toMatchObject({ limit: 2, offset: 1, count: 2, total: 3 });
  expect(page.results.map((result) => result.key)).toEqual(['kept-a-day', 'products-1']);

  // PUT replaces the resource type (left out: any type), with the version it was read at.
  const replaced = (await container.put({ body: { version: 1 } }).execute()).body;
  expect(replaced).toMatchObject({ key: 'products-1', version: 2 });
  expect(replaced.resourceType).toBeUndefined();
  const stale = await sdkFailure(container.put({ body: { version: 1, resourceType: 'category' } }).execute());
  expect(stale.statusCode).toBe(409);
  expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });

  await imports
    .categories()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'products-1' })
    .post({ body: { type: 'category', resources: [{ key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } }] } })
    .execute();
  expect(mock.data.all('import-operation')).toHaveLength(1);
  const deleted = await container.delete().execute();
  expect(deleted.body).toMatchObject({ key: 'products-1', version: 2 });
  expect(mock.data.all('import-operation')).toEqual([]);
  // The category it imported stays.
  expect(mock.data.getByKey('category', 'shoes')).toBeDefined();
  expect((await sdkFailure(container.get().execute())).body.errors[0]).toMatchObject({ code: 'ResourceNotFound' });
});

test('a container with a taken key, a bad key, an unknown resource type or a bad time to live is refused, and nothing is stored', async ({
  mock,
}) => {
  const imports = importApiRoot(mock);
  await imports
    .importContainers()
    .post({ body: { key: 'taken' } })
    .execute();
  const duplicate = await sdkFailure(
    imports
      .importContainers()
      .post({ body: { key: 'taken' } })
      .execute(),
  );
  expect(duplicate.statusCode).toBe(400);
  expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key' });

  const response = await fetch(`${mock.options.importUrl}/test-project/import-containers`, {
    method: 'POST',
    body: JSON.stringify({ key: 'a b', resourceType: 'carts', retentionPolicy: { strategy: 'ttl', config: { timeToLive: 'forever' } } }),
  });
  expect(response.status).toBe(400);
  const body = (await response.json()) as { statusCode: number; errors: Array<{ code: string; field?: string }> };
  expect(body.statusCode).toBe(400);
  expect(body.errors.map((error) => error.code)).toContain('InvalidJsonInput');
  expect(mock.data.all('import-container').map((container) => container.key)).toEqual(['taken']);

  const missing = await sdkFailure(
    imports.importContainers().withImportContainerKeyValue({ importContainerKey: 'nope' }).delete().execute(),
  );
  expect(missing.statusCode).toBe(404);
});
