import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { draftOf } from './support.js';

type TypeDraft = DraftOf<'type'>;
export type CustomizableTypeId = TypeDraft['resourceTypeIds'][number];
export type FieldDefinitionDraft = NonNullable<TypeDraft['fieldDefinitions']>[number];

/** The fields a Type from the factory has unless `withFields()` says otherwise. */
export const DEFAULT_FIELD_DEFINITIONS: readonly FieldDefinitionDraft[] = [
  { name: 'note', type: { name: 'String' }, label: { en: 'Note' }, required: false, inputHint: 'MultiLine' },
  { name: 'newsletter', type: { name: 'Boolean' }, label: { en: 'Newsletter' }, required: false },
  { name: 'score', type: { name: 'Number' }, label: { en: 'Score' }, required: false },
  {
    name: 'tier',
    type: {
      name: 'Enum',
      values: [
        { key: 'bronze', label: 'Bronze' },
        { key: 'silver', label: 'Silver' },
        { key: 'gold', label: 'Gold' },
      ],
    },
    label: { en: 'Tier' },
    required: false,
  },
];

export class TypeFactory extends Factory<TaggedDraft<'type'>> {
  /** A Type for these resources (instead of `customer`), e.g. `forResource('order')`, `forResource('category', 'channel')`. */
  forResource(...resourceTypeIds: CustomizableTypeId[]): this {
    return this.params({ resourceTypeIds });
  }

  /** These field definitions instead of the default ones (`note`, `newsletter`, `score`, `tier`). */
  withFields(...fieldDefinitions: FieldDefinitionDraft[]): this {
    return this.params({ fieldDefinitions });
  }
}

/**
 * Types with a unique key (`type-<n>`) for customers, with four optional fields: `note` (String),
 * `newsletter` (Boolean), `score` (Number) and `tier` (Enum bronze/silver/gold).
 */
export const typeFactory = TypeFactory.define(({ sequence, afterBuild }) => {
  const draft: TypeDraft = {
    key: `type-${sequence}`,
    name: { en: `${faker.commerce.productAdjective()} fields` },
    description: { en: faker.lorem.sentence() },
    resourceTypeIds: ['customer'],
    fieldDefinitions: DEFAULT_FIELD_DEFINITIONS.map((definition) => structuredClone(definition)),
  };
  return draftOf('type', afterBuild, draft);
});
