/** Shared catalog fixtures: a product type with every attribute type, and SDK helpers for products. */
import type {
  AttributeDefinitionDraft,
  ByProjectKeyRequestBuilder,
  Product,
  ProductDraft,
  ProductType,
  ProductUpdateAction,
} from '@commercetools/platform-sdk';
import { expect, sdkFailure } from '../support/sdk.js';

/** A body the SDK's types would refuse: for validation tests. */
export const raw = <T>(value: unknown) => value as T;

export const nestedTypeDraft = {
  key: 'dimensions',
  name: 'Dimensions',
  description: 'Nested attributes',
  attributes: [
    { name: 'width', label: { en: 'Width' }, isRequired: false, type: { name: 'number' } },
    { name: 'unit', label: { en: 'Unit' }, isRequired: false, type: { name: 'text' } },
  ],
} as const;

/** One attribute definition of every attribute type (and the constraints), variant level unless noted. */
export function everyAttribute(nestedTypeId: string): AttributeDefinitionDraft[] {
  return [
    { name: 'flag', label: { en: 'Flag' }, isRequired: false, type: { name: 'boolean' } },
    { name: 'title', label: { en: 'Title' }, isRequired: false, type: { name: 'text' }, inputHint: 'MultiLine' },
    { name: 'claim', label: { en: 'Claim' }, isRequired: false, type: { name: 'ltext' } },
    {
      name: 'color',
      label: { en: 'Color' },
      isRequired: false,
      type: {
        name: 'enum',
        values: [
          { key: 'red', label: 'Red' },
          { key: 'blue', label: 'Blue' },
          { key: 'green', label: 'Green' },
        ],
      },
      attributeConstraint: 'CombinationUnique',
    },
    {
      name: 'finish',
      label: { en: 'Finish' },
      isRequired: false,
      type: {
        name: 'lenum',
        values: [
          { key: 'matt', label: { en: 'Matt', de: 'Matt' } },
          { key: 'gloss', label: { en: 'Gloss', de: 'Glanz' } },
        ],
      },
    },
    { name: 'weight', label: { en: 'Weight' }, isRequired: false, type: { name: 'number' } },
    { name: 'rrp', label: { en: 'RRP' }, isRequired: false, type: { name: 'money' } },
    { name: 'released', label: { en: 'Released' }, isRequired: false, type: { name: 'date' } },
    { name: 'opens', label: { en: 'Opens' }, isRequired: false, type: { name: 'time' } },
    { name: 'updated', label: { en: 'Updated' }, isRequired: false, type: { name: 'datetime' } },
    { name: 'related', label: { en: 'Related' }, isRequired: false, type: { name: 'reference', referenceTypeId: 'category' } },
    { name: 'tags', label: { en: 'Tags' }, isRequired: false, type: { name: 'set', elementType: { name: 'text' } } },
    {
      name: 'sizes',
      label: { en: 'Sizes' },
      isRequired: false,
      type: {
        name: 'set',
        elementType: {
          name: 'enum',
          values: [
            { key: 'S', label: 'S' },
            { key: 'M', label: 'M' },
          ],
        },
      },
    },
    {
      name: 'dimensions',
      label: { en: 'Dimensions' },
      isRequired: false,
      type: { name: 'nested', typeReference: { typeId: 'product-type', id: nestedTypeId } },
    },
    { name: 'ean', label: { en: 'EAN' }, isRequired: false, type: { name: 'text' }, attributeConstraint: 'Unique' },
    { name: 'material', label: { en: 'Material' }, isRequired: false, type: { name: 'text' }, attributeConstraint: 'SameForAll' },
    { name: 'brand', label: { en: 'Brand' }, isRequired: false, type: { name: 'text' }, level: 'Product' },
  ];
}

/** The nested type plus a product type `shirt` with every attribute type. */
export async function shirtType(apiRoot: ByProjectKeyRequestBuilder): Promise<ProductType> {
  const nested = (
    await apiRoot
      .productTypes()
      .post({ body: nestedTypeDraft as never })
      .execute()
  ).body;
  const response = await apiRoot
    .productTypes()
    .post({ body: { key: 'shirt', name: 'Shirt', description: 'Shirts', attributes: everyAttribute(nested.id) } })
    .execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

/** A product type without attributes. */
export async function plainType(apiRoot: ByProjectKeyRequestBuilder, key = 'plain'): Promise<ProductType> {
  return (
    await apiRoot
      .productTypes()
      .post({ body: { key, name: key, description: key } })
      .execute()
  ).body;
}

export async function createProduct(apiRoot: ByProjectKeyRequestBuilder, body: ProductDraft): Promise<Product> {
  const response = await apiRoot.products().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

export async function updateProduct(
  apiRoot: ByProjectKeyRequestBuilder,
  product: Product,
  ...actions: ProductUpdateAction[]
): Promise<Product> {
  const response = await apiRoot
    .products()
    .withId({ ID: product.id })
    .post({ body: { version: product.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

export function refusedUpdate(apiRoot: ByProjectKeyRequestBuilder, product: Product, ...actions: ProductUpdateAction[]) {
  return sdkFailure(
    apiRoot
      .products()
      .withId({ ID: product.id })
      .post({ body: { version: product.version, actions } })
      .execute(),
  );
}

export const readProduct = async (apiRoot: ByProjectKeyRequestBuilder, id: string, queryArgs: Record<string, string | string[]> = {}) =>
  (await apiRoot.products().withId({ ID: id }).get({ queryArgs }).execute()).body;

export const money = (centAmount: number, currencyCode = 'EUR') => ({ centAmount, currencyCode });

export const typedMoney = (centAmount: number, currencyCode = 'EUR', fractionDigits = 2) => ({
  type: 'centPrecision',
  currencyCode,
  centAmount,
  fractionDigits,
});
