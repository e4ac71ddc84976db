/**
 * A list query whose `where` pins `key` or `id` (`key = "..." and ...`) reads that one resource
 * through the storage's index instead of scanning the collection (a million customers on SQLite is
 * a million documents read from disk per scan), and answers exactly what the scan would.
 */
import { MemoryStorage } from '../../src/index.js';
import { createCustomer, expect, test } from '../support/sdk.js';

/** The in-memory backend, counting the collection scans the engine asks of it. */
class CountingStorage extends MemoryStorage {
  scans = 0;
  override scan(project: string, typeId: string) {
    this.scans++;
    return super.scan(project, typeId);
  }
}

const storage = new CountingStorage();
test.use({ mockOptions: { storage } });

test.beforeEach(() => {
  storage.scans = 0;
});

test('where key = "..." and another clause: the one customer, both clauses applied, without a scan', async ({ apiRoot }) => {
  const ada = await createCustomer(apiRoot, { email: 'ada@example.com', key: 'ada', firstName: 'Ada' });
  await createCustomer(apiRoot, { email: 'ben@example.com', key: 'ben', firstName: 'Ben' });
  storage.scans = 0;
  const query = (where: string | string[]) =>
    apiRoot
      .customers()
      .get({ queryArgs: { where } })
      .execute()
      .then(({ body }) => ({ total: body.total, ids: body.results.map((customer) => customer.id) }));

  expect(await query('key = "ada" and firstName = "Ada"')).toEqual({ total: 1, ids: [ada.id] });
  expect(await query('firstName = "Ben" and key = "ada"')).toEqual({ total: 0, ids: [] });
  expect(await query('key = "nobody" and firstName = "Ada"')).toEqual({ total: 0, ids: [] });
  expect(await query(`id = "${ada.id}" and (firstName = "Ada" or firstName = "Ben")`)).toEqual({ total: 1, ids: [ada.id] });
  // Two `where` parameters are one conjunction: the pinned key may come in either.
  expect(await query(['firstName = "Ada"', 'key = "ada"'])).toEqual({ total: 1, ids: [ada.id] });
  expect(storage.scans).toBe(0);

  // Not pinned (a disjunction, another operator, a variable): the collection is scanned, as before.
  expect(await query('key = "ada" or key = "ben"')).toMatchObject({ total: 2 });
  expect(await query('key != "ada"')).toMatchObject({ total: 1 });
  expect(storage.scans).toBe(2);
});

test('a malformed where pinned to a key is still the query language error', async ({ apiRoot }) => {
  const failure = await apiRoot
    .customers()
    .get({ queryArgs: { where: 'key = "ada" and' } })
    .execute()
    .catch((error: { body: { statusCode: number; errors: Array<{ code: string }> } }) => error.body);
  expect(failure).toMatchObject({ statusCode: 400, errors: [{ code: 'InvalidInput' }] });
});

test('custom objects, stored by container and key, are scanned: `key` alone names one in each container', async ({ apiRoot }) => {
  for (const container of ['one', 'two'])
    await apiRoot
      .customObjects()
      .post({ body: { container, key: 'same', value: container } })
      .execute();
  storage.scans = 0;
  const { body } = await apiRoot
    .customObjects()
    .get({ queryArgs: { where: 'key = "same"' } })
    .execute();
  expect(body.results.map((object) => object.container).sort()).toEqual(['one', 'two']);
  expect(storage.scans).toBe(1);
});
