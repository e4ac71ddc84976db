import type { ByProjectKeyRequestBuilder, CustomObject, CustomObjectDraft } from '@commercetools/platform-sdk';
import { test, expect, invalidJson, sdkFailure, PROJECT_KEY } from '../support/sdk.js';

/** A body the SDK's types would refuse: for validation tests. */
const raw = <T>(value: unknown) => value as T;

async function upsert(apiRoot: ByProjectKeyRequestBuilder, body: CustomObjectDraft, status: 200 | 201): Promise<CustomObject> {
  const response = await apiRoot.customObjects().post({ body }).execute();
  expect(response.statusCode).toBe(status);
  return response.body;
}

const read = async (apiRoot: ByProjectKeyRequestBuilder, container: string, key: string) =>
  (await apiRoot.customObjects().withContainerAndKey({ container, key }).get().execute()).body;

test.describe('custom objects: create or replace', () => {
  test('a new container/key is created: 201 with version 1', async ({ apiRoot, mock }) => {
    const object = await upsert(apiRoot, { container: 'settings', key: 'theme', value: { colour: 'blue', sizes: [1, 2] } }, 201);
    expect(object).toMatchObject({ version: 1, container: 'settings', key: 'theme', value: { colour: 'blue', sizes: [1, 2] } });
    expect(object.id).toEqual(expect.any(String));
    expect(object.createdAt).toBe(object.lastModifiedAt);
    expect(await read(apiRoot, 'settings', 'theme')).toEqual(object);
    expect(mock.data.all('key-value-document')).toHaveLength(1);
  });

  test('values may be any JSON but null; fields of value that are null are not saved', async ({ apiRoot }) => {
    expect((await upsert(apiRoot, { container: 'c', key: 'string', value: 'text' }, 201)).value).toBe('text');
    expect((await upsert(apiRoot, { container: 'c', key: 'number', value: 0 }, 201)).value).toBe(0);
    expect((await upsert(apiRoot, { container: 'c', key: 'false', value: false }, 201)).value).toBe(false);
    expect((await upsert(apiRoot, { container: 'c', key: 'list', value: [1, 'a', null] }, 201)).value).toEqual([1, 'a', null]);
    const nested = await upsert(
      apiRoot,
      { container: 'c', key: 'nested', value: { a: 1, gone: null, inner: { b: null, c: 'x' }, list: [{ d: null }] } },
      201,
    );
    expect(nested.value).toEqual({ a: 1, inner: { c: 'x' }, list: [{}] });
  });

  test('an existing container/key is replaced: 200, same id, version +1', async ({ apiRoot, mock }) => {
    const first = await upsert(apiRoot, { container: 'settings', key: 'theme', value: { colour: 'blue' } }, 201);
    const second = await upsert(apiRoot, { container: 'settings', key: 'theme', value: { size: 'XL' } }, 200);
    expect(second).toMatchObject({ id: first.id, version: 2, value: { size: 'XL' }, createdAt: first.createdAt });
    expect(await read(apiRoot, 'settings', 'theme')).toEqual(second);
    expect(mock.data.all('key-value-document')).toHaveLength(1);
    // The platform replaces on every upsert, so the version moves even when the value is the same.
    const third = await upsert(apiRoot, { container: 'settings', key: 'theme', value: { size: 'XL' } }, 200);
    expect(third.version).toBe(3);
  });

  test('the same key in another container is another object', async ({ apiRoot, mock }) => {
    const a = await upsert(apiRoot, { container: 'one', key: 'same', value: 1 }, 201);
    const b = await upsert(apiRoot, { container: 'two', key: 'same', value: 2 }, 201);
    expect(a.id).not.toBe(b.id);
    expect((await read(apiRoot, 'one', 'same')).value).toBe(1);
    expect((await read(apiRoot, 'two', 'same')).value).toBe(2);
    expect(mock.data.all('key-value-document')).toHaveLength(2);
  });

  test('with the current version the replace succeeds; with another it is a 409 and nothing is stored', async ({ apiRoot }) => {
    await upsert(apiRoot, { container: 'c', key: 'k', value: 'v1' }, 201);
    const second = await upsert(apiRoot, { container: 'c', key: 'k', value: 'v2', version: 1 }, 200);
    expect(second).toMatchObject({ version: 2, value: 'v2' });
    for (const version of [1, 3, 0]) {
      const failure = await sdkFailure(
        apiRoot
          .customObjects()
          .post({ body: { container: 'c', key: 'k', value: 'v3', version } })
          .execute(),
      );
      expect(failure.statusCode, `version ${version}`).toBe(409);
      expect(failure.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    }
    expect(await read(apiRoot, 'c', 'k')).toEqual(second);
  });

  test('a version on a draft for a new container/key is no obstacle', async ({ apiRoot }) => {
    const created = await upsert(apiRoot, { container: 'c', key: 'fresh', value: 'v', version: 0 }, 201);
    expect(created.version).toBe(1);
  });

  test('container, key and value are required; nothing is stored', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .customObjects()
        .post({ body: raw<CustomObjectDraft>({}) })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual(
      ['container: Missing required value.', 'key: Missing required value.', 'value: Missing required value.'].map(invalidJson),
    );
    const nullValue = await sdkFailure(
      apiRoot
        .customObjects()
        .post({ body: { container: 'c', key: 'k', value: null } })
        .execute(),
    );
    expect(nullValue.body.errors).toEqual([invalidJson('value: A JSON value expected, not null.')]);
    expect(mock.data.all('key-value-document')).toHaveLength(0);
  });

  test('containers and keys outside the allowed characters are InvalidField errors; nothing is stored', async ({ apiRoot, mock }) => {
    const failure = await sdkFailure(
      apiRoot
        .customObjects()
        .post({ body: { container: 'has space', key: 'a/b', value: 1, version: 0 } })
        .execute(),
    );
    const fields = failure.body.errors.map((e) => [e.code, e.field]);
    expect(fields).toContainEqual(['InvalidField', 'container']);
    expect(fields).toContainEqual(['InvalidField', 'key']);
    const version = await sdkFailure(
      apiRoot
        .customObjects()
        .post({ body: raw<CustomObjectDraft>({ container: 'c', key: 'k', value: 1, version: 'one' }) })
        .execute(),
    );
    expect(version.body.errors).toEqual([invalidJson('version: JSON number expected.')]);
    // The allowed punctuation: - _ ~ .
    expect((await upsert(apiRoot, { container: 'a-b_c~d.e', key: '.~_-', value: 1 }, 201)).container).toBe('a-b_c~d.e');
    expect(mock.data.all('key-value-document')).toHaveLength(1);
  });
});

test.describe('custom objects: reading', () => {
  test('get by container and key; an unknown one is a 404', async ({ apiRoot }) => {
    const object = await upsert(apiRoot, { container: 'c', key: 'k', value: 1 }, 201);
    expect(await read(apiRoot, 'c', 'k')).toEqual(object);
    const missing = await sdkFailure(apiRoot.customObjects().withContainerAndKey({ container: 'c', key: 'other' }).get().execute());
    expect(missing.statusCode).toBe(404);
    expect(missing.body.errors[0]!.code).toBe('ResourceNotFound');
    const otherContainer = await sdkFailure(apiRoot.customObjects().withContainerAndKey({ container: 'd', key: 'k' }).get().execute());
    expect(otherContainer.statusCode).toBe(404);
  });

  test('a container lists its objects only, paged, with where', async ({ apiRoot }) => {
    for (let i = 1; i <= 5; i++) await upsert(apiRoot, { container: 'list', key: `k${i}`, value: { n: i } }, 201);
    await upsert(apiRoot, { container: 'elsewhere', key: 'k1', value: { n: 99 } }, 201);
    const all = (await apiRoot.customObjects().withContainer({ container: 'list' }).get().execute()).body;
    expect(all).toMatchObject({ count: 5, total: 5, offset: 0, limit: 20 });
    expect(all.results.map((o) => o.key)).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']);
    const page = (
      await apiRoot
        .customObjects()
        .withContainer({ container: 'list' })
        .get({ queryArgs: { limit: 2, offset: 2 } })
        .execute()
    ).body;
    expect(page).toMatchObject({ count: 2, total: 5, offset: 2, limit: 2 });
    expect(page.results.map((o) => o.key)).toEqual(['k3', 'k4']);
    const filtered = (
      await apiRoot
        .customObjects()
        .withContainer({ container: 'list' })
        .get({ queryArgs: { where: 'value(n > 3)' } })
        .execute()
    ).body;
    expect(filtered.results.map((o) => o.key)).toEqual(['k4', 'k5']);
    const empty = (await apiRoot.customObjects().withContainer({ container: 'nothing' }).get().execute()).body;
    expect(empty).toMatchObject({ count: 0, total: 0, results: [] });
  });

  test('the project-wide query returns every container', async ({ apiRoot }) => {
    await upsert(apiRoot, { container: 'a', key: 'k', value: 1 }, 201);
    await upsert(apiRoot, { container: 'b', key: 'k', value: 2 }, 201);
    const all = (
      await apiRoot
        .customObjects()
        .get({ queryArgs: { where: 'key = "k"' } })
        .execute()
    ).body;
    expect(all.results.map((o) => o.container).sort()).toEqual(['a', 'b']);
  });

  test('a reference in the value expands', async ({ apiRoot }) => {
    const group = (
      await apiRoot
        .customerGroups()
        .post({ body: { groupName: 'G' } })
        .execute()
    ).body;
    await upsert(apiRoot, { container: 'refs', key: 'group', value: { typeId: 'customer-group', id: group.id } }, 201);
    const expanded = (
      await apiRoot
        .customObjects()
        .withContainerAndKey({ container: 'refs', key: 'group' })
        .get({ queryArgs: { expand: ['value'] } })
        .execute()
    ).body;
    expect(expanded.value).toMatchObject({ typeId: 'customer-group', id: group.id, obj: { id: group.id, name: 'G' } });
    expect((await read(apiRoot, 'refs', 'group')).value).not.toHaveProperty('obj');
  });
});

test.describe('custom objects: delete and update', () => {
  test('delete by container and key, with or without a version', async ({ apiRoot, mock }) => {
    const a = await upsert(apiRoot, { container: 'c', key: 'a', value: 1 }, 201);
    await upsert(apiRoot, { container: 'c', key: 'b', value: 1 }, 201);
    await upsert(apiRoot, { container: 'c', key: 'b', value: 2 }, 200);
    const deleted = await apiRoot.customObjects().withContainerAndKey({ container: 'c', key: 'a' }).delete().execute();
    expect(deleted.body).toEqual(a);
    const stale = await sdkFailure(
      apiRoot
        .customObjects()
        .withContainerAndKey({ container: 'c', key: 'b' })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(mock.data.all('key-value-document')).toHaveLength(1);
    await apiRoot
      .customObjects()
      .withContainerAndKey({ container: 'c', key: 'b' })
      .delete({ queryArgs: { version: 2 } })
      .execute();
    expect(mock.data.all('key-value-document')).toHaveLength(0);
    const gone = await sdkFailure(apiRoot.customObjects().withContainerAndKey({ container: 'c', key: 'b' }).delete().execute());
    expect(gone.statusCode).toBe(404);
    // Deleted, the container/key can be created anew.
    expect((await upsert(apiRoot, { container: 'c', key: 'a', value: 3 }, 201)).version).toBe(1);
  });

  test('delete by id needs the version', async ({ mock, apiRoot }) => {
    const object = await upsert(apiRoot, { container: 'c', key: 'by-id', value: 1 }, 201);
    const url = `${mock.options.apiUrl}/${PROJECT_KEY}/custom-objects/${object.id}`;
    const stale = await fetch(`${url}?version=2`, { method: 'DELETE' });
    expect(stale.status).toBe(409);
    expect(mock.data.all('key-value-document')).toHaveLength(1);
    const response = await fetch(`${url}?version=1`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as CustomObject).id).toBe(object.id);
    expect(mock.data.all('key-value-document')).toHaveLength(0);
  });

  test('custom objects take no update actions', async ({ mock, apiRoot }) => {
    const object = await upsert(apiRoot, { container: 'c', key: 'k', value: 1 }, 201);
    const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/custom-objects/${object.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: 1, actions: [{ action: 'setValue', value: 2 }] }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await read(apiRoot, 'c', 'k')).toEqual(object);
  });
});
