/** Shared fixtures of the cart, shipping and discount specs: a small catalog with taxes, zones and shipping. */
import type {
  ByProjectKeyRequestBuilder,
  Cart,
  CartDiscount,
  CartDiscountDraft,
  CartDraft,
  CartUpdateAction,
  DiscountCode,
  DiscountCodeDraft,
  Product,
  ProductDraft,
  ShippingMethod,
  ShippingMethodDraft,
  TaxCategory,
  Zone,
} from '@commercetools/platform-sdk';
import { expect, sdkFailure } from '../support/sdk.js';

export const raw = <T>(value: unknown) => value as T;
export const EUR = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
export const USD = (centAmount: number) => ({ currencyCode: 'USD', centAmount });
export const cents = (centAmount: number, currencyCode = 'EUR') => ({ type: 'centPrecision', currencyCode, centAmount, fractionDigits: 2 });

export interface Catalog {
  standard: TaxCategory;
  reduced: TaxCategory;
  germany: Zone;
  usa: Zone;
  /** SKU A-1 at 19.99 EUR / 25.00 USD, standard tax. */
  productA: Product;
  /** SKU B-1 at 10.50 EUR, reduced tax. */
  productB: Product;
  /** SKU N-1 at 10.50 EUR, 11.50 EUR (variant 2, N-2), 20.00 USD: tax category `net` (19% not included in DE, NY sub-rates). */
  productNet: Product;
  net: TaxCategory;
  /** DHL: DE 4.90 EUR free above 100.00 EUR; US 9.90 USD. */
  dhl: ShippingMethod;
}

export async function createProduct(apiRoot: ByProjectKeyRequestBuilder, body: ProductDraft): Promise<Product> {
  const response = await apiRoot.products().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

export async function setupCatalog(apiRoot: ByProjectKeyRequestBuilder): Promise<Catalog> {
  const tax = async (body: Parameters<ReturnType<ByProjectKeyRequestBuilder['taxCategories']>['post']>[0]['body']) =>
    (await apiRoot.taxCategories().post({ body }).execute()).body;
  const standard = await tax({
    key: 'standard',
    name: 'Standard',
    rates: [
      { name: 'Standard DE', amount: 0.19, includedInPrice: true, country: 'DE' },
      { name: 'US', amount: 0.1, includedInPrice: false, country: 'US' },
    ],
  });
  const reduced = await tax({
    key: 'reduced',
    name: 'Reduced',
    rates: [{ name: 'Reduced DE', amount: 0.07, includedInPrice: true, country: 'DE' }],
  });
  const net = await tax({
    key: 'net',
    name: 'Net',
    rates: [
      { name: 'Net DE', amount: 0.19, includedInPrice: false, country: 'DE' },
      {
        name: 'NY',
        amount: 0.08875,
        includedInPrice: false,
        country: 'US',
        state: 'NY',
        subRates: [
          { name: 'State', amount: 0.04 },
          { name: 'City', amount: 0.04875 },
        ],
      },
    ],
  });
  const germany = (
    await apiRoot
      .zones()
      .post({ body: { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] } })
      .execute()
  ).body;
  const usa = (
    await apiRoot
      .zones()
      .post({ body: { key: 'us', name: 'USA', locations: [{ country: 'US' }] } })
      .execute()
  ).body;
  const productType = (
    await apiRoot
      .productTypes()
      .post({ body: { key: 'plain', name: 'Plain', description: 'plain' } })
      .execute()
  ).body;
  const productA = await createProduct(apiRoot, {
    key: 'product-a',
    productType: { typeId: 'product-type', id: productType.id },
    name: { en: 'Shirt' },
    slug: { en: 'shirt' },
    taxCategory: { typeId: 'tax-category', id: standard.id },
    masterVariant: { sku: 'A-1', prices: [{ value: EUR(1999) }, { value: USD(2500) }] },
    publish: true,
  });
  const productB = await createProduct(apiRoot, {
    key: 'product-b',
    productType: { typeId: 'product-type', id: productType.id },
    name: { en: 'Book' },
    slug: { en: 'book' },
    taxCategory: { typeId: 'tax-category', id: reduced.id },
    masterVariant: { sku: 'B-1', prices: [{ value: EUR(1050) }] },
    publish: true,
  });
  const productNet = await createProduct(apiRoot, {
    key: 'product-net',
    productType: { typeId: 'product-type', id: productType.id },
    name: { en: 'Tool' },
    slug: { en: 'tool' },
    taxCategory: { typeId: 'tax-category', id: net.id },
    masterVariant: { sku: 'N-1', prices: [{ value: EUR(1050) }, { value: USD(2000) }] },
    variants: [{ sku: 'N-2', prices: [{ value: EUR(1150) }] }],
    publish: true,
  });
  const dhl = await createShippingMethod(apiRoot, {
    key: 'dhl',
    name: 'DHL',
    isDefault: true,
    taxCategory: { typeId: 'tax-category', id: standard.id },
    zoneRates: [
      { zone: { typeId: 'zone', id: germany.id }, shippingRates: [{ price: EUR(490), freeAbove: EUR(10000) }] },
      { zone: { typeId: 'zone', id: usa.id }, shippingRates: [{ price: USD(990) }] },
    ],
  });
  return { standard, reduced, net, germany, usa, productA, productB, productNet, dhl };
}

export async function createShippingMethod(apiRoot: ByProjectKeyRequestBuilder, body: ShippingMethodDraft): Promise<ShippingMethod> {
  const response = await apiRoot.shippingMethods().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

export async function createCart(apiRoot: ByProjectKeyRequestBuilder, body: CartDraft): Promise<Cart> {
  const response = await apiRoot.carts().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

export async function updateCart(apiRoot: ByProjectKeyRequestBuilder, cart: Cart, ...actions: CartUpdateAction[]): Promise<Cart> {
  const response = await apiRoot
    .carts()
    .withId({ ID: cart.id })
    .post({ body: { version: cart.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

export async function refusedCart(apiRoot: ByProjectKeyRequestBuilder, cart: Cart, ...actions: CartUpdateAction[]) {
  return sdkFailure(
    apiRoot
      .carts()
      .withId({ ID: cart.id })
      .post({ body: { version: cart.version, actions } })
      .execute(),
  );
}

export async function readCart(apiRoot: ByProjectKeyRequestBuilder, cart: Cart): Promise<Cart> {
  return (await apiRoot.carts().withId({ ID: cart.id }).get().execute()).body;
}

export async function createCartDiscount(apiRoot: ByProjectKeyRequestBuilder, body: CartDiscountDraft): Promise<CartDiscount> {
  const response = await apiRoot.cartDiscounts().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

export async function createDiscountCode(apiRoot: ByProjectKeyRequestBuilder, body: DiscountCodeDraft): Promise<DiscountCode> {
  const response = await apiRoot.discountCodes().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

/** The cent amounts of a taxed price, for compact assertions. */
export function taxFigures(
  taxed:
    | {
        totalNet: { centAmount: number };
        totalGross: { centAmount: number };
        totalTax?: { centAmount: number };
        taxPortions: Array<{ name?: string; rate: number; amount: { centAmount: number } }>;
      }
    | undefined,
) {
  if (!taxed) return undefined;
  return {
    net: taxed.totalNet.centAmount,
    gross: taxed.totalGross.centAmount,
    tax: taxed.totalTax?.centAmount,
    portions: taxed.taxPortions.map((p) => [p.name, p.rate, p.amount.centAmount]),
  };
}

/** A monthly policy and a cart whose line item recurs on it (and one that does not). */
export async function recurringCart(
  apiRoot: ByProjectKeyRequestBuilder,
  schedule = { type: 'standard', value: 1, intervalUnit: 'Months' },
) {
  const catalog = await setupCatalog(apiRoot);
  await apiRoot
    .recurrencePolicies()
    .post({ body: { key: 'monthly', schedule: schedule as never } })
    .execute();
  const cart = await createCart(apiRoot, {
    currency: 'EUR',
    country: 'DE',
    customerEmail: 'ada@example.com',
    lineItems: [
      {
        sku: 'A-1',
        quantity: 2,
        recurrenceInfo: { recurrencePolicy: { typeId: 'recurrence-policy', key: 'monthly' }, priceSelectionMode: 'Fixed' },
      },
    ],
  });
  return { catalog, cart };
}
