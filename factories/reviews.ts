import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKeyOrId } from './identifiers.js';
import { byKey, customFieldsDraft, draftOf } from './support.js';

export class ReviewFactory extends Factory<TaggedDraft<'review'>> {
  /** A review of the product with this key (it counts for the product's `reviewRatingStatistics`). */
  forProduct(productKey: string): this {
    return this.params({ target: byKey('product', productKey) });
  }

  /** A review of the channel with this key. */
  forChannel(channelKey: string): this {
    return this.params({ target: byKey('channel', channelKey) });
  }

  /** This rating (an integer from -100 to 100; the default is 1 to 5). */
  rated(rating: number): this {
    return this.params({ rating });
  }

  /** Written by the customer with this key or id. */
  byCustomer(customerKeyOrId: string): this {
    return this.params({ customer: byKeyOrId('customer', customerKeyOrId) });
  }

  /** In the review state with this key (a `ReviewState`; with the role `ReviewIncludedInStatistics` it counts). */
  inState(stateKey: string): this {
    return this.params({ state: byKey('state', stateKey) });
  }

  /** Custom fields of the Type with this key (a Type for `review`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/** Reviews in English with a unique key (`review-<n>`), an author, a title, a text and a rating of 1 to 5; no target unless `forProduct` / `forChannel`. */
export const reviewFactory = ReviewFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'review'> = {
    key: `review-${sequence}`,
    locale: 'en',
    authorName: faker.person.fullName(),
    title: faker.lorem.sentence({ min: 3, max: 6 }),
    text: faker.lorem.paragraph(),
    rating: faker.number.int({ min: 1, max: 5 }),
  };
  return draftOf('review', afterBuild, draft);
});
