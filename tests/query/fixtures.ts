/** Realistic resource shapes (as the platform returns them) shared by the query engine specs. */
import { parseQueryParams, type QueryParams } from '../../src/query/index.js';

export const GOLD_GROUP = '4b1a6a2e-0c1d-4a52-9d1f-1f3c2b7a0001';

export const customers = [
  {
    id: 'c-1',
    version: 3,
    key: 'anna',
    email: 'anna@example.com',
    firstName: 'Anna',
    lastName: 'Schmidt',
    age: 34,
    isEmailVerified: true,
    createdAt: '2024-05-01T10:00:00.000Z',
    lastModifiedAt: '2024-06-01T10:00:00.000Z',
    addresses: [
      { id: 'a1', country: 'DE', city: 'Berlin' },
      { id: 'a2', country: 'FR', city: 'Paris' },
    ],
    shippingAddressIds: ['a1', 'a2'],
    customerGroup: { typeId: 'customer-group', id: GOLD_GROUP },
    stores: [{ typeId: 'store', key: 'berlin' }],
    custom: { type: { typeId: 'type', id: 'type-1' }, fields: { tier: 'gold', points: 1200, tags: ['vip', 'newsletter'] } },
  },
  {
    id: 'c-2',
    version: 1,
    key: 'ben',
    email: 'ben@example.com',
    firstName: 'Ben',
    lastName: 'Miller',
    age: 19,
    isEmailVerified: false,
    createdAt: '2021-03-15T08:30:00.000Z',
    lastModifiedAt: '2021-03-15T08:30:00.000Z',
    addresses: [{ id: 'b1', country: 'US', city: 'Boston' }],
    shippingAddressIds: [],
    custom: { type: { typeId: 'type', id: 'type-1' }, fields: { tier: 'silver', points: 80, tags: ['newsletter'] } },
  },
  {
    id: 'c-3',
    version: 7,
    email: 'clara@example.com',
    firstName: 'Clara',
    lastName: "O'Neil",
    age: 52,
    isEmailVerified: true,
    createdAt: '2019-12-31T23:59:59.999Z',
    lastModifiedAt: '2023-01-01T00:00:00.000Z',
    addresses: [],
    shippingAddressIds: [],
    customerGroup: { typeId: 'customer-group', id: 'other-group' },
  },
] as const;

export const categories = [
  {
    id: 'cat-root',
    version: 1,
    key: 'root',
    name: { en: 'Clothing', de: 'Kleidung' },
    slug: { en: 'clothing', de: 'kleidung' },
    orderHint: '0.5',
    ancestors: [],
    createdAt: '2023-01-01T00:00:00.000Z',
  },
  {
    id: 'cat-men',
    version: 2,
    key: 'men',
    name: { en: 'Men', de: 'Herren' },
    slug: { en: 'men', de: 'herren' },
    orderHint: '0.2',
    parent: { typeId: 'category', id: 'cat-root' },
    ancestors: [{ typeId: 'category', id: 'cat-root' }],
    createdAt: '2023-01-02T00:00:00.000Z',
  },
  {
    id: 'cat-shirts',
    version: 1,
    key: 'shirts',
    name: { en: 'Shirts' },
    slug: { en: 'shirts' },
    orderHint: '0.9',
    parent: { typeId: 'category', id: 'cat-men' },
    ancestors: [
      { typeId: 'category', id: 'cat-root' },
      { typeId: 'category', id: 'cat-men' },
    ],
    createdAt: '2023-01-03T00:00:00.000Z',
  },
] as const;

export const products = [
  {
    id: 'p-1',
    version: 4,
    key: 'red-shirt',
    productType: { typeId: 'product-type', id: 'pt-shirt' },
    taxCategory: { typeId: 'tax-category', id: 'tax-missing' },
    createdAt: '2024-01-01T00:00:00.000Z',
    masterData: {
      published: true,
      hasStagedChanges: false,
      current: {
        name: { en: 'Red Shirt', de: 'Rotes Hemd' },
        slug: { en: 'red-shirt', de: 'rotes-hemd' },
        categories: [
          { typeId: 'category', id: 'cat-shirts' },
          { typeId: 'category', id: 'cat-men' },
        ],
        masterVariant: {
          id: 1,
          sku: 'SHIRT-RED-M',
          prices: [
            {
              id: 'pr-1',
              value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 2999, fractionDigits: 2 },
              customerGroup: { typeId: 'customer-group', id: GOLD_GROUP },
            },
          ],
          attributes: [
            { name: 'color', value: 'red' },
            { name: 'size', value: { key: 'M', label: 'Medium' } },
          ],
        },
        variants: [
          {
            id: 2,
            sku: 'SHIRT-RED-L',
            prices: [],
            attributes: [
              { name: 'color', value: 'red' },
              { name: 'size', value: { key: 'L', label: 'Large' } },
              { name: 'material', value: { en: 'cotton', de: 'Baumwolle' } },
            ],
          },
        ],
      },
      staged: {
        name: { en: 'Red Shirt (new)' },
        slug: { en: 'red-shirt' },
        categories: [],
        masterVariant: { id: 1, sku: 'SHIRT-RED-M', attributes: [] },
        variants: [],
      },
    },
  },
  {
    id: 'p-2',
    version: 1,
    key: 'blue-jeans',
    productType: { typeId: 'product-type', id: 'pt-pants' },
    createdAt: '2022-06-01T00:00:00.000Z',
    masterData: {
      published: false,
      hasStagedChanges: true,
      current: {
        name: { en: 'Blue Jeans' },
        slug: { en: 'blue-jeans' },
        categories: [{ typeId: 'category', id: 'cat-men' }],
        masterVariant: {
          id: 1,
          sku: 'JEANS-32',
          prices: [],
          attributes: [
            { name: 'color', value: 'blue' },
            { name: 'size', value: { key: 'L', label: 'Large' } },
          ],
        },
        variants: [],
      },
      staged: {
        name: { en: 'Blue Jeans' },
        slug: { en: 'blue-jeans' },
        categories: [],
        masterVariant: { id: 1, attributes: [] },
        variants: [],
      },
    },
  },
] as const;

export const carts = [
  {
    id: 'cart-1',
    version: 5,
    customerId: 'c-1',
    cartState: 'Active',
    totalPrice: { currencyCode: 'EUR', centAmount: 8997 },
    lineItems: [
      {
        id: 'li-1',
        productId: 'p-1',
        quantity: 3,
        variant: { id: 1, sku: 'SHIRT-RED-M', prices: [{ id: 'pr-1', customerGroup: { typeId: 'customer-group', id: GOLD_GROUP } }] },
      },
      { id: 'li-2', productId: 'p-2', quantity: 1, variant: { id: 1, sku: 'JEANS-32', prices: [] } },
    ],
    paymentInfo: {
      payments: [
        { typeId: 'payment', id: 'pay-1' },
        { typeId: 'payment', id: 'pay-missing' },
      ],
    },
    createdAt: '2024-06-10T12:00:00.000Z',
  },
  {
    id: 'cart-2',
    version: 1,
    anonymousId: 'anon-1',
    cartState: 'Ordered',
    totalPrice: { currencyCode: 'USD', centAmount: 1000 },
    lineItems: [{ id: 'li-3', productId: 'p-2', quantity: 1, variant: { id: 1, sku: 'JEANS-32', prices: [] } }],
    createdAt: '2024-06-11T12:00:00.000Z',
  },
] as const;

export const channels = [
  { id: 'ch-berlin', key: 'berlin-store', geoLocation: { type: 'Point', coordinates: [13.37774, 52.51627] } },
  { id: 'ch-potsdam', key: 'potsdam-store', geoLocation: { type: 'Point', coordinates: [13.06566, 52.39886] } },
  { id: 'ch-none', key: 'online' },
] as const;

export const groups = [{ id: GOLD_GROUP, key: 'gold', name: 'Gold customers', version: 1 }];

export const payments = [{ id: 'pay-1', key: 'payment-1', amountPlanned: { currencyCode: 'EUR', centAmount: 8997 } }];

/** Query parameters as the HTTP layer would build them from a query string. */
export function params(entries: Record<string, string | string[]> = {}): QueryParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(entries)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  return parseQueryParams(search);
}

/** Looks documents up by typeId/id, as the resource layer's resolver would. */
export function resolver(): (typeId: string, id: string) => object | undefined {
  const byType: Record<string, readonly { id: string }[]> = {
    category: categories,
    product: products,
    'customer-group': groups,
    payment: payments,
    customer: customers,
  };
  return (typeId, id) => byType[typeId]?.find((document) => document.id === id);
}
