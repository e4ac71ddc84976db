/**
 * Every resource type the mock serves, by type id, as its module: adding a type is its module, a line
 * here, and `npm run manifest` (which writes manifest.ts from these modules; the registry's test
 * checks that it is current). The engine loads a type's definition on first use, through
 * `loadTypeModule`. From the sources every module is imported here, ready; the package's bundle
 * replaces this module by load-on-use.ts, which requires a type's module when it is first asked for,
 * so a process pays only for the types it touches.
 */
import * as project from './project.js';
import * as customer from './customer/index.js';
import * as category from './categories.js';
import * as keyValueDocument from './custom-objects.js';
import * as typeType from './custom-types.js';
import * as channel from './channels.js';
import * as customerGroup from './customer-groups.js';
import * as taxCategory from './tax-categories.js';
import * as zone from './zones.js';
import * as store from './stores.js';
import * as state from './states.js';
import * as productType from './product-types.js';
import * as product from './product/index.js';
import * as productProjection from './product-projections.js';
import * as inventoryEntry from './inventory.js';
import * as standalonePrice from './standalone-prices.js';
import * as variant from './variant/index.js';
import * as variantProjection from './variant/projections.js';
import * as productDiscount from './product-discounts.js';
import * as attributeGroup from './attribute-groups.js';
import * as productSelection from './product-selections.js';
import * as productTailoring from './product-tailoring/index.js';
import * as payment from './payments.js';
import * as shoppingList from './shopping-lists.js';
import * as review from './reviews.js';
import * as associateRole from './associate-roles.js';
import * as businessUnit from './business-unit/index.js';
import * as shippingMethod from './shipping-methods.js';
import * as cartDiscount from './cart-discounts.js';
import * as discountCode from './discount-codes.js';
import * as discountGroup from './discount-groups.js';
import * as recurrencePolicy from './recurrence-policies.js';
import * as recurringOrder from './recurring-orders.js';
import * as paymentMethod from './payment-methods.js';
import * as apiClient from './api-clients.js';
import * as mcpServer from './mcp-servers.js';
import * as cart from './cart/index.js';
import * as order from './order/index.js';
import * as orderEdit from './order-edit/index.js';
import * as quoteRequest from './quote-requests.js';
import * as stagedQuote from './staged-quotes.js';
import * as quote from './quotes.js';
import * as approvalRule from './approval-rules.js';
import * as approvalFlow from './approval-flows.js';
import * as message from './messages.js';
import * as subscription from './subscriptions.js';
import * as extension from './extensions.js';
import * as checkoutApplication from './checkout/applications.js';
import * as checkoutPaymentIntegration from './checkout/payment-integrations.js';
import * as checkoutTransaction from './checkout/transactions.js';
import * as importContainer from './import/containers.js';
import * as importOperation from './import/operations.js';
import * as changeHistory from './history/index.js';

export const typeModules = {
  project,
  customer,
  category,
  'key-value-document': keyValueDocument,
  type: typeType,
  channel,
  'customer-group': customerGroup,
  'tax-category': taxCategory,
  zone,
  store,
  state,
  'product-type': productType,
  product,
  'product-projection': productProjection,
  'inventory-entry': inventoryEntry,
  'standalone-price': standalonePrice,
  variant,
  'variant-projection': variantProjection,
  'product-discount': productDiscount,
  'attribute-group': attributeGroup,
  'product-selection': productSelection,
  'product-tailoring': productTailoring,
  payment,
  'shopping-list': shoppingList,
  review,
  'associate-role': associateRole,
  'business-unit': businessUnit,
  'shipping-method': shippingMethod,
  'cart-discount': cartDiscount,
  'discount-code': discountCode,
  'discount-group': discountGroup,
  'recurrence-policy': recurrencePolicy,
  'recurring-order': recurringOrder,
  'payment-method': paymentMethod,
  'api-client': apiClient,
  'mcp-server': mcpServer,
  cart,
  order,
  'order-edit': orderEdit,
  'quote-request': quoteRequest,
  'staged-quote': stagedQuote,
  quote,
  'approval-rule': approvalRule,
  'approval-flow': approvalFlow,
  message,
  subscription,
  extension,
  'checkout-application': checkoutApplication,
  'checkout-payment-integration': checkoutPaymentIntegration,
  'checkout-transaction': checkoutTransaction,
  'import-container': importContainer,
  'import-operation': importOperation,
  'change-history': changeHistory,
};

export type TypeModules = typeof typeModules;
export type ServedTypeId = keyof TypeModules;

/** A type's module, as its type id names it. */
export function loadTypeModule<T extends ServedTypeId>(typeId: T): TypeModules[T] {
  return typeModules[typeId];
}
