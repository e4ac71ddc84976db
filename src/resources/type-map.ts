/**
 * Type ids to the platform's draft and resource types, as the official SDK declares them
 * (`@commercetools/platform-sdk`, an optional peer, imported for types only): factory output is the
 * SDK's draft, so it posts through the SDK without a cast, and seeded and read resources are the
 * SDK's resources. One line per resource type.
 */
import type {
  ApprovalFlow,
  ApprovalRule,
  ApprovalRuleDraft,
  AssociateRole,
  AssociateRoleDraft,
  AttributeGroup,
  AttributeGroupDraft,
  BusinessUnit,
  BusinessUnitDraft,
  BusinessUnitResourceIdentifier,
  Cart,
  CartDiscount,
  CartDiscountDraft,
  CartDraft,
  Category,
  CategoryDraft,
  Channel,
  ChannelDraft,
  CustomObject,
  CustomObjectDraft,
  Customer,
  CustomerDraft,
  CustomerGroup,
  CustomerGroupDraft,
  CustomFieldsDraft,
  DiscountCode,
  DiscountCodeDraft,
  DiscountGroup,
  DiscountGroupDraft,
  Extension,
  ExtensionDraft,
  InventoryEntry,
  InventoryEntryDraft,
  Message,
  Order,
  OrderImportDraft,
  Payment,
  PaymentDraft,
  Product,
  ProductDiscount,
  ProductDiscountDraft,
  ProductDraft,
  ProductSelection,
  ProductSelectionDraft,
  ProductType,
  ProductTypeDraft,
  Quote,
  QuoteDraft,
  QuoteRequest,
  QuoteRequestDraft,
  RecurrencePolicy,
  RecurrencePolicyDraft,
  Review,
  ReviewDraft,
  ShippingMethod,
  ShippingMethodDraft,
  ShoppingList,
  ShoppingListDraft,
  StagedQuote,
  StagedQuoteDraft,
  StandalonePrice,
  StandalonePriceDraft,
  State,
  StateDraft,
  Store,
  StoreDraft,
  Subscription,
  SubscriptionDraft,
  StoreResourceIdentifier,
  TaxCategory,
  TaxCategoryDraft,
  Type,
  TypeDraft,
  Zone,
  ZoneDraft,
} from '@commercetools/platform-sdk';

/**
 * What seeding an approval rule takes beyond the platform's draft: its business unit (the
 * as-associate endpoint takes it from its path instead) and custom fields (the platform's rules
 * have them, set by update actions).
 */
export interface ApprovalRuleSeedDraft extends ApprovalRuleDraft {
  readonly businessUnit?: BusinessUnitResourceIdentifier;
  readonly custom?: CustomFieldsDraft;
}

/** The platform's shipping method draft takes `stores`; SDK 8's type does not declare it yet. */
export interface ShippingMethodStoresDraft extends ShippingMethodDraft {
  readonly stores?: StoreResourceIdentifier[];
}

export interface ResourceTypes {
  customer: { draft: CustomerDraft; resource: Customer };
  category: { draft: CategoryDraft; resource: Category };
  channel: { draft: ChannelDraft; resource: Channel };
  'key-value-document': { draft: CustomObjectDraft; resource: CustomObject };
  'customer-group': { draft: CustomerGroupDraft; resource: CustomerGroup };
  state: { draft: StateDraft; resource: State };
  store: { draft: StoreDraft; resource: Store };
  'tax-category': { draft: TaxCategoryDraft; resource: TaxCategory };
  type: { draft: TypeDraft; resource: Type };
  zone: { draft: ZoneDraft; resource: Zone };
  'product-type': { draft: ProductTypeDraft; resource: ProductType };
  product: { draft: ProductDraft; resource: Product };
  'inventory-entry': { draft: InventoryEntryDraft; resource: InventoryEntry };
  'standalone-price': { draft: StandalonePriceDraft; resource: StandalonePrice };
  'product-discount': { draft: ProductDiscountDraft; resource: ProductDiscount };
  'attribute-group': { draft: AttributeGroupDraft; resource: AttributeGroup };
  'product-selection': { draft: ProductSelectionDraft; resource: ProductSelection };
  payment: { draft: PaymentDraft; resource: Payment };
  'shopping-list': { draft: ShoppingListDraft; resource: ShoppingList };
  review: { draft: ReviewDraft; resource: Review };
  'associate-role': { draft: AssociateRoleDraft; resource: AssociateRole };
  'business-unit': { draft: BusinessUnitDraft; resource: BusinessUnit };
  'shipping-method': { draft: ShippingMethodStoresDraft; resource: ShippingMethod };
  'cart-discount': { draft: CartDiscountDraft; resource: CartDiscount };
  'discount-code': { draft: DiscountCodeDraft; resource: DiscountCode };
  'discount-group': { draft: DiscountGroupDraft; resource: DiscountGroup };
  'recurrence-policy': { draft: RecurrencePolicyDraft; resource: RecurrencePolicy };
  cart: { draft: CartDraft; resource: Cart };
  /** Seeding creates orders from an OrderImportDraft (`POST /orders` places one from a cart). */
  order: { draft: OrderImportDraft; resource: Order };
  'quote-request': { draft: QuoteRequestDraft; resource: QuoteRequest };
  /** Staged quotes, quotes and approval flows come with other documents: made through their endpoints, not by seeding. */
  'staged-quote': { draft: StagedQuoteDraft; resource: StagedQuote };
  quote: { draft: QuoteDraft; resource: Quote };
  'approval-rule': { draft: ApprovalRuleSeedDraft; resource: ApprovalRule };
  'approval-flow': { draft: never; resource: ApprovalFlow };
  /** Messages are the engine's record of changes: read, never seeded. */
  message: { draft: never; resource: Message };
  subscription: { draft: SubscriptionDraft; resource: Subscription };
  extension: { draft: ExtensionDraft; resource: Extension };
}

export type TypeId = keyof ResourceTypes;
export type DraftOf<T extends TypeId> = ResourceTypes[T]['draft'];
export type ResourceOf<T extends TypeId> = ResourceTypes[T]['resource'];
