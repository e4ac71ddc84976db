/**
 * Order edits through the official SDK (`apiRoot.orders().edits()`) and fetch: the routes (not taken
 * for an order "edits"), a stored edit and a dry run, the preview recomputed after each change, apply
 * (the order's new version, items and totals; the edit's Applied result; the messages), the version
 * conflicts, a failing preview, an order changed since, and bad input (nothing stored).
 */
import type {
  ByProjectKeyRequestBuilder,
  Order,
  OrderEdit,
  OrderEditApplied,
  OrderEditDraft,
  OrderEditPreviewFailure,
  OrderEditPreviewSuccess,
  StagedOrderUpdateAction,
} from '@commercetools/platform-sdk';
import { PROJECT_KEY, expect, sdkFailure, test } from '../support/sdk.js';
import { createCart, raw, setupCatalog } from './carts-support.js';

const API = `https://api.europe-west1.gcp.commercetools.com/${PROJECT_KEY}`;

/** An order of 2 × A-1 (19.99 EUR, 19% included) shipped to Berlin with DHL (4.90 EUR). */
async function place(apiRoot: ByProjectKeyRequestBuilder): Promise<Order> {
  await setupCatalog(apiRoot);
  const cart = await createCart(apiRoot, {
    currency: 'EUR',
    country: 'DE',
    lineItems: [{ sku: 'A-1', quantity: 2 }],
    shippingAddress: { country: 'DE', city: 'Berlin' },
    shippingMethod: { typeId: 'shipping-method', key: 'dhl' },
  });
  return (
    await apiRoot
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
      .execute()
  ).body;
}

async function createEdit(apiRoot: ByProjectKeyRequestBuilder, body: OrderEditDraft) {
  return apiRoot.orders().edits().post({ body }).execute();
}

const editOf = (order: Order, stagedActions: StagedOrderUpdateAction[] = [], extra: Partial<OrderEditDraft> = {}): OrderEditDraft => ({
  resource: { typeId: 'order', id: order.id },
  stagedActions,
  ...extra,
});

const quantityOf = (order: Order, quantity: number): StagedOrderUpdateAction => ({
  action: 'changeLineItemQuantity',
  lineItemId: order.lineItems[0]!.id,
  quantity,
});

const readOrder = async (apiRoot: ByProjectKeyRequestBuilder, order: Order) =>
  (await apiRoot.orders().withId({ ID: order.id }).get().execute()).body;

const apply = (apiRoot: ByProjectKeyRequestBuilder, edit: OrderEdit, editVersion: number, resourceVersion: number) =>
  apiRoot.orders().edits().withId({ ID: edit.id }).apply().post({ body: { editVersion, resourceVersion } }).execute();

test('the order edit routes are their own: POST /orders/edits is a create, not an update of an order "edits"', async ({ apiRoot }) => {
  const empty = await fetch(`${API}/orders/edits`, {
    method: 'POST',
    headers: { authorization: 'Bearer any', 'content-type': 'application/json' },
    body: '{}',
  });
  expect(empty.status).toBe(400);
  // The draft's missing `resource`, not an order update's missing `version`.
  const problems = JSON.stringify(await empty.json());
  expect(problems).toContain('resource');
  expect(problems).not.toContain('version');

  const list = await apiRoot.orders().edits().get().execute();
  expect(list.body).toMatchObject({ count: 0, results: [] });
  const unknown = await sdkFailure(apiRoot.orders().edits().withId({ ID: 'nope' }).get().execute());
  expect(unknown.statusCode).toBe(404);
  const unknownApply = await sdkFailure(
    apiRoot
      .orders()
      .edits()
      .withId({ ID: 'nope' })
      .apply()
      .post({ body: { editVersion: 1, resourceVersion: 1 } })
      .execute(),
  );
  expect(unknownApply.statusCode).toBe(404);
});

test('a stored edit previews its staged actions on a copy of the order; a dry run answers the same and stores nothing', async ({
  apiRoot,
}) => {
  const order = await place(apiRoot);
  const dryRun = await createEdit(apiRoot, editOf(order, [quantityOf(order, 3)], { dryRun: true }));
  expect(dryRun.statusCode).toBe(201);
  expect(dryRun.body.result.type).toBe('PreviewSuccess');
  expect((await apiRoot.orders().edits().get().execute()).body.count).toBe(0);

  const created = await createEdit(apiRoot, editOf(order, [quantityOf(order, 3)], { key: 'more-shirts', comment: 'one more' }));
  expect(created.statusCode).toBe(201);
  const edit = created.body;
  expect(edit).toMatchObject({ version: 1, key: 'more-shirts', comment: 'one more', resource: { typeId: 'order', id: order.id } });
  expect(edit.stagedActions).toEqual([quantityOf(order, 3)]);
  const result = edit.result as OrderEditPreviewSuccess;
  expect(result.type).toBe('PreviewSuccess');
  expect(result.preview.lineItems[0]!.quantity).toBe(3);
  // 3 × 19.99 + 4.90 shipping (free only above 100.00).
  expect(result.preview.totalPrice.centAmount).toBe(3 * 1999 + 490);
  expect(order.totalPrice.centAmount).toBe(2 * 1999 + 490);
  expect((dryRun.body.result as OrderEditPreviewSuccess).preview.totalPrice).toEqual(result.preview.totalPrice);
  // The order itself is untouched.
  expect(await readOrder(apiRoot, order)).toMatchObject({ version: order.version, totalPrice: order.totalPrice });

  const byKey = await apiRoot.orders().edits().withKey({ key: 'more-shirts' }).get().execute();
  expect(byKey.body.id).toBe(edit.id);
});

test('the preview is recomputed after every update of the edit, with the messages the apply would emit', async ({ apiRoot }) => {
  const order = await place(apiRoot);
  const edit = (await createEdit(apiRoot, editOf(order))).body;
  expect((edit.result as OrderEditPreviewSuccess).preview.totalPrice).toEqual(order.totalPrice);

  const added = (
    await apiRoot
      .orders()
      .edits()
      .withId({ ID: edit.id })
      .post({
        body: {
          version: edit.version,
          actions: [
            { action: 'addStagedAction', stagedAction: { action: 'addLineItem', sku: 'B-1', quantity: 1 } },
            { action: 'addStagedAction', stagedAction: { action: 'setCustomerEmail', email: 'new@example.com' } },
          ],
        },
      })
      .execute()
  ).body;
  expect(added.version).toBe(2);
  expect(added.stagedActions.map((action) => action.action)).toEqual(['addLineItem', 'setCustomerEmail']);
  const result = added.result as OrderEditPreviewSuccess;
  expect(result.type).toBe('PreviewSuccess');
  expect(result.preview.lineItems.map((item) => item.variant.sku)).toEqual(['A-1', 'B-1']);
  expect(result.preview.totalPrice.centAmount).toBe(2 * 1999 + 1050 + 490);
  expect(result.preview.customerEmail).toBe('new@example.com');
  expect(result.messagePayloads).toEqual([expect.objectContaining({ type: 'OrderCustomerEmailSet', email: 'new@example.com' })]);

  const replaced = (
    await apiRoot
      .orders()
      .edits()
      .withId({ ID: edit.id })
      .post({ body: { version: added.version, actions: [{ action: 'setStagedActions', stagedActions: [quantityOf(order, 1)] }] } })
      .execute()
  ).body;
  expect((replaced.result as OrderEditPreviewSuccess).preview.lineItems.map((item) => item.quantity)).toEqual([1]);
  expect((replaced.result as OrderEditPreviewSuccess).messagePayloads).toEqual([]);
});

test('apply: the order takes the staged actions in one new version, the edit its Applied result, and OrderEditApplied is recorded', async ({
  apiRoot,
}) => {
  const order = await place(apiRoot);
  const edit = (
    await createEdit(
      apiRoot,
      editOf(order, [
        quantityOf(order, 3),
        { action: 'addLineItem', sku: 'B-1', quantity: 2 },
        { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-7' },
      ]),
    )
  ).body;
  const applied = await apply(apiRoot, edit, edit.version, order.version);
  expect(applied.statusCode).toBe(200);
  expect(applied.body.version).toBe(edit.version + 1);
  const result = applied.body.result as OrderEditApplied;
  expect(result.type).toBe('Applied');
  expect(result.appliedAt).toEqual(expect.any(String));
  expect(result.excerptBeforeEdit).toEqual({ totalPrice: order.totalPrice, taxedPrice: order.taxedPrice, version: order.version });

  const after = await readOrder(apiRoot, order);
  expect(after.version).toBe(order.version + 1);
  expect(after.lineItems.map((item) => [item.variant.sku, item.quantity])).toEqual([
    ['A-1', 3],
    ['B-1', 2],
  ]);
  expect(after.purchaseOrderNumber).toBe('PO-7');
  expect(after.totalPrice.centAmount).toBe(3 * 1999 + 2 * 1050 + 490);
  expect(after.taxedPrice!.totalGross.centAmount).toBe(after.totalPrice.centAmount);
  expect(result.excerptAfterEdit).toEqual({ totalPrice: after.totalPrice, taxedPrice: after.taxedPrice, version: after.version });

  const messages = (
    await apiRoot
      .messages()
      .get({ queryArgs: { where: `resource(id="${order.id}")`, sort: 'sequenceNumber asc', limit: 50 } })
      .execute()
  ).body.results;
  const last = messages.filter((message) => message.resourceVersion === after.version).map((message) => message.type);
  expect(last).toEqual(['OrderPurchaseOrderNumberSet', 'OrderEditApplied']);
  const editApplied = messages.find((message) => message.type === 'OrderEditApplied') as unknown as {
    edit: OrderEdit;
    result: OrderEditApplied;
  };
  expect(editApplied.edit.id).toBe(edit.id);
  expect(editApplied.result).toEqual(result);

  // Applied once: its staged actions no longer change, and it is not applied again.
  const again = await sdkFailure(apply(apiRoot, applied.body, applied.body.version, after.version));
  expect(again.statusCode).toBe(400);
  expect(again.body.errors[0]!.code).toBe('InvalidOperation');
  const restage = await sdkFailure(
    apiRoot
      .orders()
      .edits()
      .withId({ ID: edit.id })
      .post({ body: { version: applied.body.version, actions: [{ action: 'addStagedAction', stagedAction: quantityOf(order, 9) }] } })
      .execute(),
  );
  expect(restage.body.errors[0]!.code).toBe('InvalidOperation');
  expect((await readOrder(apiRoot, order)).version).toBe(after.version);
});

test('apply refuses a stale edit version and an order that changed since with 409 ConcurrentModification', async ({ apiRoot }) => {
  const order = await place(apiRoot);
  const edit = (await createEdit(apiRoot, editOf(order, [quantityOf(order, 5)]))).body;

  const staleEdit = await sdkFailure(apply(apiRoot, edit, edit.version + 1, order.version));
  expect(staleEdit.statusCode).toBe(409);
  expect(staleEdit.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: edit.version });

  // The order changes after the edit was made: the version the client knew is refused.
  const changed = (
    await apiRoot
      .orders()
      .withId({ ID: order.id })
      .post({ body: { version: order.version, actions: [{ action: 'changeOrderState', orderState: 'Confirmed' }] } })
      .execute()
  ).body;
  const staleOrder = await sdkFailure(apply(apiRoot, edit, edit.version, order.version));
  expect(staleOrder.statusCode).toBe(409);
  expect(staleOrder.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: changed.version });
  expect(await readOrder(apiRoot, order)).toMatchObject({
    version: changed.version,
    lineItems: [expect.objectContaining({ quantity: 2 })],
  });
  expect((await apiRoot.orders().edits().withId({ ID: edit.id }).get().execute()).body).toMatchObject({
    version: edit.version,
    result: { type: 'PreviewSuccess' },
  });

  // With the order's current version it applies on the order as it is now.
  const applied = await apply(apiRoot, edit, edit.version, changed.version);
  expect((applied.body.result as OrderEditApplied).excerptBeforeEdit.version).toBe(changed.version);
  expect(await readOrder(apiRoot, order)).toMatchObject({ orderState: 'Confirmed', lineItems: [expect.objectContaining({ quantity: 5 })] });
});

test('a failing preview is a PreviewFailure with the errors, and applying it is 400 EditPreviewFailed', async ({ apiRoot }) => {
  const order = await place(apiRoot);
  const edit = (await createEdit(apiRoot, editOf(order, [{ action: 'removeLineItem', lineItemId: 'no-such-item' }]))).body;
  const result = edit.result as OrderEditPreviewFailure;
  expect(result.type).toBe('PreviewFailure');
  expect(result.errors.length).toBeGreaterThan(0);

  const refused = await sdkFailure(apply(apiRoot, edit, edit.version, order.version));
  expect(refused.statusCode).toBe(400);
  expect(refused.body.errors[0]).toMatchObject({ code: 'EditPreviewFailed', result: { type: 'PreviewFailure', errors: result.errors } });
  expect((await readOrder(apiRoot, order)).version).toBe(order.version);

  // A staged action of the platform's set that the mock cannot run fails the preview by name, never silently.
  const unsupported = (
    await createEdit(
      apiRoot,
      editOf(order, [
        raw<StagedOrderUpdateAction>({
          action: 'setShippingAddressAndShippingMethod',
          address: { country: 'DE' },
          shippingMethod: { typeId: 'shipping-method', key: 'dhl' },
        }),
      ]),
    )
  ).body.result as OrderEditPreviewFailure;
  expect(unsupported.type).toBe('PreviewFailure');
  expect(unsupported.errors[0]!.message).toContain("'setShippingAddressAndShippingMethod'");
});

test('bad input: an unknown staged action, a payload its action refuses, an unknown order; nothing is stored', async ({ apiRoot }) => {
  const order = await place(apiRoot);
  const unknownAction = await sdkFailure(createEdit(apiRoot, editOf(order, [raw<StagedOrderUpdateAction>({ action: 'teleport' })])));
  expect(unknownAction.statusCode).toBe(400);
  expect(unknownAction.body.errors[0]).toMatchObject({ code: 'InvalidInput', field: 'stagedActions.0.action' });
  expect(unknownAction.body.errors[0]!.message).toContain("'teleport'");

  const badPayload = await sdkFailure(
    createEdit(apiRoot, editOf(order, [raw<StagedOrderUpdateAction>({ action: 'changeLineItemQuantity', quantity: 'many' })])),
  );
  expect(badPayload.statusCode).toBe(400);

  const unknownOrder = await sdkFailure(createEdit(apiRoot, { resource: { typeId: 'order', id: 'no-such-order' } }));
  expect(unknownOrder.statusCode).toBe(400);
  expect(unknownOrder.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'order' });
  expect((await apiRoot.orders().edits().get().execute()).body.count).toBe(0);

  const edit = (await createEdit(apiRoot, editOf(order))).body;
  const badAdd = await sdkFailure(
    apiRoot
      .orders()
      .edits()
      .withId({ ID: edit.id })
      .post({ body: { version: edit.version, actions: [{ action: 'addStagedAction', stagedAction: raw({ action: 'teleport' }) }] } })
      .execute(),
  );
  expect(badAdd.statusCode).toBe(400);
  expect(badAdd.body.errors[0]).toMatchObject({ code: 'InvalidInput', field: 'stagedAction.action' });
  expect((await apiRoot.orders().edits().withId({ ID: edit.id }).get().execute()).body.version).toBe(edit.version);

  const missingVersions = await sdkFailure(
    apiRoot
      .orders()
      .edits()
      .withId({ ID: edit.id })
      .apply()
      .post({ body: raw({}) })
      .execute(),
  );
  expect(missingVersions.statusCode).toBe(400);
});

test('update actions of the edit itself, version conflicts and delete', async ({ apiRoot }) => {
  const order = await place(apiRoot);
  const edit = (await createEdit(apiRoot, editOf(order, [], { key: 'first' }))).body;
  const updated = (
    await apiRoot
      .orders()
      .edits()
      .withKey({ key: 'first' })
      .post({
        body: {
          version: edit.version,
          actions: [
            { action: 'setKey', key: 'second' },
            { action: 'setComment', comment: 'call the customer' },
          ],
        },
      })
      .execute()
  ).body;
  expect(updated).toMatchObject({ version: 2, key: 'second', comment: 'call the customer' });
  const conflict = await sdkFailure(
    apiRoot
      .orders()
      .edits()
      .withId({ ID: edit.id })
      .post({ body: { version: 1, actions: [{ action: 'setComment' }] } })
      .execute(),
  );
  expect(conflict.statusCode).toBe(409);
  const deleted = await apiRoot
    .orders()
    .edits()
    .withKey({ key: 'second' })
    .delete({ queryArgs: { version: 2 } })
    .execute();
  expect(deleted.statusCode).toBe(200);
  expect((await apiRoot.orders().edits().get().execute()).body.count).toBe(0);
});

test('GraphQL: createOrderEdit and orderEdit serve the same edits, preview included', async ({ apiRoot }) => {
  const order = await place(apiRoot);
  const response = await apiRoot
    .graphql()
    .post({
      body: {
        query: `mutation ($draft: OrderEditDraft!) {
          createOrderEdit(draft: $draft) { id key result { type ... on PreviewSuccess { preview { totalPrice { centAmount } } } } }
        }`,
        variables: {
          draft: {
            key: 'by-graphql',
            resource: { typeId: 'order', id: order.id },
            stagedActions: [{ changeLineItemQuantity: { lineItemId: order.lineItems[0]!.id, quantity: 1 } }],
          },
        },
      },
    })
    .execute();
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.createOrderEdit).toMatchObject({
    key: 'by-graphql',
    result: { type: 'PreviewSuccess', preview: { totalPrice: { centAmount: 1999 + 490 } } },
  });
  const read = await apiRoot
    .graphql()
    .post({ body: { query: '{ orderEdit(key: "by-graphql") { id result { type } } orderEdits { total } }' } })
    .execute();
  expect(read.body.data).toEqual({
    orderEdit: { id: response.body.data.createOrderEdit.id, result: { type: 'PreviewSuccess' } },
    orderEdits: { total: 1 },
  });
});
