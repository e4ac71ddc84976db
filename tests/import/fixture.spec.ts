/**
 * `commerce.importApiRoot`: the Import API's SDK from the fixture, in process (the mock's Import API
 * origin) and against a server (its `apis.import`), with a token carrying the
 * `manage_import_containers` scope; the done-when case through it on the server.
 */
import type { ByProjectKeyRequestBuilder } from '@commercetools/importapi-sdk';
import { test, expect, withServerPerWorker } from '../support/commerce.js';

test('in process, importApiRoot imports at the Import API origin with a manage_import_containers token', async ({ commerce }) => {
  // Typed `any` by the fixture (the SDK is optional): annotated, as the docs say.
  const imports: ByProjectKeyRequestBuilder = commerce.importApiRoot;
  expect(commerce.importApiRoot).toBe(imports);
  await imports
    .importContainers()
    .post({ body: { key: 'fixture' } })
    .execute();
  await imports
    .categories()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: 'fixture' })
    .post({ body: { type: 'category', resources: [{ key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } }] } })
    .execute();
  expect((await commerce.data.getByKey('category', 'shoes'))?.name).toEqual({ en: 'Shoes' });
  const token = await commerce.tokens.find({ kind: 'client', clientId: 'commerce-mock-client' });
  expect(token?.scope).toBe(`manage_import_containers:${commerce.projectKey}`);
  expect(token?.projectKey).toBe(commerce.projectKey);
  expect(await commerce.journal.requests({ path: /import-containers/ })).toHaveLength(2);
});

withServerPerWorker()(
  'against a server, importApiRoot serves at apis.import: a product waits for its product type',
  async ({ commerce, server }) => {
    const info = (await (await fetch(`${server.url}/__mock/info`)).json()) as { apis: { import: string } };
    expect(commerce.importUrl).toBe(info.apis.import);
    const imports = commerce.importApiRoot;
    await imports
      .importContainers()
      .post({ body: { key: 'remote' } })
      .execute();
    const { body } = await imports
      .products()
      .importContainers()
      .withImportContainerKeyValue({ importContainerKey: 'remote' })
      .post({
        body: {
          type: 'product',
          resources: [
            {
              key: 'lamp',
              name: { en: 'Lamp' },
              slug: { en: 'lamp' },
              productType: { typeId: 'product-type', key: 'lights' },
              publish: true,
            },
          ],
        },
      })
      .execute();
    const id = body.operationStatus[0]!.operationId!;
    expect((await imports.importOperations().withIdValue({ id }).get().execute()).body.state).toBe('unresolved');
    await commerce.apiRoot
      .productTypes()
      .post({ body: { key: 'lights', name: 'Lights', description: 'Lights' } })
      .execute();
    expect((await imports.importOperations().withIdValue({ id }).get().execute()).body.state).toBe('imported');
    const { body: product } = await commerce.apiRoot.products().withKey({ key: 'lamp' }).get().execute();
    expect(product.masterData.current.name).toEqual({ en: 'Lamp' });
    // The same server's import requests under its prefix, through fetch.
    const summary = await fetch(`${info.apis.import}/${commerce.projectKey}/import-containers/remote/import-summaries`);
    expect(((await summary.json()) as { states: { imported: number } }).states.imported).toBe(1);
  },
);
