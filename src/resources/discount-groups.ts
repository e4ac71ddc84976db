/**
 * Discount groups: a named priority (`sortOrder`) that cart discounts join (`discountGroup`), so
 * that the best discount of the group applies. Added by following the walkthrough of
 * docs/architecture.md, which shows this module.
 */
import * as z from 'zod';
import { errors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { changer, setter, emitsField } from '../engine/common-actions.js';
import { type BaseFields, defineResource, lifecycleMessages, type SdkTypes } from '../engine/define.js';
import { Key, LocalizedString, SortOrder } from '../engine/draft-fields.js';
import type { DiscountGroup as SdkDiscountGroup, DiscountGroupDraft as SdkDiscountGroupDraft } from '@commercetools/platform-sdk';

export interface DiscountGroup extends StoredDocument {
  key: string;
  sortOrder: string;
  isActive: boolean;
  name?: LocalizedString;
  description?: LocalizedString;
}

export const DiscountGroupDraft = z.object({
  key: Key,
  sortOrder: SortOrder,
  name: LocalizedString.optional(),
  description: LocalizedString.optional(),
  isActive: z.boolean().optional(),
});
export type DiscountGroupDraft = z.infer<typeof DiscountGroupDraft>;

export const discountGroups = defineResource<DiscountGroupDraft, DiscountGroup, SdkTypes<SdkDiscountGroupDraft, SdkDiscountGroup>>({
  typeId: 'discount-group',
  path: 'discount-groups',
  draft: DiscountGroupDraft,
  create(draft) {
    const group: Omit<DiscountGroup, BaseFields> = { key: draft.key, sortOrder: draft.sortOrder, isActive: draft.isActive ?? true };
    if (draft.name !== undefined) group.name = draft.name;
    if (draft.description !== undefined) group.description = draft.description;
    return group;
  },
  actions: {
    setKey: emitsField(changer('key', Key), 'DiscountGroupKeySet', 'key', 'oldKey'),
    setName: setter('name', LocalizedString),
    setDescription: setter('description', LocalizedString),
    setSortOrder: emitsField(changer('sortOrder', SortOrder), 'DiscountGroupSortOrderSet', 'sortOrder', 'oldSortOrder'),
    setIsActive: emitsField(changer('isActive', z.boolean()), 'DiscountGroupIsActiveSet', 'isActive', 'oldIsActive'),
  },
  unique: {
    sortOrder: {
      values: (group) => [group.sortOrder],
      duplicate: (value) => errors.duplicateField('sortOrder', value),
    },
  },
  referencedBy: ['cart-discount'],
  messages: lifecycleMessages('DiscountGroup', 'discountGroup'),
});

declare module '../http/context.js' {
  interface StoredTypes {
    'discount-group': DiscountGroup;
  }
}
