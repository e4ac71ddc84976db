/**
 * `Query.limits` (ProjectCustomLimitsProjection): a project's limits as the platform documents their
 * defaults (docs.commercetools.com/api/limits and the release notes that set them), and, for a limit
 * on the total of a type, the project's current count of it, read through REST as any query is.
 * A limit the platform's documentation gives no default for is `null` (the schema's `limit: Long`).
 */
import { MAX_TIMEOUT_MS } from '../../engine/extension-gate.js';
import type { RestCall } from './field-context.js';

type Limit = { limit: number | null };

const limit = (value: number | null): Limit => ({ limit: value });

/**
 * A limit on the total of a type, with the project's count of those `where` matches (`current`).
 * Refresh tokens live in the token server, which no REST route counts: their `current` is one of
 * the fields the mock does not compute (UNSERVED_FIELDS), never a made-up number.
 */
function total(rest: RestCall, value: number | null, path: string, where?: string): Limit & { current: number } {
  const query = new URLSearchParams({ limit: '1', withTotal: 'true' });
  if (where) query.set('where', where);
  return { limit: value, current: (rest('GET', path, query) as { total: number }).total };
}

export function projectLimits(rest: RestCall): Record<string, Record<string, unknown>> {
  return {
    query: { offset: limit(10_000) },
    products: { pricesPerVariant: limit(100), variants: limit(100), productTailoring: limit(null) },
    shoppingLists: { lineItems: limit(250), textLineItems: limit(null), total: total(rest, 10_000_000, 'shopping-lists') },
    // The mock's own maximum of an extension's timeout (docs/events.md), and the platform's 100 actions in an extension's answer.
    extensions: { timeoutInMs: limit(MAX_TIMEOUT_MS), maxExtensionsUpdateActions: limit(100) },
    subscriptions: { maxSubscriptions: limit(50) },
    productDiscounts: { totalActive: total(rest, 500, 'product-discounts', 'isActive = true') },
    cartDiscounts: {
      totalActiveWithoutDiscountCodes: total(rest, 100, 'cart-discounts', 'isActive = true and requiresDiscountCode = false'),
    },
    discountGroups: { totalActive: total(rest, null, 'discount-groups', 'isActive = true') },
    orderEdits: { total: total(rest, 100_000, 'orders/edits') },
    stores: {
      productSelections: limit(100),
      inventorySupplyChannels: limit(100),
      productDistributionChannels: limit(100),
      cartDiscounts: limit(100),
      total: total(rest, 300_000, 'stores'),
    },
    businessUnits: { maxDepthLimit: limit(5), maxDivisions: limit(null), maxAssociates: limit(2000), maxAssociateRoles: limit(null) },
    customers: { maxGroupsPerCustomer: limit(null), total: total(rest, 1_000_000, 'customers') },
    customerGroups: { total: total(rest, 10_000, 'customer-groups') },
    zones: { total: total(rest, 100, 'zones') },
    taxCategories: { total: total(rest, 100, 'tax-categories') },
    refreshTokens: { total: limit(null) },
    shippingMethods: { stores: limit(null), total: total(rest, 100, 'shipping-methods') },
    carts: { total: total(rest, 10_000_000, 'carts') },
    customObjects: { total: total(rest, null, 'custom-objects') },
    search: { maxTextSize: limit(256) },
    category: { maxCategories: limit(10_000) },
    productType: { total: total(rest, null, 'product-types') },
  };
}
