/**
 * Recurring orders (`/recurring-orders`) through the official SDK: a recurring order from a cart
 * whose line item names a recurrence policy, its schedule (`nextOrderAt`), its update actions and
 * messages, and the orders it places when the mock's clock reaches `nextOrderAt`.
 */
import type { ByProjectKeyRequestBuilder, Cart, RecurringOrder } from '@commercetools/platform-sdk';
import { createCart, recurringCart } from './carts-support.js';
import { expect, test } from '../support/sdk.js';

type Refusal = { statusCode: number; body: { errors: Array<{ code: string; message: string }> } };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: Refusal) => error,
  );

const create = (apiRoot: ByProjectKeyRequestBuilder, cart: Cart, extra: Record<string, unknown> = {}) =>
  apiRoot
    .recurringOrders()
    .post({ body: { cart: { typeId: 'cart', id: cart.id }, cartVersion: cart.version, ...extra } })
    .execute();

const update = (apiRoot: ByProjectKeyRequestBuilder, order: RecurringOrder, ...actions: object[]) =>
  apiRoot
    .recurringOrders()
    .withId({ ID: order.id })
    .post({ body: { version: order.version, actions: actions as never } })
    .execute();

test.describe('recurring orders', () => {
  test('created from a cart: Active, the schedule of its line item, nextOrderAt at startsAt; RecurringOrderCreated', async ({
    apiRoot,
    mock,
  }) => {
    const { cart } = await recurringCart(apiRoot);
    const startsAt = '2031-01-31T09:00:00.000Z';
    const { statusCode, body } = await create(apiRoot, cart, { key: 'ada-monthly', startsAt, expiresAt: '2032-01-01T00:00:00Z' });
    expect(statusCode).toBe(201);
    expect(body).toMatchObject({
      key: 'ada-monthly',
      cart: { typeId: 'cart', id: cart.id },
      startsAt,
      expiresAt: '2032-01-01T00:00:00.000Z',
      nextOrderAt: startsAt,
      recurringOrderState: 'Active',
      schedule: { type: 'standard', value: 1, intervalUnit: 'Months' },
      customerEmail: 'ada@example.com',
      version: 1,
    });
    expect((await apiRoot.recurringOrders().withKey({ key: 'ada-monthly' }).get().execute()).body.id).toBe(body.id);
    const query = await apiRoot
      .recurringOrders()
      .get({ queryArgs: { where: 'recurringOrderState = "Active"', sort: 'createdAt desc', expand: ['cart'] } })
      .execute();
    expect(query.body.results.map((order) => order.id)).toEqual([body.id]);
    expect(query.body.results[0]!.cart.obj?.id).toBe(cart.id);
    expect(mock.events.messages({ type: 'RecurringOrderCreated' })).toEqual([
      expect.objectContaining({
        resource: { typeId: 'recurring-order', id: body.id },
        recurringOrder: expect.objectContaining({ id: body.id }),
      }),
    ]);
  });

  test('a month passes on the clock: the order appears, placed from the cart, and nextOrderAt moves on a month', async ({
    apiRoot,
    mock,
  }) => {
    const { cart } = await recurringCart(apiRoot);
    mock.clock.set('2031-01-31T08:00:00Z');
    const { body: recurring } = await create(apiRoot, cart, { startsAt: '2031-01-31T09:00:00Z' });
    expect(mock.data.all('order')).toEqual([]);

    mock.clock.advance('PT2H');
    const [first] = mock.data.all('order');
    expect(first).toMatchObject({
      origin: 'RecurringOrder',
      orderState: 'Open',
      createdAt: '2031-01-31T09:00:00.000Z',
      cart: { typeId: 'cart', id: cart.id },
      lineItems: [expect.objectContaining({ variant: expect.objectContaining({ sku: 'A-1' }), quantity: 2 })],
      totalPrice: cart.totalPrice,
    });
    expect(mock.events.messages({ type: 'OrderCreatedFromRecurringOrder' })).toEqual([
      expect.objectContaining({
        order: expect.objectContaining({ id: first!.id }),
        recurringOrderRef: { typeId: 'recurring-order', id: recurring.id },
      }),
    ]);
    expect(mock.events.messages({ type: 'OrderCreated' })).toEqual([]);
    const afterFirst = (await apiRoot.recurringOrders().withId({ ID: recurring.id }).get().execute()).body;
    expect(afterFirst).toMatchObject({ lastOrderAt: '2031-01-31T09:00:00.000Z', nextOrderAt: '2031-02-28T09:00:00.000Z', version: 2 });

    mock.clock.advance('P1M');
    const orders = (
      await apiRoot
        .orders()
        .get({ queryArgs: { sort: 'createdAt asc' } })
        .execute()
    ).body.results;
    expect(orders.map((order) => order.createdAt)).toEqual(['2031-01-31T09:00:00.000Z', '2031-02-28T09:00:00.000Z']);
    // Counted from the start: a month after February 28th is March 31st, not 28th.
    expect((await apiRoot.recurringOrders().withId({ ID: recurring.id }).get().execute()).body.nextOrderAt).toBe(
      '2031-03-31T09:00:00.000Z',
    );
    // A month on, January's messages are past the 15 days a project keeps them.
    expect(mock.events.messages({ type: 'OrderCreatedFromRecurringOrder' })).toEqual([
      expect.objectContaining({
        order: expect.objectContaining({ id: orders[1]!.id }),
        recurringOrderRef: { typeId: 'recurring-order', id: recurring.id },
      }),
    ]);
    // The cart stays as it was: it is ordered again next time.
    expect(mock.data.get('cart', cart.id)).toMatchObject({ cartState: 'Active', version: cart.version });
  });

  test('due is judged on the next request too, once the real time has passed nextOrderAt', async ({ apiRoot, mock }) => {
    const { cart } = await recurringCart(apiRoot);
    await create(apiRoot, cart);
    expect(mock.data.all('order')).toEqual([]);
    // Started now: the first order is due at once, and the next request finds it placed.
    const { body } = await apiRoot.orders().get().execute();
    expect(body.results).toHaveLength(1);
  });

  test('paused orders nothing, missed occurrences are not made up on resume; canceled is final', async ({ apiRoot, mock }) => {
    const { cart } = await recurringCart(apiRoot, { type: 'standard', value: 1, intervalUnit: 'Weeks' });
    mock.clock.set('2031-05-01T10:00:00Z');
    const { body: created } = await create(apiRoot, cart, { startsAt: '2031-05-02T10:00:00Z' });
    const lastStateChange = () => {
      const message = mock.events.messages({ type: 'RecurringOrderStateChanged' }).at(-1) as unknown as Record<string, string>;
      return [message.oldState, message.state];
    };
    const { body: paused } = await update(apiRoot, created, { action: 'setRecurringOrderState', recurringOrderState: { type: 'paused' } });
    expect(lastStateChange()).toEqual(['Active', 'Paused']);
    expect(paused).toMatchObject({ recurringOrderState: 'Paused' });
    expect(paused.nextOrderAt).toBeUndefined();
    mock.clock.advance('P3W');
    expect(mock.data.all('order')).toEqual([]);

    const { body: resumed } = await update(apiRoot, paused, { action: 'setRecurringOrderState', recurringOrderState: { type: 'active' } });
    expect(lastStateChange()).toEqual(['Paused', 'Active']);
    // May 22nd 10:00 and a little: the next weekly time from the start is May 23rd.
    expect(resumed).toMatchObject({ recurringOrderState: 'Active', nextOrderAt: '2031-05-23T10:00:00.000Z' });
    mock.clock.advance('P2D');
    expect(mock.data.all('order')).toHaveLength(1);

    const { body: canceled } = await update(
      apiRoot,
      { ...resumed, version: resumed.version + 1 },
      {
        action: 'setRecurringOrderState',
        recurringOrderState: { type: 'canceled', reason: 'moved away' },
      },
    );
    expect(canceled.recurringOrderState).toBe('Canceled');
    expect(lastStateChange()).toEqual(['Active', 'Canceled']);
    const again = await refusal(update(apiRoot, canceled, { action: 'setRecurringOrderState', recurringOrderState: { type: 'active' } }));
    expect(again).toMatchObject({ statusCode: 400, body: { errors: [{ code: 'InvalidOperation' }] } });
    mock.clock.advance('P1M');
    expect(mock.data.all('order')).toHaveLength(1);
  });

  test('a skip counter passes over the next occurrences; past expiresAt it is Expired and orders nothing', async ({ apiRoot, mock }) => {
    const { cart } = await recurringCart(apiRoot, { type: 'dayOfMonth', day: 31 } as never);
    mock.clock.set('2031-01-10T12:00:00Z');
    const { body: created } = await create(apiRoot, cart, { startsAt: '2031-01-10T12:00:00Z', expiresAt: '2031-04-15T00:00:00Z' });
    // The 31st, or a shorter month's last day, at the time of day it started.
    expect(created.nextOrderAt).toBe('2031-01-31T12:00:00.000Z');
    const { body: skipping } = await update(apiRoot, created, {
      action: 'setOrderSkipConfiguration',
      skipConfigurationInputDraft: { type: 'Counter', totalToSkip: 1 },
    });
    mock.clock.advance('P1M'); // February 10th: January 31st was skipped
    expect(mock.data.all('order')).toEqual([]);
    const read = mock.data.get('recurring-order', skipping.id)!;
    expect(read).toMatchObject({
      skipConfiguration: { type: 'Counter', totalToSkip: 1, skipped: 1, lastSkippedAt: '2031-01-31T12:00:00.000Z' },
      nextOrderAt: '2031-02-28T12:00:00.000Z',
    });
    mock.clock.advance('P1M');
    expect(mock.data.all('order').map((order) => order.createdAt)).toEqual(['2031-02-28T12:00:00.000Z']);
    mock.clock.advance('P3M');
    expect(mock.data.all('order').map((order) => order.createdAt)).toEqual(['2031-02-28T12:00:00.000Z', '2031-03-31T12:00:00.000Z']);
    expect(mock.data.get('recurring-order', skipping.id)).toMatchObject({ recurringOrderState: 'Expired' });
    expect(mock.data.get('recurring-order', skipping.id)!.nextOrderAt).toBeUndefined();
  });

  test('update actions and their messages: setKey, setStartsAt, setExpiresAt, setSchedule', async ({ apiRoot, mock }) => {
    const { cart } = await recurringCart(apiRoot);
    await apiRoot
      .recurrencePolicies()
      .post({ body: { key: 'weekly', schedule: { type: 'standard', value: 1, intervalUnit: 'Weeks' } } })
      .execute();
    mock.clock.set('2031-06-01T00:00:00Z');
    const { body: created } = await create(apiRoot, cart, { startsAt: '2031-07-01T00:00:00Z' });
    const { body } = await update(
      apiRoot,
      created,
      { action: 'setKey', key: 'renamed' },
      { action: 'setStartsAt', startsAt: '2031-08-01T00:00:00Z' },
      { action: 'setExpiresAt', expiresAt: '2031-12-01T00:00:00Z' },
      { action: 'setSchedule', recurrencePolicy: { typeId: 'recurrence-policy', key: 'weekly' } },
    );
    expect(body).toMatchObject({
      key: 'renamed',
      startsAt: '2031-08-01T00:00:00.000Z',
      expiresAt: '2031-12-01T00:00:00.000Z',
      schedule: { type: 'standard', value: 1, intervalUnit: 'Weeks' },
      nextOrderAt: '2031-08-01T00:00:00.000Z',
      version: 2,
    });
    const types = mock.events.messages({ resourceId: created.id }).map((message) => message.type);
    expect(types).toEqual([
      'RecurringOrderCreated',
      'RecurringOrderKeySet',
      'RecurringOrderStartsAtSet',
      'RecurringOrderExpiresAtSet',
      'RecurringOrderScheduleSet',
    ]);
    expect(mock.events.messages({ type: 'RecurringOrderScheduleSet' })[0]).toMatchObject({
      recurrencePolicySchedule: { intervalUnit: 'Weeks' },
      oldRecurrencePolicySchedule: { intervalUnit: 'Months' },
    });
    expect(mock.events.messages({ type: 'RecurringOrderStartsAtSet' })[0]).toMatchObject({ oldStartsAt: '2031-07-01T00:00:00.000Z' });
  });

  test('refusals: a stale version (409), a stale cart version, a cart without recurring items, bad input; nothing stored', async ({
    apiRoot,
    mock,
  }) => {
    const { cart } = await recurringCart(apiRoot);
    const { body: created } = await create(apiRoot, cart, { startsAt: '2031-01-01T00:00:00Z' });
    await update(apiRoot, created, { action: 'setKey', key: 'first' });
    const stale = await refusal(update(apiRoot, created, { action: 'setKey', key: 'second' }));
    expect(stale).toMatchObject({ statusCode: 409, body: { errors: [{ code: 'ConcurrentModification' }] } });

    const staleCart = await refusal(create(apiRoot, { ...cart, version: cart.version - 1 } as Cart));
    expect(staleCart).toMatchObject({ statusCode: 409, body: { errors: [{ code: 'ConcurrentModification' }] } });
    const plain = await createCart(apiRoot, { currency: 'EUR', lineItems: [{ sku: 'A-1' }] });
    const notRecurring = await refusal(create(apiRoot, plain));
    expect(notRecurring).toMatchObject({ statusCode: 400, body: { errors: [{ code: 'InvalidOperation' }] } });
    const unknownCart = await refusal(create(apiRoot, { ...plain, id: 'no-such-cart' }));
    expect(unknownCart).toMatchObject({ statusCode: 400, body: { errors: [{ code: 'ReferencedResourceNotFound' }] } });
    const badDate = await refusal(create(apiRoot, cart, { startsAt: 'soon' }));
    expect(badDate).toMatchObject({ statusCode: 400 });
    const badState = await refusal(
      update(apiRoot, { ...created, version: 2 }, { action: 'setRecurringOrderState', recurringOrderState: { type: 'sleeping' } }),
    );
    expect(badState).toMatchObject({ statusCode: 400 });
    expect(mock.data.all('recurring-order').map((order) => order.key)).toEqual(['first']);
  });

  test('deleted: RecurringOrderDeleted, and it orders nothing more', async ({ apiRoot, mock }) => {
    const { cart } = await recurringCart(apiRoot);
    mock.clock.set('2031-01-01T00:00:00Z');
    const { body: created } = await create(apiRoot, cart, { startsAt: '2031-02-01T00:00:00Z' });
    await apiRoot
      .recurringOrders()
      .withId({ ID: created.id })
      .delete({ queryArgs: { version: created.version } })
      .execute();
    expect(mock.events.messages({ type: 'RecurringOrderDeleted' })).toEqual([
      expect.objectContaining({
        resource: { typeId: 'recurring-order', id: created.id },
        recurringOrder: expect.objectContaining({ id: created.id }),
      }),
    ]);
    mock.clock.advance('P2M');
    expect(mock.data.all('order')).toEqual([]);
  });

  test('GraphQL: recurringOrders and recurringOrder answer what REST stored', async ({ apiRoot }) => {
    const { cart } = await recurringCart(apiRoot);
    const { body: created } = await create(apiRoot, cart, { key: 'by-graphql', startsAt: '2031-01-01T00:00:00Z' });
    const { body } = await apiRoot
      .graphql()
      .post({
        body: {
          query:
            'query { recurringOrders(where: "key = \\"by-graphql\\"") { total results { id recurringOrderState nextOrderAt } } recurringOrder(key: "by-graphql") { startsAt } }',
        },
      })
      .execute();
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      recurringOrders: { total: 1, results: [{ id: created.id, recurringOrderState: 'Active', nextOrderAt: '2031-01-01T00:00:00.000Z' }] },
      recurringOrder: { startsAt: '2031-01-01T00:00:00.000Z' },
    });
  });
});
