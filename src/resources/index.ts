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
import { productDiscounts } from './product-discounts.js';
import { attributeGroups } from './attribute-groups.js';
import { productSelections } from './product-selections.js';
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
import { carts } from './cart/index.js';
import { orders } from './order/index.js';
import { quoteRequests } from './quote-requests.js';
import { stagedQuotes } from './staged-quotes.js';
import { quotes } from './quotes.js';
import { approvalRules } from './approval-rules.js';
import { approvalFlows } from './approval-flows.js';
import { messages } from './messages.js';
import { subscriptions } from './subscriptions.js';
import { extensions } from './extensions.js';

/** Every resource type the mock serves. Adding one is a module plus a line here. */
export const resourceDefinitions: ResourceDefinition[] = [
  project,
  customers,
  categories,
  customObjects,
  types,
  channels,
  customerGroups,
  taxCategories,
  zones,
  stores,
  states,
  productTypes,
  products,
  productProjections,
  inventory,
  standalonePrices,
  productDiscounts,
  attributeGroups,
  productSelections,
  payments,
  shoppingLists,
  reviews,
  associateRoles,
  businessUnits,
  shippingMethods,
  cartDiscounts,
  discountCodes,
  discountGroups,
  recurrencePolicies,
  carts,
  orders,
  quoteRequests,
  stagedQuotes,
  quotes,
  approvalRules,
  approvalFlows,
  messages,
  subscriptions,
  extensions,
];
