/**
 * The data the query specs run against: a small, fully known set of resources of several types,
 * created through the programmatic API (validated exactly as the create routes validate), so each
 * `where`, `sort`, `expand` and paging case can state its exact result.
 *
 * Customers are told apart by first name (Clara has no key), everything else by key.
 */
import type { CommerceMock } from '../../src/index.js';

export interface World {
  groups: { gold: Doc; silver: Doc };
  customerType: Doc;
  customers: { anna: Doc; ben: Doc; clara: Doc; dora: Doc };
  categories: { clothing: Doc; men: Doc; shirts: Doc; women: Doc; sale: Doc };
  channels: { berlin: Doc; potsdam: Doc; munich: Doc; online: Doc };
  productType: Doc;
  products: { redShirt: Doc; blueJeans: Doc; greenCap: Doc };
  stores: { berlinStore: Doc; parisStore: Doc; global: Doc };
  taxCategories: { standard: Doc; reduced: Doc; zero: Doc };
}

export interface Doc {
  id: string;
  version: number;
  key?: string;
  [field: string]: unknown;
}

/** Coordinates as [longitude, latitude]. Potsdam is about 27 km from Berlin, Munich about 504 km. */
export const BERLIN: [number, number] = [13.405, 52.52];
export const POTSDAM: [number, number] = [13.0645, 52.3906];
export const MUNICH: [number, number] = [11.582, 48.1351];

export function seedWorld(mock: CommerceMock): World {
  const create = (typeId: string, draft: object) => mock.data.create<Doc>(typeId, draft);

  const gold = create('customer-group', { key: 'gold', groupName: 'Gold' });
  const silver = create('customer-group', { key: 'silver', groupName: 'Silver' });
  const customerType = create('type', {
    key: 'customer-fields',
    name: { en: 'Customer fields' },
    resourceTypeIds: ['customer'],
    fieldDefinitions: [
      { name: 'tier', label: { en: 'Tier' }, required: false, type: { name: 'String' } },
      { name: 'points', label: { en: 'Points' }, required: false, type: { name: 'Number' } },
      { name: 'newsletter', label: { en: 'Newsletter' }, required: false, type: { name: 'Boolean' } },
      { name: 'tags', label: { en: 'Tags' }, required: false, type: { name: 'Set', elementType: { name: 'String' } } },
      { name: 'memberSince', label: { en: 'Member since' }, required: false, type: { name: 'Date' } },
      { name: 'lastLogin', label: { en: 'Last login' }, required: false, type: { name: 'DateTime' } },
    ],
  });
  const custom = (fields: Record<string, unknown>) => ({ type: { typeId: 'type', key: 'customer-fields' }, fields });

  // Customers: `customer` in the answer of POST /customers; the programmatic API returns the resource.
  const anna = create('customer', {
    key: 'anna',
    email: 'anna@example.com',
    password: 'secret-anna',
    firstName: 'Anna',
    lastName: 'Schmidt',
    dateOfBirth: '1990-05-01',
    isEmailVerified: true,
    customerGroup: { typeId: 'customer-group', key: 'gold' },
    addresses: [
      { key: 'home', country: 'DE', city: 'Berlin', postalCode: '10115' },
      { key: 'work', country: 'FR', city: 'Paris', postalCode: '75001' },
    ],
    defaultShippingAddress: 0,
    shippingAddresses: [0, 1],
    custom: custom({
      tier: 'gold',
      points: 1200,
      newsletter: true,
      tags: ['vip', 'newsletter'],
      memberSince: '2019-03-01',
      lastLogin: '2024-05-01T10:00:00.000Z',
    }),
  });
  const ben = create('customer', {
    key: 'ben',
    email: 'ben@example.com',
    password: 'secret-ben',
    firstName: 'Ben',
    lastName: 'Miller',
    dateOfBirth: '2001-11-20',
    customerGroup: { typeId: 'customer-group', key: 'silver' },
    addresses: [{ key: 'home', country: 'US', city: 'Boston', state: 'MA' }],
    custom: custom({
      tier: 'silver',
      points: 80,
      newsletter: false,
      tags: ['newsletter'],
      memberSince: '2023-07-15',
      lastLogin: '2024-06-15T08:30:00.000Z',
    }),
  });
  const clara = create('customer', {
    email: 'clara@example.com',
    password: 'secret-clara',
    firstName: 'Clara',
    lastName: "O'Neil",
    middleName: 'Jane',
    isEmailVerified: true,
  });
  const dora = create('customer', {
    key: 'dora',
    email: 'dora@example.com',
    password: 'secret-dora',
    firstName: 'Dora',
    lastName: 'Schmidt',
    dateOfBirth: '1985-01-31',
    customerGroup: { typeId: 'customer-group', key: 'gold' },
    addresses: [{ key: 'home', country: 'DE', city: 'Munich' }],
    custom: custom({ tier: 'bronze', points: 0, tags: [] }),
  });

  // Categories: clothing > men > shirts, clothing > women; sale is a root with only an English name.
  const category = (key: string, en: string, de: string | undefined, orderHint: string, parent?: string, extra: object = {}) =>
    create('category', {
      key,
      name: de === undefined ? { en } : { en, de },
      slug: { en: key },
      orderHint,
      ...(parent ? { parent: { typeId: 'category', key: parent } } : {}),
      ...extra,
    });
  const clothing = category('clothing', 'Clothing', 'Kleidung', '0.5', undefined, { externalId: 'ext-1' });
  const men = category('men', 'Men', 'Herren', '0.2', 'clothing');
  const shirts = category('shirts', 'Shirts', 'Hemden', '0.3', 'men', { description: { en: 'All shirts' } });
  const women = category('women', 'Women', 'Damen', '0.1', 'clothing');
  const sale = category('sale', 'Sale', undefined, '0.9');

  // Channels: three with a location, one without.
  const channel = (key: string, roles: string[], point?: [number, number]) =>
    create('channel', { key, roles, name: { en: key }, ...(point ? { geoLocation: { type: 'Point', coordinates: point } } : {}) });
  const berlin = channel('berlin', ['InventorySupply', 'ProductDistribution'], BERLIN);
  const potsdam = channel('potsdam', ['InventorySupply'], POTSDAM);
  const munich = channel('munich', ['ProductDistribution', 'Primary'], MUNICH);
  const online = channel('online', ['ProductDistribution']);

  const productType = create('product-type', {
    key: 'shirt',
    name: 'Shirt',
    description: 'Shirts and the like',
    attributes: [
      { name: 'color', label: { en: 'Color' }, isRequired: false, type: { name: 'text' } },
      { name: 'weight', label: { en: 'Weight' }, isRequired: false, type: { name: 'number' } },
      {
        name: 'fit',
        label: { en: 'Fit' },
        isRequired: false,
        type: {
          name: 'enum',
          values: [
            { key: 'slim', label: 'Slim' },
            { key: 'loose', label: 'Loose' },
          ],
        },
      },
    ],
  });
  const product = (draft: object) => create('product', { productType: { typeId: 'product-type', key: 'shirt' }, ...draft });
  const eur = (centAmount: number) => ({ value: { currencyCode: 'EUR', centAmount } });
  const redShirt = product({
    key: 'red-shirt',
    name: { en: 'Red Shirt', de: 'Rotes Hemd' },
    slug: { en: 'red-shirt', de: 'rotes-hemd' },
    categories: [
      { typeId: 'category', key: 'shirts' },
      { typeId: 'category', key: 'sale' },
    ],
    masterVariant: {
      sku: 'RS-1',
      prices: [eur(1999)],
      attributes: [
        { name: 'color', value: 'red' },
        { name: 'weight', value: 200 },
        { name: 'fit', value: 'slim' },
      ],
    },
    variants: [
      {
        sku: 'RS-2',
        prices: [eur(2499)],
        attributes: [
          { name: 'color', value: 'blue' },
          { name: 'weight', value: 220 },
        ],
      },
    ],
    publish: true,
  });
  const blueJeans = product({
    key: 'blue-jeans',
    name: { en: 'Blue Jeans' },
    slug: { en: 'blue-jeans' },
    categories: [{ typeId: 'category', key: 'men' }],
    masterVariant: {
      sku: 'BJ-1',
      prices: [eur(5999)],
      attributes: [
        { name: 'color', value: 'blue' },
        { name: 'weight', value: 650 },
      ],
    },
  });
  const greenCap = product({
    key: 'green-cap',
    name: { en: 'Green Cap', de: 'Grüne Mütze' },
    slug: { en: 'green-cap' },
    masterVariant: {
      sku: 'GC-1',
      prices: [eur(999)],
      attributes: [
        { name: 'color', value: 'green' },
        { name: 'fit', value: 'loose' },
      ],
    },
    publish: true,
  });

  const store = (key: string, draft: object) => create('store', { key, ...draft });
  const berlinStore = store('berlin-store', { name: { en: 'Berlin', de: 'Berlin' }, languages: ['de', 'en'], countries: [{ code: 'DE' }] });
  const parisStore = store('paris-store', { name: { en: 'Paris', fr: 'Paris' }, languages: ['fr', 'en'], countries: [{ code: 'FR' }] });
  const global = store('global', { languages: [], countries: [] });

  const taxCategory = (key: string, rates: object[]) => create('tax-category', { key, name: key, rates });
  const standard = taxCategory('standard', [
    { name: 'DE 19%', amount: 0.19, includedInPrice: true, country: 'DE' },
    { name: 'FR 20%', amount: 0.2, includedInPrice: true, country: 'FR' },
    { name: 'NY 4%', amount: 0.04, includedInPrice: false, country: 'US', state: 'NY' },
  ]);
  const reduced = taxCategory('reduced', [{ name: 'DE 7%', amount: 0.07, includedInPrice: true, country: 'DE' }]);
  const zero = taxCategory('zero', []);

  return {
    groups: { gold, silver },
    customerType,
    customers: { anna, ben, clara, dora },
    categories: { clothing, men, shirts, women, sale },
    channels: { berlin, potsdam, munich, online },
    productType,
    products: { redShirt, blueJeans, greenCap },
    stores: { berlinStore, parisStore, global },
    taxCategories: { standard, reduced, zero },
  };
}
