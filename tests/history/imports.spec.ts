/**
 * Changes made by the Import API's processing are recorded like any other change made through the
 * API: by the client that sent the import request, the resource's `createdBy`/`lastModifiedBy`
 * attributed to the import.
 */
import { expect, test } from '../support/sdk.js';
import { importApiRoot } from '../import/support.js';
import { historyApiRoot } from './support.js';

test('an imported category is recorded when created and when updated, by the client that sent the import', async ({ mock, apiRoot }) => {
  const imports = importApiRoot(mock);
  await imports
    .importContainers()
    .post({ body: { key: 'catalog' } })
    .execute();
  const importCategory = (name: string) =>
    imports
      .categories()
      .importContainers()
      .withImportContainerKeyValue({ importContainerKey: 'catalog' })
      .post({ body: { type: 'category', resources: [{ key: 'shoes', name: { en: name }, slug: { en: 'shoes' } }] } })
      .execute();
  await importCategory('Shoes');
  await importCategory('All shoes');

  const { body: category } = await apiRoot.categories().withKey({ key: 'shoes' }).get().execute();
  expect(category.lastModifiedBy).toMatchObject({ clientId: 'test-client', attributedTo: { clientId: 'test-client', source: 'Import' } });
  const { body: page } = await historyApiRoot(mock)
    .withResourceTypeValue({ resourceType: 'category' })
    .withIDValue({ ID: category.id })
    .get()
    .execute();
  expect(page.results.map((record) => record.type)).toEqual(['ResourceUpdated', 'ResourceCreated']);
  expect(page.results[0]).toMatchObject({
    version: 2,
    previousVersion: 1,
    modifiedBy: { isPlatformClient: false, type: 'external-user', clientId: 'test-client' },
    resource: { typeId: 'category', id: category.id, key: 'shoes' },
    changes: [{ type: 'ChangeLocalizedNameChange', change: 'changeName', previousValue: { en: 'Shoes' }, nextValue: { en: 'All shoes' } }],
  });
  expect(page.results[0]!.modifiedBy).not.toHaveProperty('attributedTo');
});

test('an import waiting for a reference is recorded once a programmatic write lets it through', async ({ mock }) => {
  const imports = importApiRoot(mock);
  await imports
    .importContainers()
    .post({ body: { key: 'catalog' } })
    .execute();
  await imports
    .categories()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'catalog' })
    .post({
      body: {
        type: 'category',
        resources: [{ key: 'boots', name: { en: 'Boots' }, slug: { en: 'boots' }, parent: { typeId: 'category', key: 'shoes' } }],
      },
    })
    .execute();
  expect(mock.data.all('change-history')).toEqual([]);
  // Seeding is no change made through the API; the import it lets through is.
  mock.data.create('category', { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } });
  const records = mock.data.all('change-history');
  expect(records.map((record) => [record.resource.key, record.type, record.modifiedBy.clientId])).toEqual([
    ['boots', 'ResourceCreated', 'test-client'],
  ]);
});
