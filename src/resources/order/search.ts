/**
 * `POST /{projectKey}/orders/search`: the Order Search query language (RAML types/order-search)
 * over the project's orders, served by the ID-first search of `../id-search.ts`.
 *
 * Unlike the platform's documented behaviour as the project's specification reads it (order search
 * answering without filtering), the mock evaluates the query: `hits` are the matching orders only
 * (docs/deviations.md).
 *
 * - Fields are paths into the order (`orderNumber`, `customerEmail`, `orderState`, `paymentState`,
 *   `shipmentState`, `totalPrice.centAmount`, `totalPrice.currencyCode`, `createdAt`,
 *   `lastModifiedAt`, `customerId`, `store.key`, `lineItems.variant.sku`, `lineItems.name`,
 *   `customLineItems.name`, `shippingAddress.country`, `billingAddress.lastName`, ...; arrays are
 *   walked), plus `lineItems.sku` (= `lineItems.variant.sku`), `store.name` (the store's name),
 *   `state.key` (the State's key) and `customer.email` (= `customerEmail`).
 * - `limit` 0–100 (default 10), `offset` 0–10,000 (default 0).
 * - Answer: `{total, offset, limit, hits: [{id, version, relevance}]}`.
 */
import type { ResourceContext } from '../../engine/define.js';
import type { Order } from './model.js';
import { navigate } from '../product/search/fields.js';
import { idSearch, localised } from '../id-search.js';

const search = idSearch<Order>({
  name: 'order search',
  aliases: {
    'lineItems.sku': () => (order) => navigate(order.lineItems, ['variant', 'sku']),
    'customer.email': () => (order) => navigate(order, ['customerEmail']),
    'store.name': (language) => (order, ctx) => {
      const key = order.store?.key;
      const store = key === undefined ? undefined : ctx.getByKey('store', key);
      return localised(navigate(store, ['name']), language);
    },
    'state.key': () => (order, ctx) => (order.state ? navigate(ctx.get('state', order.state.id), ['key']) : []),
  },
  defaultLimit: 10,
  maxLimit: 100,
  maxOffset: 10_000,
});

export interface OrderSearchResponse {
  total: number;
  offset: number;
  limit: number;
  hits: Array<{ id: string; version: number; relevance: number }>;
}

/** Runs an OrderSearchRequest over `orders`. */
export function searchOrders(orders: Iterable<Order>, body: unknown, ctx: ResourceContext): OrderSearchResponse {
  const { hits, ...page } = search(orders, body, ctx);
  return { ...page, hits: hits.map(({ document, relevance }) => ({ id: document.id, version: document.version, relevance })) };
}
