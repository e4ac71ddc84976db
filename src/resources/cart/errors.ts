/** The platform errors specific to carts, shipping methods, discount codes and cart discounts. */
import { PlatformError, type ErrorObject } from '../../http/errors.js';
import { compileCartPredicate } from '../../pricing/cart-predicate.js';

const single = (statusCode: number, error: ErrorObject) => new PlatformError(statusCode, [error]);

export const cartErrors = {
  /** A line item by SKU whose SKU no published product has (the platform's wording, code InvalidInput). */
  unknownSku: (sku: string) => single(400, { code: 'InvalidInput', message: `No published product with an sku '${sku}' exists.` }),
  /** A line item by product id that is not there or not published. */
  unknownProduct: (productId: string) =>
    single(400, {
      code: 'ReferencedResourceNotFound',
      message: `The referenced object of type 'product' with identifier '${productId}' was not found. It either doesn't exist, or it can't be accessed from this endpoint (e.g., if the endpoint filters by store or customer account).`,
      typeId: 'product',
      id: productId,
    }),
  unpublishedProduct: (productId: string) =>
    single(400, { code: 'InvalidOperation', message: `The product '${productId}' is not published.` }),
  unknownVariant: (productId: string, variantId: number) =>
    single(400, { code: 'InvalidOperation', message: `The product '${productId}' has no variant with id '${variantId}'.` }),
  matchingPriceNotFound: (details: {
    productId: string;
    variantId: number;
    sku?: string;
    currency: string;
    country?: string;
    customerGroup?: { typeId: 'customer-group'; id: string };
    channel?: { typeId: 'channel'; id: string };
  }) =>
    single(400, {
      code: 'MatchingPriceNotFound',
      message:
        `The variant '${details.variantId}'${details.sku !== undefined ? ` with SKU '${details.sku}'` : ''} of product '${details.productId}' does not contain a price for currency '${details.currency}'` +
        `${details.country !== undefined ? ` country '${details.country}'` : ' all countries'}, ` +
        `${details.customerGroup ? `customer group '${details.customerGroup.id}'` : 'all customer groups'} and ` +
        `${details.channel ? `channel '${details.channel.id}'` : 'all channels'}.`,
      productId: details.productId,
      variantId: details.variantId,
      currency: details.currency,
      ...(details.country !== undefined ? { country: details.country } : {}),
      ...(details.customerGroup ? { customerGroup: details.customerGroup } : {}),
      ...(details.channel ? { channel: details.channel } : {}),
    }),
  currencyMismatch: (field: string, given: string, cartCurrency: string) =>
    single(400, {
      code: 'InvalidOperation',
      message: `The currency '${given}' of '${field}' does not match the currency '${cartCurrency}' of the cart.`,
    }),
  discountCodeNotFound: (code: string) =>
    single(400, {
      code: 'DiscountCodeNonApplicable',
      message: `The discount code '${code}' was not found.`,
      discountCode: code,
      reason: 'DoesNotExist',
    }),
  discountCodeNonApplicable: (code: { id: string; code: string }, extra: Record<string, unknown> = {}) =>
    single(400, {
      code: 'DiscountCodeNonApplicable',
      message: `The discountCode ${code.id} cannot be applied to the cart.`,
      discountCode: code.code,
      discountCodeId: code.id,
      ...extra,
    }),
  lineItemNotFound: (locator: { lineItemId?: string | undefined; lineItemKey?: string | undefined }, what = 'line item') =>
    single(400, {
      code: 'InvalidOperation',
      message:
        locator.lineItemId !== undefined
          ? `A ${what} with ID '${locator.lineItemId}' not found.`
          : locator.lineItemKey !== undefined
            ? `A ${what} with key '${locator.lineItemKey}' not found.`
            : `Either the ID or the key of the ${what} must be given.`,
    }),
  cartNotActive: (state: string) =>
    single(400, { code: 'InvalidOperation', message: `The cart is in the state '${state}' and cannot be modified.` }),
  frozen: (action: string) => single(400, { code: 'InvalidOperation', message: `The action '${action}' is not allowed on a frozen cart.` }),
  locked: () => single(400, { code: 'InvalidOperation', message: 'The cart is locked and cannot be modified.' }),
  shippingMethodDoesNotMatchCart: () =>
    single(400, { code: 'ShippingMethodDoesNotMatchCart', message: 'The predicate of the shipping method does not match the cart.' }),
  noShippingRate: (methodId: string, cartId: string | undefined) =>
    single(400, {
      code: 'InvalidOperation',
      message: `The shipping method with ID '${methodId}' is not allowed for the cart${cartId ? ` with ID '${cartId}'` : ''}: it has no rate for the cart's shipping address and currency.`,
    }),
  missingShippingAddress: () =>
    single(400, { code: 'InvalidOperation', message: 'The cart has no shipping address; set one before the shipping method.' }),
  syntaxError: (field: string, detail: string) =>
    single(400, { code: 'SyntaxError', message: `Syntax error while parsing ${field}. ${detail}` }),
  invalidOperation: (message: string) => single(400, { code: 'InvalidOperation', message }),
};

/** A cart predicate a draft or action gives (`field` names it): 400 InvalidInput when it does not parse. */
export function assertCartPredicate(source: string | null | undefined, field: string): void {
  if (source == null) return;
  try {
    compileCartPredicate(source);
  } catch (error) {
    throw cartErrors.syntaxError(field, error instanceof Error ? error.message : String(error));
  }
}
