/**
 * The catalog the search tests run against, seeded from the factories with fixed names, prices and
 * attributes (so result sets and facet counts are known):
 *
 * | product          | published | categories         | variants: sku, color, size, price (EUR)                               |
 * |------------------|-----------|--------------------|------------------------------------------------------------------------|
 * | shirt-red        | yes       | shirts             | SHIRT-RED-S red S 1999 · SHIRT-RED-M red M 2499 · SHIRT-RED-L red L 2999 |
 * | shirt-blue       | yes       | shirts             | SHIRT-BLUE-S blue S 1500 · SHIRT-BLUE-M blue M 1500                     |
 * | pants-blue       | yes       | pants              | PANTS-BLUE-M blue M 5000 (+ USD 6000) · PANTS-BLUE-L blue L 5500        |
 * | shoes-green      | yes       | —                  | SHOES-GREEN green, no size, 8999, weight 300, organic                   |
 * | sweater-black    | no        | clothing           | SWEATER-BLACK-M black M 7000                                            |
 *
 * Categories: clothing > shirts, clothing > pants. Attributes: color (text), size (enum S M L XL),
 * weight (number), organic (boolean), all searchable except weight; `material` (ltext) searchable.
 */
import type { ProductType } from '@commercetools/platform-sdk';
import {
  DEFAULT_ATTRIBUTE_DEFINITIONS,
  categoryFactory,
  faker,
  productFactory,
  productTypeFactory,
  type AttributeDefinitionDraft,
  type AttributeDraft,
} from '../../factories/index.js';
import type { CommerceMock } from '../../src/index.js';

type PriceDraft = { value: { currencyCode: string; centAmount: number } };
const eur = (centAmount: number): PriceDraft => ({ value: { currencyCode: 'EUR', centAmount } });
const usd = (centAmount: number): PriceDraft => ({ value: { currencyCode: 'USD', centAmount } });

export const EXTRA_ATTRIBUTES: AttributeDefinitionDraft[] = [
  {
    name: 'weight',
    type: { name: 'number' },
    label: { en: 'Weight' },
    isRequired: false,
    level: 'Variant',
    attributeConstraint: 'None',
    isSearchable: false,
  },
  {
    name: 'organic',
    type: { name: 'boolean' },
    label: { en: 'Organic' },
    isRequired: false,
    level: 'Variant',
    attributeConstraint: 'None',
    isSearchable: true,
  },
  {
    name: 'material',
    type: { name: 'ltext' },
    label: { en: 'Material' },
    isRequired: false,
    level: 'Variant',
    attributeConstraint: 'None',
    isSearchable: true,
  },
];

type Attr = AttributeDraft;
const variant = (sku: string, attributes: Attr[], ...prices: PriceDraft[]) => ({ sku, key: sku.toLowerCase(), attributes, prices });
const colorSize = (color: string, size?: string): Attr[] => [
  { name: 'color', value: color },
  ...(size ? [{ name: 'size', value: size }] : []),
];

export interface Catalog {
  productType: ProductType;
  categories: Record<'clothing' | 'shirts' | 'pants', { id: string }>;
  products: Record<'shirtRed' | 'shirtBlue' | 'pantsBlue' | 'shoesGreen' | 'sweaterBlack', { id: string; key?: string; version: number }>;
}

export function seedCatalog(mock: CommerceMock): Catalog {
  faker.seed(7);
  const [productType] = mock.data.seed(
    productTypeFactory
      .asDefault()
      .withAttributes(...DEFAULT_ATTRIBUTE_DEFINITIONS, ...EXTRA_ATTRIBUTES)
      .build(),
  );
  const [clothing, shirts, pants] = mock.data.seed([
    categoryFactory.build({ key: 'clothing', name: { en: 'Clothing' } }),
    categoryFactory.childOf('clothing').build({ key: 'shirts', name: { en: 'Shirts' } }),
    categoryFactory.childOf('clothing').build({ key: 'pants', name: { en: 'Pants' } }),
  ]);
  const [shirtRed, shirtBlue, pantsBlue, shoesGreen, sweaterBlack] = mock.data.seed([
    productFactory
      .inCategories('shirts')
      .published()
      .build({
        key: 'shirt-red',
        name: { en: 'Red Cotton Shirt', de: 'Rotes Baumwollhemd' },
        description: { en: 'A classic shirt, good for running errands.' },
        searchKeywords: { en: [{ text: 'Summer top' }, { text: 'Casual wear', suggestTokenizer: { type: 'whitespace' } }] },
        masterVariant: variant('SHIRT-RED-S', colorSize('red', 'S'), eur(1999)),
        variants: [variant('SHIRT-RED-M', colorSize('red', 'M'), eur(2499)), variant('SHIRT-RED-L', colorSize('red', 'L'), eur(2999))],
      }),
    productFactory
      .inCategories('shirts')
      .published()
      .build({
        key: 'shirt-blue',
        name: { en: 'Blue Cotton Shirt' },
        description: { en: 'Soft and breathable.' },
        masterVariant: variant('SHIRT-BLUE-S', colorSize('blue', 'S'), eur(1500)),
        variants: [variant('SHIRT-BLUE-M', colorSize('blue', 'M'), eur(1500))],
      }),
    productFactory
      .inCategories('pants')
      .published()
      .build({
        key: 'pants-blue',
        name: { en: 'Blue Denim Pants' },
        description: { en: 'Sturdy denim for every day.' },
        masterVariant: variant('PANTS-BLUE-M', colorSize('blue', 'M'), eur(5000), usd(6000)),
        variants: [variant('PANTS-BLUE-L', colorSize('blue', 'L'), eur(5500))],
      }),
    productFactory.published().build({
      key: 'shoes-green',
      name: { en: 'Green Running Shoes' },
      description: { en: 'Light shoes for running and hiking.' },
      masterVariant: variant(
        'SHOES-GREEN',
        [
          ...colorSize('green'),
          { name: 'weight', value: 300 },
          { name: 'organic', value: true },
          { name: 'material', value: { en: 'Recycled mesh', de: 'Recyceltes Netz' } },
        ],
        eur(8999),
      ),
    }),
    productFactory.inCategories('clothing').build({
      key: 'sweater-black',
      name: { en: 'Black Wool Sweater' },
      description: { en: 'Warm wool.' },
      masterVariant: variant('SWEATER-BLACK-M', colorSize('black', 'M'), eur(7000)),
    }),
  ]);
  return {
    productType: productType as unknown as ProductType,
    categories: { clothing: clothing!, shirts: shirts!, pants: pants! },
    products: { shirtRed: shirtRed!, shirtBlue: shirtBlue!, pantsBlue: pantsBlue!, shoesGreen: shoesGreen!, sweaterBlack: sweaterBlack! },
  };
}

/** Keys of the results, in order. */
export const keys = (page: { results: Array<{ key?: string }> }) => page.results.map((product) => product.key);
/** Keys of the results, sorted (for result sets whose order is not under test). */
export const keySet = (page: { results: Array<{ key?: string }> }) => keys(page).sort();
