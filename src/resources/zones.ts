import * as z from 'zod';
import { errors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { action, defineResource, type SdkTypes } from '../engine/define.js';
import { changer, setter } from '../engine/common-actions.js';
import { Country, Key } from '../engine/draft-fields.js';
import type { Zone as SdkZone, ZoneDraft as SdkZoneDraft } from '@commercetools/platform-sdk';

export interface Location {
  country: string;
  state?: string;
}

export interface Zone extends StoredDocument {
  key?: string;
  name: string;
  description?: string;
  locations: Location[];
}

export const LocationSchema = z.object({ country: Country, state: z.string().optional() });

export const ZoneDraft = z.object({
  key: Key.optional(),
  name: z.string(),
  description: z.string().optional(),
  locations: z.array(LocationSchema).optional(),
});
export type ZoneDraft = z.infer<typeof ZoneDraft>;

/** A location as stored: `state` only when given (an empty state is the country as a whole). */
function location(draft: z.infer<typeof LocationSchema>): Location {
  return draft.state !== undefined && draft.state !== '' ? { country: draft.country, state: draft.state } : { country: draft.country };
}

/** The value a location holds in the project-wide `location` index: `DE` or `US|Nevada`. */
const locationId = (l: Location) => (l.state !== undefined ? `${l.country}|${l.state}` : l.country);

function locationFromId(value: string): Location {
  const [country, ...state] = value.split('|');
  return state.length > 0 ? { country: country!, state: state.join('|') } : { country: country! };
}

const duplicateLocation = (l: Location) =>
  errors.duplicateField(
    'locations',
    l,
    `The location with country '${l.country}'${l.state !== undefined ? ` and state '${l.state}'` : ''} is already assigned to a zone.`,
  );

export const zones = defineResource<ZoneDraft, Zone, SdkTypes<SdkZoneDraft, SdkZone>>({
  typeId: 'zone',
  path: 'zones',
  draft: ZoneDraft,
  create(draft) {
    const locations: Location[] = [];
    for (const entry of draft.locations ?? []) {
      const next = location(entry);
      if (locations.some((l) => locationId(l) === locationId(next))) throw duplicateLocation(next);
      locations.push(next);
    }
    const zone: Omit<Zone, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'> = {
      name: draft.name,
      locations,
    };
    if (draft.key !== undefined) zone.key = draft.key;
    if (draft.description !== undefined) zone.description = draft.description;
    return zone;
  },
  unique: {
    // "A location can only be assigned to one Zone" (Location type of the API specification).
    location: {
      values: (zone) => zone.locations.map(locationId),
      duplicate: (value) => duplicateLocation(locationFromId(value)),
    },
  },
  actions: {
    changeName: changer('name', z.string()),
    setDescription: setter('description', z.string()),
    setKey: setter('key', Key),
    addLocation: action(
      () => z.object({ location: LocationSchema }),
      (zone: Zone, a) => {
        const next = location(a.location);
        if (zone.locations.some((l) => locationId(l) === locationId(next))) throw duplicateLocation(next);
        zone.locations.push(next);
      },
    ),
    removeLocation: action(
      () => z.object({ location: LocationSchema }),
      (zone: Zone, a) => {
        const target = locationId(location(a.location));
        const index = zone.locations.findIndex((l) => locationId(l) === target);
        if (index < 0) throw errors.invalidOperation(`The zone does not contain the location '${target.replace('|', "' / '")}'.`);
        zone.locations.splice(index, 1);
      },
    ),
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    zone: Zone;
  }
}
