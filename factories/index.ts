/**
 * Fishery factories for every draft type the mock serves, built with faker. `build()` returns a plain
 * draft (exactly the platform's draft JSON) tagged with its resource type, so `commerce.seed(...)`
 * needs no type argument. See docs/playwright.md.
 */
export { DEFAULT_PASSWORD, byKey, slugify } from './support.js';
export { customerFactory, CustomerFactory, addressDraft, type CustomerTransient } from './customers.js';
export { categoryFactory, CategoryFactory, type CategoryTransient } from './categories.js';
export { channelFactory, ChannelFactory, type ChannelRole, type ChannelTransient } from './channels.js';
export { customObjectFactory, CustomObjectFactory, type CustomObjectTransient } from './custom-objects.js';
export { customerGroupFactory, CustomerGroupFactory } from './customer-groups.js';
export { stateFactory, StateFactory, type StateRole, type StateType } from './states.js';
export { storeFactory, StoreFactory } from './stores.js';
export { taxCategoryFactory, TaxCategoryFactory, STANDARD_TAX_RATES, taxRateDraft, type TaxCategoryTransient } from './tax-categories.js';
export { typeFactory, TypeFactory, DEFAULT_FIELD_DEFINITIONS, type CustomizableTypeId, type FieldDefinitionDraft } from './types.js';
export { zoneFactory, ZoneFactory, type LocationDraft } from './zones.js';
export {
  productTypeFactory,
  ProductTypeFactory,
  DEFAULT_PRODUCT_TYPE_KEY,
  DEFAULT_ATTRIBUTE_DEFINITIONS,
  type AttributeDefinitionDraft,
} from './product-types.js';
export { productFactory, ProductFactory, priceDraft, type AttributeDraft, type ProductTransient } from './products.js';
export { inventoryEntryFactory, InventoryEntryFactory } from './inventory.js';
export { standalonePriceFactory, StandalonePriceFactory } from './standalone-prices.js';
export { productDiscountFactory, ProductDiscountFactory } from './product-discounts.js';
export { attributeGroupFactory, AttributeGroupFactory } from './attribute-groups.js';
export { productSelectionFactory, ProductSelectionFactory } from './product-selections.js';

/** The faker instance the factories draw from: `faker.seed(42)` makes their output repeatable. */
export { faker } from '@faker-js/faker';
