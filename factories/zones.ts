import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { draftOf } from './support.js';

type ZoneDraft = DraftOf<'zone'>;
export type LocationDraft = NonNullable<ZoneDraft['locations']>[number];

export class ZoneFactory extends Factory<TaggedDraft<'zone'>> {
  /** One location per country. A location belongs to one zone only, project-wide. */
  withCountries(...countries: string[]): this {
    return this.params({ locations: countries.map((country) => ({ country })) });
  }

  /** These locations (country and optional state). */
  withLocations(...locations: LocationDraft[]): this {
    return this.params({ locations });
  }
}

/**
 * Zones with a unique key (`zone-<n>`) and name, and no locations: a location can belong to one zone
 * only, so add them where the test needs them (`withCountries('DE', 'AT')`).
 */
export const zoneFactory = ZoneFactory.define(({ sequence, afterBuild }) => {
  const draft: ZoneDraft = {
    key: `zone-${sequence}`,
    name: `${faker.location.country()} zone ${sequence}`,
    description: faker.lorem.sentence(),
  };
  return draftOf('zone', afterBuild, draft);
});
