import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, draftOf } from './support.js';

export class InventoryEntryFactory extends Factory<TaggedDraft<'inventory-entry'>> {
  /** Stock of this SKU (one entry per SKU and supply channel). */
  forSku(sku: string): this {
    return this.params({ sku });
  }

  /** Stock in the supply channel with this key (it needs the `InventorySupply` role). */
  inChannel(channelKey: string): this {
    return this.params({ supplyChannel: byKey('channel', channelKey) });
  }

  /** This quantity on stock. */
  withQuantity(quantityOnStock: number): this {
    return this.params({ quantityOnStock });
  }

  /** Nothing on stock. */
  outOfStock(): this {
    return this.withQuantity(0);
  }
}

/** Inventory entries with a unique key (`inventory-<n>`) and SKU (`SKU-INV-<n>`), 10 to 100 on stock, in no channel. */
export const inventoryEntryFactory = InventoryEntryFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'inventory-entry'> = {
    key: `inventory-${sequence}`,
    sku: `SKU-INV-${sequence}`,
    quantityOnStock: faker.number.int({ min: 10, max: 100 }),
  };
  return draftOf('inventory-entry', afterBuild, draft);
});
