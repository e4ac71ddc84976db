/** The product update actions on attribute values: of one variant, of all variants, of the product. */
import { z } from 'zod';
import { jsonClone } from '../../util/json.js';
import type { ResourceContext, UpdateAction } from '../../engine/define.js';
import type { ProductType } from '../product-types.js';
import { assertRequired, attributeDefinition, attributeValue } from './attributes.js';
import { productTypeOf } from './draft.js';
import { allVariants, type Attribute, type Product } from './model.js';
import { checkChangedData, eachVariant, productAction, Staged, targets, VariantLocator } from './product-action.js';

const AttributeChange = { name: z.string(), value: z.unknown().optional() };

/** The value an action sets, checked against the product type's definition of the attribute; null or none: the attribute is removed. */
function changedValue(
  productType: ProductType,
  a: { name: string; value?: unknown },
  level: 'Product' | 'Variant',
  ctx: ResourceContext,
): unknown {
  const definition = attributeDefinition(productType, a.name, level);
  return a.value === undefined || a.value === null ? undefined : attributeValue(definition, a.value, ctx);
}

function setAttributeIn(attributes: Attribute[], name: string, value: unknown): void {
  const index = attributes.findIndex((attribute) => attribute.name === name);
  if (value === undefined) {
    if (index !== -1) attributes.splice(index, 1);
  } else if (index === -1) attributes.push({ name, value });
  else attributes[index] = { name, value };
}

export const attributeActions: Record<string, UpdateAction<Product>> = {
  setAttribute: productAction(
    () => VariantLocator.extend(AttributeChange),
    (product, a, ctx) => {
      const productType = productTypeOf(ctx, product.productType);
      const value = changedValue(productType, a, 'Variant', ctx);
      const changed = eachVariant(product, a, (variant) => {
        setAttributeIn(variant.attributes, a.name, jsonClone(value));
        assertRequired(variant.attributes, productType, 'Variant');
      });
      checkChangedData(product, changed, ctx);
    },
  ),
  setAttributeInAllVariants: productAction(
    () => Staged.extend(AttributeChange),
    (product, a, ctx) => {
      const productType = productTypeOf(ctx, product.productType);
      const value = changedValue(productType, a, 'Variant', ctx);
      const datas = targets(product, a.staged);
      for (const data of datas) {
        for (const variant of allVariants(data)) {
          setAttributeIn(variant.attributes, a.name, jsonClone(value));
          assertRequired(variant.attributes, productType, 'Variant');
        }
      }
      checkChangedData(product, datas, ctx);
    },
  ),
  setProductAttribute: productAction(
    () => Staged.extend(AttributeChange),
    (product, a, ctx) => {
      const productType = productTypeOf(ctx, product.productType);
      const value = changedValue(productType, a, 'Product', ctx);
      for (const data of targets(product, a.staged)) {
        setAttributeIn(data.attributes, a.name, jsonClone(value));
        assertRequired(data.attributes, productType, 'Product');
      }
    },
  ),
};
