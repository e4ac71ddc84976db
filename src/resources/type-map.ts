import type { z } from 'zod';
import type { Category, CategoryDraft } from './categories.js';
import type { Channel, ChannelDraft } from './channels.js';
import type { CustomObject, CustomObjectDraft } from './custom-objects.js';
import type { CustomerGroup, CustomerGroupDraft } from './customer-groups.js';
import type { Customer, CustomerDraft } from './customers.js';
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
import type { Product, ProductDraft } from './products.js';
import type { StandalonePrice, StandalonePriceDraft } from './standalone-prices.js';

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
}

export type TypeId = keyof ResourceTypes;
export type DraftOf<T extends TypeId> = ResourceTypes[T]['draft'];
export type ResourceOf<T extends TypeId> = ResourceTypes[T]['resource'];
