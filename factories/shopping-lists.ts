import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKeyOrId } from './identifiers.js';
import { byKey, customFieldsDraft, draftOf, slugify, type Writable } from './support.js';

type ShoppingListDraft = Writable<DraftOf<'shopping-list'>>;
export type ShoppingListLineItemDraft = NonNullable<ShoppingListDraft['lineItems']>[number];

export interface ShoppingListTransient {
  /** How many text line items (default none). */
  textLineItems: number;
}

export class ShoppingListFactory extends Factory<TaggedDraft<'shopping-list'>, ShoppingListTransient> {
  /** Line items by SKU (`withLineItems('SKU-1-1')`) or as drafts (`{ sku, quantity: 2 }`); the products need not be published. */
  withLineItems(...items: Array<string | ShoppingListLineItemDraft>): this {
    return this.params({ lineItems: items.map((item) => (typeof item === 'string' ? { sku: item, quantity: 1 } : structuredClone(item))) });
  }

  /** `count` text line items (free text, keyed `text-1`, `text-2`, ...). */
  withTextLineItems(count = 2): this {
    return this.transient({ textLineItems: count });
  }

  /** The list of the customer with this key or id. */
  forCustomer(customerKeyOrId: string): this {
    return this.params({ customer: byKeyOrId('customer', customerKeyOrId) });
  }

  /** The list of an anonymous session (this id, or a generated one per build). */
  anonymous(anonymousId?: string): this {
    if (anonymousId !== undefined) return this.params({ anonymousId });
    return this.afterBuild((draft) => {
      (draft as ShoppingListDraft).anonymousId ??= faker.string.uuid();
    });
  }

  /** In the store with this key. */
  inStore(storeKey: string): this {
    return this.params({ store: byKey('store', storeKey) });
  }

  /** Of the business unit with this key. */
  forBusinessUnit(businessUnitKey: string): this {
    return this.params({ businessUnit: byKey('business-unit', businessUnitKey) });
  }

  /** Custom fields of the Type with this key (a Type for `shopping-list`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/** Shopping lists with a unique key (`shopping-list-<n>`) and slug (`<name>-<n>`), a name and description, and no items. */
export const shoppingListFactory = ShoppingListFactory.define(({ sequence, params, transientParams, afterBuild }) => {
  const given = params.name && Object.values(params.name).find((value) => typeof value === 'string');
  const name = given ?? `${faker.word.adjective()} ${faker.commerce.department().toLowerCase()}`;
  const draft: ShoppingListDraft = {
    key: `shopping-list-${sequence}`,
    name: { en: name },
    slug: { en: `${slugify(name)}-${sequence}` },
    description: { en: faker.lorem.sentence() },
  };
  if (transientParams.textLineItems) {
    draft.textLineItems = Array.from({ length: transientParams.textLineItems }, (_, index) => ({
      key: `text-${index + 1}`,
      name: { en: faker.commerce.productName() },
      description: { en: faker.lorem.sentence() },
      quantity: faker.number.int({ min: 1, max: 3 }),
    }));
  }
  return draftOf('shopping-list', afterBuild, draft);
});
