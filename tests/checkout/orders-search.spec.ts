/**
 * `POST /orders/search` through the official SDK: the Order Search query language (exact,
 * fullText, prefix, wildcard, range, exists; and, or, not, filter), sorting, paging, the response
 * shape and request errors. The mock filters (docs/deviations.md): hits are the matching orders.
 */
import type { ByProjectKeyRequestBuilder, Order, OrderSearchRequest } from '@commercetools/platform-sdk';
import { expect, sdkFailure, test } from '../support/sdk.js';
import { EUR, raw } from './carts-support.js';

interface Seeded {
  one: Order;
  two: Order;
  three: Order;
  four: Order;
}

async function seed(apiRoot: ByProjectKeyRequestBuilder): Promise<Seeded> {
  await apiRoot
    .stores()
    .post({ body: { key: 'berlin', name: { en: 'Berlin store', de: 'Berliner Laden' } } })
    .execute();
  await apiRoot
    .stores()
    .post({ body: { key: 'paris', name: { en: 'Paris store' } } })
    .execute();
  const type = (
    await apiRoot
      .types()
      .post({
        body: {
          key: 'order-extra',
          name: { en: 'Extra' },
          resourceTypeIds: ['order'],
          fieldDefinitions: [
            { name: 'channel', label: { en: 'Channel' }, required: false, type: { name: 'String' }, inputHint: 'SingleLine' },
          ],
        },
      })
      .execute()
  ).body;
  const customer = (
    await apiRoot
      .customers()
      .post({ body: { email: 'known@example.com', password: 'pw' } })
      .execute()
  ).body.customer;
  const line = (name: string, sku: string, cents: number, quantity = 1) => ({
    name: { en: name },
    variant: { sku },
    quantity,
    price: { value: EUR(cents) },
  });
  const imported = async (body: Record<string, unknown>) =>
    (
      await apiRoot
        .orders()
        .importOrder()
        .post({ body: raw(body) })
        .execute()
    ).body;
  const one = await imported({
    orderNumber: 'WEB-1001',
    customerEmail: 'Ada.Lovelace@example.com',
    customerId: customer.id,
    totalPrice: EUR(2500),
    lineItems: [line('Red running shoes', 'SHOE-RED', 2500)],
    store: { typeId: 'store', key: 'berlin' },
    orderState: 'Open',
    custom: { type: { typeId: 'type', id: type.id }, fields: { channel: 'web' } },
  });
  const two = await imported({
    orderNumber: 'WEB-1002',
    customerEmail: 'grace@example.org',
    totalPrice: EUR(9900),
    lineItems: [line('Blue running shoes', 'SHOE-BLUE', 4950, 2)],
    store: { typeId: 'store', key: 'paris' },
    orderState: 'Confirmed',
  });
  const three = await imported({
    orderNumber: 'SHOP-7',
    customerEmail: 'ada.lovelace@example.com',
    totalPrice: EUR(15000),
    lineItems: [line('Rain jacket', 'JACKET-1', 10000), line('Red socks', 'SOCK-RED', 5000)],
    store: { typeId: 'store', key: 'berlin' },
    orderState: 'Complete',
    custom: { type: { typeId: 'type', id: type.id }, fields: { channel: 'shop' } },
  });
  const four = await imported({
    totalPrice: EUR(100),
    customLineItems: [{ name: { en: 'Gift card' }, slug: 'gift', quantity: 1, money: EUR(100) }],
    orderState: 'Cancelled',
  });
  return { one, two, three, four };
}

async function search(apiRoot: ByProjectKeyRequestBuilder, body: OrderSearchRequest | Record<string, unknown>) {
  const response = await apiRoot
    .orders()
    .search()
    .post({ body: raw<OrderSearchRequest>(body) })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function ids(apiRoot: ByProjectKeyRequestBuilder, query: unknown, extra: Record<string, unknown> = {}): Promise<string[]> {
  return (await search(apiRoot, { query, ...extra })).hits.map((hit) => hit.id);
}

test('simple expressions filter on the common fields', async ({ apiRoot }) => {
  const { one, two, three, four } = await seed(apiRoot);
  const sorted = (...orders: Order[]) => orders.map((o) => o.id).sort();
  const found = async (query: unknown) => (await ids(apiRoot, query, { limit: 100 })).sort();

  expect(await found({ exact: { field: 'orderNumber', value: 'WEB-1002' } })).toEqual(sorted(two));
  expect(await found({ exact: { field: 'orderNumber', values: ['WEB-1001', 'SHOP-7'] } })).toEqual(sorted(one, three));
  expect(await found({ exact: { field: 'customerEmail', value: 'ada.lovelace@example.com' } })).toEqual(sorted(three));
  expect(await found({ exact: { field: 'customerEmail', value: 'ada.lovelace@example.com', caseInsensitive: true } })).toEqual(
    sorted(one, three),
  );
  expect(await found({ exact: { field: 'orderState', value: 'Cancelled' } })).toEqual(sorted(four));
  expect(await found({ exact: { field: 'totalPrice.centAmount', value: 9900 } })).toEqual(sorted(two));
  expect(await found({ exact: { field: 'store.key', value: 'berlin' } })).toEqual(sorted(one, three));
  expect(await found({ exact: { field: 'store.name', language: 'de', value: 'Berliner Laden' } })).toEqual(sorted(one, three));
  expect(await found({ exact: { field: 'lineItems.sku', value: 'SOCK-RED' } })).toEqual(sorted(three));
  expect(await found({ exact: { field: 'lineItems.variant.sku', value: 'SHOE-BLUE' } })).toEqual(sorted(two));
  expect(await found({ exact: { field: 'custom.channel', customType: 'StringType', value: 'shop' } })).toEqual(sorted(three));

  expect(await found({ range: { field: 'totalPrice.centAmount', gte: 2500, lte: 9900 } })).toEqual(sorted(one, two));
  expect(await found({ range: { field: 'totalPrice.centAmount', gte: 10000 } })).toEqual(sorted(three));
  expect(await found({ range: { field: 'createdAt', gte: one.createdAt } })).toEqual(sorted(one, two, three, four));
  expect(await found({ range: { field: 'createdAt', gte: '2000-01-01T00:00:00.000Z', lte: '2999-01-01T00:00:00.000Z' } })).toEqual(
    sorted(one, two, three, four),
  );
  expect(await found({ range: { field: 'createdAt', lte: '2000-01-01T00:00:00.000Z' } })).toEqual([]);

  expect(await found({ prefix: { field: 'orderNumber', value: 'WEB-' } })).toEqual(sorted(one, two));
  expect(await found({ prefix: { field: 'orderNumber', value: 'web-', caseInsensitive: true } })).toEqual(sorted(one, two));
  expect(await found({ wildcard: { field: 'customerEmail', value: '*@example.org' } })).toEqual(sorted(two));
  expect(await found({ wildcard: { field: 'orderNumber', value: 'WEB-100?' } })).toEqual(sorted(one, two));
  expect(await found({ exists: { field: 'customerId' } })).toEqual(sorted(one));
  expect(await found({ exists: { field: 'orderNumber' } })).toEqual(sorted(one, two, three));

  expect(await found({ fullText: { field: 'lineItems.name', language: 'en', value: 'running shoes' } })).toEqual(sorted(one, two));
  expect(await found({ fullText: { field: 'lineItems.name', language: 'en', value: 'red shoes' } })).toEqual(sorted(one));
  expect(await found({ fullText: { field: 'lineItems.name', language: 'en', value: 'red shoes', mustMatch: 'any' } })).toEqual(
    sorted(one, two, three),
  );
  expect(await found({ fullText: { field: 'customLineItems.name', language: 'en', value: 'gift' } })).toEqual(sorted(four));
  expect(await found({ fullText: { field: 'lineItems.name', language: 'de', value: 'shoes' } })).toEqual([]);
});

test('compound expressions: and, or, not, filter', async ({ apiRoot }) => {
  const { one, two, three, four } = await seed(apiRoot);
  const found = async (query: unknown) => (await ids(apiRoot, query, { limit: 100 })).sort();
  const sorted = (...orders: Order[]) => orders.map((o) => o.id).sort();
  expect(
    await found({
      and: [{ exact: { field: 'store.key', value: 'berlin' } }, { range: { field: 'totalPrice.centAmount', gte: 10000 } }],
    }),
  ).toEqual(sorted(three));
  expect(
    await found({ or: [{ exact: { field: 'orderState', value: 'Cancelled' } }, { exact: { field: 'orderNumber', value: 'WEB-1002' } }] }),
  ).toEqual(sorted(two, four));
  expect(await found({ not: [{ exists: { field: 'orderNumber' } }] })).toEqual(sorted(four));
  expect(
    await found({
      and: [
        { fullText: { field: 'lineItems.name', language: 'en', value: 'red' } },
        { filter: [{ exact: { field: 'orderState', value: 'Open' } }] },
      ],
    }),
  ).toEqual(sorted(one));
  expect(
    await found({
      and: [{ not: [{ exact: { field: 'store.key', value: 'paris' } }] }, { exists: { field: 'lineItems' } }],
    }),
  ).toEqual(sorted(one, three));
});

test('sorting, paging, relevance and the response shape', async ({ apiRoot }) => {
  const { one, two, three, four } = await seed(apiRoot);
  const all = { exists: { field: 'totalPrice' } };
  const page = await search(apiRoot, { query: all, sort: [{ field: 'totalPrice.centAmount', order: 'desc' }], limit: 2, offset: 1 });
  expect(page).toEqual({
    total: 4,
    offset: 1,
    limit: 2,
    hits: [
      { id: two.id, version: 1, relevance: 1 },
      { id: one.id, version: 1, relevance: 1 },
    ],
  });
  expect(await ids(apiRoot, all, { sort: [{ field: 'totalPrice.centAmount', order: 'asc' }] })).toEqual([
    four.id,
    one.id,
    two.id,
    three.id,
  ]);
  // Orders without the field come last in both directions.
  expect(await ids(apiRoot, all, { sort: [{ field: 'orderNumber', order: 'asc' }] })).toEqual([three.id, one.id, two.id, four.id]);
  expect(await ids(apiRoot, all, { sort: [{ field: 'orderNumber', order: 'desc' }] })).toEqual([two.id, one.id, three.id, four.id]);
  // Multi-valued: three has 100.00 and 50.00 line items; `min` sorts it by 50.00, `max` by 100.00.
  expect(
    await ids(
      apiRoot,
      { exists: { field: 'lineItems' } },
      { sort: [{ field: 'lineItems.price.value.centAmount', order: 'asc', mode: 'min' }] },
    ),
  ).toEqual([one.id, two.id, three.id]);
  expect(
    await ids(
      apiRoot,
      { exists: { field: 'lineItems' } },
      { sort: [{ field: 'lineItems.price.value.centAmount', order: 'desc', mode: 'max' }] },
    ),
  ).toEqual([three.id, two.id, one.id]);
  // Defaults: 10 hits from 0.
  expect(await search(apiRoot, { query: all })).toMatchObject({ total: 4, offset: 0, limit: 10 });

  // Without sort: by relevance, relative to the best hit. fullText scores 1 a matched term, exact its boost;
  // `or` adds up what matches.
  const ranked = await search(apiRoot, {
    query: {
      or: [
        { fullText: { field: 'lineItems.name', language: 'en', value: 'red socks', mustMatch: 'any' } },
        { exact: { field: 'orderState', value: 'Confirmed', boost: 5 } },
      ],
    },
  });
  // two: 5 (the boosted state); three: 2 (red + socks); one: 1 (red).
  expect(ranked.hits.map((hit) => [hit.id, hit.relevance])).toEqual([
    [two.id, 1],
    [three.id, 0.4],
    [one.id, 0.2],
  ]);
});

test('request errors: 400 InvalidInput', async ({ apiRoot }) => {
  await seed(apiRoot);
  const bad: Array<Record<string, unknown>> = [
    {},
    { query: { exact: { field: 'orderNumber', value: 'x' }, prefix: { field: 'orderNumber', value: 'x' } } },
    { query: { near: { field: 'orderNumber', value: 'x' } } },
    { query: { and: [] } },
    { query: { exact: { value: 'x' } } },
    { query: { range: { field: 'totalPrice.centAmount' } } },
    { query: { exists: { field: 'orderNumber' } }, limit: 101 },
    { query: { exists: { field: 'orderNumber' } }, offset: 10_001 },
    { query: { exists: { field: 'orderNumber' } }, sort: [{ field: 'orderNumber', order: 'up' }] },
    { query: { exists: { field: 'orderNumber' } }, facets: [] },
  ];
  for (const body of bad) {
    const refused = await sdkFailure(
      apiRoot
        .orders()
        .search()
        .post({ body: raw(body) })
        .execute(),
    );
    expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    expect(refused.body.errors[0]!.code).toBe('InvalidInput');
  }
});
