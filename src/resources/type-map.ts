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
}

export type TypeId = keyof ResourceTypes;
export type DraftOf<T extends TypeId> = ResourceTypes[T]['draft'];
export type ResourceOf<T extends TypeId> = ResourceTypes[T]['resource'];
