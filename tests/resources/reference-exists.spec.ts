/**
 * Deleting a resource another one references: 400 ReferenceExists naming the referencing type, and
 * nothing is deleted (as the API reference documents for tax categories, channels and stores).
 * Once the reference is gone, the delete goes through.
 */
import { readFileSync } from 'node:fs';
import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import { test, expect, sdkFailure } from '../support/sdk.js';

async function refusedDelete(request: Promise<unknown>, typeId: string, referencedBy: string): Promise<void> {
  const failure = await sdkFailure(request);
  expect(failure.statusCode).toBe(400);
  expect(failure.body.errors).toEqual([
    {
      code: 'ReferenceExists',
      message: `Can not delete a ${typeId} while it is referenced by at least one ${referencedBy}.`,
      referencedBy,
    },
  ]);
}

async function taxCategory(apiRoot: ByProjectKeyRequestBuilder, key: string) {
  const draft = { key, name: key, rates: [{ name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' }] };
  return (await apiRoot.taxCategories().post({ body: draft }).execute()).body;
}

test.describe('ReferenceExists on delete', () => {
  test('a tax category a product uses stays until the product is gone', async ({ apiRoot, mock }) => {
    const standard = await taxCategory(apiRoot, 'standard');
    const type = (
      await apiRoot
        .productTypes()
        .post({ body: { key: 'plain', name: 'plain', description: 'plain' } })
        .execute()
    ).body;
    const product = (
      await apiRoot
        .products()
        .post({
          body: {
            productType: { typeId: 'product-type', id: type.id },
            name: { en: 'P' },
            slug: { en: 'p-1' },
            taxCategory: { typeId: 'tax-category', key: 'standard' },
          },
        })
        .execute()
    ).body;

    await refusedDelete(
      apiRoot
        .taxCategories()
        .withId({ ID: standard.id })
        .delete({ queryArgs: { version: standard.version } })
        .execute(),
      'tax-category',
      'product',
    );
    await refusedDelete(
      apiRoot
        .taxCategories()
        .withKey({ key: 'standard' })
        .delete({ queryArgs: { version: standard.version } })
        .execute(),
      'tax-category',
      'product',
    );
    expect(mock.data.get('tax-category', standard.id)).toMatchObject({ version: standard.version });

    await apiRoot
      .products()
      .withId({ ID: product.id })
      .delete({ queryArgs: { version: product.version } })
      .execute();
    const deleted = await apiRoot
      .taxCategories()
      .withId({ ID: standard.id })
      .delete({ queryArgs: { version: standard.version } })
      .execute();
    expect(deleted.statusCode).toBe(200);
    expect(mock.data.get('tax-category', standard.id)).toBeUndefined();
  });

  test('a tax category a shipping method uses', async ({ apiRoot }) => {
    const reduced = await taxCategory(apiRoot, 'reduced');
    await apiRoot
      .shippingMethods()
      .post({
        body: {
          key: 'standard',
          name: 'Standard',
          taxCategory: { typeId: 'tax-category', id: reduced.id },
          isDefault: false,
          zoneRates: [],
        },
      })
      .execute();
    await refusedDelete(
      apiRoot
        .taxCategories()
        .withId({ ID: reduced.id })
        .delete({ queryArgs: { version: reduced.version } })
        .execute(),
      'tax-category',
      'shipping-method',
    );
  });

  test('a channel an inventory entry supplies from', async ({ apiRoot, mock }) => {
    const warehouse = (
      await apiRoot
        .channels()
        .post({ body: { key: 'warehouse', roles: ['InventorySupply'] } })
        .execute()
    ).body;
    const entry = (
      await apiRoot
        .inventory()
        .post({ body: { sku: 'SKU-1', quantityOnStock: 5, supplyChannel: { typeId: 'channel', key: 'warehouse' } } })
        .execute()
    ).body;
    await refusedDelete(
      apiRoot
        .channels()
        .withId({ ID: warehouse.id })
        .delete({ queryArgs: { version: warehouse.version } })
        .execute(),
      'channel',
      'inventory-entry',
    );
    expect(mock.data.get('channel', warehouse.id)).toBeDefined();

    await apiRoot
      .inventory()
      .withId({ ID: entry.id })
      .delete({ queryArgs: { version: entry.version } })
      .execute();
    expect(
      (
        await apiRoot
          .channels()
          .withId({ ID: warehouse.id })
          .delete({ queryArgs: { version: warehouse.version } })
          .execute()
      ).statusCode,
    ).toBe(200);
  });

  test('a store a customer belongs to (a key reference); another store is free to go', async ({ apiRoot, mock }) => {
    const berlin = (
      await apiRoot
        .stores()
        .post({ body: { key: 'berlin', name: { en: 'Berlin' } } })
        .execute()
    ).body;
    const paris = (
      await apiRoot
        .stores()
        .post({ body: { key: 'paris', name: { en: 'Paris' } } })
        .execute()
    ).body;
    await apiRoot
      .customers()
      .post({ body: { email: 'b@example.com', password: 'secret', stores: [{ typeId: 'store', key: 'berlin' }] } })
      .execute();

    await refusedDelete(
      apiRoot
        .stores()
        .withKey({ key: 'berlin' })
        .delete({ queryArgs: { version: berlin.version } })
        .execute(),
      'store',
      'customer',
    );
    expect(mock.data.getByKey('store', 'berlin')).toBeDefined();
    expect(
      (
        await apiRoot
          .stores()
          .withKey({ key: 'paris' })
          .delete({ queryArgs: { version: paris.version } })
          .execute()
      ).statusCode,
    ).toBe(200);
  });
});

test('docs/resources.md: the ReferenceExists answer it shows is the one a delete gets', async ({ apiRoot }) => {
  const doc = readFileSync(new URL('../../docs/resources.md', import.meta.url), 'utf8');
  const shown = /<!-- reference-exists: tax-category, product -->\n```json\n([\s\S]*?)\n```/.exec(doc);
  expect(shown, 'the example is in docs/resources.md').not.toBeNull();
  const standard = await taxCategory(apiRoot, 'standard');
  const type = (
    await apiRoot
      .productTypes()
      .post({ body: { key: 'plain', name: 'plain', description: 'plain' } })
      .execute()
  ).body;
  await apiRoot
    .products()
    .post({
      body: {
        productType: { typeId: 'product-type', id: type.id },
        name: { en: 'P' },
        slug: { en: 'p-1' },
        taxCategory: { typeId: 'tax-category', key: 'standard' },
      },
    })
    .execute();
  const failure = await sdkFailure(
    apiRoot
      .taxCategories()
      .withKey({ key: 'standard' })
      .delete({ queryArgs: { version: standard.version } })
      .execute(),
  );
  expect(failure.body).toEqual(JSON.parse(shown![1]!));
});
