/** A storefront's seeded catalog, for the specs of this folder. */
import type { ByProjectKeyMeRequestBuilder } from '@commercetools/platform-sdk';
import type { CommerceMock } from '../../src/index.js';

export const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

/**
 * A fashion catalog: a category tree (women > shoes > sneakers, women > bags; children created out of
 * their orderHint order), a product type with a localized enum and a text attribute, two shirts-and-shoes
 * products priced in Germany, one of them discounted.
 */
export function fashion(mock: CommerceMock) {
  const women = mock.data.create('category', { key: 'women', name: { en: 'Women' }, slug: { en: 'women' }, orderHint: '0.1' });
  const child = (key: string, parent: { id: string }, orderHint: string) =>
    mock.data.create('category', {
      key,
      name: { en: key },
      slug: { en: key },
      orderHint,
      parent: { typeId: 'category', id: parent.id },
    });
  const bags = child('bags', women, '0.9');
  const shoes = child('shoes', women, '0.2');
  const sneakers = child('sneakers', shoes, '0.5');
  mock.data.create('product-type', {
    key: 'fashion',
    name: 'Fashion',
    description: 'Clothes and shoes',
    attributes: [
      {
        name: 'color',
        label: { en: 'Color', de: 'Farbe' },
        type: { name: 'lenum', values: [{ key: 'red', label: { en: 'Red', de: 'Rot' } }] },
        isRequired: false,
        isSearchable: true,
      },
      { name: 'size', label: { en: 'Size', de: 'Größe' }, type: { name: 'text' }, isRequired: false, isSearchable: true },
    ],
  });
  mock.data.create('tax-category', {
    key: 'standard',
    name: 'Standard',
    rates: [{ name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' }],
  });
  const product = (key: string, category: { id: string }, centAmount: number) =>
    mock.data.create('product', {
      key,
      productType: { typeId: 'product-type', key: 'fashion' },
      taxCategory: { typeId: 'tax-category', key: 'standard' },
      name: { en: key },
      slug: { en: key },
      categories: [{ typeId: 'category', id: category.id }],
      masterVariant: {
        sku: `${key}-1`,
        attributes: [
          { name: 'color', value: { key: 'red', label: { en: 'Red', de: 'Rot' } } },
          { name: 'size', value: '42' },
        ],
        prices: [{ value: eur(centAmount), country: 'DE' }, { value: { currencyCode: 'USD', centAmount } }],
      },
      variants: [{ sku: `${key}-2`, attributes: [{ name: 'size', value: '43' }], prices: [{ value: eur(centAmount), country: 'DE' }] }],
      publish: true,
    });
  const sneaker = product('sneaker', sneakers, 10000);
  const bag = product('bag', bags, 5000);
  const discount = mock.data.create('product-discount', {
    name: { en: 'Sneaker sale' },
    value: { type: 'relative', permyriad: 2000 },
    predicate: 'sku = "sneaker-1"',
    sortOrder: '0.5',
    isActive: true,
  });
  return { women, shoes, bags, sneakers, sneaker, bag, discount };
}

/** What a signed-in shopper does to place an order: a cart with one SKU, a payment of `centAmount` added to it, the order. */
export async function placePaidOrder(me: ByProjectKeyMeRequestBuilder, sku: string, centAmount: number) {
  const cart = (
    await me
      .carts()
      .post({ body: { currency: 'EUR', country: 'DE', shippingAddress: { country: 'DE' }, lineItems: [{ sku }] } })
      .execute()
  ).body;
  const payment = (
    await me
      .payments()
      .post({ body: { amountPlanned: eur(centAmount), paymentMethodInfo: { method: 'card' } } })
      .execute()
  ).body;
  const paid = (
    await me
      .carts()
      .withId({ ID: cart.id })
      .post({ body: { version: cart.version, actions: [{ action: 'addPayment', payment: { typeId: 'payment', id: payment.id } }] } })
      .execute()
  ).body;
  const order = (
    await me
      .orders()
      .post({ body: { id: paid.id, version: paid.version } })
      .execute()
  ).body;
  return { payment, order };
}
