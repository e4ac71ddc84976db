import type { ResourceDefinition } from '../engine/define.js';
import { categories } from './categories.js';
import { channels } from './channels.js';
import { customerGroups } from './customer-groups.js';
import { customers } from './customer/index.js';
import { customObjects } from './custom-objects.js';
import { project } from './project.js';
import { states } from './states.js';
import { stores } from './stores.js';
import { taxCategories } from './tax-categories.js';
import { types } from './custom-types.js';
import { zones } from './zones.js';
import { productTypes } from './product-types.js';
import { products } from './product/index.js';
import { productProjections } from './product-projections.js';
import { inventory } from './inventory.js';
import { standalonePrices } from './standalone-prices.js';
import { variants } from './variant/index.js';
import { variantProjections } from './variant/projections.js';
import { productDiscounts } from './product-discounts.js';
import { attributeGroups } from './attribute-groups.js';
import { productSelections } from './product-selections.js';
import { productTailorings } from './product-tailoring/index.js';
import { payments } from './payments.js';
import { shoppingLists } from './shopping-lists.js';
import { reviews } from './reviews.js';
import { associateRoles } from './associate-roles.js';
import { businessUnits } from './business-unit/index.js';
import { shippingMethods } from './shipping-methods.js';
import { cartDiscounts } from './cart-discounts.js';
import { discountCodes } from './discount-codes.js';
import { discountGroups } from './discount-groups.js';
import { recurrencePolicies } from './recurrence-policies.js';
import { apiClients } from './api-clients.js';
import { recurringOrders } from './recurring-orders.js';
import { paymentMethods } from './payment-methods.js';
import { mcpServers } from './mcp-servers.js';
import { carts } from './cart/index.js';
import { orders } from './order/index.js';
import { orderEdits } from './order-edit/index.js';
import { quoteRequests } from './quote-requests.js';
import { stagedQuotes } from './staged-quotes.js';
import { quotes } from './quotes.js';
import { approvalRules } from './approval-rules.js';
import { approvalFlows } from './approval-flows.js';
import { messages } from './messages.js';
import { subscriptions } from './subscriptions.js';
import { extensions } from './extensions.js';
import { checkoutApplications } from './checkout/applications.js';
import { checkoutPaymentIntegrations } from './checkout/payment-integrations.js';
import { checkoutTransactions } from './checkout/transactions.js';
import { importContainers } from './import/containers.js';
import { importOperations } from './import/operations.js';
import { changeHistory } from './history/index.js';

/**
 * Every resource type the mock serves, by type id: adding one is its module and a line here. The
 * SDK's types that seeding and reads are typed with (`type-map.ts`) are derived from it.
 */
export const registeredTypes = {
  project: project,
  customer: customers,
  category: categories,
  'key-value-document': customObjects,
  type: types,
  channel: channels,
  'customer-group': customerGroups,
  'tax-category': taxCategories,
  zone: zones,
  store: stores,
  state: states,
  'product-type': productTypes,
  product: products,
  'product-projection': productProjections,
  'inventory-entry': inventory,
  'standalone-price': standalonePrices,
  variant: variants,
  'variant-projection': variantProjections,
  'product-discount': productDiscounts,
  'attribute-group': attributeGroups,
  'product-selection': productSelections,
  'product-tailoring': productTailorings,
  payment: payments,
  'shopping-list': shoppingLists,
  review: reviews,
  'associate-role': associateRoles,
  'business-unit': businessUnits,
  'shipping-method': shippingMethods,
  'cart-discount': cartDiscounts,
  'discount-code': discountCodes,
  'discount-group': discountGroups,
  'recurrence-policy': recurrencePolicies,
  'recurring-order': recurringOrders,
  'payment-method': paymentMethods,
  'api-client': apiClients,
  'mcp-server': mcpServers,
  cart: carts,
  order: orders,
  'order-edit': orderEdits,
  'quote-request': quoteRequests,
  'staged-quote': stagedQuotes,
  quote: quotes,
  'approval-rule': approvalRules,
  'approval-flow': approvalFlows,
  message: messages,
  subscription: subscriptions,
  extension: extensions,
  'checkout-application': checkoutApplications,
  'checkout-payment-integration': checkoutPaymentIntegrations,
  'checkout-transaction': checkoutTransactions,
  'import-container': importContainers,
  'import-operation': importOperations,
  'change-history': changeHistory,
};

export type RegisteredTypes = typeof registeredTypes;

export const resourceDefinitions: ResourceDefinition[] = Object.values(registeredTypes);
