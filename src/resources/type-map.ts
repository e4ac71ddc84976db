import type { z } from 'zod';
import type { Category, CategoryDraft } from './categories.js';
import type { Channel, ChannelDraft } from './channels.js';
import type { CustomObject, CustomObjectDraft } from './custom-objects.js';
import type { CustomerGroup, CustomerGroupDraft } from './customer-groups.js';
import type { CustomerDraft } from './customer/draft.js';
import type { Customer } from './customer/model.js';
import type { State, StateDraft } from './states.js';
import type { Store, StoreDraft } from './stores.js';
import type { TaxCategory, TaxCategoryDraft } from './tax-categories.js';
import type { Type, TypeDraft } from './types.js';
import type { Zone, ZoneDraft } from './zones.js';
import type { AttributeGroup, AttributeGroupDraft } from './attribute-groups.js';
import type { InventoryEntry, InventoryEntryDraft } from './inventory.js';
import type { ProductDiscount, ProductDiscountDraft } from './product-discounts.js';
import type { ProductSelection, ProductSelectionDraft } from './product-selections.js';
import type { ProductType, ProductTypeDraft } from './product-types.js';
import type { ProductDraft } from './product/draft.js';
import type { Product } from './product/model.js';
import type { StandalonePrice, StandalonePriceDraft } from './standalone-prices.js';
import type { Payment, PaymentDraft } from './payments.js';
import type { ShoppingList, ShoppingListDraft } from './shopping-lists.js';
import type { Review, ReviewDraft } from './reviews.js';
import type { AssociateRole, AssociateRoleDraft } from './associate-roles.js';
import type { BusinessUnitDraft } from './business-unit/draft.js';
import type { BusinessUnit } from './business-unit/model.js';
import type { ShippingMethod, ShippingMethodDraft } from './shipping-methods.js';
import type { CartDiscount, CartDiscountDraft } from './cart-discounts.js';
import type { DiscountCode, DiscountCodeDraft } from './discount-codes.js';
import type { DiscountGroup, DiscountGroupDraft } from './discount-groups.js';
import type { Cart } from './cart/model.js';
import type { CartDraft } from './cart/schemas.js';
import type { Order, OrderImportDraft } from './order/model.js';

import type { QuoteRequest, QuoteRequestDraft } from './quote-requests.js';
import type { StagedQuote, StagedQuoteDraft } from './staged-quotes.js';
import type { Quote, QuoteDraft } from './quotes.js';
import type { ApprovalRule, ApprovalRuleDraft } from './approval-rules.js';
import type { ApprovalFlow } from './approval-flows.js';
/**
 * Type ids to their draft (as sent: `z.input`) and stored resource types, for typed seeding and
 * reading in tests. One line per resource type.
 */
export interface ResourceTypes {
  customer: { draft: z.input<typeof CustomerDraft>; resource: Customer };
  category: { draft: z.input<typeof CategoryDraft>; resource: Category };
  channel: { draft: z.input<typeof ChannelDraft>; resource: Channel };
  'key-value-document': { draft: z.input<typeof CustomObjectDraft>; resource: CustomObject };
  'customer-group': { draft: z.input<typeof CustomerGroupDraft>; resource: CustomerGroup };
  state: { draft: z.input<typeof StateDraft>; resource: State };
  store: { draft: z.input<typeof StoreDraft>; resource: Store };
  'tax-category': { draft: z.input<typeof TaxCategoryDraft>; resource: TaxCategory };
  type: { draft: z.input<typeof TypeDraft>; resource: Type };
  zone: { draft: z.input<typeof ZoneDraft>; resource: Zone };
  'product-type': { draft: z.input<typeof ProductTypeDraft>; resource: ProductType };
  product: { draft: z.input<typeof ProductDraft>; resource: Product };
  'inventory-entry': { draft: z.input<typeof InventoryEntryDraft>; resource: InventoryEntry };
  'standalone-price': { draft: z.input<typeof StandalonePriceDraft>; resource: StandalonePrice };
  'product-discount': { draft: z.input<typeof ProductDiscountDraft>; resource: ProductDiscount };
  'attribute-group': { draft: z.input<typeof AttributeGroupDraft>; resource: AttributeGroup };
  'product-selection': { draft: z.input<typeof ProductSelectionDraft>; resource: ProductSelection };
  payment: { draft: z.input<typeof PaymentDraft>; resource: Payment };
  'shopping-list': { draft: z.input<typeof ShoppingListDraft>; resource: ShoppingList };
  review: { draft: z.input<typeof ReviewDraft>; resource: Review };
  'associate-role': { draft: z.input<typeof AssociateRoleDraft>; resource: AssociateRole };
  'business-unit': { draft: z.input<typeof BusinessUnitDraft>; resource: BusinessUnit };
  'shipping-method': { draft: z.input<typeof ShippingMethodDraft>; resource: ShippingMethod };
  'cart-discount': { draft: z.input<typeof CartDiscountDraft>; resource: CartDiscount };
  'discount-code': { draft: z.input<typeof DiscountCodeDraft>; resource: DiscountCode };
  'discount-group': { draft: z.input<typeof DiscountGroupDraft>; resource: DiscountGroup };
  cart: { draft: z.input<typeof CartDraft>; resource: Cart };
  /** Seeding creates orders from an OrderImportDraft (`POST /orders` places one from a cart). */
  order: { draft: z.input<typeof OrderImportDraft>; resource: Order };
  'quote-request': { draft: z.input<typeof QuoteRequestDraft>; resource: QuoteRequest };
  /** Staged quotes, quotes and approval flows come with other documents: made through their endpoints, not by seeding. */
  'staged-quote': { draft: z.input<typeof StagedQuoteDraft>; resource: StagedQuote };
  quote: { draft: z.input<typeof QuoteDraft>; resource: Quote };
  'approval-rule': { draft: z.input<typeof ApprovalRuleDraft>; resource: ApprovalRule };
  'approval-flow': { draft: never; resource: ApprovalFlow };
}

export type TypeId = keyof ResourceTypes;
export type DraftOf<T extends TypeId> = ResourceTypes[T]['draft'];
export type ResourceOf<T extends TypeId> = ResourceTypes[T]['resource'];
