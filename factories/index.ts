/**
 * Fishery factories for every draft type the mock serves, built with faker. `build()` returns a plain
 * draft (exactly the platform's draft JSON) tagged with its resource type, so `commerce.data.seed(...)`
 * needs no type argument. See docs/playwright.md.
 */
export { DEFAULT_PASSWORD, byKey, slugify } from './support.js';
export { customerFactory, CustomerFactory, addressDraft, type CustomerDraftWithPassword, type CustomerTransient } from './customers.js';
export { categoryFactory, CategoryFactory, type CategoryTransient } from './categories.js';
export { channelFactory, ChannelFactory, type ChannelRole, type ChannelTransient } from './channels.js';
export { customObjectFactory, CustomObjectFactory, type CustomObjectTransient } from './custom-objects.js';
export { customerGroupFactory, CustomerGroupFactory } from './customer-groups.js';
export { stateFactory, StateFactory, type StateRole, type StateType } from './states.js';
export { storeFactory, StoreFactory } from './stores.js';
export { taxCategoryFactory, TaxCategoryFactory, STANDARD_TAX_RATES, taxRateDraft, type TaxCategoryTransient } from './tax-categories.js';
export { typeFactory, TypeFactory, DEFAULT_FIELD_DEFINITIONS, type CustomizableTypeId, type FieldDefinitionDraft } from './types.js';
export { zoneFactory, ZoneFactory, type LocationDraft } from './zones.js';
export {
  productTypeFactory,
  ProductTypeFactory,
  DEFAULT_PRODUCT_TYPE_KEY,
  DEFAULT_ATTRIBUTE_DEFINITIONS,
  type AttributeDefinitionDraft,
} from './product-types.js';
export { productFactory, ProductFactory, priceDraft, type AttributeDraft, type ProductTransient } from './products.js';
export { inventoryEntryFactory, InventoryEntryFactory } from './inventory.js';
export { standalonePriceFactory, StandalonePriceFactory } from './standalone-prices.js';
export { productDiscountFactory, ProductDiscountFactory } from './product-discounts.js';
export { attributeGroupFactory, AttributeGroupFactory } from './attribute-groups.js';
export { productSelectionFactory, ProductSelectionFactory } from './product-selections.js';
export { productTailoringFactory, ProductTailoringFactory } from './product-tailoring.js';
export { variantFactory, VariantFactory } from './variants.js';
export { byKeyOrId } from './identifiers.js';
export { shippingMethodFactory, ShippingMethodFactory, DEFAULT_TAX_CATEGORY_KEY, type ZoneRateSpec } from './shipping-methods.js';
export {
  cartDiscountFactory,
  CartDiscountFactory,
  type CartDiscountTransient,
  type CartDiscountTargetDraft,
  type CartDiscountValueDraft,
  type MoneyAmounts,
} from './cart-discounts.js';
export { discountCodeFactory, DiscountCodeFactory, DEFAULT_CART_DISCOUNT_KEY } from './discount-codes.js';
export { discountGroupFactory, DiscountGroupFactory } from './discount-groups.js';
export { recurrencePolicyFactory, RecurrencePolicyFactory } from './recurrence-policies.js';
export { checkoutApplicationFactory, CheckoutApplicationFactory } from './checkout-applications.js';
export { paymentMethodFactory, PaymentMethodFactory } from './payment-methods.js';
export { mcpServerFactory, McpServerFactory } from './mcp-servers.js';
export {
  cartFactory,
  CartFactory,
  lineItemDraft,
  type CartLineItemDraft,
  type CartOwner,
  type CartTransient,
  type LineItemSpec,
  type ProductWithSku,
} from './carts.js';
export {
  paymentFactory,
  PaymentFactory,
  MOCK_PAYMENT_INTERFACE,
  type PaymentTransient,
  type TransactionDraft,
  type TransactionSpec,
  type TransactionType,
} from './payments.js';
export { shoppingListFactory, ShoppingListFactory, type ShoppingListLineItemDraft, type ShoppingListTransient } from './shopping-lists.js';
export { reviewFactory, ReviewFactory } from './reviews.js';
export { associateRoleFactory, AssociateRoleFactory, DEFAULT_ASSOCIATE_PERMISSIONS, type Permission } from './associate-roles.js';
export {
  businessUnitFactory,
  BusinessUnitFactory,
  associateDraft,
  type AssociateSpec,
  type BusinessUnitTransient,
} from './business-units.js';
export {
  orderFactory,
  OrderFactory,
  type OrderLineSpec,
  type OrderPaymentState,
  type OrderShipmentState,
  type OrderState,
  type OrderTransient,
} from './orders.js';
export { quoteRequestFactory, QuoteRequestFactory, DEFAULT_QUOTE_CART_KEY } from './quote-requests.js';
export {
  stagedQuoteFactory,
  StagedQuoteFactory,
  quoteFactory,
  QuoteFactory,
  DEFAULT_QUOTE_REQUEST_KEY,
  DEFAULT_STAGED_QUOTE_KEY,
} from './quotes.js';
export { approvalRuleFactory, ApprovalRuleFactory, APPROVAL_RULE_DEFAULTS, approverTier, type ApproverTierSpec } from './approval-rules.js';

/** The faker instance the factories draw from: `faker.seed(42)` makes their output repeatable. */
export { faker } from '@faker-js/faker';
