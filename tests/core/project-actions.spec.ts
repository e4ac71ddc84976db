/**
 * The project's update actions (`POST /{projectKey}`): every one the platform has, what each
 * changes, and the search switches the searches obey.
 */
import type { Project, ProjectUpdateAction } from '@commercetools/platform-sdk';
import { expectPlatformActions } from '../support/resources.js';
import { expect, sdkFailure, test } from '../support/sdk.js';
import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';

const PLATFORM_ACTIONS = [
  'changeBusinessUnitSearchStatus',
  'changeMyBusinessUnitStatusOnCreation',
  'changeCartsConfiguration',
  'changeCountries',
  'changeCountryTaxRateFallbackEnabled',
  'changeCurrencies',
  'changeCustomerSearchStatus',
  'changeLanguages',
  'changeMessagesConfiguration',
  'changeMessagesEnabled',
  'changeName',
  'changeOrderSearchStatus',
  'changePriceRoundingMode',
  'changeProductSearchIndexingEnabled',
  'changeShoppingListsConfiguration',
  'changeTaxRoundingMode',
  'setMyBusinessUnitAssociateRoleOnCreation',
  'setDiscountsConfiguration',
  'setExternalOAuth',
  'setProductCatalogModel',
  'setReleaseExpiredReservations',
  'setReservationExpirationInMinutes',
  'setShippingRateInputType',
];

/** The Project as the definition has it now; platform-sdk 8.27 predates `productCatalogModel` and its actions. */
type ProjectNow = Project & { productCatalogModel?: 'Classic' | 'Modular' };
type AnyAction =
  | ProjectUpdateAction
  | { action: 'setProductCatalogModel'; productCatalogModel: string }
  | { action: 'changeMessagesEnabled'; messagesEnabled: boolean };

async function update(apiRoot: ByProjectKeyRequestBuilder, ...actions: AnyAction[]): Promise<ProjectNow> {
  const { version } = (await apiRoot.get().execute()).body;
  return (await apiRoot.post({ body: { version, actions: actions as ProjectUpdateAction[] } }).execute()).body;
}

test('the project declares exactly the platform’s update actions', () => {
  expectPlatformActions('project', PLATFORM_ACTIONS);
});

test('a new project shows every search index, its business unit, discount, inventory settings and catalog model', async ({ apiRoot }) => {
  const project: ProjectNow = (await apiRoot.get().execute()).body;
  const indexes = project.searchIndexing!;
  expect(Object.keys(indexes).sort()).toEqual(['businessUnits', 'customers', 'orders', 'products', 'productsSearch']);
  for (const index of Object.values(indexes)) expect(index).toMatchObject({ status: 'Activated', lastModifiedAt: expect.any(String) });
  expect(project.businessUnits).toEqual({ myBusinessUnitStatusOnCreation: 'Inactive' });
  expect(project.productCatalogModel).toBe('Classic');
  expect(project.externalOAuth).toBeUndefined();
});

test('changeProductSearchIndexingEnabled switches products, or productsSearch with mode ProductsSearch; each search obeys its own', async ({
  apiRoot,
}) => {
  const off = await update(apiRoot, { action: 'changeProductSearchIndexingEnabled', enabled: false, mode: 'ProductsSearch' });
  expect(off.searchIndexing?.productsSearch).toMatchObject({ status: 'Deactivated', lastModifiedBy: { clientId: expect.any(String) } });
  expect(off.searchIndexing?.products?.status).toBe('Activated');
  // The Product Search API answers as an index that does not exist; Product Projection Search is still served.
  const refused = await sdkFailure(apiRoot.products().search().post({ body: {} }).execute());
  expect(refused.statusCode).toBe(404);
  expect(refused.body.errors[0]?.code).toBe('ObjectNotFound');
  expect((await apiRoot.productProjections().search().get().execute()).statusCode).toBe(200);

  const projectionsOff = await update(
    apiRoot,
    { action: 'changeProductSearchIndexingEnabled', enabled: true, mode: 'ProductsSearch' },
    { action: 'changeProductSearchIndexingEnabled', enabled: false },
  );
  expect(projectionsOff.searchIndexing?.productsSearch?.status).toBe('Activated');
  expect(projectionsOff.searchIndexing?.products?.status).toBe('Deactivated');
  expect((await apiRoot.products().search().post({ body: {} }).execute()).statusCode).toBe(200);
  const deactivated = await sdkFailure(apiRoot.productProjections().search().get().execute());
  expect(deactivated.statusCode).toBe(400);
  expect(deactivated.body.errors[0]?.code).toBe('SearchDeactivated');
  expect((await sdkFailure(apiRoot.productProjections().suggest().get().execute())).statusCode).toBe(400);

  const on = await update(apiRoot, { action: 'changeProductSearchIndexingEnabled', enabled: true, mode: 'ProductProjectionsSearch' });
  expect(on.searchIndexing?.products?.status).toBe('Activated');
  expect((await apiRoot.productProjections().search().get().execute()).statusCode).toBe(200);

  const bad = await sdkFailure(
    apiRoot
      .post({
        body: {
          version: on.version,
          actions: [{ action: 'changeProductSearchIndexingEnabled', enabled: true, mode: 'Everything' as 'ProductsSearch' }],
        },
      })
      .execute(),
  );
  expect(bad.statusCode).toBe(400);
});

test('changeOrderSearchStatus switches Order Search off (404 ObjectNotFound, HEAD 404) and on again', async ({ apiRoot }) => {
  const body = { query: { exact: { field: 'orderNumber', value: 'x' } } };
  expect((await apiRoot.orders().search().post({ body }).execute()).statusCode).toBe(200);
  const off = await update(apiRoot, { action: 'changeOrderSearchStatus', status: 'Deactivated' });
  expect(off.searchIndexing?.orders).toMatchObject({ status: 'Deactivated', lastModifiedAt: expect.any(String) });
  const refused = await sdkFailure(apiRoot.orders().search().post({ body }).execute());
  expect(refused.statusCode).toBe(404);
  expect(refused.body.errors[0]?.code).toBe('ObjectNotFound');
  expect((await sdkFailure(apiRoot.orders().search().head().execute())).statusCode).toBe(404);

  await update(apiRoot, { action: 'changeOrderSearchStatus', status: 'Activated' });
  expect((await apiRoot.orders().search().head().execute()).statusCode).toBe(200);
  expect((await apiRoot.orders().search().post({ body }).execute()).body.total).toBe(0);
  expect(
    (
      await sdkFailure(
        apiRoot.post({ body: { version: 3, actions: [{ action: 'changeOrderSearchStatus', status: 'Paused' as 'Activated' }] } }).execute(),
      )
    ).statusCode,
  ).toBe(400);
});

test('the business unit settings: the status and associate role of business units created through /me', async ({ apiRoot }) => {
  const role = (
    await apiRoot
      .associateRoles()
      .post({ body: { key: 'buyer', buyerAssignable: true, permissions: ['ViewMyCarts'] } })
      .execute()
  ).body;
  const updated = await update(
    apiRoot,
    { action: 'changeMyBusinessUnitStatusOnCreation', status: 'Active' },
    { action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: { typeId: 'associate-role', id: role.id } },
  );
  expect(updated.businessUnits).toEqual({
    myBusinessUnitStatusOnCreation: 'Active',
    myBusinessUnitAssociateRoleOnCreation: { typeId: 'associate-role', key: 'buyer' },
  });

  const missing = await sdkFailure(
    apiRoot
      .post({
        body: {
          version: updated.version,
          actions: [{ action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: { typeId: 'associate-role', key: 'nobody' } }],
        },
      })
      .execute(),
  );
  expect(missing.statusCode).toBe(400);
  expect(missing.body.errors[0]?.code).toBe('ReferencedResourceNotFound');
  const stale = await sdkFailure(
    apiRoot
      .post({ body: { version: updated.version - 1, actions: [{ action: 'changeMyBusinessUnitStatusOnCreation', status: 'Inactive' }] } })
      .execute(),
  );
  expect(stale.statusCode).toBe(409);
  expect((await apiRoot.get().execute()).body.businessUnits?.myBusinessUnitStatusOnCreation).toBe('Active');
});

test('setExternalOAuth sets (the header shown masked) and unsets', async ({ apiRoot, mock }) => {
  const set = await update(apiRoot, {
    action: 'setExternalOAuth',
    externalOAuth: { url: 'https://auth.example.com/introspect', authorizationHeader: 'Bearer secret-value-1234' },
  });
  expect(set.externalOAuth).toEqual({ url: 'https://auth.example.com/introspect', authorizationHeader: '****1234' });
  // Kept whole, shown masked.
  expect(
    (mock.data.get('project', 'settings') as { externalOAuth?: { authorizationHeader: string } }).externalOAuth?.authorizationHeader,
  ).toBe('Bearer secret-value-1234');
  const unset = await update(apiRoot, { action: 'setExternalOAuth' });
  expect(unset.externalOAuth).toBeUndefined();
  const bad = await sdkFailure(
    apiRoot
      .post({
        body: {
          version: unset.version,
          actions: [{ action: 'setExternalOAuth', externalOAuth: { url: 'not a url', authorizationHeader: 'x' } }],
        },
      })
      .execute(),
  );
  expect(bad.statusCode).toBe(400);
});

test('setProductCatalogModel changes the model of a project without products, and refuses while it has some', async ({ apiRoot }) => {
  const modular = await update(apiRoot, { action: 'setProductCatalogModel', productCatalogModel: 'Modular' });
  expect(modular.productCatalogModel).toBe('Modular');
  const classic = await update(apiRoot, { action: 'setProductCatalogModel', productCatalogModel: 'Classic' });
  expect(classic.productCatalogModel).toBe('Classic');

  const type = (
    await apiRoot
      .productTypes()
      .post({ body: { name: 'plain', description: 'plain' } })
      .execute()
  ).body;
  await apiRoot
    .products()
    .post({ body: { productType: { typeId: 'product-type', id: type.id }, name: { en: 'Mug' }, slug: { en: 'mug' } } })
    .execute();
  const refused = await sdkFailure(
    apiRoot
      .post({
        body: {
          version: classic.version,
          actions: [{ action: 'setProductCatalogModel', productCatalogModel: 'Modular' } as unknown as ProjectUpdateAction],
        },
      })
      .execute(),
  );
  expect(refused.statusCode).toBe(400);
  expect(refused.body.errors[0]?.code).toBe('InvalidOperation');
  expect((await apiRoot.get().execute()).body).toMatchObject({ version: classic.version, productCatalogModel: 'Classic' });
  expect(refused.body.errors[0]?.message).toContain('while the project has no products');
});

test('messages, rounding, discounts and inventory settings', async ({ apiRoot }) => {
  const project = await update(
    apiRoot,
    { action: 'changeMessagesEnabled', messagesEnabled: false },
    { action: 'changePriceRoundingMode', priceRoundingMode: 'HalfUp' },
    { action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfDown' },
    { action: 'setDiscountsConfiguration', discountsConfiguration: { discountCombinationMode: 'BestDeal' } },
    { action: 'setReleaseExpiredReservations', releaseExpiredReservations: true },
    { action: 'setReservationExpirationInMinutes', reservationExpirationInMinutes: 30 },
  );
  expect(project.messages).toMatchObject({ enabled: false });
  expect(project.carts).toMatchObject({ priceRoundingMode: 'HalfUp', taxRoundingMode: 'HalfDown' });
  expect(project.discounts).toEqual({ discountCombinationMode: 'BestDeal' });
  expect(project.inventory).toEqual({ releaseExpiredReservations: true, reservationExpirationInMinutes: 30 });
  // A new cart takes the project's rounding modes.
  const cart = (
    await apiRoot
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute()
  ).body;
  expect(cart).toMatchObject({ priceRoundingMode: 'HalfUp', taxRoundingMode: 'HalfDown' });
});
