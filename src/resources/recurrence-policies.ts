/**
 * Recurrence policies: the schedule a recurring order follows, every so many days, weeks or months
 * (`standard`) or on a day of the month (`dayOfMonth`). The platform emits no message for them.
 * Added by following the walkthrough of docs/architecture.md.
 */
import * as z from 'zod';
import type { StoredDocument } from '../storage/backend.js';
import { changer, setter } from '../engine/common-actions.js';
import { type BaseFields, defineResource, type SdkTypes } from '../engine/define.js';
import { FreeKey, Key, LocalizedString } from '../engine/draft-fields.js';
import type {
  RecurrencePolicy as SdkRecurrencePolicy,
  RecurrencePolicyDraft as SdkRecurrencePolicyDraft,
} from '@commercetools/platform-sdk';

/** A schedule as drafted and as stored: the platform keeps exactly what it was given. */
export const RecurrencePolicySchedule = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('standard'),
    /** How many units between two orders. */
    value: z.number().int().min(1),
    intervalUnit: z.enum(['Days', 'Weeks', 'Months']),
  }),
  z.object({
    type: z.literal('dayOfMonth'),
    /** A day past a month's last orders on its last day, as the platform does. */
    day: z.number().int().min(1).max(31),
  }),
]);
export type RecurrencePolicySchedule = z.infer<typeof RecurrencePolicySchedule>;

export interface RecurrencePolicy extends StoredDocument {
  key: string;
  name?: LocalizedString;
  description?: LocalizedString;
  schedule: RecurrencePolicySchedule;
}

export const RecurrencePolicyDraft = z.object({
  // The reference gives the pattern to setKey's key only, not to the draft's.
  key: FreeKey,
  name: LocalizedString.optional(),
  description: LocalizedString.optional(),
  schedule: RecurrencePolicySchedule,
});
export type RecurrencePolicyDraft = z.infer<typeof RecurrencePolicyDraft>;

export const recurrencePolicies = defineResource<
  RecurrencePolicyDraft,
  RecurrencePolicy,
  SdkTypes<SdkRecurrencePolicyDraft, SdkRecurrencePolicy>
>({
  typeId: 'recurrence-policy',
  path: 'recurrence-policies',
  draft: RecurrencePolicyDraft,
  create(draft) {
    const policy: Omit<RecurrencePolicy, BaseFields> = { key: draft.key, schedule: draft.schedule };
    if (draft.name !== undefined) policy.name = draft.name;
    if (draft.description !== undefined) policy.description = draft.description;
    return policy;
  },
  actions: {
    setKey: changer('key', Key),
    setName: setter('name', LocalizedString),
    setDescription: setter('description', LocalizedString),
    setSchedule: changer('schedule', RecurrencePolicySchedule),
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    'recurrence-policy': RecurrencePolicy;
  }
}
