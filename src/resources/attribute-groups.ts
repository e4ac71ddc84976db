/** Attribute groups: named sets of attribute names (by `key`), for access control of product editors. */
import * as z from 'zod';
import type { StoredDocument } from '../storage/backend.js';
import { action, defineResource, type BaseFields, type SdkTypes } from '../engine/define.js';
import { changer, setter } from '../engine/common-actions.js';
import { Key, LocalizedString } from '../engine/draft-fields.js';
import type { AttributeGroup as SdkAttributeGroup, AttributeGroupDraft as SdkAttributeGroupDraft } from '@commercetools/platform-sdk';

export interface AttributeGroup extends StoredDocument {
  key?: string;
  name: LocalizedString;
  description?: LocalizedString;
  attributes: Array<{ key: string }>;
}

const AttributeReference = z.object({ key: z.string().min(1) });

export const AttributeGroupDraft = z.object({
  name: LocalizedString,
  description: LocalizedString.optional(),
  attributes: z.array(AttributeReference),
  key: Key.optional(),
});
export type AttributeGroupDraft = z.infer<typeof AttributeGroupDraft>;

/** Each attribute key once, in first-seen order. */
function distinct(attributes: Array<{ key: string }>): Array<{ key: string }> {
  const seen = new Set<string>();
  return attributes.filter((a) => !seen.has(a.key) && seen.add(a.key)).map((a) => ({ key: a.key }));
}

export const attributeGroups = defineResource<AttributeGroupDraft, AttributeGroup, SdkTypes<SdkAttributeGroupDraft, SdkAttributeGroup>>({
  typeId: 'attribute-group',
  path: 'attribute-groups',
  draft: AttributeGroupDraft,
  create(draft) {
    const group = { name: draft.name } as Omit<AttributeGroup, BaseFields>;
    if (draft.description !== undefined) group.description = draft.description;
    group.attributes = distinct(draft.attributes);
    if (draft.key !== undefined) group.key = draft.key;
    return group;
  },
  actions: {
    changeName: changer('name', LocalizedString),
    setDescription: setter('description', LocalizedString),
    setKey: setter('key', Key),
    setAttributes: action(
      () => z.object({ attributes: z.array(AttributeReference) }),
      (group: AttributeGroup, a) => {
        group.attributes = distinct(a.attributes);
      },
    ),
    addAttribute: action(
      () => z.object({ attribute: AttributeReference }),
      (group: AttributeGroup, a) => {
        group.attributes = distinct([...group.attributes, a.attribute]);
      },
    ),
    removeAttribute: action(
      () => z.object({ attribute: AttributeReference }),
      (group: AttributeGroup, a) => {
        group.attributes = group.attributes.filter((entry) => entry.key !== a.attribute.key);
      },
    ),
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    'attribute-group': AttributeGroup;
  }
}
