/**
 * What the Checkout API's tests share: an Application and an active Payment Integration made through
 * the official Checkout SDK, and a cart the main API can order (one custom line item of 19.99 EUR,
 * 19% tax included, shipped to Germany).
 */
import type {
  Application,
  ApplicationDraft,
  ByProjectKeyRequestBuilder as CheckoutRequestBuilder,
  PaymentIntegration,
} from '@commercetools/checkout-sdk';
import type { ByProjectKeyRequestBuilder, Cart } from '@commercetools/platform-sdk';
import { expect, type Commerce } from '../support/commerce.js';

/** `commerce.checkoutApiRoot` with the Checkout SDK's type (the fixture types it `any`, so that its users need not install the SDK). */
export const checkoutRoot = (commerce: Commerce): CheckoutRequestBuilder => commerce.checkoutApiRoot;

export const applicationDraft = (overrides: Partial<ApplicationDraft> = {}): ApplicationDraft => ({
  key: 'web-shop',
  name: 'Web shop',
  countries: ['DE'],
  allowedOrigins: { allowAll: false, origins: ['https://shop.example.com'] },
  mode: 'PaymentOnly',
  paymentsConfiguration: { activePaymentComponentType: 'Component' },
  ...overrides,
});

export interface CheckoutSetup {
  application: Application;
  card: PaymentIntegration;
}

/** An Application (`web-shop`) with one active Payment Integration (`card`), through the Checkout SDK. */
export async function setupCheckout(commerce: Commerce): Promise<CheckoutSetup> {
  const checkout = checkoutRoot(commerce);
  const application = (await checkout.applications().post({ body: applicationDraft() }).execute()).body;
  const card = (
    await checkout
      .paymentIntegrations()
      .post({
        body: {
          key: 'card',
          application: { typeId: 'application', id: application.id },
          status: 'Active',
          type: 'card',
          name: 'Card',
          componentType: 'Component',
          connectorDeployment: { typeId: 'deployment', id: 'adyen-deployment' },
          displayInfo: { label: { en: 'Credit card' } },
        },
      })
      .execute()
  ).body;
  return { application, card };
}

/** A cart of 19.99 EUR (gross) the main API can order: a custom line item with 19% tax included, shipped to DE. */
export async function orderableCart(apiRoot: ByProjectKeyRequestBuilder, key = 'cart-1'): Promise<Cart> {
  const taxCategory =
    (
      await apiRoot
        .taxCategories()
        .withKey({ key: 'standard' })
        .get()
        .execute()
        .catch(() => undefined)
    )?.body ??
    (
      await apiRoot
        .taxCategories()
        .post({ body: { key: 'standard', name: 'Standard', rates: [{ name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' }] } })
        .execute()
    ).body;
  const response = await apiRoot
    .carts()
    .post({
      body: {
        key,
        currency: 'EUR',
        country: 'DE',
        customerEmail: 'buyer@example.com',
        shippingAddress: { country: 'DE', city: 'Berlin' },
        customLineItems: [
          {
            name: { en: 'Gift box' },
            slug: 'gift-box',
            quantity: 1,
            money: { currencyCode: 'EUR', centAmount: 1999 },
            taxCategory: { typeId: 'tax-category', id: taxCategory.id },
          },
        ],
      },
    })
    .execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

/** The status and first error of the platform's error envelope, from a refused SDK call. */
export async function refusal(call: Promise<unknown>): Promise<{ statusCode: number; code: string; error: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const { body, statusCode } = error as {
      statusCode?: number;
      body?: { statusCode: number; errors: Array<Record<string, unknown> & { code: string }> };
    };
    // A HEAD answer has no body to read.
    if (!body?.errors && statusCode !== undefined) return { statusCode, code: '', error: {} };
    if (!body) throw error;
    return { statusCode: body.statusCode, code: body.errors[0]!.code, error: body.errors[0]! };
  }
  throw new Error('the request was not refused');
}
