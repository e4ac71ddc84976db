import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { draftOf } from './support.js';

export class RecurrencePolicyFactory extends Factory<TaggedDraft<'recurrence-policy'>> {
  /** On this day of every month (a day past a month's end orders on its last day). */
  onDayOfMonth(day: number): this {
    return this.params({ schedule: { type: 'dayOfMonth', day } });
  }
}

/** Recurrence policies with a unique key (`recurrence-policy-<n>`), every 1 to 4 weeks. */
export const recurrencePolicyFactory = RecurrencePolicyFactory.define(({ sequence, afterBuild }) => {
  const value = faker.number.int({ min: 1, max: 4 });
  const draft: DraftOf<'recurrence-policy'> = {
    key: `recurrence-policy-${sequence}`,
    name: { en: `Every ${value} week${value === 1 ? '' : 's'}` },
    schedule: { type: 'standard', value, intervalUnit: 'Weeks' },
  };
  return draftOf('recurrence-policy', afterBuild, draft);
});
