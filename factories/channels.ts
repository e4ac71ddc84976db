import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { addressDraft } from './customers.js';
import { customFieldsDraft, draftOf, type Writable } from './support.js';

type ChannelDraft = Writable<DraftOf<'channel'>>;
export type ChannelRole = NonNullable<ChannelDraft['roles']>[number];

export interface ChannelTransient {
  /** Give the channel an address in this country. */
  addressCountry: string;
  geoLocation: boolean;
}

export class ChannelFactory extends Factory<TaggedDraft<'channel'>, ChannelTransient> {
  /** These roles instead of the default `InventorySupply`. */
  withRoles(...roles: ChannelRole[]): this {
    return this.params({ roles });
  }

  /** A channel a store can list as a distribution channel (`ProductDistribution`). */
  forDistribution(): this {
    return this.withRoles('ProductDistribution');
  }

  /** A channel a store can list as a supply channel and inventory can name (`InventorySupply`). */
  forSupply(): this {
    return this.withRoles('InventorySupply');
  }

  /** An address (default in Germany). */
  withAddress(country = 'DE'): this {
    return this.transient({ addressCountry: country });
  }

  /** A GeoJSON point. */
  withGeoLocation(): this {
    return this.transient({ geoLocation: true });
  }

  /** Custom fields of the Type with this key. */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/** Channels with a unique key (`channel-<n>`) and the platform's default role, `InventorySupply`. */
export const channelFactory = ChannelFactory.define(({ sequence, transientParams, afterBuild }) => {
  const city = faker.location.city();
  const draft: ChannelDraft = {
    key: `channel-${sequence}`,
    roles: ['InventorySupply'],
    name: { en: `${city} warehouse` },
    description: { en: faker.company.catchPhrase() },
  };
  if (transientParams.addressCountry) draft.address = addressDraft(transientParams.addressCountry, { city });
  if (transientParams.geoLocation) {
    draft.geoLocation = { type: 'Point', coordinates: [faker.location.longitude(), faker.location.latitude()] };
  }
  return draftOf('channel', afterBuild, draft);
});
