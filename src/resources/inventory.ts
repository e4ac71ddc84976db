/**
 * Inventory entries: stock of one SKU, optionally per supply channel (one entry per SKU and
 * channel). `availableQuantity = quantityOnStock - reserved`; the mock keeps no reservations of its
 * own yet, so quantity changes move both numbers by the same amount and `changeQuantity` keeps the
 * reserved difference.
 */
import * as z from 'zod';
import { canonicalDateTime } from '../util/time.js';
import { errors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { action, defineResource, emits, type BaseFields, type Reference, type ResourceContext, type SdkTypes } from '../engine/define.js';
import { customFieldActions, customFields, type CustomFields, setField, setter } from '../engine/common-actions.js';
import { CustomFieldsDraft, Key, type ResourceIdentifier, resourceIdentifier, DateTime } from '../engine/draft-fields.js';
import type { InventoryEntry as SdkInventoryEntry, InventoryEntryDraft as SdkInventoryEntryDraft } from '@commercetools/platform-sdk';

export interface InventoryEntry extends StoredDocument {
  key?: string;
  sku: string;
  supplyChannel?: Reference;
  quantityOnStock: number;
  availableQuantity: number;
  minCartQuantity?: number;
  maxCartQuantity?: number;
  restockableInDays?: number;
  expectedDelivery?: string;
  reservationExpirationInMinutes?: number;
  stockLevels?: { reorderPoint?: number; safetyStock?: number };
  custom?: CustomFields;
}

const Quantity = z.number().int();
const CartQuantity = z.number().int().min(1);
const ReservationMinutes = z.number().int().min(1).max(44640);
const StockLevels = z.object({ reorderPoint: z.number().int().min(0).optional(), safetyStock: z.number().int().min(0).optional() });

export const InventoryEntryDraft = z.object({
  sku: z.string().min(1),
  key: Key.optional(),
  supplyChannel: resourceIdentifier('channel').optional(),
  quantityOnStock: Quantity,
  minCartQuantity: CartQuantity.optional(),
  maxCartQuantity: CartQuantity.optional(),
  restockableInDays: z.number().int().min(0).optional(),
  expectedDelivery: DateTime.optional(),
  reservationExpirationInMinutes: ReservationMinutes.optional(),
  stockLevels: StockLevels.optional(),
  custom: CustomFieldsDraft.optional(),
});
export type InventoryEntryDraft = z.infer<typeof InventoryEntryDraft>;

function supplyChannel(identifier: ResourceIdentifier, ctx: ResourceContext): Reference {
  const reference = ctx.reference('channel', identifier);
  const channel = ctx.get('channel', reference.id)!;
  if (!((channel.roles as string[] | undefined) ?? []).includes('InventorySupply')) {
    throw errors.missingRoleOnChannel(identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key! }, 'InventorySupply');
  }
  return reference;
}

function assertCartLimits(entry: { minCartQuantity?: number; maxCartQuantity?: number }): void {
  if (entry.minCartQuantity !== undefined && entry.maxCartQuantity !== undefined && entry.minCartQuantity > entry.maxCartQuantity) {
    throw errors.invalidOperation('minCartQuantity must not be greater than maxCartQuantity.');
  }
}

/** The quantity moves; what is reserved stays reserved. */
/** The stock of an entry, as `InventoryEntryQuantitySet` names the old one. */
const stockOf = (entry: InventoryEntry) => ({ quantityOnStock: entry.quantityOnStock, availableQuantity: entry.availableQuantity });

/** `InventoryEntryQuantitySet`: the stock before and after, with what identifies the entry. */
function quantitySet(entry: InventoryEntry, _a: unknown, old: ReturnType<typeof stockOf>) {
  return {
    oldQuantityOnStock: old.quantityOnStock,
    newQuantityOnStock: entry.quantityOnStock,
    oldAvailableQuantity: old.availableQuantity,
    newAvailableQuantity: entry.availableQuantity,
    sku: entry.sku,
    supplyChannel: entry.supplyChannel,
  };
}

function adjust(entry: InventoryEntry, delta: number): void {
  entry.quantityOnStock += delta;
  entry.availableQuantity += delta;
}

function setStockLevel(entry: InventoryEntry, field: 'reorderPoint' | 'safetyStock', value: number | null | undefined): void {
  const levels = { ...(entry.stockLevels ?? {}) };
  setField(levels, field, value);
  setField(entry, 'stockLevels', Object.keys(levels).length > 0 ? levels : undefined);
}

export const inventory = defineResource<InventoryEntryDraft, InventoryEntry, SdkTypes<SdkInventoryEntryDraft, SdkInventoryEntry>>({
  typeId: 'inventory-entry',
  path: 'inventory',
  draft: InventoryEntryDraft,
  messages: {
    created: { type: 'InventoryEntryCreated', payload: (inventoryEntry) => ({ inventoryEntry }) },
    deleted: {
      type: 'InventoryEntryDeleted',
      payload: (entry) => ({ sku: entry.sku, ...(entry.supplyChannel ? { supplyChannel: entry.supplyChannel } : {}) }),
    },
  },
  create(draft, ctx) {
    const entry = {} as Omit<InventoryEntry, BaseFields>;
    if (draft.key !== undefined) entry.key = draft.key;
    entry.sku = draft.sku;
    if (draft.supplyChannel) entry.supplyChannel = supplyChannel(draft.supplyChannel, ctx);
    entry.quantityOnStock = draft.quantityOnStock;
    entry.availableQuantity = draft.quantityOnStock;
    for (const field of [
      'minCartQuantity',
      'maxCartQuantity',
      'restockableInDays',
      'reservationExpirationInMinutes',
      'stockLevels',
    ] as const) {
      if (draft[field] !== undefined) (entry as Record<string, unknown>)[field] = draft[field];
    }
    if (draft.expectedDelivery !== undefined) entry.expectedDelivery = canonicalDateTime(draft.expectedDelivery);
    assertCartLimits(entry);
    const custom = customFields(draft.custom, ctx);
    if (custom) entry.custom = custom;
    return entry;
  },
  unique: {
    skuAndChannel: {
      values: (entry) => [`${entry.sku}|${entry.supplyChannel?.id ?? ''}`],
      duplicate: (value) => {
        const [sku, channel] = value.split('|');
        return errors.duplicateField(
          'sku',
          sku,
          channel
            ? `An inventory entry for the SKU '${sku}' and the supply channel '${channel}' already exists.`
            : `An inventory entry for the SKU '${sku}' without a supply channel already exists.`,
        );
      },
    },
  },
  actions: {
    setKey: setter('key', Key),
    addQuantity: emits(
      action(
        () => z.object({ quantity: z.number().int().min(0) }),
        (entry: InventoryEntry, a) => adjust(entry, a.quantity),
      ),
      'InventoryEntryQuantitySet',
      quantitySet,
      stockOf,
    ),
    removeQuantity: emits(
      action(
        () => z.object({ quantity: z.number().int().min(0) }),
        (entry: InventoryEntry, a) => adjust(entry, -a.quantity),
      ),
      'InventoryEntryQuantitySet',
      quantitySet,
      stockOf,
    ),
    changeQuantity: emits(
      action(
        () => z.object({ quantity: Quantity }),
        (entry: InventoryEntry, a) => adjust(entry, a.quantity - entry.quantityOnStock),
      ),
      'InventoryEntryQuantitySet',
      quantitySet,
      stockOf,
    ),
    setRestockableInDays: setter('restockableInDays', z.number().int().min(0)),
    setExpectedDelivery: action(
      () => z.object({ expectedDelivery: DateTime.optional().nullable() }),
      (entry: InventoryEntry, a) => {
        setField(entry, 'expectedDelivery', a.expectedDelivery ? canonicalDateTime(a.expectedDelivery) : undefined);
      },
    ),
    setSupplyChannel: action(
      () => z.object({ supplyChannel: resourceIdentifier('channel').optional().nullable() }),
      (entry: InventoryEntry, a, ctx) => {
        setField(entry, 'supplyChannel', a.supplyChannel ? supplyChannel(a.supplyChannel, ctx) : undefined);
      },
    ),
    setReorderPoint: action(
      () => z.object({ quantity: z.number().int().min(0).optional().nullable() }),
      (entry: InventoryEntry, a) => setStockLevel(entry, 'reorderPoint', a.quantity),
    ),
    setSafetyStock: action(
      () => z.object({ quantity: z.number().int().min(0).optional().nullable() }),
      (entry: InventoryEntry, a) => setStockLevel(entry, 'safetyStock', a.quantity),
    ),
    setInventoryLimits: action(
      () => z.object({ minCartQuantity: CartQuantity.optional().nullable(), maxCartQuantity: CartQuantity.optional().nullable() }),
      (entry: InventoryEntry, a) => {
        setField(entry, 'minCartQuantity', a.minCartQuantity);
        setField(entry, 'maxCartQuantity', a.maxCartQuantity);
        assertCartLimits(entry);
      },
    ),
    setReservationExpirationInMinutes: emits(
      setter('reservationExpirationInMinutes', ReservationMinutes),
      'InventoryEntryReservationExpirationInMinutesSet',
      (entry: InventoryEntry, _a, old: number | undefined) => ({
        newReservationExpirationInMinutes: entry.reservationExpirationInMinutes,
        oldReservationExpirationInMinutes: old,
      }),
      (entry: InventoryEntry) => entry.reservationExpirationInMinutes,
    ),
    ...customFieldActions,
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    'inventory-entry': InventoryEntry;
  }
}
