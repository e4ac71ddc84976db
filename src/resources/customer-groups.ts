import * as z from 'zod';
import type { StoredDocument } from '../storage/backend.js';
import { defineResource, type BaseFields, type SdkTypes } from '../engine/define.js';
import { changer, customFieldActionsWithMessages, customFields, type CustomFields, setter } from '../engine/common-actions.js';
import { CustomFieldsDraft, Key } from '../engine/draft-fields.js';
import type { CustomerGroup as SdkCustomerGroup, CustomerGroupDraft as SdkCustomerGroupDraft } from '@commercetools/platform-sdk';

export interface CustomerGroup extends StoredDocument {
  key?: string;
  name: string;
  custom?: CustomFields;
}

/** The draft names the group `groupName`; the stored resource calls it `name`. */
export const CustomerGroupDraft = z.object({
  key: Key.optional(),
  groupName: z.string(),
  custom: CustomFieldsDraft.optional(),
});
export type CustomerGroupDraft = z.infer<typeof CustomerGroupDraft>;

export const customerGroups = defineResource<CustomerGroupDraft, CustomerGroup, SdkTypes<SdkCustomerGroupDraft, SdkCustomerGroup>>({
  typeId: 'customer-group',
  path: 'customer-groups',
  draft: CustomerGroupDraft,
  create(draft, ctx) {
    const group: Omit<CustomerGroup, BaseFields> = { name: draft.groupName };
    if (draft.key !== undefined) group.key = draft.key;
    const custom = customFields(draft.custom, ctx);
    if (custom) group.custom = custom;
    return group;
  },
  actions: {
    changeName: changer('name', z.string()),
    setKey: setter('key', Key),
    ...customFieldActionsWithMessages('CustomerGroup', 'old'),
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    'customer-group': CustomerGroup;
  }
}
