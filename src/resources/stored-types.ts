/**
 * The stored shape of each resource type the mock defines, by type id: `ctx.get('business-unit', id)`
 * reads a `BusinessUnit` without a cast. The context's reads are declared in `http/`, which may not
 * import the resource modules, so the shapes join its `StoredTypes` by declaration merging here, one
 * line per type next to the registry (`index.ts`). A type id not listed reads as a plain
 * `StoredDocument` (messages: documents whose shape the engine keeps).
 */
import type { Extension } from '../engine/extension-gate.js';
import type { Subscription } from '../engine/subscription.js';
import type { ApprovalFlow } from './approval-flows.js';
import type { ApprovalRule } from './approval-rules.js';
import type { AssociateRole } from './associate-roles.js';
import type { AttributeGroup } from './attribute-groups.js';
import type { BusinessUnit } from './business-unit/model.js';
import type { Cart } from './cart/model.js';
import type { CartDiscount } from './cart-discounts.js';
import type { Category } from './categories.js';
import type { Channel } from './channels.js';
import type { CustomObject } from './custom-objects.js';
import type { Type } from './custom-types.js';
import type { Customer } from './customer/model.js';
import type { CustomerGroup } from './customer-groups.js';
import type { DiscountCode } from './discount-codes.js';
import type { DiscountGroup } from './discount-groups.js';
import type { InventoryEntry } from './inventory.js';
import type { Order } from './order/model.js';
import type { Payment } from './payments.js';
import type { Product } from './product/model.js';
import type { ProductDiscount } from './product-discounts.js';
import type { ProductSelection } from './product-selections.js';
import type { ProductType } from './product-types.js';
import type { ProjectSettings } from './project.js';
import type { Quote } from './quotes.js';
import type { QuoteRequest } from './quote-requests.js';
import type { RecurrencePolicy } from './recurrence-policies.js';
import type { Review } from './reviews.js';
import type { ShippingMethod } from './shipping-methods.js';
import type { ShoppingList } from './shopping-lists.js';
import type { StagedQuote } from './staged-quotes.js';
import type { StandalonePrice } from './standalone-prices.js';
import type { State } from './states.js';
import type { Store } from './stores.js';
import type { TaxCategory } from './tax-categories.js';
import type { Zone } from './zones.js';

declare module '../http/context.js' {
  interface StoredTypes {
    'approval-flow': ApprovalFlow;
    'approval-rule': ApprovalRule;
    'associate-role': AssociateRole;
    'attribute-group': AttributeGroup;
    'business-unit': BusinessUnit;
    cart: Cart;
    'cart-discount': CartDiscount;
    category: Category;
    channel: Channel;
    'key-value-document': CustomObject;
    customer: Customer;
    'customer-group': CustomerGroup;
    'discount-code': DiscountCode;
    'discount-group': DiscountGroup;
    extension: Extension;
    'inventory-entry': InventoryEntry;
    order: Order;
    payment: Payment;
    product: Product;
    'product-discount': ProductDiscount;
    'product-selection': ProductSelection;
    'product-type': ProductType;
    project: ProjectSettings;
    quote: Quote;
    'quote-request': QuoteRequest;
    'recurrence-policy': RecurrencePolicy;
    review: Review;
    'shipping-method': ShippingMethod;
    'shopping-list': ShoppingList;
    'staged-quote': StagedQuote;
    'standalone-price': StandalonePrice;
    state: State;
    store: Store;
    subscription: Subscription;
    'tax-category': TaxCategory;
    type: Type;
    zone: Zone;
  }
}
