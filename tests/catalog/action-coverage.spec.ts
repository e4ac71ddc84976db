import { test, expect } from '../support/sdk.js';
import { expectPlatformActions } from '../support/resources.js';

/** The update actions of the platform's API specification (RAML `updates/` folders), per resource type. */
const PLATFORM_ACTIONS: Record<string, string[]> = {
  'product': ['addAsset', 'addExternalImage', 'addPrice', 'addToCategory', 'addVariant', 'changeAssetName', 'changeAssetOrder', 'changeMasterVariant', 'changeName', 'changePrice', 'changeSlug', 'moveImageToPosition', 'publish', 'removeAsset', 'removeFromCategory', 'removeImage', 'removePrice', 'removeVariant', 'revertStagedChanges', 'revertStagedVariantChanges', 'setAssetCustomField', 'setAssetCustomType', 'setAssetDescription', 'setAssetKey', 'setAssetSources', 'setAssetTags', 'setAttribute', 'setAttributeInAllVariants', 'setCategoryOrderHint', 'setDefaultVariant', 'setDescription', 'setDiscountedPrice', 'setImageLabel', 'setKey', 'setMetaDescription', 'setMetaKeywords', 'setMetaTitle', 'setPriceKey', 'setPriceMode', 'setPrices', 'setProductAttribute', 'setProductPriceCustomField', 'setProductPriceCustomType', 'setProductVariantKey', 'setSKU', 'setSearchKeywords', 'setSku', 'setTaxCategory', 'transitionState', 'unpublish'],
  'product-type': ['addAttributeDefinition', 'addLocalizedEnumValue', 'addPlainEnumValue', 'changeAttributeConstraint', 'changeAttributeName', 'changeAttributeOrder', 'changeAttributeOrderByName', 'changeDescription', 'changeEnumKey', 'changeInputHint', 'changeIsSearchable', 'changeLabel', 'changeLocalizedEnumValueLabel', 'changeLocalizedEnumValueOrder', 'changeName', 'changePlainEnumValueLabel', 'changePlainEnumValueOrder', 'removeAttributeDefinition', 'removeEnumValues', 'setInputTip', 'setKey'],
  'inventory-entry': ['addQuantity', 'changeQuantity', 'removeQuantity', 'setCustomField', 'setCustomType', 'setExpectedDelivery', 'setInventoryLimits', 'setKey', 'setReorderPoint', 'setReservationExpirationInMinutes', 'setRestockableInDays', 'setSafetyStock', 'setSupplyChannel'],
  'standalone-price': ['addPriceTier', 'applyStagedChanges', 'changeActive', 'changeValue', 'removePriceTier', 'removeStagedChanges', 'setCustomField', 'setCustomType', 'setDiscountedPrice', 'setKey', 'setPriceTiers', 'setValidFrom', 'setValidFromAndUntil', 'setValidUntil'],
  'product-discount': ['changeIsActive', 'changeName', 'changePredicate', 'changeSortOrder', 'changeValue', 'setDescription', 'setKey', 'setValidFrom', 'setValidFromAndUntil', 'setValidUntil'],
  'attribute-group': ['addAttribute', 'changeName', 'removeAttribute', 'setAttributes', 'setDescription', 'setKey'],
  'product-selection': ['addProduct', 'changeName', 'excludeProduct', 'removeProduct', 'setCustomField', 'setCustomType', 'setKey', 'setVariantExclusion', 'setVariantSelection'],
};

for (const [typeId, actions] of Object.entries(PLATFORM_ACTIONS)) {
  test(`${typeId}: every update action of the platform is declared, and no other`, () => {
    expectPlatformActions(typeId, actions);
  });
}
