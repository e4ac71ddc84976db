/**
 * An explicit `null` in an optional field is the field not sent, as the platform's JSON reader takes
 * it (commercetools' own test-data builders send such nulls): in drafts, nested objects, update
 * actions and GraphQL inputs. A required field that is `null`, an array element that is `null` and a
 * `null` inside a free-form JSON value keep their meaning.
 */
import type { ByProjectKeyRequestBuilder, ProductDraft, ZoneDraft, ZoneUpdateAction } from '@commercetools/platform-sdk';
import type { CommerceMock } from '../../src/index.js';
import { expect, invalidJson, PROJECT_KEY, sdkFailure, test } from '../support/sdk.js';

type Json = Record<string, any>;
const raw = <T>(value: unknown) => value as T;

async function send(mock: CommerceMock, path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const createZone = async (apiRoot: ByProjectKeyRequestBuilder, body: unknown) =>
  (
    await apiRoot
      .zones()
      .post({ body: raw<ZoneDraft>(body) })
      .execute()
  ).body;

test.describe('null in an optional field is the field not sent', () => {
  test('a draft: stored as if the field were absent (fetch)', async ({ mock }) => {
    const created = await send(mock, '/zones', { name: 'z', key: 'z1', description: null });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('description');
    expect(mock.data.get('zone', created.body.id as string)).not.toHaveProperty('description');
  });

  test('nested objects and list items: a product draft full of nulls (SDK)', async ({ apiRoot, mock }) => {
    const productType = (
      await apiRoot
        .productTypes()
        .post({ body: { name: 'plain', description: 'plain' } })
        .execute()
    ).body;
    const body = raw<ProductDraft>({
      key: 'nulls',
      name: { en: 'Nulls' },
      slug: { en: 'nulls' },
      productType: { typeId: 'product-type', id: productType.id },
      description: null,
      taxCategory: null,
      categories: null,
      masterVariant: {
        sku: 'N-1',
        key: null,
        prices: [{ key: null, value: { currencyCode: 'EUR', centAmount: 100 }, country: null }],
        images: null,
      },
      variants: [{ sku: 'N-2', attributes: null }],
      publish: null,
    });
    const product = (await apiRoot.products().post({ body }).execute()).body;
    const current = product.masterData.current;
    expect(current).not.toHaveProperty('description');
    expect(product).not.toHaveProperty('taxCategory');
    expect(current.categories).toEqual([]);
    expect(current.masterVariant.prices?.[0]).toMatchObject({ value: { currencyCode: 'EUR', centAmount: 100 } });
    expect(current.masterVariant.prices?.[0]).not.toHaveProperty('country');
    expect(current.variants.map((variant) => variant.sku)).toEqual(['N-2']);
    expect(product.masterData.published).toBe(false);
    expect(mock.data.all('product')).toHaveLength(1);
  });

  test('an inventory entry with minCartQuantity: null, as a sample data set ships it', async ({ mock }) => {
    const created = await send(mock, '/inventory', { sku: 'S-1', quantityOnStock: 5, minCartQuantity: null, maxCartQuantity: null });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ sku: 'S-1', quantityOnStock: 5, availableQuantity: 5 });
    expect(created.body).not.toHaveProperty('minCartQuantity');
  });

  test('an update action: a null optional value unsets the field, as its absence does', async ({ apiRoot }) => {
    const zone = await createZone(apiRoot, { name: 'z', description: 'before' });
    const action = raw<ZoneUpdateAction>({ action: 'setDescription', description: null });
    const updated = (
      await apiRoot
        .zones()
        .withId({ ID: zone.id })
        .post({ body: { version: zone.version, actions: [action] } })
        .execute()
    ).body;
    expect(updated.version).toBe(2);
    expect(updated).not.toHaveProperty('description');
  });

  test('GraphQL: a null in an input field is the field not sent', async ({ mock }) => {
    const response = await send(mock, '/graphql', {
      query: 'mutation { createZone(draft: { name: "gql", key: "gql", description: null }) { key description } }',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { createZone: { key: 'gql', description: null } } });
    expect(mock.data.all('zone').map((zone) => zone.description)).toEqual([undefined]);
  });
});

test.describe('where null keeps its meaning', () => {
  test('a required field that is null is refused, quoting the null; nothing is stored', async ({ apiRoot, mock }) => {
    const refused = await sdkFailure(
      apiRoot
        .zones()
        .post({ body: raw<ZoneDraft>({ name: null, description: null }) })
        .execute(),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body.errors).toEqual([invalidJson('name: JSON string expected, not null.')]);
    const zone = await createZone(apiRoot, { name: 'z' });
    const action = raw<ZoneUpdateAction>({ action: 'changeName', name: null });
    const refusedAction = await sdkFailure(
      apiRoot
        .zones()
        .withId({ ID: zone.id })
        .post({ body: { version: 1, actions: [action] } })
        .execute(),
    );
    expect(refusedAction.statusCode).toBe(400);
    expect(refusedAction.body.errors[0]).toMatchObject({ code: 'InvalidJsonInput' });
    expect(refusedAction.body.errors[0]?.detailedErrorMessage).toContain('name: JSON string expected, not null.');
    expect(mock.data.all('zone').map((stored) => [stored.name, stored.version])).toEqual([['z', 1]]);
  });

  test('a null element of a list is refused', async ({ mock }) => {
    const refused = await send(mock, '/zones', { name: 'z', locations: [null] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([invalidJson('locations[0]: JSON object expected, not null.')]);
    expect(mock.data.all('zone')).toHaveLength(0);
  });

  test('a null inside a custom object value is not taken for an absent field, a null value is refused', async ({ mock }) => {
    const created = await send(mock, '/custom-objects', { container: 'c', key: 'k', value: { list: [null, 1] } });
    expect(created.status).toBe(201);
    expect(created.body.value).toEqual({ list: [null, 1] });
    const refused = await send(mock, '/custom-objects', { container: 'c', key: 'k2', value: null });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([invalidJson('value: A JSON value expected, not null.')]);
  });

  test('dropping a null next to a member named __proto__ sets no prototype', async ({ mock }) => {
    const created = await send(mock, '/zones', JSON.parse('{"name":"z","description":null,"__proto__":{"polluted":true}}'));
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('polluted');
    expect(({} as Json).polluted).toBeUndefined();
    expect(mock.data.get('zone', created.body.id as string)).not.toHaveProperty('polluted');
  });
});
