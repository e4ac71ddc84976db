import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, draftOf } from './support.js';

type StateDraft = DraftOf<'state'>;
export type StateType = StateDraft['type'];
export type StateRole = NonNullable<StateDraft['roles']>[number];

export class StateFactory extends Factory<TaggedDraft<'state'>> {
  /** States of this type instead of `OrderState`. */
  forType(type: StateType): this {
    return this.params({ type });
  }

  /** An initial state (`initial: true`). */
  initial(): this {
    return this.params({ initial: true });
  }

  /** Transitions to the states with these keys. */
  withTransitions(...stateKeys: string[]): this {
    return this.params({ transitions: stateKeys.map((key) => byKey('state', key)) });
  }

  /** Roles; `Return` needs a `LineItemState`, `ReviewIncludedInStatistics` a `ReviewState`. */
  withRoles(...roles: StateRole[]): this {
    return this.params({ roles });
  }
}

/** States of type `OrderState` with a unique key (`state-<n>`), not initial. */
export const stateFactory = StateFactory.define(({ sequence, afterBuild }) => {
  const word = faker.word.adjective();
  const draft: StateDraft = {
    key: `state-${sequence}`,
    type: 'OrderState',
    name: { en: word.charAt(0).toUpperCase() + word.slice(1) },
    description: { en: faker.lorem.sentence() },
    initial: false,
  };
  return draftOf('state', afterBuild, draft);
});
