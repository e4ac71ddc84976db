/** The platform errors specific to the catalog (products, product types, prices, discounts, selections). */
import { PlatformError, type ErrorObject } from '../../http/errors.js';

const single = (statusCode: number, error: ErrorObject) => new PlatformError(statusCode, [error]);

export const catalogErrors = {
  /** The reference says the Variants APIs serve only Modular projects, not which error refuses the others: the mock's choice. */
  notModularCatalog: () =>
    single(400, {
      code: 'InvalidOperation',
      message: "The Variants API is only available for Projects with the productCatalogModel 'Modular'.",
    }),
  bulkOperationMaxItemsExceeded: (limit: number, provided: number) =>
    single(400, {
      code: 'BulkOperationMaxItemsExceeded',
      message: `A bulk operation takes at most ${limit} items; the request has ${provided}.`,
      limit,
      provided,
    }),
  attributeDefinitionAlreadyExists: (productType: { id: string; name: string }, attributeName: string) =>
    single(400, {
      code: 'AttributeDefinitionAlreadyExists',
      message: `An attribute definition with name ${attributeName} already exists on product type ${productType.name}.`,
      conflictingProductTypeId: productType.id,
      conflictingProductTypeName: productType.name,
      conflictingAttributeName: attributeName,
    }),
  attributeDefinitionTypeConflict: (productType: { id: string; name: string }, attributeName: string) =>
    single(400, {
      code: 'AttributeDefinitionTypeConflict',
      message: `The attribute with name ${attributeName} has a different type on product type ${productType.name}.`,
      conflictingProductTypeId: productType.id,
      conflictingProductTypeName: productType.name,
      conflictingAttributeName: attributeName,
    }),
  attributeNameDoesNotExist: (attributeName: string, typeName: string) =>
    single(400, {
      code: 'AttributeNameDoesNotExist',
      message: `Attribute definition for ${attributeName} does not exist on type ${typeName}.`,
      invalidAttributeName: attributeName,
    }),
  duplicateEnumValues: (duplicates: string[]) =>
    single(400, {
      code: 'DuplicateEnumValues',
      message: `The enum values contain duplicate keys: ${duplicates.join(', ')}.`,
      duplicates,
    }),
  enumKeyAlreadyExists: (attributeName: string, key: string) =>
    single(400, {
      code: 'EnumKeyAlreadyExists',
      message: `The ${attributeName} attribute definition already contains an enum value with the key ${key}.`,
      conflictingEnumKey: key,
      conflictingAttributeName: attributeName,
    }),
  enumKeyDoesNotExist: (attributeName: string, key: string) =>
    single(400, {
      code: 'EnumKeyDoesNotExist',
      message: `The ${attributeName} field definition does not contain an enum value with the key ${key}.`,
      conflictingEnumKey: key,
      conflictingAttributeName: attributeName,
    }),
  enumValueIsUsed: (keys: string[], attributeName: string) =>
    single(400, {
      code: 'EnumValueIsUsed',
      message: `${keys.map((k) => `'${k}'`).join(', ')} ${keys.length > 1 ? 'are' : 'is'} used by some products and cannot be deleted because the ${attributeName} attribute is required.`,
    }),
  enumValuesMustMatch: () =>
    single(400, { code: 'EnumValuesMustMatch', message: 'The given values must be equal to the existing enum values.' }),
  duplicatePriceScope: (conflictingPrice: unknown, scope: string) =>
    single(400, {
      code: 'DuplicatePriceScope',
      message: `Duplicate price scope: ${scope}. The combination of currency, country, customerGroup and channel must be unique for each price of a product variant.`,
      conflictingPrice,
    }),
  duplicatePriceKey: (conflictingPrice: unknown, key: string) =>
    single(400, {
      code: 'DuplicatePriceKey',
      message: `Duplicate price key: ${key}. The price key must be unique per variant.`,
      conflictingPrice,
    }),
  overlappingPriceValidity: (details: Record<string, unknown>) =>
    single(400, { code: 'OverlappingPriceValidity', message: 'Two prices have overlapping validity periods.', ...details }),
  duplicateStandalonePriceScope: (details: Record<string, unknown> & { sku: string }) =>
    single(400, {
      code: 'DuplicateStandalonePriceScope',
      message: `Duplicate standalone price scope for SKU: ${details.sku}. The combination of SKU, currency, country, customerGroup, channel, validFrom and validUntil must be unique for each standalone price.`,
      ...details,
    }),
  overlappingStandalonePriceValidity: (details: Record<string, unknown> & { sku: string }) =>
    single(400, {
      code: 'OverlappingStandalonePriceValidity',
      message: `Two standalone prices have overlapping validity periods for SKU: ${details.sku}.`,
      ...details,
    }),
  duplicateVariantValues: (variantValues: Record<string, unknown>) =>
    single(400, {
      code: 'DuplicateVariantValues',
      message: 'A duplicate combination of the variant values (sku, key, images, prices, attributes) exists.',
      variantValues,
    }),
  duplicateAttributeValue: (attribute: { name: string; value: unknown }) =>
    single(400, { code: 'DuplicateAttributeValue', message: "Attribute can't have the same value in a different variant.", attribute }),
  duplicateAttributeValues: (attributes: Array<{ name: string; value: unknown }>) =>
    single(400, { code: 'DuplicateAttributeValues', message: 'The set of attributes must be unique across all variants.', attributes }),
  noMatchingProductDiscountFound: (productId: string, variantId: number, price: unknown) =>
    single(404, {
      code: 'NoMatchingProductDiscountFound',
      message: `Couldn't find a matching product discount for: productId=${productId}, variantId=${variantId}, price=${JSON.stringify(price)}.`,
    }),
  productPresentWithDifferentVariantSelection: (product: { typeId: 'product'; id: string }, existingVariantSelection: object) =>
    single(400, {
      code: 'ProductPresentWithDifferentVariantSelection',
      message: `Product '${product.id}' is already present in the product selection with a different variant selection.`,
      product,
      existingVariantSelection,
    }),
  productAssignmentMissing: (product: { typeId: 'product'; id: string }) =>
    single(400, {
      code: 'ProductAssignmentMissing',
      message: `A product assignment for product '${product.id}' is missing in the product selection.`,
      product,
    }),
};
