/**
 * Business units, discount codes and product selections through the Import API: created by key once
 * what they name exists, updated with the update actions that make them what a second import
 * describes (their messages recorded), and refused with the main API's errors. The SDK has builders
 * for discount codes; business units and product selections go through its client's `execute`, the
 * SDK (5.18) having no builder for their routes.
 */
import type { ClientRequest } from '@commercetools/ts-client';
import { test, expect } from '../support/sdk.js';
import type { CommerceMock } from '../../src/index.js';
import { otherApiClient, PROJECT_KEY } from '../support/sdk.js';
import { importApiRoot, importResources, readOperation } from './support.js';

const messageTypes = (mock: CommerceMock) => mock.data.all('message').map((message) => message.type as string);

/** Posts an import request with the SDK's client to a route its builders lack; answers the operation ids. */
async function importThroughClient(mock: CommerceMock, path: string, type: string, resources: unknown[]): Promise<string[]> {
  const { importUrl, authUrl } = mock.options;
  const client = otherApiClient(authUrl, importUrl, [`manage_import_containers:${PROJECT_KEY}`]);
  if (!mock.data.getByKey('import-container', 'b2b'))
    await importApiRoot(mock)
      .importContainers()
      .post({ body: { key: 'b2b' } })
      .execute();
  const request: ClientRequest = {
    method: 'POST',
    uri: `/${PROJECT_KEY}/${path}/import-containers/b2b`,
    headers: { 'Content-Type': 'application/json' },
    body: { type, resources },
  };
  const { body } = await client.execute(request);
  return (body as { operationStatus: Array<{ operationId: string }> }).operationStatus.map((status) => status.operationId);
}

test('business units: a division waits for its parent and its associates, then both are imported; a second import updates them', async ({
  mock,
  apiRoot,
}) => {
  const division = {
    key: 'east',
    name: 'East',
    unitType: 'Division',
    parentUnit: { typeId: 'business-unit', key: 'acme' },
    associates: [
      {
        customer: { typeId: 'customer', key: 'ada' },
        associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'buyer' }, inheritance: 'Enabled' }],
      },
    ],
  };
  const company = {
    key: 'acme',
    name: 'ACME',
    unitType: 'Company',
    contactEmail: 'info@acme.example',
    addresses: [{ key: 'hq', country: 'DE', city: 'Berlin' }],
    stores: [{ typeId: 'store', key: 'b2b' }],
  };
  const [divisionId, companyId] = await importThroughClient(mock, 'business-units', 'business-unit', [division, company]);
  expect(await readOperation(mock, divisionId!)).toMatchObject({
    state: 'unresolved',
    unresolvedReferences: expect.arrayContaining([
      { typeId: 'business-unit', key: 'acme' },
      { typeId: 'customer', key: 'ada' },
      { typeId: 'associate-role', key: 'buyer' },
    ]),
  });
  expect(await readOperation(mock, companyId!)).toMatchObject({
    state: 'unresolved',
    unresolvedReferences: [{ typeId: 'store', key: 'b2b' }],
  });

  await apiRoot
    .stores()
    .post({ body: { key: 'b2b' } })
    .execute();
  expect((await readOperation(mock, companyId!)).state).toBe('imported');
  expect((await readOperation(mock, divisionId!)).state).toBe('unresolved');
  await apiRoot
    .customers()
    .post({ body: { key: 'ada', email: 'ada@example.com', password: 'secret' } })
    .execute();
  await apiRoot
    .associateRoles()
    .post({ body: { key: 'buyer', buyerAssignable: true, permissions: ['CreateMyCarts'] } })
    .execute();
  expect((await readOperation(mock, divisionId!)).state).toBe('imported');

  const { body: east } = await apiRoot.businessUnits().withKey({ key: 'east' }).get().execute();
  expect(east).toMatchObject({
    unitType: 'Division',
    parentUnit: { typeId: 'business-unit', key: 'acme' },
    topLevelUnit: { typeId: 'business-unit', key: 'acme' },
    associates: [
      { customer: { id: mock.data.getByKey('customer', 'ada')!.id }, associateRoleAssignments: [{ associateRole: { key: 'buyer' } }] },
    ],
  });
  const { body: acme } = await apiRoot.businessUnits().withKey({ key: 'acme' }).get().execute();
  expect(acme).toMatchObject({ contactEmail: 'info@acme.example', stores: [{ key: 'b2b' }], addresses: [{ key: 'hq', city: 'Berlin' }] });

  // A second import: renamed, deactivated, without a contact email and without its associates.
  const [update] = await importThroughClient(mock, 'business-units', 'business-unit', [
    { ...company, name: 'ACME Corp', status: 'Inactive', contactEmail: undefined },
    { ...division, associates: [] },
  ]);
  const updated = mock.data.getByKey('business-unit', 'acme')!;
  expect(updated).toMatchObject({ name: 'ACME Corp', status: 'Inactive', version: acme.version + 1 });
  expect(updated.contactEmail).toBeUndefined();
  expect(await readOperation(mock, update!)).toMatchObject({ state: 'imported', resourceVersion: updated.version });
  expect(mock.data.getByKey('business-unit', 'east')!.associates).toEqual([]);
  expect(messageTypes(mock)).toEqual(
    expect.arrayContaining([
      'BusinessUnitCreated',
      'BusinessUnitNameChanged',
      'BusinessUnitStatusChanged',
      'BusinessUnitContactEmailSet',
      'BusinessUnitAssociatesSet',
    ]),
  );
});

test('business units: a division without a parent unit is refused before anything is stored', async ({ mock }) => {
  await importApiRoot(mock)
    .importContainers()
    .post({ body: { key: 'b2b' } })
    .execute();
  const response = await fetch(`${mock.options.importUrl}/${PROJECT_KEY}/business-units/import-containers/b2b`, {
    method: 'POST',
    body: JSON.stringify({ type: 'business-unit', resources: [{ key: 'orphan', name: 'Orphan', unitType: 'Division' }] }),
  });
  expect(response.status).toBe(400);
  const body = (await response.json()) as { errors: Array<{ code: string; detailedErrorMessage: string }> };
  expect(body.errors[0]).toMatchObject({ code: 'InvalidJsonInput' });
  expect(body.errors[0]!.detailedErrorMessage).toContain('parentUnit');
  expect(mock.data.all('import-operation')).toEqual([]);
});

test('discount codes: wait for their cart discounts, then are created; a second import changes them with actions; a taken code fails', async ({
  mock,
}) => {
  const imports = importApiRoot(mock);
  await imports
    .importContainers()
    .post({ body: { key: 'codes' } })
    .execute();
  const importCodes = async (resources: Parameters<typeof post>[0]) => post(resources);
  const post = async (resources: Array<Record<string, any>>) => {
    const { body } = await imports
      .discountCodes()
      .importContainers()
      .withImportContainerKeyValue({ importContainerKey: 'codes' })
      .post({ body: { type: 'discount-code', resources: resources as never } })
      .execute();
    return Promise.all(body.operationStatus.map((status) => readOperation(mock, status.operationId!)));
  };
  const code = {
    key: 'summer',
    code: 'SUMMER',
    name: { en: 'Summer' },
    cartDiscounts: [{ typeId: 'cart-discount', key: 'ten-off' }],
    isActive: true,
    maxApplications: 100,
    groups: ['seasonal'],
  };
  const [waiting] = await importCodes([code]);
  expect(waiting).toMatchObject({ state: 'unresolved', unresolvedReferences: [{ typeId: 'cart-discount', key: 'ten-off' }] });

  mock.data.create('cart-discount', {
    key: 'ten-off',
    name: { en: '10%' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: '1 = 1',
    target: { type: 'lineItems', predicate: '1 = 1' },
    sortOrder: '0.5',
    requiresDiscountCode: true,
  });
  const discount = mock.data.getByKey('cart-discount', 'ten-off')!;
  let stored = mock.data.getByKey('discount-code', 'summer')!;
  expect(stored).toMatchObject({
    code: 'SUMMER',
    name: { en: 'Summer' },
    isActive: true,
    maxApplications: 100,
    groups: ['seasonal'],
    cartDiscounts: [{ typeId: 'cart-discount', id: discount.id }],
  });
  expect(await readOperation(mock, waiting!.id)).toMatchObject({ state: 'imported', resourceVersion: stored.version });

  await importCodes([{ ...code, isActive: false, name: { en: 'Late summer' }, maxApplications: undefined, groups: [] }]);
  stored = mock.data.getByKey('discount-code', 'summer')!;
  expect(stored).toMatchObject({ version: 2, isActive: false, name: { en: 'Late summer' }, groups: [] });
  expect(stored.maxApplications).toBeUndefined();

  // Another code with the same code: the main API's DuplicateField, nothing written.
  const [taken] = await importCodes([{ ...code, key: 'summer-2' }]);
  expect(taken).toMatchObject({ state: 'validationFailed', errors: [{ code: 'DuplicateField', field: 'code' }] });
  expect(mock.data.getByKey('discount-code', 'summer-2')).toBeUndefined();
});

test('product selections: assignments wait for their products, then are added; a second import sets, adds and removes them', async ({
  mock,
  apiRoot,
}) => {
  mock.data.create('product-type', { key: 'pt', name: 'Things', description: 'Things' });
  const product = (key: string) =>
    mock.data.create('product', {
      key,
      name: { en: key },
      slug: { en: key },
      productType: { typeId: 'product-type', key: 'pt' },
      masterVariant: { sku: `${key}-1` },
    });
  const mug = product('mug');
  const selection = {
    key: 'summer',
    name: { en: 'Summer' },
    assignments: [
      { product: { typeId: 'product', key: 'mug' } },
      { product: { typeId: 'product', key: 'lamp' }, variantSelection: { type: 'includeOnly', skus: ['lamp-1'] } },
    ],
  };
  const [id] = await importThroughClient(mock, 'product-selections', 'product-selection', [selection]);
  expect(await readOperation(mock, id!)).toMatchObject({ state: 'unresolved', unresolvedReferences: [{ typeId: 'product', key: 'lamp' }] });
  const lamp = product('lamp');
  const stored = mock.data.getByKey('product-selection', 'summer')!;
  expect(stored).toMatchObject({ mode: 'Individual', productCount: 2 });
  expect(await readOperation(mock, id!)).toMatchObject({ state: 'imported', resourceVersion: stored.version });
  const { body: products } = await apiRoot.productSelections().withKey({ key: 'summer' }).products().get().execute();
  expect(products.results.map((entry) => [entry.product.id, entry.variantSelection])).toEqual([
    [mug.id, undefined],
    [lamp.id, { type: 'includeOnly', skus: ['lamp-1'] }],
  ]);

  // The lamp's selection changed, the mug left out, a vase added.
  const vase = product('vase');
  await importThroughClient(mock, 'product-selections', 'product-selection', [
    {
      ...selection,
      name: { en: 'Summer sale' },
      assignments: [
        { product: { typeId: 'product', key: 'lamp' }, variantSelection: { type: 'includeAllExcept', skus: [] } },
        { product: { typeId: 'product', key: 'vase' } },
      ],
    },
  ]);
  const after = (await apiRoot.productSelections().withKey({ key: 'summer' }).products().get().execute()).body.results;
  expect(after.map((entry) => [entry.product.id, entry.variantSelection])).toEqual([
    [lamp.id, { type: 'includeAllExcept', skus: [] }],
    [vase.id, undefined],
  ]);
  expect(mock.data.getByKey('product-selection', 'summer')!.name).toEqual({ en: 'Summer sale' });
  expect(messageTypes(mock)).toEqual(
    expect.arrayContaining([
      'ProductSelectionCreated',
      'ProductSelectionProductAdded',
      'ProductSelectionVariantSelectionChanged',
      'ProductSelectionProductRemoved',
    ]),
  );

  // An exclusion selection takes its assignments as excluded products.
  await importResources(mock, 'product-selections', 'product-selection', [
    {
      key: 'no-mugs',
      name: { en: 'No mugs' },
      mode: 'IndividualExclusion',
      assignments: [{ product: { typeId: 'product', key: 'mug' }, variantExclusion: { skus: ['mug-1'] } }],
    },
  ]);
  const excluded = (await apiRoot.productSelections().withKey({ key: 'no-mugs' }).products().get().execute()).body.results;
  expect(excluded).toMatchObject([{ product: { id: mug.id }, variantExclusion: { skus: ['mug-1'] } }]);
});
