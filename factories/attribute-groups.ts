import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { draftOf } from './support.js';

export class AttributeGroupFactory extends Factory<TaggedDraft<'attribute-group'>> {
  /** These attribute names instead of `color` and `size`. */
  withAttributes(...attributeNames: string[]): this {
    return this.params({ attributes: attributeNames.map((key) => ({ key })) });
  }
}

/** Attribute groups with a unique key (`attribute-group-<n>`) holding the attributes `color` and `size`. */
export const attributeGroupFactory = AttributeGroupFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'attribute-group'> = {
    key: `attribute-group-${sequence}`,
    name: { en: `${faker.commerce.productAdjective()} attributes` },
    attributes: [{ key: 'color' }, { key: 'size' }],
  };
  return draftOf('attribute-group', afterBuild, draft);
});
