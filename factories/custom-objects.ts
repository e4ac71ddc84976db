import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { draftOf } from './support.js';

type CustomObjectDraft = DraftOf<'key-value-document'>;

export interface CustomObjectTransient {
  /** Replaces the generated value wholesale (params would merge into it). */
  value: unknown;
}

export class CustomObjectFactory extends Factory<TaggedDraft<'key-value-document'>, CustomObjectTransient> {
  /** Objects in this container. */
  inContainer(container: string): this {
    return this.params({ container });
  }

  /** This value instead of the generated one (any JSON value but null). */
  withValue(value: unknown): this {
    return this.transient({ value });
  }
}

/** Custom objects (type id `key-value-document`) in the container `test-objects`, with a unique key (`object-<n>`). */
export const customObjectFactory = CustomObjectFactory.define(({ sequence, transientParams, afterBuild }) => {
  const draft: CustomObjectDraft = {
    container: 'test-objects',
    key: `object-${sequence}`,
    value:
      transientParams.value !== undefined
        ? transientParams.value
        : { name: faker.commerce.productName(), count: faker.number.int({ min: 1, max: 100 }), enabled: faker.datatype.boolean() },
  };
  return draftOf('key-value-document', afterBuild, draft);
});
