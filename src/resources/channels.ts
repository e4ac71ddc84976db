import * as z from 'zod';
import { errors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { action, defineResource, type BaseFields, type SdkTypes } from '../engine/define.js';
import {
  type Address,
  addressFromDraft,
  applyCustomField,
  applyCustomType,
  changer,
  customFieldActions,
  customFields,
  type CustomFields,
  SetCustomField,
  SetCustomType,
  setter,
} from '../engine/common-actions.js';
import { reviewStatisticsActions } from './review-statistics.js';
import { BaseAddress, CustomFieldsDraft, GeoJsonPoint, LocalizedString } from '../engine/draft-fields.js';
import type { Channel as SdkChannel, ChannelDraft as SdkChannelDraft } from '@commercetools/platform-sdk';

export const ChannelRole = z.enum(['InventorySupply', 'ProductDistribution', 'OrderExport', 'OrderImport', 'Primary']);
export type ChannelRole = z.infer<typeof ChannelRole>;

type ChannelAddress = Omit<Address, 'custom'> & { custom?: CustomFields };

export interface Channel extends StoredDocument {
  key: string;
  roles: ChannelRole[];
  name?: LocalizedString;
  description?: LocalizedString;
  address?: ChannelAddress;
  custom?: CustomFields;
  geoLocation?: z.infer<typeof GeoJsonPoint>;
}

/** Channel keys have no pattern on the platform; an empty one is an InvalidOperation. */
const ChannelKey = z.string();

export const ChannelDraft = z.object({
  key: ChannelKey,
  roles: z.array(ChannelRole).optional(),
  name: LocalizedString.optional(),
  description: LocalizedString.optional(),
  address: BaseAddress.optional(),
  custom: CustomFieldsDraft.optional(),
  geoLocation: GeoJsonPoint.optional(),
});
export type ChannelDraft = z.infer<typeof ChannelDraft>;

function assertKey(key: string): string {
  if (key.trim() === '') throw errors.invalidOperation('The key of a channel must not be empty.');
  return key;
}

const unique = (roles: ChannelRole[]) => [...new Set(roles)];

function channelAddress(channel: Channel): ChannelAddress {
  if (!channel.address) throw errors.invalidOperation('The channel has no address.');
  return channel.address;
}

export const channels = defineResource<ChannelDraft, Channel, SdkTypes<SdkChannelDraft, SdkChannel>>({
  typeId: 'channel',
  path: 'channels',
  referencedBy: ['inventory-entry', 'product', 'standalone-price', 'store', 'cart', 'order', 'quote', 'cart-discount', 'review'],
  draft: ChannelDraft,
  create(draft, ctx) {
    const channel: Omit<Channel, BaseFields> = {
      key: assertKey(draft.key),
      roles: unique(draft.roles ?? ['InventorySupply']),
    };
    if (draft.name !== undefined) channel.name = draft.name;
    if (draft.description !== undefined) channel.description = draft.description;
    if (draft.address) channel.address = addressFromDraft(draft.address, ctx) as ChannelAddress;
    if (draft.geoLocation) channel.geoLocation = draft.geoLocation;
    const custom = customFields(draft.custom, ctx);
    if (custom) channel.custom = custom;
    return channel;
  },
  internalActions: reviewStatisticsActions('channel'),
  actions: {
    changeKey: action(
      () => z.object({ key: ChannelKey }),
      (channel: Channel, a) => {
        channel.key = assertKey(a.key);
      },
    ),
    changeName: changer('name', LocalizedString),
    changeDescription: changer('description', LocalizedString),
    setRoles: action(
      () => z.object({ roles: z.array(ChannelRole) }),
      (channel: Channel, a) => {
        channel.roles = unique(a.roles);
      },
    ),
    addRoles: action(
      () => z.object({ roles: z.array(ChannelRole) }),
      (channel: Channel, a) => {
        channel.roles = unique([...channel.roles, ...a.roles]);
      },
    ),
    removeRoles: action(
      () => z.object({ roles: z.array(ChannelRole) }),
      (channel: Channel, a) => {
        channel.roles = channel.roles.filter((role) => !a.roles.includes(role));
      },
    ),
    setAddress: action(
      () => z.object({ address: BaseAddress.optional().nullable() }),
      (channel: Channel, a, ctx) => {
        if (a.address) channel.address = addressFromDraft(a.address, ctx) as ChannelAddress;
        else delete channel.address;
      },
    ),
    setGeoLocation: setter('geoLocation', GeoJsonPoint),
    ...customFieldActions,
    setAddressCustomType: action(SetCustomType, (channel: Channel, a, ctx) => applyCustomType(channelAddress(channel), a, ctx)),
    setAddressCustomField: action(SetCustomField, (channel: Channel, a) => applyCustomField(channelAddress(channel), a)),
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    channel: Channel;
  }
}
